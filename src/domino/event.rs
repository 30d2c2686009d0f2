//! Events: what happened during one action, step by step, and their per-seat redaction.

use serde::{Deserialize, Serialize};

use crate::game::{Named, Outcome, Seat, MAX_SEATS};

use super::tile::{End, Placed, Tile};

/// How a round ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub enum RoundEnd {
    /// A seat played its last tile ("xuất trận", DM-S11).
    Out,
    /// The round was blocked ("cá", DM-S10).
    Fish,
}

/// Why the match ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum EndReason {
    /// A seat reached [`Config::loss_threshold`](super::Config::loss_threshold) (DM-S12).
    LossThreshold,
    /// [`Config::max_rounds`](super::Config::max_rounds) rounds were played (DM-A8).
    MaxRounds,
    /// The engine guard [`Config::round_cap`](super::Config::round_cap) was reached with
    /// `max_rounds` unset.
    RoundCap,
}

/// The result of a finished round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RoundResult {
    /// The round number (from 1).
    pub round: u32,
    /// How it ended.
    pub end: RoundEnd,
    /// The seat that went out, or that set the fish (placed the last tile, DM-A5).
    pub seat: Seat,
    /// The points each seat added (entries past the number of players are 0).
    pub points: [u32; MAX_SEATS],
}

/// What happened, step by step. Serialized with a `kind` tag, e.g.
/// `{"kind":"drew","seat":1,"tile":[2,6]}`.
///
/// Events carrying hidden information ([`Dealt`](Event::Dealt), [`Drew`](Event::Drew)) name
/// the tile only in the full form a server holds; [`Game::event_for`](crate::Game::event_for)
/// gives every other seat the form with `tile: null`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
#[serde(deny_unknown_fields)]
pub enum Event {
    /// A tile was dealt to `seat` (DM-S4, DM-C1).
    Dealt {
        /// Who received it.
        seat: Seat,
        /// The tile; `None` in the form other seats see.
        tile: Option<Tile>,
    },
    /// The deal was cancelled because `seat` holds `doubles` doubles (DM-A9); every tile
    /// goes back and the deal starts again.
    Redealt {
        /// The first seat holding too many doubles.
        seat: Seat,
        /// How many doubles it holds.
        doubles: u8,
    },
    /// `seat` laid the first tile of the round, as written (DM-C4).
    Led {
        /// Who led.
        seat: Seat,
        /// The tile.
        tile: Tile,
        /// `true` when the opening rule forced the tile and the engine played it (DM-C2).
        forced: bool,
    },
    /// `seat` placed `tile` at `end`, turned as `placed` (DM-S6, DM-S7, DM-C4).
    Played {
        /// Who played.
        seat: Seat,
        /// The tile.
        tile: Tile,
        /// The end it went on.
        end: End,
        /// How it lies on the line (left half, right half).
        placed: Placed,
    },
    /// `seat` chose to go to the chợ while able to play (DM-A3 `Voluntary`).
    WentToMarket {
        /// Who.
        seat: Seat,
    },
    /// `seat` drew a tile from the chợ (DM-S8).
    Drew {
        /// Who drew.
        seat: Seat,
        /// The tile; `None` in the form other seats see.
        tile: Option<Tile>,
    },
    /// `seat` could neither play nor draw and passed (DM-S9; automatic, DM-C2).
    Passed {
        /// Who passed.
        seat: Seat,
    },
    /// `seat` played its last tile ("xuất trận").
    WentOut {
        /// Who went out.
        seat: Seat,
    },
    /// The round is blocked ("cá", DM-S10, DM-A5).
    Fish {
        /// The fish-setter: the seat that placed the last tile.
        setter: Seat,
        /// `true` when declared because the layout is closed (DM-A5
        /// `ClosedLayoutImmediate`) while a seat could still draw or play.
        closed: bool,
    },
    /// A round was scored (DM-S11).
    RoundScored {
        /// The result.
        result: RoundResult,
        /// The running totals after it.
        scores: [u32; MAX_SEATS],
    },
    /// A new round starts: its tiles are about to be dealt.
    RoundStarted {
        /// The round number (from 2; round 1 starts with the game).
        round: u32,
    },
    /// The match is over (DM-S12, DM-A8): why, the final totals and the places (1 = best,
    /// equal places shared).
    GameOver {
        /// The result, as [`Game::outcome`](crate::Game::outcome) gives it.
        outcome: Outcome<EndReason>,
    },
}

impl Event {
    /// The form of this event that `seat` may see: a dealt or drawn tile is shown only to the
    /// seat that received it. Every event is shown to every seat in some form.
    pub fn redacted_for(&self, seat: Seat) -> Event {
        match *self {
            Event::Dealt { seat: s, .. } if s != seat => Event::Dealt {
                seat: s,
                tile: None,
            },
            Event::Drew { seat: s, .. } if s != seat => Event::Drew {
                seat: s,
                tile: None,
            },
            e => e,
        }
    }
}

impl Named for EndReason {
    fn name(self) -> &'static str {
        match self {
            EndReason::LossThreshold => "loss_threshold",
            EndReason::MaxRounds => "max_rounds",
            EndReason::RoundCap => "round_cap",
        }
    }
}
