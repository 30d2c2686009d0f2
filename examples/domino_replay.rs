//! Replays a saved Domino record and prints each round's result and the final table.
//!
//! `cargo run --example domino_replay [FILE]`: a record JSON, or a golden vector file
//! (`{"record": …, "final_state": …}`); default `tests/vectors/domino_default_seed7.json`.

use dangian::domino::{Event, State};
use dangian::Record;

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/vectors/domino_default_seed7.json"
        )
        .into()
    });
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let record_json = match value.get("record") {
        Some(r) => r.to_string(),
        None => text.clone(),
    };
    let record = Record::from_json(&record_json).expect("a record");
    let mut events: Vec<Event> = Vec::new();
    let state: State = match record.replay_steps(&mut events, |_, _, _| {}) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("the record does not replay: {e}");
            std::process::exit(1);
        }
    };
    for e in &events {
        match e {
            Event::RoundScored { result, scores } => println!(
                "round {:>2}: {:?} by seat {}, points {:?}, totals {:?}",
                result.round, result.end, result.seat.0, result.points, scores
            ),
            Event::MatchEnded { reason, places, .. } => {
                println!("match over ({reason:?}), places {places:?}")
            }
            _ => {}
        }
    }
    println!("\n{state}");
}
