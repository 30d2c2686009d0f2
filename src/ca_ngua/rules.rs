//! The rules: which actions are legal and why not ([`Illegal`]), what applying one does, and
//! the [`Game`] implementation.
//!
//! The procedure of a turn (rules §2.2): the colour rolls (chance); the roll's legal actions
//! are computed; if there is none the engine resolves the roll itself (another try, a bonus
//! roll or the next turn); otherwise the player picks one; when the roll is spent, a bonus
//! roll may follow, and then the next colour in turn order plays.
//!
//! Whether a move is legal, and what it does, is said once, by [`State::evaluate`]: `check`
//! and `apply` use it (a listed move's effect comes from it with its tests skipped). The legal
//! moves of a roll are listed by one bit-mask scan, [`State::scan_masks`], which runs on every
//! roll and so does not call the evaluator; `tests/ca_ngua_legality.rs` proves the two equal
//! over random positions of every rules family.

use super::action;
use super::action::{Action, MOVE_BASE};
use super::config::Config;
use super::config::{
    Blocking, BonusRule, Capture, Colour, Dice, DiceUsage, DoorRule, DoublesMove, HomeClimb,
    HomeEntry, HomeValues, StartConflict, TriesCondition, TurnOrder,
};
use super::event::{EndReason, Event};
use super::roll::Roll;
use super::state::Setup;
use super::state::{CurrentRoll, Phase, RollState, State, YARD};
use super::view::View;
use crate::game::{
    ActionList, ChanceList, ChanceOutcome, ConfigError, EventSink, Game, GameKind, IllegalReason,
    LegalSet, Outcome, Seat, SetupError, StateHasher, ToMove,
};

/// Why an action is illegal. The text says exactly why, e.g. "piece 2 is blocked by a yellow
/// piece on square 17".
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A field of the action is out of range.
    #[error("the action {0} is out of range")]
    Malformed(&'static str),
    /// The dice must be rolled first.
    #[error("the {colour} player must roll first")]
    RollDue {
        /// The colour to roll.
        colour: Colour,
    },
    /// A roll was given while a move is due.
    #[error("{colour} must move with the roll {roll} first")]
    MoveDue {
        /// The colour to move.
        colour: Colour,
        /// The roll being played.
        roll: Roll,
    },
    /// A roll of the wrong number of dice.
    #[error("this game is played with {0}")]
    WrongDice(&'static str),
    /// Exit of a piece that is not in the yard.
    #[error("piece {piece} is not in the yard")]
    NotInYard {
        /// The piece.
        piece: u8,
    },
    /// Exit of another piece than the lowest-numbered one in the yard (CN-C2).
    #[error("the exit takes the lowest-numbered piece in the yard, {lowest}, not {piece}")]
    NotLowestInYard {
        /// The piece asked for.
        piece: u8,
        /// The piece that exits.
        lowest: u8,
    },
    /// The roll does not allow an exit (CN-S7, CN-A2).
    #[error("the roll {roll} does not allow an exit")]
    NotAnExitRoll {
        /// The roll.
        roll: Roll,
    },
    /// This roll already brought a piece out.
    #[error("this roll has already brought a piece out")]
    ExitAlreadyTaken,
    /// An exit comes first: it needs a roll with no part spent, and part of this one is
    /// spent (CN-A3, CN-C12, whether or not the exit uses up the roll).
    #[error("an exit comes first: part of this roll is already spent")]
    RollPartlyUsed,
    /// The start square is held by an own piece (CN-A4) or, under
    /// `StartConflict::Blocked`, by an opponent.
    #[error("the start square {square} is held by a {colour} piece")]
    StartOccupied {
        /// The start square.
        square: u8,
        /// The colour there.
        colour: Colour,
    },
    /// The piece is in the yard.
    #[error("piece {piece} is in the yard")]
    InYard {
        /// The piece.
        piece: u8,
    },
    /// A track move of a piece on the door or in the home column.
    #[error("piece {piece} is not on the track before its door")]
    NotOnTrack {
        /// The piece.
        piece: u8,
    },
    /// The distance is not a move value of the roll.
    #[error("the roll does not give a move of {dist}")]
    DistanceNotRolled {
        /// The distance asked for.
        dist: u8,
    },
    /// The move passes the door (CN-A10).
    #[error("piece {piece} cannot move {dist}: it would pass its door")]
    PastDoor {
        /// The piece.
        piece: u8,
        /// The distance.
        dist: u8,
    },
    /// A piece stands in the way (bị cản, CN-S9, CN-A8).
    #[error("piece {piece} is blocked by a {colour} piece on square {square}")]
    Blocked {
        /// The piece that would move.
        piece: u8,
        /// The blocking colour.
        colour: Colour,
        /// The absolute square of the blocking piece.
        square: u8,
    },
    /// The move would land on an own piece (CN-S10: no kicking your own pieces).
    #[error("piece {piece} would land on its own side's {colour} piece on square {square}")]
    LandsOnOwn {
        /// The piece.
        piece: u8,
        /// The colour there.
        colour: Colour,
        /// The absolute square.
        square: u8,
    },
    /// The move would land on an opponent on a safe square (CN-A9).
    #[error("piece {piece} cannot land on the {colour} piece on safe square {square}")]
    SafeSquare {
        /// The piece.
        piece: u8,
        /// The colour there.
        colour: Colour,
        /// The absolute square.
        square: u8,
    },
    /// A bounce back from the door would end where the piece started.
    #[error("piece {piece} would bounce back to the square it started from")]
    NoMovement {
        /// The piece.
        piece: u8,
    },
    /// Entering home from elsewhere than the door.
    #[error("piece {piece} is not on its door")]
    NotOnDoor {
        /// The piece.
        piece: u8,
    },
    /// Climbing with a piece not in the home column.
    #[error("piece {piece} is not in the home column")]
    NotInHome {
        /// The piece.
        piece: u8,
    },
    /// The piece is part of the finished block at the top of the column (CN-A12).
    #[error("piece {piece} on step {step} is locked in the finished block")]
    Locked {
        /// The piece.
        piece: u8,
        /// Its step.
        step: u8,
    },
    /// This roll's home actions are used up (`home_actions_per_roll`, CN-A11).
    #[error("this roll allows no more home actions")]
    HomeActionsUsed,
    /// The roll does not allow that home move (CN-A11).
    #[error("the roll does not take piece {piece} to step {step}")]
    StepNotRolled {
        /// The piece.
        piece: u8,
        /// The step asked for.
        step: u8,
    },
    /// The step is above the top winning step, or beyond the column.
    #[error("step {step} is beyond the usable steps of the home column")]
    StepOutOfRange {
        /// The step.
        step: u8,
    },
    /// An own piece stands in the way in the home column.
    #[error("piece {piece} cannot pass or land on the piece on home step {step}")]
    HomeBlocked {
        /// The piece.
        piece: u8,
        /// The occupied step.
        step: u8,
    },
    /// A kick is possible and kicks are mandatory (CN-A9).
    #[error("a kick is possible, and kicking is mandatory")]
    MustKick,
}

impl IllegalReason for Illegal {
    const REASONS: &'static [(u32, &'static str)] = &[
        (200, "game_over"),
        (201, "malformed"),
        (202, "roll_due"),
        (203, "move_due"),
        (204, "wrong_dice"),
        (205, "not_in_yard"),
        (206, "not_lowest_in_yard"),
        (207, "not_an_exit_roll"),
        (208, "exit_already_taken"),
        (209, "roll_partly_used"),
        (210, "start_occupied"),
        (211, "in_yard"),
        (212, "not_on_track"),
        (213, "distance_not_rolled"),
        (214, "past_door"),
        (215, "blocked"),
        (216, "lands_on_own"),
        (217, "safe_square"),
        (218, "no_movement"),
        (219, "not_on_door"),
        (220, "not_in_home"),
        (221, "locked"),
        (222, "home_actions_used"),
        (223, "step_not_rolled"),
        (224, "step_out_of_range"),
        (225, "home_blocked"),
        (226, "must_kick"),
    ];

    fn code(&self) -> u32 {
        match self {
            Illegal::GameOver => 200,
            Illegal::Malformed(..) => 201,
            Illegal::RollDue { .. } => 202,
            Illegal::MoveDue { .. } => 203,
            Illegal::WrongDice(..) => 204,
            Illegal::NotInYard { .. } => 205,
            Illegal::NotLowestInYard { .. } => 206,
            Illegal::NotAnExitRoll { .. } => 207,
            Illegal::ExitAlreadyTaken => 208,
            Illegal::RollPartlyUsed => 209,
            Illegal::StartOccupied { .. } => 210,
            Illegal::InYard { .. } => 211,
            Illegal::NotOnTrack { .. } => 212,
            Illegal::DistanceNotRolled { .. } => 213,
            Illegal::PastDoor { .. } => 214,
            Illegal::Blocked { .. } => 215,
            Illegal::LandsOnOwn { .. } => 216,
            Illegal::SafeSquare { .. } => 217,
            Illegal::NoMovement { .. } => 218,
            Illegal::NotOnDoor { .. } => 219,
            Illegal::NotInHome { .. } => 220,
            Illegal::Locked { .. } => 221,
            Illegal::HomeActionsUsed => 222,
            Illegal::StepNotRolled { .. } => 223,
            Illegal::StepOutOfRange { .. } => 224,
            Illegal::HomeBlocked { .. } => 225,
            Illegal::MustKick => 226,
        }
    }
}

