//! `dg_game_*`: one game of any kind behind a `DgGame` handle.

use dangian::any::{AnyError, AnyGame};
use dangian::{ActionList, ChanceList, ToMove};

use super::{
    bounded, fault, game_kind, guard, guard_mut, guard_ref, optional_text_arg, seat_arg, text_arg,
    to_move_code, DgGame, DgStatus, Failure, Out, OutBuf, Result, DG_MAX_ACTION_TEXT,
    DG_MAX_CONFIG_JSON, DG_MAX_RECORD_JSON, DG_MAX_SEATS, DG_MAX_STATE_JSON,
};

/// A chance outcome and its weight: its probability is `weight` divided by the sum of the
/// weights of all outcomes listed.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DgChanceOutcome {
    /// The action id of the outcome.
    pub action: u32,
    /// Its weight.
    pub weight: u32,
}

/// The result of a finished game.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DgOutcome {
    /// How many seats played (entries past it are zero).
    pub seats: u32,
    /// The game's own score per seat (Ô ăn quan points, Cờ cá ngựa kicks, Domino penalty points).
    pub scores: [i32; DG_MAX_SEATS],
    /// The place of each seat: 1 is best, equal places are shared, 0 is unplaced.
    pub places: [u32; DG_MAX_SEATS],
}

fn new_handle(game: AnyGame, seed: u64) -> *mut DgGame {
    Box::into_raw(Box::new(DgGame::new(game, seed)))
}

/// JSON text that does not even parse is `DG_STATUS_INVALID_JSON`, whatever it was meant to
/// be; checked without building anything.
pub(crate) fn syntax(json: &str, what: &str) -> Result<()> {
    serde_json::from_str::<serde::de::IgnoredAny>(json)
        .map(drop)
        .map_err(|e| Failure::new(DgStatus::InvalidJson, format!("{what}: {e}")))
}

/// The name of game kind `kind` (a `DgGameKind` value) as records write it: `o_an_quan`,
/// `ca_ngua` or `domino`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `buf` holds `cap` bytes (or is NULL with `cap` 0),
/// `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_kind_name(
    kind: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let out = OutBuf::new(buf, cap, len_out)?;
        out.put_text(game_kind(kind)?.name())
    })
}

/// The preset names of game kind `kind` as a JSON array of strings, `"seed_rules"` first
/// (for `dg_game_new_preset`).
///
/// # Safety
/// A NULL pointer is refused; otherwise `buf` holds `cap` bytes (or is NULL with `cap` 0),
/// `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_presets_json(
    kind: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let out = OutBuf::new(buf, cap, len_out)?;
        let names = AnyGame::presets(game_kind(kind)?);
        out.put_text(&serde_json::to_string(names).unwrap_or_default())
    })
}

/// The presets a table of game kind `kind` offers, as a JSON array of strings, its default
/// first (for a rules menu: a subset of `dg_game_presets_json`, chosen so that games against
/// the bots end like games; the other presets stay playable).
///
/// # Safety
/// A NULL pointer is refused; otherwise `buf` holds `cap` bytes (or is NULL with `cap` 0),
/// `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_table_presets_json(
    kind: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let out = OutBuf::new(buf, cap, len_out)?;
        let names = dangian::any::table_presets(game_kind(kind)?);
        out.put_text(&serde_json::to_string(names).unwrap_or_default())
    })
}

/// Create a game of `kind` (a `DgGameKind` value) under the config JSON in
/// `config_json[0..config_len]`: a JSON object whose missing fields take their defaults
/// (NULL with length 0, an empty text and `{}` are the seed rules; longer than
/// `DG_MAX_CONFIG_JSON` bytes is `DG_STATUS_INVALID_CONFIG`, unparsed). The handle's own RNG,
/// for `dg_game_play_chance`, is seeded by `seed`. On success `*out` owns a new handle.
///
/// # Safety
/// A NULL `out` is refused; `config_json` is NULL (with `config_len` 0) or holds
/// `config_len` bytes; `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_new(
    kind: u32,
    config_json: *const u8,
    config_len: usize,
    seed: u64,
    out: *mut *mut DgGame,
) -> DgStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract for `config_json`.
        let config = unsafe { optional_text_arg(config_json, config_len, "config_json") }?;
        let kind = game_kind(kind)?;
        // Only an empty text stands for the seed rules; whitespace alone is not JSON.
        let config = config.unwrap_or("");
        bounded(
            config,
            DG_MAX_CONFIG_JSON,
            DgStatus::InvalidConfig,
            "config",
        )?;
        if !config.is_empty() {
            syntax(config, "config")?;
        }
        let game = AnyGame::new(kind, config)?;
        out.put(new_handle(game, seed))
    })
}

