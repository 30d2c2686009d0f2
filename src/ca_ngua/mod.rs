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
//! - [`State`]: the playable game, implementing [`Game`]; [`Setup`] is its plain
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
//!   [`Game::max_moves`].
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
pub use event::{EndReason, Event, Illegal};
pub use roll::Roll;
pub use state::{CurrentRoll, Phase, Setup, State, YARD};
pub use view::View;

/// The most events one action reports: a move steps at most 12 squares, kicks once, takes at
/// most 6 steps in the home column, and may finish a colour, place up to 4 players, give a
/// bonus roll, start a turn and end the game (at most 27); a roll reports itself, a lost roll,
/// a forfeit, the next turn or a bonus roll (at most 5). Every action does a bounded amount of
/// work too: the legal moves are at most 32 (see [`crate::ACTION_LIST_CAPACITY`]), each
/// checked along a path of at most 12 squares.
pub const MAX_EVENTS_PER_ACTION: usize = 32;

use crate::game::{
    ActionList, ChanceList, ChanceOutcome, ConfigError, EventSink, Game, GameConfig, GameKind,
    Outcome, Seat, SetupError, StateHasher, ToMove,
};

impl GameConfig for Config {
    const PRESETS: &'static [&'static str] = &[
        "seed_rules",
        "one_die",
        "two_players",
        "three_players",
        "two_players_two_colours",
    ];
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

impl Game for State {
    type Config = Config;
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type Illegal = Illegal;
    type EndReason = EndReason;
    type View = View;

    const KIND: GameKind = GameKind::CaNgua;
    const CHANCE: bool = true;
    const HIDDEN_INFORMATION: bool = false;

    fn new(config: Config) -> Result<Self, ConfigError> {
        State::new(config)
    }

    fn from_setup(setup: Setup) -> Result<Self, SetupError> {
        State::from_setup(setup)
    }

    fn to_setup(&self) -> Setup {
        State::to_setup(self)
    }

