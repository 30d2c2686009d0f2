//! The rules of Ô ăn quan, written out from the rules contract for the subset the checker
//! supports: the config (read from its JSON form), the position, and one move with the
//! refill and the end-of-game checks that follow it.
//!
//! Board: cells `0..12` in a ring. Cell 0 is the left quan square, cells 1..=5 are seat 0's
//! small squares, cell 6 is the right quan square, cells 7..=11 are seat 1's small squares.
//! Direction `+1` (counter-clockwise) raises the cell index, `-1` (clockwise) lowers it.

use std::collections::HashSet;
use std::fmt;

use serde::Deserialize;

/// The most dân one move may sow where quan squares relay: a move that would sow more is
/// refused (no certificate of the supported rules comes near it).
pub const RELAY_BOUND: u64 = 400_000;

/// The two quan squares (ô quan).
pub const QUAN_SQUARES: [usize; 2] = [0, 6];

/// The five small squares (ô dân) of a seat, in ring order.
pub fn own_squares(seat: u8) -> std::ops::RangeInclusive<usize> {
    if seat == 0 {
        1..=5
    } else {
        7..=11
    }
}

/// Whether a cell is a quan square.
pub fn is_quan_square(cell: usize) -> bool {
    cell == 0 || cell == 6
}

/// A config the checker does not support (or cannot read), naming the option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    /// The config option at fault (`"json"` when the text is not a config at all).
    pub option: String,
    /// What is wrong with it.
    pub message: String,
}

impl RulesError {
    fn new(option: &str, message: impl Into<String>) -> Self {
        RulesError {
            option: option.to_string(),
            message: message.into(),
        }
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rules option `{}`: {}", self.option, self.message)
    }
}

impl std::error::Error for RulesError {}

// The JSON form of the config, read field by field. Every field must be present (a
// certificate carries the whole config) and no other field may be.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigJson {
    dan_per_square: u32,
    quan_setup: TaggedJson,
    quan_value: u32,
    direction: String,
    skip_origin_on_lap: bool,
    skip_quan_squares: bool,
    relay_at_quan: String,
    quan_square_as_gap: bool,
    chain_capture: String,
    quan_non_threshold: Option<u32>,
    quan_non_requires_big_stone: bool,
    forbid_quan_capture_on_first_move: bool,
    stop_after_sowing_at_least: Option<u32>,
    refill: String,
    refill_amount_per_square: u32,
    end_condition: String,
    leftover_in_quan_squares: String,
    match_mode: TaggedJson,
    max_plies: Option<u32>,
    repetition_limit: Option<u32>,
    on_cap: String,
    relay_loop: TaggedJson,
    first_player: u8,
}

// An object with a `kind` tag. The other fields are kept so that a stray field next to a
// tag that takes none is refused instead of ignored.
#[derive(Deserialize)]
struct TaggedJson {
    kind: String,
    #[serde(flatten)]
    rest: serde_json::Map<String, serde_json::Value>,
}

/// How an empty side is refilled (OAQ-S8, OAQ-A8, OAQ-C5..C7).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refill {
    /// Always refill; the captured-dân pile may go below zero (a debt, OAQ-C1, OAQ-C7).
    BorrowAsDebt,
    /// Refill only from captured dân; without enough the game ends and the opponent wins
    /// (OAQ-C5).
    EndGameOpponentWins,
    /// Refill while the score (captured dân + quan value · captured big stones) covers it;
    /// the pile may go negative; otherwise the game ends and the opponent wins (OAQ-C6).
    PayFromScore,
}

/// Which ways a seat may sow (OAQ-S3, OAQ-A3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Direction {
    /// The player chooses `+1` or `-1` each move.
    PlayerChoice,
    /// Counter-clockwise (`+1`) only.
    FixedCcw,
    /// Clockwise (`-1`) only.
    FixedCw,
}

/// What a sowing does when the next square is a quan square with dân in it (OAQ-S7,
/// OAQ-A5).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RelayAtQuan {
    /// The turn ends (the seed rule).
    Stop,
    /// One dân is taken from the quan square and sown on (Tonkin).
    TakeOne,
    /// Every dân of the quan square is taken and sown on; a big stone stays.
    TakeAll,
}

/// The guard against a relay chain that never ends (OAQ-A12).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RelayLoop {
    /// None: only for the rules where relays cannot loop (quan squares never relayed from).
    Impossible,
    /// The turn ends just before a relay would pick up the same square from the same board
    /// (the dân in all twelve cells) as an earlier relay of the same move.
    EndTurnOnRepeat,
    /// The turn ends just before the relay that would pass this many in one move.
    Cap(u32),
}

