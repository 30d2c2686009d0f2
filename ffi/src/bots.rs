//! Bots and move hints through the C ABI.

use dangian::any::{install_o_an_quan_certificate, uninstall_o_an_quan_certificates};
use dangian::bot::{Hint, Level, Proven};

use super::words::lang_arg;
use super::{
    bytes_arg, guard, guard_ref, null, seat_arg, DgGame, DgStatus, Failure, Out, OutBuf,
    DG_MAX_ACTIONS,
};

/// One legal action ranked by a bot: higher `score` is better for the seat to move.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct DgHint {
    /// The action id.
    pub action: u32,
    /// Simulations through it (Monte Carlo searches; 0 for the bots that do not simulate:
    /// one-ply look-ahead and Ô ăn quan's alpha-beta).
    pub visits: u32,
    /// The bot's score for it, from 0 to 1 (a Monte Carlo search's mean reward, alpha-beta's
    /// score mapped to 0..1).
    pub score: f64,
    /// Whether the action wins, draws or loses by force for the seat to move (a `DgProven`
    /// value): known in Ô ăn quan where an endgame table or an installed proof certificate
    /// covers the position (`dg_o_an_quan_install_certificate`); `DG_PROVEN_UNKNOWN`
    /// otherwise. `dg_hint_proven_words` says it in words.
    pub proven: u32,
    /// The mover's final total minus the opponent's with best play by both (negative for a
    /// loss), when `plies` is above 0; 0 otherwise.
    pub margin: i32,
    /// The plies (this action included) within which the game ends with that result, when
    /// the analysis measured it (an endgame table does; a certificate proves the result
    /// alone): 0 when unknown.
    pub plies: u32,
}

/// Whether an action wins, draws or loses by force, as in `DgHint::proven`.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DgProven {
    /// Not proven: the bot's score is its own estimate.
    Unknown = 0,
    /// The mover wins whatever the opponent does.
    Win = 1,
    /// Neither side can do better than a draw.
    Draw = 2,
    /// The mover loses whatever it does.
    Loss = 3,
}

impl DgHint {
    fn of(h: &Hint<u32>) -> DgHint {
        let (proven, margin, plies) = Proven::to_fields(h.proven);
        DgHint {
            action: h.action,
            visits: h.visits,
            score: h.score,
            proven,
            margin,
            plies,
        }
    }
}

/// The bot levels, as passed to `dg_bot_choose` and `dg_bot_hints`.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DgLevel {
    /// For a beginner: a shallow search (Ô ăn quan, with some randomness) or one action of
    /// look-ahead (the other games).
    Easy = 0,
    /// A short search.
    Medium = 1,
    /// The full search, tens of milliseconds at most per decision. Stronger still:
    /// `dg_bot_choose_budget`, which searches for a time the host sets.
    Hard = 2,
}

fn level(value: u32) -> Result<Level, Failure> {
    Level::from_u32(value).ok_or_else(|| {
        Failure::new(
            DgStatus::InvalidArgument,
            format!("no bot level {value} (0 easy, 1 medium, 2 hard)"),
        )
    })
}

/// The action a bot of `level` (a `DgLevel` value) seeded with `seed` plays for `seat`, into
/// `*out`. `seat` must be the seat to move (`DG_STATUS_NO_DECISION` when chance, nobody or
/// another seat is to move), so a host never asks by mistake for another seat's move. The bot
/// sees only what `seat` may see. Deterministic: the same position, level and seed always
/// give the same action, on every platform.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_bot_choose(
    game: *const DgGame,
    seat: u32,
    level_value: u32,
    seed: u64,
    out: *mut u32,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = Out::new(out, "out")?;
            let level = level(level_value)?;
            let seat = seat_arg(g, seat)?;
            out.put(g.game.bot_choose(seat, level, seed)?)
        })
    }
}

/// Every legal action of `seat`, which must be the seat to move, ranked by a bot of `level`,
/// best first, into `buf[0..cap]`; their number into `*len_out` (at most `DG_MAX_ACTIONS`).
/// For a hint button. `DG_STATUS_NO_DECISION` when chance, nobody or another seat is to move.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `buf` holds `cap` hints (or
/// is NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_bot_hints(
    game: *const DgGame,
    seat: u32,
    level_value: u32,
    seed: u64,
    buf: *mut DgHint,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            let level = level(level_value)?;
            let seat = seat_arg(g, seat)?;
            let mut hints = [DgHint::default(); DG_MAX_ACTIONS];
            let ranked = g.game.bot_hints(seat, level, seed)?;
            for (dst, h) in hints.iter_mut().zip(&ranked) {
                *dst = DgHint::of(h);
            }
            out.put(&hints[..ranked.len().min(DG_MAX_ACTIONS)])
                .map(drop)
        })
    }
}

