//! Bounded input and bounded words through the C ABI: text longer than the header's
//! `DG_MAX_…` bounds is refused before it is parsed with the status of its kind and a message
//! naming the bound; the events of the costliest Ô ăn quan move are described in at most
//! `DG_MAX_DESCRIBED_EVENTS` lines plus one summing up the rest, and the real call after a
//! size query describes nothing again (counted by a global allocator: it allocates nothing).

// SAFETY (every `unsafe` block of this file): the block calls the C ABI with pointers that
// are NULL or valid for what the header says (live handles, writable out-parameters, buffers
// of the given capacity), which is the whole of its contract.
#![allow(clippy::undocumented_unsafe_blocks)]

use std::ptr::null_mut;

use dangian_ffi::*;

#[path = "common/counting.rs"]
mod counting;
use counting::allocations;

fn last_error() -> String {
    let mut buf = vec![0u8; 4096];
    let mut n = 0;
    unsafe { dg_last_error(buf.as_mut_ptr(), buf.len(), &mut n) };
    String::from_utf8_lossy(&buf[..n]).into_owned()
}

struct Game(*mut DgGame);

impl Drop for Game {
    fn drop(&mut self) {
        unsafe { dg_game_free(self.0) };
    }
}

fn new_game(kind: DgGameKind, config: &str) -> Result<Game, DgStatus> {
    let mut out = null_mut();
    match unsafe { dg_game_new(kind as u32, config.as_ptr(), config.len(), 1, &mut out) } {
        DgStatus::Ok => Ok(Game(out)),
        other => Err(other),
    }
}

fn state_json(g: &Game) -> String {
    let mut n = 0;
    assert_eq!(
        unsafe { dg_game_state_json(g.0, null_mut(), 0, &mut n) },
        DgStatus::BufferTooSmall
    );
    let mut buf = vec![0u8; n];
    assert_eq!(
        unsafe { dg_game_state_json(g.0, buf.as_mut_ptr(), n, &mut n) },
        DgStatus::Ok
    );
    String::from_utf8(buf).expect("UTF-8")
}

fn save(g: &Game) -> String {
    let mut n = 0;
    assert_eq!(
        unsafe { dg_game_save(g.0, null_mut(), 0, &mut n) },
        DgStatus::BufferTooSmall
    );
    let mut buf = vec![0u8; n];
    assert_eq!(
        unsafe { dg_game_save(g.0, buf.as_mut_ptr(), n, &mut n) },
        DgStatus::Ok
    );
    String::from_utf8(buf).expect("UTF-8")
}

fn play(g: &Game, text: &str) {
    let mut id = 0;
    assert_eq!(
        unsafe { dg_game_action_id(g.0, text.as_ptr(), text.len(), &mut id) },
        DgStatus::Ok,
        "{text}"
    );
    assert_eq!(unsafe { dg_game_apply(g.0, id) }, DgStatus::Ok, "{text}");
}

/// `json` padded with spaces after its first byte to `len` bytes: still the same JSON.
fn padded(json: &str, len: usize) -> String {
    let (head, tail) = json.split_at(1);
    format!("{head}{}{tail}", " ".repeat(len - json.len()))
}

fn assert_refused_for_size(status: DgStatus, expected: DgStatus, max: usize) {
    assert_eq!(status, expected);
    let e = last_error();
    assert!(e.contains(&format!("at most {max}")), "{e}");
}

#[test]
fn a_config_longer_than_the_bound_is_refused_unparsed() {
    let at_bound = padded("{}", DG_MAX_CONFIG_JSON);
    assert!(new_game(DgGameKind::OAnQuan, &at_bound).is_ok());
    let over = padded("{}", DG_MAX_CONFIG_JSON + 1);
    let status = new_game(DgGameKind::OAnQuan, &over).err().expect("refused");
    assert_refused_for_size(status, DgStatus::InvalidConfig, DG_MAX_CONFIG_JSON);
}

#[test]
fn a_position_longer_than_the_bound_is_refused_unparsed() {
    for kind in [DgGameKind::OAnQuan, DgGameKind::CaNgua, DgGameKind::Domino] {
        let state = state_json(&new_game(kind, "").expect("game"));
        let load = |json: &str| {
            let mut out = null_mut();
            let status = unsafe {
                dg_game_from_state_json(kind as u32, json.as_ptr(), json.len(), 1, &mut out)
            };
            unsafe { dg_game_free(out) };
            status
        };
        assert_eq!(load(&padded(&state, DG_MAX_STATE_JSON)), DgStatus::Ok);
        assert_refused_for_size(
            load(&padded(&state, DG_MAX_STATE_JSON + 1)),
            DgStatus::InvalidState,
            DG_MAX_STATE_JSON,
        );
    }
}