/// The rule set of one game, restricted to what the checker supports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Dân in each small square at the start (OAQ-S1, OAQ-A1).
    pub dan_per_square: u32,
    /// `None`: one big stone in each quan square; `Some(n)`: no big stone, n dân in each
    /// quan square (OAQ-A1).
    pub quan_small_stones: Option<u32>,
    /// A captured big stone is worth this many dân (OAQ-S10, OAQ-A2).
    pub quan_value: u32,
    /// Which ways a seat may sow.
    pub direction: Direction,
    /// Whether a completely empty quan square serves as the gap before a capture (OAQ-A5,
    /// OAQ-C8).
    pub quan_square_as_gap: bool,
    /// Quan non: a quan square with fewer dân than this cannot be captured (OAQ-A6, OAQ-C9).
    pub quan_non_threshold: Option<u32>,
    /// Whether the quan-non protection needs the big stone to be still there (OAQ-A6).
    pub quan_non_requires_big_stone: bool,
    /// How an empty side is refilled.
    pub refill: Refill,
    /// Dân put into each of the five squares by a refill (OAQ-A8).
    pub refill_amount_per_square: u32,
    /// The ply cap (OAQ-A13); `None` = no cap.
    pub max_plies: Option<u32>,
    /// The repetition limit k (OAQ-C12); `None` = no repetition rule.
    pub repetition_limit: Option<u32>,
    /// The seat that moves first (OAQ-S2).
    pub first_player: u8,
    /// On the game's first ply (ply 0), a move whose capture chain takes a big stone is
    /// illegal (OAQ-A6, `no_first_quan`).
    pub forbid_quan_capture_on_first_move: bool,
    /// Whether a capture chains on over further gaps (OAQ-S6); `false`: one capture a turn
    /// (OAQ-A7).
    pub chain_capture: bool,
    /// When the game ends (OAQ-S9, OAQ-A9).
    pub end_condition: EndCondition,
    /// What a quan square next does to the sowing (OAQ-S7, OAQ-A5).
    pub relay_at_quan: RelayAtQuan,
    /// The guard against endless relays (OAQ-A12).
    pub relay_loop: RelayLoop,
    /// A sowing (the move's own or a relay's) of at least this many dân ends the turn, no
    /// relay and no capture after it (OAQ-A4, Ludii).
    pub stop_after_sowing_at_least: Option<u32>,
}

/// When the game ends by the board (OAQ-S9, OAQ-A9).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndCondition {
    /// Both quan squares empty: no dân, no big stone (the seed rule).
    BothQuanSquaresEmpty,
    /// Both big stones captured; the dân left in the quan squares then go as the
    /// [`Leftover`] says.
    BothBigStonesCaptured(Leftover),
}

/// Where the dân left in the quan squares go at a both-big-stones-captured end (OAQ-A9).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Leftover {
    /// To the seat that captured that square's big stone.
    ToQuanCaptor,
    /// Halved between the seats, an odd stone to seat 0 (OAQ-C11).
    Split,
    /// To the seat mapped to that end: the left quan square (cell 0) to seat 0, the right
    /// one (cell 6) to seat 1 (the engine's documented reading of OAQ-A9's "the player
    /// mapped to that end").
    ToMappedPlayer,
}

