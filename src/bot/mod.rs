//! Computer opponents and move hints, written once against [`Game`].
//!
//! - [`RandomBot`]: a uniformly random legal action.
//! - [`GreedyBot`]: one ply: the action whose resulting position the game's own evaluation
//!   ([`Evaluate::evaluate`]) likes best for the mover.
//! - [`MctsBot`]: Monte Carlo tree search. Chance (dice, draws) is sampled inside the tree; in
//!   games with hidden information it is *information-set* MCTS: every iteration starts from
//!   [`Evaluate::determinize`], a position sampled from what the bot's seat can see, so the
//!   bot never reads a hidden hand.
//!
//! Every bot is deterministic: its budget is counted in iterations, never in time, and its
//! randomness comes from its own seeded [`GameRng`], so a seeded bot picks the same action on
//! every machine. [`Level`] gives the three difficulty presets; [`Bot::hints`] ranks every
//! legal action with a score for a hint button.
#![forbid(unsafe_code)]

mod eval;
mod mcts;

pub use mcts::{MctsBot, MctsSettings};

use serde::{Deserialize, Serialize};

use crate::chance::GameRng;
use crate::game::{Action, ActionList, Game, NoEvents, Seat, ToMove};

/// What the bots need to know about a game beyond its rules.
pub trait Evaluate: Game {
    /// How good the position is for `seat`, from 0 (lost) to 1 (won), judged without search.
    /// Must look only at what `seat` can see.
    fn evaluate(&self, seat: Seat) -> f64;

    /// A full state consistent with everything `seat` has seen, with the hidden parts
    /// (other hands, the order of a stock) sampled with `rng`. Games without hidden
    /// information return the state itself.
    ///
    /// Contract: two states that look the same to `seat` (equal [`Game::view`]) give equal
    /// results for the same `rng` stream; a test checks it.
    fn determinize(&self, _seat: Seat, _rng: &mut GameRng) -> Self {
        self.clone()
    }
}

/// A difficulty preset.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// One ply of look-ahead with the game's evaluation ([`GreedyBot`]).
    Easy,
    /// A short tree search ([`MctsBot`] with a small budget).
    Medium,
    /// A longer tree search ([`MctsBot`] with a larger budget).
    Hard,
}

impl Level {
    /// The level with this number (0 easy, 1 medium, 2 hard), as used by the C ABI.
    pub fn from_u32(n: u32) -> Option<Level> {
        [Level::Easy, Level::Medium, Level::Hard]
            .get(n as usize)
            .copied()
    }
}

/// A legal action with the bot's score for it (higher is better for the mover; for a search
/// bot, the mean reward from 0 to 1 of the simulations through it).
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Hint<A> {
    /// The action.
    pub action: A,
    /// Its score.
    pub score: f64,
    /// How many simulations went through it (0 for bots that do not search).
    pub visits: u32,
}

/// A computer player.
pub trait Bot<G: Game> {
    /// The action the bot plays for the seat to move, or `None` when no player is to move
    /// (chance, or the game is over).
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        self.hints(game).first().map(|h| h.action)
    }

    /// Every legal action of the seat to move, best first, with scores. Empty when no player
    /// is to move.
    fn hints(&mut self, game: &G) -> Vec<Hint<G::Action>>;
}

/// The bot for a difficulty level, seeded with `seed`.
pub fn bot_for_level<G: Evaluate>(level: Level, seed: u64) -> Box<dyn Bot<G> + Send> {
    match level {
        Level::Easy => Box::new(GreedyBot::new(seed)),
        Level::Medium => Box::new(MctsBot::new(MctsSettings::medium::<G>(), seed)),
        Level::Hard => Box::new(MctsBot::new(MctsSettings::hard::<G>(), seed)),
    }
}

/// The seat to move and its legal actions, if a player is to move.
fn decision<G: Game>(game: &G) -> Option<(Seat, ActionList)> {
    let ToMove::Seat(seat) = game.to_move() else {
        return None;
    };
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    Some((seat, legal))
}

/// Plays a uniformly random legal action.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::new(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        let (_, legal) = decision(game)?;
        let id = legal[self.rng.below(legal.len() as u32) as usize];
        G::Action::from_id(id)
    }

    fn hints(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        let Some((_, legal)) = decision(game) else {
            return Vec::new();
        };
        let pick = self.rng.below(legal.len() as u32) as usize;
        let mut hints: Vec<_> = legal
            .iter()
            .enumerate()
            .filter_map(|(i, &id)| {
                G::Action::from_id(id).map(|action| Hint {
                    action,
                    score: if i == pick { 1.0 } else { 0.0 },
                    visits: 0,
                })
            })
            .collect();
        sort_hints(&mut hints);
        hints
    }
}

/// Looks one action ahead and keeps the one the game's evaluation likes best; ties are broken
/// at random with its own RNG.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: GameRng,
}

impl GreedyBot {
    /// A greedy bot seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            rng: GameRng::new(seed),
        }
    }
}

impl<G: Evaluate> Bot<G> for GreedyBot {
    fn hints(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        let Some((seat, legal)) = decision(game) else {
            return Vec::new();
        };
        // Judge from the seat's own information only.
        let known = game.determinize(seat, &mut self.rng);
        let mut hints: Vec<_> = legal
            .iter()
            .filter_map(|&id| {
                let action = G::Action::from_id(id)?;
                let mut next = known.clone();
                next.apply(action, &mut NoEvents).ok()?;
                // A tiny random jitter breaks ties without favouring low ids.
                let jitter = f64::from(self.rng.below(1024)) * 1e-9;
                Some(Hint {
                    action,
                    score: next.evaluate(seat) + jitter,
                    visits: 0,
                })
            })
            .collect();
        sort_hints(&mut hints);
        hints
    }
}

/// Best first; equal scores keep the order they came in (ascending id).
fn sort_hints<A>(hints: &mut [Hint<A>]) {
    hints.sort_by(|a, b| b.score.total_cmp(&a.score).then(b.visits.cmp(&a.visits)));
}

/// The reward of a finished game for each seat, from 0 to 1, by place: first 1, last 0,
/// unplaced 0, a shared place the mean of the places it covers.
pub fn place_rewards<G: Game>(game: &G) -> [f64; crate::MAX_SEATS] {
    let mut reward = [0.0; crate::MAX_SEATS];
    let Some(outcome) = game.outcome() else {
        return reward;
    };
    let n = usize::from(outcome.seats);
    if n < 2 {
        return reward;
    }
    for (s, r) in reward.iter_mut().enumerate().take(n) {
        let place = usize::from(outcome.places[s]);
        if place == 0 {
            continue;
        }
        // Seats sharing this place split the places place..place+ties-1.
        let ties = (0..n)
            .filter(|&t| usize::from(outcome.places[t]) == place)
            .count();
        let mean_place = place as f64 + (ties as f64 - 1.0) / 2.0;
        *r = ((n as f64 - mean_place) / (n as f64 - 1.0)).clamp(0.0, 1.0);
    }
    reward
}