/// The values a roll gives (each in `1..=12`, distinct), each with the dice it spends (bit
/// `i` = die `i`): bit `v` of `bits` says value `v` is there, bits `2v..2v+2` of `masks` are
/// its dice.
#[derive(Copy, Clone, Default)]
pub(crate) struct Values {
    bits: u64,
    masks: u32,
}

impl Values {
    /// Adds `value` spending `mask`, unless `value` is there already.
    #[inline(always)]
    fn push(&mut self, value: u8, mask: u8) {
        let v = value & 15;
        let new = self.bits >> v & 1 == 0;
        self.bits |= 1 << v;
        self.masks |= (u32::from(mask & 3) * u32::from(new)) << (2 * v);
    }

    /// The dice `value` spends, if it is there.
    #[inline(always)]
    fn mask_of(&self, value: u8) -> Option<u8> {
        (value < 16 && self.bits >> value & 1 != 0).then(|| (self.masks >> (2 * value)) as u8 & 3)
    }

    /// The values as a bit mask (bit `value`).
    #[inline(always)]
    fn bits(&self) -> u64 {
        self.bits
    }
}

/// What [`State::scan_masks`] works out once per scan, in the colour's own frame (bit `k`
/// is its progress `k`).
pub(crate) struct Scan {
    /// Occupied squares.
    occ: u64,
    /// Squares no piece of the colour may land on.
    bad: u64,
    /// Squares whose occupant blocks a piece passing it (the moving piece's own included);
    /// under the two-piece blockade, those of the other colours only ([`Scan::own`]).
    blockers: u64,
    /// Under the two-piece blockade, the squares of the colour's own pieces (whose blockades
    /// depend on which of them moves); 0 otherwise.
    own: u64,
    /// The track values of the roll, bit `dist`.
    v: u64,
    door: i8,
}

impl Scan {
    /// The squares whose occupant blocks the piece at progress `p` passing it.
    #[inline(always)]
    fn blockers_of(&self, p: i8) -> u64 {
        if self.own == 0 {
            self.blockers
        } else {
            self.blockade_blockers(p)
        }
    }

    /// [`Scan::blockers_of`] under the two-piece blockade (CN-A8): an own piece blocks when
    /// another own piece, not the moving one, stands next to it.
    #[inline(never)]
    fn blockade_blockers(&self, p: i8) -> u64 {
        let own = self.own & !(1 << p);
        self.blockers | blockades(own, self.door as u32 + 1)
    }
}

/// The squares of `occ` (one colour's pieces on an `l`-square ring) with a neighbour in
/// `occ`: the two-piece blockades (CN-A8).
#[inline]
fn blockades(occ: u64, l: u32) -> u64 {
    let full = (1u64 << l) - 1;
    let next = ((occ << 1) | (occ >> (l - 1))) & full;
    let prev = (occ >> 1) | ((occ & 1) << (l - 1));
    occ & (next | prev)
}

/// The high bit of each byte of `x` whose low seven bits are at least `k` (`k` below 64):
/// `0x80 − k` added to the low seven bits of every byte at once, no carry crossing a byte.
#[inline(always)]
fn bytes_at_least(x: u32, k: u8) -> u32 {
    let high = 0x8080_8080u32;
    ((x & !high) + u32::from(0x80 - k) * 0x0101_0101) & high
}

/// What a legal move does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Effect {
    pub(crate) piece: u8,
    pub(crate) kind: Kind,
    pub(crate) from: i8,
    pub(crate) to: i8,
    /// The kicked piece as `1 + 4·colour + piece`, or 0.
    pub(crate) victim: u8,
    /// Dice spent (bit `i` = die `i`).
    pub(crate) mask: u8,
    /// For a track move, the count.
    pub(crate) dist: u8,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Exit,
    Track,
    Enter,
    Climb,
}

impl State {
    // ---- the roll ---------------------------------------------------------------------

    /// Bitmask of every die of the game.
    #[inline]
    fn all_dice(&self) -> u8 {
        if self.config.dice == Dice::One {
            1
        } else {
            3
        }
    }

    /// Bitmask of the dice of the current roll not spent yet.
    #[inline]
    fn unused(&self) -> u8 {
        self.all_dice() & !self.roll.used
    }

    #[inline]
    fn is_double(&self) -> bool {
        self.config.dice == Dice::Two && self.roll.dice[0] == self.roll.dice[1]
    }

    /// CN-S7, CN-A2: the roll allows an exit (a double, the sum, a listed pair; one die: a
    /// listed face).
    #[inline(always)]
    fn is_exit_roll(&self) -> bool {
        let [a, b] = self.roll.dice;
        let c = &self.config;
        match c.dice {
            Dice::Two => {
                (c.exit_on_doubles && a == b)
                    || c.exit_on_sum == Some(a + b)
                    || c.exit_on_pairs.contains(a, b)
            }
            Dice::One => c.exit_faces.contains(a),
        }
    }

    /// CN-S6, CN-A6: the roll gives a bonus roll.
    #[inline]
    pub(crate) fn is_bonus_roll(&self) -> bool {
        let [a, b] = self.roll.dice;
        let two = self.config.dice == Dice::Two;
        match self.config.bonus_roll_on {
            BonusRule::Doubles => two && a == b,
            BonusRule::DoublesOrPair { a: x, b: y } => {
                two && (a == b || (a == x && b == y) || (a == y && b == x))
            }
            BonusRule::Faces { faces: set } => set.contains(a) || (two && set.contains(b)),
        }
    }

    /// The squares a track move may go (CN-S8, CN-A7, CN-C3), each with the dice it spends.
    #[inline(always)]
    fn track_values(&self) -> Values {
        let mut out = Values::default();
        let [a, b] = self.roll.dice;
        let unused = self.unused();
        match self.config.dice {
            Dice::One => {
                if unused & 1 != 0 {
                    out.push(a, 1);
                }
            }
            Dice::Two => match self.config.dice_usage {
                // CN-A7: each die is its own move (a ≤ b, so the order is kept).
                DiceUsage::EachDieSeparately => {
                    if unused & 1 != 0 {
                        out.push(a, 1);
                    }
                    if unused & 2 != 0 && (b != a || unused & 1 == 0) {
                        out.push(b, 2);
                    }
                }
                // CN-S8: the sum moves one piece; on a double also half of it (CN-C3).
                DiceUsage::SumAsOneMove => {
                    if unused == 3 {
                        if a == b {
                            match self.config.doubles_move {
                                DoublesMove::SumOrHalf => out.push(a, 3),
                                DoublesMove::SplitTwoPieces => out.push(a, 1),
                                DoublesMove::SumOnly => {}
                            }
                        }
                        out.push(a + b, 3);
                    } else if a == b && self.config.doubles_move == DoublesMove::SplitTwoPieces {
                        // The second half of a split double.
                        out.push(a, unused);
                    }
                }
            },
        }
        out
    }

    /// Values for entering by face and climbing by the next face (CN-A11, `home_values`).
    #[inline(always)]
    fn home_values(&self) -> Values {
        let mut out = Values::default();
        let [a, b] = self.roll.dice;
        let unused = self.unused();
        if unused & 1 != 0 {
            out.push(a, 1);
        }
        if self.config.dice == Dice::Two {
            if unused & 2 != 0 {
                out.push(b, 2);
            }
            if self.config.home_values == HomeValues::FacesAndSum && unused == 3 {
                out.push(a + b, 3);
            }
        }
        out
    }

    /// The double `d-d` for the DoublesOnly home rules, if the whole roll is unspent.
    #[inline(always)]
    fn whole_double(&self) -> Option<u8> {
        (self.is_double() && self.roll.used == 0).then_some(self.roll.dice[0])
    }

    // ---- squares and pieces -----------------------------------------------------------

    #[inline]
    fn owner_of(&self, c: u8) -> u8 {
        self.config.seats.owner_byte(c as usize)
    }

    /// Whether colours `a` and `b` are on one side: the same colour, or two colours of one
    /// player (CN-C6) unless `kick_own_other_colour` makes the other colour an opponent
    /// everywhere (CN-C17).
    #[inline]
    fn same_side(&self, a: u8, b: u8) -> bool {
        a == b || (!self.config.kick_own_other_colour && self.owner_of(a) == self.owner_of(b))
    }

    /// Whether colour `oc` is on the side of the colour to move ([`State::same_side`]).
    #[inline]
    fn is_own(&self, oc: u8) -> bool {
        self.same_side(oc, self.colour)
    }

