//! Bot against bot: plays N seeded games between two bots and prints the win rate of the
//! first with a 95% confidence interval (Wilson score interval), its score in each seat, and
//! how many distinct games were played.
//!
//! ```text
//! cargo run --release --example arena -- GAME BOT_A BOT_B N [SEED]
//! ```
//!
//! - `GAME`: `o_an_quan`, `domino` or `ca_ngua`, optionally with a preset of that game's
//!   config: `domino:kozel`, `o_an_quan:vi_wikipedia`, `ca_ngua:two_players`, … or, for
//!   Ô ăn quan and Domino, a JSON config: `'o_an_quan:{"refill":"PayFromScore"}'`.
//! - `BOT_A`, `BOT_B`: `random`, `easy`, `medium`, `hard`, `expert:MS` (the time-budgeted
//!   expert, milliseconds per decision), `learned` (one ply, as easy, by the game's learned
//!   evaluation, `dangian::ca_ngua::learned_values`), or a reference search:
//!   `puct:SIMULATIONS[:C[:FIRST_PLAY[:MATERIAL]]]` (PUCT; leaf values by material, or by
//!   the full evaluation with MATERIAL 0),
//!   `mcts:ITERATIONS[:ROLLOUT_DEPTH[:EXPLORATION[:GREEDY_SHARE[:LEARNED]]]]` (LEARNED 1:
//!   playouts by the game's learned evaluation, `dangian::ca_ngua::learned_values`),
//!   `em:DEPTH[:NODES[:MATERIAL[:NOISE[:DEALS]]]]` (expectimax over the dice, averaged over
//!   DEALS determinizations; MATERIAL 1 values the horizon by material alone),
//!   `ab:NODES[:DEPTH[:QUIESCENCE[:NOISE[:REDUCTION[:PROGRESS]]]]]` (Ô ăn quan's
//!   alpha-beta; `PROGRESS` 0 is the search without a preference for progress).
//!   With `ARENA_CERTIFICATE` set to an Ô ăn quan proof certificate or strategy file (gzip
//!   or not), it is installed for the process (`dangian::o_an_quan::install_certificate`):
//!   medium, hard and expert then play its moves wherever it holds.
//! - `N`: games; `SEED`: the first seed (default 1). Games `2k` and `2k + 1` deal their
//!   chance outcomes from seed `SEED + k` (the same dice and deals, as long as the choices
//!   agree) with the seats swapped, and seed the bots from it, so every run with the same
//!   arguments gives the same table on every machine (except with `expert:`). Set
//!   `ARENA_THREADS` to play games in parallel (the results do not depend on it).
//! - `ARENA_OPENING=K`: both games of a pair start from the same K random decisions (drawn
//!   from the pair's seed), so that deterministic bots play different games;
//!   `ARENA_BALANCED=1` keeps only openings a deep Ô ăn quan search finds balanced (35% to
//!   65% for the side to move). `ARENA_VERBOSE=1` prints every game, `ARENA_PROGRESS=1`
//!   each result as it comes.
//!
//! Seats: with two seats, A takes seat 0 in even games and seat 1 in odd ones. With more,
//! the seats are split in two teams by parity and the teams swap every game (four seats: A
//! plays seats 0 and 2, then 1 and 3; three seats: A plays 0 and 2, then 1). A game is won
//! by the team holding the best place (Ô ăn quan and Domino places come from the scores,
//! Cờ cá ngựa's from the finishing order), drawn when both teams share it. So two equal bots
//! score 50% in every game, and the printed rate is A's share of the points (a draw is half).
//! A Cờ cá ngựa game stops once the first player has finished, which decides it.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use dangian::bot::{
    Bot, Evaluate, ExpectimaxBot, ExpectimaxSettings, GreedyBot, Level, MctsBot, MctsSettings,
    PuctBot, PuctSettings, RandomBot,
};
use dangian::o_an_quan::{AlphaBetaBot, AlphaBetaSettings};
use dangian::{Action, ActionList, GameConfig, GameRng, NoEvents, Seat, ToMove};

