//! The panic boundary, proven with faults injected into the library itself.
//!
//! A panic cannot be caused from outside (that would be a bug to fix), so these tests arm a
//! fault point (`fault::arm`) that exists only in this unit-test build, then call the real
//! `dg_` functions. The integration tests in `tests/ffi_hostile.rs` cover every other failure.

// SAFETY (every `unsafe` block of this file): the block calls the C ABI with pointers that
// are NULL or valid for what the header says (live handles, writable out-parameters, buffers
// of the given capacity), which is the whole of its contract; the tests pass NULLs and bad
// lengths on purpose, which the library checks.
#![allow(clippy::undocumented_unsafe_blocks)]

use std::ptr;

use super::*;

fn new_game(kind: u32) -> *mut DgGame {
    let mut game = ptr::null_mut();
    assert_eq!(
        unsafe { dg_game_new(kind, ptr::null(), 0, 7, &mut game) },
        DgStatus::Ok
    );
    assert!(!game.is_null());
    game
}

fn last_error() -> String {
    let mut buf = [0u8; 512];
    let mut len = 0;
    assert_eq!(
        unsafe { dg_last_error(buf.as_mut_ptr(), buf.len(), &mut len) },
        DgStatus::Ok
    );
    String::from_utf8(buf[..len].to_vec()).expect("UTF-8")
}

fn first_legal(game: *const DgGame) -> u32 {
    let mut ids = [0u32; DG_MAX_ACTIONS];
    let mut n = 0;
    assert_eq!(
        unsafe { dg_game_legal_actions(game, ids.as_mut_ptr(), ids.len(), &mut n) },
        DgStatus::Ok
    );
    assert!(n > 0);
    ids[0]
}

/// `a1+`, legal at the start of an Ô ăn quan game (the calls below must not call other `dg_`
/// functions, which would meet the armed fault first).
const A1_PLUS: u32 = 1;

type Call = Box<dyn Fn(*mut DgGame) -> DgStatus>;