    /// The occupant of track square `sq` that blocks the piece `me` (`1 + 4c + p`) passing
    /// it under the blocking rule (CN-S9, CN-A8), or 0.
    #[inline(always)]
    fn blocker(&self, me: u8, sq: u8) -> u8 {
        let occ = self.board[sq as usize];
        if occ == 0 || occ == me {
            return 0;
        }
        let oc = (occ - 1) >> 2;
        let mc = (me - 1) >> 2;
        match self.config.blocking {
            Blocking::AnyPiece => occ,
            // CN-C6 / CN-C17: the player's other colour is own, or an opponent under
            // kick_own_other_colour.
            Blocking::OpponentOnly => {
                if self.same_side(oc, mc) {
                    0
                } else {
                    occ
                }
            }
            Blocking::TwoPieceBlockadeOnly => {
                let l = self.config.track_len;
                let prev = if sq == 0 { l - 1 } else { sq - 1 };
                let next = if sq + 1 == l { 0 } else { sq + 1 };
                let same = |s: u8| {
                    let o = self.board[s as usize];
                    o != 0 && o != me && (o - 1) >> 2 == oc
                };
                if same(prev) || same(next) {
                    occ
                } else {
                    0
                }
            }
            Blocking::None => 0,
        }
    }

    #[inline(always)]
    fn blocked(&self, piece: u8, occ: u8, sq: u8) -> Illegal {
        Illegal::Blocked {
            piece,
            colour: Colour((occ - 1) >> 2),
            square: sq,
        }
    }

    /// The squares of progress `p+1 .. p+n` (`n` squares ahead) of the moving piece must
    /// not block it.
    #[inline(always)]
    fn check_ahead<const CHECK: bool>(&self, piece: u8, p: i8, n: u8) -> Result<(), Illegal> {
        if !CHECK || n == 0 {
            return Ok(());
        }
        let c = self.colour;
        let me = 1 + 4 * c + piece;
        let l = self.config.track_len;
        let start = self.abs(c, p);
        if self.config.blocking == Blocking::AnyPiece {
            // Fast path: the occupancy bitmask rotated so that the piece is at bit 0.
            let full = (1u64 << l) - 1;
            let rot = ((self.occupied >> start) | (self.occupied << (l - start))) & full;
            let path = ((1u64 << (n + 1)) - 1) & !1;
            let hit = rot & path;
            if hit == 0 {
                return Ok(());
            }
            let k = hit.trailing_zeros() as u8;
            let sq = (start + k) % l;
            return Err(self.blocked(piece, self.board[sq as usize], sq));
        }
        for k in 1..=n {
            let sq = (start + k) % l;
            let occ = self.blocker(me, sq);
            if occ != 0 {
                return Err(self.blocked(piece, occ, sq));
            }
        }
        Ok(())
    }

    /// Whether a piece of colour `c` may land on track square `sq`; the kicked occupant
    /// (`1 + 4c + p`) or 0 (CN-S10, CN-A9, CN-C6).
    #[inline(always)]
    fn landing<const CHECK: bool>(&self, piece: u8, sq: u8) -> Result<u8, Illegal> {
        let c = self.colour;
        let occ = self.board[sq as usize];
        if occ == 0 || occ == 1 + 4 * c + piece {
            return Ok(0);
        }
        if !CHECK {
            return Ok(occ);
        }
        let oc = (occ - 1) >> 2;
        if self.is_own(oc) {
            return Err(Illegal::LandsOnOwn {
                piece,
                colour: Colour(oc),
                square: sq,
            });
        }
        if self.config.safe_squares.contains(sq)
            || (self.config.start_square_safe && sq % self.config.segment() == 0)
        {
            return Err(Illegal::SafeSquare {
                piece,
                colour: Colour(oc),
                square: sq,
            });
        }
        Ok(occ)
    }

    /// Home steps `from..=to` of the current colour must be empty.
    #[inline(always)]
    fn check_home_path<const CHECK: bool>(
        &self,
        piece: u8,
        from: u8,
        to: u8,
    ) -> Result<(), Illegal> {
        if !CHECK || from > to {
            return Ok(());
        }
        let want = ((1u16 << (to + 1)) - (1u16 << from)) as u8;
        let hit = self.home[self.colour as usize] & want;
        if hit != 0 {
            return Err(Illegal::HomeBlocked {
                piece,
                step: hit.trailing_zeros() as u8,
            });
        }
        Ok(())
    }

    /// CN-A12: a piece on step `s` is locked when it and every step above it up to the top
    /// winning step are filled (the finished block grows from the top).
    #[inline(always)]
    fn is_locked(&self, c: u8, s: u8) -> bool {
        let top = self.top;
        if s > top {
            return false;
        }
        let want = ((1u16 << (top + 1)) - (1u16 << s)) as u8;
        self.home[c as usize] & want == want
    }

    /// The four progresses of colour `c` as the bytes of one word (the yard's −1 is `0xff`,
    /// whose high bit no progress on the board or in the column has).
    #[inline(always)]
    fn progress_bytes(&self, c: u8) -> u32 {
        u32::from_le_bytes(self.progress[c as usize & 3].map(|p| p as u8))
    }

    /// Whether the colour's tries apply at the start of its turn (CN-S7, CN-A5).
    pub(crate) fn tries_apply(&self, c: u8) -> bool {
        // The four progresses as bytes, tested at once.
        let x = self.progress_bytes(c);
        match self.config.tries_condition {
            TriesCondition::NoPieceOnTrack => {
                // Every piece in the yard or past the door.
                let high = 0x8080_8080u32;
                let door = self.config.door() as u8;
                !(bytes_at_least(x, door + 1) | x) & high == 0
            }
            TriesCondition::AllInYard => x == u32::MAX,
        }
    }

    // ---- legality ---------------------------------------------------------------------

    /// What the move `action` would do in [`Phase::Move`], or why it is illegal (before the
    /// mandatory-kick filter): the rules' one evaluator of a move.
    #[inline(always)]
    pub(crate) fn evaluate(&self, action: Action) -> Result<Effect, Illegal> {
        self.eval::<true>(action)
    }

    /// [`State::evaluate`], its tests of legality made (`CHECK`) or skipped: the effect of a
    /// move the cache lists, which the scan, proven equal to the tests, has passed.
    #[inline(always)]
    fn eval<const CHECK: bool>(&self, action: Action) -> Result<Effect, Illegal> {
        match action {
            Action::Exit { piece } => self.eval_exit::<CHECK>(piece),
            Action::Track { piece, dist } => self.eval_track::<CHECK>(piece, dist),
            Action::Enter { piece, step } => self.eval_enter::<CHECK>(piece, step),
            Action::Climb { piece, steps } => self.eval_climb::<CHECK>(piece, steps),
            Action::Roll { .. } | Action::RollOne { .. } => Err(Illegal::MoveDue {
                colour: Colour(self.colour),
                roll: self.roll_value(),
            }),
        }
    }

    pub(crate) fn roll_value(&self) -> Roll {
        let [a, b] = self.roll.dice;
        if self.config.dice == Dice::One {
            Roll::One(a)
        } else {
            Roll::Two(a, b)
        }
    }

    /// CN-S7, CN-A2..A4, CN-C2: bring the lowest-numbered yard piece onto the start square.
    #[inline(always)]
    fn eval_exit<const CHECK: bool>(&self, piece: u8) -> Result<Effect, Illegal> {
        let c = self.colour;
        let pieces = self.progress[c as usize];
        if CHECK {
            if pieces[piece as usize & 3] != YARD {
                return Err(Illegal::NotInYard { piece });
            }
            if self.roll.exited {
                return Err(Illegal::ExitAlreadyTaken);
            }
            if !self.is_exit_roll() {
                return Err(Illegal::NotAnExitRoll {
                    roll: self.roll_value(),
                });
            }
            // CN-A3, CN-C12: the exit comes first. Whether or not it uses up the roll, it is
            // offered only while no part of the roll is spent (a track move, an entry or a
            // climb ends the chance of an exit for the rest of the roll).
            if self.roll.used != 0 {
                return Err(Illegal::RollPartlyUsed);
            }
            // CN-C2: yard pieces are interchangeable; the lowest-numbered one goes.
            let lowest = pieces.iter().position(|&p| p == YARD).unwrap_or(0) as u8;
            if lowest != piece {
                return Err(Illegal::NotLowestInYard { piece, lowest });
            }
        }
        let sq = self.abs(c, 0);
        let occ = self.board[sq as usize];
        if CHECK && occ != 0 {
            let oc = (occ - 1) >> 2;
            // CN-A4: own piece → illegal; opponent → kicked (or blocked by option). CN-C6: a
            // player's other colour counts as own; CN-C17: under kick_own_other_colour it is
            // an opponent, so `start_occupied_by_opponent` applies to it too. CN-C15: safe
            // squares play no part in an exit.
            let kick =
                !self.is_own(oc) && self.config.start_occupied_by_opponent == StartConflict::Kick;
            if !kick {
                return Err(Illegal::StartOccupied {
                    square: sq,
                    colour: Colour(oc),
                });
            }
        }
        Ok(Effect {
            piece,
            kind: Kind::Exit,
            from: YARD,
            to: 0,
            victim: occ,
            mask: if self.config.exit_consumes_roll {
                self.all_dice()
            } else {
                0
            },
            dist: 0,
        })
    }

