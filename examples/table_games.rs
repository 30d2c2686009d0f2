//! How games at a table end: plays N games with every seat at the `hard` level, each from a
//! few random opening plies, and prints the distribution of game lengths, the end reasons,
//! and the results in each game's own terms.
//!
//! ```text
//! cargo run --release --example table_games -- GAME[:PRESET] N [SEED]
//! ```
//!
//! - `GAME`: `o_an_quan`, `ca_ngua` or `domino`, optionally with one of its presets
//!   (`o_an_quan:threefold`, `domino:kozel`, …) or a JSON config
//!   (`'o_an_quan:{"repetition_limit":3}'`); without one, the game's default table (the
//!   first of `dangian::any::table_presets`).
//! - `N`: games; `SEED`: the first seed (default 1). Game `g` draws its opening, its chance
//!   outcomes and its bots' seeds from `SEED + g`, so the output is the same on every machine
//!   and for every number of threads.
//! - `TABLE_THREADS`: games played in parallel (default 1). `TABLE_OPENING`: the random
//!   decisions (chance sampled too) each game starts with (default 4), so that the
//!   deterministic bots play different games. `TABLE_PROGRESS=1` prints each game as it
//!   ends, on stderr (`game SEED: PLIES DECISIONS REASON FIGURES…`, by the game's seed);
//!   `TABLE_FROM=FILE` prints the summary of the games `SEED..SEED + N` such a log holds
//!   instead of playing them, up to the first one missing (a run that was stopped, or runs
//!   of parts of the seeds put together).
//!
//! Lengths are counted in plies (every action, chance included) and decisions (the actions a
//! seat chose, the opening's included). The results: for Ô ăn quan the final totals, the
//! margin, and the debts (a negative total is what that player owes the other); for Cờ cá
//! ngựa the dice rolls until the first player finished and until the end, and the kicks;
//! for Domino the rounds a match took and the penalty points.

use std::collections::BTreeMap;

use dangian::bot::{bot_for_level, Bot, Evaluate, Level};
use dangian::{Action, ActionList, Game, GameConfig, GameRng, Named, NoEvents, ToMove};

/// What one game gave.
struct Played {
    plies: u32,
    decisions: u32,
    /// The end reason's name.
    reason: String,
    /// The game's own figures (see [`TableGame::figures`]).
    figures: Vec<i64>,
}

/// A game this tool can summarise: its own figures of a finished game and how to print
/// them.
trait TableGame: Evaluate {
    /// Figures of the finished game `g`, from which [`TableGame::report`] prints; `rolls`
    /// is the number of chance actions, `first` the rolls made when the first player
    /// finished (Cờ cá ngựa).
    fn figures(g: &Self, rolls: u32, first: Option<u32>) -> Vec<i64>;
    /// Whether a player has finished (Cờ cá ngựa's first place is taken).
    fn someone_finished(&self) -> bool {
        false
    }
    /// Prints the game's own results of all games.
    fn report(all: &[Played]);
}

/// The `q`-quantile (nearest rank) of sorted values.
fn quantile(sorted: &[i64], q: f64) -> i64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// One line: min, p10, p50, p90, p99, max and the mean of some values.
fn spread(label: &str, values: impl IntoIterator<Item = i64>) {
    let mut v: Vec<i64> = values.into_iter().collect();
    if v.is_empty() {
        println!("  {label}: none");
        return;
    }
    v.sort_unstable();
    let mean = v.iter().sum::<i64>() as f64 / v.len() as f64;
    println!(
        "  {label}: min {}, p10 {}, p50 {}, p90 {}, p99 {}, max {} (mean {mean:.1}, {} games)",
        v[0],
        quantile(&v, 0.10),
        quantile(&v, 0.50),
        quantile(&v, 0.90),
        quantile(&v, 0.99),
        v[v.len() - 1],
        v.len()
    );
}