impl Rules {
    /// Reads a config from its JSON form and refuses, naming the option, anything outside
    /// the supported subset.
    pub fn from_json(text: &str) -> Result<Rules, RulesError> {
        let c: ConfigJson = serde_json::from_str(text)
            .map_err(|e| RulesError::new("json", format!("not a readable config: {e}")))?;
        let refuse = |option: &str, msg: &str| Err(RulesError::new(option, msg));

        // A game needs stones to start with: no side may begin empty (the refill rule only
        // applies when a turn passes, OAQ-C2).
        if c.dan_per_square == 0 {
            return refuse("dan_per_square", "0 leaves the first player without a move");
        }
        if c.dan_per_square > 255 {
            return refuse(
                "dan_per_square",
                "more than 255 cannot be written in a record",
            );
        }
        let quan_small_stones = match c.quan_setup.kind.as_str() {
            "big_stone" if c.quan_setup.rest.is_empty() => None,
            "small_stones" => {
                let count = c
                    .quan_setup
                    .rest
                    .get("count")
                    .and_then(serde_json::Value::as_u64);
                match count {
                    Some(n) if c.quan_setup.rest.len() == 1 && (1..=255).contains(&n) => {
                        Some(n as u32)
                    }
                    _ => {
                        return refuse(
                            "quan_setup",
                            "small_stones needs exactly one field, count, 1..=255",
                        )
                    }
                }
            }
            _ => return refuse("quan_setup", "supported: big_stone, small_stones{count}"),
        };
        let direction = match c.direction.as_str() {
            "player_choice" => Direction::PlayerChoice,
            "fixed_ccw" => Direction::FixedCcw,
            "fixed_cw" => Direction::FixedCw,
            _ => return refuse("direction", "supported: player_choice, fixed_ccw, fixed_cw"),
        };
        if c.skip_origin_on_lap {
            return refuse("skip_origin_on_lap", "only false is supported");
        }
        if c.skip_quan_squares {
            return refuse("skip_quan_squares", "only false is supported");
        }
        let relay_at_quan = match c.relay_at_quan.as_str() {
            "stop" => RelayAtQuan::Stop,
            "take_one" => RelayAtQuan::TakeOne,
            "take_all" => RelayAtQuan::TakeAll,
            _ => return refuse("relay_at_quan", "supported: stop, take_one, take_all"),
        };
        let chain_capture = match c.chain_capture.as_str() {
            "automatic" => true,
            "off" => false,
            _ => return refuse("chain_capture", "supported: automatic, off"),
        };
        if c.stop_after_sowing_at_least == Some(0) {
            return refuse("stop_after_sowing_at_least", "must be null or at least 1");
        }
        let refill = match c.refill.as_str() {
            "borrow_as_debt" => Refill::BorrowAsDebt,
            "end_game_opponent_wins" => Refill::EndGameOpponentWins,
            "pay_from_score" => Refill::PayFromScore,
            _ => {
                return refuse(
                    "refill",
                    "supported: borrow_as_debt, end_game_opponent_wins, pay_from_score",
                )
            }
        };
        // A refill of nothing would leave the side empty and the player without a move.
        if c.refill_amount_per_square == 0 || c.refill_amount_per_square > 255 {
            return refuse("refill_amount_per_square", "must be 1..=255");
        }
        let end_condition = match (
            c.end_condition.as_str(),
            c.leftover_in_quan_squares.as_str(),
        ) {
            // The leftover rule is only read under both_big_stones_captured.
            ("both_quan_squares_empty", "to_quan_captor" | "to_mapped_player" | "split") => {
                EndCondition::BothQuanSquaresEmpty
            }
            ("both_big_stones_captured", "to_quan_captor") => {
                EndCondition::BothBigStonesCaptured(Leftover::ToQuanCaptor)
            }
            ("both_big_stones_captured", "split") => {
                EndCondition::BothBigStonesCaptured(Leftover::Split)
            }
            ("both_big_stones_captured", "to_mapped_player") => {
                EndCondition::BothBigStonesCaptured(Leftover::ToMappedPlayer)
            }
            ("both_quan_squares_empty" | "both_big_stones_captured", _) => {
                return refuse(
                    "leftover_in_quan_squares",
                    "must be to_quan_captor, to_mapped_player or split",
                )
            }
            _ => {
                return refuse(
                    "end_condition",
                    "supported: both_quan_squares_empty, both_big_stones_captured",
                )
            }
        };
        if c.match_mode.kind != "single_game" || !c.match_mode.rest.is_empty() {
            return refuse("match_mode", "only single_game is supported");
        }
        if c.max_plies == Some(0) {
            return refuse("max_plies", "must be null or at least 1");
        }
        if let Some(k) = c.repetition_limit {
            if !(2..=8).contains(&k) {
                return refuse("repetition_limit", "must be null or 2..=8 (OAQ-C12)");
            }
        }
        if c.on_cap != "collect_sides_quan_unawarded" {
            return refuse("on_cap", "only collect_sides_quan_unawarded is supported");
        }
        let relays = c
            .relay_loop
            .rest
            .get("relays")
            .and_then(serde_json::Value::as_u64);
        let relay_loop = match (c.relay_loop.kind.as_str(), c.relay_loop.rest.len(), relays) {
            ("impossible", 0, _) => RelayLoop::Impossible,
            ("end_turn_on_repeat", 0, _) => RelayLoop::EndTurnOnRepeat,
            ("cap", 1, Some(n)) if n <= u64::from(u32::MAX) => RelayLoop::Cap(n as u32),
            _ => {
                return refuse(
                    "relay_loop",
                    "supported: impossible, end_turn_on_repeat, cap{relays}",
                )
            }
        };
        // OAQ-A12 proves the relays end only where a quan square never starts one.
        if relay_loop == RelayLoop::Impossible && relay_at_quan != RelayAtQuan::Stop {
            return refuse(
                "relay_loop",
                "relays from quan squares can loop (OAQ-A12): impossible needs relay_at_quan stop",
            );
        }
        if c.first_player > 1 {
            return refuse("first_player", "must be 0 or 1");
        }
        Ok(Rules {
            dan_per_square: c.dan_per_square,
            quan_small_stones,
            quan_value: c.quan_value,
            direction,
            quan_square_as_gap: c.quan_square_as_gap,
            quan_non_threshold: c.quan_non_threshold,
            quan_non_requires_big_stone: c.quan_non_requires_big_stone,
            refill,
            refill_amount_per_square: c.refill_amount_per_square,
            max_plies: c.max_plies,
            repetition_limit: c.repetition_limit,
            first_player: c.first_player,
            forbid_quan_capture_on_first_move: c.forbid_quan_capture_on_first_move,
            chain_capture,
            end_condition,
            relay_at_quan,
            relay_loop,
            stop_after_sowing_at_least: c.stop_after_sowing_at_least,
        })
        .and_then(|rules| {
            // The rules file names the variant (OAQ-A6) but does not say what happens when
            // every move of the first ply would capture a quan: such a start is refused.
            let start = rules.start();
            if rules.forbid_quan_capture_on_first_move
                && rules
                    .all_moves(&start)
                    .iter()
                    .all(|&m| captures_big_stone(&rules, &start, m))
            {
                return refuse(
                    "forbid_quan_capture_on_first_move",
                    "every first move captures a quan, which the rules do not settle",
                );
            }
            Ok(rules)
        })
    }

