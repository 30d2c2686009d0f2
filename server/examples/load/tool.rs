//! The core of the load tool (`examples/load/main.rs`), also run for a second by
//! `tests/load.rs`: tables of two seats played over real WebSocket connections with random
//! legal actions, as fast as the server answers; every round trip of an action (the `act`
//! sent, its `update` received) is timed.
#![allow(dead_code)] // the test uses part of it

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Tables played at once.
    pub tables: usize,
    /// How long they play.
    pub seconds: f64,
    /// `o_an_quan`, `ca_ngua` or `domino`.
    pub game: String,
    /// A bot level for seat 1 (then only seat 0 is played over WebSocket).
    pub bot: Option<String>,
    /// The address of a running server (`HOST:PORT`); `None` starts one in this process.
    pub addr: Option<SocketAddr>,
    /// The data folder of the server started in process (a new temporary folder if `None`).
    pub data: Option<PathBuf>,
    /// The seed of the random choices.
    pub seed: u64,
    /// The process id of the server loaded with `addr`, to read its memory and CPU time.
    pub server_pid: Option<u32>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            tables: 10,
            seconds: 10.0,
            game: "o_an_quan".into(),
            bot: None,
            addr: None,
            data: None,
            seed: 1,
            server_pid: None,
        }
    }
}

/// What was measured.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Tables played at once.
    pub tables: usize,
    /// WebSocket connections open at once.
    pub connections: usize,
    /// The time the tables played.
    pub seconds: f64,
    /// Actions acknowledged (an `act` answered by its `update`).
    pub actions: u64,
    /// Actions applied at the tables, chance and bots included (the updates of seat 0).
    pub applied: u64,
    /// Games played to their end (each then replaced by a new table).
    pub games_finished: u64,
    /// Tables created, the first ones included.
    pub tables_created: u64,
    /// Error messages received (none expected).
    pub errors: u64,
    /// Every round trip, in microseconds, sorted.
    pub latencies_us: Vec<u64>,
    /// The server process's resident memory (KiB) at start, after creating the tables,
    /// after connecting their seats (with the server in this process, the clients' side of
    /// the connections is counted too).
    pub rss_kib: Option<[u64; 3]>,
    /// CPU time (user + system) of the server's process while the tables played, in seconds
    /// (with the clients' when the server runs in this process).
    pub cpu_seconds: Option<f64>,
    /// Whether the server ran in this process.
    pub in_process: bool,
}

impl Report {
    /// Actions acknowledged per second.
    pub fn actions_per_second(&self) -> f64 {
        self.actions as f64 / self.seconds.max(1e-9)
    }

    /// The round trip at quantile `q` (0 to 1), in milliseconds.
    pub fn latency_ms(&self, q: f64) -> f64 {
        if self.latencies_us.is_empty() {
            return f64::NAN;
        }
        let i = ((self.latencies_us.len() - 1) as f64 * q).round() as usize;
        self.latencies_us[i] as f64 / 1000.0
    }

