//! Two human seats and a watcher play a whole game of each kind over WebSocket, choosing
//! random legal actions from their views; the record then verifies as fair.

mod common;

use common::{create, http_text, info, play, token, Client};
use dangian::any::AnyGame;
use dangian::{GameKind, Record};
use serde_json::{json, Value};

/// Play one table to its end; returns the two seats' and the watcher's messages and the
/// record's JSON.
async fn play_table(req: Value, rng: u64) -> (Vec<Vec<Value>>, Vec<Value>, String) {
    let (addr, _dir) = common::start(1e6, 1e6).await;
    let created = create(addr, req).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let commitment = created["commitment"].as_str().unwrap().to_owned();
    assert_eq!(commitment.len(), 64);
    let mut watcher = Client::connect(addr, &id, None).await;
    let seats: Vec<u64> = created["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["seat"].as_u64().unwrap())
        .collect();
    let mut tasks = Vec::new();
    for &s in &seats {
        let client = Client::connect(addr, &id, Some(&token(&created, s))).await;
        tasks.push(tokio::spawn(play(
            client,
            format!("seed of seat {s}"),
            rng + s,
            u64::MAX,
        )));
    }
    let mut seen = Vec::new();
    for t in tasks {
        let (client, over) = t.await.unwrap();
        assert!(over);
        seen.push(client.seen);
    }
    let welcome = watcher.next_of("welcome").await;
    assert!(welcome["seat"].is_null());
    assert_eq!(welcome["commitment"], commitment.as_str());
    let end = watcher.state_where(|m| !m["outcome"].is_null()).await;
    assert!(end["legal"].as_array().unwrap().is_empty());
    let table = info(addr, &id).await;
    assert_eq!(table["over"], true);
    assert_eq!(table["refused_total"], 0, "{table}");
    assert_eq!(table["move_number"], end["move_number"]);
    let (status, record) = http_text(addr, "GET", &format!("/tables/{id}/record"), None).await;
    assert_eq!(status, 200, "{record}");
    let parsed = Record::from_json(&record).unwrap();
    let verified = dangian::fair::verify(&parsed).expect("the record verifies as fair");
    assert!(verified.over);
    assert_eq!(verified.commitment, commitment);
    assert_eq!(verified.player_seeds, seats.len());
    assert_eq!(
        verified.actions as u64,
        end["move_number"].as_u64().unwrap()
    );
    assert_eq!(verified.final_hash, table["state_hash"].as_str().unwrap());
    (seen, watcher.seen, record)
}

/// Every message of `seat` is what the engine lets that seat see: each update's events are
/// `events_json(seat)` of that action, each state's view is `view_json(seat)` then, checked
/// against a replay of the record.
fn check_views(record: &str, seat: u32, seen: &[Value], watcher: bool) -> usize {
    let parsed = Record::from_json(record).unwrap();
    let config = parsed.config.get().to_owned();
    let mut game = AnyGame::new(parsed.game, &config).unwrap();
    // Views and events at each move number, by replaying.
    let mut views = vec![game.view_json(seat).unwrap()];
    let mut events = Vec::new();
    let mut host_events = Vec::new();
    for a in &parsed.actions {
        let id = game.action_id(a).unwrap();
        game.apply(id).unwrap();
        views.push(game.view_json(seat).unwrap());
        events.push(game.events_json(Some(seat)).unwrap());
        host_events.push(game.events_json(None).unwrap());
    }
    let mut redacted = 0;
    for m in seen {
        match m["type"].as_str().unwrap() {
            "state" => {
                let n = m["move_number"].as_u64().unwrap() as usize;
                let want: Value = if watcher {
                    Value::Null
                } else {
                    serde_json::from_str(&views[n]).unwrap()
                };
                assert_eq!(m["view"], want, "seat {seat} view at move {n}");
            }
            "update" => {
                let i = m["index"].as_u64().unwrap() as usize;
                let want: Value = if watcher {
                    json!([])
                } else {
                    serde_json::from_str(&events[i]).unwrap()
                };
                assert_eq!(m["events"], want, "seat {seat} events of action {i}");
                let host: Value = serde_json::from_str(&host_events[i]).unwrap();
                if host != m["events"] {
                    redacted += 1;
                }
            }
            _ => {}
        }
    }
    redacted
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn o_an_quan_two_humans_and_a_watcher_play_to_the_end() {
    let (seen, watcher, _) =
        play_table(json!({"game": "o_an_quan", "preset": "seed_rules"}), 11).await;
    for s in &seen {
        assert!(s.iter().any(|m| m["type"] == "update"));
    }
    // Nothing is hidden in Ô ăn quan: the watcher sees every move.
    assert!(watcher
        .iter()
        .any(|m| m["type"] == "update" && m["action"].is_string()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ca_ngua_two_humans_and_a_watcher_play_to_the_end() {
    let (_, watcher, _) = play_table(json!({"game": "ca_ngua", "preset": "two_players"}), 23).await;
    assert!(watcher
        .iter()
        .any(|m| m["type"] == "state" && !m["view"].is_null()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn domino_seats_see_only_their_own_hand_and_the_watcher_no_hand() {
    let (seen, watcher, record) =
        play_table(json!({"game": "domino", "preset": "seed_rules"}), 37).await;
    assert_eq!(GameKind::Domino, Record::from_json(&record).unwrap().game);
    for (seat, messages) in seen.iter().enumerate() {
        let redacted = check_views(&record, seat as u32, messages, false);
        // The deal names the other seat's tiles to the host only.
        assert!(redacted > 0, "seat {seat} saw every event as the host does");
        for m in messages {
            if m["type"] == "state" {
                let view = m["view"].as_object().unwrap();
                assert_eq!(view["seat"], seat);
                assert!(view
                    .keys()
                    .all(|k| k == "hand" || !k.contains("hand") || k == "hand_counts"));
            }
        }
    }
    check_views(&record, 0, &watcher, true);
}
