//! Computer opponents and move hints, written once against [`Game`].
//!
//! - [`RandomBot`]: a uniformly random legal action.
//! - [`GreedyBot`]: one ply: the action whose resulting position the game's own evaluation
//!   ([`Evaluate::evaluate`]) likes best for the mover.
//! - [`AlphaBetaBot`](crate::o_an_quan::AlphaBetaBot) (in the game's module): alpha-beta
//!   search for Ô ăn quan, a game with neither chance nor hidden information: iterative
//!   deepening, a transposition table, move ordering, quiescence and exact scores for
//!   finished games.
//! - [`MctsBot`]: Monte Carlo tree search. Chance (dice, draws) is sampled inside the tree; in
//!   games with hidden information it is *information-set* MCTS: every iteration starts from
//!   [`Evaluate::determinize`], a position sampled from what the bot's seat can see, so the
//!   bot never reads a hidden hand.
//! - [`ExpectimaxBot`] (expectimax over the dice, averaged over determinizations where
//!   something is hidden) and [`PuctBot`] (AlphaZero's tree search with the evaluation as its
//!   leaf value): the reference opponents the levels are measured against.
//! - [`RememberingBot`]: any of them, answering a position it has seen before from memory
//!   (the same choice, as a level's choice depends only on the seed and the position).
//!
//! The levels per game ([`bot_for_level`]):
//!
//! | level | Ô ăn quan | Cờ cá ngựa, Domino |
//! |---|---|---|
//! | [`Level::Easy`] | [`AlphaBetaSettings::EASY`](crate::o_an_quan::AlphaBetaSettings::EASY): 2 plies, noise of up to 6 stones | [`GreedyBot`] |
//! | [`Level::Medium`] | [`AlphaBetaSettings::MEDIUM`](crate::o_an_quan::AlphaBetaSettings::MEDIUM): 4 plies and captures, noise of 2 | [`MctsSettings::medium`] |
//! | [`Level::Hard`] | [`AlphaBetaSettings::HARD`](crate::o_an_quan::AlphaBetaSettings::HARD): 100 000 positions | [`MctsSettings::hard`] |
//! | expert ([`bot_with_budget`]) | the same search for the host's time per move | the same search for the host's time (in Cờ cá ngựa its playouts played and scored by the [learned](crate::ca_ngua::learned_values) evaluation) |
//!
//! Each game's evaluation, and a search of its own where it has one, live in the game's
//! module (its `Evaluate` implementation); this module holds what every game shares.
//!
//! Every level is deterministic: its budget is counted in positions or simulations, never in
//! time, and its randomness for a decision comes from a [`GameRng`] seeded with the bot's
//! seed and a hash of the deciding seat's [`Game::view`]. So a seeded bot picks the same
//! action in the same position on every machine, whatever it played before, and two
//! positions that look the same to the seat get the same answer (the bot cannot even be
//! steered by what it cannot see). The arithmetic is portable (integers, basic floating-point
//! operations and this module's own `exp` and `ln`). Only the expert, whose budget is
//! wall-clock time, depends on the machine. [`Bot::hints`] ranks every legal action with a
//! score for a hint button.
//!
//! ```
//! use dangian::bot::{bot_for_level, Level};
//! use dangian::o_an_quan::State;
//! use dangian::{Game, NoEvents};
//!
//! let mut game = State::new(Default::default()).unwrap();
//! let mut bot = bot_for_level::<State>(Level::Easy, 42);
//! let action = bot.choose(&game).unwrap();
//! game.apply(action, &mut NoEvents).unwrap();
//! let hints = bot.hints(&game); // every legal action of the next player, best first
//! assert!(hints[0].score >= hints[hints.len() - 1].score);
//! ```
#![forbid(unsafe_code)]

mod expectimax;
mod mcts;
pub(crate) mod portable;
mod puct;
mod remember;

pub use expectimax::{ExpectimaxBot, ExpectimaxSettings};
pub use mcts::{MctsBot, MctsSettings, MAX_TREE_NODES};
pub use puct::{PuctBot, PuctSettings};
pub use remember::{RememberingBot, REMEMBERED_POSITIONS};

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::chance::GameRng;
use crate::game::{Action, ActionList, Game, NoEvents, Seat, ToMove, MAX_SEATS};

