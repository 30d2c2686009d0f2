//! The prover behind [`Certificate::prove`]: a boolean AND/OR search for "this seat wins"
//! with a transposition table and iterative deepening on plies, then the extraction of a
//! small proof from what the search established.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::action::Action;
use super::certificate::{
    legal_moves, pack, walk_from, Certificate, CertificateError, CertificateRecord, Position,
};
use super::config::Config;
use super::search::{evaluate, AlphaBetaBot, AlphaBetaSettings};
use super::state::State;
use crate::bot::Bot;
use crate::game::{Action as _, ActionList, Game, NoEvents, Seat};

/// The settings of a proof search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ProveOptions {
    /// The seat to prove a win for; `None`: the seat that moves first at the root.
    pub winner: Option<Seat>,
    /// The winner's move at the root, when it is to move there; `None`: any winning move.
    pub first_move: Option<Action>,
    /// The deepest iteration, in plies from the root.
    pub max_depth: u32,
    /// log2 of the transposition table's slots (28 bytes each), 10..=30.
    pub table_bits: u8,
    /// Wall-clock time after which the search gives up (`None`: no limit). With
    /// `split_plies`, the limit of each search, not of the whole proof.
    pub time_limit: Option<Duration>,
    /// Splits the proof (0: never): the positions fewer plies below the root than this are
    /// laid out (at the winner's positions the move the bots' alpha-beta search ranks first,
    /// a win it has proven first, within `ranking_positions` positions; at the
    /// other seat's every reply), the positions at this many plies are proven by a search
    /// each, `threads` at once, and a search that gives up is laid out again two plies
    /// deeper (three times at most). `time_limit` is then the limit of each search. The
    /// proofs are joined into one certificate, of the positions its strategy reaches.
    pub split_plies: u32,
    /// The budget, in positions, of each alpha-beta search that ranks the winner's moves in
    /// a split proof.
    pub ranking_positions: u32,
    /// The searches a split proof runs at once (0: one per core), each with its own table.
    pub threads: usize,
}

impl Default for ProveOptions {
    fn default() -> Self {
        ProveOptions {
            winner: None,
            first_move: None,
            max_depth: 64,
            table_bits: 20,
            time_limit: None,
            split_plies: 0,
            ranking_positions: 30_000_000,
            threads: 0,
        }
    }
}

/// What a proof search found.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The certificate, or `None` when no win was proven within the depth and time allowed.
    pub certificate: Option<Certificate>,
    /// The depth (plies from the root) of the last iteration searched; for a split proof,
    /// of the deepest line it proved or tried.
    pub depth: u32,
    /// Positions the search generated, extraction included; for a split proof, the sum of
    /// its searches (the alpha-beta rankings not counted).
    pub nodes: u64,
    /// Whether the time limit stopped the search.
    pub timed_out: bool,
}

const EMPTY: u8 = 0;
const WIN: u8 = 1;
const FAIL: u8 = 2;
/// A fail depth that no iteration exceeds: the position is lost for the prover's seat
/// whatever the depth (the search reached the end of every line it needed).
const ALWAYS: u16 = u16::MAX;

/// One slot of the table: the full position, so a hit is never a different position.
#[derive(Copy, Clone, Debug)]
struct Slot {
    key: Position,
    kind: u8,
    /// For a fail: the depth up to which the position is not won.
    depth: u16,
    /// For a win: the size of its proof tree as found (saturating, transpositions counted
    /// again), to choose small proofs.
    size: u32,
}

const BLANK: Slot = Slot {
    key: [0; 21],
    kind: EMPTY,
    depth: 0,
    size: 0,
};

/// Four slots per bucket; a bucket sits in two cache lines.
const WAYS: usize = 4;

struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

fn hash(p: &Position) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for chunk in p.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
    }
    h
}

impl Table {
    fn new(bits: u8) -> Table {
        let n = 1usize << bits.clamp(10, 30);
        Table {
            slots: vec![BLANK; n],
            mask: n - 1,
        }
    }

