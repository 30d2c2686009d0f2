//! The dynamic layer ([`AnyGame`]) allocates nothing per action when no events are kept:
//! `to_move`, `legal_actions`, `sample_chance` and `apply` over whole random games of every
//! game, counted by a global allocator (as `tests/no_alloc.rs` does for the typed engine).
//!
//! The record of the actions is reserved when the game is made or cloned, for the rest of the
//! game up to [`dangian::RECORD_RESERVE`] actions: the games here are all shorter
//! (checked below), so not one apply allocates. With events on, the events of the last
//! action go into a buffer that is reused: after the first actions it allocates nothing
//! either.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use dangian::any::AnyGame;
use dangian::RECORD_RESERVE;
use dangian::{ActionList, GameKind, GameRng, ToMove};

struct Counting;

thread_local! {
    // Per thread, so tests running in parallel do not count each other's allocations.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Play `games` random games of `kind` under `config` through [`AnyGame`], each from a clone
/// of one prototype (as a server or a search would); returns the allocations made by
/// `to_move`, `legal_actions`, `sample_chance` and `apply` together, and the actions applied.
fn play(kind: GameKind, config: &str, games: u32, keep_events: bool) -> (u64, u64) {
    let mut prototype = AnyGame::new(kind, config).expect("valid config");
    prototype.keep_events(keep_events);
    let mut rng = GameRng::new(99);
    let mut legal = ActionList::new();
    let (mut allocated, mut actions) = (0, 0);
    for _ in 0..games {
        let mut game = prototype.clone();
        loop {
            let before = allocations();
            let id = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => game.sample_chance(&mut rng).expect("chance"),
                ToMove::Seat(_) => {
                    game.legal_actions(&mut legal);
                    legal[rng.below(legal.len() as u32) as usize]
                }
            };
            game.apply(id).expect("legal");
            allocated += allocations() - before;
            actions += 1;
        }
        assert!(
            (game.move_number() as usize) < RECORD_RESERVE,
            "a game longer than the reserve"
        );
    }
    (allocated, actions)
}

/// The games played: the seed rules of each game and a few variants.
fn games() -> Vec<(GameKind, String, u32)> {
    let one_die = serde_json::to_string(&dangian::ca_ngua::Config::one_die()).expect("JSON");
    vec![
        (GameKind::OAnQuan, "{}".into(), 100),
        (GameKind::OAnQuan, "{\"repetition_limit\":3}".into(), 30),
        (GameKind::CaNgua, "{}".into(), 4),
        (GameKind::CaNgua, one_die, 4),
        (GameKind::Domino, "{}".into(), 10),
        (GameKind::Domino, "{\"players\":4}".into(), 5),
    ]
}

#[test]
fn any_game_allocates_nothing_per_action_without_events() {
    for (kind, config, games) in games() {
        let (allocated, actions) = play(kind, &config, games, false);
        assert!(actions > u64::from(games), "{kind}: the games were played");
        assert_eq!(
            allocated, 0,
            "{kind} {config}: {allocated} allocations in {actions} actions"
        );
    }
}

#[test]
fn any_game_with_events_reuses_its_buffer() {
    for (kind, config, games) in games() {
        let (allocated, actions) = play(kind, &config, games, true);
        // The event buffer grows by doubling to the most events of one action: a few
        // allocations per game at most (each clone starts from the prototype's empty
        // buffer), however many actions.
        assert!(
            allocated <= 12 * u64::from(games),
            "{kind} {config}: {allocated} allocations in {games} games of {actions} actions"
        );
    }
}

#[test]
fn clone_from_restarts_a_playout_without_allocating() {
    for (kind, config, games) in games() {
        let mut prototype = AnyGame::new(kind, &config).expect("valid config");
        prototype.keep_events(false);
        let mut rng = GameRng::new(5);
        let mut legal = ActionList::new();
        let mut game = prototype.clone();
        let mut allocated = 0;
        for _ in 0..games {
            let before = allocations();
            game.clone_from(&prototype);
            allocated += allocations() - before;
            assert_eq!(game.state_hash(), prototype.state_hash(), "{kind}");
            assert_eq!(game.move_number(), 0, "{kind}: the record starts again");
            while game.to_move() != ToMove::Over {
                if game.to_move() == ToMove::Chance {
                    game.play_chance(&mut rng).expect("chance");
                } else {
                    game.legal_actions(&mut legal);
                    let id = legal[rng.below(legal.len() as u32) as usize];
                    game.apply(id).expect("legal");
                }
            }
        }
        assert_eq!(allocated, 0, "{kind} {config}: clone_from allocated");
    }
}

#[test]
fn clone_from_copies_any_game_of_any_kind() {
    let mut rng = GameRng::new(8);
    let mut legal = ActionList::new();
    let mut source = AnyGame::new(GameKind::Domino, "{}").expect("valid config");
    for _ in 0..40 {
        match source.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                source.play_chance(&mut rng).expect("chance");
            }
            ToMove::Seat(_) => {
                source.legal_actions(&mut legal);
                source.apply(legal[0]).expect("legal");
            }
        }
    }
    // Into another kind: it becomes a copy of the source.
    let mut target = AnyGame::new(GameKind::OAnQuan, "{}").expect("valid config");
    target.clone_from(&source);
    assert_eq!(target.kind(), GameKind::Domino);
    assert_eq!(target.record(), source.record());
    assert_eq!(target.state_json(), source.state_json());
    // Into the same kind, further along: the record is the source's, not the target's.
    let mut again = source.clone();
    again.legal_actions(&mut legal);
    if let Some(&id) = legal.first() {
        again.apply(id).expect("legal");
    }
    again.clone_from(&source);
    assert_eq!(again.record(), source.record());
    assert_eq!(again.move_number(), source.move_number());
}
