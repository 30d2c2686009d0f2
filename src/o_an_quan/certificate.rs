//! Proof certificates of a win ([`Certificate`]): the file format, the engine's own
//! verification, and the conversions between states and records.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use super::action::{Action, Dir};
use super::config::Config;
use super::event::{EndReason, Event};
use super::state::{BigStone, Setup, State, CELLS};
use super::REPETITION_WINDOW;
use crate::game::{Game, NoEvents, Seat};

const MAGIC: &str = Certificate::MAGIC;
const RECORD_LEN: usize = Certificate::RECORD_LEN;
const POSITION_LEN: usize = Certificate::POSITION_LEN;
pub(crate) const NO_MOVE: u8 = CertificateRecord::NO_MOVE;

/// A position as a record stores it: bytes 0..21 of a record.
pub(crate) type Position = [u8; POSITION_LEN];

/// Why a certificate was refused, or why a position has no record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CertificateError {
    /// The bytes are not a certificate of format 1.
    #[error("malformed certificate: {0}")]
    Malformed(String),
    /// The certificate is well formed but does not prove its claim.
    #[error("invalid certificate: {0}")]
    Invalid(String),
    /// A position that no record can hold (the game is over, or a value is out of the
    /// record's range).
    #[error("position has no record: {0}")]
    Unrecordable(String),
    /// The rules or the request of a proof are not usable.
    #[error("cannot prove: {0}")]
    Request(String),
}

fn malformed(msg: impl Into<String>) -> CertificateError {
    CertificateError::Malformed(msg.into())
}

fn invalid(msg: impl Into<String>) -> CertificateError {
    CertificateError::Invalid(msg.into())
}

/// One record of a [`Certificate`]: a position and, when the winner is to move there, its
/// move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CertificateRecord {
    /// The position (bytes 0..21 of the record, [`Certificate::position_of`]).
    pub position: [u8; 21],
    /// The move byte: the winner's move ([`CertificateRecord::encode_action`]), or
    /// [`CertificateRecord::NO_MOVE`].
    pub action: u8,
}

impl CertificateRecord {
    /// The move byte of a record whose seat to move is not the winner.
    pub const NO_MOVE: u8 = 0xFF;

    /// The 22 bytes of the record.
    pub fn to_bytes(&self) -> [u8; RECORD_LEN] {
        let mut b = [0u8; RECORD_LEN];
        b[..POSITION_LEN].copy_from_slice(&self.position);
        b[POSITION_LEN] = self.action;
        b
    }

    /// The seat to move in the record's position (byte 18).
    pub fn seat_to_move(&self) -> u8 {
        self.position[18]
    }

    /// The plies played (bytes 19..21).
    pub fn ply(&self) -> u16 {
        u16::from_le_bytes([self.position[19], self.position[20]])
    }

    /// The move of the record, if its move byte names one.
    pub fn move_action(&self) -> Option<Action> {
        CertificateRecord::decode_action(self.action)
    }

    /// The move byte of `action`: the cell in bits 0..6, bit 7 set for clockwise.
    pub fn encode_action(action: Action) -> u8 {
        action.cell() | if action.dir() == Dir::Cw { 0x80 } else { 0 }
    }

    /// The move a move byte names, or `None` for [`CertificateRecord::NO_MOVE`] or a byte
    /// that names no move.
    pub fn decode_action(byte: u8) -> Option<Action> {
        let dir = if byte & 0x80 != 0 { Dir::Cw } else { Dir::Ccw };
        Action::new(byte & 0x7F, dir)
    }
}

fn big_code(b: BigStone) -> u8 {
    match b {
        BigStone::Absent => 0,
        BigStone::OnBoard => 1,
        BigStone::CapturedBy { seat } => 2 + seat.0,
    }
}

fn big_of_code(c: u8) -> Option<BigStone> {
    Some(match c {
        0 => BigStone::Absent,
        1 => BigStone::OnBoard,
        2 => BigStone::CapturedBy { seat: Seat(0) },
        3 => BigStone::CapturedBy { seat: Seat(1) },
        _ => return None,
    })
}

/// The record position of `state`, or `None` when the game is over or a value does not fit
/// a record: the prover's fast path, with no message built.
#[inline]
pub(crate) fn pack(state: &State) -> Option<Position> {
    if state.end.is_some() {
        return None;
    }
    let mut p = [0u8; POSITION_LEN];
    for (out, &d) in p.iter_mut().zip(state.dan.iter()) {
        *out = u8::try_from(d).ok()?;
    }
    p[12] = big_code(state.big[0]);
    p[13] = big_code(state.big[1]);
    p[14..16].copy_from_slice(&i16::try_from(state.cap_dan[0]).ok()?.to_le_bytes());
    p[16..18].copy_from_slice(&i16::try_from(state.cap_dan[1]).ok()?.to_le_bytes());
    p[18] = state.to_move.0;
    p[19..21].copy_from_slice(&u16::try_from(state.ply).ok()?.to_le_bytes());
    Some(p)
}

/// The record position of `state`.
///
/// # Errors
/// [`CertificateError::Unrecordable`] when the game is over, a cell holds more than 255
/// dân, a captured pile is outside `i16` or the ply outside `u16`.
pub(crate) fn position_of(state: &State) -> Result<Position, CertificateError> {
    if state.end_reason().is_some() {
        return Err(CertificateError::Unrecordable("the game is over".into()));
    }
    pack(state).ok_or_else(|| {
        CertificateError::Unrecordable(
            "a cell holds more than 255 dân, a pile is outside i16 or the ply outside u16".into(),
        )
    })
}

