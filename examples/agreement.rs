//! How often a bot chooses what a much longer search chooses, and what it loses when it does
//! not: for Cờ cá ngựa and Domino, whose levels share one Monte Carlo tree search.
//!
//! ```text
//! cargo run --release --example agreement -- GAME POSITIONS [LONG [REFERENCE]]
//! ```
//!
//! Positions come from games of the hard level against itself (every eighth decision with two
//! or more legal actions, seeded, so every run sees the same positions). In each, three
//! searches choose, all with the hard level's settings and a fixed count of simulations, so
//! the numbers are the same on every machine: hard itself, a LONG one (default 100 000
//! simulations, what the expert runs in about 100 ms) and a REFERENCE (default 400 000).
//! It prints how often hard and the long search choose the reference's action, and their mean
//! loss by the reference's own scores (the mean reward, from 0 to 1, of the action the
//! reference chooses less that of the action chosen; negative where the reference's most
//! visited action is not its best by mean).

use dangian::bot::{bot_for_level, Bot, Evaluate, Level, MctsBot, MctsSettings};
use dangian::{Action, ActionList, GameRng, NoEvents, ToMove};

/// Decisions with two or more legal actions from hard self-play: every eighth, until `n`.
fn positions<G: Evaluate>(config: &G::Config, n: usize) -> Vec<G> {
    let mut out = Vec::new();
    let mut legal = ActionList::new();
    for g in 1.. {
        let mut game = G::new(config.clone()).expect("a valid config");
        let mut bots: Vec<_> = (0..u64::from(game.seats()))
            .map(|s| bot_for_level::<G>(Level::Hard, g * 8 + s))
            .collect();
        let mut chance = GameRng::new(g);
        let mut k = 0;
        loop {
            let action = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => game.sample_chance(&mut chance).expect("an outcome"),
                ToMove::Seat(s) => {
                    game.legal_actions(&mut legal);
                    if legal.len() > 1 {
                        k += 1;
                        if k % 8 == 0 {
                            out.push(game.clone());
                            if out.len() == n {
                                return out;
                            }
                        }
                    }
                    bots[s.index()].choose(&game).expect("a legal action")
                }
            };
            game.apply(action, &mut NoEvents).expect("legal");
        }
    }
    out
}

/// For one position: whether hard and the long search chose the reference's action, and
/// the reference's score lost by each choice.
fn judge<G: Evaluate>(game: &G, i: u64, long: u32, reference: u32) -> ([bool; 2], [f64; 2]) {
    let hard = MctsSettings::hard::<G>();
    let choose = |iterations: u32, seed: u64| {
        MctsBot::new(MctsSettings { iterations, ..hard }, seed)
            .choose(game)
            .expect("a legal action")
            .id()
    };
    let picks = [choose(hard.iterations, i), choose(long, i)];
    let hints = MctsBot::new(
        MctsSettings {
            iterations: reference,
            ..hard
        },
        i ^ 0x5eed,
    )
    .hints(game);
    let best = hints[0].score;
    let score = |id: u32| {
        hints
            .iter()
            .find(|h| h.action.id() == id)
            .map_or(0.0, |h| h.score)
    };
    let top = hints[0].action.id();
    (
        [picks[0] == top, picks[1] == top],
        [best - score(picks[0]), best - score(picks[1])],
    )
}

fn run<G: Evaluate>(config: G::Config, n: usize, long: u32, reference: u32) {
    let games = positions::<G>(&config, n);
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let results: Vec<([bool; 2], [f64; 2])> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let games = &games;
                scope.spawn(move || {
                    games
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| i % threads == t)
                        .map(|(i, g)| judge(g, i as u64, long, reference))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a thread"))
            .collect()
    });
    let m = results.len() as f64;
    let hard = MctsSettings::hard::<G>().iterations;
    println!(
        "{}: {} positions; reference {reference} simulations",
        G::KIND,
        results.len()
    );
    for (k, name) in [format!("hard ({hard})"), format!("long ({long})")]
        .iter()
        .enumerate()
    {
        let agree = results.iter().filter(|r| r.0[k]).count() as f64;
        let loss = results.iter().map(|r| r.1[k]).sum::<f64>() / m;
        println!(
            "{name}: the reference's action in {:.1}% of positions, mean loss {loss:.5}",
            100.0 * agree / m
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u32| {
        args.get(i)
            .map_or(Ok(default), |s| s.parse::<u32>())
            .unwrap_or_else(|_| {
                eprintln!("not a number: {:?}", args[i]);
                std::process::exit(2)
            })
    };
    if args.len() < 2 {
        eprintln!("usage: agreement ca_ngua|domino POSITIONS [LONG [REFERENCE]]");
        std::process::exit(2);
    }
    let (n, long, reference) = (
        number(1, 0) as usize,
        number(2, 100_000),
        number(3, 400_000),
    );
    if n == 0 {
        eprintln!("POSITIONS must be at least 1");
        std::process::exit(2);
    }
    match args[0].as_str() {
        "ca_ngua" => run::<dangian::ca_ngua::State>(Default::default(), n, long, reference),
        "domino" => run::<dangian::domino::State>(Default::default(), n, long, reference),
        other => {
            eprintln!("unknown game {other:?}: ca_ngua or domino");
            std::process::exit(2);
        }
    }
}
