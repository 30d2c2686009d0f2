//! `dg_game_describe_*`: actions and events in words, in Vietnamese or English; presets,
//! seats and the end of a game in words (`dg_preset_name`, `dg_preset_summary`,
//! `dg_game_seat_name`, `dg_game_outcome_lines_json`); and
//! provably fair chance: `dg_game_set_fair_chance`, `dg_game_fairness_json`, `dg_fair_commitment`
//! and `dg_record_verify`.

use dangian::any::{fair_status, AnyGame};
use dangian::describe::{Lang, PresetWords};
use dangian::fair::{self, FairError};
use dangian::Record;

use super::{
    bounded, dg_status, game_kind, guard, guard_mut, guard_ref, optional_text_arg, seat_arg,
    text_arg, DgGame, DgStatus, Failure, OutBuf, Result, DG_ALL_SEATS, DG_MAX_RECORD_JSON,
};

/// The languages of descriptions, as passed to `dg_game_describe_action`,
/// `dg_game_describe_events`, `dg_preset_name`, `dg_preset_summary`, `dg_game_seat_name` and
/// `dg_game_outcome_lines_json`.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DgLang {
    /// Vietnamese.
    Vi = 0,
    /// English.
    En = 1,
}

pub(crate) fn lang_arg(lang: u32) -> Result<Lang> {
    Lang::from_u32(lang)
        .ok_or_else(|| Failure::new(DgStatus::InvalidArgument, format!("no language {lang}")))
}

/// A viewer argument: `DG_ALL_SEATS` (the host, `None`) or a seat at the table.
pub(crate) fn viewer_arg(g: &DgGame, seat: i32) -> Result<Option<u32>> {
    if seat == DG_ALL_SEATS {
        return Ok(None);
    }
    let s = u32::try_from(seat)
        .map_err(|_| Failure::new(DgStatus::InvalidArgument, format!("no seat {seat}")))?;
    seat_arg(g, s).map(Some)
}

/// The action with id `action`, about to be played now, described in words in `lang` (a
/// `DgLang` value), e.g. "A rải ô a3 sang phải" / "A sows a3 to the right": for `seat`
/// (never naming a tile hidden from it: safe to send to that seat) or for `DG_ALL_SEATS` (the
/// host). `DG_STATUS_UNKNOWN_ACTION` for an id that is no action of the game.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_describe_action(
    game: *const DgGame,
    action: u32,
    lang: u32,
    seat: i32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            let lang = lang_arg(lang)?;
            let viewer = viewer_arg(g, seat)?;
            out.put_text(&g.game.describe_action(action, lang, viewer)?)
        })
    }
}

/// The events of the last action described in words in `lang`, as a JSON array of strings
/// (e.g. `["A bốc một quân từ chợ."]`): for `seat` (what it may see, never a hidden tile) or
/// for `DG_ALL_SEATS` (the host). `[]` while events are off and before the first action. At
/// most `DG_MAX_DESCRIBED_EVENTS` events are described; when there are more, one last line
/// says how many more. A size query followed by the real call (same language and seat)
/// describes the events once.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_describe_events(
    game: *const DgGame,
    lang: u32,
    seat: i32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            let key = (lang, seat);
            let lang = lang_arg(lang)?;
            let viewer = viewer_arg(g, seat)?;
            let mut cache = g.described.borrow_mut();
            if cache.as_ref().map(|(l, s, _)| (*l, *s)) != Some(key) {
                let lines = g.game.describe_events(lang, viewer)?;
                let json = serde_json::to_string(&lines).unwrap_or_default();
                *cache = Some((key.0, key.1, json));
            }
            out.put_text(cache.as_ref().map_or("[]", |(_, _, j)| j.as_str()))
        })
    }
}

/// The most player seeds `dg_game_set_fair_chance` takes (`dangian::fair::MAX_PLAYER_SEEDS`).
pub const DG_MAX_PLAYER_SEEDS: usize = fair::MAX_PLAYER_SEEDS;
/// The longest player seed in bytes (`dangian::fair::MAX_PLAYER_SEED_BYTES`).
pub const DG_MAX_PLAYER_SEED_BYTES: usize = fair::MAX_PLAYER_SEED_BYTES;
/// The longest `player_seeds_json` argument of `dg_game_set_fair_chance`, in bytes (64 KiB:
/// room for the most seeds at their longest, each character escaped).
pub const DG_MAX_PLAYER_SEEDS_JSON: usize = 64 * 1024;

pub(crate) fn fair_failure(e: FairError) -> Failure {
    Failure::new(dg_status(fair_status(&e)), e.to_string())
}

