//! Golden vectors: seeded Cờ cá ngựa games saved as records with their expected final state
//! (`tests/vectors/ca_ngua_*.json`, `{"record": …, "final_state": …}`). Replaying each record
//! must give exactly that state; the C, C# and Python bindings replay the same files.
//!
//! `DANGIAN_BLESS=1 cargo test --test ca_ngua_vectors` rewrites the files from the engine.

use dangian::ca_ngua::{Action, Config, State};
use dangian::{Action as _, ActionList, Game, GameRng, NoEvents, Record, Recorded, ToMove};
use serde_json::{json, Value};

const VECTORS: [(&str, u64); 3] = [
    ("ca_ngua_default_seed1.json", 1),
    ("ca_ngua_one_die_seed2.json", 2),
    ("ca_ngua_two_players_two_colours_seed3.json", 3),
];

fn config_of(file: &str) -> Config {
    if file.contains("one_die") {
        Config::one_die()
    } else if file.contains("two_colours") {
        Config::two_players_two_colours()
    } else {
        Config::default()
    }
}

/// A seeded game: chance and choices both drawn from `GameRng::new(seed)`.
fn seeded_game(config: Config, seed: u64) -> Recorded<State> {
    let mut rng = GameRng::new(seed);
    let mut game = Recorded::<State>::new(config, Some(seed)).expect("config");
    let mut legal = ActionList::new();
    loop {
        let g = game.game();
        let action = match g.to_move() {
            ToMove::Over => break,
            ToMove::Chance => g.sample_chance(&mut rng).expect("outcome"),
            ToMove::Seat(_) => {
                g.legal_actions(&mut legal);
                Action::from_id(legal[rng.below(legal.len() as u32) as usize]).expect("id")
            }
        };
        game.apply(action, &mut NoEvents).expect("legal");
    }
    game
}

fn path(file: &str) -> String {
    format!("{}/tests/vectors/{file}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn golden_records_replay_to_their_final_states() {
    let bless = std::env::var_os("DANGIAN_BLESS").is_some();
    for (file, seed) in VECTORS {
        if bless {
            let game = seeded_game(config_of(file), seed);
            let doc = json!({"record": game.record(), "final_state": game.game()});
            std::fs::write(path(file), serde_json::to_string(&doc).unwrap() + "\n").unwrap();
        }
        let text = std::fs::read_to_string(path(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let doc: Value = serde_json::from_str(&text).unwrap();
        let record: Record = serde_json::from_value(doc["record"].clone()).unwrap();
        assert_eq!(record.seed, Some(seed));
        assert!(record.final_hash.is_some());
        let replayed: State = record.replay().unwrap_or_else(|e| panic!("{file}: {e}"));
        let expected: State = serde_json::from_value(doc["final_state"].clone()).unwrap();
        assert_eq!(replayed, expected, "{file}");
        assert_eq!(
            serde_json::to_value(replayed).unwrap(),
            doc["final_state"],
            "{file}"
        );
        assert!(replayed.is_over(), "{file}: the game is played to the end");
        assert_eq!(*replayed.rules(), config_of(file));
        // The engine still plays the same game from the seed.
        let live = seeded_game(config_of(file), seed);
        assert_eq!(live.game(), &replayed, "{file}: seeded play changed");
        assert_eq!(live.record().actions, record.actions, "{file}");
    }
}

#[test]
fn a_tampered_record_is_refused() {
    let (file, _) = VECTORS[0];
    let text = std::fs::read_to_string(path(file)).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let mut record: Record = serde_json::from_value(doc["record"].clone()).unwrap();
    // Change the last roll before a decision to another roll: either illegal or a new hash.
    let i = record
        .actions
        .iter()
        .rposition(|a| a.starts_with('r'))
        .unwrap();
    record.actions[i] = if record.actions[i] == "r1-2" {
        "r5-6"
    } else {
        "r1-2"
    }
    .to_owned();
    assert!(record.replay::<State>().is_err());
}
