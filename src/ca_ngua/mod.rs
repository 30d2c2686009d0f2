//! Cờ cá ngựa ("horse chess"), the Vietnamese race game of the Ludo family, exact to the
//! rules contract (rule IDs CN-S1 … CN-S11, CN-A1 … CN-A16, CN-C1 … CN-C18).
//!
//! Two to four players race their four horses each one lap counter-clockwise around a
//! 56-square track, into their home column, and up to the steps 6, 5, 4 and 3. Two dice are
//! thrown; the sum moves one piece (half of it on a double); pieces may not pass any piece;
//! landing exactly on an opponent kicks it back to its yard.
//!
//! - [`Config`]: the seed rules by default, every variant selectable, presets
//!   ([`Config::one_die`], [`Config::two_players`], [`Config::two_players_two_colours`], …).
//! - [`State`]: the playable game, implementing [`Game`](crate::Game); [`Setup`] is its plain
//!   (JSON) form.
//! - [`Action`]: the rolls (chance outcomes, **unordered**: 21 for two dice with weights 1
//!   for a double and 2 otherwise, CN-C1) and the moves, with dense ids and a short text
//!   notation (`r3-5`, `x0`, `0+8`, `1>3`, `2^1`).
//! - [`Event`]: every roll, exit, square stepped on, kick, entry, climb, bonus roll, lost
//!   roll, finish and the game's end.
//!
//! # Geometry (rules §2.1, CN-C9)
//!
//! Colour `c` (0 red, 1 yellow, 2 blue, 3 green, numbered in the direction of movement)
//! starts on absolute square `(L/4)·c` of the `L`-square track. A piece's *progress* is `-1`
//! in the yard, `0..L` on the track (`0` its start square, `L − 1` its door, the square just
//! before its own start square), and `L − 1 + k` on home step `k` (1..=6). Turns go against
//! the movement: after colour `c` plays colour `c − 1`.
//!
//! # Choices where the rules leave one
//!
//! - A roll that allows no action is resolved inside the roll (chance) action: the engine
//!   emits [`Event::Stuck`] (bị tịt) and goes on with another try, a bonus roll or the next
//!   turn. It is never a player's decision (as in the reference games).
//! - Games end after [`Config::max_actions`] actions (default 20 000) with
//!   [`EndReason::ActionLimit`]: kicks can otherwise repeat forever. This is
//!   [`Game::max_moves`](crate::Game::max_moves).
//! - Variant details the rules file leaves open are documented on each [`Config`] option;
//!   those its clarifications settle (CN-C11 … CN-C18: bounces that go nowhere, the exit
//!   first, places with two players, the other colour as an opponent, configurations that
//!   can freeze) are cited there too.
//!
//! ```
//! use dangian::ca_ngua::{Action, Config, State};
//! use dangian::{Game, NoEvents, ToMove};
//!
//! let mut game = State::new(Config::default()).unwrap();
//! assert_eq!(game.to_move(), ToMove::Chance);
//! game.apply(Action::Roll { low: 2, high: 4 }, &mut NoEvents).unwrap(); // a sum of 6
//! game.apply(Action::Exit { piece: 0 }, &mut NoEvents).unwrap(); // red's first horse is out
//! assert_eq!(game.square_of(dangian::ca_ngua::Colour::RED, 0), Some(0));
//! ```
#![forbid(unsafe_code)]

mod action;
mod config;
mod describe;
mod evaluate;
mod event;
mod observe;
mod progress;
mod roll;
mod rules;
mod state;
mod view;

pub use action::Action;
pub use config::{
    Blocking, BonusRule, Capture, Colour, Config, Dice, DiceUsage, DoorRule, DoublesMove, FaceSet,
    HomeClimb, HomeEntry, HomeValues, MultiColourWin, PairSet, Seating, SquareSet, StartConflict,
    TriesCondition, TurnOrder,
};
pub use evaluate::{learned_features, learned_values, LEARNED_FEATURES, LEARNED_WEIGHTS};
pub use event::{EndReason, Event};
pub use roll::Roll;
pub use rules::Illegal;
pub use state::{CurrentRoll, Phase, Setup, State, YARD};
pub use view::View;

/// The most events one action reports: a move steps at most 12 squares, kicks once, takes at
/// most 6 steps in the home column, and may finish a colour, place up to 4 players, give a
/// bonus roll, start a turn and end the game (at most 27); a roll reports itself, a lost roll,
/// a forfeit, the next turn or a bonus roll (at most 5). Every action does a bounded amount of
/// work too: the legal moves are at most 32 (see [`crate::ACTION_LIST_CAPACITY`]), each
/// checked along a path of at most 12 squares.
pub const MAX_EVENTS_PER_ACTION: usize = 32;

use crate::game::{ConfigError, GameConfig};

impl GameConfig for Config {
    const PRESETS: &'static [&'static str] = &[
        "seed_rules",
        "one_die",
        "two_players",
        "three_players",
        "two_players_two_colours",
    ];
    /// The seed rules (four players, one colour each) and two players.
    const TABLE_PRESETS: &'static [&'static str] = &["seed_rules", "two_players"];
    const SEATS: std::ops::RangeInclusive<u8> = 2..=4;

    fn preset(name: &str) -> Option<Config> {
        Some(match name {
            "seed_rules" => Config::seed_rules(),
            "one_die" => Config::one_die(),
            "two_players" => Config::two_players(),
            "three_players" => Config::three_players(),
            "two_players_two_colours" => Config::two_players_two_colours(),
            _ => return None,
        })
    }

    fn seats(&self) -> u8 {
        self.players()
    }

    fn validate(&self) -> Result<(), ConfigError> {
        self.check_options()?;
        // CN-C18: proven on the rules themselves rather than by listing bad combinations.
        progress::check(self)
    }
}