/// A histogram of `values` in `bins` equal bins from 0 to the largest value (rounded up to
/// a round width), with a bar of `#` per bin.
fn histogram(label: &str, values: &[i64]) {
    let max = values.iter().copied().max().unwrap_or(0).max(1);
    let widths = [
        1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000,
    ];
    let width = widths
        .iter()
        .copied()
        .find(|w| (max + 1 + w - 1) / w <= 12)
        .unwrap_or(10_000);
    let bins = ((max + 1 + width - 1) / width) as usize;
    let mut counts = vec![0usize; bins];
    for &x in values {
        counts[(x.max(0) / width) as usize] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(1).max(1);
    println!("  {label} histogram:");
    for (i, c) in counts.iter().enumerate() {
        let lo = i as i64 * width;
        let bar = "#".repeat((c * 40).div_ceil(most));
        println!("    {:>5}-{:<5} {:>5} {bar}", lo, lo + width - 1, c);
    }
}

impl TableGame for dangian::o_an_quan::State {
    /// The final totals of seats 0 and 1 (a negative total is a debt) and the winner
    /// (0, 1, or -1 for a draw).
    fn figures(g: &Self, _rolls: u32, _first: Option<u32>) -> Vec<i64> {
        let t = g.final_scores().unwrap_or([0, 0]);
        let w = g.winner().map_or(-1, |s| i64::from(s.0));
        vec![i64::from(t[0]), i64::from(t[1]), w]
    }

    fn report(all: &[Played]) {
        let wins = |w: i64| all.iter().filter(|p| p.figures[2] == w).count();
        println!(
            "results: seat 0 (Người 1) wins {}, seat 1 (Người 2) wins {}, draws {}",
            wins(0),
            wins(1),
            wins(-1)
        );
        spread(
            "margin (winner's total minus loser's)",
            all.iter().map(|p| (p.figures[0] - p.figures[1]).abs()),
        );
        spread(
            "lower total",
            all.iter().map(|p| p.figures[0].min(p.figures[1])),
        );
        spread(
            "higher total",
            all.iter().map(|p| p.figures[0].max(p.figures[1])),
        );
        let debts: Vec<i64> = all
            .iter()
            .filter(|p| p.figures[0] < 0 || p.figures[1] < 0)
            .map(|p| -p.figures[0].min(p.figures[1]))
            .collect();
        println!(
            "debts: {} of {} games end with a player owing the other stones",
            debts.len(),
            all.len()
        );
        if !debts.is_empty() {
            spread("stones owed", debts.iter().copied());
            let mut by_size: BTreeMap<i64, usize> = BTreeMap::new();
            let band = |d: i64| match d {
                0..=9 => 0,
                10..=49 => 10,
                50..=99 => 50,
                100..=199 => 100,
                _ => 200,
            };
            for &d in &debts {
                *by_size.entry(band(d)).or_default() += 1;
            }
            for (lo, n) in by_size {
                let label = match lo {
                    0 => "1-9".to_string(),
                    200 => "200+".to_string(),
                    10 => "10-49".to_string(),
                    50 => "50-99".to_string(),
                    _ => "100-199".to_string(),
                };
                println!("    owes {label} stones: {n}");
            }
        }
        let worst = all
            .iter()
            .min_by_key(|p| (p.figures[0].min(p.figures[1]), std::cmp::Reverse(p.plies)))
            .expect("games");
        println!(
            "most lopsided: Người 1 {}, Người 2 {} after {} plies ({})",
            worst.figures[0], worst.figures[1], worst.plies, worst.reason
        );
    }
}

impl TableGame for dangian::ca_ngua::State {
    /// The rolls until the first finisher (or all rolls if nobody finished), all rolls, the
    /// kicks made, and the seats.
    fn figures(g: &Self, rolls: u32, first: Option<u32>) -> Vec<i64> {
        let kicks: u32 = (0..g.seats()).map(|s| g.kicks_made(dangian::Seat(s))).sum();
        vec![
            i64::from(first.unwrap_or(rolls)),
            i64::from(rolls),
            i64::from(kicks),
            i64::from(g.seats()),
        ]
    }

    fn someone_finished(&self) -> bool {
        self.finishing_order().next().is_some()
    }

    fn report(all: &[Played]) {
        spread(
            "dice rolls until the first player finished",
            all.iter().map(|p| p.figures[0]),
        );
        spread("dice rolls in the game", all.iter().map(|p| p.figures[1]));
        let seats = all.first().map_or(1, |p| p.figures[3]).max(1);
        spread(
            "turns per player (rolls / players)",
            all.iter().map(|p| p.figures[1] / seats),
        );
        spread("kicks in the game", all.iter().map(|p| p.figures[2]));
    }
}

impl TableGame for dangian::domino::State {
    /// Rounds played, the highest and the lowest penalty total, and the seats.
    fn figures(g: &Self, _rolls: u32, _first: Option<u32>) -> Vec<i64> {
        let scores = g.scores();
        let hi = scores.iter().copied().max().unwrap_or(0);
        let lo = scores.iter().copied().min().unwrap_or(0);
        vec![
            i64::from(g.last_round().map_or(g.round(), |r| r.round)),
            i64::from(hi),
            i64::from(lo),
            i64::from(g.seats()),
        ]
    }

    fn report(all: &[Played]) {
        spread("rounds per match", all.iter().map(|p| p.figures[0]));
        spread(
            "penalty points of the loser (highest)",
            all.iter().map(|p| p.figures[1]),
        );
        spread(
            "penalty points of the winner (lowest)",
            all.iter().map(|p| p.figures[2]),
        );
    }
}

/// `TABLE_OPENING`: random decisions at the start of every game (default 4).
fn opening_plies() -> u32 {
    std::env::var("TABLE_OPENING")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(4)
}

/// Game `g`: a random opening, then every seat the hard bot, to the end.
fn play<G: TableGame>(config: &G::Config, seed: u64, g: u64) -> Played {
    let game_seed = seed.wrapping_add(g);
    let mut rng = GameRng::new(game_seed ^ 0x5eed_0f0e_11a9);
    let mut chance = GameRng::new(game_seed);
    let mut game = G::new(config.clone()).expect("valid config");
    let seats = usize::from(game.seats());
    let mut bots: Vec<Box<dyn Bot<G> + Send>> = (0..seats)
        .map(|s| {
            bot_for_level::<G>(
                Level::Hard,
                game_seed.wrapping_mul(8).wrapping_add(s as u64),
            )
        })
        .collect();
    let mut legal = ActionList::new();
    let (mut plies, mut decisions, mut rolls) = (0u32, 0u32, 0u32);
    let mut opening = opening_plies();
    let mut first = None;
    loop {
        let action = match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                rolls += 1;
                game.sample_chance(&mut chance).expect("a chance outcome")
            }
            ToMove::Seat(s) => {
                decisions += 1;
                if opening > 0 {
                    opening -= 1;
                    game.legal_actions(&mut legal);
                    G::Action::from_id(legal[rng.below(legal.len() as u32) as usize])
                        .expect("a legal id")
                } else {
                    bots[s.index()].choose(&game).expect("a legal action")
                }
            }
        };
        game.apply(action, &mut NoEvents).expect("legal");
        plies += 1;
        if first.is_none() && game.someone_finished() {
            first = Some(rolls);
        }
    }
    let outcome = game.outcome().expect("over");
    Played {
        plies,
        decisions,
        reason: outcome.reason.name().to_string(),
        figures: G::figures(&game, rolls, first),
    }
}

