//! Fuzz target bodies, written once against [`Game`] and instantiated per game in
//! [`o_an_quan`], [`ca_ngua`] and [`domino`]; [`ffi`] drives the C ABI with hostile calls.
//!
//! Each body is a plain function: the `fuzz_targets/` binaries call it under libFuzzer
//! (`cargo +nightly fuzz run TARGET`), and `tests/corpus.rs` runs it over the committed
//! corpus (the archive `corpus.tar.gz`, read in memory) under a stable `cargo test`.

use std::fmt::Display;

use dangian::testing::check_step;
use dangian::{Action, ActionList, Game, GameRng, NoEvents, PlayError, Record, Seat};

pub mod ca_ngua;
pub mod domino;
pub mod ffi;
pub mod o_an_quan;

/// The first byte picks a config with `config`; every further byte picks `legal[byte % len]`
/// (chance outcomes included), so every input is a legal game, reached fast. Checked at every
/// step, cheaply: a legal action is accepted and moves the counter by one, the game stays
/// within its bound, there are legal actions exactly while it is not over, and redaction works
/// for every seat. At the end the full invariant checks of [`check_step`] run once, and the
/// record of the game replays to the same state. (`actions_checked` runs the full checks at
/// every step, more slowly.)
pub fn actions_by_index<G: Game>(config: fn(u8) -> G::Config, data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let mut game = match G::new(config(first)) {
        Ok(g) => g,
        Err(e) => panic!("a fuzz config is invalid: {e}"),
    };
    let start = game.clone();
    let mut rng = GameRng::new(u64::from(first));
    let mut legal = ActionList::new();
    let mut events = Vec::new();
    let mut played = Vec::with_capacity(rest.len());
    for &byte in rest {
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            assert!(game.is_over(), "no legal action but not over");
            break;
        }
        assert!(!game.is_over(), "legal actions after the end");
        let id = legal[usize::from(byte) % legal.len()];
        let before = game.move_number();
        events.clear();
        if let Err(e) = game.apply_id(id, &mut events) {
            panic!("legal id {id} refused: {e}");
        }
        played.push(id);
        assert_eq!(game.move_number(), before + 1);
        assert!(
            game.move_number() <= game.max_moves(),
            "past the move bound"
        );
        for s in 0..game.seats() {
            for e in &events {
                let _ = G::event_for(e, Seat(s));
            }
        }
    }
    if let Err(e) = check_step(&game, &mut rng) {
        panic!("invariant broken at move {}: {e}", game.move_number());
    }
    let mut again = start;
    for id in played {
        again
            .apply_id(id, &mut NoEvents)
            .expect("a replay applies the same actions");
    }
    assert!(
        again == game,
        "a replay without events reaches the same state"
    );
}

/// As [`actions_by_index`], with the full invariant checks of [`check_step`] (every id,
/// check/apply agreement, round trips, validation, views) at every step: slower, deeper.
pub fn actions_checked<G: Game>(config: fn(u8) -> G::Config, data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let mut game = match G::new(config(first)) {
        Ok(g) => g,
        Err(e) => panic!("a fuzz config is invalid: {e}"),
    };
    let mut rng = GameRng::new(u64::from(first));
    let mut legal = ActionList::new();
    for &byte in rest {
        if let Err(e) = check_step(&game, &mut rng) {
            panic!("invariant broken at move {}: {e}", game.move_number());
        }
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            assert!(game.is_over(), "no legal action but not over");
            break;
        }
        let id = legal[usize::from(byte) % legal.len()];
        let before = game.move_number();
        let mut events = Vec::new();
        if let Err(e) = game.apply_id(id, &mut events) {
            panic!("legal id {id} refused: {e}");
        }
        assert_eq!(game.move_number(), before + 1);
        assert!(
            game.move_number() <= game.max_moves(),
            "past the move bound"
        );
        for s in 0..game.seats() {
            let _ = serde_json::to_string(&game.view(Seat(s)));
            for e in &events {
                let _ = G::event_for(e, Seat(s));
            }
        }
    }
}

