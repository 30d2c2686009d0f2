//! Saved games and replays: one versioned JSON format for every game.
//!
//! A record holds what is needed to replay a game exactly: the game kind, the rules version,
//! the config, the starting position when the game did not start from the config's own
//! (a tutorial, a puzzle, a restored table), and every action in the game's text notation,
//! chance outcomes included, so a replay needs no RNG. Loading a record replays it and
//! verifies every action, and the final state hash when the record carries one, so a corrupt
//! or forged record is an error, never a wrong game.
//!
//! A record never holds an RNG seed: the outcomes it lists are all a replay needs, and a seed
//! would let anyone who reads a saved game predict the chance still to come.
//!
//! ```json
//! {"format":"dangian-record/2","game":"o_an_quan","rules_version":2,
//!  "config":{},"actions":["a1+","b9-"],"final_hash":"9f0c2a5e11d2c3b4"}
//! ```
//!
//! The reader is strict: an unknown or repeated field, a config that is not an object, or
//! more actions than any game under the config can last is an error.
#![forbid(unsafe_code)]

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::fair::{commitment, parse_server_seed, FairChance, FairError, Fairness, FAIR_SCHEME};
use crate::game::{
    clip, Action, ConfigError, EventSink, Game, GameConfig, GameKind, NoEvents, SetupError, ToMove,
};
use crate::limits::{MAX_ACTION_TEXT, MAX_RECORD_ACTIONS, MAX_RECORD_JSON, MAX_STATE_JSON};

mod format;

pub use format::{RecordError, RECORD_FORMAT, RULES_VERSION};

/// A saved game: enough to replay it action by action.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// Which game.
    pub game: GameKind,
    /// The rules version the game was played under ([`RULES_VERSION`]).
    pub rules_version: u32,
    /// The game's config, a JSON object (missing fields take their defaults).
    pub config: Box<RawValue>,
    /// The position the game started from, when it is not the start of a game under
    /// `config` (the game's setup JSON, which holds its config too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Box<RawValue>>,
    /// Every action in order, chance outcomes included, in the game's text notation.
    ///
    /// Read with a bound: at most [`MAX_RECORD_ACTIONS`] actions (fewer when
    /// [`Record::from_json`] knows the config's [`Game::max_moves`]) of at most
    /// [`MAX_ACTION_TEXT`] bytes each; the list stops growing at the bound.
    #[serde(deserialize_with = "bounded_actions")]
    pub actions: Vec<String>,
    /// The [`Game::state_hash`] of the final state as 16 hex digits, checked on replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_hash: Option<String>,
    /// For a game played with provably fair chance: the commitment, the player seeds and,
    /// once the game is over, the revealed server seed ([`crate::fair::verify`] checks them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fairness: Option<Fairness>,
}

/// Two records are equal when they say the same: the config and the start compare as JSON
/// values, whatever their spacing and key order.
impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        fn value(raw: &RawValue) -> Option<serde_json::Value> {
            serde_json::from_str(raw.get()).ok()
        }
        self.format == other.format
            && self.game == other.game
            && self.rules_version == other.rules_version
            && value(&self.config) == value(&other.config)
            && self.start.as_deref().map(value) == other.start.as_deref().map(value)
            && self.actions == other.actions
            && self.final_hash == other.final_hash
            && self.fairness == other.fairness
    }
}

impl Eq for Record {}

/// A 64-bit hash as the 16 lower-case hex digits records use.
pub fn hash_text(hash: u64) -> String {
    format!("{hash:016x}")
}

fn raw_json<T: Serialize>(value: &T) -> Box<RawValue> {
    // Plain data always serializes, and serde_json's output is valid JSON.
    serde_json::value::to_raw_value(value).unwrap_or_else(|_| empty_object())
}

fn empty_object() -> Box<RawValue> {
    RawValue::from_string("{}".to_owned()).unwrap_or_default()
}

impl Record {
    /// An empty record of a game of `G` under `config`.
    pub fn new<G: Game>(config: &G::Config) -> Record {
        Record {
            format: RECORD_FORMAT.to_owned(),
            game: G::KIND,
            rules_version: RULES_VERSION,
            config: raw_json(config),
            start: None,
            actions: Vec::new(),
            final_hash: None,
            fairness: None,
        }
    }