    /// The report as text, one fact a line.
    pub fn text(&self, game: &str, bot: Option<&str>) -> String {
        let mut out = String::new();
        let seats = match bot {
            Some(level) => format!("seat 0 over WebSocket, seat 1 a bot ({level})"),
            None => "two seats over WebSocket".into(),
        };
        out += &format!(
            "game {game}: {} tables ({seats}), {} connections, {:.1} s\n",
            self.tables, self.connections, self.seconds
        );
        out += &format!(
            "actions acknowledged: {} ({:.0}/s); actions applied (chance and bots included): {} ({:.0}/s)\n",
            self.actions,
            self.actions_per_second(),
            self.applied,
            self.applied as f64 / self.seconds.max(1e-9),
        );
        out += &format!(
            "games finished {}, tables created {}, errors {}\n",
            self.games_finished, self.tables_created, self.errors
        );
        out += &format!(
            "round trip act -> update (ms): p50 {:.2}, p90 {:.2}, p99 {:.2}, max {:.2}\n",
            self.latency_ms(0.5),
            self.latency_ms(0.9),
            self.latency_ms(0.99),
            self.latency_ms(1.0)
        );
        let (whose, ends) = if self.in_process {
            ("server and clients", "both ends, in process")
        } else {
            ("server", "the server's end")
        };
        if let Some([start, created, connected]) = self.rss_kib {
            let n = self.tables.max(1) as f64;
            out += &format!(
                "memory (RSS): {:.1} MiB at start; per table {:.1} KiB created, {:.1} KiB with its connections ({ends})\n",
                start as f64 / 1024.0,
                created.saturating_sub(start) as f64 / n,
                connected.saturating_sub(start) as f64 / n
            );
        }
        if let Some(cpu) = self.cpu_seconds {
            out += &format!(
                "CPU time ({whose}): {cpu:.1} s ({:.2} cores), {:.0} us per action applied\n",
                cpu / self.seconds.max(1e-9),
                cpu * 1e6 / (self.applied.max(1) as f64)
            );
        }
        out
    }
}

fn proc_file(pid: Option<u32>, name: &str) -> Option<String> {
    let pid = pid.map_or("self".to_owned(), |p| p.to_string());
    std::fs::read_to_string(format!("/proc/{pid}/{name}")).ok()
}

