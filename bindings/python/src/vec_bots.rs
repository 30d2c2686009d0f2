//! `BotVecEnv`: N games stepped together with the package's bots in some seats, inside Rust.
//! The learner's seats take actions from Python; every other seat is a bot that moves in the
//! same call, so one step goes from one learner decision to the next in every game. The batch
//! is cut into blocks of games that threads (each with its own bots) take as they come free,
//! with the GIL released; the bots' choices depend only on their seed and the position, so
//! results do not depend on which thread played which game.
//!
//! Also `bot_actions`: a bot's choice in many positions at once, for custom loops.

use super::*;
use dangian::any::Playable;
use dangian::bot::{
    bot_for_level, bot_with_budget, Bot, MctsBot, MctsSettings, RandomBot, RememberingBot,
};
use dangian::o_an_quan::{AlphaBetaBot, AlphaBetaSettings};
use dangian::tensor::{legal_mask, returns};
use dangian::{ca_ngua, domino, o_an_quan, Action, Game, GameConfig, NoEvents, Recorded};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// How many fresh games in a row may end before any learner seat decides before the batch
/// gives up restarting that game (it then reports it over, `to_play` -1). Only a config in
/// which the bots alone can finish a game gets near it.
const MAX_SILENT_GAMES: u32 = 64;

/// Tags the bots' seeds apart from the games' chance seeds.
const BOT_SEED_TAG: u64 = 0x626f_7473_6565_6473;

/// Who plays a seat.
#[derive(Copy, Clone, Debug, PartialEq)]
enum SeatSpec {
    /// Actions come from Python.
    Learner,
    /// A uniformly random legal action (`RandomBot`).
    Random,
    /// A difficulty level (`bot_for_level`).
    Level(Level),
    /// The expert's search with a count budget (reproducible): simulations for the tree
    /// searches, positions for Ô ăn quan's alpha-beta.
    ExpertCount(u32),
    /// The expert with wall-clock time per decision (not reproducible).
    ExpertTime(Duration),
}

impl SeatSpec {
    fn parse(text: &str) -> Res<SeatSpec> {
        let bad = || {
            Failure::new(
                Status::InvalidArgument,
                format!(
                    "no player {text:?}: expected \"learner\", \"random\", \"easy\", \"medium\", \
                     \"hard\", \"expert:COUNT\" (simulations, or positions in Ô ăn quan) or \
                     \"expert:MSms\""
                ),
            )
        };
        Ok(match text {
            "learner" => SeatSpec::Learner,
            "random" => SeatSpec::Random,
            _ => {
                if let Ok(level) = text.parse::<Level>() {
                    SeatSpec::Level(level)
                } else if let Some(budget) = text.strip_prefix("expert:") {
                    if let Some(ms) = budget.strip_suffix("ms") {
                        let ms: u64 = ms.parse().map_err(|_| bad())?;
                        if ms == 0 || ms > 600_000 {
                            return Err(bad());
                        }
                        SeatSpec::ExpertTime(Duration::from_millis(ms))
                    } else {
                        let n: u32 = budget.parse().map_err(|_| bad())?;
                        if n == 0 {
                            return Err(bad());
                        }
                        SeatSpec::ExpertCount(n)
                    }
                } else {
                    return Err(bad());
                }
            }
        })
    }

    fn name(self) -> String {
        match self {
            SeatSpec::Learner => "learner".to_owned(),
            SeatSpec::Random => "random".to_owned(),
            SeatSpec::Level(l) => l.name().to_owned(),
            SeatSpec::ExpertCount(n) => format!("expert:{n}"),
            SeatSpec::ExpertTime(d) => format!("expert:{}ms", d.as_millis()),
        }
    }
}

/// A game the bots play: `Playable`, plus the expert's search with a count budget.
trait BotGame: Playable + Send + Sync {
    /// Whether an environment's bots remember their choices by position
    /// ([`RememberingBot`]): in a game without chance a learner's games come back to the same
    /// positions (45 % of easy's decisions against a random learner in Ô ăn quan); with dice
    /// or a shuffle almost never (under 0.2 % in Cờ cá ngựa and Domino), where the memory
    /// would only cost.
    const REMEMBERS: bool = false;

    /// The expert's search ([`bot_with_budget`]'s) with `count` instead of a time budget.
    fn expert(count: u32, seed: u64) -> Box<dyn Bot<Self> + Send>;
}

impl BotGame for o_an_quan::State {
    const REMEMBERS: bool = true;

    fn expert(count: u32, seed: u64) -> Box<dyn Bot<Self> + Send> {
        // `AlphaBetaBot::with_time`'s search, counted in positions.
        let settings = AlphaBetaSettings {
            nodes: count,
            max_depth: 96,
            table_bits: 20,
            ..AlphaBetaSettings::HARD
        };
        Box::new(AlphaBetaBot::new(settings, seed))
    }
}

impl BotGame for ca_ngua::State {
    fn expert(count: u32, seed: u64) -> Box<dyn Bot<Self> + Send> {
        // The expert's playouts: played and scored by the learned evaluation.
        let settings = MctsSettings {
            iterations: count,
            greedy_rollouts: 1.0,
            learned: true,
            ..MctsSettings::hard::<Self>()
        };
        Box::new(MctsBot::new(settings, seed))
    }
}

