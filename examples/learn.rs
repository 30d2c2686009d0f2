//! Learns weights for Cờ cá ngựa's learned evaluation (`dangian::ca_ngua::learned_values`) by TD(λ)
//! self-play, and prints them as a Rust array.
//!
//! ```text
//! cargo run --release --example learn -- [GAMES [START [LAMBDA [STEP [EXPLORE]]]]]
//! ```
//!
//! - `GAMES` (20 000): games of the four-player default rules, seeded 1 000 000, 1 000 001, …
//! - `START` (`shipped`): the weights to start from, `shipped` (the crate's
//!   `ca_ngua::LEARNED_WEIGHTS`) or `zero`.
//! - `LAMBDA` (0.7), `STEP` (0.0005), `EXPLORE` (0.02): the TD(λ) parameter, the step size,
//!   and the share of decisions played at random.
//!
//! Every seat is the greedy one-ply player choosing by the current weights: the action after
//! which the model gives the mover the best chance of finishing first. A game stops when the
//! first player finishes. After each game the weights move, position by position from the
//! last, towards the λ-return: the outcome (who finished first) blended with the model's own
//! predictions of the later positions. Run with the defaults from `zero` it learns weights
//! close to the shipped ones (which started from a fit to the medium level's games instead);
//! stderr shows the mean log loss against the outcome every 2 000 games.

use dangian::ca_ngua::State;
use dangian::ca_ngua::{learned_features, LEARNED_FEATURES, LEARNED_WEIGHTS};
use dangian::{Action as _, ActionList, Game, GameRng, NoEvents, ToMove};

/// The features of every player.
type Features = [[f64; LEARNED_FEATURES]; 4];

/// Each player's modelled chance of finishing first (a softmax of the values).
fn chances(w: &[f64; LEARNED_FEATURES], f: &Features) -> [f64; 4] {
    let mut u = [0.0; 4];
    for (u, f) in u.iter_mut().zip(f) {
        *u = f.iter().zip(w).map(|(a, b)| a * b).sum();
    }
    let top = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut total = 0.0;
    for x in &mut u {
        *x = (*x - top).exp();
        total += *x;
    }
    u.map(|x| x / total)
}

/// One game of the greedy player against itself: the features after each decision, and the
/// seat that finished first.
fn play(w: &[f64; LEARNED_FEATURES], seed: u64, explore: f64) -> (Vec<Features>, Option<usize>) {
    let mut game = State::new(Default::default()).expect("the default rules are valid");
    let mut rng = GameRng::new(seed);
    let mut list = ActionList::new();
    let mut positions = Vec::new();
    while game.finishing_order().next().is_none() {
        let (action, decision) = match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => (game.sample_chance(&mut rng), false),
            ToMove::Seat(seat) => {
                game.legal_actions(&mut list);
                let random = list.len() > 1 && f64::from(rng.below(1 << 20)) < explore * 1048576.0;
                let pick = if random {
                    list[rng.below(list.len() as u32) as usize]
                } else {
                    let mut best = (f64::NEG_INFINITY, list[0]);
                    for &id in &list {
                        let mut next = game;
                        let Some(action) = <State as Game>::Action::from_id(id) else {
                            continue;
                        };
                        if next.apply(action, &mut NoEvents).is_err() {
                            continue;
                        }
                        // Finishing first is worth more than any modelled chance.
                        let v = match next.finishing_order().next() {
                            Some(s) if s == seat => 2.0,
                            Some(_) => -1.0,
                            None => chances(w, &learned_features(&next))[seat.index()],
                        };
                        if v > best.0 {
                            best = (v, id);
                        }
                    }
                    best.1
                };
                (<State as Game>::Action::from_id(pick), true)
            }
        };
        let Some(action) = action else { break };
        if game.apply(action, &mut NoEvents).is_err() {
            break;
        }
        if decision && game.finishing_order().next().is_none() {
            positions.push(learned_features(&game));
        }
    }
    let first = game.finishing_order().next().map(|s| s.index());
    (positions, first)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = |why: String| -> ! {
        eprintln!("{why}\nusage: learn [GAMES [START [LAMBDA [STEP [EXPLORE]]]]] (START: shipped or zero)");
        std::process::exit(2)
    };
    let arg = |i: usize, default: f64| -> f64 {
        match args.get(i) {
            None => default,
            Some(s) => s
                .parse()
                .unwrap_or_else(|_| usage(format!("not a number: {s}"))),
        }
    };
    let games = arg(0, 20_000.0) as u64;
    let mut w = match args.get(1).map(String::as_str) {
        None | Some("shipped") => LEARNED_WEIGHTS,
        Some("zero") => [0.0; LEARNED_FEATURES],
        Some(other) => usage(format!("START is shipped or zero, not {other:?}")),
    };
    let (lambda, step, explore) = (arg(2, 0.7), arg(3, 0.0005), arg(4, 0.02));
    let (mut loss, mut count) = (0.0, 0usize);
    for g in 0..games {
        let (positions, Some(first)) = play(&w, 1_000_000 + g, explore) else {
            continue;
        };
        // Predictions with the weights the game was played with.
        let predictions: Vec<[f64; 4]> = positions.iter().map(|f| chances(&w, f)).collect();
        let mut target = [0.0; 4];
        target[first] = 1.0;
        for (f, p) in positions.iter().zip(&predictions).rev() {
            for (seat, f) in f.iter().enumerate() {
                let error = p[seat] - target[seat];
                for (w, x) in w.iter_mut().zip(f) {
                    *w -= step * error * x;
                }
            }
            loss -= p[first].max(1e-12).ln();
            count += 1;
            // The λ-return of the position before this one.
            for (t, p) in target.iter_mut().zip(p) {
                *t = (1.0 - lambda) * p + lambda * *t;
            }
        }
        if (g + 1) % 2000 == 0 {
            eprintln!("game {}: log loss {:.4}", g + 1, loss / count.max(1) as f64);
            (loss, count) = (0.0, 0);
        }
    }
    let text: Vec<String> = w.iter().map(|x| format!("{x:.5}")).collect();
    println!(
        "pub const LEARNED_WEIGHTS: [f64; LEARNED_FEATURES] = [{}];",
        text.join(", ")
    );
}
