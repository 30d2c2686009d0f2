//! Tiles (quân cờ), tile sets as 28-bit masks, line ends and placed tiles.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The number of tiles in a double-six set (DM-S3).
pub const TILE_COUNT: usize = 28;

/// The mask of all 28 tiles.
pub(crate) const ALL_TILES: u32 = (1 << TILE_COUNT) - 1;

/// `(low, high)` of each tile index, in ascending `(low, high)` order.
const ENDS: [(u8, u8); TILE_COUNT] = {
    let mut out = [(0u8, 0u8); TILE_COUNT];
    let mut i = 0;
    let mut a = 0u8;
    while a < 7 {
        let mut b = a;
        while b < 7 {
            out[i] = (a, b);
            i += 1;
            b += 1;
        }
        a += 1;
    }
    out
};

/// `SUITS[n]`: the mask of the seven tiles that show `n` on one of their halves.
pub(crate) const SUITS: [u32; 7] = {
    let mut out = [0u32; 7];
    let mut i = 0;
    while i < TILE_COUNT {
        let (a, b) = ENDS[i];
        out[a as usize] |= 1 << i;
        out[b as usize] |= 1 << i;
        i += 1;
    }
    out
};

/// `SUITS[n]` for a number `n` (0..=6, as an open end always is), looked up by `n & 7` in a
/// table of eight: no bounds check or branch on the hot path, and no panic for a stray value.
#[inline]
pub(crate) const fn suit_of(n: u8) -> u32 {
    const BY_LOW_BITS: [u32; 8] = {
        let mut out = [0u32; 8];
        let mut i = 0;
        while i < 7 {
            out[i] = SUITS[i];
            i += 1;
        }
        out
    };
    BY_LOW_BITS[(n & 7) as usize]
}

/// The mask of the seven doubles (quân bò).
pub(crate) const DOUBLES: u32 = {
    let mut out = 0u32;
    let mut i = 0;
    while i < TILE_COUNT {
        if ENDS[i].0 == ENDS[i].1 {
            out |= 1 << i;
        }
        i += 1;
    }
    out
};

/// A domino tile (quân cờ, viên gạch) of the double-six set: two halves of 0 to 6 pips
/// (DM-S3). A tile with two equal halves is a double (quân bò).
///
/// Tiles are numbered 0 to 27 in ascending `(low, high)` order: `0-0` is 0, `0-1` is 1, …,
/// `0-6` is 6, `1-1` is 7, …, `6-6` is 27. The text form is `low-high` (`"3-5"`); `"5-3"`
/// reads as the same tile. In JSON a tile is `[low, high]`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

impl Tile {
    /// The tile with halves `a` and `b` (in either order), or `None` if a half is above 6.
    pub const fn new(a: u8, b: u8) -> Option<Tile> {
        if a > 6 || b > 6 {
            return None;
        }
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        // Tiles before low `lo`: 7 + 6 + … + (7 - lo + 1).
        let before = 7 * lo - lo * (lo.saturating_sub(1)) / 2;
        Some(Tile(before + (hi - lo)))
    }

    /// The tile with this number (0 to 27), or `None`.
    pub const fn from_index(index: u8) -> Option<Tile> {
        if (index as usize) < TILE_COUNT {
            Some(Tile(index))
        } else {
            None
        }
    }

    /// The tile with number `index % 28` (for internal codes that are valid by construction).
    #[inline]
    pub(crate) const fn from_index_wrapping(index: u8) -> Tile {
        Tile(index % TILE_COUNT as u8)
    }

    /// The tile's number, 0 to 27.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The smaller half.
    #[inline]
    pub const fn low(self) -> u8 {
        ENDS[self.0 as usize].0
    }

    /// The larger half.
    #[inline]
    pub const fn high(self) -> u8 {
        ENDS[self.0 as usize].1
    }

    /// Whether both halves are equal (a quân bò).
    #[inline]
    pub const fn is_double(self) -> bool {
        self.low() == self.high()
    }

    /// The number of pips on the tile (its face value; see
    /// [`Config::double_blank_value`](super::Config::double_blank_value) for scoring 0-0).
    #[inline]
    pub const fn pips(self) -> u8 {
        self.low() + self.high()
    }

    /// Whether one half shows `n`.
    #[inline]
    pub const fn has(self, n: u8) -> bool {
        self.low() == n || self.high() == n
    }

    /// The other half when one half shows `n` (for a double, `n` itself).
    #[inline]
    pub const fn other(self, n: u8) -> u8 {
        if self.low() == n {
            self.high()
        } else {
            self.low()
        }
    }

    #[inline]
    pub(crate) const fn bit(self) -> u32 {
        1 << self.0
    }

    /// All 28 tiles in ascending order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..TILE_COUNT as u8).map(Tile)
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.low(), self.high())
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.low(), self.high())
    }
}

/// Text that is not a tile (`"a-b"` with halves 0 to 6).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {0:?} as a tile: expected two halves 0-6 such as \"3-5\"")]
pub struct ParseTileError(pub String);

impl FromStr for Tile {
    type Err = ParseTileError;

    fn from_str(s: &str) -> Result<Tile, ParseTileError> {
        let err = || ParseTileError(crate::game::clip(s));
        let bytes = s.as_bytes();
        if bytes.len() != 3 || bytes[1] != b'-' {
            return Err(err());
        }
        let digit = |b: u8| b.is_ascii_digit().then(|| b - b'0');
        let a = digit(bytes[0]).ok_or_else(err)?;
        let b = digit(bytes[2]).ok_or_else(err)?;
        Tile::new(a, b).ok_or_else(err)
    }
}

