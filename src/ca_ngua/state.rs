//! The position: [`Setup`] (plain, may be illegal) and [`State`] (validated, playable).

use serde::{Deserialize, Serialize};

use super::config::{Blocking, Capture, Colour, Config, Dice, DoorRule, MultiColourWin};
use super::event::EndReason;
use super::roll::Roll;
use crate::game::{Seat, SetupError};

/// The progress of a piece in the yard (chuồng).
pub const YARD: i8 = -1;

/// The part of the turn the game is in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[serde(deny_unknown_fields)]
pub enum Phase {
    /// The dice are to be rolled (chance to move).
    Roll,
    /// The colour to move plays the roll.
    Move,
    /// The game is over.
    Over,
}

/// The roll being played in [`Phase::Move`], with what of it is spent.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CurrentRoll {
    /// The dice.
    pub dice: Roll,
    /// Which dice are spent (`[low, high]`; one die uses the first).
    pub used: [bool; 2],
    /// Home actions (enter or climb) taken with this roll (CN-A11).
    pub home_actions: u8,
    /// Whether this roll already brought a piece out.
    pub exited: bool,
}

/// A position as plain data. It may be illegal; [`State::from_setup`] validates it. This is
/// also the JSON form of a [`State`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "CaNguaState"))]
pub struct Setup {
    /// The rules.
    pub config: Config,
    /// The progress of each piece, per colour (`pieces[colour][piece]`): `-1` yard, `0..L`
    /// the track (`0` the start square, `L − 1` the door), `L − 1 + k` home step `k`. Colours
    /// not in play keep their pieces in the yard.
    pub pieces: [[i8; 4]; 4],
    /// The colour to act, `None` once the game is over.
    pub colour_to_move: Option<Colour>,
    /// Roll, move, or over.
    pub phase: Phase,
    /// The roll being played (only in [`Phase::Move`]).
    pub roll: Option<CurrentRoll>,
    /// Tries left under CN-S7, counting the roll now due (0 = an ordinary roll).
    pub tries_left: u8,
    /// Bonus rolls granted in a row in this turn (for `max_consecutive_bonus`).
    pub bonus_streak: u8,
    /// `kicks[kicker][victim]`: pieces of colour `victim` kicked by colour `kicker` (CN-A15).
    pub kicks: [[u16; 4]; 4],
    /// Colours that have finished, in order.
    pub finished_colours: Vec<Colour>,
    /// Players in finishing order (CN-C7): the first is the winner.
    pub finishing_order: Vec<Seat>,
    /// Why the game ended, once it has.
    pub end_reason: Option<EndReason>,
    /// Actions applied so far, chance outcomes included.
    pub move_number: u32,
}

impl Setup {
    /// The starting position under `config` (not validated: see [`State::from_setup`]).
    pub fn new(config: Config) -> Setup {
        Setup {
            config,
            pieces: [[YARD; 4]; 4],
            colour_to_move: Some(config.starting_colour()),
            phase: Phase::Roll,
            roll: None,
            tries_left: config.tries_when_no_piece_out,
            bonus_streak: 0,
            kicks: [[0; 4]; 4],
            finished_colours: Vec::new(),
            finishing_order: Vec::new(),
            end_reason: None,
            move_number: 0,
        }
    }
}

/// The roll being played, compactly.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct RollState {
    /// `[low, high]`, or `[face, 0]` for one die; `[0, 0]` when no roll is being played.
    pub(crate) dice: [u8; 2],
    /// Bit `i`: die `i` is spent.
    pub(crate) used: u8,
    pub(crate) home_actions: u8,
    pub(crate) exited: bool,
}

