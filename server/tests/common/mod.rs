//! Helpers of the server's tests: a server in-process, a small HTTP client, a WebSocket
//! client, a random player.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use dangian_server::Settings;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// How long a test waits for any one message.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// Start a server in this process on a free port, with its data in a new temporary
/// directory.
pub async fn start(flood_rate: f64, flood_burst: f64) -> (SocketAddr, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let settings = Settings {
        data_dir: dir.path().to_path_buf(),
        flood_rate,
        flood_burst,
        web_dir: None,
        ..Settings::default()
    };
    tokio::spawn(async move { dangian_server::serve(listener, settings).await.unwrap() });
    (addr, dir)
}

/// One HTTP/1.1 request; the status and the body as JSON (or as a JSON string when it is
/// not JSON).
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> (u16, Value) {
    let (status, text) = http_text(addr, method, path, body).await;
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

/// One HTTP/1.1 request; the status and the body as text.
pub async fn http_text(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut response))
        .await
        .expect("an HTTP answer in time")
        .unwrap();
    let response = String::from_utf8(response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("an HTTP response");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    assert!(
        !head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked"),
        "the helper reads whole bodies only"
    );
    (status, body.to_owned())
}

/// `POST /tables`, which must succeed.
pub async fn create(addr: SocketAddr, req: Value) -> Value {
    let (status, body) = http(addr, "POST", "/tables", Some(&req)).await;
    assert_eq!(status, 201, "{body}");
    body
}

/// `GET /tables/{id}`.
pub async fn info(addr: SocketAddr, id: &str) -> Value {
    let (status, body) = http(addr, "GET", &format!("/tables/{id}"), None).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// The token of `seat` in an answer of `POST /tables`.
pub fn token(created: &Value, seat: u64) -> String {
    created["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["seat"] == seat)
        .unwrap()["token"]
        .as_str()
        .unwrap()
        .to_owned()
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A WebSocket client of one table.
pub struct Client {
    ws: Ws,
    /// Every message received, in order.
    pub seen: Vec<Value>,
}

impl Client {
    /// Connect as the seat of `token` (or as a watcher).
    pub async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Client {
        let url = match token {
            Some(t) => format!("ws://{addr}/tables/{id}/ws?token={t}"),
            None => format!("ws://{addr}/tables/{id}/ws"),
        };
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Client {
            ws,
            seen: Vec::new(),
        }
    }

    /// Send a JSON message.
    pub async fn send(&mut self, v: &Value) {
        self.send_text(v.to_string()).await;
    }

    /// Send a text message.
    pub async fn send_text(&mut self, t: String) {
        self.ws.send(Message::text(t)).await.unwrap();
    }

    /// Send a text message; an error once the connection is closed.
    pub async fn try_send_text(
        &mut self,
        t: String,
    ) -> Result<(), tokio_tungstenite::tungstenite::Error> {
        self.ws.send(Message::text(t)).await
    }

    /// The next message, or `None` when the connection is closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message in time");
            match m {
                None | Some(Err(_)) => return None,
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(t.as_str()).unwrap();
                    self.seen.push(v.clone());
                    return Some(v);
                }
                Some(Ok(Message::Close(_))) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next message of this type (others are kept in `seen`).
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let m = self.next().await.expect("an open connection");
            if m["type"] == kind {
                return m;
            }
        }
    }

    /// The next error, whose code must be `code`.
    pub async fn expect_error(&mut self, code: &str) -> Value {
        let e = self.next_of("error").await;
        assert_eq!(e["code"], code, "{e}");
        e
    }

    /// Wait for a state message satisfying `f`.
    pub async fn state_where(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.next_of("state").await;
            if f(&m) {
                return m;
            }
        }
    }
}

/// A small deterministic random generator for choosing actions.
pub struct Pick(pub u64);

impl Pick {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Play a seat with random legal actions (its seed first, if the table still waits for
/// it) until the game ends or a state reaches move `stop_at` (for every seat alike, so that
/// two seats stop together). Half of the actions are sent by id, half in notation. Returns
/// the client (with every message it saw) and whether the game ended.
pub async fn play(mut client: Client, seed: String, rng_seed: u64, stop_at: u64) -> (Client, bool) {
    let mut pick = Pick(rng_seed | 1);
    let welcome = client.next_of("welcome").await;
    let me = welcome["seat"].as_u64().expect("a seat");
    let mut first = true;
    let mut last_acted = None;
    loop {
        let Some(m) = client.next().await else {
            panic!("connection closed during play")
        };
        match m["type"].as_str().unwrap() {
            "error" => panic!("refused in play: {m}"),
            "state" => {
                if first {
                    first = false;
                    if m["seeds_missing"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|s| s == me)
                    {
                        client.send(&json!({"type": "seed", "seed": seed})).await;
                    }
                }
                if !m["outcome"].is_null() {
                    return (client, true);
                }
                let at = m["move_number"].as_u64();
                if at >= Some(stop_at) {
                    return (client, false);
                }
                let legal = m["legal"].as_array().unwrap();
                if !legal.is_empty() && last_acted.is_none_or(|l| Some(l) < at) {
                    last_acted = at;
                    let a = &legal[pick.below(legal.len())];
                    let action = if pick.below(2) == 0 {
                        a["id"].clone()
                    } else {
                        a["text"].clone()
                    };
                    client
                        .send(&json!({"type": "act", "move_number": m["move_number"], "action": action}))
                        .await;
                }
            }
            _ => {}
        }
    }
}

/// Play `humans` of a table, each over its own connection, until move `stop_at` (or the
/// end); whether the game ended.
pub async fn play_humans(
    addr: SocketAddr,
    created: &Value,
    humans: &[u64],
    stop_at: u64,
    rng: u64,
) -> bool {
    let id = created["id"].as_str().unwrap();
    let mut tasks = Vec::new();
    for &s in humans {
        let client = Client::connect(addr, id, Some(&token(created, s))).await;
        tasks.push(tokio::spawn(play(
            client,
            format!("seed {s}"),
            rng + s,
            stop_at,
        )));
    }
    let mut over = true;
    for t in tasks {
        over &= t.await.unwrap().1;
    }
    over
}

/// What must come back identical when a table is restored: its move, state, turn and
/// commitment, from its public info.
pub fn keys(t: &Value) -> Value {
    json!([
        t["move_number"],
        t["state_hash"],
        t["state_digest"],
        t["to_move"],
        t["started"],
        t["commitment"]
    ])
}

/// A server's process and its address, killed when dropped (also when a test fails), so
/// that no server outlives its test.
pub struct Server(pub std::process::Child, pub SocketAddr);

impl Server {
    /// Kill it with SIGKILL, as a crash would end it, and wait for it.
    pub fn kill(&mut self) {
        self.0.kill().unwrap();
        self.0.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Start the server's binary, as `command` says, on a free port; it is serving once it has
/// printed its first line, `listening on ADDR`.
pub fn spawn(command: &mut std::process::Command) -> Server {
    use std::io::{BufRead, BufReader};
    let mut child = command
        .args(["--addr", "127.0.0.1:0"])
        .env_remove("RUST_BACKTRACE")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .parse()
        .unwrap();
    Server(child, addr)
}
