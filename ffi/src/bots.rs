//! Bots and move hints through the C ABI.

use super::{guard_ref, DgGame, DgStatus, Failure, Out, OutBuf};
use dangian::bot::Level;

/// One legal action ranked by a bot: higher `score` is better for the seat to move.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct DgHint {
    /// The action id.
    pub action: u32,
    /// Simulations through it (0 for bots that do not search).
    pub visits: u32,
    /// The bot's score for it, from 0 to 1 (a search bot's mean reward).
    pub score: f64,
}

fn level(value: u32) -> Result<Level, Failure> {
    Level::from_u32(value).ok_or_else(|| {
        Failure::new(
            DgStatus::InvalidArgument,
            format!("no bot level {value} (0 easy, 1 medium, 2 hard)"),
        )
    })
}

fn no_decision() -> Failure {
    Failure::new(DgStatus::NoDecision, "no player is to move")
}

/// The action a bot of `level` (0 easy, 1 medium, 2 hard) seeded with `seed` plays for the
/// seat to move, into `*out`. Deterministic: the same position, level and seed always give
/// the same action, on every platform. The bot sees only what the seat to move may see.
/// `DG_STATUS_NO_DECISION` when chance or nobody is to move.
///
/// # Safety
/// `game` must be NULL or a live handle not used by another thread during the call; `out`
/// must be NULL or point to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn dg_bot_choose(
    game: *const DgGame,
    level_value: u32,
    seed: u64,
    out: *mut u32,
) -> DgStatus {
    // SAFETY: the caller's contract above.
    unsafe {
        guard_ref(game, |g| {
            let out = Out::new(out, "out")?;
            let level = level(level_value)?;
            let best = g
                .game
                .bot_hints(level, seed)
                .first()
                .map(|h| h.action)
                .ok_or_else(no_decision)?;
            out.put(best)
        })
    }
}

/// Every legal action of the seat to move ranked by a bot of `level`, best first, into
/// `buf[0..cap]`; their number into `*len_out` (at most `DG_MAX_ACTIONS`). For a hint button.
/// `DG_STATUS_NO_DECISION` when chance or nobody is to move.
///
/// # Safety
/// `game` must be NULL or a live handle not used by another thread during the call; `buf`
/// must be NULL or point to `cap` writable `DgHint`s; `len_out` must be NULL or point to a
/// writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn dg_bot_hints(
    game: *const DgGame,
    level_value: u32,
    seed: u64,
    buf: *mut DgHint,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    // SAFETY: the caller's contract above.
    unsafe {
        guard_ref(game, |g| {
            let out = OutBuf::new(buf, cap, len_out)?;
            let level = level(level_value)?;
            let hints: Vec<DgHint> = g
                .game
                .bot_hints(level, seed)
                .into_iter()
                .map(|h| DgHint {
                    action: h.action,
                    visits: h.visits,
                    score: h.score,
                })
                .collect();
            if hints.is_empty() {
                return Err(no_decision());
            }
            out.put(&hints).map(drop)
        })
    }
}
