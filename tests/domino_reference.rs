//! Reproduces every reference match (`tests/reference/domino__*.jsonl.gz`, whole matches to
//! 101 under the default rules with 2, 3 and 4 players) move by move: before every decision
//! the legal actions equal the file's `legal`; after every action the state, mapped to the
//! file's fields, equals `states[i]`; the outcome matches.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};

use dangian::domino::{Action, Config, End, Event, Phase, RoundEnd, State, Tile};
use dangian::{ActionList, Game, Seat, ToMove};
use serde_json::{json, Value};

fn tile_of(v: &Value) -> Tile {
    let a = v[0].as_u64().expect("tile half") as u8;
    let b = v[1].as_u64().expect("tile half") as u8;
    Tile::new(a, b).expect("valid tile")
}

fn tile_json(t: Tile) -> Value {
    json!([t.low(), t.high()])
}

/// The file's action as (acting seat, our action).
fn action_of(v: &Value) -> (u8, Action) {
    let tag = v[0].as_str().expect("tag");
    let seat = v[1].as_u64().expect("seat") as u8;
    let tile = tile_of(&v[2]);
    let action = match tag {
        "deal" => Action::Deal(tile),
        "draw" => Action::Draw(tile),
        "play" => Action::Play {
            tile,
            end: match v[3].as_str() {
                Some("L") => End::Left,
                Some("R") => End::Right,
                other => panic!("bad end {other:?}"),
            },
        },
        other => panic!("unknown action tag {other}"),
    };
    (seat, action)
}

fn play_json(seat: u8, a: Action) -> Value {
    match a {
        Action::Play { tile, end } => json!(["play", seat, tile_json(tile), end.to_string()]),
        other => panic!("not a play: {other}"),
    }
}

/// Our state in the file's terms; `history` is kept from the `RoundScored` events.
/// The reference files name option values in CamelCase (`"UntilPlayable"`); the crate's
/// JSON writes them in snake_case (`"until_playable"`).
fn snake_case_values(options: &Value) -> Value {
    let mut out = options.clone();
    if let Some(map) = out.as_object_mut() {
        for v in map.values_mut() {
            if let Some(text) = v.as_str() {
                let mut snake = String::new();
                for (i, c) in text.chars().enumerate() {
                    if c.is_ascii_uppercase() && i > 0 {
                        snake.push('_');
                    }
                    snake.push(c.to_ascii_lowercase());
                }
                *v = Value::String(snake);
            }
        }
    }
    out
}

fn state_json(s: &State, history: &[Value]) -> Value {
    let n = usize::from(s.config().players);
    let phase = match s.phase() {
        Phase::Deal => "deal",
        Phase::Lead | Phase::Play => "play",
        Phase::Draw => "draw",
        Phase::Over => "over",
    };
    let over = s.phase() == Phase::Over;
    json!({
        "round": s.round(),
        "phase": phase,
        "to_move": s.turn().map(|a| a.0),
        "hands": (0..n).map(|i| s.hand(Seat(i as u8)).iter().map(tile_json).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "boneyard": s.boneyard().iter().map(tile_json).collect::<Vec<_>>(),
        "line": s.line().as_slice().iter().map(|p| json!([p.left, p.right])).collect::<Vec<_>>(),
        "ends": s.ends().map(|(l, r)| json!([l, r])),
        "last_placer": s.last_placer().map(|p| p.0),
        "scores": s.scores(),
        "history": history,
        "over": over,
        "places": s.outcome().map(|o| o.places[..n].to_vec()),
    })
}

fn check_file(name: &str) -> (usize, usize) {
    let path = format!("{}/tests/reference/{name}", env!("CARGO_MANIFEST_DIR"));
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let reader = BufReader::new(flate2::read::GzDecoder::new(file));
    let mut games = 0;
    let mut actions = 0;
    for line in reader.lines() {
        let line = line.expect("readable line");
        let game: Value = serde_json::from_str(&line).expect("JSON line");
        let index = &game["game_index"];
        let config: Config = serde_json::from_value(snake_case_values(&game["options"]))
            .expect("options read as a Config");
        let mut state = State::new(config).expect("valid config");
        let mut history: Vec<Value> = Vec::new();
        assert_eq!(
            state_json(&state, &history),
            game["initial_state"],
            "{name} game {index}: initial state"
        );
        let acts = game["actions"].as_array().expect("actions");
        let states = game["states"].as_array().expect("states");
        let legal = game["legal"].as_array().expect("legal");
        assert_eq!(acts.len(), states.len());
        for (i, act) in acts.iter().enumerate() {
            let (seat, action) = action_of(act);
            let at = format!("{name} game {index} action {i} {act}");
            assert_eq!(state.turn(), Some(Seat(seat)), "{at}: acting seat");
            if legal[i].is_null() {
                assert_eq!(state.to_move(), ToMove::Chance, "{at}: chance expected");
            } else {
                assert_eq!(state.to_move(), ToMove::Seat(Seat(seat)), "{at}: decision");
                let mut ids = ActionList::new();
                state.legal_actions(&mut ids);
                let ours: BTreeSet<String> = ids
                    .iter()
                    .map(|&id| {
                        play_json(seat, <Action as dangian::Action>::from_id(id).unwrap())
                            .to_string()
                    })
                    .collect();
                let theirs: BTreeSet<String> = legal[i]
                    .as_array()
                    .expect("legal list")
                    .iter()
                    .map(|v| v.to_string())
                    .collect();
                assert_eq!(ours, theirs, "{at}: legal actions");
            }
            let mut events = Vec::new();
            state
                .apply(action, &mut events)
                .unwrap_or_else(|e| panic!("{at}: refused: {e}"));
            for e in &events {
                if let Event::RoundScored { result, .. } = e {
                    history.push(json!({
                        "round": result.round,
                        "end": match result.end { RoundEnd::Out => "out", RoundEnd::Fish => "fish" },
                        "seat": result.seat.0,
                        "points": result.points[..usize::from(config.players)].to_vec(),
                    }));
                }
            }
            let ours = state_json(&state, &history);
            if ours != states[i] {
                panic!(
                    "{at}: state differs\n ours:   {ours}\n theirs: {}\n{state}",
                    states[i]
                );
            }
            actions += 1;
        }
        let outcome = state.outcome().expect("the match is over");
        let n = usize::from(config.players);
        assert_eq!(
            json!({
                "places": outcome.places[..n].to_vec(),
                "rounds": state.round(),
                "scores": state.scores(),
            }),
            game["outcome"],
            "{name} game {index}: outcome"
        );
        games += 1;
    }
    (games, actions)
}

#[test]
fn reference_matches_2_players() {
    assert_eq!(check_file("domino__2_players.jsonl.gz").0, 10);
}

#[test]
fn reference_matches_3_players() {
    assert_eq!(check_file("domino__3_players.jsonl.gz").0, 10);
}

#[test]
fn reference_matches_4_players() {
    assert_eq!(check_file("domino__4_players.jsonl.gz").0, 10);
}
