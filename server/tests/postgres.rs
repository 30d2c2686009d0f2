//! The server over PostgreSQL: a killed server comes back with every table; two processes
//! over one database serve their own tables, and the survivor takes over the tables of one
//! that dies; a process that lost a table's lease cannot write to it.
//!
//! The tests need a PostgreSQL server: the one at `DANGIAN_TEST_POSTGRES_URL` if set (each
//! test makes its own database there), else a throwaway cluster started from Debian's
//! binaries (`/usr/lib/postgresql/*/bin/initdb` and `postgres`, or on the `PATH`) in a
//! temporary directory on a free port. Without either, the tests are skipped with one line
//! saying how to install PostgreSQL, or fail under `DANGIAN_REQUIRE_CONSUMERS=1` (CI).

mod common;

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use common::{http, http_text, keys, play_humans, spawn, token, Client, Server};
use dangian::Record;
use dangian_server::postgres::{Claim, PgStore};
use dangian_server::store::{ActionRow, Store, TableRow};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A PostgreSQL server for this test binary: its connection parameters (`host=… port=…
/// user=…`, to which a `dbname` is added), and the shell that runs it: that shell's stdin
/// closes when this process ends, and it then stops the server and removes its directory.
struct Cluster {
    base: Base,
    _keeper: Option<Child>,
}

enum Base {
    /// A URL given by `DANGIAN_TEST_POSTGRES_URL`.
    Url(String),
    /// Key-value parameters of the throwaway cluster.
    Params(String),
}

impl Base {
    /// The connection string of database `db`.
    fn with_db(&self, db: &str) -> String {
        match self {
            Base::Params(p) => format!("{p} dbname={db}"),
            Base::Url(u) => {
                let (u, query) = match u.split_once('?') {
                    Some((u, q)) => (u, format!("?{q}")),
                    None => (u.as_str(), String::new()),
                };
                let scheme_end = u.find("://").map_or(0, |i| i + 3);
                let authority_end = u[scheme_end..]
                    .find('/')
                    .map_or(u.len(), |i| scheme_end + i);
                format!("{}/{db}{query}", &u[..authority_end])
            }
        }
    }
}

fn required() -> bool {
    std::env::var("DANGIAN_REQUIRE_CONSUMERS").is_ok_and(|v| v == "1")
}

