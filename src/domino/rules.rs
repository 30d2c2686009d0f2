//! The rules: legal actions, checks, and the engine procedure of the rules contract §2.

use crate::chance::uniform_below;
use crate::game::{
    ActionList, ChanceList, ChanceOutcome, ConfigError, EventSink, Game, GameKind, IllegalReason,
    LegalSet, Outcome, Seat, SetupError, StateHasher, ToMove, MAX_SEATS,
};

use super::action::{Action, DEAL_BASE, DRAW_BASE, MARKET_ID};
use super::config::{Config, DrawPolicy, FishScoring, LaterLead, Opening, Ranking, TieBreak};
use super::event::{EndReason, Event, RoundEnd, RoundResult};
use super::state::{numbers_of, Phase, Placement, Setup, State};
use super::tile::{suit_of, End, Placed, Tile, ALL_TILES, TILE_COUNT};
use super::view::View;

/// Why an action is illegal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// The match is over.
    #[error("the match is over")]
    GameOver,
    /// Chance is to act (the deal or a draw), not a player.
    #[error("chance is to act ({phase:?}): `{action}` is not a chance outcome of it")]
    ChanceToAct {
        /// The phase (deal or draw).
        phase: Phase,
        /// The action refused.
        action: Action,
    },
    /// A player is to act, not chance.
    #[error("{seat} is to act: `{action}` is a chance outcome")]
    PlayerToAct {
        /// The seat to act.
        seat: Seat,
        /// The action refused.
        action: Action,
    },
    /// The tile to deal or draw is not among the undealt tiles / in the chợ.
    #[error("tile {tile} is not in the chợ (or among the undealt tiles)")]
    NotInStock {
        /// The tile.
        tile: Tile,
    },
    /// The seat to play does not hold the tile.
    #[error("{seat} does not hold {tile}")]
    NotInHand {
        /// The seat to play.
        seat: Seat,
        /// The tile.
        tile: Tile,
    },
    /// The tile does not fit the chosen end (DM-S6).
    #[error("{tile} does not match the {end} end, which shows {shows}")]
    NoMatch {
        /// The tile.
        tile: Tile,
        /// The end chosen.
        end: End,
        /// The number that end shows.
        shows: u8,
    },
    /// A lead on an empty line is written with `L`.
    #[error("the line is empty: lead with `play {tile} L`")]
    LeadIsLeft {
        /// The tile.
        tile: Tile,
    },
    /// Drawing by choice is not allowed under this draw policy (DM-A3).
    #[error("{seat} may not choose to draw under the {policy:?} draw policy")]
    MarketNotAllowed {
        /// The seat to act.
        seat: Seat,
        /// The draw policy.
        policy: DrawPolicy,
    },
    /// Nothing can be drawn (the chợ is empty or down to its reserve, DM-A4).
    #[error("the chợ has no tile that may be drawn")]
    MarketEmpty,
    /// A choice to draw while leading.
    #[error("{seat} leads the round and may not draw")]
    MarketOnLead {
        /// The seat to lead.
        seat: Seat,
    },
}

impl IllegalReason for Illegal {
    const REASONS: &'static [(u32, &'static str)] = &[
        (300, "game_over"),
        (301, "chance_to_act"),
        (302, "player_to_act"),
        (303, "not_in_stock"),
        (304, "not_in_hand"),
        (305, "no_match"),
        (306, "lead_is_left"),
        (307, "market_not_allowed"),
        (308, "market_empty"),
        (309, "market_on_lead"),
    ];

    fn code(&self) -> u32 {
        match self {
            Illegal::GameOver => 300,
            Illegal::ChanceToAct { .. } => 301,
            Illegal::PlayerToAct { .. } => 302,
            Illegal::NotInStock { .. } => 303,
            Illegal::NotInHand { .. } => 304,
            Illegal::NoMatch { .. } => 305,
            Illegal::LeadIsLeft { .. } => 306,
            Illegal::MarketNotAllowed { .. } => 307,
            Illegal::MarketEmpty => 308,
            Illegal::MarketOnLead { .. } => 309,
        }
    }
}

