//! What a player sees: everything, since Ô ăn quan has no hidden information.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::config::Config;
use super::event::EndReason;
use super::state::{BigStone, State, CELLS};
use crate::game::{Action as _, ActionList, Game, Outcome, Seat, ToMove};

/// A snapshot of the position for one seat. Ô ăn quan hides nothing, so every seat sees
/// the same facts (only `seat` and `legal` differ).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "OAnQuanView"))]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The seat this view is for.
    pub seat: Seat,
    /// The rules.
    pub config: Config,
    /// Who acts next.
    pub to_move: ToMove,
    /// Whose turn it is (`None` once the game is over).
    pub turn: Option<Seat>,
    /// Actions applied since the start (plies: Ô ăn quan has no chance).
    pub move_number: u32,
    /// The actions this seat may take now (empty when it is not its turn).
    pub legal: Vec<Action>,
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
    /// The result, once the game is over (final totals, OAQ-C4).
    pub outcome: Option<Outcome<EndReason>>,
}

impl View {
    /// The view of `state` for `seat`.
    pub fn of(state: &State, seat: Seat) -> View {
        let mut legal = Vec::new();
        if state.to_move() == ToMove::Seat(seat) {
            let mut ids = ActionList::new();
            state.legal_actions(&mut ids);
            legal.extend(ids.iter().filter_map(|&id| Action::from_id(id)));
        }
        View {
            seat,
            config: *state.config(),
            to_move: state.to_move(),
            turn: state.turn(),
            move_number: state.move_number(),
            legal,
            dan: state.board(),
            big: state.big_stones(),
            captured_dan: [state.captured_dan(Seat(0)), state.captured_dan(Seat(1))],
            captured_quan: [state.captured_quan(Seat(0)), state.captured_quan(Seat(1))],
            scores: [state.score(Seat(0)), state.score(Seat(1))],
            outcome: state.outcome(),
        }
    }
}