/// A playable game of Cờ cá ngựa: a validated position. Small and `Copy`.
///
/// Its JSON form is its [`Setup`]; reading JSON validates it, so a state received from
/// anywhere is a possible position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Setup", into = "Setup")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct State {
    pub(crate) config: Config,
    /// `progress[colour][piece]`.
    pub(crate) progress: [[i8; 4]; 4],
    /// Occupant of each absolute track square: 0 empty, else `1 + 4·colour + piece`.
    pub(crate) board: [u8; 56],
    /// Bit `s`: square `s` is occupied.
    pub(crate) occupied: u64,
    /// Per colour, bit `k`: home step `k` is occupied.
    pub(crate) home: [u8; 4],
    pub(crate) colour: u8,
    pub(crate) phase: Phase,
    pub(crate) roll: RollState,
    pub(crate) tries_left: u8,
    pub(crate) bonus_streak: u8,
    pub(crate) kicks: [[u16; 4]; 4],
    pub(crate) finished_order: [u8; 4],
    pub(crate) finished_count: u8,
    /// Bit `c`: colour `c` has finished.
    pub(crate) finished_mask: u8,
    pub(crate) place_order: [u8; 4],
    pub(crate) placed_count: u8,
    /// Bit `p`: player `p` has a place.
    pub(crate) placed_mask: u8,
    pub(crate) end: Option<EndReason>,
    pub(crate) move_number: u32,
    /// The legal moves of [`Phase::Move`] (after the mandatory-kick filter) as a bit mask of
    /// `id − MOVE_BASE` (96 move ids), all zero in any other phase. A cache derived from the
    /// fields above, computed once per decision point ([`State::refresh_legal`]): listing
    /// the moves, checking the one chosen and asking whether any is left then cost a scan
    /// of the pieces once instead of three times (the scans were three quarters of the
    /// engine's instructions). Three `u32` rather than a `u128`, whose 16-byte alignment
    /// would pad the state.
    pub(crate) legal: [u32; 3],
    /// Derived from the config once, in [`State::from_setup`], for the scan of the legal
    /// moves: bit `c` (0..=3), colour `c`'s side is that colour alone (CN-C6, CN-C17); bit
    /// [`State::SAFE_LANDING`], some square refuses a kick (CN-A9); bit [`State::PLAIN`],
    /// the seed rules' family. It fits in the padding.
    pub(crate) scan_flags: u8,
    /// `config.top_step()`, once (it fits in the padding).
    pub(crate) top: u8,
}

impl State {
    /// Bit of [`State::scan_flags`]: some landing square is safe.
    pub(crate) const SAFE_LANDING: u8 = 1 << 4;
    /// Bit of [`State::scan_flags`]: the rules the plain scan covers (any piece blocks,
    /// exact stop at the door, no safe square, optional capture); with the colour's own bit,
    /// the scan takes its plain form.
    pub(crate) const PLAIN: u8 = 1 << 5;

    /// A new game under `config`.
    ///
    /// # Errors
    /// [`ConfigError`](crate::ConfigError) when the config is invalid.
    pub fn new(config: Config) -> Result<State, crate::ConfigError> {
        State::from_setup(Setup::new(config)).map_err(|e| match e {
            SetupError::Config(c) => c,
            SetupError::Position(p) => crate::ConfigError::new("config", p),
        })
    }

    /// Validate a position and make it playable.
    ///
    /// # Errors
    /// [`SetupError::Config`] for a bad config; [`SetupError::Position`] when the position
    /// cannot occur: a progress out of range, two pieces on one track square or one home
    /// step, pieces of a colour not in play outside the yard, finished colours or places that
    /// do not match the pieces, a turn for a colour that has finished, a roll in the wrong
    /// phase or one that allows no action, and the like.
    pub fn from_setup(setup: Setup) -> Result<State, SetupError> {
        setup.config.validate()?;
        State::place(setup)
    }

