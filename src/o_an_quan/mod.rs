//! Ô ăn quan ("mandarin square capturing"), the Vietnamese two-row mancala.
//!
//! Two players face each other across ten small squares (ô dân), five each, with a
//! half-moon quan square (ô quan) at each end holding a big stone (the quan). On a turn a
//! player takes every stone from one of their own squares and sows them one by one, in the
//! direction they choose, into the following squares, quan squares included. If the square
//! after the last stone holds stones, they are picked up and sown on (a relay); if it is
//! empty and the one after holds pieces, those are captured, and the capture chains over
//! further empty squares. The game ends when both quan squares are empty; each side's squares
//! then go to their owner, and a big stone counts 10 dân.
//!
//! The rules, their IDs (`OAQ-S*` seed rules, `OAQ-A*` variants, `OAQ-C*` clarifications) and
//! every option are in the rules contract; [`Config`] selects the variant.
//!
//! ```
//! use dangian::o_an_quan::{Action, Config, Dir, State};
//! use dangian::{Game, NoEvents};
//!
//! let mut game = State::new(Config::default()).unwrap();
//! // V1 of the rules: A sows cell 1 counter-clockwise and captures 6 dân.
//! let a1 = Action::new(1, Dir::Ccw).unwrap();
//! assert_eq!(a1.to_string(), "a1+");
//! game.apply(a1, &mut NoEvents).unwrap();
//! assert_eq!(game.board(), [1, 0, 0, 6, 6, 6, 1, 0, 6, 6, 6, 6]);
//! assert_eq!(game.captured_dan(dangian::Seat(0)), 6);
//! ```
//!
//! Board coordinates (rules §2.1): cells 0..=11 in a ring, 0 = left quan square, 1..=5 =
//! player A's squares (seat 0) left to right, 6 = right quan square, 7..=11 = player B's
//! squares (seat 1). Ring direction +1 ([`Dir::Ccw`]) is counter-clockwise with A at the
//! bottom.
//!
//! Choices where the rules leave one (all documented at the option): the debt is a negative
//! captured-dân pile (OAQ-C1); the refill is part of the move that passes the turn
//! (OAQ-C2); a config that can relay forever must choose a relay guard; the ply cap is at
//! most [`ENGINE_MAX_PLIES`]; a repeated position is the board, the big stones and the
//! player to move (not the captured piles), counted among itself and the
//! [`REPETITION_WINDOW`] (16) positions before it (OAQ-C12); under `Leftover::Split` an odd
//! stone goes to A (OAQ-C11).
#![forbid(unsafe_code)]

mod action;
mod certificate;
mod config;
mod describe;
mod endgame;
mod evaluate;
mod event;
mod match_play;
mod observe;
mod prove;
mod rules;
mod search;
mod state;
mod view;

pub use action::{owner_of, Action, Dir};
pub use certificate::{
    install_certificate, installed_certificates, uninstall_certificates, Certificate,
    CertificateError, CertificateRecord, MAX_INSTALLED_CERTIFICATES,
};
pub use config::{
    CapResolution, ChainCapture, Config, DirectionRule, EndCondition, Leftover, MatchMode,
    NextStarter, QuanSetup, Refill, RelayAtQuan, RelayLoop, ENGINE_MAX_PLIES, MAX_DAN_PER_SQUARE,
    MAX_REFILL_PER_SQUARE, MAX_REPETITION_LIMIT, MAX_SMALL_STONES_PER_QUAN, REPETITION_WINDOW,
    SOWING_BACKSTOP,
};
pub use endgame::{
    shared_table, EndgameTable, MoveValue, TableEntry, TableError, TableStats, MAX_TABLE_STONES,
    TABLE_MAGIC, TABLE_VERSION,
};
pub use event::{EndReason, Event, TurnEndReason};
pub use match_play::{GameResult, Match, MatchError, MatchSetup};
pub use prove::{Proof, ProveOptions};
pub use rules::Illegal;
pub use search::{AlphaBetaBot, AlphaBetaSettings, LAZY_ENDGAME_STONES};
pub use state::{is_quan, own_cells, BigStone, Setup, State, CELLS, LEFT_QUAN, RIGHT_QUAN};
pub use view::View;