/// The opening priority of `tile` under `opening` (lower leads first): the doubles in the
/// rule's order, then the non-doubles by total, ties by `tiebreak` (DM-S5, DM-A1).
const fn opening_rank(tile: Tile, opening: Opening, tiebreak: TieBreak) -> u8 {
    let (lo, hi) = (tile.low(), tile.high());
    if lo == hi {
        return match opening {
            Opening::ZeroZeroThenHighDoubles => {
                if lo == 0 {
                    0
                } else {
                    7 - lo
                }
            }
            Opening::OneOneThenUp => {
                if lo == 0 {
                    6
                } else {
                    lo - 1
                }
            }
            Opening::HighestDouble | Opening::AnyTileBySeat => 6 - lo,
        };
    }
    let by_end = match tiebreak {
        TieBreak::HigherEnd => 6 - hi,
        TieBreak::LowerEnd => hi,
    };
    7 + (11 - (lo + hi)) * 8 + by_end
}

/// The 28 tiles in opening order for `opening` and `tiebreak`, built at compile time from
/// [`opening_rank`].
const fn order_table(opening: Opening, tiebreak: TieBreak) -> [u8; TILE_COUNT] {
    let mut out = [0u8; TILE_COUNT];
    let mut k = 0;
    let mut rank = 0u8;
    while rank < 100 {
        let mut i = 0u8;
        while (i as usize) < TILE_COUNT {
            if let Some(t) = Tile::from_index(i) {
                if opening_rank(t, opening, tiebreak) == rank {
                    out[k] = i;
                    k += 1;
                }
            }
            i += 1;
        }
        rank += 1;
    }
    out
}

const ORDERS: [[[u8; TILE_COUNT]; 2]; 3] = [
    [
        order_table(Opening::ZeroZeroThenHighDoubles, TieBreak::HigherEnd),
        order_table(Opening::ZeroZeroThenHighDoubles, TieBreak::LowerEnd),
    ],
    [
        order_table(Opening::OneOneThenUp, TieBreak::HigherEnd),
        order_table(Opening::OneOneThenUp, TieBreak::LowerEnd),
    ],
    [
        order_table(Opening::HighestDouble, TieBreak::HigherEnd),
        order_table(Opening::HighestDouble, TieBreak::LowerEnd),
    ],
];

pub(crate) fn opening_order(opening: Opening, tiebreak: TieBreak) -> &'static [u8; TILE_COUNT] {
    let o = match opening {
        Opening::ZeroZeroThenHighDoubles => 0,
        Opening::OneOneThenUp => 1,
        Opening::HighestDouble | Opening::AnyTileBySeat => 2,
    };
    let t = match tiebreak {
        TieBreak::HigherEnd => 0,
        TieBreak::LowerEnd => 1,
    };
    &ORDERS[o][t]
}

impl State {
    // ---- the engine procedure (rules contract §2) -----------------------------------------

    /// After the last tile of the deal: re-deal (DM-A9), or find the leader and, when the
    /// opening rule forces a tile, play it (DM-S5, DM-A1, DM-A2, DM-C2).
    fn finish_deal(&mut self, ev: &mut impl EventSink<Event>) {
        if let Some((seat, doubles)) = self.redeal_due() {
            // DM-A9: every tile back, deal again from seat 0.
            ev.emit(Event::Redealt {
                seat: Seat(seat),
                doubles,
            });
            self.hands = [0; MAX_SEATS];
            self.stock = ALL_TILES;
            self.redeals += 1;
            self.actor = 0;
            return;
        }
        let (leader, forced) = self.round_lead();
        self.leader = leader;
        match forced {
            Some(tile) if self.config.opening_tile_forced => {
                // DM-C2: the forced opening play is automatic; DM-C4: laid as written.
                self.place(leader, tile, End::Left);
                ev.emit(Event::Led {
                    seat: Seat(leader),
                    tile,
                    forced: true,
                });
                self.after_placement(leader, ev);
            }
            _ => {
                self.phase = Phase::Lead;
                self.actor = leader;
            }
        }
    }