    /// [`State::from_setup`] for a config whose options are known to be in range: the
    /// proof that a config cannot freeze builds its positions with it while validating.
    pub(crate) fn place(setup: Setup) -> Result<State, SetupError> {
        let cfg = setup.config;
        let bad = |m: String| Err(SetupError::Position(m));
        let door = cfg.door();
        let top = cfg.top_step() as i8;
        let seg = cfg.segment();
        let mut s = State {
            config: cfg,
            progress: setup.pieces,
            board: [0; 56],
            occupied: 0,
            home: [0; 4],
            colour: 0,
            phase: setup.phase,
            roll: RollState::default(),
            tries_left: setup.tries_left,
            bonus_streak: setup.bonus_streak,
            kicks: setup.kicks,
            finished_order: [0; 4],
            finished_count: 0,
            finished_mask: 0,
            place_order: [0; 4],
            placed_count: 0,
            placed_mask: 0,
            end: setup.end_reason,
            move_number: setup.move_number,
            legal: [0; 3],
            scan_flags: 0,
            top: cfg.top_step(),
        };
        for c in 0..4u8 {
            let owner = cfg.seats.owner_byte(c as usize);
            if cfg.kick_own_other_colour || cfg.seats.colours_of(owner) == 1 << c {
                s.scan_flags |= 1 << c;
            }
        }
        if cfg.safe_squares.bits() != 0 || cfg.start_square_safe {
            s.scan_flags |= State::SAFE_LANDING;
        } else if cfg.blocking == Blocking::AnyPiece
            && cfg.door_rule == DoorRule::ExactStop
            && cfg.capture != Capture::Mandatory
        {
            s.scan_flags |= State::PLAIN;
        }
        for c in 0..4u8 {
            let in_play = cfg.seats.in_play(Colour(c));
            for p in 0..4u8 {
                let pr = setup.pieces[c as usize][p as usize];
                if !in_play {
                    if pr != YARD {
                        return bad(format!(
                            "{} is not in play but its piece {p} is out of the yard",
                            Colour(c)
                        ));
                    }
                    continue;
                }
                if pr < YARD || pr > door + top {
                    return bad(format!(
                        "{} piece {p} has progress {pr}, outside -1..={}",
                        Colour(c),
                        door + top
                    ));
                }
                if pr == YARD {
                    continue;
                }
                if pr <= door {
                    let sq = (seg as usize * c as usize + pr as usize) % cfg.track_len as usize;
                    if s.board[sq] != 0 {
                        let o = s.board[sq] - 1;
                        return bad(format!(
                            "{} piece {p} and {} piece {} are both on square {sq}",
                            Colour(c),
                            Colour(o >> 2),
                            o & 3
                        ));
                    }
                    s.board[sq] = 1 + 4 * c + p;
                    s.occupied |= 1 << sq;
                } else {
                    let step = (pr - door) as u8;
                    if s.home[c as usize] & (1 << step) != 0 {
                        return bad(format!("two {} pieces are on home step {step}", Colour(c)));
                    }
                    s.home[c as usize] |= 1 << step;
                }
            }
        }
        // Finished colours: exactly those with the four pieces on the winning steps.
        let mut win_mask = 0u8;
        for w in cfg.win_steps {
            win_mask |= 1 << w;
        }
        for &c in &setup.finished_colours {
            if c.0 > 3 || !cfg.seats.in_play(c) {
                return bad(format!("finished colour {} is not in play", c.0));
            }
            if s.finished_mask & (1 << c.0) != 0 {
                return bad(format!("{c} is listed twice as finished"));
            }
            if s.finished_count >= 4 {
                return bad("too many finished colours".into());
            }
            s.finished_order[s.finished_count as usize] = c.0;
            s.finished_count += 1;
            s.finished_mask |= 1 << c.0;
        }
        for c in 0..4u8 {
            if cfg.seats.in_play(Colour(c)) {
                let on_win = s.home[c as usize] == win_mask
                    && s.progress[c as usize].iter().all(|&p| p > door);
                if on_win != (s.finished_mask & (1 << c) != 0) {
                    return bad(format!(
                        "{} {} its pieces on the winning steps but is {}listed as finished",
                        Colour(c),
                        if on_win { "has" } else { "does not have" },
                        if on_win { "not " } else { "" }
                    ));
                }
            }
        }
        let players = cfg.players();
        for &p in &setup.finishing_order {
            if p.0 >= players {
                return bad(format!("placed player {} does not play", p.0));
            }
            if s.placed_mask & (1 << p.0) != 0 {
                return bad(format!("player {} is placed twice", p.0));
            }
            s.place_order[s.placed_count as usize] = p.0;
            s.placed_count += 1;
            s.placed_mask |= 1 << p.0;
        }
        for p in 0..players {
            let done = s.player_has_finished(p);
            let placed = s.placed_mask & (1 << p) != 0;
            if done && !placed {
                return bad(format!("player {p} has finished but has no place"));
            }
            if placed && !done {
                // Only the last player left, given the last place at the end (CN-C7).
                let last = s.placed_count == players
                    && s.place_order[players as usize - 1] == p
                    && s.end == Some(EndReason::AllPlaced);
                if !last {
                    return bad(format!("player {p} has a place but has not finished"));
                }
            }
        }
        // Kicks: never of an own colour, unless allowed; never of colours not in play.
        for k in 0..4u8 {
            for v in 0..4u8 {
                let n = s.kicks[k as usize][v as usize];
                if n == 0 {
                    continue;
                }
                let (ko, vo) = (cfg.seats.owner(Colour(k)), cfg.seats.owner(Colour(v)));
                let ok = match (ko, vo) {
                    (Some(a), Some(b)) => k != v && (a != b || cfg.kick_own_other_colour),
                    _ => false,
                };
                if !ok {
                    return bad(format!(
                        "{} cannot have kicked {} (tally {n})",
                        Colour(k),
                        Colour(v)
                    ));
                }
            }
        }
        let total: u64 = s.kicks.iter().flatten().map(|&n| u64::from(n)).sum();
        if total > u64::from(s.move_number) {
            return bad(format!("{total} kicks in {} actions", s.move_number));
        }
        if s.move_number > cfg.max_actions {
            return bad(format!(
                "move {} is past max_actions {}",
                s.move_number, cfg.max_actions
            ));
        }
        if let Some(n) = cfg.max_consecutive_bonus {
            if s.bonus_streak >= n {
                return bad(format!(
                    "bonus streak {} reaches max_consecutive_bonus {n}",
                    s.bonus_streak
                ));
            }
        }
        // Over or not.
        let unfinished = players - s.placed_count;
        match (setup.phase, s.end) {
            (Phase::Over, Some(reason)) => {
                if setup.colour_to_move.is_some() || setup.roll.is_some() {
                    return bad("a finished game has no colour to move and no roll".into());
                }
                // CN-C7, CN-C16: two players always play to places 1 and 2.
                let for_places = cfg.continue_for_places || players == 2;
                let ok = match reason {
                    EndReason::AllPlaced => for_places && unfinished == 0,
                    EndReason::FirstFinisher => !for_places && s.placed_count == 1,
                    EndReason::ActionLimit => s.move_number == cfg.max_actions,
                };
                if !ok {
                    return bad(format!("the game cannot have ended by {reason:?} here"));
                }
                if s.tries_left != 0 || s.bonus_streak != 0 {
                    return bad("a finished game has no tries or bonus streak".into());
                }
                s.colour = 0;
            }
            (Phase::Over, None) | (_, Some(_)) => {
                return bad("the phase and the end reason disagree".into());
            }
            (phase, None) => {
                let still = if cfg.continue_for_places || players == 2 {
                    unfinished >= 2
                } else {
                    s.placed_count == 0
                };
                if !still || s.move_number >= cfg.max_actions {
                    return bad("the game should be over".into());
                }
                let Some(c) = setup.colour_to_move else {
                    return bad("no colour to move".into());
                };
                if c.0 > 3 || !s.colour_active(c.0) {
                    return bad(format!("colour {} cannot be to move", c.0));
                }
                s.colour = c.0;
                if s.tries_left > cfg.tries_when_no_piece_out {
                    return bad(format!("{} tries left, more than allowed", s.tries_left));
                }
                if s.tries_left > 0 && (!s.tries_apply(c.0) || s.bonus_streak > 0) {
                    return bad(format!(
                        "{c} has tries left, but tries are only for a turn begun with no piece out"
                    ));
                }
                match (phase, setup.roll) {
                    (Phase::Roll, None) => {}
                    (Phase::Move, Some(r)) => {
                        if !r.dice.well_formed(cfg.dice) {
                            return bad(format!("the roll {} is not a roll of these dice", r.dice));
                        }
                        if s.tries_left != 0 {
                            return bad("tries are over once a roll is played".into());
                        }
                        let mut used = u8::from(r.used[0]) | (u8::from(r.used[1]) << 1);
                        if cfg.dice == Dice::One && r.used[1] {
                            return bad("one die has no second die to spend".into());
                        }
                        if cfg.dice == Dice::One {
                            used &= 1;
                        }
                        let all = if cfg.dice == Dice::One { 1 } else { 3 };
                        if used == all {
                            return bad("a roll with every die spent is over".into());
                        }
                        if r.home_actions > cfg.home_actions_per_roll {
                            return bad("more home actions than the roll allows".into());
                        }
                        s.roll = RollState {
                            dice: r.dice.faces(),
                            used,
                            home_actions: r.home_actions,
                            exited: r.exited,
                        };
                        s.refresh_legal();
                        if !s.has_legal_move() {
                            return bad(format!(
                                "the roll {} allows no action, so it cannot be waiting for one",
                                r.dice
                            ));
                        }
                    }
                    _ => return bad("the phase and the roll disagree".into()),
                }
            }
        }
        Ok(s)
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        Setup {
            config: self.config,
            pieces: self.progress,
            colour_to_move: (self.phase != Phase::Over).then_some(Colour(self.colour)),
            phase: self.phase,
            roll: (self.phase == Phase::Move).then(|| CurrentRoll {
                dice: Roll::from_faces(self.roll.dice),
                used: [self.roll.used & 1 != 0, self.roll.used & 2 != 0],
                home_actions: self.roll.home_actions,
                exited: self.roll.exited,
            }),
            tries_left: self.tries_left,
            bonus_streak: self.bonus_streak,
            kicks: self.kicks,
            finished_colours: self.finished_order[..self.finished_count as usize]
                .iter()
                .map(|&c| Colour(c))
                .collect(),
            finishing_order: self.place_order[..self.placed_count as usize]
                .iter()
                .map(|&p| Seat(p))
                .collect(),
            end_reason: self.end,
            move_number: self.move_number,
        }
    }

