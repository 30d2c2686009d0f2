//! Where tables and their actions are kept: the [`Store`] trait and its SQLite form,
//! [`SqliteStore`] (the PostgreSQL form is [`crate::postgres::PgStore`]).
//!
//! A table is written once when it is created, its player seeds as they arrive, and each
//! accepted action in its own transaction, before the action is acknowledged or announced.
//! A table is restored by replaying its actions through the rules.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};

/// A storage failure, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "storage: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError(e.to_string())
    }
}

/// What is saved of a table when it is created (and its player seeds as they come).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// The table's id.
    pub id: String,
    /// The game's snake_case name.
    pub game: String,
    /// The config's JSON, every option written out.
    pub config: String,
    /// The secret server seed, 64 hex digits.
    pub server_seed: String,
    /// The seed of the bots' decisions.
    pub bot_seed: u64,
    /// Per seat: the digest of the human seat's token (`SHA-256(token)` in hex, never the
    /// token itself), or `None` for a bot.
    pub tokens: Vec<Option<String>>,
    /// Per seat: the bot's level (`easy`, `medium`, `hard`), or `None` for a human.
    pub bots: Vec<Option<String>>,
    /// Per seat: the player seed given, if any.
    pub player_seeds: Vec<Option<String>>,
}

/// One saved action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    /// The action in the game's text notation.
    pub text: String,
    /// The state hash after it, 16 hex digits.
    pub hash: String,
}

/// Durable storage of tables. Every method either does all it says or nothing.
pub trait Store: Send + Sync {
    /// Save a new table.
    ///
    /// # Errors
    /// When it cannot be written.
    fn create_table(&self, table: &TableRow) -> Result<(), StoreError>;
    /// Save the player seeds of a table.
    ///
    /// # Errors
    /// When they cannot be written.
    fn set_player_seeds(&self, id: &str, seeds: &[Option<String>]) -> Result<(), StoreError>;
    /// Append the action at `index` (which must be the table's next) in one transaction.
    ///
    /// # Errors
    /// When it cannot be written, or `index` is not the next.
    fn append_action(&self, id: &str, index: u32, action: &ActionRow) -> Result<(), StoreError>;
    /// Every table with its actions in order.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn load_all(&self) -> Result<Vec<(TableRow, Vec<ActionRow>)>, StoreError>;
}

/// A [`Store`] in one SQLite file (write-ahead log, `synchronous = FULL`: a transaction is
/// on disk when its commit returns).
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

impl SqliteStore {
    /// Open (or create) the database at `path`.
    ///
    /// # Errors
    /// When it cannot be opened or its tables made.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS tables (
                id TEXT PRIMARY KEY,
                game TEXT NOT NULL,
                config TEXT NOT NULL,
                server_seed TEXT NOT NULL,
                bot_seed INTEGER NOT NULL,
                tokens TEXT NOT NULL,
                bots TEXT NOT NULL,
                player_seeds TEXT NOT NULL
            );
            CREATE TABLE IF NOT EXISTS actions (
                table_id TEXT NOT NULL REFERENCES tables(id),
                idx INTEGER NOT NULL,
                action TEXT NOT NULL,
                hash TEXT NOT NULL,
                PRIMARY KEY (table_id, idx)
            );",
        )?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A saved value's JSON (the stores keep seeds, tokens and bots as JSON text).
pub(crate) fn to_json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".to_owned())
}

/// A saved value back from its JSON; bad JSON is a storage error.
pub(crate) fn from_json<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, StoreError> {
    serde_json::from_str(s).map_err(|e| StoreError(format!("bad saved JSON: {e}")))
}

