//! Hostile input through the C ABI, calling the `dg_` functions directly: NULL for every
//! pointer argument, short buffers, out-of-range integers, invalid UTF-8 and JSON, configs
//! that fail validation, illegal, unknown and stale actions, chance at the wrong time, corrupt
//! and forged records. Each call must return its status code, write no out-parameter, set a
//! message for `dg_last_error`, and leave the game exactly as it was (state hash, state JSON,
//! move number, last events and record).
//!
//! An internal panic cannot be caused from outside the library (that would be a bug to fix),
//! so the panic boundary is proven by the unit tests in `src/ffi/tests.rs`, which inject
//! faults through a switch compiled only into the crate's unit-test build. Leaks are checked by
//! the C consumer under valgrind (`tests/consumers.rs`), which runs these error paths too.

// SAFETY (every `unsafe` block of this file): the block calls the C ABI with pointers that
// are NULL or valid for what the header says (live handles, writable out-parameters, buffers
// of the given capacity), which is the whole of its contract; the tests pass NULLs and bad
// lengths on purpose, which the library checks.
#![allow(clippy::undocumented_unsafe_blocks)]

use std::ptr::{null, null_mut};

use dangian_ffi::*;

const SENTINEL: u32 = 0xDEAD_BEEF;
const OAQ: u32 = DgGameKind::OAnQuan as u32;
const CN: u32 = DgGameKind::CaNgua as u32;
const DOM: u32 = DgGameKind::Domino as u32;
const KINDS: [u32; 3] = [OAQ, CN, DOM];

/// An owned handle, freed on drop.
struct Game(*mut DgGame);

impl Drop for Game {
    fn drop(&mut self) {
        unsafe { dg_game_free(self.0) };
    }
}

impl Game {
    fn new(kind: u32, config: Option<&str>, seed: u64) -> Game {
        let mut out = null_mut();
        let (ptr, len) = config.map_or((null(), 0), |c| (c.as_ptr(), c.len()));
        let st = unsafe { dg_game_new(kind, ptr, len, seed, &mut out) };
        assert_eq!(st, DgStatus::Ok, "{}", last_error());
        Game(out)
    }

    fn fresh(kind: u32) -> Game {
        Game::new(kind, None, 7)
    }

    fn to_move(&self) -> i32 {
        let mut t = 0;
        assert_eq!(unsafe { dg_game_to_move(self.0, &mut t) }, DgStatus::Ok);
        t
    }

    fn move_number(&self) -> u32 {
        let mut m = 0;
        assert_eq!(unsafe { dg_game_move_number(self.0, &mut m) }, DgStatus::Ok);
        m
    }

    fn legal(&self) -> Vec<u32> {
        let mut ids = [0u32; DG_MAX_ACTIONS];
        let mut n = 0;
        let st = unsafe { dg_game_legal_actions(self.0, ids.as_mut_ptr(), ids.len(), &mut n) };
        assert_eq!(st, DgStatus::Ok);
        ids[..n].to_vec()
    }

    /// One step with the consumers' choice rule; false once over.
    fn step(&self) -> bool {
        match self.to_move() {
            DG_TO_MOVE_OVER => false,
            DG_TO_MOVE_CHANCE => {
                let mut id = 0;
                assert_eq!(
                    unsafe { dg_game_play_chance(self.0, &mut id) },
                    DgStatus::Ok
                );
                true
            }
            _ => {
                let legal = self.legal();
                let m = self.move_number();
                let id = legal[((m * 7 + 3) as usize) % legal.len()];
                assert_eq!(unsafe { dg_game_apply(self.0, id) }, DgStatus::Ok);
                true
            }
        }
    }

    /// Play until a player is to move (and at least one action was applied).
    fn until_player(self) -> Game {
        self.step();
        while self.to_move() < 0 && self.step() {}
        assert!(self.to_move() >= 0);
        self
    }

    fn until_chance(self) -> Game {
        while self.to_move() != DG_TO_MOVE_CHANCE {
            assert!(self.step(), "the game ended before chance was to move");
        }
        self
    }

    fn finished(kind: u32) -> Game {
        let g = Game::fresh(kind);
        while g.step() {}
        g
    }

    fn text(
        &self,
        f: unsafe extern "C" fn(*const DgGame, *mut u8, usize, *mut usize) -> DgStatus,
    ) -> String {
        let mut buf = vec![0u8; 1 << 20];
        let mut len = 0;
        let st = unsafe { f(self.0, buf.as_mut_ptr(), buf.len(), &mut len) };
        assert_eq!(st, DgStatus::Ok, "{}", last_error());
        String::from_utf8(buf[..len].to_vec()).expect("UTF-8")
    }

    fn snapshot(&self) -> Snapshot {
        let mut hash = 0;
        assert_eq!(
            unsafe { dg_game_state_hash(self.0, &mut hash) },
            DgStatus::Ok
        );
        let mut events = vec![0u8; 1 << 20];
        let mut len = 0;
        let st = unsafe {
            dg_game_events_json(
                self.0,
                DG_ALL_SEATS,
                events.as_mut_ptr(),
                events.len(),
                &mut len,
            )
        };
        assert_eq!(st, DgStatus::Ok);
        events.truncate(len);
        Snapshot {
            hash,
            state: self.text(dg_game_state_json),
            moves: self.move_number(),
            to_move: self.to_move(),
            events: String::from_utf8(events).expect("UTF-8"),
            record: self.text(dg_game_save),
        }
    }

    /// Expect `call` to fail with `status`, change nothing, and leave a fresh message.
    fn refuses(&self, status: DgStatus, call: impl FnOnce() -> DgStatus) -> String {
        let before = self.snapshot();
        let message = refuses(status, call);
        assert_eq!(self.snapshot(), before, "the game changed");
        message
    }
}

#[derive(Debug, PartialEq)]
struct Snapshot {
    hash: u64,
    state: String,
    moves: u32,
    to_move: i32,
    events: String,
    record: String,
}

fn last_error() -> String {
    let mut buf = vec![0u8; 4096];
    let mut len = 0;
    assert_eq!(
        unsafe { dg_last_error(buf.as_mut_ptr(), buf.len(), &mut len) },
        DgStatus::Ok
    );
    String::from_utf8(buf[..len].to_vec()).expect("UTF-8 message")
}

