//! Throughput of the rules through every layer: random playouts per second and actions per
//! second, for every game, through the typed engine ([`Game`]), the dynamic layer
//! ([`AnyGame`], events off) and the C ABI (the `extern "C"` `dg_` functions of
//! `dangian_ffi`, called from Rust, events off); then a batch of whole games played on 1 and
//! 2 threads at once (games per second).
//!
//! `cargo bench -p dangian-bench --bench playouts` prints criterion's figures per benchmark
//! (time per playout, and actions per second as "thrpt"), then one summary table with
//! actions/s and playouts/s for each game and path, and games/s of the batch; then, from
//! paired rounds, the speed of the typed engine's fast path (`legal_set`, `apply_legal`)
//! relative to the tight reference implementation (Ô ăn quan, checked first to play the
//! engine's games), and of the typed engine with listed ids and `apply`, of `AnyGame` and of
//! the C ABI relative to the fast path (the same playouts through each path in
//! turn, by the thread's CPU time, the median of 15 rounds), the figure to compare on a
//! machine whose speed drifts between benchmarks. An action is
//! anything applied: a player's decision or a chance outcome (a roll, a deal, a draw). The
//! choices are uniformly random among the legal actions; chance is sampled from the exact
//! weights (by the typed engine from the bench's RNG, by `AnyGame::play_chance` from the
//! bench's RNG, through the C ABI by `dg_game_play_chance` from the handle's own RNG).
//! Last, the batch interfaces paired the same way: whole playouts inside the library
//! (`dg_game_playouts`) per action, and `dg_batch_step` per decision with observations and
//! masks, without them, and against typed playouts that write the same observation and mask.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use dangian::any::AnyGame;
use dangian::tensor::{legal_mask, Observe};
use dangian::{Action, ActionList, Game, GameRng, NoEvents, ToMove};
use dangian_ffi::{
    dg_batch_free, dg_batch_new, dg_batch_random_actions, dg_batch_shape, dg_batch_step,
    dg_game_playouts, DgBatch, DgBatchShape, DgPlayouts,
};
use dangian_ffi::{
    dg_game_apply, dg_game_clone, dg_game_free, dg_game_legal_actions, dg_game_new,
    dg_game_play_chance, dg_game_set_events, dg_game_to_move, DgGame, DgStatus, DG_MAX_ACTIONS,
    DG_TO_MOVE_CHANCE, DG_TO_MOVE_OVER,
};

/// Play one random game to the end through the typed engine; returns the actions applied.
fn playout_typed<G: Game>(start: &G, rng: &mut GameRng, legal: &mut ActionList) -> u64 {
    let mut game = start.clone();
    let mut actions = 0;
    loop {
        let action = match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => game.sample_chance(rng),
            ToMove::Seat(_) => {
                game.legal_actions(legal);
                G::Action::from_id(legal[rng.below(legal.len() as u32) as usize])
            }
        };
        let Some(action) = action else { break };
        let _ = game.apply(action, &mut NoEvents);
        actions += 1;
    }
    black_box(&game);
    actions
}

/// [`playout_typed`] doing a learner's work at each decision, as a batch step does it: the
/// observation of the seat to move and the legal mask written into `obs` and `mask`.
fn playout_learner<G: Observe>(
    start: &G,
    rng: &mut GameRng,
    legal: &mut ActionList,
    obs: &mut [f32],
    mask: &mut [u8],
) -> u64 {
    let mut game = start.clone();
    let mut actions = 0;
    loop {
        let action = match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => game.sample_chance(rng),
            ToMove::Seat(seat) => {
                game.observe(seat, obs);
                legal_mask(&game, mask);
                game.legal_actions(legal);
                G::Action::from_id(legal[rng.below(legal.len() as u32) as usize])
            }
        };
        let Some(action) = action else { break };
        let _ = game.apply(action, &mut NoEvents);
        actions += 1;
    }
    black_box((&game, obs, mask));
    actions
}

