//! The position: [`Setup`] (plain, may be illegal) and [`State`] (validated, playable).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::action::{owner_of, seat_letter};
use super::config::{
    CapResolution, ChainCapture, Config, EndCondition, Leftover, Refill, RelayAtQuan, RelayLoop,
    REPETITION_WINDOW,
};
use super::event::EndReason;
use crate::game::{Seat, SetupError, StateHasher};

/// The number of cells in the ring: 10 small squares and 2 quan squares (rules §2.1).
pub const CELLS: usize = 12;
/// The left quan square (ô quan), cell 0.
pub const LEFT_QUAN: u8 = 0;
/// The right quan square (ô quan), cell 6.
pub const RIGHT_QUAN: u8 = 6;

/// Whether `cell` is a quan square (0 or 6).
#[inline]
pub const fn is_quan(cell: u8) -> bool {
    cell == LEFT_QUAN || cell == RIGHT_QUAN
}

/// The index (0 = left, 1 = right) of the quan square `cell`.
#[inline]
pub(crate) const fn quan_index(cell: u8) -> usize {
    (cell / 6) as usize
}

/// The five cells of a seat's own squares, left to right as that player sees them.
pub const fn own_cells(seat: Seat) -> [u8; 5] {
    if seat.0 == 0 {
        [1, 2, 3, 4, 5]
    } else {
        [7, 8, 9, 10, 11]
    }
}

/// Where the big stone (the quan) of one quan square is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[serde(deny_unknown_fields)]
pub enum BigStone {
    /// Still in its quan square.
    #[serde(deserialize_with = "crate::strict::no_fields")]
    OnBoard,
    /// Captured by a seat.
    CapturedBy {
        /// The seat that captured it.
        seat: Seat,
    },
    /// There is none: the game started with `QuanSetup::SmallStones`.
    #[serde(deserialize_with = "crate::strict::no_fields")]
    Absent,
}

impl BigStone {
    fn code(self) -> u8 {
        match self {
            BigStone::OnBoard => 1,
            BigStone::CapturedBy { seat: s } => 2 + s.0,
            BigStone::Absent => 0,
        }
    }
}

/// A position in plain public fields. It may be illegal; [`State::from_setup`] checks it.
/// A [`State`] serializes as its setup and deserializes through that check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "OAnQuanState"))]
pub struct Setup {
    /// The rules.
    pub config: Config,
    /// Small stones (dân) per cell 0..=11, quan squares included (rules §2.1).
    pub dan: [u16; CELLS],
    /// The big stones of the left (cell 0) and right (cell 6) quan squares.
    pub big: [BigStone; 2],
    /// Captured dân of A and B; negative = a debt to the opponent (OAQ-C1).
    pub cap_dan: [i32; 2],
    /// Whose turn it is; once the game is over, the player who would have moved (for
    /// [`EndReason::NoRefill`]: the player who could not refill).
    pub turn: Seat,
    /// Plies (moves) played.
    pub ply: u32,
    /// Why the game ended, or `None` while it goes on.
    #[serde(default)]
    pub end: Option<EndReason>,
    /// The position hashes of the repetition rule (OAQ-A13, OAQ-C12), oldest first, kept only
    /// with a `repetition_limit`: the position the last move reached (before any refill) and
    /// up to 15 before it, [`REPETITION_WINDOW`] in all, so that the next move's position is
    /// counted among itself and the 16 before it. Left empty for a game in progress, the
    /// position itself counts as its first occurrence.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<u64>,
}

impl Setup {
    /// The starting position under `config` (OAQ-S1, OAQ-S2).
    pub fn new(config: Config) -> Setup {
        let mut dan = [u16::from(config.dan_per_square); CELLS];
        let (q, big) = match config.quan_setup {
            super::config::QuanSetup::BigStone => (0, BigStone::OnBoard),
            super::config::QuanSetup::SmallStones { count } => (u16::from(count), BigStone::Absent),
        };
        dan[usize::from(LEFT_QUAN)] = q;
        dan[usize::from(RIGHT_QUAN)] = q;
        Setup {
            config,
            dan,
            big: [big; 2],
            cap_dan: [0; 2],
            turn: config.first_player,
            ply: 0,
            end: None,
            history: Vec::new(),
        }
    }
}

