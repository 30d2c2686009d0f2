//! Endgame tables: exact values of positions with few small stones on the board.
//!
//! Under `refill: BorrowAsDebt` (OAQ-S8, OAQ-C7) the future of a game depends only on the
//! board (the dân of the 12 cells and where the big stones are) and the player to move: the
//! captured piles only add to the totals. A table covers every such position with at most
//! `N` dân on the board ([`EndgameTable::build`]), under one rule set.
//!
//! **What a value is.** A refill puts stones back on the board (paid by a debt), so the
//! number of stones is not monotone, and the side ahead can sometimes make the other refill
//! again and again, widening its margin for as long as the ply cap allows. So a position has
//! no single value independent of the plies left. The table stores, for the player to move,
//! the **future margin**: its captures from now on (a big stone at `quan_value`), minus the
//! refills it pays, plus the stones on its side at the end, minus the same for the opponent.
//! It is computed by synchronous passes, pass `k` meaning "within `k` plies":
//!
//! * `F_k(p)`, the margin the mover can force with the game ended (by the rules' own end, not
//!   the ply cap) within `k` plies (−∞ if it cannot);
//! * `H_k(p)`, the margin the opponent can hold the mover to with the game ended within `k`
//!   plies (+∞ if it cannot);
//!
//! with `F_k = max_a (r_a − H_{k−1}(q_a))` and `H_k = max_a (r_a − F_{k−1}(q_a))`, where `r_a`
//! is what move `a` itself gains for the mover (captures, the opponent's refill, the final
//! count if the move ends the game) and `q_a` the position after it. A successor with more
//! than `N` stones is unknown (`F = −∞`, `H = +∞`). `F` only rises and `H` only falls; `F`
//! is kept at most 127 and `H` at least −127 (a weaker claim, still true), so the passes
//! stop. A position is **solved** when `F = H = v`; its **depth** `d` is the first pass at
//! which both were `v`. Then with at least `d` plies left before the cap the value of the
//! position is exactly `v`: the mover has a strategy that ends the game within `d` plies
//! with a margin of at least `v`, the opponent one that ends it within `d` plies with at
//! most `v`, so the cap is never reached and neither side can do better.
//!
//! Positions are ranked by stars and bars (the dân of 12 cells with a sum at most `N`), times
//! the states of the two big stones, times the player to move. Under rules that look the same
//! from both sides (all but `Leftover::Split` at a `BothBigStonesCaptured` end, where an odd
//! stone goes to A) a position with B to move is stored as its 180° rotation with A to move,
//! which halves the table. Every successor is computed once with the engine's own move, so
//! every variant the engine plays is covered.
//!
//! A table is 2 bytes a position (the value and the depth); [`EndgameTable::save`] and
//! [`EndgameTable::load`] write and read it with its rules, and [`shared_table`] builds small
//! tables once per process for the bots.

use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use super::action::Action;
use super::config::{CapResolution, Config, EndCondition, Leftover, MatchMode, Refill};
use super::state::{BigStone, State, CELLS};
use crate::game::{Action as _, ActionList, Game, NoEvents, Seat};

/// The largest number of stones a table may cover: the size of the table grows as
/// `C(N + 12, 12)` (about 77 million positions at 14 stones, 1.1 billion at 20).
pub const MAX_TABLE_STONES: u8 = 20;

/// The first bytes of a table file.
pub const TABLE_MAGIC: [u8; 8] = *b"DGOAQEGT";

/// The version of the table file format.
pub const TABLE_VERSION: u16 = 1;

/// The stored value of an unsolved position.
const UNSOLVED: i8 = i8::MIN;
/// The bound on stored margins (a weaker claim beyond it).
const CLAMP: i16 = 127;
/// `F` not yet known (−∞).
const NEG: i16 = i16::MIN;
/// `H` not yet known (+∞).
const POS: i16 = i16::MAX;
/// A move that ends the game.
const TERMINAL: u32 = u32::MAX;
/// A move to a position with more than `N` stones.
const OUTSIDE: u32 = u32::MAX - 1;

