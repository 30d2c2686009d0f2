//! Each game's board as plain numbers, for a binding that shows a position without JSON: the
//! C ABI's `DgOAnQuanBoard`, `DgCaNguaBoard` and `DgDominoBoard`, and Python's board dicts,
//! are these fields.

use super::{AnyError, AnyGame};
use crate::game::{Game, Seat, ToMove};
use crate::{ca_ngua, domino, o_an_quan};

/// An Ô ăn quan position. Cells are numbered as in the rules: 0 = left quan square,
/// 1..=5 = seat 0's squares, 6 = right quan square, 7..=11 = seat 1's squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OAnQuanBoard {
    /// Small stones (dân) per cell.
    pub dan: [u32; 12],
    /// Per quan square (left, right): 1 while its big stone is on the board, else 0.
    pub big_on_board: [u32; 2],
    /// Per quan square: the seat that captured its big stone, or -1.
    pub big_captured_by: [i32; 2],
    /// Captured dân per seat (negative while in debt).
    pub captured_dan: [i32; 2],
    /// Big stones captured per seat.
    pub captured_quan: [u32; 2],
    /// Running score per seat (captured dân + quan value × captured big stones).
    pub scores: [i32; 2],
    /// Who is to move.
    pub to_move: ToMove,
    /// Plies played.
    pub ply: u32,
}

/// A Cờ cá ngựa position. Colours are 0 red, 1 yellow, 2 blue, 3 green. A piece's progress is
/// -1 in the yard, `0..track_len-1` on the track (`track_len - 1` is the door), then
/// `track_len - 1 + k` on home step `k`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CaNguaBoard {
    /// Squares on the track (40, 48, 52 or 56).
    pub track_len: u32,
    /// Per colour: the seat (player) playing it, or -1 when the colour is not in play.
    pub owner: [i32; 4],
    /// Progress of each piece, per colour (see above); -1 also for colours not in play.
    pub progress: [[i32; 4]; 4],
    /// The colour to move, or -1 when the game is over.
    pub colour_to_move: i32,
    /// Who is to move (chance when the dice are to be rolled).
    pub to_move: ToMove,
    /// The dice being played (0 when none; the second is 0 with one die).
    pub dice: [u32; 2],
    /// Tries left this turn (0 = an ordinary roll).
    pub tries_left: u32,
    /// Kicks made, per kicker colour and victim colour.
    pub kicks: [[u32; 4]; 4],
}

/// What one seat sees of a Domino match: its own hand, and only public facts about the rest.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DominoBoard {
    /// Whose view this is.
    pub seat: u32,
    /// How many seats play.
    pub players: u32,
    /// The round, from 1.
    pub round: u32,
    /// The stage: 0 deal, 1 lead, 2 play, 3 draw, 4 over.
    pub phase: u32,
    /// Who is to move.
    pub to_move: ToMove,
    /// This seat's hand as a 28-bit mask: bit `i` is tile `i` (0-0 = 0, 0-1 = 1, …, 6-6 = 27).
    pub hand_mask: u32,
    /// Tiles held by each seat (0 for seats not at the table).
    pub hand_counts: [u32; 4],
    /// Tiles in the chợ (during the deal: not dealt yet).
    pub boneyard: u32,
    /// How many of them may be drawn.
    pub drawable: u32,
    /// Open ends (left, right), or -1 while the line is empty.
    pub ends: [i32; 2],
    /// Tiles on the line.
    pub line_len: u32,
    /// The line, left to right, each tile turned as it lies (`(left half, right half)`):
    /// the first `line_len` entries.
    pub line: [(u8, u8); 28],
    /// Running penalty points per seat (0 for seats not at the table).
    pub scores: [u32; 4],
}

impl AnyGame {
    /// The game inside when it is a `G`, else [`AnyError::WrongGame`].
    fn game_of<G: super::Playable>(&self) -> Result<&G, AnyError> {
        G::peek(&self.0)
            .map(|t| t.game.game())
            .ok_or(AnyError::WrongGame {
                want: G::KIND,
                have: self.kind(),
            })
    }