/// Create a game of `kind` under the preset named `name[0..name_len]` (see
/// `dg_game_presets_json`; `DG_STATUS_INVALID_CONFIG` for an unknown name), its RNG seeded
/// by `seed`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `name` holds `name_len` bytes, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_new_preset(
    kind: u32,
    name: *const u8,
    name_len: usize,
    seed: u64,
    out: *mut *mut DgGame,
) -> DgStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract for `name`.
        let name = unsafe { text_arg(name, name_len, "name") }?;
        let game = AnyGame::with_preset(game_kind(kind)?, name)?;
        out.put(new_handle(game, seed))
    })
}

/// Create a game of `kind` from a position: the state JSON in `json[0..len]`, as
/// `dg_game_state_json` writes it (it holds its config), validated like every other state
/// (`DG_STATUS_INVALID_JSON` for text that is not JSON, `DG_STATUS_INVALID_STATE` for JSON
/// that is not a state of the game or an impossible position, or, unparsed, for one longer
/// than `DG_MAX_STATE_JSON` bytes). For tutorials, puzzles and a server restoring a table; its saved
/// game starts from this position. The RNG is seeded by `seed`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `json` holds `len` bytes, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_from_state_json(
    kind: u32,
    json: *const u8,
    len: usize,
    seed: u64,
    out: *mut *mut DgGame,
) -> DgStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract for `json`.
        let text = unsafe { text_arg(json, len, "json") }?;
        let kind = game_kind(kind)?;
        bounded(text, DG_MAX_STATE_JSON, DgStatus::InvalidState, "state")?;
        syntax(text, "state")?;
        let game = AnyGame::from_setup_json(kind, text)?;
        out.put(new_handle(game, seed))
    })
}

/// Load a saved game from `json[0..len]` — a record as `dg_game_save` writes it, or a
/// document whose `record` field holds one (the golden vector files) — replaying and
/// verifying every action and the final hash: `DG_STATUS_INVALID_JSON` for text that is not
/// JSON, `DG_STATUS_INVALID_RECORD` for anything wrong with the record (one longer than
/// `DG_MAX_RECORD_JSON` bytes is refused unparsed; its actions are counted while they are
/// read, against the most its config allows). A record holds no
/// RNG state: the new handle's RNG, for the chance still to come, is seeded by `seed`. A fair
/// record keeps its commitment: `dg_game_play_chance` is `DG_STATUS_UNFAIR` until
/// `dg_game_set_fair_chance` is given the same server seed and player seeds again.
///
/// # Safety
/// A NULL pointer is refused; otherwise `json` holds `len` bytes, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_load(
    json: *const u8,
    len: usize,
    seed: u64,
    out: *mut *mut DgGame,
) -> DgStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract for `json`.
        let text = unsafe { text_arg(json, len, "json") }?;
        bounded(text, DG_MAX_RECORD_JSON, DgStatus::InvalidRecord, "record")?;
        syntax(text, "record")?;
        let game = AnyGame::from_record_json(text)?;
        out.put(new_handle(game, seed))
    })
}

/// Free a handle. NULL is allowed and does nothing; a poisoned handle is freed too. The
/// handle must not be used afterwards (nor freed again).
///
/// # Safety
/// `game` is NULL or a live handle from this library that no other thread uses, freed at
/// most once.
#[no_mangle]
pub unsafe extern "C" fn dg_game_free(game: *mut DgGame) {
    if game.is_null() {
        return;
    }
    // SAFETY: a live handle made by Box::into_raw, given back once (the caller's contract).
    let owned = unsafe { Box::from_raw(game) };
    if let Err(payload) =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || drop(owned)))
    {
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || drop(payload)));
    }
}

