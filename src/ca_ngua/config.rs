//! The rules options of Cờ cá ngựa: seed rules by default, every variant of the rules file's
//! register (CN-A1 … CN-A16) selectable.
//!
//! [`Config`] is `Copy`: list-like options are bitmasks ([`FaceSet`], [`PairSet`],
//! [`SquareSet`]) or fixed arrays ([`Seating`], `win_steps`), so the config lives inside every
//! state at no cost.

use std::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::{ConfigError, GameConfig};

/// One of the four colours of the board and its pieces (CN-S1: đỏ, vàng, xanh dương,
/// xanh lá cây), numbered `0..=3` in the direction the pieces move (rules §2.1).
///
/// The names follow the order of the seed text: 0 red, 1 yellow, 2 blue, 3 green.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Colour(pub u8);

impl Colour {
    /// Red (đỏ), colour 0.
    pub const RED: Colour = Colour(0);
    /// Yellow (vàng), colour 1.
    pub const YELLOW: Colour = Colour(1);
    /// Blue (xanh dương), colour 2.
    pub const BLUE: Colour = Colour(2);
    /// Green (xanh lá cây), colour 3.
    pub const GREEN: Colour = Colour(3);
    /// The four colours in number order.
    pub const ALL: [Colour; 4] = [Colour::RED, Colour::YELLOW, Colour::BLUE, Colour::GREEN];

    /// The colour number as an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The English name: `"red"`, `"yellow"`, `"blue"`, `"green"` (`"colour N"` out of range).
    pub fn name(self) -> &'static str {
        match self.0 {
            0 => "red",
            1 => "yellow",
            2 => "blue",
            3 => "green",
            _ => "unknown colour",
        }
    }

    /// The one-letter code used on the ASCII board: `R`, `Y`, `B`, `G`.
    pub fn letter(self) -> char {
        match self.0 {
            0 => 'R',
            1 => 'Y',
            2 => 'B',
            3 => 'G',
            _ => '?',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The shape [`FaceSet`], [`PairSet`] and [`SquareSet`] share: members kept on the bits of
/// a word, built from a list that may hold no non-member, and read from and written to JSON
/// as the list of the members in ascending order. Each set says only which values are
/// members and the bit each takes.
trait BitSet: Copy {
    /// A member, as the set's API and JSON take it.
    type Member: Copy + Serialize + for<'de> Deserialize<'de>;

    /// Every possible member, in ascending order.
    fn universe() -> impl Iterator<Item = Self::Member>;

    /// The bit of `m`, or `None` when `m` cannot be a member.
    fn bit(m: Self::Member) -> Option<u32>;

    /// The set's word, widened.
    fn word(self) -> u64;

    /// The set of the bits of `word` (only members' bits set).
    fn from_word(word: u64) -> Self;

    /// Why JSON naming `m` is refused.
    fn refusal(m: Self::Member) -> String;

    /// The set of `members`, or the first value that cannot be one.
    fn from_members(members: &[Self::Member]) -> Result<Self, Self::Member> {
        let mut word = 0u64;
        for &m in members {
            word |= 1 << Self::bit(m).ok_or(m)?;
        }
        Ok(Self::from_word(word))
    }

    /// The members in ascending order.
    fn members(self) -> impl Iterator<Item = Self::Member> {
        Self::universe().filter(move |&m| Self::bit(m).is_some_and(|b| self.word() >> b & 1 != 0))
    }

    /// The JSON list of the members.
    fn write<S: Serializer>(self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.members())
    }

    /// The set from a JSON list of members.
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let members = Vec::<Self::Member>::deserialize(d)?;
        Self::from_members(&members).map_err(|m| D::Error::custom(Self::refusal(m)))
    }
}

/// A set of die faces `1..=6`, as a bitmask (bit `k` = face `k`). JSON: a list of faces,
/// e.g. `[1, 6]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct FaceSet(u8);

impl FaceSet {
    /// The empty set.
    pub const EMPTY: FaceSet = FaceSet(0);

    /// The set of the listed faces.
    ///
    /// # Errors
    /// The first face outside `1..=6`.
    pub fn new(faces: &[u8]) -> Result<FaceSet, u8> {
        FaceSet::from_members(faces)
    }

    /// `{1, 6}`: the faces of the single-die preset (§1.5).
    pub const ONE_AND_SIX: FaceSet = FaceSet((1 << 1) | (1 << 6));

