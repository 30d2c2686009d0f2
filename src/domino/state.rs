//! The position: a plain [`Setup`] that may be illegal, and the validated, playable
//! [`State`].

use serde::{Deserialize, Serialize};

use crate::game::{Seat, SetupError, MAX_SEATS};

use super::config::{Config, DrawPolicy, FishDetection, SeatOrder, MAX_REDEALS};
use super::event::{EndReason, RoundResult};
use super::tile::{suit_of, End, Placed, Tile, TileSet, ALL_TILES, DOUBLES, SUITS, TILE_COUNT};

/// The stage of a round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub enum Phase {
    /// Chance deals the tiles, seat 0's whole hand first (DM-C1).
    Deal,
    /// The line is empty and the seat to move leads with any tile of its hand (DM-A1
    /// `AnyTileBySeat`, `opening_tile_forced: false`, DM-A2 any-tile leads).
    Lead,
    /// The seat to move places a tile (or, under `Voluntary`, may choose to draw).
    Play,
    /// Chance draws a tile from the chợ for the seat to move (DM-S8, DM-C1).
    Draw,
    /// The match is over.
    Over,
}

/// One placement on the line, in the order played: who placed which tile at which end. The
/// first placement of a round is the lead (written with `End::Left`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// Who placed it.
    pub seat: Seat,
    /// The tile.
    pub tile: Tile,
    /// The end it went on.
    pub end: End,
}

impl Placement {
    #[inline]
    pub(crate) fn encode(self) -> u8 {
        self.tile.index() | ((self.end.index() as u8) << 5) | (self.seat.0 << 6)
    }

    #[inline]
    pub(crate) fn decode(code: u8) -> Placement {
        Placement {
            tile: Tile::from_index_wrapping(code & 31),
            end: if code & 32 == 0 {
                End::Left
            } else {
                End::Right
            },
            seat: Seat(code >> 6),
        }
    }
}

/// The line of tiles on the table, left to right, each turned as it lies (DM-C4). A fixed
/// array: building it never allocates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Line {
    tiles: [Placed; TILE_COUNT],
    len: u8,
}

impl Line {
    /// The tiles, left to right.
    pub fn as_slice(&self) -> &[Placed] {
        &self.tiles[..usize::from(self.len)]
    }

    /// How many tiles are on the line.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the line is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The open ends `(left, right)`, or `None` for an empty line.
    pub fn ends(&self) -> Option<(u8, u8)> {
        let s = self.as_slice();
        Some((s.first()?.left, s.last()?.right))
    }

    /// Lay out `placements` in order; `Err(i)` when placement `i` does not match its end.
    pub(crate) fn build(placements: impl Iterator<Item = Placement>) -> Result<Line, usize> {
        let mut buf = [Placed::default(); 2 * TILE_COUNT];
        let (mut lo, mut hi) = (TILE_COUNT, TILE_COUNT);
        for (i, p) in placements.enumerate() {
            if i >= TILE_COUNT {
                return Err(i);
            }
            let t = p.tile;
            if lo == hi {
                buf[lo] = Placed {
                    left: t.low(),
                    right: t.high(),
                };
                hi += 1;
                continue;
            }
            match p.end {
                End::Left => {
                    let v = buf[lo].left;
                    if !t.has(v) {
                        return Err(i);
                    }
                    lo -= 1;
                    buf[lo] = Placed {
                        left: t.other(v),
                        right: v,
                    };
                }
                End::Right => {
                    let v = buf[hi - 1].right;
                    if !t.has(v) {
                        return Err(i);
                    }
                    buf[hi] = Placed {
                        left: v,
                        right: t.other(v),
                    };
                    hi += 1;
                }
            }
        }
        let mut tiles = [Placed::default(); TILE_COUNT];
        tiles[..hi - lo].copy_from_slice(&buf[lo..hi]);
        Ok(Line {
            tiles,
            len: (hi - lo) as u8,
        })
    }
}