/// One call of every function that takes part in the boundary, on a fresh Ô ăn quan game.
fn every_call() -> Vec<(&'static str, Call)> {
    fn text(
        f: unsafe extern "C" fn(*const DgGame, *mut u8, usize, *mut usize) -> DgStatus,
    ) -> Call {
        Box::new(move |g| {
            let mut buf = [0u8; 4096];
            let mut len = 0;
            unsafe { f(g, buf.as_mut_ptr(), buf.len(), &mut len) }
        })
    }
    vec![
        (
            "dg_version",
            Box::new(|_| {
                let mut b = [0u8; 64];
                let mut l = 0;
                unsafe { dg_version(b.as_mut_ptr(), b.len(), &mut l) }
            }),
        ),
        (
            "dg_game_kind_name",
            Box::new(|_| {
                let mut b = [0u8; 64];
                let mut l = 0;
                unsafe { dg_game_kind_name(0, b.as_mut_ptr(), b.len(), &mut l) }
            }),
        ),
        (
            "dg_game_new",
            Box::new(|_| {
                let mut out = ptr::null_mut();
                let st = unsafe { dg_game_new(0, ptr::null(), 0, 1, &mut out) };
                assert!(out.is_null(), "no handle on failure");
                st
            }),
        ),
        (
            "dg_game_load",
            Box::new(|_| {
                let mut out = ptr::null_mut();
                let json = br#"{"format":"dangian-record/2","game":"o_an_quan","rules_version":2,"config":{},"actions":[]}"#;
                let st = unsafe { dg_game_load(json.as_ptr(), json.len(), 1, &mut out) };
                assert!(out.is_null(), "no handle on failure");
                st
            }),
        ),
        (
            "dg_game_presets_json",
            Box::new(|_| {
                let mut b = [0u8; 512];
                unsafe { dg_game_presets_json(0, b.as_mut_ptr(), b.len(), &mut 0) }
            }),
        ),
        (
            "dg_game_table_presets_json",
            Box::new(|_| {
                let mut b = [0u8; 512];
                unsafe { dg_game_table_presets_json(0, b.as_mut_ptr(), b.len(), &mut 0) }
            }),
        ),
        (
            "dg_game_new_preset",
            Box::new(|_| {
                let mut out = ptr::null_mut();
                let st = unsafe { dg_game_new_preset(0, b"tonkin".as_ptr(), 6, 1, &mut out) };
                assert!(out.is_null(), "no handle on failure");
                st
            }),
        ),
        (
            "dg_game_from_state_json",
            Box::new(|g| {
                let json = unsafe { (*g).game.state_json() };
                let mut out = ptr::null_mut();
                let st =
                    unsafe { dg_game_from_state_json(0, json.as_ptr(), json.len(), 1, &mut out) };
                assert!(out.is_null(), "no handle on failure");
                st
            }),
        ),
        (
            "dg_game_clone",
            Box::new(|g| {
                let mut out = ptr::null_mut();
                let st = unsafe { dg_game_clone(g, &mut out) };
                assert!(out.is_null(), "no handle on failure");
                st
            }),
        ),
        (
            "dg_game_kind",
            Box::new(|g| unsafe { dg_game_kind(g, &mut 0) }),
        ),
        (
            "dg_game_seats",
            Box::new(|g| unsafe { dg_game_seats(g, &mut 0) }),
        ),
        (
            "dg_game_to_move",
            Box::new(|g| unsafe { dg_game_to_move(g, &mut 0) }),
        ),
        (
            "dg_game_move_number",
            Box::new(|g| unsafe { dg_game_move_number(g, &mut 0) }),
        ),
        (
            "dg_game_max_moves",
            Box::new(|g| unsafe { dg_game_max_moves(g, &mut 0) }),
        ),
        (
            "dg_game_state_hash",
            Box::new(|g| unsafe { dg_game_state_hash(g, &mut 0) }),
        ),
        (
            "dg_game_view_hash",
            Box::new(|g| unsafe { dg_game_view_hash(g, 0, &mut 0) }),
        ),
        (
            "dg_game_legal_actions_for",
            Box::new(|g| {
                let mut ids = [0u32; DG_MAX_ACTIONS];
                unsafe { dg_game_legal_actions_for(g, 0, ids.as_mut_ptr(), ids.len(), &mut 0) }
            }),
        ),
        (
            "dg_game_set_events",
            Box::new(|g| unsafe { dg_game_set_events(g, 1) }),
        ),
        (
            "dg_game_legal_actions",
            Box::new(|g| {
                let mut ids = [0u32; DG_MAX_ACTIONS];
                unsafe { dg_game_legal_actions(g, ids.as_mut_ptr(), ids.len(), &mut 0) }
            }),
        ),
        (
            "dg_game_chance_outcomes",
            Box::new(|g| {
                let mut o = [DgChanceOutcome {
                    action: 0,
                    weight: 0,
                }; DG_MAX_ACTIONS];
                unsafe { dg_game_chance_outcomes(g, o.as_mut_ptr(), o.len(), &mut 0) }
            }),
        ),
        (
            "dg_game_check",
            Box::new(|g| unsafe { dg_game_check(g, 1) }),
        ),
        (
            "dg_game_apply",
            Box::new(|g| unsafe { dg_game_apply(g, A1_PLUS) }),
        ),
        (
            "dg_game_apply_at",
            Box::new(|g| unsafe { dg_game_apply_at(g, 0, A1_PLUS) }),
        ),
        (
            "dg_game_apply_chance",
            Box::new(|g| unsafe { dg_game_apply_chance(g, 0) }),
        ),
        (
            "dg_game_play_chance",
            Box::new(|g| unsafe { dg_game_play_chance(g, &mut 0) }),
        ),
        (
            "dg_game_outcome",
            Box::new(|g| {
                let mut o = DgOutcome {
                    seats: 0,
                    scores: [0; 4],
                    places: [0; 4],
                };
                unsafe { dg_game_outcome(g, &mut o) }
            }),
        ),
        (
            "dg_game_playouts",
            Box::new(|g| {
                let mut p = DgPlayouts::default();
                unsafe { dg_game_playouts(g, 1, 1, &mut p) }
            }),
        ),
        ("dg_game_end_reason", text(dg_game_end_reason)),
        ("dg_game_state_json", text(dg_game_state_json)),
        ("dg_game_config_json", text(dg_game_config_json)),
        (
            "dg_game_view_json",
            Box::new(|g| {
                let mut b = [0u8; 4096];
                unsafe { dg_game_view_json(g, 0, b.as_mut_ptr(), b.len(), &mut 0) }
            }),
        ),
        (
            "dg_game_events_json",
            Box::new(|g| {
                let mut b = [0u8; 4096];
                unsafe { dg_game_events_json(g, 0, b.as_mut_ptr(), b.len(), &mut 0) }
            }),
        ),
        (
            "dg_game_action_text",
            Box::new(|g| {
                let mut b = [0u8; 64];
                unsafe { dg_game_action_text(g, 1, b.as_mut_ptr(), b.len(), &mut 0) }
            }),
        ),
        (
            "dg_game_action_id",
            Box::new(|g| unsafe { dg_game_action_id(g, b"a1+".as_ptr(), 3, &mut 0) }),
        ),
        ("dg_game_board_text", text(dg_game_board_text)),
        ("dg_game_save", text(dg_game_save)),
        (
            "dg_game_describe_action",
            Box::new(|g| {
                let mut b = [0u8; 512];
                unsafe {
                    dg_game_describe_action(g, A1_PLUS, 0, -1, b.as_mut_ptr(), b.len(), &mut 0)
                }
            }),
        ),
        (
            "dg_game_describe_events",
            Box::new(|g| {
                let mut b = [0u8; 512];
                unsafe { dg_game_describe_events(g, 1, 0, b.as_mut_ptr(), b.len(), &mut 0) }
            }),
        ),
        (
            "dg_preset_name",
            Box::new(|_| {
                let mut b = [0u8; 256];
                let n = b"threefold";
                unsafe {
                    dg_preset_name(0, n.as_ptr(), n.len(), 0, b.as_mut_ptr(), b.len(), &mut 0)
                }
            }),
        ),
        (
            "dg_preset_summary",
            Box::new(|_| {
                let mut b = [0u8; 512];
                let n = b"threefold";
                unsafe {
                    dg_preset_summary(0, n.as_ptr(), n.len(), 1, b.as_mut_ptr(), b.len(), &mut 0)
                }
            }),
        ),
        (
            "dg_game_seat_name",
            Box::new(|g| {
                let mut b = [0u8; 256];
                unsafe { dg_game_seat_name(g, 1, 0, b.as_mut_ptr(), b.len(), &mut 0) }
            }),
        ),
        (
            "dg_game_outcome_lines_json",
            Box::new(|g| {
                let mut b = [0u8; 512];
                unsafe { dg_game_outcome_lines_json(g, 1, b.as_mut_ptr(), b.len(), &mut 0) }
            }),
        ),
        (
            "dg_game_set_fair_chance",
            Box::new(|g| {
                let seed = [b'7'; 64];
                unsafe { dg_game_set_fair_chance(g, seed.as_ptr(), seed.len(), ptr::null(), 0) }
            }),
        ),
        ("dg_game_fairness_json", text(dg_game_fairness_json)),
        (
            "dg_fair_commitment",
            Box::new(|_| {
                let seed = [b'7'; 64];
                let mut b = [0u8; 128];
                unsafe {
                    dg_fair_commitment(seed.as_ptr(), seed.len(), b.as_mut_ptr(), b.len(), &mut 0)
                }
            }),
        ),
        (
            "dg_record_verify",
            Box::new(|_| {
                let record = b"{}";
                let mut b = [0u8; 512];
                unsafe {
                    dg_record_verify(
                        record.as_ptr(),
                        record.len(),
                        b.as_mut_ptr(),
                        b.len(),
                        &mut 0,
                    )
                }
            }),
        ),
        (
            "dg_o_an_quan_board",
            Box::new(|g| {
                let mut b = DgOAnQuanBoard::default();
                unsafe { dg_o_an_quan_board(g, &mut b) }
            }),
        ),
        (
            "dg_ca_ngua_board",
            Box::new(|g| {
                let mut b = DgCaNguaBoard::default();
                unsafe { dg_ca_ngua_board(g, &mut b) }
            }),
        ),
        (
            "dg_domino_board",
            Box::new(|g| {
                let mut b = std::mem::MaybeUninit::<DgDominoBoard>::zeroed();
                unsafe { dg_domino_board(g, 0, b.as_mut_ptr()) }
            }),
        ),
        (
            "dg_bot_choose",
            Box::new(|g| unsafe { dg_bot_choose(g, 0, 0, 1, &mut 0) }),
        ),
        (
            "dg_bot_hints",
            Box::new(|g| {
                let mut h = [DgHint::default(); DG_MAX_ACTIONS];
                unsafe { dg_bot_hints(g, 0, 0, 1, h.as_mut_ptr(), h.len(), &mut 0) }
            }),
        ),
        (
            "dg_bot_choose_budget",
            Box::new(|g| unsafe { dg_bot_choose_budget(g, 0, 1, 1, &mut 0) }),
        ),
        (
            "dg_hint_proven_words",
            Box::new(|_| {
                let hint = DgHint {
                    proven: DgProven::Win as u32,
                    ..DgHint::default()
                };
                let mut b = [0u8; 64];
                unsafe { dg_hint_proven_words(&hint, 1, b.as_mut_ptr(), b.len(), &mut 0) }
            }),
        ),
        (
            "dg_o_an_quan_install_certificate",
            Box::new(|_| {
                let bytes = b"not a certificate";
                unsafe { dg_o_an_quan_install_certificate(bytes.as_ptr(), bytes.len()) }
            }),
        ),
        (
            // Nothing is installed by these tests: removing is harmless.
            "dg_o_an_quan_uninstall_certificates",
            Box::new(|_| dg_o_an_quan_uninstall_certificates()),
        ),
    ]
}

