//! The rules options of Ô ăn quan ([`Config`]) and its named presets.

use serde::{Deserialize, Serialize};

use crate::game::{ConfigError, GameConfig, Seat};

/// The largest `dan_per_square` a config may ask for.
pub const MAX_DAN_PER_SQUARE: u8 = 20;
/// The largest number of small stones per quan square in [`QuanSetup::SmallStones`].
pub const MAX_SMALL_STONES_PER_QUAN: u8 = 50;
/// The largest `refill_amount_per_square`.
pub const MAX_REFILL_PER_SQUARE: u8 = 5;
/// The largest ply cap, and the cap used when `max_plies` is `None`.
///
/// OAQ-A13 shows that a game can go on forever, so the engine always stops a game: with
/// `max_plies: None` it stops at this many plies. The bound also keeps every count of stones
/// within 16 bits: each ply adds at most one refill of `5 · refill_amount_per_square` stones
/// to the board (OAQ-A8), so the board never holds more than
/// `10 · 20 + 2 · 50 + 2000 · 25 = 50 300` stones.
pub const ENGINE_MAX_PLIES: u32 = 2000;
/// How many earlier positions the repetition rule remembers (OAQ-A13, OAQ-C12).
///
/// After each move the position reached is counted among itself and the 16 positions before
/// it; `repetition_limit = Some(k)` ends the game when it occurs `k` times there. A position
/// is the dân of each cell, where the big stones are and the player to move (not the
/// captured piles). So a cycle of `p` plies is caught exactly when `(k − 1) · p ≤ 16`: the
/// 4-ply cycle of OAQ-A13 with `k` up to 5.
pub const REPETITION_WINDOW: usize = 16;
/// The largest `repetition_limit` (OAQ-C12: `k` is 2 to 8).
pub const MAX_REPETITION_LIMIT: u8 = 8;
/// The most stones one move sows, relays included: the bound on the work (and the events) of
/// any one move under every valid config.
///
/// Under the rules proved loop-free (OAQ-A12: quan squares receive stones, never start a
/// relay, and a quan square next ends the turn) a move with `S` stones on the board sows at
/// most `12 · (S/2 + 1)` stones; a valid position holds at most 65 535 stones, so at most
/// 393 222 are sown and this bound never cuts such a move. Under the rules that can relay
/// for ever (`RelayLoop::EndTurnOnRepeat`, `RelayLoop::Cap`), a move that would sow more ends
/// its turn before the relay that would pass it, with
/// [`TurnEndReason::RelayCap`](crate::o_an_quan::TurnEndReason::RelayCap) (a guard of last
/// resort: no game of the seed rules comes near it). So one `apply` sows at most this many
/// stones and reports at most about twice as many events, and the repeat search of
/// `EndTurnOnRepeat` simulates at most twelve times as many sowing steps beforehand (Brent's
/// cycle search: the hare sows at most four budgets, the search for the cycle's start at most
/// twice that).
pub const SOWING_BACKSTOP: u32 = 400_000;

/// What is in the two quan squares (ô quan) at the start (OAQ-S1, OAQ-A1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum QuanSetup {
    /// One big stone (the quan, "mandarin") in each quan square (seed rule).
    #[default]
    #[serde(deserialize_with = "crate::strict::no_fields")]
    BigStone,
    /// No big stone: this many small stones (dân) in each quan square (e.g. 10, as in
    /// Ludii's "Tonkin" ruleset and English Wikipedia).
    SmallStones {
        /// Small stones in each quan square, 1..=50.
        count: u8,
    },
}

/// Which ways a player may sow (OAQ-S3, OAQ-A3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum DirectionRule {
    /// The player chooses the direction on every move (seed rule).
    #[default]
    PlayerChoice,
    /// Counter-clockwise only (ring direction +1; Ludii "Tonkin").
    FixedCcw,
    /// Clockwise only (ring direction −1).
    FixedCw,
}