/// The playable state of a record position under `config` (checked by
/// [`State::from_setup`]; a state made from a record carries no history of earlier
/// positions).
///
/// # Errors
/// [`CertificateError::Invalid`] when the bytes are no position of a game in progress under
/// `config`.
pub(crate) fn state_of(config: Config, position: &Position) -> Result<State, CertificateError> {
    let mut dan = [0u16; CELLS];
    for (d, &b) in dan.iter_mut().zip(position.iter()) {
        *d = u16::from(b);
    }
    let big = [
        big_of_code(position[12]).ok_or_else(|| invalid("big stone code above 3"))?,
        big_of_code(position[13]).ok_or_else(|| invalid("big stone code above 3"))?,
    ];
    if position[18] > 1 {
        return Err(invalid(format!("seat to move {}", position[18])));
    }
    let setup = Setup {
        config,
        dan,
        big,
        cap_dan: [
            i32::from(i16::from_le_bytes([position[14], position[15]])),
            i32::from(i16::from_le_bytes([position[16], position[17]])),
        ],
        turn: Seat(position[18]),
        ply: u32::from(u16::from_le_bytes([position[19], position[20]])),
        end: None,
        history: Vec::new(),
    };
    State::from_setup(setup).map_err(|e| invalid(format!("record is no position in play: {e}")))
}

/// The repetition key of a record (rules OAQ-A13 as the format counts it): the dân, whether
/// each big stone is on the board, the seat to move.
fn repetition_key(position: &Position) -> [u8; 15] {
    let mut k = [0u8; 15];
    k[..12].copy_from_slice(&position[..12]);
    k[12] = u8::from(position[12] == 1);
    k[13] = u8::from(position[13] == 1);
    k[14] = position[18];
    k
}

/// The repetition key (OAQ-C12) of the board `state` holds, before the refill of `refilled`
/// if the move refilled that seat's five squares: the dân (255 and more as 255: such boards
/// then share a key, which can only make the check refuse more), whether each big stone is
/// on the board, the seat to move.
fn state_key(state: &State, refilled: Option<Seat>) -> [u8; 15] {
    let mut k = [0u8; 15];
    for (c, (key, &d)) in k.iter_mut().zip(state.dan.iter()).enumerate() {
        let emptied = refilled.is_some_and(|s| super::state::own_cells(s).contains(&(c as u8)));
        *key = if emptied {
            0
        } else {
            u8::try_from(d).unwrap_or(u8::MAX)
        };
    }
    k[12] = u8::from(state.big[0] == BigStone::OnBoard);
    k[13] = u8::from(state.big[1] == BigStone::OnBoard);
    k[14] = state.to_move.0;
    k
}

/// A proof that one seat wins an Ô ăn quan game from its start, whatever the other seat
/// plays, that a checker can verify without searching; made by [`Certificate::prove`].
///
/// A certificate lists positions (records). At each position with the winner to move it
/// names the winner's move; at each position with the other seat to move it stands for every
/// reply. It is valid when the start is a record and every move it allows either ends the
/// game won for the winner or reaches another record. Every move raises the ply, which is
/// part of each record, so every line of play ends and the winner's strategy wins every game.
///
/// The file format (format 1):
///
/// ```text
/// dangian-oaq-certificate 1
/// rules <the Config as one-line JSON, exactly as serde_json writes it>
/// winner <0|1>
/// positions <count>
/// <empty line>
/// <count records of 22 bytes each>
/// ```
///
/// A record (little endian): bytes 0..12 the dân of cells 0..11 (u8 each); 12 and 13 the big
/// stone of cell 0 and of cell 6 (0 = none, 1 = on the board, 2 = captured by seat 0, 3 =
/// captured by seat 1); 14..16 and 16..18 the captured dân of seat 0 and seat 1 (i16,
/// negative = debt); 18 the seat to move; 19..21 the plies played (u16); 21 the winner's move
/// when the winner is to move (the cell in bits 0..6, bit 7 set for clockwise), else `0xFF`.
/// Records are sorted by their first 21 bytes (the position), no two equal. A whole file
/// may be gzip-compressed; [`Certificate::from_bytes`] reads the uncompressed bytes.
///
/// With a repetition limit `k`, a certificate is valid only if the repetition rule cannot
/// take a win away: either every repetition key (the dân of the 12 cells, whether each big
/// stone is on the board, the seat to move) occurs fewer than `k` times among its records,
/// or, following every line through the records, each position a move reaches `k` times
/// within 17 plies ends the game as a repetition (OAQ-C12) that the winner wins. A record
/// carries no history, so it is a position its winner wins on the certificate's lines:
/// the bots use such a certificate only where the game's own history is one of them (see
/// [`Certificate::covers`]).
///
/// ```
/// use dangian::o_an_quan::{BigStone, Certificate, Config, ProveOptions, Setup, State};
/// use dangian::Seat;
///
/// // A late position: both big stones are A's, A to move wins whatever B replies.
/// let config = Config::default();
/// let mut setup = Setup::new(config);
/// setup.dan = [0, 1, 0, 0, 0, 0, 1, 0, 2, 0, 0, 1];
/// let a = BigStone::CapturedBy { seat: Seat(0) };
/// setup.big = [a, a];
/// setup.cap_dan = [45, 0];
/// setup.ply = 32;
/// let root = State::from_setup(setup).unwrap();
/// let proof = Certificate::prove_from(&root, Seat(0), &ProveOptions::default()).unwrap();
/// let certificate = proof.certificate.expect("A wins");
/// certificate.verify_from(&root).unwrap();
/// let bytes = certificate.to_bytes();
/// assert_eq!(Certificate::from_bytes(&bytes).unwrap(), certificate);
/// assert!(certificate.move_for(&root).is_some());
/// ```
///
/// It holds the rules, the winning seat and the records, sorted by position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    config: Config,
    winner: Seat,
    records: Vec<CertificateRecord>,
    /// Under a repetition limit, the boards its moves reach (built on first use).
    reached: ReachedBoards,
}

