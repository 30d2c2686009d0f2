//! Descriptions and fair chance through the C ABI: every action and event described in both
//! languages for the host and for each seat, bad languages and seats refused; a game played
//! with `dg_game_set_fair_chance` saves a record that `dg_record_verify` proves, and a
//! tampered one is `DG_STATUS_UNFAIR` with the first wrong outcome named. Every preset has a
//! name and a summary in both languages, seats are named from 1, and a finished game's end
//! lines name its winner.

// SAFETY (every `unsafe` block of this file): the block calls the C ABI with pointers that
// are NULL or valid for what the header says (live handles, writable out-parameters, buffers
// of the given capacity), which is the whole of its contract.
#![allow(clippy::undocumented_unsafe_blocks)]

use std::ptr::{null, null_mut};

use dangian_ffi::*;

const SEED_HEX: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

fn last_error() -> String {
    let mut buf = vec![0u8; 4096];
    let mut n = 0;
    unsafe { dg_last_error(buf.as_mut_ptr(), buf.len(), &mut n) };
    String::from_utf8_lossy(&buf[..n]).into_owned()
}

/// Read a text result: a size query, then the call.
fn text(mut call: impl FnMut(*mut u8, usize, *mut usize) -> DgStatus) -> Result<String, DgStatus> {
    let mut n = 0;
    match call(null_mut(), 0, &mut n) {
        DgStatus::Ok => return Ok(String::new()),
        DgStatus::BufferTooSmall => {}
        other => return Err(other),
    }
    let mut buf = vec![0u8; n];
    match call(buf.as_mut_ptr(), buf.len(), &mut n) {
        DgStatus::Ok => Ok(String::from_utf8(buf[..n].to_vec()).expect("UTF-8")),
        other => Err(other),
    }
}

struct Game(*mut DgGame);

impl Drop for Game {
    fn drop(&mut self) {
        unsafe { dg_game_free(self.0) };
    }
}

impl Game {
    fn new(kind: DgGameKind, seed: u64) -> Game {
        let mut out = null_mut();
        assert_eq!(
            unsafe { dg_game_new(kind as u32, null(), 0, seed, &mut out) },
            DgStatus::Ok
        );
        Game(out)
    }

    fn to_move(&self) -> i32 {
        let mut t = 0;
        assert_eq!(unsafe { dg_game_to_move(self.0, &mut t) }, DgStatus::Ok);
        t
    }

    fn seats(&self) -> u32 {
        let mut s = 0;
        assert_eq!(unsafe { dg_game_seats(self.0, &mut s) }, DgStatus::Ok);
        s
    }

    fn legal(&self) -> Vec<u32> {
        let mut ids = [0u32; DG_MAX_ACTIONS];
        let mut n = 0;
        let st = unsafe { dg_game_legal_actions(self.0, ids.as_mut_ptr(), ids.len(), &mut n) };
        assert_eq!(st, DgStatus::Ok);
        ids[..n].to_vec()
    }

    fn describe_action(&self, action: u32, lang: u32, seat: i32) -> Result<String, DgStatus> {
        text(|b, c, l| unsafe { dg_game_describe_action(self.0, action, lang, seat, b, c, l) })
    }

    fn describe_events(&self, lang: u32, seat: i32) -> Result<String, DgStatus> {
        text(|b, c, l| unsafe { dg_game_describe_events(self.0, lang, seat, b, c, l) })
    }

    fn save(&self) -> String {
        text(|b, c, l| unsafe { dg_game_save(self.0, b, c, l) }).expect("saves")
    }

    /// Play to the end: chance from the handle (its RNG or its fair seeds), players by a
    /// simple rule; after each action, `check` sees the action and the game.
    fn play(&self, mut check: impl FnMut(&Game, u32)) {
        let mut turn = 0usize;
        loop {
            let id = match self.to_move() {
                DG_TO_MOVE_OVER => break,
                DG_TO_MOVE_CHANCE => {
                    let mut id = 0;
                    assert_eq!(
                        unsafe { dg_game_play_chance(self.0, &mut id) },
                        DgStatus::Ok,
                        "{}",
                        last_error()
                    );
                    id
                }
                _ => {
                    let legal = self.legal();
                    let id = legal[(turn * 7 + 3) % legal.len()];
                    check(self, id);
                    assert_eq!(unsafe { dg_game_apply(self.0, id) }, DgStatus::Ok);
                    id
                }
            };
            turn += 1;
            let _ = id;
            check(self, u32::MAX);
        }
    }
}

