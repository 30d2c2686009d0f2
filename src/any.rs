//! Any of the three games behind one value, for code that chooses the game at run time: the
//! C ABI, the language bindings, the replay example, a server hosting all three.
//!
//! An [`AnyGame`] is a typed game inside (a [`Recorded`] state of
//! [Ô ăn quan](crate::o_an_quan::State), [Cờ cá ngựa](crate::ca_ngua::State) or
//! [Domino](crate::domino::State)); actions travel as ids or text, states, views and events
//! as JSON. Nothing is turned into JSON until it is asked for: the
//! events of the last action are kept typed (and only when asked to keep them), a config is
//! parsed once, a record replayed once.
//!
//! # What a host may show a seat
//!
//! A server shows each player only what that seat may know:
//! [`view_json`](AnyGame::view_json), [`events_json`](AnyGame::events_json) for that seat,
//! [`legal_actions_for`](AnyGame::legal_actions_for), [`view_hash`](AnyGame::view_hash), and
//! bots and hints asked for that seat ([`bot_hints`](AnyGame::bot_hints)). Everything else
//! ([`state_json`](AnyGame::state_json), [`state_hash`](AnyGame::state_hash), the events of
//! every seat, [`legal_actions`](AnyGame::legal_actions) at a chance point or on another
//! seat's turn, [`board_text`](AnyGame::board_text), a [`Record`] before the game is over) can
//! name hidden Domino tiles: it is for the host alone.
#![forbid(unsafe_code)]

use crate::bot::{bot_for_level, bot_with_budget, Evaluate, Hint, Level};
use crate::chance::GameRng;
use crate::describe::{Describe, Lang, PresetWords};
use crate::fair::{FairChance, FairError, Fairness};
use crate::game::{
    clip, Action, ActionList, ChanceList, ConfigError, Game, GameConfig, GameKind, IllegalReason,
    Legal, Named, Outcome, PlayError, Seat, SetupError, ToMove, LEGAL_SET_IDS, MAX_SEATS,
};
use crate::record::{Record, RecordError, Recorded};
use crate::tensor::Observe;
use crate::{ca_ngua, domino, o_an_quan};

mod batch;
mod board;

pub use batch::{batch_seed, AnyBatch, Outputs, Playouts};
pub use board::{CaNguaBoard, DominoBoard, OAnQuanBoard};

/// `$f::<G>($args)` for the game `G` of `$kind`.
macro_rules! dispatch {
    ($kind:expr, $f:ident ( $($arg:expr),* )) => {
        match $kind {
            GameKind::OAnQuan => $f::<crate::o_an_quan::State>($($arg),*),
            GameKind::CaNgua => $f::<crate::ca_ngua::State>($($arg),*),
            GameKind::Domino => $f::<crate::domino::State>($($arg),*),
        }
    };
}

/// Why an [`AnyGame`] operation failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnyError {
    /// The config cannot be read, or it is invalid.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The position cannot be read, or it is not a possible position of the game.
    #[error("bad position: {0}")]
    Setup(String),
    /// A record cannot be loaded.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// No preset of the game has this name.
    #[error("no preset {name:?} of {kind} (presets: {presets})")]
    NoSuchPreset {
        /// The game.
        kind: GameKind,
        /// The name asked for.
        name: String,
        /// The names there are.
        presets: String,
    },
    /// The action id is not an action of this game.
    #[error("no action of this game has id {0}")]
    UnknownId(u32),
    /// The action text is not in the game's notation.
    #[error("{0}")]
    Notation(String),
    /// The action was chosen for an earlier position.
    #[error("stale action: chosen at move {expected}, but the game is at move {current}")]
    Stale {
        /// The move number the sender saw.
        expected: u32,
        /// The move number of the game now.
        current: u32,
    },
    /// The action is illegal here.
    #[error("{message}")]
    Illegal {
        /// The stable code of the reason ([`IllegalReason::code`]).
        code: u32,
        /// Why, in words.
        message: String,
    },
    /// The seat is not at this table.
    #[error("seat {0} is not in this game")]
    NoSuchSeat(u32),
    /// The operation needs chance to be to move.
    #[error("chance is not to move")]
    NotChance,
    /// The operation needs this seat to be the one to decide (a bot's choice or hints).
    #[error("seat {0} is not to move")]
    NotToMove(u8),
    /// Fair chance cannot be set up as asked (too late, other seeds than those committed
    /// to, bad seeds), or a game loaded from a fair record waits for its server seed.
    #[error(transparent)]
    Fair(#[from] FairError),
    /// The operation is for another game (a board of one game asked of another).
    #[error("the game is {have}, not {want}")]
    WrongGame {
        /// The game the operation is for.
        want: GameKind,
        /// The game it was asked of.
        have: GameKind,
    },
    /// No seat is to move (chance, or the game is over) where a seat's action was given.
    #[error("no seat is to move")]
    NoSeatToMove,
    /// An array given to fill or to read is not as long as the operation needs.
    #[error("{what}: {got} entries where {expected} are needed")]
    BufferLength {
        /// Which array.
        what: &'static str,
        /// The length needed.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// The bytes are not an Ô ăn quan proof certificate or strategy, or the certificate does
    /// not prove its claim ([`install_o_an_quan_certificate`]).
    #[error(transparent)]
    Certificate(#[from] crate::o_an_quan::CertificateError),
    /// One game of an [`AnyBatch`] refused its action: which game, and why.
    #[error("game {game}: {error}")]
    InBatch {
        /// The game's index in the batch.
        game: usize,
        /// Why it refused.
        error: Box<AnyError>,
    },
}

impl AnyError {
    fn illegal<I: IllegalReason>(e: &I) -> AnyError {
        AnyError::Illegal {
            code: e.code(),
            message: e.to_string(),
        }
    }

    /// The status every binding reports for this error (the C ABI's `DgStatus`, the code
    /// of Python's exception). Matched variant by variant: a new variant must be given its
    /// status here.
    pub fn status(&self) -> Status {
        match self {
            AnyError::Config(_) | AnyError::NoSuchPreset { .. } => Status::InvalidConfig,
            AnyError::Setup(_) => Status::InvalidState,
            AnyError::Record(_) => Status::InvalidRecord,
            AnyError::UnknownId(_) | AnyError::Notation(_) => Status::UnknownAction,
            AnyError::Stale { .. } => Status::StaleAction,
            AnyError::Illegal { .. } => Status::IllegalAction,
            AnyError::NoSuchSeat(_) => Status::InvalidArgument,
            AnyError::NotChance => Status::NotChance,
            AnyError::NotToMove(_) => Status::NoDecision,
            AnyError::Fair(e) => fair_status(e),
            AnyError::WrongGame { .. } => Status::WrongGame,
            AnyError::NoSeatToMove => Status::NoDecision,
            AnyError::BufferLength { .. } => Status::InvalidArgument,
            AnyError::Certificate(_) => Status::InvalidCertificate,
            AnyError::InBatch { error, .. } => error.status(),
        }
    }

    /// The stable code of why an action is illegal ([`IllegalReason::code`]; the C ABI's
    /// `DgReason`), or 0 for every other error.
    pub fn reason(&self) -> u32 {
        match self {
            AnyError::Illegal { code, .. } => *code,
            AnyError::InBatch { error, .. } => error.reason(),
            AnyError::Config(_)
            | AnyError::NoSuchPreset { .. }
            | AnyError::Setup(_)
            | AnyError::Record(_)
            | AnyError::UnknownId(_)
            | AnyError::Notation(_)
            | AnyError::Stale { .. }
            | AnyError::NoSuchSeat(_)
            | AnyError::NotChance
            | AnyError::NotToMove(_)
            | AnyError::Fair(_)
            | AnyError::WrongGame { .. }
            | AnyError::NoSeatToMove
            | AnyError::BufferLength { .. }
            | AnyError::Certificate(_) => 0,
        }
    }

    /// The error's name in the web binding's failures: `config`, `setup`, `record`,
    /// `no_such_preset`, `unknown_id`, `notation`, `stale`, `illegal`, `no_such_seat`,
    /// `not_chance`, `not_to_move`, `wrong_game`, `no_seat_to_move`, `buffer_length`,
    /// `certificate`, for
    /// fair chance [`fair_name`]'s, and for a game of a batch the name of its error.
    pub fn name(&self) -> &'static str {
        match self {
            AnyError::Config(_) => "config",
            AnyError::Setup(_) => "setup",
            AnyError::Record(_) => "record",
            AnyError::NoSuchPreset { .. } => "no_such_preset",
            AnyError::UnknownId(_) => "unknown_id",
            AnyError::Notation(_) => "notation",
            AnyError::Stale { .. } => "stale",
            AnyError::Illegal { .. } => "illegal",
            AnyError::NoSuchSeat(_) => "no_such_seat",
            AnyError::NotChance => "not_chance",
            AnyError::NotToMove(_) => "not_to_move",
            AnyError::Fair(e) => fair_name(e).0,
            AnyError::WrongGame { .. } => "wrong_game",
            AnyError::NoSeatToMove => "no_seat_to_move",
            AnyError::BufferLength { .. } => "buffer_length",
            AnyError::Certificate(_) => "certificate",
            AnyError::InBatch { error, .. } => error.name(),
        }
    }
}

/// The status of a fair-chance error ([`AnyError::status`] of [`AnyError::Fair`]): a bad
/// seed is an invalid argument, an unreadable record an invalid record, the rest unfair.
pub fn fair_status(e: &FairError) -> Status {
    match e {
        FairError::BadSeed(_) | FairError::PlayerSeeds(_) => Status::InvalidArgument,
        FairError::Record(_) => Status::InvalidRecord,
        FairError::NotFair
        | FairError::Scheme(_)
        | FairError::NotRevealed
        | FairError::WrongReveal { .. }
        | FairError::Mismatch { .. }
        | FairError::ChosenStart
        | FairError::AfterStart(_)
        | FairError::Committed { .. }
        | FairError::AwaitingSeed { .. } => Status::Unfair,
    }
}

/// The name of a fair-chance error in the web binding's failures and its more precise
/// reason: `("bad_seed", None)`, `("bad_seed", Some("player_seeds"))`, `("record", None)`,
/// or `("unfair", Some(…))` naming why.
pub fn fair_name(e: &FairError) -> (&'static str, Option<&'static str>) {
    match e {
        FairError::BadSeed(_) => ("bad_seed", None),
        FairError::PlayerSeeds(_) => ("bad_seed", Some("player_seeds")),
        FairError::Record(_) => ("record", None),
        FairError::NotFair => ("unfair", Some("not_fair")),
        FairError::Scheme(_) => ("unfair", Some("scheme")),
        FairError::NotRevealed => ("unfair", Some("not_revealed")),
        FairError::WrongReveal { .. } => ("unfair", Some("wrong_reveal")),
        FairError::Mismatch { .. } => ("unfair", Some("mismatch")),
        FairError::ChosenStart => ("unfair", Some("chosen_start")),
        FairError::AfterStart(_) => ("unfair", Some("after_start")),
        FairError::Committed { .. } => ("unfair", Some("committed")),
        FairError::AwaitingSeed { .. } => ("unfair", Some("awaiting_seed")),
    }
}

/// Why a call failed, in the vocabulary every binding shares: the C ABI's `DgStatus` has
/// these values ([`Status::code`]), Python raises the exception of the code. The engine's
/// errors map to one by [`AnyError::status`]; the rest are failures at a binding's boundary
/// (a NULL pointer, a small buffer, bad UTF-8, a caught panic, …).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// A required pointer argument was NULL.
    NullPointer,
    /// An argument is out of range (a game kind, a seat, a level, a length, a seed).
    InvalidArgument,
    /// The output buffer is too small.
    BufferTooSmall,
    /// Text input is not valid UTF-8.
    InvalidUtf8,
    /// JSON input cannot be read.
    InvalidJson,
    /// The config is not a config of the game, fails validation, or names no preset.
    InvalidConfig,
    /// The action id or text is not an action of the game.
    UnknownAction,
    /// The action is illegal now ([`AnyError::reason`] says why).
    IllegalAction,
    /// The action was chosen for another move number.
    StaleAction,
    /// The operation needs chance to be to move.
    NotChance,
    /// The game is not over yet.
    NotOver,
    /// A saved game cannot be loaded.
    InvalidRecord,
    /// The game is of another kind than the operation needs.
    WrongGame,
    /// An internal error (a bug) was caught at the boundary.
    Panic,
    /// An earlier call panicked while changing the game: it cannot be trusted.
    Poisoned,
    /// The operation needs the given seat to decide, but chance, nobody or another seat is
    /// to move.
    NoDecision,
    /// The position is not a possible position of the game.
    InvalidState,
    /// Chance cannot be proven fair, or fair chance cannot be set up as asked.
    Unfair,
    /// The bytes are not an Ô ăn quan proof certificate, or it does not prove its claim.
    InvalidCertificate,
}