impl BotGame for domino::State {
    fn expert(count: u32, seed: u64) -> Box<dyn Bot<Self> + Send> {
        let settings = MctsSettings {
            iterations: count,
            ..MctsSettings::hard::<Self>()
        };
        Box::new(MctsBot::new(settings, seed))
    }
}

/// The bot of `spec` seeded with `seed`, `None` for the learner.
fn make_bot<G: BotGame>(spec: SeatSpec, seed: u64) -> Option<Box<dyn Bot<G> + Send>> {
    match spec {
        SeatSpec::Learner => None,
        SeatSpec::Random => Some(Box::new(RandomBot::new(seed))),

        SeatSpec::Level(level) => Some(bot_for_level::<G>(level, seed)),
        SeatSpec::ExpertCount(n) => Some(G::expert(n, seed)),
        SeatSpec::ExpertTime(d) => Some(bot_with_budget::<G>(d, seed)),
    }
}

/// `bot`, remembering its choices ([`RememberingBot`]).
fn remembering<G: BotGame>(bot: Box<dyn Bot<G> + Send>) -> Box<dyn Bot<G> + Send> {
    Box::new(RememberingBot::new(bot))
}

/// The seed of seat `seat`'s bot in a batch seeded with `seed`.
fn bot_seed(seed: u64, seat: usize) -> u64 {
    batch_seed(seed ^ BOT_SEED_TAG, seat as u64)
}

/// Tags the random seats' streams apart from chance.
const RANDOM_SEED_TAG: u64 = 0x7261_6e64_6f6d_7365;

/// A game's random streams: chance, and the picks of its `"random"` seats (a stream of its
/// own, so that a random seat is as cheap as a draw, and chance is the same whoever plays).
struct Rngs {
    chance: GameRng,
    random: GameRng,
}

/// One thread's bots, one per seat (`None` for a learner seat).
type Bots<G> = Vec<Option<Box<dyn Bot<G> + Send>>>;

/// What a chunk of games counted during one call.
#[derive(Default)]
struct Counts {
    /// Games finished and reported.
    episodes: u64,
    /// Games that ended before any learner seat decided (restarted unreported).
    silent: u64,
    /// Bot decisions made.
    bot_moves: u64,
}

/// The rows of the output arrays for a chunk of games.
struct Rows<'a> {
    obs: &'a mut [f32],
    masks: &'a mut [u8],
    rewards: &'a mut [f32],
    dones: &'a mut [bool],
    to_play: &'a mut [i32],
}

/// The shared, read-only part of a batch.
struct Table<G: Game> {
    config: G::Config,
    specs: Vec<SeatSpec>,
    seats: usize,
}

impl<G: BotGame> Table<G> {
    fn fresh(&self) -> G {
        G::new(self.config.clone()).expect("a validated config")
    }

    /// Sample chance and let the bots move until a learner seat is to move or the game is
    /// over; returns the bot decisions made.
    fn settle(&self, game: &mut G, rng: &mut Rngs, bots: &mut Bots<G>) -> u64 {
        let mut moves = 0;
        let mut legal = ActionList::new();
        loop {
            match game.to_move() {
                ToMove::Chance => match game.sample_chance(&mut rng.chance) {
                    Some(a) => {
                        let _ = game.apply(a, &mut NoEvents);
                    }
                    None => return moves,
                },
                ToMove::Seat(s) => {
                    let action = match (self.specs.get(s.index()), bots.get_mut(s.index())) {
                        (Some(SeatSpec::Random), _) => {
                            game.legal_actions(&mut legal);
                            if legal.is_empty() {
                                return moves;
                            }
                            let pick = rng.random.below(legal.len() as u32) as usize;
                            G::Action::from_id(legal[pick])
                        }
                        (_, Some(Some(bot))) => bot.choose(game).or_else(|| {
                            // Unreachable (a bot always answers a decision): the first legal
                            // action keeps the game going.
                            game.legal_actions(&mut legal);
                            legal.first().and_then(|&id| G::Action::from_id(id))
                        }),
                        _ => return moves, // a learner seat
                    };
                    let Some(action) = action else {
                        return moves;
                    };
                    moves += 1;
                    let _ = game.apply(action, &mut NoEvents);
                }
                ToMove::Over => return moves,
            }
        }
    }

    /// A new game in place of `game`, settled; restarted while the bots alone finish it.
    fn restart(&self, game: &mut G, rng: &mut Rngs, bots: &mut Bots<G>, c: &mut Counts) {
        for _ in 0..MAX_SILENT_GAMES {
            *game = self.fresh();
            c.bot_moves += self.settle(game, rng, bots);
            if !game.is_over() {
                return;
            }
            c.silent += 1;
        }
    }

    fn write(&self, game: &G, obs: &mut [f32], mask: &mut [u8]) -> i32 {
        legal_mask(game, mask);
        match game.to_move() {
            ToMove::Seat(s) => {
                game.observe(s, obs);
                i32::from(s.0)
            }
            ToMove::Chance | ToMove::Over => {
                game.observe(Seat(0), obs);
                -1
            }
        }
    }