    /// An empty record of a game of `G` that starts from the position `start`.
    pub fn starting_at<G: Game>(start: &G) -> Record {
        Record {
            start: Some(raw_json(&start.to_setup())),
            ..Record::new::<G>(start.config())
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
    /// The cost is bounded before anything is kept: JSON longer than [`MAX_RECORD_JSON`]
    /// bytes is refused unread, and the actions are counted as they are read against the
    /// most a game under the record's config can last ([`Game::max_moves`], at most
    /// [`MAX_RECORD_ACTIONS`]), so a record of millions of actions is refused without holding
    /// them.
    ///
    /// # Errors
    /// [`RecordError::TooLarge`], [`RecordError::TooLong`], [`RecordError::Json`] (not JSON,
    /// an unknown or repeated field, a field of the wrong type, an action text longer than
    /// [`MAX_ACTION_TEXT`]) or [`RecordError::Format`].
    pub fn from_json(json: &str) -> Result<Record, RecordError> {
        /// The one field every version of the format has.
        #[derive(Deserialize)]
        struct Format<'a> {
            #[serde(borrow)]
            format: std::borrow::Cow<'a, str>,
        }
        if json.len() > MAX_RECORD_JSON {
            return Err(RecordError::TooLarge {
                bytes: json.len(),
                max: MAX_RECORD_JSON,
            });
        }
        let limit = ActionLimit::set(actions_bound(json));
        let parsed = serde_json::from_str::<Record>(json);
        let overflow = limit.overflow();
        drop(limit);
        if let Some((actions, max)) = overflow {
            return Err(RecordError::TooLong { actions, max });
        }
        let record: Record = parsed.map_err(|e| {
            // A record of another format fails for its other fields: say which format it is.
            match serde_json::from_str::<Format<'_>>(json) {
                Ok(f) if f.format != RECORD_FORMAT => RecordError::Format(clip(&f.format)),
                _ => RecordError::Json(clip(&e.to_string())),
            }
        })?;
        if record.format != RECORD_FORMAT {
            return Err(RecordError::Format(clip(&record.format)));
        }
        Ok(record)
    }

