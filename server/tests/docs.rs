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
    // Every option the server's usage line names is in the page's table and is accepted.
    let usage = dangian_server::parse_args(["--help".to_owned()]).expect_err("usage");
    let flags: Vec<&str> = usage
        .split(|c: char| c == '[' || c == ']' || c == '|' || c.is_whitespace())
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .collect();
    assert!(flags.len() >= 8, "the usage line names {flags:?}");
    for flag in flags {
        assert!(
            page.contains(&format!("| `{flag}` |")),
            "{flag} is not listed"
        );
        let args = match flag {
            "--no-web" => vec![flag.to_owned()],
            "--addr" => vec![flag.to_owned(), "127.0.0.1:0".to_owned()],
            "--flood-rate" | "--flood-burst" => vec![flag.to_owned(), "5".to_owned()],
            _ => vec![flag.to_owned(), "x".to_owned()],
        };
        dangian_server::parse_args(args).unwrap_or_else(|e| panic!("{flag}: {e}"));
    }
}
