//! Input a remote party controls costs a bounded amount to refuse: configs, positions,
//! records and action texts longer than the bounds of `dangian::limits` are refused before
//! they are parsed, and a record's actions are counted while they are read, so a record of
//! a million actions is refused without holding them (measured here by a counting
//! allocator: the peak of live heap bytes while reading it).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use dangian::any::{AnyError, AnyGame};
use dangian::limits::{
    MAX_ACTION_TEXT, MAX_CONFIG_JSON, MAX_RECORD_ACTIONS, MAX_RECORD_JSON, MAX_STATE_JSON,
};
use dangian::{o_an_quan, GameConfig, GameKind, Record, RecordError};

struct Counting;

thread_local! {
    // Per thread, so tests running in parallel do not count each other's allocations:
    // (live bytes, peak of live bytes).
    static BYTES: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

fn grew(by: usize) {
    let _ = BYTES.try_with(|b| {
        let (live, peak) = b.get();
        let live = live + by;
        b.set((live, peak.max(live)));
    });
}

fn shrank(by: usize) {
    let _ = BYTES.try_with(|b| {
        let (live, peak) = b.get();
        b.set((live.saturating_sub(by), peak));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrank(layout.size());
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        shrank(layout.size());
        grew(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The most heap bytes live at once on this thread while `f` runs, above what was live
/// before.
fn peak_bytes<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = BYTES.with(|b| {
        let (live, _) = b.get();
        b.set((live, live));
        live
    });
    let out = f();
    let peak = BYTES.with(|b| b.get().1);
    (out, peak - before)
}

/// `json` padded with spaces after its first byte to `len` bytes: still the same JSON.
fn padded(json: &str, len: usize) -> String {
    let (head, tail) = json.split_at(1);
    format!("{head}{}{tail}", " ".repeat(len - json.len()))
}

/// A record of Ô ăn quan under `config` listing `actions` copies of one action.
fn record_with_actions(config: &str, actions: usize) -> String {
    let list = vec!["\"a1+\""; actions].join(",");
    format!(
        r#"{{"format":"dangian-record/2","game":"o_an_quan","rules_version":2,"config":{config},"actions":[{list}]}}"#
    )
}

#[test]
fn a_config_longer_than_the_bound_is_refused_unread() {
    let at_bound = padded(r#"{"dan_per_square":5}"#, MAX_CONFIG_JSON);
    assert!(o_an_quan::Config::from_json(&at_bound).is_ok());
    let over = padded(r#"{"dan_per_square":5}"#, MAX_CONFIG_JSON + 1);
    let e = o_an_quan::Config::from_json(&over).expect_err("too long");
    assert!(e.to_string().contains(&MAX_CONFIG_JSON.to_string()), "{e}");
    for kind in GameKind::ALL {
        let over = padded("{}", MAX_CONFIG_JSON + 1);
        assert!(matches!(
            AnyGame::new(kind, &over),
            Err(AnyError::Config(_))
        ));
    }
}

#[test]
fn a_position_longer_than_the_bound_is_refused_unread() {
    for kind in GameKind::ALL {
        let state = AnyGame::new(kind, "").expect("config").state_json();
        assert!(AnyGame::from_setup_json(kind, &padded(&state, MAX_STATE_JSON)).is_ok());
        match AnyGame::from_setup_json(kind, &padded(&state, MAX_STATE_JSON + 1)) {
            Err(AnyError::Setup(e)) => assert!(e.contains(&MAX_STATE_JSON.to_string()), "{e}"),
            other => panic!("{kind}: {:?}", other.map(|g| g.kind())),
        }
    }
}

#[test]
fn a_record_start_longer_than_the_bound_is_refused() {
    let state = AnyGame::new(GameKind::OAnQuan, "")
        .expect("config")
        .state_json();
    let game = AnyGame::from_setup_json(GameKind::OAnQuan, &state).expect("start");
    let mut record: serde_json::Value =
        serde_json::from_str(&game.record().to_json()).expect("JSON");
    let start = record["start"].to_string();
    record["start"] = serde_json::from_str(&start).expect("JSON");
    let json = record.to_string();
    let at = json.find("\"start\":").expect("a start") + "\"start\":".len();
    let long = format!(
        "{}{}{}",
        &json[..at + 1],
        " ".repeat(MAX_STATE_JSON),
        &json[at + 1..]
    );
    let r = Record::from_json(&long).expect("a record of a few KiB");
    assert!(matches!(
        r.start::<o_an_quan::State>(),
        Err(RecordError::Start(e)) if e.contains(&MAX_STATE_JSON.to_string())
    ));
    assert!(AnyGame::from_record_json(&json).is_ok());
    assert!(AnyGame::from_record_json(&long).is_err());
}

#[test]
fn a_record_longer_than_the_bound_is_refused_unread() {
    let record = record_with_actions("{}", 1);
    assert!(Record::from_json(&padded(&record, 4096)).is_ok());
    let over = padded(&record, MAX_RECORD_JSON + 1);
    let (result, peak) = peak_bytes(|| Record::from_json(&over));
    assert_eq!(
        result,
        Err(RecordError::TooLarge {
            bytes: MAX_RECORD_JSON + 1,
            max: MAX_RECORD_JSON
        })
    );
    assert!(peak < 4096, "refusing it took {peak} bytes");
    assert!(matches!(
        Record::from_document(&over),
        Err(RecordError::TooLarge { .. })
    ));
    assert!(matches!(
        AnyGame::from_record_json(&over),
        Err(AnyError::Record(RecordError::TooLarge { .. }))
    ));
}

/// The report's record: millions of actions (here 2 million, 12 MiB) under the seed rules,
/// whose games last at most 400 plies. Reading it keeps at most the bound in memory.
#[test]
fn a_record_of_millions_of_actions_is_refused_while_it_is_read() {
    let json = record_with_actions("{}", 2_000_000);
    assert!(json.len() < MAX_RECORD_JSON);
    let (result, peak) = peak_bytes(|| Record::from_json(&json));
    assert_eq!(
        result,
        Err(RecordError::TooLong {
            actions: 2_000_000,
            max: 400
        })
    );
    // 401 short strings and their list: well under a megabyte (a list of two million
    // strings would take over 60 MB).
    assert!(peak < 1 << 20, "reading it took {peak} bytes");

    // The config may come after the actions: the bound is the same.
    let mut value: serde_json::Value =
        serde_json::from_str(&record_with_actions("{}", 3000)).expect("JSON");
    let config = value["config"].take();
    value.as_object_mut().expect("object").remove("config");
    let text = value.to_string();
    let text = format!("{},\"config\":{config}}}", &text[..text.len() - 1]);
    assert!(text.ends_with(r#""config":{}}"#));
    assert_eq!(
        Record::from_json(&text),
        Err(RecordError::TooLong {
            actions: 3000,
            max: 400
        })
    );
}

/// Without a config to bound it (an invalid config, another rules version), the list stops
/// at [`MAX_RECORD_ACTIONS`].
#[test]
fn a_record_without_a_usable_config_stops_at_the_absolute_bound() {
    let json = record_with_actions(r#"{"dan_per_square":0}"#, MAX_RECORD_ACTIONS + 1);
    assert_eq!(
        Record::from_json(&json),
        Err(RecordError::TooLong {
            actions: MAX_RECORD_ACTIONS + 1,
            max: MAX_RECORD_ACTIONS as u32
        })
    );
    // At the bound it is read (and refused later for its config).
    let json = record_with_actions(r#"{"dan_per_square":0}"#, 10);
    let record = Record::from_json(&json).expect("read");
    assert!(matches!(
        record.replay::<o_an_quan::State>(),
        Err(RecordError::Config(_))
    ));
}

#[test]
fn an_action_text_longer_than_the_bound_is_refused() {
    let long = "a".repeat(MAX_ACTION_TEXT + 1);
    let json = record_with_actions("{}", 1).replace("a1+", &long);
    match Record::from_json(&json) {
        Err(RecordError::Json(e)) => assert!(e.contains(&MAX_ACTION_TEXT.to_string()), "{e}"),
        other => panic!("{other:?}"),
    }
    let game = AnyGame::new(GameKind::OAnQuan, "").expect("config");
    match game.action_id(&"a1+".repeat(1 << 20)) {
        Err(AnyError::Notation(e)) => assert!(e.contains(&MAX_ACTION_TEXT.to_string()), "{e}"),
        other => panic!("{other:?}"),
    }
    assert!(game.action_id("a1+").is_ok());
}

/// Every action of many random games is written in far fewer bytes than the bound.
#[test]
fn every_action_text_fits_the_bound() {
    use dangian::{ActionList, GameRng, ToMove};
    let mut longest = 0;
    for kind in GameKind::ALL {
        for seed in 0..20 {
            let mut game = AnyGame::new(kind, "").expect("config");
            let mut rng = GameRng::new(seed);
            let mut legal = ActionList::new();
            while !game.is_over() && game.move_number() < 2000 {
                let id = match game.to_move() {
                    ToMove::Chance => game.sample_chance(&mut rng).expect("chance"),
                    _ => {
                        game.legal_actions(&mut legal);
                        legal[rng.below(legal.len() as u32) as usize]
                    }
                };
                longest = longest.max(game.action_text(id).expect("text").len());
                game.apply(id).expect("legal");
            }
        }
    }
    assert!(longest < 20, "an action takes {longest} bytes");
}

/// The events of the costliest Ô ăn quan move (relays under `take_all` until the relay state
/// repeats: hundreds of thousands of events) are described in at most
/// `MAX_DESCRIBED_EVENTS` lines and one that sums up the rest, in both languages.
#[test]
fn the_costliest_move_is_described_in_bounded_lines() {
    use dangian::describe::Lang;
    use dangian::limits::MAX_DESCRIBED_EVENTS;
    let config = r#"{"relay_at_quan":"take_all","relay_loop":{"kind":"end_turn_on_repeat"}}"#;
    let mut game = AnyGame::new(GameKind::OAnQuan, config).expect("config");
    for m in "a1+ b5+ a3+ b2+ a2- b3- a5+ b1+".split(' ') {
        let id = game.action_id(m).expect("notation");
        game.apply(id).expect("legal");
    }
    let events = game.event_count();
    assert!(events > 10 * MAX_DESCRIBED_EVENTS, "{events} events");
    for (lang, summary) in [(Lang::En, "more events"), (Lang::Vi, "sự kiện nữa")] {
        let (lines, peak) = peak_bytes(|| game.describe_events(lang, None).expect("host"));
        assert_eq!(lines.len(), MAX_DESCRIBED_EVENTS + 1);
        let last = lines.last().expect("a summary");
        assert!(last.contains(summary), "{last}");
        assert!(
            last.contains(&(events - MAX_DESCRIBED_EVENTS).to_string()),
            "{last} ({events} events)"
        );
        assert!(peak < 1 << 20, "describing took {peak} bytes");
        assert_eq!(game.describe_events(lang, Some(1)).expect("seat"), lines);
    }
    // A move of a few events is described whole, with no summary.
    let mut small = AnyGame::new(GameKind::OAnQuan, "").expect("config");
    small
        .apply(small.action_id("a1+").expect("notation"))
        .expect("legal");
    let lines = small.describe_events(Lang::En, None).expect("host");
    assert_eq!(lines.len(), small.event_count());
}
