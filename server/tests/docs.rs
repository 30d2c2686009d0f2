//! Every JSON example of `docs/hosting-online.md` is a message of the protocol: a body of
//! `POST /tables`, its answer, or a WebSocket message of a client or of the server (an error
//! has the same form over HTTP and WebSocket), read strictly (an unknown field is an error); and every message type has one.

use dangian_server::protocol::{ClientMessage, CreateTable, Created, HttpError, ServerMessage};
use std::collections::BTreeSet;

fn page() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/hosting-online.md"
    ))
    .expect("docs/hosting-online.md")
}

/// The code blocks of `text` in language `lang`.
fn blocks(text: &str, lang: &str) -> Vec<String> {
    text.split(&format!("```{lang}\n"))
        .skip(1)
        .filter_map(|s| s.split("```").next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_json_example_is_a_message_of_the_protocol() {
    let mut kinds = BTreeSet::new();
    let examples = blocks(&page(), "json");
    assert!(examples.len() >= 10, "only {} examples", examples.len());
    for text in examples {
        let kind = if let Ok(m) = serde_json::from_str::<ClientMessage>(&text) {
            match m {
                ClientMessage::Act { .. } => "client act",
                ClientMessage::Seed { .. } => "client seed",
                ClientMessage::Sync { .. } => "client sync",
            }
        } else if let Ok(m) = serde_json::from_str::<ServerMessage>(&text) {
            match m {
                ServerMessage::Welcome { .. } => "server welcome",
                ServerMessage::Update { .. } => "server update",
                ServerMessage::State { .. } => "server state",
                // An HTTP error has the same form (`HttpError`).
                ServerMessage::Error { .. } => {
                    assert!(serde_json::from_str::<HttpError>(&text).is_ok(), "{text}");
                    "error"
                }
            }
        } else if serde_json::from_str::<CreateTable>(&text).is_ok() {
            "create table"
        } else if serde_json::from_str::<Created>(&text).is_ok() {
            "created"
        } else {
            panic!("docs/hosting-online.md: not a message of the protocol:\n{text}");
        };
        kinds.insert(kind);
    }
    let all = [
        "client act",
        "client seed",
        "client sync",
        "server welcome",
        "server update",
        "server state",
        "error",
        "create table",
        "created",
    ];
    for kind in all {
        assert!(kinds.contains(kind), "no example of {kind}");
    }
}

/// The options the page lists are the server's (`parse_args` takes each with a value).
#[test]
fn the_options_listed_are_the_servers() {
    let page = page();
    for (flag, value) in [
        ("--addr", "127.0.0.1:0"),
        ("--data", "d"),
        ("--flood-rate", "5"),
        ("--flood-burst", "9"),
    ] {
        assert!(
            page.contains(&format!("| `{flag}` |")),
            "{flag} is not listed"
        );
        dangian_server::parse_args([flag.to_owned(), value.to_owned()])
            .unwrap_or_else(|e| panic!("{flag}: {e}"));
    }
}
