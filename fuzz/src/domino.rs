//! Fuzz bodies for Domino: plain functions, run by the `domino_*` fuzz targets and, over the
//! committed corpus, by `cargo test` (`fuzz/tests/domino_corpus.rs`).

use dangian::domino::{Action, Config, DrawPolicy, FishDetection, LaterLead, State};
use dangian::testing::check_step;
use dangian::{Action as _, ActionList, ChanceList, Game, GameRng, NoEvents, Record, Seat};

/// The config a fuzz input's first byte selects: a preset or a variant, with 2–4 players.
fn config_for(byte: u8) -> Config {
    let base = match byte % 8 {
        0 => Config::default(),
        1 => Config::kozel(),
        2 => Config::western_draw(),
        3 => Config::block(),
        4 => Config {
            draw_policy: DrawPolicy::Voluntary,
            later_round_lead: LaterLead::Rotate,
            ..Config::default()
        },
        5 => Config {
            draw_policy: DrawPolicy::OneThenPass,
            boneyard_reserve: 2,
            fish_detection: FishDetection::ClosedLayoutImmediate,
            ..Config::default()
        },
        6 => Config {
            hand_size: 3,
            opening_tile_forced: false,
            loss_threshold: 20,
            ..Config::default()
        },
        _ => Config {
            hand_size: 1,
            redeal_if_doubles_at_least: Some(1),
            loss_threshold: 3,
            ..Config::default()
        },
    };
    let players = 2 + (byte / 8) % 3;
    Config {
        players,
        hand_size: base.hand_size.min(28 / players),
        ..base
    }
}

/// Each byte after the first picks `legal[byte % len]` (chance outcomes included); every
/// position reached passes the generic invariant checks of [`check_step`].
pub fn actions_by_index(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(mut game) = State::new(config_for(first)) else {
        panic!("a fuzz config is invalid");
    };
    let mut rng = GameRng::new(u64::from(first));
    let mut legal = ActionList::new();
    for (step, &byte) in rest.iter().enumerate() {
        // The full generic checks (every id, JSON round trip) on every 8th position; the
        // state's own invariants on every one.
        if step % 8 == 0 {
            if let Err(e) = check_step(&game, &mut rng) {
                panic!("invariant broken: {e}\n{game}");
            }
        } else if let Err(e) = game.validate() {
            panic!("invalid position: {e}\n{game}");
        }
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            let _ = check_step(&game, &mut rng);
            break;
        }
        let id = legal[usize::from(byte) % legal.len()];
        let Some(action) = Action::from_id(id) else {
            panic!("listed id {id} has no action");
        };
        let before = game.move_number();
        let mut events = Vec::new();
        if let Err(e) = game.apply(action, &mut events) {
            panic!("legal {action} refused: {e}");
        }
        assert_eq!(game.move_number(), before + 1);
        assert!(game.move_number() <= game.max_moves());
        for s in 0..game.seats() {
            let view = game.view(Seat(s));
            let _ = view.to_string();
            for e in &events {
                let _ = State::event_for(e, Seat(s));
            }
        }
    }
}

/// The first byte selects the config; then 4-byte little-endian ids are applied raw: an
/// illegal one must be refused with the state unchanged, a legal one accepted.
pub fn raw_ids(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(mut game) = State::new(config_for(first)) else {
        panic!("a fuzz config is invalid");
    };
    let mut legal = ActionList::new();
    let mut chance = ChanceList::new();
    for chunk in rest.chunks_exact(4) {
        let id = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        game.legal_actions(&mut legal);
        game.chance_outcomes(&mut chance);
        let before = game;
        match game.apply_id(id, &mut NoEvents) {
            Ok(()) => {
                assert!(legal.contains(&id), "unlisted id {id} was applied");
                if let Err(e) = game.validate() {
                    panic!("invalid after {id}: {e}");
                }
            }
            Err(_) => {
                assert!(!legal.contains(&id), "listed id {id} was refused");
                assert_eq!(game, before, "a refused id changed the state");
            }
        }
        if game.is_over() {
            break;
        }
    }
}

/// The bytes as JSON of a state, a config and a record: never a panic; whatever is
/// accepted is valid and round-trips.
pub fn untrusted_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(state) = serde_json::from_str::<State>(text) {
        if let Err(e) = state.validate() {
            panic!("an accepted state is invalid: {e}");
        }
        let json = serde_json::to_string(&state).unwrap_or_default();
        let back: Result<State, _> = serde_json::from_str(&json);
        assert_eq!(back.ok(), Some(state), "state round trip");
        for s in 0..state.seats() {
            let _ = state.view(Seat(s)).to_string();
        }
        let _ = state.to_string();
        let mut legal = ActionList::new();
        state.legal_actions(&mut legal);
        assert_eq!(legal.is_empty(), state.is_over());
        assert!(state.move_number() <= state.max_moves());
    }
    if let Ok(config) = serde_json::from_str::<Config>(text) {
        let json = serde_json::to_string(&config).unwrap_or_default();
        assert_eq!(serde_json::from_str::<Config>(&json).ok(), Some(config));
        match State::new(config) {
            Ok(state) => assert!(state.validate().is_ok()),
            Err(_) => assert!(config.validate().is_err()),
        }
    }
    if let Ok(record) = Record::from_json(text) {
        if let Ok(state) = record.replay::<State>() {
            if let Err(e) = state.validate() {
                panic!("a replayed state is invalid: {e}");
            }
        }
    }
}