/// What the bots need to know about a game beyond its rules.
pub trait Evaluate: Game {
    /// The Monte Carlo tree search of [`MctsSettings::medium`] for this game (the medium
    /// level where the game plays by it). Defaults to 100 simulations with playouts of 40
    /// actions.
    const MCTS_MEDIUM: MctsSettings = MctsSettings::with(100, 40);

    /// The search of [`MctsSettings::hard`] for this game. Defaults to 10 000 simulations
    /// with playouts of 40 actions.
    const MCTS_HARD: MctsSettings = MctsSettings::with(10_000, 40);

    /// How good the position is for `seat`, from 0 (lost) to 1 (won), judged without search.
    /// Must look only at what `seat` can see (its [`Game::view`]).
    fn evaluate(&self, seat: Seat) -> f64;

    /// [`evaluate`](Evaluate::evaluate) for every seat at once (a game may share the work);
    /// entries past the seats are 0.
    fn evaluate_all(&self) -> [f64; MAX_SEATS] {
        let mut v = [0.0; MAX_SEATS];
        for (s, x) in v.iter_mut().enumerate().take(usize::from(self.seats())) {
            *x = self.evaluate(Seat(s as u8));
        }
        v
    }

    /// The game's learned evaluation of every seat, where it has one (Cờ cá ngựa: see
    /// [`learned_values`](crate::ca_ngua::learned_values)), on the scale of [`evaluate_all`](Evaluate::evaluate_all); the
    /// searches use it with [`MctsSettings::learned`]. Defaults to `evaluate_all`.
    fn learned_all(&self) -> [f64; MAX_SEATS] {
        self.evaluate_all()
    }

    /// A plain material judgement from 0 to 1 (points won, distance run, pips held),
    /// without the positional terms of [`evaluate`](Evaluate::evaluate): the leaf value of
    /// the reference searches the levels are measured against. Defaults to `evaluate`.
    fn material(&self, seat: Seat) -> f64 {
        self.evaluate(seat)
    }

    /// A number that changes whenever something outside the position that this game's
    /// levels consult changes (Ô ăn quan: the installed certificates, see
    /// [`install_certificate`](crate::o_an_quan::install_certificate)): while it stays the
    /// same, a level's choice in a position stays the same, and
    /// [`RememberingBot`] forgets what it remembered when it changes. Defaults to 0 (nothing
    /// consulted).
    fn consulted_version() -> u64 {
        0
    }

    /// A full state consistent with everything `seat` has seen, with the hidden parts
    /// (other hands, the order of a stock) sampled with `rng`. Games without hidden
    /// information return the state itself.
    ///
    /// Contract: the result has the same [`Game::view`] for `seat`, and two states that look
    /// the same to `seat` (equal views) give equal results for the same `rng` stream; a test
    /// checks both.
    fn determinize(&self, _seat: Seat, _rng: &mut GameRng) -> Self {
        self.clone()
    }

    /// The id under which `seat` sees `action` (a chance outcome or a decision) played
    /// here: its own id, or one shared id for outcomes `seat` cannot tell apart (a tile
    /// another seat draws face down). The search keys its tree by it, so that it never
    /// branches on what the seat cannot see.
    fn observed_id(&self, action: Self::Action, _seat: Seat) -> u32 {
        action.id()
    }

    /// Whether a random playout that started at `start` may stop here and be scored by
    /// [`evaluate`](Evaluate::evaluate) (for example: a round of a match has ended, and
    /// the totals say enough). The search also stops after
    /// [`MctsSettings::rollout_depth`] actions.
    fn rollout_done(&self, _start: &Self) -> bool {
        false
    }

    /// The bot this game plays at `level` (see [`bot_for_level`]). The default is the Monte
    /// Carlo tree search with [`MctsSettings::medium`] or [`MctsSettings::hard`] and the
    /// greedy bot for easy.
    fn level_bot(level: Level, seed: u64) -> Box<dyn Bot<Self> + Send>
    where
        Self: Sized,
    {
        match level {
            Level::Easy => Box::new(GreedyBot::new(seed)),
            Level::Medium => Box::new(MctsBot::new(MctsSettings::medium::<Self>(), seed)),
            Level::Hard => Box::new(MctsBot::new(MctsSettings::hard::<Self>(), seed)),
        }
    }

