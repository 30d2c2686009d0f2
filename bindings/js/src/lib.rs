//! The WebAssembly build of `dangian` for JavaScript and TypeScript.
//!
//! `wasm-bindgen` turns this crate into an ES module (`dist/wasm/dangian_js.js` with its
//! `.wasm`); the TypeScript wrapper in `ts/index.ts` gives it typed configs, states, views,
//! events, outcomes and records. This layer is thin: every call goes to
//! [`dangian::any::AnyGame`], JSON travels as text (the wrapper parses it), and a failure is
//! thrown as the JSON text of a [`Failure`] (`{"kind","message","code","reason"}`), which the
//! wrapper turns into a `DangianError`.
//!
//! The plain Rust layer ([`Table`] and the free functions returning [`Failure`]) is what the
//! host tests exercise; the `#[wasm_bindgen]` items only convert.
//!
//! Besides the games: actions and events in words ([`dangian::describe`], Vietnamese and
//! English) and provably fair chance ([`dangian::fair`]: a table's chance drawn from committed
//! seeds, [`fair_commitment`] and [`verify_record`]).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use dangian::any::{fair_name, AnyError, AnyGame, GameInfo};
use dangian::bot::Level;
use dangian::describe::Lang;
use dangian::fair::{self, FairError};
use dangian::{hash_text, Record};
use dangian::{ActionList, ChanceList, GameKind, GameRng, ToMove};
use std::sync::atomic::{AtomicBool, Ordering};
use wasm_bindgen::prelude::*;

/// Set by [`arm_fault`]: the next [`Table::apply`] panics (tests prove with it that a panic
/// reaches JavaScript as an error and poisons the module).
static FAULT: AtomicBool = AtomicBool::new(false);

fn fault_point() {
    if FAULT.swap(false, Ordering::Relaxed) {
        panic!("a fault armed by __armFault");
    }
}

/// For tests only: make the next `apply` panic inside the engine.
#[wasm_bindgen(js_name = armFault)]
pub fn arm_fault() {
    FAULT.store(true, Ordering::Relaxed);
}

/// Why a call failed, as the wrapper receives it (thrown as its JSON text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// What kind of failure: `config`, `setup`, `record`, `no_such_preset`, `unknown_id`,
    /// `notation`, `stale`, `illegal`, `no_such_seat`, `not_chance`, `not_to_move`,
    /// `unknown_kind`, `unknown_level`, `unknown_lang`, `bad_seed`, `unfair`.
    pub kind: &'static str,
    /// Why, in words.
    pub message: String,
    /// For `illegal`: the stable code of the reason (`IllegalReason::code`).
    pub code: Option<u32>,
    /// For `illegal`: the snake_case name of the reason (`"empty_square"`). For `unfair`:
    /// `not_fair`, `scheme`, `not_revealed`, `wrong_reveal`, `mismatch`, `chosen_start`,
    /// `after_start`, `committed` or `awaiting_seed`. For `bad_seed`: `player_seeds` when the
    /// player seeds break their bounds.
    pub reason: Option<&'static str>,
    /// For `unfair` with reason `mismatch`: the first chance action the seeds do not give.
    pub mismatch: Option<Box<Mismatch>>,
}

/// The first chance action of a record that is not the one the committed seeds give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The outcome's number among the chance actions, from 0.
    pub number: u64,
    /// Its index among all the actions of the record.
    pub index: usize,
    /// What the record says.
    pub found: String,
    /// What the seeds give.
    pub expected: String,
}

impl Failure {
    fn new(kind: &'static str, message: impl Into<String>) -> Failure {
        Failure {
            kind,
            message: message.into(),
            code: None,
            reason: None,
            mismatch: None,
        }
    }

    /// The failure of a [`FairError`]: `bad_seed`, `record`, or `unfair` with its reason
    /// (and, for a chance action the seeds do not give, the [`Mismatch`]).
    pub fn from_fair(e: &FairError) -> Failure {
        let (kind, reason) = fair_name(e);
        let mut failure = Failure::new(kind, e.to_string());
        failure.reason = reason;
        if let FairError::Mismatch {
            number,
            index,
            found,
            expected,
        } = e
        {
            failure.mismatch = Some(Box::new(Mismatch {
                number: *number,
                index: *index,
                found: found.clone(),
                expected: expected.clone(),
            }));
        }
        failure
    }

    /// The failure of an [`AnyError`] raised by a game of `kind`.
    pub fn from_any(kind: GameKind, e: &AnyError) -> Failure {
        if let AnyError::Fair(e) = e {
            return Failure::from_fair(e);
        }
        let name = e.name();
        let mut failure = Failure::new(name, e.to_string());
        if let AnyError::Illegal { code, .. } = e {
            failure.code = Some(*code);
            failure.reason = reason_name(kind, *code);
        }
        failure
    }

    /// The JSON text the wrapper reads.
    pub fn to_json(&self) -> String {
        let mismatch = self.mismatch.as_ref().map(|m| {
            serde_json::json!({
                "number": m.number,
                "index": m.index,
                "found": m.found,
                "expected": m.expected,
            })
        });
        serde_json::json!({
            "kind": self.kind,
            "message": self.message,
            "code": self.code,
            "reason": self.reason,
            "mismatch": mismatch,
        })
        .to_string()
    }
}

impl From<Failure> for JsValue {
    fn from(f: Failure) -> JsValue {
        JsValue::from_str(&f.to_json())
    }
}

/// Every reason an action of `kind` can be refused: its stable code and its name.
pub fn reasons(kind: GameKind) -> &'static [(u32, &'static str)] {
    GameInfo::of(kind).reasons
}

fn reason_name(kind: GameKind, code: u32) -> Option<&'static str> {
    GameInfo::of(kind).reason_name(code)
}

/// The game kind named `name` (`o_an_quan`, `ca_ngua`, `domino`).
///
/// # Errors
/// `unknown_kind`.
pub fn kind_of(name: &str) -> Result<GameKind, Failure> {
    GameInfo::kind_named(name).ok_or_else(|| {
        Failure::new(
            "unknown_kind",
            format!("no game is called {name:?} (o_an_quan, ca_ngua, domino)"),
        )
    })
}