/// The same through the typed engine's fast path: the legal actions as a [`dangian::LegalSet`] (no
/// list), the chosen token applied by [`Game::apply_legal`] without a second validation.
/// Plays the very same games as [`playout_typed`] from the same RNG.
fn playout_fast<G: Game>(start: &G, rng: &mut GameRng) -> u64 {
    let mut game = start.clone();
    let mut actions = 0;
    loop {
        match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                let Some(a) = game.sample_chance(rng) else {
                    break;
                };
                let _ = game.apply(a, &mut NoEvents);
            }
            ToMove::Seat(_) => {
                let set = game.legal_set();
                let Some(legal) = set.nth(rng.below(set.len())) else {
                    break;
                };
                let _ = game.apply_legal(legal, &mut NoEvents);
            }
        }
        actions += 1;
    }
    black_box(&game);
    actions
}

/// The same through [`AnyGame`] (ids, a boxed game that records itself, events off; chance
/// by `play_chance`, as a host plays it), in `game`, restarted from `start` by `clone_from`
/// (which reuses its allocations, as the typed playout's copy of a state allocates nothing).
fn playout_any(
    start: &AnyGame,
    game: &mut AnyGame,
    rng: &mut GameRng,
    legal: &mut ActionList,
) -> u64 {
    game.clone_from(start);
    let mut actions = 0;
    loop {
        let id = match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                game.play_chance(rng).expect("chance to move");
                actions += 1;
                continue;
            }
            ToMove::Seat(_) => {
                game.legal_actions(legal);
                legal[rng.below(legal.len() as u32) as usize]
            }
        };
        let _ = game.apply(id);
        actions += 1;
    }
    black_box(&game);
    actions
}

/// The same through [`AnyGame`]'s fast path: `AnyGame::legal_set` and
/// `AnyGame::apply_legal` (events off, so the token is not validated again).
fn playout_any_fast(start: &AnyGame, game: &mut AnyGame, rng: &mut GameRng) -> u64 {
    game.clone_from(start);
    let mut actions = 0;
    loop {
        match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                game.play_chance(rng).expect("chance to move");
            }
            ToMove::Seat(_) => {
                let set = game.legal_set();
                let Some(legal) = set.nth(rng.below(set.len())) else {
                    break;
                };
                let _ = game.apply_legal(legal);
            }
        }
        actions += 1;
    }
    black_box(&game);
    actions
}

/// The same through the C ABI: a handle cloned from `start` (events off), `dg_game_to_move`,
/// `dg_game_play_chance` for chance, `dg_game_legal_actions` and `dg_game_apply` for a
/// decision, `dg_game_free` at the end.
fn playout_ffi(start: *const DgGame, rng: &mut GameRng) -> u64 {
    let mut game: *mut DgGame = std::ptr::null_mut();
    // SAFETY: `start` is a live handle and `game` a writable pointer.
    let status = unsafe { dg_game_clone(start, &mut game) };
    assert_eq!(status, DgStatus::Ok);
    let mut buf = [0u32; DG_MAX_ACTIONS];
    let mut actions = 0;
    loop {
        let mut to_move = 0i32;
        // SAFETY: `game` is a live handle used by this thread only; the out-pointers are
        // writable and `buf` holds `DG_MAX_ACTIONS` ids.
        unsafe {
            dg_game_to_move(game, &mut to_move);
            if to_move == DG_TO_MOVE_OVER {
                break;
            }
            if to_move == DG_TO_MOVE_CHANCE {
                let mut id = 0u32;
                dg_game_play_chance(game, &mut id);
            } else {
                let mut len = 0usize;
                dg_game_legal_actions(game, buf.as_mut_ptr(), buf.len(), &mut len);
                dg_game_apply(game, buf[rng.below(len as u32) as usize]);
            }
        }
        actions += 1;
    }
    // SAFETY: a live handle, freed once.
    unsafe { dg_game_free(game) };
    actions
}

/// Whole playouts inside the library: one `dg_game_playouts` call per playout, seeded from
/// the bench's RNG; returns the actions applied.
fn playout_inside(start: *const DgGame, rng: &mut GameRng) -> u64 {
    let mut p = DgPlayouts::default();
    // SAFETY: a live handle and a writable out-parameter.
    let status = unsafe { dg_game_playouts(start, u64::from(rng.below(u32::MAX)), 1, &mut p) };
    assert_eq!(status, DgStatus::Ok);
    p.actions
}