/// Play this game's chance with provably fair chance: `server_seed_hex[0..seed_len]` is the
/// server's secret seed as 64 hex digits, `player_seeds_json[0..seeds_len]` a JSON array of
/// the players' own seeds (text), or NULL with length 0 for none: at most
/// `DG_MAX_PLAYER_SEEDS` seeds of at most `DG_MAX_PLAYER_SEED_BYTES` bytes, the JSON at most
/// `DG_MAX_PLAYER_SEEDS_JSON` bytes (`DG_STATUS_INVALID_ARGUMENT` beyond). From then on
/// `dg_game_play_chance` draws every die, deal and draw from these seeds, and the saved game
/// carries the commitment, the player seeds and, once the game is over, the server seed
/// (`dg_record_verify` checks it).
///
/// Call it before the first action, on a game from `dg_game_new` or `dg_game_new_preset`
/// (or from a state that is its config's own start): `DG_STATUS_UNFAIR` once an action was
/// applied, on a game from a chosen position, or when other seeds are already set. A game
/// loaded with `dg_game_load` from a fair record keeps its commitment: call this again with
/// the same server seed and player seeds to go on (other seeds are `DG_STATUS_UNFAIR`), and
/// until then `dg_game_play_chance` is `DG_STATUS_UNFAIR`. Setting the same seeds twice is
/// allowed. On failure the game is unchanged.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `server_seed_hex` holds
/// `seed_len` bytes, `player_seeds_json` is NULL (with `seeds_len` 0) or holds `seeds_len`
/// bytes.
#[no_mangle]
pub unsafe extern "C" fn dg_game_set_fair_chance(
    game: *mut DgGame,
    server_seed_hex: *const u8,
    seed_len: usize,
    player_seeds_json: *const u8,
    seeds_len: usize,
) -> DgStatus {
    // SAFETY: the module contract for `game` and the text arguments.
    unsafe {
        guard_mut(game, |g| {
            let seed = text_arg(server_seed_hex, seed_len, "server_seed_hex")?;
            let seeds = optional_text_arg(player_seeds_json, seeds_len, "player_seeds_json")?;
            let seed = fair::parse_server_seed(seed).map_err(fair_failure)?;
            let seeds: Vec<String> = match seeds {
                None => Vec::new(),
                Some(json) if json.len() > DG_MAX_PLAYER_SEEDS_JSON => {
                    return Err(Failure::new(
                        DgStatus::InvalidArgument,
                        format!(
                            "player_seeds_json: {} bytes, more than DG_MAX_PLAYER_SEEDS_JSON ({DG_MAX_PLAYER_SEEDS_JSON})",
                            json.len()
                        ),
                    ))
                }
                Some(json) => serde_json::from_str(json).map_err(|e| {
                    Failure::new(
                        DgStatus::InvalidJson,
                        format!("player_seeds_json: a JSON array of strings: {e}"),
                    )
                })?,
            };
            g.game.set_fair_chance(seed, seeds)?;
            Ok(())
        })
    }
}

/// What the players may check now, as JSON: `{"scheme", "commitment", "player_seeds"}` and,
/// once the game is over, `"server_seed"` (the reveal); `null` for a game without fair
/// chance. Safe to send to every seat.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_fairness_json(
    game: *const DgGame,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            out.put_text(&serde_json::to_string(&g.game.fairness()).unwrap_or_default())
        })
    }
}

/// The commitment to a server seed (`SHA-256` of its 32 bytes, 64 lower-case hex digits),
/// the seed given as 64 hex digits in `server_seed_hex[0..len]`: what a server publishes
/// before the game.
///
/// # Safety
/// A NULL pointer is refused; otherwise `server_seed_hex` holds `len` bytes, `buf` holds `cap`
/// bytes (or is NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_fair_commitment(
    server_seed_hex: *const u8,
    len: usize,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let out = OutBuf::new(buf, cap, len_out)?;
        // SAFETY: the caller's contract for `server_seed_hex`.
        let seed = unsafe { text_arg(server_seed_hex, len, "server_seed_hex") }?;
        let seed = fair::parse_server_seed(seed).map_err(fair_failure)?;
        out.put_text(&fair::commitment(&seed))
    })
}

