//! Alpha-beta search for Ô ăn quan, a two-player game with neither chance nor hidden
//! information: negamax with principal-variation search, iterative deepening, a
//! transposition table, move ordering (the table's move, then the material a move wins at
//! once, killer moves and the history heuristic), a capture-only quiescence search at the
//! horizon, and exact scores for finished games (so the end is counted, not guessed, as soon
//! as it is within reach).
//!
//! The budget is a number of positions generated (nodes), so a decision is the same on every
//! machine: the evaluation is in integers and the only randomness (the noise of the easy
//! levels) comes from the decision's seeded RNG. [`AlphaBetaBot::with_time`] gives the
//! search a wall-clock budget instead, for a host that wants the strongest play within a
//! time per move; its choices then depend on the machine's speed.
//!
//! The transposition table is allocated once per bot and reused; entries of earlier
//! decisions are ignored (a generation tag), so what a bot played before never changes its
//! next choice.

use std::sync::Arc;
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;

use super::certificate::{installed_covering, Certificate};
use super::endgame::{shared_table, EndgameTable};
use super::rules::ids;
use super::{Action, BigStone, CapResolution, EndReason, Refill, State};
use crate::bot::portable::exp;
use crate::bot::{decision, decision_rng, Bot, Hint, Proven, ProvenResult};
use crate::game::{Action as _, Game, Seat};

/// The settings of [`AlphaBetaBot`]: all counts, so results are the same everywhere.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AlphaBetaSettings {
    /// Positions the search may generate per decision. The iteration under way when it runs
    /// out is cut short; the move comes from the deepest iteration that searched its best
    /// move completely.
    pub nodes: u32,
    /// The deepest iteration, in plies.
    pub max_depth: u8,
    /// Plies of capture-only search below the horizon.
    pub quiescence: u8,
    /// Random noise added to each move's score at the root, in sixteenths of a stone: 0
    /// always plays the move the search likes best; more makes the bot weaker and more
    /// varied (the easy levels). With noise no root move is probed with a null window: each
    /// gets a score, exact where it reaches the best found before it and otherwise an upper
    /// bound on its value, and the noise is added to those.
    pub noise: i32,
    /// log2 of the transposition table's entries (16 bytes each).
    pub table_bits: u8,
    /// Plies by which late moves that capture nothing are searched shallower first (0: no
    /// reduction); a move that then looks good is searched again at full depth.
    pub reduction: u8,
    /// How much the bot prefers progress to going round in circles, in sixteenths of a stone
    /// (0: not at all, the widest win and a cycle valued as the ply cap would count it). A
    /// won game is worth this much less for every ply it takes, so the bot ends a won game
    /// rather than go round a cycle that only widens its margin (under the seed rules a
    /// player in debt can be made to refill again and again until the ply cap); and a
    /// position met again on the searched line, or a drawn end by repetition or the ply cap,
    /// counts a quarter of it against the bot, so with the scores level it plays on rather
    /// than repeat.
    pub progress: i32,
    /// The most dân on the board for which the bot builds an endgame table (once per process
    /// and rule set, [`shared_table`]) and, when the position is covered, plays the table's
    /// move: 0 for none. A bigger table can be given with [`AlphaBetaBot::with_endgame`].
    pub endgame: u8,
    /// Whether the bot consults the certificates installed for the process
    /// ([`install_certificate`](super::install_certificate)) as well as its own
    /// ([`AlphaBetaBot::with_certificate`]): medium and hard do, easy does not.
    pub certificates: bool,
}

impl AlphaBetaSettings {
    /// Easy: two plies (the bot sees the reply to its move, so it does not hand over a quan
    /// square for nothing), with noise of up to six stones: it often misses the best move.
    pub const EASY: AlphaBetaSettings = AlphaBetaSettings {
        nodes: 2_000,
        max_depth: 2,
        quiescence: 0,
        noise: 6 * 16,
        table_bits: 10,
        reduction: 0,
        progress: PROGRESS,
        endgame: 0,
        certificates: false,
    };
    /// Medium: four plies and captures beyond, a little noise; the installed certificates'
    /// moves where they hold.
    pub const MEDIUM: AlphaBetaSettings = AlphaBetaSettings {
        nodes: 20_000,
        max_depth: 4,
        quiescence: 2,
        noise: 2 * 16,
        table_bits: 12,
        reduction: 0,
        progress: PROGRESS,
        endgame: 0,
        certificates: true,
    };
    /// Hard: as deep as 100 000 positions allow (typically 11 to 15 plies, more in the
    /// endgame), no noise; exact play from the endgame table of [`LAZY_ENDGAME_STONES`]
    /// stones and from the installed certificates where they cover the position.
    pub const HARD: AlphaBetaSettings = AlphaBetaSettings {
        nodes: 100_000,
        max_depth: 64,
        quiescence: 4,
        noise: 0,
        table_bits: 17,
        reduction: 1,
        progress: PROGRESS,
        endgame: LAZY_ENDGAME_STONES,
        certificates: true,
    };
}

/// The stones of the endgame table the hard level builds on first use
/// ([`AlphaBetaSettings::endgame`]).
pub const LAZY_ENDGAME_STONES: u8 = 7;

/// The preference for progress of every level ([`AlphaBetaSettings::progress`]): a won game
/// loses two stones of value per ply, a repetition counts half a stone against the bot.
const PROGRESS: i32 = 32;

