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
//! Each game's layout is documented on its implementation of [`Observe`]
//! ([Ô ăn quan](crate::o_an_quan::State#impl-Observe-for-State),
//! [Cờ cá ngựa](crate::ca_ngua::State#impl-Observe-for-State),
//! [Domino](crate::domino::State#impl-Observe-for-State)), next to the code that writes it.
#![forbid(unsafe_code)]

use crate::game::{Action as _, Game, Seat, ToMove, MAX_SEATS};

/// A game with a fixed-size observation tensor per seat.
pub trait Observe: Game {
    /// How many values [`Observe::observe`] writes (the same for every config of the game).
    const OBSERVATION_LEN: usize;

    /// Write what `seat` may know of the position into `out[..OBSERVATION_LEN]`, seat-relative
    /// (see each game's implementation for its layout). Every value is written; a
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
    // From the legal set's bits: no list of ids is built.
    game.legal_set().write_mask(&mut out[..n]);
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

/// Whether `seat` is the one to decide now.
pub(crate) fn is_to_move<G: Game>(game: &G, seat: Seat) -> bool {
    game.to_move() == ToMove::Seat(seat)
}

/// Test helpers each game's observation tests use.
#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{ActionList, GameConfig, GameRng, NoEvents};

    /// Plays one random game from `config` with `seed`, visiting every position.
    pub(crate) fn random_positions<G: Game>(
        config: G::Config,
        seed: u64,
        mut visit: impl FnMut(&G),
    ) {
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

    /// Over random games of every preset: every seat's tensor is finite and exactly
    /// `OBSERVATION_LEN` long, the mask marks the legal actions, the returns sum to 0.
    pub(crate) fn check_all<G: Observe>(seed: u64) {
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
}