    /// Who leads this round, and the tile the opening rule names (`None`: any tile).
    fn round_lead(&self) -> (u8, Option<Tile>) {
        let c = &self.config;
        if self.round > 1 {
            if let Some(last) = self.last_round {
                // DM-A2: who leads later rounds.
                match c.later_round_lead {
                    LaterLead::SameAsFirst => {}
                    LaterLead::PreviousWinnerAnyTile => {
                        if last.end == RoundEnd::Out {
                            return (last.seat.0, None);
                        }
                    }
                    LaterLead::FishSetterAnyTile => return (last.seat.0, None),
                    LaterLead::Rotate => return (self.next_seat(self.leader), None),
                }
            }
        }
        if c.opening == Opening::AnyTileBySeat {
            return (0, None);
        }
        // DM-S5 / DM-A1: the held tile of best opening rank.
        let held = self.all_hands();
        let order = opening_order(c.opening, c.opening_tiebreak);
        for &i in order {
            let t = Tile::from_index_wrapping(i);
            if held & t.bit() != 0 {
                let seat = (0..self.n())
                    .find(|&s| self.hands[usize::from(s)] & t.bit() != 0)
                    .unwrap_or(0);
                return (seat, Some(t));
            }
        }
        (0, None)
    }

    /// Put `tile` from `seat`'s hand on the line at `end` (DM-S6, DM-C3, DM-C4).
    #[inline(always)]
    fn place(&mut self, seat: u8, tile: Tile, end: End) -> Placed {
        let placed = if self.placed == 0 {
            let p = Placed {
                left: tile.low(),
                right: tile.high(),
            };
            self.ends = [p.left, p.right];
            p
        } else {
            let i = end.index();
            let v = self.ends[i];
            let o = tile.other(v);
            self.ends[i] = o;
            match end {
                End::Left => Placed { left: o, right: v },
                End::Right => Placed { left: v, right: o },
            }
        };
        self.hands[usize::from(seat)] &= !tile.bit();
        self.log[usize::from(self.placed)] = Placement {
            seat: Seat(seat),
            tile,
            end,
        }
        .encode();
        self.placed += 1;
        placed
    }

    /// DM-C5: after a placement, an empty hand ends the round first, then cá is checked;
    /// otherwise the turn passes on.
    #[inline(always)]
    fn after_placement(&mut self, seat: u8, ev: &mut impl EventSink<Event>) {
        if self.hands[usize::from(seat)] == 0 {
            ev.emit(Event::WentOut { seat: Seat(seat) });
            self.end_round(RoundEnd::Out, seat, ev);
        } else if let Some(closed) = self.fish_now() {
            self.declare_fish(closed, ev);
        } else {
            self.next_turn(seat, ev);
        }
    }

    /// DM-S10 / DM-A5: cá; the fish-setter is the seat that placed the last tile.
    fn declare_fish(&mut self, closed: bool, ev: &mut impl EventSink<Event>) {
        let setter = self.last_placer().map_or(0, |s| s.0);
        ev.emit(Event::Fish {
            setter: Seat(setter),
            closed,
        });
        self.end_round(RoundEnd::Fish, setter, ev);
    }

    /// Give the turn to the next seat that can act; seats that can neither play nor draw
    /// pass automatically (DM-S9, DM-C2), each pass followed by the cá check (DM-C5).
    ///
    /// Terminates within `players` steps: a seat passes only when nothing can be drawn
    /// (every policy draws while it may), so after a pass either the round is cá or some seat
    /// can play, and the loop reaches it before going round the table.
    #[inline(always)]
    fn next_turn(&mut self, from: u8, ev: &mut impl EventSink<Event>) {
        // The next seat can play, most often: that case alone here, the rest out of line (so
        // that what only a blocked seat needs, the chợ's count, is not worked out first).
        let s = self.next_seat(from);
        self.drew = false;
        self.actor = s;
        if self.seat_can_play(s) {
            self.phase = Phase::Play;
            return;
        }
        self.next_turn_blocked(s, ev);
    }

