//! The most input the engine reads, and the most words it writes for one action.
//!
//! Every entry point that reads text a remote party may control checks its length against
//! these bounds before it parses anything, so the cost of refusing hostile input is bounded by
//! the bound, not by the input: [`GameConfig::from_json`](crate::GameConfig::from_json) and
//! [`AnyGame::new`](crate::any::AnyGame::new) read at most [`MAX_CONFIG_JSON`] bytes, a
//! position ([`AnyGame::from_setup_json`](crate::any::AnyGame::from_setup_json), a record's
//! `start`) at most [`MAX_STATE_JSON`], a record ([`Record::from_json`](crate::Record::from_json),
//! [`AnyGame::from_record_json`](crate::any::AnyGame::from_record_json), what
//! [`fair::verify`](crate::fair::verify) is given) at most [`MAX_RECORD_JSON`], and one action's
//! text at most [`MAX_ACTION_TEXT`]. The C ABI, the Python and the web packages apply the same
//! bounds (the C header as `DG_MAX_…`).
//!
//! A record's actions are counted while they are read: the list stops at the most actions a
//! game under the record's config can last ([`Game::max_moves`](crate::Game::max_moves)), and
//! never holds more than [`MAX_RECORD_ACTIONS`], so a record of millions of actions is refused
//! before they are all in memory.
#![forbid(unsafe_code)]

/// The longest text of one action read (bytes): every action of the three games is written
/// in fewer than 20.
pub const MAX_ACTION_TEXT: usize = 64;

/// The longest config JSON read (bytes, 16 KiB): a config with every option written out and
/// indented takes under 2 KiB.
pub const MAX_CONFIG_JSON: usize = 16 * 1024;

/// The longest position JSON read (bytes, 64 KiB): a state of any of the three games,
/// config included, takes under 4 KiB.
pub const MAX_STATE_JSON: usize = 64 * 1024;

/// The longest record JSON read (bytes, 16 MiB): a record of a million actions fits.
pub const MAX_RECORD_JSON: usize = 16 * 1024 * 1024;

/// The most actions a record may list, whatever its config allows (2²⁰ = 1 048 576). A game of
/// the seed rules lasts at most 2 000 (Ô ăn quan), 20 000 (Cờ cá ngựa) or a few thousand
/// (Domino) actions.
pub const MAX_RECORD_ACTIONS: usize = 1 << 20;

/// The most events described in words for one action: the events beyond it are summed up in
/// one last line ("… and N more events"). An action of the seed rules reports a few dozen
/// events; a relay move of Ô ăn quan under unusual rules can report hundreds of thousands.
pub const MAX_DESCRIBED_EVENTS: usize = 1000;

/// Refuse `text` longer than `max` bytes: the message says what was refused and the bound.
pub(crate) fn check_len(what: &str, text: &str, max: usize) -> Result<(), String> {
    if text.len() > max {
        Err(format!(
            "{what} is {} bytes; at most {max} are read",
            text.len()
        ))
    } else {
        Ok(())
    }
}
