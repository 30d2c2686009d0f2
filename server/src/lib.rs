//! A reference authoritative game server for the three games of `dangian`.
//!
//! The server holds every game; clients send actions and receive only what their seat may
//! see. Tables are created over HTTP and played over WebSocket; chance is drawn with the
//! engine's provably fair commit–reveal scheme; every accepted action is saved in SQLite
//! (or PostgreSQL, which several processes may share) before it is acknowledged, and
//! unfinished tables are restored on start by replaying their actions. The protocol and the
//! guarantees are described in the crate's README.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod postgres;
pub mod protocol;
pub mod store;
pub mod table;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Instant;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::Value;
use tokio::net::TcpListener;
use tower_http::services::ServeDir;

use crate::postgres::{Claim, PgStore};
use crate::protocol::{
    ClientMessage, CreateTable, HttpError, ServerMessage, CLIENT_TYPES, MAX_CLIENT_MESSAGE,
    MAX_CREATE_BODY, MAX_WS_MESSAGE,
};
use crate::store::{SqliteStore, Store};
use crate::table::{Job, Refusal, Table};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The directory of `dangian.sqlite`.
    pub data_dir: PathBuf,
    /// Messages a connection may send per second, on average, before it is closed as a
    /// flood.
    pub flood_rate: f64,
    /// How many messages a connection may send at once above that rate.
    pub flood_burst: f64,
    /// The web package's directory (holding `demo/` and `dist/`), served as static files:
    /// the demo at `/demo/`, its engine at `/dist/`; `None` serves no files.
    pub web_dir: Option<PathBuf>,
    /// A PostgreSQL URL (`postgres://user@host:port/db`) to keep the tables in, instead of
    /// SQLite in `data_dir`; several processes may share it (see [`crate::postgres`]).
    pub database: Option<String>,
    /// The address (`host:port`) other processes over the same PostgreSQL send a table's
    /// clients to; the address listened on when `None`.
    pub advertise: Option<String>,
}

impl Default for Settings {
    /// `./data`, 50 messages a second with bursts of 100, the web demo of the workspace the
    /// server was built in when it has been built ([`default_web_dir`]).
    fn default() -> Self {
        Settings {
            data_dir: PathBuf::from("data"),
            flood_rate: 50.0,
            flood_burst: 100.0,
            web_dir: default_web_dir(),
            database: None,
            advertise: None,
        }
    }
}

/// The web package of the workspace the server was built in (`bindings/js`), when its demo
/// and its build (`dist/index.js`, made by `bindings/js/build.sh`) are there.
pub fn default_web_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("bindings")
        .join("js");
    web_dir_ready(&dir).then_some(dir)
}

/// Whether `dir` holds the demo (`demo/index.html`) and the built package (`dist/index.js`).
pub fn web_dir_ready(dir: &std::path::Path) -> bool {
    dir.join("demo").join("index.html").is_file() && dir.join("dist").join("index.js").is_file()
}

/// The line the server prints about its web demo: where to open it, or why there is none.
pub fn web_line(settings: &Settings, addr: SocketAddr) -> String {
    match &settings.web_dir {
        Some(dir) if web_dir_ready(dir) => format!("web demo: http://{addr}/demo/ (play online there)"),
        Some(dir) => format!(
            "no web demo: {} has no demo/index.html and dist/index.js (build it with bindings/js/build.sh)",
            dir.display()
        ),
        None => "no web demo: the web package is not built (bindings/js/build.sh) or --web was not given; the API is served".into(),
    }
}

/// The server's shared state: the store and the tables.
pub struct App {
    store: Arc<dyn Store>,
    /// The PostgreSQL store when the database is shared: who serves which table.
    pg: Option<Arc<PgStore>>,
    tables: RwLock<HashMap<String, Arc<Table>>>,
    settings: Settings,
}

/// Why the server could not start.
#[derive(Debug)]
pub struct StartError(pub String);

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StartError {}