    /// Whether `face` is in the set.
    #[inline]
    pub const fn contains(self, face: u8) -> bool {
        face <= 7 && self.0 & (1 << face) != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The faces in ascending order.
    pub fn faces(self) -> impl Iterator<Item = u8> {
        self.members()
    }
}

impl BitSet for FaceSet {
    type Member = u8;
    fn universe() -> impl Iterator<Item = u8> {
        1..=6
    }
    fn bit(face: u8) -> Option<u32> {
        (1..=6).contains(&face).then_some(u32::from(face))
    }
    fn word(self) -> u64 {
        u64::from(self.0)
    }
    fn from_word(word: u64) -> Self {
        FaceSet(word as u8)
    }
    fn refusal(face: u8) -> String {
        format!("die face {face} is not 1..=6")
    }
}

impl Serialize for FaceSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.write(s)
    }
}

impl<'de> Deserialize<'de> for FaceSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        FaceSet::read(d)
    }
}

/// A set of unordered two-dice rolls, as a bitmask. JSON: a list of pairs, e.g. `[[1, 6]]`
/// (either order on input; written low face first).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct PairSet(u64);

impl PairSet {
    /// The empty set.
    pub const EMPTY: PairSet = PairSet(0);

    /// `{6-1}`: "lục nhót" as the rules file reads it (CN-A2).
    pub const SIX_ONE: PairSet = PairSet(1 << 5);

    #[inline]
    const fn bit(a: u8, b: u8) -> u32 {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        (lo as u32 - 1) * 6 + (hi as u32 - 1)
    }

    /// The set of the listed pairs (each in either order).
    ///
    /// # Errors
    /// The first pair with a face outside `1..=6`.
    pub fn new(pairs: &[(u8, u8)]) -> Result<PairSet, (u8, u8)> {
        PairSet::from_members(pairs)
    }

    /// Whether the roll `a`-`b` (either order) is in the set.
    #[inline]
    pub const fn contains(self, a: u8, b: u8) -> bool {
        if a < 1 || a > 6 || b < 1 || b > 6 {
            return false;
        }
        self.0 & (1 << Self::bit(a, b)) != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The pairs, low face first, in ascending order.
    pub fn pairs(self) -> impl Iterator<Item = (u8, u8)> {
        self.members()
    }
}

impl BitSet for PairSet {
    type Member = (u8, u8);
    fn universe() -> impl Iterator<Item = (u8, u8)> {
        (1..=6u8).flat_map(|lo| (lo..=6u8).map(move |hi| (lo, hi)))
    }
    fn bit((a, b): (u8, u8)) -> Option<u32> {
        ((1..=6).contains(&a) && (1..=6).contains(&b)).then(|| PairSet::bit(a, b))
    }
    fn word(self) -> u64 {
        self.0
    }
    fn from_word(word: u64) -> Self {
        PairSet(word)
    }
    fn refusal((a, b): (u8, u8)) -> String {
        format!("roll {a}-{b} has a face not in 1..=6")
    }
}

impl Serialize for PairSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.write(s)
    }
}

impl<'de> Deserialize<'de> for PairSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        PairSet::read(d)
    }
}

/// A set of absolute track squares `0..56`, as a bitmask. JSON: a list of square numbers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(u64);

impl SquareSet {
    /// The empty set (the seed rules have no safe squares, CN-A9).
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set of the listed squares.
    ///
    /// # Errors
    /// The first square above 55.
    pub fn new(squares: &[u8]) -> Result<SquareSet, u8> {
        SquareSet::from_members(squares)
    }

    /// Whether `square` is in the set.
    #[inline]
    pub const fn contains(self, square: u8) -> bool {
        square < 64 && self.0 & (1 << square) != 0
    }

    /// The bitmask (bit `s` = square `s`).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The squares in ascending order.
    pub fn squares(self) -> impl Iterator<Item = u8> {
        self.members()
    }
}

impl BitSet for SquareSet {
    type Member = u8;
    fn universe() -> impl Iterator<Item = u8> {
        0..56
    }
    fn bit(square: u8) -> Option<u32> {
        (square < 56).then_some(u32::from(square))
    }
    fn word(self) -> u64 {
        self.0
    }
    fn from_word(word: u64) -> Self {
        SquareSet(word)
    }
    fn refusal(square: u8) -> String {
        format!("square {square} is not a track square (0..56)")
    }
}

impl Serialize for SquareSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.write(s)
    }
}

impl<'de> Deserialize<'de> for SquareSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        SquareSet::read(d)
    }
}

/// Who plays which colour (CN-S4, CN-A13): each colour in play has an owner, a player
/// (`dangian::Seat`) numbered from 0. A player owns one colour, or two ("mỗi người chơi sẽ
/// chơi liền cả 2 chuồng ngựa").
///
/// JSON: a list of `[colour, owner]` pairs, e.g. `[[0,0],[1,1],[2,2],[3,3]]` (the default) or
/// `[[0,0],[1,1],[2,0],[3,1]]` (two players, two opposite colours each).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Seating {
    /// `owner[c]` is the player of colour `c`, or [`Seating::ABSENT`] for an empty pen.
    owner: [u8; 4],
}