    fn bucket(&self, p: &Position) -> usize {
        (hash(p) as usize) & self.mask & !(WAYS - 1)
    }

    fn get(&self, p: &Position) -> Option<Slot> {
        let b = self.bucket(p);
        self.slots[b..b + WAYS]
            .iter()
            .find(|s| s.kind != EMPTY && s.key == *p)
            .copied()
    }

    fn put(&mut self, slot: Slot) {
        let b = self.bucket(&slot.key);
        let bucket = &mut self.slots[b..b + WAYS];
        if let Some(s) = bucket
            .iter_mut()
            .find(|s| s.kind != EMPTY && s.key == slot.key)
        {
            // A win is final; a fail only grows deeper.
            if s.kind == WIN || (s.kind == FAIL && slot.kind == FAIL && s.depth >= slot.depth) {
                return;
            }
            *s = slot;
            return;
        }
        // Keep wins (the proof is made of them) and deep fails; replace the cheapest.
        let value = |s: &Slot| -> u64 {
            match s.kind {
                EMPTY => 0,
                FAIL => 1 + u64::from(s.depth),
                _ => (1 << 40) + u64::from(s.size),
            }
        };
        let mut victim = 0;
        for i in 1..WAYS {
            if value(&bucket[i]) < value(&bucket[victim]) {
                victim = i;
            }
        }
        bucket[victim] = slot;
    }
}

struct Prover {
    winner: Seat,
    table: Table,
    nodes: u64,
    deadline: Option<Instant>,
    aborted: bool,
    first_move: Option<Action>,
    root_ply: u32,
    /// How often each seat's move (by id) won an OR node or refuted an AND node, weighted
    /// by depth: the history heuristic, to try first what worked in other positions.
    history: [[u32; 20]; 2],
    /// The position count at which the clock is read next.
    next_check: u64,
}

/// A child: the move, the state after it, and its ordering score.
type Child = (Action, State, i64);

impl Prover {
    /// The children of `s`, the game-ending ones included, best first for the side to move
    /// by the bots' evaluation of the position reached (the score margin, the stones on each
    /// side, a refill that cannot be paid), so captures come before quiet moves.
    fn children(&mut self, s: &State) -> arrayvec::ArrayVec<Child, 20> {
        let mut list = ActionList::new();
        s.legal_actions(&mut list);
        let mover = s.to_move;
        let mut out = arrayvec::ArrayVec::<Child, 20>::new();
        for &id in &list {
            let Some(a) = Action::from_id(id) else {
                continue;
            };
            if s.ply == self.root_ply && s.to_move == self.winner {
                if let Some(f) = self.first_move {
                    if f != a {
                        continue;
                    }
                }
            }
            let mut c = *s;
            if c.apply(a, &mut NoEvents).is_err() {
                continue;
            }
            self.nodes += 1;
            // A record carries no history: search what the certificate will be checked
            // against, each position counting once for the repetition rule.
            if c.config.repetition_limit.is_some() && c.end.is_none() {
                c.hist_len = 0;
                let h = c.position_hash();
                c.push_history(h);
            }
            let order = if c.end.is_some() {
                // Game-ending moves first: a win found at once, or a refutation.
                i64::MAX
            } else {
                // The evaluation first (a fifth fewer positions than material alone under
                // the seed rules, two fifths fewer when refills are paid), then the moves
                // that settled other positions.
                (i64::from(evaluate(&c, mover)) << 32)
                    + i64::from(self.history[usize::from(mover.0)][id as usize])
            };
            out.push((a, c, order));
        }
        out.sort_by_key(|c| std::cmp::Reverse(c.2));
        out
    }

    /// Credits the move that led to `child` in the history table.
    fn reward(&mut self, mover: Seat, a: Action, depth: u32) {
        let h = &mut self.history[usize::from(mover.0 & 1)][a.id() as usize];
        *h = h.saturating_add(depth * depth);
    }