    /// Play `actions` (one per game of the chunk, already checked) or, without, restart every
    /// game of the chunk with the seeds from `reset_seed`; then fill `rows`.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        bots: &mut Bots<G>,
        first: usize,
        games: &mut [G],
        rngs: &mut [Rngs],
        actions: Option<&[u32]>,
        reset_seed: u64,
        rows: Rows<'_>,
    ) -> Counts {
        let mut c = Counts::default();
        let (ol, al) = (G::OBSERVATION_LEN, G::Action::ID_COUNT as usize);
        let seats = self.seats;
        for (j, (game, rng)) in games.iter_mut().zip(rngs.iter_mut()).enumerate() {
            let reward = &mut rows.rewards[j * seats..(j + 1) * seats];
            reward.fill(0.0);
            rows.dones[j] = false;
            match actions {
                Some(actions) => {
                    if let Some(a) = G::Action::from_id(actions[j]) {
                        let _ = game.apply(a, &mut NoEvents);
                    }
                    c.bot_moves += self.settle(game, rng, bots);
                    if game.is_over() {
                        reward.copy_from_slice(&returns(game)[..seats]);
                        rows.dones[j] = true;
                        c.episodes += 1;
                        self.restart(game, rng, bots, &mut c);
                    }
                }
                None => {
                    let i = (first + j) as u64;
                    *rng = Rngs {
                        chance: GameRng::new(batch_seed(reset_seed, i)),
                        random: GameRng::new(batch_seed(reset_seed ^ RANDOM_SEED_TAG, i)),
                    };
                    self.restart(game, rng, bots, &mut c);
                }
            }
            rows.to_play[j] = self.write(
                game,
                &mut rows.obs[j * ol..(j + 1) * ol],
                &mut rows.masks[j * al..(j + 1) * al],
            );
        }
        c
    }
}

/// N games of one kind with bots in some seats.
struct BotBatch<G: Game> {
    table: Table<G>,
    games: Vec<G>,
    rngs: Vec<Rngs>,
    /// One set of bots per thread (behind a mutex only so that the batch is `Sync`: it is
    /// reached through `&mut`, never locked).
    workers: Vec<Mutex<Bots<G>>>,
    /// The threads besides the caller's that the steps run on, kept for the batch's life.
    helpers: Helpers,
    seed: u64,
    episodes: u64,
    silent: u64,
    bot_moves: u64,
}

impl<G: BotGame> BotBatch<G> {
    fn new(config_json: &str, specs: Vec<SeatSpec>, n: usize, threads: usize) -> Res<Self> {
        let config = if config_json.is_empty() {
            G::Config::default()
        } else {
            G::Config::from_json(config_json).map_err(|e| Failure::from(AnyError::from(e)))?
        };
        G::new(config.clone()).map_err(|e| Failure::from(AnyError::from(e)))?;
        let seats = usize::from(config.seats());
        if specs.len() != seats {
            return Err(Failure::new(
                Status::InvalidArgument,
                format!("{} players for a table of {seats} seats", specs.len()),
            ));
        }
        if !specs.contains(&SeatSpec::Learner) {
            return Err(Failure::new(
                Status::InvalidArgument,
                "at least one seat must be \"learner\"",
            ));
        }
        let table = Table {
            config,
            specs,
            seats,
        };
        let games = (0..n).map(|_| table.fresh()).collect();
        Ok(BotBatch {
            table,
            games,
            rngs: (0..n)
                .map(|_| Rngs {
                    chance: GameRng::new(0),
                    random: GameRng::new(0),
                })
                .collect(),
            workers: (0..threads.clamp(1, n))
                .map(|_| Mutex::new(Vec::new()))
                .collect(),
            helpers: Helpers::new(threads.clamp(1, n) - 1),
            seed: 0,
            episodes: 0,
            silent: 0,
            bot_moves: 0,
        })
    }

    fn make_bots(&mut self) {
        let seed = self.seed;
        for bots in &mut self.workers {
            *bots.get_mut().unwrap_or_else(PoisonError::into_inner) =
                (self.table.specs.iter().enumerate())
                    .map(|(s, &spec)| match spec {
                        // Drawn from the game's own stream (see `Rngs`).
                        SeatSpec::Random => None,
                        // Remembering is exact only where a choice depends on the position
                        // alone: not with a time budget.
                        SeatSpec::Level(_) | SeatSpec::ExpertCount(_) if G::REMEMBERS => {
                            make_bot::<G>(spec, bot_seed(seed, s)).map(remembering)
                        }
                        _ => make_bot::<G>(spec, bot_seed(seed, s)),
                    })
                    .collect();
        }
    }