/// A score that decides the game, before the margin and the distance are added.
const WIN: i32 = 1_000_000;
/// Larger than any score.
const INF: i32 = 2 * WIN;
/// Scores beyond this are decided games.
const DECIDED: i32 = WIN / 2;
/// The number of action ids (ten squares, two directions): more than a position has moves.
const MAX_MOVES: usize = Action::ID_COUNT as usize;

/// Moves' ids with their scores, best first ([`AlphaBetaBot::rank`]).
type Ranking = ArrayVec<(u32, i32), MAX_MOVES>;

/// The deepest ply the search keeps killers for.
const MAX_PLY: usize = 128;
/// No move (in the table, as a killer).
const NO_MOVE: u8 = u8::MAX;

/// What a table entry's score is.
const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

#[derive(Copy, Clone, Debug, Default)]
struct Entry {
    key: u64,
    score: i32,
    generation: u16,
    depth: u8,
    /// The bound kind in the high 2 bits, the best move id (or 63: none) in the low 6.
    packed: u8,
}

/// An alpha-beta bot for Ô ăn quan (see the module docs).
#[derive(Clone, Debug)]
pub struct AlphaBetaBot {
    settings: AlphaBetaSettings,
    seed: u64,
    time: Option<Duration>,
    table: Vec<Entry>,
    generation: u16,
    last: (u8, u32),
    endgame: Option<Arc<EndgameTable>>,
    certificates: Vec<Arc<Certificate>>,
}

impl AlphaBetaBot {
    /// A bot with these settings, seeded with `seed` (the seed matters only with noise).
    pub fn new(settings: AlphaBetaSettings, seed: u64) -> Self {
        AlphaBetaBot {
            settings,
            seed,
            time: None,
            table: Vec::new(),
            generation: 0,
            last: (0, 0),
            endgame: None,
            certificates: Vec::new(),
        }
    }

    /// The bot with `table` for the positions it covers (as well as the table of
    /// [`AlphaBetaSettings::endgame`] stones it builds itself): when the position to decide
    /// is covered, the bot plays the move that keeps the table's value and brings the end
    /// closest, and its hints say which moves win, draw or lose by force. The value is kept
    /// for sure while the opponent's replies lead to covered positions; a reply into a
    /// position the table has not solved (only a one-sided bound holds there, which the table
    /// does not store) leaves the bot to its search.
    pub fn with_endgame(mut self, table: Arc<EndgameTable>) -> Self {
        self.endgame = Some(table);
        self
    }

    /// The bot with a proof certificate (see [`Certificate`]; any level, easy included):
    /// in a position the certificate holds, the winner's bot plays the certificate's move,
    /// and the hints say that move wins by force (the loser's hints, that every move loses
    /// by force). Following a certificate from the start, the winner wins every game,
    /// whatever the other side plays. Several certificates may be given (one per rule set).
    pub fn with_certificate(mut self, certificate: Arc<Certificate>) -> Self {
        self.certificates.push(certificate);
        self
    }

    /// With a certificate holding `game`'s position: the proven move first, and the proven
    /// result on the hints.
    fn apply_certificate(&self, game: &State, seat: Seat, hints: &mut [Hint<Action>]) {
        let own = self.certificates.iter().find(|c| c.covers(game)).cloned();
        let Some(c) = own.or_else(|| {
            self.settings
                .certificates
                .then(|| installed_covering(game))
                .flatten()
        }) else {
            return;
        };
        if c.winner() == seat {
            let Some(best) = c.move_for(game) else {
                return;
            };
            if let Some(i) = hints.iter().position(|h| h.action == best) {
                hints[..=i].rotate_right(1);
                hints[0].proven = Some(Proven::outcome(true));
                hints[0].score = 1.0;
            }
        } else {
            for h in hints.iter_mut() {
                h.proven = Some(Proven::outcome(false));
                h.score = 0.0;
            }
        }
    }

    /// The table covering `game`'s position: the one given, else the one built for
    /// [`AlphaBetaSettings::endgame`] stones.
    fn endgame_for(&self, game: &State) -> Option<Arc<EndgameTable>> {
        if let Some(t) = &self.endgame {
            if t.probe(game).is_some() {
                return Some(Arc::clone(t));
            }
        }
        let n = self.settings.endgame;
        let board: u32 = game.board().iter().map(|&d| u32::from(d)).sum();
        if n == 0 || board > u32::from(n) {
            return None;
        }
        let t = shared_table(game.config(), n)?;
        t.probe(game).is_some().then_some(t)
    }

    /// With a table covering `game`: every hint of a covered move gets its proven result, and
    /// the moves that keep the position's value (the shortest way first) go to the top.
    fn apply_endgame(&self, game: &State, seat: Seat, hints: &mut Vec<Hint<Action>>) {
        let Some(table) = self.endgame_for(game) else {
            return;
        };
        let op = Seat(1 - (seat.0 & 1));
        let now = game.score(seat) - game.score(op);
        let values = table.move_values(game);
        for h in hints.iter_mut() {
            h.proven = values
                .iter()
                .find(|m| m.action == h.action)
                .and_then(|m| m.value)
                .map(|v| Proven::new(now + v.margin, v.depth));
        }
        let best = table.best_moves(game);
        let mut top: Vec<Hint<Action>> = Vec::with_capacity(hints.len());
        for a in &best {
            if let Some(i) = hints.iter().position(|h| h.action == *a) {
                top.push(hints.remove(i));
            }
        }
        if let Some(p) = top.first().and_then(|h| h.proven) {
            let score = match p.result {
                ProvenResult::Win => 1.0,
                ProvenResult::Draw => 0.5,
                ProvenResult::Loss => 0.0,
            };
            for h in top.iter_mut() {
                h.score = score;
            }
        }
        top.append(hints);
        *hints = top;
    }