    fn time_up(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        // Every 65,536 positions or so (a count that jumps by several at a time would miss
        // an exact multiple).
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 0x1_0000;
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    /// Whether the prover's seat wins `s` (a game in progress) within `depth` plies; with
    /// whether the answer "no" depends on the depth, and the proof's size for a "yes".
    fn solve(&mut self, s: &State, depth: u32) -> (bool, bool, u32) {
        let Some(key) = pack(s) else {
            // A position no record can hold is treated as not won.
            return (false, false, 0);
        };
        if let Some(e) = self.table.get(&key) {
            if e.kind == WIN {
                return (true, false, e.size);
            }
            if u32::from(e.depth) >= depth {
                return (false, e.depth != ALWAYS, 0);
            }
        }
        if depth == 0 || self.time_up() {
            return (false, true, 0);
        }
        let children = self.children(s);
        let (won, horizon, size) = if s.to_move == self.winner {
            self.or_node(&children, depth)
        } else {
            self.and_node(&children, depth)
        };
        if self.aborted {
            return (false, true, 0);
        }
        let slot = if won {
            Slot {
                key,
                kind: WIN,
                depth: 0,
                size,
            }
        } else {
            Slot {
                key,
                kind: FAIL,
                depth: if horizon {
                    depth.min(u32::from(ALWAYS) - 1) as u16
                } else {
                    ALWAYS
                },
                size: 0,
            }
        };
        self.table.put(slot);
        (won, horizon, size)
    }

    fn or_node(&mut self, children: &[Child], depth: u32) -> (bool, bool, u32) {
        let mut horizon = false;
        // A move that wins at once, or one the table already knows wins, settles it cheaply.
        for (_, c, _) in children {
            if c.end.is_some() {
                if c.winner() == Some(self.winner) {
                    return (true, false, 1);
                }
            } else if let Some(e) = pack(c).and_then(|k| self.table.get(&k)) {
                if e.kind == WIN {
                    return (true, false, e.size.saturating_add(1));
                }
            }
        }
        for &(a, ref c, _) in children {
            if c.end.is_some() {
                continue;
            }
            let (won, h, size) = self.solve(c, depth - 1);
            if won {
                self.reward(self.winner, a, depth);
                return (true, false, size.saturating_add(1));
            }
            horizon |= h;
            if self.aborted {
                break;
            }
        }
        (false, horizon, 0)
    }

    fn and_node(&mut self, children: &[Child], depth: u32) -> (bool, bool, u32) {
        for (_, c, _) in children {
            if c.end.is_some() && c.winner() != Some(self.winner) {
                return (false, false, 0);
            }
        }
        let mut size = 1u32;
        let loser = Seat(1 - self.winner.0);
        for &(a, ref c, _) in children {
            if c.end.is_some() {
                continue;
            }
            let (won, h, s) = self.solve(c, depth - 1);
            if !won {
                if !self.aborted {
                    self.reward(loser, a, depth);
                }
                return (false, h, 0);
            }
            size = size.saturating_add(s);
        }
        (true, false, size)
    }

    /// Collects the proof of `s` (proven won within `depth` plies) into `out`: at the
    /// winner's positions the proven move with the smallest proof, at the other's every
    /// reply; each position once.
    fn extract(
        &mut self,
        s: &State,
        depth: u32,
        out: &mut HashMap<Position, u8>,
    ) -> Result<(), CertificateError> {
        let key = pack(s).ok_or_else(|| {
            CertificateError::Unrecordable("a position of the proof does not fit a record".into())
        })?;
        if out.contains_key(&key) {
            return Ok(());
        }
        let children = self.children(s);
        if s.to_move == self.winner {
            let mut best: Option<(u32, usize)> = None;
            for (i, (_, c, _)) in children.iter().enumerate() {
                let size = if c.end.is_some() {
                    if c.winner() == Some(self.winner) {
                        Some(0)
                    } else {
                        None
                    }
                } else {
                    pack(c)
                        .and_then(|k| self.table.get(&k))
                        .filter(|e| e.kind == WIN)
                        .map(|e| e.size)
                };
                if let Some(size) = size {
                    if best.is_none_or(|(b, _)| size < b) {
                        best = Some((size, i));
                    }
                }
            }
            if best.is_none() {
                // The table lost the entry: search again (it wins within the depth).
                for (i, (_, c, _)) in children.iter().enumerate() {
                    if c.end.is_none() && depth > 0 && self.solve(c, depth - 1).0 {
                        best = Some((0, i));
                        break;
                    }
                }
            }
            let (_, i) = best.ok_or_else(|| {
                CertificateError::Request("extraction found no winning move".into())
            })?;
            let (a, c, _) = children[i];
            out.insert(key, CertificateRecord::encode_action(a));
            if c.end.is_none() {
                self.extract(&c, depth.saturating_sub(1), out)?;
            }
        } else {
            out.insert(key, CertificateRecord::NO_MOVE);
            for (_, c, _) in &children {
                if c.end.is_some() {
                    if c.winner() != Some(self.winner) {
                        return Err(CertificateError::Request(
                            "extraction met a reply that is not won".into(),
                        ));
                    }
                    continue;
                }
                let known = pack(c)
                    .and_then(|k| self.table.get(&k))
                    .is_some_and(|e| e.kind == WIN);
                if !(known || depth > 0 && self.solve(c, depth - 1).0) {
                    return Err(CertificateError::Request(
                        "extraction met a reply that is not won".into(),
                    ));
                }
                self.extract(c, depth.saturating_sub(1), out)?;
            }
        }
        Ok(())
    }
}

impl Certificate {
    /// Proves that a seat wins from the start of `config`'s game (see [`ProveOptions`]).
    ///
    /// # Errors
    /// [`CertificateError::Request`] for an invalid config or a first move that is not the
    /// winner's legal move at the start.
    pub fn prove(config: Config, options: &ProveOptions) -> Result<Proof, CertificateError> {
        let root = State::new(config).map_err(|e| CertificateError::Request(e.to_string()))?;
        let winner = options.winner.unwrap_or(root.to_move);
        Certificate::prove_from(&root, winner, options)
    }