    /// Check that every game has a learner seat to move and that its action is legal.
    fn check(&self, actions: &[u32]) -> Res<()> {
        for (i, (&id, g)) in actions.iter().zip(&self.games).enumerate() {
            let fail =
                |status: Status, what: String| Failure::new(status, format!("game {i}: {what}"));
            let action = G::Action::from_id(id).ok_or_else(|| {
                fail(
                    Status::UnknownAction,
                    format!("no action of this game has id {id}"),
                )
            })?;
            let ToMove::Seat(s) = g.to_move() else {
                return Err(fail(Status::NoDecision, "no seat is to move".to_owned()));
            };
            if self.table.specs.get(s.index()) != Some(&SeatSpec::Learner) {
                return Err(fail(Status::NoDecision, "a bot is to move".to_owned()));
            }
            g.check(action).map_err(|e| {
                Failure(
                    Status::IllegalAction,
                    format!("game {i}: {id} ({action}): {e}"),
                    dangian::IllegalReason::code(&e),
                )
            })?;
        }
        Ok(())
    }

    /// Step (with actions) or reset (without) every game, the batch split over the threads.
    fn run(&mut self, actions: Option<&[u32]>, reset_seed: u64, out: Rows<'_>) {
        let n = self.games.len();
        let k = self.workers.len();
        let (ol, al, seats) = (
            G::OBSERVATION_LEN,
            G::Action::ID_COUNT as usize,
            self.table.seats,
        );
        let table = &self.table;
        // Blocks of a few games, taken by whichever thread is free: the games' decisions
        // differ in cost (a forced move against a full search), so an even split of the
        // batch would leave one thread idle while the other finishes.
        let block = n.div_ceil(k * BLOCKS_PER_THREAD).max(1);
        let mut blocks = Vec::with_capacity(n.div_ceil(block));
        let chunks = self
            .games
            .chunks_mut(block)
            .zip(self.rngs.chunks_mut(block))
            .zip(out.obs.chunks_mut(block * ol))
            .zip(out.masks.chunks_mut(block * al))
            .zip(out.rewards.chunks_mut(block * seats))
            .zip(out.dones.chunks_mut(block))
            .zip(out.to_play.chunks_mut(block))
            .enumerate();
        for (c, ((((((games, rngs), obs), masks), rewards), dones), to_play)) in chunks {
            let acts = actions.map(|a| &a[c * block..c * block + games.len()]);
            let rows = Rows {
                obs,
                masks,
                rewards,
                dones,
                to_play,
            };
            blocks.push((c * block, games, rngs, acts, rows));
        }
        let workers = self
            .workers
            .iter_mut()
            .map(|m| m.get_mut().unwrap_or_else(PoisonError::into_inner))
            .collect();
        let counts = self.helpers.share_out(
            workers,
            blocks,
            |bots, (first, games, rngs, acts, rows), c: &mut Counts| {
                let done = table.run(bots, first, games, rngs, acts, reset_seed, rows);
                c.episodes += done.episodes;
                c.silent += done.silent;
                c.bot_moves += done.bot_moves;
            },
        );
        for c in counts {
            self.episodes += c.episodes;
            self.silent += c.silent;
            self.bot_moves += c.bot_moves;
        }
    }

    fn reset(&mut self, seed: u64, out: Rows<'_>) {
        self.seed = seed;
        self.episodes = 0;
        self.silent = 0;
        self.bot_moves = 0;
        self.make_bots();
        self.run(None, seed, out);
    }

    fn observe(&self, out: Rows<'_>) {
        let (ol, al) = (G::OBSERVATION_LEN, G::Action::ID_COUNT as usize);
        for (i, g) in self.games.iter().enumerate() {
            out.to_play[i] = self.table.write(
                g,
                &mut out.obs[i * ol..(i + 1) * ol],
                &mut out.masks[i * al..(i + 1) * al],
            );
        }
    }

    fn observe_seat(&self, seat: Seat, obs: &mut [f32]) {
        for (g, o) in self
            .games
            .iter()
            .zip(obs.chunks_exact_mut(G::OBSERVATION_LEN))
        {
            g.observe(seat, o);
        }
    }

    fn game(&self, i: usize) -> Option<AnyGame> {
        #[allow(clippy::clone_on_copy)]
        let g = self.games.get(i)?.clone();
        Some(AnyGame::from_recorded(Recorded::starting_at(g)))
    }
}

enum Batches {
    OAnQuan(BotBatch<o_an_quan::State>),
    CaNgua(BotBatch<ca_ngua::State>),
    Domino(BotBatch<domino::State>),
}

macro_rules! each_bot_batch {
    ($batches:expr, $b:ident => $body:expr) => {
        match $batches {
            Batches::OAnQuan($b) => $body,
            Batches::CaNgua($b) => $body,
            Batches::Domino($b) => $body,
        }
    };
}

/// The default thread count: the machine's cores.
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The most threads a batch may use.
const MAX_THREADS: usize = 256;

fn threads_in_range(threads: Option<usize>) -> Res<usize> {
    match threads {
        None => Ok(default_threads().min(MAX_THREADS)),
        Some(t) if (1..=MAX_THREADS).contains(&t) => Ok(t),
        Some(t) => Err(Failure::new(
            Status::InvalidArgument,
            format!("threads {t} is out of range: from 1 to {MAX_THREADS}"),
        )),
    }
}

