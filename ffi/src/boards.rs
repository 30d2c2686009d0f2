//! Flat `#[repr(C)]` board snapshots, one per game, for callers that do not want JSON.

use super::{guard_ref, to_move_code, DgGame, DgStatus, Failure, Out, Result};
use dangian::any::AnyGame;
use dangian::{Game, Seat};

/// Run `f` on the game behind `game` and write its snapshot to `*out`.
///
/// # Safety
/// `game` is NULL or a live handle; `out` is NULL or writable.
unsafe fn snapshot<T>(
    game: *const DgGame,
    out: *mut T,
    f: impl FnOnce(&AnyGame) -> Result<T>,
) -> DgStatus {
    // SAFETY: the module contract for `game`.
    unsafe { guard_ref(game, |g| Out::new(out, "out")?.put(f(&g.game)?)) }
}

fn wrong_game(want: &str) -> Failure {
    Failure::new(
        DgStatus::WrongGame,
        format!("the handle is not a {want} game"),
    )
}

/// An Ô ăn quan position. Cells are numbered as in the rules: 0 = left quan square,
/// 1..=5 = seat 0's squares, 6 = right quan square, 7..=11 = seat 1's squares.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DgOAnQuanBoard {
    /// Small stones (dân) per cell.
    pub dan: [u32; 12],
    /// Per quan square (left, right): 1 while its big stone is on the board, else 0.
    pub big_on_board: [u32; 2],
    /// Per quan square: the seat that captured its big stone, or -1.
    pub big_captured_by: [i32; 2],
    /// Captured dân per seat (negative while in debt).
    pub captured_dan: [i32; 2],
    /// Big stones captured per seat.
    pub captured_quan: [u32; 2],
    /// Running score per seat (captured dân + quan value × captured big stones).
    pub scores: [i32; 2],
    /// The seat to move, or `DG_TO_MOVE_OVER`.
    pub to_move: i32,
    /// Plies played.
    pub ply: u32,
}

/// The Ô ăn quan board of `game` (`DG_STATUS_WRONG_GAME` for another game).
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_o_an_quan_board(
    game: *const DgGame,
    out: *mut DgOAnQuanBoard,
) -> DgStatus {
    use dangian::o_an_quan::{BigStone, State};
    // SAFETY: the module contract for `game` and `out`.
    unsafe {
        snapshot(game, out, |g| {
            let s = g.typed::<State>().ok_or_else(|| wrong_game("Ô ăn quan"))?;
            let mut b = DgOAnQuanBoard::default();
            for (d, v) in b.dan.iter_mut().zip(s.board()) {
                *d = u32::from(v);
            }
            for (q, big) in s.big_stones().iter().enumerate() {
                b.big_on_board[q] = u32::from(*big == BigStone::OnBoard);
                b.big_captured_by[q] = match big {
                    BigStone::CapturedBy { seat } => i32::from(seat.0),
                    _ => -1,
                };
            }
            for p in 0..2u8 {
                let seat = Seat(p);
                b.captured_dan[usize::from(p)] = s.captured_dan(seat);
                b.captured_quan[usize::from(p)] = u32::from(s.captured_quan(seat));
                b.scores[usize::from(p)] = s.score(seat);
            }
            b.to_move = to_move_code(s.to_move());
            b.ply = s.ply();
            Ok(b)
        })
    }
}

/// A tile on the Domino line, turned as it lies: `left` faces the left end.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DgDominoPlaced {
    /// The half facing left.
    pub left: u8,
    /// The half facing right.
    pub right: u8,
}

/// What one seat sees of a Domino match: its own hand, and only public facts about the rest.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DgDominoBoard {
    /// Whose view this is.
    pub seat: u32,
    /// How many seats play.
    pub players: u32,
    /// The round, from 1.
    pub round: u32,
    /// The stage: 0 deal, 1 lead, 2 play, 3 draw, 4 over.
    pub phase: u32,
    /// The seat to move, `DG_TO_MOVE_CHANCE` or `DG_TO_MOVE_OVER`.
    pub to_move: i32,
    /// This seat's hand as a 28-bit mask: bit `i` is tile `i` (0-0 = 0, 0-1 = 1, …, 6-6 = 27).
    pub hand_mask: u32,
    /// Tiles held by each seat.
    pub hand_counts: [u32; 4],
    /// Tiles in the chợ (during the deal: not dealt yet).
    pub boneyard: u32,
    /// How many of them may be drawn.
    pub drawable: u32,
    /// Open ends (left, right), or -1 while the line is empty.
    pub ends: [i32; 2],
    /// Tiles on the line.
    pub line_len: u32,
    /// The line, left to right (`line_len` entries).
    pub line: [DgDominoPlaced; 28],
    /// Running penalty points per seat.
    pub scores: [u32; 4],
}

