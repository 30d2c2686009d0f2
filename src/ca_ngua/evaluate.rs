//! Cờ cá ngựa's evaluation for the bots ([`Evaluate`]): the race values (progress less the
//! risk of being kicked), and the learned evaluation, a linear value per player over
//! [`LEARNED_FEATURES`] features of the position with weights learned from games
//! ([`LEARNED_WEIGHTS`]), which the expert plays by.

use super::{Phase, State, TurnOrder};
use crate::bot::{place_rewards, squash, Bot, Evaluate, MctsBot, MctsSettings};
use crate::game::{Game, Seat, MAX_SEATS};

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

impl State {
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
    fn piece_risks(&self) -> [[f64; 4]; 4] {
        let rules = self.config();
        let pieces = self.pieces();
        let door = rules.door();
        let len = i32::from(rules.track_len);
        // Per player, the start squares (bit per square) onto which an opponent may leave its
        // yard: a colour in play with a piece in the yard threatens its start square.
        let mut exits = [0u64; 4];
        for (colour, owner) in rules.seats.pairs() {
            if pieces[colour.index()].iter().any(|&p| p < 0) {
                let start = 1u64 << self.abs(colour.0, 0);
                for (player, mask) in exits.iter_mut().enumerate() {
                    if player != usize::from(owner) {
                        *mask |= start;
                    }
                }
            }
        }
        // The occupied squares, twice round (bit `s` and bit `s + len`), so that the twelve
        // squares behind any square are one window of bits.
        let mut occupied = u128::from(self.occupied);
        occupied |= occupied << len;
        let mut out = [[0.0; 4]; 4];
        for (colour, player) in rules.seats.pairs() {
            let exit = exits[usize::from(player) & 3];
            for (piece, &p) in pieces[colour.index()].iter().enumerate() {
                if p < 0 || p > door {
                    continue;
                }
                let square = i32::from(self.abs(colour.0, p));
                let mut risk = 0.0;
                // The nearest piece behind, within one roll: pieces never pass each other.
                let window = (occupied >> (square + len - 12)) as u32 & 0xfff;
                if window != 0 {
                    let d = 12 - (31 - window.leading_zeros() as i32);
                    // `d ≤ 12 < len`: one addition wraps round (no division on this path).
                    let behind = if square >= d {
                        square - d
                    } else {
                        square - d + len
                    };
                    if let Some((c, q)) = self.piece_on(behind as u8) {
                        let room = i32::from(door) - i32::from(self.progress(c, q));
                        if rules.seats.owner(c) != Some(player) && room >= d {
                            risk += REACH[d as usize];
                        }
                    }
                }
                if exit >> square & 1 != 0 {
                    risk += EXIT_CHANCE;
                }
                out[colour.index()][piece] = risk.min(0.9);
            }
        }
        out
    }
}

impl State {
    /// The evaluation of every seat from the race values (see [`Evaluate::evaluate`]), or
    /// of seat `only` alone (the other entries are then partial).
    fn judge_all(&self, with_risk: bool, only: Option<usize>) -> [f64; MAX_SEATS] {
        if self.is_over() {
            return place_rewards(self);
        }
        self.judge(self.race_values(with_risk), only)
    }