/// Leave a known message, so that a later one is known to be new.
fn mark_last_error() -> String {
    let mut len = 0;
    let st = unsafe { dg_game_kind_name(0xC0FFEE, null_mut(), 0, &mut len) };
    assert_eq!(st, DgStatus::InvalidArgument);
    last_error()
}

/// Expect `call` to fail with `status` and to leave a new message.
fn refuses(status: DgStatus, call: impl FnOnce() -> DgStatus) -> String {
    let mark = mark_last_error();
    assert_eq!(call(), status);
    let message = last_error();
    assert!(
        !message.is_empty() && message != mark,
        "no message for {status:?}"
    );
    message
}

/// A call with a NULL game that may write to shared out-parameters.
type NullCall<'a> = Box<dyn FnMut() -> DgStatus + 'a>;
type TextFn = unsafe extern "C" fn(*const DgGame, *mut u8, usize, *mut usize) -> DgStatus;
type BufCall = Box<dyn Fn(*const DgGame, *mut u8, usize, *mut usize) -> DgStatus>;

/// Every function that writes text, as `(name, call(game, buf, cap, len_out))`.
fn text_functions() -> Vec<(&'static str, BufCall)> {
    fn plain(f: TextFn) -> BufCall {
        Box::new(move |g, b, c, l| unsafe { f(g, b, c, l) })
    }
    vec![
        ("dg_game_end_reason", plain(dg_game_end_reason)),
        ("dg_game_state_json", plain(dg_game_state_json)),
        ("dg_game_config_json", plain(dg_game_config_json)),
        ("dg_game_board_text", plain(dg_game_board_text)),
        ("dg_game_save", plain(dg_game_save)),
        (
            "dg_game_view_json",
            Box::new(|g, b, c, l| unsafe { dg_game_view_json(g, 1, b, c, l) }),
        ),
        (
            "dg_game_events_json",
            Box::new(|g, b, c, l| unsafe { dg_game_events_json(g, DG_ALL_SEATS, b, c, l) }),
        ),
        (
            "dg_game_events_json(seat 0)",
            Box::new(|g, b, c, l| unsafe { dg_game_events_json(g, 0, b, c, l) }),
        ),
        (
            "dg_game_action_text",
            Box::new(|g, b, c, l| unsafe { dg_game_action_text(g, 3, b, c, l) }),
        ),
    ]
}

/// The functions that write text without a game.
fn global_text_functions() -> Vec<(&'static str, BufCall)> {
    vec![
        (
            "dg_version",
            Box::new(|_, b, c, l| unsafe { dg_version(b, c, l) }),
        ),
        (
            "dg_game_kind_name",
            Box::new(|_, b, c, l| unsafe { dg_game_kind_name(CN, b, c, l) }),
        ),
    ]
}

// --- NULL pointers ---------------------------------------------------------------------------

#[test]
fn null_game_handle_is_refused_by_every_function() {
    let mut u = SENTINEL;
    let mut i = SENTINEL as i32;
    let mut h = u64::from(SENTINEL);
    let mut handle: *mut DgGame = null_mut();
    let null_game: *mut DgGame = null_mut();
    // Raw pointers, so that several calls may share one out-parameter.
    let (pu, pi, ph, phandle): (*mut u32, *mut i32, *mut u64, *mut *mut DgGame) =
        (&mut u, &mut i, &mut h, &mut handle);
    let calls: Vec<(&str, NullCall)> = vec![
        (
            "clone",
            Box::new(|| unsafe { dg_game_clone(null_game, phandle) }),
        ),
        ("kind", Box::new(|| unsafe { dg_game_kind(null_game, pu) })),
        (
            "seats",
            Box::new(|| unsafe { dg_game_seats(null_game, pu) }),
        ),
        (
            "to_move",
            Box::new(|| unsafe { dg_game_to_move(null_game, pi) }),
        ),
        (
            "move_number",
            Box::new(|| unsafe { dg_game_move_number(null_game, pu) }),
        ),
        (
            "state_hash",
            Box::new(|| unsafe { dg_game_state_hash(null_game, ph) }),
        ),
        ("check", Box::new(|| unsafe { dg_game_check(null_game, 0) })),
        ("apply", Box::new(|| unsafe { dg_game_apply(null_game, 0) })),
        (
            "apply_at",
            Box::new(|| unsafe { dg_game_apply_at(null_game, 0, 0) }),
        ),
        (
            "apply_chance",
            Box::new(|| unsafe { dg_game_apply_chance(null_game, 0) }),
        ),
        (
            "play_chance",
            Box::new(|| unsafe { dg_game_play_chance(null_game, &mut 0) }),
        ),
        (
            "outcome",
            Box::new(|| {
                let mut o = DgOutcome {
                    seats: SENTINEL,
                    scores: [0; 4],
                    places: [0; 4],
                };
                let st = unsafe { dg_game_outcome(null_game, &mut o) };
                assert_eq!(o.seats, SENTINEL);
                st
            }),
        ),
        (
            "action_id",
            Box::new(|| unsafe { dg_game_action_id(null_game, b"a1+".as_ptr(), 3, &mut 0) }),
        ),
        (
            "legal_actions",
            Box::new(|| {
                let mut ids = [SENTINEL; 4];
                let mut n = 77;
                let st = unsafe { dg_game_legal_actions(null_game, ids.as_mut_ptr(), 4, &mut n) };
                assert_eq!((ids, n), ([SENTINEL; 4], 77));
                st
            }),
        ),
        (
            "chance_outcomes",
            Box::new(|| {
                let mut o = [DgChanceOutcome {
                    action: SENTINEL,
                    weight: SENTINEL,
                }; 4];
                let mut n = 77;
                let st = unsafe { dg_game_chance_outcomes(null_game, o.as_mut_ptr(), 4, &mut n) };
                assert_eq!(n, 77);
                st
            }),
        ),
        (
            "o_an_quan_board",
            Box::new(|| {
                let mut b = DgOAnQuanBoard {
                    ply: SENTINEL,
                    ..Default::default()
                };
                let st = unsafe { dg_o_an_quan_board(null_game, &mut b) };
                assert_eq!(b.ply, SENTINEL);
                st
            }),
        ),
        (
            "ca_ngua_board",
            Box::new(|| {
                let mut b = DgCaNguaBoard {
                    track_len: SENTINEL,
                    ..Default::default()
                };
                let st = unsafe { dg_ca_ngua_board(null_game, &mut b) };
                assert_eq!(b.track_len, SENTINEL);
                st
            }),
        ),
        (
            "domino_board",
            Box::new(|| {
                let mut b = std::mem::MaybeUninit::<DgDominoBoard>::zeroed();
                unsafe { dg_domino_board(null_game, 0, b.as_mut_ptr()) }
            }),
        ),
    ];
    for (name, mut call) in calls {
        let message = refuses(DgStatus::NullPointer, &mut call);
        assert!(message.contains("game is NULL"), "{name}: {message}");
    }
    assert!(handle.is_null());
    assert_eq!((u, i, h), (SENTINEL, SENTINEL as i32, u64::from(SENTINEL)));
    for (name, call) in text_functions() {
        let mut buf = [0xAAu8; 64];
        let mut len = 77;
        let message = refuses(DgStatus::NullPointer, || {
            call(null(), buf.as_mut_ptr(), buf.len(), &mut len)
        });
        assert!(message.contains("game is NULL"), "{name}: {message}");
        assert_eq!((buf, len), ([0xAA; 64], 77), "{name} wrote through");
    }
    // Freeing NULL does nothing.
    unsafe { dg_game_free(null_mut()) };
}