    /// Whether player `p` has finished by the pieces (CN-A13).
    pub(crate) fn player_has_finished(&self, p: u8) -> bool {
        let colours = self.config.seats.colours_of(p);
        if colours == 0 {
            return false;
        }
        match self.config.multi_colour_win {
            MultiColourWin::AllColours => colours & !self.finished_mask == 0,
            MultiColourWin::AnyColour => colours & self.finished_mask != 0,
        }
    }

    /// Whether colour `c` still takes turns: in play, not finished, its player not placed.
    #[inline]
    pub(crate) fn colour_active(&self, c: u8) -> bool {
        let o = self.config.seats.owner_byte(c as usize);
        o != crate::ca_ngua::config::Seating::ABSENT
            && self.finished_mask & (1 << c) == 0
            && self.placed_mask & (1 << o) == 0
    }

    // ---- accessors ------------------------------------------------------------------------

    /// The progress of `piece` (0..=3) of `colour`: `-1` yard, `0..L` track, `L − 1 + k` home
    /// step `k`.
    pub fn progress(&self, colour: Colour, piece: u8) -> i8 {
        self.progress[colour.index() & 3][piece as usize & 3]
    }

    /// Every piece's progress, `[colour][piece]`.
    pub fn pieces(&self) -> [[i8; 4]; 4] {
        self.progress
    }