    /// The start position: ply 0, nothing captured, the first player to move.
    pub fn start(&self) -> Position {
        let mut dan = [self.dan_per_square; 12];
        let (quan_dan, big) = match self.quan_small_stones {
            None => (0, BigStone::OnBoard),
            Some(n) => (n, BigStone::Absent),
        };
        for q in QUAN_SQUARES {
            dan[q] = quan_dan;
        }
        Position {
            dan,
            big: [big; 2],
            captured: [0; 2],
            to_move: self.first_player,
            ply: 0,
        }
    }

    /// The directions a seat may sow in.
    pub fn directions(&self) -> &'static [i8] {
        match self.direction {
            Direction::PlayerChoice => &[1, -1],
            Direction::FixedCcw => &[1],
            Direction::FixedCw => &[-1],
        }
    }

    /// Every legal move in a position, in cell order, `+1` before `-1`: on the first ply
    /// under `forbid_quan_capture_on_first_move`, less those that capture a big stone (all
    /// of them stay when every one would: a start like that is refused, and a ply-0
    /// position other than the start is never reached).
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let moves = self.all_moves(pos);
        if self.forbid_quan_capture_on_first_move && pos.ply == 0 {
            let allowed: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| !captures_big_stone(self, pos, m))
                .collect();
            if !allowed.is_empty() {
                return allowed;
            }
        }
        moves
    }

    /// Every move of the mover's non-empty squares in the allowed directions.
    fn all_moves(&self, pos: &Position) -> Vec<Move> {
        let mut moves = Vec::with_capacity(10);
        for cell in own_squares(pos.to_move) {
            if pos.dan[cell] > 0 {
                for &dir in self.directions() {
                    moves.push(Move {
                        cell: cell as u8,
                        dir,
                    });
                }
            }
        }
        moves
    }

    /// What a refill costs in dân: one square's amount for each of the five squares.
    pub fn refill_cost(&self) -> i64 {
        5 * i64::from(self.refill_amount_per_square)
    }

    /// A one-line summary of the rules, for the claim a certificate makes.
    pub fn summary(&self) -> String {
        let quan = match self.quan_small_stones {
            None => format!("a big stone worth {} in each quan square", self.quan_value),
            Some(n) => format!("{n} dân in each quan square, no big stones"),
        };
        let direction = match self.direction {
            Direction::PlayerChoice => "either direction",
            Direction::FixedCcw => "counter-clockwise only",
            Direction::FixedCw => "clockwise only",
        };
        let gap = if self.quan_square_as_gap {
            "empty quan squares are gaps"
        } else {
            "only small squares are gaps"
        };
        let quan_non = match self.quan_non_threshold {
            None => "no quan non".to_string(),
            Some(t) if self.quan_non_requires_big_stone => {
                format!("quan non below {t} dân while the big stone is there")
            }
            Some(t) => format!("quan non below {t} dân"),
        };
        let refill = match self.refill {
            Refill::BorrowAsDebt => "borrowed as debt",
            Refill::EndGameOpponentWins => "from captured dân or the opponent wins",
            Refill::PayFromScore => "paid from the score or the opponent wins",
        };
        let cap = match self.max_plies {
            None => "no ply cap".to_string(),
            Some(n) => format!("cap {n} plies"),
        };
        let repetition = match self.repetition_limit {
            None => "no repetition rule".to_string(),
            Some(k) => format!("repetition limit {k}"),
        };
        let chain = if self.chain_capture {
            ""
        } else {
            ", one capture a turn"
        };
        let end = match self.end_condition {
            EndCondition::BothQuanSquaresEmpty => "",
            EndCondition::BothBigStonesCaptured(Leftover::ToQuanCaptor) => {
                ", ends when both big stones are captured (leftover dân to the captor)"
            }
            EndCondition::BothBigStonesCaptured(Leftover::Split) => {
                ", ends when both big stones are captured (leftover dân split)"
            }
            EndCondition::BothBigStonesCaptured(Leftover::ToMappedPlayer) => {
                ", ends when both big stones are captured (leftover dân to the end's player)"
            }
        };
        let relay = match (self.relay_at_quan, self.relay_loop) {
            (RelayAtQuan::Stop, _) => String::new(),
            (at, guard) => format!(
                ", {} from a quan square {}",
                if at == RelayAtQuan::TakeOne {
                    "relays take one dân"
                } else {
                    "relays take every dân"
                },
                match guard {
                    RelayLoop::Impossible => "unguarded".to_string(),
                    RelayLoop::EndTurnOnRepeat => "(a repeated relay ends the turn)".to_string(),
                    RelayLoop::Cap(n) => format!("(at most {n} relays a move)"),
                }
            ),
        };
        let large = match self.stop_after_sowing_at_least {
            None => String::new(),
            Some(k) => format!(", a sowing of {k} or more ends the turn"),
        };
        let first = if self.forbid_quan_capture_on_first_move {
            ", no quan taken on the first move"
        } else {
            ""
        };
        format!(
            "{} dân a square, {quan}, {direction}, {gap}{relay}{large}{chain}, {quan_non}{first}{end}, refill {} a square {refill}, {cap}, {repetition}",
            self.dan_per_square, self.refill_amount_per_square
        )
    }
}

