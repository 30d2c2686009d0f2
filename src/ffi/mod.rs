//! The C ABI: `dg_` functions over opaque handles, generated into `include/dangian.h`.
//!
//! Conventions, kept by every function here:
//! 1. Opaque handles: `dg_game_new` / `dg_game_load` give a `DgGame*`, `dg_game_free` takes it
//!    back; `dg_game_free(NULL)` does nothing.
//! 2. Every body runs inside a panic boundary: a panic becomes `DG_STATUS_PANIC`, never an
//!    unwind into C.
//! 3. Every function returns a `DgStatus`; results go through out-parameters that are written
//!    only on success (and, for buffers, the needed length on `DG_STATUS_BUFFER_TOO_SMALL`).
//!    `const` pointers are never written through.
//! 4. Every pointer is checked for NULL and every length before a slice is made.
//! 5. Enums and booleans arrive as integers and are validated.
//! 6. Whoever allocates frees. Text and JSON are copied into caller buffers: pass the
//!    capacity, get the length; a too-small buffer (or NULL with capacity 0) gives
//!    `DG_STATUS_BUFFER_TOO_SMALL` with the needed length, so a caller can query the size first.
//!    Strings are UTF-8 with explicit lengths; when the buffer has room, a NUL byte follows the
//!    text (not counted in the length).
//! 7. `dg_last_error` gives the message of the last failure on the calling thread.
//! 8. A `DgGame` may be moved between threads but not used from two threads at once.
//! 9. `dg_abi_version` and the `DANGIAN_ABI_VERSION` macro must agree.
#![allow(unsafe_code)]
#![allow(clippy::missing_safety_doc)]

mod boards;

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::any::{AnyError, AnyGame};
use crate::chance::GameRng;
use crate::game::{ActionList, ChanceList, GameKind, ToMove};

pub use boards::*;

/// The version of this C ABI. It changes whenever a function, struct or value changes
/// incompatibly. The header defines the same number as `DANGIAN_ABI_VERSION`.
pub const DANGIAN_ABI_VERSION: u32 = 1;

/// `to_move` value: chance (a roll, a deal, a draw) is to move.
pub const DG_TO_MOVE_CHANCE: i32 = -1;
/// `to_move` value: the game is over.
pub const DG_TO_MOVE_OVER: i32 = -2;
/// `seat` argument of `dg_game_events_json`: every event, unredacted (for a trusted host).
pub const DG_ALL_SEATS: i32 = -1;

/// The result of every `dg_` function. Values are fixed and never reused.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DgStatus {
    /// Success.
    Ok = 0,
    /// A required pointer argument was NULL.
    NullPointer = 1,
    /// An integer argument is out of range (a game kind, a seat, a level…).
    InvalidArgument = 2,
    /// The output buffer is too small; the needed length was written to the length out-parameter.
    BufferTooSmall = 3,
    /// Text input is not valid UTF-8.
    InvalidUtf8 = 4,
    /// JSON input cannot be read.
    InvalidJson = 5,
    /// The config is invalid.
    InvalidConfig = 6,
    /// The action id is not an action of this game.
    UnknownAction = 7,
    /// The action is illegal now (`dg_last_error` says why). The game is unchanged.
    IllegalAction = 8,
    /// The action was chosen for another move number. The game is unchanged.
    StaleAction = 9,
    /// The operation needs chance to be to move.
    NotChance = 10,
    /// The game is not over yet.
    NotOver = 11,
    /// A saved game cannot be loaded (wrong format, rules version, illegal action, hash).
    InvalidRecord = 12,
    /// The handle is of another game than the function needs.
    WrongGame = 13,
    /// An internal error (a bug): it was caught before reaching the caller.
    Panic = 14,
}

/// The game kinds, as passed to `dg_game_new`.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DgGameKind {
    /// Ô ăn quan.
    OAnQuan = 0,
    /// Cờ cá ngựa.
    CaNgua = 1,
    /// Domino.
    Domino = 2,
}