fn run<G: TableGame>(config: G::Config, label: &str, n: u64, seed: u64) -> Result<(), String> {
    G::new(config.clone()).map_err(|e| e.to_string())?;
    let threads = std::env::var("TABLE_THREADS")
        .ok()
        .and_then(|t| t.parse::<u64>().ok())
        .unwrap_or(1)
        .clamp(1, 64);
    let progress = std::env::var_os("TABLE_PROGRESS").is_some();
    let start = std::time::Instant::now();
    let from = std::env::var("TABLE_FROM").ok();
    let mut all: Vec<(u64, Played)> = if let Some(path) = &from {
        read_games(path, seed, n)?
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let config = config.clone();
                    scope.spawn(move || {
                        (0..n)
                            .filter(|g| g % threads == t)
                            .map(|g| {
                                let p = play::<G>(&config, seed, g);
                                if progress {
                                    let figures: Vec<String> =
                                        p.figures.iter().map(i64::to_string).collect();
                                    eprintln!(
                                        "game {}: {} {} {} {}",
                                        seed + g,
                                        p.plies,
                                        p.decisions,
                                        p.reason,
                                        figures.join(" ")
                                    );
                                }
                                (g, p)
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("a game thread"))
                .collect()
        })
    };
    let n = all.len() as u64;
    all.sort_by_key(|(g, _)| *g);
    let all: Vec<Played> = all.into_iter().map(|(_, p)| p).collect();
    println!(
        "{label}: {n} games, every seat hard, {} random opening decisions, seeds {seed}..{}",
        opening_plies(),
        seed + n - 1
    );
    let plies: Vec<i64> = all.iter().map(|p| i64::from(p.plies)).collect();
    spread("plies", plies.iter().copied());
    spread("decisions", all.iter().map(|p| i64::from(p.decisions)));
    histogram("plies", &plies);
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    for p in &all {
        *reasons.entry(&p.reason).or_default() += 1;
    }
    let reasons: Vec<String> = reasons.iter().map(|(r, c)| format!("{r} {c}")).collect();
    println!("end reasons: {}", reasons.join(", "));
    G::report(&all);
    eprintln!("({:.1} s)", start.elapsed().as_secs_f64());
    Ok(())
}

/// The games of seeds `seed..seed + n` as `TABLE_PROGRESS` printed them into `path`
/// (`game SEED: PLIES DECISIONS REASON FIGURES…`, in any order), up to the first one
/// missing: the summary of a run that was stopped, or of runs of parts of the seeds put
/// together.
fn read_games(path: &str, seed: u64, n: u64) -> Result<Vec<(u64, Played)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut games = BTreeMap::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("game ") else {
            continue;
        };
        let Some((g, rest)) = rest.split_once(": ") else {
            continue;
        };
        let bad = || format!("{path}: bad line {line:?}");
        let g: u64 = g.parse().map_err(|_| bad())?;
        let mut parts = rest.split(' ');
        let mut number =
            || -> Result<i64, String> { parts.next().and_then(|p| p.parse().ok()).ok_or_else(bad) };
        let plies = number()? as u32;
        let decisions = number()? as u32;
        let mut parts = rest.split(' ').skip(2);
        let reason = parts.next().ok_or_else(bad)?.to_string();
        let figures = parts
            .map(|p| p.parse::<i64>().map_err(|_| bad()))
            .collect::<Result<Vec<_>, _>>()?;
        games.insert(
            g,
            Played {
                plies,
                decisions,
                reason,
                figures,
            },
        );
    }
    let mut all = Vec::new();
    for g in 0..n {
        match games.remove(&(seed + g)) {
            Some(p) => all.push((g, p)),
            None => break,
        }
    }
    if all.is_empty() {
        return Err(format!("{path}: no game of seed {seed}"));
    }
    Ok(all)
}

