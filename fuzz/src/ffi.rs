//! Fuzz body for the C ABI: bytes become a sequence of `dg_` calls with hostile arguments
//! (raw and stale ids, out-of-range seats and kinds, NULL and short buffers, arbitrary text as
//! configs, notation and records, mutated saved games). Run by two fuzz targets and, over their
//! committed corpora, by `cargo test` (`fuzz/tests/corpus.rs`):
//!
//! - `ffi_calls` ([`hostile_calls`]), fast: a failed call must leave the game's hash and move
//!   number as they were; hostile text reaches `dg_game_load` directly; events are kept only in
//!   one input of four (serializing them is most of a call's cost under the sanitizer).
//! - `ffi_checked` ([`hostile_calls_checked`]), deep and slower: the events JSON is compared
//!   too after every call, every game keeps its events, and games are saved, corrupted and
//!   loaded again (a load replays the whole record).
//!
//! Checked in both: no call panics (`DG_STATUS_PANIC`, `DG_STATUS_POISONED`); a successful
//! apply advances the move number by one; a buffer too small gets nothing but the needed
//! length; an action's text reads back as its id.

use std::ptr::{null, null_mut};

use dangian_ffi::*;

/// Reads the input a piece at a time; past its end everything is zero.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn u8(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    fn slice(&mut self, max: usize) -> &[u8] {
        let n = usize::from(self.u8()).min(max).min(self.0.len());
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        head
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

fn ok(status: DgStatus, what: &str) -> bool {
    assert!(
        !matches!(status, DgStatus::Panic | DgStatus::Poisoned),
        "{what}: {status:?}"
    );
    status == DgStatus::Ok
}

type BufCall<'a> = &'a dyn Fn(*mut u8, usize, *mut usize) -> DgStatus;

/// The largest buffer the bodies pass, and the byte a caller's buffer holds before a call.
const MAX_CAP: usize = 4096;
const UNTOUCHED: u8 = 0xA5;
static UNTOUCHED_BUF: [u8; MAX_CAP + 1] = [UNTOUCHED; MAX_CAP + 1];

/// Call a text function with a buffer of `cap` bytes (NULL when 0; at most [`MAX_CAP`]) and
/// check the buffer rule.
fn text(call: BufCall<'_>, cap: usize) -> Option<String> {
    assert!(cap <= MAX_CAP);
    // One byte past the capacity shows a write beyond it.
    let mut buf = [UNTOUCHED; MAX_CAP + 1];
    let mut len = usize::MAX;
    let ptr = if cap == 0 {
        null_mut()
    } else {
        buf.as_mut_ptr()
    };
    let st = call(ptr, cap, &mut len);
    // Compared as slices (one memcmp), not byte by byte: the fuzzer traces every comparison
    // of a loop, which made these checks most of a run's time.
    match st {
        DgStatus::Ok => {
            assert!(len <= cap);
            let t = std::str::from_utf8(&buf[..len]).expect("UTF-8 text");
            assert!(buf[len..=cap].get(1..) == UNTOUCHED_BUF[len..=cap].get(1..));
            Some(t.to_owned())
        }
        DgStatus::BufferTooSmall => {
            assert!(len > cap, "needed {len} with capacity {cap}");
            assert!(
                buf[..=cap] == UNTOUCHED_BUF[..=cap],
                "wrote into a short buffer"
            );
            // The retry with the size asked for succeeds.
            let mut full = vec![0u8; len];
            let mut got = 0;
            assert_eq!(call(full.as_mut_ptr(), len, &mut got), DgStatus::Ok);
            assert_eq!(got, len);
            Some(String::from_utf8(full).expect("UTF-8 text"))
        }
        other => {
            ok(other, "text");
            assert_eq!(len, usize::MAX, "length written on failure");
            None
        }
    }
}

struct Handle(*mut DgGame);