impl Seating {
    /// The owner value of a colour that is not in play.
    pub const ABSENT: u8 = u8::MAX;

    /// Four players, one colour each; player `n` plays colour `n`.
    pub const FOUR: Seating = Seating {
        owner: [0, 1, 2, 3],
    };

    /// `players` players (2, 3 or 4), one colour each: two players take the opposite colours
    /// red (0) and blue (2), "two pens stay empty" (CN-S4); three players take red, yellow
    /// and blue. Player `n` plays the `n`-th of those colours. Other counts give four.
    pub const fn one_colour_each(players: u8) -> Seating {
        match players {
            2 => Seating {
                owner: [0, Self::ABSENT, 1, Self::ABSENT],
            },
            3 => Seating {
                owner: [0, 1, 2, Self::ABSENT],
            },
            _ => Self::FOUR,
        }
    }

    /// Two players with two opposite colours each (CN-S4, CN-A13): player 0 plays red and
    /// blue (0 and 2), player 1 plays yellow and green (1 and 3), so the turns alternate
    /// between the players.
    pub const TWO_COLOURS_EACH: Seating = Seating {
        owner: [0, 1, 0, 1],
    };

    /// A seating from `(colour, owner)` pairs. It is only checked by [`Config::validate`]
    /// (players numbered from 0 without gaps, one or two colours each, two to four players).
    ///
    /// # Errors
    /// A message when a colour is above 3 or listed twice.
    pub fn new(pairs: &[(u8, u8)]) -> Result<Seating, String> {
        let mut owner = [Self::ABSENT; 4];
        for &(c, o) in pairs {
            let slot = owner
                .get_mut(usize::from(c))
                .ok_or_else(|| format!("colour {c} is not 0..=3"))?;
            if *slot != Self::ABSENT {
                return Err(format!("colour {c} is listed twice"));
            }
            if o == Self::ABSENT {
                return Err(format!("owner {o} is not a player number"));
            }
            *slot = o;
        }
        Ok(Seating { owner })
    }

    /// The player who owns `colour`, or `None` when that pen is empty.
    #[inline]
    pub fn owner(self, colour: Colour) -> Option<u8> {
        match self.owner.get(colour.index()) {
            Some(&o) if o != Self::ABSENT => Some(o),
            _ => None,
        }
    }

    /// The raw owner byte of colour index `c` (`ABSENT` when not in play).
    #[inline]
    pub(crate) fn owner_byte(self, c: usize) -> u8 {
        self.owner[c & 3]
    }

    /// Whether `colour` is in play.
    #[inline]
    pub fn in_play(self, colour: Colour) -> bool {
        self.owner(colour).is_some()
    }

    /// The number of players (the highest owner + 1).
    pub fn players(self) -> u8 {
        self.owner
            .iter()
            .filter(|&&o| o != Self::ABSENT)
            .map(|&o| o + 1)
            .max()
            .unwrap_or(0)
    }

    /// The colours of `player`, as a bitmask (bit `c` = colour `c`).
    #[inline]
    pub fn colours_of(self, player: u8) -> u8 {
        let mut m = 0;
        for c in 0..4 {
            if self.owner[c] == player {
                m |= 1 << c;
            }
        }
        m
    }

    /// The colours in play, as a bitmask.
    #[inline]
    pub fn colours_in_play(self) -> u8 {
        let mut m = 0;
        for c in 0..4 {
            if self.owner[c] != Self::ABSENT {
                m |= 1 << c;
            }
        }
        m
    }

    /// The `(colour, owner)` pairs in colour order.
    pub fn pairs(self) -> impl Iterator<Item = (Colour, u8)> {
        (0..4u8).filter_map(move |c| self.owner(Colour(c)).map(|o| (Colour(c), o)))
    }

    fn validate(self) -> Result<(), ConfigError> {
        let players = self.players();
        if !(2..=4).contains(&players) {
            return Err(ConfigError::new(
                "seats",
                format!("{players} players; 2 to 4 play"),
            ));
        }
        for p in 0..players {
            let n = self.colours_of(p).count_ones();
            if n == 0 {
                return Err(ConfigError::new(
                    "seats",
                    format!("player {p} has no colour (players are numbered from 0 without gaps)"),
                ));
            }
            if n > 2 {
                return Err(ConfigError::new(
                    "seats",
                    format!("player {p} has {n} colours; a player plays one or two (CN-A13)"),
                ));
            }
        }
        Ok(())
    }
}

impl Default for Seating {
    fn default() -> Self {
        Seating::FOUR
    }
}

