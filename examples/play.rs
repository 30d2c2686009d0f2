//! The main example: bots play a seeded game of each kind, shown move by move.
//!
//! ```sh
//! cargo run --example play                      # all three games, seed 1
//! cargo run --example play -- o_an_quan 7       # one game, another seed
//! cargo run --example play -- domino 3 hard     # bots of another level
//! ```
//!
//! Ô ăn quan and Cờ cá ngựa are drawn as ASCII boards after every move; the Domino round is
//! shown from seat 0's point of view, as that seat's client would see it (its own hand, the
//! others' tile counts), with the events redacted for that seat.

use std::fmt::Display;

use dangian::bot::{bot_for_level, Evaluate, Level};
use dangian::{Game, GameKind, GameRng, Seat, ToMove};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kinds: Vec<GameKind> = match args.first().map(String::as_str) {
        None | Some("all") => GameKind::ALL.to_vec(),
        Some(name) => match GameKind::ALL.iter().find(|k| k.name() == name) {
            Some(&k) => vec![k],
            None => {
                eprintln!("unknown game {name:?}: o_an_quan, ca_ngua, domino or all");
                std::process::exit(2);
            }
        },
    };
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let level = match args.get(2).map(String::as_str) {
        Some("easy") => Level::Easy,
        Some("hard") => Level::Hard,
        _ => Level::Medium,
    };
    for kind in kinds {
        match kind {
            GameKind::OAnQuan => {
                println!("=== Ô ăn quan (seed rules), seed {seed}, {level:?} bots ===\n");
                show::<dangian::o_an_quan::State>(Default::default(), seed, level, None, board);
            }
            GameKind::CaNgua => {
                println!(
                    "=== Cờ cá ngựa (seed rules, 4 players), seed {seed}, {level:?} bots ===\n"
                );
                show::<dangian::ca_ngua::State>(Default::default(), seed, level, None, board);
            }
            GameKind::Domino => {
                println!("=== Domino (seed rules, 2 players, one round), seed {seed}, {level:?} bots ===");
                println!("    seen by seat 0\n");
                let one_round = dangian::domino::Config {
                    max_rounds: Some(1),
                    ..Default::default()
                };
                let seat0 = |g: &dangian::domino::State| g.view(Seat(0)).to_string();
                show::<dangian::domino::State>(one_round, seed, level, Some(Seat(0)), seat0);
            }
        }
    }
}

/// The whole board, for games without hidden information.
fn board<G: Display>(game: &G) -> String {
    game.to_string()
}

/// Play one game with a bot in every seat, printing each action, its events and the board.
/// With `pov`, everything shown is what that seat may see.
fn show<G: Evaluate>(
    config: G::Config,
    seed: u64,
    level: Level,
    pov: Option<Seat>,
    board: impl Fn(&G) -> String,
) {
    let mut game = G::new(config).expect("a valid config");
    let mut dice = GameRng::new(seed);
    let mut bots: Vec<_> = (0..game.seats())
        .map(|s| bot_for_level::<G>(level, seed.wrapping_mul(31).wrapping_add(u64::from(s))))
        .collect();
    println!("{}", board(&game));
    while !game.is_over() {
        let (who, action) = match game.to_move() {
            ToMove::Chance => ("chance".to_owned(), game.sample_chance(&mut dice)),
            ToMove::Seat(seat) => (seat.to_string(), bots[seat.index()].choose(&game)),
            ToMove::Over => break,
        };
        let Some(action) = action else { break };
        let mut events = Vec::new();
        if let Err(e) = game.apply(action, &mut events) {
            eprintln!("refused {action}: {e}");
            break;
        }
        let shown: Vec<serde_json::Value> = events
            .iter()
            .filter_map(|e| match pov {
                Some(seat) => G::event_for(e, seat),
                None => Some(*e),
            })
            .filter_map(|e| serde_json::to_value(e).ok())
            .collect();
        if pov.is_some() && who == "chance" {
            // The outcome itself may be hidden (a tile dealt to another seat): show only the
            // events as the seat sees them.
            let seen: Vec<String> = shown.iter().map(|e| e.to_string()).collect();
            println!(
                "move {:>3}  {who:<7} {}",
                game.move_number(),
                seen.join(" ")
            );
        } else {
            println!(
                "move {:>3}  {who:<7} {action:<10} {}",
                game.move_number(),
                summary(&shown)
            );
        }
        if matches!(game.to_move(), ToMove::Seat(_) | ToMove::Over) {
            println!("{}", board(&game));
        }
    }
    match game.outcome() {
        Some(o) => {
            let seats = usize::from(o.seats);
            println!(
                "game over: {:?}; scores {:?}; places {:?}\n",
                o.reason,
                &o.scores[..seats],
                &o.places[..seats]
            );
        }
        None => println!("stopped\n"),
    }
}

/// The events of one action in one line: their kinds in order, repeats counted
/// (`PickUp, Sow×5, Relay, Sow×6, Capture, TurnEnd`).
fn summary(events: &[serde_json::Value]) -> String {
    let kind = |e: &serde_json::Value| -> String {
        match e {
            serde_json::Value::Object(m) => match m.get("kind").and_then(|k| k.as_str()) {
                Some(k) => k.to_owned(),
                None => m.keys().next().cloned().unwrap_or_default(),
            },
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    };
    let mut parts: Vec<(String, usize)> = Vec::new();
    for e in events {
        let k = kind(e);
        match parts.last_mut() {
            Some((last, n)) if *last == k => *n += 1,
            _ => parts.push((k, 1)),
        }
    }
    parts
        .into_iter()
        .map(|(k, n)| if n > 1 { format!("{k}×{n}") } else { k })
        .collect::<Vec<_>>()
        .join(", ")
}