    /// The absolute track square of a piece on the track, `None` in the yard or home.
    pub fn square_of(&self, colour: Colour, piece: u8) -> Option<u8> {
        let p = self.progress(colour, piece);
        (0..=self.config.door())
            .contains(&p)
            .then(|| self.abs(colour.0, p))
    }

    /// The piece on absolute track square `square`, if any.
    pub fn piece_on(&self, square: u8) -> Option<(Colour, u8)> {
        match self.board.get(square as usize) {
            Some(&v) if v != 0 => Some((Colour((v - 1) >> 2), (v - 1) & 3)),
            _ => None,
        }
    }

    /// The colour to act (`None` once the game is over).
    pub fn colour_to_move(&self) -> Option<Colour> {
        (self.phase != Phase::Over).then_some(Colour(self.colour))
    }

    /// Roll, move, or over.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The roll being played in [`Phase::Move`].
    pub fn current_roll(&self) -> Option<Roll> {
        (self.phase == Phase::Move).then(|| Roll::from_faces(self.roll.dice))
    }

    /// Tries left under CN-S7, counting the roll now due (0 = an ordinary roll).
    pub fn tries_left(&self) -> u8 {
        self.tries_left
    }

    /// The kick tally `kicks[kicker][victim]` by colour (CN-A15, CN-C8).
    pub fn kicks(&self) -> [[u16; 4]; 4] {
        self.kicks
    }

