//! The rules options of Domino: the seed rules by default, every variant of the rules
//! contract's register (DM-A1 … DM-A10) by option, and named presets.

use serde::{Deserialize, Serialize};

use crate::game::{ConfigError, GameConfig};

/// Who leads a round decided by the opening rule (DM-S5, DM-A1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum Opening {
    /// The seed rule (DM-S5): the holder of 0-0 leads; else the holder of 6-6, 5-5, … 1-1;
    /// else the holder of the tile with the highest total (ties: [`TieBreak`]).
    #[default]
    ZeroZeroThenHighDoubles,
    /// Kozel ("Goat"): 1-1, 2-2, … 6-6, then 0-0, then the highest total.
    OneOneThenUp,
    /// Western draw: the highest double (6-6 … 0-0), then the highest total.
    HighestDouble,
    /// Seat 0 leads with any tile of its choice (the Block game of OpenSpiel).
    AnyTileBySeat,
}

/// How two non-doubles with the same total are ordered by the opening rule (DM-A1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum TieBreak {
    /// The register's default: the tile with the higher end first (3-6 before 4-5).
    #[default]
    HigherEnd,
    /// The engine's mirror option: the tile with the lower high end first (4-5 before 3-6).
    LowerEnd,
}

/// Who leads the rounds after the first (DM-A2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum LaterLead {
    /// The opening rule ([`Opening`]) decides every round (the seed, read literally).
    #[default]
    SameAsFirst,
    /// The seat that went out leads with any tile; after a cá the opening rule decides
    /// (Yahoo's draw game).
    PreviousWinnerAnyTile,
    /// The seat that went out, or after a cá the fish-setter, leads with any tile.
    FishSetterAnyTile,
    /// The lead passes to the next seat (in [`SeatOrder`]) after the previous round's leader,
    /// who leads with any tile.
    Rotate,
}

/// The order of turns (DM-A10).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum SeatOrder {
    /// Seat `i` is followed by seat `i + 1` (read as clockwise).
    #[default]
    Ascending,
    /// Seat `i` is followed by seat `i - 1`.
    Descending,
}

/// When a player goes to the chợ (market, boneyard) (DM-S8, DM-A3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum DrawPolicy {
    /// The seed rule: only a player with no playable tile draws, one tile at a time, until a
    /// playable tile comes; that tile must then be played.
    #[default]
    UntilPlayable,
    /// A player with no playable tile draws one tile; if it fits it must be played, else the
    /// player passes.
    OneThenPass,
    /// As [`UntilPlayable`](DrawPolicy::UntilPlayable), and a player who can play may also
    /// choose to draw ([`Action::Market`](super::Action::Market)) as often as the chợ allows,
    /// then choose again.
    Voluntary,
    /// Nobody draws (the Block game): a player who cannot play passes.
    NoDraw,
}

/// When a round is declared cá (blocked) (DM-S10, DM-A5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum FishDetection {
    /// The seed, read literally: cá when nothing can be drawn and no seat can play.
    #[default]
    AllStuck,
    /// As [`AllStuck`](FishDetection::AllStuck), and also at once when the layout is closed
    /// (both ends show `n` and all seven tiles with `n` are on the line).
    ClosedLayoutImmediate,
}

/// Who scores what when a round ends in cá (DM-S11, DM-A6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum FishScoring {
    /// The seed rule: the fish-setter adds 0, every other seat adds its own pips.
    #[default]
    SetterZeroOthersOwnPips,
    /// The seat (or seats, on a tie) with the fewest pips in hand adds 0, every other seat
    /// adds its own pips (Kozel).
    LowestHandZeroOthersOwnPips,
    /// The fish-setter is charged the pips of every hand (its own included); the others add 0
    /// (Hoyle's "the blocker receives all the points", read as penalty points).
    BlockerCollects,
}

/// How equal totals are placed at the end of the match (DM-A8).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum Ranking {
    /// Standard competition ranking: equal totals share a place, the next place is skipped.
    #[default]
    SharedPlaces,
    /// Equal totals are ordered by the points added in the last round (fewer is better);
    /// seats equal on both share a place.
    TieBreakLastRound,
}

