//! What happens during a move, step by step ([`Event`]), and why turns and games end.

use serde::{Deserialize, Serialize};

use crate::game::{Named, Outcome, Seat};

/// Why a turn ended (OAQ-S7 and the variants).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum TurnEndReason {
    /// The square after the last stone is a quan square (OAQ-S7, "mất lượt").
    NextIsQuan,
    /// An empty square followed by a square without pieces ("2 ô trống").
    TwoEmpty,
    /// A capture was made and the square after it is not an empty small square (OAQ-S6,
    /// OAQ-S7 "sau khi vừa ăn").
    AfterCapture,
    /// The square to capture is a protected quan non (OAQ-A6, OAQ-C9).
    QuanNon,
    /// One capture made and chains are off (OAQ-A7).
    SingleCapture,
    /// The sowing had at least `stop_after_sowing_at_least` stones (OAQ-A4, Ludii).
    LargeSowing,
    /// A relay would have repeated an earlier relay of this move (OAQ-A12,
    /// `RelayLoop::EndTurnOnRepeat`).
    RelayRepeat,
    /// The relay cap of `RelayLoop::Cap`, or the engine's backstop
    /// (`SOWING_BACKSTOP` stones sown in one move), was
    /// reached (OAQ-A12).
    RelayCap,
}

/// Why a game ended (rules §2.3, OAQ-A9, OAQ-A13, OAQ-C3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum EndReason {
    /// Both quan squares are empty (OAQ-S9: "hết quan tàn dân").
    BothQuanSquaresEmpty,
    /// Both big stones are captured (`EndCondition::BothBigStonesCaptured`, OAQ-A9).
    BothBigStonesCaptured,
    /// The player to move could not refill an empty side (OAQ-A8, OAQ-C5, OAQ-C6); the
    /// opponent wins.
    NoRefill,
    /// The ply cap was reached (OAQ-A13).
    MoveCap,
    /// The position a move reached occurred `repetition_limit` times among itself and the 16
    /// positions before it (OAQ-A13, OAQ-C12).
    Repetition,
}

/// One step of a move, for a client to animate. Cells are ring cells 0..=11 (rules §2.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum Event {
    /// The mover picks up every stone of the square played (OAQ-S3).
    PickUp {
        /// The mover.
        seat: Seat,
        /// The square.
        cell: u8,
        /// Stones in hand.
        stones: u16,
    },
    /// One stone is sown (rải) into a cell (OAQ-S3).
    Sow {
        /// The cell.
        cell: u8,
        /// The small stones in the cell now.
        now: u16,
    },
    /// The stones of the next square are picked up and sowing goes on (OAQ-S4, OAQ-A5).
    Relay {
        /// The square picked up from (a quan square under `relay_at_quan` TakeOne/TakeAll).
        cell: u8,
        /// Stones in hand.
        stones: u16,
        /// The relay's number within the move, from 1.
        number: u32,
    },
    /// A capture (ăn): everything in `cell` leaves the board to the mover (OAQ-S5, OAQ-S6).
    Capture {
        /// The mover.
        seat: Seat,
        /// The empty square jumped over.
        gap: u8,
        /// The square captured.
        cell: u8,
        /// Small stones (dân) taken.
        dan: u16,
        /// Big stones (quan) taken: 0 or 1.
        quan: u8,
        /// The capture's place in the chain, from 1 (OAQ-S6).
        chain: u8,
    },
    /// The turn ends (OAQ-S7), with what the move captured in all.
    TurnEnd {
        /// The mover.
        seat: Seat,
        /// Why.
        reason: TurnEndReason,
        /// Captures in the chain.
        captures: u8,
        /// Dân captured by the move.
        dan: u32,
        /// Big stones captured by the move.
        quan: u8,
    },
    /// The player about to move had five empty squares and refilled them (OAQ-S8, OAQ-C2).
    Refill {
        /// The player refilling.
        seat: Seat,
        /// Dân put into each of the five squares.
        per_square: u8,
        /// The captured-dân pile after paying (negative: a debt, OAQ-C1).
        pile_after: i32,
        /// The debt to the opponent after the refill (0 when the pile is not negative).
        debt: u32,
    },
    /// The game is over (OAQ-S9, OAQ-C3, OAQ-C4): why, the final totals (OAQ-C4) and the
    /// places (a draw shares the first place, OAQ-C10).
    GameOver {
        /// The result, as [`Game::outcome`](crate::Game::outcome) gives it.
        outcome: Outcome<EndReason>,
    },
    /// A game of a [`Match`](crate::o_an_quan::Match) was settled (OAQ-S11, OAQ-A11).
    MatchSettled {
        /// Games finished in the match so far.
        games: u32,
        /// The running balance of each player after this game (stones won or owed).
        balance: [i32; 2],
    },
}

impl Named for EndReason {
    fn name(self) -> &'static str {
        match self {
            EndReason::BothQuanSquaresEmpty => "both_quan_squares_empty",
            EndReason::BothBigStonesCaptured => "both_big_stones_captured",
            EndReason::NoRefill => "no_refill",
            EndReason::MoveCap => "move_cap",
            EndReason::Repetition => "repetition",
        }
    }
}
