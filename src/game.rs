//! The one trait every game implements, and the vocabulary the three games share.
//!
//! A game is a value of a type that implements [`Game`]. The state knows whose turn it is
//! ([`Game::to_move`]), lists what may happen next as dense `u32` ids in ascending order
//! ([`Game::legal_actions`]), says why an action is illegal ([`Game::check`]) and applies one
//! ([`Game::apply`]), reporting what happened step by step through an [`EventSink`].
//!
//! Chance (dice, the deal, draws) is explicit: when [`Game::to_move`] is [`ToMove::Chance`],
//! the legal actions are the chance outcomes, with exact weights from
//! [`Game::chance_outcomes`]. Anyone may pick one (physical dice, a server's shuffle, a test);
//! [`Game::sample_chance`] samples one from any [`rand_core::Rng`].
#![forbid(unsafe_code)]

use std::fmt::{self, Debug, Display};
use std::marker::PhantomData;
use std::str::FromStr;

use arrayvec::ArrayVec;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::chance::uniform_below;

/// The largest number of seats (players) any game here has.
pub const MAX_SEATS: usize = 4;

/// The capacity of an [`ActionList`] and a [`ChanceList`].
///
/// Each game proves its own maximum in a comment next to its `legal_actions`; all are below
/// this (Ô ăn quan 10, Cờ cá ngựa 32, Domino 28 chance outcomes / 26 plays).
pub const ACTION_LIST_CAPACITY: usize = 64;

/// A seat at the table: player 0, 1, 2 or 3, in the game's own numbering.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Seat(pub u8);

impl Seat {
    /// The seat number as an index into per-seat arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Which of the three games a state, record or handle belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub enum GameKind {
    /// Ô ăn quan, the Vietnamese mancala.
    OAnQuan = 0,
    /// Cờ cá ngựa, the two-dice race game.
    CaNgua = 1,
    /// Domino, the draw game with chợ, cá and the 101-point limit.
    Domino = 2,
}

impl GameKind {
    /// All kinds, in id order.
    pub const ALL: [GameKind; 3] = [GameKind::OAnQuan, GameKind::CaNgua, GameKind::Domino];

    /// The kind with this number (`0`, `1`, `2`), as used by the C ABI.
    pub fn from_u32(n: u32) -> Option<GameKind> {
        GameKind::ALL.get(n as usize).copied()
    }

    /// The snake_case name used in records and JSON (`"o_an_quan"`, `"ca_ngua"`, `"domino"`).
    pub fn name(self) -> &'static str {
        match self {
            GameKind::OAnQuan => "o_an_quan",
            GameKind::CaNgua => "ca_ngua",
            GameKind::Domino => "domino",
        }
    }
}

impl Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who acts next.
///
/// In JSON: `{"kind":"seat","seat":1}`, `{"kind":"chance"}` or `{"kind":"over"}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "ToMoveJson", from = "ToMoveJson")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum ToMove {
    /// A player decides.
    Seat(Seat),
    /// Chance decides: a roll, a deal or a draw. The legal actions are the chance outcomes.
    Chance,
    /// The game is over; nothing is legal.
    Over,
}

/// The JSON form of [`ToMove`] (the crate's one convention: an enum with data is an object
/// with a `kind`).
#[derive(Copy, Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "ToMove"))]
enum ToMoveJson {
    /// A player decides.
    Seat {
        /// The seat.
        seat: Seat,
    },
    /// Chance decides.
    #[serde(deserialize_with = "crate::strict::no_fields")]
    Chance,
    /// The game is over.
    #[serde(deserialize_with = "crate::strict::no_fields")]
    Over,
}

impl From<ToMove> for ToMoveJson {
    fn from(t: ToMove) -> Self {
        match t {
            ToMove::Seat(seat) => ToMoveJson::Seat { seat },
            ToMove::Chance => ToMoveJson::Chance,
            ToMove::Over => ToMoveJson::Over,
        }
    }
}

impl From<ToMoveJson> for ToMove {
    fn from(t: ToMoveJson) -> Self {
        match t {
            ToMoveJson::Seat { seat } => ToMove::Seat(seat),
            ToMoveJson::Chance => ToMove::Chance,
            ToMoveJson::Over => ToMove::Over,
        }
    }
}

