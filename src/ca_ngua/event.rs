//! What happens during one action (events), why an action is refused ([`Illegal`]), and why
//! a game ends ([`EndReason`]).

use serde::{Deserialize, Serialize};

use super::config::Colour;
use super::roll::Roll;
use crate::game::{IllegalReason, Named, Outcome, Seat};

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

/// Why an action is illegal. The text says exactly why, e.g. "piece 2 is blocked by a yellow
/// piece on square 17".
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A field of the action is out of range.
    #[error("the action {0} is out of range")]
    Malformed(&'static str),
    /// The dice must be rolled first.
    #[error("the {colour} player must roll first")]
    RollDue {
        /// The colour to roll.
        colour: Colour,
    },
    /// A roll was given while a move is due.
    #[error("{colour} must move with the roll {roll} first")]
    MoveDue {
        /// The colour to move.
        colour: Colour,
        /// The roll being played.
        roll: Roll,
    },
    /// A roll of the wrong number of dice.
    #[error("this game is played with {0}")]
    WrongDice(&'static str),
    /// Exit of a piece that is not in the yard.
    #[error("piece {piece} is not in the yard")]
    NotInYard {
        /// The piece.
        piece: u8,
    },
    /// Exit of another piece than the lowest-numbered one in the yard (CN-C2).
    #[error("the exit takes the lowest-numbered piece in the yard, {lowest}, not {piece}")]
    NotLowestInYard {
        /// The piece asked for.
        piece: u8,
        /// The piece that exits.
        lowest: u8,
    },
    /// The roll does not allow an exit (CN-S7, CN-A2).
    #[error("the roll {roll} does not allow an exit")]
    NotAnExitRoll {
        /// The roll.
        roll: Roll,
    },
    /// This roll already brought a piece out.
    #[error("this roll has already brought a piece out")]
    ExitAlreadyTaken,
    /// An exit comes first: it needs a roll with no part spent, and part of this one is
    /// spent (CN-A3, CN-C12, whether or not the exit uses up the roll).
    #[error("an exit comes first: part of this roll is already spent")]
    RollPartlyUsed,
    /// The start square is held by an own piece (CN-A4) or, under
    /// `StartConflict::Blocked`, by an opponent.
    #[error("the start square {square} is held by a {colour} piece")]
    StartOccupied {
        /// The start square.
        square: u8,
        /// The colour there.
        colour: Colour,
    },
    /// The piece is in the yard.
    #[error("piece {piece} is in the yard")]
    InYard {
        /// The piece.
        piece: u8,
    },
    /// A track move of a piece on the door or in the home column.
    #[error("piece {piece} is not on the track before its door")]
    NotOnTrack {
        /// The piece.
        piece: u8,
    },
    /// The distance is not a move value of the roll.
    #[error("the roll does not give a move of {dist}")]
    DistanceNotRolled {
        /// The distance asked for.
        dist: u8,
    },
    /// The move passes the door (CN-A10).
    #[error("piece {piece} cannot move {dist}: it would pass its door")]
    PastDoor {
        /// The piece.
        piece: u8,
        /// The distance.
        dist: u8,
    },
    /// A piece stands in the way (bị cản, CN-S9, CN-A8).
    #[error("piece {piece} is blocked by a {colour} piece on square {square}")]
    Blocked {
        /// The piece that would move.
        piece: u8,
        /// The blocking colour.
        colour: Colour,
        /// The absolute square of the blocking piece.
        square: u8,
    },
    /// The move would land on an own piece (CN-S10: no kicking your own pieces).
    #[error("piece {piece} would land on its own side's {colour} piece on square {square}")]
    LandsOnOwn {
        /// The piece.
        piece: u8,
        /// The colour there.
        colour: Colour,
        /// The absolute square.
        square: u8,
    },
    /// The move would land on an opponent on a safe square (CN-A9).
    #[error("piece {piece} cannot land on the {colour} piece on safe square {square}")]
    SafeSquare {
        /// The piece.
        piece: u8,
        /// The colour there.
        colour: Colour,
        /// The absolute square.
        square: u8,
    },
    /// A bounce back from the door would end where the piece started.
    #[error("piece {piece} would bounce back to the square it started from")]
    NoMovement {
        /// The piece.
        piece: u8,
    },
    /// Entering home from elsewhere than the door.
    #[error("piece {piece} is not on its door")]
    NotOnDoor {
        /// The piece.
        piece: u8,
    },
    /// Climbing with a piece not in the home column.
    #[error("piece {piece} is not in the home column")]
    NotInHome {
        /// The piece.
        piece: u8,
    },
    /// The piece is part of the finished block at the top of the column (CN-A12).
    #[error("piece {piece} on step {step} is locked in the finished block")]
    Locked {
        /// The piece.
        piece: u8,
        /// Its step.
        step: u8,
    },
    /// This roll's home actions are used up (`home_actions_per_roll`, CN-A11).
    #[error("this roll allows no more home actions")]
    HomeActionsUsed,
    /// The roll does not allow that home move (CN-A11).
    #[error("the roll does not take piece {piece} to step {step}")]
    StepNotRolled {
        /// The piece.
        piece: u8,
        /// The step asked for.
        step: u8,
    },
    /// The step is above the top winning step, or beyond the column.
    #[error("step {step} is beyond the usable steps of the home column")]
    StepOutOfRange {
        /// The step.
        step: u8,
    },
    /// An own piece stands in the way in the home column.
    #[error("piece {piece} cannot pass or land on the piece on home step {step}")]
    HomeBlocked {
        /// The piece.
        piece: u8,
        /// The occupied step.
        step: u8,
    },
    /// A kick is possible and kicks are mandatory (CN-A9).
    #[error("a kick is possible, and kicking is mandatory")]
    MustKick,
}

impl IllegalReason for Illegal {
    const REASONS: &'static [(u32, &'static str)] = &[
        (200, "game_over"),
        (201, "malformed"),
        (202, "roll_due"),
        (203, "move_due"),
        (204, "wrong_dice"),
        (205, "not_in_yard"),
        (206, "not_lowest_in_yard"),
        (207, "not_an_exit_roll"),
        (208, "exit_already_taken"),
        (209, "roll_partly_used"),
        (210, "start_occupied"),
        (211, "in_yard"),
        (212, "not_on_track"),
        (213, "distance_not_rolled"),
        (214, "past_door"),
        (215, "blocked"),
        (216, "lands_on_own"),
        (217, "safe_square"),
        (218, "no_movement"),
        (219, "not_on_door"),
        (220, "not_in_home"),
        (221, "locked"),
        (222, "home_actions_used"),
        (223, "step_not_rolled"),
        (224, "step_out_of_range"),
        (225, "home_blocked"),
        (226, "must_kick"),
    ];

    fn code(&self) -> u32 {
        match self {
            Illegal::GameOver => 200,
            Illegal::Malformed(..) => 201,
            Illegal::RollDue { .. } => 202,
            Illegal::MoveDue { .. } => 203,
            Illegal::WrongDice(..) => 204,
            Illegal::NotInYard { .. } => 205,
            Illegal::NotLowestInYard { .. } => 206,
            Illegal::NotAnExitRoll { .. } => 207,
            Illegal::ExitAlreadyTaken => 208,
            Illegal::RollPartlyUsed => 209,
            Illegal::StartOccupied { .. } => 210,
            Illegal::InYard { .. } => 211,
            Illegal::NotOnTrack { .. } => 212,
            Illegal::DistanceNotRolled { .. } => 213,
            Illegal::PastDoor { .. } => 214,
            Illegal::Blocked { .. } => 215,
            Illegal::LandsOnOwn { .. } => 216,
            Illegal::SafeSquare { .. } => 217,
            Illegal::NoMovement { .. } => 218,
            Illegal::NotOnDoor { .. } => 219,
            Illegal::NotInHome { .. } => 220,
            Illegal::Locked { .. } => 221,
            Illegal::HomeActionsUsed => 222,
            Illegal::StepNotRolled { .. } => 223,
            Illegal::StepOutOfRange { .. } => 224,
            Illegal::HomeBlocked { .. } => 225,
            Illegal::MustKick => 226,
        }
    }
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
