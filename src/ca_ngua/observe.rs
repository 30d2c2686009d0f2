//! Cờ cá ngựa's observation tensor for learning code ([`Observe`]).

use super::{Colour, Phase, Roll, State};
use crate::game::{Game, Seat, ToMove};
use crate::tensor::Observe;

/// The whole position (Cờ cá ngựa hides nothing), seat-relative.
///
/// **Cờ cá ngựa** (307 values). Colour slots are relative: slot `k` is colour
/// `(b + k) mod 4`, `b` the seat's lowest colour; track squares are relative to `b`'s start
/// square (`(square − L/4·b) mod L`, `L` the track length).
///
/// | index | value |
/// |---|---|
/// | 66·k + 0 | colour of slot `k` in play (0/1) |
/// | 66·k + 1 | colour played by the observing seat |
/// | 66·k + 2 | colour to move |
/// | 66·k + 3 | pieces in the yard ÷ 4 |
/// | 66·k + 4 + q | a piece of the colour on relative track square `q` (0..56; squares ≥ `L` are 0) |
/// | 66·k + 60 + j | a piece of the colour on home step `j + 1` (j = 0..6) |
/// | 264..270 | the first die's face, one-hot (1..6; none when no roll is being played) |
/// | 270..276 | the second die's face, one-hot (none with one die) |
/// | 276, 277 | first, second die used |
/// | 278 | a piece has exited with this roll |
/// | 279 | home actions taken with this roll ÷ 4 |
/// | 280..283 | phase one-hot: roll, move, over |
/// | 283 | tries left ÷ 3 |
/// | 284 | bonus rolls in a row ÷ 3 |
/// | 285 | 1 when the observing seat is to move (or to roll) |
/// | 286..302 | kicks by slot `i` of slot `j` at `286 + 4i + j`, ÷ 10 |
/// | 302..306 | colour of slot `k` finished |
/// | 306 | actions played ÷ the action cap |
///
impl Observe for State {
    const OBSERVATION_LEN: usize = 307;

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let out = &mut out[..Self::OBSERVATION_LEN];
        out.fill(0.0);
        let rules = self.config();
        let mine = rules.seats.colours_of(seat.0);
        let base = (0..4u8).find(|c| mine & (1 << c) != 0).unwrap_or(0);
        let len = i32::from(rules.track_len).max(1);
        let segment = i32::from(rules.segment());
        let door = i32::from(rules.door());
        let pieces = self.pieces();
        // The fields themselves, not `to_setup()`: a setup lists the finished colours and
        // places in vectors, and an observation allocates nothing.
        let to_move = self.colour_to_move();
        for k in 0..4u8 {
            let c = (base + k) % 4;
            let colour = Colour(c);
            let o = 66 * usize::from(k);
            out[o] = f32::from(u8::from(rules.seats.in_play(colour)));
            out[o + 1] = f32::from(u8::from(mine & (1 << c) != 0));
            out[o + 2] = f32::from(u8::from(to_move == Some(colour)));
            if !rules.seats.in_play(colour) {
                continue;
            }
            // The square relative to `base`'s start, `(segment · (c − base) + p) mod len`:
            // with `segment ≤ len / 4` and `p < len` it lies in `−len..2·len`, so one
            // correction replaces two divisions per piece.
            let offset = segment * (i32::from(c) - i32::from(base));
            for &p in &pieces[usize::from(c)] {
                let p = i32::from(p);
                if p < 0 {
                    out[o + 3] += 0.25;
                } else if p <= door {
                    let mut rel = offset + p;
                    if rel < 0 {
                        rel += len;
                    } else if rel >= len {
                        rel -= len;
                    }
                    // Out of range only if the bound failed: then left out, never indexed.
                    let rel = usize::try_from(rel).unwrap_or(usize::MAX);
                    if rel < 56 {
                        out[o + 4 + rel] = 1.0;
                    }
                } else {
                    let step = (p - door - 1) as usize;
                    if step < 6 {
                        out[o + 60 + step] = 1.0;
                    }
                }
            }
        }
        if self.phase == Phase::Move {
            let roll = &self.roll;
            let [a, b] = Roll::from_faces(roll.dice).faces();
            if (1..=6).contains(&a) {
                out[264 + usize::from(a) - 1] = 1.0;
            }
            if (1..=6).contains(&b) {
                out[270 + usize::from(b) - 1] = 1.0;
            }
            out[276] = f32::from(u8::from(roll.used & 1 != 0));
            out[277] = f32::from(u8::from(roll.used & 2 != 0));
            out[278] = f32::from(u8::from(roll.exited));
            out[279] = f32::from(roll.home_actions) / 4.0;
        }
        out[280
            + match self.phase {
                Phase::Roll => 0,
                Phase::Move => 1,
                Phase::Over => 2,
            }] = 1.0;
        out[283] = f32::from(self.tries_left) / 3.0;
        out[284] = f32::from(self.bonus_streak) / 3.0;
        out[285] = f32::from(u8::from(
            self.turn() == Some(seat) && self.to_move() != ToMove::Over,
        ));
        let kicks = self.kicks();
        for i in 0..4usize {
            for j in 0..4usize {
                let (ci, cj) = ((usize::from(base) + i) % 4, (usize::from(base) + j) % 4);
                out[286 + 4 * i + j] = f32::from(kicks[ci][cj]) / 10.0;
            }
        }
        for c in self.finished_colours() {
            let k = (usize::from(c.0) + 4 - usize::from(base)) % 4;
            out[302 + k] = 1.0;
        }
        out[306] = self.move_number() as f32 / self.max_moves().max(1) as f32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tensor::tests::check_all;

    #[test]
    fn tensors_are_finite_and_sized_for_every_preset() {
        for seed in 0..3 {
            check_all::<State>(seed);
        }
    }
}
