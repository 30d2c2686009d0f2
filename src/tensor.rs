//! Fixed-size numeric forms of the games for learning code: an observation tensor per seat,
//! a legal-action mask over every action id, and the returns per seat.
//!
//! Every game implements [`Observe`]: [`Observe::observe`] writes
//! [`Observe::OBSERVATION_LEN`] `f32` values that encode **only what the seat may know**
//! (a function of [`Game::view`]): for Ô ăn quan and Cờ cá ngựa, which hide nothing, the
//! whole position; for Domino an *information-state* tensor (the seat's hand, the line, the
//! tile counts, the public history of placements, what each seat is known to lack, the
//! scores), never another hand or the chợ. Two positions that look the same to a seat give
//! that seat the same tensor (a test checks it against [`crate::domino::State::determinize`]).
//!
//! Tensors are **seat-relative**: the observing seat comes first (its row of Ô ăn quan, its
//! colour of Cờ cá ngựa, offset 0 in Domino's per-seat blocks), so one network plays every
//! seat. Nothing here allocates except where noted, so a vectorized environment can call it
//! every step.
//!
//! # Layouts
//!
//! **Ô ăn quan** (23 values; cell `c` of the board is at relative cell `(c + 6·seat) mod 12`,
//! so the seat's own squares are always 1..=5 and relative cell 0 is the quan square on its
//! left):
//!
//! | index | value |
//! |---|---|
//! | 0..12 | dân per relative cell ÷ 10 |
//! | 12, 13 | big stone still on relative quan square 0, 6 (0/1) |
//! | 14, 15 | captured dân of the seat, of the opponent ÷ 10 (negative in debt) |
//! | 16, 17 | big stones captured by the seat, by the opponent |
//! | 18, 19 | score of the seat, of the opponent ÷ 10 |
//! | 20 | 1 when the seat is to move |
//! | 21 | plies played ÷ the ply cap |
//! | 22 | 1 when the game is over |
//!
//! **Cờ cá ngựa** (307 values). Colour slots are relative: slot `k` is colour
//! `(b + k) mod 4`, `b` the seat's lowest colour; track squares are relative to `b`'s start
//! square (`(square − L/4·b) mod L`, `L` the track length).
//!
//! | index | value |
//! |---|---|
//! | 66·k + 0 | colour of slot `k` in play (0/1) |
//! | 66·k + 1 | colour played by the observing seat |
//! | 66·k + 2 | colour to move |
//! | 66·k + 3 | pieces in the yard ÷ 4 |
//! | 66·k + 4 + q | a piece of the colour on relative track square `q` (0..56; squares ≥ `L` are 0) |
//! | 66·k + 60 + j | a piece of the colour on home step `j + 1` (j = 0..6) |
//! | 264..270 | the first die's face, one-hot (1..6; none when no roll is being played) |
//! | 270..276 | the second die's face, one-hot (none with one die) |
//! | 276, 277 | first, second die used |
//! | 278 | a piece has exited with this roll |
//! | 279 | home actions taken with this roll ÷ 4 |
//! | 280..283 | phase one-hot: roll, move, over |
//! | 283 | tries left ÷ 3 |
//! | 284 | bonus rolls in a row ÷ 3 |
//! | 285 | 1 when the observing seat is to move (or to roll) |
//! | 286..302 | kicks by slot `i` of slot `j` at `286 + 4i + j`, ÷ 10 |
//! | 302..306 | colour of slot `k` finished |
//! | 306 | actions played ÷ the action cap |
//!
//! **Domino** (269 values). Seat blocks are relative: offset `r` is seat
//! `(seat + r) mod players`; offsets past the players are 0. Tile `t` is numbered
//! 0-0 = 0, 0-1 = 1, …, 6-6 = 27.
//!
//! | index | value |
//! |---|---|
//! | 0..28 | the seat's hand |
//! | 28..56 | tiles on the line |
//! | 56..63, 63..70 | left, right open end one-hot (none while the line is empty) |
//! | 70..74 | tiles held per relative seat ÷ 7 |
//! | 74, 75 | tiles in the chợ, of which drawable, ÷ 28 |
//! | 76..81 | phase one-hot: deal, lead, play, draw, over |
//! | 81..85 | relative seat whose turn it is |
//! | 85..89 | relative seat that led the round |
//! | 89 | the seat to act has drawn this turn |
//! | 90..118 | numbers each relative seat is known to lack, `90 + 7r + n` |
//! | 118..122 | running penalty points per relative seat ÷ the loss threshold |
//! | 122..234 | who placed tile `t` this round: `122 + 4t + r` |
//! | 234..262 | when tile `t` was placed: (its place in the order + 1) ÷ 28, else 0 |
//! | 262 | round ÷ 10 |
//! | 263 | re-deals this round ÷ 8 |
//! | 264 | 1 when the observing seat is to decide |
//! | 265..269 | the observing seat, one-hot (absolute) |
#![forbid(unsafe_code)]