/// The resident memory of a process (this one if `None`) in KiB (`VmRSS`), on Linux.
pub fn rss_kib(pid: Option<u32>) -> Option<u64> {
    let status = proc_file(pid, "status")?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time (user + system) of a process (this one if `None`) in seconds, on Linux (100
/// ticks a second).
pub fn cpu_seconds(pid: Option<u32>) -> Option<f64> {
    let stat = proc_file(pid, "stat")?;
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After the name: state is field 3, utime field 14, stime field 15.
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// A small deterministic random generator for choosing actions.
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// One HTTP/1.1 request (the connection closed after it); the status and the body.
async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> Result<(u16, String), String> {
    let mut stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut response = Vec::new();
    stream
        .read_to_end(&mut response)
        .await
        .map_err(|e| e.to_string())?;
    let response = String::from_utf8(response).map_err(|e| e.to_string())?;
    let (head, body) = response
        .split_once("\r\n\r\n")
        .ok_or("not an HTTP response")?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no HTTP status")?;
    Ok((status, body.to_owned()))
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A new table with its human seats connected.
async fn new_table(addr: SocketAddr, request: &str) -> Result<Vec<Ws>, String> {
    let (id, tokens) = create(addr, request).await?;
    connect(addr, &id, &tokens).await
}

/// `POST /tables`: the id and the seats' tokens.
async fn create(addr: SocketAddr, request: &str) -> Result<(String, Vec<String>), String> {
    let (status, body) = http(addr, "POST", "/tables", request).await?;
    if status != 201 {
        return Err(format!("POST /tables: {status} {body}"));
    }
    let created: Value = serde_json::from_str(&body).map_err(|e| e.to_string())?;
    let id = created["id"].as_str().ok_or("no id")?.to_owned();
    let tokens = created["tokens"]
        .as_array()
        .ok_or("no tokens")?
        .iter()
        .filter_map(|t| t["token"].as_str().map(str::to_owned))
        .collect();
    Ok((id, tokens))
}

async fn connect(addr: SocketAddr, id: &str, tokens: &[String]) -> Result<Vec<Ws>, String> {
    let mut seats = Vec::new();
    for token in tokens {
        let url = format!("ws://{addr}/tables/{id}/ws?token={token}");
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| e.to_string())?;
        seats.push(ws);
    }
    Ok(seats)
}

/// What one seat of one game measured.
#[derive(Default)]
struct Played {
    latencies_us: Vec<u64>,
    actions: u64,
    applied: u64,
    errors: u64,
    finished: bool,
}

/// Play one seat with random legal actions until the game ends or `deadline`.
async fn play_seat(mut ws: Ws, mut pick: Pick, deadline: tokio::time::Instant) -> Played {
    let mut out = Played::default();
    let mut me = None;
    let mut seeded = false;
    let mut last_acted: Option<u64> = None;
    let mut pending: Option<(u64, Instant)> = None;
    loop {
        let message = match tokio::time::timeout_at(deadline, ws.next()).await {
            Err(_) | Ok(None) | Ok(Some(Err(_))) => break,
            Ok(Some(Ok(Message::Text(t)))) => t,
            Ok(Some(Ok(Message::Close(_)))) => break,
            Ok(Some(Ok(_))) => continue,
        };
        let Ok(m) = serde_json::from_str::<Value>(message.as_str()) else {
            out.errors += 1;
            continue;
        };
        match m["type"].as_str() {
            Some("welcome") => me = m["seat"].as_u64(),
            Some("update") => {
                if me == Some(0) {
                    out.applied += 1;
                }
                if let Some((index, sent)) = pending {
                    if m["index"].as_u64() == Some(index) {
                        out.latencies_us.push(sent.elapsed().as_micros() as u64);
                        out.actions += 1;
                        pending = None;
                    }
                }
            }
            Some("error") => {
                out.errors += 1;
                pending = None;
            }
            Some("state") => {
                if !seeded {
                    seeded = true;
                    let missing = m["seeds_missing"].as_array().cloned().unwrap_or_default();
                    if me.is_some_and(|s| missing.iter().any(|x| x.as_u64() == Some(s))) {
                        let seed = json!({"type": "seed", "seed": format!("load {}", pick.0)});
                        if ws.send(Message::text(seed.to_string())).await.is_err() {
                            break;
                        }
                    }
                }
                if !m["outcome"].is_null() {
                    out.finished = true;
                    break;
                }
                let at = m["move_number"].as_u64();
                let legal = m["legal"].as_array().map(Vec::as_slice).unwrap_or(&[]);
                if !legal.is_empty() && pending.is_none() && last_acted < at {
                    let at = at.unwrap_or(0);
                    last_acted = Some(at);
                    let action = &legal[pick.below(legal.len())]["id"];
                    let act = json!({"type": "act", "move_number": at, "action": action});
                    pending = Some((at, Instant::now()));
                    if ws.send(Message::text(act.to_string())).await.is_err() {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    let _ = ws.close(None).await;
    out
}

/// One table slot: play its game, then a new table, until `deadline`.
async fn table_slot(
    addr: SocketAddr,
    request: String,
    first: Vec<Ws>,
    seed: u64,
    deadline: tokio::time::Instant,
) -> (Played, u64, u64) {
    let mut total = Played::default();
    let mut games = 0;
    let mut created = 0;
    let mut seats = Some(first);
    let mut pick = Pick(seed | 1);
    loop {
        let seats = match seats.take() {
            Some(s) => s,
            None => match tokio::time::timeout_at(deadline, new_table(addr, &request)).await {
                Ok(Ok(s)) => {
                    created += 1;
                    s
                }
                Ok(Err(_)) => {
                    total.errors += 1;
                    break;
                }
                Err(_) => break,
            },
        };
        let players: Vec<_> = seats
            .into_iter()
            .map(|ws| {
                pick.below(2);
                tokio::spawn(play_seat(ws, Pick(pick.0 | 1), deadline))
            })
            .collect();
        let mut finished = true;
        for p in players {
            let played = p.await.unwrap_or_default();
            finished &= played.finished;
            total.latencies_us.extend(played.latencies_us);
            total.actions += played.actions;
            total.applied += played.applied;
            total.errors += played.errors;
        }
        if !finished {
            break;
        }
        games += 1;
    }
    (total, games, created)
}

/// Run the load: start a server (unless `options.addr`), create the tables, connect their
/// seats, play for `options.seconds`, and report.
///
/// # Errors
/// When the server cannot start or a table cannot be created or connected.
pub async fn run(options: &Options) -> Result<Report, String> {
    let mut _dir = None;
    let addr = match options.addr {
        Some(a) => a,
        None => {
            let data = match &options.data {
                Some(d) => d.clone(),
                None => {
                    let d = tempfile::tempdir().map_err(|e| e.to_string())?;
                    let p = d.path().to_path_buf();
                    _dir = Some(d);
                    p
                }
            };
            let listener = TcpListener::bind("127.0.0.1:0")
                .await
                .map_err(|e| e.to_string())?;
            let addr = listener.local_addr().map_err(|e| e.to_string())?;
            // No flood limit: the tool's seats send as fast as they are answered.
            let settings = dangian_server::Settings {
                data_dir: data,
                flood_rate: 1e9,
                flood_burst: 1e9,
                web_dir: None,
                ..dangian_server::Settings::default()
            };
            tokio::spawn(async move {
                if let Err(e) = dangian_server::serve(listener, settings).await {
                    eprintln!("server: {e}");
                }
            });
            addr
        }
    };
    let in_process = options.addr.is_none();
    // Whose memory and CPU time are read: this process's, or the server's given by its id.
    let measured = if in_process { None } else { options.server_pid };
    let measure = in_process || options.server_pid.is_some();
    let mut request = json!({"game": options.game, "seats": 2});
    if let Some(level) = &options.bot {
        request["bots"] = json!([{"seat": 1, "level": level}]);
    }
    let request = request.to_string();

    // Let the server start (it answers 404 for no table once it serves).
    let mut tries = 0;
    while http(addr, "GET", "/tables/none", "").await.is_err() {
        tries += 1;
        if tries > 100 {
            return Err(format!("no server at {addr}"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let rss_start = rss_kib(measured);
    let mut made = Vec::with_capacity(options.tables);
    for _ in 0..options.tables {
        made.push(create(addr, &request).await?);
    }
    let rss_created = rss_kib(measured);
    let mut slots = Vec::with_capacity(options.tables);
    for (id, tokens) in &made {
        slots.push(connect(addr, id, tokens).await?);
    }
    // Let every connection be set up on the server's side (its welcome and state queued).
    tokio::time::sleep(Duration::from_millis(200)).await;
    let rss_connected = rss_kib(measured);
    let connections = slots.iter().map(Vec::len).sum();

    let cpu_start = cpu_seconds(measured);
    let start = Instant::now();
    let deadline = tokio::time::Instant::now() + Duration::from_secs_f64(options.seconds);
    let mut tasks = Vec::with_capacity(options.tables);
    for (i, seats) in slots.into_iter().enumerate() {
        let seed = options.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (i as u64 + 1);
        tasks.push(tokio::spawn(table_slot(
            addr,
            request.clone(),
            seats,
            seed,
            deadline,
        )));
    }
    let mut report = Report {
        tables: options.tables,
        connections,
        tables_created: options.tables as u64,
        in_process,
        ..Report::default()
    };
    for t in tasks {
        let (played, games, created) = t.await.map_err(|e| e.to_string())?;
        report.latencies_us.extend(played.latencies_us);
        report.actions += played.actions;
        report.applied += played.applied;
        report.errors += played.errors;
        report.games_finished += games;
        report.tables_created += created;
    }
    report.seconds = start.elapsed().as_secs_f64().min(options.seconds.max(1e-9));
    report.cpu_seconds = match (cpu_start, cpu_seconds(measured)) {
        (Some(a), Some(b)) if measure => Some(b - a),
        _ => None,
    };
    report.latencies_us.sort_unstable();
    if measure {
        if let (Some(a), Some(b), Some(c)) = (rss_start, rss_created, rss_connected) {
            report.rss_kib = Some([a, b, c]);
        }
    }
    Ok(report)
}