/// Where a big stone (quan) is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BigStone {
    /// The setup has no big stones (small stones in the quan squares).
    Absent,
    /// In its quan square.
    OnBoard,
    /// Captured by this seat.
    CapturedBy(u8),
}

/// A position of a game under way.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Dân (small stones) in each cell.
    pub dan: [u32; 12],
    /// The big stones of cell 0 and cell 6.
    pub big: [BigStone; 2],
    /// Captured dân of each seat; below zero is a debt (OAQ-C1).
    pub captured: [i64; 2],
    /// The seat to move.
    pub to_move: u8,
    /// Plies played so far.
    pub ply: u32,
}

impl Position {
    /// Whether a cell has pieces: dân, or (a quan square) its big stone.
    pub fn has_pieces(&self, cell: usize) -> bool {
        self.dan[cell] > 0 || self.big_on_board(cell)
    }

    fn big_on_board(&self, cell: usize) -> bool {
        match cell {
            0 => self.big[0] == BigStone::OnBoard,
            6 => self.big[1] == BigStone::OnBoard,
            _ => false,
        }
    }

    /// Whether both quan squares are empty (no dân, no big stone): the end of the game
    /// (OAQ-S9).
    pub fn both_quan_squares_empty(&self) -> bool {
        QUAN_SQUARES.iter().all(|&q| !self.has_pieces(q))
    }

    /// Whether the rules' end condition holds (OAQ-S9, OAQ-A9).
    pub fn end_condition_met(&self, rules: &Rules) -> bool {
        match rules.end_condition {
            EndCondition::BothQuanSquaresEmpty => self.both_quan_squares_empty(),
            EndCondition::BothBigStonesCaptured(_) => self
                .big
                .iter()
                .all(|b| matches!(b, BigStone::CapturedBy(_))),
        }
    }