use crate::game::{Action as _, ActionList, Game, Seat, ToMove, MAX_SEATS};
use crate::{ca_ngua, domino, o_an_quan};

/// A game with a fixed-size observation tensor per seat.
pub trait Observe: Game {
    /// How many values [`Observe::observe`] writes (the same for every config of the game).
    const OBSERVATION_LEN: usize;

    /// Write what `seat` may know of the position into `out[..OBSERVATION_LEN]`, seat-relative
    /// (see the [module documentation](self) for each layout). Every value is written; a
    /// seat not at the table gets the tensor of seat 0's point of view shifted as if it were.
    ///
    /// # Panics
    /// When `out` is shorter than [`Observe::OBSERVATION_LEN`].
    fn observe(&self, seat: Seat, out: &mut [f32]);
}

/// Set `out[i]` to 1 for every legal action id `i` now (the decisions of the seat to move, or
/// the chance outcomes at a chance point) and every other entry to 0. `out` must hold
/// [`Action::ID_COUNT`](crate::Action::ID_COUNT) entries.
///
/// # Panics
/// When `out` is shorter than the game's `Action::ID_COUNT`.
pub fn legal_mask<G: Game>(game: &G, out: &mut [u8]) {
    let n = G::Action::ID_COUNT as usize;
    out[..n].fill(0);
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    for &id in &legal {
        out[id as usize] = 1;
    }
}

/// The return of each seat: 0 until the game is over, then
/// `(seats placed worse − seats placed better) ÷ (seats − 1)`, from −1 (last alone) to +1
/// (first alone). With two seats: +1 a win, −1 a loss, 0 a draw. A seat without a place
/// (place 0) counts as placed after every placed seat. The returns always sum to 0.
pub fn returns<G: Game>(game: &G) -> [f32; MAX_SEATS] {
    let mut out = [0.0; MAX_SEATS];
    let Some(outcome) = game.outcome() else {
        return out;
    };
    let n = usize::from(outcome.seats).min(MAX_SEATS);
    if n < 2 {
        return out;
    }
    let rank = |p: u8| if p == 0 { u32::MAX } else { u32::from(p) };
    let places = &outcome.places[..n];
    for (r, &place) in out.iter_mut().zip(places) {
        let mine = rank(place);
        let better = places.iter().filter(|&&p| rank(p) < mine).count() as f32;
        let worse = places.iter().filter(|&&p| rank(p) > mine).count() as f32;
        *r = (worse - better) / (n as f32 - 1.0);
    }
    out
}

fn is_to_move<G: Game>(game: &G, seat: Seat) -> bool {
    game.to_move() == ToMove::Seat(seat)
}

impl Observe for o_an_quan::State {
    const OBSERVATION_LEN: usize = 23;

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let out = &mut out[..Self::OBSERVATION_LEN];
        let me = Seat(seat.0 & 1);
        let them = Seat(1 - me.0);
        let shift = 6 * usize::from(me.0);
        for c in 0..12usize {
            out[(c + shift) % 12] = f32::from(self.dan(c as u8)) / 10.0;
        }
        out[12] = f32::from(u8::from(self.big_on_board(((shift) % 12) as u8)));
        out[13] = f32::from(u8::from(self.big_on_board(((6 + shift) % 12) as u8)));
        out[14] = self.captured_dan(me) as f32 / 10.0;
        out[15] = self.captured_dan(them) as f32 / 10.0;
        out[16] = f32::from(self.captured_quan(me));
        out[17] = f32::from(self.captured_quan(them));
        out[18] = self.score(me) as f32 / 10.0;
        out[19] = self.score(them) as f32 / 10.0;
        out[20] = f32::from(u8::from(is_to_move(self, seat)));
        out[21] = self.ply() as f32 / self.max_moves().max(1) as f32;
        out[22] = f32::from(u8::from(self.is_over()));
    }
}