    /// [`State::next_turn`] from seat `first`, which cannot play.
    #[inline(never)]
    fn next_turn_blocked(&mut self, first: u8, ev: &mut impl EventSink<Event>) {
        let mut s = first;
        for i in 0..self.n() {
            if i > 0 {
                s = self.next_seat(s);
                self.drew = false;
                self.actor = s;
                if self.seat_can_play(s) {
                    self.phase = Phase::Play;
                    return;
                }
            }
            // Everyone sees that this seat cannot play: it holds no tile showing an open end.
            self.lacks[usize::from(s)] |= self.end_numbers();
            if self.seat_can_draw(s) {
                // DM-S8: no playable tile, go to the chợ.
                self.phase = Phase::Draw;
                return;
            }
            ev.emit(Event::Passed { seat: Seat(s) });
            if let Some(closed) = self.fish_now() {
                self.declare_fish(closed, ev);
                return;
            }
        }
        // Unreachable (see above); a blocked round is the safe reading.
        self.declare_fish(false, ev);
    }

    /// Score the round (DM-S11, DM-A6, DM-A7), then end the match (DM-S12, DM-A8) or start
    /// the next round (DM-S2: a match is many rounds, until the first loser).
    fn end_round(&mut self, end: RoundEnd, seat: u8, ev: &mut impl EventSink<Event>) {
        let n = usize::from(self.n());
        let mut pips = [0u32; MAX_SEATS];
        for (s, p) in pips.iter_mut().enumerate().take(n) {
            *p = self.mask_points(self.hands[s]);
        }
        let mut points = [0u32; MAX_SEATS];
        match (end, self.config.fish_scoring) {
            (RoundEnd::Out, _) | (RoundEnd::Fish, FishScoring::SetterZeroOthersOwnPips) => {
                // DM-S11: the goer-out (or fish-setter) adds 0, the others their own pips.
                for s in 0..n {
                    if s != usize::from(seat) {
                        points[s] = pips[s];
                    }
                }
            }
            (RoundEnd::Fish, FishScoring::LowestHandZeroOthersOwnPips) => {
                let low = pips[..n].iter().copied().min().unwrap_or(0);
                for s in 0..n {
                    if pips[s] != low {
                        points[s] = pips[s];
                    }
                }
            }
            (RoundEnd::Fish, FishScoring::BlockerCollects) => {
                points[usize::from(seat)] = pips[..n].iter().sum();
            }
        }
        for (score, p) in self.scores.iter_mut().zip(points) {
            *score = score.saturating_add(p);
        }
        let result = RoundResult {
            round: self.round,
            end,
            seat: Seat(seat),
            points,
        };
        self.last_round = Some(result);
        ev.emit(Event::RoundScored {
            result,
            scores: self.scores,
        });
        let reason = if self.scores[..n]
            .iter()
            .any(|&s| s >= self.config.loss_threshold)
        {
            Some(EndReason::LossThreshold)
        } else if self.round >= self.config.round_cap() {
            Some(match self.config.max_rounds {
                Some(_) => EndReason::MaxRounds,
                None => EndReason::RoundCap,
            })
        } else {
            None
        };
        if let Some(reason) = reason {
            // DM-S12: the match ends after the round in which a seat reached the limit.
            self.phase = Phase::Over;
            self.actor = 0;
            self.drew = false;
            self.end_reason = Some(reason);
            if let Some(outcome) = Game::outcome(self) {
                ev.emit(Event::GameOver { outcome });
            }
            return;
        }
        self.round += 1;
        self.hands = [0; MAX_SEATS];
        self.stock = ALL_TILES;
        self.placed = 0;
        self.log = [0; TILE_COUNT];
        self.ends = [0; 2];
        self.phase = Phase::Deal;
        self.actor = 0;
        self.drew = false;
        self.redeals = 0;
        self.lacks = [0; MAX_SEATS];
        ev.emit(Event::RoundStarted { round: self.round });
    }

    /// Places by total, lowest first (DM-S12), ties per [`Ranking`] (DM-A8).
    fn places(&self) -> [u8; MAX_SEATS] {
        let n = usize::from(self.n());
        let key = |s: usize| {
            let last = match self.config.ranking {
                Ranking::SharedPlaces => 0,
                Ranking::TieBreakLastRound => self.last_round.map_or(0, |r| r.points[s]),
            };
            (self.scores[s], last)
        };
        let mut places = [0u8; MAX_SEATS];
        for (s, place) in places.iter_mut().enumerate().take(n) {
            *place = 1 + (0..n).filter(|&t| key(t) < key(s)).count() as u8;
        }
        places
    }

