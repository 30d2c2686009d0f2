//! Strict JSON at every depth: an unknown field inside any nested object of a config, a
//! state, a view, an event, a record (its `config` and its `start`) or the RNG state is an
//! error, never silently dropped. One test per nested type: each takes a valid document,
//! checks that it is read, adds a field `zz_typo` to one nested object and checks that the
//! document is then refused with an error naming the field.

use dangian::any::AnyGame;
use dangian::{
    ca_ngua, domino, o_an_quan, ActionList, ChanceOutcome, GameConfig, GameKind, GameRng, Record,
    ToMove,
};
use serde_json::{json, Value};

/// The field no type knows.
const TYPO: &str = "zz_typo";

/// `doc` with the field [`TYPO`] added to the object at the JSON pointer `at`.
fn with_typo(doc: &Value, at: &str) -> String {
    let mut doc = doc.clone();
    let shown = doc.to_string();
    doc.pointer_mut(at)
        .unwrap_or_else(|| panic!("no {at} in {shown}"))
        .as_object_mut()
        .unwrap_or_else(|| panic!("{at} is not an object"))
        .insert(TYPO.into(), json!(20));
    doc.to_string()
}

/// `read` accepts `doc` as it is and refuses it, naming the typo, once the object at `at`
/// has an unknown field.
fn refuses_typo_at<T, E: std::fmt::Display>(
    doc: &Value,
    at: &str,
    read: impl Fn(&str) -> Result<T, E>,
) {
    if let Err(e) = read(&doc.to_string()) {
        panic!("the valid document is refused: {e}\n{doc}");
    }
    match read(&with_typo(doc, at)) {
        Ok(_) => panic!(
            "an unknown field at {at} is accepted:\n{}",
            with_typo(doc, at)
        ),
        Err(e) => assert!(
            e.to_string().contains(TYPO),
            "the error does not name the field: {e}"
        ),
    }
}

fn oaq_config(json: &str) -> Result<o_an_quan::Config, dangian::ConfigError> {
    o_an_quan::Config::from_json(json)
}

fn ca_ngua_config(json: &str) -> Result<ca_ngua::Config, dangian::ConfigError> {
    ca_ngua::Config::from_json(json)
}

/// A game of `kind` under `config` played from `seed` (chance sampled, players take a random
/// legal action) until `stop` holds of it, or `None` if it never does within 3 000 actions.
fn play_until(
    kind: GameKind,
    config: &str,
    seed: u64,
    stop: impl Fn(&AnyGame) -> bool,
) -> Option<AnyGame> {
    let mut game = AnyGame::new(kind, config).expect("a valid config");
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    for _ in 0..3000 {
        if stop(&game) {
            return Some(game);
        }
        let id = match game.to_move() {
            ToMove::Over => return None,
            ToMove::Chance => game.sample_chance(&mut rng).expect("chance"),
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                legal[rng.below(legal.len() as u32) as usize]
            }
        };
        game.apply(id).expect("legal");
    }
    None
}

fn state(game: &AnyGame) -> Value {
    serde_json::from_str(&game.state_json()).expect("state JSON")
}

// ---- configs -------------------------------------------------------------------------------

