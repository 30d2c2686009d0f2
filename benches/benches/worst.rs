//! The worst single action: the costliest Ô ăn quan moves under valid configs (the cases of
//! `tests/bounded_cost.rs`), timed with events off, with events on, and with the events
//! written as JSON (what the C ABI's `dg_game_events_json` returns).
//!
//! `cargo bench -p dangian-bench --bench worst` ends with a table: stones sown, events, JSON
//! bytes and the memory the events take, per case. Cờ cá ngựa and Domino actions are bounded
//! by a small constant number of events (`MAX_EVENTS_PER_ACTION`) and are not worth a case.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use dangian::any::AnyGame;
use dangian::o_an_quan::{self, BigStone, Config, Event, Setup, State};
use dangian::{Action, ActionList, Game, GameConfig, GameKind, NoEvents, Seat};

/// A case: the position before the costly move, the move, and the config as JSON (for the
/// dynamic layer).
struct Case {
    name: &'static str,
    config: String,
    before: Vec<&'static str>,
    start: Option<Setup>,
    /// The costly move, or `None` for the legal move that sows the most stones.
    last: Option<&'static str>,
}

fn cases() -> Vec<Case> {
    let relay = r#"{"relay_at_quan":"take_all","relay_loop":{"kind":"end_turn_on_repeat"}}"#;
    let big = r#"{"dan_per_square":20,"quan_setup":{"kind":"small_stones","count":50}}"#;
    let big_relay = format!("{},{}", &big[..big.len() - 1], &relay[1..]);
    // The largest position a valid state may hold (65 000 stones on the board, piles deep in
    // debt after 1 999 plies of refills): the loop-free bound's worst case.
    let config = Config {
        dan_per_square: 20,
        quan_setup: o_an_quan::QuanSetup::SmallStones { count: 50 },
        refill_amount_per_square: 5,
        max_plies: Some(2000),
        ..Config::default()
    };
    let mut dan = [0u16; 12];
    dan[1] = 60_000;
    dan[3] = 4_000;
    dan[8] = 998;
    dan[0] = 1;
    dan[6] = 1;
    let pile = (300 - 65_000) / 2;
    let largest = Setup {
        config,
        dan,
        big: [BigStone::Absent; 2],
        cap_dan: [pile, 300 - 65_000 - pile],
        turn: Seat(0),
        ply: 1999,
        end: None,
        history: Vec::new(),
    };
    vec![
        Case {
            name: "take_all relays (issue repro 1)",
            config: relay.into(),
            before: "a1+ b5+ a3+ b2+ a2- b3- a5+".split(' ').collect(),
            start: None,
            last: Some("b1+"),
        },
        Case {
            name: "20 dan, 50 small stones (repro 2)",
            config: big.into(),
            before: "a1- b3- a4- b2-".split(' ').collect(),
            start: None,
            last: Some("a2+"),
        },
        Case {
            name: "repro 2 under take_all relays",
            config: big_relay,
            before: "a1- b3- a4- b2-".split(' ').collect(),
            start: None,
            last: Some("a2+"),
        },
        Case {
            name: "65 000 stones on the board",
            config: serde_json::to_string(&config).expect("config"),
            before: Vec::new(),
            start: Some(largest),
            last: None,
        },
    ]
}

fn typed_start(case: &Case) -> State {
    let mut game = match &case.start {
        Some(setup) => State::from_setup(setup.clone()).expect("a valid position"),
        None => State::new(Config::from_json(&case.config).expect("valid")).expect("valid"),
    };
    for m in &case.before {
        game.apply(m.parse().expect("notation"), &mut NoEvents)
            .expect("legal");
    }
    game
}

fn dynamic_start(case: &Case) -> AnyGame {
    let mut game = match &case.start {
        Some(setup) => AnyGame::from_setup_json(
            GameKind::OAnQuan,
            &serde_json::to_string(setup).expect("setup"),
        )
        .expect("valid"),
        None => AnyGame::new(GameKind::OAnQuan, &case.config).expect("valid"),
    };
    for m in &case.before {
        let id = game.action_id(m).expect("notation");
        game.apply(id).expect("legal");
    }
    game
}

fn sown(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Sow { .. }))
        .count()
}

/// The legal move of `state` that sows the most stones.
fn costliest(state: &State) -> o_an_quan::Action {
    let mut legal = ActionList::new();
    state.legal_actions(&mut legal);
    let mut events = Vec::new();
    legal
        .iter()
        .map(|&id| {
            let mut s = *state;
            events.clear();
            s.apply_id(id, &mut events).expect("legal");
            (sown(&events), id)
        })
        .max()
        .and_then(|(_, id)| o_an_quan::Action::from_id(id))
        .expect("a legal move")
}

fn worst(c: &mut Criterion) {
    let mut group = c.benchmark_group("worst apply");
    group.sample_size(10);
    let mut table = Vec::new();
    for case in cases() {
        let start = typed_start(&case);
        let last: o_an_quan::Action = match case.last {
            Some(text) => text.parse().expect("notation"),
            None => costliest(&start),
        };
        group.bench_function(format!("{}: events off", case.name), |b| {
            b.iter(|| {
                let mut g = start;
                g.apply(black_box(last), &mut NoEvents).expect("legal");
                black_box(g)
            })
        });
        let mut events: Vec<Event> = Vec::new();
        group.bench_function(format!("{}: events on", case.name), |b| {
            b.iter(|| {
                let mut g = start;
                events.clear();
                g.apply(black_box(last), &mut events).expect("legal");
                black_box(g)
            })
        });
        let dynamic = dynamic_start(&case);
        let id = dynamic.action_id(&last.to_string()).expect("notation");
        let mut json_len = 0;
        group.bench_function(format!("{}: events JSON", case.name), |b| {
            b.iter(|| {
                let mut g = dynamic.clone();
                g.apply(id).expect("legal");
                json_len = g.events_json(None).expect("host").len();
                black_box(json_len)
            })
        });
        table.push((
            format!("{} `{last}`", case.name),
            sown(&events),
            events.len(),
            events.len() * std::mem::size_of::<Event>(),
            json_len,
        ));
    }
    group.finish();
    println!("\n| case, move | stones sown | events | events in memory | events JSON |");
    println!("|---|---|---|---|---|");
    for (name, sown, n, bytes, json) in table {
        println!(
            "| {name} | {sown} | {n} | {:.1} MB | {:.1} MB |",
            bytes as f64 / 1e6,
            json as f64 / 1e6
        );
    }
}

criterion_group!(benches, worst);
criterion_main!(benches);
