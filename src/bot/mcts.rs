//! Monte Carlo tree search for every game: UCT with chance nodes, and single-observer
//! information-set MCTS (SO-ISMCTS) where a seat cannot see everything.
//!
//! Each iteration deals a full position from what the bot's seat can see
//! ([`Evaluate::determinize`]) and walks the tree from the root. At a player's node it takes,
//! among the actions legal in *this* deal, an untried one if any, else the child with the
//! best upper confidence bound, counting how often each child was available (as SO-ISMCTS
//! does). At a chance node it samples the outcome with its probability and follows the child
//! for what the bot's seat would see of it ([`Evaluate::observed_id`]), so outcomes hidden
//! from the seat share one node. It adds one node, plays on (at random, or partly with the
//! evaluation's one-ply choice, see [`MctsSettings::greedy_rollouts`]) for at most
//! [`MctsSettings::rollout_depth`] actions (or until [`Evaluate::rollout_done`]), scores the
//! end (the places if the game ended, else the game's evaluation for every seat) and backs
//! the scores up for every seat (max-n), so it plays games of any number of seats. The
//! action chosen is the most visited one.
//!
//! The tree lives in one vector kept by the bot between decisions (nodes link to their first
//! child and next sibling), so the simulations allocate nothing once it has grown (a test
//! counts the allocations).

use crate::bot::portable::ln;
use crate::bot::{decision, decision_rng, place_rewards, Bot, Evaluate, Hint};
use crate::chance::GameRng;
use crate::game::{Action, ActionList, NoEvents, Seat, ToMove, MAX_SEATS};

/// The search budget and settings: all counts, no clock, so results are the same everywhere.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MctsSettings {
    /// Simulations per decision.
    pub iterations: u32,
    /// Random actions (chance outcomes included) played after leaving the tree before the
    /// position is evaluated.
    pub rollout_depth: u32,
    /// The UCB exploration constant (rewards are from 0 to 1).
    pub exploration: f64,
    /// The share of playout decisions made greedily, from 0 (every playout action uniformly
    /// random) to 1 (every decision the one the game's evaluation likes best for the mover,
    /// one ply ahead). Chance is always sampled.
    pub greedy_rollouts: f64,
    /// Score the ends of playouts, and choose their greedy actions, by the game's learned
    /// evaluation ([`Evaluate::learned_all`]) instead of [`Evaluate::evaluate_all`].
    pub learned: bool,
}

impl MctsSettings {
    /// The medium preset for game `G` (the medium level of Cờ cá ngựa and Domino): a short
    /// search (tens to a hundred simulations, well under a millisecond per decision), the
    /// game's [`Evaluate::MCTS_MEDIUM`]. The budgets per game are set so that, in seeded
    /// arenas, medium beats easy and hard beats medium by a clear margin (`docs/strength.md`
    /// has the measurements).
    pub fn medium<G: Evaluate>() -> Self {
        G::MCTS_MEDIUM
    }

    /// The hard preset for game `G` (the hard level of Cờ cá ngựa and Domino): thousands of
    /// simulations (`docs/benchmarks.md` has the time per decision), the game's
    /// [`Evaluate::MCTS_HARD`].
    pub fn hard<G: Evaluate>() -> Self {
        G::MCTS_HARD
    }

    /// `iterations` simulations with playouts of `rollout_depth` random actions, exploration
    /// 0.7.
    pub const fn with(iterations: u32, rollout_depth: u32) -> Self {
        MctsSettings {
            iterations,
            rollout_depth,
            exploration: 0.7,
            greedy_rollouts: 0.0,
            learned: false,
        }
    }
}

/// No node (end of a sibling list, or no child yet).
const NONE: u32 = u32::MAX;

/// The most nodes a search tree grows to (about 120 MB): a search stops there whatever its
/// iteration count or time budget, so a huge budget (the expert given hours) costs time, not
/// unbounded memory (`docs/benchmarks.md` has the measured peak).
pub const MAX_TREE_NODES: usize = 1 << 21;
/// The key of the root (no action led to it).
const ROOT_KEY: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node {
    /// The action id (or observed chance outcome) that led here.
    key: u32,
    visits: u32,
    /// How often this node's action was legal when its parent was visited (availability).
    available: u32,
    first_child: u32,
    next_sibling: u32,
    /// Sum of rewards per seat over the simulations through this node.
    reward: [f64; MAX_SEATS],
}

impl Node {
    fn new(key: u32) -> Self {
        Node {
            key,
            visits: 0,
            available: 0,
            first_child: NONE,
            next_sibling: NONE,
            reward: [0.0; MAX_SEATS],
        }
    }
}