    /// The Ô ăn quan board.
    ///
    /// # Errors
    /// [`AnyError::WrongGame`] when the game is another game.
    pub fn o_an_quan_board(&self) -> Result<OAnQuanBoard, AnyError> {
        use o_an_quan::BigStone;
        let s = self.game_of::<o_an_quan::State>()?;
        let mut b = OAnQuanBoard {
            dan: [0; 12],
            big_on_board: [0; 2],
            big_captured_by: [-1; 2],
            captured_dan: [0; 2],
            captured_quan: [0; 2],
            scores: [0; 2],
            to_move: s.to_move(),
            ply: s.ply(),
        };
        for (d, v) in b.dan.iter_mut().zip(s.board()) {
            *d = u32::from(v);
        }
        for (q, big) in s.big_stones().iter().enumerate() {
            b.big_on_board[q] = u32::from(*big == BigStone::OnBoard);
            if let BigStone::CapturedBy { seat } = big {
                b.big_captured_by[q] = i32::from(seat.0);
            }
        }
        for p in 0..2u8 {
            let seat = Seat(p);
            b.captured_dan[usize::from(p)] = s.captured_dan(seat);
            b.captured_quan[usize::from(p)] = u32::from(s.captured_quan(seat));
            b.scores[usize::from(p)] = s.score(seat);
        }
        Ok(b)
    }

    /// The Cờ cá ngựa board.
    ///
    /// # Errors
    /// [`AnyError::WrongGame`] when the game is another game.
    pub fn ca_ngua_board(&self) -> Result<CaNguaBoard, AnyError> {
        use ca_ngua::Colour;
        let s = self.game_of::<ca_ngua::State>()?;
        let rules = s.config();
        let mut b = CaNguaBoard {
            track_len: u32::from(rules.track_len),
            owner: [-1; 4],
            progress: [[-1; 4]; 4],
            colour_to_move: s.colour_to_move().map_or(-1, |c| i32::from(c.0)),
            to_move: s.to_move(),
            dice: [0; 2],
            tries_left: u32::from(s.tries_left()),
            kicks: [[0; 4]; 4],
        };
        let pieces = s.pieces();
        for c in 0..4u8 {
            let i = usize::from(c);
            b.owner[i] = rules.seats.owner(Colour(c)).map_or(-1, i32::from);
            for (dst, src) in b.progress[i].iter_mut().zip(pieces[i]) {
                *dst = i32::from(src);
            }
        }
        if let Some(roll) = s.current_roll() {
            let f = roll.faces();
            b.dice = [u32::from(f[0]), u32::from(f[1])];
        }
        for (row, src) in b.kicks.iter_mut().zip(s.kicks()) {
            for (dst, k) in row.iter_mut().zip(src) {
                *dst = u32::from(k);
            }
        }
        Ok(b)
    }

    /// What `seat` sees of the Domino match: safe to send to that seat.
    ///
    /// # Errors
    /// [`AnyError::WrongGame`] when the game is another game, then
    /// [`AnyError::NoSuchSeat`] for a seat not at the table.
    pub fn domino_board(&self, seat: u32) -> Result<DominoBoard, AnyError> {
        use domino::Phase;
        let s = self.game_of::<domino::State>()?;
        let me = self.seat(seat)?;
        let mut b = DominoBoard {
            seat,
            players: u32::from(s.seats()),
            round: s.round(),
            phase: match s.phase() {
                Phase::Deal => 0,
                Phase::Lead => 1,
                Phase::Play => 2,
                Phase::Draw => 3,
                Phase::Over => 4,
            },
            to_move: s.to_move(),
            hand_mask: s.hand(me).mask(),
            hand_counts: [0; 4],
            boneyard: s.boneyard().len() as u32,
            drawable: u32::from(s.drawable()),
            ends: [-1, -1],
            line_len: 0,
            line: [(0, 0); 28],
            scores: [0; 4],
        };
        for (p, count) in (0..s.seats()).zip(b.hand_counts.iter_mut()) {
            *count = s.hand(Seat(p)).len() as u32;
        }
        for (dst, src) in b.scores.iter_mut().zip(s.scores()) {
            *dst = *src;
        }
        if let Some((l, r)) = s.ends() {
            b.ends = [i32::from(l), i32::from(r)];
        }
        let line = s.line();
        for (dst, p) in b.line.iter_mut().zip(line.as_slice()) {
            *dst = (p.left, p.right);
        }
        b.line_len = line.len() as u32;
        Ok(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameKind;

    #[test]
    fn a_board_of_another_game_is_refused() {
        let g = AnyGame::new(GameKind::CaNgua, "").unwrap();
        assert!(g.ca_ngua_board().is_ok());
        assert_eq!(
            g.o_an_quan_board().unwrap_err(),
            AnyError::WrongGame {
                want: GameKind::OAnQuan,
                have: GameKind::CaNgua
            }
        );
        assert!(matches!(g.domino_board(0), Err(AnyError::WrongGame { .. })));
        let d = AnyGame::new(GameKind::Domino, "").unwrap();
        assert_eq!(d.domino_board(9).unwrap_err(), AnyError::NoSuchSeat(9));
        assert_eq!(d.domino_board(1).unwrap().seat, 1);
    }
}