/// One game of any kind. Create with `dg_game_new` or `dg_game_load`; free with
/// `dg_game_free`. Not safe to use from two threads at once; may be moved between threads.
pub struct DgGame {
    game: AnyGame,
    rng: GameRng,
    events: Vec<serde_json::Value>,
}

/// A chance outcome and its weight: its probability is `weight` divided by the sum of the
/// weights of all outcomes listed.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DgChanceOutcome {
    /// The action id of the outcome.
    pub action: u32,
    /// Its weight.
    pub weight: u32,
}

/// The result of a finished game.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DgOutcome {
    /// How many seats played (entries past it are zero).
    pub seats: u32,
    /// The game's own score per seat (Ô ăn quan points, Cờ cá ngựa kicks, Domino penalty points).
    pub scores: [i32; 4],
    /// The place of each seat: 1 is best, equal places are shared, 0 is unplaced.
    pub places: [u32; 4],
}

struct Failure {
    status: DgStatus,
    message: String,
}

impl Failure {
    fn new(status: DgStatus, message: impl Into<String>) -> Self {
        Failure {
            status,
            message: message.into(),
        }
    }
}

impl From<AnyError> for Failure {
    fn from(e: AnyError) -> Self {
        let status = match &e {
            AnyError::Config(_) => DgStatus::InvalidConfig,
            AnyError::State(_) => DgStatus::InvalidJson,
            AnyError::Record(crate::RecordError::Json(_)) => DgStatus::InvalidJson,
            AnyError::Record(_) => DgStatus::InvalidRecord,
            AnyError::UnknownId(_) => DgStatus::UnknownAction,
            AnyError::Notation(_) => DgStatus::UnknownAction,
            AnyError::Stale { .. } => DgStatus::StaleAction,
            AnyError::Illegal(_) => DgStatus::IllegalAction,
            AnyError::NoSuchSeat(_) => DgStatus::InvalidArgument,
            AnyError::NotChance => DgStatus::NotChance,
        };
        Failure::new(status, e.to_string())
    }
}

type Result<T> = std::result::Result<T, Failure>;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

fn set_last_error(message: &str) {
    let _ = LAST_ERROR.try_with(|e| {
        let mut e = e.borrow_mut();
        e.clear();
        e.push_str(message);
    });
}

/// Run `body` inside the panic boundary and turn its result into a status.
fn guard(body: impl FnOnce() -> Result<()>) -> DgStatus {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => DgStatus::Ok,
        Ok(Err(failure)) => {
            set_last_error(&failure.message);
            failure.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".to_owned());
            set_last_error(&format!("internal error (panic): {what}"));
            DgStatus::Panic
        }
    }
}

fn null(name: &str) -> Failure {
    Failure::new(DgStatus::NullPointer, format!("{name} is NULL"))
}

/// A shared reference from a handle pointer.
unsafe fn game_ref<'a>(game: *const DgGame) -> Result<&'a DgGame> {
    // SAFETY: the caller passes NULL or a live handle from dg_game_new / dg_game_load.
    unsafe { game.as_ref() }.ok_or_else(|| null("game"))
}

/// A unique reference from a handle pointer.
unsafe fn game_mut<'a>(game: *mut DgGame) -> Result<&'a mut DgGame> {
    // SAFETY: as game_ref, and the caller does not use the handle from another thread.
    unsafe { game.as_mut() }.ok_or_else(|| null("game"))
}

/// Write `value` through an out-pointer.
unsafe fn put<T>(out: *mut T, name: &str, value: T) -> Result<()> {
    if out.is_null() {
        return Err(null(name));
    }
    // SAFETY: non-NULL, and the caller passes a pointer to a writable T.
    unsafe { out.write(value) };
    Ok(())
}

/// Check an out-pointer before doing any work, so that nothing changes when it is NULL.
fn need<T>(out: *mut T, name: &str) -> Result<()> {
    if out.is_null() {
        Err(null(name))
    } else {
        Ok(())
    }
}