fn config_of<C: GameConfig>(
    kind: dangian::GameKind,
    preset: Option<&str>,
) -> Result<(C, String), String> {
    let game = kind.name();
    let name = match preset {
        Some(p) => p.to_string(),
        None => dangian::any::table_presets(kind)[0].to_string(),
    };
    let config = if name.starts_with('{') {
        C::from_json(&name).map_err(|e| e.to_string())?
    } else {
        C::preset(&name).ok_or_else(|| format!("no preset {name:?} for {game}"))?
    };
    Ok((config, format!("{game}:{name}")))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 || args.len() > 3 {
        eprintln!("usage: table_games GAME[:PRESET] N [SEED]   (GAME: o_an_quan, ca_ngua, domino)");
        std::process::exit(2);
    }
    let n: u64 = match args[1].parse() {
        Ok(n) if n > 0 => n,
        _ => {
            eprintln!("N must be a positive number of games");
            std::process::exit(2);
        }
    };
    let seed: u64 = match args.get(2).map(|s| s.parse()) {
        None => 1,
        Some(Ok(s)) => s,
        Some(Err(_)) => {
            eprintln!("SEED must be a number");
            std::process::exit(2);
        }
    };
    let (game, preset) = match args[0].split_once(':') {
        Some((g, p)) => (g, Some(p)),
        None => (args[0].as_str(), None),
    };
    let result = match game {
        "o_an_quan" => config_of::<dangian::o_an_quan::Config>(dangian::GameKind::OAnQuan, preset)
            .and_then(|(c, label)| run::<dangian::o_an_quan::State>(c, &label, n, seed)),
        "ca_ngua" => config_of::<dangian::ca_ngua::Config>(dangian::GameKind::CaNgua, preset)
            .and_then(|(c, label)| run::<dangian::ca_ngua::State>(c, &label, n, seed)),
        "domino" => config_of::<dangian::domino::Config>(dangian::GameKind::Domino, preset)
            .and_then(|(c, label)| run::<dangian::domino::State>(c, &label, n, seed)),
        other => Err(format!("unknown game {other:?}")),
    };
    if let Err(e) = result {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