/// What happens when the square after the last stone is a quan square (OAQ-S7, OAQ-A5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum RelayAtQuan {
    /// The turn ends (seed rule: "liền sau đó là ô quan … mất lượt").
    #[default]
    Stop,
    /// One small stone is taken from the quan square and sown on (Ludii "Tonkin"); a quan
    /// square without small stones ends the turn.
    TakeOne,
    /// All small stones of the quan square are taken and sown on (casual play; can loop, see
    /// OAQ-A12); the big stone always stays.
    TakeAll,
}

/// Whether a capture chain continues automatically (OAQ-S6, OAQ-A7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum ChainCapture {
    /// Every "empty square, then a square with pieces" is captured in turn (default).
    #[default]
    Automatic,
    /// Only the first capture; the turn ends after it (Ludii's code, NyanDoggo).
    Off,
}

/// How a player whose five squares are empty refills them (OAQ-S8, OAQ-A8).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum Refill {
    /// From the captured dân; the pile may go below zero, a negative pile being the debt to
    /// the opponent (seed rule, OAQ-C1, OAQ-C7).
    #[default]
    BorrowAsDebt,
    /// From the captured dân only; a player who cannot pay loses (OAQ-C5).
    EndGameOpponentWins,
    /// While the score (dân + quan value) covers the refill, the dân pile pays it and may go
    /// negative; otherwise the player loses (OAQ-C6).
    PayFromScore,
}

/// When a game is over (OAQ-S9, OAQ-A9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum EndCondition {
    /// Both quan squares are empty: no big stone and no dân (seed rule).
    #[default]
    BothQuanSquaresEmpty,
    /// Both big stones have been captured (Ludii, NyanDoggo); needs [`QuanSetup::BigStone`].
    BothBigStonesCaptured,
}

/// Who gets the dân left in the quan squares at a [`EndCondition::BothBigStonesCaptured`]
/// end (OAQ-A9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum Leftover {
    /// Whoever captured that square's big stone (default).
    #[default]
    ToQuanCaptor,
    /// The player mapped to that end, as in Ludii: the left quan square (cell 0) to A, the
    /// right one (cell 6) to B.
    ToMappedPlayer,
    /// Half to each player; an odd stone goes to A (OAQ-C11, as Ludii splits: player 1
    /// first), so the totals always add up to every point in play.
    Split,
}

/// Who starts the next game of a match (OAQ-A11).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum NextStarter {
    /// The players take turns to start (default, a design choice).
    #[default]
    Alternate,
    /// The winner of the last game starts (the previous starter after a draw).
    Winner,
    /// The loser of the last game starts (the previous starter after a draw).
    Loser,
    /// The same player starts every game.
    Same,
}

/// Single game or a match whose debts carry over (OAQ-S11, OAQ-A11).
///
/// A [`State`](crate::o_an_quan::State) is always one game; [`Match`](crate::o_an_quan::Match)
/// plays several under [`MatchMode::DebtCarryOver`]. Ludii's "selling squares" match is not
/// offered.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum MatchMode {
    /// One game (default).
    #[default]
    #[serde(deserialize_with = "crate::strict::no_fields")]
    SingleGame,
    /// After each game, `balance += total − stake_per_half` per player; the next game is set
    /// up anew; the running balance is the match result (the debt in stones).
    DebtCarryOver {
        /// What one half of the board is worth; `None` = half of all the points in play
        /// (`5 · dan_per_square + quan value`, 35 at the defaults).
        #[serde(default)]
        stake_per_half: Option<u16>,
        /// Who starts the next game.
        #[serde(default)]
        next_starter: NextStarter,
    },
}

/// How a game stopped by the ply cap or the repetition rule is scored (OAQ-A13, OAQ-C4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum CapResolution {
    /// Each side's small squares go to their owner, the quan squares to nobody; the higher
    /// total wins (default).
    #[default]
    CollectSidesQuanUnawarded,
    /// The totals are reported as above, but the game is a draw.
    Draw,
}