/// The functions outside the panic boundary's list: they take no part in it by design
/// (`dg_abi_version` cannot fail; `dg_game_free` returns nothing; reading the last error or
/// reason must not overwrite it) and have their own `catch_unwind`.
const OUTSIDE_THE_LIST: [&str; 5] = [
    "dg_abi_version",
    "dg_game_free",
    "dg_batch_free",
    "dg_last_error",
    "dg_last_reason",
];

#[test]
fn every_exported_function_is_in_the_boundary_test() {
    let header = include_str!("../../include/dangian.h");
    let mut listed: Vec<&str> = every_call().iter().map(|(n, _)| *n).collect();
    listed.extend(every_batch_call().iter().map(|(n, _, _)| *n));
    let mut declared = 0;
    for line in header.lines() {
        let Some(name) = line
            .split('(')
            .next()
            .and_then(|l| l.split_whitespace().last())
            .filter(|n| n.starts_with("dg_") && line.contains('('))
        else {
            continue;
        };
        declared += 1;
        assert!(
            listed.contains(&name) || OUTSIDE_THE_LIST.contains(&name),
            "{name} is exported but not in every_call()"
        );
    }
    assert!(declared > 40, "the header parser found too few functions");
}

type BatchCall = Box<dyn Fn(*mut DgBatch) -> DgStatus>;

