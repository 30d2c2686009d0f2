//! The record format's version numbers, and why a record cannot be loaded.

use crate::game::{ConfigError, GameKind, ParseActionError};

/// The `format` field of every record this version writes and reads.
pub const RECORD_FORMAT: &str = "dangian-record/2";

/// The rules version of this release, written into every [`Record`](crate::Record). A record made under
/// another rules version is refused ([`RecordError::RulesVersion`]) rather than replayed
/// under rules that may differ.
///
/// It is bumped whenever any rule of any of the three games changes behaviour for some
/// config, however rare (a different legal action, event, result or end),
/// so that no record ever replays under rules other than those it was played under. Pure
/// refactors, new documentation and new options whose default keeps the old behaviour do
/// not bump it.
///
/// History:
/// - 1: the first release.
/// - 2: the clarifications OAQ-C11, OAQ-C12 (Ô ăn quan: `Split` gives the odd leftover stone
///   to A; a repeated position leaves out the captured piles; `repetition_limit` 2..=8) and
///   CN-C7, CN-C12, CN-C16, CN-C17, CN-C18 (Cờ cá ngựa: no exit once part of the roll is
///   used; places 1 and 2 for two players; `kick_own_other_colour` makes the other colour an
///   opponent everywhere; configs that can freeze are refused).
///
/// Refusing more configs does not bump it: a record under a config now refused is refused
/// when read (its config fails validation, with the reason), and every record still read
/// replays as before. So CN-C18's proof (Cờ cá ngựa configs in which a piece can be stuck
/// for ever are refused whatever options make it so) kept version 2.
pub const RULES_VERSION: u32 = 2;

/// Why a record cannot be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// Not JSON, or not a record.
    #[error("not a record: {0}")]
    Json(String),
    /// The `format` field is not [`RECORD_FORMAT`].
    #[error("unknown record format {0:?} (expected {RECORD_FORMAT:?})")]
    Format(String),
    /// The record is of another game.
    #[error("the record is a {found} game, not {expected}")]
    WrongGame {
        /// The game asked for.
        expected: GameKind,
        /// The game in the record.
        found: GameKind,
    },
    /// The rules version differs from this release's.
    #[error(
        "the record was made under rules version {0}; this release plays rules version {RULES_VERSION}"
    )]
    RulesVersion(u32),
    /// The config cannot be read or is invalid.
    #[error("bad config in record: {0}")]
    Config(String),
    /// The starting position cannot be read or is impossible.
    #[error("bad starting position in record: {0}")]
    Start(String),
    /// The record's JSON is longer than [`MAX_RECORD_JSON`](crate::limits::MAX_RECORD_JSON) bytes: refused before it is
    /// parsed.
    #[error("the record is {bytes} bytes; at most {max} are read")]
    TooLarge {
        /// The length of the JSON given.
        bytes: usize,
        /// The bound, [`MAX_RECORD_JSON`](crate::limits::MAX_RECORD_JSON).
        max: usize,
    },
    /// More actions than any game under the config can last.
    #[error("the record lists {actions} actions; no game under its config lasts more than {max}")]
    TooLong {
        /// Actions in the record.
        actions: usize,
        /// The game's bound ([`Game::max_moves`](crate::Game::max_moves)), or [`MAX_RECORD_ACTIONS`](crate::limits::MAX_RECORD_ACTIONS) when that is
        /// smaller.
        max: u32,
    },
    /// An action's text cannot be read.
    #[error("action {index}: {source}")]
    Notation {
        /// The action's position in the record (from 0).
        index: usize,
        /// The parse error.
        source: ParseActionError,
    },
    /// An action is illegal where it stands.
    #[error("action {index} ({text}) is illegal: {reason}")]
    Illegal {
        /// The action's position in the record (from 0).
        index: usize,
        /// The action's text.
        text: String,
        /// Why it is illegal.
        reason: String,
    },
    /// The replayed final state differs from the recorded hash.
    #[error("final state hash {actual} differs from the recorded {expected}")]
    HashMismatch {
        /// The recorded hash.
        expected: String,
        /// The hash of the replayed state.
        actual: String,
    },
}

impl From<ConfigError> for RecordError {
    fn from(e: ConfigError) -> Self {
        RecordError::Config(e.to_string())
    }
}
