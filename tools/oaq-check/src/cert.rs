//! The certificate format (format 1) and its check.
//!
//! A certificate lists positions (records) sorted by their bytes; each record where the
//! winner moves names its move. The check replays every required move with the rules of
//! [`crate::rules`] and looks the result up by binary search in the sorted records, so it
//! needs no memory beyond the records themselves.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::{BufRead, BufReader, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::rules::{self, BigStone, EndReason, Ended, Move, Outcome, Position, Rules};

/// The first line of every certificate (without its newline).
pub const MAGIC: &str = "dangian-oaq-certificate 1";
/// Bytes in one record.
pub const RECORD_LEN: usize = 22;
/// Bytes of a record that make its position (the sort key).
pub const KEY_LEN: usize = 21;
/// The move byte of a record where the other seat (not the winner) is to move.
pub const NO_MOVE: u8 = 0xFF;
/// The longest header line read (the rules JSON is about 600 bytes).
const MAX_LINE: usize = 1 << 16;

/// Why a certificate could not be checked or is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// The bytes could not be read (I/O error, broken gzip stream).
    Unreadable(String),
    /// The rules are outside the supported subset.
    Unsupported(rules::RulesError),
    /// The certificate is not valid.
    Invalid(Failure),
}

impl CheckError {
    /// The exit code of the command line for this error: 1 for an invalid certificate, 2
    /// when it could not be checked.
    pub fn exit_code(&self) -> i32 {
        match self {
            CheckError::Invalid(_) => 1,
            CheckError::Unreadable(_) | CheckError::Unsupported(_) => 2,
        }
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Unreadable(m) => write!(f, "unreadable: {m}"),
            CheckError::Unsupported(e) => write!(f, "unsupported rules: {e}"),
            CheckError::Invalid(fail) => write!(f, "INVALID: {fail}"),
        }
    }
}

impl std::error::Error for CheckError {}