    /// Read a record, or a document that holds one in its `record` field (the golden vector
    /// files of this repository, which add the expected final state beside the record).
    ///
    /// # Errors
    /// As [`Record::from_json`].
    pub fn from_document(json: &str) -> Result<Record, RecordError> {
        if json.len() > MAX_RECORD_JSON {
            return Err(RecordError::TooLarge {
                bytes: json.len(),
                max: MAX_RECORD_JSON,
            });
        }
        /// A document with a record inside; its other fields are not read.
        #[derive(Deserialize)]
        struct Holder<'a> {
            #[serde(borrow)]
            record: &'a RawValue,
        }
        match Record::from_json(json) {
            Ok(record) => Ok(record),
            Err(first) => match serde_json::from_str::<Holder<'_>>(json) {
                Ok(holder) => Record::from_json(holder.record.get()),
                Err(_) => Err(first),
            },
        }
    }

    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        // A record is plain data; serializing it cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The game's config, read and validated.
    ///
    /// # Errors
    /// [`RecordError::WrongGame`], [`RecordError::RulesVersion`] or [`RecordError::Config`].
    pub fn config<G: Game>(&self) -> Result<G::Config, RecordError> {
        if self.format != RECORD_FORMAT {
            return Err(RecordError::Format(clip(&self.format)));
        }
        if self.game != G::KIND {
            return Err(RecordError::WrongGame {
                expected: G::KIND,
                found: self.game,
            });
        }
        if self.rules_version != RULES_VERSION {
            return Err(RecordError::RulesVersion(self.rules_version));
        }
        Ok(G::Config::from_json(self.config.get())?)
    }

    /// The state the game started from: the record's `start` position (which must be played
    /// under the record's config), or a new game under the config.
    ///
    /// # Errors
    /// Any error of [`Record::config`], or [`RecordError::Start`].
    pub fn start<G: Game>(&self) -> Result<G, RecordError> {
        let config = self.config::<G>()?;
        let Some(start) = &self.start else {
            return Ok(G::new(config)?);
        };
        crate::limits::check_len("the starting position", start.get(), MAX_STATE_JSON)
            .map_err(RecordError::Start)?;
        let setup: G::Setup = serde_json::from_str(start.get())
            .map_err(|e| RecordError::Start(clip(&e.to_string())))?;
        let game =
            G::from_setup(setup).map_err(|e: SetupError| RecordError::Start(e.to_string()))?;
        if *game.config() != config {
            return Err(RecordError::Start(
                "the starting position is played under another config than the record's".into(),
            ));
        }
        Ok(game)
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
    pub fn replay_steps<G: Game, S: EventSink<G::Event>>(
        &self,
        events: &mut S,
        mut step: impl FnMut(usize, G::Action, &G),
    ) -> Result<G, RecordError> {
        let mut game = self.start::<G>()?;
        let max = game.max_moves();
        if self.actions.len() > max as usize {
            return Err(RecordError::TooLong {
                actions: self.actions.len(),
                max,
            });
        }
        for (index, text) in self.actions.iter().enumerate() {
            let action = text
                .parse::<G::Action>()
                .map_err(|source| RecordError::Notation { index, source })?;
            game.apply(action, events)
                .map_err(|e| RecordError::Illegal {
                    index,
                    text: action.to_string(),
                    reason: e.to_string(),
                })?;
            step(index, action, &game);
        }
        self.check_hash(&game)?;
        Ok(game)
    }

    /// Check `game` against the record's final hash, if it has one.
    pub(crate) fn check_hash<G: Game>(&self, game: &G) -> Result<(), RecordError> {
        if let Some(expected) = &self.final_hash {
            let actual = hash_text(game.state_hash());
            if !actual.eq_ignore_ascii_case(expected) {
                return Err(RecordError::HashMismatch {
                    expected: clip(expected),
                    actual,
                });
            }
        }
        Ok(())
    }

    /// Replay the record into a [`Recorded`] game that goes on recording: what loading a
    /// saved game to continue it needs (the record is replayed once).
    ///
    /// # Errors
    /// Any [`RecordError`]: the first thing wrong with the record.
    pub fn resume<G: Game>(&self) -> Result<Recorded<G>, RecordError> {
        let start = self.start::<G>()?;
        let mut actions = Vec::with_capacity(self.actions.len());
        let mut chance_next = start.to_move() == ToMove::Chance;
        let mut chance_actions = 0;
        let game = self.replay_steps::<G, _>(&mut NoEvents, |_, action, after| {
            actions.push(action);
            chance_actions += u64::from(chance_next);
            chance_next = after.to_move() == ToMove::Chance;
        })?;
        let mut resumed = Recorded {
            start: self.start.is_some().then_some(start),
            game,
            actions,
            chance_actions,
            fair: None,
            committed: None,
        };
        if let Some(fairness) = &self.fairness {
            resumed.keep_commitment(fairness);
        }
        Ok(resumed)
    }
}

/// The most actions a record's JSON may list: the [`Game::max_moves`] of a game under its
/// config when the config can be read and is valid (the field order does not matter: this
/// first pass skips the actions without keeping them), else [`MAX_RECORD_ACTIONS`].
fn actions_bound(json: &str) -> usize {
    /// The fields that say how long a game can last; the others are skipped unread.
    #[derive(Deserialize)]
    struct Bound<'a> {
        game: Option<GameKind>,
        rules_version: Option<u32>,
        #[serde(borrow)]
        config: Option<&'a RawValue>,
    }
    fn max_moves<G: Game>(config: &str) -> Option<u32> {
        let config = G::Config::from_json(config).ok()?;
        Some(G::new(config).ok()?.max_moves())
    }
    let Ok(Bound {
        game: Some(game),
        rules_version: Some(RULES_VERSION),
        config: Some(config),
    }) = serde_json::from_str::<Bound<'_>>(json)
    else {
        return MAX_RECORD_ACTIONS;
    };
    let max = match game {
        GameKind::OAnQuan => max_moves::<crate::o_an_quan::State>(config.get()),
        GameKind::CaNgua => max_moves::<crate::ca_ngua::State>(config.get()),
        GameKind::Domino => max_moves::<crate::domino::State>(config.get()),
    };
    max.map_or(MAX_RECORD_ACTIONS, |m| (m as usize).min(MAX_RECORD_ACTIONS))
}

thread_local! {
    /// The most actions the record being read on this thread may list, and, once the list
    /// went past it, how many it lists.
    static ACTION_LIMIT: std::cell::Cell<(usize, Option<usize>)> =
        const { std::cell::Cell::new((MAX_RECORD_ACTIONS, None)) };
}

/// The action bound of one read on this thread; the default bound comes back when it is
/// dropped.
struct ActionLimit;

