//! Fuzz target bodies.