#[test]
fn null_out_parameters_are_refused_before_any_work() {
    for kind in KINDS {
        let fresh = Game::fresh(kind);
        let g = fresh.0;
        for (name, call) in [
            (
                "kind",
                Box::new(|| unsafe { dg_game_kind(g, null_mut()) }) as Box<dyn Fn() -> DgStatus>,
            ),
            (
                "seats",
                Box::new(|| unsafe { dg_game_seats(g, null_mut()) }),
            ),
            (
                "to_move",
                Box::new(|| unsafe { dg_game_to_move(g, null_mut()) }),
            ),
            (
                "move_number",
                Box::new(|| unsafe { dg_game_move_number(g, null_mut()) }),
            ),
            (
                "state_hash",
                Box::new(|| unsafe { dg_game_state_hash(g, null_mut()) }),
            ),
            (
                "clone",
                Box::new(|| unsafe { dg_game_clone(g, null_mut()) }),
            ),
            (
                "outcome",
                Box::new(|| unsafe { dg_game_outcome(g, null_mut()) }),
            ),
            (
                "action_id",
                Box::new(|| unsafe { dg_game_action_id(g, b"x".as_ptr(), 1, null_mut()) }),
            ),
            (
                "o_an_quan_board",
                Box::new(|| unsafe { dg_o_an_quan_board(g, null_mut()) }),
            ),
            (
                "ca_ngua_board",
                Box::new(|| unsafe { dg_ca_ngua_board(g, null_mut()) }),
            ),
            (
                "domino_board",
                Box::new(|| unsafe { dg_domino_board(g, 0, null_mut()) }),
            ),
        ] {
            let message = fresh.refuses(DgStatus::NullPointer, call);
            assert!(message.contains("out is NULL"), "{name}: {message}");
        }
        // play_chance with a NULL out must not play: chance stays to move, the RNG untouched.
        if kind != OAQ {
            let chance = Game::fresh(kind).until_chance();
            let control = Game::fresh(kind).until_chance();
            chance.refuses(DgStatus::NullPointer, || unsafe {
                dg_game_play_chance(chance.0, null_mut())
            });
            assert!(chance.step() && control.step());
            assert_eq!(chance.snapshot(), control.snapshot());
        }
        // Buffers: NULL length out-parameter, or NULL buffer with a capacity.
        for (name, call) in text_functions() {
            let mut buf = [0xAAu8; 64];
            let msg = fresh.refuses(DgStatus::NullPointer, || {
                call(g, buf.as_mut_ptr(), buf.len(), null_mut())
            });
            assert!(msg.contains("len_out is NULL"), "{name}: {msg}");
            assert_eq!(buf, [0xAA; 64], "{name} wrote through");
            let mut len = 77;
            let msg = fresh.refuses(DgStatus::NullPointer, || call(g, null_mut(), 64, &mut len));
            assert!(msg.contains("buf is NULL"), "{name}: {msg}");
            assert_eq!(len, 77, "{name} wrote the length");
        }
        let mut ids = [SENTINEL; 4];
        fresh.refuses(DgStatus::NullPointer, || unsafe {
            dg_game_legal_actions(g, ids.as_mut_ptr(), 4, null_mut())
        });
        let mut n = 77;
        fresh.refuses(DgStatus::NullPointer, || unsafe {
            dg_game_legal_actions(g, null_mut(), 4, &mut n)
        });
        fresh.refuses(DgStatus::NullPointer, || unsafe {
            dg_game_chance_outcomes(g, null_mut(), 4, &mut n)
        });
        let mut o = [DgChanceOutcome {
            action: 0,
            weight: 0,
        }; 4];
        fresh.refuses(DgStatus::NullPointer, || unsafe {
            dg_game_chance_outcomes(g, o.as_mut_ptr(), 4, null_mut())
        });
        assert_eq!((ids, n), ([SENTINEL; 4], 77));
    }
    for (name, call) in global_text_functions() {
        let mut len = 77;
        refuses(DgStatus::NullPointer, || {
            call(null(), null_mut(), 8, &mut len)
        });
        assert_eq!(len, 77, "{name}");
        let mut buf = [0xAAu8; 8];
        refuses(DgStatus::NullPointer, || {
            call(null(), buf.as_mut_ptr(), 8, null_mut())
        });
        assert_eq!(buf, [0xAA; 8], "{name}");
    }
    // dg_last_error reports its own misuse by status only (it keeps the message).
    let mark = mark_last_error();
    assert_eq!(
        unsafe { dg_last_error(null_mut(), 8, &mut 0) },
        DgStatus::NullPointer
    );
    assert_eq!(
        unsafe { dg_last_error([0u8; 8].as_mut_ptr(), 8, null_mut()) },
        DgStatus::NullPointer
    );
    assert_eq!(last_error(), mark);
}

