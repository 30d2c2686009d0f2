//! The real binary is killed (SIGKILL) in the middle of games and started again on the same
//! data: every table comes back at the same move with the same state, and plays to its end.

mod common;

use std::net::SocketAddr;
use std::process::Command;
use std::time::{Duration, Instant};

use common::{create, http_text, info, keys, play_humans, spawn, token, Server};
use dangian::Record;
use serde_json::{json, Value};

/// Start the binary on a free port with its data in `dir`; its address.
fn start(dir: &std::path::Path) -> (Server, SocketAddr) {
    let server = spawn(
        Command::new(env!("CARGO_BIN_EXE_dangian-server"))
            .arg("--data")
            .arg(dir),
    );
    let addr = server.1;
    (server, addr)
}

/// Wait until a human seat is to move (chance and bots have done their part); the table's
/// public info then.
async fn settled(addr: SocketAddr, id: &str, humans: &[u64]) -> Value {
    let deadline = Instant::now() + common::PATIENCE;
    loop {
        let t = info(addr, id).await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_restores_every_table_and_the_games_finish() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr) = start(dir.path());
    let domino = create(addr, json!({"game": "domino", "preset": "seed_rules"})).await;
    let ca_ngua = create(
        addr,
        json!({"game": "ca_ngua", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]}),
    )
    .await;
    assert_eq!(ca_ngua["tokens"].as_array().unwrap().len(), 1);
    let tables = [(&domino, vec![0, 1], 30), (&ca_ngua, vec![0], 40)];
    let mut before = Vec::new();
    for (created, humans, stop_at) in &tables {
        let over = play_humans(addr, created, humans, *stop_at, 5).await;
        assert!(!over, "the game ended before the restart");
        let t = settled(addr, created["id"].as_str().unwrap(), humans).await;
        assert!(t["move_number"].as_u64().unwrap() >= *stop_at);
        before.push(keys(&t));
    }
    // Domino's state hash is kept from the players during play; the digest stands for it.
    assert!(before[0][1].is_null());
    assert!(before[1][1].is_string());

    child.kill(); // SIGKILL

    // The database keeps digests of the seat tokens, never the tokens.
    for file in ["dangian.sqlite", "dangian.sqlite-wal"] {
        let bytes = std::fs::read(dir.path().join(file)).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        for (created, humans, _) in &tables {
            for &s in humans {
                assert!(!text.contains(&token(created, s)), "a token in {file}");
            }
        }
    }
    let (mut child, addr) = start(dir.path());
    for ((created, humans, _), was) in tables.iter().zip(&before) {
        let id = created["id"].as_str().unwrap();
        let t = settled(addr, id, humans).await;
        assert_eq!(&keys(&t), was, "table {id} after the restart");
    }
    for (created, humans, _) in &tables {
        assert!(play_humans(addr, created, humans, u64::MAX, 99).await);
        let id = created["id"].as_str().unwrap();
        let (status, record) = http_text(addr, "GET", &format!("/tables/{id}/record"), None).await;
        assert_eq!(status, 200, "{record}");
        let verified = dangian::fair::verify(&Record::from_json(&record).unwrap()).unwrap();
        assert!(verified.over);
        assert_eq!(verified.commitment, created["commitment"].as_str().unwrap());
        assert_eq!(verified.player_seeds, humans.len());
    }
    // Finished tables come back too, with their records.
    child.kill();
    let (mut child, addr) = start(dir.path());
    for (created, _, _) in &tables {
        let id = created["id"].as_str().unwrap();
        assert_eq!(info(addr, id).await["over"], true);
        let (status, record) = http_text(addr, "GET", &format!("/tables/{id}/record"), None).await;
        assert_eq!(status, 200, "{record}");
        dangian::fair::verify(&Record::from_json(&record).unwrap()).unwrap();
    }
    child.kill();
}
