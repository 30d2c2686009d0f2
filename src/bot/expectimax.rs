//! Expectimax over the dice for games of chance with nothing hidden (Cờ cá ngựa): every
//! chance outcome is expanded with its exact probability, every player picks the action
//! best for itself (max-n, so any number of seats), and the positions at the horizon are
//! valued by the game's evaluation ([`Evaluate::evaluate_all`], or the plain
//! [`Evaluate::material`] for a reference search).
//!
//! The horizon is counted in decisions: depth 1 is the bot's own move judged by the
//! evaluation; depth 2 adds the roll that follows and the reply of the player who gets it;
//! and so on. Iterative deepening stops at the first depth that does not fit in the node
//! budget, and the last complete depth decides, so the result is the same everywhere.

use std::time::{Duration, Instant};

use crate::bot::{decision, decision_rng, place_rewards, Bot, Evaluate, Hint};
use crate::game::{Action, ActionList, ChanceList, Game, NoEvents, ToMove, MAX_SEATS};

/// The settings of [`ExpectimaxBot`].
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ExpectimaxSettings {
    /// The deepest horizon, in decisions (the bot's own included).
    pub depth: u8,
    /// Positions the search may generate per decision.
    pub nodes: u32,
    /// Value the horizon with [`Evaluate::material`] instead of the full evaluation.
    pub material: bool,
    /// Random noise added to each root action's value (values are from 0 to 1): 0 plays the
    /// best action; more makes a weaker, more varied bot.
    pub noise: f64,
    /// Positions dealt from what the bot's seat can see ([`Evaluate::determinize`]), each
    /// searched, the values averaged (perfect-information Monte Carlo). 1 for games with
    /// nothing hidden.
    pub deals: u32,
}

impl ExpectimaxSettings {
    /// A search `depth` decisions deep within `nodes` positions, with the full evaluation.
    pub const fn with(depth: u8, nodes: u32) -> Self {
        ExpectimaxSettings {
            depth,
            nodes,
            material: false,
            noise: 0.0,
            deals: 1,
        }
    }
}

/// How many chance nodes in a row (rolls that allowed nothing) are expanded before the
/// position is valued as it stands.
const CHANCE_CHAIN: u8 = 1;

/// An expectimax bot (see the module docs).
#[derive(Clone, Debug)]
pub struct ExpectimaxBot {
    settings: ExpectimaxSettings,
    seed: u64,
    time: Option<Duration>,
    last_depth: u8,
}

impl ExpectimaxBot {
    /// A bot with these settings, seeded with `seed` (it matters only with noise).
    pub fn new(settings: ExpectimaxSettings, seed: u64) -> Self {
        ExpectimaxBot {
            settings,
            seed,
            time: None,
            last_depth: 0,
        }
    }

    /// A bot that deepens for `budget` of wall-clock time per decision instead of a node
    /// count (up to `settings.depth`); its choices depend on the machine's speed and load,
    /// so they are not reproducible.
    pub fn with_time(settings: ExpectimaxSettings, budget: Duration, seed: u64) -> Self {
        ExpectimaxBot {
            settings: ExpectimaxSettings {
                nodes: u32::MAX,
                ..settings
            },
            time: Some(budget),
            ..ExpectimaxBot::new(settings, seed)
        }
    }

    /// The depth of the last complete iteration of the last decision.
    pub fn last_depth(&self) -> u8 {
        self.last_depth
    }
}

struct Search {
    nodes: u32,
    budget: u32,
    deadline: Option<Instant>,
    aborted: bool,
    material: bool,
}

impl Search {
    fn leaf<G: Evaluate>(&self, state: &G) -> [f64; MAX_SEATS] {
        if state.is_over() {
            return place_rewards(state);
        }
        if self.material {
            let mut v = [0.0; MAX_SEATS];
            for (s, x) in v.iter_mut().enumerate().take(usize::from(state.seats())) {
                *x = state.material(crate::game::Seat(s as u8));
            }
            v
        } else {
            state.evaluate_all()
        }
    }

    fn child<G: Game>(&mut self, state: &G, id: u32) -> Option<G> {
        let a = G::Action::from_id(id)?;
        let mut c = state.clone();
        c.apply(a, &mut NoEvents).ok()?;
        self.nodes += 1;
        if self.nodes >= self.budget {
            self.aborted = true;
        } else if let Some(d) = self.deadline {
            if self.nodes & 255 == 0 && Instant::now() >= d {
                self.aborted = true;
            }
        }
        Some(c)
    }