/// A position as plain data, possibly illegal: the form a host edits, stores or sends.
/// [`State::from_setup`] validates it; a [`State`] serializes as its `Setup`.
///
/// The line is given by [`plays`](Setup::plays), the placements in the order they were made
/// (the public history of the round); its layout follows from them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "DominoState"))]
pub struct Setup {
    /// The rules.
    #[serde(default)]
    pub config: Config,
    /// The round (ván), from 1.
    pub round: u32,
    /// The stage of the round.
    pub phase: Phase,
    /// Whose turn it is: the seat being dealt to, leading, playing or drawing; `None` when
    /// over.
    pub turn: Option<Seat>,
    /// Each seat's hand (one list per player).
    pub hands: Vec<Vec<Tile>>,
    /// The chợ (boneyard); during the deal, the tiles not dealt yet.
    pub boneyard: Vec<Tile>,
    /// The placements of this round in order.
    #[serde(default)]
    pub plays: Vec<Placement>,
    /// Running totals, one per player (penalty points: lower is better).
    pub scores: Vec<u32>,
    /// The result of the latest finished round.
    #[serde(default)]
    pub last_round: Option<RoundResult>,
    /// The seat that led this round (during the deal: the previous round's leader).
    #[serde(default)]
    pub leader: Seat,
    /// Whether the seat to move has drawn during this turn.
    #[serde(default)]
    pub drew: bool,
    /// Re-deals made in this round (DM-A9).
    #[serde(default)]
    pub redeals: u8,
    /// Actions applied since the start of the match.
    #[serde(default)]
    pub move_number: u32,
    /// Why the match ended, once over.
    #[serde(default)]
    pub end_reason: Option<EndReason>,
    /// Public knowledge: for each seat, the numbers (0 to 6) it is known to hold no tile of,
    /// because everyone saw it draw or pass on them this round (see [`State::lacks`]). One
    /// list per player, or an empty list for "nothing known" everywhere.
    #[serde(default)]
    pub lacks: Vec<Vec<u8>>,
}

impl Setup {
    /// The position at the start of a match under `config` (nothing dealt yet).
    pub fn new(config: Config) -> Setup {
        Setup::from(State::start(config))
    }
}

/// The playable position of a Domino match: validated, small and `Copy` (hands and the chợ
/// are 28-bit masks, the line a fixed array). It implements [`crate::Game`]; it serializes as
/// its [`Setup`] and deserializes through [`State::from_setup`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Setup", into = "Setup")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct State {
    pub(crate) config: Config,
    pub(crate) hands: [u32; MAX_SEATS],
    /// The undealt tiles during the deal, the chợ afterwards.
    pub(crate) stock: u32,
    /// Placements of this round in order (see [`Placement::encode`]).
    pub(crate) log: [u8; TILE_COUNT],
    pub(crate) placed: u8,
    /// The open ends (left, right), meaningful when `placed > 0`.
    pub(crate) ends: [u8; 2],
    pub(crate) phase: Phase,
    /// The seat to act (meaningless when over).
    pub(crate) actor: u8,
    pub(crate) round: u32,
    pub(crate) scores: [u32; MAX_SEATS],
    pub(crate) last_round: Option<RoundResult>,
    pub(crate) leader: u8,
    pub(crate) drew: bool,
    pub(crate) redeals: u8,
    pub(crate) move_number: u32,
    pub(crate) end_reason: Option<EndReason>,
    /// Per seat, bit `n` set: the seat is publicly known to hold no tile showing `n` (see
    /// [`State::lacks`]).
    pub(crate) lacks: [u8; MAX_SEATS],
}

impl State {
    /// A new match under `config` (the same as [`Game::new`](crate::Game::new)).
    ///
    /// # Errors
    /// [`ConfigError`](crate::ConfigError) when the config is invalid.
    pub fn new(config: Config) -> Result<State, crate::ConfigError> {
        config.validate()?;
        Ok(State::start(config))
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        Setup::from(*self)
    }

    /// The start of a match (the config must be valid).
    pub(crate) fn start(config: Config) -> State {
        State {
            config,
            hands: [0; MAX_SEATS],
            stock: ALL_TILES,
            log: [0; TILE_COUNT],
            placed: 0,
            ends: [0; 2],
            phase: Phase::Deal,
            actor: 0,
            round: 1,
            scores: [0; MAX_SEATS],
            last_round: None,
            leader: 0,
            drew: false,
            redeals: 0,
            move_number: 0,
            end_reason: None,
            lacks: [0; MAX_SEATS],
        }
    }

    // ---- public accessors ----------------------------------------------------------------

    /// The stage of the round.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The round (ván) being played, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Whose turn it is: the seat being dealt to, leading, playing or drawing; `None` when
    /// over.
    pub fn turn(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(Seat(self.actor))
    }

