//! What a player sees: everything, since Ô ăn quan has no hidden information.

use serde::{Deserialize, Serialize};

use super::event::EndReason;
use super::state::{BigStone, State, CELLS};
use crate::game::Seat;

/// A snapshot of the position for one seat. Ô ăn quan hides nothing, so every seat sees
/// the same facts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The seat this view is for.
    pub seat: Seat,
    /// Small stones per cell 0..=11 (rules §2.1).
    pub dan: [u16; CELLS],
    /// The big stones of the left and right quan squares.
    pub big: [BigStone; 2],
    /// Captured dân of A and B (negative: a debt, OAQ-C1).
    pub captured_dan: [i32; 2],
    /// Big stones captured by A and B.
    pub captured_quan: [u8; 2],
    /// The running scores (captured dân + quan value · captured quan).
    pub scores: [i32; 2],
    /// The player to move, or `None` when the game is over.
    pub to_move: Option<Seat>,
    /// Plies played.
    pub ply: u32,
    /// Why the game ended, if it did.
    pub end: Option<EndReason>,
    /// The final totals once the game is over (OAQ-C4).
    pub final_scores: Option<[i32; 2]>,
    /// The winner once the game is over (`None` for a draw or while playing).
    pub winner: Option<Seat>,
}

impl View {
    /// The view of `state` for `seat`.
    pub fn of(state: &State, seat: Seat) -> View {
        View {
            seat,
            dan: state.board(),
            big: state.big_stones(),
            captured_dan: [state.captured_dan(Seat(0)), state.captured_dan(Seat(1))],
            captured_quan: [state.captured_quan(Seat(0)), state.captured_quan(Seat(1))],
            scores: [state.score(Seat(0)), state.score(Seat(1))],
            to_move: state.player_to_move(),
            ply: state.ply(),
            end: state.end_reason(),
            final_scores: state.final_scores(),
            winner: state.winner(),
        }
    }
}