/// The rules of a Domino match. `Config::default()` is the seed rules (DM-C6: 2 players).
///
/// Every option of the rules contract's §3 is here under its name there, so `{}` in JSON is
/// the default and a reference file's `options` object reads as a config.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "DominoConfig"))]
pub struct Config {
    /// Number of players, 2, 3 or 4 (DM-S1; default 2 by DM-C6).
    pub players: u8,
    /// Tiles dealt to each player (DM-S4: 7; DM-A9). At most 28 / players.
    pub hand_size: u8,
    /// Who leads a round decided by the opening rule (DM-S5, DM-A1).
    pub opening: Opening,
    /// Whether the opening tile found by the rule is played at once (DM-A1, default `true`,
    /// and then automatically, DM-C2). When `false` its holder leads with any tile.
    pub opening_tile_forced: bool,
    /// Tie-break among non-doubles of equal total in the opening rule (DM-A1).
    pub opening_tiebreak: TieBreak,
    /// Who leads later rounds (DM-A2).
    pub later_round_lead: LaterLead,
    /// Turn order (DM-A10).
    pub turn_order: SeatOrder,
    /// When a player draws from the chợ (DM-S8, DM-A3).
    pub draw_policy: DrawPolicy,
    /// Tiles that stay in the chợ and may never be drawn (DM-A4).
    pub boneyard_reserve: u8,
    /// When a round is cá (DM-S10, DM-A5).
    pub fish_detection: FishDetection,
    /// Scoring of a cá (DM-S11, DM-A6).
    pub fish_scoring: FishScoring,
    /// The points the 0-0 tile counts in a hand (DM-A7; the seed: 0).
    pub double_blank_value: u16,
    /// A player with this many points or more ends the match (DM-S12, DM-A8), 1 to 10 000.
    pub loss_threshold: u32,
    /// How equal totals are placed (DM-A8).
    pub ranking: Ranking,
    /// Re-deal when a hand holds at least this many doubles (DM-A9; Kozel: 5), 1 to 7. The
    /// engine deals at most [`MAX_REDEALS`] times over in one round; the next deal stands.
    pub redeal_if_doubles_at_least: Option<u8>,
    /// End the match after this many rounds (DM-A8 engine guard), 1 to 1 000 000. When
    /// `None` the engine still ends the match after [`Config::round_cap`] rounds.
    pub max_rounds: Option<u32>,
}

/// The most re-deals in one round under
/// [`Config::redeal_if_doubles_at_least`]; the deal after the last re-deal stands, so that
/// no sequence of deals can go on for ever.
pub const MAX_REDEALS: u8 = 8;

/// The largest [`Config::loss_threshold`].
pub const MAX_LOSS_THRESHOLD: u32 = 10_000;

/// The largest [`Config::max_rounds`].
pub const MAX_ROUNDS_LIMIT: u32 = 1_000_000;

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 2,
            hand_size: 7,
            opening: Opening::ZeroZeroThenHighDoubles,
            opening_tile_forced: true,
            opening_tiebreak: TieBreak::HigherEnd,
            later_round_lead: LaterLead::SameAsFirst,
            turn_order: SeatOrder::Ascending,
            draw_policy: DrawPolicy::UntilPlayable,
            boneyard_reserve: 0,
            fish_detection: FishDetection::AllStuck,
            fish_scoring: FishScoring::SetterZeroOthersOwnPips,
            double_blank_value: 0,
            loss_threshold: 101,
            ranking: Ranking::SharedPlaces,
            redeal_if_doubles_at_least: None,
            max_rounds: None,
        }
    }
}

impl Config {
    /// The seed rules (the same as `Config::default()`): 2 players, 7 tiles each, 0-0 leads,
    /// draw until playable, cá when all are stuck, the fish-setter scores 0, lose at 101.
    pub fn seed_rules() -> Config {
        Config::default()
    }