impl App {
    /// Open the database in `settings.data_dir` (made if missing), or the PostgreSQL
    /// database of `settings.database`, and restore every saved table by replaying its
    /// actions. With PostgreSQL the process is advertised at `settings.advertise`, else at
    /// `127.0.0.1:8080` (see [`App::open_at`]).
    ///
    /// # Errors
    /// When the database cannot be opened or a table does not replay to its saved hashes.
    pub fn open(settings: Settings) -> Result<Arc<App>, StartError> {
        let address = settings
            .advertise
            .clone()
            .unwrap_or_else(|| "127.0.0.1:8080".into());
        App::open_at(settings, &address)
    }

    /// As [`App::open`], advertised at `address` to the other processes over the same
    /// PostgreSQL: with `settings.database`, the tables restored are those whose lease
    /// expired (all of them when no other process runs), each taken over.
    ///
    /// # Errors
    /// As [`App::open`].
    pub fn open_at(settings: Settings, address: &str) -> Result<Arc<App>, StartError> {
        let (store, pg): (Arc<dyn Store>, _) = match &settings.database {
            Some(url) => {
                let pg =
                    Arc::new(PgStore::open(url, address).map_err(|e| StartError(e.to_string()))?);
                pg.take_expired().map_err(|e| StartError(e.to_string()))?;
                (pg.clone(), Some(pg))
            }
            None => {
                std::fs::create_dir_all(&settings.data_dir)
                    .map_err(|e| StartError(format!("{}: {e}", settings.data_dir.display())))?;
                let sqlite = SqliteStore::open(&settings.data_dir.join("dangian.sqlite"))
                    .map_err(|e| StartError(e.to_string()))?;
                (Arc::new(sqlite), None)
            }
        };
        let mut tables = HashMap::new();
        for (row, actions) in store.load_all().map_err(|e| StartError(e.to_string()))? {
            let table = Table::restore(store.clone(), &row, &actions).map_err(StartError)?;
            tables.insert(row.id.clone(), Arc::new(table));
        }
        Ok(Arc::new(App {
            store,
            pg,
            tables: RwLock::new(tables),
            settings,
        }))
    }

    fn table(&self, id: &str) -> Option<Arc<Table>> {
        self.tables
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned()
    }