/// Borrow `len` bytes of caller memory as UTF-8 text.
unsafe fn text_arg<'a>(ptr: *const u8, len: usize, name: &str) -> Result<&'a str> {
    if len == 0 {
        return Ok("");
    }
    if ptr.is_null() {
        return Err(null(name));
    }
    if len > isize::MAX as usize {
        return Err(Failure::new(
            DgStatus::InvalidArgument,
            format!("{name}: length {len} is too large"),
        ));
    }
    // SAFETY: non-NULL, length checked, and the caller guarantees len readable bytes.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    std::str::from_utf8(bytes)
        .map_err(|e| Failure::new(DgStatus::InvalidUtf8, format!("{name}: {e}")))
}

/// Copy `bytes` into a caller buffer of `cap` bytes and write the length; on a short buffer
/// write only the needed length.
unsafe fn put_bytes(bytes: &[u8], buf: *mut u8, cap: usize, len_out: *mut usize) -> Result<()> {
    need(len_out, "len_out")?;
    if buf.is_null() || cap < bytes.len() {
        // SAFETY: len_out checked above.
        unsafe { len_out.write(bytes.len()) };
        return Err(Failure::new(
            DgStatus::BufferTooSmall,
            format!("the buffer holds {cap} bytes; {} are needed", bytes.len()),
        ));
    }
    // SAFETY: buf is non-NULL with cap >= bytes.len() writable bytes (caller's contract),
    // and a caller buffer never overlaps our own data.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), buf, bytes.len());
        if cap > bytes.len() {
            buf.add(bytes.len()).write(0);
        }
        len_out.write(bytes.len());
    }
    Ok(())
}

/// Copy `items` into a caller array of `cap` elements, as `put_bytes`.
unsafe fn put_items<T: Copy>(
    items: &[T],
    buf: *mut T,
    cap: usize,
    len_out: *mut usize,
) -> Result<()> {
    need(len_out, "len_out")?;
    if items.len() > cap || (buf.is_null() && !items.is_empty()) {
        // SAFETY: len_out checked above.
        unsafe { len_out.write(items.len()) };
        return Err(Failure::new(
            DgStatus::BufferTooSmall,
            format!("the buffer holds {cap} items; {} are needed", items.len()),
        ));
    }
    // SAFETY: buf has room for items.len() elements (checked against cap, caller's contract).
    unsafe {
        if !items.is_empty() {
            std::ptr::copy_nonoverlapping(items.as_ptr(), buf, items.len());
        }
        len_out.write(items.len());
    }
    Ok(())
}

/// The ABI version of the library (`DANGIAN_ABI_VERSION` in the header it was built with).
#[no_mangle]
pub extern "C" fn dg_abi_version() -> u32 {
    DANGIAN_ABI_VERSION
}

/// Copy the message of the last failed call on this thread into `buf` (UTF-8, `*len_out`
/// bytes). An empty message when nothing has failed yet.
#[no_mangle]
pub unsafe extern "C" fn dg_last_error(buf: *mut u8, cap: usize, len_out: *mut usize) -> DgStatus {
    // Not through guard(): reading the error must not overwrite it.
    let message = LAST_ERROR
        .try_with(|e| e.borrow().clone())
        .unwrap_or_default();
    match catch_unwind(AssertUnwindSafe(|| unsafe {
        put_bytes(message.as_bytes(), buf, cap, len_out)
    })) {
        Ok(Ok(())) => DgStatus::Ok,
        Ok(Err(f)) => f.status,
        Err(_) => DgStatus::Panic,
    }
}