impl Serialize for Seating {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.pairs().map(|(c, o)| [c.0, o]))
    }
}

impl<'de> Deserialize<'de> for Seating {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let pairs = Vec::<(u8, u8)>::deserialize(d)?;
        Seating::new(&pairs).map_err(D::Error::custom)
    }
}

/// How many dice are thrown (CN-S1; single-die preset §1.5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum Dice {
    /// Two six-sided dice (xúc xắc), the seed rules.
    #[default]
    Two,
    /// One die, the common Vietnamese preset ([`Config::one_die`]).
    One,
}

/// In which order the colours take turns (CN-S5, §2.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum TurnOrder {
    /// Turns go clockwise while pieces move counter-clockwise: after colour `c` plays colour
    /// `c − 1 (mod 4)` (the seed).
    #[default]
    OppositeToMovement,
    /// After colour `c` plays colour `c + 1 (mod 4)`.
    SameAsMovement,
}

/// What an exit does when an opponent stands on the start square (CN-A4). An own piece
/// there always makes the exit illegal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum StartConflict {
    /// The opponent is kicked back to its yard (default).
    #[default]
    Kick,
    /// The exit is illegal while the opponent stands there.
    Blocked,
}

/// When the three tries (CN-S7) apply at the start of a turn (CN-A5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum TriesCondition {
    /// The colour has no piece on the track (door included); pieces in the home column do
    /// not count as out (default).
    #[default]
    NoPieceOnTrack,
    /// All four pieces of the colour are in the yard.
    AllInYard,
}

/// Which rolls give a bonus roll (CN-S6, CN-A6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum BonusRule {
    /// A double (two dice) gives a bonus roll; with one die nothing does. The seed.
    #[default]
    #[serde(deserialize_with = "crate::strict::no_fields")]
    Doubles,
    /// A double or this unordered pair (e.g. `[6, 1]`) gives a bonus roll (two dice only).
    DoublesOrPair {
        /// One face of the pair.
        a: u8,
        /// The other face.
        b: u8,
    },
    /// A die showing one of these faces gives a bonus roll (with two dice: either die); the
    /// single-die preset uses `[1, 6]`. An empty set never gives one.
    Faces {
        /// The faces.
        faces: FaceSet,
    },
}

/// How the dice of one roll are spent (CN-A7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum DiceUsage {
    /// The sum of both dice moves one piece (CN-S8, default).
    #[default]
    SumAsOneMove,
    /// Each die is its own move, of any piece, in either order; `doubles_move` is then not
    /// used. After the first die, the second is played if it can be (no look-ahead).
    EachDieSeparately,
}

/// What a double allows when the sum is one move (CN-S8, CN-A7, CN-C3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum DoublesMove {
    /// One piece moves the full sum or half of it; both are separate actions (default).
    #[default]
    SumOrHalf,
    /// One piece moves the full sum only.
    SumOnly,
    /// One piece moves the full sum, or the double is split into two half moves played one
    /// after the other, each by any piece (the same piece included).
    SplitTwoPieces,
}

/// Which pieces a move may not pass (CN-S9, CN-A8). Landing rules do not change: a move
/// never lands on an own piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum Blocking {
    /// Any piece, own or opponent's, strictly between start and target blocks (the seed).
    #[default]
    AnyPiece,
    /// Only opponents' pieces block; own pieces (all colours of the player) may be passed.
    OpponentOnly,
    /// Only a blockade blocks. Pieces never share a square here, so a blockade is two pieces
    /// of one colour on two adjacent track squares: a move may not pass a piece that is part
    /// of one. Other pieces may be passed.
    TwoPieceBlockadeOnly,
    /// Nothing blocks; pieces may be passed freely.
    None,
}

/// Whether a possible kick must be taken (CN-S10, CN-A9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum Capture {
    /// Kicking is never forced (the seed).
    #[default]
    Optional,
    /// When any action of the roll kicks, only kicking actions are legal.
    Mandatory,
}

/// What happens when a track move reaches the door (CN-A10).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum DoorRule {
    /// A track move lands on the door or before it; overshooting makes it illegal; no second
    /// lap (default).
    #[default]
    ExactStop,
    /// The count goes on from the door into the home column (Ludo): the piece lands on step
    /// `p + v − door`; passing or landing on an own piece in the column is illegal, and the
    /// step must not be above the top winning step.
    CountIntoHome,
    /// The piece walks up to the door and back for the rest of the count (petits chevaux);
    /// every square walked over must be free, and the progress may then go down. A bounce
    /// that would end on the square the piece started from is not a move (CN-C11).
    BounceBack,
}