/// A batch of games stepped together through the C ABI (`dg_batch_random_actions` then
/// `dg_batch_step`, observations and masks written every step), with its arrays.
struct BatchSteps {
    handle: *mut DgBatch,
    actions: Vec<u32>,
    obs: Vec<f32>,
    masks: Vec<u8>,
    rewards: Vec<f32>,
    dones: Vec<u8>,
    to_play: Vec<i32>,
}

impl BatchSteps {
    /// `bare`: observations and masks left out (NULL, length 0).
    fn new(kind: u32, config_json: &str, games: usize, bare: bool) -> BatchSteps {
        let mut handle = std::ptr::null_mut();
        let mut s = DgBatchShape::default();
        // SAFETY: the config text is valid for its length; the out-pointers are writable.
        unsafe {
            let status = dg_batch_new(
                kind,
                config_json.as_ptr(),
                config_json.len(),
                games,
                1,
                &mut handle,
            );
            assert_eq!(status, DgStatus::Ok);
            dg_batch_shape(handle, &mut s);
        }
        BatchSteps {
            handle,
            actions: vec![0; games],
            obs: vec![
                0.0;
                if bare {
                    0
                } else {
                    games * s.observation_len as usize
                }
            ],
            masks: vec![
                0;
                if bare {
                    0
                } else {
                    games * s.action_ids as usize
                }
            ],
            rewards: vec![0.0; games * s.seats as usize],
            dones: vec![0; games],
            to_play: vec![0; games],
        }
    }

    /// One step of every game; returns the decisions played (chance inside is not counted).
    fn step(&mut self) -> u64 {
        let n = self.actions.len();
        // SAFETY: a live handle used by this thread only; every array is as long as its
        // length says.
        let status = unsafe {
            dg_batch_random_actions(self.handle, self.actions.as_mut_ptr(), n);
            dg_batch_step(
                self.handle,
                self.actions.as_ptr(),
                n,
                if self.obs.is_empty() {
                    std::ptr::null_mut()
                } else {
                    self.obs.as_mut_ptr()
                },
                self.obs.len(),
                if self.masks.is_empty() {
                    std::ptr::null_mut()
                } else {
                    self.masks.as_mut_ptr()
                },
                self.masks.len(),
                self.rewards.as_mut_ptr(),
                self.rewards.len(),
                self.dones.as_mut_ptr(),
                n,
                self.to_play.as_mut_ptr(),
                n,
            )
        };
        assert_eq!(status, DgStatus::Ok);
        n as u64
    }
}

impl Drop for BatchSteps {
    fn drop(&mut self) {
        // SAFETY: a live handle, freed once.
        unsafe { dg_batch_free(self.handle) };
    }
}

thread_local! {
    /// Per game: the spreads of [`BATCH_RATIOS`].
    static PAIRED_BATCH: RefCell<BTreeMap<usize, (String, [Spread; 4])>> = const { RefCell::new(BTreeMap::new()) };
}

/// The batch interfaces' ratios, in the order of the table: whole playouts inside the
/// library / typed (per action); batch steps / typed, with observations and masks and
/// without (per decision); batch steps / the typed engine doing the same work
/// ([`playout_learner`], per decision).
const BATCH_RATIOS: [&str; 4] = [
    "playouts / typed",
    "step / typed",
    "bare step / typed",
    "step / typed+observe",
];