/// An action of one game: a small `Copy` value with a dense id and a stable text form.
///
/// The id is the interchange form (C ABI, bots, learning code), the enum is the form for Rust
/// code, and the text (`Display` / `FromStr`) is the form for logs and records. None of the
/// three depends on the state: the same id always means the same action.
pub trait Action:
    Copy
    + Eq
    + Debug
    + Display
    + FromStr<Err = ParseActionError>
    + Serialize
    + DeserializeOwned
    + Send
    + Sync
    + 'static
{
    /// Every id is below this.
    const ID_COUNT: u32;

    /// The dense id, `0..ID_COUNT`.
    fn id(self) -> u32;

    /// The action with this id, or `None` outside `0..ID_COUNT`.
    fn from_id(id: u32) -> Option<Self>;
}

/// Implements serde and (with the `schema` feature) `JsonSchema` for an action type as its
/// text notation: in JSON every action of every game is a string such as `"a1+"`,
/// `"r3-5"` or `"play 3-5 L"`.
macro_rules! action_as_text {
    ($ty:ty, $schema_name:literal, $description:literal) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }

        #[cfg(feature = "schema")]
        impl schemars::JsonSchema for $ty {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                $schema_name.into()
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({
                    "type": "string",
                    "description": $description,
                })
            }
        }
    };
}
pub(crate) use action_as_text;

/// `action` if `text` is exactly how it writes itself: every action has one spelling (no
/// other case, spacing, zero padding or order of dice), so that a record or a log names each
/// action one way.
///
/// # Errors
/// [`ParseActionError`] for another spelling.
pub(crate) fn canonical<A: Display>(text: &str, action: A) -> Result<A, ParseActionError> {
    let written = action.to_string();
    if written == text {
        Ok(action)
    } else {
        Err(ParseActionError {
            text: clip(text),
            reason: "not in the notation's one spelling of this action",
        })
    }
}

/// Text that is not an action in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {text:?} as an action: {reason}")]
pub struct ParseActionError {
    /// The text that was read.
    pub text: String,
    /// What was expected.
    pub reason: &'static str,
}

impl ParseActionError {
    /// A parse error for `text` (a long text is shortened: an error never carries more than
    /// a few hundred bytes of its input).
    pub fn new(text: &str, reason: &'static str) -> Self {
        ParseActionError {
            text: clip(text),
            reason,
        }
    }
}

/// A list of action ids with a fixed capacity, so listing actions never allocates.
pub type ActionList = ArrayVec<u32, ACTION_LIST_CAPACITY>;

/// The largest action id a [`LegalSet`] can hold, plus one: every game's
/// [`Action::ID_COUNT`] is at most this (Ô ăn quan 20, Cờ cá ngựa and Domino below 128).
pub const LEGAL_SET_IDS: u32 = 128;

/// The actions legal in one state, as a bit set over ids (bit `id` set when legal), tied to
/// the state's [`Game::move_number`]: what [`Game::legal_set`] returns.
///
/// It is a plain value (no list to fill, no push per id). The actions it hands out are
/// [`Legal`] tokens, which [`Game::apply_legal`] plays without validating them again.
pub struct LegalSet<A> {
    mask: u128,
    len: u32,
    move_number: u32,
    _action: PhantomData<fn() -> A>,
}

impl<A> Clone for LegalSet<A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A> Copy for LegalSet<A> {}
impl<A> PartialEq for LegalSet<A> {
    fn eq(&self, other: &Self) -> bool {
        self.mask == other.mask && self.move_number == other.move_number
    }
}
impl<A> Eq for LegalSet<A> {}
impl<A> Debug for LegalSet<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LegalSet")
            .field("mask", &format_args!("{:#x}", self.mask))
            .field("move_number", &self.move_number)
            .finish()
    }
}

impl<A: Action> LegalSet<A> {
    /// The set of the ids whose bits are set in `mask`, legal at move `move_number`; only
    /// the games of this crate build one, from their own legality rules.
    #[inline]
    pub(crate) const fn from_mask(mask: u128, move_number: u32) -> Self {
        Self::from_mask_len(mask, mask.count_ones(), move_number)
    }

    /// The same with the number of set bits, `len`, known already (counting bits is slow on
    /// processors without a population-count instruction).
    #[inline]
    pub(crate) const fn from_mask_len(mask: u128, len: u32, move_number: u32) -> Self {
        debug_assert!(mask.count_ones() == len);
        LegalSet {
            mask,
            len,
            move_number,
            _action: PhantomData,
        }
    }

    /// The set of `ids` (each below [`LEGAL_SET_IDS`]; others are left out), legal at move
    /// `move_number`.
    pub(crate) fn from_ids(ids: &[u32], move_number: u32) -> Self {
        let mut mask = 0u128;
        for &id in ids {
            if id < LEGAL_SET_IDS {
                mask |= 1 << id;
            }
        }
        Self::from_mask(mask, move_number)
    }

    /// The ids as a bit mask: bit `id` is set when the action with that id is legal.
    #[inline]
    pub const fn mask(&self) -> u128 {
        self.mask
    }