impl Status {
    /// Every status, in code order.
    pub const ALL: [Status; 19] = [
        Status::NullPointer,
        Status::InvalidArgument,
        Status::BufferTooSmall,
        Status::InvalidUtf8,
        Status::InvalidJson,
        Status::InvalidConfig,
        Status::UnknownAction,
        Status::IllegalAction,
        Status::StaleAction,
        Status::NotChance,
        Status::NotOver,
        Status::InvalidRecord,
        Status::WrongGame,
        Status::Panic,
        Status::Poisoned,
        Status::NoDecision,
        Status::InvalidState,
        Status::Unfair,
        Status::InvalidCertificate,
    ];

    /// The status's fixed number (0 is success, which no `Status` is): the C ABI's
    /// `DgStatus` value.
    pub fn code(self) -> u32 {
        match self {
            Status::NullPointer => 1,
            Status::InvalidArgument => 2,
            Status::BufferTooSmall => 3,
            Status::InvalidUtf8 => 4,
            Status::InvalidJson => 5,
            Status::InvalidConfig => 6,
            Status::UnknownAction => 7,
            Status::IllegalAction => 8,
            Status::StaleAction => 9,
            Status::NotChance => 10,
            Status::NotOver => 11,
            Status::InvalidRecord => 12,
            Status::WrongGame => 13,
            Status::Panic => 14,
            Status::Poisoned => 15,
            Status::NoDecision => 16,
            Status::InvalidState => 17,
            Status::Unfair => 18,
            Status::InvalidCertificate => 19,
        }
    }
}

/// What a binding may tell about a game kind without making a game (as OpenSpiel's
/// `GameType` and `GameInfo`), from the game's own constants: [`GameInfo::of`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Which game.
    pub kind: GameKind,
    /// Its snake_case name (`"o_an_quan"`), as in records and JSON.
    pub name: &'static str,
    /// How many seats a valid config may have.
    pub seats: std::ops::RangeInclusive<u8>,
    /// Whether chance acts (dice, a deal, a draw).
    pub chance: bool,
    /// Whether a seat's view may hide part of the state from it.
    pub hidden_information: bool,
    /// How many action ids there are (`0..action_ids`, chance outcomes included): the
    /// length of a legal-action mask.
    pub action_ids: u32,
    /// The length of a seat's observation tensor ([`Observe::OBSERVATION_LEN`]).
    pub observation_len: usize,
    /// The longest game under the seed rules, in actions ([`Game::max_moves`]); a config
    /// may set another bound.
    pub max_moves_seed_rules: u32,
    /// The preset names, `"seed_rules"` first.
    pub presets: &'static [&'static str],
    /// The presets a table offers, its default first ([`GameConfig::TABLE_PRESETS`]).
    pub table_presets: &'static [&'static str],
    /// Every reason an action can be refused: its stable code and its name.
    pub reasons: &'static [(u32, &'static str)],
}

impl GameInfo {
    /// The facts of `kind`.
    pub fn of(kind: GameKind) -> GameInfo {
        dispatch!(kind, info_of())
    }