    /// The hand of `seat` (empty for a seat not in play). Hidden information: a server shows
    /// it only to that seat (see [`crate::Game::view`]).
    pub fn hand(&self, seat: Seat) -> TileSet {
        TileSet(self.hands.get(seat.index()).copied().unwrap_or(0))
    }

    /// The chợ (boneyard); during the deal, the tiles not dealt yet. Hidden information.
    pub fn boneyard(&self) -> TileSet {
        TileSet(self.stock)
    }

    /// The tiles on the line.
    pub fn line_tiles(&self) -> TileSet {
        TileSet(self.line_mask())
    }

    /// How many tiles of the chợ may still be drawn (DM-A4 reserve; 0 under `NoDraw`).
    pub fn drawable(&self) -> u8 {
        if self.config.draw_policy == DrawPolicy::NoDraw {
            return 0;
        }
        (self.stock.count_ones() as u8).saturating_sub(self.config.boneyard_reserve)
    }

    /// The line, left to right, each tile turned as it lies.
    pub fn line(&self) -> Line {
        // The log is a valid chain by construction and validation.
        Line::build(self.placements()).unwrap_or(Line {
            tiles: [Placed::default(); TILE_COUNT],
            len: 0,
        })
    }

    /// The placements of this round in the order they were made.
    pub fn placements(&self) -> impl Iterator<Item = Placement> + '_ {
        self.log[..usize::from(self.placed)]
            .iter()
            .map(|&c| Placement::decode(c))
    }

    /// The open ends `(left, right)`, or `None` while the line is empty.
    pub fn ends(&self) -> Option<(u8, u8)> {
        (self.placed > 0).then_some((self.ends[0], self.ends[1]))
    }

    /// The seat that placed the latest tile of this round (the fish-setter if the round is
    /// blocked now, DM-A5).
    pub fn last_placer(&self) -> Option<Seat> {
        self.placed
            .checked_sub(1)
            .map(|i| Placement::decode(self.log[usize::from(i)]).seat)
    }

    /// The running totals, one per player.
    pub fn scores(&self) -> &[u32] {
        &self.scores[..usize::from(self.config.players)]
    }

    /// The result of the latest finished round.
    pub fn last_round(&self) -> Option<RoundResult> {
        self.last_round
    }

    /// The seat that led this round (during the deal, the previous round's leader).
    pub fn leader(&self) -> Seat {
        Seat(self.leader)
    }

    /// Re-deals made in this round (DM-A9).
    pub fn redeals(&self) -> u8 {
        self.redeals
    }

    /// Why the match ended, once over.
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end_reason
    }

    /// The numbers `seat` is publicly known to hold no tile of, as a 7-bit mask (bit `n` for
    /// the number `n`). Everyone sees who draws and who passes: a seat that goes to the chợ
    /// without choosing to, or passes, holds no tile matching either open end, and neither do
    /// the tiles it draws and keeps in that turn. The knowledge is kept soundly: when the
    /// seat later draws a tile that could show a number, that number is dropped (except
    /// that after a forced draw the seat must play the one fitting tile it drew, so the
    /// open ends of that turn are known again once it has). It starts empty every round.
    ///
    /// This is what a bot may use, with the seat's own hand, the line and the hand counts,
    /// to guess the hidden tiles honestly (see [`State::determinize`]).
    pub fn lacks(&self, seat: Seat) -> u8 {
        self.lacks.get(seat.index()).copied().unwrap_or(0)
    }

    /// Whether `seat` holds a tile that fits an open end now (false while the line is empty).
    pub fn can_play(&self, seat: Seat) -> bool {
        self.placed > 0
            && seat.index() < usize::from(self.config.players)
            && self.hands[seat.index()] & self.end_mask() != 0
    }

    /// The pips `seat` would be charged for its hand now (0-0 counts
    /// [`Config::double_blank_value`], DM-A7).
    pub fn hand_points(&self, seat: Seat) -> u32 {
        let hand = self.hands.get(seat.index()).copied().unwrap_or(0);
        self.mask_points(hand)
    }

    // ---- internal helpers shared by the rules and validation ------------------------------

    #[inline]
    pub(crate) fn n(&self) -> u8 {
        self.config.players
    }

    #[inline]
    pub(crate) fn next_seat(&self, s: u8) -> u8 {
        let n = self.n();
        match self.config.turn_order {
            SeatOrder::Ascending => {
                if s + 1 >= n {
                    0
                } else {
                    s + 1
                }
            }
            SeatOrder::Descending => {
                if s == 0 {
                    n - 1
                } else {
                    s - 1
                }
            }
        }
    }

    #[inline]
    pub(crate) fn end_mask(&self) -> u32 {
        suit_of(self.ends[0]) | suit_of(self.ends[1])
    }

    /// The open ends as a 7-bit number mask (0 while the line is empty).
    #[inline]
    pub(crate) fn end_numbers(&self) -> u8 {
        if self.placed == 0 {
            return 0;
        }
        // An open end is a number 0..=6: `& 7` keeps the shift in range without a division.
        ((1u8 << (self.ends[0] & 7)) | (1u8 << (self.ends[1] & 7))) & 0x7F
    }

    #[inline]
    pub(crate) fn seat_can_play(&self, s: u8) -> bool {
        self.hands[usize::from(s)] & self.end_mask() != 0
    }

    /// Whether seat `s`, on its turn, may draw now (policy, reserve, one draw per turn).
    #[inline]
    pub(crate) fn seat_can_draw(&self, s: u8) -> bool {
        let _ = s;
        let allowed = match self.config.draw_policy {
            DrawPolicy::NoDraw => false,
            DrawPolicy::OneThenPass => !self.drew,
            DrawPolicy::UntilPlayable | DrawPolicy::Voluntary => true,
        };
        allowed && self.drawable() > 0
    }

    #[inline]
    pub(crate) fn all_hands(&self) -> u32 {
        self.hands.iter().fold(0, |m, h| m | h)
    }

    pub(crate) fn line_mask(&self) -> u32 {
        ALL_TILES & !self.stock & !self.all_hands()
    }

    /// Whether both ends show `n` and all seven tiles with `n` are on the line (DM-A5).
    pub(crate) fn layout_closed(&self) -> bool {
        let e = usize::from(self.ends[0] % 7);
        self.placed > 0 && self.ends[0] == self.ends[1] && self.line_mask() & SUITS[e] == SUITS[e]
    }

    /// Whether nothing can be drawn and no seat can play (DM-S10).
    #[inline]
    pub(crate) fn all_stuck(&self) -> bool {
        // The hands first: a few bit tests that settle the usual case (someone can play)
        // before the chợ's count, a population count.
        // (The hands of seats beyond `n` are empty: validation refuses anything else.)
        self.all_hands() & self.end_mask() == 0 && self.drawable() == 0
    }

    /// The cá test of DM-A5 / DM-C5: `Some(closed)` when the round is blocked now.
    #[inline]
    pub(crate) fn fish_now(&self) -> Option<bool> {
        if self.placed == 0 {
            return None;
        }
        if self.all_stuck() {
            return Some(false);
        }
        (self.config.fish_detection == FishDetection::ClosedLayoutImmediate && self.layout_closed())
            .then_some(true)
    }

    pub(crate) fn mask_points(&self, mask: u32) -> u32 {
        let mut total = 0u32;
        let mut m = mask & ALL_TILES;
        while m != 0 {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            total += match Tile::from_index(i) {
                Some(t) if t.index() == 0 => u32::from(self.config.double_blank_value),
                Some(t) => u32::from(t.pips()),
                None => 0,
            };
        }
        total
    }

    /// The potential of the round for the move bound (see [`Config::round_move_bound`]).
    pub(crate) fn round_progress(&self) -> u64 {
        u64::from(self.redeals) * u64::from(self.config.dealt())
            + 3 * u64::from(28 - self.stock.count_ones())
            + u64::from(self.placed)
    }

    /// Whether some hand holds enough doubles to force a re-deal now (DM-A9).
    pub(crate) fn redeal_due(&self) -> Option<(u8, u8)> {
        let k = self.config.redeal_if_doubles_at_least?;
        if self.redeals >= MAX_REDEALS {
            return None;
        }
        (0..self.n()).find_map(|s| {
            let d = (self.hands[usize::from(s)] & DOUBLES).count_ones() as u8;
            (d >= k).then_some((s, d))
        })
    }

    // ---- Setup ⇄ State --------------------------------------------------------------------

    /// Validate a setup into a playable state.
    ///
    /// Checks the config; one hand and one score per player; all 28 tiles exactly once
    /// across the hands, the chợ and the line; the line a valid chain; and that the phase
    /// and the seat to act are a position the rules can reach (e.g. the seat to play holds a
    /// playable tile, nobody has gone out, the round is not already blocked, the move number
    /// within the config's bound).
    ///
    /// # Errors
    /// [`SetupError::Config`] or [`SetupError::Position`] saying what is wrong.
    pub fn from_setup(setup: Setup) -> Result<State, SetupError> {
        let bad = |m: String| Err(SetupError::Position(m));
        let config = setup.config;
        config.validate()?;
        let n = usize::from(config.players);
        if setup.hands.len() != n {
            return bad(format!("{} hands for {n} players", setup.hands.len()));
        }
        if setup.scores.len() != n {
            return bad(format!("{} scores for {n} players", setup.scores.len()));
        }
        let mut seen = 0u32;
        let mut take = |t: Tile, whose: &str| -> Result<u32, SetupError> {
            if seen & t.bit() != 0 {
                return Err(SetupError::Position(format!(
                    "tile {t} appears twice (again in {whose})"
                )));
            }
            seen |= t.bit();
            Ok(t.bit())
        };
        let mut hands = [0u32; MAX_SEATS];
        for (s, hand) in setup.hands.iter().enumerate() {
            for &t in hand {
                hands[s] |= take(t, "a hand")?;
            }
        }
        let mut stock = 0u32;
        for &t in &setup.boneyard {
            stock |= take(t, "the chợ")?;
        }
        if setup.plays.len() > TILE_COUNT {
            return bad("more than 28 placements".into());
        }
        let mut log = [0u8; TILE_COUNT];
        for (i, p) in setup.plays.iter().enumerate() {
            take(p.tile, "the line")?;
            if p.seat.index() >= n {
                return bad(format!("placement {i} by {} of {n} players", p.seat));
            }
            if i == 0 && p.end != End::Left {
                return bad("the lead is written with end L".into());
            }
            log[i] = p.encode();
        }
        if seen != ALL_TILES {
            let missing: Vec<String> = TileSet(ALL_TILES & !seen)
                .iter()
                .map(|t| t.to_string())
                .collect();
            return bad(format!("tiles missing: {}", missing.join(" ")));
        }
        let line = match Line::build(setup.plays.iter().copied()) {
            Ok(l) => l,
            Err(i) => {
                return bad(format!(
                    "placement {i} ({}) does not match its end",
                    setup.plays[i].tile
                ))
            }
        };
        let ends = line.ends().map_or([0, 0], |(l, r)| [l, r]);
        let mut scores = [0u32; MAX_SEATS];
        scores[..n].copy_from_slice(&setup.scores);
        let actor = match (setup.phase, setup.turn) {
            (Phase::Over, None) => 0,
            (Phase::Over, Some(_)) => return bad("nobody is to move when over".into()),
            (_, Some(s)) if s.index() < n => s.0,
            (_, _) => return bad("the seat to move is missing or out of range".into()),
        };
        if setup.leader.index() >= n {
            return bad(format!("leader {} out of range", setup.leader));
        }
        let mut lacks = [0u8; MAX_SEATS];
        match setup.lacks.len() {
            0 => {}
            len if len == n => {
                for (mask, numbers) in lacks.iter_mut().zip(&setup.lacks) {
                    for &v in numbers {
                        if v > 6 {
                            return bad(format!("lacks: no number {v} on a tile (0 to 6)"));
                        }
                        *mask |= 1 << v;
                    }
                }
            }
            len => return bad(format!("{len} lacks lists for {n} players")),
        }
        let state = State {
            config,
            hands,
            stock,
            log,
            placed: setup.plays.len() as u8,
            ends,
            phase: setup.phase,
            actor,
            round: setup.round,
            scores,
            last_round: setup.last_round,
            leader: setup.leader.0,
            drew: setup.drew,
            redeals: setup.redeals,
            move_number: setup.move_number,
            end_reason: setup.end_reason,
            lacks,
        };
        state.check_reachable()?;
        Ok(state)
    }

    /// Checks that the position is one the rules can reach (everything but tile identity,
    /// which [`State::from_setup`] checks while building).
    pub(crate) fn check_reachable(&self) -> Result<(), SetupError> {
        let bad = |m: &str| Err(SetupError::Position(m.to_owned()));
        let c = &self.config;
        c.validate()?;
        let n = usize::from(c.players);
        let h = usize::from(c.hand_size);
        if self.hands[n..].iter().any(|&m| m != 0) || self.scores[n..].iter().any(|&s| s != 0) {
            return bad("a seat past the number of players has tiles or points");
        }
        let mut seen = self.stock;
        for &m in &self.hands {
            if seen & m != 0 || m & !ALL_TILES != 0 {
                return bad("a tile is in two places");
            }
            seen |= m;
        }
        if self.stock & !ALL_TILES != 0 {
            return bad("a tile number out of range");
        }
        let line = match Line::build(self.placements()) {
            Ok(l) => l,
            Err(_) => return bad("the line is not a chain"),
        };
        let mut on_line = 0u32;
        for p in self.placements() {
            if on_line & p.tile.bit() != 0 || usize::from(p.seat.0) >= n {
                return bad("a tile is placed twice or by a seat not in play");
            }
            on_line |= p.tile.bit();
        }
        if on_line & seen != 0 || on_line | seen != ALL_TILES {
            return bad("the 28 tiles are not each in exactly one place");
        }
        if self.placed > 0 && line.ends() != Some((self.ends[0], self.ends[1])) {
            return bad("the open ends do not match the line");
        }
        if self.lacks[n..].iter().any(|&m| m != 0) || self.lacks.iter().any(|&m| m >= 0x80) {
            return bad("lacks: a number above 6, or knowledge about a seat not in play");
        }
        for (&hand, &lacks) in self.hands.iter().zip(&self.lacks) {
            if hand & suits_of(lacks) != 0 {
                return bad("a seat holds a tile showing a number it is known to lack");
            }
        }
        if matches!(self.phase, Phase::Deal | Phase::Lead) && self.lacks.iter().any(|&m| m != 0) {
            return bad("lacks: nothing is known before the first tile of a round is placed");
        }
        if self.round == 0 || self.round > c.round_cap() {
            return bad("round out of range");
        }
        if usize::from(self.leader) >= n {
            return bad("leader out of range");
        }
        if self.redeals > MAX_REDEALS
            || (c.redeal_if_doubles_at_least.is_none() && self.redeals > 0)
        {
            return bad("too many re-deals");
        }
        if self.drew && !matches!(self.phase, Phase::Play | Phase::Draw) {
            return bad("`drew` is set outside a turn");
        }
        let bound =
            u64::from(self.round - 1) * u64::from(c.round_move_bound()) + self.round_progress();
        if u64::from(self.move_number) > bound {
            return bad("the move number is higher than any game reaching this round allows");
        }
        let threshold = c.loss_threshold;
        let reached = self.scores[..n].iter().any(|&s| s >= threshold);
        match self.last_round {
            Some(r) => {
                let expected = if self.phase == Phase::Over {
                    self.round
                } else {
                    self.round - 1
                };
                if r.round != expected
                    || r.seat.index() >= n
                    || r.points[n..].iter().any(|&p| p != 0)
                {
                    return bad("the last round's result does not fit the round");
                }
            }
            None if self.round > 1 || self.phase == Phase::Over => {
                return bad("the last round's result is missing")
            }
            None => {}
        }
        let counts = |m: u32| m.count_ones() as usize;
        let hand_len = |s: usize| counts(self.hands[s]);
        let a = usize::from(self.actor);
        if self.phase == Phase::Over {
            let ok = match self.end_reason {
                Some(EndReason::LossThreshold) => reached,
                Some(EndReason::MaxRounds) => !reached && c.max_rounds == Some(self.round),
                Some(EndReason::RoundCap) => {
                    !reached && c.max_rounds.is_none() && self.round == c.round_cap()
                }
                None => false,
            };
            if !ok {
                return bad("the end reason does not fit the scores and rounds");
            }
            return Ok(());
        }
        if self.end_reason.is_some() {
            return bad("an end reason while the match is on");
        }
        if reached {
            return bad("a seat has reached the loss threshold but the match is on");
        }
        match self.phase {
            Phase::Deal => {
                if self.placed > 0 {
                    return bad("tiles on the line during the deal");
                }
                for s in 0..n {
                    let len = hand_len(s);
                    let ok = match s.cmp(&a) {
                        std::cmp::Ordering::Less => len == h,
                        std::cmp::Ordering::Equal => len < h,
                        std::cmp::Ordering::Greater => len == 0,
                    };
                    if !ok {
                        return bad("the hands are not dealt in seat order (DM-C1)");
                    }
                }
            }
            Phase::Lead => {
                if self.placed > 0 {
                    return bad("a lead with tiles on the line");
                }
                if (0..n).any(|s| hand_len(s) != h) {
                    return bad("a lead before every hand is dealt");
                }
                if self.leader != self.actor {
                    return bad("the seat to lead is not the round's leader");
                }
                if self.redeal_due().is_some() {
                    return bad("this deal must be re-dealt (DM-A9)");
                }
            }
            Phase::Play | Phase::Draw => {
                if self.placed == 0 {
                    return bad("a turn with an empty line");
                }
                if (0..n).any(|s| hand_len(s) == 0) {
                    return bad("a seat has gone out but the round goes on");
                }
                if self.fish_now().is_some() {
                    return bad("the round is blocked (cá) but goes on");
                }
                let can_play = self.seat_can_play(self.actor);
                if self.phase == Phase::Play && !can_play {
                    return bad("the seat to play holds no playable tile");
                }
                if self.phase == Phase::Draw {
                    if !self.seat_can_draw(self.actor) {
                        return bad("the seat to draw may not draw");
                    }
                    if can_play && c.draw_policy != DrawPolicy::Voluntary {
                        return bad("a seat that can play may not draw under this policy");
                    }
                }
            }
            Phase::Over => {}
        }
        Ok(())
    }
}