/// How the engine guards against endless relay sowing inside one move (OAQ-A12).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum RelayLoop {
    /// No guard: allowed only for rules proved loop-free (quan squares sown into and never
    /// relayed from), see OAQ-A12. [`Config::validate`] refuses it for the other rules.
    #[default]
    #[serde(deserialize_with = "crate::strict::no_fields")]
    Impossible,
    /// The turn ends just before a relay would pick up the same square from the same board
    /// as an earlier relay of this move (the first repeat of the relay state).
    #[serde(deserialize_with = "crate::strict::no_fields")]
    EndTurnOnRepeat,
    /// The turn ends just before relay number `relays + 1` of a move.
    Cap {
        /// The most relays in one move.
        relays: u32,
    },
}

/// The rules of one game of Ô ăn quan. `Config::default()` is the seed rules (rules §3).
///
/// Every field is one option of the rules file; the rule ID is in each field's doc. `{}` in
/// JSON is the default config; unknown fields are an error.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Config {
    /// Small stones (dân) per small square (ô dân) at the start, 1..=20 (OAQ-S1: 5).
    pub dan_per_square: u8,
    /// What the quan squares hold at the start (OAQ-S1, OAQ-A1).
    pub quan_setup: QuanSetup,
    /// A captured big stone is worth this many dân, 1..=100 (OAQ-S10, OAQ-A2: 10).
    pub quan_value: u8,
    /// Which ways a player may sow (OAQ-S3, OAQ-A3).
    pub direction: DirectionRule,
    /// With 12 or more stones in hand, skip the square the hand was picked up from
    /// (Oware-style; OAQ-A4, default `false`).
    pub skip_origin_on_lap: bool,
    /// The casual rule that leaves the quan squares out of the ring: sowing, relays and
    /// captures go round the ten small squares only, so no quan square is ever reached (the
    /// game then ends by the ply cap, repetition or a failed refill). Relays can loop
    /// (OAQ-A12); default `false`.
    pub skip_quan_squares: bool,
    /// What happens when the square after the last stone is a quan square (OAQ-A5).
    pub relay_at_quan: RelayAtQuan,
    /// Whether a completely empty quan square serves as the empty square before a capture
    /// (OAQ-A5, OAQ-C8; default `false`).
    pub quan_square_as_gap: bool,
    /// Whether captures chain (OAQ-S6, OAQ-A7).
    pub chain_capture: ChainCapture,
    /// Quan non ("young mandarin"): a quan square with fewer dân than this cannot be
    /// captured and the turn ends there (OAQ-A6, OAQ-C9; default `None`).
    pub quan_non_threshold: Option<u8>,
    /// Whether the quan-non protection needs the big stone to be still there (OAQ-A6).
    pub quan_non_requires_big_stone: bool,
    /// A move that would capture a big stone on the game's very first ply is illegal
    /// (OAQ-A6; default `false`). If every move of that ply would, they are all allowed.
    pub forbid_quan_capture_on_first_move: bool,
    /// Ludii's guard: a sowing of at least this many stones ends the turn at once, with no
    /// relay and no capture (OAQ-A4; default `None`).
    pub stop_after_sowing_at_least: Option<u16>,
    /// How an empty side is refilled (OAQ-S8, OAQ-A8).
    pub refill: Refill,
    /// Dân put into each of the five squares by a refill, 1..=5 (OAQ-A8: 1).
    pub refill_amount_per_square: u8,
    /// When the game is over (OAQ-S9, OAQ-A9).
    pub end_condition: EndCondition,
    /// Who gets dân left in the quan squares when [`EndCondition::BothBigStonesCaptured`]
    /// ends the game (OAQ-A9).
    pub leftover_in_quan_squares: Leftover,
    /// Single game, or a match with debts carried over (OAQ-S11, OAQ-A11); read by
    /// [`Match`](crate::o_an_quan::Match).
    pub match_mode: MatchMode,
    /// The ply cap, 1..=2000 (OAQ-A13; default `Some(400)`); `None` means the engine's own
    /// cap [`ENGINE_MAX_PLIES`].
    pub max_plies: Option<u32>,
    /// The game ends when the position a move reaches occurs this many times among itself
    /// and the [`REPETITION_WINDOW`] (16) positions before it, 2..=8 (OAQ-A13, OAQ-C12;
    /// default `None`). A position is the dân of each cell, where the big stones are and the
    /// player to move; the captured piles are not part of it. The start counts as a
    /// position; after a move the position is taken before any refill (OAQ-C3 checks
    /// repetition before the refill). A cycle of `p` plies is caught exactly when
    /// `(k − 1) · p ≤ 16`.
    pub repetition_limit: Option<u8>,
    /// How a game stopped by the cap or by repetition is scored (OAQ-A13, OAQ-C4).
    pub on_cap: CapResolution,
    /// The guard against endless relays (OAQ-A12).
    pub relay_loop: RelayLoop,
    /// Who moves first (OAQ-S2): seat 0 (player A, cells 1..=5) or seat 1 (player B).
    pub first_player: Seat,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            dan_per_square: 5,
            quan_setup: QuanSetup::BigStone,
            quan_value: 10,
            direction: DirectionRule::PlayerChoice,
            skip_origin_on_lap: false,
            skip_quan_squares: false,
            relay_at_quan: RelayAtQuan::Stop,
            quan_square_as_gap: false,
            chain_capture: ChainCapture::Automatic,
            quan_non_threshold: None,
            quan_non_requires_big_stone: true,
            forbid_quan_capture_on_first_move: false,
            stop_after_sowing_at_least: None,
            refill: Refill::BorrowAsDebt,
            refill_amount_per_square: 1,
            end_condition: EndCondition::BothQuanSquaresEmpty,
            leftover_in_quan_squares: Leftover::ToQuanCaptor,
            match_mode: MatchMode::SingleGame,
            max_plies: Some(400),
            repetition_limit: None,
            on_cap: CapResolution::CollectSidesQuanUnawarded,
            relay_loop: RelayLoop::Impossible,
            first_player: Seat(0),
        }
    }
}