/// The boards a certificate's moves reach, before any refill, as the repetition rule
/// remembers them (`State::position_hash`), with their plies, sorted: what tells whether a
/// game's remembered positions can come again on the certificate's lines. A cache, built
/// on first use and no part of the certificate's value.
#[derive(Clone, Default)]
struct ReachedBoards(OnceLock<Vec<(u64, u32)>>);

impl PartialEq for ReachedBoards {
    fn eq(&self, _: &ReachedBoards) -> bool {
        true
    }
}

impl Eq for ReachedBoards {}

impl std::fmt::Debug for ReachedBoards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ReachedBoards")
    }
}

impl Certificate {
    /// The first line of a certificate file, without its newline.
    pub const MAGIC: &'static str = "dangian-oaq-certificate 1";
    /// The bytes of one record.
    pub const RECORD_LEN: usize = 22;
    /// The bytes of a record's position (the record less its move byte): the sort key.
    pub const POSITION_LEN: usize = 21;

    /// The record position of `state` (the first 21 bytes of its record).
    ///
    /// # Errors
    /// [`CertificateError::Unrecordable`] when the game is over, a cell holds more than 255
    /// dân, a captured pile is outside `i16` or the ply outside `u16`.
    pub fn position_of(state: &State) -> Result<[u8; 21], CertificateError> {
        position_of(state)
    }

    /// The playable state of a record position under `config`, checked by
    /// [`State::from_setup`]; it carries no history of earlier positions.
    ///
    /// # Errors
    /// [`CertificateError::Invalid`] when the bytes are no position of a game in progress
    /// under `config`.
    pub fn state_of(config: Config, position: &[u8; 21]) -> Result<State, CertificateError> {
        state_of(config, position)
    }

    /// A certificate of `records` (sorted here) for `winner` under `config`.
    ///
    /// # Errors
    /// [`CertificateError::Malformed`] for an invalid config, a seat other than 0 or 1, two
    /// records of one position, or a move byte that does not fit the seat to move.
    pub fn new(
        config: Config,
        winner: Seat,
        mut records: Vec<CertificateRecord>,
    ) -> Result<Certificate, CertificateError> {
        config
            .validate()
            .map_err(|e| malformed(format!("rules: {e}")))?;
        if winner.0 > 1 {
            return Err(malformed(format!("winner seat {}", winner.0)));
        }
        records.sort_unstable_by_key(|r| r.position);
        for w in records.windows(2) {
            if w[0].position == w[1].position {
                return Err(malformed("two records of one position"));
            }
        }
        for r in &records {
            check_move_byte(r, winner)?;
        }
        Ok(Certificate {
            config,
            winner,
            records,
            reached: ReachedBoards::default(),
        })
    }

    /// The rules.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The seat proven to win.
    pub fn winner(&self) -> Seat {
        self.winner
    }

    /// The records, sorted by position.
    pub fn records(&self) -> &[CertificateRecord] {
        &self.records
    }

    /// How many positions the certificate holds.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether it holds no position (then it proves nothing).
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The record of `position`, by binary search.
    pub fn record(&self, position: &Position) -> Option<&CertificateRecord> {
        self.records
            .binary_search_by(|r| r.position.cmp(position))
            .ok()
            .map(|i| &self.records[i])
    }

    /// Whether `state` is under the certificate's rules and its position is one of the
    /// records (a game over is never covered).
    ///
    /// Under a repetition limit a record carries no history, and the certificate proves the
    /// win on its own lines from any record: a state is covered only when none of the
    /// positions its game remembers for the rule before the current one is reached again by
    /// a move of the certificate while it still counts, so that the game's past cannot add
    /// to a repetition the certificate's check did not see.
    pub fn covers(&self, state: &State) -> bool {
        state.config() == &self.config
            && pack(state).is_some_and(|p| self.record(&p).is_some())
            && self.history_allows(state)
    }

