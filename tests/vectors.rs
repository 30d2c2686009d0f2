//! Golden vectors (`tests/vectors/*.json`): seeded games of every kind saved as
//! `{"record": …, "final_state": …, "outcome": …}`. Replaying each record must give exactly
//! that final state and outcome; the C, C++, C# and Python consumers replay the same files.
//!
//! After a deliberate rules change (and a new `RULES_VERSION`), rewrite them with
//! `DANGIAN_BLESS=1 cargo test --test vectors` and review the diff.

use dangian::domino::Config as DominoConfig;
use dangian::{
    ca_ngua, domino, o_an_quan, Action, ActionList, Game, GameRng, NoEvents, Record, Recorded,
    ToMove,
};
use serde_json::{json, Value};

/// A seeded game: chance and choices both drawn from `GameRng::new(seed)`.
fn seeded_game<G: Game>(config: G::Config, seed: u64) -> Recorded<G> {
    let mut rng = GameRng::new(seed);
    let mut game = Recorded::<G>::new(config).expect("config");
    let mut legal = ActionList::new();
    loop {
        let g = game.game();
        let action = match g.to_move() {
            ToMove::Over => break,
            ToMove::Chance => g.sample_chance(&mut rng).expect("outcome"),
            ToMove::Seat(_) => {
                g.legal_actions(&mut legal);
                G::Action::from_id(legal[rng.below(legal.len() as u32) as usize]).expect("id")
            }
        };
        game.apply(action, &mut NoEvents).expect("legal");
    }
    game
}

/// Check (or with `DANGIAN_BLESS=1` rewrite) one vector file.
fn check<G: Game>(file: &str, config: G::Config, seed: u64) {
    let path = format!("{}/tests/vectors/{file}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("DANGIAN_BLESS").is_some() {
        let game = seeded_game::<G>(config.clone(), seed);
        let doc = json!({
            "record": serde_json::from_str::<Value>(&game.record().to_json()).expect("record"),
            "final_state": game.game(),
            "outcome": game.game().outcome(),
        });
        std::fs::write(
            &path,
            serde_json::to_string_pretty(&doc).expect("JSON") + "\n",
        )
        .expect("write the vector");
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let record = Record::from_document(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(record.final_hash.is_some(), "{file}: sealed");
    let replayed: G = record.replay().unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(replayed.is_over(), "{file}: a whole game");
    let doc: Value = serde_json::from_str(&text).expect("JSON");
    let expected: G = serde_json::from_value(doc["final_state"].clone()).expect("final state");
    assert_eq!(replayed, expected, "{file}: final state");
    assert_eq!(
        serde_json::to_value(&replayed).expect("JSON"),
        doc["final_state"],
        "{file}: the state's JSON"
    );
    assert_eq!(
        serde_json::to_value(replayed.outcome()).expect("JSON"),
        doc["outcome"],
        "{file}: outcome"
    );
    // The same seed still plays the same game, and it saves as the same record.
    let again = seeded_game::<G>(config, seed);
    assert_eq!(again.record(), record, "{file}: the seeded game changed");
}

#[test]
fn o_an_quan_vectors() {
    use o_an_quan::{Config, State};
    check::<State>("o_an_quan_default_seed1.json", Config::default(), 1);
    check::<State>("o_an_quan_default_seed2.json", Config::default(), 2);
    check::<State>(
        "o_an_quan_vi_wikipedia_seed3.json",
        Config::vi_wikipedia(),
        3,
    );
}

#[test]
fn ca_ngua_vectors() {
    use ca_ngua::{Config, State};
    check::<State>("ca_ngua_default_seed1.json", Config::default(), 1);
    check::<State>("ca_ngua_one_die_seed2.json", Config::one_die(), 2);
    check::<State>(
        "ca_ngua_two_players_two_colours_seed3.json",
        Config::two_players_two_colours(),
        3,
    );
}

#[test]
fn domino_vectors() {
    use domino::State;
    check::<State>("domino_default_seed7.json", DominoConfig::default(), 7);
    check::<State>("domino_kozel_seed11.json", DominoConfig::kozel(), 11);
    let mut block = DominoConfig::block();
    block.max_rounds = Some(2);
    check::<State>("domino_block_4p_seed5.json", block, 5);
}

/// A record of another rules version is refused rather than replayed under rules that may
/// differ.
#[test]
fn records_of_another_rules_version_are_refused() {
    let path = format!(
        "{}/tests/vectors/o_an_quan_default_seed1.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("vector");
    let mut record = Record::from_document(&text).expect("record");
    record.rules_version = dangian::RULES_VERSION - 1;
    let err = record
        .replay::<o_an_quan::State>()
        .expect_err("an older rules version");
    let message = err.to_string();
    assert!(
        message.contains(&format!("rules version {}", dangian::RULES_VERSION - 1))
            && message.contains(&format!("version {}", dangian::RULES_VERSION)),
        "{message}"
    );
}