impl Config {
    /// The seed rules (the same as `Config::default()`).
    pub fn seed_rules() -> Config {
        Config::default()
    }

    /// Vietnamese Wikipedia: a quan square holding its big stone and fewer than 5 dân is a
    /// "quan non" that cannot be captured; the turn ends there (OAQ-A6).
    pub fn vi_wikipedia() -> Config {
        Config {
            quan_non_threshold: Some(5),
            quan_non_requires_big_stone: true,
            ..Config::default()
        }
    }

    /// Ludii's "Tonkin (Observed)" ruleset (Son 1985): ten small stones in each quan square,
    /// counter-clockwise sowing only, and a relay through a quan square takes one stone from
    /// it (OAQ-A1, OAQ-A3, OAQ-A5). Relays are guarded with
    /// [`RelayLoop::EndTurnOnRepeat`].
    pub fn tonkin() -> Config {
        Config {
            quan_setup: QuanSetup::SmallStones { count: 10 },
            direction: DirectionRule::FixedCcw,
            relay_at_quan: RelayAtQuan::TakeOne,
            relay_loop: RelayLoop::EndTurnOnRepeat,
            ..Config::default()
        }
    }

    /// The rules of Ludii's code for "O An Quan": one capture per move, a sowing of 10 or
    /// more stones ends the turn, and the game ends when both big stones are captured, the
    /// dân left in a quan square going to the player mapped to it (OAQ-A4, OAQ-A7, OAQ-A9).
    pub fn ludii() -> Config {
        Config {
            chain_capture: ChainCapture::Off,
            stop_after_sowing_at_least: Some(10),
            end_condition: EndCondition::BothBigStonesCaptured,
            leftover_in_quan_squares: Leftover::ToMappedPlayer,
            ..Config::default()
        }
    }