    /// The move number of the state the set was taken from.
    #[inline]
    pub const fn move_number(&self) -> u32 {
        self.move_number
    }

    /// How many actions are legal.
    #[inline]
    pub const fn len(&self) -> u32 {
        self.len
    }

    /// Whether nothing is legal (the game is over).
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.mask == 0
    }

    /// Whether the action with this id is legal.
    #[inline]
    pub const fn contains(&self, id: u32) -> bool {
        id < LEGAL_SET_IDS && self.mask & (1 << id) != 0
    }

    /// The token of the action with this id, or `None` when it is not in the set.
    #[inline]
    pub fn get(&self, id: u32) -> Option<Legal<A>> {
        if !self.contains(id) {
            return None;
        }
        Some(Legal {
            action: A::from_id(id)?,
            move_number: self.move_number,
        })
    }

    /// The token of the `i`-th legal action in ascending id order (the action at index `i`
    /// of [`Game::legal_actions`]), or `None` when `i >= len()`.
    #[inline]
    pub fn nth(&self, i: u32) -> Option<Legal<A>> {
        if i >= self.len {
            return None;
        }
        let id = if self.mask >> 64 == 0 {
            // Every id below 64 (Ô ăn quan's always are): 64-bit steps.
            let mut m = self.mask as u64;
            for _ in 0..i {
                m &= m - 1;
            }
            m.trailing_zeros()
        } else {
            let mut m = self.mask;
            for _ in 0..i {
                m &= m - 1;
            }
            m.trailing_zeros()
        };
        Some(Legal {
            action: A::from_id(id)?,
            move_number: self.move_number,
        })
    }

    /// The legal ids in ascending order.
    pub fn ids(&self) -> impl Iterator<Item = u32> {
        let mut m = self.mask;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let id = m.trailing_zeros();
            m &= m - 1;
            Some(id)
        })
    }

    /// The tokens of every legal action, in ascending id order.
    pub fn iter(&self) -> impl Iterator<Item = Legal<A>> {
        let set = *self;
        self.ids().filter_map(move |id| set.get(id))
    }

    /// The set as a 0/1 mask for learning code: `out[id]` is 1 for every legal id and 0 for
    /// every other entry (ids past the end of `out` are left out).
    ///
    /// ```
    /// use dangian::{o_an_quan, Game};
    ///
    /// let game = o_an_quan::State::new(o_an_quan::Config::default()).unwrap();
    /// let mut mask = [0u8; 20];
    /// game.legal_set().write_mask(&mut mask);
    /// assert_eq!(mask.iter().filter(|&&m| m == 1).count(), 10); // 5 squares, 2 directions
    /// ```
    pub fn write_mask(&self, out: &mut [u8]) {
        out.fill(0);
        // The two words apart: a 128-bit shift or count is several instructions.
        for (word, base) in [(self.mask as u64, 0), ((self.mask >> 64) as u64, 64)] {
            let mut m = word;
            while m != 0 {
                if let Some(o) = out.get_mut(base + m.trailing_zeros() as usize) {
                    *o = 1;
                }
                m &= m - 1;
            }
        }
    }

    /// The legal ids written into `out` (cleared first), as [`Game::legal_actions`] lists them.
    pub fn write_to(&self, out: &mut ActionList) {
        out.clear();
        for id in self.ids() {
            out.push(id);
        }
    }
}

/// An action taken from a [`LegalSet`]: proof that it was legal at the set's move number.
///
/// Only a [`LegalSet`] hands one out (the fields are private), so [`Game::apply_legal`] can
/// play it without the full validation of [`Game::apply`]. A token applied to a state at
/// another move number is refused ([`PlayError::Stale`]); one that fails the game's cheap
/// consistency test (say, a token of another game at the same move number) goes through the
/// full validation instead. Either way no illegal action is ever played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Legal<A> {
    action: A,
    move_number: u32,
}

impl<A: Action> Legal<A> {
    /// The token of `action` at move `move_number`, for the crate's own layers (the dynamic
    /// layer rebuilds the typed token from its id form). Safe to get wrong: a token is only
    /// ever played after the move-number test and the game's consistency test.
    #[inline]
    pub(crate) fn from_parts(action: A, move_number: u32) -> Self {
        Legal {
            action,
            move_number,
        }
    }

    /// The action.
    #[inline]
    pub fn action(self) -> A {
        self.action
    }

    /// Its id.
    #[inline]
    pub fn id(self) -> u32 {
        self.action.id()
    }

    /// The move number at which it is legal.
    #[inline]
    pub fn move_number(self) -> u32 {
        self.move_number
    }
}

