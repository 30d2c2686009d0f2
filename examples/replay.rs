//! Replay a saved game and print the state after each action as JSON lines.
//!
//! ```sh
//! cargo run --example replay -- tests/vectors/o_an_quan_default.json
//! cat saved.json | cargo run --example replay
//! ```
//!
//! The input is a record (`dangian-record/1`), or a golden-vector file holding one under
//! `"record"`. Each output line is `{"index", "action", "events", "state"}`; a last line gives
//! `{"outcome"}` or `{"to_move"}`. An unreadable or illegal record is reported on stderr with
//! exit status 1, after the lines of the actions that were legal.

use std::io::Read;
use std::process::ExitCode;

use dangian::any::AnyGame;
use dangian::Record;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("replay: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut text = String::new();
    match std::env::args().nth(1).as_deref() {
        None | Some("-") => std::io::stdin()
            .read_to_string(&mut text)
            .map(drop)
            .map_err(|e| format!("stdin: {e}"))?,
        Some(path) => text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?,
    }
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let record_value = value.get("record").cloned().unwrap_or(value);
    let record = Record::from_json(&record_value.to_string()).map_err(|e| e.to_string())?;
    let config = record.config.to_string();
    let mut game =
        AnyGame::new(record.game, Some(&config), record.seed).map_err(|e| e.to_string())?;
    for (index, text) in record.actions.iter().enumerate() {
        let id = game
            .action_id(text)
            .map_err(|e| format!("action {index}: {e}"))?;
        let mut events = Vec::new();
        game.apply(id, None, Some(&mut events))
            .map_err(|e| format!("action {index} ({text}): {e}"))?;
        let state: serde_json::Value =
            serde_json::from_str(&game.state_json()).map_err(|e| e.to_string())?;
        let line = serde_json::json!({
            "index": index, "action": text, "events": events, "state": state,
        });
        println!("{line}");
    }
    match game.outcome() {
        Some(outcome) => println!("{}", serde_json::json!({ "outcome": outcome })),
        None => println!(
            "{}",
            serde_json::json!({ "to_move": format!("{:?}", game.to_move()) })
        ),
    }
    // The final hash, if recorded, is checked by the full loader.
    AnyGame::from_record_json(&record.to_json()).map_err(|e| e.to_string())?;
    Ok(())
}