/// The action the expert plays for `seat`, into `*out`: the strongest search of the game
/// given `milliseconds` of wall-clock time (at least 1), seeded with `seed`. `seat` must be
/// the seat to move (`DG_STATUS_NO_DECISION` otherwise); the bot sees only what `seat` may
/// see. Given 100 ms or more it is stronger than `DG_LEVEL_HARD` in Ô ăn quan and Domino,
/// and in Cờ cá ngựa (where its playouts follow a learned evaluation); its choice depends on
/// the machine's speed and load, so unlike the levels it is **not reproducible**. It blocks
/// the calling thread for about `milliseconds`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_bot_choose_budget(
    game: *const DgGame,
    seat: u32,
    milliseconds: u32,
    seed: u64,
    out: *mut u32,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = Out::new(out, "out")?;
            if milliseconds == 0 {
                return Err(Failure::new(
                    DgStatus::InvalidArgument,
                    "the expert's budget is at least 1 millisecond",
                ));
            }
            let seat = seat_arg(g, seat)?;
            let budget = std::time::Duration::from_millis(u64::from(milliseconds));
            out.put(g.game.bot_choose_within(seat, budget, seed)?)
        })
    }
}

/// The proven result of `*hint` (`DgHint::proven`, `margin`, `plies`) in words in `lang` (a
/// `DgLang` value), for a hint button: "thắng chắc, hơn 12 điểm" / "wins by force, by 12
/// points", "hoà chắc" / "draws by force", "thua chắc, kém 3 điểm" / "loses by force, by 3
/// points"; without a measured margin "thắng chắc" / "wins by force", "thua chắc" / "loses
/// by force"; empty text for `DG_PROVEN_UNKNOWN`. `DG_STATUS_INVALID_ARGUMENT` for fields
/// that no hint has (an unknown `proven` value, a margin that contradicts it).
///
/// # Safety
/// A NULL pointer is refused; otherwise `hint` is readable, `buf` holds `cap` bytes (or is
/// NULL with `cap` 0), `len_out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_hint_proven_words(
    hint: *const DgHint,
    lang: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let out = OutBuf::new(buf, cap, len_out)?;
        if hint.is_null() {
            return Err(null("hint"));
        }
        // SAFETY: non-NULL, and the caller's contract makes it readable.
        let hint = unsafe { hint.read_unaligned() };
        let lang = lang_arg(lang)?;
        let proven = Proven::from_fields(hint.proven, hint.margin, hint.plies)
            .map_err(|e| Failure::new(DgStatus::InvalidArgument, e))?;
        let words = proven.map(|p| p.words(lang)).unwrap_or_default();
        out.put_text(&words)
    })
}

/// Installs an Ô ăn quan proof certificate for the whole process, from the bytes of a
/// certificate file or a strategy file (the `.dgstrat.gz` files of `certificates/o_an_quan/` in the source
/// repository, decompressed: gzip-compressed bytes are refused) in `bytes[0..len]`. Every
/// record is checked first; from then on the medium and hard levels (and the expert) play
/// the proven move wherever the certificate covers the position, and `dg_bot_hints` marks
/// it `DG_PROVEN_WIN` (every move of the other seat `DG_PROVEN_LOSS`). Easy stays as it is.
/// The seed rules' strategy (7.4 MB decompressed) takes about 20 s to read and check,
/// peaks at 0.7 GB and keeps 230 MB: call it once, off the thread that draws. Installing the
/// same certificate twice does nothing; at most eight are kept (the oldest goes).
/// `DG_STATUS_INVALID_CERTIFICATE` when the bytes are not a certificate or strategy or a
/// record does not hold (`dg_last_error` says which); nothing is installed then.
///
/// # Safety
/// A NULL pointer is refused; otherwise `bytes` holds `len` bytes, unchanged during the
/// call.
#[no_mangle]
pub unsafe extern "C" fn dg_o_an_quan_install_certificate(
    bytes: *const u8,
    len: usize,
) -> DgStatus {
    guard(|| {
        // SAFETY: the caller's contract for `bytes`.
        let bytes = unsafe { bytes_arg(bytes, len, "bytes") }?;
        Ok(install_o_an_quan_certificate(bytes)?)
    })
}

/// Removes every installed Ô ăn quan certificate (`dg_o_an_quan_install_certificate`); the
/// bots play by search alone again.
#[no_mangle]
pub extern "C" fn dg_o_an_quan_uninstall_certificates() -> DgStatus {
    guard(|| {
        uninstall_o_an_quan_certificates();
        Ok(())
    })
}