    /// The name of the illegal-action reason with this code, if the game has it.
    pub fn reason_name(&self, code: u32) -> Option<&'static str> {
        self.reasons
            .iter()
            .find(|(c, _)| *c == code)
            .map(|(_, n)| *n)
    }

    /// The kind called `name` (`"o_an_quan"`, `"ca_ngua"`, `"domino"`).
    pub fn kind_named(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// Installs an Ô ăn quan proof certificate for the process from the uncompressed bytes of a
/// certificate or strategy file ([`Certificate::read`](crate::o_an_quan::Certificate::read),
/// then [`install_certificate`](crate::o_an_quan::install_certificate), which checks every
/// record first): the medium and hard levels then play its moves where it holds, and their
/// hints carry the proven result. What every binding's install reaches.
///
/// # Errors
/// [`AnyError::Certificate`] (status [`Status::InvalidCertificate`]) for bytes that are not
/// a certificate or strategy, or a record that does not hold; nothing is installed then.
pub fn install_o_an_quan_certificate(bytes: &[u8]) -> Result<(), AnyError> {
    let certificate = crate::o_an_quan::Certificate::read(bytes)?;
    crate::o_an_quan::install_certificate(std::sync::Arc::new(certificate))?;
    Ok(())
}

/// Removes every installed Ô ăn quan certificate
/// ([`uninstall_certificates`](crate::o_an_quan::uninstall_certificates)).
pub fn uninstall_o_an_quan_certificates() {
    crate::o_an_quan::uninstall_certificates();
}

/// The presets a table of `kind` offers, its default first
/// ([`GameConfig::TABLE_PRESETS`]): what a game page, a sample scene or a server's lobby
/// lists, so that games against the bots end like games. Every binding reaches it (the C ABI's
/// `dangian_table_presets`, Python's `dangian.table_presets`, JavaScript's `tablePresets`).
///
/// ```
/// use dangian::{any::table_presets, GameKind};
/// assert_eq!(table_presets(GameKind::OAnQuan)[0], "pay_to_refill");
/// assert!(table_presets(GameKind::OAnQuan).contains(&"seed_rules"));
/// ```
pub fn table_presets(kind: GameKind) -> &'static [&'static str] {
    match kind {
        GameKind::OAnQuan => <crate::o_an_quan::Config as GameConfig>::TABLE_PRESETS,
        GameKind::CaNgua => <crate::ca_ngua::Config as GameConfig>::TABLE_PRESETS,
        GameKind::Domino => <crate::domino::Config as GameConfig>::TABLE_PRESETS,
    }
}

fn info_of<G: Playable>() -> GameInfo {
    GameInfo {
        kind: G::KIND,
        name: G::KIND.name(),
        seats: G::Config::SEATS,
        chance: G::CHANCE,
        hidden_information: G::HIDDEN_INFORMATION,
        action_ids: G::Action::ID_COUNT,
        observation_len: G::OBSERVATION_LEN,
        max_moves_seed_rules: G::new(G::Config::seed_rules())
            .map(|g| g.max_moves())
            .unwrap_or(0),
        presets: G::Config::PRESETS,
        table_presets: G::Config::TABLE_PRESETS,
        reasons: <G::Illegal as IllegalReason>::REASONS,
    }
}

/// The actions legal in an [`AnyGame`], as a bit set of ids tied to its move number
/// ([`AnyGame::legal_set`]); the dynamic form of [`LegalSet`](crate::LegalSet).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AnyLegalSet {
    mask: u128,
    len: u32,
    move_number: u32,
}

impl AnyLegalSet {
    /// The ids as a bit mask: bit `id` is set when the action with that id is legal.
    #[inline]
    pub fn mask(&self) -> u128 {
        self.mask
    }
    /// How many actions are legal.
    #[inline]
    pub fn len(&self) -> u32 {
        self.len
    }
    /// Whether nothing is legal.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The move number of the game the set was taken from.
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }
    /// Whether the action with this id is legal.
    #[inline]
    pub fn contains(&self, id: u32) -> bool {
        id < LEGAL_SET_IDS && self.mask & (1 << id) != 0
    }
    /// The token of the action with this id, or `None` when it is not in the set.
    #[inline]
    pub fn get(&self, id: u32) -> Option<AnyLegal> {
        self.contains(id).then_some(AnyLegal {
            id,
            move_number: self.move_number,
        })
    }
    /// The token of the `i`-th legal action in ascending id order (index `i` of
    /// [`AnyGame::legal_actions`]), or `None` when `i >= len()`.
    #[inline]
    pub fn nth(&self, i: u32) -> Option<AnyLegal> {
        if i >= self.len {
            return None;
        }
        let id = if self.mask >> 64 == 0 {
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
        Some(AnyLegal {
            id,
            move_number: self.move_number,
        })
    }
}

/// An action id taken from an [`AnyLegalSet`], for [`AnyGame::apply_legal`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AnyLegal {
    id: u32,
    move_number: u32,
}

impl AnyLegal {
    /// The action id.
    #[inline]
    pub fn id(self) -> u32 {
        self.id
    }
    /// The move number at which it is legal.
    #[inline]
    pub fn move_number(self) -> u32 {
        self.move_number
    }
}

/// The outcome of a finished game, with its end reason as its JSON name.
pub type AnyOutcome = Outcome<&'static str>;

/// A game of a kind known at compile time, as the dynamic layer holds it: the recorded game
/// and the events of its last action, kept typed.
struct Table<G: Game> {
    game: Recorded<G>,
    events: Vec<G::Event>,
    keep_events: bool,
}

impl<G: Game> Table<G> {
    fn new(mut game: Recorded<G>) -> Self {
        // Room for the whole record up front: an apply then never allocates.
        game.reserve_record();
        Table {
            game,
            events: Vec::new(),
            keep_events: true,
        }
    }
}

