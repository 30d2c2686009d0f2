//! Cờ cá ngựa's learned evaluation: a linear value per player over [`FEATURES`] features of
//! the position, with weights learned from games.
//!
//! The value of a position for every player is `u = WEIGHTS · features(position)[player]`; a
//! player's chance of finishing first is modelled as `exp(u) / Σ exp(u')` over the players
//! (a conditional logit), and the bots turn the values into scores as they do the race
//! values of the standard evaluation: places taken count as they stand, and between two
//! players still racing, `1 / (1 + exp(u' − u))` is the chance one finishes ahead of the
//! other ([`Evaluate::learned_all`](crate::bot::Evaluate::learned_all)).
//!
//! [`WEIGHTS`] were learned in two steps: a fit of the model to who finished first in 4 000
//! games of the medium level against itself (783 378 positions), then 20 000 games of the
//! greedy one-ply player choosing by the model against itself, moving the weights after each
//! game towards the model's own later predictions (TD(λ) with λ = 0.7, step 0.0005, 2% of
//! decisions random). `cargo run --release --example learn` repeats the second step from any
//! start. As a one-ply player (the easy level's search) it beats the standard evaluation and
//! the medium level (`docs/strength.md` has the measurements); the expert level of Cờ cá
//! ngựa plays its playouts by it.

use crate::ca_ngua::{Phase, State, TurnOrder};
use crate::game::{Game, MAX_SEATS};

/// The number of features per player (see [`features`]).
pub const FEATURES: usize = 33;

/// The learned weights, one per feature (see the module docs).
pub const WEIGHTS: [f64; FEATURES] = [
    0.03710, 0.05006, 0.06282, 0.08690, 0.10348, 0.12031, 0.15276, 0.19541, 0.21702, 0.25668,
    0.32639, 0.37004, 0.43139, 0.43505, 0.45922, 0.44283, 0.43464, 0.39005, 0.26019, 0.83484,
    0.80111, 0.87098, 0.74975, 0.80178, 0.70538, 0.62952, 0.03143, -0.60910, -0.01461, -0.01026,
    -0.02190, -0.03596, 0.02700,
];

/// The features of `state` for every player (entries past the players are 0), summed over
/// the colours a player controls:
///
/// - `0..=11`: pieces on the track short of its last eight squares, by twelfths of that
///   stretch;
/// - `12..=19`: pieces on each of the last eight squares (19: on the door square);
/// - `20..=25`: pieces on home steps 1 to 6;
/// - `26`: the chance of being kicked before moving again, summed over the track pieces;
///   `27`: the same, each times the piece's progress over the track length;
/// - `28`: pieces in the yard and none on the track (the player must roll for an exit);
/// - `29..=31`: the player moves in 1, 2 or 3 turns; `32`: the player is to move and has
///   rolled.
pub fn features(state: &State) -> [[f64; FEATURES]; MAX_SEATS] {
    let rules = state.config();
    let pieces = state.pieces();
    let door = i32::from(rules.door());
    // The last eight squares (up to the door) are counted one by one; the stretch before
    // them in twelfths.
    let tail = door - 7;
    let len = f64::from(rules.track_len);
    let risks = state.piece_risks();
    let mut out = [[0.0; FEATURES]; MAX_SEATS];
    let mover = state.colour_to_move().map(|c| c.0);
    for (colour, player) in rules.seats.pairs() {
        let f = &mut out[usize::from(player) % MAX_SEATS];
        let mut on_track = false;
        let mut in_yard = false;
        for (piece, &p) in pieces[colour.index()].iter().enumerate() {
            let p = i32::from(p);
            if p < 0 {
                in_yard = true;
                continue;
            }
            if p > door {
                f[20 + ((p - door - 1) as usize).min(5)] += 1.0;
                continue;
            }
            on_track = true;
            let i = if p >= tail {
                12 + (p - tail) as usize
            } else {
                (p * 12 / tail.max(1)) as usize
            };
            f[i.min(19)] += 1.0;
            let r = risks[colour.index()][piece];
            f[26] += r;
            f[27] += r * f64::from(p) / len;
        }
        if in_yard && !on_track {
            f[28] += 1.0;
        }
        if let Some(m) = mover {
            // Turns until this colour plays.
            let d = match rules.turn_order {
                TurnOrder::OppositeToMovement => (m + 4 - colour.0) % 4,
                TurnOrder::SameAsMovement => (colour.0 + 4 - m) % 4,
            };
            if d > 0 {
                f[28 + d as usize] = 1.0;
            } else if state.phase() == Phase::Move {
                f[32] = 1.0;
            }
        }
    }
    out
}

/// The value `weights · features` of every player (entries past the players are 0).
pub fn values(state: &State, weights: &[f64; FEATURES]) -> [f64; MAX_SEATS] {
    let f = features(state);
    let mut out = [0.0; MAX_SEATS];
    for (v, f) in out.iter_mut().zip(&f).take(usize::from(state.seats())) {
        *v = f.iter().zip(weights).map(|(a, b)| a * b).sum::<f64>();
    }
    out
}
