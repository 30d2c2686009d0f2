//! Golden vectors: seeded Domino matches saved as records with their final states
//! (`tests/vectors/domino_*.json`, `{"record": …, "final_state": …}`). Replaying each record
//! must give exactly the stored final state and hash. The bindings replay the same files.
//!
//! To regenerate after a deliberate rules change: `DANGIAN_BLESS=1 cargo test --test
//! domino_vectors`, then review the diff.

use dangian::domino::{Action, Config, State};
use dangian::{Action as _, ActionList, Game, GameRng, Record, Recorded, ToMove};
use serde_json::{json, Value};

/// The vectors: file name, config, seed.
fn cases() -> Vec<(&'static str, Config, u64)> {
    vec![
        ("domino_default_seed7.json", Config::default(), 7),
        ("domino_kozel_seed11.json", Config::kozel(), 11),
        (
            "domino_block_4p_seed5.json",
            Config {
                max_rounds: Some(2),
                ..Config::block()
            },
            5,
        ),
    ]
}

/// Play a whole match with the crate's RNG: chance sampled, decisions uniform.
fn seeded_record(config: Config, seed: u64) -> (Record, State) {
    let mut rng = GameRng::new(seed);
    let mut game = Recorded::<State>::new(config, Some(seed)).unwrap();
    let mut legal = ActionList::new();
    loop {
        let s = *game.game();
        let a = match s.to_move() {
            ToMove::Over => break,
            ToMove::Chance => s.sample_chance(&mut rng).unwrap(),
            ToMove::Seat(_) => {
                s.legal_actions(&mut legal);
                Action::from_id(legal[rng.below(legal.len() as u32) as usize]).unwrap()
            }
        };
        game.apply(a, &mut dangian::NoEvents).unwrap();
    }
    (game.record(), *game.game())
}

fn path(name: &str) -> String {
    format!("{}/tests/vectors/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn golden_records_replay_to_their_final_states() {
    let bless = std::env::var_os("DANGIAN_BLESS").is_some();
    for (name, config, seed) in cases() {
        if bless {
            let (record, state) = seeded_record(config, seed);
            let doc = json!({
                "record": serde_json::to_value(&record).unwrap(),
                "final_state": serde_json::to_value(state).unwrap(),
            });
            std::fs::write(
                path(name),
                serde_json::to_string_pretty(&doc).unwrap() + "\n",
            )
            .unwrap();
        }
        let text = std::fs::read_to_string(path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let doc: Value = serde_json::from_str(&text).unwrap();
        let record = Record::from_json(&doc["record"].to_string()).unwrap();
        let replayed: State = record.replay().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(replayed.is_over(), "{name}: a whole match");
        assert_eq!(
            serde_json::to_value(replayed).unwrap(),
            doc["final_state"],
            "{name}: final state"
        );
        let stored: State = serde_json::from_value(doc["final_state"].clone()).unwrap();
        assert_eq!(stored, replayed, "{name}");
        // The record is what live play with the same seed produces today.
        let (live, _) = seeded_record(config, seed);
        assert_eq!(live, record, "{name}: the seeded game changed");
    }
}

#[test]
fn a_tampered_record_is_refused() {
    let (name, ..) = cases()[0];
    let text = std::fs::read_to_string(path(name)).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let mut record = Record::from_json(&doc["record"].to_string()).unwrap();
    // Swap one dealt tile for another: the replay fails or the final hash differs.
    let i = record
        .actions
        .iter()
        .position(|a| a.starts_with("deal"))
        .unwrap();
    record.actions[i] = if record.actions[i] == "deal 6-6" {
        "deal 0-0".into()
    } else {
        "deal 6-6".into()
    };
    assert!(record.replay::<State>().is_err());
    let mut record = Record::from_json(&doc["record"].to_string()).unwrap();
    record.final_hash = Some("0000000000000000".into());
    assert!(matches!(
        record.replay::<State>(),
        Err(dangian::RecordError::HashMismatch { .. })
    ));
}