impl<G: Game> Clone for Table<G> {
    fn clone(&self) -> Self {
        // A cloned Vec has only the room it uses: make room for the rest of the game again.
        Table {
            game: self.game.clone_reserved(),
            events: self.events.clone(),
            keep_events: self.keep_events,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.game.clone_from_reserved(&source.game);
        self.events.clone_from(&source.events);
        self.keep_events = source.keep_events;
    }
}

/// The games behind [`AnyGame`]: each can be drawn, searched by the bots, described in words
/// and named in JSON, and is one of the [`AnyGame`]'s variants (so only the crate's three
/// games are `Playable`).
pub trait Playable: Evaluate + Describe + Observe + std::fmt::Display + sealed::Variant {}
impl Playable for o_an_quan::State {}
impl Playable for ca_ngua::State {}
impl Playable for domino::State {}

mod sealed {
    /// The variant of the dynamic layer's enum that holds a game: a private supertrait, so
    /// that [`Playable`](super::Playable) is implemented only here.
    pub trait Variant: crate::game::Game {
        /// The game's variant around `table`.
        // The trait is unnameable outside the crate (a private module), so are its types.
        #[allow(private_interfaces)]
        fn wrap(table: Box<super::Table<Self>>) -> super::Tables;
        /// The game's table, when `tables` is its variant.
        #[allow(private_interfaces)]
        fn peek(tables: &super::Tables) -> Option<&super::Table<Self>>;
    }
}

/// The three games, each boxed (an [`AnyGame`] moves as one pointer), with the typed
/// operations of each reached by one `match`.
macro_rules! variants {
    ($($variant:ident: $game:ty),*) => {
        #[derive(Clone)]
        enum Tables {
            $($variant(Box<Table<$game>>)),*
        }
        $(
            impl sealed::Variant for $game {
                #[allow(private_interfaces)]
                fn wrap(table: Box<Table<Self>>) -> Tables {
                    Tables::$variant(table)
                }
                #[allow(private_interfaces)]
                fn peek(tables: &Tables) -> Option<&Table<Self>> {
                    match tables {
                        Tables::$variant(t) => Some(t),
                        _ => None,
                    }
                }
            }
        )*
        /// `$body` with `$t` bound to the table of whichever game `$tables` holds.
        macro_rules! each {
            ($tables:expr, $t:ident => $body:expr) => {
                match $tables {
                    $(Tables::$variant($t) => $body),*
                }
            };
        }
        impl Tables {
            /// Copies `source` into `self` in place when both are the same game, reusing the
            /// game's box and record; `false` (and nothing done) otherwise.
            fn clone_in_place(&mut self, source: &Tables) -> bool {
                match (self, source) {
                    $((Tables::$variant(a), Tables::$variant(b)) => {
                        a.clone_from(b);
                        true
                    })*
                    _ => false,
                }
            }
        }
    };
}

variants!(OAnQuan: o_an_quan::State, CaNgua: ca_ngua::State, Domino: domino::State);

/// Each operation on whichever game is inside.
impl Tables {
    #[inline]
    fn kind(&self) -> GameKind {
        each!(self, t => t.kind())
    }
    #[inline]
    fn seats(&self) -> u8 {
        each!(self, t => t.seats())
    }
    #[inline]
    fn to_move(&self) -> ToMove {
        each!(self, t => t.to_move())
    }
    #[inline]
    fn move_number(&self) -> u32 {
        each!(self, t => t.move_number())
    }
    #[inline]
    fn max_moves(&self) -> u32 {
        each!(self, t => t.max_moves())
    }
    #[inline]
    fn state_hash(&self) -> u64 {
        each!(self, t => t.state_hash())
    }
    #[inline]
    fn legal_actions(&self, out: &mut ActionList) {
        each!(self, t => t.legal_actions(out))
    }
    #[inline]
    fn chance_outcomes(&self, out: &mut ChanceList) {
        each!(self, t => t.chance_outcomes(out))
    }
    #[inline]
    fn check(&self, id: u32) -> Result<(), AnyError> {
        each!(self, t => t.check(id))
    }
    #[inline]
    fn apply(&mut self, id: u32) -> Result<(), AnyError> {
        each!(self, t => t.apply(id))
    }
    #[inline]
    fn legal_set(&self) -> AnyLegalSet {
        each!(self, t => t.legal_set())
    }
    #[inline]
    fn apply_legal(&mut self, legal: AnyLegal) -> Result<(), AnyError> {
        each!(self, t => t.apply_legal(legal))
    }
    #[inline]
    fn sample_chance(&self, rng: &mut GameRng) -> Option<u32> {
        each!(self, t => t.sample_chance(rng))
    }
    #[inline]
    fn play_chance(&mut self, rng: &mut GameRng) -> Result<u32, AnyError> {
        each!(self, t => t.play_chance(rng))
    }
    #[inline]
    fn keep_events(&mut self, keep: bool) {
        each!(self, t => t.keep_events(keep))
    }
    #[inline]
    fn keeps_events(&self) -> bool {
        each!(self, t => t.keeps_events())
    }
    #[inline]
    fn event_count(&self) -> usize {
        each!(self, t => t.event_count())
    }
    #[inline]
    fn events_json(&self, seat: Option<Seat>) -> String {
        each!(self, t => t.events_json(seat))
    }
    #[inline]
    fn action_text(&self, id: u32) -> Option<String> {
        each!(self, t => t.action_text(id))
    }
    #[inline]
    fn action_id(&self, text: &str) -> Result<u32, AnyError> {
        each!(self, t => t.action_id(text))
    }
    #[inline]
    fn outcome(&self) -> Option<AnyOutcome> {
        each!(self, t => t.outcome())
    }
    #[inline]
    fn state_json(&self) -> String {
        each!(self, t => t.state_json())
    }
    #[inline]
    fn view_json(&self, seat: Seat) -> String {
        each!(self, t => t.view_json(seat))
    }
    #[inline]
    fn view_hash(&self, seat: Seat) -> u64 {
        each!(self, t => t.view_hash(seat))
    }
    #[inline]
    fn config_json(&self) -> String {
        each!(self, t => t.config_json())
    }
    #[inline]
    fn board_text(&self) -> String {
        each!(self, t => t.board_text())
    }
    #[inline]
    fn record(&self) -> Record {
        each!(self, t => t.record())
    }
    #[inline]
    fn bot_hints(&self, level: Level, seed: u64) -> Vec<Hint<u32>> {
        each!(self, t => t.bot_hints(level, seed))
    }
    #[inline]
    fn bot_choose_within(&self, budget: std::time::Duration, seed: u64) -> Option<u32> {
        each!(self, t => t.bot_choose_within(budget, seed))
    }
    #[inline]
    fn set_fair(
        &mut self,
        server_seed: [u8; 32],
        player_seeds: Vec<String>,
    ) -> Result<(), AnyError> {
        each!(self, t => t.set_fair(server_seed, player_seeds))
    }
    #[inline]
    fn fair_outcome(&self) -> Option<u32> {
        each!(self, t => t.fair_outcome())
    }
    #[inline]
    fn fairness(&self) -> Option<Fairness> {
        each!(self, t => t.fairness())
    }
    #[inline]
    fn describe_action(&self, id: u32, lang: Lang, viewer: Option<Seat>) -> Option<String> {
        each!(self, t => t.describe_action(id, lang, viewer))
    }
    #[inline]
    fn describe_events(&self, lang: Lang, viewer: Option<Seat>) -> Vec<String> {
        each!(self, t => t.describe_events(lang, viewer))
    }
    fn seat_name(&self, seat: Seat, lang: Lang) -> String {
        each!(self, t => t.game.game().seat_name(seat, lang))
    }
    fn end_lines(&self, lang: Lang) -> Vec<String> {
        each!(self, t => t.game.game().end_lines(lang))
    }
    #[inline]
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        each!(self, t => t.observe(seat, out))
    }
    #[inline]
    fn returns(&self) -> [f32; MAX_SEATS] {
        each!(self, t => t.returns())
    }
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Option<Tables> {
        each!(self, t => t.determinize(seat, rng))
    }
    fn playouts(&self, seed: u64, count: u64) -> Result<Playouts, AnyError> {
        each!(self, t => batch::playouts(t.game.game(), seed, count))
    }
}

fn json<T: serde::Serialize + ?Sized>(value: &T) -> String {
    // Plain data always serializes.
    serde_json::to_string(value).unwrap_or_default()
}

impl<G: Playable> Table<G> {
    // Always inlined: each dynamic entry point (apply, play_chance) is then one call deep.
    #[inline(always)]
    fn apply_action(&mut self, action: G::Action, chance: bool) -> Result<(), AnyError> {
        let result = if self.keep_events {
            // Checked first, so that a refused action leaves the last events in place.
            self.game
                .game()
                .check(action)
                .map_err(|e| AnyError::illegal(&e))?;
            self.events.clear();
            self.game.apply_as(action, chance, &mut self.events)
        } else {
            self.game.apply_as(action, chance, &mut crate::NoEvents)
        };
        result.map_err(|e| AnyError::illegal(&e))
    }
}