/// One chance outcome and its weight; its probability is `weight / total weight` of the list.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChanceOutcome {
    /// The action id of the outcome.
    pub id: u32,
    /// Its weight (a positive integer), so probabilities are exact rationals.
    pub weight: u32,
}

/// The chance outcomes of a position, in ascending id order, with exact weights.
pub type ChanceList = ArrayVec<ChanceOutcome, ACTION_LIST_CAPACITY>;

/// Receives the events of [`Game::apply`], one by one, so that a client can animate them.
///
/// `Vec<E>` collects them; [`NoEvents`] drops them at no cost (a simulation pays nothing).
pub trait EventSink<E> {
    /// Report one event.
    fn emit(&mut self, event: E);
}

impl<E> EventSink<E> for Vec<E> {
    #[inline]
    fn emit(&mut self, event: E) {
        self.push(event);
    }
}

/// An event sink that drops everything; use it when nobody watches.
#[derive(Copy, Clone, Debug, Default)]
pub struct NoEvents;

impl<E> EventSink<E> for NoEvents {
    #[inline(always)]
    fn emit(&mut self, _event: E) {}
}

/// An event sink that calls a closure for each event.
pub struct EventFn<F>(pub F);

impl<E, F: FnMut(E)> EventSink<E> for EventFn<F> {
    #[inline]
    fn emit(&mut self, event: E) {
        (self.0)(event)
    }
}

/// How a finished game came out.
///
/// In JSON the per-seat arrays hold one entry per seat:
/// `{"reason":"loss_threshold","scores":[0,104],"places":[1,2]}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "OutcomeJson<R>", try_from = "OutcomeJson<R>")]
#[serde(bound(
    serialize = "R: Serialize + Copy",
    deserialize = "R: Deserialize<'de> + Copy"
))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Outcome<R> {
    /// Why the game ended.
    pub reason: R,
    /// How many seats played; only the first `seats` entries below mean anything.
    pub seats: u8,
    /// The game's own score per seat: points in Ô ăn quan (higher is better), kicks made in
    /// Cờ cá ngựa, penalty points in Domino (lower is better).
    pub scores: [i32; MAX_SEATS],
    /// The place of each seat: 1 is best; equal places are shared; 0 means unplaced.
    pub places: [u8; MAX_SEATS],
}

impl<R> Outcome<R> {
    /// The seats in first place (none when nobody is placed).
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.seats)
            .filter(|&s| self.places[s as usize] == 1)
            .map(Seat)
    }

    /// The single winner, or `None` for a draw or a shared first place.
    pub fn winner(&self) -> Option<Seat> {
        let mut w = self.winners();
        match (w.next(), w.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }

    /// The same outcome with its end reason mapped by `f`.
    pub fn map_reason<T>(self, f: impl FnOnce(R) -> T) -> Outcome<T> {
        Outcome {
            reason: f(self.reason),
            seats: self.seats,
            scores: self.scores,
            places: self.places,
        }
    }
}

/// The JSON form of an [`Outcome`]: per-seat arrays as long as the table.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "Outcome"))]
pub struct OutcomeJson<R> {
    /// Why the game ended.
    pub reason: R,
    /// The game's own score per seat.
    pub scores: Vec<i32>,
    /// The place of each seat: 1 is best; equal places are shared; 0 means unplaced.
    pub places: Vec<u8>,
}

impl<R: Copy> From<Outcome<R>> for OutcomeJson<R> {
    fn from(o: Outcome<R>) -> Self {
        let n = usize::from(o.seats).min(MAX_SEATS);
        OutcomeJson {
            reason: o.reason,
            scores: o.scores[..n].to_vec(),
            places: o.places[..n].to_vec(),
        }
    }
}

impl<R> TryFrom<OutcomeJson<R>> for Outcome<R> {
    type Error = String;
    fn try_from(o: OutcomeJson<R>) -> Result<Self, String> {
        let n = o.scores.len();
        if n == 0 || n > MAX_SEATS || o.places.len() != n {
            return Err(format!(
                "an outcome has one score and one place per seat (1 to {MAX_SEATS} seats)"
            ));
        }
        let mut out = Outcome {
            reason: o.reason,
            seats: n as u8,
            scores: [0; MAX_SEATS],
            places: [0; MAX_SEATS],
        };
        out.scores[..n].copy_from_slice(&o.scores);
        out.places[..n].copy_from_slice(&o.places);
        Ok(out)
    }
}

/// A game's configuration that fails validation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid config: {option}: {reason}")]
pub struct ConfigError {
    /// The option (field name) at fault.
    pub option: &'static str,
    /// Why it is invalid.
    pub reason: String,
}