    /// Whether no position `state` remembers for the repetition rule comes again on the
    /// certificate's lines within the window (always true without a repetition limit).
    fn history_allows(&self, state: &State) -> bool {
        if self.config.repetition_limit.is_none() {
            return true;
        }
        let reached = self.reached_boards();
        let mut n = usize::from(state.hist_len);
        // The board the game stands on, as the rule remembers it, is the one the check counts
        // for every record taken as a root: only the older ones need looking at.
        if n > 0 && state.hist[n - 1] == state.position_hash() {
            n -= 1;
        }
        state.hist[..n].iter().enumerate().all(|(i, &h)| {
            // Oldest first, one a ply, up to the board at `state.ply`.
            let back = usize::from(state.hist_len) - 1 - i;
            let Some(at) = state.ply.checked_sub(back as u32) else {
                return false;
            };
            let from = reached.partition_point(|&(x, q)| (x, q) <= (h, state.ply));
            reached
                .get(from)
                .is_none_or(|&(x, q)| x != h || q > at + REPETITION_WINDOW as u32)
        })
    }

    /// The boards the moves reach (see [`ReachedBoards`]), built on first use.
    fn reached_boards(&self) -> &[(u64, u32)] {
        self.reached.0.get_or_init(|| {
            let mut boards = Vec::new();
            for r in &self.records {
                let Ok(state) = state_of(self.config, &r.position) else {
                    continue;
                };
                for a in self.moves_of(&state, r) {
                    let mut after = state;
                    // The rule remembers the board before the refill: the last it pushed.
                    if after.apply(a, &mut NoEvents).is_ok() && after.end_reason().is_none() {
                        let n = usize::from(after.hist_len);
                        if n > 0 {
                            boards.push((after.hist[n - 1], after.ply));
                        }
                    }
                }
            }
            boards.sort_unstable();
            boards.dedup();
            boards
        })
    }

    /// The winner's proven move at `state`: `Some` when the position is a record with the
    /// winner to move (and the state is under the certificate's rules).
    pub fn move_for(&self, state: &State) -> Option<Action> {
        if state.config() != &self.config
            || state.to_move != self.winner
            || !self.history_allows(state)
        {
            return None;
        }
        self.record(&pack(state)?)?.move_action()
    }

    /// The file's bytes, uncompressed (format 1).
    pub fn to_bytes(&self) -> Vec<u8> {
        let header = self.header(MAGIC);
        let mut out = Vec::with_capacity(header.len() + RECORD_LEN * self.records.len());
        out.extend_from_slice(header.as_bytes());
        for r in &self.records {
            out.extend_from_slice(&r.to_bytes());
        }
        out
    }

    /// The first line of a strategy file (see [`Certificate::to_strategy`]), without its
    /// newline.
    pub const STRATEGY_MAGIC: &'static str = "dangian-oaq-strategy 1";

    /// The certificate as a compact strategy file: the certificate's header (under
    /// [`Certificate::STRATEGY_MAGIC`]), then only the winner's moves, one move byte each,
    /// in the order a depth-first walk from the start meets the winner's positions. The
    /// walk, from a position not met before: with the winner to move, its move, then the
    /// walk from the position it reaches; with the other seat to move, each legal move in
    /// the order of its cell (cells 1..=5 or 7..=11), clockwise (`-`) before
    /// counter-clockwise (`+`), and the walk from the position each reaches. A move that ends
    /// the game reaches nothing. The positions are left out: [`Certificate::from_strategy`]
    /// plays them again, so the file is about a twentieth of the certificate's.
    ///
    /// # Errors
    /// [`CertificateError::Invalid`] when the walk meets a position that is not a record (a
    /// certificate that does not hold together).
    pub fn to_strategy(&self) -> Result<Vec<u8>, CertificateError> {
        let mut moves = Vec::new();
        let met = walk_strategy(self.config, self.winner, |position| {
            let byte = self
                .record(position)
                .ok_or_else(|| invalid("the walk meets a position that is not a record"))?
                .action;
            moves.push(byte);
            Ok(byte)
        })?;
        if met.len() != self.records.len() {
            return Err(invalid(format!(
                "the walk from the start meets {} of the {} records",
                met.len(),
                self.records.len()
            )));
        }
        let mut out = self.header(Certificate::STRATEGY_MAGIC).into_bytes();
        out.extend_from_slice(&moves);
        Ok(out)
    }

    /// Reads a strategy file (uncompressed) and plays it out into the certificate it stands
    /// for: the records are the positions the walk of [`Certificate::to_strategy`] meets.
    /// Only the format is checked here; [`Certificate::verify`] checks the proof.
    ///
    /// # Errors
    /// [`CertificateError::Malformed`] for a bad header, a move byte that names no legal
    /// move, too few or too many move bytes, or a walk that meets another number of
    /// positions than the header says.
    pub fn from_strategy(bytes: &[u8]) -> Result<Certificate, CertificateError> {
        let (config, winner, count, body) = read_header(bytes, Certificate::STRATEGY_MAGIC)?;
        let mut next = body.iter();
        let records = walk_strategy(config, winner, |_| {
            next.next()
                .copied()
                .ok_or_else(|| malformed("the strategy ends before the walk does"))
        })
        .map_err(|e| match e {
            CertificateError::Invalid(m) => malformed(m),
            other => other,
        })?;
        if next.len() != 0 {
            return Err(malformed(format!(
                "{} move bytes are left after the walk",
                next.len()
            )));
        }
        if records.len() != count {
            return Err(malformed(format!(
                "the walk meets {} positions, the header says {count}",
                records.len()
            )));
        }
        Certificate::new(config, winner, records)
    }