/// How a piece on the door enters the home column (CN-A11). Entering step `k` needs steps
/// `1..=k` empty (no passing inside the column) and `k` not above the top winning step.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum HomeEntry {
    /// A value `k` (see [`HomeValues`]) puts the piece on step `k` (default).
    #[default]
    ByFaceValue,
    /// Only a value 1 enters, onto step 1 (petits chevaux).
    StepByStepFromOne,
    /// The piece counts a move value of the roll (the sum, half of a double, or one die, as
    /// for a track move) into the column, onto step `v`; a die face alone does not count
    /// (CN-C13).
    CountSteps,
    /// Only a whole, unspent double `d-d` enters, onto step `d` (two dice only, CN-C14).
    DoublesOnly,
}

/// How a piece climbs inside the home column (CN-A11). Climbing never passes or lands on an
/// own piece, nor goes above the top winning step.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum HomeClimb {
    /// From step `s`, a value `s + 1` climbs one step (default).
    #[default]
    NextStepExactFace,
    /// From step `s`, a move value `v` of the roll climbs to step `s + v` (CN-C13).
    CountSteps,
    /// From step `s`, a whole, unspent double `d-d` with `d > s` climbs to step `d` (two
    /// dice only, CN-C14).
    DoublesOnly,
}

/// Which values of a roll count for [`HomeEntry::ByFaceValue`],
/// [`HomeEntry::StepByStepFromOne`] and [`HomeClimb::NextStepExactFace`] (CN-A11).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum HomeValues {
    /// Either die face; the sum does not count (default).
    #[default]
    Faces,
    /// Either die face, or the sum of both dice.
    FacesAndSum,
}

/// When a player with two colours has finished (CN-A13).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum MultiColourWin {
    /// When all of the player's colours have finished (default).
    #[default]
    AllColours,
    /// When any one of them has; the other colour then stops playing.
    AnyColour,
}

