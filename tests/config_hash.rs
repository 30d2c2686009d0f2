//! The state hash covers the whole config: it is derived from the config's JSON, so no
//! option can be left out of it. Two configs that differ in any one option give games whose
//! state hashes differ, for every option of every game; and random combinations of options
//! never give two different configs the same hash.
//!
//! The table below names other values for every option. It must cover every field of each
//! config (a test checks it against the config's JSON), so an option added later without an
//! entry here fails the test instead of going unchecked.

use dangian::{ca_ngua, domino, o_an_quan, Game, GameConfig};
use proptest::prelude::*;
use serde_json::{json, Value};

/// Other values, as JSON, for every option of `G`'s config.
fn alternatives<G: Game>() -> Vec<(&'static str, Vec<Value>)> {
    match G::KIND {
        dangian::GameKind::OAnQuan => vec![
            ("dan_per_square", vec![json!(4), json!(6)]),
            (
                "quan_setup",
                vec![json!({"kind": "small_stones", "count": 10})],
            ),
            ("quan_value", vec![json!(5)]),
            ("direction", vec![json!("fixed_ccw"), json!("fixed_cw")]),
            ("skip_origin_on_lap", vec![json!(true)]),
            ("skip_quan_squares", vec![json!(true)]),
            ("relay_at_quan", vec![json!("take_one"), json!("take_all")]),
            ("quan_square_as_gap", vec![json!(true)]),
            ("chain_capture", vec![json!("off")]),
            ("quan_non_threshold", vec![json!(5)]),
            ("quan_non_requires_big_stone", vec![json!(false)]),
            ("forbid_quan_capture_on_first_move", vec![json!(true)]),
            ("stop_after_sowing_at_least", vec![json!(10)]),
            (
                "refill",
                vec![json!("end_game_opponent_wins"), json!("pay_from_score")],
            ),
            ("refill_amount_per_square", vec![json!(2)]),
            ("end_condition", vec![json!("both_big_stones_captured")]),
            (
                "leftover_in_quan_squares",
                vec![json!("to_mapped_player"), json!("split")],
            ),
            (
                "match_mode",
                vec![
                    json!({"kind": "debt_carry_over", "stake_per_half": null, "next_starter": "winner"}),
                ],
            ),
            ("max_plies", vec![json!(300), json!(null)]),
            ("repetition_limit", vec![json!(3)]),
            ("on_cap", vec![json!("draw")]),
            (
                "relay_loop",
                vec![
                    json!({"kind": "end_turn_on_repeat"}),
                    json!({"kind": "cap", "relays": 50}),
                ],
            ),
            ("first_player", vec![json!(1)]),
        ],
        dangian::GameKind::CaNgua => vec![
            (
                "seats",
                vec![
                    json!([[0, 0], [2, 1]]),
                    json!([[0, 0], [1, 1], [2, 0], [3, 1]]),
                ],
            ),
            ("first_colour", vec![json!(2)]),
            ("dice", vec![json!("one")]),
            ("track_len", vec![json!(40), json!(48)]),
            ("home_steps", vec![json!(5)]),
            ("turn_order", vec![json!("same_as_movement")]),
            ("exit_on_doubles", vec![json!(false)]),
            ("exit_on_sum", vec![json!(7), json!(null)]),
            ("exit_on_pairs", vec![json!([]), json!([[1, 6], [5, 6]])]),
            ("exit_faces", vec![json!([6])]),
            ("exit_consumes_roll", vec![json!(false)]),
            ("start_occupied_by_opponent", vec![json!("blocked")]),
            ("tries_when_no_piece_out", vec![json!(1)]),
            ("tries_condition", vec![json!("all_in_yard")]),
            (
                "bonus_roll_on",
                vec![
                    json!({"kind": "doubles_or_pair", "a": 6, "b": 1}),
                    json!({"kind": "faces", "faces": [6]}),
                ],
            ),
            ("bonus_exclusive_with_exit", vec![json!(true)]),
            ("bonus_when_no_move", vec![json!(false)]),
            ("max_consecutive_bonus", vec![json!(2)]),
            ("dice_usage", vec![json!("each_die_separately")]),
            (
                "doubles_move",
                vec![json!("split_two_pieces"), json!("sum_only")],
            ),
            ("blocking", vec![json!("opponent_only"), json!("none")]),
            ("capture", vec![json!("mandatory")]),
            ("safe_squares", vec![json!([0, 14])]),
            ("start_square_safe", vec![json!(true)]),
            (
                "door_rule",
                vec![json!("count_into_home"), json!("bounce_back")],
            ),
            (
                "home_entry",
                vec![json!("step_by_step_from_one"), json!("count_steps")],
            ),
            (
                "home_climb",
                vec![json!("count_steps"), json!("doubles_only")],
            ),
            ("home_values", vec![json!("faces_and_sum")]),
            ("home_actions_per_roll", vec![json!(2)]),
            ("win_steps", vec![json!([5, 4, 3, 2])]),
            ("multi_colour_win", vec![json!("any_colour")]),
            ("kick_own_other_colour", vec![json!(true)]),
            ("continue_for_places", vec![json!(false)]),
            ("kick_stake", vec![json!(1000)]),
            ("max_actions", vec![json!(10_000)]),
        ],
        dangian::GameKind::Domino => vec![
            ("players", vec![json!(3), json!(4)]),
            ("hand_size", vec![json!(5)]),
            (
                "opening",
                vec![json!("one_one_then_up"), json!("any_tile_by_seat")],
            ),
            ("opening_tile_forced", vec![json!(false)]),
            ("opening_tiebreak", vec![json!("lower_end")]),
            (
                "later_round_lead",
                vec![json!("rotate"), json!("previous_winner_any_tile")],
            ),
            ("turn_order", vec![json!("descending")]),
            ("draw_policy", vec![json!("voluntary"), json!("no_draw")]),
            ("boneyard_reserve", vec![json!(2)]),
            ("fish_detection", vec![json!("closed_layout_immediate")]),
            ("fish_scoring", vec![json!("blocker_collects")]),
            ("double_blank_value", vec![json!(25)]),
            ("loss_threshold", vec![json!(61)]),
            ("ranking", vec![json!("tie_break_last_round")]),
            ("redeal_if_doubles_at_least", vec![json!(5)]),
            ("max_rounds", vec![json!(10)]),
        ],
    }
}