#[test]
fn null_input_pointers_are_refused() {
    // dg_game_new: the out-parameter, and config NULL with a length.
    let mut out = null_mut();
    refuses(DgStatus::NullPointer, || unsafe {
        dg_game_new(OAQ, null(), 0, 1, null_mut())
    });
    let msg = refuses(DgStatus::NullPointer, || unsafe {
        dg_game_new(OAQ, null(), 5, 1, &mut out)
    });
    assert!(msg.contains("config_json is NULL"), "{msg}");
    assert!(out.is_null());
    // dg_game_load: the text, and the out-parameter.
    let record = Game::finished(OAQ).text(dg_game_save);
    refuses(DgStatus::NullPointer, || unsafe {
        dg_game_load(null(), 0, 7, &mut out)
    });
    refuses(DgStatus::NullPointer, || unsafe {
        dg_game_load(null(), record.len(), 7, &mut out)
    });
    refuses(DgStatus::NullPointer, || unsafe {
        dg_game_load(record.as_ptr(), record.len(), 7, null_mut())
    });
    assert!(out.is_null());
    // dg_game_action_id: the text, with and without a length.
    let g = Game::fresh(OAQ);
    let mut id = SENTINEL;
    for len in [0, 3] {
        let msg = g.refuses(DgStatus::NullPointer, || unsafe {
            dg_game_action_id(g.0, null(), len, &mut id)
        });
        assert!(msg.contains("text is NULL"), "{msg}");
    }
    assert_eq!(id, SENTINEL);
    // A length no object can have is refused before a slice is made.
    let msg = g.refuses(DgStatus::InvalidArgument, || unsafe {
        dg_game_action_id(g.0, b"a1+".as_ptr(), usize::MAX, &mut id)
    });
    assert!(msg.contains("too large"), "{msg}");
    assert_eq!(id, SENTINEL);
}

// --- buffers ---------------------------------------------------------------------------------

/// A short buffer reports the length and writes nothing; the size query gives the same
/// length; a buffer of exactly that size gets the text without a NUL; one byte more gets the
/// NUL too.
fn check_sizes(name: &str, game: *const DgGame, call: &BufCall) {
    let mut needed = 77;
    let st = call(game, null_mut(), 0, &mut needed);
    if needed == 0 {
        assert_eq!(st, DgStatus::Ok, "{name}: empty text fits a NULL buffer");
        return;
    }
    assert_eq!(st, DgStatus::BufferTooSmall, "{name}: size query");
    assert!(last_error().contains("needed"), "{name}");
    let mut short = vec![0xAAu8; needed - 1];
    let mut len = 77;
    let st = call(game, short.as_mut_ptr(), short.len(), &mut len);
    assert_eq!(st, DgStatus::BufferTooSmall, "{name}: short buffer");
    assert_eq!(len, needed, "{name}: needed length");
    assert!(
        short.iter().all(|&b| b == 0xAA),
        "{name}: wrote into a short buffer"
    );
    let mut exact = vec![0xAAu8; needed + 1];
    let st = call(game, exact.as_mut_ptr(), needed, &mut len);
    assert_eq!(st, DgStatus::Ok, "{name}: exact buffer");
    assert_eq!(len, needed);
    assert_eq!(exact[needed], 0xAA, "{name}: NUL written past the capacity");
    let text = std::str::from_utf8(&exact[..needed])
        .expect("UTF-8")
        .to_owned();
    let mut roomy = vec![0xAAu8; needed + 5];
    let st = call(game, roomy.as_mut_ptr(), roomy.len(), &mut len);
    assert_eq!(st, DgStatus::Ok);
    assert_eq!(
        (&roomy[..needed], roomy[needed]),
        (text.as_bytes(), 0),
        "{name}"
    );
    assert_eq!(roomy[needed + 1], 0xAA, "{name}: wrote past the NUL");
}

#[test]
fn short_buffers_report_the_size_and_the_retry_succeeds() {
    for kind in KINDS {
        let g = Game::finished(kind);
        for (name, call) in text_functions() {
            let before = g.snapshot();
            check_sizes(name, g.0, &call);
            assert_eq!(g.snapshot(), before);
        }
        // Arrays: legal actions and chance outcomes.
        let g = Game::fresh(kind).until_player();
        let legal = g.legal();
        if legal.len() > 1 {
            let mut ids = [SENTINEL; DG_MAX_ACTIONS];
            let mut n = 0;
            g.refuses(DgStatus::BufferTooSmall, || unsafe {
                dg_game_legal_actions(g.0, ids.as_mut_ptr(), legal.len() - 1, &mut n)
            });
            assert_eq!(n, legal.len());
            assert!(ids.iter().all(|&i| i == SENTINEL));
            g.refuses(DgStatus::BufferTooSmall, || unsafe {
                dg_game_legal_actions(g.0, null_mut(), 0, &mut n)
            });
            assert_eq!(n, legal.len());
            let st = unsafe { dg_game_legal_actions(g.0, ids.as_mut_ptr(), n, &mut n) };
            assert_eq!((st, &ids[..n]), (DgStatus::Ok, &legal[..]));
            assert_eq!(ids[n], SENTINEL);
        }
        // With nothing to list, a NULL buffer is enough.
        let p = Game::fresh(kind).until_player();
        let mut m = 77;
        let st = unsafe { dg_game_chance_outcomes(p.0, null_mut(), 0, &mut m) };
        assert_eq!((st, m), (DgStatus::Ok, 0));
        if kind == OAQ {
            continue; // no chance in Ô ăn quan
        }
        let g = Game::fresh(kind).until_chance();
        let mut n = 0;
        g.refuses(DgStatus::BufferTooSmall, || unsafe {
            dg_game_chance_outcomes(g.0, null_mut(), 0, &mut n)
        });
        assert!(n > 1 && n <= DG_MAX_ACTIONS);
        let mut o = vec![
            DgChanceOutcome {
                action: SENTINEL,
                weight: 0
            };
            n
        ];
        let mut m = 0;
        g.refuses(DgStatus::BufferTooSmall, || unsafe {
            dg_game_chance_outcomes(g.0, o.as_mut_ptr(), n - 1, &mut m)
        });
        assert_eq!(m, n);
        assert!(o.iter().all(|x| x.action == SENTINEL));
        let st = unsafe { dg_game_chance_outcomes(g.0, o.as_mut_ptr(), n, &mut m) };
        assert_eq!((st, m), (DgStatus::Ok, n));
        assert!(o.iter().all(|x| x.weight > 0));
    }
    for (name, call) in global_text_functions() {
        check_sizes(name, null(), &call);
    }
    // dg_last_error itself: a short buffer keeps the message for the retry.
    let mark = mark_last_error();
    let mut len = 0;
    let st = unsafe { dg_last_error([0u8; 4].as_mut_ptr(), 4, &mut len) };
    assert_eq!((st, len), (DgStatus::BufferTooSmall, mark.len()));
    assert_eq!(last_error(), mark);
}

