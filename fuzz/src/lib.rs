//! Fuzz target bodies.

pub mod ca_ngua;