/// A playable, validated game of Ô ăn quan: `Copy`, a few hundred bytes, no heap.
///
/// Implements [`crate::Game`]. Made by [`crate::Game::new`] or [`State::from_setup`];
/// serializes as its [`Setup`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Setup", into = "Setup")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct State {
    pub(crate) config: Config,
    pub(crate) dan: [u16; CELLS],
    pub(crate) big: [BigStone; 2],
    pub(crate) cap_dan: [i32; 2],
    pub(crate) to_move: Seat,
    pub(crate) end: Option<EndReason>,
    pub(crate) ply: u32,
    pub(crate) hist: [u64; REPETITION_WINDOW],
    pub(crate) hist_len: u8,
    /// Whether `config` plays the plain ring of the seed rules (no variant rule changes how a
    /// move sows, relays or captures): computed once with the config, so the move's inner
    /// loops need not test the options one by one.
    pub(crate) plain: bool,
}

fn bad(msg: impl Into<String>) -> SetupError {
    SetupError::Position(msg.into())
}

impl State {
    /// A new game under `config` (the same as [`Game::new`](crate::Game::new)).
    ///
    /// # Errors
    /// [`ConfigError`](crate::ConfigError) when the config is invalid.
    pub fn new(config: Config) -> Result<State, crate::ConfigError> {
        config.validate()?;
        State::from_setup(Setup::new(config)).map_err(|e| match e {
            SetupError::Config(c) => c,
            // The start of a game under a valid config is always a valid position.
            SetupError::Position(p) => crate::ConfigError::new("config", p),
        })
    }

    fn from_setup_unchecked(setup: &Setup) -> State {
        let mut hist = [0u64; REPETITION_WINDOW];
        let n = setup.history.len().min(REPETITION_WINDOW);
        hist[..n].copy_from_slice(&setup.history[..n]);
        State {
            config: setup.config,
            dan: setup.dan,
            big: setup.big,
            cap_dan: setup.cap_dan,
            to_move: setup.turn,
            end: setup.end,
            ply: setup.ply,
            hist,
            hist_len: n as u8,
            plain: plain_rules(&setup.config),
        }
    }