/// A Monte Carlo tree search bot (see the module docs).
#[derive(Clone, Debug)]
pub struct MctsBot {
    settings: MctsSettings,
    seed: u64,
    time: Option<std::time::Duration>,
    tree: Vec<Node>,
    /// The search stops once the tree has this many nodes ([`MAX_TREE_NODES`]).
    node_cap: usize,
    path: Vec<u32>,
    /// `ln n` for every availability count met so far (index `n`), kept between decisions:
    /// the portable `ln` is exact but slow, and the counts are small integers.
    ln_table: Vec<f64>,
}

impl MctsBot {
    /// A search bot with these settings, seeded with `seed`.
    pub fn new(settings: MctsSettings, seed: u64) -> Self {
        MctsBot {
            settings,
            seed,
            time: None,
            tree: Vec::new(),
            node_cap: MAX_TREE_NODES,
            path: Vec::new(),
            ln_table: Vec::new(),
        }
    }

    /// A search bot that simulates for `budget` of wall-clock time per decision (at most
    /// `settings.iterations` simulations); its choices depend on the machine's speed and
    /// load, so they are not reproducible.
    pub fn with_time(settings: MctsSettings, budget: std::time::Duration, seed: u64) -> Self {
        MctsBot {
            time: Some(budget),
            ..MctsBot::new(settings, seed)
        }
    }

    /// The settings.
    pub fn settings(&self) -> MctsSettings {
        self.settings
    }

    /// The child of `node` with `key`, if any.
    fn child(&self, node: u32, key: u32) -> Option<u32> {
        let mut c = self.tree[node as usize].first_child;
        while c != NONE {
            let n = &self.tree[c as usize];
            if n.key == key {
                return Some(c);
            }
            c = n.next_sibling;
        }
        None
    }

    /// A new child of `node` with `key`.
    fn add_child(&mut self, node: u32, key: u32) -> u32 {
        let id = self.tree.len() as u32;
        let mut fresh = Node::new(key);
        fresh.next_sibling = self.tree[node as usize].first_child;
        self.tree.push(fresh);
        self.tree[node as usize].first_child = id;
        id
    }

    /// At a player's node: count availability and pick the action to follow.
    fn select(&mut self, node: u32, mover: Seat, legal: &ActionList, rng: &mut GameRng) -> u32 {
        let mut untried = ActionList::new();
        for &id in legal {
            match self.child(node, id) {
                Some(c) => self.tree[c as usize].available += 1,
                None => untried.push(id),
            }
        }
        if !untried.is_empty() {
            return untried[rng.below(untried.len() as u32) as usize];
        }
        let c = self.settings.exploration;
        let mut best = (f64::NEG_INFINITY, legal[0]);
        let mut child = self.tree[node as usize].first_child;
        while child != NONE {
            let n = &self.tree[child as usize];
            child = n.next_sibling;
            if !legal.contains(&n.key) {
                continue;
            }
            let visits = f64::from(n.visits.max(1));
            let mean = n.reward[mover.index()] / visits;
            let available = n.available.max(1) as usize;
            if available >= self.ln_table.len() {
                // Grown once to the largest count a decision reaches, then reused.
                let from = self.ln_table.len();
                let to = (available + 1).max(2 * from).max(64);
                self.ln_table.extend((from..to).map(|k| ln(k as f64)));
            }
            let log = self.ln_table[available];
            let ucb = mean + c * (log / visits).sqrt();
            if ucb > best.0 {
                best = (ucb, n.key);
            }
        }
        best.1
    }