fn preset_text(
    f: unsafe extern "C" fn(u32, *const u8, usize, u32, *mut u8, usize, *mut usize) -> DgStatus,
    kind: DgGameKind,
    name: &str,
    lang: u32,
) -> Result<String, DgStatus> {
    text(|b, c, l| unsafe { f(kind as u32, name.as_ptr(), name.len(), lang, b, c, l) })
}

fn presets(kind: DgGameKind) -> Vec<String> {
    let json = text(|b, c, l| unsafe { dg_game_presets_json(kind as u32, b, c, l) }).unwrap();
    serde_json::from_str(&json).expect("a JSON array")
}

#[test]
fn every_preset_has_a_name_and_a_summary_in_both_languages() {
    for kind in KINDS {
        for preset in presets(kind) {
            let mut texts = Vec::new();
            for lang in LANGS {
                for f in [dg_preset_name, dg_preset_summary] {
                    let t = preset_text(f, kind, &preset, lang).expect("words");
                    assert!(!t.trim().is_empty() && !t.contains('_'), "{preset}: {t:?}");
                    texts.push(t);
                }
            }
            // Vietnamese name and summary, then English: the two languages differ.
            assert_ne!(texts[0], texts[2], "{preset}");
            assert_ne!(texts[1], texts[3], "{preset}");
        }
    }
    let name = "threefold";
    assert_eq!(
        preset_text(dg_preset_name, DgGameKind::OAnQuan, name, 0),
        Ok("Lặp ba lần".to_owned())
    );
    assert_eq!(
        preset_text(dg_preset_name, DgGameKind::OAnQuan, "nope", 0),
        Err(DgStatus::InvalidConfig)
    );
    assert!(last_error().contains("nope"), "{}", last_error());
    assert_eq!(
        preset_text(dg_preset_summary, DgGameKind::OAnQuan, name, 2),
        Err(DgStatus::InvalidArgument)
    );
    assert_eq!(
        preset_text(dg_preset_name, DgGameKind::Domino, "\u{ff}", 0),
        Err(DgStatus::InvalidConfig)
    );
    let mut n = 0;
    let st = unsafe { dg_preset_name(9, name.as_ptr(), name.len(), 0, null_mut(), 0, &mut n) };
    assert_eq!(st, DgStatus::InvalidArgument);
    let st = unsafe { dg_preset_name(0, null(), 3, 0, null_mut(), 0, &mut n) };
    assert_eq!(st, DgStatus::NullPointer);
    let st =
        unsafe { dg_preset_summary(0, name.as_ptr(), name.len(), 0, null_mut(), 0, null_mut()) };
    assert_eq!(st, DgStatus::NullPointer);
}

impl Game {
    fn seat_name(&self, seat: u32, lang: u32) -> Result<String, DgStatus> {
        text(|b, c, l| unsafe { dg_game_seat_name(self.0, seat, lang, b, c, l) })
    }

    fn outcome_lines(&self, lang: u32) -> Vec<String> {
        let json = text(|b, c, l| unsafe { dg_game_outcome_lines_json(self.0, lang, b, c, l) })
            .expect("outcome lines");
        serde_json::from_str(&json).expect("a JSON array")
    }
}