    /// CN-S8, CN-S9, CN-S10, CN-A7..A10: a move along the track. CN-S2: pieces go one lap
    /// counter-clockwise (ascending squares) from the start square to the door, then up the
    /// home column.
    #[inline(always)]
    fn eval_track<const CHECK: bool>(&self, piece: u8, dist: u8) -> Result<Effect, Illegal> {
        let c = self.colour;
        let p = self.progress[c as usize][piece as usize & 3];
        let door = self.config.door();
        if CHECK && p == YARD {
            return Err(Illegal::InYard { piece });
        }
        if CHECK && p >= door {
            return Err(Illegal::NotOnTrack { piece });
        }
        let mask = self
            .track_values()
            .mask_of(dist)
            .ok_or(Illegal::DistanceNotRolled { dist })?;
        let q = p + dist as i8;
        let effect = |to: i8, victim: u8| Effect {
            piece,
            kind: Kind::Track,
            from: p,
            to,
            victim,
            mask,
            dist,
        };
        if q <= door {
            // CN-S9: nothing may stand strictly between; CN-S10: exact landing kicks.
            self.check_ahead::<CHECK>(piece, p, dist - 1)?;
            let victim = self.landing::<CHECK>(piece, self.abs(c, q))?;
            return Ok(effect(q, victim));
        }
        match self.config.door_rule {
            // CN-A10: no overshoot, no second lap.
            DoorRule::ExactStop => Err(Illegal::PastDoor { piece, dist }),
            DoorRule::CountIntoHome => {
                let step = (q - door) as u8;
                if CHECK && step > self.top {
                    return Err(Illegal::StepOutOfRange { step });
                }
                self.check_ahead::<CHECK>(piece, p, (door - p) as u8)?;
                self.check_home_path::<CHECK>(piece, 1, step)?;
                Ok(effect(q, 0))
            }
            DoorRule::BounceBack => {
                let back = q - door;
                let t = door - back;
                if CHECK && t == p {
                    return Err(Illegal::NoMovement { piece });
                }
                self.check_ahead::<CHECK>(piece, p, (door - p) as u8)?;
                let me = 1 + 4 * c + piece;
                let mut s = door - 1;
                while CHECK && s > t {
                    let sq = self.abs(c, s);
                    let occ = self.blocker(me, sq);
                    if occ != 0 {
                        return Err(self.blocked(piece, occ, sq));
                    }
                    s -= 1;
                }
                let victim = self.landing::<CHECK>(piece, self.abs(c, t))?;
                Ok(effect(t, victim))
            }
        }
    }

    /// CN-A11: from the door onto a home step.
    #[inline(always)]
    fn eval_enter<const CHECK: bool>(&self, piece: u8, step: u8) -> Result<Effect, Illegal> {
        let c = self.colour;
        let p = self.progress[c as usize][piece as usize & 3];
        let door = self.config.door();
        if CHECK && p != door {
            return Err(Illegal::NotOnDoor { piece });
        }
        if CHECK && self.roll.home_actions >= self.config.home_actions_per_roll {
            return Err(Illegal::HomeActionsUsed);
        }
        if CHECK && step > self.top {
            return Err(Illegal::StepOutOfRange { step });
        }
        let mask = match self.config.home_entry {
            HomeEntry::ByFaceValue => self.home_values().mask_of(step),
            HomeEntry::StepByStepFromOne if step == 1 => self.home_values().mask_of(1),
            HomeEntry::StepByStepFromOne => None,
            HomeEntry::CountSteps => self.track_values().mask_of(step),
            HomeEntry::DoublesOnly => (self.whole_double() == Some(step)).then_some(3),
        }
        .ok_or(Illegal::StepNotRolled { piece, step })?;
        self.check_home_path::<CHECK>(piece, 1, step)?;
        Ok(Effect {
            piece,
            kind: Kind::Enter,
            from: p,
            to: door + step as i8,
            victim: 0,
            mask,
            dist: 0,
        })
    }

    /// CN-A11, CN-A12: up the home column.
    #[inline(always)]
    fn eval_climb<const CHECK: bool>(&self, piece: u8, steps: u8) -> Result<Effect, Illegal> {
        let c = self.colour;
        let p = self.progress[c as usize][piece as usize & 3];
        let door = self.config.door();
        if CHECK && p <= door {
            return Err(Illegal::NotInHome { piece });
        }
        let s = (p - door) as u8;
        if CHECK && self.is_locked(c, s) {
            return Err(Illegal::Locked { piece, step: s });
        }
        if CHECK && self.roll.home_actions >= self.config.home_actions_per_roll {
            return Err(Illegal::HomeActionsUsed);
        }
        let t = s + steps;
        if CHECK && t > self.top {
            return Err(Illegal::StepOutOfRange { step: t });
        }
        let mask = match self.config.home_climb {
            HomeClimb::NextStepExactFace if steps == 1 => self.home_values().mask_of(t),
            HomeClimb::NextStepExactFace => None,
            HomeClimb::CountSteps => self.track_values().mask_of(steps),
            HomeClimb::DoublesOnly => (self.whole_double() == Some(t)).then_some(3),
        }
        .ok_or(Illegal::StepNotRolled { piece, step: t })?;
        self.check_home_path::<CHECK>(piece, s + 1, t)?;
        Ok(Effect {
            piece,
            kind: Kind::Climb,
            from: p,
            to: door + t as i8,
            victim: 0,
            mask,
            dist: 0,
        })
    }

    /// The legal moves now (after the mandatory-kick filter), as the bit mask of
    /// `id − MOVE_BASE` that [`State::legal`] caches.
    fn scan_legal(&self) -> u128 {
        let (all, kicking) = self.scan();
        // CN-A9 (Mandatory): when some move kicks, only the kicking moves remain.
        if self.config.capture == Capture::Mandatory && kicking != 0 {
            kicking
        } else {
            all
        }
    }

    /// The moves [`State::evaluate`] accepts, `(all, kicking)` as bit masks of
    /// `id − MOVE_BASE`, before the mandatory-kick filter, found by [`State::scan_masks`].
    /// Under the plain rules (optional capture) `kicking` is 0.
    #[inline(always)]
    fn scan(&self) -> (u128, u128) {
        let plain = State::PLAIN | 1 << self.colour;
        if self.scan_flags & plain == plain {
            self.scan_masks::<true>()
        } else {
            self.scan_masks::<false>()
        }
    }

    /// The moves [`State::evaluate`] accepts, `(all, kicking)`, from bit masks over the track
    /// as the colour to move sees it: bit `k` is its progress `k`, so the way from any of its
    /// pieces to the door is a plain run of bits, with no wrap. One piece's track moves are
    /// then a few operations for all its distances at once: the first blocker ahead bounds
    /// the distances, the landing squares rule out own pieces and opponents on safe squares,
    /// and the occupied landing squares are the kicks. The exit and the home column, rarer,
    /// are out of line so that their set-up is paid only when a piece needs it.
    ///
    /// This scan runs on every roll and was most of the engine's time, which is why it does
    /// not call the evaluator for each candidate move. `tests/ca_ngua_legality.rs` proves it
    /// equal to [`State::evaluate`] over random positions of every rules variant.
    ///
    /// `PLAIN` ([`State::PLAIN`]: any piece blocks, exact stop at the door, no safe squares, a
    /// side of one colour, optional capture, as in the seed rules) leaves out what those
    /// rules never need, the kicks included (`kicking` is then 0).
    // Always inlined: out of line, the call and its two `u128` results cost the scan of
    // every roll a tenth more.
    #[inline(always)]
    fn scan_masks<const PLAIN: bool>(&self) -> (u128, u128) {
        let pieces = self.progress[self.colour as usize & 3];
        let door = self.config.door();
        // The four progresses as bytes: each byte's high bit says "in the yard".
        let x = self.progress_bytes(self.colour);
        let high = 0x8080_8080u32;
        let past = bytes_at_least(x, door as u8);
        let yard = x & high;
        let track = !past & high;
        let column = past & !yard;
        let mut all = 0u128;
        let mut kicking = 0u128;
        if yard != 0 {
            // CN-C2: one exit action, by the lowest-numbered yard piece.
            let piece = (yard.trailing_zeros() / 8) as u8;
            if let Ok(e) = self.eval_exit::<true>(piece) {
                all |= 1 << (24 * u32::from(piece));
                if !PLAIN {
                    kicking |= u128::from(e.victim != 0) << (24 * u32::from(piece));
                }
            }
        }
        if track != 0 {
            let scan = self.scan_frame::<PLAIN>();
            // By hand for each piece: a constant shift of a `u128` is two instructions, a
            // variable one a dozen.
            let mut one = |piece: usize, base: u32| {
                if track & (0x80 << (8 * piece)) != 0 {
                    let (m, k) = self.track_bits::<PLAIN>(&scan, pieces[piece]);
                    all |= u128::from(m) << base;
                    if !PLAIN {
                        kicking |= u128::from(k) << base;
                    }
                }
            };
            one(0, 0);
            one(1, 24);
            one(2, 48);
            one(3, 72);
        }
        if column != 0 && self.roll.home_actions < self.config.home_actions_per_roll {
            // CN-A12: pieces of the finished block at the top of the column never move; the
            // others (on the door, or below an empty step up to the top) are worth a look.
            let top = u32::from(self.top);
            let open = !u32::from(self.home[self.colour as usize & 3]) & ((2 << top) - 1);
            let highest_empty = 31 - open.leading_zeros();
            // Movable: step `s = p − door` with `s ≤ lim`, for the four bytes at once. Each
            // byte's high bit is set before the subtraction so that none borrows from the next
            // (a column byte then reads `0x80 + s`); `(lim | 0x80) − s` keeps its high bit
            // exactly when `s ≤ lim` (all below 0x80).
            let lim = highest_empty.min(top.saturating_sub(1));
            let steps = ((x | high) - u32::from(door as u8) * 0x0101_0101) & !high;
            let movable = if top == 0 {
                0
            } else {
                column & (((lim * 0x0101_0101) | high) - steps)
            };
            if movable != 0 {
                all |= self.home_moves(movable);
            }
        }
        (all, kicking)
    }

