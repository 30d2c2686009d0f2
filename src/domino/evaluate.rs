//! Domino's evaluation for the bots ([`Evaluate`]): the running totals and what each hand
//! would cost if the round ended now; the honest deal of the hidden tiles; the face-down
//! tiles the searches must not branch on.

use super::{Action, Phase, State, TileSet};
use crate::bot::{place_rewards, versus_all, Evaluate, MctsSettings, HIDDEN_OUTCOME};
use crate::chance::GameRng;
use crate::game::{Action as _, Game, Seat, ToMove, MAX_SEATS};

/// Extra pips a double in hand is judged to cost (Domino).
const DOUBLE_COST: f64 = 4.0;
/// Pips a number shown by the hand is judged to save (Domino).
const VARIETY_BONUS: f64 = 3.0;

impl Evaluate for State {
    const MCTS_MEDIUM: MctsSettings = MctsSettings::with(60, 60);
    const MCTS_HARD: MctsSettings = MctsSettings::with(6_000, 60);

    /// The running totals plus what each hand would cost if the round ended now: the seat's
    /// own pips, and for the others their tile counts times the mean pips of the tiles the
    /// seat cannot see. Lower is better; the margin against each other seat is squashed.
    fn evaluate(&self, seat: Seat) -> f64 {
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
                    // Doubles are harder to place, and a hand showing few numbers is
                    // more likely to be stuck.
                    let doubles = own.iter().filter(|t| t.is_double()).count() as f64;
                    let shown = (0..7u8).filter(|&v| own.iter().any(|t| t.has(v))).count();
                    f64::from(pips(own)) + DOUBLE_COST * doubles - VARIETY_BONUS * shown as f64
                } else {
                    self.hand(Seat(s as u8)).len() as f64 * mean
                };
            }
        }
        versus_all(self.config().players, seat, 20.0, |t| {
            projected[t] - projected[seat.index()]
        })
    }

    /// [`State::determinize`]: the other hands and the chợ dealt from the
    /// seat's hand, the line, the counts, who was seen unable to play on which numbers and
    /// what the opening tells.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        State::determinize(self, seat, rng)
    }

    /// A tile dealt or drawn to another seat is seen face down.
    fn observed_id(&self, action: Action, seat: Seat) -> u32 {
        match action {
            Action::Deal(_) | Action::Draw(_)
                if self.to_move() == ToMove::Chance && self.turn() != Some(seat) =>
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