/// A bot described on the command line.
#[derive(Copy, Clone, Debug)]
enum BotSpec {
    Random,
    /// One ply by the game's learned evaluation.
    Learned,
    Level(Level),
    Mcts(MctsSettings),
    /// The time-budgeted expert, milliseconds per decision.
    Expert(u64),
    Puct(PuctSettings),
    /// A game's own search with custom numbers (`ab:` for Ô ăn quan, …).
    Custom(&'static str, [f64; 6]),
}

impl BotSpec {
    fn parse<G: Evaluate>(text: &str) -> Result<BotSpec, String> {
        if text == "random" {
            return Ok(BotSpec::Random);
        }
        if text == "learned" {
            return Ok(BotSpec::Learned);
        }
        if let Ok(level) = text.parse::<Level>() {
            return Ok(BotSpec::Level(level));
        }
        if let Some(ms) = text.strip_prefix("expert:") {
            return ms
                .parse()
                .map(BotSpec::Expert)
                .map_err(|_| format!("bad milliseconds in {text:?}"));
        }
        if let Some(rest) = text.strip_prefix("puct:") {
            let mut settings = PuctSettings::with(10_000);
            let mut parts = rest.split(':');
            let bad = |what: &str| format!("bad {what} in {text:?}");
            if let Some(p) = parts.next() {
                settings.simulations = p.parse().map_err(|_| bad("simulations"))?;
            }
            if let Some(p) = parts.next() {
                settings.c_puct = p.parse().map_err(|_| bad("c_puct"))?;
            }
            if let Some(p) = parts.next() {
                settings.first_play = p.parse().map_err(|_| bad("first-play value"))?;
            }
            if let Some(p) = parts.next() {
                settings.material = p != "0";
            }
            return Ok(BotSpec::Puct(settings));
        }
        for kind in CUSTOM {
            if let Some(rest) = text.strip_prefix(kind).and_then(|r| r.strip_prefix(':')) {
                let mut numbers = [f64::NAN; 6];
                for (n, p) in numbers.iter_mut().zip(rest.split(':')) {
                    *n = p
                        .parse()
                        .map_err(|_| format!("bad number {p:?} in {text:?}"))?;
                }
                return Ok(BotSpec::Custom(kind, numbers));
            }
        }
        let Some(rest) = text.strip_prefix("mcts:") else {
            return Err(format!(
                "unknown bot {text:?}: random, easy, medium, hard, expert:MS, learned, puct:SIMS[:C[:FPU[:MATERIAL]]], \
                 mcts:ITER[:DEPTH[:C[:GREEDY[:LEARNED]]]] or {}",
                CUSTOM.join(":…, ")
            ));
        };
        let mut settings = MctsSettings::hard::<G>();
        let mut parts = rest.split(':');
        let bad = |what: &str| format!("bad {what} in {text:?}");
        if let Some(p) = parts.next() {
            settings.iterations = p.parse().map_err(|_| bad("iterations"))?;
        }
        if let Some(p) = parts.next() {
            settings.rollout_depth = p.parse().map_err(|_| bad("rollout depth"))?;
        }
        if let Some(p) = parts.next() {
            settings.exploration = p.parse().map_err(|_| bad("exploration"))?;
        }
        if let Some(p) = parts.next() {
            settings.greedy_rollouts = p.parse().map_err(|_| bad("greedy share"))?;
        }
        if let Some(p) = parts.next() {
            settings.learned = match p {
                "0" => false,
                "1" => true,
                _ => return Err(bad("learned (0 or 1)")),
            };
        }
        Ok(BotSpec::Mcts(settings))
    }

    fn build<G: ArenaGame>(self, seed: u64) -> Box<dyn Bot<G> + Send> {
        match self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Learned => Box::new(GreedyBot::learned(seed)),
            BotSpec::Level(level) => dangian::bot::bot_for_level::<G>(level, seed),
            BotSpec::Mcts(settings) => Box::new(MctsBot::new(settings, seed)),
            BotSpec::Expert(ms) => {
                dangian::bot::bot_with_budget::<G>(Duration::from_millis(ms), seed)
            }
            BotSpec::Puct(settings) => Box::new(PuctBot::new(settings, seed)),
            BotSpec::Custom("em", n) => Box::new(ExpectimaxBot::new(
                ExpectimaxSettings {
                    depth: arg(&n, 0, 2.0) as u8,
                    nodes: arg(&n, 1, 1e6) as u32,
                    material: arg(&n, 2, 0.0) != 0.0,
                    noise: arg(&n, 3, 0.0),
                    deals: arg(&n, 4, 1.0) as u32,
                },
                seed,
            )),
            BotSpec::Custom(kind, numbers) => G::custom(kind, numbers, seed)
                .unwrap_or_else(|| panic!("{kind}: not a bot of {}", G::KIND)),
        }
    }
}