/// The bot level named `name` (`easy`, `medium`, `hard`).
///
/// # Errors
/// `unknown_level`.
pub fn level_of(name: &str) -> Result<Level, Failure> {
    Level::ALL
        .into_iter()
        .find(|l| l.name() == name)
        .ok_or_else(|| {
            Failure::new(
                "unknown_level",
                format!("no bot level is called {name:?} (easy, medium, hard)"),
            )
        })
}

/// The language with this code (`vi`, `en`).
///
/// # Errors
/// `unknown_lang`.
pub fn lang_of(code: &str) -> Result<Lang, Failure> {
    Lang::from_code(code).ok_or_else(|| {
        Failure::new(
            "unknown_lang",
            format!("no language is called {code:?} (vi, en)"),
        )
    })
}

/// A game with its own seeded RNG for chance: what a `Game` of the wrapper holds.
#[derive(Clone, Debug)]
pub struct Table {
    game: AnyGame,
    rng: GameRng,
    seed: u64,
}

fn json_of_ids(ids: &[u32]) -> String {
    serde_json::to_string(ids).unwrap_or_default()
}

impl Table {
    /// A table around `game`, whose chance the RNG seeded with `seed` samples.
    pub fn new(game: AnyGame, seed: u64) -> Table {
        Table {
            game,
            rng: GameRng::new(seed),
            seed,
        }
    }

    /// A new game of `kind` under `config_json` (empty or `{}`: the seed rules).
    ///
    /// # Errors
    /// `unknown_kind` or `config`.
    pub fn create(kind: &str, config_json: &str, seed: u64) -> Result<Table, Failure> {
        let kind = kind_of(kind)?;
        let game = AnyGame::new(kind, config_json).map_err(|e| Failure::from_any(kind, &e))?;
        Ok(Table::new(game, seed))
    }

    /// A new game of `kind` under a named preset.
    ///
    /// # Errors
    /// `unknown_kind` or `no_such_preset`.
    pub fn preset(kind: &str, name: &str, seed: u64) -> Result<Table, Failure> {
        let kind = kind_of(kind)?;
        let game = AnyGame::with_preset(kind, name).map_err(|e| Failure::from_any(kind, &e))?;
        Ok(Table::new(game, seed))
    }

    /// A game from a position (a state's JSON), validated.
    ///
    /// # Errors
    /// `unknown_kind` or `setup`.
    pub fn from_state(kind: &str, state_json: &str, seed: u64) -> Result<Table, Failure> {
        let kind = kind_of(kind)?;
        let game =
            AnyGame::from_setup_json(kind, state_json).map_err(|e| Failure::from_any(kind, &e))?;
        Ok(Table::new(game, seed))
    }

    /// A saved game (a record, or a document with a `record` field), replayed and verified.
    ///
    /// # Errors
    /// `record`.
    pub fn load(record_json: &str, seed: u64) -> Result<Table, Failure> {
        let game = AnyGame::from_record_json(record_json)
            .map_err(|e| Failure::from_any(GameKind::OAnQuan, &e))?;
        Ok(Table::new(game, seed))
    }