/// Create a game of `kind` (a `DgGameKind` value) under the config JSON in
/// `config_json[0..config_len]` (NULL or length 0 = the seed rules), with its own RNG seeded by
/// `seed` for `dg_game_play_chance`. On success `*out` owns a new handle.
#[no_mangle]
pub unsafe extern "C" fn dg_game_new(
    kind: u32,
    config_json: *const u8,
    config_len: usize,
    seed: u64,
    out: *mut *mut DgGame,
) -> DgStatus {
    guard(|| {
        need(out, "out")?;
        let kind = GameKind::from_u32(kind).ok_or_else(|| {
            Failure::new(DgStatus::InvalidArgument, format!("no game kind {kind}"))
        })?;
        let config = if config_json.is_null() && config_len == 0 {
            None
        } else {
            Some(unsafe { text_arg(config_json, config_len, "config_json") }?)
        };
        let config = config.filter(|c| !c.trim().is_empty());
        if let Some(c) = config {
            serde_json::from_str::<serde_json::Value>(c)
                .map_err(|e| Failure::new(DgStatus::InvalidJson, format!("config: {e}")))?;
        }
        let game = AnyGame::new(kind, config, Some(seed))?;
        let handle = Box::new(DgGame {
            game,
            rng: GameRng::new(seed),
            events: Vec::new(),
        });
        unsafe { put(out, "out", Box::into_raw(handle)) }
    })
}

/// Free a handle. NULL is allowed and does nothing. The handle must not be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn dg_game_free(game: *mut DgGame) {
    if game.is_null() {
        return;
    }
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller passes a handle from dg_game_new / dg_game_load / dg_game_clone,
        // once.
        drop(unsafe { Box::from_raw(game) });
    }));
}

/// Copy a game (with its RNG state and its record) into a new handle `*out`.
#[no_mangle]
pub unsafe extern "C" fn dg_game_clone(game: *const DgGame, out: *mut *mut DgGame) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        need(out, "out")?;
        let copy = Box::new(DgGame {
            game: g.game.clone(),
            rng: g.rng.clone(),
            events: g.events.clone(),
        });
        unsafe { put(out, "out", Box::into_raw(copy)) }
    })
}

/// The game's kind (a `DgGameKind` value).
#[no_mangle]
pub unsafe extern "C" fn dg_game_kind(game: *const DgGame, out: *mut u32) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        unsafe { put(out, "out", g.game.kind() as u32) }
    })
}

/// How many seats play.
#[no_mangle]
pub unsafe extern "C" fn dg_game_seats(game: *const DgGame, out: *mut u32) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        unsafe { put(out, "out", u32::from(g.game.seats())) }
    })
}

/// Who acts next: a seat number (0, 1, …), `DG_TO_MOVE_CHANCE` or `DG_TO_MOVE_OVER`.
#[no_mangle]
pub unsafe extern "C" fn dg_game_to_move(game: *const DgGame, out: *mut i32) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        let v = match g.game.to_move() {
            ToMove::Seat(s) => i32::from(s.0),
            ToMove::Chance => DG_TO_MOVE_CHANCE,
            ToMove::Over => DG_TO_MOVE_OVER,
        };
        unsafe { put(out, "out", v) }
    })
}

/// How many actions (chance outcomes included) have been applied: the number to pass to
/// `dg_game_apply_at`.
#[no_mangle]
pub unsafe extern "C" fn dg_game_move_number(game: *const DgGame, out: *mut u32) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        unsafe { put(out, "out", g.game.move_number()) }
    })
}

/// The stable 64-bit hash of the state (the same in every language and on every platform).
#[no_mangle]
pub unsafe extern "C" fn dg_game_state_hash(game: *const DgGame, out: *mut u64) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        unsafe { put(out, "out", g.game.state_hash()) }
    })
}

/// The legal action ids, ascending, into `buf[0..cap]`; their number into `*len_out`. At most
/// 64 ids are ever legal, so a buffer of 64 always suffices.
#[no_mangle]
pub unsafe extern "C" fn dg_game_legal_actions(
    game: *const DgGame,
    buf: *mut u32,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        let mut legal = ActionList::new();
        g.game.legal_actions(&mut legal);
        unsafe { put_items(&legal, buf, cap, len_out) }
    })
}

/// The chance outcomes with their weights (empty unless chance is to move).
#[no_mangle]
pub unsafe extern "C" fn dg_game_chance_outcomes(
    game: *const DgGame,
    buf: *mut DgChanceOutcome,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        let mut list = ChanceList::new();
        g.game.chance_outcomes(&mut list);
        let items: Vec<DgChanceOutcome> = list
            .iter()
            .map(|o| DgChanceOutcome {
                action: o.id,
                weight: o.weight,
            })
            .collect();
        unsafe { put_items(&items, buf, cap, len_out) }
    })
}