    /// The strongest bot this game has within `budget` of wall-clock time per decision (see
    /// [`bot_with_budget`]). The default is the hard level's Monte Carlo tree search, with as
    /// many simulations as the time allows.
    fn budget_bot(budget: std::time::Duration, seed: u64) -> Box<dyn Bot<Self> + Send>
    where
        Self: Sized,
    {
        let settings = MctsSettings {
            iterations: u32::MAX,
            ..MctsSettings::hard::<Self>()
        };
        Box::new(MctsBot::with_time(settings, budget, seed))
    }
}

/// The tree key shared by chance outcomes the searching seat cannot see (see
/// [`Evaluate::observed_id`]).
pub const HIDDEN_OUTCOME: u32 = u32::MAX - 1;

/// A difficulty preset.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[serde(deny_unknown_fields)]
pub enum Level {
    /// For a beginner: a shallow search with some randomness in Ô ăn quan, one ply of
    /// look-ahead with the game's evaluation ([`GreedyBot`]) in the others.
    Easy,
    /// A short search ([`AlphaBetaSettings::MEDIUM`](crate::o_an_quan::AlphaBetaSettings::MEDIUM),
    /// [`MctsSettings::medium`]); in Ô ăn quan, perfect play wherever an installed proof
    /// certificate holds the position ([`install_certificate`](crate::o_an_quan::install_certificate)).
    Medium,
    /// A long search ([`AlphaBetaSettings::HARD`](crate::o_an_quan::AlphaBetaSettings::HARD),
    /// [`MctsSettings::hard`]), tens of milliseconds at most per decision; in Ô ăn quan,
    /// perfect play wherever an installed certificate or the 7-stone endgame table reaches.
    Hard,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level with this number (0 easy, 1 medium, 2 hard), as used by the C ABI.
    pub fn from_u32(n: u32) -> Option<Level> {
        Level::ALL.get(n as usize).copied()
    }

    /// `"easy"`, `"medium"` or `"hard"`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text that names no [`Level`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no bot level {0:?}: expected easy, medium or hard")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}

/// A legal action with the bot's score for it (higher is better for the mover): for the
/// greedy bot the evaluation after it, for a search bot the mean reward from 0 to 1 of the
/// simulations through it.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Hint<A> {
    /// The action.
    pub action: A,
    /// Its score.
    pub score: f64,
    /// How many simulations went through it (0 for bots that do not simulate: [`GreedyBot`],
    /// [`AlphaBetaBot`](crate::o_an_quan::AlphaBetaBot), [`ExpectimaxBot`]).
    pub visits: u32,
    /// The result the action leads to by force, when it is proven (an Ô ăn quan endgame
    /// table, [`EndgameTable`](crate::o_an_quan::EndgameTable)); `None` otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proven: Option<Proven>,
}

impl<A> Hint<A> {
    /// The proven result in words ("thắng chắc, hơn 12 điểm" / "wins by force, by 12
    /// points"), or `None` when it is not proven.
    pub fn proven_words(&self, lang: crate::describe::Lang) -> Option<String> {
        self.proven.map(|p| p.words(lang))
    }
}

/// How a game ends for the mover, by force.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProvenResult {
    /// The mover wins whatever the opponent does.
    Win,
    /// Neither side can do better than a draw.
    Draw,
    /// The mover loses whatever it does.
    Loss,
}

/// A result proven by exact analysis: win, draw or loss for the mover with best play by
/// both, and, when the analysis measures them (an endgame table does, a proof certificate
/// proves the win alone), the final margin and the plies within which the game ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Proven {
    /// Win, draw or loss for the mover.
    pub result: ProvenResult,
    /// The mover's final total minus the opponent's, with best play by both, when known.
    pub margin: Option<i32>,
    /// The plies within which the game ends with that result (the action included), when
    /// known.
    pub plies: Option<u32>,
}

impl ProvenResult {
    /// The result's number in the bindings (the C ABI's `DgProven`, Python's `Proven`): 1
    /// win, 2 draw, 3 loss; 0 stands for "not proven".
    pub fn code(self) -> u32 {
        match self {
            ProvenResult::Win => 1,
            ProvenResult::Draw => 2,
            ProvenResult::Loss => 3,
        }
    }
}