/// A solved, covered position: its exact future margin for the player to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableEntry {
    /// The future margin of the player to move (see the module docs): what it will gain from
    /// now on minus what the opponent gains, under best play by both.
    pub margin: i32,
    /// The plies within which both players can force that result and the end of the game.
    pub depth: u32,
}

/// Why a table cannot be built or read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// The rules are ones the table cannot cover (see [`EndgameTable::supports`]).
    Unsupported(String),
    /// The table would be too large.
    TooLarge(String),
    /// The bytes are not a valid table.
    Corrupt(String),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Unsupported(m) => write!(f, "rules not covered by an endgame table: {m}"),
            TableError::TooLarge(m) => write!(f, "endgame table too large: {m}"),
            TableError::Corrupt(m) => write!(f, "not a valid endgame table: {m}"),
        }
    }
}

impl std::error::Error for TableError {}

/// Figures of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableStats {
    /// Index entries (every board, big-stone state and player to move the ranking counts).
    pub entries: u64,
    /// Positions that can occur with a player to move (their own side not empty, the game not
    /// over).
    pub positions: u64,
    /// Solved positions.
    pub solved: u64,
    /// The largest depth of a solved position.
    pub max_depth: u32,
    /// How many solved positions have each margin, smallest margin first.
    pub values: Vec<(i32, u64)>,
    /// Successor links computed while building (0 for a loaded table).
    pub links: u64,
    /// Synchronous passes the build took (0 for a loaded table).
    pub passes: u32,
    /// The bytes the table's values and depths take.
    pub bytes: u64,
}

/// The exact table of small endgames under one rule set (see the module docs).
#[derive(Clone, PartialEq, Eq)]
pub struct EndgameTable {
    config: Config,
    layout: Layout,
    positions: u64,
    values: Vec<i8>,
    depths: Vec<u8>,
    links: u64,
    passes: u32,
}

impl fmt::Debug for EndgameTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EndgameTable")
            .field("max_stones", &self.layout.n)
            .field("entries", &self.values.len())
            .finish_non_exhaustive()
    }
}

/// How positions are numbered.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Layout {
    n: usize,
    /// States of one big stone: 1 (none), 2 (on the board or not), 3 (on the board, or
    /// captured by A or by B, when the captor gets the leftovers).
    k: usize,
    /// 1 when B-to-move positions are stored rotated, else 2.
    seats: usize,
    /// Boards: `C(n + 12, 12)`.
    boards: usize,
    /// `w[c][r]` = vectors of `c` cells with a sum at most `r` = `C(r + c, c)`.
    w: Vec<Vec<u64>>,
}

impl Layout {
    fn new(config: &Config, n: usize) -> Layout {
        let k = if !config.has_big_stones() {
            1
        } else if config.end_condition == EndCondition::BothBigStonesCaptured
            && config.leftover_in_quan_squares == Leftover::ToQuanCaptor
        {
            3
        } else {
            2
        };
        let seats = if symmetric(config) { 1 } else { 2 };
        let mut w = vec![vec![0u64; n + 1]; CELLS + 2];
        for (c, row) in w.iter_mut().enumerate() {
            for (r, x) in row.iter_mut().enumerate() {
                *x = binomial((r + c) as u64, c as u64);
            }
        }
        let boards = w[CELLS][n] as usize;
        Layout {
            n,
            k,
            seats,
            boards,
            w,
        }
    }

    fn len(&self) -> u64 {
        (self.seats * self.k * self.k) as u64 * self.boards as u64
    }

    fn rank_board(&self, dan: &[u16; CELLS]) -> Option<usize> {
        let mut r = self.n;
        let mut idx = 0u64;
        for (i, &x) in dan.iter().enumerate() {
            let x = usize::from(x);
            if x > r {
                return None;
            }
            let c = CELLS - 1 - i;
            idx += self.w[c + 1][r] - self.w[c + 1][r - x];
            r -= x;
        }
        Some(idx as usize)
    }