impl Drop for Handle {
    fn drop(&mut self) {
        unsafe { dg_game_free(self.0) };
    }
}

#[derive(PartialEq, Debug)]
struct Snapshot {
    hash: u64,
    moves: u32,
    events: Option<String>,
}

/// What a failed call must leave as it was: the events JSON only when `deep`.
fn snapshot(g: *const DgGame, deep: bool) -> Snapshot {
    let (mut hash, mut moves) = (0, 0);
    assert!(ok(unsafe { dg_game_state_hash(g, &mut hash) }, "hash"));
    assert!(ok(unsafe { dg_game_move_number(g, &mut moves) }, "moves"));
    let events = deep
        .then(|| {
            text(
                &|b, c, l| unsafe { dg_game_events_json(g, DG_ALL_SEATS, b, c, l) },
                MAX_CAP,
            )
        })
        .flatten();
    Snapshot {
        hash,
        moves,
        events,
    }
}

/// The legal actions, in a list on the stack (the harness allocates as little as it can:
/// under the sanitizer every allocation records a stack trace).
struct Legal {
    ids: [u32; DG_MAX_ACTIONS],
    len: usize,
}

impl std::ops::Deref for Legal {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        &self.ids[..self.len]
    }
}

fn legal(g: *const DgGame) -> Legal {
    let mut ids = [0u32; DG_MAX_ACTIONS];
    let mut len = 0;
    assert!(ok(
        unsafe { dg_game_legal_actions(g, ids.as_mut_ptr(), ids.len(), &mut len) },
        "legal"
    ));
    Legal { ids, len }
}

/// The snapshot before a call: the one left by the last call that changed nothing, if any
/// (a failed call checks one state hash, not two).
fn before(known: &mut Option<Snapshot>, g: *const DgGame, deep: bool) -> Snapshot {
    known.take().unwrap_or_else(|| snapshot(g, deep))
}

/// After a call that must have changed nothing: check it, and keep the snapshot for the next.
fn unchanged(
    known: &mut Option<Snapshot>,
    g: *const DgGame,
    deep: bool,
    was: Snapshot,
    what: &str,
) {
    let now = snapshot(g, deep);
    assert_eq!(now, was, "{what} changed the game");
    *known = Some(now);
}

/// Apply-like call: on success the move number grows by one, on failure nothing changes.
fn mutate(
    known: &mut Option<Snapshot>,
    g: *mut DgGame,
    deep: bool,
    what: &str,
    call: impl FnOnce() -> DgStatus,
) {
    let was = before(known, g, deep);
    if ok(call(), what) {
        assert_eq!(snapshot(g, false).moves, was.moves + 1, "{what}");
    } else {
        unchanged(known, g, deep, was, what);
    }
}

/// The fast body (`ffi_calls`): the calls the bytes describe, with the cheap checks.
pub fn hostile_calls(data: &[u8]) {
    calls(data, false, true);
}

/// The deep body (`ffi_checked`): the same calls, with events compared after every call and
/// saved games loaded again.
pub fn hostile_calls_checked(data: &[u8]) {
    calls(data, true, true);
}

/// The fastest body (`ffi_fast`): the calls of [`hostile_calls`] without saved games, loads
/// or events (states compared by hash only), and the batch calls (`dg_batch_step` with
/// hostile actions and buffers, `dg_game_playouts`).
pub fn hostile_calls_fast(data: &[u8]) {
    calls(data, false, false);
}

