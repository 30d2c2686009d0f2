//! Fuzz bodies for Ô ăn quan: the generic bodies over every preset.

use dangian::o_an_quan::{Config, State};
use dangian::GameConfig;

/// The preset picked by a byte.
fn preset(byte: u8) -> Config {
    let name = Config::PRESETS[usize::from(byte) % Config::PRESETS.len()];
    Config::preset(name).unwrap_or_default()
}

crate::fuzz_bodies!(State, preset);
