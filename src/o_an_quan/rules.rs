//! The move procedure (rules §2.2, §2.3) and the [`Game`] implementation.

use crate::game::{
    Action as _, ActionList, ChanceList, ConfigError, EventSink, Game, GameKind, IllegalReason,
    Legal, LegalSet, NoEvents, Outcome, PlayError, Seat, SetupError, StateHasher, ToMove,
};

use super::action::{seat_letter, Action, Dir};
use super::config::{
    ChainCapture, Config, DirectionRule, Refill, RelayAtQuan, RelayLoop, SOWING_BACKSTOP,
};
use super::event::{EndReason, Event, TurnEndReason};
use super::state::{is_quan, own_cells, owned_by, quan_index, BigStone, Setup, State};
use super::view::View;

/// Why a move is illegal. Each reason has a stable code ([`IllegalReason::code`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The square belongs to the other player (OAQ-S3: "trong số 5 ô vuông của mình").
    #[error(
        "square {} belongs to player {}, but player {} is to move",
        Action::square_name(*cell),
        seat_letter(*owner),
        seat_letter(*mover)
    )]
    NotOwnSquare {
        /// The cell of the square.
        cell: u8,
        /// Its owner.
        owner: Seat,
        /// The player to move.
        mover: Seat,
    },
    /// The square is empty (OAQ-S3: "một ô có quân").
    #[error("square {} is empty", Action::square_name(*cell))]
    EmptySquare {
        /// The cell of the square.
        cell: u8,
    },
    /// The direction is not allowed by `direction` (OAQ-A3).
    #[error("sowing {dir} is not allowed: these rules sow {allowed} only")]
    DirectionNotAllowed {
        /// The direction asked for.
        dir: Dir,
        /// The only direction allowed.
        allowed: Dir,
    },
    /// The move would capture a big stone on the game's first ply
    /// (`forbid_quan_capture_on_first_move`, OAQ-A6).
    #[error("{action} would capture a quan on the game's first move, which these rules forbid")]
    QuanCaptureOnFirstMove {
        /// The move.
        action: Action,
    },
}

impl IllegalReason for Illegal {
    const REASONS: &'static [(u32, &'static str)] = &[
        (100, "game_over"),
        (101, "not_own_square"),
        (102, "empty_square"),
        (103, "direction_not_allowed"),
        (104, "quan_capture_on_first_move"),
    ];

    fn code(&self) -> u32 {
        match self {
            Illegal::GameOver => 100,
            Illegal::NotOwnSquare { .. } => 101,
            Illegal::EmptySquare { .. } => 102,
            Illegal::DirectionNotAllowed { .. } => 103,
            Illegal::QuanCaptureOnFirstMove { .. } => 104,
        }
    }
}

/// How sowing continues after a hand is sown (one leg of a move).
enum Leg {
    /// Relay: pick up `take` stones from `cell` (OAQ-S4, OAQ-A5).
    Relay { cell: u8, take: u16 },
    /// `cell` is an empty square: look for a capture beyond it (OAQ-S5).
    Gap(u8),
    /// The turn ends.
    Stop(TurnEndReason),
}

/// What a move did.
#[derive(Copy, Clone, Debug)]
struct Summary {
    reason: TurnEndReason,
    captures: u8,
    dan: u32,
    quan: u8,
    /// The move reached a big stone on the first ply while that capture is forbidden.
    forbidden: bool,
}

/// A relay state inside a move: the board just before relaying from `cell`.
#[derive(Copy, Clone)]
struct RelayPoint {
    state: State,
    cell: u8,
    take: u16,
}

impl RelayPoint {
    fn same(&self, other: &RelayPoint) -> bool {
        self.cell == other.cell && self.state.dan == other.state.dan
    }
}

/// The ids set in an id mask ([`State::legal_mask`]), ascending: how `legal_actions` lists
/// them, and how the search reads the mask without filling a list.
#[inline]
pub(super) fn ids(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let id = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            id
        })
    })
}

/// The next cell round the ring in direction `dir` (a cell is always below 12).
#[inline]
fn ring_step(cell: u8, dir: Dir) -> u8 {
    match dir {
        Dir::Cw => cw_step(cell),
        Dir::Ccw => ccw_step(cell),
    }
}