    /// The game inside.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    fn fail(&self, e: &AnyError) -> Failure {
        Failure::from_any(self.game.kind(), e)
    }

    /// The seed of the chance RNG.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who acts next, as JSON (`{"kind":"seat","seat":1}`, `{"kind":"chance"}`,
    /// `{"kind":"over"}`).
    pub fn to_move_json(&self) -> String {
        serde_json::to_string(&self.game.to_move()).unwrap_or_default()
    }

    /// The legal action ids (host only at a chance point).
    pub fn legal_actions(&self) -> Vec<u32> {
        let mut out = ActionList::new();
        self.game.legal_actions(&mut out);
        out.to_vec()
    }

    /// The action ids `seat` may take now (empty unless it is that seat's turn).
    ///
    /// # Errors
    /// `no_such_seat`.
    pub fn legal_actions_for(&self, seat: u32) -> Result<Vec<u32>, Failure> {
        let mut out = ActionList::new();
        self.game
            .legal_actions_for(seat, &mut out)
            .map_err(|e| self.fail(&e))?;
        Ok(out.to_vec())
    }

    /// The chance outcomes with their weights as JSON `[{"id","weight"}]`.
    pub fn chance_outcomes_json(&self) -> String {
        let mut out = ChanceList::new();
        self.game.chance_outcomes(&mut out);
        serde_json::to_string(&out.as_slice()).unwrap_or_default()
    }

    /// `None` when the action is legal now, else why not.
    pub fn check(&self, id: u32) -> Option<Failure> {
        self.game.check(id).err().map(|e| self.fail(&e))
    }

    /// Apply an action; the game is unchanged on error.
    ///
    /// # Errors
    /// `unknown_id` or `illegal`.
    pub fn apply(&mut self, id: u32) -> Result<(), Failure> {
        fault_point();
        self.game.apply(id).map_err(|e| self.fail(&e))
    }

    /// Apply an action chosen at move `expected`; the game is unchanged on error.
    ///
    /// # Errors
    /// `stale`, `unknown_id` or `illegal`.
    pub fn apply_at(&mut self, expected: u32, id: u32) -> Result<(), Failure> {
        self.game.apply_at(expected, id).map_err(|e| self.fail(&e))
    }

    /// Play chance and return the outcome's id: the fair outcome when the table plays with
    /// fair chance ([`Table::set_fair_chance`]), else one sampled from the table's RNG.
    ///
    /// # Errors
    /// `not_chance`.
    pub fn play_chance(&mut self) -> Result<u32, Failure> {
        let Table { game, rng, .. } = self;
        game.play_chance(rng)
            .map_err(|e| Failure::from_any(game.kind(), &e))
    }

    /// Play this game's chance from now on with provably fair chance: the server's secret
    /// seed (64 hex digits) and the players' own seeds (at most
    /// [`fair::MAX_PLAYER_SEEDS`] of at most [`fair::MAX_PLAYER_SEED_BYTES`] bytes). Set it
    /// before the first action (or again, with the same seeds, on a game loaded from a fair
    /// record).
    ///
    /// # Errors
    /// `bad_seed` (reason `player_seeds` beyond the bounds); `unfair` with reason
    /// `after_start` once an action was applied, `chosen_start` on a game from a chosen
    /// position, `committed` when other seeds are set or committed to.
    pub fn set_fair_chance(
        &mut self,
        server_seed_hex: &str,
        player_seeds: Vec<String>,
    ) -> Result<(), Failure> {
        let seed = fair::parse_server_seed(server_seed_hex).map_err(|e| Failure::from_fair(&e))?;
        self.game
            .set_fair_chance(seed, player_seeds)
            .map_err(|e| Failure::from_any(self.game.kind(), &e))
    }

    /// The commitment and player seeds of a game with fair chance (and the revealed server
    /// seed once the game is over) as JSON; `null` without fair chance.
    pub fn fairness_json(&self) -> String {
        serde_json::to_string(&self.game.fairness()).unwrap_or_default()
    }

    /// The action with id `id`, about to be played now, in words in `lang` (`vi`, `en`): for
    /// the host (`None`) or as `seat` may see it (never a tile hidden from it).
    ///
    /// # Errors
    /// `unknown_lang`, `unknown_id` or `no_such_seat`.
    pub fn describe_action(
        &self,
        id: u32,
        lang: &str,
        seat: Option<u32>,
    ) -> Result<String, Failure> {
        let lang = lang_of(lang)?;
        self.game
            .describe_action(id, lang, seat)
            .map_err(|e| self.fail(&e))
    }

    /// `seat` as the players name it in `lang` (`vi`, `en`), numbered from 1: "Người 1" /
    /// "Player 1", in Cờ cá ngựa with its colours ("Người 1 (đỏ)").
    ///
    /// # Errors
    /// `unknown_lang` or `no_such_seat`.
    pub fn seat_name(&self, seat: u32, lang: &str) -> Result<String, Failure> {
        let lang = lang_of(lang)?;
        self.game.seat_name(seat, lang).map_err(|e| self.fail(&e))
    }

    /// The end of the game in words in `lang` (`vi`, `en`), as a JSON array of lines: who
    /// won, the places and scores in the game's own terms, why it ended; `[]` while the game
    /// is not over.
    ///
    /// # Errors
    /// `unknown_lang`.
    pub fn outcome_lines_json(&self, lang: &str) -> Result<String, Failure> {
        let lang = lang_of(lang)?;
        Ok(serde_json::to_string(&self.game.outcome_lines(lang)).unwrap_or_default())
    }

    /// The events of the last action in words in `lang`, as a JSON array of strings: for the
    /// host (`None`) or as `seat` may see them.
    ///
    /// # Errors
    /// `unknown_lang` or `no_such_seat`.
    pub fn describe_events_json(&self, lang: &str, seat: Option<u32>) -> Result<String, Failure> {
        let lang = lang_of(lang)?;
        let lines = self
            .game
            .describe_events(lang, seat)
            .map_err(|e| self.fail(&e))?;
        Ok(serde_json::to_string(&lines).unwrap_or_default())
    }

    /// Apply a chance outcome the caller chose (physical dice, a server's shuffle).
    ///
    /// # Errors
    /// `not_chance`, `unknown_id` or `illegal`.
    pub fn apply_chance(&mut self, id: u32) -> Result<(), Failure> {
        if self.game.to_move() != ToMove::Chance {
            return Err(self.fail(&AnyError::NotChance));
        }
        self.apply(id)
    }

    /// The events of the last action as a JSON array: every event for `None` (the host), or
    /// the form `seat` may see.
    ///
    /// # Errors
    /// `no_such_seat`.
    pub fn events_json(&self, seat: Option<u32>) -> Result<String, Failure> {
        self.game.events_json(seat).map_err(|e| self.fail(&e))
    }

    /// The view of `seat` as JSON.
    ///
    /// # Errors
    /// `no_such_seat`.
    pub fn view_json(&self, seat: u32) -> Result<String, Failure> {
        self.game.view_json(seat).map_err(|e| self.fail(&e))
    }

    /// The hash of `seat`'s view as 16 hex digits.
    ///
    /// # Errors
    /// `no_such_seat`.
    pub fn view_hash(&self, seat: u32) -> Result<String, Failure> {
        self.game
            .view_hash(seat)
            .map(hash_text)
            .map_err(|e| self.fail(&e))
    }

    /// The outcome as JSON, `null` while the game goes on.
    pub fn outcome_json(&self) -> String {
        serde_json::to_string(&self.game.outcome()).unwrap_or_default()
    }

    /// The text of an action id.
    ///
    /// # Errors
    /// `unknown_id`.
    pub fn action_text(&self, id: u32) -> Result<String, Failure> {
        self.game.action_text(id).map_err(|e| self.fail(&e))
    }

    /// The id of an action's text.
    ///
    /// # Errors
    /// `notation`.
    pub fn action_id(&self, text: &str) -> Result<u32, Failure> {
        self.game.action_id(text).map_err(|e| self.fail(&e))
    }

    /// The action `seat` (the seat to move) plays with a bot of `level` seeded with `seed`.
    ///
    /// # Errors
    /// `unknown_level`, `no_such_seat` or `not_to_move`.
    pub fn bot_choose(&self, seat: u32, level: &str, seed: u64) -> Result<u32, Failure> {
        let level = level_of(level)?;
        self.game
            .bot_choose(seat, level, seed)
            .map_err(|e| self.fail(&e))
    }

    /// Every legal action of `seat` ranked by a bot, best first, as JSON
    /// `[{"action","text","score","visits","proven"}]`, `proven` the result exact analysis
    /// proves for the move (`{"result","margin","plies","vi","en"}`, the last two in words),
    /// or null.
    ///
    /// # Errors
    /// `unknown_level`, `no_such_seat` or `not_to_move`.
    pub fn bot_hints_json(&self, seat: u32, level: &str, seed: u64) -> Result<String, Failure> {
        let level = level_of(level)?;
        let hints = self
            .game
            .bot_hints(seat, level, seed)
            .map_err(|e| self.fail(&e))?;
        let list: Vec<_> = hints
            .iter()
            .map(|h| {
                serde_json::json!({
                    "action": h.action,
                    "text": self.game.action_text(h.action).unwrap_or_default(),
                    "score": if h.score.is_finite() { h.score } else { 0.0 },
                    "visits": h.visits,
                    "proven": h.proven.map(|p| serde_json::json!({
                        "result": p.result,
                        "margin": p.margin,
                        "plies": p.plies,
                        "vi": p.words(Lang::Vi),
                        "en": p.words(Lang::En),
                    })),
                })
            })
            .collect();
        Ok(serde_json::Value::Array(list).to_string())
    }
}