    /// Whether all five squares of a seat are empty.
    pub fn side_empty(&self, seat: u8) -> bool {
        own_squares(seat).all(|c| self.dan[c] == 0)
    }

    /// A seat's score before the final count: captured dân + quan value · captured big
    /// stones (OAQ-C1).
    pub fn score(&self, rules: &Rules, seat: u8) -> i64 {
        let quans = self
            .big
            .iter()
            .filter(|&&b| b == BigStone::CapturedBy(seat))
            .count() as i64;
        self.captured[usize::from(seat)] + i64::from(rules.quan_value) * quans
    }

    /// A seat's total at a game end: its score plus the dân in its own five squares; the
    /// quan squares go to nobody (OAQ-C4), but at a both-big-stones-captured end, where
    /// their dân go as the rules' leftover says (OAQ-A9, OAQ-C11).
    pub fn final_total(&self, rules: &Rules, seat: u8, reason: EndReason) -> i64 {
        let own: i64 = own_squares(seat).map(|c| i64::from(self.dan[c])).sum();
        let mut total = self.score(rules, seat) + own;
        if let (EndReason::BothBigStonesCaptured, EndCondition::BothBigStonesCaptured(leftover)) =
            (reason, rules.end_condition)
        {
            for (q, &cell) in QUAN_SQUARES.iter().enumerate() {
                let d = i64::from(self.dan[cell]);
                total += match leftover {
                    Leftover::ToQuanCaptor => {
                        if self.big[q] == BigStone::CapturedBy(seat) {
                            d
                        } else {
                            0
                        }
                    }
                    Leftover::Split if seat == 0 => d - d / 2,
                    Leftover::Split => d / 2,
                    Leftover::ToMappedPlayer if usize::from(seat) == q => d,
                    Leftover::ToMappedPlayer => 0,
                };
            }
        }
        total
    }
}

/// A move: sow the dân of one own small square in one direction.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square, 1..=5 or 7..=11.
    pub cell: u8,
    /// `+1` (counter-clockwise, cell index rising) or `-1` (clockwise).
    pub dir: i8,
}

impl fmt::Display for Move {
    /// Written as the square's name and the direction: `a4+` is cell 4 sown with `+1`,
    /// `b2-` is cell 8 sown with `-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, n) = if self.cell <= 5 {
            ('a', self.cell)
        } else {
            ('b', self.cell - 6)
        };
        let sign = if self.dir > 0 { '+' } else { '-' };
        write!(f, "{row}{n}{sign}")
    }
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// Both quan squares empty (OAQ-S9).
    BothQuanSquaresEmpty,
    /// Both big stones captured (OAQ-A9).
    BothBigStonesCaptured,
    /// The ply cap reached (OAQ-A13).
    MoveCap,
    /// The seat to move next could not pay its refill (OAQ-C5, OAQ-C6).
    NoRefill,
    /// The position reached occurred `repetition_limit` times among itself and the 16
    /// before it (OAQ-C12); the checker scores it, [`play`] never ends a game so.
    Repetition,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// Why it ended.
    pub reason: EndReason,
    /// The final totals of seat 0 and seat 1 (OAQ-C4).
    pub totals: [i64; 2],
    /// The winner; `None` is a draw (OAQ-C10).
    pub winner: Option<u8>,
    /// The board as the move left it, before any refill (the position the repetition rule
    /// would look at, OAQ-C12).
    pub board: Position,
}

/// What a move leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on from this position (after any refill).
    Continues(Position),
    /// The game is over.
    Ended(Ended),
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The square is not one of the mover's five.
    NotOwnSquare,
    /// The square holds no dân.
    EmptySquare,
    /// The rules do not allow this direction.
    DirectionNotAllowed,
    /// The sowing did not stop within the bound proved in OAQ-A12 (cannot happen where quan
    /// squares never relay; kept so that a mistake shows instead of hanging), or, where they
    /// relay, sowed more than [`RELAY_BOUND`] dân in one move.
    EndlessRelay,
    /// The move would capture a big stone on the game's first ply, which
    /// `forbid_quan_capture_on_first_move` forbids (OAQ-A6).
    QuanOnFirstMove,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::NotOwnSquare => "the square is not one of the mover's five",
            IllegalMove::EmptySquare => "the square holds no dân",
            IllegalMove::DirectionNotAllowed => "the rules do not allow this direction",
            IllegalMove::EndlessRelay => "the relay sowing did not end",
            IllegalMove::QuanOnFirstMove => "it would capture a quan on the first move",
        })
    }
}

