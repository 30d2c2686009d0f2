//! Saved games and replays: one versioned JSON format for every game.
//!
//! A record holds what is needed to replay a game exactly: the game kind, the rules version,
//! the config, the seed the host sampled chance with (information only: chance outcomes are
//! recorded as actions, so a replay needs no RNG), and every action in the game's text
//! notation. Loading a record replays it and verifies every action, and the final state hash
//! when the record carries one, so a corrupt or forged record is an error, never a wrong game.
//!
//! ```json
//! {"format":"dangian-record/1","game":"o_an_quan","rules_version":2,
//!  "config":{},"seed":7,"actions":["a1+","b9-"],"final_hash":"9f0c2a5e11d2c3b4"}
//! ```
#![forbid(unsafe_code)]

use serde::{Deserialize, Serialize};

use crate::game::{Action, ConfigError, Game, GameKind, NoEvents, ParseActionError};

/// The `format` field of every record this version writes and reads.
pub const RECORD_FORMAT: &str = "dangian-record/1";

/// The rules version of this release, written into every [`Record`]. A record made under
/// another rules version is refused ([`RecordError::RulesVersion`]) rather than replayed
/// under rules that may differ.
///
/// It is bumped whenever any rule of any of the three games changes behaviour for some
/// config, however rare (a different legal action, event, result, end or refused config),
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
pub const RULES_VERSION: u32 = 2;

/// A saved game: enough to replay it action by action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// Which game.
    pub game: GameKind,
    /// The rules version the game was played under ([`RULES_VERSION`]).
    pub rules_version: u32,
    /// The game's config as JSON (missing fields take their defaults).
    pub config: serde_json::Value,
    /// The seed the host sampled chance outcomes with, if any (not needed to replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Every action in order, chance outcomes included, in the game's text notation.
    pub actions: Vec<String>,
    /// The [`Game::state_hash`] of the final state as 16 hex digits, checked on replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_hash: Option<String>,
}

/// Why a record cannot be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
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
    /// The rules version differs from this release's ([`RULES_VERSION`]).
    #[error(
        "the record was made under rules version {0}; this release plays rules version \
         {RULES_VERSION} and does not replay a game under other rules"
    )]
    RulesVersion(u32),
    /// The config cannot be read or is invalid.
    #[error("bad config in record: {0}")]
    Config(String),
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

/// A 64-bit hash as the 16 lower-case hex digits records use.
pub fn hash_text(hash: u64) -> String {
    format!("{hash:016x}")
}

impl Record {
    /// An empty record of a game of `G` under `config`, with the host's `seed` if any.
    pub fn new<G: Game>(config: &G::Config, seed: Option<u64>) -> Record {
        Record {
            format: RECORD_FORMAT.to_owned(),
            game: G::KIND,
            rules_version: RULES_VERSION,
            // A config is plain data; serializing it cannot fail.
            config: serde_json::to_value(config).unwrap_or(serde_json::Value::Null),
            seed,
            actions: Vec::new(),
            final_hash: None,
        }
    }

    /// Append an action (in its text notation).
    pub fn push<A: Action>(&mut self, action: A) {
        self.actions.push(action.to_string());
    }

    /// Store the hash of `game` as the final hash that [`Record::replay`] will verify.
    pub fn seal<G: Game>(&mut self, game: &G) {
        self.final_hash = Some(hash_text(game.state_hash()));
    }

    /// Read a record from JSON (it is not replayed yet).
    ///
    /// # Errors
    /// [`RecordError::Json`] or [`RecordError::Format`].
    pub fn from_json(json: &str) -> Result<Record, RecordError> {
        let record: Record =
            serde_json::from_str(json).map_err(|e| RecordError::Json(e.to_string()))?;
        if record.format != RECORD_FORMAT {
            return Err(RecordError::Format(record.format));
        }
        Ok(record)
    }

    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        // A record is plain data; serializing it cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Whether this release may replay the record at all: its format is [`RECORD_FORMAT`]
    /// and its rules version is [`RULES_VERSION`]. Every replay checks this first, so a
    /// record is never replayed under rules other than those it was played under.
    ///
    /// # Errors
    /// [`RecordError::Format`] or [`RecordError::RulesVersion`].
    pub fn check_version(&self) -> Result<(), RecordError> {
        if self.format != RECORD_FORMAT {
            return Err(RecordError::Format(self.format.clone()));
        }
        if self.rules_version != RULES_VERSION {
            return Err(RecordError::RulesVersion(self.rules_version));
        }
        Ok(())
    }