/// What makes a certificate invalid: the first failure found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Which kind of failure.
    pub kind: FailureKind,
    /// The index of the record at fault (0-based, in file order), if one is.
    pub record: Option<u64>,
    /// What is wrong, in words.
    pub message: String,
    /// Records whose moves had been checked and found right when the check stopped.
    pub checked: u64,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.record {
            Some(i) => write!(f, "record {i}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// The kinds of failure, one for each rule of the format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The header is not as the format says.
    Header,
    /// The record bytes do not match the count in the header (truncated or extra bytes).
    Length,
    /// Records not in strictly ascending order of their positions.
    Order,
    /// A record that is not a well-formed position where the game goes on.
    BadRecord,
    /// Point 1: the start position is not a record.
    StartMissing,
    /// Point 2: the winner's move is illegal.
    IllegalMove,
    /// Point 2 or 3: a move ends the game without a win for the winner.
    NotWon,
    /// Point 2 or 3: a move reaches a position that is not a record.
    MissingSuccessor,
    /// Point 4: a repetition key occurs too often.
    Repetition,
}

fn invalid(kind: FailureKind, record: Option<u64>, message: impl Into<String>) -> CheckError {
    CheckError::Invalid(Failure {
        kind,
        record,
        message: message.into(),
        checked: 0,
    })
}

/// A certificate read into memory: its header and its records.
#[derive(Clone, Debug)]
pub struct Certificate {
    /// The rules, as the header gives them.
    pub rules: Rules,
    /// The rules line's JSON text.
    pub rules_json: String,
    /// The seat the certificate claims wins.
    pub winner: u8,
    /// The records, `RECORD_LEN` bytes each, in file order.
    pub records: Vec<u8>,
}

/// What a valid certificate proves, and how long the check took.
#[derive(Clone, Debug)]
pub struct Report {
    /// The claim in words (who wins, under which rules, with which first move).
    pub claim: String,
    /// Records in the certificate.
    pub positions: u64,
    /// Records whose moves were checked.
    pub checked: u64,
    /// Time spent checking (reading excluded).
    pub elapsed: Duration,
}

/// Reads a certificate, gzip-compressed or not (recognised by the magic bytes 1f 8b).
pub fn read_certificate<R: Read>(input: R) -> Result<Certificate, CheckError> {
    let mut buffered = BufReader::new(input);
    let head = buffered
        .fill_buf()
        .map_err(|e| CheckError::Unreadable(e.to_string()))?;
    if head.starts_with(&[0x1f, 0x8b]) {
        let gz = flate2::bufread::MultiGzDecoder::new(buffered);
        read_plain(BufReader::new(gz))
    } else {
        read_plain(buffered)
    }
}

fn read_line<R: BufRead>(r: &mut R, what: &str) -> Result<String, CheckError> {
    let mut line = Vec::new();
    r.by_ref()
        .take(MAX_LINE as u64)
        .read_until(b'\n', &mut line)
        .map_err(|e| CheckError::Unreadable(e.to_string()))?;
    if line.pop() != Some(b'\n') {
        return Err(invalid(
            FailureKind::Header,
            None,
            format!("header: the {what} line is missing or not ended by a newline"),
        ));
    }
    String::from_utf8(line).map_err(|_| {
        invalid(
            FailureKind::Header,
            None,
            format!("header: the {what} line is not UTF-8"),
        )
    })
}

fn read_plain<R: BufRead>(mut r: R) -> Result<Certificate, CheckError> {
    let header_err = |m: String| invalid(FailureKind::Header, None, format!("header: {m}"));
    let magic = read_line(&mut r, "first")?;
    if magic != MAGIC {
        return Err(header_err(format!(
            "first line is {magic:?}, not {MAGIC:?}"
        )));
    }
    let rules_line = read_line(&mut r, "rules")?;
    let rules_json = rules_line
        .strip_prefix("rules ")
        .ok_or_else(|| header_err("second line does not start with \"rules \"".into()))?
        .to_string();
    let rules = Rules::from_json(&rules_json).map_err(CheckError::Unsupported)?;
    let winner = match read_line(&mut r, "winner")?.as_str() {
        "winner 0" => 0,
        "winner 1" => 1,
        other => return Err(header_err(format!("{other:?} is not \"winner 0|1\""))),
    };
    let count_line = read_line(&mut r, "positions")?;
    let count: u64 = count_line
        .strip_prefix("positions ")
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| header_err(format!("{count_line:?} is not \"positions <count>\"")))?;
    if !read_line(&mut r, "blank")?.is_empty() {
        return Err(header_err("the line after the count is not empty".into()));
    }
    let expected = count
        .checked_mul(RECORD_LEN as u64)
        .filter(|&n| usize::try_from(n).is_ok())
        .ok_or_else(|| header_err(format!("{count} records cannot be held in memory")))?;
    let mut records = Vec::new();
    // Reserve exactly, so that reading tens of millions of records does not double the
    // memory while the vector grows; one spare byte tells extra bytes apart. A count too
    // large to reserve is read all the same: the file then proves too short.
    let _ = records.try_reserve_exact((expected as usize).saturating_add(1));
    r.take(expected + 1)
        .read_to_end(&mut records)
        .map_err(|e| CheckError::Unreadable(e.to_string()))?;
    let found = records.len() as u64;
    let announced = format!("the header announces {count} records ({expected} bytes)");
    if found < expected {
        let whole = found / RECORD_LEN as u64;
        return Err(invalid(
            FailureKind::Length,
            None,
            format!("truncated: {announced}, the file holds {found} bytes ({whole} whole records)"),
        ));
    }
    if found > expected {
        return Err(invalid(
            FailureKind::Length,
            None,
            format!("extra bytes: {announced}, the file holds more"),
        ));
    }
    Ok(Certificate {
        rules,
        rules_json,
        winner,
        records,
    })
}

/// Encodes a position and its move byte as a record; `None` when a count does not fit the
/// record's fields (such a position can never be a record).
pub fn encode_record(pos: &Position, mv: Option<Move>) -> Option<[u8; RECORD_LEN]> {
    let mut r = [0u8; RECORD_LEN];
    r[..KEY_LEN].copy_from_slice(&encode_key(pos)?);
    r[21] = match mv {
        None => NO_MOVE,
        Some(m) => m.cell | if m.dir < 0 { 0x80 } else { 0 },
    };
    Some(r)
}