/// [`paired`] for the batch interfaces: per round, the typed playouts, the same number of
/// playouts by `dg_game_playouts` (per action), batch steps of 64 games for as many
/// decisions as the typed playouts made, with observations and masks and without, and the
/// typed playouts that also observe and write masks (per decision: the typed engine's share
/// of decisions among its actions is counted once over many playouts by `dg_game_playouts`).
/// Timed by the thread's CPU time.
fn paired_batch<G: Observe>(order: usize, name: &str, start: &G, ffi: *const DgGame, json: &str) {
    let mut legal = ActionList::new();
    let mut rng = GameRng::new(0);
    let t0 = Instant::now();
    let mut batch = 0u64;
    while t0.elapsed() < Duration::from_millis(20) {
        playout_typed(start, &mut rng, &mut legal);
        batch += 1;
    }
    // The share of decisions among actions, from many playouts.
    let mut p = DgPlayouts::default();
    // SAFETY: a live handle and a writable out-parameter.
    unsafe { dg_game_playouts(ffi, 99, batch.max(200), &mut p) };
    let decision_share = p.decisions as f64 / p.actions.max(1) as f64;
    let mut steps = BatchSteps::new(G::KIND as u32, json, 64, false);
    let mut bare = BatchSteps::new(G::KIND as u32, json, 64, true);
    let mut obs = vec![0.0f32; G::OBSERVATION_LEN];
    let mut mask = vec![0u8; G::Action::ID_COUNT as usize];
    let mut ratios: [Vec<f64>; 4] = Default::default();
    for round in 0..ROUNDS as u64 {
        let mut rng = GameRng::new(round);
        let t = ThreadClock::now();
        let actions: u64 = (0..batch)
            .map(|_| playout_typed(start, &mut rng, &mut legal))
            .sum();
        let typed = actions as f64 / t.elapsed().max(1e-9);
        let mut rng = GameRng::new(round);
        let t = ThreadClock::now();
        let inside: u64 = (0..batch).map(|_| playout_inside(ffi, &mut rng)).sum();
        let inside = inside as f64 / t.elapsed().max(1e-9);
        let mut rng = GameRng::new(round);
        let t = ThreadClock::now();
        let learner: u64 = (0..batch)
            .map(|_| playout_learner(start, &mut rng, &mut legal, &mut obs, &mut mask))
            .sum();
        let learner = learner as f64 / t.elapsed().max(1e-9);
        let want = ((actions as f64 * decision_share) as u64).max(64);
        let mut stepped = [0.0; 2];
        for (rate, steps) in stepped.iter_mut().zip([&mut steps, &mut bare]) {
            let t = ThreadClock::now();
            let mut decisions = 0;
            while decisions < want {
                decisions += steps.step();
            }
            *rate = decisions as f64 / t.elapsed().max(1e-9);
        }
        ratios[0].push(inside / typed);
        ratios[1].push(stepped[0] / (typed * decision_share));
        ratios[2].push(stepped[1] / (typed * decision_share));
        ratios[3].push(stepped[0] / (learner * decision_share));
    }
    let stats = ratios.map(|mut r| {
        r.sort_by(f64::total_cmp);
        (r[ROUNDS / 2], r[0], r[ROUNDS - 1])
    });
    PAIRED_BATCH.with(|p| p.borrow_mut().insert(order, (name.to_owned(), stats)));
}

/// Totals over every run of one benchmark (criterion's warm-up included): playouts, actions
/// and time, for the summary table.
#[derive(Default, Clone, Copy)]
struct Tally {
    playouts: u64,
    actions: u64,
    time: Duration,
}

thread_local! {
    /// Keyed by (game order, path order), with the row's name.
    static TALLIES: RefCell<BTreeMap<(usize, usize), (String, Tally)>> = const { RefCell::new(BTreeMap::new()) };
}

/// The paths in the order of the table, `typed` first (the others are compared with it).
const PATHS: [&str; 7] = [
    "typed",
    "typed_fast",
    "any_game",
    "c_abi",
    "c_abi_playouts",
    "batch_1_thread",
    "batch_2_threads",
];

fn tally(order: usize, game: &str, path: &str, playouts: u64, actions: u64, time: Duration) {
    let index = PATHS.iter().position(|p| *p == path).unwrap_or(PATHS.len());
    TALLIES.with(|t| {
        let mut t = t.borrow_mut();
        let entry = t
            .entry((order, index))
            .or_insert_with(|| (format!("{game} / {path}"), Tally::default()));
        entry.1.playouts += playouts;
        entry.1.actions += actions;
        entry.1.time += time;
    });
}

/// Time `iters` playouts of `one` and record them.
fn timed(
    order: usize,
    game: &str,
    path: &str,
    iters: u64,
    mut one: impl FnMut() -> u64,
) -> Duration {
    let t0 = Instant::now();
    let mut actions = 0;
    for _ in 0..iters {
        actions += one();
    }
    let time = t0.elapsed();
    tally(order, game, path, iters, actions, time);
    time
}

/// The benchmarks of one game under `config`: playouts through the three paths, and the
/// batch on 1 and 2 threads.
/// A tight reference implementation's playout, when there is one for the game and config.
type Tight = Option<fn(&mut GameRng) -> u64>;

