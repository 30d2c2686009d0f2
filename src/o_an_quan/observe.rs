//! Ô ăn quan's observation tensor for learning code ([`Observe`]).

use super::State;
use crate::game::{Game, Seat};
use crate::tensor::{is_to_move, Observe};

/// The whole position (Ô ăn quan hides nothing), seat-relative.
///
/// **Ô ăn quan** (23 values; cell `c` of the board is at relative cell `(c + 6·seat) mod 12`,
/// so the seat's own squares are always 1..=5 and relative cell 0 is the quan square on its
/// left):
///
/// | index | value |
/// |---|---|
/// | 0..12 | dân per relative cell ÷ 10 |
/// | 12, 13 | big stone still on relative quan square 0, 6 (0/1) |
/// | 14, 15 | captured dân of the seat, of the opponent ÷ 10 (negative in debt) |
/// | 16, 17 | big stones captured by the seat, by the opponent |
/// | 18, 19 | score of the seat, of the opponent ÷ 10 |
/// | 20 | 1 when the seat is to move |
/// | 21 | plies played ÷ the ply cap |
/// | 22 | 1 when the game is over |
///
impl Observe for State {
    const OBSERVATION_LEN: usize = 23;

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let out = &mut out[..Self::OBSERVATION_LEN];
        let me = Seat(seat.0 & 1);
        let them = Seat(1 - me.0);
        let shift = 6 * usize::from(me.0);
        for c in 0..12usize {
            out[(c + shift) % 12] = f32::from(self.dan(c as u8)) / 10.0;
        }
        out[12] = f32::from(u8::from(self.big_on_board(((shift) % 12) as u8)));
        out[13] = f32::from(u8::from(self.big_on_board(((6 + shift) % 12) as u8)));
        out[14] = self.captured_dan(me) as f32 / 10.0;
        out[15] = self.captured_dan(them) as f32 / 10.0;
        out[16] = f32::from(self.captured_quan(me));
        out[17] = f32::from(self.captured_quan(them));
        out[18] = self.score(me) as f32 / 10.0;
        out[19] = self.score(them) as f32 / 10.0;
        out[20] = f32::from(u8::from(is_to_move(self, seat)));
        out[21] = self.ply() as f32 / self.max_moves().max(1) as f32;
        out[22] = f32::from(u8::from(self.is_over()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::o_an_quan::Config;
    use crate::tensor::returns;
    use crate::tensor::tests::{check_all, random_positions};

    #[test]
    fn tensors_are_finite_and_sized_for_every_preset() {
        for seed in 0..3 {
            check_all::<State>(seed);
        }
    }

    #[test]
    fn tensor_is_seat_relative() {
        let game = State::new(Config::default()).unwrap();
        let (mut a, mut b) = ([0.0; 23], [0.0; 23]);
        game.observe(Seat(0), &mut a);
        game.observe(Seat(1), &mut b);
        // The start is symmetric except for who is to move.
        assert_eq!(a[..20], b[..20]);
        assert_eq!((a[20], b[20]), (1.0, 0.0));
    }

    #[test]
    fn two_player_returns_are_win_loss_draw() {
        random_positions::<State>(Config::default(), 5, |g| {
            if let Some(o) = g.outcome() {
                let r = returns(g);
                match o.winner() {
                    Some(Seat(w)) => {
                        assert_eq!(r[usize::from(w)], 1.0);
                        assert_eq!(r[usize::from(1 - w)], -1.0);
                    }
                    None => assert_eq!(r[..2], [0.0, 0.0]),
                }
            }
        });
    }
}