    /// No borrowing (as in the oanquan-ai-lab engine): a refill costs 5 from the score and a
    /// player who cannot pay loses; an empty quan square counts as a gap (OAQ-A5, OAQ-A8).
    pub fn no_borrowing() -> Config {
        Config {
            refill: Refill::PayFromScore,
            quan_square_as_gap: true,
            ..Config::default()
        }
    }

    /// No quan may be captured on the first move (`no_first_quan_v1`, OAQ-A6).
    pub fn no_first_quan() -> Config {
        Config {
            forbid_quan_capture_on_first_move: true,
            ..Config::default()
        }
    }

    /// A quan worth 5 dân, one capture per move, and the game ends when both big stones are
    /// captured (NyanDoggo's solver; OAQ-A2, OAQ-A7, OAQ-A9).
    pub fn quan_worth_five() -> Config {
        Config {
            quan_value: 5,
            chain_capture: ChainCapture::Off,
            end_condition: EndCondition::BothBigStonesCaptured,
            ..Config::default()
        }
    }

    /// The seed rules with threefold repetition ending the game (OAQ-A13).
    pub fn threefold() -> Config {
        Config {
            repetition_limit: Some(3),
            ..Config::default()
        }
    }

    /// The seed rules for a table: an empty side is refilled from the player's own score and
    /// a player whose score cannot pay loses (OAQ-C6), and a position repeated three times
    /// ends the game (OAQ-A13). No one borrows, so no game goes on with the players refilling
    /// from debts (a player in debt fed to the other for hundreds of plies, or both feeding a
    /// quan square that neither dares to capture), and a game the players go round in ends.
    pub fn pay_to_refill() -> Config {
        Config {
            refill: Refill::PayFromScore,
            repetition_limit: Some(3),
            ..Config::default()
        }
    }

    /// A match of seed-rule games whose debts carry over (OAQ-S11, OAQ-A11).
    pub fn debt_match() -> Config {
        Config {
            match_mode: MatchMode::DebtCarryOver {
                stake_per_half: None,
                next_starter: NextStarter::Alternate,
            },
            ..Config::default()
        }
    }

    /// Small stones in the two quan squares together at the start.
    pub fn quan_square_stones(&self) -> u16 {
        match self.quan_setup {
            QuanSetup::BigStone => 0,
            QuanSetup::SmallStones { count: n } => 2 * u16::from(n),
        }
    }

    /// All small stones (dân) in play: on the board and in both captured piles together.
    pub fn total_dan(&self) -> u16 {
        10 * u16::from(self.dan_per_square) + self.quan_square_stones()
    }

    /// Whether each quan square starts with a big stone.
    pub fn has_big_stones(&self) -> bool {
        self.quan_setup == QuanSetup::BigStone
    }

    /// All the points in play at the start (dân plus big stones at their value).
    pub fn total_points(&self) -> i32 {
        let big = if self.has_big_stones() {
            2 * i32::from(self.quan_value)
        } else {
            0
        };
        i32::from(self.total_dan()) + big
    }

    /// The ply cap in force: `max_plies`, or [`ENGINE_MAX_PLIES`] when it is `None`.
    pub fn ply_cap(&self) -> u32 {
        self.max_plies.unwrap_or(ENGINE_MAX_PLIES)
    }

    /// Whether these rules can make relay sowing loop (OAQ-A12): relays from quan squares or
    /// quan squares left out of the ring.
    pub fn relays_can_loop(&self) -> bool {
        self.skip_quan_squares || self.relay_at_quan != RelayAtQuan::Stop
    }

    /// Checks every option's range and that the options fit together.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the first option at fault.
    pub fn validate(&self) -> Result<(), ConfigError> {
        <Config as GameConfig>::validate(self)
    }
}

