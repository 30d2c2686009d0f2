//! The one kind of action: sow from a square in a direction (OAQ-S3).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::game::{ParseActionError, Seat};

/// The direction of sowing, fixed for the whole move (OAQ-S3, OAQ-S4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub enum Dir {
    /// Clockwise seen from above with A at the bottom: ring direction −1 (notation `-`).
    Cw,
    /// Counter-clockwise: ring direction +1 (notation `+`), i.e. to the mover's right along
    /// their own row.
    Ccw,
}

impl Dir {
    /// The ring step: −1 or +1.
    #[inline]
    pub const fn step(self) -> i8 {
        match self {
            Dir::Cw => -1,
            Dir::Ccw => 1,
        }
    }

    /// The notation sign, `-` or `+`.
    pub const fn sign(self) -> char {
        match self {
            Dir::Cw => '-',
            Dir::Ccw => '+',
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dir::Cw => "clockwise",
            Dir::Ccw => "counter-clockwise",
        })
    }
}

/// The owner of a small square (cells 1..=5: seat 0 "A"; 7..=11: seat 1 "B"), or `None` for
/// a quan square (0 and 6) or a cell off the board.
pub const fn owner_of(cell: u8) -> Option<Seat> {
    match cell {
        1..=5 => Some(Seat(0)),
        7..=11 => Some(Seat(1)),
        _ => None,
    }
}

/// The name of a seat: `A` (seat 0) or `B` (seat 1).
pub fn seat_letter(seat: Seat) -> char {
    if seat.0 == 0 {
        'A'
    } else {
        'B'
    }
}

/// A move: take every stone from one of your own small squares and sow them one by one in a
/// direction (OAQ-S3).
///
/// **Cells** number the ring as in the rules (§2.1): 0 = left quan square, 1..=5 = A's
/// squares left to right, 6 = right quan square, 7..=11 = B's squares (left to right as B
/// sees them).
///
/// **Id** (dense, `0..20`): `2 · k + d`, where `k` = 0..=4 for A's cells 1..=5 and 5..=9 for
/// B's cells 7..=11, and `d` = 0 for [`Dir::Cw`], 1 for [`Dir::Ccw`]. So ids ascend by cell,
/// clockwise before counter-clockwise.
///
/// **Notation**: the square, then the direction sign: `a1`..`a5` are cells 1..=5 and
/// `b1`..`b5` cells 7..=11 (each player's squares numbered from their own left), `+` is
/// counter-clockwise (to the mover's right) and `-` clockwise. Examples: `a1+` (cell 1,
/// +1), `b5-` (cell 11, −1). Serde writes an action as this text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Action {
    cell: u8,
    dir: Dir,
}

impl Action {
    /// The move from `cell` (a small square, 1..=5 or 7..=11) in direction `dir`; `None`
    /// for a quan square or a cell off the board.
    pub const fn new(cell: u8, dir: Dir) -> Option<Action> {
        match owner_of(cell) {
            Some(_) => Some(Action { cell, dir }),
            None => None,
        }
    }

    /// The cell sown from (1..=5 or 7..=11).
    #[inline]
    pub const fn cell(self) -> u8 {
        self.cell
    }

    /// The direction.
    #[inline]
    pub const fn dir(self) -> Dir {
        self.dir
    }

    /// The seat that owns the square sown from.
    pub const fn owner(self) -> Seat {
        if self.cell < 6 {
            Seat(0)
        } else {
            Seat(1)
        }
    }

    /// The square's name in the notation, e.g. `a1` or `b5`.
    pub fn square_name(cell: u8) -> String {
        match owner_of(cell) {
            Some(Seat(0)) => format!("a{cell}"),
            Some(_) => format!("b{}", cell - 6),
            None if cell == 0 => "QL".to_owned(),
            None if cell == 6 => "QR".to_owned(),
            None => format!("cell {cell}"),
        }
    }
}

impl crate::game::Action for Action {
    const ID_COUNT: u32 = 20;

    #[inline]
    fn id(self) -> u32 {
        let k = if self.cell < 6 {
            self.cell - 1
        } else {
            self.cell - 2
        };
        2 * u32::from(k) + u32::from(self.dir == Dir::Ccw)
    }

    #[inline]
    fn from_id(id: u32) -> Option<Self> {
        if id >= 20 {
            return None;
        }
        let k = (id / 2) as u8;
        let cell = if k < 5 { k + 1 } else { k + 2 };
        let dir = if id % 2 == 0 { Dir::Cw } else { Dir::Ccw };
        Some(Action { cell, dir })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, n) = if self.cell < 6 {
            ('a', self.cell)
        } else {
            ('b', self.cell - 6)
        };
        write!(f, "{row}{n}{}", self.dir.sign())
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        const EXPECTED: &str = "a square a1..a5 or b1..b5 followed by + or -, e.g. a1+";
        let b = s.as_bytes();
        if b.len() != 3 {
            return Err(ParseActionError::new(s, EXPECTED));
        }
        let base = match b[0] {
            b'a' | b'A' => 0,
            b'b' | b'B' => 6,
            _ => return Err(ParseActionError::new(s, EXPECTED)),
        };
        let n = match b[1] {
            b'1'..=b'5' => b[1] - b'0',
            _ => return Err(ParseActionError::new(s, EXPECTED)),
        };
        let dir = match b[2] {
            b'+' => Dir::Ccw,
            b'-' => Dir::Cw,
            _ => return Err(ParseActionError::new(s, EXPECTED)),
        };
        // One spelling: lower-case square names.
        crate::game::canonical(
            s,
            Action {
                cell: base + n,
                dir,
            },
        )
    }
}

crate::game::action_as_text!(
    Action,
    "OAnQuanAction",
    "A move in Ô ăn quan notation: the square a1..a5 or b1..b5, then + (counter-clockwise) or - (clockwise), e.g. \"a1+\"."
);
