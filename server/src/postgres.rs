//! The PostgreSQL [`Store`], [`PgStore`], and the leases that let several server processes
//! share one database.
//!
//! Each table has a lease row: the owner (a random id of the process), the owner's
//! advertised address and an expiry, set from the database's clock. A process serves a
//! table only while it holds the table's unexpired lease; it renews its leases every
//! [`RENEW`] for [`LEASE`] more. Every write (an action, the player seeds) is made in a
//! transaction that first locks the table's lease row and checks that this process still
//! holds it unexpired: a process that lost a lease can never write to that table again, and a
//! process that takes a lease over sees every action committed before it took it.
//!
//! The client is the synchronous `postgres` crate, driven by one thread of the store's own:
//! the [`Store`] trait is synchronous (it is called under a table's lock, as SQLite is), and
//! that crate may not be called from inside the server's asynchronous runtime.

use std::sync::mpsc;
use std::time::Duration;

use ::postgres::{Client, NoTls};

use crate::store::{from_json, to_json, ActionRow, Store, StoreError, TableRow};

/// How long a lease lasts after it is taken or renewed.
pub const LEASE: Duration = Duration::from_secs(3);

/// How often a process renews its leases and looks for tables whose lease expired.
pub const RENEW: Duration = Duration::from_secs(1);

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> Self {
        StoreError(e.to_string())
    }
}

type Job = Box<dyn FnOnce(Result<&mut Client, StoreError>) + Send>;

/// Who may serve a table, as [`PgStore::claim`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This process holds the lease (it just took it, or held it already).
    Mine,
    /// Another process holds an unexpired lease; its advertised address.
    Elsewhere(String),
    /// No table has this id.
    NoTable,
}

/// A [`Store`] in a PostgreSQL database shared by any number of server processes, each
/// table written only by the holder of its lease.
pub struct PgStore {
    jobs: mpsc::Sender<Job>,
    owner: String,
    address: String,
}

const SCHEMA: &str = "
    SELECT pg_advisory_xact_lock(7170616);
    CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        seq BIGSERIAL,
        game TEXT NOT NULL,
        config TEXT NOT NULL,
        server_seed TEXT NOT NULL,
        bot_seed BIGINT NOT NULL,
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
    );
    CREATE TABLE IF NOT EXISTS leases (
        table_id TEXT PRIMARY KEY REFERENCES tables(id),
        owner TEXT NOT NULL,
        address TEXT NOT NULL,
        expires TIMESTAMPTZ NOT NULL
    );";

/// Lock the lease row of `id` until the transaction ends, and check that `owner` holds it
/// unexpired.
fn hold_lease(tx: &mut postgres::Transaction<'_>, id: &str, owner: &str) -> Result<(), StoreError> {
    let row = tx.query_opt(
        "SELECT owner, expires > clock_timestamp() FROM leases WHERE table_id = $1 FOR UPDATE",
        &[&id],
    )?;
    match row {
        Some(r) if r.get::<_, String>(0) == owner && r.get::<_, bool>(1) => Ok(()),
        Some(_) => Err(StoreError(format!(
            "table {id}: this process no longer holds its lease"
        ))),
        None => Err(StoreError(format!("no table {id}"))),
    }
}

fn lease_secs() -> f64 {
    LEASE.as_secs_f64()
}