/// Encodes the position part of a record (its first 21 bytes, the sort key).
pub fn encode_key(pos: &Position) -> Option<[u8; KEY_LEN]> {
    let mut k = [0u8; KEY_LEN];
    for (b, &d) in k.iter_mut().zip(pos.dan.iter()) {
        *b = u8::try_from(d).ok()?;
    }
    for (i, big) in pos.big.iter().enumerate() {
        k[12 + i] = match big {
            BigStone::Absent => 0,
            BigStone::OnBoard => 1,
            BigStone::CapturedBy(s) => 2 + s,
        };
    }
    k[14..16].copy_from_slice(&i16::try_from(pos.captured[0]).ok()?.to_le_bytes());
    k[16..18].copy_from_slice(&i16::try_from(pos.captured[1]).ok()?.to_le_bytes());
    k[18] = pos.to_move;
    k[19..21].copy_from_slice(&u16::try_from(pos.ply).ok()?.to_le_bytes());
    Some(k)
}

/// Decodes a record into its position and move, or says what is malformed in it.
pub fn decode_record(r: &[u8]) -> Result<(Position, Option<Move>), String> {
    let mut dan = [0u32; 12];
    for (d, &b) in dan.iter_mut().zip(r[..12].iter()) {
        *d = u32::from(b);
    }
    let mut big = [BigStone::Absent; 2];
    for (i, b) in big.iter_mut().enumerate() {
        *b = match r[12 + i] {
            0 => BigStone::Absent,
            1 => BigStone::OnBoard,
            2 => BigStone::CapturedBy(0),
            3 => BigStone::CapturedBy(1),
            v => return Err(format!("big stone byte {} is {v}, not 0..=3", 12 + i)),
        };
    }
    let captured = [
        i64::from(i16::from_le_bytes([r[14], r[15]])),
        i64::from(i16::from_le_bytes([r[16], r[17]])),
    ];
    let to_move = r[18];
    if to_move > 1 {
        return Err(format!("seat to move is {to_move}, not 0 or 1"));
    }
    let ply = u32::from(u16::from_le_bytes([r[19], r[20]]));
    let mv = match r[21] {
        NO_MOVE => None,
        b => Some(Move {
            cell: b & 0x7F,
            dir: if b & 0x80 != 0 { -1 } else { 1 },
        }),
    };
    Ok((
        Position {
            dan,
            big,
            captured,
            to_move,
            ply,
        },
        mv,
    ))
}

/// Describes a position briefly, for failure messages.
pub fn describe(pos: &Position) -> String {
    let big = |b: BigStone| match b {
        BigStone::Absent => "-".to_string(),
        BigStone::OnBoard => "on".to_string(),
        BigStone::CapturedBy(s) => format!("seat {s}"),
    };
    format!(
        "seat {} to move at ply {}, dân {:?}, big stones [{}, {}], captured [{}, {}]",
        pos.to_move,
        pos.ply,
        pos.dan,
        big(pos.big[0]),
        big(pos.big[1]),
        pos.captured[0],
        pos.captured[1]
    )
}

/// Writes a certificate in format 1 (uncompressed). The records are sorted here; a
/// position given twice is the caller's mistake and shows as an invalid certificate.
pub fn write_certificate(rules_json: &str, winner: u8, records: &[[u8; RECORD_LEN]]) -> Vec<u8> {
    let mut sorted = records.to_vec();
    sorted.sort_unstable_by(|a, b| a[..KEY_LEN].cmp(&b[..KEY_LEN]));
    let mut out = format!(
        "{MAGIC}\nrules {rules_json}\nwinner {winner}\npositions {}\n\n",
        sorted.len()
    )
    .into_bytes();
    for r in &sorted {
        out.extend_from_slice(r);
    }
    out
}

impl Certificate {
    /// The number of records.
    pub fn len(&self) -> u64 {
        (self.records.len() / RECORD_LEN) as u64
    }