    /// Reads a certificate file or a strategy file (uncompressed), told apart by their first
    /// line: [`Certificate::from_bytes`] or [`Certificate::from_strategy`].
    ///
    /// # Errors
    /// As theirs; [`CertificateError::Malformed`] for bytes that start as neither.
    pub fn read(bytes: &[u8]) -> Result<Certificate, CertificateError> {
        let strategy = format!("{}\n", Certificate::STRATEGY_MAGIC);
        if bytes.starts_with(strategy.as_bytes()) {
            Certificate::from_strategy(bytes)
        } else {
            Certificate::from_bytes(bytes)
        }
    }

    /// The five header lines of a file of kind `magic`.
    fn header(&self, magic: &str) -> String {
        let rules = serde_json::to_string(&self.config).unwrap_or_default();
        format!(
            "{magic}\nrules {rules}\nwinner {}\npositions {}\n\n",
            self.winner.0,
            self.records.len()
        )
    }

    /// Reads a certificate from its uncompressed bytes, checking the header and that the
    /// records are well formed and sorted (not that they prove anything: see
    /// [`Certificate::verify`]).
    ///
    /// # Errors
    /// [`CertificateError::Malformed`] saying what is wrong; gzip-compressed bytes are
    /// refused too (decompress them first).
    pub fn from_bytes(bytes: &[u8]) -> Result<Certificate, CertificateError> {
        let (config, winner, count, body) = read_header(bytes, MAGIC)?;
        let expected = count
            .checked_mul(RECORD_LEN)
            .ok_or_else(|| malformed("position count too large"))?;
        if body.len() != expected {
            return Err(malformed(format!(
                "{count} records need {expected} bytes after the header, not {}",
                body.len()
            )));
        }
        config
            .validate()
            .map_err(|e| malformed(format!("rules: {e}")))?;
        let mut records = Vec::with_capacity(count);
        for chunk in body.chunks_exact(RECORD_LEN) {
            let mut position = [0u8; POSITION_LEN];
            position.copy_from_slice(&chunk[..POSITION_LEN]);
            let r = CertificateRecord {
                position,
                action: chunk[POSITION_LEN],
            };
            if let Some(last) = records.last() {
                let last: &CertificateRecord = last;
                if last.position >= r.position {
                    return Err(malformed(format!(
                        "record {} is not after the one before it (records must be sorted, \
                         no two equal)",
                        records.len()
                    )));
                }
            }
            check_move_byte(&r, winner)?;
            records.push(r);
        }
        Ok(Certificate {
            config,
            winner,
            records,
            reached: ReachedBoards::default(),
        })
    }

    /// Checks the certificate with the engine's own rules from the start of its rules'
    /// game: the start is a record, every move it allows (the winner's named move, every
    /// move of the other seat) is legal and either ends the game won for the winner or
    /// reaches a record, and, with a repetition limit, that the repetition rule ends no line
    /// of the certificate but in a win for the winner (see [`Certificate`]).
    ///
    /// # Errors
    /// [`CertificateError::Invalid`] naming the first fault found.
    pub fn verify(&self) -> Result<(), CertificateError> {
        let start = State::new(self.config).map_err(|e| invalid(e.to_string()))?;
        self.verify_from(&start)
    }

    /// As [`Certificate::verify`], with `root` (a game in progress under the certificate's
    /// rules) in place of the start.
    ///
    /// # Errors
    /// [`CertificateError::Invalid`] naming the first fault found.
    pub fn verify_from(&self, root: &State) -> Result<(), CertificateError> {
        if root.config() != &self.config {
            return Err(invalid("the root is under other rules"));
        }
        let start = position_of(root).map_err(|e| invalid(format!("root: {e}")))?;
        if self.record(&start).is_none() {
            return Err(invalid("the root position is not a record"));
        }
        self.verify_records()
    }

    /// Checks every record as [`Certificate::verify`] does, without asking that any
    /// particular position be one: each record then is a position its winner wins by
    /// force, whatever it is the root of. What [`install_certificate`] checks.
    ///
    /// # Errors
    /// [`CertificateError::Invalid`] naming the first fault found.
    pub fn verify_records(&self) -> Result<(), CertificateError> {
        for (i, r) in self.records.iter().enumerate() {
            self.check_record(r).map_err(|e| match e {
                CertificateError::Invalid(m) => invalid(format!("record {i}: {m}")),
                other => other,
            })?;
        }
        if let Some(k) = self.config.repetition_limit {
            // Fewer than k records of each key settle it; else the lines are followed.
            let mut counts: HashMap<[u8; 15], u32> = HashMap::new();
            let settled = self.records.iter().all(|r| {
                let n = counts.entry(repetition_key(&r.position)).or_insert(0);
                *n += 1;
                *n < u32::from(k)
            });
            if !settled {
                self.check_repetition_lines(u32::from(k))?;
            }
        }
        Ok(())
    }