/// The next cell clockwise (ring direction −1). Computed, not looked up in a table: in the
/// sowing loop each stone's cell depends on the last one's, and a subtraction and a minimum
/// take a fraction of a load's time. Below 12 whatever `cell` is (0 wraps to 255, then 11).
#[inline(always)]
fn cw_step(cell: u8) -> u8 {
    cell.wrapping_sub(1).min(11)
}

/// The next cell counter-clockwise (ring direction +1), below 12 whatever `cell` is; see
/// [`cw_step`].
#[inline(always)]
fn ccw_step(cell: u8) -> u8 {
    if cell >= 11 {
        0
    } else {
        cell + 1
    }
}

impl State {
    /// The cell after `cell` in direction `dir` (quan squares left out under
    /// `skip_quan_squares`).
    #[inline]
    fn next_cell<const PLAIN: bool>(&self, cell: u8, dir: Dir) -> u8 {
        let n = ring_step(cell, dir);
        if !PLAIN && self.config.skip_quan_squares && is_quan(n) {
            ring_step(n, dir)
        } else {
            n
        }
    }

    /// Whether `cell` serves as the empty square before a capture: an empty small square, or
    /// a completely empty quan square under `quan_square_as_gap` (OAQ-A5, OAQ-C8).
    #[inline]
    fn is_gap<const PLAIN: bool>(&self, cell: u8) -> bool {
        if is_quan(cell) {
            !PLAIN && self.config.quan_square_as_gap && !self.has_pieces(cell)
        } else {
            self.dan[usize::from(cell)] == 0
        }
    }

    /// Whether quan square `cell` is a protected quan non (OAQ-A6, OAQ-C9).
    #[inline]
    fn is_quan_non<const PLAIN: bool>(&self, cell: u8) -> bool {
        if PLAIN {
            return false;
        }
        match self.config.quan_non_threshold {
            None => false,
            Some(k) => {
                (self.big_on_board(cell) || !self.config.quan_non_requires_big_stone)
                    && self.dan[usize::from(cell)] < u16::from(k)
            }
        }
    }

    fn direction_allowed(&self, dir: Dir) -> Result<(), Illegal> {
        let allowed = match self.config.direction {
            DirectionRule::PlayerChoice => return Ok(()),
            DirectionRule::FixedCcw => Dir::Ccw,
            DirectionRule::FixedCw => Dir::Cw,
        };
        if dir == allowed {
            Ok(())
        } else {
            Err(Illegal::DirectionNotAllowed { dir, allowed })
        }
    }

    /// The checks that need no simulation.
    fn basic_check(&self, a: Action) -> Result<(), Illegal> {
        if self.end.is_some() {
            return Err(Illegal::GameOver);
        }
        if !owned_by(a.cell(), self.to_move) {
            return Err(Illegal::NotOwnSquare {
                cell: a.cell(),
                owner: a.owner(),
                mover: self.to_move,
            });
        }
        if self.dan[usize::from(a.cell())] == 0 {
            return Err(Illegal::EmptySquare { cell: a.cell() });
        }
        self.direction_allowed(a.dir())
    }

    /// The ids forbidden on the first ply by `forbid_quan_capture_on_first_move` (OAQ-A6), as
    /// a bit mask; 0 when the rule does not apply or when it would forbid every move.
    #[inline]
    fn first_move_forbidden_mask(&self) -> u32 {
        if !self.config.forbid_quan_capture_on_first_move || self.ply != 0 || self.end.is_some() {
            return 0;
        }
        self.first_move_search()
    }

    /// The simulation of [`State::first_move_forbidden_mask`] (ply 0 only).
    #[inline(never)]
    fn first_move_search(&self) -> u32 {
        let mut forbidden = 0u32;
        let mut allowed = 0u32;
        for id in 0..Action::ID_COUNT {
            let Some(a) = Action::from_id(id) else {
                continue;
            };
            if self.basic_check(a).is_err() {
                continue;
            }
            let mut copy = *self;
            let stop = self.relay_stop(a);
            if copy
                .run_move::<false, _>(a, stop, true, &mut NoEvents)
                .forbidden
            {
                forbidden |= 1 << id;
            } else {
                allowed |= 1 << id;
            }
        }
        if allowed == 0 {
            0
        } else {
            forbidden
        }
    }