/// Copy a game (with its RNG state, its record and the events of its last action) into a
/// new handle `*out`, e.g. to hand one to another thread or to search ahead.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_clone(game: *const DgGame, out: *mut *mut DgGame) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = Out::new(out, "out")?;
            out.put(Box::into_raw(Box::new(g.clone())))
        })
    }
}

/// The game's kind (a `DgGameKind` value).
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_kind(game: *const DgGame, out: *mut u32) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe { guard_ref(game, |g| Out::new(out, "out")?.put(g.game.kind() as u32)) }
}

/// How many seats play.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_seats(game: *const DgGame, out: *mut u32) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            Out::new(out, "out")?.put(u32::from(g.game.seats()))
        })
    }
}

/// Who acts next: a seat number (0, 1, …), `DG_TO_MOVE_CHANCE` or `DG_TO_MOVE_OVER`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_to_move(game: *const DgGame, out: *mut i32) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            Out::new(out, "out")?.put(to_move_code(g.game.to_move()))
        })
    }
}

/// How many actions (chance outcomes included) have been applied: the number to pass to
/// `dg_game_apply_at`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_move_number(game: *const DgGame, out: *mut u32) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe { guard_ref(game, |g| Out::new(out, "out")?.put(g.game.move_number())) }
}

/// The most actions any game under this handle's config can last (its end is certain by
/// then).
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_max_moves(game: *const DgGame, out: *mut u32) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe { guard_ref(game, |g| Out::new(out, "out")?.put(g.game.max_moves())) }
}

/// The stable 64-bit hash of the whole state (the same in every language and on every
/// platform). It identifies hidden Domino tiles: for the host only, never shown to a seat
/// during play (`dg_game_view_hash` is the seat's).
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_state_hash(game: *const DgGame, out: *mut u64) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe { guard_ref(game, |g| Out::new(out, "out")?.put(g.game.state_hash())) }
}

/// The stable 64-bit hash of what `seat` sees (`dg_game_view_json`): what a seat's client and
/// the server compare to agree on a position. Safe to send to that seat.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_view_hash(
    game: *const DgGame,
    seat: u32,
    out: *mut u64,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = Out::new(out, "out")?;
            out.put(g.game.view_hash(seat_arg(g, seat)?)?)
        })
    }
}

/// Every action legal now, ascending, into `buf[0..cap]`; their number into `*len_out` (0 when
/// the game is over). At a chance point they are the chance outcomes. For the host: at a
/// Domino chance point they name the tiles in the chợ, and on a seat's turn its playable
/// tiles; send a seat `dg_game_legal_actions_for` instead. At most `DG_MAX_ACTIONS`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` ids (or is NULL
/// with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_legal_actions(
    game: *const DgGame,
    buf: *mut u32,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            let mut legal = ActionList::new();
            g.game.legal_actions(&mut legal);
            out.put(&legal).map(drop)
        })
    }
}

/// The actions `seat` may take now, ascending (none unless it is that seat's turn): safe to
/// send to that seat. At most `DG_MAX_ACTIONS`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` ids (or is NULL
/// with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_legal_actions_for(
    game: *const DgGame,
    seat: u32,
    buf: *mut u32,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            let mut legal = ActionList::new();
            g.game.legal_actions_for(seat_arg(g, seat)?, &mut legal)?;
            out.put(&legal).map(drop)
        })
    }
}

/// The chance outcomes with their weights (none unless chance is to move), at most
/// `DG_MAX_ACTIONS`. For the host.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` outcomes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_chance_outcomes(
    game: *const DgGame,
    buf: *mut DgChanceOutcome,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            let mut list = ChanceList::new();
            g.game.chance_outcomes(&mut list);
            let mut items = [DgChanceOutcome {
                action: 0,
                weight: 0,
            }; dangian::ACTION_LIST_CAPACITY];
            for (item, o) in items.iter_mut().zip(&list) {
                *item = DgChanceOutcome {
                    action: o.id,
                    weight: o.weight,
                };
            }
            out.put(&items[..list.len()]).map(drop)
        })
    }
}