    /// The masks of [`State::scan_masks`] for the colour to move.
    #[inline(always)]
    fn scan_frame<const PLAIN: bool>(&self) -> Scan {
        let cfg = &self.config;
        let c = self.colour;
        let door = cfg.door();
        let l = u32::from(cfg.track_len);
        let full = (1u64 << l) - 1;
        // Rotate an absolute square mask so that the colour's start square is bit 0.
        let start = u32::from(cfg.segment()) * u32::from(c & 3);
        let rel = |x: u64| ((x >> start) | (x << (l - start))) & full;
        let occ = rel(self.occupied);
        // The squares of the colour's side (CN-C6, CN-C17), its own pieces included.
        let mut side = 0u64;
        for &p in &self.progress[c as usize & 3] {
            if (0..=door).contains(&p) {
                side |= 1 << p;
            }
        }
        if PLAIN {
            return Scan {
                occ,
                bad: side,
                blockers: occ,
                own: 0,
                v: self.track_values().bits(),
                door,
            };
        }
        if self.scan_flags & (1 << c) == 0 {
            side |= rel(self.other_side_squares());
        }
        // Landing squares that refuse a piece: its side's, and opponents' on safe squares.
        let mut bad = side;
        if self.scan_flags & State::SAFE_LANDING != 0 {
            let mut safe = cfg.safe_squares.bits();
            if cfg.start_square_safe {
                let seg = cfg.segment();
                safe |= 1 | 1 << seg | 1 << (2 * seg) | 1 << (3 * seg);
            }
            bad |= occ & rel(safe);
        }
        let (blockers, own) = match cfg.blocking {
            Blocking::AnyPiece => (occ, 0),
            Blocking::OpponentOnly => (occ & !side, 0),
            Blocking::TwoPieceBlockadeOnly => self.blockade_squares(),
            Blocking::None => (0, 0),
        };
        Scan {
            occ,
            bad,
            blockers,
            own,
            v: self.track_values().bits(),
            door,
        }
    }

    /// The absolute squares of the other colours of the side of the colour to move (CN-C6).
    #[inline(never)]
    fn other_side_squares(&self) -> u64 {
        let door = self.config.door();
        let others = self.config.seats.colours_of(self.owner_of(self.colour)) & !(1 << self.colour);
        let mut abs = 0u64;
        for k in 0..4u8 {
            if others & (1 << k) != 0 {
                for &p in &self.progress[k as usize] {
                    if (0..=door).contains(&p) {
                        abs |= 1 << self.abs(k, p);
                    }
                }
            }
        }
        abs
    }

    /// Under the two-piece blockade, in the frame of the colour to move: the blockades of the
    /// other colours, and the squares of the colour's own pieces.
    #[inline(never)]
    fn blockade_squares(&self) -> (u64, u64) {
        let c = self.colour as usize & 3;
        let l = u32::from(self.config.track_len);
        let full = (1u64 << l) - 1;
        let start = u32::from(self.config.segment()) * c as u32;
        let rel = |x: u64| ((x >> start) | (x << (l - start))) & full;
        // The squares of each colour, from the board.
        let mut by_colour = [0u64; 4];
        let mut occupied = self.occupied;
        while occupied != 0 {
            let sq = occupied.trailing_zeros();
            occupied &= occupied - 1;
            let k = (self.board[sq as usize].wrapping_sub(1) >> 2) as usize & 3;
            by_colour[k] |= 1 << sq;
        }
        let mut others = 0u64;
        for (k, &occ) in by_colour.iter().enumerate() {
            if k != c {
                others |= blockades(occ, l);
            }
        }
        (rel(others), rel(by_colour[c]))
    }

    /// The track moves of [`State::scan_masks`] of the piece at progress `p` before the door:
    /// bit `dist` of the legal moves and of the kicks.
    #[inline(always)]
    fn track_bits<const PLAIN: bool>(&self, scan: &Scan, p: i8) -> (u64, u64) {
        let pu = p as u32;
        let room = (scan.door - p) as u32;
        let blockers = if PLAIN {
            scan.blockers
        } else {
            scan.blockers_of(p)
        };
        // Distances 1..=f+1 pass no blocker, where f squares ahead are clear; a sentinel at
        // the door keeps them on the track.
        let f = ((blockers >> (pu + 1)) | (1 << (room - 1))).trailing_zeros();
        let reach = (1u64 << (f + 2)) - 2;
        let ok = reach & scan.v & !(scan.bad >> pu);
        if PLAIN {
            // No kicks needed, and nothing counts past the door.
            return (ok, 0);
        }
        let k = ok & (scan.occ >> pu);
        if scan.v >> (room + 1) == 0 {
            return (ok, k);
        }
        let (m2, k2) = self.past_door_bits(scan, blockers, p);
        (ok | m2, k | k2)
    }

    /// The track moves of [`State::track_bits`] that count past the door (CN-A10).
    #[inline(never)]
    fn past_door_bits(&self, scan: &Scan, blockers: u64, p: i8) -> (u64, u64) {
        let door = scan.door;
        let pu = p as u32;
        let room = (door - p) as u32;
        let past = scan.v >> (room + 1);
        // The squares up to the door must not block.
        if (blockers >> (pu + 1)) & ((1 << room) - 1) != 0 {
            return (0, 0);
        }
        match self.config.door_rule {
            DoorRule::ExactStop => (0, 0),
            DoorRule::CountIntoHome => {
                // Bit `j` of `past` is step `j + 1`: the steps 1..=step must be free and in
                // range.
                let home = u32::from(self.home[self.colour as usize & 3]);
                let top = u32::from(self.top);
                let free = ((home >> 1) | 1 << 7).trailing_zeros().min(top);
                ((past & ((1 << free) - 1)) << (room + 1), 0)
            }
            DoorRule::BounceBack => {
                let (mut m, mut k) = (0, 0);
                let mut bits = past << 1;
                while bits != 0 {
                    let over = bits.trailing_zeros();
                    bits &= bits - 1;
                    let t = door as u32 - over;
                    if t == pu {
                        continue;
                    }
                    // Back from the door: squares t+1..door-1 pass no blocker but the piece
                    // itself; then the landing square.
                    let back = ((1u64 << door) - 1) & !((2u64 << t) - 1) & !(1 << pu);
                    if blockers & back != 0 || scan.bad & (1 << t) != 0 {
                        continue;
                    }
                    let d = room + over;
                    m |= 1 << d;
                    k |= (scan.occ >> t & 1) << d;
                }
                (m, k)
            }
        }
    }

    /// The entries and climbs of [`State::scan_masks`] of the pieces of `column` (the high
    /// bit of byte `piece`: on the door or above it, with a home action left), as bits `24·piece + 12 + step` and
    /// `24·piece + 18 + steps` of the legal moves.
    #[inline(never)]
    fn home_moves(&self, column: u32) -> u128 {
        let cfg = &self.config;
        let c = self.colour;
        let door = cfg.door();
        let home = u32::from(self.home[c as usize & 3]);
        let top = u32::from(self.top);
        let whole_double = self.whole_double();
        // The values the home rules use (face values, move values), only those.
        let faces = matches!(
            cfg.home_entry,
            HomeEntry::ByFaceValue | HomeEntry::StepByStepFromOne
        ) || cfg.home_climb == HomeClimb::NextStepExactFace;
        let counts =
            cfg.home_entry == HomeEntry::CountSteps || cfg.home_climb == HomeClimb::CountSteps;
        let hv = if faces {
            self.home_values().bits() as u32
        } else {
            0
        };
        let v = if counts {
            self.track_values().bits() as u32
        } else {
            0
        };
        let mut all = 0u128;
        for piece in 0..4u32 {
            if column & (0x80 << (8 * piece)) == 0 {
                continue;
            }
            let p = self.progress[c as usize & 3][piece as usize];
            let bits = if p == door {
                // CN-A11: entering by the values `eval_enter` accepts, onto a free path.
                let vals = match cfg.home_entry {
                    HomeEntry::ByFaceValue => hv,
                    HomeEntry::StepByStepFromOne => hv & 2,
                    HomeEntry::CountSteps => v,
                    HomeEntry::DoublesOnly => whole_double.map_or(0, |d| 1 << d),
                };
                let lim = ((home >> 1) | 1 << 7).trailing_zeros().min(top).min(6);
                (vals & ((1 << (lim + 1)) - 2)) << 12
            } else {
                // CN-A11, CN-A12: climbing, as `eval_climb` decides it.
                let s = (p - door) as u32;
                if s >= top || self.is_locked(c, s as u8) {
                    continue;
                }
                let vals = match cfg.home_climb {
                    HomeClimb::NextStepExactFace => ((hv >> (s + 1)) & 1) << 1,
                    HomeClimb::CountSteps => v,
                    HomeClimb::DoublesOnly => match whole_double {
                        Some(d) if u32::from(d) > s => 1 << (u32::from(d) - s),
                        _ => 0,
                    },
                };
                let lim = ((home >> (s + 1)) | 1 << 7)
                    .trailing_zeros()
                    .min(top - s)
                    .min(5);
                (vals & ((1 << (lim + 1)) - 2)) << 18
            };
            all |= u128::from(bits) << (24 * piece);
        }
        all
    }