impl Proven {
    /// `proven` as the three numbers a binding's hint carries (the C ABI's `DgHint::proven`,
    /// `margin`, `plies`): the result's [`code`](ProvenResult::code) (0 for `None`), the
    /// margin and the plies when measured, else 0 and 0.
    ///
    /// ```
    /// use dangian::bot::Proven;
    /// let lost = Proven::new(-2, 11);
    /// assert_eq!(Proven::to_fields(Some(lost)), (3, -2, 11));
    /// assert_eq!(Proven::from_fields(3, -2, 11), Ok(Some(lost)));
    /// assert_eq!(Proven::from_fields(1, 0, 0), Ok(Some(Proven::outcome(true))));
    /// assert!(Proven::from_fields(1, -2, 11).is_err() && Proven::from_fields(4, 0, 0).is_err());
    /// ```
    pub fn to_fields(proven: Option<Proven>) -> (u32, i32, u32) {
        match proven {
            None => (0, 0, 0),
            Some(p) => match (p.margin, p.plies) {
                (Some(m), Some(n)) => (p.result.code(), m, n),
                _ => (p.result.code(), 0, 0),
            },
        }
    }

    /// Back from [`Proven::to_fields`]'s numbers: `None` for code 0.
    ///
    /// # Errors
    /// Why the numbers are no hint's: an unknown code, or a measured margin (plies above 0)
    /// that says another result.
    pub fn from_fields(code: u32, margin: i32, plies: u32) -> Result<Option<Proven>, String> {
        let result = match code {
            0 => return Ok(None),
            1 => ProvenResult::Win,
            2 => ProvenResult::Draw,
            3 => ProvenResult::Loss,
            other => return Err(format!("no proven result {other} (0 to 3)")),
        };
        if plies == 0 {
            return Ok(Some(Proven {
                result,
                margin: None,
                plies: None,
            }));
        }
        let p = Proven::new(margin, plies);
        if p.result != result {
            return Err(format!(
                "a margin of {margin} does not go with the result {result:?}"
            ));
        }
        Ok(Some(p))
    }

    /// The result of a final `margin` for the mover, reached within `plies`.
    pub fn new(margin: i32, plies: u32) -> Proven {
        let result = match margin.cmp(&0) {
            std::cmp::Ordering::Greater => ProvenResult::Win,
            std::cmp::Ordering::Equal => ProvenResult::Draw,
            std::cmp::Ordering::Less => ProvenResult::Loss,
        };
        Proven {
            result,
            margin: Some(margin),
            plies: Some(plies),
        }
    }

    /// A win or a loss proven without its margin (by a proof certificate).
    pub fn outcome(win: bool) -> Proven {
        Proven {
            result: if win {
                ProvenResult::Win
            } else {
                ProvenResult::Loss
            },
            margin: None,
            plies: None,
        }
    }

    /// The result in words: "thắng chắc, hơn 12 điểm" / "wins by force, by 12 points",
    /// "hoà chắc" / "draws by force", "thua chắc, kém 3 điểm" / "loses by force, by 3 points";
    /// without a known margin, "thắng chắc" / "wins by force" and "thua chắc" / "loses by
    /// force".
    pub fn words(&self, lang: crate::describe::Lang) -> String {
        let by = |vi: &str, en: &str| match self.margin {
            Some(m) => {
                let m = m.unsigned_abs();
                let points = crate::describe::Lang::count(m, "point", "points");
                lang.pick(
                    format!(
                        "{vi}, {} {m} điểm",
                        if self.result == ProvenResult::Win {
                            "hơn"
                        } else {
                            "kém"
                        }
                    ),
                    format!("{en}, by {points}"),
                )
            }
            None => lang.pick(vi.to_owned(), en.to_owned()),
        };
        match self.result {
            ProvenResult::Win => by("thắng chắc", "wins by force"),
            ProvenResult::Draw => lang.pick("hoà chắc", "draws by force"),
            ProvenResult::Loss => by("thua chắc", "loses by force"),
        }
    }
}

/// A computer player.
pub trait Bot<G: Game> {
    /// The action the bot plays for the seat to move, or `None` when no player is to move
    /// (chance, or the game is over). It is the first of [`hints`](Bot::hints).
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        self.hints(game).first().map(|h| h.action)
    }

    /// Every legal action of the seat to move, each exactly once, best first, with scores.
    /// Empty when no player is to move.
    fn hints(&mut self, game: &G) -> Vec<Hint<G::Action>>;
}