    /// The game's config, read and validated.
    ///
    /// # Errors
    /// [`RecordError::Format`], [`RecordError::WrongGame`], [`RecordError::RulesVersion`] or
    /// [`RecordError::Config`].
    pub fn config<G: Game>(&self) -> Result<G::Config, RecordError> {
        if self.format != RECORD_FORMAT {
            return Err(RecordError::Format(self.format.clone()));
        }
        if self.game != G::KIND {
            return Err(RecordError::WrongGame {
                expected: G::KIND,
                found: self.game,
            });
        }
        self.check_version()?;
        serde_json::from_value(self.config.clone()).map_err(|e| RecordError::Config(e.to_string()))
    }

    /// The actions, read in the game's notation.
    ///
    /// # Errors
    /// [`RecordError::Notation`] for the first unreadable action.
    pub fn parsed_actions<G: Game>(&self) -> Result<Vec<G::Action>, RecordError> {
        self.actions
            .iter()
            .enumerate()
            .map(|(index, text)| {
                text.parse::<G::Action>()
                    .map_err(|source| RecordError::Notation { index, source })
            })
            .collect()
    }

    /// Replay the record and return the final state, verifying every action and the final
    /// hash if one is recorded.
    ///
    /// # Errors
    /// Any [`RecordError`]: the first thing wrong with the record.
    pub fn replay<G: Game>(&self) -> Result<G, RecordError> {
        self.replay_steps::<G, _>(&mut NoEvents, |_, _, _| {})
    }

    /// Replay the record, calling `step(index, action, state_after)` after each action and
    /// sending every event to `events`.
    ///
    /// # Errors
    /// Any [`RecordError`]: the first thing wrong with the record.
    pub fn replay_steps<G: Game, S: crate::game::EventSink<G::Event>>(
        &self,
        events: &mut S,
        mut step: impl FnMut(usize, G::Action, &G),
    ) -> Result<G, RecordError> {
        let config = self.config::<G>()?;
        let actions = self.parsed_actions::<G>()?;
        let mut game = G::new(config)?;
        for (index, action) in actions.into_iter().enumerate() {
            game.apply(action, events)
                .map_err(|e| RecordError::Illegal {
                    index,
                    text: action.to_string(),
                    reason: e.to_string(),
                })?;
            step(index, action, &game);
        }
        if let Some(expected) = &self.final_hash {
            let actual = hash_text(game.state_hash());
            if !actual.eq_ignore_ascii_case(expected) {
                return Err(RecordError::HashMismatch {
                    expected: expected.clone(),
                    actual,
                });
            }
        }
        Ok(game)
    }
}

/// A game together with the record of how it was played: every action applied through it is
/// recorded, so saving is always one call away.
#[derive(Clone, Debug)]
pub struct Recorded<G: Game> {
    game: G,
    record: Record,
}

impl<G: Game> Recorded<G> {
    /// A new game under `config`, recording from the start.
    ///
    /// # Errors
    /// [`ConfigError`] when the config is invalid.
    pub fn new(config: G::Config, seed: Option<u64>) -> Result<Self, ConfigError> {
        let record = Record::new::<G>(&config, seed);
        Ok(Recorded {
            game: G::new(config)?,
            record,
        })
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Apply an action and record it.
    ///
    /// # Errors
    /// The reason the action is illegal; nothing is recorded then.
    pub fn apply(
        &mut self,
        action: G::Action,
        events: &mut impl crate::game::EventSink<G::Event>,
    ) -> Result<(), G::Illegal> {
        self.game.apply(action, events)?;
        self.record.push(action);
        Ok(())
    }

    /// The record so far, sealed with the current state's hash.
    pub fn record(&self) -> Record {
        let mut r = self.record.clone();
        r.seal(&self.game);
        r
    }
}
