//! The HTTP API refuses bad requests with an error code, and gives a record only once the
//! game is over.

mod common;

use common::{create, http, info};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_with_a_code() {
    let (addr, _dir) = common::start(50.0, 100.0).await;
    for (body, code) in [
        (json!({"game": "chess"}), "bad_game"),
        (json!({"game": "domino", "preset": "no_such"}), "bad_config"),
        (
            json!({"game": "domino", "config": {"players": 9}}),
            "bad_config",
        ),
        (
            json!({"game": "domino", "config": {"no_such_rule": 1}}),
            "bad_config",
        ),
        (
            json!({"game": "domino", "preset": "seed_rules", "config": {}}),
            "bad_request",
        ),
        (json!({"game": "domino", "seats": 5}), "bad_seats"),
        (
            json!({"game": "o_an_quan", "bots": [{"seat": 2, "level": "easy"}]}),
            "bad_bot",
        ),
        (
            json!({"game": "o_an_quan", "bots": [{"seat": 0, "level": "godlike"}]}),
            "bad_bot",
        ),
        (json!({"game": "o_an_quan", "also": 1}), "malformed"),
    ] {
        let (status, answer) = http(addr, "POST", "/tables", Some(&body)).await;
        assert_eq!(status, 400, "{body} gave {answer}");
        assert_eq!(answer["type"], "error");
        assert_eq!(answer["code"], code, "{body} gave {answer}");
    }
    let (status, answer) = http(addr, "GET", "/tables/nope", None).await;
    assert_eq!((status, answer["code"].as_str()), (404, Some("no_table")));

    // Three Domino seats, one of them a bot: two tokens, the bot listed.
    let created = create(
        addr,
        json!({"game": "domino", "seats": 3, "bots": [{"seat": 2, "level": "medium"}]}),
    )
    .await;
    assert_eq!(created["seats"], 3);
    assert_eq!(created["config"]["players"], 3);
    assert_eq!(created["tokens"].as_array().unwrap().len(), 2);
    let id = created["id"].as_str().unwrap();
    let table = info(addr, id).await;
    assert_eq!(table["bots"], json!([{"seat": 2, "level": "medium"}]));
    assert_eq!(table["seeds_missing"], json!([0, 1]));
    assert_eq!(table["started"], false);
    assert!(
        table["state_hash"].is_null(),
        "Domino's hash is hidden during play"
    );
    let (status, answer) = http(addr, "GET", &format!("/tables/{id}/record"), None).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("not_over")));
}
