//! `dg_batch_*`: many games of one kind stepped together behind a `DgBatch` handle, for a
//! learner outside Rust; `dg_game_playouts`: whole random playouts inside the library.

use std::cell::Cell;

use dangian::any::{AnyBatch, Outputs};
use dangian::GameRng;

use super::game::syntax;
use super::{
    bounded, game_kind, guard, guard_ref, optional_text_arg, DgGame, DgStatus, Failure, Out,
    Result, DG_MAX_CONFIG_JSON, DG_MAX_SEATS,
};

/// The most games one `DgBatch` holds (`dg_batch_new` refuses more with
/// `DG_STATUS_INVALID_ARGUMENT`).
pub const DG_MAX_BATCH_GAMES: usize = 1 << 16;

/// `num_games` games of one kind stepped together (`dg_batch_step`), each with its own RNG
/// for chance, seeded from the batch's seed and the game's index. Chance is sampled inside up
/// to the next decision, and a finished game restarts at once, so a seat is always to move.
/// Create with `dg_batch_new`, free with `dg_batch_free`, exactly once. The same thread rules
/// as a `DgGame`: it may move between threads, but not be used from two at once.
pub struct DgBatch {
    batch: AnyBatch,
    /// Draws the actions of `dg_batch_random_actions`.
    rng: GameRng,
    /// Room for one step's done flags and random picks, made once (a step allocates nothing).
    dones: Vec<bool>,
    picks: Vec<i64>,
    poisoned: Cell<bool>,
}

/// The widths of a batch's arrays (`dg_batch_shape`): every array `dg_batch_observe` and
/// `dg_batch_step` fill has `num_games` rows of these widths.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DgBatchShape {
    /// How many games.
    pub num_games: u32,
    /// Seats per game: the width of a row of rewards.
    pub seats: u32,
    /// The width of a row of observations (floats).
    pub observation_len: u32,
    /// How many action ids the game has: the width of a row of legal-action masks.
    pub action_ids: u32,
}

/// What `dg_game_playouts` counted over its playouts.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DgPlayouts {
    /// Playouts played (each to its end).
    pub playouts: u64,
    /// Actions applied, chance included.
    pub actions: u64,
    /// Actions chosen by a seat (chance excluded).
    pub decisions: u64,
    /// How many seats play (entries past it are zero).
    pub seats: u32,
    /// Per seat, the playouts it ended in first place (shared first places count for each).
    pub wins: [u64; DG_MAX_SEATS],
    /// Per seat, the sum of its final scores (the game's own score, as `DgOutcome`).
    pub score_sums: [i64; DG_MAX_SEATS],
}

fn poisoned() -> Failure {
    Failure::new(
        DgStatus::Poisoned,
        "the batch was poisoned by an internal error in an earlier call; free it",
    )
}

/// Run `body` on a batch it only reads.
///
/// # Safety
/// `batch` is NULL or a live handle that no other thread uses during the call.
unsafe fn guard_batch(
    batch: *const DgBatch,
    body: impl FnOnce(&DgBatch) -> Result<()>,
) -> DgStatus {
    guard(|| {
        // SAFETY: the caller passes NULL or a live handle (this function's contract).
        let b = unsafe { batch.as_ref() }.ok_or_else(|| super::null("batch"))?;
        if b.poisoned.get() {
            return Err(poisoned());
        }
        body(b)
    })
}

/// Run `body` on a batch it may change. A panic inside poisons the batch.
///
/// # Safety
/// `batch` is NULL or a live handle that no other thread uses during the call.
unsafe fn guard_batch_mut(
    batch: *mut DgBatch,
    body: impl FnOnce(&mut DgBatch) -> Result<()>,
) -> DgStatus {
    let status = guard(|| {
        // SAFETY: the caller passes NULL or a live handle that no other thread uses.
        let b = unsafe { batch.as_mut() }.ok_or_else(|| super::null("batch"))?;
        if b.poisoned.get() {
            return Err(poisoned());
        }
        body(b)
    });
    if status == DgStatus::Panic {
        // SAFETY: as above; the body's borrow ended with the unwind.
        if let Some(b) = unsafe { batch.as_ref() } {
            b.poisoned.set(true);
        }
    }
    status
}

/// A caller array of exactly `expected` elements, checked before any work: a NULL pointer is
/// refused unless the array is empty, and a length other than `expected` is
/// `DG_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
/// `ptr` is NULL or valid for `len` elements (readable, and writable when `T` is written
/// through the slice), not overlapping any other array of the call.
unsafe fn array<'a, T>(
    ptr: *const T,
    len: usize,
    expected: usize,
    name: &str,
) -> Result<&'a mut [T]> {
    if len != expected {
        return Err(Failure::new(
            DgStatus::InvalidArgument,
            format!("{name}: {len} elements; the batch needs {expected}"),
        ));
    }
    if len == 0 {
        return Ok(&mut []);
    }
    if ptr.is_null() {
        return Err(super::null(name));
    }
    // SAFETY: non-NULL, `len` elements valid (the caller's contract); `expected` was computed
    // from a batch that exists in memory, so it is a possible length.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr.cast_mut(), len) })
}