/// The rules of one game of Cờ cá ngựa: the seed rules by default, each variant of the rules
/// file's register selectable (the rule IDs name the entries).
///
/// JSON: every field is optional (`{}` is the default) and unknown fields are refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "CaNguaConfig"))]
pub struct Config {
    /// Who plays which colour (CN-S4, CN-A13). Default: four players, one colour each.
    pub seats: Seating,
    /// The colour that rolls first (CN-S5: chosen by the players). `None`: the lowest colour
    /// of player 0 (CN-C10).
    pub first_colour: Option<Colour>,
    /// Two dice (the seed, CN-S1) or one (§1.5).
    pub dice: Dice,
    /// Squares of the track (CN-A1, CN-C9): 56 (default), 52, 48 or 40. Colour `c` starts on
    /// square `(L/4)·c`; its door is progress `L − 1`.
    pub track_len: u8,
    /// Steps of the home column (CN-A1): 6 by default, 4 to 6.
    pub home_steps: u8,
    /// Turn order (CN-S5).
    pub turn_order: TurnOrder,
    /// A double allows an exit (CN-A2).
    pub exit_on_doubles: bool,
    /// A sum of the two dice that allows an exit ("lục" = 6, CN-A2).
    pub exit_on_sum: Option<u8>,
    /// Unordered rolls that allow an exit ("lục nhót" = 6-1, CN-A2).
    pub exit_on_pairs: PairSet,
    /// With one die: the faces that allow an exit (§1.5: 1 and 6).
    pub exit_faces: FaceSet,
    /// The exit uses up the roll: the piece stands on the start square (CN-S7, CN-A3). When
    /// `false` the exit spends nothing and the same roll is then played as usual. Either way
    /// the exit comes first: at most one per roll, offered only while no part of the roll
    /// has been used (CN-C12).
    pub exit_consumes_roll: bool,
    /// An exit onto a start square held by an opponent (CN-A4).
    pub start_occupied_by_opponent: StartConflict,
    /// Rolls allowed at the start of a turn with no piece out (CN-S7, CN-A5, CN-C4); 0 means
    /// one ordinary roll.
    pub tries_when_no_piece_out: u8,
    /// When the tries apply (CN-A5).
    pub tries_condition: TriesCondition,
    /// Which rolls give a bonus roll (CN-S6, CN-A6).
    pub bonus_roll_on: BonusRule,
    /// A roll that was used for an exit gives no bonus roll (reading (b) of CN-A6).
    pub bonus_exclusive_with_exit: bool,
    /// A bonus roll is given even when the roll allowed no action (CN-A6). Failed tries never
    /// give one (CN-C4).
    pub bonus_when_no_move: bool,
    /// `Some(n)`: the `n`-th bonus-giving roll in a row within one turn is forfeited (no
    /// action, the turn passes); Ludo's three sixes are `Some(3)` (CN-A6). `n ≥ 2`.
    pub max_consecutive_bonus: Option<u8>,
    /// How the dice are spent (CN-A7).
    pub dice_usage: DiceUsage,
    /// What a double allows (CN-S8, CN-A7, CN-C3). With two dice, `SumOnly` never moves 1:
    /// with `door_rule` `ExactStop` or `home_climb = CountSteps` a piece one square short of
    /// a target it must hit exactly would wait for ever, and [`Config::validate`] refuses
    /// them (CN-C18), as it refuses `SumOnly` with `BounceBack`, which the rules name.
    pub doubles_move: DoublesMove,
    /// Which pieces block a move (CN-S9, CN-A8).
    pub blocking: Blocking,
    /// Whether kicks are forced (CN-S10, CN-A9).
    pub capture: Capture,
    /// Absolute track squares where no piece can be kicked (CN-A9); a move may not land on
    /// an opponent there. Exits follow `start_occupied_by_opponent` only (CN-C15).
    pub safe_squares: SquareSet,
    /// The four start squares are safe from track moves (CN-A9); exits follow
    /// `start_occupied_by_opponent` only (CN-C15).
    pub start_square_safe: bool,
    /// Arrival at the door (CN-A10).
    pub door_rule: DoorRule,
    /// Entering the home column (CN-A11).
    pub home_entry: HomeEntry,
    /// Climbing in the home column (CN-A11).
    pub home_climb: HomeClimb,
    /// Which values count for entering and climbing (CN-A11).
    pub home_values: HomeValues,
    /// How many home actions (enter or climb) one roll allows, each spending the die it uses
    /// (CN-A11): 1 (default) or 2.
    pub home_actions_per_roll: u8,
    /// The steps the four pieces must fill to finish (CN-S11, CN-A12): four consecutive steps
    /// of the column, `[6, 5, 4, 3]` by default. Steps above the highest are never used.
    pub win_steps: [u8; 4],
    /// When a player with two colours has finished (CN-A13).
    pub multi_colour_win: MultiColourWin,
    /// The player's other colour is treated exactly as an opponent everywhere (CN-A13,
    /// CN-C17): it can be landed on and kicked, it blocks as an opponent does under
    /// `blocking`, and `start_occupied_by_opponent` applies to it on an exit. When `false`
    /// (default) it counts as the player's own pieces (CN-C6).
    pub kick_own_other_colour: bool,
    /// Play goes on for the other places after the first finisher (CN-S3, CN-A14, CN-C7).
    /// When `false` with three or more players, only the winner is placed. Two players always
    /// get places 1 and 2 when one finishes, whatever this says (CN-C16).
    pub continue_for_places: bool,
    /// Money per kick, settled after the game (CN-S10, CN-A15); see
    /// [`State::settlement`](super::State::settlement).
    pub kick_stake: Option<i64>,
    /// The game ends (reason [`EndReason::ActionLimit`](super::EndReason::ActionLimit)) after
    /// this many actions, chance outcomes included, so that no game is endless: kicks can
    /// send pieces back forever. Default 20 000 (a random four-player game takes about 2 500),
    /// at most 65 535.
    pub max_actions: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            seats: Seating::FOUR,
            first_colour: None,
            dice: Dice::Two,
            track_len: 56,
            home_steps: 6,
            turn_order: TurnOrder::OppositeToMovement,
            exit_on_doubles: true,
            exit_on_sum: Some(6),
            exit_on_pairs: PairSet::SIX_ONE,
            exit_faces: FaceSet::ONE_AND_SIX,
            exit_consumes_roll: true,
            start_occupied_by_opponent: StartConflict::Kick,
            tries_when_no_piece_out: 3,
            tries_condition: TriesCondition::NoPieceOnTrack,
            bonus_roll_on: BonusRule::Doubles,
            bonus_exclusive_with_exit: false,
            bonus_when_no_move: true,
            max_consecutive_bonus: None,
            dice_usage: DiceUsage::SumAsOneMove,
            doubles_move: DoublesMove::SumOrHalf,
            blocking: Blocking::AnyPiece,
            capture: Capture::Optional,
            safe_squares: SquareSet::EMPTY,
            start_square_safe: false,
            door_rule: DoorRule::ExactStop,
            home_entry: HomeEntry::ByFaceValue,
            home_climb: HomeClimb::NextStepExactFace,
            home_values: HomeValues::Faces,
            home_actions_per_roll: 1,
            win_steps: [6, 5, 4, 3],
            multi_colour_win: MultiColourWin::AllColours,
            kick_own_other_colour: false,
            continue_for_places: true,
            kick_stake: None,
            max_actions: 20_000,
        }
    }
}

impl Config {
    /// The seed rules (the same as `Config::default()`): two dice, four players.
    pub fn seed_rules() -> Config {
        Config::default()
    }