    /// Run the search from `game` for the seat to move; the hints for its legal actions.
    fn search<G: Evaluate>(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        let Some((seat, legal)) = decision(game) else {
            return Vec::new();
        };
        self.tree.clear();
        self.tree.push(Node::new(ROOT_KEY));
        if legal.len() > 1 {
            // One legal action needs no search.
            let mut rng = decision_rng(self.seed, game, seat);
            let mut list = ActionList::new();
            let deadline = self.time.map(|t| std::time::Instant::now() + t);
            for i in 0..self.settings.iterations {
                if i % 64 == 63 && deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                    break;
                }
                if self.tree.len() >= self.node_cap {
                    break;
                }
                self.iterate(game, seat, &mut list, &mut rng);
            }
        }
        let mut hints: Vec<Hint<G::Action>> = legal
            .iter()
            .filter_map(|&id| {
                let action = G::Action::from_id(id)?;
                let (score, visits) = match self.child(0, id) {
                    Some(c) => {
                        let n = &self.tree[c as usize];
                        (
                            n.reward[seat.index()] / f64::from(n.visits.max(1)),
                            n.visits,
                        )
                    }
                    None => (0.0, 0),
                };
                Some(Hint {
                    action,
                    score,
                    visits,
                    proven: None,
                })
            })
            .collect();
        // Most visited first (the robust choice), then by mean reward, then ascending id.
        hints.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.score.total_cmp(&a.score)));
        hints
    }

    /// One simulation: determinize, select and expand, roll out, back up.
    fn iterate<G: Evaluate>(
        &mut self,
        game: &G,
        seat: Seat,
        list: &mut ActionList,
        rng: &mut GameRng,
    ) {
        let mut state = game.determinize(seat, rng);
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        path.push(0);
        let mut node = 0u32;
        loop {
            let (action, key) = match state.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let Some(a) = state.sample_chance(rng) else {
                        break;
                    };
                    (a, state.observed_id(a, seat))
                }
                ToMove::Seat(mover) => {
                    state.legal_actions(list);
                    if list.is_empty() {
                        break;
                    }
                    let id = self.select(node, mover, list, rng);
                    let Some(a) = G::Action::from_id(id) else {
                        break;
                    };
                    (a, id)
                }
            };
            if state.apply(action, &mut NoEvents).is_err() {
                break;
            }
            match self.child(node, key) {
                Some(c) => {
                    node = c;
                    path.push(c);
                }
                None => {
                    let c = self.add_child(node, key);
                    // A new decision node counts as available on its first visit.
                    self.tree[c as usize].available = 1;
                    path.push(c);
                    break;
                }
            }
        }
        let reward = self.rollout(game, &mut state, list, rng);
        for &n in &path {
            let node = &mut self.tree[n as usize];
            node.visits += 1;
            for (total, r) in node.reward.iter_mut().zip(reward) {
                *total += r;
            }
        }
        self.path = path;
    }

    /// Play on at random for at most `rollout_depth` actions; the rewards per seat.
    fn rollout<G: Evaluate>(
        &self,
        start: &G,
        state: &mut G,
        list: &mut ActionList,
        rng: &mut GameRng,
    ) -> [f64; MAX_SEATS] {
        for _ in 0..self.settings.rollout_depth {
            if state.rollout_done(start) {
                break;
            }
            let action = match state.to_move() {
                ToMove::Over => break,
                ToMove::Chance => state.sample_chance(rng),
                ToMove::Seat(mover) => {
                    state.legal_actions(list);
                    if list.is_empty() {
                        break;
                    }
                    let greedy = self.settings.greedy_rollouts > 0.0
                        && list.len() > 1
                        && f64::from(rng.below(1 << 16)) < self.settings.greedy_rollouts * 65536.0;
                    let id = if greedy {
                        best_for(state, mover, list, self.settings.learned)
                    } else {
                        list[rng.below(list.len() as u32) as usize]
                    };
                    G::Action::from_id(id)
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
        if self.settings.learned {
            state.learned_all()
        } else {
            state.evaluate_all()
        }
    }
}

/// The action of `legal` whose result the evaluation (the learned one if `learned`) likes
/// best for `mover` (the first on a tie).
fn best_for<G: Evaluate>(state: &G, mover: Seat, legal: &ActionList, learned: bool) -> u32 {
    let mut best = (f64::NEG_INFINITY, legal[0]);
    for &id in legal {
        let Some(action) = G::Action::from_id(id) else {
            continue;
        };
        let mut next = state.clone();
        if next.apply(action, &mut NoEvents).is_ok() {
            let v = if learned {
                next.learned_all()[mover.index() % MAX_SEATS]
            } else {
                next.evaluate(mover)
            };
            if v > best.0 {
                best = (v, id);
            }
        }
    }
    best.1
}

impl<G: Evaluate> Bot<G> for MctsBot {
    fn hints(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        self.search(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domino;
    use crate::game::Game;

    #[test]
    fn the_tree_stops_growing_at_its_node_cap() {
        let mut game = domino::State::new(Default::default()).expect("the seed rules");
        let mut rng = GameRng::new(5);
        while game.to_move() == ToMove::Chance {
            let outcome = game.sample_chance(&mut rng).expect("a chance outcome");
            let _ = game.apply(outcome, &mut NoEvents);
        }
        let settings = MctsSettings {
            iterations: 200_000,
            ..MctsSettings::hard::<domino::State>()
        };
        let mut bot = MctsBot::new(settings, 1);
        bot.node_cap = 2_000;
        assert!(bot.choose(&game).is_some());
        assert!(
            bot.tree.len() <= bot.node_cap + 64,
            "{} nodes for a cap of {}",
            bot.tree.len(),
            bot.node_cap
        );
        assert_eq!(MctsBot::new(settings, 1).node_cap, MAX_TREE_NODES);
    }
}