    /// Sow `hand` stones round the plain ring from `pos`, each in the cell `step` gives after
    /// the last: the cell of the last stone. Generic over the step so that each direction is
    /// its own loop with the step inlined.
    #[inline(always)]
    fn sow_ring<S: EventSink<Event>>(
        &mut self,
        mut pos: u8,
        mut hand: u16,
        step: impl Fn(u8) -> u8,
        sink: &mut S,
    ) -> u8 {
        while hand > 0 {
            pos = step(pos);
            let cell = &mut self.dan[usize::from(pos)];
            *cell += 1;
            hand -= 1;
            sink.emit(Event::Sow {
                cell: pos,
                now: *cell,
            });
        }
        pos
    }

    /// Sow `take` stones (already in hand) from `from`, then look at the next square
    /// (rules §2.2).
    #[inline(always)]
    fn sow_leg<const PLAIN: bool, S: EventSink<Event>>(
        &mut self,
        from: u8,
        take: u16,
        dir: Dir,
        sink: &mut S,
    ) -> Leg {
        let pos = if PLAIN || (!self.config.skip_quan_squares && !self.config.skip_origin_on_lap) {
            // The plain ring (the seed rules): one step per stone, a loop per direction.
            match dir {
                Dir::Cw => self.sow_ring(from, take, cw_step, sink),
                Dir::Ccw => self.sow_ring(from, take, ccw_step, sink),
            }
        } else {
            let mut pos = from;
            for _ in 0..take {
                pos = self.next_cell::<PLAIN>(pos, dir);
                // OAQ-A4: by default the origin gets a stone on a lap; Oware-style skips it.
                if self.config.skip_origin_on_lap && pos == from {
                    pos = self.next_cell::<PLAIN>(pos, dir);
                }
                let cell = &mut self.dan[usize::from(pos)];
                *cell += 1;
                sink.emit(Event::Sow {
                    cell: pos,
                    now: *cell,
                });
            }
            pos
        };
        // OAQ-A4 (Ludii): a large sowing ends the turn with no relay and no capture.
        if let (false, Some(k)) = (PLAIN, self.config.stop_after_sowing_at_least) {
            if take >= k {
                return Leg::Stop(TurnEndReason::LargeSowing);
            }
        }
        let n = self.next_cell::<PLAIN>(pos, dir);
        let here = self.dan[usize::from(n)];
        if PLAIN && is_quan(n) {
            // The seed rules: a quan square next ends the turn.
            Leg::Stop(TurnEndReason::NextIsQuan)
        } else if is_quan(n) {
            // OAQ-S7 / OAQ-A5: a quan square next ends the turn, unless the variant relays
            // through it or (OAQ-C8) it is completely empty and counts as a gap.
            let take = match self.config.relay_at_quan {
                RelayAtQuan::Stop => 0,
                RelayAtQuan::TakeOne => here.min(1),
                RelayAtQuan::TakeAll => here,
            };
            if take > 0 {
                Leg::Relay { cell: n, take }
            } else if self.is_gap::<PLAIN>(n) {
                Leg::Gap(n)
            } else {
                Leg::Stop(TurnEndReason::NextIsQuan)
            }
        } else if here > 0 {
            // OAQ-S4: relay from a small square with stones.
            Leg::Relay {
                cell: n,
                take: here,
            }
        } else {
            Leg::Gap(n)
        }
    }

    /// Under `RelayLoop::EndTurnOnRepeat`, the number of the relay (from 0) that would first
    /// repeat an earlier relay state of this move, found with Brent's cycle detection on a
    /// copy (OAQ-A12). `None` when the move ends without repeating.
    #[inline]
    fn relay_stop(&self, a: Action) -> Option<u32> {
        // Inline for the common case: only `EndTurnOnRepeat` searches ahead.
        if self.config.relay_loop != RelayLoop::EndTurnOnRepeat {
            return None;
        }
        self.relay_repeat(a)
    }

