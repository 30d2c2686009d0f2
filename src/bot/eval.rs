//! Each game's evaluation for the bots: how good a position looks for a seat, from 0 to 1.
//!
//! These are deliberately simple, material-style judgements; the search bots get their
//! strength from looking ahead, not from the evaluation.

use crate::bot::{place_rewards, Evaluate};
use crate::game::{Game, Seat};

/// A margin in points mapped to 0..1: 0.5 for even, towards 1 as `margin` grows.
fn squash(margin: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-margin / scale).exp())
}

impl Evaluate for crate::o_an_quan::State {
    /// Points captured plus stones on one's own side (they come home at the end), against the
    /// opponent's.
    fn evaluate(&self, seat: Seat) -> f64 {
        if self.is_over() {
            return place_rewards(self)[seat.index()];
        }
        let total = |s: Seat| f64::from(self.score(s)) + f64::from(self.side_stones(s)) * 0.5;
        let other = Seat(1 - (seat.0 & 1));
        squash(total(seat) - total(other), 8.0)
    }
}