    /// The playable state of `setup`, after checking it: a valid config, stones conserved
    /// (`dân on the board + both captured piles = 10 · dan_per_square + quan-square stones`),
    /// big stones consistent with the setup, values in range, and a consistent end.
    ///
    /// # Errors
    /// [`SetupError`] saying what is wrong.
    pub fn from_setup(setup: Setup) -> Result<State, SetupError> {
        let c = setup.config;
        c.validate()?;
        if setup.turn.0 > 1 {
            return Err(bad("to_move must be seat 0 or 1"));
        }
        for (i, b) in setup.big.iter().enumerate() {
            let ok = match b {
                BigStone::Absent => !c.has_big_stones(),
                BigStone::OnBoard => c.has_big_stones(),
                BigStone::CapturedBy { seat: s } => c.has_big_stones() && s.0 <= 1,
            };
            if !ok {
                return Err(bad(format!(
                    "big stone {i} is {b:?}, which the quan setup {:?} does not allow",
                    c.quan_setup
                )));
            }
        }
        // A pile only falls by refills (at most one of 5·r stones per ply, OAQ-C1), and the two
        // piles hold at most every stone in play plus the debts. So after `ply` plies each
        // pile lies in [−5·r·ply, total + 5·r·ply]; a legal move keeps that true at the next
        // ply, so a position accepted here stays valid whatever is played.
        let refilled = 5 * i64::from(c.refill_amount_per_square) * i64::from(setup.ply);
        for (i, &p) in setup.cap_dan.iter().enumerate() {
            let p = i64::from(p);
            if p < -refilled || p > i64::from(c.total_dan()) + refilled {
                return Err(bad(format!(
                    "captured pile {i} ({p}) is out of range after {} plies: {} to {}",
                    setup.ply,
                    -refilled,
                    i64::from(c.total_dan()) + refilled
                )));
            }
        }
        let board: i64 = setup.dan.iter().map(|&d| i64::from(d)).sum();
        let total = board + i64::from(setup.cap_dan[0]) + i64::from(setup.cap_dan[1]);
        if total != i64::from(c.total_dan()) {
            return Err(bad(format!(
                "stones not conserved: {board} on the board and {} + {} captured make {total}, \
                 not {}",
                setup.cap_dan[0],
                setup.cap_dan[1],
                c.total_dan()
            )));
        }
        let cap = c.ply_cap();
        if setup.ply > cap {
            return Err(bad(format!("ply {} is past the cap {cap}", setup.ply)));
        }
        // Every later refill adds at most 5·r stones per ply; the cells must stay in u16.
        let growth = 5 * i64::from(c.refill_amount_per_square) * i64::from(cap - setup.ply);
        if board + growth > i64::from(u16::MAX) {
            return Err(bad(format!(
                "{board} stones on the board leave no room for refills within 16 bits"
            )));
        }
        if setup.history.len() > REPETITION_WINDOW {
            return Err(bad(format!(
                "history holds {} positions; at most {REPETITION_WINDOW}",
                setup.history.len()
            )));
        }
        if c.repetition_limit.is_none() && !setup.history.is_empty() {
            return Err(bad("history given without a repetition_limit"));
        }
        let mut s = State::from_setup_unchecked(&setup);
        if c.repetition_limit.is_some() && s.hist_len == 0 && setup.end.is_none() {
            // A position given without history has occurred once: itself.
            let h = s.position_hash();
            s.push_history(h);
        }
        match setup.end {
            None => {
                if setup.ply >= cap {
                    return Err(bad("the ply cap is reached but the game is not over"));
                }
                if s.end_condition_met() {
                    return Err(bad(
                        "the end condition holds (OAQ-S9) but the game is not marked over",
                    ));
                }
                if s.side_stones(s.to_move) == 0 {
                    return Err(bad(format!(
                        "player {} is to move with five empty squares (the refill comes \
                         with the move before, OAQ-C2)",
                        seat_letter(s.to_move)
                    )));
                }
            }
            Some(reason) => {
                let ok = match reason {
                    EndReason::BothQuanSquaresEmpty => {
                        c.end_condition == EndCondition::BothQuanSquaresEmpty
                            && s.end_condition_met()
                    }
                    EndReason::BothBigStonesCaptured => {
                        c.end_condition == EndCondition::BothBigStonesCaptured
                            && s.end_condition_met()
                    }
                    EndReason::MoveCap => setup.ply == cap,
                    EndReason::Repetition => c.repetition_limit.is_some(),
                    EndReason::NoRefill => {
                        c.refill != Refill::BorrowAsDebt
                            && s.side_stones(s.to_move) == 0
                            && !s.can_refill(s.to_move)
                    }
                };
                if !ok {
                    return Err(bad(format!(
                        "the game is marked over by {reason:?}, which does not hold here"
                    )));
                }
            }
        }
        Ok(s)
    }

    /// The position as a [`Setup`].
    pub fn to_setup(&self) -> Setup {
        Setup {
            config: self.config,
            dan: self.dan,
            big: self.big,
            cap_dan: self.cap_dan,
            turn: self.to_move,
            ply: self.ply,
            end: self.end,
            history: self.hist[..usize::from(self.hist_len)].to_vec(),
        }
    }