impl GameConfig for Config {
    const PRESETS: &'static [&'static str] = &[
        "seed_rules",
        "vi_wikipedia",
        "tonkin",
        "ludii",
        "no_borrowing",
        "no_first_quan",
        "quan_worth_five",
        "threefold",
        "debt_match",
        "pay_to_refill",
    ];
    /// `pay_to_refill` first (no borrowing, threefold repetition: every game ends like a
    /// game), then `threefold` and the seed rules.
    const TABLE_PRESETS: &'static [&'static str] = &["pay_to_refill", "threefold", "seed_rules"];
    const SEATS: std::ops::RangeInclusive<u8> = 2..=2;

    fn preset(name: &str) -> Option<Config> {
        Some(match name {
            "seed_rules" => Config::seed_rules(),
            "vi_wikipedia" => Config::vi_wikipedia(),
            "tonkin" => Config::tonkin(),
            "ludii" => Config::ludii(),
            "no_borrowing" => Config::no_borrowing(),
            "no_first_quan" => Config::no_first_quan(),
            "quan_worth_five" => Config::quan_worth_five(),
            "threefold" => Config::threefold(),
            "debt_match" => Config::debt_match(),
            "pay_to_refill" => Config::pay_to_refill(),
            _ => return None,
        })
    }

    fn seats(&self) -> u8 {
        2
    }

    fn validate(&self) -> Result<(), ConfigError> {
        if self.dan_per_square == 0 || self.dan_per_square > MAX_DAN_PER_SQUARE {
            return Err(ConfigError::new(
                "dan_per_square",
                format!("must be 1..={MAX_DAN_PER_SQUARE}"),
            ));
        }
        if let QuanSetup::SmallStones { count: n } = self.quan_setup {
            if n == 0 || n > MAX_SMALL_STONES_PER_QUAN {
                return Err(ConfigError::new(
                    "quan_setup",
                    format!("small_stones count must be 1..={MAX_SMALL_STONES_PER_QUAN}"),
                ));
            }
        }
        if self.quan_value == 0 || self.quan_value > 100 {
            return Err(ConfigError::new("quan_value", "must be 1..=100"));
        }
        if self.quan_non_threshold == Some(0) {
            return Err(ConfigError::new(
                "quan_non_threshold",
                "0 protects nothing; use null",
            ));
        }
        if self.stop_after_sowing_at_least == Some(0) {
            return Err(ConfigError::new(
                "stop_after_sowing_at_least",
                "must be at least 1",
            ));
        }
        if self.refill_amount_per_square == 0
            || self.refill_amount_per_square > MAX_REFILL_PER_SQUARE
        {
            return Err(ConfigError::new(
                "refill_amount_per_square",
                format!("must be 1..={MAX_REFILL_PER_SQUARE}"),
            ));
        }
        if self.end_condition == EndCondition::BothBigStonesCaptured && !self.has_big_stones() {
            return Err(ConfigError::new(
                "end_condition",
                "both_big_stones_captured needs quan_setup big_stone",
            ));
        }
        if let Some(n) = self.max_plies {
            if n == 0 || n > ENGINE_MAX_PLIES {
                return Err(ConfigError::new(
                    "max_plies",
                    format!("must be 1..={ENGINE_MAX_PLIES} (or null for {ENGINE_MAX_PLIES})"),
                ));
            }
        }
        if let Some(k) = self.repetition_limit {
            if !(2..=MAX_REPETITION_LIMIT).contains(&k) {
                return Err(ConfigError::new(
                    "repetition_limit",
                    format!("must be 2..={MAX_REPETITION_LIMIT} (OAQ-C12)"),
                ));
            }
        }
        if self.relay_loop == RelayLoop::Impossible && self.relays_can_loop() {
            return Err(ConfigError::new(
                "relay_loop",
                "these rules can relay forever (OAQ-A12): choose end_turn_on_repeat or a cap",
            ));
        }
        if self.first_player.0 > 1 {
            return Err(ConfigError::new("first_player", "must be seat 0 or 1"));
        }
        if let MatchMode::DebtCarryOver {
            stake_per_half: Some(0),
            ..
        } = self.match_mode
        {
            return Err(ConfigError::new(
                "match_mode",
                "stake_per_half must be positive",
            ));
        }
        Ok(())
    }
}