    /// The table `id` if this process serves it, or the answer to give: `404`, or with a
    /// shared PostgreSQL, `307` to the process that holds its lease (a table whose lease is
    /// free is taken over and served here).
    async fn find(&self, id: &str, uri: &Uri) -> Result<Arc<Table>, Response> {
        if let Some(t) = self.table(id) {
            return Ok(t);
        }
        let Some(pg) = self.pg.clone() else {
            return Err(not_found());
        };
        let claim = {
            let (pg, id) = (pg.clone(), id.to_owned());
            tokio::task::spawn_blocking(move || pg.claim(&id)).await
        };
        match claim {
            Ok(Ok(Claim::Mine)) => {
                self.adopt(&pg, vec![id.to_owned()]).await;
                self.table(id).ok_or_else(|| {
                    error_response(
                        StatusCode::SERVICE_UNAVAILABLE,
                        &Refusal::new("storage", "the table could not be restored"),
                    )
                })
            }
            Ok(Ok(Claim::Elsewhere(address))) => {
                let location = format!(
                    "http://{address}{}",
                    uri.path_and_query().map_or(uri.path(), |p| p.as_str())
                );
                let mut r = error_response(
                    StatusCode::TEMPORARY_REDIRECT,
                    &Refusal::new("elsewhere", format!("the table is served by {address}")),
                );
                if let Ok(v) = location.parse() {
                    r.headers_mut().insert(axum::http::header::LOCATION, v);
                }
                Err(r)
            }
            Ok(Ok(Claim::NoTable)) => Err(not_found()),
            Ok(Err(e)) => Err(error_response(
                StatusCode::SERVICE_UNAVAILABLE,
                &Refusal::new("storage", e.to_string()),
            )),
            Err(e) => Err(error_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                &Refusal::new("internal", e.to_string()),
            )),
        }
    }

    /// Restore the tables `ids` (whose leases this process has just taken) from the
    /// database, and serve them; those already served are left as they are.
    async fn adopt(&self, pg: &Arc<PgStore>, ids: Vec<String>) {
        for id in ids {
            if self.table(&id).is_some() {
                continue;
            }
            let (pg2, store, id2) = (pg.clone(), self.store.clone(), id.clone());
            let restored = tokio::task::spawn_blocking(move || {
                let (row, actions) = pg2
                    .load_table(&id2)
                    .map_err(|e| e.to_string())?
                    .ok_or_else(|| format!("no table {id2}"))?;
                Table::restore(store, &row, &actions)
            })
            .await;
            match restored {
                Ok(Ok(table)) => {
                    let table = Arc::new(table);
                    let fresh = {
                        let mut tables = self.tables.write().unwrap_or_else(|e| e.into_inner());
                        if tables.contains_key(&id) {
                            false
                        } else {
                            tables.insert(id.clone(), table.clone());
                            true
                        }
                    };
                    if fresh {
                        tokio::spawn(drive(table));
                    }
                }
                Ok(Err(e)) => eprintln!("table {id}: cannot be restored: {e}"),
                Err(e) => eprintln!("table {id}: cannot be restored: {e}"),
            }
        }
    }

    /// Every [`RENEW`](crate::postgres::RENEW): renew this process's leases, stop serving the tables whose
    /// lease it lost (their connections are closed; a client reconnecting is sent to the new
    /// holder), and take over the tables whose lease expired.
    async fn keep_leases(self: Arc<App>, pg: Arc<PgStore>) {
        loop {
            tokio::time::sleep(crate::postgres::RENEW).await;
            let before: Vec<String> = self
                .tables
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .keys()
                .cloned()
                .collect();
            let pg2 = pg.clone();
            let renewed = tokio::task::spawn_blocking(move || pg2.renew()).await;
            let held = match renewed {
                Ok(Ok(held)) => held,
                Ok(Err(e)) => {
                    eprintln!("leases: {e}");
                    continue;
                }
                Err(e) => {
                    eprintln!("leases: {e}");
                    continue;
                }
            };
            for id in before.iter().filter(|id| !held.contains(id)) {
                let lost = self
                    .tables
                    .write()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(id);
                if let Some(table) = lost {
                    eprintln!("table {id}: lease lost, no longer served here");
                    table.inner.lock().await.retire();
                }
            }
            let pg2 = pg.clone();
            match tokio::task::spawn_blocking(move || pg2.take_expired()).await {
                Ok(Ok(taken)) if !taken.is_empty() => self.adopt(&pg, taken).await,
                Ok(Ok(_)) => {}
                Ok(Err(e)) => eprintln!("leases: {e}"),
                Err(e) => eprintln!("leases: {e}"),
            }
        }
    }

    fn all_tables(&self) -> Vec<Arc<Table>> {
        self.tables
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect()
    }
}

/// The HTTP and WebSocket routes of the server, and the web demo's files when
/// `settings.web_dir` is set.
pub fn router(app: Arc<App>) -> Router {
    let web = app.settings.web_dir.clone();
    let api = Router::new()
        .route("/tables", post(create_table))
        .route("/tables/{id}", get(get_table))
        .route("/tables/{id}/record", get(get_record))
        .route("/tables/{id}/ws", get(ws_upgrade))
        .layer(DefaultBodyLimit::max(MAX_CREATE_BODY))
        .with_state(app);
    match web {
        Some(dir) => api.merge(web_routes(&dir)),
        None => api,
    }
}