/// The preset names of `kind` as a JSON array, `"seed_rules"` first.
///
/// # Errors
/// `unknown_kind`.
pub fn presets_json(kind: &str) -> Result<String, Failure> {
    let names = AnyGame::presets(kind_of(kind)?);
    Ok(serde_json::to_string(names).unwrap_or_default())
}

/// The presets a table of `kind` offers as a JSON array, its default first.
///
/// # Errors
/// `unknown_kind`.
pub fn table_presets_json(kind: &str) -> Result<String, Failure> {
    let names = AnyGame::table_presets(kind_of(kind)?);
    Ok(serde_json::to_string(names).unwrap_or_default())
}

/// The name and one-line summary of the preset `name` of `kind` in `lang` (`vi`, `en`), as
/// JSON `{"name","summary"}`.
///
/// # Errors
/// `unknown_kind`, `unknown_lang`, or the failure of an unknown preset.
pub fn preset_words_json(kind: &str, name: &str, lang: &str) -> Result<String, Failure> {
    let kind = kind_of(kind)?;
    let lang = lang_of(lang)?;
    let words = AnyGame::preset_words(kind, name).map_err(|e| Failure::from_any(kind, &e))?;
    Ok(serde_json::json!({"name": words.name(lang), "summary": words.summary(lang)}).to_string())
}

/// The reasons an action of `kind` can be refused, as JSON `[{"code","name"}]`.
///
/// # Errors
/// `unknown_kind`.
pub fn reasons_json(kind: &str) -> Result<String, Failure> {
    let list: Vec<_> = reasons(kind_of(kind)?)
        .iter()
        .map(|(code, name)| serde_json::json!({ "code": code, "name": name }))
        .collect();
    Ok(serde_json::Value::Array(list).to_string())
}

/// A record replayed action by action: a JSON array of the lines of `AnyGame::replay_lines`
/// (`{"index","action","events","state"}` per action, then `{"outcome"}` or `{"to_move"}`).
///
/// # Errors
/// `record` for anything wrong with the record.
pub fn replay_json(record_json: &str) -> Result<String, Failure> {
    let record = Record::from_document(record_json)
        .map_err(|e| Failure::from_any(GameKind::OAnQuan, &AnyError::from(e)))?;
    let mut out = String::from("[");
    AnyGame::replay_lines(&record, |line| {
        if out.len() > 1 {
            out.push(',');
        }
        out.push_str(&line);
    })
    .map_err(|e| Failure::from_any(record.game, &e))?;
    out.push(']');
    Ok(out)
}

/// The commitment to a server seed given as 64 hex digits: `SHA-256` of its 32 bytes as 64
/// lower-case hex digits, what a server publishes before the game.
///
/// # Errors
/// `bad_seed`.
pub fn fair_commitment(server_seed_hex: &str) -> Result<String, Failure> {
    let seed = fair::parse_server_seed(server_seed_hex).map_err(|e| Failure::from_fair(&e))?;
    Ok(fair::commitment(&seed))
}

/// Verify the chance of a finished game played with fair chance (a record, or a document
/// with a `record` field): the revealed server seed matches the commitment and every chance
/// action is the one the committed seeds give, from the config's own start. The report as
/// JSON: `{"scheme","game","commitment","player_seeds","start","start_hash",
/// "chance_outcomes","chance_indices","actions","final_hash","over"}`.
///
/// # Errors
/// `record` for a record that is not valid; `unfair` naming what does not hold (with the first
/// chance action the seeds do not give).
pub fn verify_record(record_json: &str) -> Result<String, Failure> {
    let record = Record::from_document(record_json)
        .map_err(|e| Failure::from_any(GameKind::OAnQuan, &AnyError::from(e)))?;
    let verified = fair::verify(&record).map_err(|e| Failure::from_fair(&e))?;
    Ok(serde_json::to_string(&verified).unwrap_or_default())
}

// ---- the wasm-bindgen layer --------------------------------------------------------------

/// One game of any kind, with its own seeded RNG for chance. Use the TypeScript `Game`
/// class, which wraps this one with types.
#[wasm_bindgen]
pub struct WasmGame(Table);

