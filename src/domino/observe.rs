//! Domino's observation tensor for learning code ([`Observe`]).

use super::{Phase, State};
use crate::game::{Game, Seat, MAX_SEATS};
use crate::tensor::{is_to_move, Observe};

/// An information-state tensor: the seat's hand, the line, the tile counts, the public
/// history of placements, what each seat is known to lack, the scores; never another hand or
/// the chợ. Two positions that look the same to a seat give that seat the same tensor.
///
/// **Domino** (269 values). Seat blocks are relative: offset `r` is seat
/// `(seat + r) mod players`; offsets past the players are 0. Tile `t` is numbered
/// 0-0 = 0, 0-1 = 1, …, 6-6 = 27.
///
/// | index | value |
/// |---|---|
/// | 0..28 | the seat's hand |
/// | 28..56 | tiles on the line |
/// | 56..63, 63..70 | left, right open end one-hot (none while the line is empty) |
/// | 70..74 | tiles held per relative seat ÷ 7 |
/// | 74, 75 | tiles in the chợ, of which drawable, ÷ 28 |
/// | 76..81 | phase one-hot: deal, lead, play, draw, over |
/// | 81..85 | relative seat whose turn it is |
/// | 85..89 | relative seat that led the round |
/// | 89 | the seat to act has drawn this turn |
/// | 90..118 | numbers each relative seat is known to lack, `90 + 7r + n` |
/// | 118..122 | running penalty points per relative seat ÷ the loss threshold |
/// | 122..234 | who placed tile `t` this round: `122 + 4t + r` |
/// | 234..262 | when tile `t` was placed: (its place in the order + 1) ÷ 28, else 0 |
/// | 262 | round ÷ 10 |
/// | 263 | re-deals this round ÷ 8 |
/// | 264 | 1 when the observing seat is to decide |
/// | 265..269 | the observing seat, one-hot (absolute) |
impl Observe for State {
    const OBSERVATION_LEN: usize = 269;

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let out = &mut out[..Self::OBSERVATION_LEN];
        out.fill(0.0);
        let n = usize::from(self.seats()).max(1);
        let me = usize::from(seat.0);
        // Each seat's offset from `me`, worked out once (a modulo by the seat count per use
        // was a division each).
        let mut rel = [0usize; MAX_SEATS];
        let first = n - me % n;
        for (s, r) in rel.iter_mut().enumerate().take(n) {
            *r = if s + first >= n {
                s + first - n
            } else {
                s + first
            };
        }
        let rel = |s: usize| rel[s % MAX_SEATS];
        for (base, tiles) in [(0, self.hand(seat).0), (28, self.line_mask())] {
            let mut m = tiles;
            while m != 0 {
                out[base + m.trailing_zeros() as usize] = 1.0;
                m &= m - 1;
            }
        }
        if let Some((l, r)) = self.ends() {
            out[56 + usize::from(l.min(6))] = 1.0;
            out[63 + usize::from(r.min(6))] = 1.0;
        }
        for s in 0..n {
            out[70 + rel(s)] = self.hands[s].count_ones() as f32 / 7.0;
        }
        out[74] = self.stock.count_ones() as f32 / 28.0;
        out[75] = f32::from(self.drawable()) / 28.0;
        out[76
            + match self.phase() {
                Phase::Deal => 0,
                Phase::Lead => 1,
                Phase::Play => 2,
                Phase::Draw => 3,
                Phase::Over => 4,
            }] = 1.0;
        if let Some(t) = self.turn() {
            out[81 + rel(usize::from(t.0))] = 1.0;
        }
        out[85 + rel(usize::from(self.leader().0))] = 1.0;
        out[89] = f32::from(u8::from(self.drew));
        for s in 0..n {
            let mut lacks = self.lacks(Seat(s as u8));
            while lacks != 0 {
                out[90 + 7 * rel(s) + lacks.trailing_zeros() as usize] = 1.0;
                lacks &= lacks - 1;
            }
        }
        let threshold = self.config().loss_threshold.max(1) as f32;
        for (s, &score) in self.scores().iter().enumerate() {
            out[118 + rel(s)] = score as f32 / threshold;
        }
        for (i, p) in self.placements().enumerate() {
            let t = usize::from(p.tile.index());
            out[122 + 4 * t + rel(usize::from(p.seat.0))] = 1.0;
            out[234 + t] = (i + 1) as f32 / 28.0;
        }
        out[262] = self.round() as f32 / 10.0;
        out[263] = f32::from(self.redeals()) / 8.0;
        out[264] = f32::from(u8::from(is_to_move(self, seat)));
        out[265 + me % MAX_SEATS] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Evaluate;
    use crate::domino::Config;
    use crate::tensor::tests::{check_all, random_positions};
    use crate::{GameConfig, GameRng};

    #[test]
    fn tensors_are_finite_and_sized_for_every_preset() {
        for seed in 0..3 {
            check_all::<State>(seed);
        }
    }

    /// Two positions that a seat cannot tell apart (the hidden tiles dealt differently, as
    /// `determinize` does from that seat's knowledge) give that seat the same tensor; the
    /// other seats' tensors do see the difference somewhere.
    #[test]
    fn tensor_sees_only_what_the_seat_may_know() {
        let mut differs = 0;
        for (_, config) in Config::presets() {
            for seed in 0..4 {
                random_positions::<State>(config, seed, |g| {
                    let mut rng = GameRng::new(seed ^ 0x5eed);
                    for s in 0..g.seats() {
                        let seat = Seat(s);
                        let other = Evaluate::determinize(g, seat, &mut rng);
                        assert_eq!(g.view(seat), other.view(seat));
                        let mut a = [0.0; 269];
                        let mut b = [0.0; 269];
                        g.observe(seat, &mut a);
                        other.observe(seat, &mut b);
                        assert_eq!(a, b, "seat {s} told two positions apart");
                        for o in (0..g.seats()).filter(|&o| o != s) {
                            g.observe(Seat(o), &mut a);
                            other.observe(Seat(o), &mut b);
                            differs += usize::from(a != b);
                        }
                    }
                });
            }
        }
        assert!(
            differs > 0,
            "the resampled hands never showed in another seat's tensor"
        );
    }
}
