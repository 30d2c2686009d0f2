//! The generic random-play invariant test on Domino: the default rules with 2, 3 and 4
//! players, every preset, hand-made variant configs, and a proptest over generated configs.

use dangian::domino::{
    Config, DrawPolicy, FishDetection, FishScoring, LaterLead, Opening, Ranking, SeatOrder, State,
    TieBreak,
};
use dangian::testing::{check_random_play, scaled, scaled_cases};
use dangian::GameConfig;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// Plays `games` (a part of them in a quick run: `dangian::testing::scaled`).
fn run(name: &str, config: Config, seed: u64, games: u64) {
    let games = scaled(games);
    let stats =
        check_random_play::<State>(&config, seed, games).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(stats.games, games, "{name}");
}

fn one_round(config: Config) -> Config {
    Config {
        max_rounds: Some(1),
        ..config
    }
}

#[test]
fn default_whole_matches_2_3_4_players() {
    for players in 2..=4 {
        run(
            "default",
            Config::with_players(players),
            10 + u64::from(players),
            4,
        );
    }
}

#[test]
fn default_single_rounds_2_3_4_players() {
    for players in 2..=4 {
        run(
            "default one round",
            one_round(Config::with_players(players)),
            20 + u64::from(players),
            100,
        );
    }
}

#[test]
fn every_preset() {
    for (name, config) in Config::presets() {
        run(name, config, 3, 3);
        run(name, one_round(config), 4, 60);
    }
}

#[test]
fn hand_made_variants() {
    let base = Config::default();
    let variants = [
        Config {
            players: 3,
            hand_size: 5,
            opening: Opening::OneOneThenUp,
            later_round_lead: LaterLead::Rotate,
            turn_order: SeatOrder::Descending,
            draw_policy: DrawPolicy::OneThenPass,
            boneyard_reserve: 1,
            max_rounds: Some(4),
            ..base
        },
        Config {
            players: 2,
            hand_size: 3,
            opening_tile_forced: false,
            opening_tiebreak: TieBreak::LowerEnd,
            draw_policy: DrawPolicy::Voluntary,
            fish_detection: FishDetection::ClosedLayoutImmediate,
            fish_scoring: FishScoring::BlockerCollects,
            double_blank_value: 25,
            loss_threshold: 60,
            ranking: Ranking::TieBreakLastRound,
            ..base
        },
        Config {
            players: 4,
            hand_size: 5,
            opening: Opening::HighestDouble,
            later_round_lead: LaterLead::FishSetterAnyTile,
            fish_scoring: FishScoring::LowestHandZeroOthersOwnPips,
            redeal_if_doubles_at_least: Some(2),
            max_rounds: Some(3),
            ..base
        },
        Config {
            players: 2,
            hand_size: 1,
            loss_threshold: 5,
            redeal_if_doubles_at_least: Some(1),
            ..base
        },
        Config {
            players: 2,
            hand_size: 14,
            draw_policy: DrawPolicy::NoDraw,
            max_rounds: Some(2),
            ..base
        },
    ];
    for (i, config) in variants.into_iter().enumerate() {
        config.validate().unwrap();
        run(&format!("variant {i}"), config, 100 + i as u64, 10);
    }
}

fn arb_config() -> impl Strategy<Value = Config> {
    let enums = (
        prop_oneof![
            Just(Opening::ZeroZeroThenHighDoubles),
            Just(Opening::OneOneThenUp),
            Just(Opening::HighestDouble),
            Just(Opening::AnyTileBySeat)
        ],
        any::<bool>(),
        prop_oneof![Just(TieBreak::HigherEnd), Just(TieBreak::LowerEnd)],
        prop_oneof![
            Just(LaterLead::SameAsFirst),
            Just(LaterLead::PreviousWinnerAnyTile),
            Just(LaterLead::FishSetterAnyTile),
            Just(LaterLead::Rotate)
        ],
        prop_oneof![Just(SeatOrder::Ascending), Just(SeatOrder::Descending)],
        prop_oneof![
            Just(DrawPolicy::UntilPlayable),
            Just(DrawPolicy::OneThenPass),
            Just(DrawPolicy::Voluntary),
            Just(DrawPolicy::NoDraw)
        ],
        prop_oneof![
            Just(FishDetection::AllStuck),
            Just(FishDetection::ClosedLayoutImmediate)
        ],
        prop_oneof![
            Just(FishScoring::SetterZeroOthersOwnPips),
            Just(FishScoring::LowestHandZeroOthersOwnPips),
            Just(FishScoring::BlockerCollects)
        ],
        prop_oneof![
            Just(Ranking::SharedPlaces),
            Just(Ranking::TieBreakLastRound)
        ],
    );
    let numbers = (
        2u8..=4,
        1u8..=14,
        0u8..=4,
        prop_oneof![Just(0u16), Just(10), Just(25)],
        1u32..=60,
        proptest::option::of(1u8..=7),
        proptest::option::of(1u32..=3),
    );
    (enums, numbers).prop_map(
        |(
            (opening, forced, tiebreak, later, order, draw, fish, fish_scoring, ranking),
            (players, hand, reserve, blank, threshold, redeal, max_rounds),
        )| Config {
            players,
            hand_size: hand.min(28 / players),
            opening,
            opening_tile_forced: forced,
            opening_tiebreak: tiebreak,
            later_round_lead: later,
            turn_order: order,
            draw_policy: draw,
            boneyard_reserve: reserve,
            fish_detection: fish,
            fish_scoring,
            double_blank_value: blank,
            loss_threshold: threshold,
            ranking,
            redeal_if_doubles_at_least: redeal,
            max_rounds,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: scaled_cases(24),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/domino_random.txt"
        ))),
        ..ProptestConfig::default()
    })]

    /// Every generated config is valid and plays correctly under the invariant checker.
    #[test]
    fn generated_configs_play_correctly(config in arb_config(), seed in any::<u64>()) {
        prop_assert!(config.validate().is_ok());
        let stats = check_random_play::<State>(&config, seed, 1);
        prop_assert!(stats.is_ok(), "{:?}: {}", config, stats.unwrap_err());
    }
}