    /// Under a repetition limit `k`, where some key has `k` records: every line of the
    /// certificate (from any record, the winner's move or each move of the other seat) that
    /// reaches a position (after a move, before any refill) `k` times within 17 plies ends
    /// there by the repetition rule (OAQ-C12), and that end must be a win for the winner.
    /// Every record counts as a root, its own board once (the start is one, and installed
    /// certificates are used from any record). Searched from each place a position is
    /// reached (a record itself, or a move) whose key is reached again within 16 plies
    /// somewhere in the certificate, counting that key for 16 plies.
    fn check_repetition_lines(&self, k: u32) -> Result<(), CertificateError> {
        const WINDOW: u32 = REPETITION_WINDOW as u32;
        const NONE: u32 = u32::MAX;
        let n = u32::try_from(self.records.len())
            .ok()
            .filter(|&n| n < NONE)
            .ok_or_else(|| invalid("too many records to follow the lines"))?;
        let index = |p: &Position| -> Option<u32> {
            self.records
                .binary_search_by(|r| r.position.cmp(p))
                .ok()
                .map(|i| i as u32)
        };
        // Every record's moves: the key of the board each reaches before any refill (`None`
        // when the game ended first by the board or the cap), the record it leads to.
        let mut first = Vec::with_capacity(n as usize + 1);
        let mut reached: Vec<Option<[u8; 15]>> = Vec::new();
        let mut next: Vec<u32> = Vec::new();
        let mut plies = Vec::with_capacity(n as usize);
        let mut seen_at: Vec<([u8; 15], u32)> = Vec::new();
        let mut events = Vec::new();
        for r in &self.records {
            first.push(reached.len());
            let state = state_of(self.config, &r.position)?;
            plies.push(state.ply);
            // A record is a root too (the start is one): its own board counts once.
            seen_at.push((repetition_key(&r.position), state.ply));
            for a in self.moves_of(&state, r) {
                let mut after = state;
                events.clear();
                after
                    .apply(a, &mut events)
                    .map_err(|e| invalid(format!("move {a}: {e}")))?;
                let refilled = events.iter().find_map(|e| match e {
                    Event::Refill { seat, .. } => Some(*seat),
                    _ => None,
                });
                let counted = matches!(after.end_reason(), None | Some(EndReason::NoRefill));
                let key = counted.then(|| state_key(&after, refilled));
                if let Some(key) = key {
                    seen_at.push((key, after.ply));
                }
                reached.push(key);
                next.push(match after.end_reason() {
                    Some(_) => NONE,
                    None => pack(&after)
                        .and_then(|p| index(&p))
                        .ok_or_else(|| invalid(format!("move {a} reaches no record")))?,
                });
            }
        }
        first.push(reached.len());
        seen_at.sort_unstable();
        seen_at.dedup();
        let mut candidates: HashMap<[u8; 15], Vec<u32>> = HashMap::new();
        for run in seen_at.chunk_by(|a, b| a.0 == b.0) {
            if run.windows(2).any(|w| w[1].1 - w[0].1 <= WINDOW) {
                candidates.insert(run[0].0, run.iter().map(|o| o.1).collect());
            }
        }
        let mut visited = std::collections::HashSet::new();
        let mut stack = Vec::new();
        // Each place a key is reached: every record itself, then every counted move.
        let roots = (0..n).map(|r| {
            let own = repetition_key(&self.records[r as usize].position);
            (own, plies[r as usize], r)
        });
        let places = roots.chain((0..n).flat_map(|r| {
            let (reached, next, plies) = (&reached, &next, &plies);
            (first[r as usize]..first[r as usize + 1]).filter_map(move |e| {
                let key = reached[e]?;
                (next[e] != NONE).then(|| (key, plies[r as usize] + 1, next[e]))
            })
        }));
        for (key, at, from) in places {
            let Some(last) = candidates.get(&key).and_then(|q| {
                q.iter()
                    .copied()
                    .filter(|&q| q > at && q - at <= WINDOW)
                    .max()
            }) else {
                continue;
            };
            visited.clear();
            stack.clear();
            stack.push((from, 1u32));
            while let Some((r, count)) = stack.pop() {
                if plies[r as usize] >= last || !visited.insert((r, count)) {
                    continue;
                }
                for e in first[r as usize]..first[r as usize + 1] {
                    let hit = reached[e] == Some(key);
                    // Counted up to k: past the k-th, every further one is a repetition end
                    // too (a line is followed on past one, as a finer reading of the key
                    // could let it go on).
                    let count = (count + u32::from(hit)).min(k);
                    if hit && count >= k {
                        self.repetition_end_won(r as usize, e - first[r as usize], k)?;
                    }
                    if next[e] != NONE {
                        stack.push((next[e], count));
                    }
                }
            }
        }
        Ok(())
    }

    /// The moves a line takes from a record: the winner's named one, or every legal move.
    fn moves_of(&self, state: &State, r: &CertificateRecord) -> Vec<Action> {
        match r.move_action() {
            Some(a) if state.to_move == self.winner => vec![a],
            _ => legal_moves(state),
        }
    }

    /// Move `m` of record `r` reaches its position a `k`-th time within the window: the
    /// game ends by repetition, scored as OAQ-C4 says (each side's squares to that side, the
    /// quan squares to nobody; a refill changes no total, so the board after it will do).
    fn repetition_end_won(&self, r: usize, m: usize, k: u32) -> Result<(), CertificateError> {
        let record = &self.records[r];
        let state = state_of(self.config, &record.position)?;
        let a = self.moves_of(&state, record)[m];
        let mut after = state;
        after
            .apply(a, &mut NoEvents)
            .map_err(|e| invalid(format!("move {a}: {e}")))?;
        let total = |s: u8| after.score(Seat(s)) + after.side_stones(Seat(s)) as i32;
        let (w, l) = (total(self.winner.0), total(1 - self.winner.0));
        if w > l {
            return Ok(());
        }
        Err(invalid(format!(
            "record {r}: move {a} reaches its position a {k}th time within 17 plies on a line: \
             a repetition end, {w} to {l} for seat {}",
            self.winner.0
        )))
    }

