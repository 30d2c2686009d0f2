//! Records and replays: the rules version a record is refused under, and the JSON lines of the
//! `replay` example ([`AnyGame::replay_lines`]) for finished and unfinished games.

use dangian::any::{AnyError, AnyGame};
use dangian::{
    o_an_quan, ActionList, GameKind, GameRng, Record, RecordError, ToMove, RULES_VERSION,
};
use serde_json::Value;

/// A game of `kind` played `plies` actions from `seed` (chance sampled, players take the
/// first legal action), as an AnyGame.
fn played(kind: GameKind, seed: u64, plies: usize) -> AnyGame {
    let mut game = AnyGame::new(kind, "").expect("default config");
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    for _ in 0..plies {
        let id = match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => game.sample_chance(&mut rng).expect("chance"),
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                legal[0]
            }
        };
        game.apply(id).expect("legal");
    }
    game
}

fn lines(record: &Record) -> (Vec<String>, Result<(), AnyError>) {
    let mut out = Vec::new();
    let result = AnyGame::replay_lines(record, |l| out.push(l));
    (out, result)
}

#[test]
fn replay_lines_of_an_unfinished_game_are_all_json() {
    for kind in GameKind::ALL {
        for plies in [0, 1, 7, 30] {
            let game = played(kind, 3, plies);
            assert_ne!(game.to_move(), ToMove::Over, "{kind:?}: still going on");
            let record = game.record();
            let (out, result) = lines(&record);
            result.unwrap_or_else(|e| panic!("{kind:?} after {plies}: {e}"));
            assert_eq!(out.len(), record.actions.len() + 1);
            let parsed: Vec<Value> = out
                .iter()
                .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
                .collect();
            for (i, v) in parsed[..record.actions.len()].iter().enumerate() {
                assert_eq!(v["index"], i);
                assert_eq!(v["action"], record.actions[i].as_str());
                assert!(v["events"].is_array() && v["state"].is_object(), "{v}");
            }
            // The last line says who is to move, as JSON data, not Rust debug text.
            let last = parsed.last().unwrap();
            assert_eq!(
                last,
                &serde_json::json!({ "to_move": serde_json::to_value(game.to_move()).unwrap() }),
                "{kind:?}"
            );
            assert!(
                !out.last().unwrap().contains("Seat("),
                "{}",
                out.last().unwrap()
            );
            match game.to_move() {
                ToMove::Seat(s) => {
                    assert_eq!(last["to_move"]["kind"], "seat");
                    assert_eq!(last["to_move"]["seat"], s.0);
                }
                ToMove::Chance => assert_eq!(last["to_move"]["kind"], "chance"),
                ToMove::Over => unreachable!(),
            }
        }
    }
}

#[test]
fn replay_lines_of_a_finished_game_end_with_the_outcome() {
    let text = std::fs::read_to_string("tests/vectors/o_an_quan_default_seed1.json").unwrap();
    let record = Record::from_document(&text).unwrap();
    let (out, result) = lines(&record);
    result.unwrap();
    assert_eq!(out.len(), record.actions.len() + 1);
    for l in &out {
        serde_json::from_str::<Value>(l).unwrap_or_else(|e| panic!("{e}: {l}"));
    }
    let last: Value = serde_json::from_str(out.last().unwrap()).unwrap();
    assert!(last["outcome"]["places"].is_array(), "{last}");
    assert_eq!(last["outcome"]["reason"], "both_quan_squares_empty");
}

#[test]
fn rules_version_is_2_and_version_1_records_are_refused() {
    assert_eq!(RULES_VERSION, 2);
    let record = played(GameKind::OAnQuan, 1, 6).record();
    assert_eq!(record.rules_version, 2);
    AnyGame::from_record_json(&record.to_json()).expect("a record of this version loads");
    for old in [1, 3] {
        let mut r = record.clone();
        r.rules_version = old;
        let e = r.replay::<o_an_quan::State>().unwrap_err();
        assert_eq!(e, RecordError::RulesVersion(old));
        let text = e.to_string();
        assert!(
            text.contains(&format!("rules version {old}")) && text.contains("rules version 2"),
            "{text}"
        );
        assert!(matches!(
            AnyGame::from_record_json(&r.to_json()),
            Err(AnyError::Record(RecordError::RulesVersion(v))) if v == old
        ));
        // The replay example refuses it before replaying a single action.
        let (out, result) = lines(&r);
        assert!(out.is_empty(), "{out:?}");
        assert!(matches!(
            result,
            Err(AnyError::Record(RecordError::RulesVersion(v))) if v == old
        ));
    }
    // Records are refused however they are read (here as JSON text with version 1).
    let mut v: Value = serde_json::from_str(&record.to_json()).unwrap();
    v["rules_version"] = 1.into();
    let e = AnyGame::from_record_json(&v.to_string()).unwrap_err();
    assert!(e.to_string().contains("rules version 1"), "{e}");
}