/// The custom searches (`KIND:NUMBERS`), each for the game it belongs to:
/// `ab:NODES:DEPTH:QUIESCENCE:NOISE:REDUCTION:PROGRESS` (Ô ăn quan's alpha-beta),
/// `em:DEPTH:NODES:MATERIAL:NOISE:DEALS` (expectimax over the dice, any game; MATERIAL 1
/// values the horizon by material alone; DEALS determinizations for hidden information).
const CUSTOM: [&str; 2] = ["ab", "em"];

/// Installs the Ô ăn quan certificate of `ARENA_CERTIFICATE` (a certificate or strategy
/// file, gzip or not), when it is set.
fn install_arena_certificate() -> Result<(), String> {
    use dangian::o_an_quan::{install_certificate, Certificate};
    use std::io::Read;
    let Ok(path) = std::env::var("ARENA_CERTIFICATE") else {
        return Ok(());
    };
    let file = std::fs::read(&path).map_err(|e| format!("{path}: {e}"))?;
    let mut bytes = file.clone();
    if file.starts_with(&[0x1f, 0x8b]) {
        bytes.clear();
        flate2::read::GzDecoder::new(&file[..])
            .read_to_end(&mut bytes)
            .map_err(|e| format!("{path}: {e}"))?;
    }
    let certificate = Certificate::read(&bytes).map_err(|e| format!("{path}: {e}"))?;
    install_certificate(std::sync::Arc::new(certificate)).map_err(|e| format!("{path}: {e}"))
}

/// The `i`-th number of a custom spec, or `default` when it was not given.
fn arg(numbers: &[f64; 6], i: usize, default: f64) -> f64 {
    if numbers[i].is_nan() {
        default
    } else {
        numbers[i]
    }
}

/// A game the arena can play: with, for Cờ cá ngựa, the moment the result is known.
trait ArenaGame: Evaluate + std::fmt::Display {
    /// The seats placed so far, best first, when the game may stop before its end because
    /// the arena's result (the team of the best place) cannot change any more.
    fn decided(&self) -> Option<Vec<Seat>> {
        None
    }

    /// Whether a position is fair to both sides, for a balanced opening: by default, yes.
    fn balanced(&self) -> bool {
        true
    }

    /// A custom search of this game (see [`CUSTOM`]).
    fn custom(_kind: &str, _numbers: [f64; 6], _seed: u64) -> Option<Box<dyn Bot<Self> + Send>> {
        None
    }
}

impl ArenaGame for dangian::o_an_quan::State {
    /// A search of 400 000 positions gives the side to move between 35% and 65%.
    fn balanced(&self) -> bool {
        let mut judge = AlphaBetaBot::new(
            AlphaBetaSettings {
                nodes: 400_000,
                ..AlphaBetaSettings::HARD
            },
            0,
        );
        judge
            .hints(self)
            .first()
            .is_some_and(|h| (0.35..=0.65).contains(&h.score))
    }

    fn custom(kind: &str, n: [f64; 6], seed: u64) -> Option<Box<dyn Bot<Self> + Send>> {
        let h = AlphaBetaSettings::HARD;
        match kind {
            "ab" => Some(Box::new(AlphaBetaBot::new(
                AlphaBetaSettings {
                    nodes: arg(&n, 0, f64::from(h.nodes)) as u32,
                    max_depth: arg(&n, 1, f64::from(h.max_depth)) as u8,
                    quiescence: arg(&n, 2, f64::from(h.quiescence)) as u8,
                    noise: arg(&n, 3, f64::from(h.noise)) as i32,
                    table_bits: h.table_bits,
                    reduction: arg(&n, 4, f64::from(h.reduction)) as u8,
                    progress: arg(&n, 5, f64::from(h.progress)) as i32,
                    endgame: h.endgame,
                    certificates: h.certificates,
                },
                seed,
            ))),
            _ => None,
        }
    }
}
impl ArenaGame for dangian::domino::State {}
impl ArenaGame for dangian::ca_ngua::State {
    /// Places are taken in finishing order, so the first finisher decides.
    fn decided(&self) -> Option<Vec<Seat>> {
        let first = self.finishing_order().next()?;
        Some(vec![first])
    }
}

