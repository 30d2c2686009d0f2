//! Flat `#[repr(C)]` board snapshots, one per game, for callers that do not want JSON.

use super::{guard_ref, to_move_code, DgGame, DgStatus, Out, Result};
use dangian::any::AnyGame;

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
    // SAFETY: the module contract for `game` and `out`.
    unsafe {
        snapshot(game, out, |g| {
            let b = g.o_an_quan_board()?;
            Ok(DgOAnQuanBoard {
                dan: b.dan,
                big_on_board: b.big_on_board,
                big_captured_by: b.big_captured_by,
                captured_dan: b.captured_dan,
                captured_quan: b.captured_quan,
                scores: b.scores,
                to_move: to_move_code(b.to_move),
                ply: b.ply,
            })
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
    // SAFETY: the module contract for `game` and `out`.
    unsafe {
        snapshot(game, out, |g| {
            let b = g.domino_board(seat)?;
            Ok(DgDominoBoard {
                seat: b.seat,
                players: b.players,
                round: b.round,
                phase: b.phase,
                to_move: to_move_code(b.to_move),
                hand_mask: b.hand_mask,
                hand_counts: b.hand_counts,
                boneyard: b.boneyard,
                drawable: b.drawable,
                ends: b.ends,
                line_len: b.line_len,
                line: b.line.map(|(left, right)| DgDominoPlaced { left, right }),
                scores: b.scores,
            })
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
    // SAFETY: the module contract for `game` and `out`.
    unsafe {
        snapshot(game, out, |g| {
            let b = g.ca_ngua_board()?;
            Ok(DgCaNguaBoard {
                track_len: b.track_len,
                owner: b.owner,
                progress: b.progress,
                colour_to_move: b.colour_to_move,
                to_move: to_move_code(b.to_move),
                dice: b.dice,
                tries_left: b.tries_left,
                kicks: b.kicks,
            })
        })
    }
}