fn step(cell: usize, dir: i8) -> usize {
    if dir > 0 {
        (cell + 1) % 12
    } else {
        (cell + 11) % 12
    }
}

/// Plays one move (OAQ-S3..S7, §2.2) and what follows it in the order of OAQ-C3: both quan
/// squares empty, then the ply cap, then the refill of the next seat. The repetition rule
/// is not applied here: it depends on the history, which the certificate check follows
/// instead (format point 4).
pub fn play(rules: &Rules, pos: &Position, mv: Move) -> Result<Outcome, IllegalMove> {
    play_detailed(rules, pos, mv).map(|p| p.outcome)
}

/// A move played: what it leads to, and the board it reached before any refill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The board as the move left it (ply and seat to move already advanced), before any
    /// refill: the position the repetition rule counts (OAQ-C12).
    pub reached: Position,
    /// What the move leads to.
    pub outcome: Outcome,
}

impl Played {
    /// Whether the repetition rule looks at this move: not when the board's end condition or
    /// the ply cap ended the game first (OAQ-C3).
    pub fn counts_for_repetition(&self) -> bool {
        match &self.outcome {
            Outcome::Continues(_) => true,
            Outcome::Ended(e) => e.reason == EndReason::NoRefill,
        }
    }
}

/// [`play`], with the board the move reached before any refill.
pub fn play_detailed(rules: &Rules, pos: &Position, mv: Move) -> Result<Played, IllegalMove> {
    let mover = pos.to_move;
    let origin = usize::from(mv.cell);
    if !own_squares(mover).contains(&origin) {
        return Err(IllegalMove::NotOwnSquare);
    }
    if !rules.directions().contains(&mv.dir) {
        return Err(IllegalMove::DirectionNotAllowed);
    }
    if pos.dan[origin] == 0 {
        return Err(IllegalMove::EmptySquare);
    }
    if rules.forbid_quan_capture_on_first_move
        && pos.ply == 0
        && !rules.legal_moves(pos).contains(&mv)
    {
        return Err(IllegalMove::QuanOnFirstMove);
    }
    let mut b = pos.clone();
    sow_and_capture(rules, &mut b, origin, mv.dir)?;
    b.ply += 1;
    b.to_move = 1 - mover;

    let reached = b.clone();
    let done = |outcome| {
        Ok(Played {
            reached: reached.clone(),
            outcome,
        })
    };
    let end = |b: Position, reason: EndReason, winner_by_rule: Option<u8>| {
        let totals = [
            b.final_total(rules, 0, reason),
            b.final_total(rules, 1, reason),
        ];
        let winner = winner_by_rule.or(match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        });
        Outcome::Ended(Ended {
            reason,
            totals,
            winner,
            board: b,
        })
    };
    if b.end_condition_met(rules) {
        let reason = match rules.end_condition {
            EndCondition::BothQuanSquaresEmpty => EndReason::BothQuanSquaresEmpty,
            EndCondition::BothBigStonesCaptured(_) => EndReason::BothBigStonesCaptured,
        };
        return done(end(b, reason, None));
    }
    if rules.max_plies.is_some_and(|cap| b.ply >= cap) {
        return done(end(b, EndReason::MoveCap, None));
    }
    let next = b.to_move;
    if b.side_empty(next) {
        let cost = rules.refill_cost();
        let can_pay = match rules.refill {
            Refill::BorrowAsDebt => true,
            Refill::EndGameOpponentWins => b.captured[usize::from(next)] >= cost,
            Refill::PayFromScore => b.score(rules, next) >= cost,
        };
        if !can_pay {
            return done(end(b, EndReason::NoRefill, Some(mover)));
        }
        b.captured[usize::from(next)] -= cost;
        for c in own_squares(next) {
            b.dan[c] = rules.refill_amount_per_square;
        }
    }
    done(Outcome::Continues(b))
}

/// Whether `mv`'s capture chain takes a big stone (a move that cannot be sown counts as
/// not: `play` refuses it anyway).
fn captures_big_stone(rules: &Rules, pos: &Position, mv: Move) -> bool {
    let mut b = pos.clone();
    sow_and_capture(rules, &mut b, usize::from(mv.cell), mv.dir).is_ok() && b.big != pos.big
}