    /// Proves that `winner` wins from `root`, a game in progress; the certificate is then
    /// valid from `root` ([`Certificate::verify_from`]). `options.winner` is ignored.
    ///
    /// # Errors
    /// [`CertificateError::Request`] when `root` is over or `options.first_move` is not the
    /// winner's legal move at `root`; [`CertificateError::Unrecordable`] when a position of
    /// the proof does not fit a record.
    pub fn prove_from(
        root: &State,
        winner: Seat,
        options: &ProveOptions,
    ) -> Result<Proof, CertificateError> {
        if root.end_reason().is_some() {
            return Err(CertificateError::Request("the game is over".into()));
        }
        if winner.0 > 1 {
            return Err(CertificateError::Request(format!("seat {}", winner.0)));
        }
        if let Some(f) = options.first_move {
            if root.to_move != winner || root.check(f).is_err() {
                return Err(CertificateError::Request(format!(
                    "{f} is not a legal move of seat {} at the root",
                    winner.0
                )));
            }
        }
        if options.split_plies > 0 {
            return prove_split(root, winner, options);
        }
        let mut root = *root;
        if root.config.repetition_limit.is_some() {
            root.hist_len = 0;
            let h = root.position_hash();
            root.push_history(h);
        }
        let mut p = Prover {
            winner,
            table: Table::new(options.table_bits),
            nodes: 0,
            deadline: options.time_limit.map(|t| Instant::now() + t),
            aborted: false,
            first_move: options.first_move,
            root_ply: root.ply,
            history: [[0; 20]; 2],
            next_check: 0,
        };
        let mut depth = 0;
        for d in 1..=options.max_depth {
            depth = d;
            let (won, horizon, _) = p.solve(&root, d);
            if p.aborted {
                return Ok(Proof {
                    certificate: None,
                    depth: d,
                    nodes: p.nodes,
                    timed_out: true,
                });
            }
            if won {
                // The win is established: extraction runs to the end whatever the time.
                p.deadline = None;
                let mut out = HashMap::new();
                p.extract(&root, d, &mut out)?;
                let records = out
                    .into_iter()
                    .map(|(position, action)| CertificateRecord { position, action })
                    .collect();
                let certificate = Certificate::new(root.config, winner, records)?;
                return Ok(Proof {
                    certificate: Some(certificate),
                    depth: d,
                    nodes: p.nodes,
                    timed_out: false,
                });
            }
            if !horizon {
                // Not won whatever the depth.
                break;
            }
        }
        Ok(Proof {
            certificate: None,
            depth,
            nodes: p.nodes,
            timed_out: false,
        })
    }
}

/// [`Certificate::prove_from`] with [`ProveOptions::split_plies`].
fn prove_split(
    root: &State,
    winner: Seat,
    options: &ProveOptions,
) -> Result<Proof, CertificateError> {
    let mut split = Splitter {
        winner,
        records: HashMap::new(),
        frontier: Vec::new(),
        in_frontier: std::collections::HashSet::new(),
        depth: 0,
        ranking: AlphaBetaBot::new(
            AlphaBetaSettings {
                nodes: options.ranking_positions,
                table_bits: 24,
                // Stop as soon as the game is decided; no endgame table to build.
                progress: 0,
                endgame: 0,
                ..AlphaBetaSettings::HARD
            },
            0,
        ),
    };
    let search = ProveOptions {
        split_plies: 0,
        first_move: None,
        ..*options
    };
    let not_won = |nodes, depth, timed_out| Proof {
        certificate: None,
        depth,
        nodes,
        timed_out,
    };
    let mut nodes = 0;
    if !split.lay_out(
        root,
        options.split_plies,
        options.first_move,
        0,
        SPLIT_AGAIN,
    )? {
        return Ok(not_won(nodes, split.depth, false));
    }
    // Rounds: the frontier proven on every core; a search that gives up is laid out
    // again, one move of each side deeper, for the next round.
    while !split.frontier.is_empty() {
        let round = std::mem::take(&mut split.frontier);
        split.in_frontier.clear();
        let proofs = prove_all(&round, winner, &search, options.threads);
        for (leaf, proof) in round.iter().zip(proofs) {
            let proof = proof?;
            nodes += proof.nodes;
            if let Some(c) = proof.certificate {
                split.depth = split.depth.max(leaf.ply + proof.depth);
                for r in c.records() {
                    split.records.entry(r.position).or_insert(r.action);
                }
            } else if !proof.timed_out {
                // Not won, whatever the depth.
                return Ok(not_won(nodes, split.depth, false));
            } else if leaf.again == 0 {
                return Ok(not_won(nodes, split.depth, true));
            } else if !split.lay_out(&leaf.state, 2, None, leaf.ply, leaf.again - 1)? {
                return Ok(not_won(nodes, split.depth, false));
            }
        }
    }
    // The positions the joined strategy reaches (a proof may hold positions that another
    // proof's move at a shared position no longer goes through).
    let records = walk_from(*root, winner, |p| {
        split
            .records
            .get(p)
            .copied()
            .ok_or_else(|| CertificateError::Request("a split proof has a hole".into()))
    })?;
    Ok(Proof {
        certificate: Some(Certificate::new(root.config, winner, records)?),
        depth: split.depth,
        nodes,
        timed_out: false,
    })
}

/// How many times a frontier position whose search gives up is laid out again, two plies
/// deeper each time.
const SPLIT_AGAIN: u32 = 3;

/// Proves each of `leaves` with `search`, on `threads` threads (0: one per core), each
/// search with its own table.
fn prove_all(
    leaves: &[Leaf],
    winner: Seat,
    search: &ProveOptions,
    threads: usize,
) -> Vec<Result<Proof, CertificateError>> {
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
    .clamp(1, leaves.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<Result<Proof, CertificateError>>>> =
        leaves.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(leaf) = leaves.get(i) else {
                    break;
                };
                let proof = Certificate::prove_from(&leaf.state, winner, search);
                if let Ok(mut slot) = results[i].lock() {
                    *slot = Some(proof);
                }
            });
        }
    });
    results
        .into_iter()
        .map(|slot| {
            slot.into_inner().ok().flatten().unwrap_or_else(|| {
                Err(CertificateError::Request(
                    "a search of a split proof stopped".into(),
                ))
            })
        })
        .collect()
}