fn config_json<C: GameConfig>(config: &C) -> serde_json::Map<String, Value> {
    match serde_json::to_value(config) {
        Ok(Value::Object(m)) => m,
        other => panic!("a config is a JSON object, not {other:?}"),
    }
}

/// The hash of a new game under the config `json`, or `None` when it is not a valid config.
fn hash_of<G: Game>(json: &serde_json::Map<String, Value>) -> Option<(G::Config, u64)> {
    let config = G::Config::from_json(&Value::Object(json.clone()).to_string()).ok()?;
    let game = G::new(config.clone()).ok()?;
    Some((config, game.state_hash()))
}

/// Every option, changed alone from every preset to each of its alternatives, changes the
/// hash of a new game (and at least one such change is a valid config for every option).
fn every_option_changes_the_hash<G: Game>() {
    let table = alternatives::<G>();
    let fields: Vec<String> = config_json(&G::Config::default()).keys().cloned().collect();
    let named: Vec<&str> = table.iter().map(|(f, _)| *f).collect();
    for f in &fields {
        assert!(
            named.contains(&f.as_str()),
            "{:?}: option {f} has no alternative in this test's table",
            G::KIND
        );
    }
    for (field, values) in &table {
        assert!(
            fields.iter().any(|f| f == field),
            "{field} is not an option"
        );
        let mut checked = 0;
        // The presets, and the seed rules with lower winning steps (so that a shorter home
        // column is a valid change on its own).
        let mut bases: Vec<(&str, G::Config)> = G::Config::presets().collect();
        if G::KIND == dangian::GameKind::CaNgua {
            let mut low = config_json(&G::Config::default());
            low.insert("win_steps".into(), json!([4, 3, 2, 1]));
            bases.push(("low_win_steps", hash_of::<G>(&low).expect("valid").0));
        }
        for (name, preset) in bases {
            let base = config_json(&preset);
            let (_, base_hash) = hash_of::<G>(&base).expect("a preset is valid");
            for value in values {
                let mut changed = base.clone();
                changed.insert((*field).to_owned(), value.clone());
                let Some((config, hash)) = hash_of::<G>(&changed) else {
                    continue;
                };
                if config == preset {
                    continue;
                }
                assert_ne!(
                    hash,
                    base_hash,
                    "{:?} preset {name}: changing {field} to {value} leaves the hash unchanged",
                    G::KIND
                );
                checked += 1;
            }
        }
        assert!(
            checked > 0,
            "{:?}: no valid change of {field} was checked",
            G::KIND
        );
    }
}

