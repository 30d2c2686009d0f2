//! Actions of Cờ cá ngựa: the rolls (chance) and the player's moves, with dense ids and a
//! short text notation.

use std::fmt;
use std::str::FromStr;

use crate::game::{Action as ActionTrait, ParseActionError};

/// Ids of the 21 two-dice rolls.
const TWO_DICE_ROLLS: u32 = 21;
/// First id of the one-die rolls.
const ONE_DIE_BASE: u32 = TWO_DICE_ROLLS;
/// First id of the moves.
pub(crate) const MOVE_BASE: u32 = ONE_DIE_BASE + 6;
/// The two-dice rolls `(low, high)` by id: ascending `low`, then `high`.
pub(crate) const TWO_DICE: [(u8, u8); TWO_DICE_ROLLS as usize] = {
    let mut table = [(0u8, 0u8); TWO_DICE_ROLLS as usize];
    let (mut id, mut low) = (0, 1u8);
    while low <= 6 {
        let mut high = low;
        while high <= 6 {
            table[id] = (low, high);
            id += 1;
            high += 1;
        }
        low += 1;
    }
    table
};
/// Not a roll, in [`ROLL_IDS`].
const NO_ROLL: u8 = u8::MAX;
/// The id of the roll `(low, high)` at `[low][high]`, [`NO_ROLL`] where it is not one (a face
/// outside 1..=6, or `low > high`): [`TWO_DICE`] inverted.
const ROLL_IDS: [[u8; 8]; 8] = {
    let mut table = [[NO_ROLL; 8]; 8];
    let mut id = 0;
    while id < TWO_DICE.len() {
        let (low, high) = TWO_DICE[id];
        table[low as usize][high as usize] = id as u8;
        id += 1;
    }
    table
};
/// Ids per piece: one exit, track 1..=12, enter 1..=6, climb 1..=5.
const PER_PIECE: u32 = 1 + 12 + 6 + 5;

/// One action: a roll of the dice (a chance outcome) or a move of one of the current
/// colour's pieces `0..=3` (piece numbers are fixed for the whole game, CN-C2).
///
/// A roll is **unordered** (CN-C1): `Roll { low: 3, high: 5 }` stands for both 3-5 and 5-3,
/// so the 36 equally likely ordered throws of two dice are 21 outcomes, a double with weight
/// 1 and any other pair with weight 2 (of 36). One die has 6 outcomes of weight 1.
///
/// Text notation (stable; used in records and logs):
///
/// | action | text | id |
/// |---|---|---|
/// | two dice `low ≤ high` | `r3-5` | `0..21` |
/// | one die | `r4` | `21..27` |
/// | exit piece 2 from the yard (xuất quân) | `x2` | `27 + 24·piece` |
/// | piece 0 moves 8 squares on the track | `0+8` | `… + dist` (1..=12) |
/// | piece 1 enters home step 3 from the door | `1>3` | `… + 12 + step` (1..=6) |
/// | piece 3 climbs 1 step in the home column | `3^1` | `… + 18 + steps` (1..=5) |
///
/// Ids go by piece, then kind (exit, track, enter, climb), then number, the order of the
/// reference games. Fields out of range (e.g. a track move of 13) make an action that has no
/// id: [`Action::id`] then returns [`Action::ID_COUNT`](crate::Action::ID_COUNT), and
/// the game refuses it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Two dice show `low` and `high` (`1 ≤ low ≤ high ≤ 6`), in either order.
    Roll {
        /// The lower face.
        low: u8,
        /// The higher face.
        high: u8,
    },
    /// One die shows `face` (`1..=6`).
    RollOne {
        /// The face.
        face: u8,
    },
    /// Bring the piece out of the yard onto the start square (xuất quân, CN-S7).
    Exit {
        /// The piece (the lowest-numbered one in the yard, CN-C2).
        piece: u8,
    },
    /// Move the piece `dist` squares along the track (CN-S8).
    Track {
        /// The piece.
        piece: u8,
        /// Squares to move, `1..=12`.
        dist: u8,
    },
    /// Move the piece from the door (cửa chuồng) onto home step `step` (CN-A11).
    Enter {
        /// The piece.
        piece: u8,
        /// The home step, `1..=6`.
        step: u8,
    },
    /// Climb `steps` steps up the home column (leo bậc, CN-A11).
    Climb {
        /// The piece.
        piece: u8,
        /// Steps to climb, `1..=5`.
        steps: u8,
    },
}

impl Action {
    /// The piece a move moves, `None` for a roll.
    pub fn piece(self) -> Option<u8> {
        match self {
            Action::Roll { .. } | Action::RollOne { .. } => None,
            Action::Exit { piece }
            | Action::Track { piece, .. }
            | Action::Enter { piece, .. }
            | Action::Climb { piece, .. } => Some(piece),
        }
    }

    /// Whether this is a chance outcome (a roll).
    pub fn is_roll(self) -> bool {
        matches!(self, Action::Roll { .. } | Action::RollOne { .. })
    }

