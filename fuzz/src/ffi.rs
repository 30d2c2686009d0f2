//! Fuzz body for the C ABI: bytes become a sequence of `dg_` calls with hostile arguments
//! (raw and stale ids, out-of-range seats and kinds, NULL and short buffers, arbitrary text as
//! configs, notation and records, mutated saved games). Run by the `ffi_calls` fuzz target and,
//! over the committed corpus, by `cargo test` (`fuzz/tests/corpus.rs`).
//!
//! Checked after every call: no call panics (`DG_STATUS_PANIC`, `DG_STATUS_POISONED`); a
//! failed call leaves the game's hash, move number and events as they were; a successful
//! apply advances the move number by one; a buffer too small gets nothing but the needed
//! length; a saved game loads to the same hash; an action's text reads back as its id.

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

/// A caller's buffer of `cap` bytes (and one more) as it was before the call.
fn untouched(cap: usize) -> Vec<u8> {
    vec![0xA5u8; cap + 1]
}

/// Call a text function with a buffer of `cap` bytes (NULL when 0) and check the buffer rule.
fn text(call: BufCall<'_>, cap: usize) -> Option<String> {
    let mut buf = untouched(cap);
    let mut len = usize::MAX;
    let ptr = if cap == 0 {
        null_mut()
    } else {
        buf.as_mut_ptr()
    };
    let st = call(ptr, cap, &mut len);
    match st {
        DgStatus::Ok => {
            assert!(len <= cap);
            let t = std::str::from_utf8(&buf[..len]).expect("UTF-8 text");
            // Compared as slices (one memcmp), not byte by byte: the fuzzer traces every
            // comparison of a loop, which made this check most of a run's time.
            assert!(buf.len() <= len + 1 || buf[len + 1..] == untouched(cap)[len + 1..]);
            Some(t.to_owned())
        }
        DgStatus::BufferTooSmall => {
            assert!(len > cap, "needed {len} with capacity {cap}");
            assert!(buf == untouched(cap), "wrote into a short buffer");
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

fn snapshot(g: *const DgGame) -> Snapshot {
    let (mut hash, mut moves) = (0, 0);
    assert!(ok(unsafe { dg_game_state_hash(g, &mut hash) }, "hash"));
    assert!(ok(unsafe { dg_game_move_number(g, &mut moves) }, "moves"));
    let events = text(
        &|b, c, l| unsafe { dg_game_events_json(g, DG_ALL_SEATS, b, c, l) },
        4096,
    );
    Snapshot {
        hash,
        moves,
        events,
    }
}

fn legal(g: *const DgGame) -> Vec<u32> {
    let mut ids = [0u32; DG_MAX_ACTIONS];
    let mut n = 0;
    assert!(ok(
        unsafe { dg_game_legal_actions(g, ids.as_mut_ptr(), ids.len(), &mut n) },
        "legal"
    ));
    ids[..n].to_vec()
}

/// Apply-like call: on success the move number grows by one, on failure nothing changes.
fn mutate(g: *mut DgGame, what: &str, call: impl FnOnce() -> DgStatus) {
    let before = snapshot(g);
    if ok(call(), what) {
        assert_eq!(snapshot(g).moves, before.moves + 1, "{what}");
    } else {
        assert_eq!(snapshot(g), before, "{what} failed but changed the game");
    }
}

/// Run the calls the bytes describe.
pub fn hostile_calls(data: &[u8]) {
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
    let mut steps = 0;
    while !input.is_empty() && steps < 400 {
        steps += 1;
        match input.u8() % 16 {
            0..=3 => {
                // A legal action (or chance outcome) most of the time.
                let ids = legal(g);
                if ids.is_empty() {
                    continue;
                }
                let id = ids[usize::from(input.u8()) % ids.len()];
                mutate(g, "apply", || unsafe { dg_game_apply(g, id) });
            }
            4 => {
                let id = input.u32() % 512;
                mutate(g, "apply raw", || unsafe { dg_game_apply(g, id) });
            }
            5 => {
                let mut moves = 0;
                unsafe { dg_game_move_number(g, &mut moves) };
                let expected = moves
                    .wrapping_add(u32::from(input.u8() % 3))
                    .wrapping_sub(1);
                let ids = legal(g);
                let id = ids.first().copied().unwrap_or(0);
                mutate(g, "apply_at", || unsafe {
                    dg_game_apply_at(g, expected, id)
                });
            }
            6 => {
                let id = input.u32() % 256;
                mutate(g, "apply_chance", || unsafe { dg_game_apply_chance(g, id) });
            }
            7 => {
                let mut id = u32::MAX;
                let with_out = input.u8() % 4 != 0;
                let out = if with_out {
                    &mut id as *mut u32
                } else {
                    null_mut()
                };
                mutate(g, "play_chance", || unsafe { dg_game_play_chance(g, out) });
            }
            8 => {
                let cap = usize::from(input.u8());
                let which = input.u8() % 6;
                let before = snapshot(g);
                let _ = match which {
                    0 => text(&|b, c, l| unsafe { dg_game_state_json(g, b, c, l) }, cap),
                    1 => text(&|b, c, l| unsafe { dg_game_board_text(g, b, c, l) }, cap),
                    2 => text(&|b, c, l| unsafe { dg_game_end_reason(g, b, c, l) }, cap),
                    3 => text(&|b, c, l| unsafe { dg_game_config_json(g, b, c, l) }, cap),
                    4 => text(&|b, c, l| unsafe { dg_last_error(b, c, l) }, cap),
                    _ => text(&|b, c, l| unsafe { dg_game_save(g, b, c, l) }, cap),
                };
                assert_eq!(snapshot(g), before);
            }
            9 => {
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
            12 => {
                // Save, maybe corrupt one byte, load.
                let saved =
                    text(&|b, c, l| unsafe { dg_game_save(g, b, c, l) }, 1 << 16).expect("save");
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
                        assert_eq!(snapshot(loaded.0).hash, snapshot(g).hash);
                    }
                } else {
                    assert!(loaded.is_null());
                }
            }
            13 => {
                let mut copy = null_mut();
                assert!(ok(unsafe { dg_game_clone(g, &mut copy) }, "clone"));
                let copy = Handle(copy);
                assert_eq!(snapshot(copy.0), snapshot(g));
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
