//! Each game's evaluation for the bots: how good a position looks for a seat, from 0 to 1,
//! from what that seat can see; and, for Domino, the honest deal of the hidden tiles.
//!
//! These are deliberately simple, material-style judgements; the search bots get their
//! strength from looking ahead, not from the evaluation.

use crate::bot::{place_rewards, Evaluate, HIDDEN_OUTCOME};
use crate::chance::GameRng;
use crate::game::{Action as _, Game, Seat, ToMove, MAX_SEATS};

/// A margin mapped to 0..1: 0.5 for even, towards 1 as `margin` grows.
fn squash(margin: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-margin / scale).exp())
}

/// The share of the other seats that `seat` is expected to beat, from a margin per pair
/// (`ahead(other)` > 0: `seat` is ahead of `other`).
fn versus_all(seats: u8, seat: Seat, scale: f64, ahead: impl Fn(usize) -> f64) -> f64 {
    let n = usize::from(seats).min(MAX_SEATS);
    let others = (0..n).filter(|&t| t != seat.index());
    let count = others.clone().count();
    if count == 0 {
        return 0.5;
    }
    others.map(|t| squash(ahead(t), scale)).sum::<f64>() / count as f64
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

impl Evaluate for crate::domino::State {
    /// The running totals plus what each hand would cost if the round ended now: the seat's
    /// own pips, and for the others their tile counts times the mean pips of the tiles the
    /// seat cannot see. Lower is better; the margin against each other seat is squashed.
    fn evaluate(&self, seat: Seat) -> f64 {
        use crate::domino::{Phase, TileSet};
        if self.is_over() {
            return place_rewards(self)[seat.index()];
        }
        let n = usize::from(self.config().players);
        let mut projected = [0.0f64; MAX_SEATS];
        for (s, p) in projected.iter_mut().enumerate().take(n) {
            *p = f64::from(self.scores()[s]);
        }
        if matches!(self.phase(), Phase::Play | Phase::Draw | Phase::Lead) {
            let own = self.hand(seat);
            let unseen =
                TileSet::from_mask(TileSet::ALL.mask() & !own.mask() & !self.line_tiles().mask());
            let blank = u32::from(self.config().double_blank_value);
            let pips = |set: TileSet| -> u32 {
                set.iter()
                    .map(|t| {
                        if t.index() == 0 {
                            blank
                        } else {
                            u32::from(t.pips())
                        }
                    })
                    .sum()
            };
            let mean = if unseen.is_empty() {
                0.0
            } else {
                f64::from(pips(unseen)) / unseen.len() as f64
            };
            for (s, p) in projected.iter_mut().enumerate().take(n) {
                *p += if s == seat.index() {
                    f64::from(pips(own))
                } else {
                    self.hand(Seat(s as u8)).len() as f64 * mean
                };
            }
        }
        versus_all(self.config().players, seat, 20.0, |t| {
            projected[t] - projected[seat.index()]
        })
    }

    /// [`crate::domino::State::determinize`]: the other hands and the chợ dealt from the
    /// seat's hand, the line, the counts, who was seen unable to play on which numbers and
    /// what the opening tells.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        crate::domino::State::determinize(self, seat, rng)
    }

    /// A tile dealt or drawn to another seat is seen face down.
    fn observed_id(&self, action: crate::domino::Action, seat: Seat) -> u32 {
        use crate::domino::Action;
        match action {
            Action::Deal(_) | Action::Draw(_)
                if self.to_move() == ToMove::Chance && self.actor() != Some(seat) =>
            {
                HIDDEN_OUTCOME
            }
            _ => action.id(),
        }
    }

    /// A playout stops when the round it started in is over: the totals then say enough.
    fn rollout_done(&self, start: &Self) -> bool {
        self.round() != start.round() || self.is_over()
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