/// The sowing, relays and capture chain of one move (§2.2), on the board in place.
fn sow_and_capture(
    rules: &Rules,
    b: &mut Position,
    origin: usize,
    dir: i8,
) -> Result<(), IllegalMove> {
    let mover = usize::from(b.to_move);
    let total: u64 = b.dan.iter().map(|&d| u64::from(d)).sum();
    // OAQ-A12: each lap puts at least two stones into the quan squares for good, so a move
    // sows at most 12 · (S/2 + 1) stones; twice that is a safe bound. Where quan squares
    // relay, the guard (a repeat or a cap) ends the chain; a move that sows more than
    // `RELAY_BOUND` is refused rather than followed (a certificate cannot lean on it).
    let bound = match rules.relay_at_quan {
        RelayAtQuan::Stop => 24 * (total / 2 + 1),
        _ => RELAY_BOUND,
    };
    let mut sown: u64 = 0;
    // The relay states seen in this move (the board before the pick-up and the square),
    // under `RelayLoop::EndTurnOnRepeat`.
    let mut relay_states: HashSet<([u32; 12], usize)> = HashSet::new();
    let mut relays: u32 = 0;

    let is_gap = |b: &Position, cell: usize| {
        if is_quan_square(cell) {
            rules.quan_square_as_gap && !b.has_pieces(cell)
        } else {
            b.dan[cell] == 0
        }
    };

    let mut hand = b.dan[origin];
    b.dan[origin] = 0;
    let mut cursor = origin;
    loop {
        let leg = hand;
        while hand > 0 {
            cursor = step(cursor, dir);
            b.dan[cursor] += 1;
            hand -= 1;
            sown += 1;
        }
        if sown > bound {
            return Err(IllegalMove::EndlessRelay);
        }
        // OAQ-A4 (Ludii): a large sowing ends the turn, no relay and no capture.
        if rules.stop_after_sowing_at_least.is_some_and(|k| leg >= k) {
            return Ok(());
        }
        let next = step(cursor, dir);
        // Relay (OAQ-S4): pick up the next small square's dân and sow on; from a quan square
        // only under the Tonkin-like variants (OAQ-A5), never its big stone.
        let take = match (is_quan_square(next), rules.relay_at_quan) {
            (false, _) => b.dan[next],
            (true, RelayAtQuan::Stop) => 0,
            (true, RelayAtQuan::TakeOne) => b.dan[next].min(1),
            (true, RelayAtQuan::TakeAll) => b.dan[next],
        };
        if take > 0 {
            // OAQ-A12's guards, checked just before the relay.
            match rules.relay_loop {
                RelayLoop::Impossible => {}
                RelayLoop::EndTurnOnRepeat => {
                    if !relay_states.insert((b.dan, next)) {
                        return Ok(());
                    }
                }
                RelayLoop::Cap(most) => {
                    if relays >= most {
                        return Ok(());
                    }
                }
            }
            relays += 1;
            hand = take;
            b.dan[next] -= take;
            cursor = next;
            continue;
        }
        if is_quan_square(next) && !is_gap(b, next) {
            // A quan square next ends the turn, with or without pieces (OAQ-S7).
            return Ok(());
        }
        // `next` is a gap: capture what follows, and on while gaps and pieces alternate
        // (OAQ-S5, OAQ-S6).
        let mut gap = next;
        loop {
            let target = step(gap, dir);
            if !b.has_pieces(target) {
                return Ok(()); // two empty squares end the turn
            }
            if is_quan_square(target) && quan_non_protects(rules, b, target) {
                return Ok(()); // OAQ-C9: earlier captures stand, the turn ends
            }
            b.captured[mover] += i64::from(b.dan[target]);
            b.dan[target] = 0;
            if is_quan_square(target) {
                let q = usize::from(target == 6);
                if b.big[q] == BigStone::OnBoard {
                    b.big[q] = BigStone::CapturedBy(mover as u8);
                }
            }
            if !rules.chain_capture {
                return Ok(()); // OAQ-A7: one capture a turn
            }
            gap = step(target, dir);
            if !is_gap(b, gap) {
                return Ok(());
            }
        }
    }
}

fn quan_non_protects(rules: &Rules, b: &Position, quan: usize) -> bool {
    let Some(threshold) = rules.quan_non_threshold else {
        return false;
    };
    let big_there = b.big[usize::from(quan == 6)] == BigStone::OnBoard;
    b.dan[quan] < threshold && (big_there || !rules.quan_non_requires_big_stone)
}
