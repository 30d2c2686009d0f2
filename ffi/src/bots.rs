//! Bots and move hints through the C ABI.

use dangian::bot::Level;

use super::{guard_ref, seat_arg, DgGame, DgStatus, Failure, Out, OutBuf, DG_MAX_ACTIONS};

/// One legal action ranked by a bot: higher `score` is better for the seat to move.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct DgHint {
    /// The action id.
    pub action: u32,
    /// Simulations through it (Monte Carlo searches; 0 for the bots that do not simulate:
    /// one-ply look-ahead and Ô ăn quan's alpha-beta).
    pub visits: u32,
    /// The bot's score for it, from 0 to 1 (a Monte Carlo search's mean reward, alpha-beta's
    /// score mapped to 0..1).
    pub score: f64,
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
            let mut hints = [DgHint {
                action: 0,
                visits: 0,
                score: 0.0,
            }; DG_MAX_ACTIONS];
            let ranked = g.game.bot_hints(seat, level, seed)?;
            for (dst, h) in hints.iter_mut().zip(&ranked) {
                *dst = DgHint {
                    action: h.action,
                    visits: h.visits,
                    score: h.score,
                };
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