/// `num_envs` games of one kind stepped together, with the package's bots playing the seats
/// not given to the learner. `players` names who plays each seat: `"learner"` (actions from
/// `step`), `"random"`, `"easy"`, `"medium"`, `"hard"`, `"expert:COUNT"` (the expert's
/// search with a count budget: simulations, or positions in Ô ăn quan; reproducible) or
/// `"expert:MSms"` (the expert with wall-clock time; not reproducible). Each step plays one
/// action per game for its learner seat to move, then chance and the bots until a learner
/// seat is to move again; a finished game reports its returns and restarts at once (the bots
/// moving first where they do). Game `i`'s chance is seeded from `seed` and `i`, and so are
/// the picks of its `"random"` seats (a stream of their own); seat `s`'s other bot from
/// `seed` and `s` (`bot_seeds`). A bot's choice depends only on its seed and the position,
/// so the games are the same whatever `threads` is. The batch is split over
/// `threads` (default: the machine's cores) with the GIL released: the calling thread and
/// `threads - 1` helper threads that the environment keeps for its life (a process forked
/// from this one starts its own at its first step).
#[pyclass(module = "dangian._dangian", name = "BotVecEnv")]
struct BotVecEnv {
    kind: GameKind,
    batch: Batches,
    ids: Vec<u32>,
    n: usize,
    seats: usize,
    obs_len: usize,
    actions: usize,
    threads: usize,
    poison: Poison,
}

/// Fresh output arrays for `n` games.
struct Arrays {
    obs: Array2<f32>,
    masks: Array2<u8>,
    rewards: Array2<f32>,
    dones: Array1<bool>,
    to_play: Array1<i32>,
}

impl Arrays {
    fn new(n: usize, obs_len: usize, actions: usize, seats: usize) -> Arrays {
        Arrays {
            obs: Array2::zeros((n, obs_len)),
            masks: Array2::zeros((n, actions)),
            rewards: Array2::zeros((n, seats)),
            dones: Array1::from_elem(n, false),
            to_play: Array1::zeros(n),
        }
    }

    fn rows(&mut self) -> Rows<'_> {
        Rows {
            obs: self.obs.as_slice_mut().expect("contiguous"),
            masks: self.masks.as_slice_mut().expect("contiguous"),
            rewards: self.rewards.as_slice_mut().expect("contiguous"),
            dones: self.dones.as_slice_mut().expect("contiguous"),
            to_play: self.to_play.as_slice_mut().expect("contiguous"),
        }
    }
}

impl BotVecEnv {
    fn arrays(&self) -> Arrays {
        Arrays::new(self.n, self.obs_len, self.actions, self.seats)
    }
}

#[pymethods]
impl BotVecEnv {
    #[new]
    #[pyo3(signature = (kind, num_envs, players, config = None, *, seed = Int(0), threads = None))]
    fn py_new(
        py: Python<'_>,
        kind: &Bound<'_, PyAny>,
        num_envs: Int<usize>,
        players: Vec<String>,
        config: Option<&Bound<'_, PyAny>>,
        seed: Int<u64>,
        threads: Option<Int<usize>>,
    ) -> PyResult<Self> {
        guard!({
            let (num_envs, seed) = (num_envs.0, seed.0);
            let kind = kind_of(kind)?;
            envs_in_range(num_envs)?;
            let threads = threads_in_range(threads.map(|t| t.0))?;
            let specs = players
                .iter()
                .map(|p| SeatSpec::parse(p))
                .collect::<Res<Vec<_>>>()?;
            let text = match config {
                None => String::new(),
                Some(c) => {
                    bounded_json_text(py, c, MAX_CONFIG_JSON, Status::InvalidConfig, "config")?
                }
            };
            let batch = match kind {
                GameKind::OAnQuan => {
                    Batches::OAnQuan(BotBatch::new(&text, specs, num_envs, threads)?)
                }
                GameKind::CaNgua => {
                    Batches::CaNgua(BotBatch::new(&text, specs, num_envs, threads)?)
                }
                GameKind::Domino => {
                    Batches::Domino(BotBatch::new(&text, specs, num_envs, threads)?)
                }
            };
            let seats = each_bot_batch!(&batch, b => b.table.seats);
            let mut env = BotVecEnv {
                kind,
                batch,
                ids: Vec::with_capacity(num_envs),
                n: num_envs,
                seats,
                obs_len: observation_len(kind),
                actions: id_count(kind) as usize,
                threads,
                poison: Poison::default(),
            };
            let mut arrays = env.arrays();
            let batch = &mut env.batch;
            let rows = arrays.rows();
            py.detach(|| each_bot_batch!(batch, b => b.reset(seed, rows)));
            Ok(env)
        })
    }