    /// Small stones (dân) in `cell` (0..=11); 0 for a cell off the board.
    pub fn dan(&self, cell: u8) -> u16 {
        self.dan.get(usize::from(cell)).copied().unwrap_or(0)
    }

    /// Small stones of every cell 0..=11.
    pub fn board(&self) -> [u16; CELLS] {
        self.dan
    }

    /// The big stones of the left and right quan squares.
    pub fn big_stones(&self) -> [BigStone; 2] {
        self.big
    }

    /// Whether the big stone of quan square `cell` (0 or 6) is still on the board.
    pub fn big_on_board(&self, cell: u8) -> bool {
        is_quan(cell) && self.big[quan_index(cell)] == BigStone::OnBoard
    }

    /// The captured-dân pile of `seat`; negative while in debt (OAQ-C1).
    pub fn captured_dan(&self, seat: Seat) -> i32 {
        self.cap_dan[usize::from(seat.0 & 1)]
    }

    /// Big stones captured by `seat`.
    pub fn captured_quan(&self, seat: Seat) -> u8 {
        self.big
            .iter()
            .filter(|b| **b == BigStone::CapturedBy { seat })
            .count() as u8
    }

    /// What `seat` owes the opponent (OAQ-C1): the negative part of its pile.
    pub fn debt(&self, seat: Seat) -> u32 {
        self.captured_dan(seat).min(0).unsigned_abs()
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Whose turn it is: the player to move, or `None` when the game is over.
    pub fn turn(&self) -> Option<Seat> {
        match self.end {
            None => Some(self.to_move),
            Some(_) => None,
        }
    }

    /// Why the game ended, if it did.
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    /// The running score of `seat`: captured dân + quan value · captured big stones (OAQ-C1).
    pub fn score(&self, seat: Seat) -> i32 {
        self.captured_dan(seat)
            + i32::from(self.config.quan_value) * i32::from(self.captured_quan(seat))
    }

    /// Stones on `seat`'s five squares.
    #[inline]
    pub fn side_stones(&self, seat: Seat) -> u32 {
        self.own_piles(seat).iter().map(|&d| u32::from(d)).sum()
    }

    /// The piles of `seat`'s five squares (cells 1..=5 or 7..=11) as one fixed-size part of
    /// the board, by pattern: the sum and the emptiness test need no bounds checks or loop.
    #[inline]
    fn own_piles(&self, seat: Seat) -> &[u16; 5] {
        let [_, a @ .., _, _, _, _, _, _] = &self.dan;
        let [_, _, _, _, _, _, _, b @ ..] = &self.dan;
        if seat.0 == 0 {
            a
        } else {
            b
        }
    }

    /// Whether `seat`'s five squares are all empty (the refill test of every move).
    #[inline]
    pub(crate) fn side_is_empty(&self, seat: Seat) -> bool {
        self.own_piles(seat).iter().fold(0, |acc, &d| acc | d) == 0
    }

    /// Whether the quan square `cell` has pieces (dân or its big stone).
    #[inline]
    pub(crate) fn has_pieces(&self, cell: u8) -> bool {
        self.dan[usize::from(cell)] > 0 || self.big_on_board(cell)
    }

    /// Whether the game's end condition holds (OAQ-S9, OAQ-A9).
    #[inline]
    pub(crate) fn end_condition_met(&self) -> bool {
        match self.config.end_condition {
            EndCondition::BothQuanSquaresEmpty => {
                !self.has_pieces(LEFT_QUAN) && !self.has_pieces(RIGHT_QUAN)
            }
            EndCondition::BothBigStonesCaptured => self
                .big
                .iter()
                .all(|b| matches!(b, BigStone::CapturedBy { .. })),
        }
    }

    /// Whether `seat` can pay a refill under the config (OAQ-A8, OAQ-C5..C7).
    pub(crate) fn can_refill(&self, seat: Seat) -> bool {
        let need = 5 * i32::from(self.config.refill_amount_per_square);
        match self.config.refill {
            Refill::BorrowAsDebt => true,
            Refill::EndGameOpponentWins => self.captured_dan(seat) >= need,
            Refill::PayFromScore => self.score(seat) >= need,
        }
    }

    /// The final totals (OAQ-C4, OAQ-A9), or `None` while the game goes on: the score plus
    /// the stones on the player's own five squares; at a `BothBigStonesCaptured` end the
    /// dân left in the quan squares go as `leftover_in_quan_squares` says; at any other end
    /// whatever is in the quan squares goes to nobody.
    pub fn final_scores(&self) -> Option<[i32; 2]> {
        let reason = self.end?;
        let mut t = [0i32; 2];
        for (p, total) in t.iter_mut().enumerate() {
            let seat = Seat(p as u8);
            *total = self.score(seat) + self.side_stones(seat) as i32;
        }
        if reason == EndReason::BothBigStonesCaptured {
            for q in 0..2 {
                let d = i32::from(self.dan[q * 6]);
                match self.config.leftover_in_quan_squares {
                    Leftover::ToQuanCaptor => {
                        if let BigStone::CapturedBy { seat: s } = self.big[q] {
                            t[usize::from(s.0 & 1)] += d;
                        }
                    }
                    Leftover::ToMappedPlayer => t[q] += d,
                    Leftover::Split => {
                        // OAQ-C11: halved; an odd stone goes to A, so no stone is lost.
                        t[0] += d - d / 2;
                        t[1] += d / 2;
                    }
                }
            }
        }
        Some(t)
    }

    /// The winner once the game is over; `None` while it goes on and for a draw
    /// (OAQ-A10, OAQ-C10). After [`EndReason::NoRefill`] the opponent of the player who
    /// could not refill wins whatever the totals (OAQ-C5, OAQ-C6).
    pub fn winner(&self) -> Option<Seat> {
        let reason = self.end?;
        if reason == EndReason::NoRefill {
            return Some(Seat(1 - (self.to_move.0 & 1)));
        }
        if matches!(reason, EndReason::MoveCap | EndReason::Repetition)
            && self.config.on_cap == CapResolution::Draw
        {
            return None;
        }
        let t = self.final_scores()?;
        match t[0].cmp(&t[1]) {
            std::cmp::Ordering::Greater => Some(Seat(0)),
            std::cmp::Ordering::Less => Some(Seat(1)),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The hash of the position for the repetition rule (OAQ-A13, OAQ-C12): the dân of each
    /// cell, where the big stones are and the player to move. The captured piles are not part
    /// of it: the guard ends a board going round in circles, whoever is ahead.
    pub(crate) fn position_hash(&self) -> u64 {
        let mut h = StateHasher::default();
        for d in self.dan {
            h.bytes(&d.to_le_bytes());
        }
        h.u8(self.big[0].code());
        h.u8(self.big[1].code());
        h.u8(self.to_move.0);
        h.finish()
    }

    pub(crate) fn push_history(&mut self, h: u64) {
        let n = usize::from(self.hist_len);
        if n < REPETITION_WINDOW {
            self.hist[n] = h;
            self.hist_len += 1;
        } else {
            self.hist.copy_within(1.., 0);
            self.hist[REPETITION_WINDOW - 1] = h;
        }
    }

    /// How often the position hash `h` occurs in the remembered history.
    pub(crate) fn history_count(&self, h: u64) -> usize {
        self.hist[..usize::from(self.hist_len)]
            .iter()
            .filter(|&&x| x == h)
            .count()
    }

    pub(crate) fn hash_into(&self, h: &mut StateHasher) {
        h.config(&self.config);
        for d in self.dan {
            h.bytes(&d.to_le_bytes());
        }
        h.u8(self.big[0].code());
        h.u8(self.big[1].code());
        h.i32(self.cap_dan[0]);
        h.i32(self.cap_dan[1]);
        h.u8(self.to_move.0);
        h.u8(match self.end {
            None => 0,
            Some(r) => 1 + r as u8,
        });
        h.u32(self.ply);
        h.u8(self.hist_len);
        for x in &self.hist[..usize::from(self.hist_len)] {
            h.u64(*x);
        }
    }
}

impl TryFrom<Setup> for State {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<Self, Self::Error> {
        State::from_setup(setup)
    }
}

impl From<State> for Setup {
    fn from(s: State) -> Self {
        s.to_setup()
    }
}

fn cell_text(s: &State, cell: u8) -> String {
    let d = s.dan[usize::from(cell)];
    if is_quan(cell) && s.big_on_board(cell) {
        format!("Q+{d}")
    } else {
        format!("{d}")
    }
}

/// Draws the board as A sees it (A's row at the bottom, B's row on top), the captured
/// piles, and whose turn it is.
///
/// ```text
///           b5   b4   b3   b2   b1
///       +-----+----+----+----+----+----+-----+
///       |     |  5 |  5 |  5 |  5 |  5 |     |
///       | Q+0 +----+----+----+----+----+ Q+0 |
///       |     |  5 |  5 |  5 |  5 |  5 |     |
///       +-----+----+----+----+----+----+-----+
///              a1   a2   a3   a4   a5
/// ```
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let top: [u8; 5] = [11, 10, 9, 8, 7];
        let bottom: [u8; 5] = [1, 2, 3, 4, 5];
        let row = |cells: [u8; 5]| -> String {
            cells
                .iter()
                .map(|&c| format!("{:>4}|", self.dan[usize::from(c)]))
                .collect()
        };
        writeln!(f, "           b5   b4   b3   b2   b1")?;
        writeln!(f, "      +-----+----+----+----+----+----+-----+")?;
        writeln!(f, "      |     |{}     |", row(top))?;
        writeln!(
            f,
            "      |{:^5}+----+----+----+----+----+{:^5}|",
            cell_text(self, LEFT_QUAN),
            cell_text(self, RIGHT_QUAN)
        )?;
        writeln!(f, "      |     |{}     |", row(bottom))?;
        writeln!(f, "      +-----+----+----+----+----+----+-----+")?;
        writeln!(f, "             a1   a2   a3   a4   a5")?;
        for seat in [Seat(1), Seat(0)] {
            let mark = if self.end.is_none() && self.to_move == seat {
                "  <- to move"
            } else {
                ""
            };
            writeln!(
                f,
                "  {}: captured {} dân + {} quan = {}{mark}",
                seat_letter(seat),
                self.captured_dan(seat),
                self.captured_quan(seat),
                self.score(seat)
            )?;
        }
        write!(f, "  ply {}", self.ply)?;
        if let (Some(reason), Some(t)) = (self.end, self.final_scores()) {
            write!(f, "; game over ({reason:?}): A {} – B {}", t[0], t[1])?;
            match self.winner() {
                Some(w) => write!(f, ", {} wins", seat_letter(w))?,
                None => write!(f, ", a draw")?,
            }
        }
        Ok(())
    }
}

/// Whether `cell` is a small square of `seat`.
pub(crate) fn owned_by(cell: u8, seat: Seat) -> bool {
    owner_of(cell) == Some(seat)
}

/// Whether `config` plays the plain ring of the seed rules: quan squares in the ring, the
/// origin sown on a lap, no stop after a large sowing, no relay from a quan square (which is
/// never a gap), no quan non, chained captures, relays that cannot loop. Its moves then take
/// the paths without these options' tests.
pub(crate) fn plain_rules(c: &Config) -> bool {
    !c.skip_quan_squares
        && !c.skip_origin_on_lap
        && c.stop_after_sowing_at_least.is_none()
        && c.relay_at_quan == RelayAtQuan::Stop
        && !c.quan_square_as_gap
        && c.quan_non_threshold.is_none()
        && c.chain_capture == ChainCapture::Automatic
        && c.relay_loop == RelayLoop::Impossible
}