    /// Every seat's score from a value per player (higher is further ahead, 30 apart for
    /// odds of e to 1): places already taken count as they stand; between two players still
    /// racing, the margin of their values is squashed; a seat's score is its mean over the
    /// other players. With `only`, the pairs without that seat are skipped (a bot judging
    /// for one seat needs half the squashes); its own score adds up in the same order.
    fn judge(&self, value: [f64; MAX_SEATS], only: Option<usize>) -> [f64; MAX_SEATS] {
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
                if only.is_some_and(|k| k != a && k != b) {
                    continue;
                }
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

impl Evaluate for State {
    const MCTS_MEDIUM: MctsSettings = MctsSettings::with(20, 8);
    const MCTS_HARD: MctsSettings = MctsSettings::with(8_000, 8);

    /// Places already taken count as they stand; between two players still racing, the
    /// margin of [their race values](State) (progress less risk) is squashed;
    /// the seat's score is its mean over the other players.
    fn evaluate(&self, seat: Seat) -> f64 {
        let k = seat.index() % MAX_SEATS;
        self.judge_all(true, Some(k))[k]
    }

    fn evaluate_all(&self) -> [f64; MAX_SEATS] {
        self.judge_all(true, None)
    }

    /// The same without the risk of being kicked: the distance run.
    fn material(&self, seat: Seat) -> f64 {
        let k = seat.index() % MAX_SEATS;
        self.judge_all(false, Some(k))[k]
    }

    /// The [learned values](learned_values), judged as the race values are (a value
    /// apart for odds of e to 1).
    fn learned_all(&self) -> [f64; MAX_SEATS] {
        let mut value = learned_values(self, &LEARNED_WEIGHTS);
        // The race values' scale: judge divides margins by 30.
        for v in &mut value {
            *v *= 30.0;
        }
        self.judge(value, None)
    }

    /// The expert: the hard level's search, its playouts choosing every move by the
    /// [learned evaluation](learned_values), which also scores their ends, with as
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

/// The number of features per player (see [`learned_features`]).
pub const LEARNED_FEATURES: usize = 33;

/// The learned weights of Cờ cá ngựa's learned evaluation, one per feature of
/// [`learned_features`].
///
/// The value of a position for every player is `u = LEARNED_WEIGHTS · features[player]`
/// ([`learned_values`]); a player's chance of finishing first is modelled as
/// `exp(u) / Σ exp(u')` over the players (a conditional logit), and the bots turn the values
/// into scores as they do the race values of the standard evaluation: places taken count as
/// they stand, and between two players still racing, `1 / (1 + exp(u' − u))` is the chance
/// one finishes ahead of the other ([`Evaluate::learned_all`]).
///
/// The weights were learned in two steps: a fit of the model to who finished first in games
/// of the medium level against itself, then games of the greedy one-ply player choosing by
/// the model against itself, moving the weights after each game towards the model's own
/// later predictions (TD(λ) with λ = 0.7, step 0.0005, 2% of decisions random).
/// `cargo run --release --example learn` repeats the second step from any start. The expert
/// level of Cờ cá ngựa plays its playouts by it.
pub const LEARNED_WEIGHTS: [f64; LEARNED_FEATURES] = [
    0.03710, 0.05006, 0.06282, 0.08690, 0.10348, 0.12031, 0.15276, 0.19541, 0.21702, 0.25668,
    0.32639, 0.37004, 0.43139, 0.43505, 0.45922, 0.44283, 0.43464, 0.39005, 0.26019, 0.83484,
    0.80111, 0.87098, 0.74975, 0.80178, 0.70538, 0.62952, 0.03143, -0.60910, -0.01461, -0.01026,
    -0.02190, -0.03596, 0.02700,
];

/// The features of `state` for every player (entries past the players are 0), summed over
/// the colours a player controls:
///
/// - `0..=11`: pieces on the track short of its last eight squares, by twelfths of that
///   stretch;
/// - `12..=19`: pieces on each of the last eight squares (19: on the door square);
/// - `20..=25`: pieces on home steps 1 to 6;
/// - `26`: the chance of being kicked before moving again, summed over the track pieces;
///   `27`: the same, each times the piece's progress over the track length;
/// - `28`: pieces in the yard and none on the track (the player must roll for an exit);
/// - `29..=31`: the player moves in 1, 2 or 3 turns; `32`: the player is to move and has
///   rolled.
pub fn learned_features(state: &State) -> [[f64; LEARNED_FEATURES]; MAX_SEATS] {
    let rules = state.config();
    let pieces = state.pieces();
    let door = i32::from(rules.door());
    // The last eight squares (up to the door) are counted one by one; the stretch before
    // them in twelfths.
    let tail = door - 7;
    let len = f64::from(rules.track_len);
    let risks = state.piece_risks();
    let mut out = [[0.0; LEARNED_FEATURES]; MAX_SEATS];
    let mover = state.colour_to_move().map(|c| c.0);
    for (colour, player) in rules.seats.pairs() {
        let f = &mut out[usize::from(player) % MAX_SEATS];
        let mut on_track = false;
        let mut in_yard = false;
        for (piece, &p) in pieces[colour.index()].iter().enumerate() {
            let p = i32::from(p);
            if p < 0 {
                in_yard = true;
                continue;
            }
            if p > door {
                f[20 + ((p - door - 1) as usize).min(5)] += 1.0;
                continue;
            }
            on_track = true;
            let i = if p >= tail {
                12 + (p - tail) as usize
            } else {
                (p * 12 / tail.max(1)) as usize
            };
            f[i.min(19)] += 1.0;
            let r = risks[colour.index()][piece];
            f[26] += r;
            f[27] += r * f64::from(p) / len;
        }
        if in_yard && !on_track {
            f[28] += 1.0;
        }
        if let Some(m) = mover {
            // Turns until this colour plays.
            let d = match rules.turn_order {
                TurnOrder::OppositeToMovement => (m + 4 - colour.0) % 4,
                TurnOrder::SameAsMovement => (colour.0 + 4 - m) % 4,
            };
            if d > 0 {
                f[28 + d as usize] = 1.0;
            } else if state.phase() == Phase::Move {
                f[32] = 1.0;
            }
        }
    }
    out
}

/// The value `weights · features` of every player (entries past the players are 0).
pub fn learned_values(state: &State, weights: &[f64; LEARNED_FEATURES]) -> [f64; MAX_SEATS] {
    let f = learned_features(state);
    let mut out = [0.0; MAX_SEATS];
    for (v, f) in out.iter_mut().zip(&f).take(usize::from(state.seats())) {
        *v = f.iter().zip(weights).map(|(a, b)| a * b).sum::<f64>();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ca_ngua::{Action, Config};
    use crate::{Action as _, ActionList, GameRng, NoEvents, ToMove};

    /// [`State::piece_risks`] by its definition, one square at a time: the nearest piece
    /// within twelve squares behind, and every opponent's colour with a piece in the yard
    /// whose start square it is.
    fn risks_by_definition(s: &State) -> [[f64; 4]; 4] {
        let rules = s.config();
        let (door, len) = (rules.door(), rules.track_len);
        let mut out = [[0.0; 4]; 4];
        for (colour, player) in rules.seats.pairs() {
            for piece in 0..4u8 {
                let p = s.progress(colour, piece);
                if !(0..=door).contains(&p) {
                    continue;
                }
                let square = s.abs(colour.0, p);
                let mut risk = 0.0;
                let nearest = (1..=12u8).find_map(|d| {
                    let behind = (square + len - d) % len;
                    s.piece_on(behind).map(|(c, q)| (d, c, q))
                });
                if let Some((d, c, q)) = nearest {
                    let room = i32::from(door) - i32::from(s.progress(c, q));
                    if rules.seats.owner(c) != Some(player) && room >= i32::from(d) {
                        risk += REACH[usize::from(d)];
                    }
                }
                for (c, o) in rules.seats.pairs() {
                    let in_yard = (0..4).any(|q| s.progress(c, q) < 0);
                    if o != player && in_yard && s.abs(c.0, 0) == square {
                        risk += EXIT_CHANCE;
                    }
                }
                out[colour.index()][usize::from(piece)] = risk.min(0.9);
            }
        }
        out
    }

    #[test]
    fn piece_risks_follow_their_definition() {
        let configs = [
            Config::default(),
            Config::two_players(),
            Config::three_players(),
            Config::two_players_two_colours(),
            Config::one_die(),
            Config {
                track_len: 40,
                kick_own_other_colour: true,
                ..Config::two_players_two_colours()
            },
            Config {
                track_len: 52,
                ..Config::three_players()
            },
        ];
        let mut legal = ActionList::new();
        let mut checked = 0;
        for (i, config) in configs.into_iter().enumerate() {
            for game in 0..20u64 {
                let mut rng = GameRng::new(game * 16 + i as u64);
                let mut s = State::new(config).expect("a valid config");
                while !s.is_over() {
                    assert_eq!(s.piece_risks(), risks_by_definition(&s), "{s:?}");
                    checked += 1;
                    let a = match s.to_move() {
                        ToMove::Chance => s.sample_chance(&mut rng).expect("an outcome"),
                        _ => {
                            s.legal_actions(&mut legal);
                            let pick = legal[rng.below(legal.len() as u32) as usize];
                            Action::from_id(pick).expect("a legal id")
                        }
                    };
                    s.apply(a, &mut NoEvents).expect("legal");
                }
            }
        }
        assert!(checked > 10_000, "{checked} positions");
    }
}
