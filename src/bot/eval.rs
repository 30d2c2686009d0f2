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

impl Evaluate for crate::ca_ngua::State {
    /// The seat's progress (pieces out of the yard and squares covered) against the best
    /// opponent's.
    fn evaluate(&self, seat: Seat) -> f64 {
        if self.is_over() {
            return place_rewards(self)[seat.index()];
        }
        let rules = self.rules();
        let pieces = self.pieces();
        let progress = |player: u8| -> f64 {
            rules
                .seats
                .pairs()
                .filter(|&(_, owner)| owner == player)
                .map(|(colour, _)| {
                    pieces[colour.index()]
                        .iter()
                        .map(|&p| if p < 0 { 0.0 } else { 8.0 + f64::from(p) })
                        .sum::<f64>()
                })
                .sum()
        };
        let mine = progress(seat.0);
        let best_other = (0..self.seats())
            .filter(|&p| p != seat.0)
            .map(progress)
            .fold(0.0, f64::max);
        squash(mine - best_other, 40.0)
    }
}

impl Evaluate for crate::domino::State {
    /// Fewer pips in hand and fewer tiles than the others (penalty points are what a hand
    /// costs when someone goes out), judged from the seat's own hand and public counts only.
    fn evaluate(&self, seat: Seat) -> f64 {
        if self.is_over() {
            return place_rewards(self)[seat.index()];
        }
        let scores = self.scores();
        let my_score = f64::from(scores.get(seat.index()).copied().unwrap_or(0));
        let mine = f64::from(self.hand_points(seat)) + my_score;
        let others: Vec<f64> = (0..self.seats())
            .filter(|&s| s != seat.0)
            .map(|s| {
                // Another hand is hidden: count its tiles at the average 6 pips each.
                let n = self.hand(Seat(s)).len() as f64;
                n * 6.0 + f64::from(scores.get(usize::from(s)).copied().unwrap_or(0))
            })
            .collect();
        let best_other = others.iter().copied().fold(f64::INFINITY, f64::min);
        squash(best_other - mine, 20.0)
    }
}