    /// The depth of the last complete iteration of the last decision, and the positions it
    /// generated.
    pub fn last_search(&self) -> (u8, u32) {
        self.last
    }

    /// A bot that searches for `budget` of wall-clock time per decision (iterative deepening
    /// stops at the first check after the time is up), with a larger table. Its choices
    /// depend on the machine's speed and load, so they are not reproducible.
    pub fn with_time(budget: Duration, seed: u64) -> Self {
        let settings = AlphaBetaSettings {
            nodes: u32::MAX,
            max_depth: 96,
            table_bits: 20,
            ..AlphaBetaSettings::HARD
        };
        AlphaBetaBot {
            time: Some(budget),
            ..AlphaBetaBot::new(settings, seed)
        }
    }

    /// The settings.
    pub fn settings(&self) -> AlphaBetaSettings {
        self.settings
    }

    /// Whether a decision may be overridden by a table: an endgame table or a certificate
    /// (its own, or the installed ones the settings consult).
    fn consults_tables(&self) -> bool {
        self.endgame.is_some()
            || self.settings.endgame > 0
            || self.settings.certificates
            || !self.certificates.is_empty()
    }

    /// The search's ranking of the moves of the seat to move, best first, each with its score
    /// (the tables not consulted): `None` when no seat is to move.
    fn rank(&mut self, game: &State) -> Option<(Seat, Ranking)> {
        let (seat, legal) = decision(game)?;
        // The clock is read only for a time budget (wasm32 without WASI has none).
        let deadline = self.time.map(|t| Instant::now() + t);
        let size = 1usize << self.settings.table_bits.clamp(4, 26);
        if self.table.len() != size {
            self.table = vec![Entry::default(); size];
            self.generation = 0;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.table.fill(Entry::default());
            self.generation = 1;
        }
        let mut noise = [0i32; MAX_MOVES];
        if self.settings.noise > 0 {
            let mut rng = decision_rng(self.seed, game, seat);
            // Drawn in id order up to the highest legal id: the ones after it are never used,
            // and stopping early changes none of those before.
            let used = legal.iter().max().map_or(0, |&id| id as usize + 1);
            for n in noise.iter_mut().take(used) {
                *n = rng.below(self.settings.noise as u32 + 1) as i32;
            }
        }
        let mut s = Searcher {
            root: seat,
            table: &mut self.table,
            mask: size - 1,
            generation: self.generation,
            nodes: 0,
            budget: self.settings.nodes,
            deadline,
            aborted: false,
            quiescence: self.settings.quiescence,
            reduction: i32::from(self.settings.reduction),
            progress: self.settings.progress.clamp(0, 1 << 10),
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history: [[0; 20]; 2],
            path: [0; MAX_PLY],
            path_totals: [0; MAX_PLY],
            in_play: value_in_play(game),
        };
        s.path[0] = s.cycle_key(game, key(game).1);
        s.path_totals[0] = totals(game);
        // The root moves' children, and the moves in search order with their child's slot
        // and the score each got in the last iteration that searched it completely (sorted
        // without moving the children).
        let mut children: ArrayVec<State, MAX_MOVES> = ArrayVec::new();
        let mut root: ArrayVec<(u32, usize, i32, bool), MAX_MOVES> = ArrayVec::new();
        for &id in legal.iter().take(MAX_MOVES) {
            let Some(a) = Action::from_id(id) else {
                continue;
            };
            // Made in place (a position is a few hundred bytes).
            children.push(*game);
            let slot = children.len() - 1;
            let child = &mut children[slot];
            child.play_legal(a);
            let gain = material(child, seat) - material(game, seat);
            root.push((id, slot, gain, false));
        }
        // Best first: the material won at once.
        sort_best_first(&mut root, |r| r.2);
        for r in root.iter_mut() {
            r.2 = -INF;
        }
        let full_window = self.settings.noise > 0;
        let mut reached = 0u8;
        if root.len() > 1 {
            let mut scores: ArrayVec<(usize, i32), MAX_MOVES> = ArrayVec::new();
            for depth in 1..=i32::from(self.settings.max_depth.max(1)) {
                scores.clear();
                let mut alpha = -INF;
                let mut complete = true;
                for (i, &(_, slot, _, _)) in root.iter().enumerate() {
                    let child = &children[slot];
                    let v = if full_window || i == 0 {
                        -s.negamax(child, depth - 1, -INF, -alpha, 1)
                    } else {
                        let probe = -s.negamax(child, depth - 1, -alpha - 1, -alpha, 1);
                        if probe > alpha && !s.aborted {
                            -s.negamax(child, depth - 1, -INF, -alpha, 1)
                        } else {
                            probe
                        }
                    };
                    if s.aborted {
                        complete = false;
                        break;
                    }
                    scores.push((i, v));
                    if v > alpha {
                        alpha = v;
                    }
                }
                // Keep this iteration's scores if its first (previously best) move was
                // searched to the end: a move found better since is better for sure.
                if !scores.is_empty() {
                    for &(i, v) in &scores {
                        root[i].2 = v;
                        root[i].3 = true;
                    }
                    for r in root.iter_mut().skip(scores.len()) {
                        // Not reached in this iteration: below the best.
                        r.3 = false;
                    }
                    // Stable: equal scores keep the earlier order.
                    sort_best_first(&mut root, |r| {
                        if r.3 {
                            r.2 + if full_window { noise[r.0 as usize] } else { 0 }
                        } else {
                            -INF
                        }
                    });
                }
                if !complete {
                    break;
                }
                reached = depth as u8;
                // A decided game needs no deeper look once every move is scored exactly
                // (with a preference for progress the search goes on for a shorter end).
                if root[0].2.abs() > DECIDED && !full_window && depth > 2 && s.progress == 0 {
                    break;
                }
            }
        }
        self.last = (reached, s.nodes);
        Some((
            seat,
            root.iter().map(|&(id, _, score, _)| (id, score)).collect(),
        ))
    }