/// `DG_STATUS_OK` if the action is legal now; otherwise `DG_STATUS_UNKNOWN_ACTION` or
/// `DG_STATUS_ILLEGAL_ACTION`, and `dg_last_error` says why (e.g. which piece blocks the way)
/// while `dg_last_reason` gives the reason's code.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn dg_game_check(game: *const DgGame, action: u32) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe { guard_ref(game, |g| Ok(g.game.check(action)?)) }
}

fn apply_to(g: &mut DgGame, action: u32, expected: Option<u32>) -> Result<()> {
    match expected {
        Some(m) => g.game.apply_at(m, action)?,
        None => g.game.apply(action)?,
    }
    fault::hit("apply");
    g.forget_events();
    Ok(())
}

/// Apply an action (a player's decision or a chance outcome chosen by the host). On failure
/// the game is unchanged (its events too). When events are on (`dg_game_set_events`) they are
/// then readable with `dg_game_events_json`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn dg_game_apply(game: *mut DgGame, action: u32) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe { guard_mut(game, |g| apply_to(g, action, None)) }
}

/// Apply an action only if the game is still at move `expected_move` (see
/// `dg_game_move_number`; `DG_STATUS_STALE_ACTION` otherwise): for servers receiving actions
/// late. On failure the game is unchanged.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn dg_game_apply_at(
    game: *mut DgGame,
    expected_move: u32,
    action: u32,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe { guard_mut(game, |g| apply_to(g, action, Some(expected_move))) }
}

/// Apply a chance outcome given by the host (physical dice, a server's shuffle):
/// `DG_STATUS_NOT_CHANCE` when a player is to move or the game is over. On failure the game
/// is unchanged.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn dg_game_apply_chance(game: *mut DgGame, outcome: u32) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_mut(game, |g| {
            if g.game.to_move() != ToMove::Chance {
                return Err(AnyError::NotChance.into());
            }
            apply_to(g, outcome, None)
        })
    }
}

/// Sample a chance outcome from the handle's own seeded RNG (or, after
/// `dg_game_set_fair_chance`, derive it from the committed seeds), apply it, and write its
/// id to `*out` (`DG_STATUS_NOT_CHANCE` when a player is to move or the game is over;
/// `DG_STATUS_UNFAIR` on a game loaded from a fair record whose seeds are not set again;
/// nothing changes then, the RNG included).
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_play_chance(game: *mut DgGame, out: *mut u32) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_mut(game, |g| {
            let out = Out::new(out, "out")?;
            // On a copy of the RNG, so that a refusal leaves it as it was.
            let mut rng = g.rng.clone();
            let id = g.game.play_chance(&mut rng)?;
            fault::hit("apply");
            g.forget_events();
            g.rng = rng;
            out.put(id)
        })
    }
}

/// Whether to keep the events of each action for `dg_game_events_json`: 1 (the default for
/// a new handle) or 0. Off, applying an action costs no more than in the Rust engine, and the
/// events read as `[]`. Any other value is `DG_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn dg_game_set_events(game: *mut DgGame, keep: u32) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_mut(game, |g| {
            let keep = match keep {
                0 => false,
                1 => true,
                other => {
                    return Err(Failure::new(
                        DgStatus::InvalidArgument,
                        format!("keep must be 0 or 1, not {other}"),
                    ))
                }
            };
            g.game.keep_events(keep);
            g.forget_events();
            Ok(())
        })
    }
}

/// The outcome, once over (`DG_STATUS_NOT_OVER` before).
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_outcome(game: *const DgGame, out: *mut DgOutcome) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = Out::new(out, "out")?;
            let o = g.game.outcome().ok_or_else(not_over)?;
            let mut r = DgOutcome {
                seats: u32::from(o.seats),
                scores: [0; DG_MAX_SEATS],
                places: [0; DG_MAX_SEATS],
            };
            let n = usize::from(o.seats).min(DG_MAX_SEATS);
            r.scores[..n].copy_from_slice(&o.scores[..n]);
            for (dst, p) in r.places.iter_mut().zip(&o.places[..n]) {
                *dst = u32::from(*p);
            }
            out.put(r)
        })
    }
}

fn not_over() -> Failure {
    Failure::new(DgStatus::NotOver, "the game is not over")
}