fn calls(data: &[u8], deep: bool, loads: bool) {
    let mut input = Bytes(data);
    let kind = u32::from(input.u8() % 4); // 3 is no game
    let config = input.slice(64).to_vec();
    let seed = u64::from(input.u32());
    let mut game = null_mut();
    let (cfg, cfg_len) = if config.is_empty() {
        (null(), 0)
    } else {
        (config.as_ptr(), config.len())
    };
    if !ok(
        unsafe { dg_game_new(kind, cfg, cfg_len, seed, &mut game) },
        "new",
    ) {
        assert!(game.is_null());
        // Fall back to the default rules of a real kind, so the rest of the input is used.
        let st = unsafe { dg_game_new(kind % 3, null(), 0, seed, &mut game) };
        assert_eq!(st, DgStatus::Ok);
    }
    let handle = Handle(game);
    let g = handle.0;
    // The fast body keeps events in one game of four; the deep one in every game.
    let keep_events = deep || (loads && seed % 4 == 0);
    assert!(ok(
        unsafe { dg_game_set_events(g, u32::from(keep_events)) },
        "events"
    ));
    let mut steps = 0;
    let mut known = None;
    while !input.is_empty() && steps < if deep { 400 } else { 96 } {
        steps += 1;
        match input.u8() % 16 {
            0..=3 => {
                // Legal actions (or chance outcomes) most of the time: one in the deep body,
                // a run of up to eight in the fast one, which gets deep into games on few
                // steps.
                let pick = input.u8();
                let run = if deep { 1 } else { 1 + usize::from(pick >> 5) };
                let (mut first, mut last, mut applied) = (0, 0, 0);
                unsafe { dg_game_move_number(g, &mut first) };
                for i in 0..run {
                    let ids = legal(g);
                    if ids.is_empty() {
                        break;
                    }
                    let id = ids[(usize::from(pick) + i * 37) % ids.len()];
                    if deep {
                        mutate(&mut known, g, deep, "apply", || unsafe {
                            dg_game_apply(g, id)
                        });
                    } else {
                        // A listed action must be accepted. The fast body checks the move
                        // number once per run: hashing the state around every apply was most
                        // of its cost.
                        assert_eq!(unsafe { dg_game_apply(g, id) }, DgStatus::Ok, "legal {id}");
                        known = None;
                    }
                    applied += 1;
                }
                unsafe { dg_game_move_number(g, &mut last) };
                assert_eq!(last, first + applied);
            }
            4 => {
                let id = input.u32() % 512;
                mutate(&mut known, g, deep, "apply raw", || unsafe {
                    dg_game_apply(g, id)
                });
            }
            5 => {
                let mut moves = 0;
                unsafe { dg_game_move_number(g, &mut moves) };
                let expected = moves
                    .wrapping_add(u32::from(input.u8() % 3))
                    .wrapping_sub(1);
                let ids = legal(g);
                let id = ids.first().copied().unwrap_or(0);
                mutate(&mut known, g, deep, "apply_at", || unsafe {
                    dg_game_apply_at(g, expected, id)
                });
            }
            6 => {
                let id = input.u32() % 256;
                mutate(&mut known, g, deep, "apply_chance", || unsafe {
                    dg_game_apply_chance(g, id)
                });
            }
            7 => {
                let mut id = u32::MAX;
                let with_out = input.u8() % 4 != 0;
                let out = if with_out {
                    &mut id as *mut u32
                } else {
                    null_mut()
                };
                mutate(&mut known, g, deep, "play_chance", || unsafe {
                    dg_game_play_chance(g, out)
                });
            }
            8 => {
                let cap = usize::from(input.u8());
                let which = input.u8() % 6;
                let was = before(&mut known, g, deep);
                let _ = match which {
                    0 if deep => text(&|b, c, l| unsafe { dg_game_state_json(g, b, c, l) }, cap),
                    3 if deep => text(&|b, c, l| unsafe { dg_game_config_json(g, b, c, l) }, cap),
                    5 if deep => text(&|b, c, l| unsafe { dg_game_save(g, b, c, l) }, cap),
                    1 => text(&|b, c, l| unsafe { dg_game_board_text(g, b, c, l) }, cap),
                    2 => text(&|b, c, l| unsafe { dg_game_end_reason(g, b, c, l) }, cap),
                    4 => text(&|b, c, l| unsafe { dg_last_error(b, c, l) }, cap),
                    // The fast body leaves the whole-state JSON to the deep one.
                    _ => {
                        let id = input.u32() % 512;
                        let lang = u32::from(input.u8() % 3);
                        let seat = i32::from(input.u8() as i8);
                        let st = unsafe { dg_game_check(g, id) };
                        ok(st, "check");
                        text(
                            &|b, c, l| unsafe {
                                dg_game_describe_action(g, id, lang, seat, b, c, l)
                            },
                            cap,
                        )
                    }
                };
                unchanged(&mut known, g, deep, was, "a text call");
            }
            9 if deep => {
                let seat = u32::from(input.u8() % 6);
                let cap = usize::from(input.u8()) * 8;
                text(
                    &|b, c, l| unsafe { dg_game_view_json(g, seat, b, c, l) },
                    cap,
                );
                let seat = i32::from(input.u8() as i8);
                text(
                    &|b, c, l| unsafe { dg_game_events_json(g, seat, b, c, l) },
                    cap,
                );
            }
            9 if !loads => {
                let seat = u32::from(input.u8() % 6);
                let mut ids = [0u32; DG_MAX_ACTIONS];
                let cap = usize::from(input.u8()) % (DG_MAX_ACTIONS + 1);
                let mut n = usize::MAX;
                let st =
                    unsafe { dg_game_legal_actions_for(g, seat, ids.as_mut_ptr(), cap, &mut n) };
                if st == DgStatus::BufferTooSmall {
                    assert!(n > cap);
                } else if ok(st, "legal_actions_for") {
                    assert!(n <= cap);
                }
            }
            9 => {
                // The seat-safe calls a server makes for one seat.
                let seat = u32::from(input.u8() % 6);
                if input.u8() % 2 == 0 {
                    // A view hash serializes the whole view: one call in two is enough here.
                    let mut hash = 0;
                    ok(
                        unsafe { dg_game_view_hash(g, seat, &mut hash) },
                        "view_hash",
                    );
                }
                let mut ids = [0u32; DG_MAX_ACTIONS];
                let cap = usize::from(input.u8()) % (DG_MAX_ACTIONS + 1);
                let mut n = usize::MAX;
                let st =
                    unsafe { dg_game_legal_actions_for(g, seat, ids.as_mut_ptr(), cap, &mut n) };
                if st == DgStatus::BufferTooSmall {
                    assert!(n > cap);
                } else if ok(st, "legal_actions_for") {
                    assert!(n <= cap);
                }
                if keep_events {
                    let seat = i32::from(input.u8() as i8);
                    text(
                        &|b, c, l| unsafe { dg_game_events_json(g, seat, b, c, l) },
                        usize::from(input.u8()) * 8,
                    );
                }
            }
            10 => {
                // id → text → id.
                let id = input.u32() % 512;
                if let Some(t) = text(
                    &|b, c, l| unsafe { dg_game_action_text(g, id, b, c, l) },
                    64,
                ) {
                    let mut back = u32::MAX;
                    let st = unsafe { dg_game_action_id(g, t.as_ptr(), t.len(), &mut back) };
                    assert_eq!((st, back), (DgStatus::Ok, id), "{t}");
                }
            }
            11 => {
                let bytes = input.slice(24).to_vec();
                let mut id = u32::MAX;
                let st = unsafe { dg_game_action_id(g, bytes.as_ptr(), bytes.len(), &mut id) };
                if !ok(st, "action_id") {
                    assert_eq!(id, u32::MAX);
                }
            }
            12 if !loads => batch_calls(&mut input, kind % 3, seed),
            12 if !deep => {
                // Hostile text as a saved game.
                let bytes = input.slice(96).to_vec();
                let mut loaded = null_mut();
                let st = unsafe { dg_game_load(bytes.as_ptr(), bytes.len(), 1, &mut loaded) };
                if ok(st, "load") {
                    drop(Handle(loaded));
                } else {
                    assert!(loaded.is_null());
                }
            }
            12 => {
                // Save, maybe corrupt one byte, load.
                let saved =
                    text(&|b, c, l| unsafe { dg_game_save(g, b, c, l) }, MAX_CAP).expect("save");
                let mut bytes = saved.into_bytes();
                let flip = input.u8();
                if flip != 0 && !bytes.is_empty() {
                    let at = usize::from(input.u8()) * 7 % bytes.len();
                    bytes[at] ^= flip;
                }
                let mut loaded = null_mut();
                let st = unsafe { dg_game_load(bytes.as_ptr(), bytes.len(), 1, &mut loaded) };
                if ok(st, "load") {
                    let loaded = Handle(loaded);
                    if flip == 0 {
                        assert_eq!(snapshot(loaded.0, false).hash, snapshot(g, false).hash);
                    }
                } else {
                    assert!(loaded.is_null());
                }
            }
            13 => {
                let mut copy = null_mut();
                assert!(ok(unsafe { dg_game_clone(g, &mut copy) }, "clone"));
                let copy = Handle(copy);
                assert_eq!(snapshot(copy.0, deep), snapshot(g, deep));
            }
            14 => {
                let seat = u32::from(input.u8() % 5);
                let mut o = DgOAnQuanBoard::default();
                let mut c = DgCaNguaBoard::default();
                let mut d = std::mem::MaybeUninit::<DgDominoBoard>::zeroed();
                ok(unsafe { dg_o_an_quan_board(g, &mut o) }, "board");
                ok(unsafe { dg_ca_ngua_board(g, &mut c) }, "board");
                ok(unsafe { dg_domino_board(g, seat, d.as_mut_ptr()) }, "board");
                let mut out = DgOutcome {
                    seats: 0,
                    scores: [0; 4],
                    places: [0; 4],
                };
                ok(unsafe { dg_game_outcome(g, &mut out) }, "outcome");
            }
            _ => {
                let mut o = [DgChanceOutcome {
                    action: 0,
                    weight: 0,
                }; DG_MAX_ACTIONS];
                let cap = usize::from(input.u8()) % (DG_MAX_ACTIONS + 1);
                let mut n = usize::MAX;
                let st = unsafe { dg_game_chance_outcomes(g, o.as_mut_ptr(), cap, &mut n) };
                if ok(st, "chance_outcomes") {
                    assert!(n <= cap && o[..n].iter().all(|x| x.weight > 0));
                } else {
                    assert_eq!(st, DgStatus::BufferTooSmall);
                    assert!(n > cap);
                }
            }
        }
    }
}

