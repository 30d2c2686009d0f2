//! Each game's evaluation for the bots: how good a position looks for a seat, from 0 to 1,
//! from what that seat can see; and, for Domino, the honest deal of the hidden tiles.
//!
//! These are deliberately simple, material-style judgements; the search bots get their
//! strength from looking ahead, not from the evaluation. Cờ cá ngựa also has a learned one
//! ([`crate::bot::learned`]), which its expert plays by.

use crate::bot::{
    place_rewards, AlphaBetaBot, AlphaBetaSettings, Bot, Evaluate, Level, MctsBot, MctsSettings,
    HIDDEN_OUTCOME,
};
use crate::chance::GameRng;
use crate::game::{Action as _, Game, Seat, ToMove, MAX_SEATS};

/// A margin mapped to 0..1: 0.5 for even, towards 1 as `margin` grows.
fn squash(margin: f64, scale: f64) -> f64 {
    1.0 / (1.0 + super::portable::exp(-margin / scale))
}

/// The share of the other seats that `seat` is expected to beat, from a margin per pair
/// (`ahead(other)` > 0: `seat` is ahead of `other`).
fn versus_all(seats: u8, seat: Seat, scale: f64, ahead: impl Fn(usize) -> f64) -> f64 {
    let n = usize::from(seats).min(MAX_SEATS);
    let others = (0..n).filter(|&t| t != seat.index());
    let count = others.clone().count();
    if count == 0 {
        return 0.5;
    }
    others.map(|t| squash(ahead(t), scale)).sum::<f64>() / count as f64
}

impl Evaluate for crate::o_an_quan::State {
    /// Points captured plus stones on one's own side (they come home at the end), against the
    /// opponent's.
    fn evaluate(&self, seat: Seat) -> f64 {
        if self.is_over() {
            return place_rewards(self)[seat.index()];
        }
        let total = |s: Seat| f64::from(self.score(s)) + f64::from(self.side_stones(s)) * 0.5;
        let other = Seat(1 - (seat.0 & 1));
        squash(total(seat) - total(other), 8.0)
    }

    /// The score margin alone (points captured, a big stone at its value).
    fn material(&self, seat: Seat) -> f64 {
        if self.is_over() {
            return place_rewards(self)[seat.index()];
        }
        let other = Seat(1 - (seat.0 & 1));
        squash(f64::from(self.score(seat) - self.score(other)), 8.0)
    }

    fn level_bot(level: Level, seed: u64) -> Box<dyn Bot<Self> + Send> {
        let settings = match level {
            Level::Easy => AlphaBetaSettings::EASY,
            Level::Medium => AlphaBetaSettings::MEDIUM,
            Level::Hard => AlphaBetaSettings::HARD,
        };
        Box::new(AlphaBetaBot::new(settings, seed))
    }

    fn budget_bot(budget: std::time::Duration, seed: u64) -> Box<dyn Bot<Self> + Send> {
        Box::new(AlphaBetaBot::with_time(budget, seed))
    }
}

/// Extra pips a double in hand is judged to cost (Domino).
const DOUBLE_COST: f64 = 4.0;
/// Pips a number shown by the hand is judged to save (Domino).
const VARIETY_BONUS: f64 = 3.0;

impl Evaluate for crate::domino::State {
    /// The running totals plus what each hand would cost if the round ended now: the seat's
    /// own pips, and for the others their tile counts times the mean pips of the tiles the
    /// seat cannot see. Lower is better; the margin against each other seat is squashed.
    fn evaluate(&self, seat: Seat) -> f64 {
        use crate::domino::{Phase, TileSet};
        if self.is_over() {
            return place_rewards(self)[seat.index()];
        }
        let n = usize::from(self.config().players);
        let mut projected = [0.0f64; MAX_SEATS];
        for (s, p) in projected.iter_mut().enumerate().take(n) {
            *p = f64::from(self.scores()[s]);
        }
        if matches!(self.phase(), Phase::Play | Phase::Draw | Phase::Lead) {
            let own = self.hand(seat);
            let unseen =
                TileSet::from_mask(TileSet::ALL.mask() & !own.mask() & !self.line_tiles().mask());
            let blank = u32::from(self.config().double_blank_value);
            let pips = |set: TileSet| -> u32 {
                set.iter()
                    .map(|t| {
                        if t.index() == 0 {
                            blank
                        } else {
                            u32::from(t.pips())
                        }
                    })
                    .sum()
            };
            let mean = if unseen.is_empty() {
                0.0
            } else {
                f64::from(pips(unseen)) / unseen.len() as f64
            };
            for (s, p) in projected.iter_mut().enumerate().take(n) {
                *p += if s == seat.index() {
                    // Doubles are harder to place, and a hand showing few numbers is
                    // more likely to be stuck.
                    let doubles = own.iter().filter(|t| t.is_double()).count() as f64;
                    let shown = (0..7u8).filter(|&v| own.iter().any(|t| t.has(v))).count();
                    f64::from(pips(own)) + DOUBLE_COST * doubles - VARIETY_BONUS * shown as f64
                } else {
                    self.hand(Seat(s as u8)).len() as f64 * mean
                };
            }
        }
        versus_all(self.config().players, seat, 20.0, |t| {
            projected[t] - projected[seat.index()]
        })
    }