    // Always inlined: the check of a roll then never computes the id it does not use.
    #[inline(always)]
    pub(crate) fn checked_id(self) -> Option<u32> {
        let face = |f: u8| (1..=6).contains(&f);
        let piece = |p: u8| p < 4;
        Some(match self {
            Action::Roll { low, high } => {
                // One lookup (the id of every roll is asked after every sampled roll).
                if (low | high) >= 8 {
                    return None;
                }
                let id = ROLL_IDS[usize::from(low)][usize::from(high)];
                if id == NO_ROLL {
                    return None;
                }
                u32::from(id)
            }
            Action::RollOne { face: f } => {
                if !face(f) {
                    return None;
                }
                ONE_DIE_BASE + u32::from(f) - 1
            }
            Action::Exit { piece: p } => {
                if !piece(p) {
                    return None;
                }
                MOVE_BASE + PER_PIECE * u32::from(p)
            }
            Action::Track { piece: p, dist } => {
                if !piece(p) || !(1..=12).contains(&dist) {
                    return None;
                }
                MOVE_BASE + PER_PIECE * u32::from(p) + u32::from(dist)
            }
            Action::Enter { piece: p, step } => {
                if !piece(p) || !(1..=6).contains(&step) {
                    return None;
                }
                MOVE_BASE + PER_PIECE * u32::from(p) + 12 + u32::from(step)
            }
            Action::Climb { piece: p, steps } => {
                if !piece(p) || !(1..=5).contains(&steps) {
                    return None;
                }
                MOVE_BASE + PER_PIECE * u32::from(p) + 18 + u32::from(steps)
            }
        })
    }

    /// Whether every field is in range (only such actions have an id).
    pub fn is_well_formed(self) -> bool {
        self.checked_id().is_some()
    }
}

impl ActionTrait for Action {
    const ID_COUNT: u32 = MOVE_BASE + 4 * PER_PIECE;

    // Always inlined: after a sampled roll (`play_chance`) only the roll's arm is left.
    #[inline(always)]
    fn id(self) -> u32 {
        self.checked_id().unwrap_or(Self::ID_COUNT)
    }

    #[inline]
    fn from_id(id: u32) -> Option<Self> {
        if let Some(&(low, high)) = TWO_DICE.get(id as usize) {
            return Some(Action::Roll { low, high });
        }
        if id < MOVE_BASE {
            return Some(Action::RollOne {
                face: (id - ONE_DIE_BASE + 1) as u8,
            });
        }
        if id >= Self::ID_COUNT {
            return None;
        }
        let k = id - MOVE_BASE;
        let piece = (k / PER_PIECE) as u8;
        let o = (k % PER_PIECE) as u8;
        Some(match o {
            0 => Action::Exit { piece },
            1..=12 => Action::Track { piece, dist: o },
            13..=18 => Action::Enter {
                piece,
                step: o - 12,
            },
            _ => Action::Climb {
                piece,
                steps: o - 18,
            },
        })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Roll { low, high } => write!(f, "r{low}-{high}"),
            Action::RollOne { face } => write!(f, "r{face}"),
            Action::Exit { piece } => write!(f, "x{piece}"),
            Action::Track { piece, dist } => write!(f, "{piece}+{dist}"),
            Action::Enter { piece, step } => write!(f, "{piece}>{step}"),
            Action::Climb { piece, steps } => write!(f, "{piece}^{steps}"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        const EXPECTED: &str = "expected r3-5, r4, x0, 0+8, 0>3 or 0^1";
        let err = || ParseActionError::new(text, EXPECTED);
        let num = |s: &str| -> Result<u8, ParseActionError> {
            if s.is_empty() || s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(err());
            }
            s.parse::<u8>().map_err(|_| err())
        };
        let action = if let Some(rest) = text.strip_prefix('r') {
            match rest.split_once('-') {
                Some((a, b)) => Action::Roll {
                    low: num(a)?,
                    high: num(b)?,
                },
                None => Action::RollOne { face: num(rest)? },
            }
        } else if let Some(rest) = text.strip_prefix('x') {
            Action::Exit { piece: num(rest)? }
        } else if let Some((p, d)) = text.split_once('+') {
            Action::Track {
                piece: num(p)?,
                dist: num(d)?,
            }
        } else if let Some((p, s)) = text.split_once('>') {
            Action::Enter {
                piece: num(p)?,
                step: num(s)?,
            }
        } else if let Some((p, s)) = text.split_once('^') {
            Action::Climb {
                piece: num(p)?,
                steps: num(s)?,
            }
        } else {
            return Err(err());
        };
        if action.is_well_formed() {
            crate::game::canonical(text, action)
        } else {
            Err(ParseActionError::new(text, "a number is out of range"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_are_dense() {
        for id in 0..Action::ID_COUNT {
            let a = Action::from_id(id).expect("dense");
            assert_eq!(a.id(), id);
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
        assert_eq!(Action::from_id(Action::ID_COUNT), None);
        assert_eq!(Action::Track { piece: 0, dist: 13 }.id(), Action::ID_COUNT);
        assert!("r5-3".parse::<Action>().is_err());
        assert!("0+0".parse::<Action>().is_err());
        assert!("x".parse::<Action>().is_err());
        assert_eq!(Action::Roll { low: 1, high: 1 }.id(), 0);
        assert_eq!(Action::Roll { low: 6, high: 6 }.id(), 20);
    }
}

crate::game::action_as_text!(
    Action,
    "CaNguaAction",
    "An action in Cờ cá ngựa notation: a roll \"r3-5\" (two dice) or \"r4\" (one die), an exit \"x2\", a track move \"0+8\", an entry into the home column \"1>3\", a climb \"2^1\"."
);
