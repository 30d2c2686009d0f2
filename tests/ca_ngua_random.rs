//! The generic random-play invariant checker (`dangian::testing::check_random_play`) and the
//! game's own invariants (pieces conserved, never two pieces on one square or home step,
//! progress only lost by a kick back to the yard) on the default rules, every preset,
//! hand-made variants and generated configs.
//!
//! Games are long (a four-player game takes about 2 500 actions) and `check_step` tries every
//! action id at every step, so the generic checker plays a few whole games per config; the
//! game's own invariants are checked over many more games.

mod ca_ngua_common;

use ca_ngua_common::{any_config, play_checked, presets, variants};
use dangian::ca_ngua::{Config, Seating, State};
use dangian::testing::{check_random_play, scaled, scaled_cases};
use proptest::prelude::*;

/// Plays `games` (a part of them in a quick run: `dangian::testing::scaled`).
fn generic(name: &str, cfg: &Config, seed: u64, games: u64) -> u64 {
    let games = scaled(games);
    let stats =
        check_random_play::<State>(cfg, seed, games).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(stats.games, games);
    stats.actions
}

#[test]
fn generic_checker_on_the_seed_rules() {
    let actions = generic("default", &Config::default(), 11, 2);
    assert!(actions > 1000, "{actions}");
}

#[test]
fn generic_checker_on_every_preset() {
    for (name, cfg) in presets().into_iter().skip(1) {
        let games = if cfg.players() == 2 && cfg.seats.colours_in_play().count_ones() == 2 {
            2
        } else {
            1
        };
        generic(name, &cfg, 12, games);
    }
}

/// The variants with two players (one colour each, or one player with two colours for the
/// variant about seating), so that whole games stay short enough for the full checker; the
/// four-colour versions are played below with the game's own invariants.
#[test]
fn generic_checker_on_variant_configs() {
    for (name, cfg) in variants() {
        let seats = if cfg.seats == Seating::TWO_COLOURS_EACH {
            Seating::new(&[(0, 0), (1, 1), (2, 0)]).unwrap()
        } else {
            Seating::one_colour_each(2)
        };
        generic(name, &cfg.with_seats(seats), 13, 2);
    }
}

/// 24 games per preset and per variant config (3 in a quick run), with the game's own invariants after every
/// action (CN-S9, CN-S10: pieces never share a square; CN-A15: the tally counts every kick).
#[test]
fn own_invariants_over_many_games() {
    let mut actions = 0;
    for (name, cfg) in presets().into_iter().chain(variants()) {
        actions +=
            play_checked(cfg, 14, scaled_cases(24)).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    assert!(actions > scaled(150_000), "{actions}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: scaled_cases(16), ..ProptestConfig::default() })]

    /// Generated configs (every option drawn), games capped at a few hundred actions so
    /// that the action limit is reached too.
    #[test]
    fn generated_configs(cfg in any_config(400), seed in any::<u64>()) {
        check_random_play::<State>(&cfg, seed, 1).map_err(TestCaseError::fail)?;
        play_checked(cfg, seed, 4).map_err(TestCaseError::fail)?;
    }
}
