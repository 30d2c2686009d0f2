//! The proof, run by [`Config::validate`], that a config cannot freeze (CN-C18).
//!
//! A game freezes when some piece reaches a place from which no sequence of rolls ever
//! takes it to a winning step: its colour can then never finish. Rather than list the
//! option combinations that do this, validation plays the rules themselves on a lone piece
//! of one colour: for every place a piece can reach from its start square and every roll
//! outcome, the engine's own legal moves say where the roll can take it, and every place
//! reached must lead to the piece's winning step. The check is repeated with 0 to 3
//! pieces already locked on the top winning steps (the finished block grows from the top,
//! CN-A12), since those close the steps above the piece's own target.
//!
//! Other pieces only block for a while (they move too), so a lone piece is the right model:
//! what freezes it alone freezes it in every game. A roll is played as the engine plays it:
//! while the piece has a legal move and dice are unspent the turn goes on, so a roll's
//! moves are followed to the end (the model only forgoes choices, never invents one).
//!
//! About 20 places (the rest of the track is the start square shifted) × 4 blocks × 21
//! rolls, each played by the engine's own move rules: tens of microseconds; the verdict is kept per set of the options involved, so a config is
//! proven once per process.

use std::sync::Mutex;

use super::config::{
    Colour, Config, Dice, DiceUsage, DoorRule, DoublesMove, HomeClimb, HomeEntry, HomeValues,
};
use super::state::{Phase, Setup, State, YARD};
use crate::game::ConfigError;

/// The options the proof depends on: the geometry and how rolls move a piece.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Key {
    dice: Dice,
    track_len: u8,
    home_steps: u8,
    dice_usage: DiceUsage,
    doubles_move: DoublesMove,
    door_rule: DoorRule,
    home_entry: HomeEntry,
    home_climb: HomeClimb,
    home_values: HomeValues,
    home_actions_per_roll: u8,
    win_steps: [u8; 4],
}

impl Key {
    fn of(c: &Config) -> Key {
        Key {
            dice: c.dice,
            track_len: c.track_len,
            home_steps: c.home_steps,
            dice_usage: c.dice_usage,
            doubles_move: c.doubles_move,
            door_rule: c.door_rule,
            home_entry: c.home_entry,
            home_climb: c.home_climb,
            home_values: c.home_values,
            home_actions_per_roll: c.home_actions_per_roll,
            win_steps: c.win_steps,
        }
    }
}

/// Verdicts already proven, in a fixed ring (no heap memory: nothing is left allocated at
/// exit for a leak checker to report). A few hundred option sets exist; 64 recent ones are
/// kept.
struct Proven {
    entries: [Option<(Key, Option<Frozen>)>; 64],
    next: usize,
}

static PROVEN: Mutex<Proven> = Mutex::new(Proven {
    entries: [None; 64],
    next: 0,
});

/// A place a lone piece can reach but never leave towards its winning step.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Frozen {
    /// The piece's progress (`L − 1` the door, `L − 1 + k` home step `k`).
    progress: i8,
    /// The step it must reach.
    target: u8,
}

/// Checks that no piece of a game under `config` can be stuck for ever (CN-C18). The
/// config's options must already be in range.
pub(crate) fn check(config: &Config) -> Result<(), ConfigError> {
    let key = Key::of(config);
    let cached = PROVEN.lock().ok().and_then(|p| {
        p.entries
            .iter()
            .flatten()
            .find(|(k, _)| *k == key)
            .map(|&(_, v)| v)
    });
    let verdict = match cached {
        Some(v) => v,
        None => {
            let v = prove(config);
            if let Ok(mut p) = PROVEN.lock() {
                let i = p.next;
                p.entries[i] = Some((key, v));
                p.next = (i + 1) % p.entries.len();
            }
            v
        }
    };
    match verdict {
        None => Ok(()),
        Some(f) => Err(explain(config, f)),
    }
}