/// The bot for a difficulty level, seeded with `seed` ([`Evaluate::level_bot`]; see the
/// table in the module docs).
pub fn bot_for_level<G: Evaluate>(level: Level, seed: u64) -> Box<dyn Bot<G> + Send> {
    G::level_bot(level, seed)
}

/// The expert, the level above [`Level::Hard`]: the hard level's search of game `G` given
/// `budget` of wall-clock time per decision instead of a count (the host chooses the time
/// per move). With 100 ms or more it is stronger than hard in Ô ăn quan and, by a few points,
/// in Domino. In Cờ cá ngựa, where hard already chooses what a far longer search of its kind
/// chooses, the expert's playouts are played and scored by the
/// [learned](crate::ca_ngua::learned_values) evaluation instead, which puts it a few points
/// ahead of hard (`docs/strength.md` has the measurements). Unlike the [`Level`]s its choices
/// depend on the machine's speed and load, so they are **not reproducible** from one machine
/// or one run to the next. It is not a numbered level: the C ABI offers it as
/// `dg_bot_choose_budget` (milliseconds per decision), beside the levels 0, 1 and 2.
pub fn bot_with_budget<G: Evaluate>(
    budget: std::time::Duration,
    seed: u64,
) -> Box<dyn Bot<G> + Send> {
    G::budget_bot(budget, seed)
}

/// The seat to move and its legal actions, if a player is to move.
pub(crate) fn decision<G: Game>(game: &G) -> Option<(Seat, ActionList)> {
    let ToMove::Seat(seat) = game.to_move() else {
        return None;
    };
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    (!legal.is_empty()).then_some((seat, legal))
}

/// The RNG for one decision: the bot's seed mixed with a hash of what the deciding seat
/// sees, so the choice depends on nothing else.
pub(crate) fn decision_rng<G: Game>(seed: u64, game: &G, seat: Seat) -> GameRng {
    GameRng::new(seed ^ game.view_hash(seat).rotate_left(17))
}

/// Plays a uniformly random legal action.
#[derive(Clone, Debug)]
pub struct RandomBot {
    seed: u64,
}

impl RandomBot {
    /// A random bot seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot { seed }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    /// The random pick first; the others in ascending id order, with score 0.
    fn hints(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        let Some((seat, legal)) = decision(game) else {
            return Vec::new();
        };
        let mut rng = decision_rng(self.seed, game, seat);
        let pick = rng.below(legal.len() as u32) as usize;
        let mut hints: Vec<_> = legal
            .iter()
            .enumerate()
            .filter_map(|(i, &id)| {
                G::Action::from_id(id).map(|action| Hint {
                    action,
                    score: if i == pick { 1.0 } else { 0.0 },
                    visits: 0,
                    proven: None,
                })
            })
            .collect();
        sort_hints(&mut hints);
        hints
    }
}

/// Looks one action ahead and keeps the one the game's evaluation likes best; ties are broken
/// at random.
///
/// In a game with hidden information it first deals the hidden parts once from the seat's
/// knowledge ([`Evaluate::determinize`]), so that what follows an action (another seat
/// passing, a blocked round) never reveals a hidden hand.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    seed: u64,
    learned: bool,
}

impl GreedyBot {
    /// A greedy bot seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            seed,
            learned: false,
        }
    }

    /// A greedy bot that judges by the game's learned evaluation ([`Evaluate::learned_all`];
    /// in Cờ cá ngựa, [`learned_values`](crate::ca_ngua::learned_values)) instead of [`Evaluate::evaluate`].
    pub fn learned(seed: u64) -> Self {
        GreedyBot {
            seed,
            learned: true,
        }
    }
}

impl GreedyBot {
    /// Calls `judged` with each legal action of the seat to move and its score (the
    /// evaluation after it, plus the tie-breaking jitter), in ascending id order.
    fn judge_each<G: Evaluate>(&self, game: &G, judged: impl FnMut(G::Action, f64)) {
        if let Some((seat, legal)) = decision(game) {
            self.judge_legal(game, seat, &legal, judged);
        }
    }