impl Observe for ca_ngua::State {
    const OBSERVATION_LEN: usize = 307;

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        use ca_ngua::{Colour, Phase};
        let out = &mut out[..Self::OBSERVATION_LEN];
        out.fill(0.0);
        let rules = self.config();
        let mine = rules.seats.colours_of(seat.0);
        let base = (0..4u8).find(|c| mine & (1 << c) != 0).unwrap_or(0);
        let len = i32::from(rules.track_len).max(1);
        let segment = i32::from(rules.segment());
        let door = i32::from(rules.door());
        let pieces = self.pieces();
        let setup = self.to_setup();
        let to_move = self.colour_to_move();
        for k in 0..4u8 {
            let c = (base + k) % 4;
            let colour = Colour(c);
            let o = 66 * usize::from(k);
            out[o] = f32::from(u8::from(rules.seats.in_play(colour)));
            out[o + 1] = f32::from(u8::from(mine & (1 << c) != 0));
            out[o + 2] = f32::from(u8::from(to_move == Some(colour)));
            if !rules.seats.in_play(colour) {
                continue;
            }
            for &p in &pieces[usize::from(c)] {
                let p = i32::from(p);
                if p < 0 {
                    out[o + 3] += 0.25;
                } else if p <= door {
                    let square = (segment * i32::from(c) + p).rem_euclid(len);
                    let rel = (square - segment * i32::from(base)).rem_euclid(len) as usize;
                    if rel < 56 {
                        out[o + 4 + rel] = 1.0;
                    }
                } else {
                    let step = (p - door - 1) as usize;
                    if step < 6 {
                        out[o + 60 + step] = 1.0;
                    }
                }
            }
        }
        if let Some(roll) = setup.roll.filter(|_| setup.phase == Phase::Move) {
            let [a, b] = roll.dice.faces();
            if (1..=6).contains(&a) {
                out[264 + usize::from(a) - 1] = 1.0;
            }
            if (1..=6).contains(&b) {
                out[270 + usize::from(b) - 1] = 1.0;
            }
            out[276] = f32::from(u8::from(roll.used[0]));
            out[277] = f32::from(u8::from(roll.used[1]));
            out[278] = f32::from(u8::from(roll.exited));
            out[279] = f32::from(roll.home_actions) / 4.0;
        }
        out[280
            + match setup.phase {
                Phase::Roll => 0,
                Phase::Move => 1,
                Phase::Over => 2,
            }] = 1.0;
        out[283] = f32::from(setup.tries_left) / 3.0;
        out[284] = f32::from(setup.bonus_streak) / 3.0;
        out[285] = f32::from(u8::from(
            self.turn() == Some(seat) && self.to_move() != ToMove::Over,
        ));
        let kicks = self.kicks();
        for i in 0..4usize {
            for j in 0..4usize {
                let (ci, cj) = ((usize::from(base) + i) % 4, (usize::from(base) + j) % 4);
                out[286 + 4 * i + j] = f32::from(kicks[ci][cj]) / 10.0;
            }
        }
        for c in self.finished_colours() {
            let k = (usize::from(c.0) + 4 - usize::from(base)) % 4;
            out[302 + k] = 1.0;
        }
        out[306] = self.move_number() as f32 / self.max_moves().max(1) as f32;
    }
}

impl Observe for domino::State {
    const OBSERVATION_LEN: usize = 269;

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        use domino::Phase;
        let out = &mut out[..Self::OBSERVATION_LEN];
        out.fill(0.0);
        let n = usize::from(self.seats()).max(1);
        let me = usize::from(seat.0);
        let rel = |s: usize| (s + n - me % n) % n;
        for t in self.hand(seat).iter() {
            out[usize::from(t.index())] = 1.0;
        }
        for t in self.line_tiles().iter() {
            out[28 + usize::from(t.index())] = 1.0;
        }
        if let Some((l, r)) = self.ends() {
            out[56 + usize::from(l.min(6))] = 1.0;
            out[63 + usize::from(r.min(6))] = 1.0;
        }
        for s in 0..n {
            out[70 + rel(s)] = self.hand(Seat(s as u8)).len() as f32 / 7.0;
        }
        out[74] = self.boneyard().len() as f32 / 28.0;
        out[75] = f32::from(self.drawable()) / 28.0;
        out[76
            + match self.phase() {
                Phase::Deal => 0,
                Phase::Lead => 1,
                Phase::Play => 2,
                Phase::Draw => 3,
                Phase::Over => 4,
            }] = 1.0;
        if let Some(t) = self.turn() {
            out[81 + rel(usize::from(t.0))] = 1.0;
        }
        out[85 + rel(usize::from(self.leader().0))] = 1.0;
        out[89] = f32::from(u8::from(self.drew));
        for s in 0..n {
            let lacks = self.lacks(Seat(s as u8));
            for v in 0..7 {
                if lacks >> v & 1 != 0 {
                    out[90 + 7 * rel(s) + v] = 1.0;
                }
            }
        }
        let threshold = self.config().loss_threshold.max(1) as f32;
        for (s, &score) in self.scores().iter().enumerate() {
            out[118 + rel(s)] = score as f32 / threshold;
        }
        for (i, p) in self.placements().enumerate() {
            let t = usize::from(p.tile.index());
            out[122 + 4 * t + rel(usize::from(p.seat.0))] = 1.0;
            out[234 + t] = (i + 1) as f32 / 28.0;
        }
        out[262] = self.round() as f32 / 10.0;
        out[263] = f32::from(self.redeals()) / 8.0;
        out[264] = f32::from(u8::from(is_to_move(self, seat)));
        out[265 + me % MAX_SEATS] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Evaluate;
    use crate::{GameConfig, GameRng, NoEvents};