    /// The single-die preset (§1.5, CN-C10): one die, exit on a 1 or a 6 onto the start
    /// square, a bonus roll on a 1 or a 6, a move of the face value, home entry by face and
    /// climbing by the next face; the rest (the three tries included) as the seed rules.
    pub fn one_die() -> Config {
        Config {
            dice: Dice::One,
            exit_faces: FaceSet::ONE_AND_SIX,
            bonus_roll_on: BonusRule::Faces {
                faces: FaceSet::ONE_AND_SIX,
            },
            home_entry: HomeEntry::ByFaceValue,
            home_climb: HomeClimb::NextStepExactFace,
            ..Config::default()
        }
    }

    /// The seed rules for two players who leave two pens empty (CN-S4): red against blue.
    pub fn two_players() -> Config {
        Config {
            seats: Seating::one_colour_each(2),
            ..Config::default()
        }
    }

    /// The seed rules for three players: red, yellow and blue.
    pub fn three_players() -> Config {
        Config {
            seats: Seating::one_colour_each(3),
            ..Config::default()
        }
    }

    /// The seed rules for two players who each play two pens at once (CN-S4, CN-A13):
    /// player 0 red and blue, player 1 yellow and green; each colour takes its own turn in
    /// the rotation (so the players alternate), a player's two colours block each other but
    /// never kick each other (CN-C6), and a player finishes when both colours have (CN-A13).
    pub fn two_players_two_colours() -> Config {
        Config {
            seats: Seating::TWO_COLOURS_EACH,
            ..Config::default()
        }
    }

    /// This config with another seating.
    pub fn with_seats(self, seats: Seating) -> Config {
        Config { seats, ..self }
    }

    /// The number of players.
    pub fn players(&self) -> u8 {
        self.seats.players()
    }

    /// Squares between two colours' start squares (`track_len / 4`).
    #[inline]
    pub fn segment(&self) -> u8 {
        self.track_len / 4
    }

    /// The door's progress, `track_len − 1` (saturated for a track too long to be valid).
    #[inline]
    pub fn door(&self) -> i8 {
        i8::try_from(self.track_len).map_or(i8::MAX, |l| l - 1)
    }

    /// The highest of the winning steps (steps above it are never used).
    pub fn top_step(&self) -> u8 {
        self.win_steps.iter().copied().max().unwrap_or(0)
    }

    /// The colour that rolls first.
    pub fn starting_colour(&self) -> Colour {
        if let Some(c) = self.first_colour {
            return c;
        }
        let m = self.seats.colours_of(0);
        Colour(if m == 0 { 0 } else { m.trailing_zeros() as u8 })
    }

    /// Checks every option's range, that the options do not contradict each other, and
    /// that no game under this config can freeze (CN-C18).
    ///
    /// The last is a proof on the rules themselves, not a list of bad combinations: a lone
    /// piece is played by the engine's own move rules from every place it can reach, with
    /// every roll outcome and 0 to 3 pieces already locked on the top winning steps, and
    /// every place reached must lead to the piece's winning step. A config is accepted only
    /// if no piece can be stuck for ever (the action limit then only guards against kicks
    /// repeating). The proof's verdict is kept for the process, so validating the same rules
    /// again costs a lookup (`docs/benchmarks.md` has the times).
    ///
    /// # Errors
    /// [`ConfigError`] naming the first bad option; for a config that can freeze, the part
    /// of the way the piece is stuck on (`door_rule`, `home_entry` or `home_climb`), where,
    /// and the options that move a piece.
    pub fn validate(&self) -> Result<(), ConfigError> {
        <Config as GameConfig>::validate(self)
    }
}

