//! Analyses an Ô ăn quan position with the alpha-beta search of the bots: plays the given
//! moves from the start, then searches the position for the side to move and prints its
//! moves best first, with the search's verdict on the best one.
//!
//! ```text
//! cargo run --release --example analyse -- [CONFIG] POSITIONS [MOVES…]
//! cargo run --release --example analyse -- \
//!   '{"quan_square_as_gap":true,"refill":"pay_from_score","max_plies":2000}' 300000000 a4+
//! ```
//!
//! - `CONFIG`: a preset name (`vi_wikipedia`, …) or a JSON config; the default rules if left
//!   out (an argument that is a number is `POSITIONS`).
//! - `POSITIONS`: the search's budget in positions (the hard level's is 100 000). Memory is
//!   fixed: a table of 2^24 entries (256 MiB).
//! - `MOVES`: moves in words (`a1+` … `b5-`), played from the start; `*` stands for every
//!   legal move at that point, and then every position reached is analysed, one line each,
//!   and counted by verdict at the end (`analyse 2000000 '*' '*'`: every two-ply opening).
//!
//! A verdict of "won" or "lost" is exact: the search reached the end of the game in every
//! line it needed (the opponent's best defence, or every one of the side's own moves), so it
//! holds against any play. Otherwise the verdict is the search's estimate, the chance it
//! gives the side to move. Only the best move's verdict is exact; the other moves are ranked
//! by bounds (each is no better than the best).

use dangian::bot::Bot;
use dangian::o_an_quan::{Action, AlphaBetaBot, AlphaBetaSettings, Config, State};
use dangian::{Action as _, ActionList, Game, GameConfig, NoEvents, ToMove};
use std::time::Instant;

fn main() {
    if let Err(message) = run(std::env::args().skip(1).collect()) {
        eprintln!("{message}");
        eprintln!("usage: analyse [CONFIG] POSITIONS [MOVES…]");
        std::process::exit(2);
    }
}

fn run(mut args: Vec<String>) -> Result<(), String> {
    let config: Config = match args.first() {
        Some(first) if first.parse::<u32>().is_err() => {
            let text = args.remove(0);
            if text.starts_with('{') {
                serde_json::from_str(&text).map_err(|e| format!("bad config: {e}"))?
            } else {
                Config::preset(&text).ok_or_else(|| format!("no preset {text:?}"))?
            }
        }
        _ => Config::default(),
    };
    let positions: u32 = args
        .first()
        .ok_or("missing POSITIONS")?
        .parse()
        .map_err(|_| "POSITIONS is a whole number of positions".to_owned())?;
    let start = State::new(config).map_err(|e| e.to_string())?;
    let mut positions_to_search = Vec::new();
    expand(start, &args[1..], String::new(), &mut positions_to_search)?;
    if positions_to_search.is_empty() {
        return Err("no position to analyse: these moves end the game".into());
    }
    let single = positions_to_search.len() == 1;
    // Won, above 65%, 35–65%, below 35%, lost (for the side to move), a single move.
    let mut tally = [0usize; 6];
    for (moves, game) in positions_to_search {
        let mut bot = AlphaBetaBot::new(
            AlphaBetaSettings {
                nodes: positions,
                table_bits: 24,
                ..AlphaBetaSettings::HARD
            },
            0,
        );
        let started = Instant::now();
        let hints = bot.hints(&game);
        let (depth, searched) = bot.last_search();
        let (Some(best), ToMove::Seat(seat)) = (hints.first(), game.to_move()) else {
            continue;
        };
        // Until one iteration has searched every move, the scores are not verdicts (a move
        // not searched yet scores 0).
        if depth == 0 && hints.len() > 1 {
            return Err(format!(
                "{positions} positions do not search every move of {}: give more",
                if moves.is_empty() {
                    "the start"
                } else {
                    &moves
                }
            ));
        }
        // A hint's score is exactly 0 or 1 only for a decided game (see `AlphaBetaBot`); a
        // single legal move is played without a search.
        let (verdict, bucket) = match best.score {
            _ if hints.len() == 1 => ("the only legal move, not searched".to_owned(), 5),
            1.0 => ("won, against any defence".to_owned(), 0),
            0.0 => ("lost, whatever it plays".to_owned(), 4),
            s => (
                format!("{:.1}% by the search's estimate", 100.0 * s),
                if s > 0.65 {
                    1
                } else if s >= 0.35 {
                    2
                } else {
                    3
                },
            ),
        };
        tally[bucket] += 1;
        if single {
            println!(
                "seat {} to move; {} plies deep, {} positions, {:.1} s",
                seat.0,
                depth,
                searched,
                started.elapsed().as_secs_f64()
            );
            println!("best move {}: {verdict}", best.action);
            let rest: Vec<String> = hints[1..].iter().map(|h| h.action.to_string()).collect();
            if !rest.is_empty() {
                println!("then, no better: {}", rest.join(" "));
            }
        } else {
            println!(
                "{moves}: seat {} to move, {}: {verdict}",
                seat.0, best.action
            );
        }
    }
    if !single {
        println!(
            "{} positions, the side to move: won {}, above 65% {}, 35–65% {}, below 35% {}, lost {}, \
             a single move {}",
            tally.iter().sum::<usize>(),
            tally[0],
            tally[1],
            tally[2],
            tally[3],
            tally[4],
            tally[5]
        );
    }
    Ok(())
}

/// The positions `words` lead to from `game`, each with its moves: a word is a move, or `*`
/// for every legal move there. Lines that end the game early are left out.
fn expand(
    game: State,
    words: &[String],
    moves: String,
    out: &mut Vec<(String, State)>,
) -> Result<(), String> {
    let Some((word, rest)) = words.split_first() else {
        if matches!(game.to_move(), ToMove::Seat(_)) {
            out.push((moves, game));
        }
        return Ok(());
    };
    let actions: Vec<Action> = if word == "*" {
        let mut legal = ActionList::new();
        game.legal_actions(&mut legal);
        legal.iter().filter_map(|&id| Action::from_id(id)).collect()
    } else {
        vec![word.parse().map_err(|e| format!("{e}"))?]
    };
    for action in actions {
        let mut next = game;
        next.apply(action, &mut NoEvents)
            .map_err(|e| format!("{action}: {e}"))?;
        let moves = if moves.is_empty() {
            action.to_string()
        } else {
            format!("{moves} {action}")
        };
        expand(next, rest, moves, out)?;
    }
    Ok(())
}