    /// The seed rules for `players` players (2, 3 or 4; validate before use).
    pub fn with_players(players: u8) -> Config {
        Config {
            players,
            ..Config::default()
        }
    }

    /// Kozel ("Goat"), the Russian draw game the seed comes from (register DM-A1, A2, A6,
    /// A9), for 2 players: 1-1 leads the first round (then 2-2 … 6-6, 0-0, the highest
    /// total); later rounds are led by the seat that went out, with any tile (after a cá by
    /// the opening rule); on a cá the lowest hand scores 0; a hand with 5 doubles or more is
    /// re-dealt. For 3 or 4 players Kozel deals 5 tiles each: set `players` and `hand_size`.
    pub fn kozel() -> Config {
        Config {
            opening: Opening::OneOneThenUp,
            later_round_lead: LaterLead::PreviousWinnerAnyTile,
            fish_scoring: FishScoring::LowestHandZeroOthersOwnPips,
            redeal_if_doubles_at_least: Some(5),
            ..Config::default()
        }
    }

    /// The Western draw game (register DM-A1 … A6), 2 players: the highest double leads the
    /// first round, later rounds the seat that went out (any tile); two tiles stay in the
    /// boneyard; a closed layout is blocked at once; on a block the lowest hand scores 0.
    pub fn western_draw() -> Config {
        Config {
            opening: Opening::HighestDouble,
            later_round_lead: LaterLead::PreviousWinnerAnyTile,
            boneyard_reserve: 2,
            fish_detection: FishDetection::ClosedLayoutImmediate,
            fish_scoring: FishScoring::LowestHandZeroOthersOwnPips,
            ..Config::default()
        }
    }

    /// The Block game (register DM-A3 `NoDraw`, DM-A1 `AnyTileBySeat`), 4 players with all
    /// 28 tiles dealt: seat 0 leads any tile, nobody draws, a player who cannot play passes.
    pub fn block() -> Config {
        Config {
            players: 4,
            opening: Opening::AnyTileBySeat,
            draw_policy: DrawPolicy::NoDraw,
            ..Config::default()
        }
    }

    /// Checks every option's range.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first option out of range.
    pub fn validate(&self) -> Result<(), ConfigError> {
        <Config as GameConfig>::validate(self)
    }
}

impl GameConfig for Config {
    const PRESETS: &'static [&'static str] = &[
        "seed_rules",
        "three_players",
        "four_players",
        "kozel",
        "western_draw",
        "block",
    ];
    /// The seed rules (two players, 101 penalty points end the match).
    const TABLE_PRESETS: &'static [&'static str] = &["seed_rules"];
    const SEATS: std::ops::RangeInclusive<u8> = 2..=4;

    fn preset(name: &str) -> Option<Config> {
        Some(match name {
            "seed_rules" => Config::seed_rules(),
            "three_players" => Config::with_players(3),
            "four_players" => Config::with_players(4),
            "kozel" => Config::kozel(),
            "western_draw" => Config::western_draw(),
            "block" => Config::block(),
            _ => return None,
        })
    }

    fn seats(&self) -> u8 {
        self.players
    }

    fn validate(&self) -> Result<(), ConfigError> {
        if !(2..=4).contains(&self.players) {
            return Err(ConfigError::new("players", "must be 2, 3 or 4 (DM-S1)"));
        }
        let most = 28 / self.players;
        if self.hand_size == 0 || self.hand_size > most {
            return Err(ConfigError::new(
                "hand_size",
                format!(
                    "must be 1 to {most} for {} players (28 tiles)",
                    self.players
                ),
            ));
        }
        if usize::from(self.boneyard_reserve) > 28 {
            return Err(ConfigError::new("boneyard_reserve", "must be 0 to 28"));
        }
        if self.double_blank_value > 1000 {
            return Err(ConfigError::new("double_blank_value", "must be 0 to 1000"));
        }
        if self.loss_threshold == 0 || self.loss_threshold > MAX_LOSS_THRESHOLD {
            return Err(ConfigError::new(
                "loss_threshold",
                format!("must be 1 to {MAX_LOSS_THRESHOLD}"),
            ));
        }
        if let Some(k) = self.redeal_if_doubles_at_least {
            if !(1..=7).contains(&k) {
                return Err(ConfigError::new(
                    "redeal_if_doubles_at_least",
                    "must be 1 to 7 (or null)",
                ));
            }
        }
        if let Some(m) = self.max_rounds {
            if m == 0 || m > MAX_ROUNDS_LIMIT {
                return Err(ConfigError::new(
                    "max_rounds",
                    format!("must be 1 to {MAX_ROUNDS_LIMIT} (or null)"),
                ));
            }
        }
        Ok(())
    }
}