/// Whether the game implements the fast path itself (`legal_set` and `apply_legal` of its
/// own): the paired ratios are then taken against the fast path (typed and `AnyGame`),
/// otherwise against the listed ids and `apply` (the trait's default fast path lists the ids
/// and validates, so it costs more than that).
type OwnFastPath = bool;

fn bench_game<G: Observe>(
    c: &mut Criterion,
    order: usize,
    name: &str,
    config: G::Config,
    tight: Tight,
    own: OwnFastPath,
) {
    let start = G::new(config.clone()).expect("valid config");
    let config_json = serde_json::to_string(&config).expect("a config serializes");
    let mut any = AnyGame::new(G::KIND, &config_json).expect("valid config");
    any.keep_events(false);
    let mut scratch = any.clone();
    let mut ffi: *mut DgGame = std::ptr::null_mut();
    // SAFETY: the config text is valid for its length; `ffi` is writable.
    let status = unsafe {
        dg_game_new(
            G::KIND as u32,
            config_json.as_ptr(),
            config_json.len(),
            7,
            &mut ffi,
        )
    };
    assert_eq!(status, DgStatus::Ok);
    // SAFETY: a live handle.
    assert_eq!(unsafe { dg_game_set_events(ffi, 0) }, DgStatus::Ok);

    let mut rng = GameRng::new(1);
    let mut legal = ActionList::new();
    // Actions per playout, measured once, so criterion can report actions per second.
    let sample = 200;
    let total: u64 = (0..sample)
        .map(|_| playout_typed(&start, &mut rng, &mut legal))
        .sum();
    let per_playout = (total / sample).max(1);

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(per_playout));
    group.bench_function("typed", |b| {
        b.iter_custom(|iters| {
            timed(order, name, "typed", iters, || {
                playout_typed(&start, &mut rng, &mut legal)
            })
        })
    });
    group.bench_function("typed_fast", |b| {
        b.iter_custom(|iters| {
            timed(order, name, "typed_fast", iters, || {
                playout_fast(&start, &mut rng)
            })
        })
    });
    group.bench_function("any_game", |b| {
        b.iter_custom(|iters| {
            timed(order, name, "any_game", iters, || {
                playout_any(&any, &mut scratch, &mut rng, &mut legal)
            })
        })
    });
    group.bench_function("c_abi", |b| {
        b.iter_custom(|iters| timed(order, name, "c_abi", iters, || playout_ffi(ffi, &mut rng)))
    });
    group.bench_function("c_abi_playouts", |b| {
        b.iter_custom(|iters| {
            timed(order, name, "c_abi_playouts", iters, || {
                playout_inside(ffi, &mut rng)
            })
        })
    });

    // The batch: many whole games at once, split over 1 and 2 threads (typed engine).
    const BATCH: u64 = 64;
    group.throughput(Throughput::Elements(BATCH));
    for threads in [1u64, 2] {
        let path = format!(
            "batch_{threads}_thread{}",
            if threads > 1 { "s" } else { "" }
        );
        group.bench_function(path.as_str(), |b| {
            b.iter_custom(|iters| {
                let t0 = Instant::now();
                let mut actions = 0;
                for i in 0..iters {
                    actions += std::thread::scope(|s| {
                        let workers: Vec<_> = (0..threads)
                            .map(|t| {
                                let start = &start;
                                s.spawn(move || {
                                    let mut rng = GameRng::new(i * 16 + t);
                                    let mut legal = ActionList::new();
                                    (0..BATCH / threads)
                                        .map(|_| playout_typed(start, &mut rng, &mut legal))
                                        .sum::<u64>()
                                })
                            })
                            .collect();
                        workers
                            .into_iter()
                            .map(|w| w.join().expect("a worker"))
                            .sum::<u64>()
                    });
                }
                let time = t0.elapsed();
                tally(order, name, &path, iters * BATCH, actions, time);
                time
            })
        });
    }
    group.finish();
    paired(order, name, &start, &any, ffi, tight, own);
    paired_batch(order, name, &start, ffi, &config_json);
    // SAFETY: a live handle, freed once.
    unsafe { dg_game_free(ffi) };
}

/// Rounds of [`paired`].
const ROUNDS: usize = 15;

/// A ratio's median, lowest and highest over the rounds.
type Spread = (f64, f64, f64);

