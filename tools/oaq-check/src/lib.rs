//! An independent checker of proof certificates for Ô ăn quan.
//!
//! A certificate claims that one seat wins the game from the start position under one rule
//! set, whatever the other seat plays, and lists the positions of a winning strategy. This
//! crate implements the rules itself ([`rules`]) from the rules contract and checks the
//! certificate ([`cert`]): every position the strategy can reach is listed, the winner's
//! listed move is legal there, and every line ends in a win.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cert;
pub mod rules;

pub use cert::{check, read_certificate, Certificate, CheckError, Failure, FailureKind, Report};
pub use rules::{play, Move, Outcome, Position, Rules, RulesError};
