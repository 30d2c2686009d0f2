//! Any of the three games behind one object-safe interface, for code that chooses the game at
//! run time: the C ABI, the replay example, a server hosting all three.
//!
//! [`DynGame`] is implemented once for every [`Game`](crate::Game); [`AnyGame::new`] makes one from a
//! [`GameKind`] and a config in JSON. Actions travel as ids or text, states and events as JSON.
#![forbid(unsafe_code)]

use serde::Serialize;

use crate::game::{Action, ActionList, ChanceList, GameKind, NoEvents, PlayError, Seat, ToMove};
use crate::record::{Record, RecordError, Recorded};

/// Why an [`AnyGame`] operation failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnyError {
    /// The config JSON cannot be read, or the config is invalid.
    #[error("bad config: {0}")]
    Config(String),
    /// The JSON of a state or record cannot be read or is not a valid position.
    #[error("bad state: {0}")]
    State(String),
    /// A record cannot be loaded.
    #[error(transparent)]
    Record(#[from] RecordError),
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
    /// The action is illegal here; the text says why.
    #[error("{0}")]
    Illegal(String),
    /// The seat is not at this table.
    #[error("seat {0} is not in this game")]
    NoSuchSeat(u32),
    /// The operation needs chance to be to move.
    #[error("chance is not to move")]
    NotChance,
}

impl<I: std::fmt::Display> From<PlayError<I>> for AnyError {
    fn from(e: PlayError<I>) -> Self {
        match e {
            PlayError::UnknownId(id) => AnyError::UnknownId(id),
            PlayError::Stale { expected, current } => AnyError::Stale { expected, current },
            PlayError::Illegal(i) => AnyError::Illegal(i.to_string()),
        }
    }
}

/// The outcome of a finished game, without the game's own end-reason type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnyOutcome {
    /// The end reason, as its JSON name.
    pub reason: String,
    /// How many seats played.
    pub seats: u8,
    /// The game's own score per seat (see [`crate::Outcome::scores`]).
    pub scores: Vec<i32>,
    /// The place of each seat (1 is best, 0 unplaced).
    pub places: Vec<u8>,
}