#[test]
fn a_record_longer_than_the_bound_is_refused_unparsed() {
    let g = new_game(DgGameKind::OAnQuan, "").expect("game");
    play(&g, "a1+");
    let record = save(&g);
    let load = |json: &str| {
        let mut out = null_mut();
        let status = unsafe { dg_game_load(json.as_ptr(), json.len(), 1, &mut out) };
        unsafe { dg_game_free(out) };
        status
    };
    assert_eq!(load(&padded(&record, 4096)), DgStatus::Ok);
    let over = padded(&record, DG_MAX_RECORD_JSON + 1);
    assert_refused_for_size(load(&over), DgStatus::InvalidRecord, DG_MAX_RECORD_JSON);
    let mut n = 0;
    let status = unsafe { dg_record_verify(over.as_ptr(), over.len(), null_mut(), 0, &mut n) };
    assert_refused_for_size(status, DgStatus::InvalidRecord, DG_MAX_RECORD_JSON);
}

/// A record of two million actions under the seed rules (games of at most 400 plies) is
/// refused while it is read, the count named, without a string kept per action.
#[test]
fn a_record_of_millions_of_actions_is_refused_while_it_is_read() {
    let list = vec!["\"a1+\""; 2_000_000].join(",");
    let json = format!(
        r#"{{"format":"dangian-record/2","game":"o_an_quan","rules_version":2,"config":{{}},"actions":[{list}]}}"#
    );
    let mut out = null_mut();
    let before = allocations();
    let status = unsafe { dg_game_load(json.as_ptr(), json.len(), 1, &mut out) };
    let allocated = allocations() - before;
    assert_eq!(status, DgStatus::InvalidRecord);
    let e = last_error();
    assert!(e.contains("2000000 actions") && e.contains("400"), "{e}");
    // A few hundred actions kept at most, not one string per action listed.
    assert!(allocated < 10_000, "{allocated} allocations");
}

#[test]
fn an_action_text_longer_than_the_bound_is_refused() {
    let g = new_game(DgGameKind::OAnQuan, "").expect("game");
    let long = "a1+".repeat(DG_MAX_ACTION_TEXT);
    let mut id = 0;
    let status = unsafe { dg_game_action_id(g.0, long.as_ptr(), long.len(), &mut id) };
    assert_refused_for_size(status, DgStatus::UnknownAction, DG_MAX_ACTION_TEXT);
}

/// The move of the benches' worst case: relays under `take_all` until the relay state
/// repeats, hundreds of thousands of events.
fn costliest_move() -> Game {
    let config = r#"{"relay_at_quan":"take_all","relay_loop":{"kind":"end_turn_on_repeat"}}"#;
    let g = new_game(DgGameKind::OAnQuan, config).expect("game");
    for m in "a1+ b5+ a3+ b2+ a2- b3- a5+ b1+".split(' ') {
        play(&g, m);
    }
    g
}

fn describe_events(g: &Game, lang: DgLang, seat: i32) -> (String, u64) {
    let mut n = 0;
    assert_eq!(
        unsafe { dg_game_describe_events(g.0, lang as u32, seat, null_mut(), 0, &mut n) },
        DgStatus::BufferTooSmall
    );
    let mut buf = vec![0u8; n];
    let before = allocations();
    assert_eq!(
        unsafe { dg_game_describe_events(g.0, lang as u32, seat, buf.as_mut_ptr(), n, &mut n) },
        DgStatus::Ok
    );
    let allocated = allocations() - before;
    (String::from_utf8(buf).expect("UTF-8"), allocated)
}

#[test]
fn the_costliest_move_is_described_in_bounded_lines_once() {
    let g = costliest_move();
    for (lang, more) in [(DgLang::Vi, "sự kiện nữa"), (DgLang::En, "more events")] {
        let (json, allocated) = describe_events(&g, lang, DG_ALL_SEATS);
        assert_eq!(
            allocated, 0,
            "the real call after the size query described again"
        );
        let lines: Vec<String> = serde_json::from_str(&json).expect("a JSON array");
        assert_eq!(lines.len(), DG_MAX_DESCRIBED_EVENTS + 1);
        let last = lines.last().expect("a summary line");
        assert!(last.contains(more), "{last}");
        let n: u64 = last
            .split_whitespace()
            .find_map(|w| w.parse().ok())
            .expect("a count");
        assert!(n > 10_000, "{last}");
        // The same answer again, and a seat's answer (nothing hidden in Ô ăn quan).
        assert_eq!(describe_events(&g, lang, DG_ALL_SEATS).0, json);
        assert_eq!(describe_events(&g, lang, 0).0, json);
    }
}

/// The kept answer is per language and seat, and forgotten when the game changes.
#[test]
fn the_kept_description_follows_the_game() {
    let g = new_game(DgGameKind::OAnQuan, "").expect("game");
    play(&g, "a1+");
    let (vi, _) = describe_events(&g, DgLang::Vi, 0);
    let (en, _) = describe_events(&g, DgLang::En, 0);
    assert_ne!(vi, en);
    assert_eq!(describe_events(&g, DgLang::Vi, 1).0, vi);
    play(&g, "b5+");
    let (after, _) = describe_events(&g, DgLang::Vi, 0);
    assert_ne!(after, vi);
    assert_eq!(unsafe { dg_game_set_events(g.0, 0) }, DgStatus::Ok);
    assert_eq!(describe_events(&g, DgLang::Vi, 0).0, "[]");
}