    /// Which game (a `Kind`).
    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard!(self, { kind_enum(py, self.kind) })
    }
    /// How many games.
    #[getter]
    fn num_envs(&self) -> PyResult<usize> {
        guard!(self, { Ok(self.n) })
    }
    /// Seats per game.
    #[getter]
    fn num_seats(&self) -> PyResult<usize> {
        guard!(self, { Ok(self.seats) })
    }
    /// Distinct actions (the mask's width).
    #[getter]
    fn num_actions(&self) -> PyResult<usize> {
        guard!(self, { Ok(self.actions) })
    }
    /// The observation's width.
    #[getter]
    fn observation_size(&self) -> PyResult<usize> {
        guard!(self, { Ok(self.obs_len) })
    }
    /// The threads a step uses (at most one per game).
    #[getter]
    fn threads(&self) -> PyResult<usize> {
        guard!(self, { Ok(self.threads.min(self.n)) })
    }
    /// Who plays each seat, as given.
    #[getter]
    fn players(&self) -> PyResult<Vec<String>> {
        guard!(self, {
            Ok(each_bot_batch!(&self.batch, b => b.table.specs.iter().map(|s| s.name()).collect()))
        })
    }
    /// The seats the learner plays.
    #[getter]
    fn learner_seats(&self) -> PyResult<Vec<usize>> {
        guard!(self, {
            Ok(
                each_bot_batch!(&self.batch, b => (b.table.specs.iter().enumerate())
                .filter(|(_, s)| **s == SeatSpec::Learner)
                .map(|(i, _)| i)
                .collect()),
            )
        })
    }
    /// The seed of each seat's bot since the last reset (`Game.bot_choose(seat, level, seed)`
    /// with it chooses what the bot does here).
    #[getter]
    fn bot_seeds(&self) -> PyResult<Vec<u64>> {
        guard!(self, {
            Ok(
                each_bot_batch!(&self.batch, b => (0..b.table.seats).map(|s| bot_seed(b.seed, s)).collect()),
            )
        })
    }
    /// The seed of the last reset.
    #[getter]
    fn seed(&self) -> PyResult<u64> {
        guard!(self, { Ok(each_bot_batch!(&self.batch, b => b.seed)) })
    }
    /// Games finished (and reported by `step`) since the last reset.
    #[getter]
    fn episodes(&self) -> PyResult<u64> {
        guard!(self, { Ok(each_bot_batch!(&self.batch, b => b.episodes)) })
    }
    /// Games that ended before any learner seat decided, since the last reset (restarted
    /// without being reported; 0 in the games' usual configs).
    #[getter]
    fn silent_episodes(&self) -> PyResult<u64> {
        guard!(self, { Ok(each_bot_batch!(&self.batch, b => b.silent)) })
    }
    /// Decisions the bots made since the last reset.
    #[getter]
    fn bot_moves(&self) -> PyResult<u64> {
        guard!(self, { Ok(each_bot_batch!(&self.batch, b => b.bot_moves)) })
    }

    /// Start every game anew (chance and the bots played up to the first learner decision):
    /// returns `(observations, masks, to_play)`. With a seed, game `i` and the bots are
    /// seeded from it exactly as by the constructor; without, from a seed derived from the
    /// previous one (so repeated resets give new games, reproducibly).
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<Int<u64>>) -> PyResult<ObsOut<'py>> {
        guard!(self, {
            let previous = each_bot_batch!(&self.batch, b => b.seed);
            let seed = seed.map_or_else(|| batch_seed(previous, u64::MAX), |v| v.0);
            let mut arrays = self.arrays();
            let batch = &mut self.batch;
            let rows = arrays.rows();
            py.detach(|| each_bot_batch!(batch, b => b.reset(seed, rows)));
            Ok((
                arrays.obs.into_pyarray(py),
                i8_of(arrays.masks).into_pyarray(py),
                arrays.to_play.into_pyarray(py),
            ))
        })
    }

    /// The current `(observations, masks, to_play)` without stepping.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<ObsOut<'py>> {
        guard!(self, {
            let mut arrays = self.arrays();
            each_bot_batch!(&self.batch, b => b.observe(arrays.rows()));
            Ok((
                arrays.obs.into_pyarray(py),
                i8_of(arrays.masks).into_pyarray(py),
                arrays.to_play.into_pyarray(py),
            ))
        })
    }

    /// Every game's observation from `seat`'s point of view (`num_envs × observation_size`).
    fn observe_seat<'py>(
        &self,
        py: Python<'py>,
        seat: Int<usize>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        guard!(self, {
            let seat = seat.0;
            if seat >= self.seats {
                return Err(Failure::from(AnyError::NoSuchSeat(
                    u32::try_from(seat).unwrap_or(u32::MAX),
                ))
                .into());
            }
            let mut obs = Array2::<f32>::zeros((self.n, self.obs_len));
            let out = obs.as_slice_mut().expect("contiguous");
            each_bot_batch!(&self.batch, b => b.observe_seat(Seat(seat as u8), out));
            Ok(obs.into_pyarray(py))
        })
    }

    /// Play one action per game (an int array of `num_envs` ids, each legal for its game's
    /// learner seat to move), then chance and the bots up to the next learner decision:
    /// returns `(observations, masks, rewards, dones, to_play)`, rewards per seat (the
    /// returns on the step a game ends, else 0). An illegal or unknown action raises before
    /// any game changes.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<StepOut<'py>> {
        guard!(self, {
            let ids = action_ids(py, actions, self.n)?;
            self.ids = ids;
            each_bot_batch!(&self.batch, b => b.check(&self.ids))?;
            let mut arrays = self.arrays();
            let (batch, ids) = (&mut self.batch, &self.ids);
            let rows = arrays.rows();
            py.detach(|| each_bot_batch!(batch, b => b.run(Some(ids), 0, rows)));
            Ok((
                arrays.obs.into_pyarray(py),
                i8_of(arrays.masks).into_pyarray(py),
                arrays.rewards.into_pyarray(py),
                arrays.dones.into_pyarray(py),
                arrays.to_play.into_pyarray(py),
            ))
        })
    }

    /// Game `i` as a `Game` (a copy: for inspection, the record starts at its position).
    fn game(&self, i: Int<usize>) -> PyResult<PyGame> {
        guard!(self, {
            let i = i.0;
            let g = each_bot_batch!(&self.batch, b => b.game(i))
                .ok_or_else(|| Failure::new(Status::InvalidArgument, format!("no game {i}")))?;
            Ok(PyGame::wrap(g, 0))
        })
    }
}