    /// The values for every seat of `state` with `depth` decisions left to look at; `start`
    /// is the root, for [`Evaluate::rollout_done`].
    fn value<G: Evaluate>(
        &mut self,
        state: &G,
        start: &G,
        depth: u8,
        chain: u8,
    ) -> [f64; MAX_SEATS] {
        if self.aborted {
            return [0.0; MAX_SEATS];
        }
        match state.to_move() {
            ToMove::Over => place_rewards(state),
            _ if depth == 0 || state.rollout_done(start) => self.leaf(state),
            ToMove::Chance => {
                if chain >= CHANCE_CHAIN {
                    return self.leaf(state);
                }
                let mut outcomes = ChanceList::new();
                state.chance_outcomes(&mut outcomes);
                let total: u32 = outcomes.iter().map(|o| o.weight).sum();
                let mut sum = [0.0; MAX_SEATS];
                for o in &outcomes {
                    let Some(c) = self.child(state, o.id) else {
                        continue;
                    };
                    let next = if c.to_move() == ToMove::Chance {
                        chain + 1
                    } else {
                        0
                    };
                    let v = self.value(&c, start, depth, next);
                    let p = f64::from(o.weight) / f64::from(total);
                    for (s, x) in sum.iter_mut().zip(v) {
                        *s += p * x;
                    }
                }
                sum
            }
            ToMove::Seat(mover) => {
                let mut legal = ActionList::new();
                state.legal_actions(&mut legal);
                let mut best: Option<[f64; MAX_SEATS]> = None;
                for &id in &legal {
                    let Some(c) = self.child(state, id) else {
                        continue;
                    };
                    let v = self.value(&c, start, depth - 1, 0);
                    if best.is_none_or(|b| v[mover.index()] > b[mover.index()]) {
                        best = Some(v);
                    }
                }
                best.unwrap_or_else(|| self.leaf(state))
            }
        }
    }
}

impl<G: Evaluate> Bot<G> for ExpectimaxBot {
    fn hints(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        let Some((seat, legal)) = decision(game) else {
            return Vec::new();
        };
        let mut search = Search {
            nodes: 0,
            budget: self.settings.nodes,
            deadline: self.time.map(|t| Instant::now() + t),
            aborted: false,
            material: self.settings.material,
        };
        let mut rng = decision_rng(self.seed, game, seat);
        // The positions searched: the game itself when nothing is hidden, else deals from
        // what the seat sees (the same root actions are legal in every one).
        let deals: Vec<G> = (0..self.settings.deals.max(1))
            .map(|_| game.determinize(seat, &mut rng))
            .collect();
        let children: Vec<Vec<Option<G>>> = deals
            .iter()
            .map(|d| legal.iter().map(|&id| search.child(d, id)).collect())
            .collect();
        let mut values: Vec<f64> = vec![0.0; legal.len()];
        self.last_depth = 0;
        if legal.len() > 1 {
            for depth in 1..=self.settings.depth.max(1) {
                search.aborted = false;
                let mut these = vec![0.0; legal.len()];
                for (deal, kids) in deals.iter().zip(&children) {
                    for (sum, child) in these.iter_mut().zip(kids) {
                        *sum += match child {
                            Some(c) => search.value(c, deal, depth - 1, 0)[seat.index()],
                            None => 0.0,
                        };
                    }
                }
                if search.aborted && depth > 1 {
                    break;
                }
                let n = deals.len() as f64;
                values = these.iter().map(|v| v / n).collect();
                self.last_depth = depth;
                if search.aborted {
                    break;
                }
            }
        }
        let mut ranked = values.clone();
        if self.settings.noise > 0.0 {
            for v in ranked.iter_mut() {
                *v += self.settings.noise * f64::from(rng.below(1 << 16)) / 65536.0;
            }
        }
        let mut order: Vec<usize> = (0..legal.len()).collect();
        // Best first by the (noisy) value; equal values keep ascending ids.
        order.sort_by(|&a, &b| ranked[b].total_cmp(&ranked[a]));
        order
            .iter()
            .filter_map(|&i| {
                Some(Hint {
                    action: G::Action::from_id(legal[i])?,
                    score: values[i].clamp(0.0, 1.0),
                    visits: 0,
                    proven: None,
                })
            })
            .collect()
    }
}