#[test]
fn every_o_an_quan_option_changes_the_hash() {
    every_option_changes_the_hash::<o_an_quan::State>();
}

#[test]
fn every_ca_ngua_option_changes_the_hash() {
    every_option_changes_the_hash::<ca_ngua::State>();
}

#[test]
fn every_domino_option_changes_the_hash() {
    every_option_changes_the_hash::<domino::State>();
}

/// Apply the changes picked by `picks` (one per table entry: 0 = keep, k = alternative k).
fn mutated<G: Game>(picks: &[usize]) -> serde_json::Map<String, Value> {
    let mut json = config_json(&G::Config::default());
    for ((field, values), &k) in alternatives::<G>().iter().zip(picks) {
        if k > 0 {
            json.insert((*field).to_owned(), values[(k - 1) % values.len()].clone());
        }
    }
    json
}

fn distinct_configs_have_distinct_hashes<G: Game>(a: &[usize], b: &[usize]) {
    let (Some((ca, ha)), Some((cb, hb))) = (
        hash_of::<G>(&mutated::<G>(a)),
        hash_of::<G>(&mutated::<G>(b)),
    ) else {
        return;
    };
    assert_eq!(ca == cb, ha == hb, "{:?}: {ca:?} vs {cb:?}", G::KIND);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_o_an_quan_configs(a in prop::collection::vec(0usize..3, 23), b in prop::collection::vec(0usize..3, 23)) {
        distinct_configs_have_distinct_hashes::<o_an_quan::State>(&a, &b);
    }

    #[test]
    fn random_ca_ngua_configs(a in prop::collection::vec(0usize..3, 35), b in prop::collection::vec(0usize..3, 35)) {
        distinct_configs_have_distinct_hashes::<ca_ngua::State>(&a, &b);
    }

    #[test]
    fn random_domino_configs(a in prop::collection::vec(0usize..3, 16), b in prop::collection::vec(0usize..3, 16)) {
        distinct_configs_have_distinct_hashes::<domino::State>(&a, &b);
    }
}

/// The hasher remembers the configs it has fed (to skip their JSON): the hash is the same
/// from a cold thread as from a warm one, with more configs in turn than it remembers.
#[test]
fn remembered_configs_hash_as_fresh_ones() {
    let configs: Vec<dangian::ca_ngua::Config> = dangian::ca_ngua::Config::presets()
        .map(|(_, c)| c)
        .chain((0..12u8).map(|i| dangian::ca_ngua::Config {
            max_actions: 1000 + u32::from(i),
            ..Default::default()
        }))
        .collect();
    assert!(configs.len() > dangian::CONFIG_MEMO);
    let hashes = |configs: &[dangian::ca_ngua::Config]| -> Vec<u64> {
        configs
            .iter()
            .map(|c| {
                dangian::ca_ngua::State::new(*c)
                    .expect("valid")
                    .state_hash()
            })
            .collect()
    };
    let cold: Vec<u64> = configs
        .iter()
        .map(|c| {
            let c = *c;
            std::thread::spawn(move || hashes(&[c])[0])
                .join()
                .expect("thread")
        })
        .collect();
    for _ in 0..3 {
        assert_eq!(hashes(&configs), cold);
    }
    // The same config again and again, and two in turn.
    let two = [configs[0], configs[9]];
    for _ in 0..5 {
        assert_eq!(hashes(&two), [cold[0], cold[9]]);
    }
}