/// The first byte picks a config; then 4-byte little-endian ids are applied raw. A listed id
/// is accepted; any other is refused with the reason `check` gives, the state unchanged and
/// no event emitted.
pub fn raw_ids<G: Game>(config: fn(u8) -> G::Config, data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let mut game = match G::new(config(first)) {
        Ok(g) => g,
        Err(e) => panic!("a fuzz config is invalid: {e}"),
    };
    let mut legal = ActionList::new();
    for chunk in rest.chunks_exact(4) {
        let id = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        game.legal_actions(&mut legal);
        let before = game.clone();
        let mut events = Vec::new();
        match game.apply_id(id, &mut events) {
            Ok(()) => {
                assert!(legal.contains(&id), "unlisted id {id} was applied");
                assert_eq!(game.move_number(), before.move_number() + 1);
                if let Err(e) = game.validate() {
                    panic!("invalid after id {id}: {e}");
                }
            }
            Err(e) => {
                assert!(!legal.contains(&id), "listed id {id} was refused: {e}");
                assert!(game == before, "refused id {id} changed the state");
                assert!(events.is_empty(), "refused id {id} emitted events");
                match (G::Action::from_id(id), e) {
                    (None, PlayError::UnknownId(unknown)) => assert_eq!(unknown, id),
                    (Some(action), PlayError::Illegal(reason)) => {
                        assert_eq!(before.check(action), Err(reason), "check and apply differ")
                    }
                    (a, e) => panic!("id {id} ({a:?}) refused oddly: {e}"),
                }
            }
        }
        if game.is_over() {
            break;
        }
    }
}

/// The bytes as JSON of a state, a config and a record: never a panic; whatever is accepted
/// is valid, within its bounds, and round-trips.
pub fn untrusted_json<G: Game + Display>(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(state) = serde_json::from_str::<G>(text) {
        if let Err(e) = state.validate() {
            panic!("an accepted state is invalid: {e}");
        }
        let json = serde_json::to_string(&state).unwrap_or_default();
        let back: Result<G, _> = serde_json::from_str(&json);
        assert!(back.ok() == Some(state.clone()), "state round trip");
        let mut legal = ActionList::new();
        state.legal_actions(&mut legal);
        assert_eq!(legal.is_empty(), state.is_over());
        assert!(state.move_number() <= state.max_moves());
        let _ = state.to_string();
        for s in 0..state.seats() {
            let _ = serde_json::to_string(&state.view(Seat(s)));
        }
    }
    if let Ok(config) = serde_json::from_str::<G::Config>(text) {
        let json = serde_json::to_string(&config).unwrap_or_default();
        assert!(
            serde_json::from_str::<G::Config>(&json).ok() == Some(config.clone()),
            "config round trip"
        );
        if let Ok(game) = G::new(config) {
            assert!(game.validate().is_ok(), "a new game is invalid");
        }
    }
    if let Ok(record) = Record::from_json(text) {
        if let Ok(game) = record.replay::<G>() {
            assert!(game.validate().is_ok(), "a replayed state is invalid");
            let again: G = record.replay().expect("a replay is deterministic");
            assert!(again == game, "a replay is deterministic");
        }
    }
}

/// Declare a game's three bodies (`actions_by_index`, `raw_ids`, `untrusted_json`) over its
/// state type and its config selector.
macro_rules! fuzz_bodies {
    ($state:ty, $config:path) => {
        /// Each byte after the first picks a legal action; see [`crate::actions_by_index`].
        pub fn actions_by_index(data: &[u8]) {
            crate::actions_by_index::<$state>($config, data)
        }

        /// The same with every check at every step; see [`crate::actions_checked`].
        pub fn actions_checked(data: &[u8]) {
            crate::actions_checked::<$state>($config, data)
        }

        /// Raw 4-byte ids after a config byte; see [`crate::raw_ids`].
        pub fn raw_ids(data: &[u8]) {
            crate::raw_ids::<$state>($config, data)
        }

        /// Untrusted state, config and record JSON; see [`crate::untrusted_json`].
        pub fn untrusted_json(data: &[u8]) {
            crate::untrusted_json::<$state>(data)
        }
    };
}
pub(crate) use fuzz_bodies;