    /// Whether the certificate holds no records.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    fn record(&self, i: u64) -> &[u8] {
        let at = i as usize * RECORD_LEN;
        &self.records[at..at + RECORD_LEN]
    }

    /// Finds the record of a position by binary search.
    fn find(&self, key: &[u8; KEY_LEN]) -> Option<u64> {
        let (mut lo, mut hi) = (0u64, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.record(mid)[..KEY_LEN].cmp(&key[..]) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid),
            }
        }
        None
    }

    /// The records whose first 12 bytes (the dân) equal `dan`: a contiguous range, since
    /// records are sorted.
    fn dan_range(&self, dan: &[u8]) -> (u64, u64) {
        let bound = |strict: bool| {
            let (mut lo, mut hi) = (0u64, self.len());
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                let c = self.record(mid)[..12].cmp(dan);
                if c == std::cmp::Ordering::Less || (strict && c == std::cmp::Ordering::Equal) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lo
        };
        (bound(false), bound(true))
    }

    /// How many records share a position's repetition key (dân of the 12 cells, which big
    /// stones are on the board, seat to move; OAQ-C12).
    fn repetition_count(&self, dan: &[u8; 12], on_board: [bool; 2], seat: u8) -> u64 {
        let (lo, hi) = self.dan_range(dan);
        (lo..hi)
            .filter(|&i| repetition_bucket(self.record(i)) == bucket_of(on_board, seat))
            .count() as u64
    }

    /// The claim of the certificate in words.
    pub fn claim(&self) -> String {
        let role = if self.winner == self.rules.first_player {
            "first player"
        } else {
            "second player"
        };
        let start = self.rules.start();
        let first = if self.winner == self.rules.first_player {
            encode_key(&start)
                .and_then(|k| self.find(&k))
                .and_then(|i| decode_record(self.record(i)).ok())
                .and_then(|(_, mv)| mv)
                .map(|m| format!(", first move {m}"))
                .unwrap_or_default()
        } else {
            format!(
                ", against all {} first moves",
                self.rules.legal_moves(&start).len()
            )
        };
        format!(
            "seat {} ({role}) wins under {}{first}",
            self.winner,
            self.rules.summary()
        )
    }

    /// Checks points 1 to 4 of the format on `threads` threads (at least one). Returns the
    /// report, or the first failure (the lowest record index among the move checks).
    pub fn verify(&self, threads: usize) -> Result<Report, CheckError> {
        self.verify_from(&self.rules.start(), threads)
    }

    /// As [`Certificate::verify`], with `root` (a position of a game in progress under the
    /// certificate's rules) in place of the start in point 1: the certificate then proves
    /// that the winner wins from `root`, whatever its past was before it (point 4 takes
    /// every record as the beginning of a line).
    pub fn verify_from(&self, root: &Position, threads: usize) -> Result<Report, CheckError> {
        let started = Instant::now();
        let n = self.len();
        // Order first: the binary searches below rely on it.
        for i in 1..n {
            if self.record(i - 1)[..KEY_LEN] >= self.record(i)[..KEY_LEN] {
                return Err(invalid(
                    FailureKind::Order,
                    Some(i),
                    format!(
                        "not after record {}: records must be strictly ascending by their first 21 bytes",
                        i - 1
                    ),
                ));
            }
        }
        // Point 1.
        let start_key = encode_key(root).ok_or_else(|| {
            invalid(
                FailureKind::StartMissing,
                None,
                "the start position does not fit a record",
            )
        })?;
        if self.find(&start_key).is_none() {
            return Err(invalid(
                FailureKind::StartMissing,
                None,
                format!(
                    "point 1: the start position is not a record ({})",
                    describe(root)
                ),
            ));
        }
        // Point 4's count over the records first (the NoRefill check below counts keys
        // too); where it does not settle point 4, the lines are followed once points 2 and 3
        // hold.
        let follow_lines = match self.rules.repetition_limit {
            Some(k) => self.check_repetition(u64::from(k)).err(),
            None => None,
        };
        // Points 2 and 3, split into contiguous chunks; the earliest failure wins.
        let threads = threads.max(1).min(n.max(1) as usize) as u64;
        let first_failure = AtomicU64::new(u64::MAX);
        let chunk = n.div_ceil(threads).max(1);
        let results: Vec<Result<u64, (u64, CheckError)>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let lo = (t * chunk).min(n);
                    let hi = ((t + 1) * chunk).min(n);
                    let first_failure = &first_failure;
                    s.spawn(move || {
                        for i in lo..hi {
                            // Stop once an earlier chunk has failed: its failure comes first.
                            if first_failure.load(Ordering::Relaxed) < lo {
                                return Ok(i - lo);
                            }
                            if let Err(e) = self.check_record(i) {
                                first_failure.fetch_min(i, Ordering::Relaxed);
                                return Err((i - lo, e));
                            }
                        }
                        Ok(hi - lo)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a checking thread panicked"))
                .collect()
        });
        let mut checked = 0;
        let mut failure = None;
        for r in results {
            match r {
                Ok(c) => checked += c,
                Err((c, e)) => {
                    checked += c;
                    failure.get_or_insert(e);
                }
            }
        }
        if let Some(mut e) = failure {
            if let CheckError::Invalid(f) = &mut e {
                f.checked = checked;
            }
            return Err(e);
        }
        if let (Some(_), Some(k)) = (follow_lines, self.rules.repetition_limit) {
            self.check_repetition_lines(k).map_err(|mut e| {
                if let CheckError::Invalid(f) = &mut e {
                    f.checked = checked;
                }
                e
            })?;
        }
        Ok(Report {
            claim: self.claim(),
            positions: n,
            checked,
            elapsed: started.elapsed(),
        })
    }

    /// Point 4 by the lines (format point 4, second form). Every line of the certificate is a
    /// path through its records: from a record, the winner's move or each move of the other
    /// seat; any record may begin one, its own board counted once (the start is a record). A
    /// repetition end (OAQ-C12) needs a position reached k times within 17 plies of one line,
    /// so it is enough to start from each place a position is reached (a record itself, or a
    /// move) whose repetition key is reached again within 16 plies somewhere in the
    /// certificate, and to follow every line from there for at most 16 plies, counting that
    /// key: wherever the count reaches k or more, the game scored as a repetition end must
    /// be a win for the winner. Lines are followed on past repetition ends (of this key or
    /// another), which can only refuse more, and holds for a finer reading of the key too
    /// (one that tells apart who captured a big stone, as the engine's does).
    fn check_repetition_lines(&self, k: u32) -> Result<(), CheckError> {
        let n = self.len();
        if n >= u64::from(NO_RECORD) {
            return Err(invalid(
                FailureKind::Repetition,
                None,
                "point 4: too many records to follow the lines",
            ));
        }
        // The moves of every record: the repetition key of the board each reaches (before
        // any refill), and the record it leads to.
        let mut first_move = Vec::with_capacity(n as usize + 1);
        let mut reached: Vec<RepetitionKey> = Vec::new();
        let mut next: Vec<u32> = Vec::new();
        let mut plies = Vec::with_capacity(n as usize);
        let mut occurrences: Vec<(RepetitionKey, u32)> = Vec::new();
        let mut own = Vec::with_capacity(n as usize);
        for i in 0..n {
            first_move.push(reached.len());
            let (pos, moves) = self.moves_of(i);
            plies.push(pos.ply);
            // Every record is taken as a root, its own board counted once (the start is one).
            own.push(repetition_key(&pos));
            occurrences.push((repetition_key(&pos), pos.ply));
            for mv in moves {
                let played = rules::play_detailed(&self.rules, &pos, mv)
                    .expect("points 2 and 3 hold: every move of a record is legal");
                let key = if played.counts_for_repetition() {
                    let key = repetition_key(&played.reached);
                    occurrences.push((key, played.reached.ply));
                    key
                } else {
                    NOT_COUNTED
                };
                reached.push(key);
                next.push(match &played.outcome {
                    Outcome::Continues(q) => encode_key(q)
                        .and_then(|key| self.find(&key))
                        .expect("points 2 and 3 hold: every position reached is a record")
                        as u32,
                    Outcome::Ended(_) => NO_RECORD,
                });
            }
        }
        first_move.push(reached.len());
        // The keys reached at two plies at most 16 apart, with their plies.
        occurrences.sort_unstable();
        occurrences.dedup();
        let mut candidates: HashMap<RepetitionKey, Vec<u32>> = HashMap::new();
        for run in occurrences.chunk_by(|a, b| a.0 == b.0) {
            if run.windows(2).any(|w| w[1].1 - w[0].1 <= REPETITION_WINDOW) {
                candidates.insert(run[0].0, run.iter().map(|o| o.1).collect());
            }
        }
        let mut seen: HashSet<(u32, u32)> = HashSet::new();
        let mut stack: Vec<(u32, u32)> = Vec::new();
        // Each place a candidate key is reached: every record itself, then every counted
        // move.
        let mut roots = 0..n;
        let mut edge = 0usize;
        let mut record = 0u64;
        loop {
            let (key, at, from) = match roots.next() {
                Some(r) => (own[r as usize], plies[r as usize], r as u32),
                None => {
                    if edge == reached.len() {
                        break;
                    }
                    while first_move[record as usize + 1] <= edge {
                        record += 1;
                    }
                    let e = edge;
                    edge += 1;
                    if reached[e] == NOT_COUNTED || next[e] == NO_RECORD {
                        continue;
                    }
                    (reached[e], plies[record as usize] + 1, next[e])
                }
            };
            let Some(key_plies) = candidates.get(&key) else {
                continue;
            };
            // The latest ply this key is reached at within the window.
            let Some(last) = key_plies
                .iter()
                .copied()
                .filter(|&q| q > at && q - at <= REPETITION_WINDOW)
                .max()
            else {
                continue;
            };
            seen.clear();
            stack.clear();
            stack.push((from, 1));
            while let Some((r, count)) = stack.pop() {
                if !seen.insert((r, count)) || plies[r as usize] >= last {
                    continue;
                }
                for e in first_move[r as usize]..first_move[r as usize + 1] {
                    let hit = reached[e] == key;
                    // Counted up to k: past the k-th, every further one is a repetition end
                    // too (a line is followed on past one, as a finer reading of the key
                    // could let it go on).
                    let count = (count + u32::from(hit)).min(k);
                    if hit && count >= k {
                        self.repetition_end_won(u64::from(r), e - first_move[r as usize], k)?;
                    }
                    if next[e] != NO_RECORD {
                        stack.push((next[e], count));
                    }
                }
            }
        }
        Ok(())
    }

    /// A record's position and its moves on the lines: the winner's one, or every legal move
    /// of the other seat.
    fn moves_of(&self, i: u64) -> (Position, Vec<Move>) {
        let (pos, mv) = decode_record(self.record(i)).expect("the records are well formed");
        let moves = match mv {
            Some(mv) if pos.to_move == self.winner => vec![mv],
            _ => self.rules.legal_moves(&pos),
        };
        (pos, moves)
    }

    /// Move number `m` of record `r` reaches its position a k-th time on a line: the game
    /// ends `Repetition` (OAQ-C12), each side's squares to that side, the quan squares to
    /// nobody (OAQ-C4). A win for the winner, or the failure of point 4.
    fn repetition_end_won(&self, r: u64, m: usize, k: u32) -> Result<(), CheckError> {
        let (pos, moves) = self.moves_of(r);
        let mv = moves[m];
        let b = rules::play_detailed(&self.rules, &pos, mv)
            .expect("points 2 and 3 hold")
            .reached;
        let Err(totals) = self.won_as_repetition(&b) else {
            return Ok(());
        };
        Err(invalid(
            FailureKind::Repetition,
            Some(r),
            format!(
                "point 4: on a line, move {mv} from ({}) reaches ({}) a {} time within {} plies: a repetition end, scored {} to {}",
                describe(&pos),
                describe(&b),
                ordinal(u64::from(k)),
                REPETITION_WINDOW + 1,
                totals[0],
                totals[1]
            ),
        ))
    }

    /// Whether the game ended by repetition on board `b` is the winner's (OAQ-C4: each side's
    /// squares to that side, the quan squares to nobody); else the totals.
    fn won_as_repetition(&self, b: &Position) -> Result<(), [i64; 2]> {
        let totals = [0, 1].map(|s| b.final_total(&self.rules, s, EndReason::Repetition));
        let w = usize::from(self.winner);
        if totals[w] > totals[1 - w] {
            Ok(())
        } else {
            Err(totals)
        }
    }

    /// Point 4 by the records (format point 4, first form): records that share a repetition
    /// key share their first 12 bytes, so they lie in runs; within a run the key has 8
    /// values (two big-stone flags and the seat).
    fn check_repetition(&self, k: u64) -> Result<(), CheckError> {
        let n = self.len();
        let mut run_start = 0;
        let mut counts = [0u64; 8];
        for i in 0..n {
            let r = self.record(i);
            if r[..12] != self.record(run_start)[..12] {
                run_start = i;
                counts = [0; 8];
            }
            let b = repetition_bucket(r);
            counts[b] += 1;
            if counts[b] >= k {
                return Err(invalid(
                    FailureKind::Repetition,
                    Some(i),
                    format!(
                        "point 4: its repetition key (dân, big stones on the board, seat to move) is the {} such record, the limit is {k}",
                        ordinal(counts[b])
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Points 2 and 3 for one record.
    fn check_record(&self, i: u64) -> Result<(), CheckError> {
        let rules = &self.rules;
        let (pos, mv) = decode_record(self.record(i))
            .map_err(|m| invalid(FailureKind::BadRecord, Some(i), m))?;
        let bad = |m: String| invalid(FailureKind::BadRecord, Some(i), m);
        for (q, big) in pos.big.iter().enumerate() {
            let fits = match rules.quan_small_stones {
                None => *big != BigStone::Absent,
                Some(_) => *big == BigStone::Absent,
            };
            if !fits {
                return Err(bad(format!(
                    "big stone byte {} does not fit the quan setup of the rules",
                    12 + q
                )));
            }
        }
        if pos.end_condition_met(rules) {
            return Err(bad("the end condition holds: the game is over there".into()));
        }
        if pos.side_empty(pos.to_move) {
            return Err(bad(format!(
                "seat {} is to move with five empty squares (a refill comes first)",
                pos.to_move
            )));
        }
        if rules.max_plies.is_some_and(|cap| pos.ply >= cap) {
            return Err(bad(format!("ply {} is at or past the cap", pos.ply)));
        }
        if pos.to_move == self.winner {
            let Some(mv) = mv else {
                return Err(bad(
                    "the winner is to move but the record names no move".into()
                ));
            };
            let outcome = rules::play(rules, &pos, mv).map_err(|e| {
                invalid(
                    FailureKind::IllegalMove,
                    Some(i),
                    format!("point 2: move {mv} is illegal ({e}) in {}", describe(&pos)),
                )
            })?;
            self.check_outcome(i, &pos, mv, outcome, "point 2")
        } else {
            if mv.is_some() {
                return Err(bad(format!(
                    "the other seat is to move but the move byte is {:#04x}, not 0xff",
                    self.record(i)[21]
                )));
            }
            for m in rules.legal_moves(&pos) {
                let outcome = rules::play(rules, &pos, m).map_err(|e| {
                    invalid(
                        FailureKind::IllegalMove,
                        Some(i),
                        format!("point 3: move {m} could not be played ({e})"),
                    )
                })?;
                self.check_outcome(i, &pos, m, outcome, "point 3")?;
            }
            Ok(())
        }
    }

    /// Whether one move's outcome is a win for the winner or a record.
    fn check_outcome(
        &self,
        i: u64,
        pos: &Position,
        mv: Move,
        outcome: Outcome,
        point: &str,
    ) -> Result<(), CheckError> {
        match outcome {
            Outcome::Continues(next) => {
                let found = encode_key(&next).and_then(|k| self.find(&k));
                if found.is_none() {
                    return Err(invalid(
                        FailureKind::MissingSuccessor,
                        Some(i),
                        format!(
                            "{point}: move {mv} from ({}) reaches a position that is not a record: {}",
                            describe(pos),
                            describe(&next)
                        ),
                    ));
                }
                Ok(())
            }
            Outcome::Ended(end) => {
                if end.winner != Some(self.winner) {
                    return Err(invalid(
                        FailureKind::NotWon,
                        Some(i),
                        format!(
                            "{point}: move {mv} from ({}) ends the game ({:?}, totals {} to {}) {}",
                            describe(pos),
                            end.reason,
                            end.totals[0],
                            end.totals[1],
                            match end.winner {
                                None => "in a draw".to_string(),
                                Some(w) => format!("with seat {w} winning"),
                            }
                        ),
                    ));
                }
                if end.reason == EndReason::NoRefill {
                    self.check_no_refill_not_repetition(i, pos, mv, &end, point)?;
                }
                Ok(())
            }
        }
    }

    /// A NoRefill end comes after the repetition rule (OAQ-C3), so with a repetition limit
    /// it only counts when the board the move reached cannot be a k-th repetition. Point 4
    /// bounds the earlier occurrences of that board by the records of its refilled form
    /// (fewer than k), which leaves room for exactly k; so require one fewer, or a win for
    /// the winner when the game is scored as a repetition end instead.
    fn check_no_refill_not_repetition(
        &self,
        i: u64,
        pos: &Position,
        mv: Move,
        end: &Ended,
        point: &str,
    ) -> Result<(), CheckError> {
        let Some(k) = self.rules.repetition_limit else {
            return Ok(());
        };
        let b = &end.board;
        let mut dan = [0u8; 12];
        for (c, d) in dan.iter_mut().enumerate() {
            let v = if rules::own_squares(b.to_move).contains(&c) {
                self.rules.refill_amount_per_square
            } else {
                b.dan[c]
            };
            match u8::try_from(v) {
                Ok(v) => *d = v,
                // No record can hold this board refilled, so it never occurred before.
                Err(_) => return Ok(()),
            }
        }
        let on_board = [b.big[0] == BigStone::OnBoard, b.big[1] == BigStone::OnBoard];
        if self.repetition_count(&dan, on_board, b.to_move) + 2 <= u64::from(k) {
            return Ok(());
        }
        let Err(totals) = self.won_as_repetition(b) else {
            return Ok(());
        };
        Err(invalid(
            FailureKind::NotWon,
            Some(i),
            format!(
                "{point}: move {mv} from ({}) ends NoRefill, but that board may be a repetition end first (OAQ-C3), scored {} to {}",
                describe(pos),
                totals[0],
                totals[1]
            ),
        ))
    }
}

/// The positions before the one just reached that the repetition rule counts it among
/// (OAQ-C12).
const REPETITION_WINDOW: u32 = 16;

/// A position's repetition key (OAQ-C12): the dân of the 12 cells, whether each big stone is
/// on the board, the seat to move.
type RepetitionKey = [u8; 15];

/// The key of a move the repetition rule does not look at (the game ended first).
const NOT_COUNTED: RepetitionKey = [0xFF; 15];

/// No record: the move ends the game.
const NO_RECORD: u32 = u32::MAX;

fn repetition_key(p: &Position) -> RepetitionKey {
    let mut key = [0u8; 15];
    for (k, &d) in key.iter_mut().zip(&p.dan) {
        // Boards with more than 254 dân in a cell share a key: counted together, they can
        // only make the check refuse more.
        *k = u8::try_from(d).unwrap_or(0xFE);
    }
    key[12] = u8::from(p.big[0] == BigStone::OnBoard);
    key[13] = u8::from(p.big[1] == BigStone::OnBoard);
    key[14] = p.to_move;
    key
}

fn bucket_of(on_board: [bool; 2], seat: u8) -> usize {
    usize::from(on_board[0]) | usize::from(on_board[1]) << 1 | usize::from(seat & 1) << 2
}

fn repetition_bucket(r: &[u8]) -> usize {
    bucket_of([r[12] == 1, r[13] == 1], r[18])
}

fn ordinal(n: u64) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

/// Reads and checks one certificate.
pub fn check<R: Read>(input: R, threads: usize) -> Result<Report, CheckError> {
    read_certificate(input)?.verify(threads)
}