/// One game of any kind, driven through ids, text and JSON. Implemented for every [`Game`](crate::Game).
pub trait DynGame: Send + Sync {
    /// Which game.
    fn kind(&self) -> GameKind;
    /// How many seats play.
    fn seats(&self) -> u8;
    /// Who acts next.
    fn to_move(&self) -> ToMove;
    /// Actions applied so far.
    fn move_number(&self) -> u32;
    /// The stable state hash ([`Game::state_hash`](crate::Game::state_hash)).
    fn state_hash(&self) -> u64;
    /// The legal action ids, ascending.
    fn legal_actions(&self, out: &mut ActionList);
    /// The chance outcomes with weights.
    fn chance_outcomes(&self, out: &mut ChanceList);
    /// Whether the action with this id is legal.
    ///
    /// # Errors
    /// [`AnyError::UnknownId`] or [`AnyError::Illegal`] with the reason.
    fn check(&self, id: u32) -> Result<(), AnyError>;
    /// Apply an action by id (at `expected_move` if given), appending its events as JSON
    /// values to `events` when that is `Some`.
    ///
    /// # Errors
    /// [`AnyError::UnknownId`], [`AnyError::Stale`] or [`AnyError::Illegal`]; nothing changes.
    fn apply(
        &mut self,
        id: u32,
        expected_move: Option<u32>,
        events: Option<&mut Vec<serde_json::Value>>,
    ) -> Result<(), AnyError>;
    /// Sample a chance outcome id with `rng`.
    ///
    /// # Errors
    /// [`AnyError::NotChance`] when a player (or nobody) is to move.
    fn sample_chance(&self, rng: &mut crate::GameRng) -> Result<u32, AnyError>;
    /// The action's text notation.
    ///
    /// # Errors
    /// [`AnyError::UnknownId`].
    fn action_text(&self, id: u32) -> Result<String, AnyError>;
    /// The id of an action in text notation.
    ///
    /// # Errors
    /// [`AnyError::Notation`].
    fn action_id(&self, text: &str) -> Result<u32, AnyError>;
    /// The outcome, once over.
    fn outcome(&self) -> Option<AnyOutcome>;
    /// The whole state as JSON (the game's `Setup` form).
    fn state_json(&self) -> String;
    /// What `seat` may see, as JSON.
    ///
    /// # Errors
    /// [`AnyError::NoSuchSeat`].
    fn view_json(&self, seat: u32) -> Result<String, AnyError>;
    /// Filter events (JSON values of this game's events) to what `seat` may see.
    ///
    /// # Errors
    /// [`AnyError::NoSuchSeat`].
    fn events_for(
        &self,
        events: &[serde_json::Value],
        seat: u32,
    ) -> Result<Vec<serde_json::Value>, AnyError>;
    /// The position drawn as text, for people.
    fn board_text(&self) -> String;
    /// The record of the game so far (sealed with the current hash).
    fn record(&self) -> Record;
    /// The config as JSON.
    fn config_json(&self) -> String;
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// Every legal action of the seat to move ranked by a bot of `level` seeded with `seed`,
    /// best first, as `(action id, score, visits)`; empty when no player is to move. The same
    /// position, level and seed always give the same ranking.
    fn bot_hints(&self, level: crate::bot::Level, seed: u64) -> Vec<crate::bot::Hint<u32>>;
    /// The typed game inside (a `Recorded<G>`), for code that knows the kind.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// A [`Recorded`] game whose `Display` draws the board: the form every game takes behind
/// [`DynGame`].
impl<G: crate::bot::Evaluate + std::fmt::Display> DynGame for Recorded<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }
    fn seats(&self) -> u8 {
        self.game().seats()
    }
    fn to_move(&self) -> ToMove {
        self.game().to_move()
    }
    fn move_number(&self) -> u32 {
        self.game().move_number()
    }
    fn state_hash(&self) -> u64 {
        self.game().state_hash()
    }
    fn legal_actions(&self, out: &mut ActionList) {
        self.game().legal_actions(out)
    }
    fn chance_outcomes(&self, out: &mut ChanceList) {
        self.game().chance_outcomes(out)
    }
    fn check(&self, id: u32) -> Result<(), AnyError> {
        let action = G::Action::from_id(id).ok_or(AnyError::UnknownId(id))?;
        self.game()
            .check(action)
            .map_err(|e| AnyError::Illegal(e.to_string()))
    }
    fn apply(
        &mut self,
        id: u32,
        expected_move: Option<u32>,
        events: Option<&mut Vec<serde_json::Value>>,
    ) -> Result<(), AnyError> {
        let action = G::Action::from_id(id).ok_or(AnyError::UnknownId(id))?;
        if let Some(expected) = expected_move {
            let current = self.game().move_number();
            if expected != current {
                return Err(AnyError::Stale { expected, current });
            }
        }
        match events {
            None => Recorded::apply(self, action, &mut NoEvents),
            Some(out) => {
                let mut typed: Vec<G::Event> = Vec::new();
                let result = Recorded::apply(self, action, &mut typed);
                out.extend(
                    typed
                        .iter()
                        .map(|e| serde_json::to_value(e).unwrap_or(serde_json::Value::Null)),
                );
                result
            }
        }
        .map_err(|e| AnyError::Illegal(e.to_string()))
    }
    fn sample_chance(&self, rng: &mut crate::GameRng) -> Result<u32, AnyError> {
        self.game()
            .sample_chance(rng)
            .map(Action::id)
            .ok_or(AnyError::NotChance)
    }
    fn action_text(&self, id: u32) -> Result<String, AnyError> {
        G::Action::from_id(id)
            .map(|a| a.to_string())
            .ok_or(AnyError::UnknownId(id))
    }
    fn action_id(&self, text: &str) -> Result<u32, AnyError> {
        text.parse::<G::Action>()
            .map(Action::id)
            .map_err(|e| AnyError::Notation(e.to_string()))
    }
    fn outcome(&self) -> Option<AnyOutcome> {
        self.game().outcome().map(|o| AnyOutcome {
            reason: match serde_json::to_value(o.reason) {
                Ok(serde_json::Value::String(s)) => s,
                Ok(other) => other.to_string(),
                Err(_) => String::new(),
            },
            seats: o.seats,
            scores: o
                .scores
                .iter()
                .copied()
                .take(usize::from(o.seats))
                .collect(),
            places: o
                .places
                .iter()
                .copied()
                .take(usize::from(o.seats))
                .collect(),
        })
    }
    fn state_json(&self) -> String {
        serde_json::to_string(self.game()).unwrap_or_default()
    }
    fn view_json(&self, seat: u32) -> Result<String, AnyError> {
        let seat = checked_seat(seat, self.game().seats())?;
        Ok(serde_json::to_string(&self.game().view(seat)).unwrap_or_default())
    }
    fn events_for(
        &self,
        events: &[serde_json::Value],
        seat: u32,
    ) -> Result<Vec<serde_json::Value>, AnyError> {
        let seat = checked_seat(seat, self.game().seats())?;
        Ok(events
            .iter()
            .filter_map(|v| serde_json::from_value::<G::Event>(v.clone()).ok())
            .filter_map(|e| G::event_for(&e, seat))
            .filter_map(|e| serde_json::to_value(e).ok())
            .collect())
    }
    fn board_text(&self) -> String {
        self.game().to_string()
    }
    fn record(&self) -> Record {
        Recorded::record(self)
    }
    fn config_json(&self) -> String {
        serde_json::to_string(self.game().config()).unwrap_or_default()
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn bot_hints(&self, level: crate::bot::Level, seed: u64) -> Vec<crate::bot::Hint<u32>> {
        crate::bot::bot_for_level::<G>(level, seed)
            .hints(self.game())
            .into_iter()
            .map(|h| crate::bot::Hint {
                action: h.action.id(),
                score: h.score,
                visits: h.visits,
            })
            .collect()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

fn checked_seat(seat: u32, seats: u8) -> Result<Seat, AnyError> {
    if seat < u32::from(seats) {
        Ok(Seat(seat as u8))
    } else {
        Err(AnyError::NoSuchSeat(seat))
    }
}

/// A game of any kind, chosen at run time.
pub struct AnyGame(Box<dyn DynGame>);

impl Clone for AnyGame {
    fn clone(&self) -> Self {
        AnyGame(self.0.clone_box())
    }
}

impl std::fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyGame")
            .field("kind", &self.0.kind())
            .field("state", &self.0.state_json())
            .finish()
    }
}