/// One call of every batch function in the boundary on a batch of two Ô ăn quan games, and
/// whether it changes the batch.
fn every_batch_call() -> Vec<(&'static str, BatchCall, bool)> {
    vec![
        (
            "dg_batch_new",
            Box::new(|_| {
                let mut out = ptr::null_mut();
                let st = unsafe { dg_batch_new(0, ptr::null(), 0, 2, 1, &mut out) };
                unsafe { dg_batch_free(out) };
                st
            }),
            false,
        ),
        (
            "dg_batch_shape",
            Box::new(|b| unsafe { dg_batch_shape(b, &mut DgBatchShape::default()) }),
            false,
        ),
        (
            "dg_batch_episodes",
            Box::new(|b| unsafe { dg_batch_episodes(b, &mut 0) }),
            false,
        ),
        (
            "dg_batch_reset",
            Box::new(|b| unsafe { dg_batch_reset(b, 1) }),
            true,
        ),
        (
            "dg_batch_observe",
            Box::new(|b| {
                let (mut o, mut m, mut t) = ([0f32; 2 * 34], [0u8; 2 * 24], [0i32; 2]);
                unsafe {
                    dg_batch_observe(b, o.as_mut_ptr(), 0, m.as_mut_ptr(), 0, t.as_mut_ptr(), 0)
                }
            }),
            false,
        ),
        (
            "dg_batch_step",
            Box::new(|b| {
                let a = [A1_PLUS; 2];
                unsafe {
                    dg_batch_step(
                        b,
                        a.as_ptr(),
                        2,
                        ptr::null_mut(),
                        0,
                        ptr::null_mut(),
                        0,
                        ptr::null_mut(),
                        0,
                        ptr::null_mut(),
                        0,
                        ptr::null_mut(),
                        0,
                    )
                }
            }),
            true,
        ),
        (
            "dg_batch_random_actions",
            Box::new(|b| {
                let mut a = [0u32; 2];
                unsafe { dg_batch_random_actions(b, a.as_mut_ptr(), 2) }
            }),
            true,
        ),
    ]
}