    /// The player of the colour to act, while the game goes on.
    fn turn(&self) -> Option<Seat> {
        self.colour_to_move()
            .map(|c| Seat(self.config.seats.owner_byte(c.index())))
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> u8 {
        self.config.players()
    }

    #[inline]
    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Roll => ToMove::Chance,
            Phase::Move => ToMove::Seat(Seat(self.config.seats.owner_byte(self.colour as usize))),
            Phase::Over => ToMove::Over,
        }
    }

    #[inline]
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        match self.phase {
            Phase::Roll => {
                let range = match self.config.dice {
                    Dice::Two => 0..21,
                    Dice::One => 21..27,
                };
                out.extend(range);
            }
            Phase::Move => self.legal_moves(out),
            Phase::Over => {}
        }
    }

    /// CN-C1: two dice give 21 unordered outcomes, a double of weight 1 and any other pair of
    /// weight 2 (of 36); one die gives 6 outcomes of weight 1.
    #[inline]
    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        if self.phase != Phase::Roll {
            return;
        }
        match self.config.dice {
            Dice::Two => {
                let mut id = 0;
                for low in 1..=6u8 {
                    for high in low..=6u8 {
                        out.push(ChanceOutcome {
                            id,
                            weight: if low == high { 1 } else { 2 },
                        });
                        id += 1;
                    }
                }
            }
            Dice::One => out.extend((21..27).map(|id| ChanceOutcome { id, weight: 1 })),
        }
    }

    /// The same draw as the provided method (one `uniform_below(36)` or `(6)` walked over the
    /// outcomes in id order), from a table instead of a list.
    // Always inlined: the roll's id, computed here, then reaches the caller's use of it.
    #[inline(always)]
    fn sample_chance<R: rand_core::Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.phase != Phase::Roll {
            return None;
        }
        Some(match self.config.dice {
            Dice::Two => {
                let id = TWO_DICE_BY_DRAW[crate::chance::uniform_below(rng, 36) as usize];
                let (low, high) = action::TWO_DICE[id as usize];
                Action::Roll { low, high }
            }
            Dice::One => Action::RollOne {
                face: 1 + crate::chance::uniform_below(rng, 6) as u8,
            },
        })
    }

    fn check(&self, action: Action) -> Result<(), Illegal> {
        self.check_action(action).map(|_| ())
    }

    // Always inlined, as the steps below it are: the dynamic layer's entry points are then
    // one call each, with no second frame for the action (the typed caller inlines it anyway).
    #[inline(always)]
    fn apply(&mut self, action: Action, events: &mut impl EventSink<Event>) -> Result<(), Illegal> {
        if self.apply_if_roll(action, events) {
            return Ok(());
        }
        let effect = self.check_action(action)?;
        self.apply_checked(action, effect, events);
        Ok(())
    }

    /// Places by finishing order (CN-C7); scores are the kicks each player made (CN-C8).
    fn outcome(&self) -> Option<Outcome<EndReason>> {
        let reason = self.end?;
        let seats = self.config.players();
        let mut places = [0u8; 4];
        for (i, &p) in self.place_order[..self.placed_count as usize]
            .iter()
            .enumerate()
        {
            places[p as usize & 3] = i as u8 + 1;
        }
        let mut scores = [0i32; 4];
        for p in 0..seats {
            scores[p as usize] = i32::try_from(self.kicks_made(Seat(p))).unwrap_or(i32::MAX);
        }
        Some(Outcome {
            reason,
            seats,
            scores,
            places,
        })
    }

    fn move_number(&self) -> u32 {
        self.move_number
    }

    /// [`Config::max_actions`]: the game ends there at the latest (every action, chance
    /// included, counts one, and the roll that allows nothing is part of its chance action).
    fn max_moves(&self) -> u32 {
        self.config.max_actions
    }

    fn hash_state(&self, h: &mut StateHasher) {
        // The config as its JSON (every option counts), then everything else in one buffer,
        // fed at once: pieces, turn, roll, tries, bonus streak, finished colours, places, end
        // reason, then the kick tally and the move number as LEB128 varints (mostly one byte
        // each).
        h.config(&self.config);
        let mut buf = [0u8; 160];
        for (i, &p) in self.progress.as_flattened().iter().enumerate() {
            buf[8 + i] = p as u8;
        }
        buf[24..33].copy_from_slice(&[
            self.colour,
            self.phase as u8,
            self.roll.dice[0],
            self.roll.dice[1],
            self.roll.used,
            self.roll.home_actions,
            u8::from(self.roll.exited),
            self.tries_left,
            self.bonus_streak,
        ]);
        buf[33] = self.finished_count;
        buf[34..38].copy_from_slice(&self.finished_order);
        buf[38] = self.placed_count;
        buf[39..43].copy_from_slice(&self.place_order);
        buf[43] = match self.end {
            None => 0,
            Some(EndReason::AllPlaced) => 1,
            Some(EndReason::FirstFinisher) => 2,
            Some(EndReason::ActionLimit) => 3,
        };
        let mut n = 44;
        let tally = self.kicks.as_flattened().iter().map(|&k| u32::from(k));
        for k in tally.chain([self.move_number]) {
            let mut v = k;
            while v >= 0x80 {
                buf[n] = (v as u8) | 0x80;
                n += 1;
                v >>= 7;
            }
            buf[n] = v as u8;
            n += 1;
        }
        h.bytes(&buf[..n]);
    }

    fn view(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    fn validate(&self) -> Result<(), SetupError> {
        let again = State::from_setup(self.to_setup())?;
        if again != *self {
            return Err(SetupError::Position(
                "the board caches disagree with the pieces".into(),
            ));
        }
        Ok(())
    }
}

/// The roll id for each draw `r` in `0..36`: the outcomes in id order, a double taking one
/// draw and any other pair two (CN-C1), exactly as the provided `sample_chance` walks them.
const TWO_DICE_BY_DRAW: [u8; 36] = {
    let mut table = [0u8; 36];
    let (mut id, mut r, mut low) = (0u8, 0usize, 1u8);
    while low <= 6 {
        let mut high = low;
        while high <= 6 {
            table[r] = id;
            r += 1;
            if high != low {
                table[r] = id;
                r += 1;
            }
            id += 1;
            high += 1;
        }
        low += 1;
    }
    table
};