    /// The hints: the search's ranking, then the tables' moves first where they hold.
    fn search(&mut self, game: &State) -> Vec<Hint<Action>> {
        let Some((seat, ranking)) = self.rank(game) else {
            return Vec::new();
        };
        let mut hints: Vec<Hint<Action>> = ranking
            .iter()
            .filter_map(|&(id, score)| {
                Some(Hint {
                    action: Action::from_id(id)?,
                    score: to_unit(score),
                    visits: 0,
                    proven: None,
                })
            })
            .collect();
        self.apply_endgame(game, seat, &mut hints);
        self.apply_certificate(game, seat, &mut hints);
        // The search order is the ranking; make the scores agree with it.
        for i in 1..hints.len() {
            if hints[i].score > hints[i - 1].score {
                hints[i].score = hints[i - 1].score;
            }
        }
        hints
    }
}

/// Sorts `items` by `key`, largest first, equal keys in their order: a stable insertion
/// sort, as the lists are ten items at most and the library's sort is not inlined for them.
#[inline]
fn sort_best_first<T: Copy, const N: usize>(items: &mut ArrayVec<T, N>, key: impl Fn(&T) -> i32) {
    for i in 1..items.len() {
        let x = items[i];
        let kx = key(&x);
        let mut j = i;
        while j > 0 && key(&items[j - 1]) < kx {
            items[j] = items[j - 1];
            j -= 1;
        }
        items[j] = x;
    }
}

/// A score mapped to 0..1 for a hint: 0.5 for even, a decided game 0 or 1.
fn to_unit(score: i32) -> f64 {
    if score <= -INF {
        return 0.0;
    }
    if score > DECIDED {
        return 1.0;
    }
    if score < -DECIDED {
        return 0.0;
    }
    1.0 / (1.0 + exp(-f64::from(score) / 128.0))
}

impl Bot<State> for AlphaBetaBot {
    /// The first of [`hints`](Bot::hints); without a table to consult (the easy level), the
    /// search's best move, without scoring the others as hints.
    fn choose(&mut self, game: &State) -> Option<Action> {
        if self.consults_tables() {
            return self.hints(game).first().map(|h| h.action);
        }
        let (_, ranking) = self.rank(game)?;
        ranking.first().and_then(|&(id, _)| Action::from_id(id))
    }

    fn hints(&mut self, game: &State) -> Vec<Hint<Action>> {
        self.search(game)
    }
}

/// The running score of `seat`, counting a captured big stone at its value.
#[inline]
fn material(s: &State, seat: Seat) -> i32 {
    s.score(seat)
}

/// The evaluation of a position still in play, for the player to move, in sixteenths of a
/// stone: the score margin; the stones on each side (they come home at the end, but are
/// exposed until then); a refill the player could not pay.
pub(super) fn evaluate(s: &State, me: Seat) -> i32 {
    evaluate_with(s, me, scores(s))
}

/// Both seats' scores, seat 0's first.
#[inline]
fn scores(s: &State) -> [i32; 2] {
    [s.score(Seat(0)), s.score(Seat(1))]
}

/// [`evaluate`] with the scores already counted ([`scores`]).
#[inline]
fn evaluate_with(s: &State, me: Seat, scores: [i32; 2]) -> i32 {
    let op = Seat(1 - (me.0 & 1));
    let mut v = 16 * (scores[usize::from(me.0 & 1)] - scores[usize::from(op.0)]);
    let (side_me, side_op) = (s.side_stones(me) as i32, s.side_stones(op) as i32);
    v += 8 * (side_me - side_op);
    let config = s.config();
    if config.refill != Refill::BorrowAsDebt {
        // A side about to run dry with nothing to refill it from loses the game.
        let need = 5 * i32::from(config.refill_amount_per_square);
        let pay = |seat: Seat| match config.refill {
            Refill::PayFromScore => scores[usize::from(seat.0 & 1)],
            _ => s.captured_dan(seat),
        };
        if pay(me) < need && side_me <= 2 {
            v -= 16 * 8 * (3 - side_me);
        }
        if pay(op) < need && side_op <= 2 {
            v += 16 * 8 * (3 - side_op);
        }
    }
    v
}

