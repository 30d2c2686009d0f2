//! The generic random-play invariant checker over the default rules, every preset and
//! hand-made variant configs, and a proptest over generated configs.

use dangian::o_an_quan::{
    CapResolution, ChainCapture, Config, DirectionRule, EndCondition, Leftover, QuanSetup, Refill,
    RelayAtQuan, RelayLoop, State,
};
use dangian::testing::{check_random_play, scaled, scaled_cases};
use dangian::GameConfig;
use dangian::Seat;
use proptest::prelude::*;

/// Plays `games` (a part of them in a quick run: `dangian::testing::scaled`).
fn run(name: &str, config: Config, seed: u64, games: u64) {
    let games = scaled(games);
    let stats =
        check_random_play::<State>(&config, seed, games).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(stats.games, games, "{name}");
}

#[test]
fn default_rules() {
    run("default", Config::default(), 1, 1000);
}

#[test]
fn every_preset() {
    for (i, (name, config)) in Config::presets().enumerate() {
        run(name, config, 100 + i as u64, 150);
    }
}

/// Hand-made variants, one or more per option of the variant register (OAQ-A1..A13).
fn variants() -> Vec<(&'static str, Config)> {
    let d = Config::default();
    vec![
        (
            "small stones 5 (OAQ-A1)",
            Config {
                quan_setup: QuanSetup::SmallStones { count: 5 },
                ..d
            },
        ),
        (
            "dan 3 (OAQ-A1)",
            Config {
                dan_per_square: 3,
                ..d
            },
        ),
        ("quan value 5 (OAQ-A2)", Config { quan_value: 5, ..d }),
        (
            "fixed cw (OAQ-A3)",
            Config {
                direction: DirectionRule::FixedCw,
                ..d
            },
        ),
        (
            "skip origin (OAQ-A4)",
            Config {
                skip_origin_on_lap: true,
                dan_per_square: 12,
                ..d
            },
        ),
        (
            "take all + repeat guard (OAQ-A5, OAQ-A12)",
            Config {
                relay_at_quan: RelayAtQuan::TakeAll,
                relay_loop: RelayLoop::EndTurnOnRepeat,
                ..d
            },
        ),
        (
            "take one + cap (OAQ-A5, OAQ-A12)",
            Config {
                relay_at_quan: RelayAtQuan::TakeOne,
                relay_loop: RelayLoop::Cap { relays: 30 },
                ..d
            },
        ),
        (
            "skip quan squares + guard (OAQ-A12)",
            Config {
                skip_quan_squares: true,
                relay_loop: RelayLoop::EndTurnOnRepeat,
                max_plies: Some(120),
                ..d
            },
        ),
        (
            "quan as gap (OAQ-A5)",
            Config {
                quan_square_as_gap: true,
                ..d
            },
        ),
        (
            "no chain (OAQ-A7)",
            Config {
                chain_capture: ChainCapture::Off,
                ..d
            },
        ),
        (
            "quan non without big stone (OAQ-A6)",
            Config {
                quan_non_threshold: Some(3),
                quan_non_requires_big_stone: false,
                ..d
            },
        ),
        (
            "no refill loses (OAQ-A8)",
            Config {
                refill: Refill::EndGameOpponentWins,
                refill_amount_per_square: 2,
                ..d
            },
        ),
        (
            "pay from score (OAQ-A8)",
            Config {
                refill: Refill::PayFromScore,
                ..d
            },
        ),
        (
            "big stones end, split (OAQ-A9)",
            Config {
                end_condition: EndCondition::BothBigStonesCaptured,
                leftover_in_quan_squares: Leftover::Split,
                ..d
            },
        ),
        (
            "short cap, draw (OAQ-A13)",
            Config {
                max_plies: Some(12),
                on_cap: CapResolution::Draw,
                ..d
            },
        ),
        (
            "twofold (OAQ-A13)",
            Config {
                repetition_limit: Some(2),
                ..d
            },
        ),
        (
            "B starts (OAQ-S2)",
            Config {
                first_player: Seat(1),
                ..d
            },
        ),
    ]
}

#[test]
fn hand_made_variants() {
    for (i, (name, config)) in variants().into_iter().enumerate() {
        run(name, config, 500 + i as u64, 80);
    }
}

fn arb_config() -> impl Strategy<Value = Config> {
    (
        (
            1u8..=8,
            prop_oneof![
                Just(QuanSetup::BigStone),
                (1u8..=12).prop_map(|count| QuanSetup::SmallStones { count })
            ],
            1u8..=12,
        ),
        (
            0usize..3,
            any::<bool>(),
            0usize..3,
            any::<bool>(),
            any::<bool>(),
        ),
        (
            prop::option::of(1u8..=8),
            any::<bool>(),
            any::<bool>(),
            prop::option::of(1u16..=20),
        ),
        (0usize..3, 1u8..=3, any::<bool>(), 0usize..3),
        (
            prop::option::of(1u32..=200),
            prop::option::of(2u8..=4),
            any::<bool>(),
            0u32..20,
            any::<bool>(),
            0u8..2,
        ),
    )
        .prop_map(|(a, b, c, e, f)| {
            let mut cfg = Config {
                dan_per_square: a.0,
                quan_setup: a.1,
                quan_value: a.2,
                direction: [
                    DirectionRule::PlayerChoice,
                    DirectionRule::FixedCcw,
                    DirectionRule::FixedCw,
                ][b.0],
                skip_origin_on_lap: b.1,
                relay_at_quan: [
                    RelayAtQuan::Stop,
                    RelayAtQuan::TakeOne,
                    RelayAtQuan::TakeAll,
                ][b.2],
                quan_square_as_gap: b.3,
                skip_quan_squares: b.4 && c.2,
                chain_capture: if c.1 {
                    ChainCapture::Automatic
                } else {
                    ChainCapture::Off
                },
                quan_non_threshold: c.0,
                quan_non_requires_big_stone: b.4,
                forbid_quan_capture_on_first_move: c.2,
                stop_after_sowing_at_least: c.3,
                refill: [
                    Refill::BorrowAsDebt,
                    Refill::EndGameOpponentWins,
                    Refill::PayFromScore,
                ][e.0],
                refill_amount_per_square: e.1,
                end_condition: EndCondition::BothQuanSquaresEmpty,
                leftover_in_quan_squares: [
                    Leftover::ToQuanCaptor,
                    Leftover::ToMappedPlayer,
                    Leftover::Split,
                ][e.3],
                max_plies: f.0,
                repetition_limit: f.1,
                on_cap: if f.2 {
                    CapResolution::Draw
                } else {
                    CapResolution::CollectSidesQuanUnawarded
                },
                relay_loop: RelayLoop::Impossible,
                first_player: Seat(f.5),
                ..Config::default()
            };
            if e.2 && cfg.quan_setup == QuanSetup::BigStone {
                cfg.end_condition = EndCondition::BothBigStonesCaptured;
            }
            if cfg.relays_can_loop() {
                cfg.relay_loop = if f.4 {
                    RelayLoop::EndTurnOnRepeat
                } else {
                    RelayLoop::Cap { relays: f.3 }
                };
            }
            cfg
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: scaled_cases(32), ..ProptestConfig::default() })]

    /// Every generated config is valid and plays by the contract.
    #[test]
    fn generated_configs(config in arb_config(), seed in any::<u64>()) {
        prop_assert!(config.validate().is_ok(), "{config:?}");
        if let Err(e) = check_random_play::<State>(&config, seed, 4) {
            return Err(TestCaseError::fail(format!("{config:?}: {e}")));
        }
    }
}