/// The paired ratios of one game, in the order of the table's columns.
const RATIOS: usize = 4;

/// One game's row of the paired table: its name and its ratios (`None`: not measured).
type PairedRow = (String, [Option<Spread>; RATIOS]);

thread_local! {
    /// Per game: its name and the spreads of typed / tight (none without a tight
    /// reference), the other typed path / typed, `AnyGame` / typed and C ABI / typed, where
    /// typed (and `AnyGame`) is the game's faster path (see [`OwnFastPath`]).
    static PAIRED: RefCell<BTreeMap<usize, PairedRow>> = const { RefCell::new(BTreeMap::new()) };
}

/// The layers' speed relative to the typed engine (its fast path, [`playout_fast`]),
/// measured so that the drift of a shared machine between two benchmarks does not enter it:
/// `ROUNDS` rounds, each timing the same batch of playouts through the tight reference (when
/// there is one), the typed fast path, the typed engine with listed ids and `apply`,
/// `AnyGame`'s fast path and the C ABI one after the other (all but the C ABI play the very same games:
/// the same seed, the same draws); each round gives a ratio of actions per second, and the
/// median of the rounds is kept, with the lowest and highest.
fn paired<G: Game>(
    order: usize,
    name: &str,
    start: &G,
    any: &AnyGame,
    ffi: *const DgGame,
    tight: Tight,
    own: OwnFastPath,
) {
    let mut legal = ActionList::new();
    // About 20 ms of typed playouts per round.
    let mut rng = GameRng::new(0);
    let t0 = Instant::now();
    let mut batch = 0u64;
    while t0.elapsed() < Duration::from_millis(20) {
        playout_fast(start, &mut rng);
        batch += 1;
    }
    // Actions per second of `batch` playouts, by the thread's CPU time.
    fn rate(batch: u64, mut one: impl FnMut() -> u64) -> f64 {
        let t = ThreadClock::now();
        let actions: u64 = (0..batch).map(|_| one()).sum();
        actions as f64 / t.elapsed().max(1e-9)
    }
    let mut scratch = any.clone();
    let mut ratios: [Vec<f64>; RATIOS] = Default::default();
    for round in 0..ROUNDS as u64 {
        let tight_rate = tight.map(|f| {
            let mut rng = GameRng::new(round);
            rate(batch, || f(&mut rng))
        });
        let mut rng = GameRng::new(round);
        let fast = rate(batch, || playout_fast(start, &mut rng));
        let mut rng = GameRng::new(round);
        let listed = rate(batch, || playout_typed(start, &mut rng, &mut legal));
        let mut rng = GameRng::new(round);
        let dynamic = if own {
            rate(batch, || playout_any_fast(any, &mut scratch, &mut rng))
        } else {
            rate(batch, || {
                playout_any(any, &mut scratch, &mut rng, &mut legal)
            })
        };
        let mut rng = GameRng::new(round);
        let c_abi = rate(batch, || playout_ffi(ffi, &mut rng));
        let (typed, other) = if own { (fast, listed) } else { (listed, fast) };
        if let Some(t) = tight_rate {
            ratios[0].push(typed / t);
        }
        ratios[1].push(other / typed);
        ratios[2].push(dynamic / typed);
        ratios[3].push(c_abi / typed);
    }
    let stats = ratios.map(|mut r| {
        if r.is_empty() {
            return None;
        }
        r.sort_by(f64::total_cmp);
        Some((r[r.len() / 2], r[0], r[r.len() - 1]))
    });
    PAIRED.with(|p| p.borrow_mut().insert(order, (name.to_owned(), stats)));
}

/// A stopwatch of the calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), so that time
/// the thread spends descheduled on a busy machine does not count.
struct ThreadClock(f64);

impl ThreadClock {
    fn cpu_seconds() -> f64 {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid, writable timespec.
        unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
        t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
    }

    fn now() -> Self {
        ThreadClock(Self::cpu_seconds())
    }

    /// CPU seconds of this thread since `now`.
    fn elapsed(&self) -> f64 {
        Self::cpu_seconds() - self.0
    }
}