    fn unrank_board(&self, mut idx: u64) -> [u16; CELLS] {
        let mut dan = [0u16; CELLS];
        let mut r = self.n;
        for (i, d) in dan.iter_mut().enumerate() {
            let c = CELLS - 1 - i;
            let mut x = 0;
            while idx >= self.w[c][r - x] {
                idx -= self.w[c][r - x];
                x += 1;
            }
            *d = x as u16;
            r -= x;
        }
        dan
    }

    fn big_code(&self, b: BigStone) -> usize {
        match (self.k, b) {
            (1, _) | (_, BigStone::OnBoard) | (_, BigStone::Absent) => 0,
            (2, _) => 1,
            (_, BigStone::CapturedBy { seat }) => 1 + usize::from(seat.0 & 1),
        }
    }

    fn big_stone(&self, code: usize) -> BigStone {
        match (self.k, code) {
            (1, _) => BigStone::Absent,
            (_, 0) => BigStone::OnBoard,
            (2, _) | (_, 1) => BigStone::CapturedBy { seat: Seat(0) },
            _ => BigStone::CapturedBy { seat: Seat(1) },
        }
    }

    /// The index of a position (rotated to A to move when the layout has one seat), or `None`
    /// with more than `n` stones on the board.
    fn index(&self, dan: &[u16; CELLS], big: [BigStone; 2], mover: Seat) -> Option<usize> {
        let (dan, big, seat) = if self.seats == 1 && mover.0 == 1 {
            let (d, b) = rotate(dan, big);
            (d, b, 0)
        } else {
            (*dan, big, usize::from(mover.0 & 1))
        };
        let board = self.rank_board(&dan)?;
        let combo = self.big_code(big[0]) * self.k + self.big_code(big[1]);
        Some((seat * self.k * self.k + combo) * self.boards + board)
    }

    /// The position at `index`: board, big stones, player to move.
    fn position(&self, index: usize) -> ([u16; CELLS], [BigStone; 2], Seat) {
        let board = index % self.boards;
        let rest = index / self.boards;
        let combo = rest % (self.k * self.k);
        let seat = rest / (self.k * self.k);
        let big = [
            self.big_stone(combo / self.k),
            self.big_stone(combo % self.k),
        ];
        (self.unrank_board(board as u64), big, Seat(seat as u8))
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    let mut r = 1u64;
    for i in 0..k {
        r = r * (n - i) / (i + 1);
    }
    r
}

/// The board turned 180°: B's squares become A's, the right quan square the left one.
fn rotate(dan: &[u16; CELLS], big: [BigStone; 2]) -> ([u16; CELLS], [BigStone; 2]) {
    let mut d = [0u16; CELLS];
    for (i, x) in d.iter_mut().enumerate() {
        *x = dan[(i + 6) % CELLS];
    }
    let turn = |b: BigStone| match b {
        BigStone::CapturedBy { seat } => BigStone::CapturedBy {
            seat: Seat(1 - (seat.0 & 1)),
        },
        other => other,
    };
    (d, [turn(big[1]), turn(big[0])])
}

/// Whether the rules look the same from both sides, so that a position and its 180°
/// rotation with the other player to move have the same value.
fn symmetric(config: &Config) -> bool {
    !(config.end_condition == EndCondition::BothBigStonesCaptured
        && config.leftover_in_quan_squares == Leftover::Split)
}

/// The rules a table is keyed by: `config` without the options that cannot change a
/// covered position's value (the ply cap, what happens at the cap, who starts).
fn key_config(config: &Config) -> Config {
    Config {
        max_plies: None,
        on_cap: CapResolution::default(),
        first_player: Seat(0),
        ..*config
    }
}

/// The margin so far for `mover`: the score difference, or the final difference once the
/// game is over.
fn margin(s: &State, mover: Seat) -> i32 {
    let (me, op) = (usize::from(mover.0 & 1), usize::from(1 - (mover.0 & 1)));
    match s.final_scores() {
        Some(t) => t[me] - t[op],
        None => s.score(mover) - s.score(Seat(op as u8)),
    }
}

fn board_total(s: &State) -> usize {
    s.dan.iter().map(|&d| usize::from(d)).sum()
}

/// One legal move of a position with what the table knows of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub action: Action,
    /// What the move itself gains for the mover (captures, the opponent's refill, the final
    /// count if it ends the game).
    pub gain: i32,
    /// The mover's exact future margin after this move (its gain minus the value of the
    /// position it leaves to the opponent) and the plies within which the game then ends, when
    /// the move ends the game or leaves a covered position; `None` otherwise.
    pub value: Option<TableEntry>,
}