/// The end reason of a finished game as its JSON name (e.g. `both_quan_squares_empty`;
/// `DG_STATUS_NOT_OVER` before the end).
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_end_reason(
    game: *const DgGame,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            let o = g.game.outcome().ok_or_else(not_over)?;
            out.put_text(o.reason)
        })
    }
}

/// Run `f` to get text and copy it out.
///
/// # Safety
/// As every function of this module.
unsafe fn text_of(
    game: *const DgGame,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
    f: impl FnOnce(&DgGame) -> Result<String>,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            out.put_text(&f(g)?)
        })
    }
}

/// The whole state as JSON (what `dg_game_from_state_json` reads). It holds every hidden
/// tile: for the host only; send a seat `dg_game_view_json`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_state_json(
    game: *const DgGame,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: passed on.
    unsafe { text_of(game, buf, cap, len_out, |g| Ok(g.game.state_json())) }
}

/// The game's config as JSON, every field written out (what `{}` or a partial config became).
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_config_json(
    game: *const DgGame,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: passed on.
    unsafe { text_of(game, buf, cap, len_out, |g| Ok(g.game.config_json())) }
}

/// What `seat` may see, as JSON: safe to send to that seat's client
/// (`DG_STATUS_INVALID_ARGUMENT` for a seat not at the table).
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_view_json(
    game: *const DgGame,
    seat: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: passed on.
    unsafe {
        text_of(game, buf, cap, len_out, |g| {
            Ok(g.game.view_json(seat_arg(g, seat)?)?)
        })
    }
}

/// The events of the last successful action as a JSON array: for `seat` (redacted to what
/// it may see: safe to send to that seat) or for `DG_ALL_SEATS` (everything, for the host).
/// `[]` on a new or loaded game, and while events are off. Another negative seat, or one not
/// at the table, is `DG_STATUS_INVALID_ARGUMENT`. A size query followed by the real call
/// writes the events once.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_events_json(
    game: *const DgGame,
    seat: i32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            let for_seat = super::words::viewer_arg(g, seat)?;
            let mut cache = g.events_json.borrow_mut();
            if cache.as_ref().map(|(s, _)| *s) != Some(seat) {
                *cache = Some((seat, g.game.events_json(for_seat)?));
            }
            let json = cache.as_ref().map_or("[]", |(_, j)| j.as_str());
            out.put_text(json)
        })
    }
}

/// The text notation of the action with id `action` (`DG_STATUS_UNKNOWN_ACTION` for an id
/// that is no action of this game). Any action of the game has a text, legal now or not.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_action_text(
    game: *const DgGame,
    action: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: passed on.
    unsafe {
        text_of(game, buf, cap, len_out, |g| {
            Ok(g.game.action_text(action)?)
        })
    }
}

/// The id of the action written `text[0..len]` in the game's notation
/// (`DG_STATUS_UNKNOWN_ACTION` when it is not one, or is longer than `DG_MAX_ACTION_TEXT`
/// bytes).
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `text` holds `len` bytes, `out` is
/// writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_action_id(
    game: *const DgGame,
    text: *const u8,
    len: usize,
    out: *mut u32,
) -> DgStatus {
    // SAFETY: the module contract for `game` and `text`.
    unsafe {
        guard_ref(game, |g| {
            let out = Out::new(out, "out")?;
            let text = text_arg(text, len, "text")?;
            bounded(text, DG_MAX_ACTION_TEXT, DgStatus::UnknownAction, "action")?;
            out.put(g.game.action_id(text)?)
        })
    }
}

/// The position drawn as text for people (several lines; it shows every hand: for the
/// host).
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_board_text(
    game: *const DgGame,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: passed on.
    unsafe { text_of(game, buf, cap, len_out, |g| Ok(g.game.board_text())) }
}

/// The saved game (a record JSON: config, the starting position if it was not the config's,
/// every action, the final hash), for `dg_game_load`. It lists every chance outcome so far
/// (the tiles dealt and drawn): for the host, or for everyone once the game is over. It holds
/// no RNG state, so it tells nothing of the chance still to come.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_save(
    game: *const DgGame,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: passed on.
    unsafe { text_of(game, buf, cap, len_out, |g| Ok(g.game.record().to_json())) }
}
