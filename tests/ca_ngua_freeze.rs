//! CN-C18: no accepted Cờ cá ngựa config can freeze. Validation proves, on the rules
//! themselves, that a piece can reach its winning step from every place it can reach; these
//! tests check the proof refuses the configs that freeze and that random configs it accepts
//! play to the end.

mod ca_ngua_common;

use ca_ngua_common::{any_config, random_play};
use dangian::ca_ngua::{
    Config, DiceUsage, DoorRule, DoublesMove, EndReason, HomeClimb, HomeEntry, State,
};
use dangian::{Game, GameConfig};
use proptest::prelude::*;

/// The config a hostile probe found: it passed the old list of refused pairs, yet no roll
/// takes a piece from its door to step 1, which `win_steps` needs.
fn door_to_step_one() -> Config {
    Config::from_json(
        r#"{"doubles_move":"sum_only","door_rule":"count_into_home",
            "home_entry":"count_steps","win_steps":[4,3,2,1]}"#,
    )
    .expect_err("refused");
    Config {
        doubles_move: DoublesMove::SumOnly,
        door_rule: DoorRule::CountIntoHome,
        home_entry: HomeEntry::CountSteps,
        win_steps: [4, 3, 2, 1],
        ..Config::default()
    }
}

/// Plays a random game to its end; the reason it ended and its length.
fn play_out(cfg: Config, seed: u64) -> (EndReason, u32) {
    let s = random_play(cfg, seed, u32::MAX);
    (s.end_reason().expect("over"), s.move_number())
}

#[test]
fn cn_c18_a_door_that_leads_nowhere_is_refused() {
    let e = door_to_step_one().validate().expect_err("frozen");
    assert_eq!(e.option, "home_entry", "{e}");
    assert!(
        e.reason.contains("on its door") && e.reason.contains("home step 1"),
        "{e}"
    );
    assert!(State::new(door_to_step_one()).is_err());
    // With the winning steps at the top (the default), step 1 is never needed: fine.
    let top = Config {
        win_steps: [6, 5, 4, 3],
        ..door_to_step_one()
    };
    assert!(top.validate().is_ok(), "{:?}", top.validate());
}

/// The combinations the rules file names (SumOnly with ExactStop, BounceBack or a counted
/// climb) are refused by the same proof, which says where the piece is stuck.
#[test]
fn cn_c18_the_named_combinations_are_found_by_the_proof() {
    let sum_only = |door_rule, home_climb| Config {
        doubles_move: DoublesMove::SumOnly,
        door_rule,
        home_climb,
        ..Config::default()
    };
    for (cfg, option, place) in [
        (
            sum_only(DoorRule::ExactStop, HomeClimb::NextStepExactFace),
            "door_rule",
            "1 square(s) before its door",
        ),
        (
            sum_only(DoorRule::CountIntoHome, HomeClimb::CountSteps),
            "home_climb",
            "on home step 5",
        ),
    ] {
        let e = cfg.validate().expect_err(place);
        assert_eq!((e.option, e.reason.contains(place)), (option, true), "{e}");
        assert!(e.reason.contains("SumOnly"), "{e}");
    }
    // Named by the rules contract though only slow (a double 1 after a bounce): refused.
    let e = sum_only(DoorRule::BounceBack, HomeClimb::NextStepExactFace)
        .validate()
        .expect_err("CN-C18 names it");
    assert!(
        e.option == "doubles_move" && e.reason.contains("BounceBack"),
        "{e}"
    );
    // Each die on its own moves 1 on any roll with a 1: not frozen.
    let each = Config {
        dice_usage: DiceUsage::EachDieSeparately,
        ..sum_only(DoorRule::ExactStop, HomeClimb::NextStepExactFace)
    };
    assert!(each.validate().is_ok(), "{:?}", each.validate());
}

#[test]
fn every_preset_is_proven() {
    for &name in Config::PRESETS {
        let cfg = Config::preset(name).expect("preset");
        assert!(cfg.validate().is_ok(), "{name}: {:?}", cfg.validate());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every config validation accepts plays to the end: never by the action limit.
    #[test]
    fn accepted_configs_play_to_the_end(cfg in any_config(65_535), seed in any::<u64>()) {
        let cfg = Config { max_actions: 65_535, ..cfg };
        let (reason, actions) = play_out(cfg, seed);
        prop_assert_ne!(reason, EndReason::ActionLimit, "{} actions, {:?}", actions, cfg);
    }
}
