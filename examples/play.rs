//! The main example: bots play a seeded game of each kind, shown move by move.
//!
//! ```sh
//! cargo run --example play                      # all three games, seed 1
//! cargo run --example play -- o_an_quan 7       # one game, another seed
//! cargo run --example play -- domino 3 hard     # bots of another level
//! cargo run --example play -- all 1 medium en    # moves in English only (vi, en or both)
//! ```
//!
//! Every move is told in words, in Vietnamese and in English by default. Ô ăn quan and Cờ cá
//! ngựa are drawn as ASCII boards after every move; the Domino round is shown from seat 0's
//! point of view, as that seat's client would see it (its own hand, the others' tile counts):
//! no tile dealt or drawn by another seat is named.

use std::fmt::Display;

use dangian::bot::{bot_for_level, Evaluate, Level};
use dangian::describe::{Describe, Lang};
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
    let langs: &[Lang] = match args.get(3).map(String::as_str) {
        Some("vi") => &[Lang::Vi],
        Some("en") => &[Lang::En],
        _ => &Lang::ALL,
    };
    for kind in kinds {
        match kind {
            GameKind::OAnQuan => {
                println!("=== Ô ăn quan (seed rules), seed {seed}, {level:?} bots ===\n");
                show::<dangian::o_an_quan::State>(
                    Default::default(),
                    seed,
                    level,
                    langs,
                    None,
                    board,
                );
            }
            GameKind::CaNgua => {
                println!(
                    "=== Cờ cá ngựa (seed rules, 4 players), seed {seed}, {level:?} bots ===\n"
                );
                show::<dangian::ca_ngua::State>(
                    Default::default(),
                    seed,
                    level,
                    langs,
                    None,
                    board,
                );
            }
            GameKind::Domino => {
                println!("=== Domino (seed rules, 2 players, one round), seed {seed}, {level:?} bots ===");
                println!("    seen by seat 0\n");
                let one_round = dangian::domino::Config {
                    max_rounds: Some(1),
                    ..Default::default()
                };
                let seat0 = |g: &dangian::domino::State| g.view(Seat(0)).to_string();
                show::<dangian::domino::State>(one_round, seed, level, langs, Some(Seat(0)), seat0);
            }
        }
    }
}

/// The whole board, for games without hidden information.
fn board<G: Display>(game: &G) -> String {
    game.to_string()
}

/// Play one game with a bot in every seat, printing each move in words (in `langs`) and the
/// board. With `pov`, everything shown is what that seat may see.
fn show<G: Evaluate + Describe>(
    config: G::Config,
    seed: u64,
    level: Level,
    langs: &[Lang],
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
        let action = match game.to_move() {
            ToMove::Chance => game.sample_chance(&mut dice),
            ToMove::Seat(seat) => bots[seat.index()].choose(&game),
            ToMove::Over => break,
        };
        let Some(action) = action else { break };
        let before = game.clone();
        let mut events = Vec::new();
        if let Err(e) = game.apply(action, &mut events) {
            eprintln!("refused {action}: {e}");
            break;
        }
        // A hidden tile dealt to another seat is not named, not even in the notation.
        let notation = match (pov, before.to_move()) {
            (Some(_), ToMove::Chance) => String::new(),
            _ => action.to_string(),
        };
        for (i, &lang) in langs.iter().enumerate() {
            let words = before.describe_move(action, &events, lang, pov);
            if i == 0 {
                println!("move {:>3}  {notation:<8} {words}", game.move_number());
            } else {
                println!("{:18} {words}", "");
            }
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