impl Config {
    /// The engine guard (DM-A8): the most rounds a match lasts. `max_rounds` when set, else
    /// `4 × players × loss_threshold` rounds.
    ///
    /// Why that is no rule change in practice: a round that adds at least one point brings
    /// the sum of the scores one closer to `players × (loss_threshold − 1) + 1`, where some
    /// seat must have reached the limit; so at most `players × loss_threshold` rounds add
    /// points. A round that adds none is possible only with two players when the loser holds
    /// just 0-0 (worth 0), so the guard is reached only after more than three times as many
    /// such rounds as scoring ones. The match then ends with [`EndReason::RoundCap`](super::EndReason::RoundCap).
    pub fn round_cap(&self) -> u32 {
        match self.max_rounds {
            Some(m) => m,
            // Saturating: an unchecked config (read without validation) must not overflow.
            None => (4 * u32::from(self.players)).saturating_mul(self.loss_threshold),
        }
    }

    /// Tiles dealt per round: `players × hand_size`.
    pub fn dealt(&self) -> u32 {
        u32::from(self.players) * u32::from(self.hand_size)
    }

    /// The most actions one round can take (chance outcomes included):
    /// `redeals × dealt + 3 × 28 + 28`, where `redeals` is [`MAX_REDEALS`] with
    /// re-dealing on and 0 without. Each of the at most 28 tiles that leave the chợ in a
    /// round does so by one deal or draw (counted 3 times, which also pays for a voluntary
    /// draw decision before it), each of the at most 28 tiles placed costs at most one
    /// decision, and each re-deal costs one whole deal.
    pub fn round_move_bound(&self) -> u32 {
        let redeals = if self.redeal_if_doubles_at_least.is_some() {
            u32::from(MAX_REDEALS)
        } else {
            0
        };
        redeals * self.dealt() + 3 * 28 + 28
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_json_is_the_default_and_unknown_fields_are_refused() {
        let c: Config = serde_json::from_str("{}").unwrap();
        assert_eq!(c, Config::default());
        assert!(serde_json::from_str::<Config>(r#"{"playerz":3}"#).is_err());
        let c: Config = serde_json::from_str(r#"{"draw_policy":"no_draw"}"#).unwrap();
        assert_eq!(c.draw_policy, DrawPolicy::NoDraw);
    }

    #[test]
    fn presets_validate_and_ranges_are_checked() {
        for (name, c) in Config::presets() {
            c.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(Config::preset(name), Some(c));
        }
        let bad = |c: Config| c.validate().unwrap_err().option;
        assert_eq!(bad(Config::with_players(5)), "players");
        assert_eq!(bad(Config::with_players(1)), "players");
        let c = Config {
            players: 4,
            hand_size: 8,
            ..Config::default()
        };
        assert_eq!(bad(c), "hand_size");
        let c = Config {
            loss_threshold: 0,
            ..Config::default()
        };
        assert_eq!(bad(c), "loss_threshold");
        let c = Config {
            redeal_if_doubles_at_least: Some(0),
            ..Config::default()
        };
        assert_eq!(bad(c), "redeal_if_doubles_at_least");
        let c = Config {
            max_rounds: Some(0),
            ..Config::default()
        };
        assert_eq!(bad(c), "max_rounds");
    }
}
