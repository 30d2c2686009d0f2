//! Fuzz target bodies for Cờ cá ngựa. Each is a plain function, so the committed corpus runs
//! under a stable `cargo test` too (`fuzz/tests/ca_ngua_corpus.rs`).

use dangian::ca_ngua::{
    Action, Blocking, Capture, Config, DiceUsage, DoorRule, DoublesMove, HomeClimb, HomeEntry,
    State,
};
use dangian::testing::check_step;
use dangian::{Action as _, ActionList, Game, GameRng, NoEvents, PlayError, Record, ToMove};

/// The configs the action targets play: the presets and a few variants.
fn config(selector: u8) -> Config {
    let d = Config::default();
    match selector % 8 {
        0 => d,
        1 => Config::one_die(),
        2 => Config::two_players(),
        3 => Config::two_players_two_colours(),
        4 => Config::three_players(),
        5 => Config {
            door_rule: DoorRule::CountIntoHome,
            home_entry: HomeEntry::CountSteps,
            home_climb: HomeClimb::CountSteps,
            capture: Capture::Mandatory,
            blocking: Blocking::TwoPieceBlockadeOnly,
            ..Config::two_players()
        },
        6 => Config {
            dice_usage: DiceUsage::EachDieSeparately,
            exit_consumes_roll: false,
            home_actions_per_roll: 2,
            door_rule: DoorRule::BounceBack,
            ..Config::two_players()
        },
        _ => Config {
            doubles_move: DoublesMove::SplitTwoPieces,
            home_entry: HomeEntry::DoublesOnly,
            track_len: 40,
            max_actions: 300,
            ..Config::two_players_two_colours()
        },
    }
}

/// The first byte picks a config; each further byte picks `legal[byte % len]` (chance
/// outcomes included), with every invariant of `dangian::testing::check_step` checked at
/// every position.
pub fn actions_by_index(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(mut game) = State::new(config(first)) else {
        panic!("preset config refused");
    };
    let mut rng = GameRng::new(u64::from(first));
    let mut legal = ActionList::new();
    for &byte in rest {
        if let Err(e) = check_step(&game, &mut rng) {
            panic!(
                "invariant broken at move {}: {e}\n{game}",
                game.move_number()
            );
        }
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            assert!(game.is_over());
            return;
        }
        let id = legal[usize::from(byte) % legal.len()];
        let action = Action::from_id(id).expect("listed id");
        let before = game;
        if let Err(e) = game.apply(action, &mut NoEvents) {
            panic!("legal {action} refused: {e}\n{before}");
        }
        assert_eq!(game.move_number(), before.move_number() + 1);
    }
}

/// Four-byte little-endian ids applied raw (after a config byte): an unknown or illegal id is
/// refused with the state unchanged; an accepted one was listed as legal.
pub fn raw_ids(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(mut game) = State::new(config(first)) else {
        panic!("preset config refused");
    };
    let mut legal = ActionList::new();
    for chunk in rest.chunks_exact(4) {
        let id = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        game.legal_actions(&mut legal);
        let before = game;
        let mut events = Vec::new();
        match game.apply_id(id, &mut events) {
            Ok(()) => assert!(legal.contains(&id), "unlisted id {id} accepted"),
            Err(PlayError::UnknownId(_)) => {
                assert!(id >= Action::ID_COUNT);
                assert_eq!(game, before);
            }
            Err(PlayError::Illegal(e)) => {
                assert!(!legal.contains(&id), "listed id {id} refused: {e}");
                assert_eq!(game, before, "a refused id changed the state");
                assert!(events.is_empty());
                let action = Action::from_id(id).expect("known id");
                assert_eq!(before.check(action), Err(e));
            }
            Err(PlayError::Stale { .. }) => unreachable!("apply_id is never stale"),
        }
        if game.is_over() {
            return;
        }
    }
}

/// The bytes as a state, a config and a record in JSON: nothing panics, and whatever is
/// accepted is valid, round-trips, and can be played on.
pub fn untrusted_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(state) = serde_json::from_str::<State>(text) {
        assert!(state.validate().is_ok());
        let again: State = serde_json::from_str(&serde_json::to_string(&state).expect("serialize"))
            .expect("round trip");
        assert_eq!(again, state);
        let mut legal = ActionList::new();
        state.legal_actions(&mut legal);
        assert_eq!(legal.is_empty(), state.is_over());
        // Play a few steps from it.
        let mut game = state;
        let mut rng = GameRng::new(data.len() as u64);
        for _ in 0..50 {
            let action = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => game.sample_chance(&mut rng).expect("outcome"),
                ToMove::Seat(_) => {
                    game.legal_actions(&mut legal);
                    Action::from_id(legal[rng.below(legal.len() as u32) as usize]).expect("id")
                }
            };
            game.apply(action, &mut NoEvents).expect("legal action");
            assert!(game.validate().is_ok());
        }
        let _ = state.to_string();
    }
    if let Ok(config) = serde_json::from_str::<Config>(text) {
        if config.validate().is_ok() {
            let game = State::new(config).expect("a valid config starts a game");
            assert!(game.validate().is_ok());
        } else {
            assert!(State::new(config).is_err());
        }
    }
    if let Ok(record) = Record::from_json(text) {
        if let Ok(game) = record.replay::<State>() {
            assert!(game.validate().is_ok());
        }
    }
}