impl ConfigError {
    /// An error for `option`.
    pub fn new(option: &'static str, reason: impl Into<String>) -> Self {
        ConfigError {
            option,
            reason: reason.into(),
        }
    }
}

/// A position (setup) that cannot be a state of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The config inside the setup is invalid.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The position itself is impossible (pieces not conserved, values out of range, …).
    #[error("invalid position: {0}")]
    Position(String),
}

/// Why [`Game::apply_id`] or [`Game::apply_if_current`] refused an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError<I> {
    /// The id is not the id of any action of this game.
    #[error("no action of this game has id {0}")]
    UnknownId(u32),
    /// The action was chosen for an earlier position (a server receiving a late message).
    #[error("stale action: chosen at move {expected}, but the game is at move {current}")]
    Stale {
        /// The move number the sender saw.
        expected: u32,
        /// The move number of the game now.
        current: u32,
    },
    /// The action is not legal here.
    #[error(transparent)]
    Illegal(I),
}

/// A stable 64-bit hasher (FNV-1a over little-endian bytes), the same on every platform and
/// every release, unlike `std`'s hashers.
#[derive(Clone, Debug)]
pub struct StateHasher(u64);

impl Default for StateHasher {
    fn default() -> Self {
        StateHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl StateHasher {
    /// Feed bytes.
    #[inline]
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    /// Feed one byte.
    #[inline]
    pub fn u8(&mut self, v: u8) {
        self.bytes(&[v]);
    }
    /// Feed a `u32`.
    #[inline]
    pub fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }
    /// Feed an `i32`.
    #[inline]
    pub fn i32(&mut self, v: i32) {
        self.bytes(&v.to_le_bytes());
    }
    /// Feed a `u64`.
    #[inline]
    pub fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    /// The hash of everything fed so far.
    #[inline]
    pub fn finish(&self) -> u64 {
        self.0
    }

    /// Feed a config as the compact JSON it serializes to, so that every option counts and
    /// none can be forgotten (a new option changes the JSON, hence the hash).
    ///
    /// Serializing the config is most of the cost of a state hash, and a program hashes the
    /// same few configs over and over: the hasher states before and after each of the last
    /// [`CONFIG_MEMO`] configs fed on this thread are remembered, and a config met again from
    /// the same state skips the JSON (the hash is the same either way). Nothing is allocated
    /// but when a config is first met.
    pub fn config<C: GameConfig>(&mut self, config: &C) {
        let start = self.0;
        let known = CONFIG_MEMOS
            .try_with(|m| {
                m.try_borrow().ok().and_then(|m| {
                    m.iter().find_map(|(before, seen, after)| {
                        (*before == start && seen.downcast_ref::<C>() == Some(config))
                            .then_some(*after)
                    })
                })
            })
            .ok()
            .flatten();
        if let Some(after) = known {
            self.0 = after;
            return;
        }
        self.json(config);
        let after = self.0;
        let _ = CONFIG_MEMOS.try_with(|m| {
            if let Ok(mut m) = m.try_borrow_mut() {
                if m.len() == CONFIG_MEMO {
                    m.remove(0);
                }
                m.push((start, Box::new(config.clone()), after));
            }
        });
    }

    /// Feed any plain data as its compact JSON (a view, say), followed by a separator.
    pub fn json<T: Serialize + ?Sized>(&mut self, value: &T) {
        // Serializing plain data into a writer that cannot fail cannot fail.
        let _ = serde_json::to_writer(&mut *self, value);
        // A separator, so that the value's bytes cannot run into what follows.
        self.u8(0);
    }
}

/// How many configs [`StateHasher::config`] remembers per thread (a server hashing the
/// tables of a few configs in turn still skips the JSON).
pub const CONFIG_MEMO: usize = 8;

/// One remembered config: the hasher state before it, the config, the state after it.
type ConfigMemo = (u64, Box<dyn std::any::Any>, u64);

thread_local! {
    static CONFIG_MEMOS: std::cell::RefCell<Vec<ConfigMemo>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl std::io::Write for StateHasher {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bytes(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The rules options of one game: a plain, serializable value whose `Default` is the seed
/// rules, with named presets for the variants of the rules contract.
///
/// In JSON a config is an object; a missing field takes its default, an unknown field or a
/// repeated one is an error ([`GameConfig::from_json`]).
pub trait GameConfig:
    Clone + Debug + Default + PartialEq + Eq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The names of the presets, `"seed_rules"` first; [`GameConfig::preset`] knows each.
    const PRESETS: &'static [&'static str];

    /// The presets a table offers (a game page, a sample scene, a server's lobby), the
    /// default first: each one of [`PRESETS`](GameConfig::PRESETS), chosen so that games
    /// between players and bots end like games (no game of hundreds of repeated moves, no
    /// absurd score). The other presets stay playable; a table just does not offer them
    /// first. The default is `["seed_rules"]`.
    const TABLE_PRESETS: &'static [&'static str] = &["seed_rules"];

    /// How many seats a valid config may have ([`GameConfig::seats`]).
    const SEATS: std::ops::RangeInclusive<u8>;

    /// The seed rules: the rules of the original text (the same as `Default`).
    fn seed_rules() -> Self {
        Self::default()
    }

    /// The preset called `name` (one of [`PRESETS`](GameConfig::PRESETS)), or `None`.
    fn preset(name: &str) -> Option<Self>;

    /// Every preset with its name, in the order of [`PRESETS`](GameConfig::PRESETS).
    fn presets() -> impl Iterator<Item = (&'static str, Self)> {
        Self::PRESETS
            .iter()
            .filter_map(|&name| Self::preset(name).map(|c| (name, c)))
    }

    /// How many seats play under these rules.
    fn seats(&self) -> u8;

    /// Whether the options are valid together.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first option at fault.
    fn validate(&self) -> Result<(), ConfigError>;

    /// Read a config from JSON and validate it. The text must be a JSON object (`{}` is the
    /// seed rules); missing fields take their defaults.
    ///
    /// # Errors
    /// [`ConfigError`] for text longer than [`MAX_CONFIG_JSON`](crate::limits::MAX_CONFIG_JSON)
    /// bytes (refused before it is parsed), text that is not a JSON object, an unknown or
    /// repeated field at any depth, a value of the wrong type, or a config that fails
    /// [`GameConfig::validate`].
    fn from_json(json: &str) -> Result<Self, ConfigError> {
        crate::limits::check_len("the config", json, crate::limits::MAX_CONFIG_JSON)
            .map_err(|e| ConfigError::new("config", e))?;
        // serde would also read a struct from an array, field by field: a config is an object.
        if !json.trim_start().starts_with('{') {
            return Err(ConfigError::new(
                "config",
                "a config is a JSON object (`{}` for the seed rules)",
            ));
        }
        let config: Self = serde_json::from_str(json)
            .map_err(|e| ConfigError::new("config", crate::game::clip(&e.to_string())))?;
        config.validate()?;
        Ok(config)
    }
}

/// Why an action is illegal: a game's error type, with a stable numeric code per reason.
///
/// The codes are the same in every release and every language (the C header lists them as
/// `DgReason`): Ô ăn quan uses 100–199, Cờ cá ngựa 200–299, Domino 300–399.
pub trait IllegalReason:
    std::error::Error + Clone + PartialEq + Eq + Send + Sync + 'static
{
    /// Every reason of the game: its code and its snake_case name, in code order.
    const REASONS: &'static [(u32, &'static str)];

    /// The stable code of this reason.
    fn code(&self) -> u32;

    /// The snake_case name of this reason (e.g. `"empty_square"`).
    fn name(&self) -> &'static str {
        let code = self.code();
        Self::REASONS
            .iter()
            .find(|(c, _)| *c == code)
            .map_or("unknown", |(_, n)| n)
    }
}

