//! What a player sees (everything: Cờ cá ngựa has no hidden information) and the ASCII board.

use std::fmt;

use serde::Serialize;

use super::action::Action;
use super::config::{Colour, Config};
use super::event::EndReason;
use super::state::{CurrentRoll, Phase, State, YARD};
use crate::game::{Action as _, ActionList, Game, Outcome, Seat, ToMove};

/// What `seat` sees: the whole position, since nothing is hidden in Cờ cá ngựa.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "CaNguaView"))]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The player it is for.
    pub seat: Seat,
    /// The rules.
    pub config: Config,
    /// Who acts next.
    pub to_move: ToMove,
    /// Whose turn it is: the player of the colour to act (`None` once the game is over).
    pub turn: Option<Seat>,
    /// Actions applied since the start, chance outcomes included.
    pub move_number: u32,
    /// The actions this player may take now (empty when it is not its turn).
    pub legal: Vec<Action>,
    /// The colours this player plays.
    pub colours: Vec<Colour>,
    /// Every piece's progress, `[colour][piece]` (see [`Setup::pieces`](super::Setup::pieces)).
    pub pieces: [[i8; 4]; 4],
    /// The colour to act, `None` once the game is over.
    pub colour_to_move: Option<Colour>,
    /// Roll, move or over.
    pub phase: Phase,
    /// The roll being played.
    pub roll: Option<CurrentRoll>,
    /// Tries left (CN-S7).
    pub tries_left: u8,
    /// The kick tally by colour, `[kicker][victim]`.
    pub kicks: [[u16; 4]; 4],
    /// Finished colours, in order.
    pub finished_colours: Vec<Colour>,
    /// Players in finishing order.
    pub finishing_order: Vec<Seat>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome<EndReason>>,
}

impl View {
    /// What `seat` sees of `state`.
    pub fn of(state: &State, seat: Seat) -> View {
        let setup = state.to_setup();
        let mine = state.config.seats.colours_of(seat.0);
        let mut legal = Vec::new();
        if state.to_move() == ToMove::Seat(seat) {
            let mut ids = ActionList::new();
            state.legal_actions(&mut ids);
            legal.extend(ids.iter().filter_map(|&id| Action::from_id(id)));
        }
        View {
            seat,
            config: state.config,
            to_move: state.to_move(),
            turn: state.turn(),
            move_number: setup.move_number,
            legal,
            colours: Colour::ALL
                .into_iter()
                .filter(|c| mine & (1 << c.0) != 0)
                .collect(),
            pieces: setup.pieces,
            colour_to_move: setup.colour_to_move,
            phase: setup.phase,
            roll: setup.roll,
            tries_left: setup.tries_left,
            kicks: setup.kicks,
            finished_colours: setup.finished_colours,
            finishing_order: setup.finishing_order,
            outcome: state.outcome(),
        }
    }
}

/// The position as an ASCII board.
///
/// The track is drawn as four rows of `L/4` squares, read left to right and row after row
/// in the direction the pieces move; the row of colour `c` starts on `c`'s start square
/// (marked `>`) and ends on the door of the next colour (marked `|`). A piece is its colour
/// letter (`R`, `Y`, `B`, `G`) and number; `..` is an empty square. Yards and home columns
/// (steps 1..6) follow, then the kick tally.
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cfg = &self.config;
        let seg = cfg.segment();
        let players = cfg.players();
        write!(f, "Cờ cá ngựa · move {} · ", self.move_number)?;
        match self.phase {
            Phase::Over => {
                write!(f, "game over")?;
                if let Some(r) = self.end {
                    write!(f, " ({r:?})")?;
                }
                let places: Vec<String> = self
                    .finishing_order()
                    .enumerate()
                    .map(|(i, p)| format!("{}. player {}", i + 1, p.0))
                    .collect();
                if !places.is_empty() {
                    write!(f, ": {}", places.join(", "))?;
                }
                writeln!(f)?;
            }
            phase => {
                let c = Colour(self.colour);
                let owner = cfg.seats.owner_byte(c.index());
                write!(f, "{c} (player {owner}) ")?;
                if phase == Phase::Roll {
                    if self.tries_left > 0 {
                        writeln!(
                            f,
                            "to roll, try {} of {}",
                            cfg.tries_when_no_piece_out - self.tries_left + 1,
                            cfg.tries_when_no_piece_out
                        )?;
                    } else if self.bonus_streak > 0 {
                        writeln!(f, "to roll again (bonus roll)")?;
                    } else {
                        writeln!(f, "to roll")?;
                    }
                } else {
                    writeln!(f, "to move with the roll {}", self.roll_value())?;
                }
            }
        }
        writeln!(
            f,
            "track: {} squares, left to right then down; > start square, | door",
            cfg.track_len
        )?;
        for row in 0..4u8 {
            let first = row * seg;
            write!(f, "{first:>3} >")?;
            for k in 0..seg {
                let sq = first + k;
                match self.piece_on(sq) {
                    Some((c, p)) => write!(f, "{}{}", c.letter(), p)?,
                    None => write!(f, "..")?,
                }
                if k + 1 < seg {
                    write!(f, " ")?;
                }
            }
            writeln!(
                f,
                "| {:<3} {} start, {} door",
                first + seg - 1,
                Colour(row),
                Colour((row + 1) % 4)
            )?;
        }
        let door = cfg.door();
        for c in Colour::ALL {
            let Some(owner) = cfg.seats.owner(c) else {
                continue;
            };
            let mut yard = String::new();
            for p in 0..4u8 {
                if self.progress(c, p) == YARD {
                    yard.push_str(&format!(" {}{p}", c.letter()));
                }
            }
            if yard.is_empty() {
                yard.push_str(" -");
            }
            let mut home = String::new();
            for step in 1..=cfg.home_steps {
                let who = (0..4u8).find(|&p| self.progress(c, p) == door + step as i8);
                match who {
                    Some(p) => home.push_str(&format!(" {step}:{}{p}", c.letter())),
                    None => home.push_str(&format!(" {step}:..")),
                }
            }
            let made: u32 = self.kicks[c.index()].iter().map(|&k| u32::from(k)).sum();
            let mut finished = "";
            if self.finished_colours().any(|x| x == c) {
                finished = "  finished";
            }
            writeln!(
                f,
                "{:<6} (player {owner}) yard:{yard:<12} home:{home}  kicks made {made}{finished}",
                c.name(),
            )?;
        }
        if players > 0 && self.placed_count > 0 && self.phase != Phase::Over {
            let places: Vec<String> = self
                .finishing_order()
                .enumerate()
                .map(|(i, p)| format!("{}. player {}", i + 1, p.0))
                .collect();
            writeln!(f, "places: {}", places.join(", "))?;
        }
        Ok(())
    }
}