    /// Compute the cache of the legal moves for the roll being played (see
    /// [`State::legal`]); called whenever the phase becomes, or stays, [`Phase::Move`].
    #[inline]
    pub(crate) fn refresh_legal(&mut self) {
        let m = self.scan_legal();
        self.legal = [m as u32, (m >> 32) as u32, (m >> 64) as u32];
    }

    /// The cached legal moves as one mask.
    #[inline]
    fn legal_mask(&self) -> u128 {
        u128::from(self.legal[0])
            | u128::from(self.legal[1]) << 32
            | u128::from(self.legal[2]) << 64
    }

    /// Whether any move is legal (from the cache, see [`State::legal`]).
    #[inline]
    pub(crate) fn has_legal_move(&self) -> bool {
        self.legal != [0; 3]
    }

    /// The legal moves of [`Phase::Move`], ascending, read from the cache
    /// ([`State::legal`]).
    ///
    /// Maximum: one exit (CN-C2) plus, for each other piece, at most three actions (two track
    /// values, or three home values: two faces and the sum), so at most 1 + 3·4 = 13 — far
    /// below `ACTION_LIST_CAPACITY` (64). The chance outcomes are at most 21.
    #[inline]
    pub(crate) fn legal_moves(&self, out: &mut ActionList) {
        out.clear();
        for (w, &word) in self.legal.iter().enumerate() {
            let mut m = word;
            while m != 0 {
                let bit = m.trailing_zeros();
                m &= m - 1;
                if out.len() < out.capacity() {
                    out.push(MOVE_BASE + 32 * w as u32 + bit);
                }
            }
        }
    }

    /// Whether `action` is legal now, and if not why.
    #[inline(always)]
    pub(crate) fn check_action(&self, action: Action) -> Result<Option<Effect>, Illegal> {
        // The id once: it says whether the action is well formed and finds it in the cache.
        let Some(id) = action.checked_id() else {
            return Err(Illegal::Malformed(match action {
                Action::Roll { .. } | Action::RollOne { .. } => "roll",
                _ => "move",
            }));
        };
        match self.phase {
            Phase::Over => Err(Illegal::GameOver),
            Phase::Roll => match (action, self.config.dice) {
                (Action::Roll { .. }, Dice::Two) | (Action::RollOne { .. }, Dice::One) => Ok(None),
                (Action::Roll { .. }, Dice::One) => Err(Illegal::WrongDice("one die")),
                (Action::RollOne { .. }, Dice::Two) => Err(Illegal::WrongDice("two dice")),
                _ => Err(Illegal::RollDue {
                    colour: Colour(self.colour),
                }),
            },
            Phase::Move => {
                // The cache lists exactly the moves the evaluator accepts, less those the
                // mandatory-kick filter takes out (the scan is proven equal to the evaluator
                // by tests/ca_ngua_legality.rs). A listed move needs only its effect; any
                // other is illegal: the evaluator says why, and a move it accepts but the
                // cache leaves out does not kick while another move does.
                if id >= MOVE_BASE && (self.legal_mask() >> (id - MOVE_BASE)) & 1 != 0 {
                    let e = self.eval::<false>(action);
                    debug_assert_eq!(e, self.evaluate(action), "{self:?} {action:?}");
                    return e.map(Some);
                }
                let e = self.evaluate(action)?;
                debug_assert!(self.config.capture == Capture::Mandatory && e.victim == 0);
                Err(Illegal::MustKick)
            }
        }
    }

    // ---- applying -----------------------------------------------------------------------

    /// Apply a checked action.
    #[inline(always)]
    pub(crate) fn apply_checked(
        &mut self,
        action: Action,
        effect: Option<Effect>,
        events: &mut impl EventSink<Event>,
    ) {
        match (action, effect) {
            (_, Some(e)) => self.apply_move(e, events),
            (Action::Roll { low, high }, None) => self.apply_roll([low, high], events),
            (Action::RollOne { face }, None) => self.apply_roll([face, 0], events),
            _ => {}
        }
        self.count_action(events);
    }

    /// Apply `action` if it is a legal roll (in [`Phase::Roll`], of these dice, its faces in
    /// range), as [`State::check_action`] and [`State::apply_checked`] would, without the
    /// set-up of the checks a move needs: most actions are rolls. `false` (and nothing done)
    /// for anything else.
    // Always inlined: out of line it was a call per roll from the dynamic layer's
    // `play_chance` (the typed caller inlined it).
    #[inline(always)]
    pub(crate) fn apply_if_roll(
        &mut self,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) -> bool {
        if self.phase != Phase::Roll {
            return false;
        }
        let face = |f: u8| (1..=6).contains(&f);
        let dice = match (action, self.config.dice) {
            (Action::Roll { low, high }, Dice::Two) if face(low) && face(high) && low <= high => {
                [low, high]
            }
            (Action::RollOne { face: f }, Dice::One) if face(f) => [f, 0],
            _ => return false,
        };
        self.apply_roll(dice, events);
        self.count_action(events);
        true
    }

    /// Count an applied action, and end the game at `max_actions`.
    #[inline]
    fn count_action(&mut self, events: &mut impl EventSink<Event>) {
        self.move_number += 1;
        if self.phase != Phase::Over && self.move_number >= self.config.max_actions {
            self.end_game(EndReason::ActionLimit, events);
        }
    }

    #[inline(always)]
    fn apply_roll(&mut self, dice: [u8; 2], events: &mut impl EventSink<Event>) {
        let colour = Colour(self.colour);
        self.roll = RollState {
            dice,
            used: 0,
            home_actions: 0,
            exited: false,
        };
        events.emit(Event::Rolled {
            colour,
            roll: self.roll_value(),
        });
        let bonus = self.is_bonus_roll();
        // CN-A6: the n-th bonus-giving roll in a row is forfeited.
        if let Some(n) = self.config.max_consecutive_bonus {
            if bonus && self.bonus_streak.saturating_add(1) >= n {
                events.emit(Event::Forfeited { colour });
                self.pass_turn(events);
                return;
            }
        }
        self.refresh_legal();
        if self.has_legal_move() {
            self.phase = Phase::Move;
            self.tries_left = 0;
            return;
        }
        // No action: the engine resolves the roll (bị tịt, CN-S9).
        if self.tries_left > 0 {
            // CN-S7, CN-C4: a failed try is used up, a double included, without a bonus.
            self.tries_left -= 1;
            events.emit(Event::Stuck {
                colour,
                tries_left: self.tries_left,
            });
            if self.tries_left > 0 {
                self.roll = RollState::default();
                self.phase = Phase::Roll;
            } else {
                self.pass_turn(events);
            }
            return;
        }
        events.emit(Event::Stuck {
            colour,
            tries_left: 0,
        });
        // CN-A6: a bonus roll even when nothing could move (bonus_when_no_move).
        if bonus && self.config.bonus_when_no_move {
            self.bonus_roll(events);
        } else {
            self.pass_turn(events);
        }
    }

    /// Takes the moving piece of `e` off its square or step.
    #[inline(always)]
    fn lift(&mut self, e: &Effect) {
        let (c, door) = (self.colour, self.config.door());
        if (0..=door).contains(&e.from) {
            let sq = self.abs(c, e.from);
            self.board[sq as usize] = 0;
            self.occupied &= !(1u64 << sq);
        } else if e.from > door {
            self.home[c as usize] &= !(1 << (e.from - door));
        }
    }

    /// Puts the moving piece of `e` down where it goes and spends what it uses of the roll.
    #[inline(always)]
    fn put_down(&mut self, e: &Effect) {
        let (c, door) = (self.colour, self.config.door());
        if e.to <= door {
            let sq = self.abs(c, e.to);
            self.board[sq as usize] = 1 + 4 * c + e.piece;
            self.occupied |= 1u64 << sq;
        } else {
            self.home[c as usize] |= 1 << (e.to - door);
        }
        self.progress[c as usize][e.piece as usize] = e.to;
        self.roll.used |= e.mask;
        if matches!(e.kind, Kind::Enter | Kind::Climb) {
            self.roll.home_actions += 1;
        }
        if e.kind == Kind::Exit {
            self.roll.exited = true;
        }
    }