impl From<State> for Setup {
    fn from(s: State) -> Setup {
        let n = usize::from(s.config.players);
        Setup {
            config: s.config,
            round: s.round,
            phase: s.phase,
            turn: s.turn(),
            hands: (0..n)
                .map(|i| TileSet(s.hands[i]).iter().collect())
                .collect(),
            boneyard: TileSet(s.stock).iter().collect(),
            plays: s.placements().collect(),
            scores: s.scores[..n].to_vec(),
            last_round: s.last_round,
            leader: Seat(s.leader),
            drew: s.drew,
            redeals: s.redeals,
            move_number: s.move_number,
            end_reason: s.end_reason,
            lacks: s.lacks[..n]
                .iter()
                .map(|&m| (0..7).filter(|v| m >> v & 1 != 0).collect())
                .collect(),
        }
    }
}

/// The tiles showing any number of the 7-bit mask `numbers`.
#[inline]
pub(crate) fn suits_of(numbers: u8) -> u32 {
    let mut out = 0;
    for (v, suit) in SUITS.iter().enumerate() {
        if numbers >> v & 1 != 0 {
            out |= suit;
        }
    }
    out
}

/// The numbers shown by any tile of `tiles`, as a 7-bit mask.
#[inline]
pub(crate) fn numbers_of(tiles: u32) -> u8 {
    // A table per byte of the mask: four loads instead of a test per number.
    let b = tiles.to_le_bytes();
    NUMBERS_BY_BYTE[0][usize::from(b[0])]
        | NUMBERS_BY_BYTE[1][usize::from(b[1])]
        | NUMBERS_BY_BYTE[2][usize::from(b[2])]
        | NUMBERS_BY_BYTE[3][usize::from(b[3])]
}

/// `NUMBERS_BY_BYTE[k][b]`: the numbers shown by the tiles `8k + j` for the bits `j` of `b`.
const NUMBERS_BY_BYTE: [[u8; 256]; 4] = {
    let mut t = [[0u8; 256]; 4];
    let mut k = 0;
    while k < 4 {
        let mut b = 0;
        while b < 256 {
            let tiles = (b as u32) << (8 * k);
            let mut v = 0;
            while v < 7 {
                if tiles & SUITS[v] != 0 {
                    t[k][b] |= 1 << v;
                }
                v += 1;
            }
            b += 1;
        }
        k += 1;
    }
    t
};

impl TryFrom<Setup> for State {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<State, SetupError> {
        State::from_setup(setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_and_config_are_small_copy_values() {
        fn copy<T: Copy>() {}
        copy::<State>();
        copy::<Config>();
        let (state, config) = (std::mem::size_of::<State>(), std::mem::size_of::<Config>());
        eprintln!("State {state} bytes, Config {config} bytes");
        assert!(state <= 160, "State is {state} bytes");
        assert!(config <= 40, "Config is {config} bytes");
    }
}