#[test]
fn seats_are_named_from_one_and_the_end_names_the_winner() {
    for kind in KINDS {
        let game = Game::new(kind, 5);
        for lang in LANGS {
            assert!(game.outcome_lines(lang).is_empty(), "not over yet");
            for seat in 0..game.seats() {
                let name = game.seat_name(seat, lang).expect("named");
                let (vi, en) = (
                    format!("Người {}", seat + 1),
                    format!("Player {}", seat + 1),
                );
                assert!(
                    name.starts_with(if lang == 0 { &vi } else { &en }),
                    "{name}"
                );
            }
            assert_eq!(
                game.seat_name(game.seats(), lang),
                Err(DgStatus::InvalidArgument)
            );
        }
        assert_eq!(game.seat_name(0, 2), Err(DgStatus::InvalidArgument));
        game.play(|_, _| {});
        let mut outcome = DgOutcome {
            seats: 0,
            scores: [0; DG_MAX_SEATS],
            places: [0; DG_MAX_SEATS],
        };
        assert_eq!(
            unsafe { dg_game_outcome(game.0, &mut outcome) },
            DgStatus::Ok
        );
        let winners: Vec<u32> = (0..game.seats())
            .filter(|&s| outcome.places[s as usize] == 1)
            .collect();
        for lang in LANGS {
            let lines = game.outcome_lines(lang);
            assert!(lines.len() >= 2, "{kind:?}: {lines:?}");
            if let [w] = winners[..] {
                let name = game.seat_name(w, lang).unwrap();
                assert!(lines[0].contains(&name), "{kind:?}: {lines:?}");
            }
        }
    }
    let seed = Game::new(DgGameKind::CaNgua, 1);
    assert_eq!(seed.seat_name(0, 0), Ok("Người 1 (đỏ)".to_owned()));
    assert_eq!(seed.seat_name(3, 1), Ok("Player 4 (green)".to_owned()));
    let mut n = 0;
    let st = unsafe { dg_game_outcome_lines_json(null(), 0, null_mut(), 0, &mut n) };
    assert_eq!(st, DgStatus::NullPointer);
}

const KINDS: [DgGameKind; 3] = [DgGameKind::OAnQuan, DgGameKind::CaNgua, DgGameKind::Domino];
const LANGS: [u32; 2] = [DgLang::Vi as u32, DgLang::En as u32];

#[test]
fn every_action_and_event_is_described_in_both_languages_for_every_viewer() {
    for kind in KINDS {
        let game = Game::new(kind, 11);
        let seats = game.seats() as i32;
        let mut described = 0;
        game.play(|g, action| {
            for lang in LANGS {
                for seat in std::iter::once(DG_ALL_SEATS).chain(0..seats) {
                    if action == u32::MAX {
                        let json = g.describe_events(lang, seat).expect("events described");
                        let lines: Vec<String> = serde_json::from_str(&json).expect("a JSON array");
                        assert!(!lines.is_empty(), "{kind:?}: no event described");
                        assert!(lines.iter().all(|l| !l.trim().is_empty()), "{json}");
                    } else {
                        let d = g.describe_action(action, lang, seat).expect("described");
                        assert!(!d.trim().is_empty());
                        described += 1;
                    }
                }
            }
        });
        assert!(described > 10, "{kind:?}: {described}");
    }
}

#[test]
fn descriptions_differ_by_language_and_name_the_games_words() {
    let game = Game::new(DgGameKind::OAnQuan, 1);
    let a1 = game.legal()[0];
    let vi = game.describe_action(a1, DgLang::Vi as u32, 0).expect("vi");
    let en = game.describe_action(a1, DgLang::En as u32, 0).expect("en");
    assert_ne!(vi, en);
    assert!(vi.contains("rải"), "{vi}");
    assert!(en.contains("sows"), "{en}");
}

#[test]
fn bad_languages_seats_and_ids_are_refused() {
    let game = Game::new(DgGameKind::Domino, 3);
    let mut n = 0;
    let mut buf = [0u8; 256];
    let call = |lang: u32, seat: i32, action: u32, n: &mut usize, buf: &mut [u8]| unsafe {
        dg_game_describe_action(game.0, action, lang, seat, buf.as_mut_ptr(), buf.len(), n)
    };
    assert_eq!(call(2, 0, 0, &mut n, &mut buf), DgStatus::InvalidArgument);
    assert!(last_error().contains("language"), "{}", last_error());
    assert_eq!(call(0, 4, 0, &mut n, &mut buf), DgStatus::InvalidArgument);
    assert_eq!(call(0, -2, 0, &mut n, &mut buf), DgStatus::InvalidArgument);
    assert_eq!(
        call(0, 0, 99_999, &mut n, &mut buf),
        DgStatus::UnknownAction
    );
    assert_eq!(
        unsafe { dg_game_describe_action(game.0, 0, 0, 0, buf.as_mut_ptr(), 4, null_mut()) },
        DgStatus::NullPointer
    );
    assert_eq!(
        unsafe { dg_game_describe_events(null(), 0, 0, buf.as_mut_ptr(), 4, &mut n) },
        DgStatus::NullPointer
    );
    assert_eq!(
        unsafe { dg_game_describe_events(game.0, 7, 0, buf.as_mut_ptr(), 4, &mut n) },
        DgStatus::InvalidArgument
    );
    // Before any action there are no events to describe.
    assert_eq!(game.describe_events(0, DG_ALL_SEATS), Ok("[]".to_owned()));
}