/// The actions of a step as ids: any 1-d sequence of `n` integers (as `VecEnv.step` takes).
fn action_ids<'py>(py: Python<'py>, actions: &Bound<'py, PyAny>, n: usize) -> PyResult<Vec<u32>> {
    let array: PyReadonlyArray1<'py, i64> = match actions.extract() {
        Ok(a) => a,
        Err(_) => {
            let numpy = py.import("numpy")?;
            let ints = |_| PyTypeError::new_err("actions must be a 1-d sequence of ints");
            let given = numpy.getattr("asarray")?.call1((actions,)).map_err(ints)?;
            let dtype_kind: String = given.getattr("dtype")?.getattr("kind")?.extract()?;
            if dtype_kind != "i" && dtype_kind != "u" {
                return Err(PyTypeError::new_err(format!(
                    "actions must be integers (action ids), not an array of dtype {}",
                    given.getattr("dtype")?.str()?
                )));
            }
            numpy
                .getattr("ascontiguousarray")?
                .call1((given, "int64"))
                .map_err(ints)?
                .extract()
                .map_err(ints)?
        }
    };
    let actions = array
        .as_slice()
        .map_err(|_| PyTypeError::new_err("actions must be a contiguous int64 array"))?;
    if actions.len() != n {
        return Err(Failure::new(
            Status::InvalidArgument,
            format!("{} actions for {n} games", actions.len()),
        )
        .into());
    }
    let mut ids = Vec::with_capacity(n);
    for (i, &a) in actions.iter().enumerate() {
        let id = u32::try_from(a).map_err(|_| {
            Failure::new(
                Status::UnknownAction,
                format!("game {i}: no action of this game has id {a}"),
            )
        })?;
        ids.push(id);
    }
    Ok(ids)
}

// ---- bot_actions ----------------------------------------------------------------------------