/// A value without data whose JSON form is a snake_case name (an end reason).
pub trait Named {
    /// The name, as JSON writes it (e.g. `"both_quan_squares_empty"`).
    fn name(self) -> &'static str;
}

/// Shorten a message that may quote untrusted input, so that an error never carries more
/// than a few hundred bytes of it.
pub(crate) fn clip(text: &str) -> String {
    const MAX: usize = 300;
    if text.len() <= MAX {
        return text.to_owned();
    }
    let mut end = MAX;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &text[..end], text.len())
}

/// One game of Ô ăn quan, Cờ cá ngựa or Domino: its state and its rules.
///
/// Everything generic in the crate — records, the random-play invariant test, bots, the
/// dynamic layer — is written once against this trait.
///
/// Contract (checked for every game by [`crate::testing::check_random_play`]):
/// - [`legal_actions`](Game::legal_actions) is empty exactly when the game is over, and is in
///   strictly ascending id order;
/// - [`check`](Game::check) accepts exactly the listed actions;
/// - [`apply`](Game::apply) of an illegal action returns the same error as `check` and leaves
///   the state unchanged; of a legal action it is deterministic;
/// - neither `legal_actions` nor `apply` allocates (with [`NoEvents`]);
/// - a game ends within [`max_moves`](Game::max_moves) actions;
/// - [`to_setup`](Game::to_setup) and [`from_setup`](Game::from_setup) round-trip, and
///   `from_setup` accepts only positions that pass [`validate`](Game::validate).
pub trait Game:
    Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The rules options; `Default` is the seed rules.
    type Config: GameConfig;
    /// A position as plain data with public fields: it may be impossible until
    /// [`from_setup`](Game::from_setup) validates it. The JSON form of a state is its setup.
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// The actions, player decisions and chance outcomes alike.
    type Action: Action;
    /// What happened during one `apply`, step by step.
    type Event: Copy + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// Why an action is illegal.
    type Illegal: IllegalReason;
    /// Why a game ended.
    type EndReason: Named
        + Copy
        + Debug
        + PartialEq
        + Eq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;
    /// What one seat may see of the state (the whole state in games without hidden
    /// information).
    type View: Clone + Debug + PartialEq + Serialize;

    /// Which game this is.
    const KIND: GameKind;

    /// Whether chance acts in the game (dice, a deal, a draw): whether [`ToMove::Chance`]
    /// ever comes.
    const CHANCE: bool;

    /// Whether a seat's [`view`](Game::view) may hide part of the state (another hand, the
    /// stock) from it.
    const HIDDEN_INFORMATION: bool;

    /// A new game under `config`.
    ///
    /// # Errors
    /// [`ConfigError`] when the config is invalid (an option out of range, or options that
    /// contradict each other).
    fn new(config: Self::Config) -> Result<Self, ConfigError>;

    /// The playable state of a position given as plain data (a tutorial, a puzzle, a server
    /// restoring a table), after checking that it can be a state of the game.
    ///
    /// # Errors
    /// [`SetupError`] for an invalid config or an impossible position.
    fn from_setup(setup: Self::Setup) -> Result<Self, SetupError>;

    /// The position as plain data.
    fn to_setup(&self) -> Self::Setup;

    /// The rules this game is played under.
    fn config(&self) -> &Self::Config;

    /// How many seats (players) play.
    fn seats(&self) -> u8;

    /// Who acts next.
    fn to_move(&self) -> ToMove;

    /// Whose turn it is: the seat that decides now, or the seat a chance step is for (the
    /// seat rolling the dice, being dealt to, drawing); `None` once the game is over.
    fn turn(&self) -> Option<Seat>;

    /// The ids of every action legal now, in strictly ascending order: the player's
    /// decisions, or the chance outcomes when [`ToMove::Chance`]. Empty when the game is over.
    /// Clears `out` first; never allocates.
    fn legal_actions(&self, out: &mut ActionList);

    /// The chance outcomes with their exact weights when [`ToMove::Chance`]; empty otherwise.
    /// Clears `out` first; never allocates.
    fn chance_outcomes(&self, out: &mut ChanceList);

    /// Whether `action` is legal now, and if not, why.
    ///
    /// # Errors
    /// The reason the action is illegal.
    fn check(&self, action: Self::Action) -> Result<(), Self::Illegal>;

    /// Play `action`, reporting what happens to `events`.
    ///
    /// # Errors
    /// The reason the action is illegal (the same as [`check`](Game::check)); the state is
    /// then unchanged and no event is emitted.
    fn apply(
        &mut self,
        action: Self::Action,
        events: &mut impl EventSink<Self::Event>,
    ) -> Result<(), Self::Illegal>;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome<Self::EndReason>>;

    /// How many actions (chance outcomes included) have been applied since [`Game::new`].
    fn move_number(&self) -> u32;

    /// An upper bound on [`move_number`](Game::move_number) for any game under this config:
    /// no sequence of legal actions is longer.
    fn max_moves(&self) -> u32;

    /// Feed every rules-relevant part of the state to `hasher` (see [`Game::state_hash`]).
    fn hash_state(&self, hasher: &mut StateHasher);

    /// What `seat` may see. Holds nothing hidden from that seat, nor any RNG state.
    fn view(&self, seat: Seat) -> Self::View;

    /// Feed what `seat` sees to `hasher` (see [`Game::view_hash`]): the seat, then nothing
    /// hidden from it. The default feeds the view's JSON; the games feed their fields
    /// directly, which costs a fraction of that and allocates nothing.
    fn hash_view(&self, seat: Seat, hasher: &mut StateHasher) {
        hasher.json(&self.view(seat));
    }

    /// The form of `event` that `seat` may see, or `None` when the seat sees nothing of it.
    /// Games without hidden information show every event to everyone.
    fn event_for(event: &Self::Event, _seat: Seat) -> Option<Self::Event> {
        Some(*event)
    }

    /// Checks the game's conservation laws and ranges (stones, pieces, tiles).
    ///
    /// # Errors
    /// A description of the first broken invariant. Never fails for a state reached by legal
    /// play or loaded through validation.
    fn validate(&self) -> Result<(), SetupError> {
        Self::from_setup(self.to_setup()).map(drop)
    }

    // ---- provided ----------------------------------------------------------------------

    /// A stable 64-bit hash of the state, the same on every platform and release, so that a
    /// client and a server can compare positions cheaply.
    fn state_hash(&self) -> u64 {
        let mut h = StateHasher::default();
        h.u8(Self::KIND as u8);
        self.hash_state(&mut h);
        h.finish()
    }

    /// A stable 64-bit hash of what `seat` sees, the same on every platform and release: equal
    /// in two positions that differ only in what is hidden from the seat. A seat's client and
    /// the server compare it to agree on a position, and each bot's decision is seeded by it
    /// (so a bot's choice depends on its seed and what its seat sees, nothing else).
    fn view_hash(&self, seat: Seat) -> u64 {
        let mut h = StateHasher::default();
        h.u8(Self::KIND as u8);
        self.hash_view(seat, &mut h);
        h.finish()
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.to_move() == ToMove::Over
    }

    /// The seat that decides now, or `None` when chance is to move or the game is over.
    fn seat_to_move(&self) -> Option<Seat> {
        match self.to_move() {
            ToMove::Seat(s) => Some(s),
            ToMove::Chance | ToMove::Over => None,
        }
    }

    /// Play the action with this id.
    ///
    /// # Errors
    /// [`PlayError::UnknownId`] for an id outside the game's range, or
    /// [`PlayError::Illegal`]; the state is then unchanged.
    fn apply_id(
        &mut self,
        id: u32,
        events: &mut impl EventSink<Self::Event>,
    ) -> Result<(), PlayError<Self::Illegal>> {
        let action = Self::Action::from_id(id).ok_or(PlayError::UnknownId(id))?;
        self.apply(action, events).map_err(PlayError::Illegal)
    }

    /// Play `action` only if the game is still at move `expected_move`: a server uses this to
    /// reject an action that was chosen for an earlier position.
    ///
    /// # Errors
    /// [`PlayError::Stale`] when the move numbers differ, or [`PlayError::Illegal`]; the state
    /// is then unchanged.
    fn apply_if_current(
        &mut self,
        expected_move: u32,
        action: Self::Action,
        events: &mut impl EventSink<Self::Event>,
    ) -> Result<(), PlayError<Self::Illegal>> {
        let current = self.move_number();
        if current != expected_move {
            return Err(PlayError::Stale {
                expected: expected_move,
                current,
            });
        }
        self.apply(action, events).map_err(PlayError::Illegal)
    }

    /// The actions legal now as a [`LegalSet`]: the same ids as
    /// [`legal_actions`](Game::legal_actions), as a bit set a playout can draw from without
    /// listing them. Never allocates.
    ///
    /// Games override it with a direct computation; this default lists the ids.
    fn legal_set(&self) -> LegalSet<Self::Action> {
        let mut out = ActionList::new();
        self.legal_actions(&mut out);
        LegalSet::from_ids(&out, self.move_number())
    }

    /// Play an action taken from this state's [`legal_set`](Game::legal_set), without the
    /// full validation of [`apply`](Game::apply): the same states and events as `apply`
    /// for the same action.
    ///
    /// # Errors
    /// [`PlayError::Stale`] when the token was taken at another move number; the state is
    /// then unchanged. A token that fails the game's cheap consistency test is validated in
    /// full, as [`apply`](Game::apply) does ([`PlayError::Illegal`], state unchanged).
    fn apply_legal(
        &mut self,
        legal: Legal<Self::Action>,
        events: &mut impl EventSink<Self::Event>,
    ) -> Result<(), PlayError<Self::Illegal>> {
        self.apply_if_current(legal.move_number(), legal.action(), events)
    }

    /// Sample a chance outcome from `rng` with its exact probability, or `None` when chance is
    /// not to move. Uses exactly one call to `rng` when the total weight is a power of two,
    /// and rejection sampling otherwise, so the draw is unbiased and the same on every
    /// platform.
    fn sample_chance<R: rand_core::Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Action> {
        if self.to_move() != ToMove::Chance {
            return None;
        }
        let mut outcomes = ChanceList::new();
        self.chance_outcomes(&mut outcomes);
        let total: u32 = outcomes.iter().map(|o| o.weight).sum();
        if total == 0 {
            return None;
        }
        let mut r = uniform_below(rng, total);
        for o in &outcomes {
            if r < o.weight {
                return Self::Action::from_id(o.id);
            }
            r -= o.weight;
        }
        None
    }
}