    /// The moves `piece` has with the roll being played (no mandatory-kick filter), in
    /// ascending id order, each with what [`State::evaluate`] says it does.
    pub(crate) fn moves_of(&self, piece: u8, mut f: impl FnMut(Effect)) {
        use crate::game::Action as _;
        let base = 24 * u32::from(piece & 3);
        let mut m = (self.scan().0 >> base) as u32 & 0xff_ffff;
        while m != 0 {
            let id = MOVE_BASE + base + m.trailing_zeros();
            m &= m - 1;
            if let Some(Ok(e)) = Action::from_id(id).map(|a| self.evaluate(a)) {
                f(e);
            }
        }
    }

    /// Plays `e` for a lone piece: moves it and spends the dice, nothing else (no kick, no
    /// event, no end of the roll). The proof that a config cannot freeze walks with it.
    pub(crate) fn move_lone_piece(&mut self, e: &Effect) {
        self.lift(e);
        self.put_down(e);
    }

    /// Starts playing `dice` (`[low, high]` or `[face, 0]`) with nothing spent, without the
    /// rest of a roll's handling (tries, bonus, a roll that allows nothing).
    pub(crate) fn set_roll(&mut self, dice: [u8; 2]) {
        self.roll = RollState {
            dice,
            used: 0,
            home_actions: 0,
            exited: false,
        };
        self.phase = Phase::Move;
    }

    /// The rules' two answers on the moves of `roll` played by the colour to move from this
    /// position: for each of the 96 move ids in ascending order, the action, whether the
    /// listing of the legal moves holds it (the fast scan that [`Game::legal_actions`]
    /// reads, after the mandatory-kick filter), the move evaluator's verdict that
    /// [`Game::check`] and [`Game::apply`] use (`Ok(kicks)`, or why the move is illegal),
    /// before that filter, and whether what a listed move does, worked out without the
    /// evaluator's tests (as [`Game::apply`] does for a listed move), is what the evaluator
    /// says (`true` for a move not listed).
    ///
    /// The position's own phase and roll are set aside. `None` when the game is over or
    /// `roll` is not one the colour could be playing: not of these dice, every die spent, or
    /// more home actions than a roll allows. A roll that allows no move is answered too (a
    /// position cannot wait on it, so [`State::from_setup`] refuses it).
    ///
    /// The two answers agree, which a property test checks over random positions; this is
    /// what lets it see both.
    ///
    /// [`Game::legal_actions`]: crate::Game::legal_actions
    /// [`Game::check`]: crate::Game::check
    /// [`Game::apply`]: crate::Game::apply
    #[doc(hidden)]
    #[allow(clippy::type_complexity)]
    pub fn legality_probe(
        &self,
        roll: CurrentRoll,
    ) -> Option<Vec<(Action, bool, Result<bool, Illegal>, bool)>> {
        use crate::game::Action as _;
        let cfg = &self.config;
        let used = u8::from(roll.used[0]) | u8::from(roll.used[1]) << 1;
        if self.phase == Phase::Over
            || !roll.dice.well_formed(cfg.dice)
            || used & !self.all_dice() != 0
            || used == self.all_dice()
            || roll.home_actions > cfg.home_actions_per_roll
        {
            return None;
        }
        let mut s = *self;
        s.phase = Phase::Move;
        s.tries_left = 0;
        s.roll = RollState {
            dice: roll.dice.faces(),
            used,
            home_actions: roll.home_actions,
            exited: roll.exited,
        };
        s.refresh_legal();
        let mut listed = ActionList::new();
        s.legal_moves(&mut listed);
        let moves = (MOVE_BASE..MOVE_BASE + 96)
            .filter_map(Action::from_id)
            .map(|a| {
                let evaluated = s.evaluate(a);
                let listed = listed.contains(&a.id());
                let same = !listed || s.eval::<false>(a) == evaluated;
                (a, listed, evaluated.map(|e| e.victim != 0), same)
            })
            .collect();
        Some(moves)
    }

    /// Whether every die of the roll is spent.
    pub(crate) fn roll_spent(&self) -> bool {
        self.roll.used == self.all_dice()
    }

    fn apply_move(&mut self, e: Effect, events: &mut impl EventSink<Event>) {
        let c = self.colour;
        let colour = Colour(c);
        let piece = e.piece;
        let door = self.config.door();
        self.lift(&e);
        // Events for the way the piece goes.
        match e.kind {
            Kind::Exit => events.emit(Event::Exited {
                colour,
                piece,
                square: self.abs(c, 0),
            }),
            Kind::Track => {
                let mut p = e.from;
                let ahead = e.from + e.dist as i8;
                while p < ahead.min(door) {
                    p += 1;
                    events.emit(Event::Stepped {
                        colour,
                        piece,
                        square: self.abs(c, p),
                    });
                }
                if e.to > door {
                    // DoorRule::CountIntoHome: the count goes on into the column.
                    events.emit(Event::EnteredHome {
                        colour,
                        piece,
                        step: (e.to - door) as u8,
                    });
                } else {
                    // DoorRule::BounceBack: back from the door for the rest of the count.
                    while p > e.to {
                        p -= 1;
                        events.emit(Event::Stepped {
                            colour,
                            piece,
                            square: self.abs(c, p),
                        });
                    }
                }
            }
            Kind::Enter => events.emit(Event::EnteredHome {
                colour,
                piece,
                step: (e.to - door) as u8,
            }),
            Kind::Climb => {
                for s in (e.from - door + 1)..=(e.to - door) {
                    events.emit(Event::Climbed {
                        colour,
                        piece,
                        step: s as u8,
                    });
                }
            }
        }
        // Kick the occupant back to its yard (CN-S10, CN-A4, CN-A15).
        if e.victim != 0 {
            let vc = (e.victim - 1) >> 2;
            let vp = (e.victim - 1) & 3;
            let sq = self.abs(c, e.to);
            self.progress[vc as usize][vp as usize] = YARD;
            self.kicks[c as usize][vc as usize] =
                self.kicks[c as usize][vc as usize].saturating_add(1);
            events.emit(Event::Kicked {
                by: colour,
                by_piece: piece,
                colour: Colour(vc),
                piece: vp,
                square: sq,
            });
        }
        self.put_down(&e);
        // CN-S11, CN-A12: four pieces on the winning steps.
        if e.kind != Kind::Exit && e.to > door && self.colour_on_win_steps(c) {
            self.finish_colour(c, events);
            if self.phase == Phase::Over {
                return;
            }
            // CN-C5: a colour that finishes gets no bonus roll.
            self.pass_turn(events);
            return;
        }
        // The roll goes on while a die is unspent and something can use it.
        if self.roll.used != self.all_dice() {
            self.refresh_legal();
            if self.has_legal_move() {
                return;
            }
        }
        self.legal = [0; 3];
        // CN-A6: a bonus roll after the roll is spent (not after an exit under
        // bonus_exclusive_with_exit).
        if self.is_bonus_roll() && !(self.config.bonus_exclusive_with_exit && self.roll.exited) {
            self.bonus_roll(events);
        } else {
            self.pass_turn(events);
        }
    }

    fn colour_on_win_steps(&self, c: u8) -> bool {
        let mut win = 0u8;
        for w in self.config.win_steps {
            win |= 1 << w;
        }
        let door = self.config.door();
        self.home[c as usize] == win && self.progress[c as usize].iter().all(|&p| p > door)
    }

    fn bonus_roll(&mut self, events: &mut impl EventSink<Event>) {
        events.emit(Event::BonusRoll {
            colour: Colour(self.colour),
        });
        self.bonus_streak = self.bonus_streak.saturating_add(1);
        self.roll = RollState::default();
        self.legal = [0; 3];
        self.phase = Phase::Roll;
        self.tries_left = 0;
    }

    /// The next colour in turn order that still plays (CN-S5, §2.1 step 7).
    fn next_colour(&self) -> Option<u8> {
        for k in 1..=4u8 {
            let c = match self.config.turn_order {
                TurnOrder::OppositeToMovement => (self.colour + 4 - k) % 4,
                TurnOrder::SameAsMovement => (self.colour + k) % 4,
            };
            if self.colour_active(c) {
                return Some(c);
            }
        }
        None
    }

    fn pass_turn(&mut self, events: &mut impl EventSink<Event>) {
        match self.next_colour() {
            Some(c) => self.start_turn(c, events),
            // Unreachable while the game is on: at least two players play.
            None => self.end_game(EndReason::AllPlaced, events),
        }
    }

    fn start_turn(&mut self, c: u8, events: &mut impl EventSink<Event>) {
        self.colour = c;
        self.legal = [0; 3];
        self.phase = Phase::Roll;
        self.roll = RollState::default();
        self.bonus_streak = 0;
        // CN-S7, CN-A5: the tries at the start of a turn with no piece out.
        self.tries_left = if self.tries_apply(c) {
            self.config.tries_when_no_piece_out
        } else {
            0
        };
        events.emit(Event::TurnStarted {
            colour: Colour(c),
            seat: Seat(self.owner_of(c)),
            tries: self.tries_left,
        });
    }