    /// The search of [`State::relay_stop`].
    #[inline(never)]
    fn relay_repeat(&self, a: Action) -> Option<u32> {
        let dir = a.dir();
        let mut s = *self;
        let from = a.cell();
        let take = s.dan[usize::from(from)];
        s.dan[usize::from(from)] = 0;
        let Leg::Relay { cell, take } = s.sow_leg::<false, _>(from, take, dir, &mut NoEvents)
        else {
            return None;
        };
        let x0 = RelayPoint {
            state: s,
            cell,
            take,
        };
        let f = |x: &RelayPoint| -> Option<RelayPoint> {
            let mut st = x.state;
            st.dan[usize::from(x.cell)] -= x.take;
            match st.sow_leg::<false, _>(x.cell, x.take, dir, &mut NoEvents) {
                Leg::Relay { cell, take } => Some(RelayPoint {
                    state: st,
                    cell,
                    take,
                }),
                _ => None,
            }
        };
        // Brent: find the cycle length `lam`. The hare runs at most about three times as far
        // as the first repeat; a repeat within the move's budget (SOWING_BACKSTOP) is found
        // before the hare has sown four budgets, so the search stops there.
        let mut power = 1u32;
        let mut lam = 1u32;
        let mut tortoise = x0;
        let mut sown = u64::from(take) + u64::from(x0.take);
        let mut hare = f(&x0)?;
        while !tortoise.same(&hare) {
            if power == lam {
                tortoise = hare;
                power *= 2;
                lam = 0;
            }
            sown += u64::from(hare.take);
            if sown > 4 * u64::from(SOWING_BACKSTOP) {
                return None;
            }
            hare = f(&hare)?;
            lam += 1;
        }
        // Then the start of the cycle `mu`: the first repeat is relay `mu + lam`.
        let mut tortoise = x0;
        let mut hare = x0;
        for _ in 0..lam {
            hare = f(&hare)?;
        }
        let mut mu = 0u32;
        while !tortoise.same(&hare) {
            tortoise = f(&tortoise)?;
            hare = f(&hare)?;
            mu += 1;
        }
        Some(mu + lam)
    }

    /// Play the sowing and captures of move `a` (rules §2.2) for the player to move.
    ///
    /// `PLAIN` (and the same parameter of the steps below) is true only when the config is
    /// `plain_rules` (`State::plain`): the variant options' tests are then compiled out of
    /// the loops; `false` is right for every config.
    // Always inlined, as are `sow_leg` and `capture_chain`: within this crate `apply` has many
    // callers (the dynamic layer, the bots), and the compiler then left them as calls with
    // the sink's and the config's tests inside the sowing loop (about 100 instructions more
    // per move through `AnyGame`).
    #[inline(always)]
    fn run_move<const PLAIN: bool, S: EventSink<Event>>(
        &mut self,
        a: Action,
        stop_relay_at: Option<u32>,
        forbid_first_quan: bool,
        sink: &mut S,
    ) -> Summary {
        let seat = self.to_move;
        let dir = a.dir();
        let mut from = a.cell();
        // OAQ-S3: take all the stones of the chosen square.
        let mut take = self.dan[usize::from(from)];
        self.dan[usize::from(from)] = 0;
        sink.emit(Event::PickUp {
            seat,
            cell: from,
            stones: take,
        });
        let mut relays = 0u32;
        // Stones sown so far in this move (see SOWING_BACKSTOP).
        let mut sown = u32::from(take);
        let stop = |reason| Summary {
            reason,
            captures: 0,
            dan: 0,
            quan: 0,
            forbidden: false,
        };
        loop {
            match self.sow_leg::<PLAIN, S>(from, take, dir, sink) {
                Leg::Relay { cell, take: t } if PLAIN => {
                    // The seed rules cannot loop (OAQ-A12): no guard.
                    relays += 1;
                    self.dan[usize::from(cell)] -= t;
                    sink.emit(Event::Relay {
                        cell,
                        stones: t,
                        number: relays,
                    });
                    from = cell;
                    take = t;
                }
                Leg::Relay { cell, take: t } => {
                    // OAQ-A12: guards for the rules where relays can loop.
                    if stop_relay_at == Some(relays) {
                        return stop(TurnEndReason::RelayRepeat);
                    }
                    let over_budget = sown.saturating_add(u32::from(t)) > SOWING_BACKSTOP;
                    match self.config.relay_loop {
                        // Proved loop-free (OAQ-A12): the budget is never reached.
                        RelayLoop::Impossible => debug_assert!(!over_budget),
                        RelayLoop::Cap { relays: c } if relays >= c => {
                            return stop(TurnEndReason::RelayCap);
                        }
                        _ if over_budget => return stop(TurnEndReason::RelayCap),
                        _ => {}
                    }
                    relays += 1;
                    sown = sown.saturating_add(u32::from(t));
                    self.dan[usize::from(cell)] -= t;
                    sink.emit(Event::Relay {
                        cell,
                        stones: t,
                        number: relays,
                    });
                    from = cell;
                    take = t;
                }
                Leg::Stop(reason) => return stop(reason),
                Leg::Gap(gap) => {
                    return self.capture_chain::<PLAIN, S>(seat, gap, dir, forbid_first_quan, sink)
                }
            }
        }
    }

