//! Replay a saved game and print the state after each action as JSON lines.
//!
//! ```sh
//! cargo run --example replay -- tests/vectors/o_an_quan_default_seed1.json
//! cat saved.json | cargo run --example replay
//! ```
//!
//! The input is a record (`dangian-record/2`), or a golden-vector file holding one under
//! `"record"`. Each output line is JSON: `{"index", "action", "events", "state"}` per action,
//! then `{"outcome": …}` for a finished game or `{"to_move": …}` for one still going on. The
//! lines are made by [`dangian::any::AnyGame::replay_lines`]. A record of another rules
//! version is refused before anything is replayed; an unreadable or illegal record is
//! reported on stderr with exit status 1, after the lines of the actions that were legal.

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
    let record = Record::from_document(&text).map_err(|e| e.to_string())?;
    AnyGame::replay_lines(&record, |line| println!("{line}")).map_err(|e| e.to_string())
}