#[wasm_bindgen]
impl WasmGame {
    /// A new game of `kind` under `config_json` (empty or `{}`: the seed rules).
    pub fn create(kind: &str, config_json: &str, seed: u64) -> Result<WasmGame, JsValue> {
        Ok(WasmGame(Table::create(kind, config_json, seed)?))
    }
    /// A new game of `kind` under the preset `name`.
    pub fn preset(kind: &str, name: &str, seed: u64) -> Result<WasmGame, JsValue> {
        Ok(WasmGame(Table::preset(kind, name, seed)?))
    }
    /// A game from a position (a state's JSON).
    pub fn from_state(kind: &str, state_json: &str, seed: u64) -> Result<WasmGame, JsValue> {
        Ok(WasmGame(Table::from_state(kind, state_json, seed)?))
    }
    /// A saved game, replayed and verified.
    pub fn load(record_json: &str, seed: u64) -> Result<WasmGame, JsValue> {
        Ok(WasmGame(Table::load(record_json, seed)?))
    }
    /// A copy (with a copy of the RNG).
    pub fn copy(&self) -> WasmGame {
        WasmGame(self.0.clone())
    }
    /// `o_an_quan`, `ca_ngua` or `domino`.
    pub fn kind(&self) -> String {
        self.0.game.kind().name().to_owned()
    }
    /// How many seats play.
    pub fn seats(&self) -> u8 {
        self.0.game.seats()
    }
    /// The seed of the chance RNG.
    pub fn seed(&self) -> u64 {
        self.0.seed
    }
    /// Who acts next, as JSON.
    pub fn to_move_json(&self) -> String {
        self.0.to_move_json()
    }
    /// Actions applied so far.
    pub fn move_number(&self) -> u32 {
        self.0.game.move_number()
    }
    /// No game under this config lasts more actions.
    pub fn max_moves(&self) -> u32 {
        self.0.game.max_moves()
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.0.game.is_over()
    }
    /// The legal action ids, ascending (host only at a chance point or another seat's turn).
    pub fn legal_actions(&self) -> Vec<u32> {
        self.0.legal_actions()
    }
    /// The action ids `seat` may take now: safe to show that seat.
    pub fn legal_actions_for(&self, seat: u32) -> Result<Vec<u32>, JsValue> {
        Ok(self.0.legal_actions_for(seat)?)
    }
    /// The legal action ids as a JSON array.
    pub fn legal_actions_json(&self) -> String {
        json_of_ids(&self.0.legal_actions())
    }
    /// The chance outcomes with their weights as JSON.
    pub fn chance_outcomes_json(&self) -> String {
        self.0.chance_outcomes_json()
    }
    /// `undefined` when the action is legal, else the failure's JSON.
    pub fn check(&self, id: u32) -> Option<String> {
        self.0.check(id).map(|f| f.to_json())
    }
    /// Apply an action.
    pub fn apply(&mut self, id: u32) -> Result<(), JsValue> {
        Ok(self.0.apply(id)?)
    }
    /// Apply an action chosen at move `expected`.
    pub fn apply_at(&mut self, expected: u32, id: u32) -> Result<(), JsValue> {
        Ok(self.0.apply_at(expected, id)?)
    }
    /// Play chance (the fair outcome with fair chance, else one sampled from the seeded
    /// RNG); returns its id.
    pub fn play_chance(&mut self) -> Result<u32, JsValue> {
        Ok(self.0.play_chance()?)
    }
    /// Play chance from now on with provably fair chance: the server seed as 64 hex digits
    /// and the players' own seeds.
    pub fn set_fair_chance(
        &mut self,
        server_seed_hex: &str,
        player_seeds: Vec<String>,
    ) -> Result<(), JsValue> {
        Ok(self.0.set_fair_chance(server_seed_hex, player_seeds)?)
    }
    /// The fairness section as JSON (`null` without fair chance).
    pub fn fairness_json(&self) -> String {
        self.0.fairness_json()
    }
    /// An action about to be played, in words (`vi` or `en`), for the host or for `seat`.
    pub fn describe_action(
        &self,
        id: u32,
        lang: &str,
        seat: Option<u32>,
    ) -> Result<String, JsValue> {
        Ok(self.0.describe_action(id, lang, seat)?)
    }
    /// A seat as the players name it (from 1), in `vi` or `en`.
    pub fn seat_name(&self, seat: u32, lang: &str) -> Result<String, JsValue> {
        Ok(self.0.seat_name(seat, lang)?)
    }
    /// The end of the game in words, as a JSON array of lines (`[]` while not over).
    pub fn outcome_lines_json(&self, lang: &str) -> Result<String, JsValue> {
        Ok(self.0.outcome_lines_json(lang)?)
    }
    /// The events of the last action in words, as a JSON array, for the host or for `seat`.
    pub fn describe_events_json(&self, lang: &str, seat: Option<u32>) -> Result<String, JsValue> {
        Ok(self.0.describe_events_json(lang, seat)?)
    }
    /// Apply a chance outcome chosen by the caller.
    pub fn apply_chance(&mut self, id: u32) -> Result<(), JsValue> {
        Ok(self.0.apply_chance(id)?)
    }
    /// Whether to keep the events of each action (on by default).
    pub fn keep_events(&mut self, keep: bool) {
        self.0.game.keep_events(keep)
    }
    /// The events of the last action as JSON: all of them for `undefined`, or what `seat`
    /// may see.
    pub fn events_json(&self, seat: Option<u32>) -> Result<String, JsValue> {
        Ok(self.0.events_json(seat)?)
    }
    /// The text of an action id.
    pub fn action_text(&self, id: u32) -> Result<String, JsValue> {
        Ok(self.0.action_text(id)?)
    }
    /// The id of an action's text.
    pub fn action_id(&self, text: &str) -> Result<u32, JsValue> {
        Ok(self.0.action_id(text)?)
    }
    /// The outcome as JSON (`null` while the game goes on).
    pub fn outcome_json(&self) -> String {
        self.0.outcome_json()
    }
    /// The whole state as JSON: host only.
    pub fn state_json(&self) -> String {
        self.0.game.state_json()
    }
    /// What `seat` may see, as JSON.
    pub fn view_json(&self, seat: u32) -> Result<String, JsValue> {
        Ok(self.0.view_json(seat)?)
    }
    /// The config as JSON, every option written out.
    pub fn config_json(&self) -> String {
        self.0.game.config_json()
    }
    /// The state hash as 16 hex digits: host only.
    pub fn state_hash(&self) -> String {
        hash_text(self.0.game.state_hash())
    }
    /// The hash of `seat`'s view as 16 hex digits.
    pub fn view_hash(&self, seat: u32) -> Result<String, JsValue> {
        Ok(self.0.view_hash(seat)?)
    }
    /// The position drawn as text (every hand shown): host only.
    pub fn board_text(&self) -> String {
        self.0.game.board_text()
    }
    /// The record of the game so far as JSON: host only before the game is over.
    pub fn record_json(&self) -> String {
        self.0.game.record().to_json()
    }
    /// The action a bot of `level` seeded with `seed` plays for `seat`.
    pub fn bot_choose(&self, seat: u32, level: &str, seed: u64) -> Result<u32, JsValue> {
        Ok(self.0.bot_choose(seat, level, seed)?)
    }
    /// Every legal action of `seat` ranked by a bot, best first, as JSON.
    pub fn bot_hints_json(&self, seat: u32, level: &str, seed: u64) -> Result<String, JsValue> {
        Ok(self.0.bot_hints_json(seat, level, seed)?)
    }
}