    /// Captures beyond the empty square `gap` (OAQ-S5, OAQ-S6, OAQ-S7).
    #[inline(always)]
    fn capture_chain<const PLAIN: bool, S: EventSink<Event>>(
        &mut self,
        seat: Seat,
        mut gap: u8,
        dir: Dir,
        forbid_first_quan: bool,
        sink: &mut S,
    ) -> Summary {
        let mut sum = Summary {
            reason: TurnEndReason::TwoEmpty,
            captures: 0,
            dan: 0,
            quan: 0,
            forbidden: false,
        };
        loop {
            let t = self.next_cell::<PLAIN>(gap, dir);
            // OAQ-S7: two empty squares end the turn.
            if !self.has_pieces(t) {
                sum.reason = TurnEndReason::TwoEmpty;
                return sum;
            }
            if is_quan(t) {
                // OAQ-A6 / OAQ-C9: a quan non cannot be captured; earlier captures stand.
                if self.is_quan_non::<PLAIN>(t) {
                    sum.reason = TurnEndReason::QuanNon;
                    return sum;
                }
                if forbid_first_quan && self.big_on_board(t) {
                    sum.forbidden = true;
                    return sum;
                }
            }
            // OAQ-S5: capture everything in `t`, dân and (in a quan square) the big stone.
            let d = self.dan[usize::from(t)];
            self.dan[usize::from(t)] = 0;
            let q = if self.big_on_board(t) {
                self.big[quan_index(t)] = BigStone::CapturedBy { seat };
                1
            } else {
                0
            };
            self.cap_dan[usize::from(seat.0)] += i32::from(d);
            sum.captures += 1;
            sum.dan += u32::from(d);
            sum.quan += q;
            sink.emit(Event::Capture {
                seat,
                gap,
                cell: t,
                dan: d,
                quan: q,
                chain: sum.captures,
            });
            // OAQ-A7: without chains the turn ends after one capture.
            if !PLAIN && self.config.chain_capture == ChainCapture::Off {
                sum.reason = TurnEndReason::SingleCapture;
                return sum;
            }
            // OAQ-S6: the chain goes on over another empty square.
            let n = self.next_cell::<PLAIN>(t, dir);
            if !self.is_gap::<PLAIN>(n) {
                sum.reason = TurnEndReason::AfterCapture;
                return sum;
            }
            gap = n;
        }
    }

    fn finish<S: EventSink<Event>>(&mut self, reason: EndReason, sink: &mut S) {
        self.end = Some(reason);
        if let Some(outcome) = self.outcome() {
            sink.emit(Event::GameOver { outcome });
        }
    }