/// The example of the report: a misspelt stake was dropped and the default stake played.
#[test]
fn o_an_quan_match_mode_with_data() {
    assert!(
        oaq_config(r#"{"match_mode":{"kind":"debt_carry_over","stake_per_halve":20}}"#).is_err()
    );
    let doc = json!({"match_mode": {"kind": "debt_carry_over", "stake_per_half": 20}});
    refuses_typo_at(&doc, "/match_mode", oaq_config);
}

/// A data-less variant of an internally tagged enum: serde skips its other fields even under
/// `deny_unknown_fields` unless it is read strictly.
#[test]
fn o_an_quan_match_mode_without_data() {
    refuses_typo_at(
        &json!({"match_mode": {"kind": "single_game"}}),
        "/match_mode",
        oaq_config,
    );
}

#[test]
fn o_an_quan_quan_setup() {
    refuses_typo_at(
        &json!({"quan_setup": {"kind": "small_stones", "count": 10}}),
        "/quan_setup",
        oaq_config,
    );
    refuses_typo_at(
        &json!({"quan_setup": {"kind": "big_stone"}}),
        "/quan_setup",
        oaq_config,
    );
}

#[test]
fn o_an_quan_relay_loop() {
    refuses_typo_at(
        &json!({"relay_loop": {"kind": "cap", "relays": 50}}),
        "/relay_loop",
        oaq_config,
    );
    refuses_typo_at(
        &json!({"relay_loop": {"kind": "end_turn_on_repeat"}}),
        "/relay_loop",
        oaq_config,
    );
}

#[test]
fn ca_ngua_bonus_rule() {
    refuses_typo_at(
        &json!({"bonus_roll_on": {"kind": "doubles_or_pair", "a": 1, "b": 6}}),
        "/bonus_roll_on",
        ca_ngua_config,
    );
    refuses_typo_at(
        &json!({"bonus_roll_on": {"kind": "doubles"}}),
        "/bonus_roll_on",
        ca_ngua_config,
    );
}

// ---- states --------------------------------------------------------------------------------

fn setup_of(kind: GameKind) -> impl Fn(&str) -> Result<AnyGame, dangian::any::AnyError> {
    move |json| AnyGame::from_setup_json(kind, json)
}

#[test]
fn o_an_quan_state_big_stones() {
    // A big stone captured (captured_by) and one still on the board (on_board).
    let game = play_until(GameKind::OAnQuan, "", 1, |g| {
        let s = state(g);
        s["big"][0]["kind"] != s["big"][1]["kind"]
    })
    .expect("a big stone is captured");
    let doc = state(&game);
    refuses_typo_at(&doc, "/big/0", setup_of(GameKind::OAnQuan));
    refuses_typo_at(&doc, "/big/1", setup_of(GameKind::OAnQuan));
    // No big stones (absent).
    let config = r#"{"quan_setup":{"kind":"small_stones","count":10}}"#;
    let game = AnyGame::new(GameKind::OAnQuan, config).expect("config");
    let doc = state(&game);
    assert_eq!(doc["big"][0]["kind"], "absent");
    refuses_typo_at(&doc, "/big/0", setup_of(GameKind::OAnQuan));
}

#[test]
fn o_an_quan_state_config() {
    let game = AnyGame::new(GameKind::OAnQuan, "").expect("config");
    let doc = state(&game);
    refuses_typo_at(&doc, "/config/match_mode", setup_of(GameKind::OAnQuan));
}

#[test]
fn ca_ngua_state_roll() {
    let game = play_until(GameKind::CaNgua, "", 2, |g| !state(g)["roll"].is_null())
        .expect("a roll is thrown");
    refuses_typo_at(&state(&game), "/roll", setup_of(GameKind::CaNgua));
}

#[test]
fn domino_state_plays() {
    let game = play_until(GameKind::Domino, "", 3, |g| {
        state(g)["plays"].as_array().is_some_and(|p| !p.is_empty())
    })
    .expect("a tile is placed");
    refuses_typo_at(&state(&game), "/plays/0", setup_of(GameKind::Domino));
}

#[test]
fn domino_state_last_round() {
    let game = play_until(GameKind::Domino, "", 4, |g| {
        !state(g)["last_round"].is_null()
    })
    .expect("a round ends");
    refuses_typo_at(&state(&game), "/last_round", setup_of(GameKind::Domino));
}

#[test]
fn o_an_quan_match_last_result() {
    let config = o_an_quan::Config {
        match_mode: o_an_quan::MatchMode::DebtCarryOver {
            stake_per_half: None,
            next_starter: o_an_quan::NextStarter::default(),
        },
        ..o_an_quan::Config::default()
    };
    let mut m = o_an_quan::Match::new(config).expect("a match config");
    let mut rng = GameRng::new(5);
    let mut ids = ActionList::new();
    while m.game().end_reason().is_none() {
        dangian::Game::legal_actions(m.game(), &mut ids);
        let id = ids[rng.below(ids.len() as u32) as usize];
        let action = <o_an_quan::Action as dangian::Action>::from_id(id).expect("a legal id");
        m.apply(action, &mut dangian::NoEvents).expect("legal");
    }
    let doc = serde_json::to_value(m).expect("JSON");
    assert!(
        !doc["last"].is_null(),
        "the finished game is the last result"
    );
    refuses_typo_at(&doc, "/last", |json| {
        serde_json::from_str::<o_an_quan::Match>(json)
    });
    refuses_typo_at(&doc, "/game/big/0", |json| {
        serde_json::from_str::<o_an_quan::Match>(json)
    });
}

#[test]
fn chance_outcome() {
    refuses_typo_at(&json!({"id": 3, "weight": 1}), "", |json| {
        serde_json::from_str::<ChanceOutcome>(json)
    });
}

#[test]
fn rng_state() {
    let mut rng = GameRng::new(9);
    rng.below(6);
    let doc = serde_json::to_value(&rng).expect("JSON");
    refuses_typo_at(&doc, "", |json| serde_json::from_str::<GameRng>(json));
    // The all-zero state would draw zeros forever; no seed reaches it.
    assert!(serde_json::from_str::<GameRng>(r#"{"s":[0,0,0,0]}"#).is_err());
}

// ---- views ---------------------------------------------------------------------------------

#[test]
fn o_an_quan_view() {
    let game = play_until(GameKind::OAnQuan, "", 1, |g| {
        let s = state(g);
        s["big"][0]["kind"] != s["big"][1]["kind"]
    })
    .expect("a big stone is captured");
    let doc: Value = serde_json::from_str(&game.view_json(0).expect("view")).expect("JSON");
    let read = |json: &str| serde_json::from_str::<o_an_quan::View>(json);
    refuses_typo_at(&doc, "", read);
    refuses_typo_at(&doc, "/big/0", read);
    refuses_typo_at(&doc, "/big/1", read);
    refuses_typo_at(&doc, "/to_move", read);
    refuses_typo_at(&doc, "/config/quan_setup", read);
}

#[test]
fn domino_view() {
    let game = play_until(GameKind::Domino, "", 3, |g| {
        state(g)["plays"].as_array().is_some_and(|p| !p.is_empty())
    })
    .expect("a tile is placed");
    let doc: Value = serde_json::from_str(&game.view_json(0).expect("view")).expect("JSON");
    let read = |json: &str| serde_json::from_str::<domino::View>(json);
    refuses_typo_at(&doc, "", read);
    refuses_typo_at(&doc, "/plays/0", read);
    refuses_typo_at(&doc, "/to_move", read);
}

/// `{"kind":"chance"}` and `{"kind":"over"}` carry no data: nothing else may be there.
#[test]
fn to_move() {
    for doc in [
        json!({"kind": "chance"}),
        json!({"kind": "over"}),
        json!({"kind": "seat", "seat": 1}),
    ] {
        refuses_typo_at(&doc, "", |json| serde_json::from_str::<ToMove>(json));
    }
}

// ---- events --------------------------------------------------------------------------------

/// Every event a few games report, read back, refuses an unknown field.
fn events_refuse_typos<E: serde::de::DeserializeOwned>(kind: GameKind, seed: u64) {
    let mut game = AnyGame::new(kind, "").expect("config");
    game.keep_events(true);
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..200 {
        let id = match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => game.sample_chance(&mut rng).expect("chance"),
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                legal[rng.below(legal.len() as u32) as usize]
            }
        };
        game.apply(id).expect("legal");
        let events: Value =
            serde_json::from_str(&game.events_json(None).expect("events")).expect("JSON");
        for event in events.as_array().expect("a list of events") {
            if kinds.insert(event["kind"].to_string()) {
                refuses_typo_at(event, "", |json| serde_json::from_str::<E>(json));
            }
        }
    }
    assert!(kinds.len() >= 3, "only {kinds:?} seen");
}

#[test]
fn o_an_quan_events() {
    events_refuse_typos::<o_an_quan::Event>(GameKind::OAnQuan, 1);
}

#[test]
fn ca_ngua_events() {
    events_refuse_typos::<ca_ngua::Event>(GameKind::CaNgua, 2);
}

#[test]
fn domino_events() {
    events_refuse_typos::<domino::Event>(GameKind::Domino, 3);
}

// ---- records -------------------------------------------------------------------------------

fn load(json: &str) -> Result<AnyGame, dangian::any::AnyError> {
    AnyGame::from_record_json(json)
}

/// A record's `config`: the typo changed the rules of the replay without a word.
#[test]
fn record_config() {
    let config = r#"{"match_mode":{"kind":"single_game"}}"#;
    let game = play_until(GameKind::OAnQuan, config, 6, |g| g.move_number() >= 5).expect("5 moves");
    let doc: Value = serde_json::from_str(&game.record().to_json()).expect("JSON");
    assert_eq!(doc["config"]["match_mode"]["kind"], "single_game");
    refuses_typo_at(&doc, "/config/match_mode", load);
}

/// A record's `start`: a position whose nested objects are read strictly like any state.
#[test]
fn record_start() {
    let played = play_until(GameKind::OAnQuan, "", 1, |g| {
        let s = state(g);
        s["big"][0]["kind"] != s["big"][1]["kind"]
    })
    .expect("a big stone is captured");
    let game = AnyGame::from_setup_json(GameKind::OAnQuan, &played.state_json()).expect("start");
    let doc: Value = serde_json::from_str(&game.record().to_json()).expect("JSON");
    refuses_typo_at(&doc, "/start/big/0", load);
    refuses_typo_at(&doc, "/start/big/1", load);
    refuses_typo_at(&doc, "/start/config/relay_loop", load);
    let read = |json: &str| Record::from_json(json).and_then(|r| r.start::<o_an_quan::State>());
    refuses_typo_at(&doc, "/start/big/0", read);
}

/// What a verifier is given: the record of a fair game, whose config and fairness it reads.
#[test]
fn fair_record_verification() {
    let mut game =
        AnyGame::new(GameKind::CaNgua, r#"{"bonus_roll_on":{"kind":"doubles"}}"#).expect("config");
    game.set_fair_chance([7; 32], vec!["player one".into()])
        .expect("fair chance before the first action");
    let mut rng = GameRng::new(8);
    let mut legal = ActionList::new();
    while !game.is_over() {
        match game.to_move() {
            ToMove::Chance => {
                game.play_chance(&mut rng).expect("chance");
            }
            _ => {
                game.legal_actions(&mut legal);
                game.apply(legal[0]).expect("legal");
            }
        }
    }
    let doc: Value = serde_json::from_str(&game.record().to_json()).expect("JSON");
    let verify = |json: &str| {
        Record::from_json(json)
            .map_err(|e| e.to_string())
            .and_then(|r| dangian::fair::verify(&r).map_err(|e| e.to_string()))
    };
    refuses_typo_at(&doc, "/config/bonus_roll_on", verify);
    refuses_typo_at(&doc, "/fairness", verify);
}