    /// Kicks made by `player` (all their colours, CN-C8).
    pub fn kicks_made(&self, player: Seat) -> u32 {
        let m = self.config.seats.colours_of(player.0);
        (0..4)
            .filter(|c| m & (1 << c) != 0)
            .map(|c| self.kicks[c].iter().map(|&k| u32::from(k)).sum::<u32>())
            .sum()
    }

    /// Kicks suffered by `player` (all their colours, CN-C8).
    pub fn kicks_suffered(&self, player: Seat) -> u32 {
        let m = self.config.seats.colours_of(player.0);
        (0..4)
            .filter(|c| m & (1 << c) != 0)
            .map(|c| self.kicks.iter().map(|row| u32::from(row[c])).sum::<u32>())
            .sum()
    }

    /// The money each player wins (positive) or pays (negative) for kicks at
    /// `kick_stake` per kick, settled after the game (CN-S10, CN-A15): the stake times
    /// (kicks made − kicks suffered). `None` when the config sets no stake.
    pub fn settlement(&self) -> Option<[i64; 4]> {
        let stake = self.config.kick_stake?;
        let mut out = [0i64; 4];
        for p in 0..self.config.players() {
            let net = i64::from(self.kicks_made(Seat(p))) - i64::from(self.kicks_suffered(Seat(p)));
            out[p as usize] = stake.saturating_mul(net);
        }
        Some(out)
    }

    /// Colours that have finished, in order.
    pub fn finished_colours(&self) -> impl Iterator<Item = Colour> + '_ {
        self.finished_order[..self.finished_count as usize]
            .iter()
            .map(|&c| Colour(c))
    }

    /// Players in finishing order (CN-C7): the first is the winner.
    pub fn finishing_order(&self) -> impl Iterator<Item = Seat> + '_ {
        self.place_order[..self.placed_count as usize]
            .iter()
            .map(|&p| Seat(p))
    }

    /// Why the game ended, once it has.
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    /// The absolute square of progress `p` (on the track) of colour `c`.
    #[inline]
    pub(crate) fn abs(&self, c: u8, p: i8) -> u8 {
        // `segment·c ≤ 3L/4` and `0 ≤ p < L`, so one subtraction replaces the modulo.
        let l = u16::from(self.config.track_len);
        let x = u16::from(self.config.segment()) * u16::from(c & 3) + p as u16;
        (if x >= l { x - l } else { x }) as u8
    }
}

impl TryFrom<Setup> for State {
    type Error = SetupError;
    fn try_from(s: Setup) -> Result<State, SetupError> {
        State::from_setup(s)
    }
}

impl From<State> for Setup {
    fn from(s: State) -> Setup {
        s.to_setup()
    }
}