/// A redirection to the demo's page, with the query kept (`/?lang=en` to `/demo/?lang=en`).
async fn to_demo(uri: Uri) -> Redirect {
    match uri.query() {
        Some(q) => Redirect::to(&format!("/demo/?{q}")),
        None => Redirect::to("/demo/"),
    }
}

/// The web demo as static files: `/demo/` (the page) and `/dist/` (the package it imports,
/// the engine's wasm among it), `/` sending to `/demo/`. Only these two directories of the
/// package are served.
pub fn web_routes(dir: &std::path::Path) -> Router {
    Router::new()
        .route("/", get(to_demo))
        .route("/demo", get(to_demo))
        .nest_service("/demo/", ServeDir::new(dir.join("demo")))
        .nest_service("/dist/", ServeDir::new(dir.join("dist")))
}

/// Serve on `listener` until the process ends: restore the saved tables, let their bots and
/// chance move, then answer requests.
///
/// # Errors
/// As [`App::open`], or when serving fails.
pub async fn serve(listener: TcpListener, settings: Settings) -> Result<(), StartError> {
    let address = match &settings.advertise {
        Some(a) => a.clone(),
        None => listener
            .local_addr()
            .map_err(|e| StartError(e.to_string()))?
            .to_string(),
    };
    let app = tokio::task::spawn_blocking(move || App::open_at(settings, &address))
        .await
        .map_err(|e| StartError(e.to_string()))??;
    for table in app.all_tables() {
        tokio::spawn(drive(table));
    }
    if let Some(pg) = app.pg.clone() {
        tokio::spawn(app.clone().keep_leases(pg));
    }
    axum::serve(listener, router(app))
        .await
        .map_err(|e| StartError(e.to_string()))
}

fn error_response(status: StatusCode, r: &Refusal) -> Response {
    (
        status,
        Json(HttpError {
            kind: "error".into(),
            code: r.code.into(),
            message: r.message.clone(),
        }),
    )
        .into_response()
}

fn not_found() -> Response {
    error_response(
        StatusCode::NOT_FOUND,
        &Refusal::new("no_table", "no table has this id"),
    )
}

async fn create_table(State(app): State<Arc<App>>, body: String) -> Response {
    let req: CreateTable = match serde_json::from_str(&body) {
        Ok(r) => r,
        Err(e) => {
            return error_response(
                StatusCode::BAD_REQUEST,
                &Refusal::new("malformed", e.to_string()),
            )
        }
    };
    let store = app.store.clone();
    let made = tokio::task::spawn_blocking(move || Table::create(store, &req)).await;
    match made {
        Ok(Ok((table, created))) => {
            let table = Arc::new(table);
            app.tables
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .insert(table.id.clone(), table.clone());
            tokio::spawn(drive(table));
            (StatusCode::CREATED, Json(created)).into_response()
        }
        Ok(Err(r)) => error_response(StatusCode::BAD_REQUEST, &r),
        Err(e) => error_response(
            StatusCode::INTERNAL_SERVER_ERROR,
            &Refusal::new("internal", e.to_string()),
        ),
    }
}

async fn get_table(State(app): State<Arc<App>>, Path(id): Path<String>, uri: Uri) -> Response {
    let table = match app.find(&id, &uri).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let info = table.inner.lock().await.public_info();
    Json(info).into_response()
}

async fn get_record(State(app): State<Arc<App>>, Path(id): Path<String>, uri: Uri) -> Response {
    let table = match app.find(&id, &uri).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let record = table.inner.lock().await.record_json();
    match record {
        Some(r) => ([("content-type", "application/json")], r).into_response(),
        None => error_response(
            StatusCode::CONFLICT,
            &Refusal::new(
                "not_over",
                "the record (it names every chance outcome) is given once the game is over",
            ),
        ),
    }
}

