//! Reproduces every reference game of `tests/reference/ca_ngua__*.jsonl.gz` move by move:
//! before every decision the legal actions equal the file's `legal` list, after every action
//! the state (mapped into the file's fields) equals `states[i]`, and the outcome matches.

use std::io::{BufRead, BufReader};

use dangian::ca_ngua::{Action, Colour, Config, Dice, Phase, State};
use dangian::{Action as _, ActionList, Game, NoEvents};
use flate2::read::GzDecoder;
use serde_json::{json, Value};

fn games(file: &str) -> Vec<Value> {
    let path = format!("{}/tests/reference/{file}", env!("CARGO_MANIFEST_DIR"));
    let f = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    BufReader::new(GzDecoder::new(f))
        .lines()
        .map(|l| serde_json::from_str(&l.expect("line")).expect("json"))
        .collect()
}

/// The file's action `["roll", d1, d2]`, `["roll", d]` or `["move", piece, kind, dist]`.
fn action(v: &Value) -> Action {
    let a = v.as_array().expect("action list");
    let n = |i: usize| a[i].as_u64().expect("number") as u8;
    match (a[0].as_str(), a.len()) {
        (Some("roll"), 3) => Action::Roll {
            low: n(1),
            high: n(2),
        },
        (Some("roll"), 2) => Action::RollOne { face: n(1) },
        (Some("move"), 4) => {
            let piece = n(1);
            let dist = n(3);
            match a[2].as_str() {
                Some("exit") => Action::Exit { piece },
                Some("track") => Action::Track { piece, dist },
                Some("enter") => Action::Enter { piece, step: dist },
                Some("climb") => Action::Climb { piece, steps: dist },
                k => panic!("unknown kind {k:?}"),
            }
        }
        _ => panic!("unknown action {v}"),
    }
}

/// The engine's state in the file's fields.
fn mapped(s: &State) -> Value {
    let cfg = s.config();
    let pieces: Vec<Value> = Colour::ALL
        .iter()
        .map(|&c| {
            if cfg.seats.in_play(c) {
                json!((0..4).map(|p| s.progress(c, p)).collect::<Vec<_>>())
            } else {
                json!([])
            }
        })
        .collect();
    let roll = s.current_roll().map(|r| {
        let f = r.faces();
        if cfg.dice == Dice::One {
            json!([f[0]])
        } else {
            json!([f[0], f[1]])
        }
    });
    json!({
        "pieces": pieces,
        "to_move": s.colour_to_move().map(|c| c.0),
        "phase": match s.phase() { Phase::Roll => "roll", Phase::Move => "move", Phase::Over => "over" },
        "roll": roll,
        "tries_left": s.tries_left(),
        "kicks": s.kicks(),
        "finished_colours": s.finished_colours().map(|c| c.0).collect::<Vec<_>>(),
        "places": s.finishing_order().map(|p| p.0).collect::<Vec<_>>(),
        "over": s.phase() == Phase::Over,
    })
}