/// The preset names of `kind` as JSON.
#[wasm_bindgen(js_name = presetsJson)]
pub fn presets_json_js(kind: &str) -> Result<String, JsValue> {
    Ok(presets_json(kind)?)
}

/// The presets a table of `kind` offers as JSON, its default first.
#[wasm_bindgen(js_name = tablePresetsJson)]
pub fn table_presets_json_js(kind: &str) -> Result<String, JsValue> {
    Ok(table_presets_json(kind)?)
}

/// A preset's name and one-line summary in `vi` or `en`, as JSON `{"name","summary"}`.
#[wasm_bindgen(js_name = presetWordsJson)]
pub fn preset_words_json_js(kind: &str, name: &str, lang: &str) -> Result<String, JsValue> {
    Ok(preset_words_json(kind, name, lang)?)
}

/// The seed rules of `kind` as JSON, every option written out.
#[wasm_bindgen(js_name = seedRulesJson)]
pub fn seed_rules_json_js(kind: &str) -> Result<String, JsValue> {
    Ok(AnyGame::seed_rules_json(kind_of(kind)?))
}

/// The reasons an action of `kind` can be refused, as JSON.
#[wasm_bindgen(js_name = reasonsJson)]
pub fn reasons_json_js(kind: &str) -> Result<String, JsValue> {
    Ok(reasons_json(kind)?)
}

/// A record replayed action by action, as a JSON array of lines.
#[wasm_bindgen(js_name = replayJson)]
pub fn replay_json_js(record_json: &str) -> Result<String, JsValue> {
    Ok(replay_json(record_json)?)
}

/// The commitment to a server seed (64 hex digits in, 64 hex digits out).
#[wasm_bindgen(js_name = fairCommitment)]
pub fn fair_commitment_js(server_seed_hex: &str) -> Result<String, JsValue> {
    Ok(fair_commitment(server_seed_hex)?)
}

/// Verify the fair chance of a finished game's record; the report as JSON.
#[wasm_bindgen(js_name = verifyRecord)]
pub fn verify_record_js(record_json: &str) -> Result<String, JsValue> {
    Ok(verify_record(record_json)?)
}

/// The bounds of `dangian::limits` as JSON: `{"max_config_json", "max_state_json",
/// "max_record_json", "max_record_actions", "max_action_text", "max_described_events"}`.
pub fn limits_json() -> String {
    use dangian::limits::*;
    serde_json::json!({
        "max_config_json": MAX_CONFIG_JSON,
        "max_state_json": MAX_STATE_JSON,
        "max_record_json": MAX_RECORD_JSON,
        "max_record_actions": MAX_RECORD_ACTIONS,
        "max_action_text": MAX_ACTION_TEXT,
        "max_described_events": MAX_DESCRIBED_EVENTS,
    })
    .to_string()
}

/// The engine's input bounds as JSON (what the wrapper's `MAX_…` constants must equal).
#[wasm_bindgen(js_name = limitsJson)]
pub fn limits_json_js() -> String {
    limits_json()
}

/// The engine's rules version (records of another version are refused).
#[wasm_bindgen(js_name = rulesVersion)]
pub fn rules_version() -> u32 {
    dangian::RULES_VERSION
}