/// `DG_STATUS_OK` if the action is legal now; otherwise `DG_STATUS_UNKNOWN_ACTION` or
/// `DG_STATUS_ILLEGAL_ACTION`, and `dg_last_error` says why.
#[no_mangle]
pub unsafe extern "C" fn dg_game_check(game: *const DgGame, action: u32) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        g.game.check(action)?;
        Ok(())
    })
}

fn apply_to(g: &mut DgGame, action: u32, expected: Option<u32>) -> Result<()> {
    let mut events = Vec::new();
    g.game.apply(action, expected, Some(&mut events))?;
    g.events = events;
    Ok(())
}

/// Apply an action (a player's decision or a chance outcome chosen by the host). On failure
/// the game is unchanged. The events are then readable with `dg_game_events_json`.
#[no_mangle]
pub unsafe extern "C" fn dg_game_apply(game: *mut DgGame, action: u32) -> DgStatus {
    guard(|| apply_to(unsafe { game_mut(game) }?, action, None))
}

/// Apply an action only if the game is still at move `expected_move`
/// (`DG_STATUS_STALE_ACTION` otherwise): for servers receiving actions late.
#[no_mangle]
pub unsafe extern "C" fn dg_game_apply_at(
    game: *mut DgGame,
    expected_move: u32,
    action: u32,
) -> DgStatus {
    guard(|| apply_to(unsafe { game_mut(game) }?, action, Some(expected_move)))
}

/// Apply a chance outcome given by the host (physical dice, a server's shuffle):
/// `DG_STATUS_NOT_CHANCE` when a player is to move.
#[no_mangle]
pub unsafe extern "C" fn dg_game_apply_chance(game: *mut DgGame, outcome: u32) -> DgStatus {
    guard(|| {
        let g = unsafe { game_mut(game) }?;
        if g.game.to_move() != ToMove::Chance {
            return Err(AnyError::NotChance.into());
        }
        apply_to(g, outcome, None)
    })
}

/// Sample a chance outcome from the handle's own seeded RNG, apply it, and write its id to
/// `*out` (`DG_STATUS_NOT_CHANCE` when a player is to move).
#[no_mangle]
pub unsafe extern "C" fn dg_game_play_chance(game: *mut DgGame, out: *mut u32) -> DgStatus {
    guard(|| {
        let g = unsafe { game_mut(game) }?;
        need(out, "out")?;
        let mut rng = g.rng.clone();
        let id = g.game.sample_chance(&mut rng)?;
        apply_to(g, id, None)?;
        g.rng = rng;
        unsafe { put(out, "out", id) }
    })
}

/// The outcome, once over (`DG_STATUS_NOT_OVER` before).
#[no_mangle]
pub unsafe extern "C" fn dg_game_outcome(game: *const DgGame, out: *mut DgOutcome) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        let o = g
            .game
            .outcome()
            .ok_or_else(|| Failure::new(DgStatus::NotOver, "the game is not over"))?;
        let mut r = DgOutcome {
            seats: u32::from(o.seats),
            scores: [0; 4],
            places: [0; 4],
        };
        for (i, (s, p)) in o.scores.iter().zip(&o.places).enumerate().take(4) {
            r.scores[i] = *s;
            r.places[i] = u32::from(*p);
        }
        unsafe { put(out, "out", r) }
    })
}

/// The end reason of a finished game as text (e.g. `BothQuanSquaresEmpty`).
#[no_mangle]
pub unsafe extern "C" fn dg_game_end_reason(
    game: *const DgGame,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        let o = g
            .game
            .outcome()
            .ok_or_else(|| Failure::new(DgStatus::NotOver, "the game is not over"))?;
        unsafe { put_bytes(o.reason.as_bytes(), buf, cap, len_out) }
    })
}