#[test]
fn a_panic_in_a_batch_function_becomes_dg_status_panic() {
    for (name, call, changes) in every_batch_call() {
        let mut b = ptr::null_mut();
        assert_eq!(
            unsafe { dg_batch_new(0, ptr::null(), 0, 2, 1, &mut b) },
            DgStatus::Ok
        );
        fault::arm("guard");
        assert_eq!(call(b), DgStatus::Panic, "{name}");
        assert_eq!(
            last_error(),
            "internal error (panic): injected fault at guard",
            "{name}"
        );
        let mut shape = DgBatchShape::default();
        let status = unsafe { dg_batch_shape(b, &mut shape) };
        if changes {
            assert_eq!(status, DgStatus::Poisoned, "{name}");
            assert_eq!(
                unsafe { dg_batch_reset(b, 1) },
                DgStatus::Poisoned,
                "{name}"
            );
        } else {
            assert_eq!(status, DgStatus::Ok, "{name}");
            assert_eq!(shape.num_games, 2);
        }
        unsafe { dg_batch_free(b) };
    }
}

#[test]
fn a_panic_in_any_function_becomes_dg_status_panic() {
    for (name, call) in every_call() {
        let game = new_game(0);
        let before = unsafe { (*game).game.state_json() };
        fault::arm("guard");
        assert_eq!(call(game), DgStatus::Panic, "{name}");
        assert_eq!(
            last_error(),
            "internal error (panic): injected fault at guard",
            "{name}"
        );
        // The fault struck before the body: nothing changed. A call that reads the handle
        // leaves it usable; one that changes it cannot know how far it got and poisons it.
        assert_eq!(unsafe { (*game).game.state_json() }, before, "{name}");
        let changes = matches!(
            name,
            "dg_game_apply"
                | "dg_game_apply_at"
                | "dg_game_apply_chance"
                | "dg_game_play_chance"
                | "dg_game_set_events"
                | "dg_game_set_fair_chance"
        );
        let mut seats = 0;
        let status = unsafe { dg_game_seats(game, &mut seats) };
        if changes {
            assert_eq!(status, DgStatus::Poisoned, "{name}");
        } else {
            assert_eq!(status, DgStatus::Ok, "{name}");
            assert_eq!(seats, 2);
        }
        unsafe { dg_game_free(game) };
    }
}

#[test]
fn a_panic_while_changing_a_handle_poisons_it() {
    let game = new_game(0);
    let id = first_legal(game);
    assert_eq!(id, 0);
    assert_eq!(unsafe { dg_game_check(game, A1_PLUS) }, DgStatus::Ok);
    fault::arm("apply");
    assert_eq!(unsafe { dg_game_apply(game, id) }, DgStatus::Panic);
    assert_eq!(
        last_error(),
        "internal error (panic): injected fault at apply"
    );
    // Every later call is refused with POISONED; nothing is written.
    for (name, call) in every_call() {
        if matches!(
            name,
            "dg_version"
                | "dg_game_kind_name"
                | "dg_game_presets_json"
                | "dg_game_table_presets_json"
                | "dg_preset_name"
                | "dg_preset_summary"
                | "dg_game_new"
                | "dg_game_new_preset"
                | "dg_game_from_state_json"
                | "dg_game_load"
                | "dg_fair_commitment"
                | "dg_record_verify"
                | "dg_hint_proven_words"
                | "dg_o_an_quan_install_certificate"
                | "dg_o_an_quan_uninstall_certificates"
        ) {
            continue;
        }
        assert_eq!(call(game), DgStatus::Poisoned, "{name}");
        assert!(last_error().contains("poisoned"), "{name}");
    }
    let mut out = ptr::null_mut();
    assert_eq!(unsafe { dg_game_clone(game, &mut out) }, DgStatus::Poisoned);
    assert!(out.is_null());
    // Free still takes it back.
    unsafe { dg_game_free(game) };
}

#[test]
fn a_panic_while_reading_does_not_poison() {
    let game = new_game(2);
    fault::arm("guard");
    let mut b = std::mem::MaybeUninit::<DgDominoBoard>::zeroed();
    assert_eq!(
        unsafe { dg_domino_board(game, 0, b.as_mut_ptr()) },
        DgStatus::Panic
    );
    assert_eq!(
        unsafe { dg_domino_board(game, 0, b.as_mut_ptr()) },
        DgStatus::Ok
    );
    unsafe { dg_game_free(game) };
}

#[test]
fn every_status_of_the_dynamic_layer_has_its_c_value() {
    // The C enum and the dynamic layer's vocabulary are one list: the same numbers.
    for status in Status::ALL {
        assert_eq!(dg_status(status) as u32, status.code(), "{status:?}");
    }
    assert_eq!(Status::ALL.len(), DgStatus::InvalidCertificate as usize);
}