/// What one game gave: A's points (1 win, 0.5 draw, 0 loss), and the decision times.
#[derive(Default)]
struct GameResult {
    points: f64,
    /// A hash of every action of the game (chance included), to count distinct games.
    actions: u64,
    /// Whether A held seat 0.
    a_first: bool,
    time: [Duration; 2],
    decisions: [u32; 2],
    slowest: [Duration; 2],
}

/// Whether seat `s` belongs to A in game `g`.
fn is_a(g: u64, s: u8) -> bool {
    (u64::from(s) + g) % 2 == 0
}

fn play_one<G: ArenaGame>(
    config: &G::Config,
    specs: [BotSpec; 2],
    seed: u64,
    g: u64,
) -> GameResult {
    // Games come in pairs with the same seed and the teams swapped, so luck evens out.
    let game_seed = seed.wrapping_add(g / 2);
    let (mut game, opened) = opening::<G>(config, game_seed);
    let seats = game.seats();
    let mut bots: [Box<dyn Bot<G> + Send>; 2] = [
        specs[0].build::<G>(game_seed.wrapping_mul(2).wrapping_add(11)),
        specs[1].build::<G>(game_seed.wrapping_mul(2).wrapping_add(12)),
    ];
    let mut chance = GameRng::new(game_seed);
    let mut result = GameResult {
        a_first: is_a(g, 0),
        ..GameResult::default()
    };
    let mut trace: u64 = game.state_hash();
    let verbose = std::env::var_os("ARENA_VERBOSE").is_some();
    let mut moves = format!("[{opened}] ");
    // A seat with more seats than a decision needs is still someone's: see the module docs.
    let side = |s: Seat| if is_a(g, s.0) { 0 } else { 1 };
    let mut early = None;
    let mut legal = ActionList::new();
    loop {
        if let Some(placed) = game.decided() {
            early = Some(placed);
            break;
        }
        let action = match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => game.sample_chance(&mut chance).expect("chance outcome"),
            ToMove::Seat(s) => {
                let b = side(s);
                game.legal_actions(&mut legal);
                let start = Instant::now();
                let a = bots[b].choose(&game).expect("a legal action");
                let took = start.elapsed();
                // Times are kept for real choices only (one legal action costs nothing).
                if legal.len() > 1 {
                    result.time[b] += took;
                    result.decisions[b] += 1;
                    result.slowest[b] = result.slowest[b].max(took);
                }
                a
            }
        };
        trace = (trace ^ u64::from(action.id())).wrapping_mul(0x0000_0100_0000_01b3);
        if verbose {
            moves.push_str(&format!("{action} "));
        }
        game.apply(action, &mut NoEvents).expect("legal");
    }
    result.actions = trace;
    if verbose {
        println!("game {g} (A in seat {}): {moves}", u8::from(!is_a(g, 0)));
        println!(
            "  {} moves, {:?}",
            game.move_number(),
            game.outcome().map(|o| (o.reason, o.scores))
        );
        if std::env::var_os("ARENA_VERBOSE").is_some_and(|v| v == "2") {
            println!("{game}");
        }
    }
    // The best place of each team (u8::MAX: none).
    let mut places = [0u8; dangian::MAX_SEATS];
    match early {
        Some(placed) => {
            for (i, s) in placed.iter().enumerate() {
                places[s.index()] = i as u8 + 1;
            }
        }
        None => places = game.outcome().expect("over").places,
    }
    let best = |team: usize| {
        (0..seats)
            .filter(|&s| side(Seat(s)) == team && places[usize::from(s)] > 0)
            .map(|s| places[usize::from(s)])
            .min()
            .unwrap_or(u8::MAX)
    };
    let (a, b) = (best(0), best(1));
    result.points = match a.cmp(&b) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Greater => 0.0,
    };
    result
}

