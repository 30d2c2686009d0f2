//! # dangian — rules engines for three Vietnamese folk games
//!
//! `dangian` ("dân gian", folk) gives a game client, a server, a bot or a tutorial the exact
//! rules of **Ô ăn quan** (the Vietnamese mancala), **Cờ cá ngựa** (a two-dice race game of
//! the Ludo family) and **Domino** (the draw game with "chợ", "cá" and the 101-point limit),
//! so that it does not have to write them itself. It has no UI.
//!
//! Every game implements the one trait [`Game`]: typed state and actions, legal actions as
//! dense ids in ascending order, validation that says why an action is illegal, explicit
//! chance with exact probabilities, events to animate, per-seat views, stable hashes and a
//! move counter. Written once against that trait: saved games and replays ([`Record`]),
//! bots ([`bot`]), any game chosen at run time ([`any`]) and the
//! random-play invariant checker ([`testing`]).
//!
//! | game | module | state | config presets |
//! |---|---|---|---|
//! | Ô ăn quan | [`o_an_quan`] | [`o_an_quan::State`] | `seed_rules`, `vi_wikipedia`, `tonkin`, … |
//! | Cờ cá ngựa | [`ca_ngua`] | [`ca_ngua::State`] | `seed_rules`, `one_die`, `two_players_two_colours`, … |
//! | Domino | [`domino`] | [`domino::State`] | `seed_rules`, `kozel`, `western_draw`, `block`, … |
//!
//! `Config::default()` is always the seed rules; every variant of the rules is a config
//! option, validated before a game starts.
//!
//! ## One path to each item
//!
//! Every public item has exactly one public path. The vocabulary shared by every game
//! ([`Game`], [`Seat`], [`GameRng`], [`Record`], …) is at the crate root. Each game is a module
//! with the same files for the same roles (its config, state, actions, rules, events, views,
//! descriptions, bot evaluation and observation tensor), all re-exported flat from the
//! module: `dangian::o_an_quan::State`, `dangian::ca_ngua::Config`,
//! `dangian::domino::Tile`. Each shared subsystem is a module too ([`any`], [`bot`],
//! [`describe`], [`fair`], [`limits`], [`tensor`], [`testing`]), holding only what is common
//! to every game.
//!
//! ## Ô ăn quan: sow, relay, capture
//!
//! ```
//! use dangian::o_an_quan::{Action, Config, State};
//! use dangian::{ActionList, Game, Seat};
//!
//! let mut game = State::new(Config::default()).unwrap();
//! let mut legal = ActionList::new();
//! game.legal_actions(&mut legal);
//! assert_eq!(legal.len(), 10); // five squares, two directions
//!
//! // Rules vector V1: seat A sows square a1 counter-clockwise, relays once, captures 6.
//! let sow: Action = "a1+".parse().unwrap();
//! let mut events = Vec::new();
//! game.apply(sow, &mut events).unwrap();
//! assert_eq!(game.score(Seat(0)), 6);
//! assert!(events.len() > 10); // pick-ups, each stone sown, the relay, the capture, …
//!
//! // An illegal action is refused with a reason and changes nothing.
//! let before = game;
//! assert!(game.apply(sow, &mut events).is_err()); // it is B's turn
//! assert_eq!(game, before);
//! ```
//!
//! ## Cờ cá ngựa: dice are chance actions
//!
//! ```
//! use dangian::ca_ngua::{Action, Config, State};
//! use dangian::{Game, GameRng, NoEvents, ToMove};
//!
//! let mut game = State::new(Config::default()).unwrap();
//! assert_eq!(game.to_move(), ToMove::Chance); // the first roll
//! // A host may apply a roll itself (physical dice, a server's dice)…
//! let double_six: Action = "r6-6".parse().unwrap();
//! game.apply(double_six, &mut NoEvents).unwrap();
//! // …or let the engine sample one with exact probabilities from any RNG.
//! let mut rng = GameRng::new(7);
//! while let ToMove::Seat(_) = game.to_move() {
//!     let exit: Action = "x0".parse().unwrap(); // a double lets a piece out of the yard
//!     game.apply(exit, &mut NoEvents).unwrap();
//! }
//! let roll = game.sample_chance(&mut rng).unwrap(); // the bonus roll for the double
//! game.apply(roll, &mut NoEvents).unwrap();
//! ```
//!
//! ## Domino: hidden hands and per-seat views
//!
//! ```
//! use dangian::domino::{Config, State};
//! use dangian::{Game, GameRng, NoEvents, Seat, ToMove};
//!
//! let mut game = State::new(Config::default()).unwrap();
//! let mut rng = GameRng::new(1);
//! while game.to_move() == ToMove::Chance {
//!     // The deal: one chance action per tile.
//!     let tile = game.sample_chance(&mut rng).unwrap();
//!     game.apply(tile, &mut NoEvents).unwrap();
//! }
//! // Seat 1's view holds its own hand and only public facts about the rest: safe to send
//! // to seat 1's client.
//! let view = game.view(Seat(1));
//! assert_eq!(view.hand.len(), usize::from(view.hand_counts[1]));
//! // The opening tile was played at once (DM-S5): 14 tiles dealt, one on the line.
//! assert_eq!(view.hand_counts.iter().map(|&n| usize::from(n)).sum::<usize>(), 13);
//! assert_eq!(view.line.len(), 1);
//! ```
//!
//! ## Saved games
//!
//! ```
//! use dangian::o_an_quan::{Config, State};
//! use dangian::{NoEvents, Record, Recorded};
//!
//! let mut game = Recorded::<State>::new(Config::default()).unwrap();
//! game.apply("a3+".parse().unwrap(), &mut NoEvents).unwrap();
//! let json = game.record().to_json();
//! // Loading replays and verifies every action and the final hash.
//! let loaded: State = Record::from_json(&json).unwrap().replay().unwrap();
//! assert_eq!(&loaded, game.game());
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// One public path to each item. The core vocabulary every game and host shares (the `Game`
// trait and its types, the RNG, saved games) sits in private modules and is re-exported flat
// at the root: `dangian::Game`, `dangian::GameRng`, `dangian::Record`. Each game and each
// shared subsystem is a public module whose own files are private and re-exported flat
// (`dangian::o_an_quan::State`, `dangian::bot::MctsBot`); nothing at the root repeats an item
// of those modules (no `dangian::OAnQuan` beside `dangian::o_an_quan::State`).
mod chance;
mod game;
mod record;
mod strict;

pub mod any;
pub mod bot;
pub mod ca_ngua;
pub mod describe;
pub mod domino;
pub mod fair;
pub mod limits;
pub mod o_an_quan;
pub mod tensor;
pub mod testing;

pub use chance::{uniform_below, GameRng};
pub use game::{
    Action, ActionList, ChanceList, ChanceOutcome, ConfigError, EventFn, EventSink, Game,
    GameConfig, GameKind, IllegalReason, Legal, LegalSet, Named, NoEvents, Outcome, OutcomeJson,
    ParseActionError, PlayError, Seat, SetupError, StateHasher, ToMove, ACTION_LIST_CAPACITY,
    CONFIG_MEMO, LEGAL_SET_IDS, MAX_SEATS,
};
pub use record::{
    hash_text, Record, RecordError, Recorded, RECORD_FORMAT, RECORD_RESERVE, RULES_VERSION,
};

// The Rust examples of the guides are doctests: `cargo test --doc` compiles and runs every
// ```rust block of these files.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
#[cfg(doctest)]
#[doc = include_str!("../docs/rust.md")]
pub struct RustGuide;
#[cfg(doctest)]
#[doc = include_str!("../docs/rules.md")]
pub struct RulesGuide;