/// The version of the engine crate.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_each_game_to_the_end_with_its_rng() {
        for kind in ["o_an_quan", "ca_ngua", "domino"] {
            let mut t = Table::create(kind, "", 7).unwrap();
            let mut n = 0;
            while !t.game().is_over() {
                if t.game().to_move() == ToMove::Chance {
                    t.play_chance().unwrap();
                } else {
                    let legal = t.legal_actions();
                    t.apply(legal[n % legal.len()]).unwrap();
                }
                n += 1;
                assert!(n < 100_000);
            }
            assert_ne!(t.outcome_json(), "null");
            // The record replays to the same final state.
            let loaded = Table::load(&t.game().record().to_json(), 0).unwrap();
            assert_eq!(loaded.game().state_json(), t.game().state_json());
        }
    }

    #[test]
    fn failures_carry_codes_and_names() {
        let mut t = Table::create("o_an_quan", "{}", 1).unwrap();
        let b1 = t.action_id("b1+").unwrap();
        let f = t.check(b1).unwrap();
        assert_eq!(f.kind, "illegal");
        assert!(f.code.is_some() && f.reason.is_some());
        assert_eq!(t.apply(b1).unwrap_err(), f);
        let json: serde_json::Value = serde_json::from_str(&f.to_json()).unwrap();
        assert_eq!(json["code"], f.code.unwrap());
        assert_eq!(
            Table::create("chess", "", 0).unwrap_err().kind,
            "unknown_kind"
        );
        assert_eq!(
            Table::create("domino", "{\"players\":9}", 0)
                .unwrap_err()
                .kind,
            "config"
        );
        assert_eq!(
            Table::preset("domino", "nope", 0).unwrap_err().kind,
            "no_such_preset"
        );
        assert_eq!(t.play_chance().unwrap_err().kind, "not_chance");
        assert_eq!(
            t.bot_choose(0, "expert", 1).unwrap_err().kind,
            "unknown_level"
        );
        assert_eq!(t.bot_choose(1, "easy", 1).unwrap_err().kind, "not_to_move");
        assert_eq!(t.view_json(5).unwrap_err().kind, "no_such_seat");
        assert_eq!(t.apply_at(3, 0).unwrap_err().kind, "stale");
        for kind in GameKind::ALL {
            assert!(!reasons(kind).is_empty());
        }
    }

    #[test]
    fn seat_safe_calls_hide_other_hands() {
        let mut t = Table::create("domino", "", 3).unwrap();
        while t.game().to_move() == ToMove::Chance {
            t.play_chance().unwrap();
        }
        let seat = match t.game().to_move() {
            ToMove::Seat(s) => u32::from(s.0),
            other => panic!("{other:?}"),
        };
        assert!(t.legal_actions_for(1 - seat).unwrap().is_empty());
        assert_eq!(t.legal_actions_for(seat).unwrap(), t.legal_actions());
        let hints: serde_json::Value =
            serde_json::from_str(&t.bot_hints_json(seat, "easy", 1).unwrap()).unwrap();
        assert_eq!(hints.as_array().unwrap().len(), t.legal_actions().len());
        let replay: serde_json::Value =
            serde_json::from_str(&replay_json(&t.game().record().to_json()).unwrap()).unwrap();
        assert_eq!(
            replay.as_array().unwrap().len(),
            t.game().move_number() as usize + 1
        );
    }

    const SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    #[test]
    fn fair_chance_plays_and_verifies() {
        assert_eq!(
            fair_commitment(SEED).unwrap(),
            "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
        );
        assert_eq!(fair_commitment("00").unwrap_err().kind, "bad_seed");
        let seeds = vec!["alice:42".to_owned(), "bob: a seed of his own".to_owned()];
        let mut t = Table::create("domino", "", 1).unwrap();
        assert_eq!(t.fairness_json(), "null");
        t.set_fair_chance(SEED, seeds.clone()).unwrap();
        // The deal of tests/fair.rs: play_chance follows the seeds, not the RNG.
        let mut dealt = Vec::new();
        for _ in 0..7 {
            let id = t.play_chance().unwrap();
            dealt.push(t.action_text(id).unwrap());
        }
        assert_eq!(
            dealt,
            ["deal 2-3", "deal 3-6", "deal 4-6", "deal 5-5", "deal 3-3", "deal 0-6", "deal 1-5"]
        );
        let mut n = 0;
        while !t.game().is_over() {
            if t.game().to_move() == ToMove::Chance {
                t.play_chance().unwrap();
            } else {
                let legal = t.legal_actions();
                t.apply(legal[n % legal.len()]).unwrap();
            }
            n += 1;
        }
        let fairness: serde_json::Value = serde_json::from_str(&t.fairness_json()).unwrap();
        assert_eq!(fairness["server_seed"], SEED);
        let record = t.game().record().to_json();
        let report: serde_json::Value =
            serde_json::from_str(&verify_record(&record).unwrap()).unwrap();
        assert!(report["chance_outcomes"].as_u64().unwrap() >= 28);
        // The first deal changed: refused, naming it.
        let mut doc: serde_json::Value = serde_json::from_str(&record).unwrap();
        let first = doc["actions"][0].as_str().unwrap().to_owned();
        let second = doc["actions"][1].clone();
        doc["actions"][0] = second;
        doc["actions"][1] = serde_json::Value::String(first);
        let f = verify_record(&doc.to_string()).unwrap_err();
        assert_eq!((f.kind, f.reason), ("unfair", Some("mismatch")));
        let m = f.mismatch.clone().unwrap();
        assert_eq!((m.number, m.index, m.expected.as_str()), (0, 0, "deal 2-3"));
        let json: serde_json::Value = serde_json::from_str(&f.to_json()).unwrap();
        assert_eq!(json["mismatch"]["index"], 0);
        let plain = Table::create("domino", "", 1).unwrap();
        let f = verify_record(&plain.game().record().to_json()).unwrap_err();
        assert_eq!((f.kind, f.reason), ("unfair", Some("not_fair")));
        assert_eq!(verify_record("{}").unwrap_err().kind, "record");
    }

    #[test]
    fn fair_chance_set_up_is_enforced_and_seeds_bounded() {
        let seeds = vec!["an".to_owned()];
        let mut t = Table::create("ca_ngua", "", 1).unwrap();
        let f = t
            .set_fair_chance(SEED, vec!["s".to_owned(); 17])
            .unwrap_err();
        assert_eq!((f.kind, f.reason), ("bad_seed", Some("player_seeds")));
        t.play_chance().unwrap();
        let f = t.set_fair_chance(SEED, seeds.clone()).unwrap_err();
        assert_eq!((f.kind, f.reason), ("unfair", Some("after_start")));
        assert_eq!(t.fairness_json(), "null");

        let mut t = Table::create("ca_ngua", "", 1).unwrap();
        t.set_fair_chance(SEED, seeds.clone()).unwrap();
        for _ in 0..5 {
            t.play_chance().unwrap();
            while let ToMove::Seat(_) = t.game().to_move() {
                let legal = t.legal_actions();
                t.apply(legal[0]).unwrap();
            }
        }
        let mut loaded = Table::load(&t.game().record().to_json(), 7).unwrap();
        assert_eq!(loaded.fairness_json(), t.fairness_json());
        let f = loaded.play_chance().unwrap_err();
        assert_eq!((f.kind, f.reason), ("unfair", Some("awaiting_seed")));
        let f = loaded
            .set_fair_chance(&"11".repeat(32), seeds.clone())
            .unwrap_err();
        assert_eq!((f.kind, f.reason), ("unfair", Some("committed")));
        loaded.set_fair_chance(SEED, seeds).unwrap();
        assert_eq!(loaded.play_chance().unwrap(), t.play_chance().unwrap());
    }

    /// The bounds the TypeScript wrapper states are the engine's.
    #[test]
    fn the_wrapper_states_the_seed_bounds() {
        let ts = include_str!("../ts/index.ts");
        for line in [
            format!(
                "export const MAX_PLAYER_SEEDS = {};",
                fair::MAX_PLAYER_SEEDS
            ),
            format!(
                "export const MAX_PLAYER_SEED_BYTES = {};",
                fair::MAX_PLAYER_SEED_BYTES
            ),
        ] {
            assert!(ts.contains(&line), "ts/index.ts lacks `{line}`");
        }
    }

    #[test]
    fn presets_seats_and_the_end_in_words() {
        for kind in ["o_an_quan", "ca_ngua", "domino"] {
            let names: Vec<String> = serde_json::from_str(&presets_json(kind).unwrap()).unwrap();
            for name in names {
                let vi = preset_words_json(kind, &name, "vi").unwrap();
                let en = preset_words_json(kind, &name, "en").unwrap();
                assert_ne!(vi, en, "{kind} {name}");
                assert!(!vi.contains("\"\""), "{vi}");
            }
            let t = Table::create(kind, "", 1).unwrap();
            assert!(t.seat_name(0, "en").unwrap().starts_with("Player 1"));
            assert_eq!(t.seat_name(9, "vi").unwrap_err().kind, "no_such_seat");
            assert_eq!(t.outcome_lines_json("en").unwrap(), "[]");
            assert_eq!(t.outcome_lines_json("fr").unwrap_err().kind, "unknown_lang");
        }
        assert_eq!(
            preset_words_json("o_an_quan", "threefold", "vi").unwrap(),
            r#"{"name":"Lặp ba lần","summary":"Luật gốc; một thế cờ lặp lại ba lần thì hết ván."}"#
        );
        assert!(preset_words_json("domino", "nope", "vi").is_err());
    }

    #[test]
    fn table_presets_are_presets_with_the_default_first() {
        for kind in ["o_an_quan", "ca_ngua", "domino"] {
            let all: Vec<String> = serde_json::from_str(&presets_json(kind).unwrap()).unwrap();
            let table: Vec<String> =
                serde_json::from_str(&table_presets_json(kind).unwrap()).unwrap();
            assert!(
                !table.is_empty() && table.iter().all(|t| all.contains(t)),
                "{kind}"
            );
        }
        assert_eq!(
            table_presets_json("o_an_quan").unwrap(),
            r#"["pay_to_refill","threefold","seed_rules"]"#
        );
        assert_eq!(
            table_presets_json("chess").unwrap_err().kind,
            "unknown_kind"
        );
    }

    #[test]
    fn descriptions_in_both_languages() {
        let mut t = Table::create("o_an_quan", "", 1).unwrap();
        let a1 = t.action_id("a1+").unwrap();
        assert_eq!(
            t.describe_action(a1, "vi", None).unwrap(),
            "A rải ô a1 sang phải"
        );
        assert_eq!(
            t.describe_action(a1, "en", Some(1)).unwrap(),
            "A sows a1 to the right"
        );
        assert_eq!(
            t.describe_action(a1, "fr", None).unwrap_err().kind,
            "unknown_lang"
        );
        assert_eq!(
            t.describe_action(a1, "en", Some(2)).unwrap_err().kind,
            "no_such_seat"
        );
        assert_eq!(
            t.describe_action(99_999, "en", None).unwrap_err().kind,
            "unknown_id"
        );
        assert_eq!(t.describe_events_json("en", None).unwrap(), "[]");
        t.apply(a1).unwrap();
        let lines: Vec<String> =
            serde_json::from_str(&t.describe_events_json("vi", Some(0)).unwrap()).unwrap();
        assert!(!lines.is_empty() && lines.iter().all(|l| !l.trim().is_empty()));
    }

    #[test]
    fn input_longer_than_the_bounds_is_refused() {
        use dangian::limits::*;
        let pad = |json: &str, len: usize| {
            let (head, tail) = json.split_at(1);
            format!("{head}{}{tail}", " ".repeat(len - json.len()))
        };
        assert!(Table::create("o_an_quan", &pad("{}", MAX_CONFIG_JSON), 0).is_ok());
        let f = Table::create("o_an_quan", &pad("{}", MAX_CONFIG_JSON + 1), 0).unwrap_err();
        assert_eq!(f.kind, "config");
        assert!(
            f.message.contains(&MAX_CONFIG_JSON.to_string()),
            "{}",
            f.message
        );
        let state = Table::create("domino", "", 0).unwrap().game().state_json();
        let f = Table::from_state("domino", &pad(&state, MAX_STATE_JSON + 1), 0).unwrap_err();
        assert_eq!(f.kind, "setup");
        let record = Table::create("o_an_quan", "", 0)
            .unwrap()
            .game()
            .record()
            .to_json();
        let over = pad(&record, MAX_RECORD_JSON + 1);
        assert_eq!(Table::load(&over, 0).unwrap_err().kind, "record");
        assert_eq!(verify_record(&over).unwrap_err().kind, "record");
        let limits: serde_json::Value = serde_json::from_str(&limits_json()).unwrap();
        assert_eq!(limits["max_record_json"], MAX_RECORD_JSON);
    }

    #[test]
    fn nested_unknown_fields_are_refused() {
        let f = Table::create(
            "o_an_quan",
            r#"{"match_mode":{"kind":"debt_carry_over","stake_per_halve":20}}"#,
            0,
        )
        .unwrap_err();
        assert_eq!(f.kind, "config");
        assert!(f.message.contains("stake_per_halve"), "{}", f.message);
    }

    #[test]
    fn the_costliest_move_is_described_in_bounded_lines() {
        let config = r#"{"relay_at_quan":"take_all","relay_loop":{"kind":"end_turn_on_repeat"}}"#;
        let mut t = Table::create("o_an_quan", config, 0).unwrap();
        for m in "a1+ b5+ a3+ b2+ a2- b3- a5+ b1+".split(' ') {
            let id = t.action_id(m).unwrap();
            t.apply(id).unwrap();
        }
        let lines: Vec<String> =
            serde_json::from_str(&t.describe_events_json("en", None).unwrap()).unwrap();
        assert_eq!(lines.len(), dangian::limits::MAX_DESCRIBED_EVENTS + 1);
        assert!(lines.last().unwrap().contains("more events"));
    }
}