/// The typed positions of `games`, all of kind `G`.
fn positions<G: BotGame>(games: &[PyRef<'_, PyGame>]) -> Vec<G> {
    games
        .iter()
        .filter_map(|g| g.game.typed::<G>().cloned())
        .collect()
}

/// The choice of the bot of `spec` seeded with `seed` in each position (-1 where no seat is
/// to move), the positions split over `threads`.
fn choose_all<G: BotGame>(positions: &[G], spec: SeatSpec, seed: u64, threads: usize) -> Vec<i64> {
    let mut out = vec![-1i64; positions.len()];
    if positions.is_empty() {
        return out;
    }
    let k = threads.clamp(1, positions.len());
    let block = positions.len().div_ceil(k * BLOCKS_PER_THREAD).max(1);
    let blocks: Vec<_> = positions.chunks(block).zip(out.chunks_mut(block)).collect();
    let bots = (0..k).map(|_| make_bot::<G>(spec, seed)).collect();
    let mut helpers = Helpers::lend(k - 1);
    helpers.share_out(bots, blocks, |bot, (games, out), _: &mut ()| {
        let Some(bot) = bot else {
            return;
        };
        for (g, o) in games.iter().zip(out.iter_mut()) {
            if let ToMove::Seat(_) = g.to_move() {
                *o = bot.choose(g).map_or(-1, |a| i64::from(a.id()));
            }
        }
    });
    helpers.give_back();
    out
}

/// How many blocks per thread a batch is cut into ([`Helpers::share_out`]).
const BLOCKS_PER_THREAD: usize = 32;

/// The helpers [`Helpers::lend`] gives out and [`Helpers::give_back`] keeps.
static SPARE_HELPERS: Mutex<Vec<Helpers>> = Mutex::new(Vec::new());

/// The threads that work beside the caller's: a pool kept from call to call, since starting a
/// thread for every step cost about 80 µs, as much as a whole step of 1,024 games against the
/// random bot.
struct Helpers {
    /// The pool (none for the caller's thread alone, or if the system would not start one),
    /// and the process that started it: a process forked from this one has none of its
    /// threads, so a call there starts a new pool.
    pool: Option<(rayon::ThreadPool, u32)>,
    /// How many helper threads were asked for.
    threads: usize,
}

impl Helpers {
    /// Helpers kept between calls of `bot_actions`, which has no object to keep them in: a
    /// few sets, one per call under way.
    const SPARE_SETS: usize = 4;

    /// `threads` helper threads (none for 0).
    fn new(threads: usize) -> Helpers {
        let pool = if threads == 0 {
            None
        } else {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(|i| format!("dangian-helper-{i}"))
                .build()
                .ok()
        };
        let pool = pool.map(|pool| (pool, std::process::id()));
        Helpers { pool, threads }
    }

    /// `threads` helper threads for one call, from the spares when there are some.
    fn lend(threads: usize) -> Helpers {
        let mut spare = SPARE_HELPERS.lock().unwrap_or_else(PoisonError::into_inner);
        match spare.iter().position(|h| h.threads == threads) {
            Some(i) => spare.swap_remove(i),
            None => Helpers::new(threads),
        }
    }

    /// Keeps these helpers for a later call (unless enough are kept).
    fn give_back(self) {
        let mut spare = SPARE_HELPERS.lock().unwrap_or_else(PoisonError::into_inner);
        if spare.len() < Helpers::SPARE_SETS {
            spare.push(self);
        }
    }

    /// Runs `tasks` on `workers`, the first on the calling thread and each other on a helper
    /// thread, every worker taking the next task as it finishes one, and returns what each
    /// worker gathered in `R`. A panic on any thread is raised again on the caller's.
    fn share_out<W: Send, T: Send, R: Send + Default>(
        &mut self,
        mut workers: Vec<W>,
        tasks: Vec<T>,
        work: impl Fn(&mut W, T, &mut R) + Sync,
    ) -> Vec<R> {
        if matches!(&self.pool, Some((_, pid)) if *pid != std::process::id()) {
            // A forked process: the pool's threads stayed in the parent. The pool is forgotten,
            // not dropped: dropping it would wake threads that are not here, through locks
            // that one of them may have held at the fork.
            std::mem::forget(self.pool.take());
            *self = Helpers::new(self.threads);
        }
        let queue = Mutex::new(tasks.into_iter());
        let drain = |worker: &mut W, gathered: &mut R| loop {
            let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
            let Some(task) = next else {
                return;
            };
            work(worker, task, gathered);
        };
        let mut all: Vec<R> = workers.iter().map(|_| R::default()).collect();
        let Some(((first, others), (mine, theirs))) =
            workers.split_first_mut().zip(all.split_first_mut())
        else {
            return all;
        };
        match &self.pool {
            Some((pool, _)) if !others.is_empty() => pool.in_place_scope(|scope| {
                let drain = &drain;
                for (w, r) in others.iter_mut().zip(theirs.iter_mut()) {
                    scope.spawn(move |_| drain(w, r));
                }
                drain(first, mine);
            }),
            // No helper: the caller does everything with the first worker.
            _ => drain(first, mine),
        }
        all
    }
}

/// A bot's choice in each of `games` (all of one kind): an int64 array, the action id the bot
/// of `player` ("random", "easy", "medium", "hard", "expert:COUNT" or "expert:MSms", as in
/// `BotVecEnv`) seeded with `seed` plays for the seat to move, or -1 for a game where no seat
/// is to move. The same choice as `game.bot_choose(game.current_seat, player, seed)` for a
/// level. The positions are copied, then decided with the GIL released over `threads`
/// (default: the machine's cores).
#[pyfunction]
#[pyo3(signature = (games, player, seed = Int(0), *, threads = None))]
fn bot_actions<'py>(
    py: Python<'py>,
    games: Vec<PyRef<'py, PyGame>>,
    player: &str,
    seed: Int<u64>,
    threads: Option<Int<usize>>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    guard!({
        let seed = seed.0;
        let threads = threads_in_range(threads.map(|t| t.0))?;
        let spec = SeatSpec::parse(player)?;
        if spec == SeatSpec::Learner {
            return Err(Failure::new(
                Status::InvalidArgument,
                "the learner is no bot: expected random, easy, medium, hard or expert:…",
            )
            .into());
        }
        if games.len() > MAX_ENVS {
            return Err(Failure::new(
                Status::InvalidArgument,
                format!("{} games: at most {MAX_ENVS}", games.len()),
            )
            .into());
        }
        for g in &games {
            g.poison.check()?;
        }
        let Some(kind) = games.first().map(|g| g.game.kind()) else {
            return Ok(Array1::<i64>::zeros(0).into_pyarray(py));
        };
        if let Some(i) = games.iter().position(|g| g.game.kind() != kind) {
            return Err(Failure::new(
                Status::InvalidArgument,
                format!("game {i} is not of the first game's kind"),
            )
            .into());
        }
        let out = match kind {
            GameKind::OAnQuan => {
                let p = positions::<o_an_quan::State>(&games);
                py.detach(|| choose_all(&p, spec, seed, threads))
            }
            GameKind::CaNgua => {
                let p = positions::<ca_ngua::State>(&games);
                py.detach(|| choose_all(&p, spec, seed, threads))
            }
            GameKind::Domino => {
                let p = positions::<domino::State>(&games);
                py.detach(|| choose_all(&p, spec, seed, threads))
            }
        };
        Ok(Array1::from_vec(out).into_pyarray(py))
    })
}

/// Registers the classes and functions of this module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<BotVecEnv>()?;
    m.add_function(wrap_pyfunction!(bot_actions, m)?)?;
    m.add("MAX_THREADS", MAX_THREADS)?;
    Ok(())
}
