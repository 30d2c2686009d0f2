//! Bounded cost: no input makes one action expensive.
//!
//! Ô ăn quan: one move sows at most `SOWING_BACKSTOP` stones (relays included) under every
//! valid config, and reports at most about twice as many events; the moves that once cost
//! seconds and gigabytes (relays that never repeat under `take_all`) stop there. Cờ cá ngựa and
//! Domino: one action reports at most `MAX_EVENTS_PER_ACTION` events, checked over random games
//! of every preset.
//!
//! The figures are counts (stones sown, events), not times: times are measured by
//! `cargo bench -p dangian-bench --bench playouts -- worst` (the worst apply).

use dangian::any::AnyGame;
use dangian::o_an_quan::{
    self, BigStone, Config, Event, Setup, State, TurnEndReason, SOWING_BACKSTOP,
};
use dangian::{
    ca_ngua, domino, Action, ActionList, Game, GameConfig, GameKind, GameRng, Seat, ToMove,
};

/// Apply the moves in notation to a new Ô ăn quan game under `config` (JSON); the events of
/// the last move.
fn play_events(config: &str, moves: &str) -> Vec<Event> {
    let config = Config::from_json(config).expect("a valid config");
    let mut game = State::new(config).expect("valid");
    let mut events = Vec::new();
    for m in moves.split_whitespace() {
        events.clear();
        game.apply(m.parse().expect("notation"), &mut events)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    events
}

fn sown(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Sow { .. }))
        .count()
}

fn turn_end(events: &[Event]) -> Option<TurnEndReason> {
    events.iter().find_map(|e| match e {
        Event::TurnEnd { reason, .. } => Some(*reason),
        _ => None,
    })
}

/// The first reported case: `take_all` relays that never repeat within the budget. The move
/// once made 100 000 relays (13 MB of events JSON, 1.1 GB); now it stops at the backstop.
#[test]
fn a_relay_that_never_repeats_stops_at_the_sowing_backstop() {
    let events = play_events(
        r#"{"relay_at_quan":"take_all","relay_loop":{"kind":"end_turn_on_repeat"}}"#,
        "a1+ b5+ a3+ b2+ a2- b3- a5+ b1+",
    );
    let n = sown(&events);
    assert!(n <= SOWING_BACKSTOP as usize, "{n} stones sown");
    assert!(
        n > SOWING_BACKSTOP as usize / 2,
        "the case still reaches the backstop: {n}"
    );
    // The move ends before the first repeated relay state or at the backstop, whichever
    // comes first (here the repeat, found by Brent's search within its budget).
    assert!(matches!(
        turn_end(&events),
        Some(TurnEndReason::RelayRepeat | TurnEndReason::RelayCap)
    ));
    assert!(events.len() <= 2 * SOWING_BACKSTOP as usize + 32);
}

/// The second reported case (20 dân per square, 50 small stones per quan square), under the
/// seed rules and under `take_all`: bounded the same way.
#[test]
fn the_largest_board_of_a_valid_config_is_bounded_too() {
    for extra in [
        "",
        r#","relay_at_quan":"take_all","relay_loop":{"kind":"end_turn_on_repeat"}"#,
    ] {
        let config = format!(
            r#"{{"dan_per_square":20,"quan_setup":{{"kind":"small_stones","count":50}}{extra}}}"#
        );
        let events = play_events(&config, "a1- b3- a4- b2- a2+");
        assert!(sown(&events) <= SOWING_BACKSTOP as usize, "{config}");
        assert!(
            events.len() <= 2 * SOWING_BACKSTOP as usize + 32,
            "{config}"
        );
    }
}

/// Under the rules proved loop-free (OAQ-A12), a move with `S` stones on the board sows at most
/// `12 · (S/2 + 1)`: on the largest board a valid position may hold, every move stays within
/// that and within the backstop.
#[test]
fn the_loop_free_bound_holds_on_the_largest_position() {
    // 300 stones in play; piles deep in debt after 1 999 plies of refills of 25 stones leave
    // the board with 65 000 (near the most a position may hold).
    let config = Config {
        dan_per_square: 20,
        quan_setup: o_an_quan::QuanSetup::SmallStones { count: 50 },
        refill_amount_per_square: 5,
        max_plies: Some(2000),
        ..Config::default()
    };
    let mut dan = [0u16; 12];
    let board: u32 = 65_000;
    dan[1] = 60_000;
    dan[3] = 4_000;
    dan[8] = 998;
    // A stone in each quan square, so that the game is not over.
    dan[0] = 1;
    dan[6] = 1;
    let pile = (300 - i64::from(board)) / 2;
    let setup = Setup {
        config,
        dan,
        big: [BigStone::Absent; 2],
        cap_dan: [pile as i32, (300 - i64::from(board) - pile) as i32],
        turn: Seat(0),
        ply: 1999,
        end: None,
        history: Vec::new(),
    };
    let state = State::from_setup(setup).expect("a valid position");
    let mut legal = ActionList::new();
    state.legal_actions(&mut legal);
    assert!(!legal.is_empty());
    for &id in &legal {
        let mut s = state;
        let mut events = Vec::new();
        s.apply_id(id, &mut events).expect("legal");
        let n = sown(&events);
        assert!(n <= 12 * (board as usize / 2 + 1), "{n} stones sown");
        assert!(n <= SOWING_BACKSTOP as usize);
    }
}

/// The same cases through the dynamic layer (what the C ABI runs): the events JSON is written
/// once per request and stays proportional to the events.
#[test]
fn the_events_json_of_the_worst_move_is_bounded() {
    let mut game = AnyGame::new(
        GameKind::OAnQuan,
        r#"{"relay_at_quan":"take_all","relay_loop":{"kind":"end_turn_on_repeat"}}"#,
    )
    .expect("valid");
    for m in "a1+ b5+ a3+ b2+ a2- b3- a5+ b1+".split(' ') {
        let id = game.action_id(m).expect("notation");
        game.apply(id).expect("legal");
    }
    let n = game.event_count();
    assert!(n <= 2 * SOWING_BACKSTOP as usize + 32);
    let json = game.events_json(None).expect("host");
    // Each event is a short object: no event is written twice.
    assert!(json.len() < 48 * n, "{} bytes for {n} events", json.len());
}

/// Random play of every preset: the most events one action reports.
fn most_events<G: Game>(config: G::Config, games: u64, seed: u64) -> usize {
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    let mut events = Vec::new();
    let mut most = 0;
    for _ in 0..games {
        let mut game = G::new(config.clone()).expect("valid");
        loop {
            let action = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => game.sample_chance(&mut rng).expect("chance"),
                ToMove::Seat(_) => {
                    game.legal_actions(&mut legal);
                    G::Action::from_id(legal[rng.below(legal.len() as u32) as usize]).expect("id")
                }
            };
            events.clear();
            game.apply(action, &mut events).expect("legal");
            most = most.max(events.len());
        }
    }
    most
}

#[test]
fn ca_ngua_actions_report_a_bounded_number_of_events() {
    for (name, config) in ca_ngua::Config::presets() {
        let most = most_events::<ca_ngua::State>(config, 6, 3);
        assert!(
            most <= ca_ngua::MAX_EVENTS_PER_ACTION,
            "{name}: {most} events"
        );
    }
}

#[test]
fn domino_actions_report_a_bounded_number_of_events() {
    for (name, config) in domino::Config::presets() {
        let most = most_events::<domino::State>(config, 10, 4);
        assert!(
            most <= domino::MAX_EVENTS_PER_ACTION,
            "{name}: {most} events"
        );
    }
}