/// The newest `initdb` of Debian's PostgreSQL packages, else one on the `PATH`.
fn find_bin_dir() -> Option<PathBuf> {
    let mut dirs: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    dirs.sort();
    if let Some((_, bin)) = dirs.pop() {
        return Some(bin);
    }
    std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .find(|d| d.join("initdb").is_file() && d.join("postgres").is_file())
    })
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn output(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?}: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Start a throwaway cluster with the binaries in `bin` (as `nobody` when this process is
/// root, which PostgreSQL refuses to run as).
fn start_cluster(bin: &Path) -> Cluster {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::Builder::new()
        .prefix("dangian-pg")
        .tempdir()
        .unwrap()
        .keep();
    let root = std::fs::metadata("/proc/self")
        .map(|m| m.uid() == 0)
        .unwrap_or(false);
    let runner: Vec<String> = if root {
        let uid: u32 = output(Command::new("id").args(["-u", "nobody"]))
            .trim()
            .parse()
            .unwrap();
        let gid: u32 = output(Command::new("id").args(["-g", "nobody"]))
            .trim()
            .parse()
            .unwrap();
        std::os::unix::fs::chown(&dir, Some(uid), Some(gid)).unwrap();
        vec!["runuser".into(), "-u".into(), "nobody".into(), "--".into()]
    } else {
        Vec::new()
    };
    let data = dir.join("data");
    let command = |program: &str| {
        let mut c = Command::new(runner.first().map_or(program, String::as_str));
        if !runner.is_empty() {
            c.args(&runner[1..]).arg(program);
        }
        c
    };
    output(
        command(bin.join("initdb").to_str().unwrap())
            .args([
                "--auth=trust",
                "--username=dangian",
                "--encoding=UTF8",
                "--no-sync",
            ])
            .arg("-D")
            .arg(&data),
    );
    let port = free_port();
    // The shell keeps the server until this process ends (its stdin closes), then stops
    // it at once and removes the directory.
    let script = format!(
        "'{postgres}' -D '{data}' -p {port} -h 127.0.0.1 -k '' -F -c fsync=off \
         -c full_page_writes=off -c max_connections=100 >'{log}' 2>&1 & pid=$!; \
         read _; kill -QUIT $pid; wait $pid; rm -rf '{dir}'",
        postgres = bin.join("postgres").display(),
        data = data.display(),
        log = dir.join("log").display(),
        dir = dir.display(),
    );
    let keeper = command("sh")
        .args(["-c", &script])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let params = format!("host=127.0.0.1 port={port} user=dangian connect_timeout=5");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match postgres::Client::connect(&format!("{params} dbname=postgres"), postgres::NoTls) {
            Ok(_) => break,
            Err(e) => {
                let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
                assert!(
                    Instant::now() < deadline,
                    "PostgreSQL did not start: {e}\n{log}"
                );
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    }
    Cluster {
        base: Base::Params(params),
        _keeper: Some(keeper),
    }
}

/// The PostgreSQL server of this test binary, started once; `None` when there is none to
/// use (said once on the terminal).
fn cluster() -> Option<&'static Mutex<Cluster>> {
    static CLUSTER: OnceLock<Option<Mutex<Cluster>>> = OnceLock::new();
    CLUSTER
        .get_or_init(|| {
            if let Ok(url) = std::env::var("DANGIAN_TEST_POSTGRES_URL") {
                return Some(Mutex::new(Cluster {
                    base: Base::Url(url),
                    _keeper: None,
                }));
            }
            match find_bin_dir() {
                Some(bin) => Some(Mutex::new(start_cluster(&bin))),
                None => {
                    let what = "the PostgreSQL tests: initdb not found and \
                                DANGIAN_TEST_POSTGRES_URL not set (install PostgreSQL with \
                                `apt-get install postgresql`)";
                    assert!(!required(), "{what} (DANGIAN_REQUIRE_CONSUMERS=1)");
                    // Past the test harness's capture, as the FFI consumers' tests do.
                    let _ = writeln!(std::io::stderr(), "skipped {what}");
                    None
                }
            }
        })
        .as_ref()
}

/// A new, empty database for one test; its connection string, or `None` (skipped).
fn database(test: &str) -> Option<String> {
    let cluster = cluster()?.lock().unwrap_or_else(|e| e.into_inner());
    let name = format!(
        "dangian_{test}_{:08x}",
        dangian_server::table::random_bytes::<4>()
            .iter()
            .fold(0u32, |a, &b| a << 8 | u32::from(b))
    );
    let admin = cluster.base.with_db("postgres");
    let mut client = postgres::Client::connect(&admin, postgres::NoTls)
        .unwrap_or_else(|e| panic!("cannot connect to PostgreSQL at {admin}: {e}"));
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .unwrap();
    Some(cluster.base.with_db(&name))
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// Start the binary on a free port over the database `url` (given in the environment, as
/// an operator may).
fn start(url: &str) -> Server {
    spawn(Command::new(env!("CARGO_BIN_EXE_dangian-server")).env("DANGIAN_DATABASE_URL", url))
}

/// Start the binary on a free port over the database `url`, given by `--database`.
fn start_flag(url: &str) -> Server {
    spawn(Command::new(env!("CARGO_BIN_EXE_dangian-server")).args(["--database", url]))
}

/// `GET /tables/{id}` until `addr` serves the table (a `307` points elsewhere meanwhile);
/// its public info and how long it took.
async fn served(addr: SocketAddr, id: &str, within: Duration) -> (Value, Duration) {
    let t0 = Instant::now();
    loop {
        let (status, body) = http(addr, "GET", &format!("/tables/{id}"), None).await;
        if status == 200 {
            return (body, t0.elapsed());
        }
        assert!(
            status == 307 && body["code"] == "elsewhere",
            "table {id}: {status} {body}"
        );
        assert!(
            t0.elapsed() < within,
            "table {id} not served by {addr} in time: {body}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Wait until a human seat is to move; the table's public info then.
async fn settled(addr: SocketAddr, id: &str, humans: &[u64]) -> Value {
    let deadline = Instant::now() + common::PATIENCE;
    loop {
        let (t, _) = served(addr, id, common::PATIENCE).await;
        if t["to_move"]["kind"] == "seat"
            && humans.contains(&t["to_move"]["seat"].as_u64().unwrap())
        {
            return t;
        }
        assert!(
            Instant::now() < deadline,
            "table {id} never waits for a human: {t}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn create(addr: SocketAddr, req: Value) -> Value {
    common::create(addr, req).await
}

/// Play the table to its end at `addr` and check its record.
async fn finish(addr: SocketAddr, created: &Value, humans: &[u64]) {
    assert!(play_humans(addr, created, humans, u64::MAX, 99).await);
    let id = created["id"].as_str().unwrap();
    let (status, record) = http_text(addr, "GET", &format!("/tables/{id}/record"), None).await;
    assert_eq!(status, 200, "{record}");
    let verified = dangian::fair::verify(&Record::from_json(&record).unwrap()).unwrap();
    assert!(verified.over);
    assert_eq!(verified.commitment, created["commitment"].as_str().unwrap());
}

/// The head (status line and headers, lower-cased) of the answer to a WebSocket handshake.
async fn handshake_head(addr: SocketAddr, path: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    let mut buf = [0u8; 1024];
    while !response.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = tokio::time::timeout(common::PATIENCE, stream.read(&mut buf))
            .await
            .expect("an answer in time")
            .unwrap();
        assert!(n > 0, "closed before the head");
        response.extend_from_slice(&buf[..n]);
    }
    let response = String::from_utf8_lossy(&response).to_ascii_lowercase();
    response.split("\r\n\r\n").next().unwrap().to_owned()
}

#[test]
fn a_killed_server_over_postgres_restores_its_tables_and_the_games_finish() {
    let Some(url) = database("restart") else {
        return;
    };
    runtime().block_on(async {
        let mut server = start(&url);
        let addr = server.1;
        let domino = create(addr, json!({"game": "domino", "preset": "seed_rules"})).await;
        let ca_ngua = create(
            addr,
            json!({"game": "ca_ngua", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]}),
        )
        .await;
        let tables = [(&domino, vec![0, 1], 30), (&ca_ngua, vec![0], 40)];
        let mut before = Vec::new();
        for (created, humans, stop_at) in &tables {
            assert!(!play_humans(addr, created, humans, *stop_at, 5).await);
            before.push(keys(
                &settled(addr, created["id"].as_str().unwrap(), humans).await,
            ));
        }
        server.kill(); // SIGKILL

        // The new process waits for the dead one's leases to expire, then takes the tables.
        let server = start(&url);
        let addr = server.1;
        for ((created, humans, _), was) in tables.iter().zip(&before) {
            let id = created["id"].as_str().unwrap();
            let (_, took) = served(addr, id, Duration::from_secs(15)).await;
            assert!(took < postgres_lease() + Duration::from_secs(5), "{took:?}");
            assert_eq!(&keys(&settled(addr, id, humans).await), was, "table {id}");
        }
        for (created, humans, _) in &tables {
            finish(addr, created, humans).await;
        }
    });
}

fn postgres_lease() -> Duration {
    dangian_server::postgres::LEASE
}

#[test]
fn two_processes_share_a_database_and_the_survivor_takes_over_the_tables_of_a_killed_one() {
    let Some(url) = database("two") else { return };
    runtime().block_on(async {
        let first = start_flag(&url);
        let mut second = start_flag(&url);
        let (a, b) = (first.1, second.1);
        let on_a = create(
            a,
            json!({"game": "ca_ngua", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]}),
        )
        .await;
        let on_b = create(b, json!({"game": "domino", "preset": "seed_rules"})).await;
        let on_b2 = create(
            b,
            json!({"game": "o_an_quan", "bots": [{"seat": 1, "level": "easy"}]}),
        )
        .await;
        let id = |c: &Value| c["id"].as_str().unwrap().to_owned();
        // Each process serves its own tables and sends the other's clients over.
        for (here, there, created) in [(a, b, &on_a), (b, a, &on_b), (b, a, &on_b2)] {
            let path = format!("/tables/{}", id(created));
            assert_eq!(http(here, "GET", &path, None).await.0, 200);
            let (status, body) = http(there, "GET", &path, None).await;
            assert_eq!(
                (status, &body["code"]),
                (307, &json!("elsewhere")),
                "{body}"
            );
            let head = handshake_head(there, &format!("{path}/ws?token=x")).await;
            assert!(head.starts_with("http/1.1 307"), "{head}");
            assert!(
                head.contains(&format!("location: http://{here}{path}/ws?token=x")),
                "{head}"
            );
        }
        let (status, _) = http(a, "GET", "/tables/0000000000000000", None).await;
        assert_eq!(status, 404);

        // Ô ăn quan can end at its fourth ply (both quan taken), so its table stops at the third.
        let games = [
            (&on_a, vec![0], 30, a),
            (&on_b, vec![0, 1], 20, b),
            (&on_b2, vec![0], 3, b),
        ];
        let mut before = Vec::new();
        for (created, humans, stop_at, addr) in &games {
            assert!(!play_humans(*addr, created, humans, *stop_at, 7).await);
            before.push(keys(&settled(*addr, &id(created), humans).await));
        }
        // A client of the second process, open when it dies.
        let mut watcher = Client::connect(b, &id(&on_b), None).await;
        watcher.next_of("welcome").await;

        second.kill(); // SIGKILL
        until_closed(&mut watcher).await;
        for ((created, humans, _, _), was) in games.iter().zip(&before).skip(1) {
            let (_, took) = served(a, &id(created), Duration::from_secs(15)).await;
            assert!(took < postgres_lease() + Duration::from_secs(5), "{took:?}");
            assert_eq!(&keys(&settled(a, &id(created), humans).await), was);
        }
        for (created, humans, _, _) in &games {
            finish(a, created, humans).await;
        }
    });
}

/// Read until the connection closes.
async fn until_closed(client: &mut Client) {
    while client.next().await.is_some() {}
}

fn row(id: &str) -> TableRow {
    TableRow {
        id: id.into(),
        game: "o_an_quan".into(),
        config: "{}".into(),
        server_seed: "00".repeat(32),
        bot_seed: 7,
        tokens: vec![Some("a".into()), None],
        bots: vec![None, Some("easy".into())],
        player_seeds: vec![None, None],
    }
}

fn action(text: &str) -> ActionRow {
    ActionRow {
        text: text.into(),
        hash: "0123456789abcdef".into(),
    }
}

#[test]
fn a_process_that_lost_a_lease_cannot_write_to_the_table() {
    let Some(url) = database("lease") else { return };
    let first = PgStore::open(&url, "first:1").unwrap();
    let second = PgStore::open(&url, "second:2").unwrap();
    first.create_table(&row("t")).unwrap();
    first.append_action("t", 0, &action("a")).unwrap();
    // Held by the first: the second may neither write nor take it.
    assert!(second.append_action("t", 1, &action("b")).is_err());
    assert!(second
        .set_player_seeds("t", &[Some("s".into()), None])
        .is_err());
    assert_eq!(
        second.claim("t").unwrap(),
        Claim::Elsewhere("first:1".into())
    );
    assert!(second.take_expired().unwrap().is_empty());
    assert_eq!(first.renew().unwrap(), ["t"]);
    assert_eq!(second.claim("nope").unwrap(), Claim::NoTable);

    // The first stops renewing (as a stalled process would): once the lease has expired it
    // cannot write, even before another process takes the table.
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    admin
        .execute(
            "UPDATE leases SET expires = clock_timestamp() - interval '1 second'",
            &[],
        )
        .unwrap();
    assert!(first.append_action("t", 1, &action("b")).is_err());
    assert_eq!(second.take_expired().unwrap(), ["t"]);
    assert!(first.renew().unwrap().is_empty());
    assert!(first.append_action("t", 1, &action("b")).is_err());
    assert!(first
        .set_player_seeds("t", &[Some("s".into()), None])
        .is_err());
    assert_eq!(
        first.claim("t").unwrap(),
        Claim::Elsewhere("second:2".into())
    );
    second.append_action("t", 1, &action("c")).unwrap();
    second
        .set_player_seeds("t", &[Some("s".into()), None])
        .unwrap();
    let (t, actions) = second.load_table("t").unwrap().unwrap();
    assert_eq!(t.player_seeds, [Some("s".to_owned()), None]);
    assert_eq!(actions, [action("a"), action("c")]);
    // The tables a process restores on start are those it holds.
    assert_eq!(second.load_all().unwrap().len(), 1);
    assert!(first.load_all().unwrap().is_empty());
}

/// Send a signal to the server's process.
fn signal(server: &Server, sig: &str) {
    output(Command::new("kill").args([sig, &server.0.id().to_string()]));
}

#[test]
fn a_stalled_process_loses_its_tables_and_its_late_action_is_not_saved() {
    let Some(url) = database("stall") else { return };
    runtime().block_on(async {
        let first = start(&url);
        let second = start(&url);
        let (a, b) = (first.1, second.1);
        let created = create(
            a,
            json!({"game": "o_an_quan", "bots": [{"seat": 1, "level": "easy"}]}),
        )
        .await;
        let id = created["id"].as_str().unwrap();
        // Stop before the fourth ply: the first at which Ô ăn quan can end.
        assert!(!play_humans(a, &created, &[0], 3, 3).await);
        let before = keys(&settled(a, id, &[0]).await);
        let mut seat = Client::connect(a, id, Some(&token(&created, 0))).await;
        let state = seat
            .state_where(|m| !m["legal"].as_array().unwrap().is_empty())
            .await;

        // The first process stalls (as a paused machine would) with an action of the seat
        // waiting in its socket; the second takes the table over meanwhile.
        signal(&first, "-STOP");
        seat.send(&json!({"type": "act", "move_number": state["move_number"],
                          "action": state["legal"][0]["id"]}))
            .await;
        let (t, _) = served(b, id, Duration::from_secs(15)).await;
        assert_eq!(keys(&t), before);

        // Woken up, the first process cannot save the action (the seat is told `storage`,
        // or its connection is closed as the table is no longer served there) and sends
        // the table's clients to the second.
        signal(&first, "-CONT");
        while let Some(m) = seat.next().await {
            assert!(
                m["type"] != "update",
                "an action applied after the lease was lost: {m}"
            );
            if m["type"] == "error" {
                assert_eq!(m["code"], "storage", "{m}");
            }
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let (status, body) = http(a, "GET", &format!("/tables/{id}"), None).await;
            if status == 307 {
                assert_eq!(body["message"], format!("the table is served by {b}"));
                break;
            }
            assert!(
                Instant::now() < deadline,
                "still served by the stalled process: {body}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(keys(&settled(b, id, &[0]).await), before);
        finish(b, &created, &[0]).await;
    });
}
