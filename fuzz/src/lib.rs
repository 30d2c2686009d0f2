//! Fuzz target bodies.
pub mod o_an_quan;

pub mod domino;

pub mod ca_ngua;

pub mod ffi;
