//! Fuzz target bodies.

pub mod domino;