    /// [`crate::domino::State::determinize`]: the other hands and the chợ dealt from the
    /// seat's hand, the line, the counts, who was seen unable to play on which numbers and
    /// what the opening tells.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        crate::domino::State::determinize(self, seat, rng)
    }

    /// A tile dealt or drawn to another seat is seen face down.
    fn observed_id(&self, action: crate::domino::Action, seat: Seat) -> u32 {
        use crate::domino::Action;
        match action {
            Action::Deal(_) | Action::Draw(_)
                if self.to_move() == ToMove::Chance && self.turn() != Some(seat) =>
            {
                HIDDEN_OUTCOME
            }
            _ => action.id(),
        }
    }

    /// A playout stops when the round it started in is over: the totals then say enough.
    fn rollout_done(&self, start: &Self) -> bool {
        self.round() != start.round() || self.is_over()
    }
}

/// The chance that one roll of two dice lets a piece move exactly `d` squares (the sum, or
/// half of a double under the default rules), for `d` in `0..=12`.
const REACH: [f64; 13] = {
    let mut out = [0.0; 13];
    let mut a = 1;
    while a <= 6 {
        let mut b = 1;
        while b <= 6 {
            out[a + b] += 1.0 / 36.0;
            if a == b {
                out[a] += 1.0 / 36.0;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// The chance of a roll that lets a piece leave the yard under the default rules (a double,
/// a sum of 6, or 6-1).
const EXIT_CHANCE: f64 = 13.0 / 36.0;

impl crate::ca_ngua::State {
    /// How far each player's horses have come, less what they risk: per piece 0 in the yard,
    /// `10 + progress` on the track (less that times the chance that the nearest piece
    /// behind it, if an opponent's, can land on it with one roll, or that an opponent can
    /// leave its yard onto it), more for each home step.
    fn race_values(&self, with_risk: bool) -> [f64; MAX_SEATS] {
        let rules = self.config();
        let pieces = self.pieces();
        let door = rules.door();
        let len = rules.track_len;
        let risks = if with_risk {
            self.piece_risks()
        } else {
            [[0.0; 4]; 4]
        };
        let mut value = [0.0; MAX_SEATS];
        for (colour, player) in rules.seats.pairs() {
            let mut total = 0.0;
            for (piece, &p) in pieces[colour.index()].iter().enumerate() {
                if p < 0 {
                    continue;
                }
                if p > door {
                    total += 10.0 + f64::from(len) + 4.0 * f64::from(p - door);
                    continue;
                }
                let worth = 10.0 + f64::from(p);
                if with_risk {
                    total += worth * (1.0 - risks[colour.index()][piece]);
                } else {
                    total += worth;
                }
            }
            value[usize::from(player) % MAX_SEATS] += total;
        }
        value
    }

    /// The chance, per colour and piece on the track, that it is kicked before its owner
    /// moves again (at most 0.9; 0 off the track): the chance that the nearest piece behind
    /// it, if an opponent's, can land on it with one roll, plus the chance that an opponent
    /// leaves its yard onto it.
    pub(crate) fn piece_risks(&self) -> [[f64; 4]; 4] {
        use crate::ca_ngua::Colour;
        let rules = self.config();
        let pieces = self.pieces();
        let door = rules.door();
        let len = i32::from(rules.track_len);
        let segment = i32::from(rules.segment());
        let owner = |c: Colour| rules.seats.owner(c);
        let in_yard = |c: usize| pieces[c].iter().any(|&p| p < 0);
        // The occupied squares, twice round (bit `s` and bit `s + len`), so that the twelve
        // squares behind any square are one window of bits.
        let mut occupied = 0u128;
        for c in Colour::ALL {
            for q in 0..4u8 {
                if let Some(sq) = self.square_of(c, q) {
                    occupied |= 1u128 << sq;
                }
            }
        }
        occupied |= occupied << len;
        let mut out = [[0.0; 4]; 4];
        for (colour, player) in rules.seats.pairs() {
            for (piece, &p) in pieces[colour.index()].iter().enumerate() {
                if p < 0 || p > door {
                    continue;
                }
                let Some(square) = self.square_of(colour, piece as u8) else {
                    continue;
                };
                let square = i32::from(square);
                let mut risk = 0.0;
                // The nearest piece behind, within one roll: pieces never pass each other.
                let window = (occupied >> (square + len - 12)) as u32 & 0xfff;
                if window != 0 {
                    let d = 12 - (31 - window.leading_zeros() as i32);
                    let behind = (square - d).rem_euclid(len) as u8;
                    if let Some((c, q)) = self.piece_on(behind) {
                        let other = owner(c);
                        let room = i32::from(door) - i32::from(self.progress(c, q));
                        if other != Some(player) && room >= d {
                            risk += REACH[d as usize];
                        }
                    }
                }
                // An opponent's start square: it may leave its yard onto this piece.
                if square % segment == 0 {
                    let c = (square / segment) as usize & 3;
                    if owner(Colour(c as u8)).is_some_and(|o| o != player) && in_yard(c) {
                        risk += EXIT_CHANCE;
                    }
                }
                out[colour.index()][piece] = risk.min(0.9);
            }
        }
        out
    }
}

impl crate::ca_ngua::State {
    /// The evaluation of every seat from the race values (see [`Evaluate::evaluate`]).
    fn judge_all(&self, with_risk: bool) -> [f64; MAX_SEATS] {
        if self.is_over() {
            return place_rewards(self);
        }
        self.judge(self.race_values(with_risk))
    }

    /// Every seat's score from a value per player (higher is further ahead, 30 apart for
    /// odds of e to 1): places already taken count as they stand; between two players still
    /// racing, the margin of their values is squashed; a seat's score is its mean over the
    /// other players.
    pub(crate) fn judge(&self, value: [f64; MAX_SEATS]) -> [f64; MAX_SEATS] {
        let mut out = [0.0; MAX_SEATS];
        if self.is_over() {
            return place_rewards(self);
        }
        let mut place = [0usize; MAX_SEATS];
        for (i, s) in self.finishing_order().enumerate() {
            place[s.index() % MAX_SEATS] = i + 1;
        }
        let n = usize::from(self.seats()).min(MAX_SEATS);
        if n < 2 {
            return [0.5; MAX_SEATS];
        }
        // Each pair once: the margin of one is the opposite of the other's, and
        // squash(−m) = 1 − squash(m).
        let margin = |a: usize, b: usize| match (place[a], place[b]) {
            (0, 0) => (value[a] - value[b]) / 30.0,
            (0, _) => -50.0,
            (_, 0) => 50.0,
            (x, y) => {
                if x < y {
                    50.0
                } else {
                    -50.0
                }
            }
        };
        for a in 0..n {
            for b in a + 1..n {
                let s = squash(margin(a, b), 1.0);
                out[a] += s;
                out[b] += 1.0 - s;
            }
        }
        for x in out.iter_mut().take(n) {
            *x /= (n - 1) as f64;
        }
        out
    }
}

impl Evaluate for crate::ca_ngua::State {
    /// Places already taken count as they stand; between two players still racing, the
    /// margin of [their race values](crate::ca_ngua::State) (progress less risk) is squashed;
    /// the seat's score is its mean over the other players.
    fn evaluate(&self, seat: Seat) -> f64 {
        self.judge_all(true)[seat.index() % MAX_SEATS]
    }

    fn evaluate_all(&self) -> [f64; MAX_SEATS] {
        self.judge_all(true)
    }

    /// The same without the risk of being kicked: the distance run.
    fn material(&self, seat: Seat) -> f64 {
        self.judge_all(false)[seat.index() % MAX_SEATS]
    }

    /// The [learned values](crate::bot::learned), judged as the race values are (a value
    /// apart for odds of e to 1).
    fn learned_all(&self) -> [f64; MAX_SEATS] {
        let mut value = crate::bot::learned::values(self, &crate::bot::learned::WEIGHTS);
        // The race values' scale: judge divides margins by 30.
        for v in &mut value {
            *v *= 30.0;
        }
        self.judge(value)
    }

    /// The expert: the hard level's search, its playouts choosing every move by the
    /// [learned evaluation](crate::bot::learned), which also scores their ends, with as
    /// many simulations as `budget` allows.
    fn budget_bot(budget: std::time::Duration, seed: u64) -> Box<dyn Bot<Self> + Send> {
        let settings = MctsSettings {
            iterations: u32::MAX,
            greedy_rollouts: 1.0,
            learned: true,
            ..MctsSettings::hard::<Self>()
        };
        Box::new(MctsBot::with_time(settings, budget, seed))
    }
}
