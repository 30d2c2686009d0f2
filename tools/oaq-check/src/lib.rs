//! An independent checker of proof certificates for Ô ăn quan.
//!
//! A certificate claims that one seat wins the game from the start position under one rule
//! set, whatever the other seat plays, and lists the positions of a winning strategy. This
//! crate implements the rules itself ([`rules`]) from the rules contract and checks the
//! certificate ([`cert`]): every position the strategy can reach is listed, the winner's
//! listed move is legal there, and every line ends in a win.
//!
//! ```
//! use oaq_check::cert::{check, encode_record, write_certificate};
//! use oaq_check::rules::{play, Outcome, Rules};
//!
//! // One dân in every square and in each quan square: the first player can win at once.
//! let json = r#"{"dan_per_square":1,"quan_setup":{"kind":"small_stones","count":1},"quan_value":10,"direction":"player_choice","skip_origin_on_lap":false,"skip_quan_squares":false,"relay_at_quan":"stop","quan_square_as_gap":false,"chain_capture":"automatic","quan_non_threshold":null,"quan_non_requires_big_stone":true,"forbid_quan_capture_on_first_move":false,"stop_after_sowing_at_least":null,"refill":"borrow_as_debt","refill_amount_per_square":1,"end_condition":"both_quan_squares_empty","leftover_in_quan_squares":"to_quan_captor","match_mode":{"kind":"single_game"},"max_plies":null,"repetition_limit":null,"on_cap":"collect_sides_quan_unawarded","relay_loop":{"kind":"impossible"},"first_player":0}"#;
//! let rules = Rules::from_json(json)?;
//! let start = rules.start();
//! let winning = rules
//!     .legal_moves(&start)
//!     .into_iter()
//!     .find(|&m| matches!(play(&rules, &start, m), Ok(Outcome::Ended(e)) if e.winner == Some(0)))
//!     .expect("a move that wins at once");
//! let bytes = write_certificate(json, 0, &[encode_record(&start, Some(winning)).unwrap()]);
//! let report = check(&bytes[..], 1)?;
//! assert_eq!(report.positions, 1);
//! assert!(report.claim.starts_with("seat 0 (first player) wins"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cert;
pub mod rules;

pub use cert::{check, read_certificate, Certificate, CheckError, Failure, FailureKind, Report};
pub use rules::{play, Move, Outcome, Position, Rules, RulesError};
