//! Golden records (`tests/vectors/o_an_quan_*.json`): seeded games whose record and final
//! state every binding replays and compares. Set `DANGIAN_BLESS=1` to rewrite them after a
//! deliberate rules change.

use dangian::o_an_quan::{Action, Config, State};
use dangian::{Action as _, ActionList, Game, GameRng, NoEvents, Record, Recorded};
use serde_json::{json, Value};

const CASES: [(&str, &str, u64); 3] = [
    (
        "tests/vectors/o_an_quan_default_seed1.json",
        "seed_rules",
        1,
    ),
    (
        "tests/vectors/o_an_quan_default_seed2.json",
        "seed_rules",
        2,
    ),
    (
        "tests/vectors/o_an_quan_vi_wikipedia_seed3.json",
        "vi_wikipedia",
        3,
    ),
];

fn seeded_game(config: Config, seed: u64) -> (Record, State) {
    let mut rec = Recorded::<State>::new(config, Some(seed)).expect("config");
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    loop {
        rec.game().legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        let id = legal[rng.below(legal.len() as u32) as usize];
        rec.apply(Action::from_id(id).expect("id"), &mut NoEvents)
            .expect("legal");
    }
    (rec.record(), *rec.game())
}

#[test]
fn golden_records_replay_to_their_final_state() {
    for (path, preset, seed) in CASES {
        let config = Config::preset(preset).expect("preset");
        if std::env::var_os("DANGIAN_BLESS").is_some() {
            let (record, state) = seeded_game(config, seed);
            let doc = json!({"record": record, "final_state": state});
            std::fs::write(path, serde_json::to_string_pretty(&doc).unwrap() + "\n").unwrap();
        }
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let doc: Value = serde_json::from_str(&text).expect("json");
        let record: Record = serde_json::from_value(doc["record"].clone()).expect("record");
        assert!(record.final_hash.is_some(), "{path}: sealed");
        let replayed: State = record.replay().unwrap_or_else(|e| panic!("{path}: {e}"));
        let expected: State = serde_json::from_value(doc["final_state"].clone()).expect("state");
        assert_eq!(replayed, expected, "{path}");
        assert!(replayed.is_over(), "{path}: a whole game");
        assert_eq!(serde_json::to_value(replayed).unwrap(), doc["final_state"]);
        // The same seed still plays the same game.
        let (again, state) = seeded_game(config, seed);
        assert_eq!(again, record, "{path}: the seeded game changed");
        assert_eq!(state, expected);
    }
}