fn set_fair(game: &Game, seed: &str, seeds: Option<&str>) -> DgStatus {
    let (p, l) = seeds.map_or((null(), 0), |s| (s.as_ptr(), s.len()));
    unsafe { dg_game_set_fair_chance(game.0, seed.as_ptr(), seed.len(), p, l) }
}

fn verify(record: &str) -> Result<String, DgStatus> {
    text(|b, c, l| unsafe { dg_record_verify(record.as_ptr(), record.len(), b, c, l) })
}

#[test]
fn a_fair_game_verifies_and_a_tampered_one_is_unfair() {
    for kind in [DgGameKind::CaNgua, DgGameKind::Domino] {
        let game = Game::new(kind, 5);
        assert_eq!(
            set_fair(&game, SEED_HEX, Some(r#"["an", "bình"]"#)),
            DgStatus::Ok
        );
        let commitment = text(|b, c, l| unsafe {
            dg_fair_commitment(SEED_HEX.as_ptr(), SEED_HEX.len(), b, c, l)
        })
        .expect("a commitment");
        let fairness =
            text(|b, c, l| unsafe { dg_game_fairness_json(game.0, b, c, l) }).expect("fairness");
        assert!(fairness.contains(&commitment), "{fairness}");
        assert!(!fairness.contains(SEED_HEX), "no reveal before the end");
        game.play(|_, _| {});
        let record = game.save();
        assert!(record.contains(SEED_HEX), "the reveal once over");
        let report = verify(&record).unwrap_or_else(|st| panic!("{st:?}: {}", last_error()));
        assert!(report.contains(&commitment), "{report}");

        // The first chance action changed: Ca ngua's first roll or Domino's first tile dealt.
        let mut doc: serde_json::Value = serde_json::from_str(&record).expect("JSON");
        let actions = doc["actions"].as_array_mut().expect("actions");
        let first = actions[0].as_str().expect("text").to_owned();
        let other = match kind {
            DgGameKind::CaNgua if first != "r1-1" => "r1-1",
            DgGameKind::CaNgua => "r2-2",
            _ if first != "deal 0-0" => "deal 0-0",
            _ => "deal 1-1",
        };
        actions[0] = other.into();
        doc.as_object_mut().expect("object").remove("final_hash");
        let tampered = doc.to_string();
        match verify(&tampered) {
            // Each chance action is checked before it is applied: the first is named.
            Err(DgStatus::Unfair) => assert!(
                last_error().contains("chance outcome 0"),
                "{}",
                last_error()
            ),
            other => panic!("{kind:?}: a changed first outcome gave {other:?}"),
        }
        // A wrong reveal.
        let wrong = record.replace(SEED_HEX, &SEED_HEX.replace("1f", "ff"));
        assert_eq!(verify(&wrong), Err(DgStatus::Unfair));
        assert!(last_error().contains("commitment"), "{}", last_error());
    }
}

#[test]
fn fair_chance_arguments_are_checked() {
    let game = Game::new(DgGameKind::CaNgua, 1);
    assert_eq!(set_fair(&game, "abc", None), DgStatus::InvalidArgument);
    assert!(last_error().contains("64 hex digits"), "{}", last_error());
    assert_eq!(
        set_fair(&game, &SEED_HEX.replace('0', "g"), None),
        DgStatus::InvalidArgument
    );
    assert_eq!(
        set_fair(&game, SEED_HEX, Some("[1, 2]")),
        DgStatus::InvalidJson
    );
    assert_eq!(set_fair(&game, SEED_HEX, Some("{")), DgStatus::InvalidJson);
    assert_eq!(
        unsafe { dg_game_set_fair_chance(game.0, null(), 64, null(), 0) },
        DgStatus::NullPointer
    );
    assert_eq!(
        unsafe { dg_game_set_fair_chance(null_mut(), SEED_HEX.as_ptr(), 64, null(), 0) },
        DgStatus::NullPointer
    );
    // Nothing was set by the failures.
    assert_eq!(
        text(|b, c, l| unsafe { dg_game_fairness_json(game.0, b, c, l) }),
        Ok("null".to_owned())
    );
    // A record without fair chance, and text that is not a record.
    game.play(|_, _| {});
    assert_eq!(verify(&game.save()), Err(DgStatus::Unfair));
    assert!(last_error().contains("no commitment"), "{}", last_error());
    assert_eq!(verify("{"), Err(DgStatus::InvalidJson));
    assert_eq!(verify("{}"), Err(DgStatus::InvalidRecord));
    let mut n = 0;
    assert_eq!(
        unsafe { dg_record_verify(null(), 0, null_mut(), 0, &mut n) },
        DgStatus::NullPointer
    );
}

fn fairness_json(game: &Game) -> String {
    text(|b, c, l| unsafe { dg_game_fairness_json(game.0, b, c, l) }).expect("fairness")
}

fn play_chance(game: &Game) -> Result<u32, DgStatus> {
    let mut id = 0;
    match unsafe { dg_game_play_chance(game.0, &mut id) } {
        DgStatus::Ok => Ok(id),
        status => Err(status),
    }
}

/// Play until chance is to move again after `chances` chance outcomes.
fn play_some(game: &Game, chances: usize) {
    for _ in 0..chances {
        play_chance(game).expect("a chance outcome");
        while game.to_move() >= 0 {
            let legal = game.legal();
            assert_eq!(unsafe { dg_game_apply(game.0, legal[0]) }, DgStatus::Ok);
        }
    }
}

/// Fair chance is set up before the first action: later, or with other seeds, it is
/// `DG_STATUS_UNFAIR` and nothing changes; a loaded fair record keeps its commitment, plays
/// no chance before its server seed is set again, and refuses another.
#[test]
fn fair_chance_set_up_is_enforced() {
    let seeds = Some(r#"["an", "bình"]"#);
    let other_seed = SEED_HEX.replace("1f", "ff");
    // After the first action.
    let late = Game::new(DgGameKind::CaNgua, 3);
    play_chance(&late).expect("a roll");
    assert_eq!(set_fair(&late, SEED_HEX, seeds), DgStatus::Unfair);
    assert!(
        last_error().contains("before the first action"),
        "{}",
        last_error()
    );
    assert_eq!(fairness_json(&late), "null");

    // Other seeds once set; the same seeds again are fine.
    let game = Game::new(DgGameKind::CaNgua, 3);
    assert_eq!(set_fair(&game, SEED_HEX, seeds), DgStatus::Ok);
    let fairness = fairness_json(&game);
    assert_eq!(set_fair(&game, &other_seed, seeds), DgStatus::Unfair);
    assert_eq!(set_fair(&game, SEED_HEX, None), DgStatus::Unfair);
    assert_eq!(fairness_json(&game), fairness);
    assert_eq!(set_fair(&game, SEED_HEX, seeds), DgStatus::Ok);

    // Loaded from a fair record: the commitment stays, chance waits for the seed.
    play_some(&game, 6);
    let saved = game.save();
    let mut handle = null_mut();
    assert_eq!(
        unsafe { dg_game_load(saved.as_ptr(), saved.len(), 9, &mut handle) },
        DgStatus::Ok
    );
    let loaded = Game(handle);
    assert_eq!(fairness_json(&loaded), fairness_json(&game));
    assert_eq!(play_chance(&loaded), Err(DgStatus::Unfair));
    assert!(last_error().contains("committed"), "{}", last_error());
    assert_eq!(set_fair(&loaded, &other_seed, seeds), DgStatus::Unfair);
    assert_eq!(set_fair(&loaded, SEED_HEX, None), DgStatus::Unfair);
    assert_eq!(fairness_json(&loaded), fairness_json(&game));
    assert_eq!(set_fair(&loaded, SEED_HEX, seeds), DgStatus::Ok);
    assert_eq!(
        play_chance(&loaded),
        play_chance(&game),
        "the same next roll"
    );
    loaded.play(|_, _| {});
    let report = verify(&loaded.save()).unwrap_or_else(|st| panic!("{st:?}: {}", last_error()));
    assert!(report.contains(r#""start":"config""#), "{report}");
}

/// A record whose start the host chose (here: a Domino deal) is never reported fair, even
/// when every chance outcome after it came from the seeds; the report says what was proven.
#[test]
fn a_chosen_start_is_unfair_and_the_report_says_what_was_proven() {
    let game = Game::new(DgGameKind::Domino, 2);
    assert_eq!(set_fair(&game, SEED_HEX, None), DgStatus::Ok);
    game.play(|_, _| {});
    let record = game.save();
    let report = verify(&record).unwrap_or_else(|st| panic!("{st:?}: {}", last_error()));
    let report: serde_json::Value = serde_json::from_str(&report).expect("JSON");
    assert_eq!(report["start"], "config");
    assert_eq!(report["game"], "domino");
    assert_eq!(report["scheme"], dangian::fair::FAIR_SCHEME);
    assert_eq!(report["player_seeds"], 0);
    assert_eq!(report["over"], true);
    let indices = report["chance_indices"].as_array().expect("indices");
    assert_eq!(
        indices.len() as u64,
        report["chance_outcomes"].as_u64().expect("count")
    );
    assert_eq!(indices[0], 0, "the deal is checked");

    // The host deals as it likes, saves that position as the start, then plays with the
    // seeds from there: the outcomes after the start all come from the seeds, counted from 0.
    let chosen = Game::new(DgGameKind::Domino, 2);
    while chosen.to_move() == DG_TO_MOVE_CHANCE {
        let legal = chosen.legal();
        assert_eq!(
            unsafe { dg_game_apply_chance(chosen.0, legal[0]) },
            DgStatus::Ok
        );
    }
    let state = text(|b, c, l| unsafe { dg_game_state_json(chosen.0, b, c, l) }).expect("state");
    let mut forged: serde_json::Value = serde_json::from_str(&record).expect("JSON");
    forged["start"] = serde_json::from_str(&state).expect("JSON");
    forged["actions"] = serde_json::json!([]);
    forged["final_hash"] = serde_json::json!(format!("{:016x}", {
        let mut h = 0;
        assert_eq!(
            unsafe { dg_game_state_hash(chosen.0, &mut h) },
            DgStatus::Ok
        );
        h
    }));
    assert_eq!(verify(&forged.to_string()), Err(DgStatus::Unfair));
    assert!(last_error().contains("chosen position"), "{}", last_error());
    // The same handle refuses fair chance from that position too.
    let mut handle = null_mut();
    assert_eq!(
        unsafe {
            dg_game_from_state_json(
                DgGameKind::Domino as u32,
                state.as_ptr(),
                state.len(),
                1,
                &mut handle,
            )
        },
        DgStatus::Ok
    );
    let from_state = Game(handle);
    assert_eq!(set_fair(&from_state, SEED_HEX, None), DgStatus::Unfair);
}

/// Player seeds are bounded: count, length, and the JSON argument itself.
#[test]
fn player_seeds_are_bounded_in_the_c_abi() {
    let game = Game::new(DgGameKind::CaNgua, 1);
    let json = |count: usize, bytes: usize| {
        serde_json::to_string(&vec!["s".repeat(bytes); count]).expect("JSON")
    };
    assert_eq!(
        set_fair(&game, SEED_HEX, Some(&json(DG_MAX_PLAYER_SEEDS + 1, 1))),
        DgStatus::InvalidArgument
    );
    assert_eq!(
        set_fair(
            &game,
            SEED_HEX,
            Some(&json(1, DG_MAX_PLAYER_SEED_BYTES + 1))
        ),
        DgStatus::InvalidArgument
    );
    assert!(last_error().contains("256 bytes"), "{}", last_error());
    let huge = json(1, 1 << 20);
    assert!(huge.len() > DG_MAX_PLAYER_SEEDS_JSON);
    assert_eq!(
        set_fair(&game, SEED_HEX, Some(&huge)),
        DgStatus::InvalidArgument
    );
    assert!(
        last_error().contains("DG_MAX_PLAYER_SEEDS_JSON"),
        "{}",
        last_error()
    );
    assert_eq!(fairness_json(&game), "null");
    // The largest seeds, each character escaped, fit in the JSON bound.
    let escaped = serde_json::to_string(&vec![
        "\u{1}".repeat(DG_MAX_PLAYER_SEED_BYTES);
        DG_MAX_PLAYER_SEEDS
    ])
    .expect("JSON");
    assert!(
        escaped.len() <= DG_MAX_PLAYER_SEEDS_JSON,
        "{}",
        escaped.len()
    );
    assert_eq!(set_fair(&game, SEED_HEX, Some(&escaped)), DgStatus::Ok);
}