/// The position a pair of games starts from: `ARENA_OPENING` random decisions (chance
/// sampled too) from the start, so that deterministic bots play more than one game; with
/// `ARENA_BALANCED` set, only an opening the game's judge finds balanced
/// ([`ArenaGame::balanced`]; drawn again until one is).
fn opening<G: ArenaGame>(config: &G::Config, game_seed: u64) -> (G, String) {
    let mut rng = GameRng::new(game_seed ^ 0x5eed_0f0e_11a9);
    let balanced = std::env::var_os("ARENA_BALANCED").is_some();
    let mut legal = ActionList::new();
    for _attempt in 0..1000 {
        let mut game = G::new(config.clone()).expect("valid config");
        let mut plies = opening_plies();
        let mut text = String::new();
        while plies > 0 {
            let action = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => game.sample_chance(&mut rng).expect("chance outcome"),
                ToMove::Seat(_) => {
                    plies -= 1;
                    game.legal_actions(&mut legal);
                    G::Action::from_id(legal[rng.below(legal.len() as u32) as usize])
                        .expect("a legal id")
                }
            };
            text.push_str(&format!("{action} "));
            game.apply(action, &mut NoEvents).expect("legal");
        }
        if !balanced || (!game.is_over() && game.balanced()) {
            return (game, text);
        }
    }
    panic!("no balanced opening in 1000 tries");
}

/// `ARENA_OPENING`: random plies at the start of every game (default 0).
fn opening_plies() -> u32 {
    std::env::var("ARENA_OPENING")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(0)
}

/// The 95% Wilson score interval for a proportion `p` over `n` trials.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z = 1.959_964;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