/// What `seat` sees of the Domino match in `game` (`DG_STATUS_WRONG_GAME` for another game,
/// `DG_STATUS_INVALID_ARGUMENT` for a seat not at the table). Safe to send to that seat.
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_domino_board(
    game: *const DgGame,
    seat: u32,
    out: *mut DgDominoBoard,
) -> DgStatus {
    use dangian::domino::{Phase, State};
    // SAFETY: the module contract for `game` and `out`.
    unsafe {
        snapshot(game, out, |g| {
            let s = g.typed::<State>().ok_or_else(|| wrong_game("Domino"))?;
            if seat >= u32::from(s.seats()) {
                return Err(Failure::new(
                    DgStatus::InvalidArgument,
                    format!("seat {seat} is not at this table"),
                ));
            }
            let me = Seat(seat as u8);
            let mut b = DgDominoBoard {
                seat,
                players: u32::from(s.seats()),
                round: s.round(),
                phase: match s.phase() {
                    Phase::Deal => 0,
                    Phase::Lead => 1,
                    Phase::Play => 2,
                    Phase::Draw => 3,
                    Phase::Over => 4,
                },
                to_move: to_move_code(s.to_move()),
                hand_mask: s.hand(me).mask(),
                hand_counts: [0; 4],
                boneyard: s.boneyard().len() as u32,
                drawable: u32::from(s.drawable()),
                ends: [-1, -1],
                line_len: 0,
                line: [DgDominoPlaced::default(); 28],
                scores: [0; 4],
            };
            for p in 0..s.seats() {
                b.hand_counts[usize::from(p)] = s.hand(Seat(p)).len() as u32;
            }
            for (dst, src) in b.scores.iter_mut().zip(s.scores()) {
                *dst = *src;
            }
            if let Some((l, r)) = s.ends() {
                b.ends = [i32::from(l), i32::from(r)];
            }
            let line = s.line();
            for (dst, p) in b.line.iter_mut().zip(line.as_slice()) {
                *dst = DgDominoPlaced {
                    left: p.left,
                    right: p.right,
                };
            }
            b.line_len = line.len() as u32;
            Ok(b)
        })
    }
}

/// A Cờ cá ngựa position. Colours are 0 red, 1 yellow, 2 blue, 3 green. A piece's progress is
/// -1 in the yard, `0..track_len-1` on the track (`track_len - 1` is the door), then
/// `track_len - 1 + k` on home step `k`.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DgCaNguaBoard {
    /// Squares on the track (40, 48, 52 or 56).
    pub track_len: u32,
    /// Per colour: the seat (player) playing it, or -1 when the colour is not in play.
    pub owner: [i32; 4],
    /// Progress of each piece, per colour (see above); -1 also for colours not in play.
    pub progress: [[i32; 4]; 4],
    /// The colour to move, or -1 when the game is over.
    pub colour_to_move: i32,
    /// The seat to move, `DG_TO_MOVE_CHANCE` (the dice are to be rolled) or `DG_TO_MOVE_OVER`.
    pub to_move: i32,
    /// The dice being played (0 when none; the second is 0 with one die).
    pub dice: [u32; 2],
    /// Tries left this turn (0 = an ordinary roll).
    pub tries_left: u32,
    /// Kicks made, per kicker colour and victim colour.
    pub kicks: [[u32; 4]; 4],
}

/// The Cờ cá ngựa board of `game` (`DG_STATUS_WRONG_GAME` for another game).
///
/// # Safety
/// A NULL pointer is refused; otherwise `game` is a live handle, `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn dg_ca_ngua_board(
    game: *const DgGame,
    out: *mut DgCaNguaBoard,
) -> DgStatus {
    use dangian::ca_ngua::{Colour, State};
    // SAFETY: the module contract for `game` and `out`.
    unsafe {
        snapshot(game, out, |g| {
            let s = g.typed::<State>().ok_or_else(|| wrong_game("Cờ cá ngựa"))?;
            let rules = s.config();
            let mut b = DgCaNguaBoard {
                track_len: u32::from(rules.track_len),
                colour_to_move: s.colour_to_move().map_or(-1, |c| i32::from(c.0)),
                to_move: to_move_code(s.to_move()),
                tries_left: u32::from(s.tries_left()),
                ..DgCaNguaBoard::default()
            };
            let pieces = s.pieces();
            for c in 0..4u8 {
                let colour = Colour(c);
                let i = usize::from(c);
                b.owner[i] = rules.seats.owner(colour).map_or(-1, i32::from);
                for (dst, src) in b.progress[i].iter_mut().zip(pieces[i]) {
                    *dst = i32::from(src);
                }
            }
            if let Some(roll) = s.current_roll() {
                let f = roll.faces();
                b.dice = [u32::from(f[0]), u32::from(f[1])];
            }
            for (row, src) in b.kicks.iter_mut().zip(s.kicks()) {
                for (dst, k) in row.iter_mut().zip(src) {
                    *dst = u32::from(k);
                }
            }
            Ok(b)
        })
    }
}