/// A position at the frontier of a split proof, to be proven by a search.
struct Leaf {
    state: State,
    /// Plies below the root.
    ply: u32,
    /// How many more times it may be laid out again.
    again: u32,
}

/// The part of a split proof above its frontier.
struct Splitter {
    winner: Seat,
    /// The records laid out and proven so far.
    records: HashMap<Position, u8>,
    frontier: Vec<Leaf>,
    in_frontier: std::collections::HashSet<Position>,
    /// The deepest line proven, in plies from the root.
    depth: u32,
    ranking: AlphaBetaBot,
}

impl Splitter {
    /// Lays out the `plies` plies below `s` (a game in progress, `ply` plies below the root):
    /// at the winner's positions its move (`first_move`, or the one the alpha-beta search
    /// ranks first), at the other's every reply, and the positions `plies` below to the
    /// frontier. False when a reply ends the game in a loss or a draw for the winner.
    fn lay_out(
        &mut self,
        s: &State,
        plies: u32,
        first_move: Option<Action>,
        ply: u32,
        again: u32,
    ) -> Result<bool, CertificateError> {
        let key = pack(s).ok_or_else(|| {
            CertificateError::Unrecordable("a position of the proof does not fit a record".into())
        })?;
        if self.records.contains_key(&key) || self.in_frontier.contains(&key) {
            return Ok(true);
        }
        if plies == 0 {
            self.in_frontier.insert(key);
            self.frontier.push(Leaf {
                state: *s,
                ply,
                again,
            });
            return Ok(true);
        }
        if s.to_move == self.winner {
            let moves = match first_move {
                Some(m) => vec![m],
                None => self.ranked_moves(s),
            };
            for a in moves {
                let mut c = *s;
                if c.apply(a, &mut NoEvents).is_err() {
                    continue;
                }
                if c.end.is_some() && c.winner() != Some(self.winner) {
                    continue;
                }
                self.records
                    .insert(key, CertificateRecord::encode_action(a));
                if c.end.is_some() {
                    self.depth = self.depth.max(ply + 1);
                    return Ok(true);
                }
                return self.lay_out(&c, plies - 1, None, ply + 1, again);
            }
            Ok(false)
        } else {
            self.records.insert(key, CertificateRecord::NO_MOVE);
            for a in legal_moves(s) {
                let mut c = *s;
                if c.apply(a, &mut NoEvents).is_err() {
                    continue;
                }
                if c.end.is_some() {
                    if c.winner() != Some(self.winner) {
                        return Ok(false);
                    }
                    self.depth = self.depth.max(ply + 1);
                } else if !self.lay_out(&c, plies - 1, None, ply + 1, again)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
    }

    /// The winner's moves at `s`, best first by the alpha-beta search: those it proves won,
    /// or else its best guess alone.
    fn ranked_moves(&mut self, s: &State) -> Vec<Action> {
        let hints = self.ranking.hints(s);
        let won: Vec<Action> = hints
            .iter()
            .filter(|h| h.score >= 1.0)
            .map(|h| h.action)
            .collect();
        if won.is_empty() {
            hints.first().map(|h| h.action).into_iter().collect()
        } else {
            won
        }
    }
}
