//! Hostile clients: every bad message is refused with its code, counted, and changes
//! nothing; a flood closes its connection and the table plays on.

mod common;

use common::{create, info, token, Client};
use serde_json::{json, Value};

/// The table's position as the host sees it: move number and state hash.
async fn position(addr: std::net::SocketAddr, id: &str) -> (Value, Value) {
    let t = info(addr, id).await;
    (t["move_number"].clone(), t["state_hash"].clone())
}

async fn refused(addr: std::net::SocketAddr, id: &str, code: &str) -> u64 {
    info(addr, id).await["refused"][code].as_u64().unwrap_or(0)
}

/// Send `msg` on `client`, expect the error `code`, and check that the counter of `code`
/// went up by one and the position did not change.
async fn refuse(
    addr: std::net::SocketAddr,
    id: &str,
    client: &mut Client,
    msg: String,
    code: &str,
) {
    let before = position(addr, id).await;
    let count = refused(addr, id, code).await;
    client.send_text(msg).await;
    client.expect_error(code).await;
    assert_eq!(
        refused(addr, id, code).await,
        count + 1,
        "counter of {code}"
    );
    assert_eq!(position(addr, id).await, before, "position after {code}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_are_refused_counted_and_change_nothing() {
    // A low flood limit, so that the flood below is quick; the bad messages before it are
    // sent slowly enough (each waits for its answer and two HTTP requests).
    let (addr, _dir) = common::start(20.0, 40.0).await;
    let created = create(addr, json!({"game": "o_an_quan", "preset": "seed_rules"})).await;
    let id = created["id"].as_str().unwrap().to_owned();

    // A bad token: the WebSocket handshake is refused, and counted.
    let url = format!("ws://{addr}/tables/{id}/ws?token=00112233");
    match tokio_tungstenite::connect_async(url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        other => panic!("a bad token was let in: {:?}", other.map(|_| ())),
    }
    assert_eq!(refused(addr, &id, "bad_token").await, 1);

    let mut seat = [
        Client::connect(addr, &id, Some(&token(&created, 0))).await,
        Client::connect(addr, &id, Some(&token(&created, 1))).await,
    ];
    let mut watcher = Client::connect(addr, &id, None).await;
    for c in seat.iter_mut().chain([&mut watcher]) {
        c.next_of("welcome").await;
        c.next_of("state").await;
    }

    // Before the seeds, nobody plays.
    let act0 = json!({"type": "act", "move_number": 0, "action": 0}).to_string();
    refuse(addr, &id, &mut seat[0], act0.clone(), "not_started").await;
    seat[0].send(&json!({"type": "seed", "seed": "zero"})).await;
    refuse(
        addr,
        &id,
        &mut seat[0],
        json!({"type": "seed", "seed": "again"}).to_string(),
        "seed_given",
    )
    .await;
    refuse(
        addr,
        &id,
        &mut watcher,
        json!({"type": "seed", "seed": "w"}).to_string(),
        "not_a_seat",
    )
    .await;
    seat[1].send(&json!({"type": "seed", "seed": "one"})).await;
    let state = seat[1].state_where(|m| m["started"] == true).await;
    refuse(
        addr,
        &id,
        &mut seat[1],
        json!({"type": "seed", "seed": "late"}).to_string(),
        "seed_closed",
    )
    .await;

    let mover = state["to_move"]["seat"].as_u64().unwrap() as usize;
    let other = 1 - mover;
    let start = seat[mover].state_where(|m| m["started"] == true).await;
    let legal = start["legal"].as_array().unwrap().clone();
    assert!(!legal.is_empty());
    let good = json!({"type": "act", "move_number": 0, "action": legal[0]["id"]}).to_string();

    // Not this seat's turn, a watcher, a stale move number, an unknown or illegal action.
    refuse(addr, &id, &mut seat[other], good.clone(), "not_your_turn").await;
    refuse(addr, &id, &mut watcher, good.clone(), "not_a_seat").await;
    let stale = json!({"type": "act", "move_number": 5, "action": legal[0]["id"]}).to_string();
    refuse(addr, &id, &mut seat[mover], stale, "stale_move").await;
    let unknown = json!({"type": "act", "move_number": 0, "action": 100000}).to_string();
    refuse(addr, &id, &mut seat[mover], unknown, "unknown_action").await;
    let words = json!({"type": "act", "move_number": 0, "action": "fly away"}).to_string();
    refuse(addr, &id, &mut seat[mover], words, "unknown_action").await;
    let legal_ids: Vec<u64> = legal.iter().map(|a| a["id"].as_u64().unwrap()).collect();
    let illegal = (0..20).find(|i| !legal_ids.contains(i)).unwrap();
    let illegal = json!({"type": "act", "move_number": 0, "action": illegal}).to_string();
    refuse(addr, &id, &mut seat[mover], illegal, "illegal_action").await;

    // Malformed, oversized, unknown type, unknown field, missing field, binary.
    refuse(addr, &id, &mut seat[mover], "{not json".into(), "malformed").await;
    refuse(addr, &id, &mut seat[mover], "[1,2]".into(), "malformed").await;
    let big = format!(r#"{{"type":"seed","seed":"{}"}}"#, "x".repeat(5000));
    refuse(addr, &id, &mut seat[mover], big, "too_large").await;
    refuse(
        addr,
        &id,
        &mut seat[mover],
        json!({"type": "hello"}).to_string(),
        "unknown_type",
    )
    .await;
    let extra = json!({"type": "act", "move_number": 0, "action": 0, "also": 1}).to_string();
    refuse(addr, &id, &mut seat[mover], extra, "malformed").await;
    refuse(
        addr,
        &id,
        &mut seat[mover],
        json!({"type": "sync"}).to_string(),
        "malformed",
    )
    .await;
    refuse(
        addr,
        &id,
        &mut seat[mover],
        json!({"type": "sync", "from_event": 9}).to_string(),
        "bad_sync",
    )
    .await;

    // The good action is accepted; sent again, it is stale.
    seat[mover].send_text(good.clone()).await;
    let after = seat[mover].state_where(|m| m["move_number"] == 1).await;
    assert!(after["legal"].as_array().unwrap().is_empty());
    refuse(addr, &id, &mut seat[mover], good.clone(), "stale_move").await;

    // Sync from 0 gives the one update again, then the state.
    seat[other]
        .send(&json!({"type": "sync", "from_event": 0}))
        .await;
    let mut got_update = false;
    loop {
        let m = seat[other].next().await.unwrap();
        if m["type"] == "update" && m["index"] == 0 {
            got_update = true;
        }
        if got_update && m["type"] == "state" {
            assert_eq!(m["move_number"], 1);
            break;
        }
    }

    let table = info(addr, &id).await;
    let total: u64 = table["refused"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(table["refused_total"], total);
    assert_eq!(table["move_number"], 1);

    // A flood: far more messages than the limit, as fast as they go. The connection is
    // closed with the error `flood`; the table lives on.
    let before = position(addr, &id).await;
    let mut flooder = Client::connect(addr, &id, Some(&token(&created, other as u64))).await;
    let mut closed = false;
    for _ in 0..2000 {
        if flooder
            .try_send_text(json!({"type": "sync", "from_event": 1}).to_string())
            .await
            .is_err()
        {
            closed = true;
            break;
        }
    }
    // Read what came back until the close.
    let mut flood_error = false;
    while let Some(m) = flooder.next().await {
        if m["type"] == "error" && m["code"] == "flood" {
            flood_error = true;
        }
    }
    assert!(
        flood_error,
        "no flood error (closed while sending: {closed})"
    );
    assert_eq!(refused(addr, &id, "flood").await, 1);
    assert_eq!(position(addr, &id).await, before);
    // The other connections still play.
    seat[other]
        .send(&json!({"type": "sync", "from_event": 1}))
        .await;
    let now = seat[other].next_of("state").await;
    let a = now["legal"][0]["text"].clone();
    seat[other]
        .send(&json!({"type": "act", "move_number": 1, "action": a}))
        .await;
    seat[other].state_where(|m| m["move_number"] == 2).await;
    assert_eq!(info(addr, &id).await["move_number"], 2);
}
