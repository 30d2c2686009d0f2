//! What happens during one action (events), and why a game ends ([`EndReason`]).

use serde::{Deserialize, Serialize};

use super::config::Colour;
use super::roll::Roll;
use crate::game::{Named, Outcome, Seat};

/// One step of what an action did, in order, so that a client can animate it.
///
/// A roll that allows no action is resolved inside the roll itself (it is not a player's
/// decision): the roll reports [`Event::Stuck`] and then what follows (another try, a bonus
/// roll, or the next colour's turn).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum Event {
    /// A colour's turn begins; `tries` is the number of rolls it may make to bring a piece
    /// out (CN-S7), 0 for one ordinary roll.
    TurnStarted {
        /// The colour to play.
        colour: Colour,
        /// Its player.
        seat: Seat,
        /// Tries for this turn (0 = one ordinary roll).
        tries: u8,
    },
    /// The dice were thrown (đổ xúc xắc).
    Rolled {
        /// The colour rolling.
        colour: Colour,
        /// What they show.
        roll: Roll,
    },
    /// The roll allows no action (bị tịt): it is lost. With `tries_left > 0` the colour rolls
    /// again (CN-S7); otherwise a bonus roll or the next turn follows.
    Stuck {
        /// The colour.
        colour: Colour,
        /// Tries still to come in this turn.
        tries_left: u8,
    },
    /// The roll is forfeited by the `max_consecutive_bonus` rule (CN-A6); the turn passes.
    Forfeited {
        /// The colour.
        colour: Colour,
    },
    /// A piece left the yard onto its start square (xuất quân, CN-S7).
    Exited {
        /// Its colour.
        colour: Colour,
        /// The piece.
        piece: u8,
        /// The absolute start square.
        square: u8,
    },
    /// A piece moved onto the next track square (one event per square, the last one is where
    /// it lands).
    Stepped {
        /// Its colour.
        colour: Colour,
        /// The piece.
        piece: u8,
        /// The absolute square reached.
        square: u8,
    },
    /// A piece was kicked (đá) back to its yard (CN-S10).
    Kicked {
        /// The kicking colour.
        by: Colour,
        /// The kicking piece.
        by_piece: u8,
        /// The kicked colour.
        colour: Colour,
        /// The kicked piece (now in the yard).
        piece: u8,
        /// The absolute square where it happened.
        square: u8,
    },
    /// A piece entered the home column (về chuồng) onto `step`.
    EnteredHome {
        /// Its colour.
        colour: Colour,
        /// The piece.
        piece: u8,
        /// The step reached (1..=6).
        step: u8,
    },
    /// A piece climbed one step in the home column (one event per step).
    Climbed {
        /// Its colour.
        colour: Colour,
        /// The piece.
        piece: u8,
        /// The step reached.
        step: u8,
    },
    /// A colour has its four pieces on the winning steps (CN-S11).
    ColourFinished {
        /// The colour.
        colour: Colour,
    },
    /// A player has finished and takes a place (CN-S3, CN-C7); the last player left is
    /// given the last place the same way.
    PlayerFinished {
        /// The player.
        seat: Seat,
        /// The place, 1 = winner.
        place: u8,
    },
    /// The same colour rolls again (CN-S6, CN-A6).
    BonusRoll {
        /// The colour.
        colour: Colour,
    },
    /// The game is over: why, the kicks each player made and the places (CN-C7).
    GameOver {
        /// The result, as [`Game::outcome`](crate::Game::outcome) gives it.
        outcome: Outcome<EndReason>,
    },
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum EndReason {
    /// Every player has a place (with `continue_for_places`, or with two players whatever
    /// it says, CN-C7, CN-C16).
    AllPlaced,
    /// The first player finished and play stopped (`continue_for_places = false` with three
    /// or more players, CN-S3, CN-C7); only the winner is placed. Two players always end
    /// with [`EndReason::AllPlaced`], places 1 and 2 (CN-C16).
    FirstFinisher,
    /// The game reached `max_actions` ([`Config::max_actions`](super::Config::max_actions));
    /// players who had finished keep their places, the others are unplaced.
    ActionLimit,
}

impl Named for EndReason {
    fn name(self) -> &'static str {
        match self {
            EndReason::AllPlaced => "all_placed",
            EndReason::FirstFinisher => "first_finisher",
            EndReason::ActionLimit => "action_limit",
        }
    }
}