/// Verify the chance of a finished game: replay the record in `json[0..len]` (as
/// `dg_game_save` writes it) and prove that its revealed server seed matches its commitment
/// and that every chance action came from the committed seeds, starting from the config's own
/// start. On success the report is written as JSON: `{"scheme", "game", "commitment",
/// "player_seeds" (how many), "start" ("config"), "start_hash", "chance_outcomes",
/// "chance_indices", "actions", "final_hash", "over"}`; `DG_STATUS_UNFAIR` when the record
/// carries no commitment, no reveal, a wrong reveal, starts from a chosen position rather than
/// its config's own start, or has a chance action the seeds do not give (`dg_last_error`
/// names the first); `DG_STATUS_INVALID_ARGUMENT` for player seeds beyond the bounds; `DG_STATUS_INVALID_JSON` or
/// `DG_STATUS_INVALID_RECORD` when it is not a valid record (also, before it is parsed, for
/// one longer than `DG_MAX_RECORD_JSON` bytes).
///
/// # Safety
/// A NULL pointer is refused; otherwise `json` holds `len` bytes, `buf` holds `cap` bytes (or
/// is NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_record_verify(
    json: *const u8,
    len: usize,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let out = OutBuf::new(buf, cap, len_out)?;
        // SAFETY: the caller's contract for `json`.
        let text = unsafe { text_arg(json, len, "json") }?;
        bounded(text, DG_MAX_RECORD_JSON, DgStatus::InvalidRecord, "record")?;
        serde_json::from_str::<serde::de::IgnoredAny>(text)
            .map_err(|e| Failure::new(DgStatus::InvalidJson, format!("record: {e}")))?;
        let record = Record::from_json(text)
            .map_err(|e| Failure::new(DgStatus::InvalidRecord, e.to_string()))?;
        let verified = fair::verify(&record).map_err(fair_failure)?;
        out.put_text(&serde_json::to_string(&verified).unwrap_or_default())
    })
}

/// The name of the preset `name[0..name_len]` of game kind `kind` (see
/// `dg_game_presets_json`) in `lang` (a `DgLang` value), for a rules menu: e.g. "Lặp ba lần" /
/// "Threefold repetition". `DG_STATUS_INVALID_CONFIG` for a name that is no preset of `kind`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `name` holds `name_len` bytes, `buf` holds `cap`
/// bytes (or is NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_preset_name(
    kind: u32,
    name: *const u8,
    name_len: usize,
    lang: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the caller's contract, as `preset_text` states it.
    unsafe {
        preset_text(
            kind,
            name,
            name_len,
            lang,
            buf,
            cap,
            len_out,
            PresetWords::name,
        )
    }
}

/// What the preset `name[0..name_len]` of game kind `kind` plays, in one line in `lang` (a
/// `DgLang` value): e.g. "The seed rules; a position repeated three times ends the game."
/// `DG_STATUS_INVALID_CONFIG` for a name that is no preset of `kind`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `name` holds `name_len` bytes, `buf` holds `cap`
/// bytes (or is NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_preset_summary(
    kind: u32,
    name: *const u8,
    name_len: usize,
    lang: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the caller's contract, as `preset_text` states it.
    unsafe {
        preset_text(
            kind,
            name,
            name_len,
            lang,
            buf,
            cap,
            len_out,
            PresetWords::summary,
        )
    }
}

/// One text of the preset `name[0..name_len]` of game kind `kind` (its name or its summary,
/// chosen by `text`) into the caller's buffer.
///
/// # Safety
/// As [`dg_preset_name`].
#[allow(clippy::too_many_arguments)]
unsafe fn preset_text(
    kind: u32,
    name: *const u8,
    name_len: usize,
    lang: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
    text: fn(&PresetWords, Lang) -> &'static str,
) -> DgStatus {
    guard(|| {
        let out = OutBuf::new(buf, cap, len_out)?;
        // SAFETY: the caller's contract for `name`.
        let name = unsafe { text_arg(name, name_len, "name") }?;
        let lang = lang_arg(lang)?;
        let words = AnyGame::preset_words(game_kind(kind)?, name)?;
        out.put_text(text(&words, lang))
    })
}

/// `seat` as the players name it, in `lang` (a `DgLang` value), numbered from 1: "Người 1" /
/// "Player 1", in Cờ cá ngựa with its colours ("Người 1 (đỏ)" / "Player 1 (red)").
/// `DG_STATUS_INVALID_ARGUMENT` for a seat not at the table.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_seat_name(
    game: *const DgGame,
    seat: u32,
    lang: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            let lang = lang_arg(lang)?;
            let seat = seat_arg(g, seat)?;
            out.put_text(&g.game.seat_name(seat, lang)?)
        })
    }
}

/// The end of the game in words in `lang` (a `DgLang` value), as a JSON array of lines: who
/// won, the places and scores in the game's own terms (debts as debts in Ô ăn quan, places in
/// Cờ cá ngựa, penalty points in Domino) and why it ended, e.g. `["Người 2 thắng", "Người 1
/// nợ Người 2 12 quân", …]`. `[]` while the game is not over.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_outcome_lines_json(
    game: *const DgGame,
    lang: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            let lang = lang_arg(lang)?;
            let lines = g.game.outcome_lines(lang);
            out.put_text(&serde_json::to_string(&lines).unwrap_or_default())
        })
    }
}