impl ActionLimit {
    fn set(max: usize) -> ActionLimit {
        ACTION_LIMIT.with(|l| l.set((max, None)));
        ActionLimit
    }

    /// `(actions listed, bound)` when the record listed more actions than the bound.
    fn overflow(&self) -> Option<(usize, u32)> {
        let (max, listed) = ACTION_LIMIT.with(std::cell::Cell::get);
        listed.map(|n| (n, u32::try_from(max).unwrap_or(u32::MAX)))
    }
}

impl Drop for ActionLimit {
    fn drop(&mut self) {
        ACTION_LIMIT.with(|l| l.set((MAX_RECORD_ACTIONS, None)));
    }
}

/// Read the `actions` of a record, keeping at most the bound in force on this thread
/// ([`MAX_RECORD_ACTIONS`] unless [`Record::from_json`] set a smaller one): past it, the rest
/// are only counted (nothing kept) and the read fails.
fn bounded_actions<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    use serde::de::{Error, IgnoredAny, SeqAccess, Visitor};

    /// One action's text, refused past [`MAX_ACTION_TEXT`] bytes before it is copied.
    struct ActionText(String);

    impl<'de> Deserialize<'de> for ActionText {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct Text;
            impl Visitor<'_> for Text {
                type Value = ActionText;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    write!(f, "an action's text of at most {MAX_ACTION_TEXT} bytes")
                }
                fn visit_str<E: Error>(self, text: &str) -> Result<ActionText, E> {
                    if text.len() > MAX_ACTION_TEXT {
                        return Err(E::custom(format!(
                            "an action's text is {} bytes; at most {MAX_ACTION_TEXT} are read",
                            text.len()
                        )));
                    }
                    Ok(ActionText(text.to_owned()))
                }
            }
            d.deserialize_str(Text)
        }
    }

    struct Actions(usize);

    impl<'de> Visitor<'de> for Actions {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "a list of at most {} actions", self.0)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(self.0).min(1024));
            while let Some(ActionText(text)) = seq.next_element()? {
                if out.len() == self.0 {
                    let mut listed = out.len() + 1;
                    drop(out);
                    while seq.next_element::<IgnoredAny>()?.is_some() {
                        listed += 1;
                    }
                    ACTION_LIMIT.with(|l| l.set((self.0, Some(listed))));
                    return Err(A::Error::custom(format!(
                        "the record lists {listed} actions; at most {} are read",
                        self.0
                    )));
                }
                out.push(text);
            }
            Ok(out)
        }
    }

    let max = ACTION_LIMIT.with(|l| l.get().0);
    d.deserialize_seq(Actions(max))
}

/// The most actions [`Recorded::reserve_record`] makes room for: 16 384 actions (at most
/// 48 KiB for the actions of any game here). Every game of the seed rules of Ô ăn quan
/// (400 plies) and almost every game of the others is shorter; a longer one grows its record
/// by doubling, a handful of allocations in the whole game.
pub const RECORD_RESERVE: usize = 1 << 14;

/// A game together with the record of how it was played: every action applied through it is
/// recorded (as a small `Copy` value; the text of the record is written only when it is
/// asked for), so saving is always one call away.
#[derive(Clone, Debug)]
pub struct Recorded<G: Game> {
    /// The starting position, when the game did not start from its config.
    start: Option<G>,
    game: G,
    actions: Vec<G::Action>,
    /// How many of `actions` were chance actions (the fair-chance counter of the next one).
    chance_actions: u64,
    /// Fair chance, when the game is played with it (it holds the server's secret seed).
    fair: Option<FairChance>,
    /// The commitment of a fair record this game was loaded from, while its server seed is
    /// not set again: chance waits for it, and no other seeds are taken.
    committed: Option<Fairness>,
}

impl<G: Game> Recorded<G> {
    /// A new game under `config`, recording from the start.
    ///
    /// # Errors
    /// [`ConfigError`] when the config is invalid.
    pub fn new(config: G::Config) -> Result<Self, ConfigError> {
        Ok(Recorded {
            start: None,
            game: G::new(config)?,
            actions: Vec::new(),
            chance_actions: 0,
            fair: None,
            committed: None,
        })
    }

    /// A game starting from the position `game`, recording from there.
    pub fn starting_at(game: G) -> Self {
        Recorded {
            start: Some(game.clone()),
            game,
            actions: Vec::new(),
            chance_actions: 0,
            fair: None,
            committed: None,
        }
    }