/// The exact score of a finished game for `mover`, the player who would move, `ply` plies
/// from the root: a win is worth more the sooner and the wider it is, each ply costing
/// `ply_cost` (at least 1).
fn terminal(s: &State, mover: Seat, ply: i32, ply_cost: i32) -> i32 {
    let margin = s.final_scores().map_or(0, |t| {
        t[usize::from(mover.0 & 1)] - t[usize::from(1 - (mover.0 & 1))]
    });
    let distance = ply * ply_cost.max(1);
    match s.winner() {
        Some(w) if w == mover => WIN + 16 * margin.max(0) - distance,
        Some(_) => -WIN + 16 * margin.min(0) + distance,
        None => 0,
    }
}

/// Two 64-bit keys: of everything the game's future depends on (the board, the big
/// stones, the captured piles, the player to move, the plies left when the cap is near, and
/// the remembered positions under a repetition rule), for the table; and of the position
/// alone (without the plies left), to find cycles.
fn key(s: &State) -> (u64, u64) {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = 0u64;
    let mix = |h: u64, x: u64| (h ^ x).wrapping_mul(K).rotate_left(29);
    let b = s.board();
    for chunk in b.chunks(4) {
        let mut w = 0u64;
        for (i, &d) in chunk.iter().enumerate() {
            w |= u64::from(d) << (16 * i);
        }
        h = mix(h, w);
    }
    let code = |x: BigStone| match x {
        BigStone::OnBoard => 1u64,
        BigStone::CapturedBy { seat: s } => 2 + u64::from(s.0),
        BigStone::Absent => 0,
    };
    let big = s.big_stones();
    let to_move = s.turn().unwrap_or(Seat(2));
    h = mix(
        h,
        code(big[0])
            | code(big[1]) << 8
            | u64::from(to_move.0) << 16
            | u64::from(s.captured_dan(Seat(0)) as u32) << 32,
    );
    h = mix(h, u64::from(s.captured_dan(Seat(1)) as u32));
    if s.config().repetition_limit.is_some() {
        h = mix(h, s.state_hash());
    }
    let left = s.config().ply_cap().saturating_sub(s.ply());
    (mix(h, u64::from(left.min(255))), h)
}

/// A key of the position as the repetition rule sees it (OAQ-A13): the dân of each cell,
/// where the big stones are and the player to move, without the captured piles.
fn board_key(s: &State) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mix = |h: u64, x: u64| (h ^ x).wrapping_mul(K).rotate_left(29);
    let mut h = 0u64;
    for chunk in s.board().chunks(4) {
        let mut w = 0u64;
        for (i, &d) in chunk.iter().enumerate() {
            w |= u64::from(d) << (16 * i);
        }
        h = mix(h, w);
    }
    let code = |x: BigStone| match x {
        BigStone::OnBoard => 1u64,
        BigStone::CapturedBy { seat: s } => 2 + u64::from(s.0),
        BigStone::Absent => 0,
    };
    let big = s.big_stones();
    let to_move = s.turn().unwrap_or(Seat(2));
    mix(
        h,
        code(big[0]) | code(big[1]) << 8 | u64::from(to_move.0) << 16,
    )
}

/// The value on the board (dân, and the big stones at the quan value) and in both scores:
/// the same after every move (captures and refills move it between the board and the piles).
fn value_in_play(s: &State) -> i32 {
    let quan = i32::from(s.config().quan_value);
    let board: i32 = s.board().iter().map(|&d| i32::from(d)).sum();
    let big = s.big_stones();
    let on_board = big.iter().filter(|b| **b == BigStone::OnBoard).count() as i32;
    let [a, b] = scores(s);
    board + quan * on_board + a + b
}

/// Seat 0's total minus seat 1's as a cap would count them (scores and stones on one's own
/// side), in stones.
fn totals(s: &State) -> i32 {
    let total = |p: Seat| s.score(p) + s.side_stones(p) as i32;
    total(Seat(0)) - total(Seat(1))
}

/// The value for `me` of a cycle the game may go round until the ply cap: the totals as a
/// cap would count them (or even, where a cap is a draw).
fn cap_value(s: &State, me: Seat) -> i32 {
    if s.config().on_cap == CapResolution::Draw {
        return 0;
    }
    let op = Seat(1 - (me.0 & 1));
    let total = |p: Seat| s.score(p) + s.side_stones(p) as i32;
    16 * (total(me) - total(op))
}

struct Searcher<'a> {
    root: Seat,
    table: &'a mut [Entry],
    mask: usize,
    generation: u16,
    nodes: u32,
    budget: u32,
    deadline: Option<Instant>,
    aborted: bool,
    quiescence: u8,
    reduction: i32,
    /// [`AlphaBetaSettings::progress`].
    progress: i32,
    killers: [[u8; 2]; MAX_PLY],
    history: [[i32; 20]; 2],
    /// The position keys of the line being searched, by ply ([`Searcher::cycle_key`]).
    path: [u64; MAX_PLY],
    /// The totals of the line being searched, by ply ([`totals`]).
    path_totals: [i32; MAX_PLY],
    /// The root's [`value_in_play`], every position's.
    in_play: i32,
}