impl Store for SqliteStore {
    fn create_table(&self, t: &TableRow) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO tables (id, game, config, server_seed, bot_seed, tokens, bots, player_seeds)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                t.id,
                t.game,
                t.config,
                t.server_seed,
                t.bot_seed as i64,
                to_json(&t.tokens),
                to_json(&t.bots),
                to_json(&t.player_seeds)
            ],
        )?;
        Ok(())
    }

    fn set_player_seeds(&self, id: &str, seeds: &[Option<String>]) -> Result<(), StoreError> {
        let n = self.conn().execute(
            "UPDATE tables SET player_seeds = ?1 WHERE id = ?2",
            params![to_json(&seeds), id],
        )?;
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError(format!("no table {id}")))
        }
    }

    fn append_action(&self, id: &str, index: u32, a: &ActionRow) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let count: u32 = tx.query_row(
            "SELECT COUNT(*) FROM actions WHERE table_id = ?1",
            params![id],
            |r| r.get(0),
        )?;
        if count != index {
            return Err(StoreError(format!(
                "table {id} has {count} saved actions, not {index}"
            )));
        }
        tx.execute(
            "INSERT INTO actions (table_id, idx, action, hash) VALUES (?1, ?2, ?3, ?4)",
            params![id, index, a.text, a.hash],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn load_all(&self) -> Result<Vec<(TableRow, Vec<ActionRow>)>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id, game, config, server_seed, bot_seed, tokens, bots, player_seeds
             FROM tables ORDER BY rowid",
        )?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, i64>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, String>(6)?,
                    r.get::<_, String>(7)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut actions =
            conn.prepare("SELECT action, hash FROM actions WHERE table_id = ?1 ORDER BY idx")?;
        let mut out = Vec::with_capacity(rows.len());
        for (id, game, config, server_seed, bot_seed, tokens, bots, seeds) in rows {
            let list = actions
                .query_map(params![id], |r| {
                    Ok(ActionRow {
                        text: r.get(0)?,
                        hash: r.get(1)?,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            out.push((
                TableRow {
                    id,
                    game,
                    config,
                    server_seed,
                    bot_seed: bot_seed as u64,
                    tokens: from_json(&tokens)?,
                    bots: from_json(&bots)?,
                    player_seeds: from_json(&seeds)?,
                },
                list,
            ));
        }
        Ok(out)
    }
}

/// Whether a table with this id is saved (for tests and tools).
///
/// # Errors
/// When the database cannot be read.
pub fn table_exists(store: &SqliteStore, id: &str) -> Result<bool, StoreError> {
    Ok(store
        .conn()
        .query_row(
            "SELECT 1 FROM tables WHERE id = ?1",
            params![id],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_appended_in_order_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.sqlite");
        let store = SqliteStore::open(&path).unwrap();
        let row = TableRow {
            id: "t1".into(),
            game: "o_an_quan".into(),
            config: "{}".into(),
            server_seed: "00".repeat(32),
            bot_seed: u64::MAX,
            tokens: vec![Some("a".into()), None],
            bots: vec![None, Some("easy".into())],
            player_seeds: vec![None, None],
        };
        store.create_table(&row).unwrap();
        assert!(store.create_table(&row).is_err(), "an id is used once");
        assert!(table_exists(&store, "t1").unwrap());
        let a = |t: &str| ActionRow {
            text: t.into(),
            hash: "0123456789abcdef".into(),
        };
        store.append_action("t1", 0, &a("a1+")).unwrap();
        assert!(
            store.append_action("t1", 0, &a("b1+")).is_err(),
            "index 0 is taken"
        );
        assert!(
            store.append_action("t1", 2, &a("b1+")).is_err(),
            "index 1 comes first"
        );
        store.append_action("t1", 1, &a("b2-")).unwrap();
        store
            .set_player_seeds("t1", &[Some("s".into()), None])
            .unwrap();
        assert!(store.set_player_seeds("t2", &[]).is_err());
        drop(store);
        let loaded = SqliteStore::open(&path).unwrap().load_all().unwrap();
        assert_eq!(loaded.len(), 1);
        let (t, actions) = &loaded[0];
        assert_eq!(t.player_seeds, vec![Some("s".to_owned()), None]);
        assert_eq!(t.bot_seed, u64::MAX);
        assert_eq!(
            actions.iter().map(|a| a.text.as_str()).collect::<Vec<_>>(),
            ["a1+", "b2-"]
        );
    }
}