impl std::ops::Deref for AnyGame {
    type Target = dyn DynGame;
    fn deref(&self) -> &Self::Target {
        &*self.0
    }
}

impl std::ops::DerefMut for AnyGame {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut *self.0
    }
}

macro_rules! dispatch {
    ($kind:expr, $f:ident ( $($arg:expr),* )) => {
        match $kind {
            GameKind::OAnQuan => $f::<crate::o_an_quan::State>($($arg),*),
            GameKind::CaNgua => $f::<crate::ca_ngua::State>($($arg),*),
            GameKind::Domino => $f::<crate::domino::State>($($arg),*),
        }
    };
}

fn new_typed<G: crate::bot::Evaluate + std::fmt::Display>(
    config_json: Option<&str>,
    seed: Option<u64>,
) -> Result<AnyGame, AnyError> {
    let config: G::Config = match config_json {
        None => G::Config::default(),
        Some(json) => {
            let value: serde_json::Value =
                serde_json::from_str(json).map_err(|e| AnyError::Config(e.to_string()))?;
            // serde would also read a struct from an array, field by field: refuse that.
            if !value.is_object() {
                return Err(AnyError::Config(format!(
                    "a config is a JSON object (`{{}}` for the defaults), not {value}"
                )));
            }
            serde_json::from_value(value).map_err(|e| AnyError::Config(e.to_string()))?
        }
    };
    let game = Recorded::<G>::new(config, seed).map_err(|e| AnyError::Config(e.to_string()))?;
    Ok(AnyGame(Box::new(game)))
}

