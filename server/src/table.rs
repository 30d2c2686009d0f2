//! One table: the authoritative game, its seats, its saved actions, its connections.
//!
//! Everything that changes a table happens under its lock, in this order: check the
//! message, apply the action to the game, write it to the [`Store`] (undoing the action if
//! the write fails), then announce it to every connection in the form that connection may
//! see.

use std::collections::BTreeMap;
use std::sync::Arc;

use dangian::any::{AnyError, AnyGame, GameInfo};
use dangian::bot::Level;
use dangian::fair::{Fairness, FAIR_SCHEME};
use dangian::{hash_text, ActionList, GameKind, Record, ToMove, RECORD_FORMAT, RULES_VERSION};
use serde_json::value::RawValue;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use tokio::sync::mpsc;

use crate::protocol::{
    ActionRef, ClientMessage, CreateTable, Created, LegalAction, SeatToken, ServerMessage,
};
use crate::store::{ActionRow, Store, TableRow};

/// A refused request: a stable code and words. The table is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The stable code (`stale_move`, `not_your_turn`, …).
    pub code: &'static str,
    /// What was wrong.
    pub message: String,
}

impl Refusal {
    /// A refusal with this code and message.
    pub fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// How many messages a connection's queue holds before the connection is dropped as too
/// slow (it can reconnect and `sync`).
pub const QUEUE: usize = 1 << 16;

/// A table: its id and its state under a lock.
pub struct Table {
    /// The table's id.
    pub id: String,
    /// Everything else, under one lock.
    pub inner: tokio::sync::Mutex<TableInner>,
}

/// One applied action as each side may see it.
struct Logged {
    text: String,
    actor: Option<u32>,
    seat_events: Vec<Value>,
    watcher_events: Value,
}

/// A connection's outgoing queue.
struct Sub {
    id: u64,
    seat: Option<u32>,
    tx: mpsc::Sender<String>,
}

/// The state of a table.
pub struct TableInner {
    id: String,
    game: AnyGame,
    info: GameInfo,
    server_seed: [u8; 32],
    commitment: String,
    bot_seed: u64,
    /// Per seat: the digest of its token ([`token_digest`]), `None` for a bot.
    tokens: Vec<Option<String>>,
    bots: Vec<Option<Level>>,
    bot_names: Vec<Option<String>>,
    player_seeds: Vec<Option<String>>,
    started: bool,
    log: Vec<Logged>,
    subs: Vec<Sub>,
    next_sub: u64,
    refused: BTreeMap<String, u64>,
    store: Arc<dyn Store>,
    /// No longer served by this process (its lease went to another): no job, no connection.
    retired: bool,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex32(s: &str) -> Option<[u8; 32]> {
    if s.len() != 64 || !s.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

/// `n` bytes from the operating system's secure generator.
///
/// # Panics
/// When the operating system has no generator to give.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).expect("the operating system's random generator");
    b
}

/// What is kept of a seat token: `SHA-256(token)` in hex. The database holds no token.
pub fn token_digest(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn parse_level(s: &str) -> Option<Level> {
    match s {
        "easy" => Some(Level::Easy),
        "medium" => Some(Level::Medium),
        "hard" => Some(Level::Hard),
        _ => None,
    }
}

fn any_refusal(e: &AnyError) -> Refusal {
    let code = match e {
        AnyError::UnknownId(_) | AnyError::Notation(_) => "unknown_action",
        AnyError::Stale { .. } => "stale_move",
        AnyError::Illegal { .. } => "illegal_action",
        AnyError::Config(_) | AnyError::NoSuchPreset { .. } => "bad_config",
        _ => "refused",
    };
    Refusal::new(code, e.to_string())
}

/// The config JSON of a new table as asked: a preset or a config, with the seat count set
/// for the games that let players choose it.
fn config_for(kind: GameKind, req: &CreateTable) -> Result<String, Refusal> {
    let mut config: Value = match (&req.preset, &req.config) {
        (Some(_), Some(_)) => {
            return Err(Refusal::new(
                "bad_request",
                "give a preset or a config, not both",
            ))
        }
        (Some(p), None) => {
            let g = AnyGame::with_preset(kind, p).map_err(|e| any_refusal(&e))?;
            serde_json::from_str(&g.config_json()).unwrap_or(Value::Null)
        }
        (None, Some(c)) => c.clone(),
        (None, None) => json!({}),
    };
    if let Some(n) = req.seats {
        let info = GameInfo::of(kind);
        if !info.seats.contains(&n) {
            return Err(Refusal::new(
                "bad_seats",
                format!(
                    "{} is played by {} to {} seats",
                    kind.name(),
                    info.seats.start(),
                    info.seats.end()
                ),
            ));
        }
        let Some(obj) = config.as_object_mut() else {
            return Err(Refusal::new(
                "bad_config",
                "the config is not a JSON object",
            ));
        };
        match kind {
            GameKind::OAnQuan => {}
            GameKind::Domino => {
                obj.insert("players".into(), json!(n));
            }
            GameKind::CaNgua => {
                let preset = match n {
                    2 => "two_players",
                    3 => "three_players",
                    _ => "seed_rules",
                };
                let g = AnyGame::with_preset(kind, preset).map_err(|e| any_refusal(&e))?;
                let c: Value = serde_json::from_str(&g.config_json()).unwrap_or(Value::Null);
                obj.insert("seats".into(), c["seats"].clone());
            }
        }
    }
    let text = config.to_string();
    if text.len() > dangian::limits::MAX_CONFIG_JSON {
        return Err(Refusal::new("bad_config", "the config is too long"));
    }
    Ok(text)
}

impl TableInner {
    fn new_from_row(row: &TableRow, store: Arc<dyn Store>) -> Result<TableInner, String> {
        let kind =
            GameInfo::kind_named(&row.game).ok_or_else(|| format!("no game {}", row.game))?;
        let game = AnyGame::new(kind, &row.config).map_err(|e| e.to_string())?;
        let server_seed = unhex32(&row.server_seed).ok_or("bad saved server seed")?;
        let seats = usize::from(game.seats());
        if row.tokens.len() != seats || row.bots.len() != seats || row.player_seeds.len() != seats {
            return Err("saved seats do not match the game".into());
        }
        let bots = row
            .bots
            .iter()
            .map(|b| match b {
                None => Ok(None),
                Some(l) => parse_level(l).map(Some).ok_or(format!("bad bot level {l}")),
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(TableInner {
            id: row.id.clone(),
            info: GameInfo::of(kind),
            game,
            commitment: dangian::fair::commitment(&server_seed),
            server_seed,
            bot_seed: row.bot_seed,
            tokens: row.tokens.clone(),
            bots,
            bot_names: row.bots.clone(),
            player_seeds: row.player_seeds.clone(),
            started: false,
            log: Vec::new(),
            subs: Vec::new(),
            next_sub: 0,
            refused: BTreeMap::new(),
            store,
            retired: false,
        })
    }

    /// The game as the engine loads it from its record (the saved config and actions, the
    /// commitment and the player seeds), with the same server seed set again: the way the
    /// engine restores a fair table. It must be the position the action-by-action replay
    /// reached.
    fn reload_from_record(&self, actions: &[ActionRow]) -> Result<AnyGame, String> {
        let seeds: Vec<String> = self.player_seeds.iter().flatten().cloned().collect();
        let record = Record {
            format: RECORD_FORMAT.to_owned(),
            game: self.info.kind,
            rules_version: RULES_VERSION,
            config: RawValue::from_string(self.game.config_json()).map_err(|e| e.to_string())?,
            start: None,
            actions: actions.iter().map(|a| a.text.clone()).collect(),
            final_hash: Some(hash_text(self.game.state_hash())),
            fairness: Some(Fairness {
                scheme: FAIR_SCHEME.to_owned(),
                commitment: self.commitment.clone(),
                player_seeds: seeds.clone(),
                server_seed: None,
            }),
        };
        let mut game = AnyGame::from_record_json(&record.to_json())
            .map_err(|e| format!("table {}: the record does not load: {e}", self.id))?;
        game.set_fair_chance(self.server_seed, seeds)
            .map_err(|e| format!("table {}: the seeds are refused: {e}", self.id))?;
        if game.state_hash() != self.game.state_hash()
            || game.move_number() != self.game.move_number()
        {
            return Err(format!(
                "table {}: the record loads another position",
                self.id
            ));
        }
        Ok(game)
    }

    /// The human seats whose seed is still awaited.
    fn seeds_missing(&self) -> Vec<u32> {
        (0..self.tokens.len())
            .filter(|&s| self.tokens[s].is_some() && self.player_seeds[s].is_none())
            .map(|s| s as u32)
            .collect()
    }

    /// Set fair chance up and start, once every human seat has given its seed.
    fn start_if_ready(&mut self) -> Result<(), String> {
        if self.started || !self.seeds_missing().is_empty() {
            return Ok(());
        }
        let seeds: Vec<String> = self.player_seeds.iter().flatten().cloned().collect();
        self.game
            .set_fair_chance(self.server_seed, seeds)
            .map_err(|e| e.to_string())?;
        self.started = true;
        Ok(())
    }

    /// Apply `id` (checked legal by the caller or the engine), log it and build what each
    /// side sees. Returns the entry without saving it.
    fn apply_logged(&mut self, id: u32) -> Result<Logged, Refusal> {
        let actor = self.game.seat_to_move().map(|s| u32::from(s.0));
        let text = self.game.action_text(id).map_err(|e| any_refusal(&e))?;
        self.game.apply(id).map_err(|e| any_refusal(&e))?;
        let seats = u32::from(self.game.seats());
        let seat_events = (0..seats)
            .map(|s| {
                self.game
                    .events_json(Some(s))
                    .ok()
                    .and_then(|j| serde_json::from_str(&j).ok())
                    .unwrap_or(Value::Null)
            })
            .collect::<Vec<Value>>();
        let watcher_events = if self.info.hidden_information {
            json!([])
        } else {
            seat_events.first().cloned().unwrap_or(json!([]))
        };
        Ok(Logged {
            text,
            actor,
            seat_events,
            watcher_events,
        })
    }

    /// Apply, save, then announce the action `id`. On a storage failure the game is put back
    /// as it was.
    pub fn commit(&mut self, id: u32) -> Result<(), Refusal> {
        let before = self.game.clone();
        let index = self.game.move_number();
        let logged = self.apply_logged(id)?;
        let row = ActionRow {
            text: logged.text.clone(),
            hash: hash_text(self.game.state_hash()),
        };
        if let Err(e) = self.store.append_action(&self.id, index, &row) {
            self.game = before;
            return Err(Refusal::new("storage", e.to_string()));
        }
        self.log.push(logged);
        let subs: Vec<(u64, Option<u32>)> = self.subs.iter().map(|s| (s.id, s.seat)).collect();
        for (sub, seat) in subs {
            let update = self.update_for(index as usize, seat);
            let state = self.state_for(seat);
            self.send(sub, &update);
            self.send(sub, &state);
        }
        Ok(())
    }

    fn update_for(&self, index: usize, seat: Option<u32>) -> ServerMessage {
        let l = &self.log[index];
        let (action, events) = match seat {
            Some(s) => {
                let visible = !self.info.hidden_information || l.actor == Some(s);
                (
                    visible.then(|| l.text.clone()),
                    l.seat_events
                        .get(s as usize)
                        .cloned()
                        .unwrap_or(Value::Null),
                )
            }
            None => (
                (!self.info.hidden_information).then(|| l.text.clone()),
                l.watcher_events.clone(),
            ),
        };
        ServerMessage::Update {
            index: index as u32,
            action,
            events,
        }
    }

    /// The position as `seat` (or a watcher, `None`) may see it.
    pub fn state_for(&self, seat: Option<u32>) -> ServerMessage {
        let view_of = |s: u32| {
            self.game
                .view_json(s)
                .ok()
                .and_then(|j| serde_json::from_str(&j).ok())
                .unwrap_or(Value::Null)
        };
        let (view, legal) = match seat {
            Some(s) => {
                let mut list = ActionList::new();
                let mut legal = Vec::new();
                if self.started && self.game.legal_actions_for(s, &mut list).is_ok() {
                    for &id in list.iter() {
                        if let Ok(text) = self.game.action_text(id) {
                            legal.push(LegalAction { id, text });
                        }
                    }
                }
                (view_of(s), legal)
            }
            None if self.info.hidden_information => (Value::Null, Vec::new()),
            None => (view_of(0), Vec::new()),
        };
        ServerMessage::State {
            move_number: self.game.move_number(),
            to_move: serde_json::to_value(self.game.to_move()).unwrap_or(Value::Null),
            started: self.started,
            seeds_missing: self.seeds_missing(),
            view,
            legal,
            outcome: self.outcome(),
        }
    }

    fn outcome(&self) -> Option<Value> {
        self.game
            .outcome()
            .and_then(|o| serde_json::to_value(o).ok())
    }

    fn send(&mut self, sub: u64, msg: &ServerMessage) {
        let text = serde_json::to_string(msg).unwrap_or_default();
        let mut full = false;
        if let Some(s) = self.subs.iter().find(|s| s.id == sub) {
            full = s.tx.try_send(text).is_err();
        }
        if full {
            // Too slow or gone: drop it; its connection ends and may reconnect and sync.
            self.subs.retain(|s| s.id != sub);
        }
    }

    fn broadcast_state(&mut self) {
        let subs: Vec<(u64, Option<u32>)> = self.subs.iter().map(|s| (s.id, s.seat)).collect();
        for (sub, seat) in subs {
            let state = self.state_for(seat);
            self.send(sub, &state);
        }
    }

    /// Count a refusal under its code and tell the connection `sub` (if any).
    pub fn refuse(&mut self, sub: Option<u64>, r: &Refusal) {
        *self.refused.entry(r.code.to_owned()).or_insert(0) += 1;
        if let Some(sub) = sub {
            self.send(
                sub,
                &ServerMessage::Error {
                    code: r.code.to_owned(),
                    message: r.message.clone(),
                },
            );
        }
    }

    /// The seat whose token this is, `Ok(None)` for no token (a watcher).
    ///
    /// # Errors
    /// `bad_token` for a token of no seat.
    pub fn seat_of(&self, token: Option<&str>) -> Result<Option<u32>, Refusal> {
        let Some(token) = token else { return Ok(None) };
        // Only digests are kept, and digests are compared: the time taken does not depend
        // on where a guess differs from a token.
        let want = token_digest(token);
        let mut found = None;
        for (s, t) in self.tokens.iter().enumerate() {
            if t.as_deref() == Some(want.as_str()) {
                found = Some(s as u32);
            }
        }
        found
            .map(Some)
            .ok_or_else(|| Refusal::new("bad_token", "no seat of this table has that token"))
    }

    /// Add a connection for `seat` (or a watcher): it gets a welcome and the state now.
    pub fn subscribe(&mut self, seat: Option<u32>) -> (u64, mpsc::Receiver<String>) {
        let (tx, rx) = mpsc::channel(QUEUE);
        if self.retired {
            // Closed at once: the client reconnects and is sent where the table is served.
            return (u64::MAX, rx);
        }
        let id = self.next_sub;
        self.next_sub += 1;
        self.subs.push(Sub { id, seat, tx });
        let welcome = ServerMessage::Welcome {
            table: self.id.clone(),
            game: self.info.name.to_owned(),
            seat,
            seats: self.game.seats(),
            commitment: self.commitment.clone(),
        };
        self.send(id, &welcome);
        let state = self.state_for(seat);
        self.send(id, &state);
        (id, rx)
    }

    /// Stop serving the table here (another process holds it now): its connections are
    /// closed, and the server makes no more moves of its own in it.
    pub fn retire(&mut self) {
        self.retired = true;
        self.subs.clear();
    }

    /// Remove a connection.
    pub fn unsubscribe(&mut self, sub: u64) {
        self.subs.retain(|s| s.id != sub);
    }

    /// Handle a message of connection `sub`, playing `seat`. Returns whether the table
    /// changed (then bots and chance may have to move).
    ///
    /// # Errors
    /// The refusal, already counted and told to the connection.
    pub fn handle(
        &mut self,
        sub: u64,
        seat: Option<u32>,
        msg: ClientMessage,
    ) -> Result<bool, Refusal> {
        let result = match msg {
            ClientMessage::Act {
                move_number,
                action,
            } => self.act(seat, move_number, &action).map(|()| true),
            ClientMessage::Seed { seed } => self.seed(seat, seed).map(|()| true),
            ClientMessage::Sync { from_event } => {
                if from_event as usize > self.log.len() {
                    Err(Refusal::new(
                        "bad_sync",
                        format!("only {} actions were played", self.log.len()),
                    ))
                } else {
                    for i in from_event as usize..self.log.len() {
                        let u = self.update_for(i, seat);
                        self.send(sub, &u);
                    }
                    let s = self.state_for(seat);
                    self.send(sub, &s);
                    Ok(false)
                }
            }
        };
        if let Err(r) = &result {
            self.refuse(Some(sub), r);
        }
        result
    }

    fn act(
        &mut self,
        seat: Option<u32>,
        move_number: u32,
        action: &ActionRef,
    ) -> Result<(), Refusal> {
        let Some(seat) = seat else {
            return Err(Refusal::new("not_a_seat", "a watcher cannot act"));
        };
        if !self.started {
            return Err(Refusal::new(
                "not_started",
                format!("waiting for the seeds of seats {:?}", self.seeds_missing()),
            ));
        }
        if self.game.is_over() {
            return Err(Refusal::new("game_over", "the game is over"));
        }
        let current = self.game.move_number();
        if move_number != current {
            return Err(Refusal::new(
                "stale_move",
                format!(
                    "the action was chosen at move {move_number}, the game is at move {current}"
                ),
            ));
        }
        if self.game.to_move() != ToMove::Seat(dangian::Seat(seat as u8)) {
            return Err(Refusal::new(
                "not_your_turn",
                format!("seat {seat} is not to move"),
            ));
        }
        let id = match action {
            ActionRef::Id(id) => *id,
            ActionRef::Text(t) => self.game.action_id(t).map_err(|e| any_refusal(&e))?,
        };
        self.game.check(id).map_err(|e| any_refusal(&e))?;
        self.commit(id)
    }

    fn seed(&mut self, seat: Option<u32>, seed: String) -> Result<(), Refusal> {
        let Some(seat) = seat else {
            return Err(Refusal::new("not_a_seat", "a watcher gives no seed"));
        };
        if self.started {
            return Err(Refusal::new("seed_closed", "the game has started"));
        }
        if self.player_seeds[seat as usize].is_some() {
            return Err(Refusal::new("seed_given", "this seat has given its seed"));
        }
        if seed.len() > dangian::fair::MAX_PLAYER_SEED_BYTES {
            return Err(Refusal::new(
                "bad_seed",
                format!(
                    "a seed has at most {} bytes",
                    dangian::fair::MAX_PLAYER_SEED_BYTES
                ),
            ));
        }
        let mut seeds = self.player_seeds.clone();
        seeds[seat as usize] = Some(seed);
        self.store
            .set_player_seeds(&self.id, &seeds)
            .map_err(|e| Refusal::new("storage", e.to_string()))?;
        self.player_seeds = seeds;
        self.start_if_ready()
            .map_err(|e| Refusal::new("refused", e))?;
        self.broadcast_state();
        Ok(())
    }

    /// What the server must do next by itself: a chance action to draw now, or a bot's
    /// decision to search for.
    pub fn next_job(&self) -> Option<Job> {
        if !self.started || self.retired {
            return None;
        }
        match self.game.to_move() {
            ToMove::Over => None,
            ToMove::Chance => self.game.fair_outcome().map(Job::Chance),
            ToMove::Seat(s) => self.bots[usize::from(s.0)].map(|level| Job::Bot {
                game: Box::new(self.game.clone()),
                seat: u32::from(s.0),
                level,
                seed: self.bot_seed
                    ^ u64::from(self.game.move_number()).wrapping_mul(0x9e37_79b9_7f4a_7c15),
            }),
        }
    }

    /// The game's move number.
    pub fn move_number(&self) -> u32 {
        self.game.move_number()
    }

    /// The record once the game is over (with the revealed server seed), else `None`.
    pub fn record_json(&self) -> Option<String> {
        self.game.is_over().then(|| self.game.record().to_json())
    }

    /// What anyone may know of the table (`GET /tables/{id}`).
    pub fn public_info(&self) -> Value {
        let hash = self.game.state_hash();
        let mut digest = Sha256::new();
        digest.update(self.server_seed);
        digest.update(hash.to_le_bytes());
        let digest = hex(&digest.finalize()[..16]);
        let hidden = self.info.hidden_information && !self.game.is_over();
        json!({
            "id": self.id,
            "game": self.info.name,
            "seats": self.game.seats(),
            "config": serde_json::from_str::<Value>(&self.game.config_json()).unwrap_or(Value::Null),
            "commitment": self.commitment,
            "humans": (0..self.tokens.len()).filter(|&s| self.tokens[s].is_some()).collect::<Vec<_>>(),
            "bots": self.bot_names.iter().enumerate().filter_map(|(s, l)| l.as_ref().map(|l| json!({"seat": s, "level": l}))).collect::<Vec<_>>(),
            "started": self.started,
            "seeds_missing": self.seeds_missing(),
            "move_number": self.game.move_number(),
            "to_move": serde_json::to_value(self.game.to_move()).unwrap_or(Value::Null),
            "over": self.game.is_over(),
            "outcome": self.outcome(),
            "state_hash": (!hidden).then(|| format!("{hash:016x}")),
            "state_digest": digest,
            "connections": self.subs.len(),
            "refused": self.refused,
            "refused_total": self.refused.values().sum::<u64>(),
        })
    }
}

/// Work the server does for a table by itself.
pub enum Job {
    /// Apply this fair chance outcome.
    Chance(u32),
    /// Ask a bot for `seat`'s decision.
    Bot {
        /// A copy of the game to search.
        game: Box<AnyGame>,
        /// The bot's seat.
        seat: u32,
        /// Its level.
        level: Level,
        /// The seed of its decision.
        seed: u64,
    },
}

impl Table {
    /// Create a table as `req` asks and save it.
    ///
    /// # Errors
    /// `bad_request`, `bad_game`, `bad_config`, `bad_seats`, `bad_bot` or `storage`.
    pub fn create(store: Arc<dyn Store>, req: &CreateTable) -> Result<(Table, Created), Refusal> {
        let kind = GameInfo::kind_named(&req.game).ok_or_else(|| {
            Refusal::new(
                "bad_game",
                format!("no game {:?} (o_an_quan, ca_ngua, domino)", req.game),
            )
        })?;
        let config = config_for(kind, req)?;
        let game = AnyGame::new(kind, &config).map_err(|e| any_refusal(&e))?;
        let seats = usize::from(game.seats());
        let mut bots: Vec<Option<String>> = vec![None; seats];
        for b in &req.bots {
            let s = b.seat as usize;
            if s >= seats || bots[s].is_some() {
                return Err(Refusal::new("bad_bot", format!("bad bot seat {}", b.seat)));
            }
            if parse_level(&b.level).is_none() {
                return Err(Refusal::new(
                    "bad_bot",
                    format!("no bot level {:?} (easy, medium, hard)", b.level),
                ));
            }
            bots[s] = Some(b.level.clone());
        }
        let tokens: Vec<Option<String>> = bots
            .iter()
            .map(|b| b.is_none().then(|| hex(&random_bytes::<16>())))
            .collect();
        let row = TableRow {
            id: hex(&random_bytes::<8>()),
            game: kind.name().to_owned(),
            config: game.config_json(),
            server_seed: hex(&random_bytes::<32>()),
            bot_seed: u64::from_le_bytes(random_bytes::<8>()),
            tokens: tokens
                .iter()
                .map(|t| t.as_deref().map(token_digest))
                .collect(),
            bots,
            player_seeds: vec![None; seats],
        };
        let mut inner = TableInner::new_from_row(&row, store.clone())
            .map_err(|e| Refusal::new("bad_config", e))?;
        inner
            .start_if_ready()
            .map_err(|e| Refusal::new("refused", e))?;
        store
            .create_table(&row)
            .map_err(|e| Refusal::new("storage", e.to_string()))?;
        let created = Created {
            id: row.id.clone(),
            game: row.game.clone(),
            seats: game.seats(),
            config: serde_json::from_str(&row.config).unwrap_or(Value::Null),
            commitment: inner.commitment.clone(),
            tokens: tokens
                .iter()
                .enumerate()
                .filter_map(|(s, t)| {
                    t.as_ref().map(|t| SeatToken {
                        seat: s as u32,
                        token: t.clone(),
                    })
                })
                .collect(),
        };
        Ok((
            Table {
                id: row.id,
                inner: tokio::sync::Mutex::new(inner),
            },
            created,
        ))
    }

    /// Restore a saved table by replaying its actions through the rules; every action's
    /// state hash must be the one saved with it.
    ///
    /// # Errors
    /// What does not replay, in words.
    pub fn restore(
        store: Arc<dyn Store>,
        row: &TableRow,
        actions: &[ActionRow],
    ) -> Result<Table, String> {
        let mut inner = TableInner::new_from_row(row, store)?;
        inner.start_if_ready()?;
        if !inner.started && !actions.is_empty() {
            return Err(format!("table {}: actions saved before the start", row.id));
        }
        for (i, a) in actions.iter().enumerate() {
            let id = inner
                .game
                .action_id(&a.text)
                .map_err(|e| format!("table {} action {i} {:?}: {e}", row.id, a.text))?;
            let logged = inner
                .apply_logged(id)
                .map_err(|e| format!("table {} action {i} {:?}: {}", row.id, a.text, e.message))?;
            let hash = hash_text(inner.game.state_hash());
            if hash != a.hash {
                return Err(format!(
                    "table {} action {i}: state hash {hash}, saved {}",
                    row.id, a.hash
                ));
            }
            inner.log.push(logged);
        }
        if inner.started {
            inner.game = inner.reload_from_record(actions)?;
        }
        Ok(Table {
            id: row.id.clone(),
            inner: tokio::sync::Mutex::new(inner),
        })
    }
}