fn run<G: ArenaGame>(config: G::Config, names: [&str; 2], n: u64, seed: u64) -> Result<(), String> {
    let specs = [
        BotSpec::parse::<G>(names[0])?,
        BotSpec::parse::<G>(names[1])?,
    ];
    G::new(config.clone()).map_err(|e| e.to_string())?;
    let threads = std::env::var("ARENA_THREADS")
        .ok()
        .and_then(|t| t.parse::<u64>().ok())
        .unwrap_or(1)
        .clamp(1, 64);
    let results: Vec<GameResult> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let config = config.clone();
                scope.spawn(move || {
                    (0..n)
                        .filter(|g| g % threads == t)
                        .map(|g| {
                            let r = play_one::<G>(&config, specs, seed, g);
                            if std::env::var_os("ARENA_PROGRESS").is_some() {
                                eprintln!("game {g}: A scores {}", r.points);
                            }
                            (g, r)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(u64, GameResult)> = handles
            .into_iter()
            .flat_map(|h| h.join().expect("arena thread"))
            .collect();
        all.sort_by_key(|(g, _)| *g);
        all.into_iter().map(|(_, r)| r).collect()
    });
    let wins = results.iter().filter(|r| r.points == 1.0).count();
    let draws = results.iter().filter(|r| r.points == 0.5).count();
    let losses = results.len() - wins - draws;
    let points: f64 = results.iter().map(|r| r.points).sum();
    let p = points / n as f64;
    let (lo, hi) = wilson(p, n as f64);
    println!(
        "{}: {} (A) vs {} (B), {n} games from seed {seed}",
        G::KIND,
        names[0],
        names[1]
    );
    println!("A wins {wins}, draws {draws}, B wins {losses}");
    println!(
        "A scores {:.1}% (95% CI {:.1}%-{:.1}%){}",
        100.0 * p,
        100.0 * lo,
        100.0 * hi,
        if lo > 0.5 {
            ": A is stronger"
        } else if hi < 0.5 {
            ": B is stronger"
        } else {
            ": no significant difference"
        }
    );
    let distinct: HashSet<u64> = results.iter().map(|r| r.actions).collect();
    println!(
        "{} distinct games ({} random opening plies per game)",
        distinct.len(),
        opening_plies()
    );
    for first in [true, false] {
        let part: Vec<&GameResult> = results.iter().filter(|r| r.a_first == first).collect();
        if part.is_empty() {
            continue;
        }
        let pts: f64 = part.iter().map(|r| r.points).sum();
        let m = part.len() as f64;
        let (lo, hi) = wilson(pts / m, m);
        let d: HashSet<u64> = part.iter().map(|r| r.actions).collect();
        println!(
            "A in seat 0: {first}: {} games ({} distinct), A scores {:.1}% (95% CI {:.1}%-{:.1}%)",
            part.len(),
            d.len(),
            100.0 * pts / m,
            100.0 * lo,
            100.0 * hi
        );
    }
    for (b, name) in names.iter().enumerate() {
        let decisions: u32 = results.iter().map(|r| r.decisions[b]).sum();
        let time: Duration = results.iter().map(|r| r.time[b]).sum();
        let slowest = results
            .iter()
            .map(|r| r.slowest[b])
            .max()
            .unwrap_or_default();
        if decisions > 0 {
            println!(
                "{} {name}: {decisions} choices (2+ legal actions), mean {:.2} ms, slowest {:.1} ms",
                ["A", "B"][b],
                time.as_secs_f64() * 1000.0 / f64::from(decisions),
                slowest.as_secs_f64() * 1000.0
            );
        }
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 || args.len() > 5 {
        eprintln!("usage: arena GAME[:PRESET] BOT_A BOT_B N [SEED]");
        eprintln!("  GAME: o_an_quan, domino, ca_ngua; BOT: random, easy, medium, hard, learned, mcts:ITER[:DEPTH[:C[:GREEDY[:LEARNED]]]]");
        std::process::exit(2);
    }
    let n: u64 = match args[3].parse() {
        Ok(n) if n > 0 => n,
        _ => {
            eprintln!("N must be a positive number of games");
            std::process::exit(2);
        }
    };
    let seed: u64 = match args.get(4).map(|s| s.parse()) {
        None => 1,
        Some(Ok(s)) => s,
        Some(Err(_)) => {
            eprintln!("SEED must be a number");
            std::process::exit(2);
        }
    };
    let names = [args[1].as_str(), args[2].as_str()];
    let (game, preset) = match args[0].split_once(':') {
        Some((g, p)) => (g, Some(p)),
        None => (args[0].as_str(), None),
    };
    let unknown_preset = |p: &str| format!("no preset {p:?} for {game}");
    let result = match game {
        "o_an_quan" => {
            use dangian::o_an_quan::{Config, State};
            if let Err(e) = install_arena_certificate() {
                eprintln!("{e}");
                std::process::exit(2);
            }
            match preset.map(|p| {
                if p.starts_with('{') {
                    serde_json::from_str(p).map_err(|e| e.to_string())
                } else {
                    Config::preset(p).ok_or_else(|| unknown_preset(p))
                }
            }) {
                None => run::<State>(Config::default(), names, n, seed),
                Some(Ok(c)) => run::<State>(c, names, n, seed),
                Some(Err(e)) => Err(e),
            }
        }
        "domino" => {
            use dangian::domino::{Config, State};
            match preset.map(|p| {
                if p.starts_with('{') {
                    serde_json::from_str(p).map_err(|e| e.to_string())
                } else {
                    Config::preset(p).ok_or_else(|| unknown_preset(p))
                }
            }) {
                None => run::<State>(Config::default(), names, n, seed),
                Some(Ok(c)) => run::<State>(c, names, n, seed),
                Some(Err(e)) => Err(e),
            }
        }
        "ca_ngua" => {
            use dangian::ca_ngua::{Config, State};
            let config = match preset {
                None => Ok(Config::default()),
                Some("one_die") => Ok(Config::one_die()),
                Some("two_players") => Ok(Config::two_players()),
                Some("three_players") => Ok(Config::three_players()),
                Some("two_players_two_colours") => Ok(Config::two_players_two_colours()),
                Some(p) => Err(unknown_preset(p)),
            };
            config.and_then(|c| run::<State>(c, names, n, seed))
        }
        other => Err(format!("unknown game {other:?}")),
    };
    if let Err(e) = result {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