fn load_typed<G: crate::bot::Evaluate + std::fmt::Display>(
    record: &Record,
) -> Result<AnyGame, AnyError> {
    let config = record.config::<G>()?;
    let actions = record.parsed_actions::<G>()?;
    // Replay through the checked path first, so the final hash is verified.
    record.replay::<G>()?;
    let mut game =
        Recorded::<G>::new(config, record.seed).map_err(|e| AnyError::Config(e.to_string()))?;
    for action in actions {
        game.apply(action, &mut NoEvents)
            .map_err(|e| AnyError::Illegal(e.to_string()))?;
    }
    Ok(AnyGame(Box::new(game)))
}

impl AnyGame {
    /// A new game of `kind` under the config in `config_json` (`None` = the seed rules),
    /// recording with the host's `seed` noted.
    ///
    /// # Errors
    /// [`AnyError::Config`] when the JSON cannot be read, is not an object, or the config is
    /// invalid.
    pub fn new(
        kind: GameKind,
        config_json: Option<&str>,
        seed: Option<u64>,
    ) -> Result<AnyGame, AnyError> {
        dispatch!(kind, new_typed(config_json, seed))
    }

    /// Load a saved game (a [`Record`] in JSON), replaying and verifying it.
    ///
    /// # Errors
    /// [`AnyError::Record`] for anything wrong with the record.
    pub fn from_record_json(json: &str) -> Result<AnyGame, AnyError> {
        let record = Record::from_json(json)?;
        dispatch!(record.game, load_typed(&record))
    }

    /// Replay a record action by action as lines of JSON (what the `replay` example prints):
    /// for each action `{"index", "action", "events", "state"}`, then a last line
    /// `{"outcome": …}` when the game is over or `{"to_move": …}` when it is not (`"Chance"`
    /// or `{"Seat": n}`, as [`ToMove`] is written in JSON). Each line goes to `line` as soon as
    /// it is made.
    ///
    /// The record's format and rules version are checked before anything is replayed
    /// ([`Record::check_version`]); after the lines, the whole record is loaded as
    /// [`AnyGame::from_record_json`] does, which also checks the final hash.
    ///
    /// # Errors
    /// The first thing wrong with the record; the lines of the actions before it have been
    /// given to `line` by then.
    pub fn replay_lines(record: &Record, mut line: impl FnMut(String)) -> Result<(), AnyError> {
        record.check_version()?;
        let config = record.config.to_string();
        let mut game = AnyGame::new(record.game, Some(&config), record.seed)?;
        for (index, text) in record.actions.iter().enumerate() {
            let id = game
                .action_id(text)
                .map_err(|e| AnyError::Notation(format!("action {index}: {e}")))?;
            let mut events = Vec::new();
            game.apply(id, None, Some(&mut events))
                .map_err(|e| AnyError::Illegal(format!("action {index} ({text}): {e}")))?;
            let state: serde_json::Value = serde_json::from_str(&game.state_json())
                .map_err(|e| AnyError::State(e.to_string()))?;
            line(
                serde_json::json!({
                    "index": index, "action": text, "events": events, "state": state,
                })
                .to_string(),
            );
        }
        line(match game.outcome() {
            Some(outcome) => serde_json::json!({ "outcome": outcome }).to_string(),
            None => serde_json::json!({ "to_move": game.to_move() }).to_string(),
        });
        AnyGame::from_record_json(&record.to_json())?;
        Ok(())
    }

    /// The typed game inside, when it is a `G`.
    pub fn typed<G: crate::bot::Evaluate + std::fmt::Display>(&self) -> Option<&G> {
        self.0
            .as_any()
            .downcast_ref::<Recorded<G>>()
            .map(Recorded::game)
    }

    /// Wrap a typed game that records itself.
    pub fn from_recorded<G: crate::bot::Evaluate + std::fmt::Display>(
        game: Recorded<G>,
    ) -> AnyGame {
        AnyGame(Box::new(game))
    }
}