    /// Points 2 and 3 of validity for one record.
    fn check_record(&self, r: &CertificateRecord) -> Result<(), CertificateError> {
        let state = state_of(self.config, &r.position)?;
        let moves: Vec<Action> = if state.to_move == self.winner {
            let a = r
                .move_action()
                .ok_or_else(|| invalid("the winner's record names no move"))?;
            vec![a]
        } else {
            legal_moves(&state)
        };
        for a in moves {
            let mut next = state;
            next.apply(a, &mut NoEvents)
                .map_err(|e| invalid(format!("move {a}: {e}")))?;
            if next.end_reason().is_some() {
                if next.winner() != Some(self.winner) {
                    return Err(invalid(format!(
                        "move {a} ends the game without a win for seat {}",
                        self.winner.0
                    )));
                }
            } else {
                let p = position_of(&next).map_err(|e| invalid(format!("move {a}: {e}")))?;
                if self.record(&p).is_none() {
                    return Err(invalid(format!(
                        "move {a} reaches a position that is not a record"
                    )));
                }
            }
        }
        Ok(())
    }
}

/// The certificates installed for the process ([`install_certificate`]).
static INSTALLED: Mutex<Vec<Arc<Certificate>>> = Mutex::new(Vec::new());

/// How many times the installed set has changed: a bot's remembered choices
/// ([`RememberingBot`](crate::bot::RememberingBot)) hold only while it stays the same.
static INSTALLED_CHANGES: AtomicU64 = AtomicU64::new(0);

/// The count of changes to the installed certificates ([`Evaluate::consulted_version`](crate::bot::Evaluate::consulted_version)).
pub(crate) fn installed_version() -> u64 {
    INSTALLED_CHANGES.load(Ordering::Acquire)
}

/// The most certificates installed at once: one per rule set a host plays is the use.
pub const MAX_INSTALLED_CERTIFICATES: usize = 8;

/// Installs `certificate` for the whole process, after checking every record
/// ([`Certificate::verify_records`]): from then on the medium, hard and expert bots of Ô ăn
/// quan ([`AlphaBetaSettings::certificates`](super::AlphaBetaSettings::certificates)) play
/// its moves wherever it covers the position, and their hints say the move wins by force
/// (or, for the other seat, that every move loses by force). Easy stays as it is. This is
/// how the levels a host reaches by name (`bot_for_level`, the C ABI, the Python and
/// C# packages) get perfect play; [`AlphaBetaBot::with_certificate`](super::AlphaBetaBot::with_certificate)
/// gives it to one bot.
///
/// Checking costs about as much as playing the strategy out: the seed rules' certificate
/// (10.3 million positions) takes about 20 s on one core (10 s to play its strategy out, 8
/// s to check), peaks at 0.7 GB and keeps 230 MB, so a host installs it once, off its main
/// thread.
/// Installing a certificate equal to one installed already does nothing; beyond
/// [`MAX_INSTALLED_CERTIFICATES`] the oldest is dropped.
///
/// # Errors
/// [`CertificateError::Invalid`] when a record does not hold; nothing is installed then.
pub fn install_certificate(certificate: Arc<Certificate>) -> Result<(), CertificateError> {
    certificate.verify_records()?;
    // Under a repetition limit, what `covers` consults is built now, not in a game.
    if certificate.config.repetition_limit.is_some() {
        certificate.reached_boards();
    }
    let mut installed = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
    if installed.iter().any(|c| **c == *certificate) {
        return Ok(());
    }
    if installed.len() >= MAX_INSTALLED_CERTIFICATES {
        installed.remove(0);
    }
    installed.push(certificate);
    INSTALLED_CHANGES.fetch_add(1, Ordering::AcqRel);
    Ok(())
}