impl EndgameTable {
    /// Whether a table can cover `config`: a valid config with `refill: BorrowAsDebt`, no
    /// `repetition_limit`, `match_mode: SingleGame` and `forbid_quan_capture_on_first_move`
    /// off (under the others the future depends on more than the board).
    ///
    /// # Errors
    /// [`TableError::Unsupported`] saying which option is in the way.
    pub fn supports(config: &Config) -> Result<(), TableError> {
        config
            .validate()
            .map_err(|e| TableError::Unsupported(e.to_string()))?;
        if config.refill != Refill::BorrowAsDebt {
            return Err(TableError::Unsupported(
                "refill must be borrow_as_debt".into(),
            ));
        }
        if config.repetition_limit.is_some() {
            return Err(TableError::Unsupported(
                "repetition_limit must be null".into(),
            ));
        }
        if config.match_mode != MatchMode::SingleGame {
            return Err(TableError::Unsupported(
                "match_mode must be single_game".into(),
            ));
        }
        if config.forbid_quan_capture_on_first_move {
            return Err(TableError::Unsupported(
                "forbid_quan_capture_on_first_move must be false".into(),
            ));
        }
        Ok(())
    }

    /// Builds the table of every position with at most `max_stones` dân on the board under
    /// `config` (its ply cap, `on_cap` and `first_player` do not matter). Single-threaded;
    /// memory about 13 bytes a position while building, 2 after.
    ///
    /// # Errors
    /// [`TableError::Unsupported`] for rules a table cannot cover, [`TableError::TooLarge`]
    /// above [`MAX_TABLE_STONES`].
    pub fn build(config: &Config, max_stones: u8) -> Result<EndgameTable, TableError> {
        EndgameTable::build_with(config, max_stones, true)
    }