impl Serialize for Tile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.low(), self.high()].serialize(s)
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
        let [a, b] = <[u8; 2]>::deserialize(d)?;
        Tile::new(a, b)
            .ok_or_else(|| serde::de::Error::custom(format!("no tile [{a}, {b}]: halves are 0-6")))
    }
}

/// A set of tiles as a 28-bit mask (a hand, the chợ, the tiles on the line).
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct TileSet(pub(crate) u32);

impl TileSet {
    /// The empty set.
    pub const EMPTY: TileSet = TileSet(0);
    /// All 28 tiles.
    pub const ALL: TileSet = TileSet(ALL_TILES);

    /// The set with this 28-bit mask (bit `i` = tile `i`); higher bits are dropped.
    pub const fn from_mask(mask: u32) -> TileSet {
        TileSet(mask & ALL_TILES)
    }

    /// The 28-bit mask (bit `i` = tile `i`).
    pub const fn mask(self) -> u32 {
        self.0
    }

    /// How many tiles.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `tile` is in the set.
    pub const fn contains(self, tile: Tile) -> bool {
        self.0 & tile.bit() != 0
    }

    /// The tiles in ascending order.
    pub fn iter(self) -> TileIter {
        TileIter(self.0)
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        TileSet(iter.into_iter().fold(0, |m, t| m | t.bit()))
    }
}

impl IntoIterator for TileSet {
    type Item = Tile;
    type IntoIter = TileIter;
    fn into_iter(self) -> TileIter {
        self.iter()
    }
}

/// The tiles of a [`TileSet`] in ascending order.
#[derive(Clone, Debug)]
pub struct TileIter(u32);

impl Iterator for TileIter {
    type Item = Tile;

    #[inline]
    fn next(&mut self) -> Option<Tile> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Tile(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for TileIter {}

/// One of the two open ends of the line: `L` / `R` in the action notation, `"left"` /
/// `"right"` in JSON.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[serde(deny_unknown_fields)]
pub enum End {
    /// The left end (`L`). A lead on an empty line is written with `L`.
    Left,
    /// The right end (`R`).
    Right,
}

impl End {
    /// `0` for left, `1` for right.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            End::Left => 0,
            End::Right => 1,
        }
    }

    /// `L` or `R`.
    pub const fn letter(self) -> char {
        match self {
            End::Left => 'L',
            End::Right => 'R',
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A tile as it lies on the line, turned so that `left` faces the left end (DM-C4).
/// In JSON `[left, right]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Placed {
    /// The half facing left.
    pub left: u8,
    /// The half facing right.
    pub right: u8,
}

impl Placed {
    /// The tile itself.
    pub fn tile(self) -> Tile {
        // Halves of a placed tile are always 0-6.
        Tile::new(self.left, self.right).unwrap_or(Tile(0))
    }
}

impl fmt::Display for Placed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}|{}]", self.left, self.right)
    }
}

impl Serialize for Placed {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.left, self.right].serialize(s)
    }
}

impl<'de> Deserialize<'de> for Placed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Placed, D::Error> {
        let [left, right] = <[u8; 2]>::deserialize(d)?;
        if left > 6 || right > 6 {
            return Err(serde::de::Error::custom("halves are 0-6"));
        }
        Ok(Placed { left, right })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_is_ascending_and_round_trips() {
        let mut prev = None;
        for i in 0..TILE_COUNT as u8 {
            let t = Tile::from_index(i).unwrap();
            assert_eq!(Tile::new(t.low(), t.high()), Some(t));
            assert_eq!(Tile::new(t.high(), t.low()), Some(t));
            assert_eq!(t.to_string().parse::<Tile>(), Ok(t));
            if let Some(p) = prev {
                assert!((t.low(), t.high()) > p);
            }
            prev = Some((t.low(), t.high()));
        }
        assert_eq!(Tile::new(6, 6).map(Tile::index), Some(27));
        assert_eq!(Tile::new(1, 1).map(Tile::index), Some(7));
        assert!(Tile::new(7, 0).is_none());
        assert!("7-1".parse::<Tile>().is_err());
        assert!("3_5".parse::<Tile>().is_err());
        assert_eq!("5-3".parse::<Tile>(), Ok(Tile::new(3, 5).unwrap()));
    }

    #[test]
    fn suits_have_seven_tiles_and_doubles_seven() {
        for suit in SUITS {
            assert_eq!(suit.count_ones(), 7);
        }
        assert_eq!(DOUBLES.count_ones(), 7);
        let total: u32 = Tile::all().map(|t| u32::from(t.pips())).sum();
        assert_eq!(total, 168);
    }
}

/// JSON Schemas of the tile types, which serialize as arrays.
#[cfg(feature = "schema")]
mod schema {
    use std::borrow::Cow;

    use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

    impl JsonSchema for super::Tile {
        fn schema_name() -> Cow<'static, str> {
            "Tile".into()
        }
        fn json_schema(_: &mut SchemaGenerator) -> Schema {
            json_schema!({
                "type": "array",
                "items": {"type": "integer", "minimum": 0, "maximum": 6},
                "minItems": 2,
                "maxItems": 2,
                "description": "A tile [low, high], e.g. [3, 5]."
            })
        }
    }

    impl JsonSchema for super::Placed {
        fn schema_name() -> Cow<'static, str> {
            "Placed".into()
        }
        fn json_schema(_: &mut SchemaGenerator) -> Schema {
            json_schema!({
                "type": "array",
                "items": {"type": "integer", "minimum": 0, "maximum": 6},
                "minItems": 2,
                "maxItems": 2,
                "description": "A tile as it lies on the line, [left half, right half]."
            })
        }
    }
}
