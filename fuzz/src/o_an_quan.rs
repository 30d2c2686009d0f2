//! Fuzz bodies for Ô ăn quan: the generic bodies over every preset.

use dangian::GameConfig;
use dangian::o_an_quan::{Config, State};

/// The preset picked by a byte.
fn preset(byte: u8) -> Config {
    let presets = Config::presets();
    presets[usize::from(byte) % presets.len()].1
}

crate::fuzz_bodies!(State, preset);