impl Config {
    /// Every option in range, and the exits and dice options consistent.
    pub(super) fn check_options(&self) -> Result<(), ConfigError> {
        self.seats.validate()?;
        if let Some(c) = self.first_colour {
            if c.0 > 3 || !self.seats.in_play(c) {
                return Err(ConfigError::new(
                    "first_colour",
                    format!("colour {} is not in play", c.0),
                ));
            }
        }
        if ![40, 48, 52, 56].contains(&self.track_len) {
            return Err(ConfigError::new(
                "track_len",
                format!("{} squares; 40, 48, 52 or 56", self.track_len),
            ));
        }
        if !(4..=6).contains(&self.home_steps) {
            return Err(ConfigError::new(
                "home_steps",
                format!("{} steps; 4 to 6", self.home_steps),
            ));
        }
        let two = self.dice == Dice::Two;
        if let Some(s) = self.exit_on_sum {
            if !(2..=12).contains(&s) {
                return Err(ConfigError::new(
                    "exit_on_sum",
                    format!("{s} is not a sum of two dice"),
                ));
            }
        }
        if two
            && !self.exit_on_doubles
            && self.exit_on_sum.is_none()
            && self.exit_on_pairs.is_empty()
        {
            return Err(ConfigError::new(
                "exit_on_doubles",
                "no two-dice roll allows an exit, so no piece could ever leave the yard",
            ));
        }
        if !two && self.exit_faces.is_empty() {
            return Err(ConfigError::new(
                "exit_faces",
                "no face allows an exit, so no piece could ever leave the yard",
            ));
        }
        if self.tries_when_no_piece_out > 20 {
            return Err(ConfigError::new(
                "tries_when_no_piece_out",
                "at most 20 tries",
            ));
        }
        match self.bonus_roll_on {
            BonusRule::DoublesOrPair { a, b } if !(1..=6).contains(&a) || !(1..=6).contains(&b) => {
                return Err(ConfigError::new(
                    "bonus_roll_on",
                    format!("pair {a}-{b} has a face not in 1..=6"),
                ));
            }
            _ => {}
        }
        if let Some(n) = self.max_consecutive_bonus {
            if n < 2 {
                return Err(ConfigError::new(
                    "max_consecutive_bonus",
                    format!("{n}: at least 2 (the n-th bonus-giving roll in a row is forfeited)"),
                ));
            }
        }
        if !two && self.dice_usage == DiceUsage::EachDieSeparately {
            return Err(ConfigError::new(
                "dice_usage",
                "EachDieSeparately needs two dice",
            ));
        }
        if !two
            && (self.home_entry == HomeEntry::DoublesOnly
                || self.home_climb == HomeClimb::DoublesOnly)
        {
            return Err(ConfigError::new(
                "home_entry",
                "DoublesOnly needs two dice: one die never rolls a double",
            ));
        }
        // CN-C18 names this pair: a piece one square before its door bounces back and
        // then needs a double 1 (1 roll in 36) to stop on the door. Not frozen (the proof
        // below accepts it), but refused as the rules contract says.
        if two
            && self.doubles_move == DoublesMove::SumOnly
            && self.door_rule == DoorRule::BounceBack
        {
            return Err(ConfigError::new(
                "doubles_move",
                "doubles_move SumOnly with door_rule BounceBack: SumOnly never moves 1, so a \
                 piece one square before its door bounces back and waits for a double 1 to \
                 stop on it (CN-C18)",
            ));
        }
        if !(1..=2).contains(&self.home_actions_per_roll) {
            return Err(ConfigError::new(
                "home_actions_per_roll",
                format!("{}: 1 or 2 (CN-C18)", self.home_actions_per_roll),
            ));
        }
        let mut w = self.win_steps;
        w.sort_unstable();
        if w[0] < 1 || w[3] > self.home_steps || w.windows(2).any(|p| p[1] != p[0] + 1) {
            return Err(ConfigError::new(
                "win_steps",
                format!(
                    "{:?}: four consecutive steps of the {}-step column",
                    self.win_steps, self.home_steps
                ),
            ));
        }
        if let Some(s) = self.safe_squares.squares().find(|&s| s >= self.track_len) {
            return Err(ConfigError::new(
                "safe_squares",
                format!("square {s} is not on a {}-square track", self.track_len),
            ));
        }
        if !(1..=65_535).contains(&self.max_actions) {
            return Err(ConfigError::new("max_actions", "1 to 65 535"));
        }
        Ok(())
    }
}

/// JSON Schemas of the options written as lists.
#[cfg(feature = "schema")]
mod schema {
    use std::borrow::Cow;

    use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

    macro_rules! list_schema {
        ($ty:ty, $name:literal, $items:tt, $description:literal) => {
            impl JsonSchema for $ty {
                fn schema_name() -> Cow<'static, str> {
                    $name.into()
                }
                fn json_schema(_: &mut SchemaGenerator) -> Schema {
                    json_schema!({
                        "type": "array",
                        "items": $items,
                        "description": $description,
                    })
                }
            }
        };
    }

    list_schema!(
        super::FaceSet,
        "FaceSet",
        {"type": "integer", "minimum": 1, "maximum": 6},
        "A set of die faces, e.g. [1, 6]."
    );
    list_schema!(
        super::PairSet,
        "PairSet",
        {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}, "minItems": 2, "maxItems": 2},
        "A set of unordered two-dice rolls, e.g. [[1, 6]]."
    );
    list_schema!(
        super::SquareSet,
        "SquareSet",
        {"type": "integer", "minimum": 0, "maximum": 55},
        "A set of absolute track squares."
    );
    list_schema!(
        super::Seating,
        "Seating",
        {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 3}, "minItems": 2, "maxItems": 2},
        "Who plays which colour: [colour, player] pairs, e.g. [[0,0],[1,1],[2,2],[3,3]]."
    );
}