// --- integers out of range -------------------------------------------------------------------

#[test]
fn out_of_range_game_kinds_seats_and_enum_values_are_refused() {
    for kind in [3, 4, 255, u32::MAX] {
        let mut out = null_mut();
        let msg = refuses(DgStatus::InvalidArgument, || unsafe {
            dg_game_new(kind, null(), 0, 1, &mut out)
        });
        assert!(msg.contains("no game kind"), "{msg}");
        assert!(out.is_null());
        let mut len = 77;
        refuses(DgStatus::InvalidArgument, || unsafe {
            dg_game_kind_name(kind, null_mut(), 0, &mut len)
        });
        assert_eq!(len, 77);
    }
    for kind in KINDS {
        let g = Game::fresh(kind).until_player();
        let mut seats = 0;
        assert_eq!(unsafe { dg_game_seats(g.0, &mut seats) }, DgStatus::Ok);
        let mut buf = [0xAAu8; 256];
        let mut len = 77;
        for seat in [seats, seats + 1, 4, u32::MAX] {
            let msg = g.refuses(DgStatus::InvalidArgument, || unsafe {
                dg_game_view_json(g.0, seat, buf.as_mut_ptr(), buf.len(), &mut len)
            });
            assert!(msg.contains("seat"), "{msg}");
        }
        for seat in [seats as i32, 4, -2, -3, i32::MIN, i32::MAX] {
            let msg = g.refuses(DgStatus::InvalidArgument, || unsafe {
                dg_game_events_json(g.0, seat, buf.as_mut_ptr(), buf.len(), &mut len)
            });
            assert!(msg.contains("seat"), "{msg}");
        }
        assert_eq!((buf, len), ([0xAA; 256], 77));
    }
    let d = Game::fresh(DOM);
    let mut b = std::mem::MaybeUninit::<DgDominoBoard>::zeroed();
    for seat in [2, 4, u32::MAX] {
        d.refuses(DgStatus::InvalidArgument, || unsafe {
            dg_domino_board(d.0, seat, b.as_mut_ptr())
        });
    }
    // A board snapshot of another game.
    let o = Game::fresh(OAQ);
    let c = Game::fresh(CN);
    let mut ob = DgOAnQuanBoard {
        ply: SENTINEL,
        ..Default::default()
    };
    let mut cb = DgCaNguaBoard {
        track_len: SENTINEL,
        ..Default::default()
    };
    c.refuses(DgStatus::WrongGame, || unsafe {
        dg_o_an_quan_board(c.0, &mut ob)
    });
    d.refuses(DgStatus::WrongGame, || unsafe {
        dg_o_an_quan_board(d.0, &mut ob)
    });
    o.refuses(DgStatus::WrongGame, || unsafe {
        dg_ca_ngua_board(o.0, &mut cb)
    });
    o.refuses(DgStatus::WrongGame, || unsafe {
        dg_domino_board(o.0, 0, b.as_mut_ptr())
    });
    assert_eq!((ob.ply, cb.track_len), (SENTINEL, SENTINEL));
}

// --- text and JSON ---------------------------------------------------------------------------

const NOT_UTF8: &[&[u8]] = &[
    b"\xff\xfe",
    b"{\"dan_per_square\": 5\xc3}",
    b"\xc0\xaf",           // an overlong '/'
    b"\xed\xa0\x80",       // a UTF-16 surrogate
    b"a1\xf4\x90\x80\x80", // beyond U+10FFFF
];

#[test]
fn invalid_utf8_is_refused() {
    for kind in KINDS {
        for bytes in NOT_UTF8 {
            let mut out = null_mut();
            refuses(DgStatus::InvalidUtf8, || unsafe {
                dg_game_new(kind, bytes.as_ptr(), bytes.len(), 1, &mut out)
            });
            refuses(DgStatus::InvalidUtf8, || unsafe {
                dg_game_load(bytes.as_ptr(), bytes.len(), 7, &mut out)
            });
            assert!(out.is_null());
            let g = Game::fresh(kind);
            let mut id = SENTINEL;
            g.refuses(DgStatus::InvalidUtf8, || unsafe {
                dg_game_action_id(g.0, bytes.as_ptr(), bytes.len(), &mut id)
            });
            assert_eq!(id, SENTINEL);
        }
    }
}

#[test]
fn invalid_json_is_refused() {
    for kind in KINDS {
        for text in [
            "{not json",
            "{",
            "{\"a\":",
            "[1,",
            "{} {}",
            "nul",
            "{\"x\":1,}",
            " ",
            "\n",
        ] {
            let mut out = null_mut();
            let msg = refuses(DgStatus::InvalidJson, || unsafe {
                dg_game_new(kind, text.as_ptr(), text.len(), 1, &mut out)
            });
            assert!(msg.starts_with("config:"), "{msg}");
            refuses(DgStatus::InvalidJson, || unsafe {
                dg_game_load(text.as_ptr(), text.len(), 7, &mut out)
            });
            assert!(out.is_null());
        }
        // JSON, but not a config of this game.
        for text in ["[]", "\"x\"", "null", "7", "{\"no_such_option\":1}"] {
            let mut out = null_mut();
            let st = unsafe { dg_game_new(kind, text.as_ptr(), text.len(), 1, &mut out) };
            assert_eq!(st, DgStatus::InvalidConfig, "kind {kind}: {text}");
            assert!(out.is_null());
        }
        // Action text that is not in the game's notation.
        let g = Game::fresh(kind);
        let mut id = SENTINEL;
        for text in ["", " ", "a1+ ", "zz", "play 9-9 L", "r7-7", "\u{0}"] {
            g.refuses(DgStatus::UnknownAction, || unsafe {
                dg_game_action_id(g.0, text.as_ptr(), text.len(), &mut id)
            });
        }
        assert_eq!(id, SENTINEL);
    }
}