async fn ws_upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    uri: Uri,
    ws: WebSocketUpgrade,
) -> Response {
    let table = match app.find(&id, &uri).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let seat = {
        let mut inner = table.inner.lock().await;
        match inner.seat_of(query.get("token").map(String::as_str)) {
            Ok(seat) => seat,
            Err(r) => {
                inner.refuse(None, &r);
                return error_response(StatusCode::FORBIDDEN, &r);
            }
        }
    };
    let settings = app.settings.clone();
    ws.max_message_size(MAX_WS_MESSAGE)
        .max_frame_size(MAX_WS_MESSAGE)
        .on_upgrade(move |socket| connection(socket, table, seat, settings))
}

/// How long a connection closed as a flood is still read (and its messages dropped) so
/// that its client receives the error and the close.
pub const FLOOD_DRAIN: std::time::Duration = std::time::Duration::from_secs(1);

/// A token bucket: `rate` messages a second, `burst` at once.
struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn error_text(r: &Refusal) -> String {
    serde_json::to_string(&ServerMessage::Error {
        code: r.code.into(),
        message: r.message.clone(),
    })
    .unwrap_or_default()
}

async fn connection(mut socket: WebSocket, table: Arc<Table>, seat: Option<u32>, s: Settings) {
    let (sub, mut rx) = table.inner.lock().await.subscribe(seat);
    let mut bucket = Bucket {
        tokens: s.flood_burst,
        last: Instant::now(),
        rate: s.flood_rate,
        burst: s.flood_burst,
    };
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let message = match incoming {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(m)) => m,
                };
                // Every message counts against the flood limit, pings included.
                if !bucket.take() {
                    let r = Refusal::new("flood", "too many messages: the connection is closed");
                    table.inner.lock().await.refuse(None, &r);
                    let _ = socket.send(Message::Text(error_text(&r).into())).await;
                    let _ = socket.send(Message::Close(None)).await;
                    // The closing handshake: read (and drop) what is still coming for a
                    // moment, so that the client gets the error and the close rather than a
                    // reset connection.
                    let drain = async { while let Some(Ok(m)) = socket.recv().await {
                        if matches!(m, Message::Close(_)) { break; }
                    } };
                    let _ = tokio::time::timeout(FLOOD_DRAIN, drain).await;
                    break;
                }
                let text = match message {
                    Message::Ping(_) | Message::Pong(_) => continue,
                    Message::Text(t) => Some(t),
                    _ => None,
                };
                let changed = match text {
                    Some(t) => on_text(&table, sub, seat, t.as_str()).await,
                    None => {
                        let r = Refusal::new("malformed", "messages are JSON text");
                        table.inner.lock().await.refuse(Some(sub), &r);
                        false
                    }
                };
                if changed {
                    tokio::spawn(drive(table.clone()));
                }
            }
            out = rx.recv() => match out {
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
        }
    }
    table.inner.lock().await.unsubscribe(sub);
}

/// Read one client message: bounded, strict, then handled under the table's lock. Returns
/// whether the table changed.
async fn on_text(table: &Table, sub: u64, seat: Option<u32>, text: &str) -> bool {
    let parsed = parse_client(text);
    let mut inner = table.inner.lock().await;
    match parsed {
        Ok(msg) => inner.handle(sub, seat, msg).unwrap_or(false),
        Err(r) => {
            inner.refuse(Some(sub), &r);
            false
        }
    }
}

/// Parse a client message, telling an oversized, a malformed and an unknown one apart.
///
/// # Errors
/// `too_large`, `malformed` or `unknown_type`.
pub fn parse_client(text: &str) -> Result<ClientMessage, Refusal> {
    if text.len() > MAX_CLIENT_MESSAGE {
        return Err(Refusal::new(
            "too_large",
            format!("a message has at most {MAX_CLIENT_MESSAGE} bytes"),
        ));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| Refusal::new("malformed", e.to_string()))?;
    let kind = value
        .get("type")
        .and_then(Value::as_str)
        .ok_or_else(|| Refusal::new("malformed", "a message is an object with a \"type\""))?;
    if !CLIENT_TYPES.contains(&kind) {
        return Err(Refusal::new(
            "unknown_type",
            format!("no message type {kind:?} (act, seed, sync)"),
        ));
    }
    serde_json::from_value(value).map_err(|e| Refusal::new("malformed", e.to_string()))
}