/// The whole state as JSON. It includes hidden information (every hand): send a seat
/// `dg_game_view_json` instead.
#[no_mangle]
pub unsafe extern "C" fn dg_game_state_json(
    game: *const DgGame,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        unsafe { put_bytes(g.game.state_json().as_bytes(), buf, cap, len_out) }
    })
}

/// What `seat` may see, as JSON: safe to send to that seat's client.
#[no_mangle]
pub unsafe extern "C" fn dg_game_view_json(
    game: *const DgGame,
    seat: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        let json = g.game.view_json(seat)?;
        unsafe { put_bytes(json.as_bytes(), buf, cap, len_out) }
    })
}

/// The events of the last successful apply as a JSON array: for `seat` (redacted to what it
/// may see) or for `DG_ALL_SEATS` (everything, for a trusted host).
#[no_mangle]
pub unsafe extern "C" fn dg_game_events_json(
    game: *const DgGame,
    seat: i32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        let events = if seat == DG_ALL_SEATS {
            g.events.clone()
        } else {
            let s = u32::try_from(seat)
                .map_err(|_| Failure::new(DgStatus::InvalidArgument, format!("no seat {seat}")))?;
            g.game.events_for(&g.events, s)?
        };
        let json = serde_json::to_string(&events).unwrap_or_else(|_| "[]".to_owned());
        unsafe { put_bytes(json.as_bytes(), buf, cap, len_out) }
    })
}

/// The text notation of the action with id `action`.
#[no_mangle]
pub unsafe extern "C" fn dg_game_action_text(
    game: *const DgGame,
    action: u32,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        let text = g.game.action_text(action)?;
        unsafe { put_bytes(text.as_bytes(), buf, cap, len_out) }
    })
}

/// The id of the action written `text[0..len]` in the game's notation.
#[no_mangle]
pub unsafe extern "C" fn dg_game_action_id(
    game: *const DgGame,
    text: *const u8,
    len: usize,
    out: *mut u32,
) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        need(out, "out")?;
        let text = unsafe { text_arg(text, len, "text") }?;
        let id = g.game.action_id(text)?;
        unsafe { put(out, "out", id) }
    })
}

/// The position drawn as text for people (several lines).
#[no_mangle]
pub unsafe extern "C" fn dg_game_board_text(
    game: *const DgGame,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        unsafe { put_bytes(g.game.board_text().as_bytes(), buf, cap, len_out) }
    })
}

/// The saved game (a record JSON: config, seed, every action, final hash).
#[no_mangle]
pub unsafe extern "C" fn dg_game_save(
    game: *const DgGame,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> DgStatus {
    guard(|| {
        let g = unsafe { game_ref(game) }?;
        unsafe { put_bytes(g.game.record().to_json().as_bytes(), buf, cap, len_out) }
    })
}

/// Load a saved game from `json[0..len]`, replaying and verifying every action and the final
/// hash. The new handle's RNG is seeded from the record's seed (0 if none) and its number of
/// actions, so loading the same record always continues the same way (the original handle's
/// stream is not recovered: records keep outcomes, not RNG states).
#[no_mangle]
pub unsafe extern "C" fn dg_game_load(
    json: *const u8,
    len: usize,
    out: *mut *mut DgGame,
) -> DgStatus {
    guard(|| {
        need(out, "out")?;
        let text = unsafe { text_arg(json, len, "json") }?;
        let game = AnyGame::from_record_json(text)?;
        let seed = game.record().seed.unwrap_or(0)
            ^ u64::from(game.move_number()).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let handle = Box::new(DgGame {
            game,
            rng: GameRng::new(seed),
            events: Vec::new(),
        });
        unsafe { put(out, "out", Box::into_raw(handle)) }
    })
}

/// Reach the typed game behind a handle, for the board snapshots.
fn with_game<T>(game: *const DgGame, f: impl FnOnce(&AnyGame) -> Result<T>) -> Result<T> {
    // SAFETY: as game_ref.
    let g = unsafe { game_ref(game) }?;
    f(&g.game)
}
