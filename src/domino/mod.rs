//! Domino: the double-six draw game with the "chợ" (market, boneyard), the "cá" (fish, a
//! blocked round) and the losing score of 101 (the Russian *Kozel* family).
//!
//! Rules: `rules/domino.md` of the rules contract (rule IDs `DM-S*` seed rules, `DM-A*`
//! variants, `DM-C*` clarifications). Summary of the default ([`Config::default`]):
//! 2 players (2–4 possible) get 7 tiles each, the rest is the chợ; the holder of 0-0 leads
//! with it (else 6-6, 5-5, …, else the highest total), automatically; players match either
//! open end, choosing the end; a player who cannot play draws one tile at a time until one
//! fits and plays it, or passes when the chợ is empty; when nothing can be drawn and nobody
//! can play the round is cá and the seat that placed the last tile (the fish-setter) scores
//! 0; otherwise the first to play out scores 0; everyone else adds the pips in hand; the
//! match ends after a round in which someone reaches 101, lowest total first.
//!
//! ```
//! use dangian::domino::{Action, Config, End, State, Tile};
//! use dangian::{Game, GameRng, NoEvents, Seat, ToMove};
//!
//! let mut game = State::new(Config::default()).unwrap(); // the seed rules, 2 players
//! let mut rng = GameRng::new(7);
//! while game.to_move() == ToMove::Chance {
//!     // The deal: one chance outcome per tile; the forced lead follows by itself.
//!     let deal = game.sample_chance(&mut rng).unwrap();
//!     game.apply(deal, &mut NoEvents).unwrap();
//! }
//! let view = game.view(Seat(1)); // seat 1's hand, the others' tile counts, the line
//! assert_eq!(view.hand_counts.iter().map(|&n| usize::from(n)).sum::<usize>(), 13);
//! if let ToMove::Seat(seat) = game.to_move() {
//!     let tile = game.view(seat).legal[0];
//!     let mut events = Vec::new();
//!     game.apply(tile, &mut events).unwrap();
//!     println!("{:?}\n{game}", events);
//! }
//! # let _ = (Action::Market, End::Left, Tile::new(0, 0));
//! ```
//!
//! # Model
//!
//! - [`State`] implements [`crate::Game`]. It is `Copy` (140 bytes): hands and the chợ are
//!   28-bit masks ([`TileSet`]), the line is the fixed array of this round's placements.
//! - Chance is explicit (DM-C1): the deal is a sequence of [`Action::Deal`] outcomes, one tile
//!   each (seat 0's whole hand first), and every draw an [`Action::Draw`] outcome, uniform
//!   over the tiles left. The forced opening play and passes are automatic and reported as
//!   events (DM-C2).
//! - Player decisions are [`Action::Play`] (tile and end) and, under
//!   [`DrawPolicy::Voluntary`] only, [`Action::Market`].
//! - Hidden information: [`crate::Game::view`] gives one seat its [`View`] (own hand, the
//!   others' tile counts, the chợ size, the line, scores, public history) and
//!   [`crate::Game::event_for`] the redacted [`Event`]s (a dealt or drawn tile is seen only by
//!   its receiver).
//! - Public knowledge: the state keeps, per seat, the numbers everyone has seen it unable
//!   to play on this round ([`State::lacks`], in the view and the JSON form), so that a bot
//!   can deal the hidden tiles honestly from one seat's knowledge ([`State::determinize`]).
//!
//! # Text notation
//!
//! `play 3-5 L` (place 3-5 at the left end; a lead is always `L`), `play 3-5 R`, `market`
//! (choose to draw), `deal 2-6` (chance: the next tile dealt), `draw 0-4` (chance: the tile
//! drawn). Tiles are `low-high`.
//!
//! # Choices where the rules contract leaves one
//!
//! - [`Opening::AnyTileBySeat`]: seat 0 leads. [`TieBreak::LowerEnd`] is an extra mirror
//!   option of the register's only tie-break.
//! - [`LaterLead::PreviousWinnerAnyTile`]: after a cá the opening rule decides;
//!   [`LaterLead::FishSetterAnyTile`]: the seat that went out or set the fish leads;
//!   [`LaterLead::Rotate`]: the seat after the previous leader leads, with any tile.
//! - [`DrawPolicy::Voluntary`]: a seat able to play may choose `market` as often as tiles may
//!   be drawn, and choose again after each draw; a seat unable to play draws as the seed says.
//!   [`DrawPolicy::OneThenPass`]: one draw, a fitting tile must be played.
//! - [`FishScoring::LowestHandZeroOthersOwnPips`]: every seat tied for the lowest hand adds 0.
//!   [`FishScoring::BlockerCollects`]: the fish-setter is charged every hand's pips, the
//!   others add 0.
//! - [`Ranking::TieBreakLastRound`]: fewer points added in the last round is better.
//! - Re-deals (DM-A9): at most [`MAX_REDEALS`] per round, then the deal stands; the reported
//!   seat is the first one holding too many doubles.
//! - Termination guard: [`Config::round_cap`]; [`crate::Game::max_moves`] is
//!   `round_cap × round_move_bound`.
//! - At the end of the match the final round's hands stay where they were; at the end of any
//!   other round every tile goes back and the next deal starts at once.
#![forbid(unsafe_code)]

mod action;
mod config;
mod describe;
mod evaluate;
mod event;
mod observe;
mod rules;
mod sample;
mod state;
mod tile;
mod view;

pub use action::Action;
pub use config::{
    Config, DrawPolicy, FishDetection, FishScoring, LaterLead, Opening, Ranking, SeatOrder,
    TieBreak, MAX_LOSS_THRESHOLD, MAX_REDEALS, MAX_ROUNDS_LIMIT,
};
pub use event::{EndReason, Event, RoundEnd, RoundResult};
pub use rules::Illegal;
pub use state::{Line, Phase, Placement, Setup, State};
pub use tile::{End, ParseTileError, Placed, Tile, TileIter, TileSet, TILE_COUNT};
pub use view::View;

/// The most events one action reports: a placement (or the last tile of a deal, with the
/// forced lead), then the forced passes of the other seats (at most 3), a going out or a cá,
/// the round's score, and the next round or the end of the match. Every action does a bounded
/// amount of work too: a re-deal or the end of a round puts back at most 28 tiles, and the
/// legal actions are at most 28.
pub const MAX_EVENTS_PER_ACTION: usize = 16;
