//! # dangian — rules engines for three Vietnamese folk games
//!
//! `dangian` ("dân gian", folk) gives a game client, a server, a bot or a tutorial the exact
//! rules of **Ô ăn quan** (the Vietnamese mancala), **Cờ cá ngựa** (a two-dice race game of
//! the Ludo family) and **Domino** (the draw game with "chợ", "cá" and the 101-point limit),
//! so that it does not have to write them itself. It has no UI.
//!
//! Every game implements the one trait [`Game`]: typed state and actions, legal actions as
//! dense ids, validation that says why an action is illegal, explicit chance with exact
//! probabilities, events to animate, per-seat views, and stable hashes. Saved games and
//! replays are in [`record`], the random-play invariant checker in [`testing`].
// Unsafe code is allowed only in `ffi`, which opts in; everywhere else it is an error.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod any;
pub mod bot;
pub mod ca_ngua;
pub mod chance;
pub mod domino;
pub mod ffi;
pub mod game;
pub mod o_an_quan;

pub use chance::{uniform_below, GameRng};
pub use game::{
    Action, ActionList, ChanceList, ChanceOutcome, ConfigError, EventFn, EventSink, Game, GameKind,
    NoEvents, Outcome, ParseActionError, PlayError, Seat, SetupError, StateHasher, ToMove,
    ACTION_LIST_CAPACITY, MAX_SEATS,
};
pub mod record;
pub mod testing;

pub use o_an_quan::State as OAnQuan;
pub use record::{Record, RecordError, Recorded, RECORD_FORMAT, RULES_VERSION};

pub use domino::{Config as DominoConfig, State as Domino};

pub use ca_ngua::{Config as CaNguaConfig, State as CaNgua};