fn games(c: &mut Criterion) {
    // The tight reference counts only if it plays exactly the engine's games.
    dangian_bench::verify_o_an_quan(20_000).expect("the tight Ô ăn quan plays the engine's games");
    bench_game::<dangian::o_an_quan::State>(
        c,
        0,
        "o_an_quan",
        Default::default(),
        Some(dangian_bench::playout_tight_o_an_quan),
        true,
    );
    // Cờ cá ngựa: the seed rules (4 players, two dice) and the single-die preset.
    bench_game::<dangian::ca_ngua::State>(
        c,
        1,
        "ca_ngua",
        dangian::ca_ngua::Config::default(),
        None,
        false,
    );
    bench_game::<dangian::ca_ngua::State>(
        c,
        2,
        "ca_ngua_one_die",
        dangian::ca_ngua::Config::one_die(),
        None,
        false,
    );
    // Domino: one round and a whole match to 101, 2 players.
    bench_game::<dangian::domino::State>(
        c,
        3,
        "domino_one_round",
        dangian::domino::Config {
            max_rounds: Some(1),
            ..Default::default()
        },
        None,
        false,
    );
    bench_game::<dangian::domino::State>(c, 4, "domino_match", Default::default(), None, false);
}

/// The summary: per game and path, actions/s and playouts/s over everything measured.
fn summary() {
    println!();
    println!(
        "{:<36} {:>14} {:>14} {:>10}",
        "game / path", "actions/s", "playouts/s", "vs typed"
    );
    TALLIES.with(|t| {
        let mut typed = 0.0;
        for ((_, path), (key, tally)) in t.borrow().iter() {
            let secs = tally.time.as_secs_f64().max(1e-9);
            let playouts = tally.playouts as f64 / secs;
            if *path == 0 {
                typed = playouts;
            }
            let ratio = if typed > 0.0 { playouts / typed } else { 0.0 };
            println!(
                "{key:<36} {:>14} {:>14} {:>9.2}x",
                si(tally.actions as f64 / secs),
                si(playouts),
                ratio
            );
        }
    });
    println!("(batch rows: playouts/s = whole games per second over the batch)");
    println!();
    println!(
        "paired rounds ({ROUNDS}, the same playouts through each path in turn, thread CPU \
         time), actions/s relative to the typed engine: median (lowest–highest); typed and \
         AnyGame by legal_set and apply_legal where the game has its own (o_an_quan), by \
         listed ids and apply otherwise; the other typed path in the second column"
    );
    println!(
        "{:<20} {:>20} {:>20} {:>20} {:>20}",
        "game", "typed / tight", "other typed / typed", "AnyGame / typed", "C ABI / typed"
    );
    PAIRED.with(|p| {
        for (name, ratios) in p.borrow().values() {
            let cell = |s: &Option<Spread>| match s {
                Some((median, low, high)) => format!("{median:.2} ({low:.2}–{high:.2})"),
                None => "–".to_owned(),
            };
            println!(
                "{name:<20} {:>20} {:>20} {:>20} {:>20}",
                cell(&ratios[0]),
                cell(&ratios[1]),
                cell(&ratios[2]),
                cell(&ratios[3])
            );
        }
    });
    println!();
    println!(
        "paired rounds (thread CPU time), the batch interfaces relative to the typed engine: \
         whole playouts inside the library (dg_game_playouts, per action); batch steps of 64 \
         games (dg_batch_step, per decision) with observations and masks, without them, and \
         against typed playouts that write the same observation and mask at each decision"
    );
    println!(
        "{:<20} {:>22} {:>22} {:>22} {:>22}",
        "game", BATCH_RATIOS[0], BATCH_RATIOS[1], BATCH_RATIOS[2], BATCH_RATIOS[3]
    );
    PAIRED_BATCH.with(|p| {
        for (name, spreads) in p.borrow().values() {
            let cell = |(median, low, high): Spread| format!("{median:.2} ({low:.2}–{high:.2})");
            println!(
                "{name:<20} {:>22} {:>22} {:>22} {:>22}",
                cell(spreads[0]),
                cell(spreads[1]),
                cell(spreads[2]),
                cell(spreads[3])
            );
        }
    });
}

fn si(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2} M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1} k", x / 1e3)
    } else {
        format!("{x:.1}")
    }
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .configure_from_args();
    games(&mut c);
    c.final_summary();
    summary();
}