    /// [`EndgameTable::build`], with the 180° rotation used or not (`symmetry: false` stores
    /// both players to move; the values are the same, the table twice as large). For tests.
    ///
    /// # Errors
    /// As [`EndgameTable::build`].
    #[doc(hidden)]
    pub fn build_with(
        config: &Config,
        max_stones: u8,
        symmetry: bool,
    ) -> Result<EndgameTable, TableError> {
        EndgameTable::supports(config)?;
        if max_stones > MAX_TABLE_STONES {
            return Err(TableError::TooLarge(format!(
                "{max_stones} stones; at most {MAX_TABLE_STONES}"
            )));
        }
        let config = key_config(config);
        let mut layout = Layout::new(&config, usize::from(max_stones));
        if !symmetry {
            layout.seats = 2;
        }
        let len = layout.len();
        if len >= u64::from(OUTSIDE) {
            return Err(TableError::TooLarge(format!("{len} positions")));
        }
        let len = len as usize;
        let template = State::new(config).map_err(|e| TableError::Unsupported(e.to_string()))?;
        let total_dan = i32::from(config.total_dan());

        // Every successor, once.
        let mut offsets: Vec<u32> = Vec::with_capacity(len + 1);
        let mut succ: Vec<u32> = Vec::with_capacity(len * 4);
        let mut gain: Vec<i16> = Vec::with_capacity(len * 4);
        let mut legal = ActionList::new();
        let mut positions = 0u64;
        offsets.push(0);
        for index in 0..len {
            let (dan, big, mover) = layout.position(index);
            let mut s = template;
            s.dan = dan;
            s.big = big;
            s.to_move = mover;
            let board: i32 = dan.iter().map(|&d| i32::from(d)).sum();
            s.cap_dan = [total_dan - board, 0];
            if !s.side_is_empty(mover) && !s.end_condition_met() {
                positions += 1;
                let before = margin(&s, mover);
                s.legal_actions(&mut legal);
                for &id in legal.iter() {
                    let Some(a) = Action::from_id(id) else {
                        continue;
                    };
                    let mut child = s;
                    if child.apply(a, &mut NoEvents).is_err() {
                        continue;
                    }
                    let r = margin(&child, mover) - before;
                    let to = if child.end.is_some() {
                        TERMINAL
                    } else if board_total(&child) > layout.n {
                        OUTSIDE
                    } else {
                        match layout.index(&child.dan, child.big, child.to_move) {
                            Some(i) => i as u32,
                            None => OUTSIDE,
                        }
                    };
                    succ.push(to);
                    gain.push(r.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16);
                }
            }
            if succ.len() >= u32::MAX as usize {
                return Err(TableError::TooLarge("more than 4 billion links".into()));
            }
            offsets.push(succ.len() as u32);
        }
        let links = succ.len() as u64;

        // Who leads to whom, reversed: a pass recomputes only the positions a change of the
        // last pass can reach.
        let mut pred_start = vec![0u32; len + 1];
        for &q in &succ {
            if q < OUTSIDE {
                pred_start[q as usize + 1] += 1;
            }
        }
        for i in 0..len {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut pred = vec![0u32; pred_start[len] as usize];
        for i in 0..len {
            for &q in &succ[offsets[i] as usize..offsets[i + 1] as usize] {
                if q < OUTSIDE {
                    pred[fill[q as usize] as usize] = i as u32;
                    fill[q as usize] += 1;
                }
            }
        }
        drop(fill);

        // Synchronous passes to the fixpoint: pass k reads the values of pass k − 1 only.
        let mut f = vec![NEG; len];
        let mut h = vec![POS; len];
        let mut last_f = vec![0u16; len];
        let mut last_h = vec![0u16; len];
        let mut stamp = vec![0u32; len];
        let mut dirty: Vec<u32> = (0..len as u32).collect();
        let mut updates: Vec<(u32, i16, i16)> = Vec::new();
        let mut pass: u32 = 0;
        while !dirty.is_empty() {
            pass += 1;
            updates.clear();
            for &i in &dirty {
                let i = i as usize;
                let (lo, hi) = (offsets[i] as usize, offsets[i + 1] as usize);
                if lo == hi {
                    continue;
                }
                let mut best_f = i32::from(NEG);
                let mut best_h = i32::from(NEG);
                let mut h_inf = false;
                for e in lo..hi {
                    let r = i32::from(gain[e]);
                    let q = succ[e];
                    let (qf, qh) = match q {
                        TERMINAL => (0, 0),
                        OUTSIDE => (NEG, POS),
                        _ => (f[q as usize], h[q as usize]),
                    };
                    if qh != POS {
                        best_f = best_f.max(r - i32::from(qh));
                    }
                    if qf == NEG {
                        h_inf = true;
                    } else {
                        best_h = best_h.max(r - i32::from(qf));
                    }
                }
                let new_f = if best_f == i32::from(NEG) {
                    NEG
                } else {
                    best_f.min(i32::from(CLAMP)) as i16
                };
                let new_h = if h_inf {
                    POS
                } else {
                    best_h.max(-i32::from(CLAMP)) as i16
                };
                // F only rises and H only falls (the passes are monotone).
                let new_f = new_f.max(f[i]);
                let new_h = new_h.min(h[i]);
                if new_f != f[i] || new_h != h[i] {
                    updates.push((i as u32, new_f, new_h));
                }
            }
            let at = pass.min(u32::from(u16::MAX)) as u16;
            dirty.clear();
            for &(i, nf, nh) in &updates {
                let i = i as usize;
                if nf != f[i] {
                    f[i] = nf;
                    last_f[i] = at;
                }
                if nh != h[i] {
                    h[i] = nh;
                    last_h[i] = at;
                }
                for &p in &pred[pred_start[i] as usize..pred_start[i + 1] as usize] {
                    if stamp[p as usize] != pass {
                        stamp[p as usize] = pass;
                        dirty.push(p);
                    }
                }
            }
            // In index order, for the memory's sake.
            dirty.sort_unstable();
        }
        // The last pass changed nothing.
        let pass = pass.saturating_sub(1);
        drop((succ, gain, offsets, pred, pred_start, stamp, dirty, updates));

        let mut values = vec![UNSOLVED; len];
        let mut depths = vec![0u8; len];
        for i in 0..len {
            let depth = last_f[i].max(last_h[i]);
            if f[i] != NEG && f[i] == h[i] && depth <= u16::from(u8::MAX) {
                values[i] = f[i] as i8;
                depths[i] = depth as u8;
            }
        }
        Ok(EndgameTable {
            config,
            layout,
            positions,
            values,
            depths,
            links,
            passes: pass,
        })
    }

    /// The rules the table is for (with the ply cap, `on_cap` and `first_player` at their
    /// defaults: they do not change a covered value).
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Whether the table is for games under `config` (the ply cap, `on_cap` and
    /// `first_player` aside).
    pub fn covers_config(&self, config: &Config) -> bool {
        key_config(config) == self.config
    }

    /// The most dân on the board a covered position may have.
    pub fn max_stones(&self) -> u8 {
        self.layout.n as u8
    }

    /// The stored entry at `index`, whatever the plies left.
    fn entry_at(&self, index: usize) -> Option<TableEntry> {
        let v = *self.values.get(index)?;
        (v != UNSOLVED).then(|| TableEntry {
            margin: i32::from(v),
            depth: u32::from(self.depths[index]),
        })
    }

    /// The solved entry of `state`'s position, whatever the plies left; `None` for another
    /// rule set, a finished game, more than [`max_stones`](Self::max_stones) stones or an
    /// unsolved position.
    pub fn lookup(&self, state: &State) -> Option<TableEntry> {
        if state.end.is_some() || !self.covers_config(&state.config) {
            return None;
        }
        if board_total(state) > self.layout.n {
            return None;
        }
        let i = self.layout.index(&state.dan, state.big, state.to_move)?;
        self.entry_at(i)
    }

    /// The exact future margin of the player to move in `state` (see the module docs) and the
    /// plies within which it is reached: `None` when the position is not covered (another rule
    /// set, too many stones, unsolved, or fewer than `depth` plies left before the cap).
    pub fn probe(&self, state: &State) -> Option<TableEntry> {
        let e = self.lookup(state)?;
        let left = state.config.ply_cap().saturating_sub(state.ply);
        (left >= e.depth).then_some(e)
    }

    /// Every legal move of `state` with its gain and, where the table knows it, the exact
    /// future margin after it ([`MoveValue`]). Empty when the game is over or the rules differ.
    pub fn move_values(&self, state: &State) -> Vec<MoveValue> {
        let Some(mover) = state.turn() else {
            return Vec::new();
        };
        if !self.covers_config(&state.config) {
            return Vec::new();
        }
        let before = margin(state, mover);
        let mut legal = ActionList::new();
        state.legal_actions(&mut legal);
        legal
            .iter()
            .filter_map(|&id| {
                let action = Action::from_id(id)?;
                let mut child = *state;
                child.apply(action, &mut NoEvents).ok()?;
                let gain = margin(&child, mover) - before;
                let value = match child.end {
                    Some(super::event::EndReason::MoveCap) => None,
                    Some(_) => Some(TableEntry {
                        margin: gain,
                        depth: 1,
                    }),
                    None => self.probe(&child).map(|e| TableEntry {
                        margin: gain - e.margin,
                        depth: e.depth + 1,
                    }),
                };
                Some(MoveValue {
                    action,
                    gain,
                    value,
                })
            })
            .collect()
    }

    /// The moves of a covered position that keep its value and make progress (the position
    /// they leave has a smaller depth, so following the table always ends the game), best
    /// first (the shortest way); empty when `state` is not covered ([`probe`](Self::probe)).
    pub fn best_moves(&self, state: &State) -> Vec<Action> {
        let Some(root) = self.probe(state) else {
            return Vec::new();
        };
        let mut moves: Vec<(u32, Action)> = self
            .move_values(state)
            .into_iter()
            .filter_map(|m| {
                let v = m.value?;
                (v.margin == root.margin && v.depth <= root.depth).then_some((v.depth, m.action))
            })
            .collect();
        moves.sort_by_key(|m| m.0);
        moves.into_iter().map(|m| m.1).collect()
    }

    /// The table's figures (counts, depth, the margins' distribution, size).
    pub fn stats(&self) -> TableStats {
        let mut values: BTreeMap<i32, u64> = BTreeMap::new();
        let mut solved = 0u64;
        let mut max_depth = 0u32;
        for (&v, &d) in self.values.iter().zip(&self.depths) {
            if v != UNSOLVED {
                solved += 1;
                max_depth = max_depth.max(u32::from(d));
                *values.entry(i32::from(v)).or_default() += 1;
            }
        }
        TableStats {
            entries: self.values.len() as u64,
            positions: self.positions,
            solved,
            max_depth,
            values: values.into_iter().collect(),
            links: self.links,
            passes: self.passes,
            bytes: (self.values.len() + self.depths.len()) as u64,
        }
    }

    /// Writes the table: [`TABLE_MAGIC`], the version, the rules as JSON, the size, the
    /// values and depths, and a checksum.
    ///
    /// # Errors
    /// What the writer reports.
    pub fn save(&self, out: &mut impl Write) -> std::io::Result<()> {
        out.write_all(&self.to_bytes())
    }

    /// The table as the bytes [`save`](Self::save) writes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let json = serde_json::to_vec(&self.config).unwrap_or_default();
        let mut b = Vec::with_capacity(64 + json.len() + 2 * self.values.len());
        b.extend_from_slice(&TABLE_MAGIC);
        b.extend_from_slice(&TABLE_VERSION.to_le_bytes());
        b.extend_from_slice(&(json.len() as u32).to_le_bytes());
        b.extend_from_slice(&json);
        b.push(self.layout.n as u8);
        b.push(self.layout.k as u8);
        b.push(self.layout.seats as u8);
        b.extend_from_slice(&(self.values.len() as u64).to_le_bytes());
        b.extend_from_slice(&self.positions.to_le_bytes());
        b.extend(self.values.iter().map(|&v| v as u8));
        b.extend_from_slice(&self.depths);
        let sum = checksum(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    }

    /// Reads a table written by [`save`](Self::save), checking everything: the magic, the
    /// version, the rules, the size against the rules, every value and depth, the checksum.
    ///
    /// # Errors
    /// [`TableError::Corrupt`] saying what is wrong; [`TableError::Unsupported`] for rules a
    /// table cannot cover.
    pub fn load(bytes: &[u8]) -> Result<EndgameTable, TableError> {
        let corrupt = |m: &str| TableError::Corrupt(m.to_owned());
        if bytes.len() < TABLE_MAGIC.len() + 8 {
            return Err(corrupt("too short"));
        }
        if bytes[..8] != TABLE_MAGIC {
            return Err(corrupt("wrong magic bytes"));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let mut r = Reader { b: body, at: 8 };
        let version = u16::from_le_bytes(r.take::<2>()?);
        if version != TABLE_VERSION {
            return Err(TableError::Corrupt(format!(
                "version {version}; this build reads version {TABLE_VERSION}"
            )));
        }
        if u64::from_le_bytes(sum.try_into().map_err(|_| corrupt("no checksum"))?) != checksum(body)
        {
            return Err(corrupt("checksum mismatch"));
        }
        let json_len = u32::from_le_bytes(r.take::<4>()?) as usize;
        let json = r.slice(json_len)?;
        let config: Config =
            serde_json::from_slice(json).map_err(|e| TableError::Corrupt(format!("rules: {e}")))?;
        EndgameTable::supports(&config)?;
        if key_config(&config) != config {
            return Err(corrupt("rules not in their table form"));
        }
        let [n, k, seats] = r.take::<3>()?;
        if n > MAX_TABLE_STONES {
            return Err(TableError::Corrupt(format!("{n} stones")));
        }
        let mut layout = Layout::new(&config, usize::from(n));
        if usize::from(k) != layout.k || !(seats == 2 || usize::from(seats) == layout.seats) {
            return Err(corrupt("layout does not fit the rules"));
        }
        layout.seats = usize::from(seats);
        let len = u64::from_le_bytes(r.take::<8>()?);
        if len != layout.len() {
            return Err(corrupt("entry count does not fit the rules"));
        }
        let positions = u64::from_le_bytes(r.take::<8>()?);
        if positions > len {
            return Err(corrupt("more positions than entries"));
        }
        let len = usize::try_from(len).map_err(|_| corrupt("too large for this machine"))?;
        if r.b.len() - r.at != 2 * len {
            return Err(corrupt("wrong length"));
        }
        let values: Vec<i8> = r.slice(len)?.iter().map(|&v| v as i8).collect();
        let depths = r.slice(len)?.to_vec();
        for (&v, &d) in values.iter().zip(&depths) {
            if (v == UNSOLVED) != (d == 0) {
                return Err(corrupt("a depth does not fit its value"));
            }
        }
        Ok(EndgameTable {
            config,
            layout,
            positions,
            values,
            depths,
            links: 0,
            passes: 0,
        })
    }
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn slice(&mut self, n: usize) -> Result<&'a [u8], TableError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.b.len())
            .ok_or_else(|| TableError::Corrupt("truncated".into()))?;
        let s = &self.b[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn take<const N: usize>(&mut self) -> Result<[u8; N], TableError> {
        let s = self.slice(N)?;
        let mut a = [0u8; N];
        a.copy_from_slice(s);
        Ok(a)
    }
}

/// FNV-1a, 64 bits.
fn checksum(b: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &x in b {
        h ^= u64::from(x);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The tables [`shared_table`] has built.
fn cache() -> &'static Mutex<Vec<Arc<EndgameTable>>> {
    static CACHE: OnceLock<Mutex<Vec<Arc<EndgameTable>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(Vec::new()))
}

/// How many tables [`shared_table`] keeps (the oldest goes first).
const CACHE_TABLES: usize = 8;

/// The table of `max_stones` stones for `config`, built on first use and kept for the
/// process (a few rule sets at a time); `None` when a table cannot cover the rules or
/// `max_stones` is 0 or too large. The bots use it ([`AlphaBetaSettings::endgame`]).
///
/// [`AlphaBetaSettings::endgame`]: super::AlphaBetaSettings::endgame
pub fn shared_table(config: &Config, max_stones: u8) -> Option<Arc<EndgameTable>> {
    if max_stones == 0 || EndgameTable::supports(config).is_err() {
        return None;
    }
    let key = key_config(config);
    let mut tables = cache().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(t) = tables
        .iter()
        .find(|t| t.config == key && t.max_stones() == max_stones)
    {
        return Some(Arc::clone(t));
    }
    let table = Arc::new(EndgameTable::build(&key, max_stones).ok()?);
    if tables.len() >= CACHE_TABLES {
        tables.remove(0);
    }
    tables.push(Arc::clone(&table));
    Some(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_round_trips() {
        let layout = Layout::new(&Config::default(), 4);
        for i in 0..layout.boards {
            let d = layout.unrank_board(i as u64);
            assert_eq!(layout.rank_board(&d), Some(i));
        }
        assert_eq!(layout.boards as u64, binomial(16, 12));
    }
}
