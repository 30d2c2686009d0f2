//! Monte Carlo tree search for every game: UCT with chance nodes, and single-observer
//! information-set MCTS where a seat cannot see everything.
//!
//! Each iteration samples a full position from what the bot's seat can see
//! ([`Evaluate::determinize`]), walks the tree from the root choosing, at the seat-to-move's
//! nodes, the child with the best upper confidence bound among the actions legal in *this*
//! sample (availability counts, as in SO-ISMCTS), and at chance nodes the outcome sampled with
//! its probability. It then adds one node, plays on at random for a bounded number of
//! actions, scores the end (the real result if the game ended, else the game's evaluation)
//! and backs the scores up for every seat (max-n). The action chosen is the most visited.

use crate::bot::{decision, place_rewards, sort_hints, Bot, Evaluate, Hint};
use crate::chance::GameRng;
use crate::game::{Action, ActionList, Game, NoEvents, ToMove, MAX_SEATS};

/// The search budget and settings; all counts, no clock, so results are the same everywhere.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MctsSettings {
    /// Simulations per decision.
    pub iterations: u32,
    /// Random actions played after leaving the tree before the position is evaluated.
    pub rollout_depth: u32,
    /// The UCB exploration constant.
    pub exploration: f64,
}

impl MctsSettings {
    /// The medium preset for game `G`.
    pub fn medium<G: Game>() -> Self {
        MctsSettings {
            iterations: 150,
            rollout_depth: 40,
            exploration: 0.7,
        }
    }

    /// The hard preset for game `G`.
    pub fn hard<G: Game>() -> Self {
        MctsSettings {
            iterations: 1500,
            rollout_depth: 40,
            exploration: 0.7,
        }
    }
}

struct Node {
    /// The action (or chance outcome) that led here.
    id: u32,
    visits: u32,
    /// How often this node was legal when its parent was visited (availability).
    available: u32,
    /// Sum of rewards per seat over the simulations through this node.
    reward: [f64; MAX_SEATS],
    children: Vec<usize>,
}

impl Node {
    fn new(id: u32) -> Self {
        Node {
            id,
            visits: 0,
            available: 0,
            reward: [0.0; MAX_SEATS],
            children: Vec::new(),
        }
    }
}

/// A Monte Carlo tree search bot (see the module docs).
#[derive(Clone, Debug)]
pub struct MctsBot {
    settings: MctsSettings,
    rng: GameRng,
}

impl MctsBot {
    /// A search bot with these settings, seeded with `seed`.
    pub fn new(settings: MctsSettings, seed: u64) -> Self {
        MctsBot {
            settings,
            rng: GameRng::new(seed),
        }
    }

    /// Run the search from `game` for the seat to move and return the root's children.
    fn search<G: Evaluate>(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        let Some((seat, legal)) = decision(game) else {
            return Vec::new();
        };
        if legal.len() == 1 {
            return legal
                .iter()
                .filter_map(|&id| G::Action::from_id(id))
                .map(|action| Hint {
                    action,
                    score: 1.0,
                    visits: 0,
                })
                .collect();
        }
        let mut nodes = vec![Node::new(u32::MAX)];
        let mut list = ActionList::new();
        let mut path = Vec::with_capacity(64);
        for _ in 0..self.settings.iterations {
            let mut state = game.determinize(seat, &mut self.rng);
            path.clear();
            path.push(0usize);
            let mut node = 0usize;
            // Selection and expansion.
            loop {
                let action = match state.to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        let Some(a) = state.sample_chance(&mut self.rng) else {
                            break;
                        };
                        a
                    }
                    ToMove::Seat(mover) => {
                        state.legal_actions(&mut list);
                        // Availability: every child legal in this sample was available.
                        let mut untried = ActionList::new();
                        for &id in &list {
                            match nodes[node].children.iter().find(|&&c| nodes[c].id == id) {
                                Some(&c) => nodes[c].available += 1,
                                None => untried.push(id),
                            }
                        }
                        let id = if !untried.is_empty() {
                            untried[self.rng.below(untried.len() as u32) as usize]
                        } else {
                            let c = self.settings.exploration;
                            let mut best = (f64::NEG_INFINITY, list[0]);
                            for &child in &nodes[node].children {
                                let n = &nodes[child];
                                if !list.contains(&n.id) {
                                    continue;
                                }
                                let visits = f64::from(n.visits.max(1));
                                let mean = n.reward[mover.index()] / visits;
                                let ucb =
                                    mean + c * (f64::from(n.available.max(1)).ln() / visits).sqrt();
                                if ucb > best.0 {
                                    best = (ucb, n.id);
                                }
                            }
                            best.1
                        };
                        match G::Action::from_id(id) {
                            Some(a) => a,
                            None => break,
                        }
                    }
                };
                let id = action.id();
                if state.apply(action, &mut NoEvents).is_err() {
                    break;
                }
                let existing = nodes[node]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| nodes[c].id == id);
                match existing {
                    Some(child) => {
                        node = child;
                        path.push(child);
                    }
                    None => {
                        let child = nodes.len();
                        let mut fresh = Node::new(id);
                        fresh.available = 1;
                        nodes.push(fresh);
                        nodes[node].children.push(child);
                        path.push(child);
                        break;
                    }
                }
            }
            // Rollout.
            let reward = self.rollout(&mut state, &mut list);
            for &n in &path {
                let node = &mut nodes[n];
                node.visits += 1;
                for (total, r) in node.reward.iter_mut().zip(reward) {
                    *total += r;
                }
            }
        }
        let mut hints: Vec<_> = nodes[0]
            .children
            .iter()
            .filter(|&&c| legal.contains(&nodes[c].id))
            .filter_map(|&c| {
                let n = &nodes[c];
                let action = G::Action::from_id(n.id)?;
                Some(Hint {
                    action,
                    score: n.reward[seat.index()] / f64::from(n.visits.max(1)),
                    visits: n.visits,
                })
            })
            .collect();
        // Legal actions the budget never reached still get a hint.
        for &id in &legal {
            if !hints.iter().any(|h| h.action.id() == id) {
                if let Some(action) = G::Action::from_id(id) {
                    hints.push(Hint {
                        action,
                        score: 0.0,
                        visits: 0,
                    });
                }
            }
        }
        // Most visited first (the robust choice), then by mean reward.
        hints.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.score.total_cmp(&a.score)));
        hints
    }

    /// Play on at random for at most `rollout_depth` actions; the rewards per seat.
    fn rollout<G: Evaluate>(&mut self, state: &mut G, list: &mut ActionList) -> [f64; MAX_SEATS] {
        for _ in 0..self.settings.rollout_depth {
            let action = match state.to_move() {
                ToMove::Over => break,
                ToMove::Chance => state.sample_chance(&mut self.rng),
                ToMove::Seat(_) => {
                    state.legal_actions(list);
                    G::Action::from_id(list[self.rng.below(list.len() as u32) as usize])
                }
            };
            let Some(action) = action else { break };
            if state.apply(action, &mut NoEvents).is_err() {
                break;
            }
        }
        if state.is_over() {
            return place_rewards(state);
        }
        let mut reward = [0.0; MAX_SEATS];
        for s in 0..state.seats() {
            reward[usize::from(s)] = state.evaluate(crate::Seat(s));
        }
        reward
    }
}

impl<G: Evaluate> Bot<G> for MctsBot {
    fn hints(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        let mut hints = self.search(game);
        if hints.iter().all(|h| h.visits == 0) {
            sort_hints(&mut hints);
        }
        hints
    }
}