    /// [`judge_each`](Self::judge_each) with the seat to move and its legal actions given.
    fn judge_legal<G: Evaluate>(
        &self,
        game: &G,
        seat: Seat,
        legal: &[u32],
        mut judged: impl FnMut(G::Action, f64),
    ) {
        let mut rng = decision_rng(self.seed, game, seat);
        let known = game.determinize(seat, &mut rng);
        for &id in legal.iter() {
            let Some(action) = G::Action::from_id(id) else {
                continue;
            };
            let mut next = known.clone();
            let score = match next.apply(action, &mut NoEvents) {
                Ok(()) if self.learned => next.learned_all()[seat.index() % MAX_SEATS],
                Ok(()) => next.evaluate(seat),
                // Unreachable: the action is legal in every position the seat imagines.
                Err(_) => 0.0,
            };
            // A tiny random jitter breaks ties without favouring low ids.
            let jitter = f64::from(rng.below(1024)) * 1e-9;
            judged(action, score + jitter);
        }
    }
}

impl<G: Evaluate> Bot<G> for GreedyBot {
    /// The first of [`hints`](Bot::hints), without judging anything when only one action is
    /// legal (a pass, a forced move: more than half the decisions of Cờ cá ngựa), and
    /// without listing and sorting the others. Each decision draws from its own RNG, so
    /// skipping one changes no later choice.
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        // The legal actions listed once, in place (not copied out as `decision` does).
        let ToMove::Seat(seat) = game.to_move() else {
            return None;
        };
        let mut legal = ActionList::new();
        game.legal_actions(&mut legal);
        if let [only] = legal.as_slice() {
            return G::Action::from_id(*only);
        }
        // The first of the best, as the hints' stable sort puts it.
        let mut best: Option<(G::Action, f64)> = None;
        self.judge_legal(game, seat, &legal, |action, score| {
            if best.is_none_or(|(_, b)| score.total_cmp(&b).is_gt()) {
                best = Some((action, score));
            }
        });
        best.map(|(action, _)| action)
    }

    fn hints(&mut self, game: &G) -> Vec<Hint<G::Action>> {
        let mut hints = Vec::new();
        self.judge_each(game, |action, score| {
            hints.push(Hint {
                action,
                score,
                proven: None,
                visits: 0,
            })
        });
        sort_hints(&mut hints);
        hints
    }
}

/// Best first; equal scores keep the order they came in (ascending id).
fn sort_hints<A>(hints: &mut [Hint<A>]) {
    hints.sort_by(|a, b| b.score.total_cmp(&a.score).then(b.visits.cmp(&a.visits)));
}

/// The reward of a finished game for each seat, from 0 to 1, by place: first 1, last 0,
/// linear in between, a shared place the mean of the places it covers, unplaced 0. All 0
/// while the game goes on.
pub fn place_rewards<G: Game>(game: &G) -> [f64; MAX_SEATS] {
    let mut reward = [0.0; MAX_SEATS];
    let Some(outcome) = game.outcome() else {
        return reward;
    };
    let n = usize::from(outcome.seats).min(MAX_SEATS);
    if n < 2 {
        return reward;
    }
    let places = &outcome.places[..n];
    for (r, &place) in reward.iter_mut().zip(places) {
        if place == 0 {
            continue;
        }
        // Seats sharing this place split the places place..place+ties-1.
        let ties = places.iter().filter(|&&p| p == place).count();
        let mean_place = f64::from(place) + (ties as f64 - 1.0) / 2.0;
        *r = ((n as f64 - mean_place) / (n as f64 - 1.0)).clamp(0.0, 1.0);
    }
    reward
}

/// A margin mapped to 0..1: 0.5 for even, towards 1 as `margin` grows.
pub(crate) fn squash(margin: f64, scale: f64) -> f64 {
    1.0 / (1.0 + portable::exp(-margin / scale))
}

/// The share of the other seats that `seat` is expected to beat, from a margin per pair
/// (`ahead(other)` > 0: `seat` is ahead of `other`).
pub(crate) fn versus_all(seats: u8, seat: Seat, scale: f64, ahead: impl Fn(usize) -> f64) -> f64 {
    let n = usize::from(seats).min(MAX_SEATS);
    let others = (0..n).filter(|&t| t != seat.index());
    let count = others.clone().count();
    if count == 0 {
        return 0.5;
    }
    others.map(|t| squash(ahead(t), scale)).sum::<f64>() / count as f64
}