/// Let the server's own seats move: fair chance and bots, until a human is to move or the
/// game is over. Several may run at once for a table: each action is applied only at the
/// move number it was chosen for.
pub async fn drive(table: Arc<Table>) {
    loop {
        let job = table.inner.lock().await.next_job();
        match job {
            None => return,
            Some(Job::Chance(id)) => {
                let mut inner = table.inner.lock().await;
                // Another driver may have drawn it: only draw what is still due.
                if !matches!(inner.next_job(), Some(Job::Chance(i)) if i == id) {
                    continue;
                }
                if let Err(r) = inner.commit(id) {
                    drop(inner);
                    retry_later(&table.id, &r).await;
                }
            }
            Some(Job::Bot {
                game,
                seat,
                level,
                seed,
            }) => {
                let at = game.move_number();
                let chosen =
                    tokio::task::spawn_blocking(move || game.bot_choose(seat, level, seed)).await;
                let Ok(Ok(id)) = chosen else { return };
                let mut inner = table.inner.lock().await;
                if inner.move_number() != at {
                    continue;
                }
                if let Err(r) = inner.commit(id) {
                    drop(inner);
                    retry_later(&table.id, &r).await;
                }
            }
        }
        tokio::task::yield_now().await;
    }
}

/// How long the server waits before it tries again an action of its own (chance, a bot)
/// that could not be saved.
pub const RETRY: std::time::Duration = std::time::Duration::from_secs(1);

/// Report an action of the server's own that could not be saved, and wait before the next
/// try: the table is unchanged meanwhile, and plays on once storage works again.
async fn retry_later(table: &str, r: &Refusal) {
    eprintln!("table {table}: {} ({}); trying again", r.message, r.code);
    tokio::time::sleep(RETRY).await;
}

/// Parse the command line: `[--addr ADDR] [--data DIR | --database URL] [--advertise ADDR]
/// [--web DIR | --no-web] [--flood-rate N] [--flood-burst N]`; the database URL may also come
/// from the environment variable `DANGIAN_DATABASE_URL`.
///
/// # Errors
/// The first thing wrong, in words.
pub fn parse_args(
    args: impl IntoIterator<Item = String>,
) -> Result<(SocketAddr, Settings), String> {
    let mut addr: SocketAddr = "127.0.0.1:8080".parse().map_err(|_| "address")?;
    let mut settings = Settings {
        database: std::env::var("DANGIAN_DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty()),
        ..Settings::default()
    };
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--addr" => addr = value()?.parse().map_err(|e| format!("--addr: {e}"))?,
            "--data" => settings.data_dir = PathBuf::from(value()?),
            "--web" => settings.web_dir = Some(PathBuf::from(value()?)),
            "--no-web" => settings.web_dir = None,
            "--database" => settings.database = Some(value()?),
            "--advertise" => settings.advertise = Some(value()?),
            "--flood-rate" => {
                settings.flood_rate = value()?.parse().map_err(|e| format!("--flood-rate: {e}"))?
            }
            "--flood-burst" => {
                settings.flood_burst = value()?
                    .parse()
                    .map_err(|e| format!("--flood-burst: {e}"))?
            }
            "-h" | "--help" => {
                return Err(
                    "usage: dangian-server [--addr 127.0.0.1:8080] [--data ./data | --database postgres://…] \
                            [--advertise HOST:PORT] [--web bindings/js | --no-web] [--flood-rate 50] [--flood-burst 100]"
                        .into(),
                )
            }
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    Ok((addr, settings))
}