/// The config the file's `options` describe, checked field by field against `expected`.
fn config_for(options: &Value, expected: Config) -> Config {
    let o = |k: &str| {
        options
            .get(k)
            .unwrap_or_else(|| panic!("option {k} missing"))
    };
    let c = expected;
    assert_eq!(
        o("dice").as_u64(),
        Some(if c.dice == Dice::One { 1 } else { 2 })
    );
    assert_eq!(o("track_len").as_u64(), Some(u64::from(c.track_len)));
    assert_eq!(o("home_steps").as_u64(), Some(u64::from(c.home_steps)));
    assert_eq!(o("exit_on_doubles").as_bool(), Some(c.exit_on_doubles));
    assert_eq!(o("exit_on_sum").as_u64(), c.exit_on_sum.map(u64::from));
    assert_eq!(
        o("exit_on_pairs"),
        &serde_json::to_value(c.exit_on_pairs).unwrap()
    );
    assert_eq!(
        o("exit_faces"),
        &serde_json::to_value(c.exit_faces).unwrap()
    );
    assert_eq!(
        o("tries_when_no_piece_out").as_u64(),
        Some(u64::from(c.tries_when_no_piece_out))
    );
    assert_eq!(
        o("bonus_when_no_move").as_bool(),
        Some(c.bonus_when_no_move)
    );
    assert_eq!(
        o("continue_for_places").as_bool(),
        Some(c.continue_for_places)
    );
    assert_eq!(
        o("kick_own_other_colour").as_bool(),
        Some(c.kick_own_other_colour)
    );
    assert_eq!(o("multi_colour_win").as_str(), Some("AllColours"));
    assert_eq!(o("start_occupied_by_opponent").as_str(), Some("Kick"));
    assert_eq!(o("turn_order").as_str(), Some("OppositeToMovement"));
    assert_eq!(o("first_colour"), &Value::Null);
    assert_eq!(o("seats"), &serde_json::to_value(c.seats).unwrap());
    if c.dice == Dice::One {
        // The single-die preset's bonus faces (§1.5).
        assert_eq!(
            json!({"kind": "faces", "faces": o("bonus_faces")}),
            serde_json::to_value(c.bonus_roll_on).unwrap()
        );
    }
    c
}

fn replay_file(file: &str, expected: Config) -> (usize, usize) {
    let mut total_actions = 0;
    let all = games(file);
    for (g, game) in all.iter().enumerate() {
        let config = config_for(&game["options"], expected);
        let mut s = State::new(config).expect("config");
        assert_eq!(
            mapped(&s),
            game["initial_state"],
            "{file} game {g}: initial state"
        );
        let actions = game["actions"].as_array().expect("actions");
        let states = game["states"].as_array().expect("states");
        let legal = game["legal"].as_array().expect("legal");
        assert_eq!(actions.len(), states.len());
        let mut list = ActionList::new();
        for (i, a) in actions.iter().enumerate() {
            let act = action(a);
            s.legal_actions(&mut list);
            if legal[i].is_null() {
                assert!(
                    act.is_roll(),
                    "{file} game {g} move {i}: decision without legal list"
                );
            } else {
                let mut want: Vec<u32> = legal[i]
                    .as_array()
                    .expect("legal list")
                    .iter()
                    .map(|l| action(l).id())
                    .collect();
                want.sort_unstable();
                assert_eq!(
                    list.as_slice(),
                    want.as_slice(),
                    "{file} game {g} move {i}: legal actions differ before {a}\n{s}"
                );
            }
            let before = s;
            if let Err(e) = s.apply(act, &mut NoEvents) {
                panic!("{file} game {g} move {i}: {a} refused: {e}\n{before}");
            }
            let got = mapped(&s);
            assert_eq!(
                got, states[i],
                "{file} game {g} move {i}: state after {a} differs\nbefore:\n{before}\nafter:\n{s}"
            );
        }
        let out = s.outcome().expect("over");
        let o = &game["outcome"];
        assert_eq!(
            json!(s.finished_colours().map(|c| c.0).collect::<Vec<_>>()),
            o["finished_colours"]
        );
        assert_eq!(json!(s.kicks()), o["kicks"]);
        assert_eq!(
            json!(s.finishing_order().map(|p| p.0).collect::<Vec<_>>()),
            o["places"]
        );
        for (place, p) in s.finishing_order().enumerate() {
            assert_eq!(out.places[p.0 as usize] as usize, place + 1);
        }
        total_actions += actions.len();
    }
    (all.len(), total_actions)
}

#[test]
fn reference_games_default_rules() {
    let (games, actions) = replay_file("ca_ngua__default.jsonl.gz", Config::default());
    assert_eq!(games, 8);
    assert!(actions > 10_000);
}

#[test]
fn reference_games_one_die() {
    let (games, actions) = replay_file("ca_ngua__one_die.jsonl.gz", Config::one_die());
    assert_eq!(games, 4);
    assert!(actions > 5_000);
}
