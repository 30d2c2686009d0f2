//! Fuzz target bodies for Ô ăn quan. Each is a plain function, so a stable `cargo test`
//! runs them over the committed corpus too.

use dangian::o_an_quan::{Config, State};
use dangian::testing::check_step;
use dangian::{Action as _, ActionList, Game, GameRng, NoEvents, Record};

/// The preset picked by a byte.
fn preset(byte: u8) -> Config {
    let presets = Config::presets();
    presets[usize::from(byte) % presets.len()].1
}

/// The first byte picks a preset; every further byte picks `legal[byte % len]`. Every
/// position reached is checked with [`check_step`] (ids, check/apply agreement, round
/// trips, validation), and the game ends within its bound.
pub fn actions_by_index(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(mut game) = State::new(preset(first)) else {
        panic!("a preset is invalid");
    };
    let total = game.config().total_dan();
    let mut rng = GameRng::new(u64::from(first));
    let mut legal = ActionList::new();
    for &b in rest {
        if let Err(e) = check_step(&game, &mut rng) {
            panic!("invariant broken: {e}");
        }
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        let id = legal[usize::from(b) % legal.len()];
        let before = game.move_number();
        if let Err(e) = game.apply_id(id, &mut NoEvents) {
            panic!("legal id {id} refused: {e}");
        }
        assert_eq!(game.move_number(), before + 1);
        assert!(game.move_number() <= game.max_moves());
        let on_board: i64 = game.board().iter().map(|&d| i64::from(d)).sum();
        let piles = i64::from(game.captured_dan(dangian::Seat(0)))
            + i64::from(game.captured_dan(dangian::Seat(1)));
        assert_eq!(on_board + piles, i64::from(total), "stones not conserved");
    }
}

/// The first byte picks a preset; then 4-byte little-endian ids are applied raw. An illegal
/// id must be refused with the state unchanged and the same reason as `check`.
pub fn raw_ids(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(mut game) = State::new(preset(first)) else {
        panic!("a preset is invalid");
    };
    for chunk in rest.chunks_exact(4) {
        let id = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        let before = game;
        let mut events = Vec::new();
        match game.apply_id(id, &mut events) {
            Ok(()) => {
                assert!(game.validate().is_ok());
                assert_eq!(game.move_number(), before.move_number() + 1);
            }
            Err(e) => {
                assert_eq!(game, before, "refused id {id} changed the state");
                assert!(events.is_empty(), "refused id {id} emitted events");
                match dangian::o_an_quan::Action::from_id(id) {
                    Some(a) => match before.check(a) {
                        Err(reason) => assert_eq!(e, dangian::PlayError::Illegal(reason)),
                        Ok(()) => panic!("id {id} passes check but was refused: {e}"),
                    },
                    None => assert_eq!(e, dangian::PlayError::UnknownId(id)),
                }
            }
        }
        if game.is_over() {
            break;
        }
    }
}

/// The bytes as a state, a config and a record in JSON: never a panic; anything accepted is
/// valid and round-trips.
pub fn untrusted_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(state) = serde_json::from_str::<State>(text) {
        assert!(state.validate().is_ok(), "an accepted state is invalid");
        let json = serde_json::to_string(&state).expect("serialize");
        let back: State = serde_json::from_str(&json).expect("round trip");
        assert_eq!(back, state);
        let mut legal = ActionList::new();
        state.legal_actions(&mut legal);
        assert_eq!(legal.is_empty(), state.is_over());
        let _ = state.to_string();
    }
    if let Ok(config) = serde_json::from_str::<Config>(text) {
        let json = serde_json::to_string(&config).expect("serialize");
        assert_eq!(serde_json::from_str::<Config>(&json).ok(), Some(config));
        match (config.validate(), State::new(config)) {
            (Ok(()), Ok(game)) => assert!(game.validate().is_ok()),
            (Err(_), Err(_)) => {}
            (v, g) => panic!("validate {v:?} but new {:?}", g.map(|_| ())),
        }
    }
    if let Ok(record) = Record::from_json(text) {
        if let Ok(game) = record.replay::<State>() {
            assert!(game.validate().is_ok());
            let again: State = record.replay().expect("a replay is deterministic");
            assert_eq!(again, game);
        }
    }
}