/// [`array`] for an array the caller may leave out: NULL (or any pointer) with `len` 0 is an
/// empty slice, and nothing is written for it.
///
/// # Safety
/// As [`array`].
unsafe fn optional_array<'a, T>(
    ptr: *const T,
    len: usize,
    expected: usize,
    name: &str,
) -> Result<&'a mut [T]> {
    if len == 0 {
        return Ok(&mut []);
    }
    // SAFETY: the caller's contract, passed on.
    unsafe { array(ptr, len, expected, name) }
}

/// Create `num_games` (1 to `DG_MAX_BATCH_GAMES`) games of `kind` (a `DgGameKind` value)
/// under the config JSON in `config_json[0..config_len]` (as `dg_game_new`), game `i`
/// seeded from `seed` and `i`, each advanced to its first decision. The batch's own RNG, for
/// `dg_batch_random_actions`, is seeded by `seed` too. On success `*out` owns a new handle.
///
/// # Safety
/// A NULL `out` is refused; `config_json` is NULL (with `config_len` 0) or holds
/// `config_len` bytes; `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_batch_new(
    kind: u32,
    config_json: *const u8,
    config_len: usize,
    num_games: usize,
    seed: u64,
    out: *mut *mut DgBatch,
) -> DgStatus {
    guard(|| {
        let out = Out::new(out, "out")?;
        // SAFETY: the caller's contract for `config_json`.
        let config = unsafe { optional_text_arg(config_json, config_len, "config_json") }?;
        let kind = game_kind(kind)?;
        if num_games == 0 || num_games > DG_MAX_BATCH_GAMES {
            return Err(Failure::new(
                DgStatus::InvalidArgument,
                format!("num_games is {num_games}; 1 to {DG_MAX_BATCH_GAMES} are allowed"),
            ));
        }
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
        let batch = AnyBatch::new(kind, config, num_games, seed)?;
        out.put(Box::into_raw(Box::new(DgBatch {
            batch,
            rng: GameRng::new(seed),
            dones: vec![false; num_games],
            picks: vec![0; num_games],
            poisoned: Cell::new(false),
        })))
    })
}

/// Free a batch. NULL is allowed and does nothing; a poisoned batch is freed too. The handle
/// must not be used afterwards (nor freed again).
///
/// # Safety
/// `batch` is NULL or a live handle from this library that no other thread uses, freed at
/// most once.
#[no_mangle]
pub unsafe extern "C" fn dg_batch_free(batch: *mut DgBatch) {
    if batch.is_null() {
        return;
    }
    // SAFETY: a live handle made by Box::into_raw, given back once (the caller's contract).
    let owned = unsafe { Box::from_raw(batch) };
    if let Err(payload) =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || drop(owned)))
    {
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || drop(payload)));
    }
}

/// The widths of the batch's arrays into `*out`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `batch` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_batch_shape(batch: *const DgBatch, out: *mut DgBatchShape) -> DgStatus {
    // SAFETY: the module contract for `batch`.
    unsafe {
        guard_batch(batch, |b| {
            let out = Out::new(out, "out")?;
            let b = &b.batch;
            out.put(DgBatchShape {
                num_games: b.len() as u32,
                seats: b.seats() as u32,
                observation_len: b.observation_len() as u32,
                action_ids: b.action_ids() as u32,
            })
        })
    }
}

/// Games finished (and restarted) since the batch was made or last reset, into `*out`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `batch` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_batch_episodes(batch: *const DgBatch, out: *mut u64) -> DgStatus {
    // SAFETY: the module contract for `batch`.
    unsafe {
        guard_batch(batch, |b| {
            let out = Out::new(out, "out")?;
            out.put(b.batch.episodes())
        })
    }
}

/// Start every game anew, game `i` seeded from `seed` and `i` exactly as by `dg_batch_new`,
/// and reseed the batch's own RNG with `seed`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `batch` is a live handle.
#[no_mangle]
pub unsafe extern "C" fn dg_batch_reset(batch: *mut DgBatch, seed: u64) -> DgStatus {
    // SAFETY: the module contract for `batch`.
    unsafe {
        guard_batch_mut(batch, |b| {
            b.batch.reset(seed);
            b.rng = GameRng::new(seed);
            Ok(())
        })
    }
}

/// Write every game's observation of its seat to move, its legal-action mask (1 for a legal
/// id, else 0) and that seat into the rows of `observations`, `masks` and `to_play`, whose
/// lengths (in elements) must be exactly `num_games` times the widths of `dg_batch_shape`
/// (`DG_STATUS_INVALID_ARGUMENT` otherwise, nothing written). `observations` and `masks`
/// may be left out: NULL with length 0, and nothing is computed for them.
///
/// # Safety
/// A NULL pointer is refused; otherwise `batch` is a live handle, each array is writable for
/// its length, and no two arrays overlap.
#[no_mangle]
pub unsafe extern "C" fn dg_batch_observe(
    batch: *const DgBatch,
    observations: *mut f32,
    observations_len: usize,
    masks: *mut u8,
    masks_len: usize,
    to_play: *mut i32,
    to_play_len: usize,
) -> DgStatus {
    // SAFETY: the module contract for `batch` and the arrays.
    unsafe {
        guard_batch(batch, |b| {
            let n = b.batch.len();
            let obs = optional_array(
                observations,
                observations_len,
                n * b.batch.observation_len(),
                "observations",
            )?;
            let masks = optional_array(masks, masks_len, n * b.batch.action_ids(), "masks")?;
            let to_play = array(to_play, to_play_len, n, "to_play")?;
            b.batch.observe(obs, masks, to_play)?;
            Ok(())
        })
    }
}