    fn place_player(&mut self, p: u8, events: &mut impl EventSink<Event>) {
        if self.placed_mask & (1 << p) != 0 || self.placed_count >= 4 {
            return;
        }
        self.place_order[self.placed_count as usize] = p;
        self.placed_count += 1;
        self.placed_mask |= 1 << p;
        events.emit(Event::PlayerFinished {
            seat: Seat(p),
            place: self.placed_count,
        });
    }

    /// CN-S3, CN-A13, CN-A14, CN-C7: a colour has finished; places and the end of the game.
    fn finish_colour(&mut self, c: u8, events: &mut impl EventSink<Event>) {
        self.finished_order[self.finished_count as usize & 3] = c;
        self.finished_count += 1;
        self.finished_mask |= 1 << c;
        events.emit(Event::ColourFinished { colour: Colour(c) });
        let p = self.owner_of(c);
        if !self.player_has_finished(p) {
            return;
        }
        self.place_player(p, events);
        let players = self.config.players();
        // CN-C7: with three or more players and no play for places, only the winner is
        // placed. CN-C16: two players always get places 1 and 2, whatever
        // `continue_for_places` says.
        if !self.config.continue_for_places && players > 2 {
            self.end_game(EndReason::FirstFinisher, events);
            return;
        }
        if players - self.placed_count <= 1 {
            // The last player left takes the last place (CN-C7).
            if let Some(last) = (0..players).find(|&q| self.placed_mask & (1 << q) == 0) {
                self.place_player(last, events);
            }
            self.end_game(EndReason::AllPlaced, events);
        }
    }

    fn end_game(&mut self, reason: EndReason, events: &mut impl EventSink<Event>) {
        self.phase = Phase::Over;
        self.legal = [0; 3];
        self.end = Some(reason);
        self.colour = 0;
        self.roll = RollState::default();
        self.tries_left = 0;
        self.bonus_streak = 0;
        if let Some(outcome) = crate::Game::outcome(self) {
            events.emit(Event::GameOver { outcome });
        }
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

    const KIND: GameKind = GameKind::CaNgua;
    const CHANCE: bool = true;
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

    /// The player of the colour to act, while the game goes on.
    fn turn(&self) -> Option<Seat> {
        self.colour_to_move()
            .map(|c| Seat(self.config.seats.owner_byte(c.index())))
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> u8 {
        self.config.players()
    }

    #[inline]
    fn to_move(&self) -> ToMove {
        match self.phase {
            Phase::Roll => ToMove::Chance,
            Phase::Move => ToMove::Seat(Seat(self.config.seats.owner_byte(self.colour as usize))),
            Phase::Over => ToMove::Over,
        }
    }

    // Always inlined: a playout calls it once per decision, and with two callers (the listed
    // ids and the default `legal_set`) the compiler left it as a call.
    #[inline(always)]
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        match self.phase {
            Phase::Roll => {
                let range = match self.config.dice {
                    Dice::Two => 0..21,
                    Dice::One => 21..27,
                };
                out.extend(range);
            }
            Phase::Move => self.legal_moves(out),
            Phase::Over => {}
        }
    }

    /// The legal moves are kept as a mask in the state (bit `k` of the three words is move
    /// id `MOVE_BASE + k`), so the set is that mask shifted: nothing is listed.
    #[inline]
    fn legal_set(&self) -> LegalSet<Action> {
        let mask = match self.phase {
            Phase::Roll => match self.config.dice {
                Dice::Two => (1u128 << 21) - 1,
                Dice::One => ((1u128 << 6) - 1) << 21,
            },
            Phase::Move => {
                let [a, b, c] = self.legal.map(u128::from);
                (a | b << 32 | c << 64) << MOVE_BASE
            }
            Phase::Over => 0,
        };
        LegalSet::from_mask(mask, self.move_number)
    }

    /// CN-C1: two dice give 21 unordered outcomes, a double of weight 1 and any other pair of
    /// weight 2 (of 36); one die gives 6 outcomes of weight 1.
    #[inline]
    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        if self.phase != Phase::Roll {
            return;
        }
        match self.config.dice {
            Dice::Two => {
                let mut id = 0;
                for low in 1..=6u8 {
                    for high in low..=6u8 {
                        out.push(ChanceOutcome {
                            id,
                            weight: if low == high { 1 } else { 2 },
                        });
                        id += 1;
                    }
                }
            }
            Dice::One => out.extend((21..27).map(|id| ChanceOutcome { id, weight: 1 })),
        }
    }

    /// The same draw as the provided method (one `uniform_below(36)` or `(6)` walked over the
    /// outcomes in id order), from a table instead of a list.
    // Always inlined: the roll's id, computed here, then reaches the caller's use of it.
    #[inline(always)]
    fn sample_chance<R: rand_core::Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.phase != Phase::Roll {
            return None;
        }
        Some(match self.config.dice {
            Dice::Two => {
                let id = TWO_DICE_BY_DRAW[crate::chance::uniform_below(rng, 36) as usize];
                let (low, high) = action::TWO_DICE[id as usize];
                Action::Roll { low, high }
            }
            Dice::One => Action::RollOne {
                face: 1 + crate::chance::uniform_below(rng, 6) as u8,
            },
        })
    }

    fn check(&self, action: Action) -> Result<(), Illegal> {
        self.check_action(action).map(|_| ())
    }

    // Always inlined, as the steps below it are: the dynamic layer's entry points are then
    // one call each, with no second frame for the action (the typed caller inlines it anyway).
    #[inline(always)]
    fn apply(&mut self, action: Action, events: &mut impl EventSink<Event>) -> Result<(), Illegal> {
        if self.apply_if_roll(action, events) {
            return Ok(());
        }
        let effect = self.check_action(action)?;
        self.apply_checked(action, effect, events);
        Ok(())
    }

    /// Places by finishing order (CN-C7); scores are the kicks each player made (CN-C8).
    fn outcome(&self) -> Option<Outcome<EndReason>> {
        let reason = self.end?;
        let seats = self.config.players();
        let mut places = [0u8; 4];
        for (i, &p) in self.place_order[..self.placed_count as usize]
            .iter()
            .enumerate()
        {
            places[p as usize & 3] = i as u8 + 1;
        }
        let mut scores = [0i32; 4];
        for p in 0..seats {
            scores[p as usize] = i32::try_from(self.kicks_made(Seat(p))).unwrap_or(i32::MAX);
        }
        Some(Outcome {
            reason,
            seats,
            scores,
            places,
        })
    }

    fn move_number(&self) -> u32 {
        self.move_number
    }

    /// [`Config::max_actions`]: the game ends there at the latest (every action, chance
    /// included, counts one, and the roll that allows nothing is part of its chance action).
    fn max_moves(&self) -> u32 {
        self.config.max_actions
    }

    fn hash_state(&self, h: &mut StateHasher) {
        // The config as its JSON (every option counts), then everything else in one buffer,
        // fed at once: pieces, turn, roll, tries, bonus streak, finished colours, places, end
        // reason, then the kick tally and the move number as LEB128 varints (mostly one byte
        // each).
        h.config(&self.config);
        let mut buf = [0u8; 160];
        for (i, &p) in self.progress.as_flattened().iter().enumerate() {
            buf[8 + i] = p as u8;
        }
        buf[24..33].copy_from_slice(&[
            self.colour,
            self.phase as u8,
            self.roll.dice[0],
            self.roll.dice[1],
            self.roll.used,
            self.roll.home_actions,
            u8::from(self.roll.exited),
            self.tries_left,
            self.bonus_streak,
        ]);
        buf[33] = self.finished_count;
        buf[34..38].copy_from_slice(&self.finished_order);
        buf[38] = self.placed_count;
        buf[39..43].copy_from_slice(&self.place_order);
        buf[43] = match self.end {
            None => 0,
            Some(EndReason::AllPlaced) => 1,
            Some(EndReason::FirstFinisher) => 2,
            Some(EndReason::ActionLimit) => 3,
        };
        let mut n = 44;
        let tally = self.kicks.as_flattened().iter().map(|&k| u32::from(k));
        for k in tally.chain([self.move_number]) {
            let mut v = k;
            while v >= 0x80 {
                buf[n] = (v as u8) | 0x80;
                n += 1;
                v >>= 7;
            }
            buf[n] = v as u8;
            n += 1;
        }
        h.bytes(&buf[..n]);
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
        let again = State::from_setup(self.to_setup())?;
        if again != *self {
            return Err(SetupError::Position(
                "the board caches disagree with the pieces".into(),
            ));
        }
        Ok(())
    }
}

/// The roll id for each draw `r` in `0..36`: the outcomes in id order, a double taking one
/// draw and any other pair two (CN-C1), exactly as the provided `sample_chance` walks them.
const TWO_DICE_BY_DRAW: [u8; 36] = {
    let mut table = [0u8; 36];
    let (mut id, mut r, mut low) = (0u8, 0usize, 1u8);
    while low <= 6 {
        let mut high = low;
        while high <= 6 {
            table[r] = id;
            r += 1;
            if high != low {
                table[r] = id;
                r += 1;
            }
            id += 1;
            high += 1;
        }
        low += 1;
    }
    table
};