#[test]
fn configs_that_fail_validation_are_refused_for_each_game() {
    let cases: &[(u32, &str, &str)] = &[
        (OAQ, r#"{"dan_per_square":0}"#, "dan_per_square"),
        (OAQ, r#"{"quan_value":0}"#, "quan_value"),
        (OAQ, r#"{"quan_non_threshold":0}"#, "quan_non_threshold"),
        (CN, r#"{"seats":[[0,0]]}"#, "seats"),
        (CN, r#"{"seats":[[0,0],[1,1],[2,0],[3,0]]}"#, "seats"),
        (
            CN,
            r#"{"seats":[[0,0],[2,1]],"first_colour":1}"#,
            "first_colour",
        ),
        (DOM, r#"{"players":5}"#, "players"),
        (DOM, r#"{"players":4,"hand_size":8}"#, "hand_size"),
        (DOM, r#"{"loss_threshold":0}"#, "loss_threshold"),
    ];
    for (kind, config, field) in cases {
        // The config reads as JSON of the right shape...
        let mut out = null_mut();
        let msg = refuses(DgStatus::InvalidConfig, || unsafe {
            dg_game_new(*kind, config.as_ptr(), config.len(), 1, &mut out)
        });
        assert!(out.is_null());
        // ...and the message names what is wrong.
        assert!(msg.contains(field), "{config}: {msg}");
    }
    // The same configs are fine for no other game either, and a valid one still works.
    Game::new(OAQ, Some(r#"{"dan_per_square":4}"#), 1);
    Game::new(DOM, Some(r#"{"players":4}"#), 1);
    Game::new(CN, Some("{}"), 1);
    Game::new(CN, Some(""), 1);
}

// --- actions ---------------------------------------------------------------------------------

#[test]
fn illegal_and_unknown_actions_are_refused_with_the_game_unchanged() {
    for kind in KINDS {
        let g = Game::fresh(kind).until_player();
        // Play a little further, so there are events to keep.
        for _ in 0..3 {
            if g.to_move() >= 0 {
                g.step();
            }
        }
        let g = g.until_player();
        let legal = g.legal();
        // Every id that is an action but not legal now: IllegalAction, saying why.
        let mut illegal = 0;
        for id in 0..300u32 {
            if legal.contains(&id) {
                continue;
            }
            let mut text = [0u8; 64];
            let mut len = 0;
            let known =
                unsafe { dg_game_action_text(g.0, id, text.as_mut_ptr(), text.len(), &mut len) };
            let expected = if known == DgStatus::Ok {
                illegal += 1;
                DgStatus::IllegalAction
            } else {
                DgStatus::UnknownAction
            };
            let msg = g.refuses(expected, || unsafe { dg_game_apply(g.0, id) });
            assert!(!msg.is_empty());
            g.refuses(expected, || unsafe { dg_game_check(g.0, id) });
            g.refuses(expected, || unsafe {
                dg_game_apply_at(g.0, g.move_number(), id)
            });
        }
        assert!(illegal > 0);
        for id in [u32::MAX, u32::MAX - 1, 1 << 31] {
            let msg = g.refuses(DgStatus::UnknownAction, || unsafe {
                dg_game_apply(g.0, id)
            });
            assert!(msg.contains(&id.to_string()), "{msg}");
            let mut text = [0xAAu8; 16];
            let mut len = 77;
            g.refuses(DgStatus::UnknownAction, || unsafe {
                dg_game_action_text(g.0, id, text.as_mut_ptr(), text.len(), &mut len)
            });
            assert_eq!((text, len), ([0xAA; 16], 77));
        }
        // After the end nothing is legal.
        let over = Game::finished(kind);
        for id in 0..8 {
            over.refuses(DgStatus::IllegalAction, || unsafe {
                dg_game_apply(over.0, id)
            });
        }
    }
}

#[test]
fn stale_actions_are_refused_with_the_game_unchanged() {
    for kind in KINDS {
        let g = Game::fresh(kind).until_player();
        let now = g.move_number();
        assert!(now > 0);
        let legal = g.legal();
        for stale in [0, now - 1, now + 1, u32::MAX] {
            let msg = g.refuses(DgStatus::StaleAction, || unsafe {
                dg_game_apply_at(g.0, stale, legal[0])
            });
            assert!(
                msg.contains(&format!("chosen at move {stale}")) && msg.contains(&now.to_string()),
                "{msg}"
            );
        }
        // The right move number applies it, and a resend is then stale.
        assert_eq!(
            unsafe { dg_game_apply_at(g.0, now, legal[0]) },
            DgStatus::Ok
        );
        g.refuses(DgStatus::StaleAction, || unsafe {
            dg_game_apply_at(g.0, now, legal[0])
        });
    }
}

#[test]
fn chance_at_the_wrong_time_is_refused() {
    for kind in KINDS {
        // A player is to move: the host cannot roll or deal, nor sample.
        let g = Game::fresh(kind).until_player();
        let control = Game::fresh(kind).until_player();
        let mut id = SENTINEL;
        for outcome in 0..120 {
            g.refuses(DgStatus::NotChance, || unsafe {
                dg_game_apply_chance(g.0, outcome)
            });
        }
        g.refuses(DgStatus::NotChance, || unsafe {
            dg_game_play_chance(g.0, &mut id)
        });
        assert_eq!(id, SENTINEL);
        // The failed sample did not advance the handle's RNG: both continue alike.
        for _ in 0..20 {
            let (a, b) = (g.step(), control.step());
            assert_eq!(a, b);
            assert_eq!(g.snapshot(), control.snapshot());
        }
        // Chance is to move: a player's action or an unknown outcome is refused.
        if kind == OAQ {
            continue; // no chance in Ô ăn quan
        }
        let c = Game::fresh(kind).until_chance();
        let mut outcomes = [DgChanceOutcome {
            action: 0,
            weight: 0,
        }; DG_MAX_ACTIONS];
        let mut n = 0;
        assert_eq!(
            unsafe { dg_game_chance_outcomes(c.0, outcomes.as_mut_ptr(), outcomes.len(), &mut n) },
            DgStatus::Ok
        );
        let chance: Vec<u32> = outcomes[..n].iter().map(|o| o.action).collect();
        assert_eq!(chance, c.legal());
        for id in 0..120 {
            if chance.contains(&id) {
                continue;
            }
            let mut text = [0u8; 64];
            let mut len = 0;
            let known =
                unsafe { dg_game_action_text(c.0, id, text.as_mut_ptr(), text.len(), &mut len) };
            let expected = if known == DgStatus::Ok {
                DgStatus::IllegalAction
            } else {
                DgStatus::UnknownAction
            };
            c.refuses(expected, || unsafe { dg_game_apply_chance(c.0, id) });
        }
        c.refuses(DgStatus::UnknownAction, || unsafe {
            dg_game_apply_chance(c.0, u32::MAX)
        });
        // A finished game has no chance either.
        let over = Game::finished(kind);
        over.refuses(DgStatus::NotChance, || unsafe {
            dg_game_play_chance(over.0, &mut id)
        });
        over.refuses(DgStatus::NotChance, || unsafe {
            dg_game_apply_chance(over.0, 0)
        });
        assert_eq!(id, SENTINEL);
    }
}

#[test]
fn the_outcome_before_the_end_is_refused() {
    for kind in KINDS {
        let g = Game::fresh(kind).until_player();
        let mut o = DgOutcome {
            seats: SENTINEL,
            scores: [0; 4],
            places: [0; 4],
        };
        g.refuses(DgStatus::NotOver, || unsafe {
            dg_game_outcome(g.0, &mut o)
        });
        assert_eq!(o.seats, SENTINEL);
        let mut buf = [0xAAu8; 64];
        let mut len = 77;
        g.refuses(DgStatus::NotOver, || unsafe {
            dg_game_end_reason(g.0, buf.as_mut_ptr(), buf.len(), &mut len)
        });
        assert_eq!((buf, len), ([0xAA; 64], 77));
    }
}

// --- records ---------------------------------------------------------------------------------

fn load(json: &[u8]) -> (DgStatus, *mut DgGame) {
    let mut out = null_mut();
    let st = unsafe { dg_game_load(json.as_ptr(), json.len(), 7, &mut out) };
    (st, out)
}

fn refuses_record(json: &str, status: DgStatus, says: &str) {
    let mut out = null_mut();
    let msg = refuses(status, || unsafe {
        dg_game_load(json.as_ptr(), json.len(), 7, &mut out)
    });
    assert!(out.is_null(), "a handle for a refused record");
    assert!(
        msg.contains(says),
        "expected {says:?} in {msg:?} for {json}"
    );
}

#[test]
fn corrupt_and_forged_records_are_refused() {
    for kind in KINDS {
        let g = Game::fresh(kind);
        for _ in 0..40 {
            g.step();
        }
        let saved = g.text(dg_game_save);
        let (st, h) = load(saved.as_bytes());
        assert_eq!(st, DgStatus::Ok);
        let loaded = Game(h);
        assert_eq!(loaded.snapshot().hash, g.snapshot().hash);
        let record: serde_json::Value = serde_json::from_str(&saved).expect("JSON");
        let with = |f: &dyn Fn(&mut serde_json::Value)| {
            let mut r = record.clone();
            f(&mut r);
            r.to_string()
        };
        // Not JSON, and JSON that is not a record.
        refuses_record(&saved[..saved.len() / 2], DgStatus::InvalidJson, "record:");
        refuses_record("", DgStatus::InvalidJson, "record:");
        for text in ["{}", "[]", "null", r#"{"format":"dangian-record/2"}"#] {
            refuses_record(text, DgStatus::InvalidRecord, "not a record");
        }
        // Unknown fields (an RNG seed among them: a record never holds one), a repeated
        // field, a config that is not an object or repeats an option.
        refuses_record(
            &with(&|r| r["seed"] = 7.into()),
            DgStatus::InvalidRecord,
            "unknown field `seed`",
        );
        refuses_record(
            &with(&|r| r["padding"] = "x".repeat(1000).into()),
            DgStatus::InvalidRecord,
            "unknown field `padding`",
        );
        refuses_record(
            &saved.replacen("{\"format\"", "{\"actions\":[],\"format\"", 1),
            DgStatus::InvalidRecord,
            "duplicate field `actions`",
        );
        refuses_record(
            &with(&|r| r["config"] = serde_json::json!([5])),
            DgStatus::InvalidRecord,
            "a config is a JSON object",
        );
        // The saved config writes every option; the same option once more is refused.
        let option = record["config"]
            .as_object()
            .and_then(|c| c.keys().next())
            .expect("an option")
            .clone();
        let twice = saved.replacen(
            "\"config\":{",
            &format!("\"config\":{{\"{option}\":{},", record["config"][&option]),
            1,
        );
        refuses_record(&twice, DgStatus::InvalidRecord, "duplicate field");
        refuses_record(
            &with(&|r| r["game"] = "chess".into()),
            DgStatus::InvalidRecord,
            "not a record",
        );
        // Another format or rules version.
        refuses_record(
            &with(&|r| r["format"] = "dangian-record/1".into()),
            DgStatus::InvalidRecord,
            "unknown record format",
        );
        // A record of rules version 1 (before the clarifications of version 2) or of a later
        // version is never replayed under these rules; the message names both versions.
        for other in [1u32, 3] {
            refuses_record(
                &with(&|r| r["rules_version"] = other.into()),
                DgStatus::InvalidRecord,
                &format!("rules version {other}; this release plays rules version 2"),
            );
        }
        // A config that is not this game's, or fails validation.
        refuses_record(
            &with(&|r| r["config"] = serde_json::json!({"no_such_option": 1})),
            DgStatus::InvalidRecord,
            "bad config",
        );
        // An action that cannot be read, or is illegal where it stands.
        refuses_record(
            &with(&|r| r["actions"][3] = "not an action".into()),
            DgStatus::InvalidRecord,
            "action 3",
        );
        let other = KINDS
            .iter()
            .find(|&&k| k != kind)
            .copied()
            .expect("another kind");
        let foreign = Game::fresh(other).text(dg_game_save);
        let foreign: serde_json::Value = serde_json::from_str(&foreign).expect("JSON");
        refuses_record(
            &with(&|r| r["game"] = foreign["game"].clone()),
            DgStatus::InvalidRecord,
            "",
        );
        // Repeat an action: the second time it is illegal (or the hash tells).
        let forged = with(&|r| {
            let actions = r["actions"].as_array_mut().expect("actions");
            let a = actions[5].clone();
            actions.insert(5, a);
        });
        refuses_record(&forged, DgStatus::InvalidRecord, "");
        // Drop the last action: every action is legal, but the final hash differs.
        let truncated = with(&|r| {
            r["actions"].as_array_mut().expect("actions").pop();
        });
        refuses_record(
            &truncated,
            DgStatus::InvalidRecord,
            "differs from the recorded",
        );
        // A forged final hash.
        refuses_record(
            &with(&|r| r["final_hash"] = "0123456789abcdef".into()),
            DgStatus::InvalidRecord,
            "differs from the recorded 0123456789abcdef",
        );
        // An action after the end of a finished game.
        let over = Game::finished(kind).text(dg_game_save);
        let mut r: serde_json::Value = serde_json::from_str(&over).expect("JSON");
        let last = r["actions"].as_array().and_then(|a| a.last()).cloned();
        r["actions"]
            .as_array_mut()
            .expect("actions")
            .push(last.expect("an action"));
        refuses_record(&r.to_string(), DgStatus::InvalidRecord, "is illegal");
    }
}

#[test]
fn failures_do_not_disturb_other_handles_or_clones() {
    let g = Game::fresh(CN).until_player();
    let mut copy = null_mut();
    assert_eq!(unsafe { dg_game_clone(g.0, &mut copy) }, DgStatus::Ok);
    let copy = Game(copy);
    assert_eq!(g.snapshot(), copy.snapshot());
    copy.refuses(DgStatus::UnknownAction, || unsafe {
        dg_game_apply(copy.0, u32::MAX)
    });
    assert!(copy.step());
    assert_ne!(g.snapshot(), copy.snapshot());
    assert!(g.step());
    assert_eq!(g.snapshot().hash, copy.snapshot().hash);
}

#[test]
fn the_last_error_is_per_thread() {
    let mark = mark_last_error();
    std::thread::spawn(|| {
        assert_eq!(last_error(), "", "a new thread starts without a message");
        let g = Game::fresh(OAQ);
        g.refuses(DgStatus::UnknownAction, || unsafe {
            dg_game_apply(g.0, 999)
        });
    })
    .join()
    .expect("thread");
    assert_eq!(last_error(), mark);
}

/// An illegal action reaches C as a status, a message and the stable code of its reason;
/// any other failure leaves no reason.
#[test]
fn illegal_actions_carry_their_reason_code() {
    let g = Game::fresh(OAQ);
    let reason = || {
        let mut r = u32::MAX;
        assert_eq!(unsafe { dg_last_reason(&mut r) }, DgStatus::Ok);
        r
    };
    // b1+ (id 11) belongs to B, but A is to move.
    let b1_plus = 11;
    assert_eq!(
        unsafe { dg_game_check(g.0, b1_plus) },
        DgStatus::IllegalAction
    );
    assert_eq!(reason(), DgReason::OAnQuanNotOwnSquare as u32);
    assert!(
        last_error().contains("belongs to player B"),
        "{}",
        last_error()
    );
    assert_eq!(
        unsafe { dg_game_apply(g.0, b1_plus) },
        DgStatus::IllegalAction
    );
    assert_eq!(reason(), DgReason::OAnQuanNotOwnSquare as u32);
    // Another kind of failure clears it.
    assert_eq!(unsafe { dg_game_apply(g.0, 999) }, DgStatus::UnknownAction);
    assert_eq!(reason(), DgReason::None as u32);
    assert_eq!(
        unsafe { dg_last_reason(std::ptr::null_mut()) },
        DgStatus::NullPointer
    );
}

/// The reported case: 50 MB of bad action text gave a 262 MB `dg_last_error`. A message now
/// carries at most a few hundred bytes of the input that caused it.
#[test]
fn huge_bad_input_gives_a_short_message() {
    let g = Game::fresh(DOM);
    let huge = "p".repeat(50 << 20);
    let mut id = SENTINEL;
    g.refuses(DgStatus::UnknownAction, || unsafe {
        dg_game_action_id(g.0, huge.as_ptr(), huge.len(), &mut id)
    });
    assert!(last_error().len() < 1024, "{} bytes", last_error().len());
    let config = format!("{{\"{huge}\":1}}");
    let mut out = null_mut();
    refuses(DgStatus::InvalidConfig, || unsafe {
        dg_game_new(DOM, config.as_ptr(), config.len(), 1, &mut out)
    });
    assert!(last_error().len() < 1024, "{} bytes", last_error().len());
    // Longer than DG_MAX_RECORD_JSON: refused for its size before it is parsed.
    refuses(DgStatus::InvalidRecord, || unsafe {
        dg_game_load(huge.as_ptr(), huge.len(), 1, &mut out)
    });
    assert!(last_error().len() < 1024, "{} bytes", last_error().len());
}

/// A saved game holds no RNG state: the chance still to come cannot be read from it. A Domino
/// game saved mid-round and loaded with the seed the host gives deals on as that seed says,
/// not as the live handle does, and two hosts' seeds give two different futures.
#[test]
fn a_saved_game_does_not_predict_the_chance_to_come() {
    let live = Game::fresh(DOM).until_player().until_chance();
    let saved = live.text(dg_game_save);
    assert!(
        !saved.contains("seed"),
        "a saved game names no seed: {saved}"
    );
    let load = |seed: u64| {
        let mut out = null_mut();
        let st = unsafe { dg_game_load(saved.as_ptr(), saved.len(), seed, &mut out) };
        assert_eq!(st, DgStatus::Ok, "{}", last_error());
        Game(out)
    };
    // The next 20 chance outcomes of a game (its draws and the next deals), with the choice
    // rule of `step` in between.
    let future = |g: &Game| -> Vec<u32> {
        let mut drawn = Vec::new();
        while drawn.len() < 20 && g.to_move() != DG_TO_MOVE_OVER {
            if g.to_move() == DG_TO_MOVE_CHANCE {
                let mut id = 0;
                assert_eq!(unsafe { dg_game_play_chance(g.0, &mut id) }, DgStatus::Ok);
                drawn.push(id);
            } else {
                g.step();
            }
        }
        drawn
    };
    let live_future = future(&live);
    let a = future(&load(1));
    let b = future(&load(2));
    assert_eq!(
        a,
        future(&load(1)),
        "the host's seed decides a loaded game's chance"
    );
    assert_ne!(a, b, "two seeds, two futures");
    assert_ne!(
        a, live_future,
        "the saved game does not carry the live handle's chance"
    );
    assert_ne!(
        b, live_future,
        "the saved game does not carry the live handle's chance"
    );
}