    fn random_positions<G: Game>(config: G::Config, seed: u64, mut visit: impl FnMut(&G)) {
        let mut rng = GameRng::new(seed);
        let mut game = G::new(config).unwrap();
        let mut legal = ActionList::new();
        while !game.is_over() {
            visit(&game);
            game.legal_actions(&mut legal);
            let id = legal[rng.below(legal.len() as u32) as usize];
            game.apply_id(id, &mut NoEvents).unwrap();
        }
        visit(&game);
    }

    fn check_all<G: Observe>(seed: u64) {
        for (_, config) in G::Config::presets() {
            random_positions::<G>(config, seed, |g| {
                for s in 0..g.seats() {
                    let mut a = vec![f32::NAN; G::OBSERVATION_LEN + 1];
                    g.observe(Seat(s), &mut a);
                    assert!(a[..G::OBSERVATION_LEN].iter().all(|v| v.is_finite()));
                    assert!(a[G::OBSERVATION_LEN].is_nan(), "wrote past the end");
                }
                let mut mask = vec![0u8; G::Action::ID_COUNT as usize];
                legal_mask(g, &mut mask);
                let mut legal = ActionList::new();
                g.legal_actions(&mut legal);
                assert_eq!(mask.iter().filter(|&&m| m == 1).count(), legal.len());
                let r = returns(g);
                assert!(r.iter().sum::<f32>().abs() < 1e-5);
                assert_eq!(g.is_over(), g.outcome().is_some());
            });
        }
    }

    #[test]
    fn tensors_are_finite_and_sized_for_every_preset() {
        for seed in 0..3 {
            check_all::<o_an_quan::State>(seed);
            check_all::<ca_ngua::State>(seed);
            check_all::<domino::State>(seed);
        }
    }

    #[test]
    fn o_an_quan_tensor_is_seat_relative() {
        let game = o_an_quan::State::new(o_an_quan::Config::default()).unwrap();
        let (mut a, mut b) = ([0.0; 23], [0.0; 23]);
        game.observe(Seat(0), &mut a);
        game.observe(Seat(1), &mut b);
        // The start is symmetric except for who is to move.
        assert_eq!(a[..20], b[..20]);
        assert_eq!((a[20], b[20]), (1.0, 0.0));
    }

    #[test]
    fn two_player_returns_are_win_loss_draw() {
        random_positions::<o_an_quan::State>(o_an_quan::Config::default(), 5, |g| {
            if let Some(o) = g.outcome() {
                let r = returns(g);
                match o.winner() {
                    Some(Seat(w)) => {
                        assert_eq!(r[usize::from(w)], 1.0);
                        assert_eq!(r[usize::from(1 - w)], -1.0);
                    }
                    None => assert_eq!(r[..2], [0.0, 0.0]),
                }
            }
        });
    }

    /// Two positions that a seat cannot tell apart (the hidden tiles dealt differently, as
    /// `determinize` does from that seat's knowledge) give that seat the same tensor; the
    /// other seats' tensors do see the difference somewhere.
    #[test]
    fn domino_tensor_sees_only_what_the_seat_may_know() {
        let mut differs = 0;
        for (_, config) in domino::Config::presets() {
            for seed in 0..4 {
                random_positions::<domino::State>(config, seed, |g| {
                    let mut rng = GameRng::new(seed ^ 0x5eed);
                    for s in 0..g.seats() {
                        let seat = Seat(s);
                        let other = Evaluate::determinize(g, seat, &mut rng);
                        assert_eq!(g.view(seat), other.view(seat));
                        let mut a = [0.0; 269];
                        let mut b = [0.0; 269];
                        g.observe(seat, &mut a);
                        other.observe(seat, &mut b);
                        assert_eq!(a, b, "seat {s} told two positions apart");
                        for o in (0..g.seats()).filter(|&o| o != s) {
                            g.observe(Seat(o), &mut a);
                            other.observe(Seat(o), &mut b);
                            differs += usize::from(a != b);
                        }
                    }
                });
            }
        }
        assert!(
            differs > 0,
            "the resampled hands never showed in another seat's tensor"
        );
    }
}