/// The certificates installed for the process, oldest first.
pub fn installed_certificates() -> Vec<Arc<Certificate>> {
    INSTALLED.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Removes every installed certificate (the memory goes when no bot holds one any more).
pub fn uninstall_certificates() {
    let mut installed = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
    if !installed.is_empty() {
        installed.clear();
        INSTALLED_CHANGES.fetch_add(1, Ordering::AcqRel);
    }
}

/// The installed certificate holding `state`'s position under its rules, if any.
pub(crate) fn installed_covering(state: &State) -> Option<Arc<Certificate>> {
    let installed = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
    installed.iter().find(|c| c.covers(state)).cloned()
}

/// Reads the five header lines shared by certificate and strategy files (`magic` names the
/// kind): the rules, the winner and the position count, and the bytes after the header.
fn read_header<'a>(
    bytes: &'a [u8],
    magic: &str,
) -> Result<(Config, Seat, usize, &'a [u8]), CertificateError> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return Err(malformed("gzip-compressed: decompress it first"));
    }
    let mut rest = bytes;
    let mut line = |what: &str| -> Result<&str, CertificateError> {
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| malformed(format!("the header ends before the {what} line")))?;
        let text = std::str::from_utf8(&rest[..end])
            .map_err(|_| malformed(format!("the {what} line is not UTF-8")))?;
        rest = &rest[end + 1..];
        Ok(text)
    };
    if line("first")? != magic {
        return Err(malformed(format!("the first line is not {magic:?}")));
    }
    let rules = line("rules")?
        .strip_prefix("rules ")
        .ok_or_else(|| malformed("the second line does not start with \"rules \""))?;
    let config: Config =
        serde_json::from_str(rules).map_err(|e| malformed(format!("rules: {e}")))?;
    // One spelling of the rules, so that one certificate has one file.
    if serde_json::to_string(&config).ok().as_deref() != Some(rules) {
        return Err(malformed(
            "rules are not written exactly as serde_json writes the config",
        ));
    }
    let winner = match line("winner")? {
        "winner 0" => Seat(0),
        "winner 1" => Seat(1),
        other => return Err(malformed(format!("bad winner line {other:?}"))),
    };
    let count_text = line("positions")?
        .strip_prefix("positions ")
        .ok_or_else(|| malformed("the fourth line does not start with \"positions \""))?;
    if count_text.is_empty()
        || !count_text.bytes().all(|b| b.is_ascii_digit())
        || (count_text.len() > 1 && count_text.starts_with('0'))
    {
        return Err(malformed(format!("bad position count {count_text:?}")));
    }
    let count: usize = count_text
        .parse()
        .map_err(|_| malformed(format!("position count {count_text} is too large")))?;
    if !line("empty")?.is_empty() {
        return Err(malformed("the header's fifth line is not empty"));
    }
    config
        .validate()
        .map_err(|e| malformed(format!("rules: {e}")))?;
    Ok((config, winner, count, rest))
}

/// The depth-first walk of a strategy (see [`Certificate::to_strategy`]) from the start of
/// `config`'s game: `winner_move` gives the winner's move byte at each of its positions, in
/// walk order. Returns the positions met, with their move bytes. The walk keeps its own
/// stack, and every position it expands beyond the first is reached by a move byte or by a
/// reply to one, so hostile bytes cost at most a bounded amount of work per byte.
fn walk_strategy(
    config: Config,
    winner: Seat,
    winner_move: impl FnMut(&Position) -> Result<u8, CertificateError>,
) -> Result<Vec<CertificateRecord>, CertificateError> {
    let start = State::new(config).map_err(|e| malformed(format!("rules: {e}")))?;
    walk_from(start, winner, winner_move)
}

/// The walk of [`walk_strategy`] from `start`, any game in progress.
pub(super) fn walk_from(
    start: State,
    winner: Seat,
    mut winner_move: impl FnMut(&Position) -> Result<u8, CertificateError>,
) -> Result<Vec<CertificateRecord>, CertificateError> {
    let config = start.config;
    let mut met: std::collections::HashSet<Position> = std::collections::HashSet::new();
    let mut records = Vec::new();
    let mut stack = vec![start];
    while let Some(state) = stack.pop() {
        let position = position_of(&state).map_err(|e| invalid(e.to_string()))?;
        if !met.insert(position) {
            continue;
        }
        let moves: Vec<Action> = if state.to_move == winner {
            let byte = winner_move(&position)?;
            let action = CertificateRecord::decode_action(byte)
                .ok_or_else(|| invalid(format!("move byte {byte:#04x} names no move")))?;
            records.push(CertificateRecord {
                position,
                action: byte,
            });
            vec![action]
        } else {
            records.push(CertificateRecord {
                position,
                action: NO_MOVE,
            });
            // Pushed in reverse, so that the first is walked first.
            let mut moves = legal_moves(&state);
            moves.reverse();
            moves
        };
        for action in moves {
            let mut next = state;
            next.apply(action, &mut NoEvents)
                .map_err(|e| invalid(format!("move {action}: {e}")))?;
            if next.end_reason().is_none() {
                // A record carries no history (its repetitions are the lines' check): each
                // position counts once, as itself.
                if config.repetition_limit.is_some() {
                    next.hist_len = 0;
                    let h = next.position_hash();
                    next.push_history(h);
                }
                stack.push(next);
            }
        }
    }
    Ok(records)
}

/// The legal moves at `state` in the strategy's walk order: by cell, clockwise before
/// counter-clockwise, which is the order of the action ids.
pub(super) fn legal_moves(state: &State) -> Vec<Action> {
    let mut list = crate::game::ActionList::new();
    state.legal_actions(&mut list);
    list.sort_unstable();
    list.iter()
        .filter_map(|&id| <Action as crate::game::Action>::from_id(id))
        .collect()
}

/// The structural check of a record's seat and move byte.
fn check_move_byte(r: &CertificateRecord, winner: Seat) -> Result<(), CertificateError> {
    let seat = r.seat_to_move();
    if seat > 1 {
        return Err(malformed(format!("a record has seat {seat} to move")));
    }
    if seat == winner.0 {
        match r.move_action() {
            Some(a) if a.owner() == winner => Ok(()),
            _ => Err(malformed(format!(
                "move byte {:#04x} is no move of seat {}",
                r.action, winner.0
            ))),
        }
    } else if r.action != NO_MOVE {
        Err(malformed(format!(
            "move byte {:#04x} where the other seat moves (must be 0xFF)",
            r.action
        )))
    } else {
        Ok(())
    }
}
