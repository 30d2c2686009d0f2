//! Fuzz bodies for Domino: the generic bodies over the presets and variants, 2–4 players.

use dangian::domino::{Config, DrawPolicy, FishDetection, LaterLead, State};

/// The config a fuzz input's first byte selects: a preset or a variant, with 2–4 players.
fn config_for(byte: u8) -> Config {
    let base = match byte % 8 {
        0 => Config::default(),
        1 => Config::kozel(),
        2 => Config::western_draw(),
        3 => Config::block(),
        4 => Config {
            draw_policy: DrawPolicy::Voluntary,
            later_round_lead: LaterLead::Rotate,
            ..Config::default()
        },
        5 => Config {
            draw_policy: DrawPolicy::OneThenPass,
            boneyard_reserve: 2,
            fish_detection: FishDetection::ClosedLayoutImmediate,
            ..Config::default()
        },
        6 => Config {
            hand_size: 3,
            opening_tile_forced: false,
            loss_threshold: 20,
            ..Config::default()
        },
        _ => Config {
            hand_size: 1,
            redeal_if_doubles_at_least: Some(1),
            loss_threshold: 3,
            ..Config::default()
        },
    };
    let players = 2 + (byte / 8) % 3;
    Config {
        players,
        hand_size: base.hand_size.min(28 / players),
        ..base
    }
}

crate::fuzz_bodies!(State, config_for);
