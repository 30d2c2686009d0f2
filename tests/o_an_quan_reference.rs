//! Reproduces every reference game (`tests/reference/o_an_quan__*.jsonl.gz`) move by move:
//! the legal set before every decision, every state field after every action, the outcome.

use std::io::{BufRead, BufReader};

use dangian::o_an_quan::{
    Action, BigStone, CapResolution, ChainCapture, Config, Dir, EndReason, Refill, State,
};
use dangian::{Action as _, ActionList, Game, NoEvents, Seat};
use serde_json::{json, Value};

fn games(path: &str) -> Vec<Value> {
    let file = std::fs::File::open(path).expect("reference file");
    let reader = BufReader::new(flate2::read::GzDecoder::new(file));
    reader
        .lines()
        .map(|l| serde_json::from_str(&l.expect("line")).expect("json"))
        .collect()
}

/// The vector's `["sow", cell, dir]` as our action.
fn action(v: &Value) -> Action {
    assert_eq!(v[0], "sow", "{v}");
    let cell = v[1].as_u64().expect("cell") as u8;
    let dir = match v[2].as_i64() {
        Some(1) => Dir::Ccw,
        Some(-1) => Dir::Cw,
        _ => panic!("bad dir in {v}"),
    };
    Action::new(cell, dir).expect("a small square")
}

/// The config the vector's options describe.
fn config(options: &Value) -> Config {
    let mut c = Config::default();
    for (k, v) in options.as_object().expect("options") {
        match k.as_str() {
            "chain_capture" => {
                c.chain_capture = match v.as_str() {
                    Some("Automatic") => ChainCapture::Automatic,
                    Some("Off") => ChainCapture::Off,
                    _ => panic!("chain_capture {v}"),
                }
            }
            "dan_per_square" => c.dan_per_square = v.as_u64().expect("n") as u8,
            "first_player" => c.first_player = Seat(v.as_u64().expect("seat") as u8),
            "max_plies" => c.max_plies = v.as_u64().map(|n| n as u32),
            "on_cap" => {
                assert_eq!(v, "CollectSidesQuanUnawarded");
                c.on_cap = CapResolution::CollectSidesQuanUnawarded;
            }
            "quan_non_requires_big_stone" => c.quan_non_requires_big_stone = v.as_bool().unwrap(),
            "quan_non_threshold" => c.quan_non_threshold = v.as_u64().map(|n| n as u8),
            "quan_square_as_gap" => c.quan_square_as_gap = v.as_bool().expect("bool"),
            "quan_value" => c.quan_value = v.as_u64().expect("n") as u8,
            "refill" => {
                assert_eq!(v, "BorrowAsDebt");
                c.refill = Refill::BorrowAsDebt;
            }
            "refill_amount_per_square" => c.refill_amount_per_square = v.as_u64().expect("n") as u8,
            other => panic!("unknown option {other}"),
        }
    }
    c
}

fn end_name(r: EndReason) -> &'static str {
    match r {
        // The reference files name the seed rule's end `BothQuanEmpty`.
        EndReason::BothQuanSquaresEmpty => "BothQuanEmpty",
        EndReason::BothBigStonesCaptured => "BothBigStonesCaptured",
        EndReason::NoRefill => "NoRefill",
        EndReason::MoveCap => "MoveCap",
        EndReason::Repetition => "Repetition",
        other => panic!("an end the reference files do not name: {other:?}"),
    }
}

/// Our state in the vector's fields.
fn mapped(s: &State) -> Value {
    let big: Vec<u8> = s
        .big_stones()
        .iter()
        .map(|b| u8::from(*b == BigStone::OnBoard))
        .collect();
    json!({
        "dan": s.board(),
        "big": big,
        "cap_dan": [s.captured_dan(Seat(0)), s.captured_dan(Seat(1))],
        "cap_quan": [s.captured_quan(Seat(0)), s.captured_quan(Seat(1))],
        "to_move": s.turn().map(|p| p.0),
        "ply": s.ply(),
        "over": s.is_over(),
        "end_reason": s.end_reason().map(end_name),
        "final_scores": s.final_scores(),
        "winner": s.winner().map(|p| p.0),
    })
}

#[test]
fn reference_games_default_rules() {
    let games = games("tests/reference/o_an_quan__default.jsonl.gz");
    assert_eq!(games.len(), 40, "the reference file holds 40 games");
    let mut plies = 0;
    for g in &games {
        let idx = &g["game_index"];
        assert_eq!(g["game"], "o_an_quan");
        let mut state = State::new(config(&g["options"])).expect("config");
        assert_eq!(
            mapped(&state),
            g["initial_state"],
            "game {idx}: initial state"
        );
        let actions = g["actions"].as_array().expect("actions");
        let states = g["states"].as_array().expect("states");
        let legal = g["legal"].as_array().expect("legal");
        assert_eq!(actions.len(), states.len());
        for (i, a) in actions.iter().enumerate() {
            let mut ours = ActionList::new();
            state.legal_actions(&mut ours);
            let mut want: Vec<u32> = legal[i]
                .as_array()
                .expect("decision")
                .iter()
                .map(|l| action(l).id())
                .collect();
            want.sort_unstable();
            assert_eq!(
                ours.as_slice(),
                want.as_slice(),
                "game {idx}, move {i}: legal set"
            );
            let act = action(a);
            state
                .apply(act, &mut NoEvents)
                .unwrap_or_else(|e| panic!("game {idx}, move {i} ({act}): {e}"));
            assert_eq!(
                mapped(&state),
                states[i],
                "game {idx}, after move {i} ({act})"
            );
            plies += 1;
        }
        let out = state.outcome().expect("the game is over");
        let want = &g["outcome"];
        assert_eq!(end_name(out.reason), want["end_reason"], "game {idx}: end");
        assert_eq!(json!([out.scores[0], out.scores[1]]), want["final_scores"]);
        assert_eq!(json!(state.winner().map(|p| p.0)), want["winner"]);
        assert_eq!(json!(state.ply()), want["plies"]);
    }
    assert!(plies > 1000, "{plies} plies checked");
}