impl PgStore {
    /// Connect to the database at `url` (`postgres://user@host:port/db`), make its tables if
    /// missing, and act as a new owner advertised at `address` (`host:port`).
    ///
    /// # Errors
    /// When the database cannot be reached or its tables made.
    pub fn open(url: &str, address: &str) -> Result<PgStore, StoreError> {
        let config: postgres::Config = url
            .parse()
            .map_err(|e: postgres::Error| StoreError(format!("bad database URL: {e}")))?;
        let mut client = config.connect(NoTls)?;
        client.batch_execute(&format!("BEGIN; {SCHEMA} COMMIT;"))?;
        let (jobs, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("postgres".into())
            .spawn(move || {
                let mut client = Some(client);
                for job in rx {
                    if client.as_ref().is_none_or(Client::is_closed) {
                        client = config.connect(NoTls).ok();
                    }
                    match client.as_mut() {
                        Some(c) => job(Ok(c)),
                        None => job(Err(StoreError("the database cannot be reached".into()))),
                    }
                }
            })
            .map_err(|e| StoreError(e.to_string()))?;
        let owner = crate::table::random_bytes::<8>()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        Ok(PgStore {
            jobs,
            owner,
            address: address.to_owned(),
        })
    }

    /// This process's owner id in the lease rows.
    pub fn owner(&self) -> &str {
        &self.owner
    }

    /// Run `f` on the store's connection and wait for its result.
    fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Client) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = mpsc::sync_channel(1);
        self.jobs
            .send(Box::new(move |c| {
                let _ = tx.send(c.and_then(f));
            }))
            .map_err(|_| StoreError("the database thread is gone".into()))?;
        rx.recv()
            .map_err(|_| StoreError("the database thread is gone".into()))?
    }

    /// Renew every lease this process holds unexpired; the ids of those tables. A table
    /// missing from the answer is no longer this process's to serve.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub fn renew(&self) -> Result<Vec<String>, StoreError> {
        let owner = self.owner.clone();
        self.call(move |c| {
            let rows = c.query(
                "UPDATE leases SET expires = clock_timestamp() + $2 * interval '1 second'
                 WHERE owner = $1 AND expires > clock_timestamp() RETURNING table_id",
                &[&owner, &lease_secs()],
            )?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    /// Take every lease that has expired (its owner died or stopped renewing); the ids of
    /// the tables taken, to be restored from the database.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub fn take_expired(&self) -> Result<Vec<String>, StoreError> {
        let (owner, address) = (self.owner.clone(), self.address.clone());
        self.call(move |c| {
            let rows = c.query(
                "UPDATE leases SET owner = $1, address = $2,
                     expires = clock_timestamp() + $3 * interval '1 second'
                 WHERE expires <= clock_timestamp() RETURNING table_id",
                &[&owner, &address, &lease_secs()],
            )?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    /// Who serves the table `id`: this process when it holds the lease or the lease was
    /// free (it is taken then), else the holder's address.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub fn claim(&self, id: &str) -> Result<Claim, StoreError> {
        let (owner, address, id) = (self.owner.clone(), self.address.clone(), id.to_owned());
        self.call(move |c| {
            let taken = c.query_opt(
                "UPDATE leases SET owner = $1, address = $2,
                     expires = clock_timestamp() + $4 * interval '1 second'
                 WHERE table_id = $3 AND (expires <= clock_timestamp() OR owner = $1)
                 RETURNING table_id",
                &[&owner, &address, &id, &lease_secs()],
            )?;
            if taken.is_some() {
                return Ok(Claim::Mine);
            }
            let row = c.query_opt("SELECT address FROM leases WHERE table_id = $1", &[&id])?;
            Ok(match row {
                Some(r) => Claim::Elsewhere(r.get(0)),
                None => Claim::NoTable,
            })
        })
    }

    /// One saved table with its actions in order, whatever its lease.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn load_table(&self, id: &str) -> Result<Option<(TableRow, Vec<ActionRow>)>, StoreError> {
        let id = id.to_owned();
        self.call(move |c| {
            let Some(row) = c.query_opt(
                "SELECT id, game, config, server_seed, bot_seed, tokens, bots, player_seeds
                 FROM tables WHERE id = $1",
                &[&id],
            )?
            else {
                return Ok(None);
            };
            let table = table_row(&row)?;
            Ok(Some((table, actions_of(c, &id)?)))
        })
    }
}

fn table_row(r: &postgres::Row) -> Result<TableRow, StoreError> {
    Ok(TableRow {
        id: r.get(0),
        game: r.get(1),
        config: r.get(2),
        server_seed: r.get(3),
        bot_seed: r.get::<_, i64>(4) as u64,
        tokens: from_json(r.get(5))?,
        bots: from_json(r.get(6))?,
        player_seeds: from_json(r.get(7))?,
    })
}

fn actions_of(c: &mut Client, id: &str) -> Result<Vec<ActionRow>, StoreError> {
    Ok(c.query(
        "SELECT action, hash FROM actions WHERE table_id = $1 ORDER BY idx",
        &[&id],
    )?
    .iter()
    .map(|r| ActionRow {
        text: r.get(0),
        hash: r.get(1),
    })
    .collect())
}

impl Store for PgStore {
    /// Save the table and take its lease, in one transaction.
    fn create_table(&self, t: &TableRow) -> Result<(), StoreError> {
        let (t, owner, address) = (t.clone(), self.owner.clone(), self.address.clone());
        self.call(move |c| {
            let mut tx = c.transaction()?;
            tx.execute(
                "INSERT INTO tables (id, game, config, server_seed, bot_seed, tokens, bots,
                     player_seeds) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                &[
                    &t.id,
                    &t.game,
                    &t.config,
                    &t.server_seed,
                    &(t.bot_seed as i64),
                    &to_json(&t.tokens),
                    &to_json(&t.bots),
                    &to_json(&t.player_seeds),
                ],
            )?;
            tx.execute(
                "INSERT INTO leases (table_id, owner, address, expires)
                 VALUES ($1, $2, $3, clock_timestamp() + $4 * interval '1 second')",
                &[&t.id, &owner, &address, &lease_secs()],
            )?;
            tx.commit()?;
            Ok(())
        })
    }

    fn set_player_seeds(&self, id: &str, seeds: &[Option<String>]) -> Result<(), StoreError> {
        let (id, seeds, owner) = (id.to_owned(), to_json(&seeds), self.owner.clone());
        self.call(move |c| {
            let mut tx = c.transaction()?;
            hold_lease(&mut tx, &id, &owner)?;
            tx.execute(
                "UPDATE tables SET player_seeds = $1 WHERE id = $2",
                &[&seeds, &id],
            )?;
            tx.commit()?;
            Ok(())
        })
    }

    fn append_action(&self, id: &str, index: u32, a: &ActionRow) -> Result<(), StoreError> {
        let (id, a, owner) = (id.to_owned(), a.clone(), self.owner.clone());
        self.call(move |c| {
            let mut tx = c.transaction()?;
            hold_lease(&mut tx, &id, &owner)?;
            let count: i64 = tx
                .query_one("SELECT COUNT(*) FROM actions WHERE table_id = $1", &[&id])?
                .get(0);
            if count != i64::from(index) {
                return Err(StoreError(format!(
                    "table {id} has {count} saved actions, not {index}"
                )));
            }
            tx.execute(
                "INSERT INTO actions (table_id, idx, action, hash) VALUES ($1, $2, $3, $4)",
                &[&id, &(index as i32), &a.text, &a.hash],
            )?;
            tx.commit()?;
            Ok(())
        })
    }

    /// The tables whose lease this process holds, with their actions.
    fn load_all(&self) -> Result<Vec<(TableRow, Vec<ActionRow>)>, StoreError> {
        let owner = self.owner.clone();
        self.call(move |c| {
            let rows = c.query(
                "SELECT t.id, t.game, t.config, t.server_seed, t.bot_seed, t.tokens, t.bots,
                     t.player_seeds
                 FROM tables t JOIN leases l ON l.table_id = t.id
                 WHERE l.owner = $1 ORDER BY t.seq",
                &[&owner],
            )?;
            let mut out = Vec::with_capacity(rows.len());
            for r in &rows {
                let table = table_row(r)?;
                let actions = actions_of(c, &table.id)?;
                out.push((table, actions));
            }
            Ok(out)
        })
    }
}