/// Play `actions[i]` (an action id) in game `i` for its seat to move, sample chance up to the
/// next decision, restart a finished game, and fill the rows of game `i`: its new
/// observation, legal-action mask and seat to move, the returns per seat in `rewards` on the
/// step the game ended (from −1 to +1; else 0), and `dones[i]` 1 when it ended (it has
/// restarted since), else 0. Every length (in elements) must be exactly `num_games` times the
/// widths of `dg_batch_shape`, but `observations` and `masks` may be left out (NULL with
/// length 0): a host that does not read them, such as a rollout, does not pay for them.
///
/// Every argument and every action is checked before any game is played: after an error (a
/// NULL pointer, a wrong length, `DG_STATUS_UNKNOWN_ACTION` or `DG_STATUS_ILLEGAL_ACTION`
/// for the first bad action, whose game `dg_last_error` names) no game has changed and
/// nothing was written. A step allocates nothing.
///
/// # Safety
/// A NULL pointer is refused; otherwise `batch` is a live handle, `actions` is readable for
/// `actions_len` ids, each other array is writable for its length, and no two arrays
/// overlap.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn dg_batch_step(
    batch: *mut DgBatch,
    actions: *const u32,
    actions_len: usize,
    observations: *mut f32,
    observations_len: usize,
    masks: *mut u8,
    masks_len: usize,
    rewards: *mut f32,
    rewards_len: usize,
    dones: *mut u8,
    dones_len: usize,
    to_play: *mut i32,
    to_play_len: usize,
) -> DgStatus {
    // SAFETY: the module contract for `batch` and the arrays.
    unsafe {
        guard_batch_mut(batch, |b| {
            let n = b.batch.len();
            let actions: &[u32] = array(actions, actions_len, n, "actions")?;
            let observations = optional_array(
                observations,
                observations_len,
                n * b.batch.observation_len(),
                "observations",
            )?;
            let masks = optional_array(masks, masks_len, n * b.batch.action_ids(), "masks")?;
            let rewards = array(rewards, rewards_len, n * b.batch.seats(), "rewards")?;
            let dones_out = array(dones, dones_len, n, "dones")?;
            let to_play = array(to_play, to_play_len, n, "to_play")?;
            b.batch.step(
                actions,
                Outputs {
                    observations,
                    masks,
                    rewards,
                    dones: &mut b.dones,
                    to_play,
                },
            )?;
            for (o, &d) in dones_out.iter_mut().zip(&b.dones) {
                *o = u8::from(d);
            }
            Ok(())
        })
    }
}

/// A uniformly random legal action id per game into `out[0..out_len]` (`out_len` must be
/// `num_games`), drawn from the batch's own RNG: the actions for a random `dg_batch_step`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `batch` is a live handle, `out` is writable for
/// `out_len` ids.
#[no_mangle]
pub unsafe extern "C" fn dg_batch_random_actions(
    batch: *mut DgBatch,
    out: *mut u32,
    out_len: usize,
) -> DgStatus {
    // SAFETY: the module contract for `batch` and `out`.
    unsafe {
        guard_batch_mut(batch, |b| {
            let out = array(out, out_len, b.batch.len(), "out")?;
            b.batch.random_actions(&mut b.rng, &mut b.picks)?;
            for (o, &p) in out.iter_mut().zip(&b.picks) {
                // A game always has a seat to move with a legal action; -1 would be no id.
                *o = u32::try_from(p).unwrap_or(u32::MAX);
            }
            Ok(())
        })
    }
}

/// Play `count` random playouts from the game's current position inside the library, each
/// to its end, and count them into `*out`: playout `i` draws every chance outcome and every
/// seat's uniformly random legal action from an RNG seeded from `seed` and `i` (the seeds of
/// a batch's games), so the same call gives the same counts. The handle is not changed (its
/// RNG neither). Nothing is allocated; the time grows with `count`.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_game_playouts(
    game: *const DgGame,
    seed: u64,
    count: u64,
    out: *mut DgPlayouts,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe {
        guard_ref(game, |g| {
            let out = Out::new(out, "out")?;
            let p = g.game.playouts(seed, count)?;
            let counts = DgPlayouts {
                playouts: p.playouts,
                actions: p.actions,
                decisions: p.decisions,
                seats: u32::from(p.seats),
                wins: p.wins,
                score_sums: p.score_sums,
            };
            out.put(counts)
        })
    }
}