    /// Play this game's chance with `fair` (provably fair chance, see [`crate::fair`]); its
    /// record then carries the commitment and the player seeds, and the server seed once the
    /// game is over.
    ///
    /// It is set up before the first action of a game that starts from its config (so that
    /// the first deal or roll is drawn from the seeds too). On a game resumed from a fair
    /// record (a server restarting a table), it is set again with the seeds the record
    /// committed to: the count of chance outcomes goes on from the record's, and the verifier
    /// checks every one of them. Setting the same seeds again is allowed; other seeds never.
    ///
    /// # Errors
    /// [`FairError::Committed`] when the game already plays under, or was loaded with, a
    /// commitment to other seeds; [`FairError::AfterStart`] when an action was applied;
    /// [`FairError::ChosenStart`] when the game starts from a chosen position. The game is
    /// unchanged then.
    pub fn with_fair_chance(mut self, fair: FairChance) -> Result<Self, FairError> {
        self.set_fair_chance(fair)?;
        Ok(self)
    }

    /// As [`Recorded::with_fair_chance`], in place.
    ///
    /// # Errors
    /// As [`Recorded::with_fair_chance`]; the game is unchanged then.
    pub fn set_fair_chance(&mut self, mut fair: FairChance) -> Result<(), FairError> {
        // Only the config's own start is drawn under a commitment.
        if let Some(start) = &self.start {
            let own = G::new(start.config().clone()).map_err(RecordError::from)?;
            if *start != own {
                return Err(FairError::ChosenStart);
            }
        }
        if let Some(current) = &self.fair {
            if !current.same_seeds(&fair) {
                return Err(FairError::Committed {
                    commitment: current.commitment(),
                });
            }
        } else if let Some(committed) = &self.committed {
            let same = committed.scheme == FAIR_SCHEME
                && committed
                    .commitment
                    .eq_ignore_ascii_case(&fair.commitment())
                && committed.player_seeds == fair.player_seeds();
            if !same {
                return Err(FairError::Committed {
                    commitment: clip(&committed.commitment),
                });
            }
        } else if !self.actions.is_empty() {
            return Err(FairError::AfterStart(self.actions.len() as u32));
        }
        fair.set_drawn(self.chance_actions);
        self.fair = Some(fair);
        self.committed = None;
        Ok(())
    }

    /// Keep the commitment of the fair record this game was resumed from: with a valid
    /// reveal, its chance goes on from the revealed seed; otherwise chance waits for the
    /// server seed to be set again ([`Recorded::awaiting_seed`]).
    fn keep_commitment(&mut self, fairness: &Fairness) {
        let revealed = fairness
            .server_seed
            .as_deref()
            .and_then(|s| parse_server_seed(s).ok())
            .filter(|seed| {
                fairness.scheme == FAIR_SCHEME
                    && commitment(seed).eq_ignore_ascii_case(&fairness.commitment)
            })
            .and_then(|seed| FairChance::new(G::KIND, seed, fairness.player_seeds.clone()).ok());
        match revealed {
            Some(mut chance) => {
                chance.set_drawn(self.chance_actions);
                self.fair = Some(chance);
            }
            None => {
                self.committed = Some(Fairness {
                    server_seed: None,
                    ..fairness.clone()
                });
            }
        }
    }

    /// The commitment this game waits on: `Some` for a game loaded from a fair record whose
    /// server seed has not been set again. Chance must not be drawn before it is (the dynamic
    /// layer refuses to, with [`FairError::AwaitingSeed`]).
    pub fn awaiting_seed(&self) -> Option<&str> {
        match (&self.fair, &self.committed) {
            (None, Some(c)) => Some(&c.commitment),
            _ => None,
        }
    }

    /// The fair chance outcome for the position now (`None` without fair chance, or when
    /// chance is not to move).
    pub fn fair_outcome(&self) -> Option<G::Action> {
        let fair = self.fair.as_ref()?;
        fair.outcome(&self.game, fair.drawn())
    }

    /// What a player may check now: the commitment and the player seeds (no reveal before
    /// the game is over).
    pub fn fairness(&self) -> Option<Fairness> {
        match &self.fair {
            Some(f) => Some(f.fairness(self.game.is_over())),
            None => self.committed.clone(),
        }
    }

