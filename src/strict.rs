//! Strict reading helpers: what `#[serde(deny_unknown_fields)]` alone does not cover.
//!
//! serde reads a data-less variant of an internally tagged enum (`{"kind":"single_game"}`)
//! by skipping every other field of the object, even under `deny_unknown_fields`, so a typo
//! such as `{"kind":"single_game","stake_per_half":20}` would be dropped without a word.
//! Such variants are read through [`no_fields`] instead, which refuses any field but the tag.
#![forbid(unsafe_code)]

use serde::{Deserialize, Deserializer};

/// An object with no fields at all (the tag is taken off before it is read).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoFields {}

/// Read the rest of a data-less variant of an internally tagged enum: nothing but the tag
/// may be there.
pub(crate) fn no_fields<'de, D: Deserializer<'de>>(d: D) -> Result<(), D::Error> {
    NoFields::deserialize(d).map(|NoFields {}| ())
}