    // ---- the actions ----------------------------------------------------------------------

    #[inline(always)]
    fn do_deal(&mut self, tile: Tile, ev: &mut impl EventSink<Event>) {
        let s = self.actor;
        self.stock &= !tile.bit();
        self.hands[usize::from(s)] |= tile.bit();
        ev.emit(Event::Dealt {
            seat: Seat(s),
            tile: Some(tile),
        });
        // DM-C1: seat 0 receives its whole hand first, then seat 1, …
        if self.hands[usize::from(s)].count_ones() >= u32::from(self.config.hand_size) {
            if s + 1 < self.n() {
                self.actor = s + 1;
            } else {
                self.finish_deal(ev);
            }
        }
    }

    #[inline(always)]
    fn do_draw(&mut self, tile: Tile, ev: &mut impl EventSink<Event>) {
        let s = self.actor;
        let si = usize::from(s);
        let ends = self.end_numbers();
        // A seat that is known to lack both open ends did not choose to draw.
        let forced = self.lacks[si] & ends == ends;
        self.stock &= !tile.bit();
        self.hands[si] |= tile.bit();
        self.drew = true;
        ev.emit(Event::Drew {
            seat: Seat(s),
            tile: Some(tile),
        });
        // What everyone learns: the drawn tile is hidden, so every number it could show is
        // no longer known to be lacking; if the seat still cannot play, it lacks the ends.
        let off_line = ALL_TILES & !self.line_mask();
        let end_tiles = self.end_mask();
        if self.seat_can_play(s) {
            let could = if forced {
                off_line & end_tiles
            } else {
                off_line
            };
            self.lacks[si] &= !numbers_of(could);
        } else {
            self.lacks[si] = (self.lacks[si] & !numbers_of(off_line & !end_tiles)) | ends;
        }
        if self.seat_can_play(s) {
            // DM-S8 / DM-A3: a playable tile came; it must be played (it is the only one).
            self.phase = Phase::Play;
        } else if !self.seat_can_draw(s) {
            // DM-S9: nothing more may be drawn: pass, then the cá check (DM-C5).
            ev.emit(Event::Passed { seat: Seat(s) });
            if let Some(closed) = self.fish_now() {
                self.declare_fish(closed, ev);
            } else {
                self.next_turn(s, ev);
            }
        }
    }

    #[inline(always)]
    fn do_play(&mut self, tile: Tile, end: End, ev: &mut impl EventSink<Event>) {
        let s = self.actor;
        if self.placed == 0 {
            self.place(s, tile, End::Left);
            ev.emit(Event::Led {
                seat: Seat(s),
                tile,
                forced: false,
            });
        } else {
            if self.drew && self.config.draw_policy != DrawPolicy::Voluntary {
                // The seat drew because it could not play, until the one fitting tile came:
                // once that tile is down, the rest of its hand still lacks these ends.
                self.lacks[usize::from(s)] |= self.end_numbers();
            }
            let placed = self.place(s, tile, end);
            ev.emit(Event::Played {
                seat: Seat(s),
                tile,
                end,
                placed,
            });
        }
        self.drew = false;
        self.after_placement(s, ev);
    }
}

impl State {
    /// Feed what every seat sees (all but the hands and the chợ's tiles): the tail of both
    /// [`Game::hash_state`] and [`Game::hash_view`].
    fn hash_public(&self, h: &mut StateHasher) {
        h.u8(self.placed);
        h.bytes(&self.log[..usize::from(self.placed)]);
        h.bytes(&[
            self.ends[0],
            self.ends[1],
            self.phase as u8,
            self.actor,
            self.leader,
            u8::from(self.drew),
            self.redeals,
        ]);
        h.u32(self.round);
        for s in self.scores {
            h.u32(s);
        }
        match self.last_round {
            None => h.u8(0),
            Some(r) => {
                h.u8(1 + r.end as u8);
                h.u32(r.round);
                h.u8(r.seat.0);
                for p in r.points {
                    h.u32(p);
                }
            }
        }
        h.u8(self.end_reason.map_or(0, |r| 1 + r as u8));
        h.u32(self.move_number);
        h.bytes(&self.lacks);
    }
}