struct Batch(*mut DgBatch);

impl Drop for Batch {
    fn drop(&mut self) {
        unsafe { dg_batch_free(self.0) };
    }
}

/// A batch of `kind`'s default rules, stepped with the actions and buffers the bytes
/// describe: a refused step must leave every game as it was (by the observations written
/// before and after), an accepted one must fill every row; and random playouts of a game.
fn batch_calls(input: &mut Bytes<'_>, kind: u32, seed: u64) {
    let n = usize::from(input.u8() % 4) + 1;
    let mut handle = null_mut();
    assert!(ok(
        unsafe { dg_batch_new(kind, null(), 0, n, seed, &mut handle) },
        "batch_new"
    ));
    let b = Batch(handle);
    let mut shape = DgBatchShape::default();
    assert!(ok(unsafe { dg_batch_shape(b.0, &mut shape) }, "shape"));
    let (ol, al, seats) = (
        shape.observation_len as usize,
        shape.action_ids as usize,
        shape.seats as usize,
    );
    let mut obs = vec![0f32; n * ol];
    let mut masks = vec![0u8; n * al];
    let mut to_play = vec![0i32; n];
    let mut rewards = vec![0f32; n * seats];
    let mut dones = vec![0u8; n];
    let mut actions = vec![0u32; n];
    let steps = input.u8() % 8;
    for _ in 0..steps {
        assert!(ok(
            unsafe { dg_batch_random_actions(b.0, actions.as_mut_ptr(), n) },
            "random_actions"
        ));
        let hostile = input.u8();
        // One argument in eight is spoiled: an action id, a length, a NULL array.
        let spoil = hostile.is_multiple_of(8);
        if spoil {
            let i = usize::from(input.u8()) % n;
            actions[i] = input.u32() % 512;
        }
        let short = |len: usize, which: u8| {
            if spoil && hostile >> 5 == which {
                len.saturating_sub(1)
            } else {
                len
            }
        };
        let null_dones = spoil && hostile >> 5 == 7;
        let mut before = vec![0f32; n * ol];
        let mut m = vec![0u8; n * al];
        let mut t = vec![0i32; n];
        assert!(ok(
            unsafe {
                dg_batch_observe(
                    b.0,
                    before.as_mut_ptr(),
                    before.len(),
                    m.as_mut_ptr(),
                    m.len(),
                    t.as_mut_ptr(),
                    t.len(),
                )
            },
            "observe"
        ));
        let (mut episodes, mut after_episodes) = (0, 0);
        unsafe { dg_batch_episodes(b.0, &mut episodes) };
        let st = unsafe {
            dg_batch_step(
                b.0,
                actions.as_ptr(),
                short(n, 1),
                obs.as_mut_ptr(),
                short(obs.len(), 2),
                masks.as_mut_ptr(),
                short(masks.len(), 3),
                rewards.as_mut_ptr(),
                short(rewards.len(), 4),
                if null_dones {
                    null_mut()
                } else {
                    dones.as_mut_ptr()
                },
                dones.len(),
                to_play.as_mut_ptr(),
                short(n, 5),
            )
        };
        unsafe { dg_batch_episodes(b.0, &mut after_episodes) };
        if ok(st, "batch_step") {
            assert!(to_play.iter().all(|&s| s >= 0 && (s as usize) < seats));
            assert!(dones.iter().all(|&d| d <= 1));
            let ended = dones.iter().filter(|&&d| d == 1).count() as u64;
            assert_eq!(after_episodes, episodes + ended);
            for (row, &t) in masks.chunks(al).zip(&to_play) {
                assert!(t >= 0 && row.contains(&1), "a restarted game has moves");
            }
        } else {
            assert!(spoil, "a step of listed actions failed: {st:?}");
            assert_eq!(after_episodes, episodes);
            let mut after = vec![0f32; n * ol];
            unsafe {
                dg_batch_observe(
                    b.0,
                    after.as_mut_ptr(),
                    after.len(),
                    m.as_mut_ptr(),
                    m.len(),
                    t.as_mut_ptr(),
                    t.len(),
                )
            };
            assert!(after == before, "a refused step changed a game");
        }
    }
    // Playouts from a fresh game of the kind: reproducible and to the end.
    let mut game = null_mut();
    assert!(ok(
        unsafe { dg_game_new(kind, null(), 0, seed, &mut game) },
        "new"
    ));
    let g = Handle(game);
    // A playout is a whole random game (a Domino match is thousands of actions): one batch
    // call in eight plays one, twice; whole playouts were most of this target's time.
    let count = u64::from(input.u8() % 8 == 7);
    let (mut first, mut second) = (DgPlayouts::default(), DgPlayouts::default());
    assert!(ok(
        unsafe { dg_game_playouts(g.0, seed, count, &mut first) },
        "playouts"
    ));
    assert!(ok(
        unsafe { dg_game_playouts(g.0, seed, count, &mut second) },
        "playouts"
    ));
    assert_eq!(first, second);
    assert_eq!(first.playouts, count);
    assert!(first.actions >= first.decisions);
    assert!(first.wins.iter().all(|&w| w <= count));
}
