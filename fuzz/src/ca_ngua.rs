//! Fuzz bodies for Cờ cá ngựa: the generic bodies over the presets and some variants.

use dangian::ca_ngua::{
    Blocking, Capture, Config, DiceUsage, DoorRule, DoublesMove, HomeClimb, HomeEntry, State,
};

/// The configs the action targets play: the presets and a few variants.
fn config(selector: u8) -> Config {
    let d = Config::default();
    match selector % 8 {
        0 => d,
        1 => Config::one_die(),
        2 => Config::two_players(),
        3 => Config::two_players_two_colours(),
        4 => Config::three_players(),
        5 => Config {
            door_rule: DoorRule::CountIntoHome,
            home_entry: HomeEntry::CountSteps,
            home_climb: HomeClimb::CountSteps,
            capture: Capture::Mandatory,
            blocking: Blocking::TwoPieceBlockadeOnly,
            ..Config::two_players()
        },
        6 => Config {
            dice_usage: DiceUsage::EachDieSeparately,
            exit_consumes_roll: false,
            home_actions_per_roll: 2,
            door_rule: DoorRule::BounceBack,
            ..Config::two_players()
        },
        _ => Config {
            doubles_move: DoublesMove::SplitTwoPieces,
            home_entry: HomeEntry::DoublesOnly,
            track_len: 40,
            max_actions: 300,
            ..Config::two_players_two_colours()
        },
    }
}

crate::fuzz_bodies!(State, config);