impl Searcher<'_> {
    /// The player to move `ply` plies below the root (every ply passes the turn).
    #[inline]
    fn mover(&self, ply: i32) -> Seat {
        Seat(self.root.0 ^ (ply & 1) as u8)
    }

    /// The exact score of the finished game `s` for its player to move, `ply` plies below
    /// the root: [`terminal`] without a preference for progress, else
    /// [`Searcher::decided`] with the game's winner and final totals, a draw by repetition
    /// or the ply cap counting [`Searcher::contempt`] against the root.
    fn end_value(&self, s: &State, ply: i32) -> i32 {
        let mover = self.mover(ply);
        if self.progress == 0 {
            return terminal(s, mover, ply, 1);
        }
        let winner = s.winner();
        if winner.is_none() {
            if matches!(
                s.end_reason(),
                Some(EndReason::Repetition | EndReason::MoveCap)
            ) {
                return self.contempt(mover, 0);
            }
            return 0;
        }
        let margin = s.final_scores().map_or(0, |t| t[0] - t[1]);
        self.decided(winner, margin, ply)
    }

    /// The value, for the player to move `ply` plies below the root, of a game decided for
    /// `winner` with seat 0's total `margin` stones ahead of seat 1's: a win or a loss is
    /// worth more the wider (or the narrower) it is, and a win of the root player costs
    /// [`AlphaBetaSettings::progress`] per ply, so the bot ends a won game rather than go
    /// round widening its margin; a lost one it plays for the narrowest loss, however long,
    /// rather than give up stones ply after ply to put the end beyond its horizon.
    fn decided(&self, winner: Option<Seat>, margin: i32, ply: i32) -> i32 {
        let Some(w) = winner else {
            return 0;
        };
        let for_root = if self.root.0 & 1 == 0 {
            margin
        } else {
            -margin
        };
        let v = if w == self.root {
            WIN + 16 * for_root.max(0) - self.progress * ply
        } else {
            -WIN + 16 * for_root.min(0)
        };
        if self.mover(ply) == self.root {
            v
        } else {
            -v
        }
    }

    /// With a preference for progress, under borrowing (where a player in debt refills from
    /// borrowed stones again and again, and the game can go on until the ply cap): whether
    /// the game is decided in all but name, the player behind unable to catch up even by
    /// capturing every point on the board; its value as [`Searcher::decided`] gives it, the
    /// totals as they are. Such a position is worth what ending the game now would be, so
    /// the side behind prefers a quick end to a long line that costs it a refill every few
    /// plies (and that the horizon would hide).
    #[inline]
    fn hopeless(&self, s: &State, ply: i32, scores: [i32; 2]) -> Option<i32> {
        if self.progress == 0 || s.config().refill != Refill::BorrowAsDebt {
            return None;
        }
        // Every move keeps the value in play (the board's, both scores) as it was at the
        // root: captures and refills move stones between the board and the piles. So the
        // board's value is what the scores leave of it, without counting the board.
        let [a, b] = scores;
        let board = self.in_play - a - b;
        debug_assert_eq!(board, value_in_play(s) - a - b);
        let winner = if a + board < b {
            Seat(1)
        } else if b + board < a {
            Seat(0)
        } else {
            return None;
        };
        Some(self.decided(Some(winner), totals(s), ply))
    }

    /// `value` for `mover` of a repetition (a cycle on the line, or a game stopped by going
    /// round): a quarter of [`AlphaBetaSettings::progress`] less for the root player (more
    /// for the other), so the bot prefers progress to repeating at equal scores.
    #[inline]
    fn contempt(&self, mover: Seat, value: i32) -> i32 {
        let c = self.progress / 4;
        if mover == self.root {
            value - c
        } else {
            value + c
        }
    }

    /// The key by which the search finds cycles: `position` (the second of [`key`]) without a
    /// preference for progress, else the board alone ([`board_key`]).
    #[inline]
    fn cycle_key(&self, s: &State, position: u64) -> u64 {
        if self.progress == 0 {
            position
        } else {
            board_key(s)
        }
    }

    /// Count one generated position; false once the budget is spent.
    #[inline]
    fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.budget {
            self.aborted = true;
        } else if self.nodes & 1023 == 0 {
            // The clock is read every 1,024 positions, and only for a time budget.
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
            }
        }
        !self.aborted
    }

    fn probe(&self, k: u64) -> Option<Entry> {
        let e = self.table[k as usize & self.mask];
        (e.key == k && e.generation == self.generation).then_some(e)
    }

    fn store(&mut self, k: u64, depth: i32, score: i32, bound: u8, best: u8) {
        let slot = &mut self.table[k as usize & self.mask];
        let depth = depth.clamp(0, 255) as u8;
        if slot.generation == self.generation && slot.key != k && slot.depth > depth + 2 {
            return;
        }
        *slot = Entry {
            key: k,
            score,
            generation: self.generation,
            depth,
            packed: bound << 6 | best.min(63),
        };
    }

    /// Negamax with alpha-beta and principal-variation search: the value of `s` for its
    /// player to move, `ply` plies below the root.
    fn negamax(&mut self, s: &State, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if s.is_over() {
            return self.end_value(s, ply);
        }
        if depth <= 0 {
            return self.quiesce(s, alpha, beta, ply, i32::from(self.quiescence));
        }
        let (k, position) = key(s);
        // A position met before on this line, with the same player to move: the game can
        // go round this cycle until the ply cap, which then counts the stones as they are.
        // With a preference for progress the position is the board alone (as the repetition
        // rule sees it: a cycle may move stones from one captured pile to the other, as a
        // player in debt refills again and again) and going round gains nothing: the cycle
        // is worth the totals it started from, less the contempt for repeating.
        let p = (ply as usize).min(MAX_PLY - 1);
        // Only a node with an ancestor two plies up looks for a cycle, and only a node with
        // searched descendants two plies down (depth 3 or more) is looked back at: the
        // shallow nodes of the easy level skip the key.
        let mut back = if p >= 2 || depth >= 3 { p } else { 0 };
        let position = if back > 0 {
            let position = self.cycle_key(s, position);
            self.path[p] = position;
            self.path_totals[p] = totals(s);
            position
        } else {
            0
        };
        while back >= 2 {
            back -= 2;
            if self.path[back] == position {
                let mover = self.mover(ply);
                if self.progress == 0 {
                    return cap_value(s, mover);
                }
                let start = self.path_totals[back];
                let value = if s.config().on_cap == CapResolution::Draw {
                    0
                } else if mover.0 & 1 == 0 {
                    16 * start
                } else {
                    -16 * start
                };
                return self.contempt(mover, value);
            }
        }
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.probe(k) {
            let best = e.packed & 63;
            if best != 63 {
                tt_move = best;
            }
            if i32::from(e.depth) >= depth {
                let bound = e.packed >> 6;
                if bound == EXACT
                    || (bound == LOWER && e.score >= beta)
                    || (bound == UPPER && e.score <= alpha)
                {
                    return e.score;
                }
            }
        }
        let me = self.mover(ply);
        let legal = s.legal_mask().0;
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        let mut searched = 0;
        // The table's move first, before the others are even generated: it often cuts.
        if tt_move != NO_MOVE && legal.checked_shr(u32::from(tt_move)).unwrap_or(0) & 1 == 1 {
            if let Some(child) = self.child(s, tt_move) {
                let v = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                if self.aborted {
                    return 0;
                }
                searched = 1;
                best = v;
                best_move = tt_move;
                alpha = alpha.max(v);
                if alpha >= beta {
                    self.reward(ply, me, tt_move, depth);
                    self.store(k, depth, best, LOWER, best_move);
                    return best;
                }
            }
        }
        let before = material(s, me);
        // The children are made in place and sorted by their small keys (order, move, slot):
        // a position is a few hundred bytes, and moving it costs more than the move.
        let mut children: ArrayVec<State, 10> = ArrayVec::new();
        let mut kids: ArrayVec<(i32, u8, u8), 10> = ArrayVec::new();
        for id8 in ids(legal) {
            if id8 == tt_move {
                continue;
            }
            if children.is_full() {
                break;
            }
            children.push(*s);
            let last = children.len() - 1;
            if !self.play(&mut children[last], id8) {
                children.pop();
                if self.aborted {
                    return 0;
                }
                continue;
            }
            let gain = material(&children[last], me) - before;
            let [k0, k1] = self.killers[p];
            let killer = if id8 == k0 || id8 == k1 { 1 << 20 } else { 0 };
            let order =
                (gain << 24) + killer + self.history[usize::from(me.0 & 1)][usize::from(id8)];
            kids.push((order, id8, last as u8));
        }
        sort_best_first(&mut kids, |k| k.0);
        // Children at the horizon without a capture search have a value whatever the window:
        // one look each, no null-window probe to confirm.
        let exact_children = depth == 1 && self.quiescence == 0;
        for (i, &(order, id, slot)) in kids.iter().enumerate() {
            let child = &children[usize::from(slot)];
            // Late moves that win nothing at once are searched a ply shallower first.
            let reduce = if self.reduction > 0 && depth >= 3 && i >= 2 && order < 1 << 20 {
                self.reduction
            } else {
                0
            };
            let v = if exact_children {
                -self.leaf(child, ply + 1)
            } else if searched == 0 {
                -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let mut probe =
                    -self.negamax(child, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1);
                if reduce > 0 && probe > alpha && !self.aborted {
                    probe = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if probe > alpha && probe < beta && !self.aborted {
                    -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                return 0;
            }
            searched += 1;
            if v > best {
                best = v;
                best_move = id;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                self.reward(ply, me, id, depth);
                break;
            }
        }
        let bound = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.store(k, depth, best, bound, best_move);
        best
    }

    /// The position after move `id`, counted against the budget.
    #[inline]
    fn child(&mut self, s: &State, id: u8) -> Option<State> {
        let mut c = *s;
        self.play(&mut c, id).then_some(c)
    }

    /// Plays move `id`, one of the position's legal actions, on `c` (a copy of the
    /// position), counted against the budget: false when the search must stop.
    #[inline]
    fn play(&mut self, c: &mut State, id: u8) -> bool {
        match Action::from_id(u32::from(id)) {
            Some(a) => {
                c.play_legal(a);
                self.spend()
            }
            None => false,
        }
    }

    /// A move that cut: remember it as a killer and in the history.
    fn reward(&mut self, ply: i32, me: Seat, id: u8, depth: i32) {
        let p = (ply as usize).min(MAX_PLY - 1);
        if self.killers[p][0] != id {
            self.killers[p][1] = self.killers[p][0];
            self.killers[p][0] = id;
        }
        let h = &mut self.history[usize::from(me.0 & 1)][usize::from(id)];
        *h = (*h + depth * depth).min(1 << 19);
    }

    /// The value of `s` for its player to move at the horizon with no capture search: what
    /// `negamax` at depth 0 returns with [`AlphaBetaSettings::quiescence`] 0, whatever the
    /// window.
    #[inline]
    fn leaf(&self, s: &State, ply: i32) -> i32 {
        if s.is_over() {
            return self.end_value(s, ply);
        }
        // The scores counted once for both.
        let scores = scores(s);
        if let Some(v) = self.hopeless(s, ply, scores) {
            return v;
        }
        evaluate_with(s, self.mover(ply), scores)
    }

    /// Stand pat, or a move that captures: the value of `s` for its player to move.
    fn quiesce(&mut self, s: &State, mut alpha: i32, beta: i32, ply: i32, left: i32) -> i32 {
        let scores = scores(s);
        if let Some(v) = self.hopeless(s, ply, scores) {
            return v;
        }
        let me = self.mover(ply);
        let stand = evaluate_with(s, me, scores);
        if stand >= beta || left <= 0 {
            return stand;
        }
        if stand > alpha {
            alpha = stand;
        }
        let mut best = stand;
        let legal = s.legal_mask().0;
        let before = material(s, me);
        // Made in place and sorted by key, as in `negamax`; only captures and ends are kept.
        let mut children: ArrayVec<State, 10> = ArrayVec::new();
        let mut kids: ArrayVec<(i32, u8), 10> = ArrayVec::new();
        for id in ids(legal) {
            if children.is_full() {
                break;
            }
            children.push(*s);
            let last = children.len() - 1;
            if !self.play(&mut children[last], id) {
                children.pop();
                if self.aborted {
                    return 0;
                }
                continue;
            }
            let gain = material(&children[last], me) - before;
            if gain > 0 || children[last].is_over() {
                kids.push((gain, last as u8));
            } else {
                children.pop();
            }
        }
        sort_best_first(&mut kids, |k| k.0);
        for &(_, slot) in kids.iter() {
            let child = &children[usize::from(slot)];
            let v = if child.is_over() {
                -self.end_value(child, ply + 1)
            } else {
                -self.quiesce(child, -beta, -alpha, ply + 1, left - 1)
            };
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ActionList;
    use crate::game::NoEvents;

    /// Plain minimax to a fixed depth, no pruning, no table: the reference.
    fn minimax(s: &State, depth: i32, ply: i32, root: Seat) -> i32 {
        let me = Seat(root.0 ^ (ply & 1) as u8);
        if s.is_over() {
            return terminal(s, me, ply, 1);
        }
        if depth == 0 {
            return evaluate(s, me);
        }
        let mut legal = ActionList::new();
        s.legal_actions(&mut legal);
        let mut best = -INF;
        for &id in &legal {
            let mut c = *s;
            c.apply(Action::from_id(id).unwrap(), &mut NoEvents)
                .unwrap();
            best = best.max(-minimax(&c, depth - 1, ply + 1, root));
        }
        best
    }

    #[test]
    fn the_search_finds_the_minimax_value() {
        use crate::GameRng;
        let mut rng = GameRng::new(3);
        let mut checked = 0;
        for config in [
            super::super::Config::default(),
            super::super::Config::no_borrowing(),
        ] {
            for _ in 0..6 {
                let mut s = State::new(config).unwrap();
                for _ in 0..rng.below(30) {
                    let mut legal = ActionList::new();
                    s.legal_actions(&mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let id = legal[rng.below(legal.len() as u32) as usize];
                    s.apply(Action::from_id(id).unwrap(), &mut NoEvents)
                        .unwrap();
                }
                let Some(root) = s.turn() else {
                    continue;
                };
                let depth = 4;
                let mut table = vec![Entry::default(); 1 << 12];
                let mut search = Searcher {
                    root,
                    table: &mut table,
                    mask: (1 << 12) - 1,
                    generation: 1,
                    nodes: 0,
                    budget: u32::MAX,
                    deadline: None,
                    aborted: false,
                    quiescence: 0,
                    reduction: 0,
                    progress: 0,
                    killers: [[NO_MOVE; 2]; MAX_PLY],
                    history: [[0; 20]; 2],
                    path: [0; MAX_PLY],
                    path_totals: [0; MAX_PLY],
                    in_play: value_in_play(&s),
                };
                // Iterative deepening fills the table as the bot does.
                let mut v = 0;
                for d in 1..=depth {
                    v = search.negamax(&s, d, -INF, INF, 0);
                }
                assert_eq!(v, minimax(&s, depth, 0, root), "{s}");
                checked += 1;
            }
        }
        assert!(checked >= 8);
    }

    #[test]
    fn keys_tell_the_player_to_move_apart() {
        let s = State::new(Default::default()).unwrap();
        let mut t = s;
        t.apply(Action::from_id(0).unwrap(), &mut NoEvents).unwrap();
        assert_ne!(key(&s), key(&t));
        assert_ne!(key(&s).1, key(&t).1);
    }
}