/// The error for a frozen place, naming the option of the part of the way it is on and the
/// options that move a piece.
fn explain(c: &Config, f: Frozen) -> ConfigError {
    let door = c.door();
    let (option, place) = if f.progress < door {
        (
            "door_rule",
            format!("{} square(s) before its door", door - f.progress),
        )
    } else if f.progress == door {
        ("home_entry", "on its door".to_owned())
    } else {
        ("home_climb", format!("on home step {}", f.progress - door))
    };
    ConfigError::new(
        option,
        format!(
            "a piece {place} can never reach home step {} (no sequence of rolls takes it \
             there), so the game can freeze (CN-C18); options: dice {:?}, dice_usage {:?}, \
             doubles_move {:?}, door_rule {:?}, home_entry {:?}, home_climb {:?}, \
             home_values {:?}, home_actions_per_roll {}, win_steps {:?}",
            f.target,
            c.dice,
            c.dice_usage,
            c.doubles_move,
            c.door_rule,
            c.home_entry,
            c.home_climb,
            c.home_values,
            c.home_actions_per_roll,
            c.win_steps
        ),
    )
}

/// The first frozen place found, if any.
fn prove(config: &Config) -> Option<Frozen> {
    let door = config.door();
    let top = config.top_step();
    // The places of a piece: the track from the start square (0) to the door, then the steps.
    let places = (door + top as i8 + 1) as usize;
    let colour = config.starting_colour();
    let rolls = roll_outcomes(config.dice);
    // A roll moves a piece at most 12 squares, so a piece 13 or more squares before its door
    // moves as it does from its start square, shifted.
    let far = door - 13;
    for locked in 0..4u8 {
        let target = top - locked;
        let goal = door + target as i8;
        // next[p]: the places one roll can take the piece from `p` (bit per place).
        let mut next = vec![0u128; places];
        for p in (0..=goal).filter(|&p| p == 0 || p > far) {
            let Some(start) = lone_piece(config, colour, p, locked) else {
                continue;
            };
            next[p as usize] = rolls
                .iter()
                .fold(0, |ends, &dice| ends | after_roll(&start, colour, dice));
        }
        for p in 1..=far.max(0) {
            next[p as usize] = next[0] << p;
        }
        // Forwards from the start square, then check each place reached leads to the goal.
        let reach = closure(&next, 1);
        for p in 0..places {
            if reach & (1 << p) != 0 && closure(&next, 1 << p) & (1 << goal) == 0 {
                return Some(Frozen {
                    progress: p as i8,
                    target,
                });
            }
        }
    }
    None
}

/// Every place reachable from the places in `from`, in any number of rolls.
fn closure(next: &[u128], from: u128) -> u128 {
    let mut seen = from;
    let mut frontier = from;
    while frontier != 0 {
        let p = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let new = next.get(p).copied().unwrap_or(0) & !seen;
        seen |= new;
        frontier |= new;
    }
    seen
}

/// The roll outcomes of the dice, as the faces a state stores (`[low, high]`, `[face, 0]`).
fn roll_outcomes(dice: Dice) -> Vec<[u8; 2]> {
    match dice {
        Dice::One => (1..=6).map(|face| [face, 0]).collect(),
        Dice::Two => (1..=6)
            .flat_map(|low| (low..=6).map(move |high| [low, high]))
            .collect(),
    }
}

/// A position with piece 0 of `colour` at progress `p`, pieces 1..=`locked` on the top
/// winning steps, the rest in the yard, every other colour in the yard, the roll due.
fn lone_piece(config: &Config, colour: Colour, p: i8, locked: u8) -> Option<State> {
    let door = config.door();
    let top = config.top_step() as i8;
    let mut setup = Setup::new(*config);
    let mut pieces = [YARD; 4];
    pieces[0] = p;
    for k in 1..=locked {
        pieces[k as usize] = door + top + 1 - k as i8;
    }
    setup.pieces = [[YARD; 4]; 4];
    setup.pieces[colour.index()] = pieces;
    setup.colour_to_move = Some(colour);
    setup.phase = Phase::Roll;
    setup.tries_left = 0;
    State::place(setup).ok()
}

/// The places piece 0 can end on after `dice` from `start`. The roll is played as the
/// engine plays it: while a die is unspent and the piece has a legal move, the roll goes on.
fn after_roll(start: &State, colour: Colour, dice: [u8; 2]) -> u128 {
    let mut s = *start;
    s.set_roll(dice);
    let mut ends = 0u128;
    let mut stack = vec![s];
    while let Some(s) = stack.pop() {
        let mut moved = false;
        if !s.roll_spent() {
            s.moves_of(0, |e| {
                moved = true;
                let mut t = s;
                t.move_lone_piece(&e);
                stack.push(t);
            });
        }
        if !moved {
            let p = s.progress(colour, 0);
            if p >= 0 {
                ends |= 1 << p;
            }
        }
    }
    ends
}
