//! The C ABI allocates nothing per action when events are off (`dg_game_set_events(g, 0)`):
//! `dg_game_to_move`, `dg_game_legal_actions`, `dg_game_play_chance` and `dg_game_apply`
//! over whole random games of every game, counted by a global allocator (as
//! `tests/no_alloc.rs` of the rules crate does for the typed engine). A handle reserves its
//! record when it is made or cloned (see `dangian::RECORD_RESERVE`).
//!
//! # Safety
//! Every call passes live handles used by this thread only, and valid, writable pointers.
#![allow(clippy::undocumented_unsafe_blocks)]

use dangian::{GameKind, GameRng};
use dangian_ffi::{
    dg_game_apply, dg_game_clone, dg_game_free, dg_game_legal_actions, dg_game_new,
    dg_game_play_chance, dg_game_set_events, dg_game_to_move, DgGame, DgStatus, DG_MAX_ACTIONS,
    DG_TO_MOVE_CHANCE, DG_TO_MOVE_OVER,
};

#[path = "common/counting.rs"]
mod counting;
use counting::allocations;

/// Play `games` random games of `kind` under `config` through the `dg_` functions, each on
/// a clone of one handle; returns the allocations of the per-action calls and the actions.
fn play(kind: GameKind, config: &str, games: u32) -> (u64, u64) {
    let mut prototype: *mut DgGame = std::ptr::null_mut();
    let status = unsafe {
        dg_game_new(
            kind as u32,
            config.as_ptr(),
            config.len(),
            5,
            &mut prototype,
        )
    };
    assert_eq!(status, DgStatus::Ok);
    assert_eq!(unsafe { dg_game_set_events(prototype, 0) }, DgStatus::Ok);
    let mut rng = GameRng::new(3);
    let mut buf = [0u32; DG_MAX_ACTIONS];
    let (mut allocated, mut actions) = (0, 0);
    for _ in 0..games {
        let mut game: *mut DgGame = std::ptr::null_mut();
        assert_eq!(unsafe { dg_game_clone(prototype, &mut game) }, DgStatus::Ok);
        loop {
            let before = allocations();
            let mut to_move = 0i32;
            assert_eq!(unsafe { dg_game_to_move(game, &mut to_move) }, DgStatus::Ok);
            if to_move == DG_TO_MOVE_OVER {
                break;
            }
            if to_move == DG_TO_MOVE_CHANCE {
                let mut id = 0u32;
                assert_eq!(unsafe { dg_game_play_chance(game, &mut id) }, DgStatus::Ok);
            } else {
                let mut len = 0usize;
                let status =
                    unsafe { dg_game_legal_actions(game, buf.as_mut_ptr(), buf.len(), &mut len) };
                assert_eq!(status, DgStatus::Ok);
                let id = buf[rng.below(len as u32) as usize];
                assert_eq!(unsafe { dg_game_apply(game, id) }, DgStatus::Ok);
            }
            allocated += allocations() - before;
            actions += 1;
        }
        unsafe { dg_game_free(game) };
    }
    unsafe { dg_game_free(prototype) };
    (allocated, actions)
}

#[test]
fn c_abi_allocates_nothing_per_action_without_events() {
    for (kind, config, games) in [
        (GameKind::OAnQuan, "{}", 100),
        (GameKind::CaNgua, "{}", 4),
        (GameKind::Domino, "{}", 10),
        (GameKind::Domino, "{\"players\":3}", 5),
    ] {
        let (allocated, actions) = play(kind, config, games);
        assert!(actions > u64::from(games), "{kind}: the games were played");
        assert_eq!(
            allocated, 0,
            "{kind} {config}: {allocated} allocations in {actions} actions"
        );
    }
}
