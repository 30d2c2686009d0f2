//! The stable codes of why an action is illegal, one C enum for the three games.
//!
//! Each game's `Illegal` type gives its reasons' codes ([`dangian::IllegalReason`]);
//! `DgReason` lists them for C, named `DG_REASON_<GAME>_<REASON>`. A test reads the header
//! and holds the two lists together, value for value and name for name.

/// Why an action is illegal: the value `dg_last_reason` gives after
/// `DG_STATUS_ILLEGAL_ACTION`. Values are fixed and never reused: Ô ăn quan 100–199, Cờ cá
/// ngựa 200–299, Domino 300–399; 0 is no reason.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DgReason {
    /// No reason: the last failure was not an illegal action (or nothing failed yet).
    None = 0,
    /// Ô ăn quan: `game_over`.
    OAnQuanGameOver = 100,
    /// Ô ăn quan: `not_own_square`.
    OAnQuanNotOwnSquare = 101,
    /// Ô ăn quan: `empty_square`.
    OAnQuanEmptySquare = 102,
    /// Ô ăn quan: `direction_not_allowed`.
    OAnQuanDirectionNotAllowed = 103,
    /// Ô ăn quan: `quan_capture_on_first_move`.
    OAnQuanQuanCaptureOnFirstMove = 104,
    /// Cờ cá ngựa: `game_over`.
    CaNguaGameOver = 200,
    /// Cờ cá ngựa: `malformed`.
    CaNguaMalformed = 201,
    /// Cờ cá ngựa: `roll_due`.
    CaNguaRollDue = 202,
    /// Cờ cá ngựa: `move_due`.
    CaNguaMoveDue = 203,
    /// Cờ cá ngựa: `wrong_dice`.
    CaNguaWrongDice = 204,
    /// Cờ cá ngựa: `not_in_yard`.
    CaNguaNotInYard = 205,
    /// Cờ cá ngựa: `not_lowest_in_yard`.
    CaNguaNotLowestInYard = 206,
    /// Cờ cá ngựa: `not_an_exit_roll`.
    CaNguaNotAnExitRoll = 207,
    /// Cờ cá ngựa: `exit_already_taken`.
    CaNguaExitAlreadyTaken = 208,
    /// Cờ cá ngựa: `roll_partly_used`.
    CaNguaRollPartlyUsed = 209,
    /// Cờ cá ngựa: `start_occupied`.
    CaNguaStartOccupied = 210,
    /// Cờ cá ngựa: `in_yard`.
    CaNguaInYard = 211,
    /// Cờ cá ngựa: `not_on_track`.
    CaNguaNotOnTrack = 212,
    /// Cờ cá ngựa: `distance_not_rolled`.
    CaNguaDistanceNotRolled = 213,
    /// Cờ cá ngựa: `past_door`.
    CaNguaPastDoor = 214,
    /// Cờ cá ngựa: `blocked`.
    CaNguaBlocked = 215,
    /// Cờ cá ngựa: `lands_on_own`.
    CaNguaLandsOnOwn = 216,
    /// Cờ cá ngựa: `safe_square`.
    CaNguaSafeSquare = 217,
    /// Cờ cá ngựa: `no_movement`.
    CaNguaNoMovement = 218,
    /// Cờ cá ngựa: `not_on_door`.
    CaNguaNotOnDoor = 219,
    /// Cờ cá ngựa: `not_in_home`.
    CaNguaNotInHome = 220,
    /// Cờ cá ngựa: `locked`.
    CaNguaLocked = 221,
    /// Cờ cá ngựa: `home_actions_used`.
    CaNguaHomeActionsUsed = 222,
    /// Cờ cá ngựa: `step_not_rolled`.
    CaNguaStepNotRolled = 223,
    /// Cờ cá ngựa: `step_out_of_range`.
    CaNguaStepOutOfRange = 224,
    /// Cờ cá ngựa: `home_blocked`.
    CaNguaHomeBlocked = 225,
    /// Cờ cá ngựa: `must_kick`.
    CaNguaMustKick = 226,
    /// Domino: `game_over`.
    DominoGameOver = 300,
    /// Domino: `chance_to_act`.
    DominoChanceToAct = 301,
    /// Domino: `player_to_act`.
    DominoPlayerToAct = 302,
    /// Domino: `not_in_stock`.
    DominoNotInStock = 303,
    /// Domino: `not_in_hand`.
    DominoNotInHand = 304,
    /// Domino: `no_match`.
    DominoNoMatch = 305,
    /// Domino: `lead_is_left`.
    DominoLeadIsLeft = 306,
    /// Domino: `market_not_allowed`.
    DominoMarketNotAllowed = 307,
    /// Domino: `market_empty`.
    DominoMarketEmpty = 308,
    /// Domino: `market_on_lead`.
    DominoMarketOnLead = 309,
}