    /// After a move (OAQ-C3): the end condition, the ply cap, repetition, then the refill
    /// of the next player (OAQ-C2).
    fn after_move<S: EventSink<Event>>(&mut self, sink: &mut S) {
        self.ply += 1;
        self.to_move = Seat(1 - self.to_move.0);
        // (1) OAQ-S9 / OAQ-A9.
        if self.end_condition_met() {
            let reason = match self.config.end_condition {
                super::config::EndCondition::BothQuanSquaresEmpty => {
                    EndReason::BothQuanSquaresEmpty
                }
                super::config::EndCondition::BothBigStonesCaptured => {
                    EndReason::BothBigStonesCaptured
                }
            };
            return self.finish(reason, sink);
        }
        // (2) OAQ-A13: the ply cap.
        if self.ply >= self.config.ply_cap() {
            return self.finish(EndReason::MoveCap, sink);
        }
        // (3) OAQ-A13: repetition.
        if let Some(k) = self.config.repetition_limit {
            let h = self.position_hash();
            if self.history_count(h) + 1 >= usize::from(k) {
                return self.finish(EndReason::Repetition, sink);
            }
            self.push_history(h);
        }
        // (4) OAQ-S8 / OAQ-A8: refill the next player's empty side.
        let p = self.to_move;
        if self.side_is_empty(p) {
            if !self.can_refill(p) {
                return self.finish(EndReason::NoRefill, sink);
            }
            let r = self.config.refill_amount_per_square;
            self.cap_dan[usize::from(p.0)] -= 5 * i32::from(r);
            for c in own_cells(p) {
                self.dan[usize::from(c)] += u16::from(r);
            }
            let pile_after = self.cap_dan[usize::from(p.0)];
            sink.emit(Event::Refill {
                seat: p,
                per_square: r,
                pile_after,
                debt: pile_after.min(0).unsigned_abs(),
            });
            debug_assert!(self.config.refill != Refill::EndGameOpponentWins || pile_after >= 0);
        }
    }
}

impl State {
    /// Every legal id as a bit mask (bit `id` set when legal), and how many there are: the
    /// mover's non-empty squares in the directions the rules allow, less the first-move
    /// exclusions.
    #[inline]
    pub(super) fn legal_mask(&self) -> (u32, u32) {
        if self.end.is_some() {
            return (0, 0);
        }
        // Which of the ids `2k` (clockwise) and `2k + 1` (counter-clockwise) the direction
        // rule allows, as a 2-bit pattern, and how many.
        let (dirs, per_square): (u32, u32) = match self.config.direction {
            DirectionRule::PlayerChoice => (0b11, 2),
            DirectionRule::FixedCw => (0b01, 1),
            DirectionRule::FixedCcw => (0b10, 1),
        };
        // The ids are 2k and 2k + 1 for the k-th small square (A's squares 1..=5 are k 0..=4,
        // B's 7..=11 are k 5..=9): ascending as the cells are. Every allowed id as one mask,
        // without a branch per square.
        let first = if self.to_move.0 == 0 { 0 } else { 5 };
        let mut ids = 0u32;
        let mut squares = 0u32;
        for (i, cell) in own_cells(self.to_move).into_iter().enumerate() {
            let k = first + i as u32;
            let stones = u32::from(self.dan[usize::from(cell)] != 0);
            squares += stones;
            ids |= stones * (dirs << (2 * k));
        }
        let forbidden = self.first_move_forbidden_mask();
        if forbidden != 0 {
            let ids = ids & !forbidden;
            return (ids, ids.count_ones());
        }
        (ids, squares * per_square)
    }

    /// Whether `a` is legal by a test cheaper than [`Game::check`]: the game goes on, the
    /// square is the mover's and holds stones, and the rules restrict neither the direction
    /// nor the first move. `false` says only that the full check is needed.
    #[inline]
    fn plainly_legal(&self, a: Action) -> bool {
        self.end.is_none()
            && owned_by(a.cell(), self.to_move)
            && self.dan[usize::from(a.cell())] != 0
            && self.config.direction == DirectionRule::PlayerChoice
            && !(self.config.forbid_quan_capture_on_first_move && self.ply == 0)
    }

