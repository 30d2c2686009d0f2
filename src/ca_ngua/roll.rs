//! What the dice show: [`Roll`].

use std::fmt;

use serde::{Deserialize, Serialize};

use super::config::Dice;

/// What the dice show. A two-dice roll is unordered (CN-C1): `Two(low, high)` with
/// `low ≤ high`. In JSON, the list of faces: `[3, 5]` or `[4]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "Vec<u8>", try_from = "Vec<u8>")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Roll {
    /// Two dice, lower face first.
    Two(u8, u8),
    /// One die.
    One(u8),
}

impl Roll {
    /// The faces as stored in a state: `[low, high]`, or `[face, 0]` for one die.
    #[inline]
    pub fn faces(self) -> [u8; 2] {
        match self {
            Roll::Two(a, b) => [a, b],
            Roll::One(a) => [a, 0],
        }
    }

    /// Whether it is a double.
    #[inline]
    pub fn is_double(self) -> bool {
        matches!(self, Roll::Two(a, b) if a == b)
    }

    pub(super) fn from_faces(f: [u8; 2]) -> Roll {
        if f[1] == 0 {
            Roll::One(f[0])
        } else {
            Roll::Two(f[0], f[1])
        }
    }

    pub(super) fn well_formed(self, dice: Dice) -> bool {
        let face = |f: u8| (1..=6).contains(&f);
        match (self, dice) {
            (Roll::Two(a, b), Dice::Two) => face(a) && face(b) && a <= b,
            (Roll::One(a), Dice::One) => face(a),
            _ => false,
        }
    }
}

impl From<Roll> for Vec<u8> {
    fn from(roll: Roll) -> Vec<u8> {
        match roll {
            Roll::Two(a, b) => vec![a, b],
            Roll::One(a) => vec![a],
        }
    }
}

impl TryFrom<Vec<u8>> for Roll {
    type Error = String;
    fn try_from(faces: Vec<u8>) -> Result<Roll, String> {
        let face = |f: u8| (1..=6).contains(&f);
        match faces[..] {
            [a] if face(a) => Ok(Roll::One(a)),
            [a, b] if face(a) && face(b) => Ok(Roll::Two(a.min(b), a.max(b))),
            _ => Err("a roll is one or two die faces, each 1..=6".to_owned()),
        }
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Roll::Two(a, b) => write!(f, "{a}-{b}"),
            Roll::One(a) => write!(f, "{a}"),
        }
    }
}
