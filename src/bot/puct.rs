//! PUCT, the tree search of AlphaZero without its network: uniform priors and a material
//! judgement ([`Evaluate::material`]: the score margin in Ô ăn quan; or, with
//! [`PuctSettings::material`] off, the game's full [`Evaluate::evaluate`]) as the value of a
//! new leaf, no playouts. It is the sparring partner the levels are measured against: the kind of
//! search a research agent plays with (10 000 simulations per move is a strong setting).
//!
//! Every simulation walks from the root choosing the child with the best
//! `Q + c · P · √N / (1 + n)`, expands the leaf it reaches (one child per legal action, prior
//! `1 / k`), values it for every seat (`2 · material − 1`, or the result of a finished game)
//! and backs the values up. The move played is the most visited one. Chance, if a game has
//! any, is sampled. Deterministic: no randomness but the sampled chance, seeded as every bot.

use crate::bot::{decision, decision_rng, place_rewards, Bot, Evaluate, Hint};
use crate::game::{Action, ActionList, Game, NoEvents, Seat, ToMove, MAX_SEATS};

/// The budget and constants of [`PuctBot`].
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PuctSettings {
    /// Simulations per decision.
    pub simulations: u32,
    /// The exploration constant `c` (values are from −1 to 1).
    pub c_puct: f64,
    /// The value of a child not visited yet (first-play urgency), from −1 to 1.
    pub first_play: f64,
    /// Value new leaves by [`Evaluate::material`] (true) or by [`Evaluate::evaluate`].
    pub material: bool,
}

impl PuctSettings {
    /// `simulations` simulations, `c = 1.25` (AlphaZero's), unvisited children valued 0,
    /// material leaf values.
    pub const fn with(simulations: u32) -> Self {
        PuctSettings {
            simulations,
            c_puct: 1.25,
            first_play: 0.0,
            material: true,
        }
    }
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node {
    /// The action that led here.
    action: u32,
    /// The seat that chose it (or `u8::MAX` at the root and after chance).
    mover: u8,
    first_child: u32,
    children: u8,
    visits: u32,
    /// The sum of the values for `mover`.
    value: f64,
}

/// A PUCT search bot (see the module docs).
#[derive(Clone, Debug)]
pub struct PuctBot {
    settings: PuctSettings,
    seed: u64,
    tree: Vec<Node>,
    path: Vec<u32>,
}

impl PuctBot {
    /// A PUCT bot with these settings, seeded with `seed`.
    pub fn new(settings: PuctSettings, seed: u64) -> Self {
        PuctBot {
            settings,
            seed,
            tree: Vec::new(),
            path: Vec::new(),
        }
    }

    fn expand<G: Game>(&mut self, node: u32, state: &G, list: &mut ActionList) {
        let mover = match state.to_move() {
            ToMove::Seat(s) => s.0,
            _ => return,
        };
        state.legal_actions(list);
        let first = self.tree.len() as u32;
        for &id in list.iter() {
            self.tree.push(Node {
                action: id,
                mover,
                first_child: NONE,
                children: 0,
                visits: 0,
                value: 0.0,
            });
        }
        let n = &mut self.tree[node as usize];
        n.first_child = first;
        n.children = list.len() as u8;
    }

    fn values<G: Evaluate>(state: &G, material: bool) -> [f64; MAX_SEATS] {
        let mut v = [0.0; MAX_SEATS];
        if state.is_over() {
            let r = place_rewards(state);
            for (x, r) in v.iter_mut().zip(r) {
                *x = 2.0 * r - 1.0;
            }
        } else {
            for (s, x) in v.iter_mut().enumerate().take(usize::from(state.seats())) {
                let seat = Seat(s as u8);
                let value = if material {
                    state.material(seat)
                } else {
                    state.evaluate(seat)
                };
                *x = 2.0 * value - 1.0;
            }
        }
        v
    }

    fn search<G: Evaluate>(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        let Some((seat, legal)) = decision(game) else {
            return Vec::new();
        };
        self.tree.clear();
        self.tree.push(Node {
            action: NONE,
            mover: u8::MAX,
            first_child: NONE,
            children: 0,
            visits: 0,
            value: 0.0,
        });
        let mut list = ActionList::new();
        let mut rng = decision_rng(self.seed, game, seat);
        self.expand(0, game, &mut list);
        if legal.len() > 1 {
            for _ in 0..self.settings.simulations {
                let mut state = game.clone();
                let mut path = std::mem::take(&mut self.path);
                path.clear();
                path.push(0);
                let mut node = 0u32;
                loop {
                    while state.to_move() == ToMove::Chance {
                        let Some(a) = state.sample_chance(&mut rng) else {
                            break;
                        };
                        if state.apply(a, &mut NoEvents).is_err() {
                            break;
                        }
                    }
                    let n = &self.tree[node as usize];
                    if state.is_over() {
                        break;
                    }
                    if n.children == 0 {
                        if n.first_child == NONE {
                            self.expand(node, &state, &mut list);
                        }
                        break;
                    }
                    let sqrt_n = f64::from(n.visits.max(1)).sqrt();
                    let prior = 1.0 / f64::from(n.children);
                    let (first, count) = (n.first_child, u32::from(n.children));
                    let mut best = (f64::NEG_INFINITY, first);
                    for c in first..first + count {
                        let ch = &self.tree[c as usize];
                        let q = if ch.visits == 0 {
                            self.settings.first_play
                        } else {
                            ch.value / f64::from(ch.visits)
                        };
                        let u = q + self.settings.c_puct * prior * sqrt_n
                            / (1.0 + f64::from(ch.visits));
                        if u > best.0 {
                            best = (u, c);
                        }
                    }
                    node = best.1;
                    path.push(node);
                    let Some(a) = G::Action::from_id(self.tree[node as usize].action) else {
                        break;
                    };
                    if state.apply(a, &mut NoEvents).is_err() {
                        break;
                    }
                }
                let v = Self::values(&state, self.settings.material);
                for &p in &path {
                    let n = &mut self.tree[p as usize];
                    n.visits += 1;
                    if usize::from(n.mover) < MAX_SEATS {
                        n.value += v[usize::from(n.mover)];
                    }
                }
                self.path = path;
            }
        }
        let root = &self.tree[0];
        let (first, count) = (root.first_child, u32::from(root.children));
        let mut hints: Vec<Hint<G::Action>> = (first..first + count)
            .filter_map(|c| {
                let n = &self.tree[c as usize];
                Some(Hint {
                    action: G::Action::from_id(n.action)?,
                    score: if n.visits == 0 {
                        0.0
                    } else {
                        (n.value / f64::from(n.visits) + 1.0) / 2.0
                    },
                    visits: n.visits,
                    proven: None,
                })
            })
            .collect();
        hints.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.score.total_cmp(&a.score)));
        hints
    }
}

impl<G: Evaluate> Bot<G> for PuctBot {
    fn hints(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        self.search(game)
    }
}