    /// Play `a`, taken from this position's legal actions, without checking it again and
    /// without events: the search's inner loop, where every id comes from `legal_actions`.
    #[inline]
    pub(super) fn play_legal(&mut self, a: Action) {
        debug_assert!(self.check(a).is_ok(), "{a} is not legal here");
        self.play(a, &mut NoEvents);
    }

    /// Play `a`, already known to be legal: the move, its turn-end event and what follows it.
    #[inline(always)]
    fn play<S: EventSink<Event>>(&mut self, a: Action, events: &mut S) {
        let seat = self.to_move;
        let sum = if self.plain {
            self.run_move::<true, S>(a, None, false, events)
        } else {
            let stop = self.relay_stop(a);
            self.run_move::<false, S>(a, stop, false, events)
        };
        events.emit(Event::TurnEnd {
            seat,
            reason: sum.reason,
            captures: sum.captures,
            dan: sum.dan,
            quan: sum.quan,
        });
        self.after_move(events);
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

    const KIND: GameKind = GameKind::OAnQuan;
    const CHANCE: bool = false;
    const HIDDEN_INFORMATION: bool = false;

    fn new(config: Config) -> Result<Self, ConfigError> {
        State::new(config)
    }

    fn from_setup(setup: Setup) -> Result<Self, SetupError> {
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
        2
    }

    fn to_move(&self) -> ToMove {
        match self.end {
            None => ToMove::Seat(self.to_move),
            Some(_) => ToMove::Over,
        }
    }

    /// At most 10 actions: 5 own squares × 2 directions (within [`ActionList`]'s 64).
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        for id in ids(self.legal_mask().0) {
            out.push(u32::from(id));
        }
    }

    #[inline]
    fn legal_set(&self) -> LegalSet<Action> {
        let (mask, len) = self.legal_mask();
        LegalSet::from_mask_len(u128::from(mask), len, self.ply)
    }

    #[inline]
    fn apply_legal(
        &mut self,
        legal: Legal<Action>,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), PlayError<Illegal>> {
        if legal.move_number() != self.ply {
            return Err(PlayError::Stale {
                expected: legal.move_number(),
                current: self.ply,
            });
        }
        let action = legal.action();
        if !self.plainly_legal(action) {
            // Not provably legal by the cheap test: validate in full.
            return self.apply(action, events).map_err(PlayError::Illegal);
        }
        self.play(action, events);
        Ok(())
    }

    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
    }

    fn check(&self, action: Action) -> Result<(), Illegal> {
        self.basic_check(action)?;
        if self.first_move_forbidden_mask() & (1 << action.id()) != 0 {
            return Err(Illegal::QuanCaptureOnFirstMove { action });
        }
        Ok(())
    }

    fn apply(&mut self, action: Action, events: &mut impl EventSink<Event>) -> Result<(), Illegal> {
        self.check(action)?;
        self.play(action, events);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome<EndReason>> {
        let reason = self.end?;
        let t = self.final_scores()?;
        let places = match self.winner() {
            Some(Seat(0)) => [1, 2, 0, 0],
            Some(_) => [2, 1, 0, 0],
            None => [1, 1, 0, 0],
        };
        Some(Outcome {
            reason,
            seats: 2,
            scores: [t[0], t[1], 0, 0],
            places,
        })
    }

    fn move_number(&self) -> u32 {
        self.ply
    }

    /// Every action is one ply, and the ply cap ends the game (OAQ-A13): the bound is
    /// `max_plies`, or [`super::config::ENGINE_MAX_PLIES`] when it is `None`.
    fn max_moves(&self) -> u32 {
        self.config.ply_cap()
    }

    fn hash_state(&self, hasher: &mut StateHasher) {
        self.hash_into(hasher);
    }

    fn view(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    fn hash_view(&self, seat: Seat, hasher: &mut StateHasher) {
        // Nothing is hidden: a seat sees the whole state.
        hasher.u8(seat.0);
        self.hash_state(hasher);
    }

    fn validate(&self) -> Result<(), SetupError> {
        let back = State::from_setup(self.to_setup())?;
        if back != *self {
            return Err(SetupError::Position(
                "the state differs from its own setup".into(),
            ));
        }
        Ok(())
    }
}