    /// Make room in the record for every action the game can still take
    /// ([`Game::max_moves`] less the moves played), up to [`RECORD_RESERVE`], so that
    /// [`Recorded::apply`] does not allocate: the dynamic layer and the C ABI call it when a
    /// game is made or cloned, and then apply actions without allocating. (A bound on the
    /// whole game rather than an amortized growth, so that the steady state allocates
    /// nothing; capped because a Domino match's bound can be millions of actions.)
    pub fn reserve_record(&mut self) {
        self.actions.reserve(self.record_room());
    }

    /// The room [`Recorded::reserve_record`] makes.
    fn record_room(&self) -> usize {
        let left = self
            .game
            .max_moves()
            .saturating_sub(self.game.move_number());
        usize::try_from(left).map_or(RECORD_RESERVE, |l| l.min(RECORD_RESERVE))
    }

    /// A clone with the room of [`Recorded::reserve_record`] in its record, in one
    /// allocation (a plain clone and a reserve would allocate twice and copy the record
    /// twice; the dynamic layer clones a game per playout).
    pub fn clone_reserved(&self) -> Self {
        let mut actions = Vec::with_capacity(self.actions.len() + self.record_room());
        actions.extend_from_slice(&self.actions);
        Recorded {
            start: self.start.clone(),
            game: self.game.clone(),
            actions,
            chance_actions: self.chance_actions,
            fair: self.fair.clone(),
            committed: self.committed.clone(),
        }
    }

    /// [`Recorded::clone_reserved`] into `self`, reusing its allocations: no allocation when
    /// `self` was made from `source` before (a playout restarted from one position).
    pub fn clone_from_reserved(&mut self, source: &Self) {
        self.start.clone_from(&source.start);
        self.game.clone_from(&source.game);
        self.actions.clear();
        self.actions.extend_from_slice(&source.actions);
        self.chance_actions = source.chance_actions;
        self.fair.clone_from(&source.fair);
        self.committed.clone_from(&source.committed);
        self.reserve_record();
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The actions applied so far.
    pub fn actions(&self) -> &[G::Action] {
        &self.actions
    }

    /// Apply an action and record it.
    ///
    /// # Errors
    /// The reason the action is illegal; nothing is recorded then.
    // Always inlined: the dynamic layer calls it from each entry point, and a call of its own
    // costs a frame per action (the game's `apply` inlined in it saves every register).
    #[inline(always)]
    pub fn apply(
        &mut self,
        action: G::Action,
        events: &mut impl EventSink<G::Event>,
    ) -> Result<(), G::Illegal> {
        let chance = self.game.to_move() == ToMove::Chance;
        self.apply_as(action, chance, events)
    }

    /// [`Recorded::apply`] for a caller that knows whether chance is to move (`chance`): the
    /// dynamic layer's `play_chance` does.
    #[inline(always)]
    pub(crate) fn apply_as(
        &mut self,
        action: G::Action,
        chance: bool,
        events: &mut impl EventSink<G::Event>,
    ) -> Result<(), G::Illegal> {
        self.game.apply(action, events)?;
        self.actions.push(action);
        if chance {
            // Every chance action counts, whoever chose it: the verifier counts the same way.
            self.chance_actions += 1;
            if let Some(fair) = &mut self.fair {
                fair.set_drawn(self.chance_actions);
            }
        }
        Ok(())
    }

    /// [`Game::apply_legal`] of a token, recorded as [`Recorded::apply_as`] records.
    ///
    /// # Errors
    /// The token's refusal; nothing is recorded then.
    #[inline(always)]
    pub(crate) fn apply_legal_as(
        &mut self,
        legal: crate::game::Legal<G::Action>,
        chance: bool,
        events: &mut impl EventSink<G::Event>,
    ) -> Result<(), crate::game::PlayError<G::Illegal>> {
        self.game.apply_legal(legal, events)?;
        self.actions.push(legal.action());
        if chance {
            self.chance_actions += 1;
            if let Some(fair) = &mut self.fair {
                fair.set_drawn(self.chance_actions);
            }
        }
        Ok(())
    }

    /// The record so far, sealed with the current state's hash.
    pub fn record(&self) -> Record {
        let mut r = match &self.start {
            Some(start) => Record::starting_at(start),
            None => Record::new::<G>(self.game.config()),
        };
        r.actions = self.actions.iter().map(ToString::to_string).collect();
        r.seal(&self.game);
        r.fairness = self.fairness();
        r
    }
}