impl<G: Playable> Table<G> {
    fn legal_set(&self) -> AnyLegalSet {
        let set = self.game.game().legal_set();
        AnyLegalSet {
            mask: set.mask(),
            len: set.len(),
            move_number: set.move_number(),
        }
    }
    fn apply_legal(&mut self, legal: AnyLegal) -> Result<(), AnyError> {
        let action = G::Action::from_id(legal.id).ok_or(AnyError::UnknownId(legal.id))?;
        let chance = self.game.game().to_move() == ToMove::Chance;
        if self.keep_events {
            // The checked path, so that a refused action leaves the last events in place.
            let current = self.game.game().move_number();
            if current != legal.move_number {
                return Err(AnyError::Stale {
                    expected: legal.move_number,
                    current,
                });
            }
            return self.apply_action(action, chance);
        }
        let token = Legal::from_parts(action, legal.move_number);
        self.game
            .apply_legal_as(token, chance, &mut crate::NoEvents)
            .map_err(|e| match e {
                PlayError::Stale { expected, current } => AnyError::Stale { expected, current },
                PlayError::UnknownId(id) => AnyError::UnknownId(id),
                PlayError::Illegal(e) => AnyError::illegal(&e),
            })
    }
    fn kind(&self) -> GameKind {
        G::KIND
    }
    fn seats(&self) -> u8 {
        self.game.game().seats()
    }
    fn to_move(&self) -> ToMove {
        self.game.game().to_move()
    }
    fn move_number(&self) -> u32 {
        self.game.game().move_number()
    }
    fn max_moves(&self) -> u32 {
        self.game.game().max_moves()
    }
    fn state_hash(&self) -> u64 {
        self.game.game().state_hash()
    }
    fn legal_actions(&self, out: &mut ActionList) {
        self.game.game().legal_actions(out)
    }
    fn chance_outcomes(&self, out: &mut ChanceList) {
        self.game.game().chance_outcomes(out)
    }
    fn check(&self, id: u32) -> Result<(), AnyError> {
        let action = G::Action::from_id(id).ok_or(AnyError::UnknownId(id))?;
        self.game
            .game()
            .check(action)
            .map_err(|e| AnyError::illegal(&e))
    }
    fn apply(&mut self, id: u32) -> Result<(), AnyError> {
        let action = G::Action::from_id(id).ok_or(AnyError::UnknownId(id))?;
        let chance = self.game.game().to_move() == ToMove::Chance;
        self.apply_action(action, chance)
    }
    fn play_chance(&mut self, rng: &mut GameRng) -> Result<u32, AnyError> {
        // One dynamic call for the draw and the apply (what a host does at every chance
        // point), rather than three (to move, sample, apply).
        // Fair chance, when set, decides the outcome; else the host's RNG draws it. A game
        // loaded from a fair record draws nothing until its server seed is set again.
        if let Some(commitment) = self
            .game
            .awaiting_seed()
            .filter(|_| self.game.game().to_move() == ToMove::Chance)
        {
            return Err(FairError::AwaitingSeed {
                commitment: clip(commitment),
            }
            .into());
        }
        let action = match self.game.fair_outcome() {
            Some(action) => action,
            None => self
                .game
                .game()
                .sample_chance(rng)
                .ok_or(AnyError::NotChance)?,
        };
        self.apply_action(action, true)?;
        Ok(action.id())
    }
    fn sample_chance(&self, rng: &mut GameRng) -> Option<u32> {
        self.game.game().sample_chance(rng).map(Action::id)
    }
    fn keep_events(&mut self, keep: bool) {
        self.keep_events = keep;
        if !keep {
            self.events = Vec::new();
        }
    }
    fn keeps_events(&self) -> bool {
        self.keep_events
    }
    fn event_count(&self) -> usize {
        self.events.len()
    }
    fn events_json(&self, seat: Option<Seat>) -> String {
        match seat {
            None => json(&self.events),
            Some(seat) => {
                let seen: Vec<G::Event> = self
                    .events
                    .iter()
                    .filter_map(|e| G::event_for(e, seat))
                    .collect();
                json(&seen)
            }
        }
    }
    fn action_text(&self, id: u32) -> Option<String> {
        G::Action::from_id(id).map(|a| a.to_string())
    }
    fn action_id(&self, text: &str) -> Result<u32, AnyError> {
        text.parse::<G::Action>()
            .map(Action::id)
            .map_err(|e| AnyError::Notation(e.to_string()))
    }
    fn outcome(&self) -> Option<AnyOutcome> {
        self.game
            .game()
            .outcome()
            .map(|o| o.map_reason(Named::name))
    }
    fn state_json(&self) -> String {
        json(self.game.game())
    }
    fn view_json(&self, seat: Seat) -> String {
        json(&self.game.game().view(seat))
    }
    fn view_hash(&self, seat: Seat) -> u64 {
        self.game.game().view_hash(seat)
    }
    fn config_json(&self) -> String {
        json(self.game.game().config())
    }
    fn board_text(&self) -> String {
        self.game.game().to_string()
    }
    fn record(&self) -> Record {
        self.game.record()
    }
    fn bot_hints(&self, level: Level, seed: u64) -> Vec<Hint<u32>> {
        bot_for_level::<G>(level, seed)
            .hints(self.game.game())
            .into_iter()
            .map(|h| Hint {
                action: h.action.id(),
                score: h.score,
                visits: h.visits,
                proven: h.proven,
            })
            .collect()
    }
    fn bot_choose_within(&self, budget: std::time::Duration, seed: u64) -> Option<u32> {
        bot_with_budget::<G>(budget, seed)
            .choose(self.game.game())
            .map(|a| a.id())
    }
    fn set_fair(
        &mut self,
        server_seed: [u8; 32],
        player_seeds: Vec<String>,
    ) -> Result<(), AnyError> {
        let fair = FairChance::new(G::KIND, server_seed, player_seeds)?;
        Ok(self.game.set_fair_chance(fair)?)
    }
    fn fair_outcome(&self) -> Option<u32> {
        self.game.fair_outcome().map(Action::id)
    }
    fn fairness(&self) -> Option<Fairness> {
        self.game.fairness()
    }
    fn describe_action(&self, id: u32, lang: Lang, viewer: Option<Seat>) -> Option<String> {
        let action = G::Action::from_id(id)?;
        Some(self.game.game().describe_action(action, lang, viewer))
    }
    fn describe_events(&self, lang: Lang, viewer: Option<Seat>) -> Vec<String> {
        crate::describe::describe_events_bounded::<G>(&self.events, lang, viewer)
    }
    fn observe(&self, seat: Seat, out: &mut [f32]) {
        self.game.game().observe(seat, out)
    }
    fn returns(&self) -> [f32; MAX_SEATS] {
        crate::tensor::returns(self.game.game())
    }
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Option<Tables> {
        G::HIDDEN_INFORMATION.then(|| {
            let game = Evaluate::determinize(self.game.game(), seat, rng);
            G::wrap(Box::new(Table::new(Recorded::starting_at(game))))
        })
    }
}

/// A game of any kind, chosen at run time.
///
/// A search or a simulation restarts its playouts from one position with
/// `game.clone_from(&start)`: when both are the same game it copies in place, reusing the
/// game's box and record, so that with events off nothing is allocated per playout nor per
/// action.
///
/// ```
/// use dangian::any::AnyGame;
/// use dangian::{GameKind, GameRng, ToMove};
///
/// let mut game = AnyGame::new(GameKind::Domino, "{\"players\":3}").unwrap();
/// let mut rng = GameRng::new(7);
/// while game.to_move() == ToMove::Chance {
///     let tile = game.sample_chance(&mut rng).unwrap();
///     game.apply(tile).unwrap();
/// }
/// let view = game.view_json(1).unwrap(); // what seat 1's client may see
/// assert!(view.contains("\"hand\""));
/// ```
pub struct AnyGame(Tables);

impl Clone for AnyGame {
    fn clone(&self) -> Self {
        AnyGame(self.0.clone())
    }

    /// Reuses this game's allocations when `source` is the same game (the same kind): a host
    /// that restarts playouts from one position (`game.clone_from(&start)`) then allocates
    /// nothing per playout.
    fn clone_from(&mut self, source: &Self) {
        if !self.0.clone_in_place(&source.0) {
            *self = source.clone();
        }
    }
}

impl std::fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyGame")
            .field("kind", &self.0.kind())
            .field("move_number", &self.0.move_number())
            .finish_non_exhaustive()
    }
}

fn boxed<G: Playable>(game: Recorded<G>) -> AnyGame {
    AnyGame(G::wrap(Box::new(Table::new(game))))
}

fn new_typed<G: Playable>(config_json: &str) -> Result<AnyGame, AnyError> {
    let config = if config_json.is_empty() {
        G::Config::default()
    } else {
        G::Config::from_json(config_json)?
    };
    Ok(boxed(Recorded::<G>::new(config)?))
}

fn preset_typed<G: Playable>(name: &str) -> Result<AnyGame, AnyError> {
    let config = G::Config::preset(name).ok_or_else(|| AnyError::NoSuchPreset {
        kind: G::KIND,
        name: clip(name),
        presets: G::Config::PRESETS.join(", "),
    })?;
    Ok(boxed(Recorded::<G>::new(config)?))
}

fn setup_typed<G: Playable>(setup_json: &str) -> Result<AnyGame, AnyError> {
    crate::limits::check_len("the position", setup_json, crate::limits::MAX_STATE_JSON)
        .map_err(AnyError::Setup)?;
    let setup: G::Setup =
        serde_json::from_str(setup_json).map_err(|e| AnyError::Setup(clip(&e.to_string())))?;
    let game = G::from_setup(setup).map_err(|e: SetupError| AnyError::Setup(e.to_string()))?;
    Ok(boxed(Recorded::starting_at(game)))
}

fn load_typed<G: Playable>(record: &Record) -> Result<AnyGame, AnyError> {
    Ok(boxed(record.resume::<G>()?))
}

fn replay_lines_typed<G: Playable>(
    record: &Record,
    mut line: impl FnMut(String),
) -> Result<(), AnyError> {
    let mut game = record.start::<G>()?;
    let actions = record.parsed_actions::<G>()?;
    let mut events = Vec::new();
    for (index, action) in actions.into_iter().enumerate() {
        events.clear();
        game.apply(action, &mut events)
            .map_err(|e| RecordError::Illegal {
                index,
                text: action.to_string(),
                reason: e.to_string(),
            })?;
        let json = serde_json::json!({
            "index": index,
            "action": action,
            "events": events,
            "state": game,
        });
        line(json.to_string());
    }
    line(match game.outcome() {
        Some(outcome) => serde_json::json!({ "outcome": outcome }).to_string(),
        None => serde_json::json!({ "to_move": game.to_move() }).to_string(),
    });
    Ok(record.check_hash(&game)?)
}

fn presets_of<G: Playable>() -> &'static [&'static str] {
    G::Config::PRESETS
}

fn preset_words_of<G: Playable>(id: &str) -> Result<PresetWords, AnyError> {
    G::preset_words(id).ok_or_else(|| AnyError::NoSuchPreset {
        kind: G::KIND,
        name: clip(id),
        presets: G::Config::PRESETS.join(", "),
    })
}

fn seed_rules_json<G: Playable>() -> String {
    json(&G::Config::seed_rules())
}