impl Game for State {
    type Config = Config;
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type Illegal = Illegal;
    type EndReason = EndReason;
    type View = View;

    const KIND: GameKind = GameKind::Domino;
    const CHANCE: bool = true;
    const HIDDEN_INFORMATION: bool = true;

    fn new(config: Config) -> Result<State, ConfigError> {
        State::new(config)
    }

    fn from_setup(setup: Setup) -> Result<State, SetupError> {
        State::from_setup(setup)
    }

    fn to_setup(&self) -> Setup {
        State::to_setup(self)
    }

    fn turn(&self) -> Option<Seat> {
        State::turn(self)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> u8 {
        self.config.players
    }

    #[inline]
    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Deal | Phase::Draw => ToMove::Chance,
            Phase::Lead | Phase::Play => ToMove::Seat(Seat(self.actor)),
            Phase::Over => ToMove::Over,
        }
    }

    /// Legal actions in ascending id order.
    ///
    /// Capacity (64) proof: chance lists one id per tile of the chợ (≤ 28). A lead lists one
    /// `L` per tile in hand (≤ 14, the largest hand that can lead). A play lists, per tile
    /// holding an end number, one id per end it fits: with ends `a ≠ b` at most 6 tiles show
    /// `a` and 6 show `b` off the line (the end tiles are on it), sharing `a-b`, which alone
    /// fits both ends: ≤ 12 + 1 ids; with `a = a` at most 6 tiles, 2 ids each: ≤ 12; plus
    /// `market`: ≤ 14.
    #[inline]
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Deal | Phase::Draw => {
                let base = if self.phase == Phase::Deal {
                    DEAL_BASE
                } else {
                    DRAW_BASE
                };
                let mut m = self.stock;
                while m != 0 {
                    out.push(base + m.trailing_zeros());
                    m &= m - 1;
                }
            }
            Phase::Lead => {
                let mut m = self.hands[usize::from(self.actor)];
                while m != 0 {
                    out.push(m.trailing_zeros() * 2);
                    m &= m - 1;
                }
            }
            Phase::Play => {
                let hand = self.hands[usize::from(self.actor)];
                let left = hand & suit_of(self.ends[0]);
                let right = hand & suit_of(self.ends[1]);
                let mut m = left | right;
                while m != 0 {
                    let i = m.trailing_zeros();
                    m &= m - 1;
                    if left >> i & 1 != 0 {
                        out.push(i * 2);
                    }
                    if right >> i & 1 != 0 {
                        out.push(i * 2 + 1);
                    }
                }
                if self.config.draw_policy == DrawPolicy::Voluntary && self.drawable() > 0 {
                    out.push(MARKET_ID);
                }
            }
        }
    }

    /// The same ids as `legal_actions`, as bits. A seat's ids (below 64) are built in one
    /// word with their count, tile by tile as `legal_actions` lists them: counting the bits
    /// of a wider mask afterwards costs more on processors without a population count.
    #[inline]
    fn legal_set(&self) -> LegalSet<Action> {
        let (mask, len) = match self.phase {
            Phase::Over => (0, 0),
            Phase::Deal | Phase::Draw => {
                let base = if self.phase == Phase::Deal {
                    DEAL_BASE
                } else {
                    DRAW_BASE
                };
                (u128::from(self.stock) << base, self.stock.count_ones())
            }
            Phase::Lead | Phase::Play => {
                let hand = self.hands[usize::from(self.actor)];
                let (left, right) = if self.phase == Phase::Lead {
                    (hand, 0)
                } else {
                    (hand & suit_of(self.ends[0]), hand & suit_of(self.ends[1]))
                };
                let (mut mask, mut len) = (0u64, 0u32);
                let mut m = left | right;
                while m != 0 {
                    let i = m.trailing_zeros();
                    m &= m - 1;
                    let (l, r) = (left >> i & 1, right >> i & 1);
                    mask |= u64::from(l) << (2 * i) | u64::from(r) << (2 * i + 1);
                    len += l + r;
                }
                if self.phase == Phase::Play
                    && self.config.draw_policy == DrawPolicy::Voluntary
                    && self.drawable() > 0
                {
                    mask |= 1 << MARKET_ID;
                    len += 1;
                }
                (u128::from(mask), len)
            }
        };
        LegalSet::from_mask_len(mask, len, self.move_number)
    }

    /// Every tile of the chợ (or every undealt tile) with weight 1 (DM-C1).
    #[inline]
    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        let base = match self.phase {
            Phase::Deal => DEAL_BASE,
            Phase::Draw => DRAW_BASE,
            _ => return,
        };
        let mut m = self.stock;
        while m != 0 {
            out.push(ChanceOutcome {
                id: base + m.trailing_zeros(),
                weight: 1,
            });
            m &= m - 1;
        }
    }

    /// The same choice as the provided method (the `r`-th outcome in ascending id order with
    /// `r = uniform_below(rng, outcomes)`, so records and seeds are unaffected), without
    /// building the list: every outcome has weight 1, so it picks the `r`-th tile of the
    /// chợ directly.
    #[inline]
    fn sample_chance<R: rand_core::Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        let base = match self.phase {
            Phase::Deal => DEAL_BASE,
            Phase::Draw => DRAW_BASE,
            _ => return None,
        };
        let count = self.stock.count_ones();
        if count == 0 {
            return None;
        }
        let r = uniform_below(rng, count);
        let mut m = self.stock;
        for _ in 0..r {
            m &= m - 1;
        }
        <Action as crate::game::Action>::from_id(base + m.trailing_zeros())
    }

    // Always inlined: `apply` after a dynamic call or a record push would otherwise call it.
    #[inline(always)]
    fn check(&self, action: Action) -> Result<(), Illegal> {
        let seat = Seat(self.actor);
        match (self.phase, action) {
            (Phase::Over, _) => Err(Illegal::GameOver),
            (Phase::Deal, Action::Deal(t)) | (Phase::Draw, Action::Draw(t)) => {
                if self.stock & t.bit() == 0 {
                    Err(Illegal::NotInStock { tile: t })
                } else {
                    Ok(())
                }
            }
            (phase @ (Phase::Deal | Phase::Draw), action) => {
                Err(Illegal::ChanceToAct { phase, action })
            }
            (Phase::Lead | Phase::Play, Action::Deal(_) | Action::Draw(_)) => {
                Err(Illegal::PlayerToAct { seat, action })
            }
            (Phase::Lead, Action::Market) => Err(Illegal::MarketOnLead { seat }),
            (Phase::Play, Action::Market) => {
                if self.config.draw_policy != DrawPolicy::Voluntary {
                    Err(Illegal::MarketNotAllowed {
                        seat,
                        policy: self.config.draw_policy,
                    })
                } else if self.drawable() == 0 {
                    Err(Illegal::MarketEmpty)
                } else {
                    Ok(())
                }
            }
            (Phase::Lead | Phase::Play, Action::Play { tile, end }) => {
                if self.hands[seat.index()] & tile.bit() == 0 {
                    return Err(Illegal::NotInHand { seat, tile });
                }
                if self.phase == Phase::Lead {
                    return if end == End::Left {
                        Ok(())
                    } else {
                        Err(Illegal::LeadIsLeft { tile })
                    };
                }
                let shows = self.ends[end.index()];
                if suit_of(shows) & tile.bit() != 0 {
                    Ok(())
                } else {
                    Err(Illegal::NoMatch { tile, end, shows })
                }
            }
        }
    }

    // The steps of an action are always inlined into it, and it into its callers: within
    // this crate `apply` has many callers (the dynamic layer, the bots), and the compiler
    // then left them as calls, a frame per action.
    #[inline(always)]
    fn apply(&mut self, action: Action, events: &mut impl EventSink<Event>) -> Result<(), Illegal> {
        // The legal cases of `check`, each with its step, in one match (a refused action
        // takes `check` for its reason): one dispatch per action instead of two.
        let hand = self.hands[usize::from(self.actor & 3)];
        match (self.phase, action) {
            (Phase::Deal, Action::Deal(t)) if self.stock & t.bit() != 0 => {
                self.move_number += 1;
                self.do_deal(t, events);
            }
            (Phase::Draw, Action::Draw(t)) if self.stock & t.bit() != 0 => {
                self.move_number += 1;
                self.do_draw(t, events);
            }
            (Phase::Play, Action::Play { tile, end })
                if hand & tile.bit() & suit_of(self.ends[end.index()]) != 0 =>
            {
                self.move_number += 1;
                self.do_play(tile, end, events);
            }
            (
                Phase::Lead,
                Action::Play {
                    tile,
                    end: End::Left,
                },
            ) if hand & tile.bit() != 0 => {
                self.move_number += 1;
                self.do_play(tile, End::Left, events);
            }
            _ => {
                self.check(action)?;
                // What `check` accepts beyond the cases above: going to the chợ (DM-A3
                // `Voluntary`, by choice).
                debug_assert_eq!(action, Action::Market);
                self.move_number += 1;
                events.emit(Event::WentToMarket {
                    seat: Seat(self.actor),
                });
                self.phase = Phase::Draw;
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome<EndReason>> {
        let reason = self.end_reason?;
        if self.phase != Phase::Over {
            return None;
        }
        let mut scores = [0i32; MAX_SEATS];
        for (s, v) in scores.iter_mut().zip(self.scores) {
            *s = i32::try_from(v).unwrap_or(i32::MAX);
        }
        Some(Outcome {
            reason,
            seats: self.n(),
            scores,
            places: self.places(),
        })
    }

    fn move_number(&self) -> u32 {
        self.move_number
    }

    /// `round_cap × round_move_bound` ([`Config::round_cap`], [`Config::round_move_bound`]):
    /// at most that many rounds, each of at most that many actions. A loaded state keeps the
    /// bound because validation refuses a move number above what its round allows.
    fn max_moves(&self) -> u32 {
        let bound = u64::from(self.config.round_cap()) * u64::from(self.config.round_move_bound());
        u32::try_from(bound).unwrap_or(u32::MAX)
    }

    fn hash_state(&self, h: &mut StateHasher) {
        h.config(&self.config);
        for m in self.hands {
            h.u32(m);
        }
        h.u32(self.stock);
        self.hash_public(h);
    }

    fn view(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    fn hash_view(&self, seat: Seat, h: &mut StateHasher) {
        // As `hash_state`, but of the hands only the seat's own tiles and the others' counts,
        // of the chợ only its size.
        h.u8(seat.0);
        h.config(&self.config);
        for (s, &m) in self.hands.iter().enumerate() {
            if s == seat.index() {
                h.u32(m);
            } else {
                h.u8(m.count_ones() as u8);
            }
        }
        h.u8(self.stock.count_ones() as u8);
        self.hash_public(h);
    }

    fn event_for(event: &Event, seat: Seat) -> Option<Event> {
        Some(event.redacted_for(seat))
    }

    fn validate(&self) -> Result<(), SetupError> {
        self.check_reachable()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_orders_are_permutations_in_rank_order() {
        // DM-A1: each order lists all 28 tiles once, by ascending opening rank.
        for opening in [
            Opening::ZeroZeroThenHighDoubles,
            Opening::OneOneThenUp,
            Opening::HighestDouble,
        ] {
            for tiebreak in [TieBreak::HigherEnd, TieBreak::LowerEnd] {
                let order = opening_order(opening, tiebreak);
                let mut seen = 0u32;
                for &i in order {
                    seen |= 1 << i;
                }
                assert_eq!(seen, ALL_TILES);
                let ranks: Vec<u8> = order
                    .iter()
                    .map(|&i| opening_rank(Tile::from_index_wrapping(i), opening, tiebreak))
                    .collect();
                assert!(ranks.windows(2).all(|w| w[0] < w[1]), "{opening:?}");
            }
        }
        let first: Vec<String> =
            opening_order(Opening::ZeroZeroThenHighDoubles, TieBreak::HigherEnd)[..12]
                .iter()
                .map(|&i| Tile::from_index_wrapping(i).to_string())
                .collect();
        assert_eq!(
            first,
            ["0-0", "6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "5-6", "4-6", "3-6", "4-5", "2-6"]
        );
    }
}