impl AnyGame {
    /// A new game of `kind` under the config in `config_json` (a JSON object; the empty
    /// text and `{}` are the seed rules, and missing fields take their defaults).
    ///
    /// # Errors
    /// [`AnyError::Config`] when the text is not a JSON object of the game's config, or the
    /// config is invalid.
    pub fn new(kind: GameKind, config_json: &str) -> Result<AnyGame, AnyError> {
        dispatch!(kind, new_typed(config_json))
    }

    /// A new game of `kind` under the preset called `name` (see [`AnyGame::presets`]).
    ///
    /// # Errors
    /// [`AnyError::NoSuchPreset`].
    pub fn with_preset(kind: GameKind, name: &str) -> Result<AnyGame, AnyError> {
        dispatch!(kind, preset_typed(name))
    }

    /// The preset names of `kind`, `"seed_rules"` first.
    pub fn presets(kind: GameKind) -> &'static [&'static str] {
        dispatch!(kind, presets_of())
    }

    /// The presets a table of `kind` offers, its default first ([`table_presets`]).
    pub fn table_presets(kind: GameKind) -> &'static [&'static str] {
        table_presets(kind)
    }

    /// The name and one-line summary of the preset `id` of `kind`, in Vietnamese and in
    /// English (for a rules menu).
    ///
    /// ```
    /// use dangian::any::AnyGame;
    /// use dangian::describe::Lang;
    /// use dangian::GameKind;
    ///
    /// let words = AnyGame::preset_words(GameKind::OAnQuan, "threefold").unwrap();
    /// assert_eq!(words.name(Lang::Vi), "Lặp ba lần");
    /// assert_eq!(words.name(Lang::En), "Threefold repetition");
    /// ```
    ///
    /// # Errors
    /// [`AnyError::NoSuchPreset`].
    pub fn preset_words(kind: GameKind, id: &str) -> Result<PresetWords, AnyError> {
        dispatch!(kind, preset_words_of(id))
    }

    /// The seed rules of `kind` as JSON, every option written out.
    pub fn seed_rules_json(kind: GameKind) -> String {
        dispatch!(kind, seed_rules_json())
    }

    /// A game of `kind` from a position in the game's setup JSON (the JSON of a state, which
    /// holds its config), validated like every other state: a tutorial, a puzzle, a server
    /// restoring a table. Its record starts from that position.
    ///
    /// # Errors
    /// [`AnyError::Setup`] when the JSON is longer than
    /// [`MAX_STATE_JSON`](crate::limits::MAX_STATE_JSON) bytes (refused before it is parsed),
    /// is not a setup of the game or the position is impossible.
    pub fn from_setup_json(kind: GameKind, setup_json: &str) -> Result<AnyGame, AnyError> {
        dispatch!(kind, setup_typed(setup_json))
    }

    /// Load a saved game (a [`Record`] in JSON, or a document holding one in its `record`
    /// field, see [`Record::from_document`]), replaying and verifying it once.
    ///
    /// # Errors
    /// [`AnyError::Record`] for anything wrong with the record.
    pub fn from_record_json(json: &str) -> Result<AnyGame, AnyError> {
        let record = Record::from_document(json)?;
        dispatch!(record.game, load_typed(&record))
    }

    /// Replay a record action by action as lines of JSON (what the `replay` example prints):
    /// for each action `{"index", "action", "events", "state"}`, then a last line
    /// `{"outcome": …}` when the game is over or `{"to_move": …}` when it is not (as
    /// [`ToMove`] is written in JSON, e.g. `{"kind":"seat","seat":1}`). Each line goes to
    /// `line` as soon as it is made.
    ///
    /// The record's format and rules version are checked before anything is replayed; after
    /// the lines, the final hash is checked.
    ///
    /// # Errors
    /// The first thing wrong with the record; the lines of the actions before it have been
    /// given to `line` by then.
    pub fn replay_lines(record: &Record, line: impl FnMut(String)) -> Result<(), AnyError> {
        dispatch!(record.game, replay_lines_typed(record, line))
    }

    /// Wrap a typed game that records itself.
    pub fn from_recorded<G: Playable>(game: Recorded<G>) -> AnyGame {
        boxed(game)
    }

    /// The typed game inside, when it is a `G`.
    pub fn typed<G: Playable>(&self) -> Option<&G> {
        G::peek(&self.0).map(|t| t.game.game())
    }

    fn seat(&self, seat: u32) -> Result<Seat, AnyError> {
        if seat < u32::from(self.0.seats()) {
            Ok(Seat(seat as u8))
        } else {
            Err(AnyError::NoSuchSeat(seat))
        }
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        self.0.kind()
    }
    /// How many seats play.
    pub fn seats(&self) -> u8 {
        self.0.seats()
    }
    /// Who acts next.
    // Inlined: the host then makes one call, the dynamic one, not two.
    #[inline]
    pub fn to_move(&self) -> ToMove {
        self.0.to_move()
    }
    /// The seat that decides now, or `None` when chance is to move or the game is over.
    pub fn seat_to_move(&self) -> Option<Seat> {
        match self.0.to_move() {
            ToMove::Seat(s) => Some(s),
            ToMove::Chance | ToMove::Over => None,
        }
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.0.to_move() == ToMove::Over
    }
    /// Actions applied so far (chance outcomes included).
    pub fn move_number(&self) -> u32 {
        self.0.move_number()
    }
    /// No game under this config lasts more actions ([`Game::max_moves`]).
    pub fn max_moves(&self) -> u32 {
        self.0.max_moves()
    }
    /// The stable state hash ([`Game::state_hash`]). It identifies hidden tiles: for the
    /// host only, never for a seat during play (see [`AnyGame::view_hash`]).
    pub fn state_hash(&self) -> u64 {
        self.0.state_hash()
    }
    /// A stable hash of what `seat` sees ([`AnyGame::view_json`]): what a seat's client and
    /// the server compare to agree on a position.
    ///
    /// # Errors
    /// [`AnyError::NoSuchSeat`].
    pub fn view_hash(&self, seat: u32) -> Result<u64, AnyError> {
        let seat = self.seat(seat)?;
        Ok(self.0.view_hash(seat))
    }
    /// Every action legal now, ascending: the decisions of the seat to move, or the chance
    /// outcomes at a chance point. For the host: at a chance point they name the tiles of
    /// the chợ, on a seat's turn its playable tiles.
    // Inlined: the host then makes one call, the dynamic one, not two.
    #[inline]
    pub fn legal_actions(&self, out: &mut ActionList) {
        self.0.legal_actions(out)
    }
    /// The actions `seat` may take now, ascending: empty unless it is that seat's turn. Safe
    /// to send to that seat.
    ///
    /// # Errors
    /// [`AnyError::NoSuchSeat`].
    pub fn legal_actions_for(&self, seat: u32, out: &mut ActionList) -> Result<(), AnyError> {
        let seat = self.seat(seat)?;
        out.clear();
        if self.0.to_move() == ToMove::Seat(seat) {
            self.0.legal_actions(out);
        }
        Ok(())
    }
    /// The chance outcomes with their weights (empty unless chance is to move).
    pub fn chance_outcomes(&self, out: &mut ChanceList) {
        self.0.chance_outcomes(out)
    }
    /// Whether the action with this id is legal now.
    ///
    /// # Errors
    /// [`AnyError::UnknownId`] or [`AnyError::Illegal`] with the reason's code and text.
    pub fn check(&self, id: u32) -> Result<(), AnyError> {
        self.0.check(id)
    }
    /// Apply the action with this id. The state is unchanged on error.
    ///
    /// # Errors
    /// [`AnyError::UnknownId`] or [`AnyError::Illegal`].
    // Inlined: the host then makes one call, the dynamic one, not two.
    #[inline]
    pub fn apply(&mut self, id: u32) -> Result<(), AnyError> {
        self.0.apply(id)
    }
    /// The legal actions as a set of ids ([`Game::legal_set`]): what a playout draws from
    /// without listing them.
    #[inline]
    pub fn legal_set(&self) -> AnyLegalSet {
        self.0.legal_set()
    }
    /// Apply an action taken from this game's [`AnyGame::legal_set`] without validating it
    /// again ([`Game::apply_legal`]); with events kept, it is validated as
    /// [`AnyGame::apply`] does. The state is unchanged on error.
    ///
    /// # Errors
    /// [`AnyError::Stale`] for a token of another move number; a token that fails the game's
    /// consistency test is validated in full ([`AnyError::UnknownId`],
    /// [`AnyError::Illegal`]).
    #[inline]
    pub fn apply_legal(&mut self, legal: AnyLegal) -> Result<(), AnyError> {
        self.0.apply_legal(legal)
    }
    /// Apply the action only if the game is still at move `expected_move` (a server
    /// receiving a late message). The state is unchanged on error.
    ///
    /// # Errors
    /// [`AnyError::Stale`], [`AnyError::UnknownId`] or [`AnyError::Illegal`].
    pub fn apply_at(&mut self, expected_move: u32, id: u32) -> Result<(), AnyError> {
        let current = self.0.move_number();
        if current != expected_move {
            return Err(AnyError::Stale {
                expected: expected_move,
                current,
            });
        }
        self.0.apply(id)
    }
    /// Sample a chance outcome with its exact probability from `rng`.
    ///
    /// # Errors
    /// [`AnyError::NotChance`] when a player (or nobody) is to move.
    pub fn sample_chance(&self, rng: &mut GameRng) -> Result<u32, AnyError> {
        self.0.sample_chance(rng).ok_or(AnyError::NotChance)
    }
    /// Sample a chance outcome from `rng` as [`AnyGame::sample_chance`] does (or, with fair
    /// chance, take the one the seeds give), apply it and return its id: what a host does at
    /// every chance point, in one call.
    ///
    /// # Errors
    /// [`AnyError::NotChance`] when a player (or nobody) is to move; [`AnyError::Fair`]
    /// ([`FairError::AwaitingSeed`]) on a game loaded from a fair record whose server seed
    /// is not set again. `rng` is then untouched.
    // Inlined: the host then makes one call, the dynamic one, not two.
    #[inline]
    pub fn play_chance(&mut self, rng: &mut GameRng) -> Result<u32, AnyError> {
        self.0.play_chance(rng)
    }
    /// Whether to keep the events of each action (on by default). Off, an action costs no
    /// more than in the typed engine, and [`AnyGame::events_json`] gives `[]`.
    pub fn keep_events(&mut self, keep: bool) {
        self.0.keep_events(keep)
    }
    /// Whether the events of each action are kept.
    pub fn keeps_events(&self) -> bool {
        self.0.keeps_events()
    }
    /// How many events the last successful action reported (all seats).
    pub fn event_count(&self) -> usize {
        self.0.event_count()
    }
    /// The events of the last successful action as a JSON array: every event for `None`
    /// (the host), or the form `seat` may see.
    ///
    /// # Errors
    /// [`AnyError::NoSuchSeat`].
    pub fn events_json(&self, seat: Option<u32>) -> Result<String, AnyError> {
        let seat = seat.map(|s| self.seat(s)).transpose()?;
        Ok(self.0.events_json(seat))
    }
    /// The text notation of the action with this id.
    ///
    /// # Errors
    /// [`AnyError::UnknownId`].
    pub fn action_text(&self, id: u32) -> Result<String, AnyError> {
        self.0.action_text(id).ok_or(AnyError::UnknownId(id))
    }
    /// The id of an action in text notation.
    ///
    /// # Errors
    /// [`AnyError::Notation`], also for text longer than
    /// [`MAX_ACTION_TEXT`](crate::limits::MAX_ACTION_TEXT) bytes.
    pub fn action_id(&self, text: &str) -> Result<u32, AnyError> {
        crate::limits::check_len("the action", text, crate::limits::MAX_ACTION_TEXT)
            .map_err(AnyError::Notation)?;
        self.0.action_id(text)
    }
    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<AnyOutcome> {
        self.0.outcome()
    }
    /// The whole state as JSON (the game's setup form). It holds every hidden tile: for the
    /// host only.
    pub fn state_json(&self) -> String {
        self.0.state_json()
    }
    /// What `seat` may see, as JSON: safe to send to that seat.
    ///
    /// # Errors
    /// [`AnyError::NoSuchSeat`].
    pub fn view_json(&self, seat: u32) -> Result<String, AnyError> {
        let seat = self.seat(seat)?;
        Ok(self.0.view_json(seat))
    }
    /// The config as JSON, every option written out.
    pub fn config_json(&self) -> String {
        self.0.config_json()
    }
    /// The position drawn as text for people (it shows every hand).
    pub fn board_text(&self) -> String {
        self.0.board_text()
    }
    /// The record of the game so far, sealed with the current hash. During play it lists
    /// the chance outcomes (every tile dealt and drawn): for the host only.
    pub fn record(&self) -> Record {
        self.0.record()
    }
    /// Every legal action of `seat`, which must be the seat to move, ranked by a bot of
    /// `level` seeded with `seed`, best first. The bot sees only what `seat` may see; the
    /// same position, level and seed always give the same ranking.
    ///
    /// # Errors
    /// [`AnyError::NoSuchSeat`], or [`AnyError::NotToMove`] when chance, nobody or another
    /// seat is to move.
    pub fn bot_hints(
        &self,
        seat: u32,
        level: Level,
        seed: u64,
    ) -> Result<Vec<Hint<u32>>, AnyError> {
        let seat = self.seat(seat)?;
        if self.0.to_move() != ToMove::Seat(seat) {
            return Err(AnyError::NotToMove(seat.0));
        }
        Ok(self.0.bot_hints(level, seed))
    }
    /// The action the expert ([`bot_with_budget`]: the strongest search of this game, given
    /// `budget` of wall-clock time) seeded with `seed` plays for `seat`, which must be the
    /// seat to move. The bot sees only what `seat` may see. Unlike the levels, its choice
    /// depends on the machine's speed and load, so it is not reproducible.
    ///
    /// # Errors
    /// As [`AnyGame::bot_hints`].
    pub fn bot_choose_within(
        &self,
        seat: u32,
        budget: std::time::Duration,
        seed: u64,
    ) -> Result<u32, AnyError> {
        let seat_id = self.seat(seat)?;
        if self.0.to_move() != ToMove::Seat(seat_id) {
            return Err(AnyError::NotToMove(seat_id.0));
        }
        self.0
            .bot_choose_within(budget, seed)
            .ok_or(AnyError::NotToMove(seat_id.0))
    }
    /// Play this game's chance with provably fair chance ([`crate::fair`]): the server's
    /// secret seed and the players' seeds. [`AnyGame::fair_outcome`] then gives each chance
    /// outcome, [`AnyGame::play_chance`] plays it, and the record carries the commitment, the
    /// player seeds and, once the game is over, the revealed seed.
    ///
    /// Set it before the first action, on a game that starts from its config; on a game
    /// loaded from a fair record, set the seeds it committed to (until then
    /// [`AnyGame::play_chance`] refuses with [`FairError::AwaitingSeed`]).
    ///
    /// # Errors
    /// [`AnyError::Fair`]: [`FairError::PlayerSeeds`] beyond the bounds,
    /// [`FairError::AfterStart`] once an action was applied, [`FairError::ChosenStart`] on a
    /// game from a chosen position, [`FairError::Committed`] when other seeds are set or
    /// committed to. The game is unchanged then.
    pub fn set_fair_chance(
        &mut self,
        server_seed: [u8; 32],
        player_seeds: Vec<String>,
    ) -> Result<(), AnyError> {
        self.0.set_fair(server_seed, player_seeds)
    }
    /// The fair chance outcome for the position now (`None` without fair chance, or when
    /// chance is not to move).
    pub fn fair_outcome(&self) -> Option<u32> {
        self.0.fair_outcome()
    }
    /// The commitment and player seeds of a game with fair chance (and the reveal once over).
    pub fn fairness(&self) -> Option<Fairness> {
        self.0.fairness()
    }
    /// The action with this id, about to be played in the position now, described in words
    /// for `viewer` (`None`: the host, who sees every tile; a seat: never a tile hidden from
    /// it).
    ///
    /// # Errors
    /// [`AnyError::UnknownId`], or [`AnyError::NoSuchSeat`].
    pub fn describe_action(
        &self,
        id: u32,
        lang: Lang,
        viewer: Option<u32>,
    ) -> Result<String, AnyError> {
        let viewer = viewer.map(|s| self.seat(s)).transpose()?;
        self.0
            .describe_action(id, lang, viewer)
            .ok_or(AnyError::UnknownId(id))
    }
    /// The events of the last action described in words, for `viewer` (`None`: the host; a
    /// seat: what it may see, never a hidden tile). At most
    /// [`MAX_DESCRIBED_EVENTS`](crate::limits::MAX_DESCRIBED_EVENTS) events are described;
    /// when there are more, one last line says how many more ("… and 3 412 more events"), so
    /// the cost of the words is bounded whatever the move.
    ///
    /// # Errors
    /// [`AnyError::NoSuchSeat`].
    pub fn describe_events(
        &self,
        lang: Lang,
        viewer: Option<u32>,
    ) -> Result<Vec<String>, AnyError> {
        let viewer = viewer.map(|s| self.seat(s)).transpose()?;
        Ok(self.0.describe_events(lang, viewer))
    }
    /// `seat` as the players name it, numbered from 1: "Người 1" / "Player 1"; in Cờ cá
    /// ngựa with its colours, "Người 1 (đỏ)" / "Player 1 (red)".
    ///
    /// # Errors
    /// [`AnyError::NoSuchSeat`].
    pub fn seat_name(&self, seat: u32, lang: Lang) -> Result<String, AnyError> {
        let seat = self.seat(seat)?;
        Ok(self.0.seat_name(seat, lang))
    }
    /// The end of the game in words, one line each: who won, the places and scores in the
    /// game's own terms (debts as debts in Ô ăn quan, places in Cờ cá ngựa, penalty points
    /// in Domino) and why it ended. Empty while the game is not over.
    pub fn outcome_lines(&self, lang: Lang) -> Vec<String> {
        self.0.end_lines(lang)
    }
    /// The action a bot of `level` seeded with `seed` plays for `seat` (the first of
    /// [`AnyGame::bot_hints`]).
    ///
    /// # Errors
    /// As [`AnyGame::bot_hints`].
    pub fn bot_choose(&self, seat: u32, level: Level, seed: u64) -> Result<u32, AnyError> {
        let hints = self.bot_hints(seat, level, seed)?;
        hints
            .first()
            .map(|h| h.action)
            .ok_or(AnyError::NotToMove(seat as u8))
    }
    /// Write what `seat` may know into `out[..len]` as the game's observation tensor
    /// ([`Observe::observe`]; `len` is [`GameInfo::observation_len`]).
    ///
    /// # Errors
    /// [`AnyError::NoSuchSeat`].
    ///
    /// # Panics
    /// When `out` is shorter than the game's observation.
    pub fn observe(&self, seat: u32, out: &mut [f32]) -> Result<(), AnyError> {
        let seat = self.seat(seat)?;
        self.0.observe(seat, out);
        Ok(())
    }
    /// Each seat's return ([`crate::tensor::returns`]): 0 until the game is over.
    pub fn returns(&self) -> [f32; MAX_SEATS] {
        self.0.returns()
    }
    /// A game consistent with everything `seat` has seen, the hidden part (other hands, the
    /// chợ) dealt again from `rng` ([`Evaluate::determinize`]); its record starts there. A
    /// game that hides nothing is cloned as it is.
    ///
    /// # Errors
    /// [`AnyError::NoSuchSeat`].
    pub fn determinize(&self, seat: u32, rng: &mut GameRng) -> Result<AnyGame, AnyError> {
        let seat = self.seat(seat)?;
        Ok(match self.0.determinize(seat, rng) {
            Some(tables) => AnyGame(tables),
            None => self.clone(),
        })
    }
    /// `count` random playouts from this position, each to its end, with the game's own typed
    /// code (one dispatch for all of them): playout `i` draws every chance outcome and every
    /// seat's uniformly random legal action from an RNG seeded from `seed` and `i`
    /// ([`batch_seed`], as the games of a batch), so the same call gives the same counts. The
    /// game is not changed. Nothing is allocated; the time grows with `count`.
    ///
    /// # Errors
    /// None for a game the engine reached; [`AnyError::NoSeatToMove`] or
    /// [`AnyError::Illegal`] only should a playout find no action to play.
    pub fn playouts(&self, seed: u64, count: u64) -> Result<Playouts, AnyError> {
        self.0.playouts(seed, count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_facts_of_each_game_come_from_the_game() {
        for kind in GameKind::ALL {
            let info = GameInfo::of(kind);
            assert_eq!(info.kind, kind);
            assert_eq!(GameInfo::kind_named(info.name), Some(kind));
            assert_eq!(info.presets, AnyGame::presets(kind));
            // Every preset's seats are in the range, and both ends of the range are seen.
            let mut seen = Vec::new();
            for &preset in info.presets {
                let game = AnyGame::with_preset(kind, preset).unwrap();
                assert!(info.seats.contains(&game.seats()), "{kind} {preset}");
                seen.push(game.seats());
                let mut obs = vec![f32::NAN; info.observation_len];
                game.observe(0, &mut obs).unwrap();
                assert!(obs.iter().all(|v| v.is_finite()));
            }
            assert!(seen.contains(info.seats.start()) && seen.contains(info.seats.end()));
            let game = AnyGame::new(kind, "").unwrap();
            assert_eq!(info.max_moves_seed_rules, game.max_moves());
            // The games that have chance start with it (a roll, the deal).
            assert_eq!(info.chance, game.to_move() == ToMove::Chance);
            for &(code, name) in info.reasons {
                assert_eq!(info.reason_name(code), Some(name));
            }
        }
        let [oaq, cn, dm] = GameKind::ALL.map(GameInfo::of);
        assert_eq!((oaq.chance, oaq.hidden_information), (false, false));
        assert_eq!((cn.chance, cn.hidden_information), (true, false));
        assert_eq!((dm.chance, dm.hidden_information), (true, true));
        assert_eq!(oaq.action_ids, <o_an_quan::Action as Action>::ID_COUNT);
        assert_eq!(GameInfo::kind_named("chess"), None);
    }

    #[test]
    fn statuses_have_their_fixed_numbers() {
        for (i, status) in Status::ALL.into_iter().enumerate() {
            assert_eq!(status.code(), i as u32 + 1, "{status:?}");
        }
    }

    #[test]
    fn errors_map_to_statuses_and_reasons() {
        let mut game = AnyGame::new(GameKind::OAnQuan, "").unwrap();
        let stale = game.apply_at(5, 0).unwrap_err();
        assert_eq!(
            (stale.status(), stale.reason(), stale.name()),
            (Status::StaleAction, 0, "stale")
        );
        let unknown = game.apply(10_000).unwrap_err();
        assert_eq!(unknown.status(), Status::UnknownAction);
        // B's square on A's turn.
        let id = game.action_id("b1+").unwrap();
        let illegal = game.apply(id).unwrap_err();
        assert_eq!(illegal.status(), Status::IllegalAction);
        assert_eq!(
            GameInfo::of(GameKind::OAnQuan).reason_name(illegal.reason()),
            Some("not_own_square")
        );
        let fair = AnyError::from(FairError::AfterStart(3));
        assert_eq!((fair.status(), fair.name()), (Status::Unfair, "unfair"));
        assert_eq!(fair_name(&FairError::AfterStart(3)).1, Some("after_start"));
        let seed = AnyError::from(FairError::BadSeed("x".into()));
        assert_eq!(seed.status(), Status::InvalidArgument);
        // A game of a batch refusing its action keeps the status, reason and name of why.
        let in_batch = AnyError::InBatch {
            game: 3,
            error: Box::new(illegal.clone()),
        };
        assert_eq!(
            (in_batch.status(), in_batch.reason(), in_batch.name()),
            (illegal.status(), illegal.reason(), "illegal")
        );
        assert!(in_batch.to_string().starts_with("game 3: "));
        let wrong = game.ca_ngua_board().unwrap_err();
        assert_eq!(
            (wrong.status(), wrong.name()),
            (Status::WrongGame, "wrong_game")
        );
        assert_eq!(AnyError::NoSeatToMove.status(), Status::NoDecision);
        let short = AnyError::BufferLength {
            what: "masks",
            expected: 2,
            got: 1,
        };
        assert_eq!(short.status(), Status::InvalidArgument);
    }

    #[test]
    fn determinize_deals_hidden_tiles_again_and_clones_the_rest() {
        let mut rng = GameRng::new(3);
        let mut domino = AnyGame::new(GameKind::Domino, "").unwrap();
        while domino.to_move() == ToMove::Chance {
            domino.play_chance(&mut rng).unwrap();
        }
        let other = domino.determinize(0, &mut rng).unwrap();
        assert_eq!(other.view_json(0).unwrap(), domino.view_json(0).unwrap());
        assert_ne!(other.state_json(), domino.state_json());
        let oaq = AnyGame::new(GameKind::OAnQuan, "").unwrap();
        let same = oaq.determinize(1, &mut rng).unwrap();
        assert_eq!(same.state_json(), oaq.state_json());
        assert!(oaq.determinize(2, &mut rng).is_err());
    }
}
