//! Bots through the C ABI: `dg_bot_choose` and `dg_bot_hints` give what the Rust bots give,
//! deterministically, only for the seat to move (asked for by number, so that a host never
//! ranks another seat's hand by mistake), and refuse bad arguments with a status.

// SAFETY (every `unsafe` block of this file): the block calls the C ABI with pointers that
// are NULL or valid for what the header says (live handles, writable out-parameters, buffers
// of the given capacity), which is the whole of its contract; the tests pass NULLs and bad
// lengths on purpose, which the library checks.
#![allow(clippy::undocumented_unsafe_blocks)]

use dangian::bot::{bot_for_level, Level};
use dangian::{Action, ActionList, Game, GameKind};
use dangian_ffi::*;

fn new_game(kind: GameKind, seed: u64) -> *mut DgGame {
    let mut game = std::ptr::null_mut();
    let st = unsafe { dg_game_new(kind as u32, std::ptr::null(), 0, seed, &mut game) };
    assert_eq!(st, DgStatus::Ok);
    game
}

/// Advance past chance with the handle's RNG until a player is to move.
fn to_decision(game: *mut DgGame) {
    loop {
        let mut to_move = 0;
        assert_eq!(unsafe { dg_game_to_move(game, &mut to_move) }, DgStatus::Ok);
        if to_move != DG_TO_MOVE_CHANCE {
            return;
        }
        let mut outcome = 0;
        assert_eq!(
            unsafe { dg_game_play_chance(game, &mut outcome) },
            DgStatus::Ok
        );
    }
}

fn seat_to_move(game: *const DgGame) -> u32 {
    let mut to_move = 0;
    assert_eq!(unsafe { dg_game_to_move(game, &mut to_move) }, DgStatus::Ok);
    u32::try_from(to_move).expect("a seat is to move")
}

fn legal(game: *const DgGame) -> Vec<u32> {
    let mut ids = [0u32; DG_MAX_ACTIONS_USIZE];
    let mut n = 0;
    assert_eq!(
        unsafe { dg_game_legal_actions(game, ids.as_mut_ptr(), ids.len(), &mut n) },
        DgStatus::Ok
    );
    ids[..n].to_vec()
}

const DG_MAX_ACTIONS_USIZE: usize = dangian::ACTION_LIST_CAPACITY;

/// The hints of a bot of `level` seeded with `seed` for `seat`, best first.
fn hints_of(game: *const DgGame, seat: u32, level: u32, seed: u64) -> Vec<DgHint> {
    let mut hints = vec![DgHint::default(); DG_MAX_ACTIONS_USIZE];
    let mut n = 0;
    let st = unsafe {
        dg_bot_hints(
            game,
            seat,
            level,
            seed,
            hints.as_mut_ptr(),
            hints.len(),
            &mut n,
        )
    };
    assert_eq!(st, DgStatus::Ok);
    hints.truncate(n);
    hints
}

#[test]
fn bots_choose_legal_actions_deterministically_at_every_level() {
    for kind in GameKind::ALL {
        for level in 0..3u32 {
            let game = new_game(kind, 5);
            // A few decisions of each game, each checked against the legal list and repeated
            // (one for the hard level, whose search is long in a debug build).
            let decisions = if level == 2 { 1 } else { 4 };
            for _ in 0..decisions {
                to_decision(game);
                let ids = legal(game);
                if ids.is_empty() {
                    break;
                }
                let seat = seat_to_move(game);
                let (mut a, mut b) = (0, 0);
                assert_eq!(
                    unsafe { dg_bot_choose(game, seat, level, 9, &mut a) },
                    DgStatus::Ok
                );
                assert_eq!(
                    unsafe { dg_bot_choose(game, seat, level, 9, &mut b) },
                    DgStatus::Ok
                );
                assert_eq!(a, b, "{kind}: the same seed gives the same action");
                assert!(ids.contains(&a), "{kind}: bot chose an illegal id {a}");

                let hints = hints_of(game, seat, level, 9);
                let mut ranked: Vec<u32> = hints.iter().map(|h| h.action).collect();
                assert_eq!(ranked[0], a, "{kind}: the first hint is the bot's choice");
                ranked.sort_unstable();
                assert_eq!(
                    ranked, ids,
                    "{kind}: every legal action ranked exactly once"
                );
                assert_eq!(unsafe { dg_game_apply(game, a) }, DgStatus::Ok);
            }
            unsafe { dg_game_free(game) };
        }
    }
}

#[test]
fn the_c_bot_is_the_rust_bot() {
    // The first decision of an Ô ăn quan game: the C ABI and the Rust API agree.
    let game = new_game(GameKind::OAnQuan, 1);
    let mut id = 0;
    assert_eq!(
        unsafe { dg_bot_choose(game, 0, 2, 77, &mut id) },
        DgStatus::Ok
    );
    let state = dangian::o_an_quan::State::new(Default::default()).expect("default");
    let rust = bot_for_level::<dangian::o_an_quan::State>(Level::Hard, 77)
        .choose(&state)
        .expect("a choice");
    assert_eq!(id, rust.id());
    let mut legal_ids = ActionList::new();
    state.legal_actions(&mut legal_ids);
    assert!(legal_ids.contains(&id));
    unsafe { dg_game_free(game) };
}

#[test]
fn bot_calls_refuse_bad_arguments_and_write_nothing() {
    let game = new_game(GameKind::CaNgua, 3); // chance (the first roll) is to move
    let mut out = 12345u32;
    assert_eq!(
        unsafe { dg_bot_choose(game, 0, 1, 0, &mut out) },
        DgStatus::NoDecision
    );
    assert_eq!(out, 12345);
    to_decision(game);
    let seat = seat_to_move(game);
    // Another seat is not to move: no hints of the mover's hand for it.
    let other = (seat + 1) % 4;
    assert_eq!(
        unsafe { dg_bot_choose(game, other, 1, 0, &mut out) },
        DgStatus::NoDecision
    );
    assert_eq!(
        unsafe { dg_bot_choose(game, 4, 1, 0, &mut out) },
        DgStatus::InvalidArgument
    );
    assert_eq!(
        unsafe { dg_bot_choose(game, seat, 99, 0, &mut out) },
        DgStatus::InvalidArgument
    );
    assert_eq!(
        unsafe { dg_bot_choose(game, seat, u32::MAX, 0, &mut out) },
        DgStatus::InvalidArgument
    );
    assert_eq!(out, 12345);
    assert_eq!(
        unsafe { dg_bot_choose(game, seat, 0, 0, std::ptr::null_mut()) },
        DgStatus::NullPointer
    );
    assert_eq!(
        unsafe { dg_bot_choose(std::ptr::null(), seat, 0, 0, &mut out) },
        DgStatus::NullPointer
    );
    // A size query, then the real call.
    let mut n = 0;
    let st = unsafe { dg_bot_hints(game, seat, 0, 0, std::ptr::null_mut(), 0, &mut n) };
    assert_eq!(st, DgStatus::BufferTooSmall);
    assert_eq!(n, legal(game).len());
    let mut hints = vec![DgHint::default(); n];
    let mut m = 0;
    let st = unsafe { dg_bot_hints(game, seat, 0, 0, hints.as_mut_ptr(), n, &mut m) };
    assert_eq!((st, m), (DgStatus::Ok, n));
    assert_eq!(
        unsafe {
            dg_bot_hints(
                game,
                seat,
                0,
                0,
                hints.as_mut_ptr(),
                n,
                std::ptr::null_mut(),
            )
        },
        DgStatus::NullPointer
    );
    unsafe { dg_game_free(game) };
}

#[test]
fn the_expert_plays_a_legal_action_for_the_seat_to_move_only() {
    for kind in GameKind::ALL {
        let game = new_game(kind, 4);
        let mut out = 12345u32;
        if kind == GameKind::CaNgua {
            // Chance (the first roll) is to move.
            assert_eq!(
                unsafe { dg_bot_choose_budget(game, 0, 5, 1, &mut out) },
                DgStatus::NoDecision
            );
        }
        to_decision(game);
        let seat = seat_to_move(game);
        let mut seats = 0;
        assert_eq!(unsafe { dg_game_seats(game, &mut seats) }, DgStatus::Ok);
        assert_eq!(
            unsafe { dg_bot_choose_budget(game, (seat + 1) % seats, 5, 1, &mut out) },
            DgStatus::NoDecision
        );
        assert_eq!(
            unsafe { dg_bot_choose_budget(game, seat, 0, 1, &mut out) },
            DgStatus::InvalidArgument,
            "a budget of 0 ms"
        );
        assert_eq!(
            unsafe { dg_bot_choose_budget(game, seat, 5, 1, std::ptr::null_mut()) },
            DgStatus::NullPointer
        );
        assert_eq!(out, 12345);
        assert_eq!(
            unsafe { dg_bot_choose_budget(game, seat, 5, 1, &mut out) },
            DgStatus::Ok
        );
        assert!(legal(game).contains(&out), "{kind}: {out}");
        unsafe { dg_game_free(game) };
    }
}

/// The words of a hint's proven result, through `dg_hint_proven_words`.
fn proven_words(hint: &DgHint, lang: u32) -> Result<String, DgStatus> {
    let mut buf = [0u8; 128];
    let mut n = 0;
    let st = unsafe { dg_hint_proven_words(hint, lang, buf.as_mut_ptr(), buf.len(), &mut n) };
    if st != DgStatus::Ok {
        return Err(st);
    }
    Ok(String::from_utf8(buf[..n].to_vec()).expect("UTF-8"))
}

/// A hint in an endgame the hard level's table has solved carries the result, margin and
/// plies, and says them in words; easy's hints prove nothing.
#[test]
fn hints_carry_the_proven_result_of_an_endgame() {
    let state = r#"{"config":{},"dan":[0,0,0,0,1,0,1,0,0,2,1,1],
        "big":[{"kind":"captured_by","seat":1},{"kind":"captured_by","seat":0}],
        "cap_dan":[22,22],"turn":0,"ply":40,"end":null}"#;
    let mut game = std::ptr::null_mut();
    let st = unsafe {
        dg_game_from_state_json(
            GameKind::OAnQuan as u32,
            state.as_ptr(),
            state.len(),
            1,
            &mut game,
        )
    };
    assert_eq!(st, DgStatus::Ok);
    let hard = hints_of(game, 0, DgLevel::Hard as u32, 1);
    assert_eq!(
        (hard[0].proven, hard[0].margin, hard[0].plies),
        (DgProven::Loss as u32, -2, 11)
    );
    assert_eq!(
        proven_words(&hard[0], DgLang::Vi as u32).as_deref(),
        Ok("thua chắc, kém 2 điểm")
    );
    assert_eq!(
        proven_words(&hard[0], DgLang::En as u32).as_deref(),
        Ok("loses by force, by 2 points")
    );
    for h in hints_of(game, 0, DgLevel::Easy as u32, 1) {
        assert_eq!((h.proven, h.margin, h.plies), (0, 0, 0));
        assert_eq!(proven_words(&h, 1).as_deref(), Ok(""));
    }
    // Fields no hint has are refused; NULLs too.
    let bad = [
        DgHint {
            proven: 7,
            ..DgHint::default()
        },
        DgHint {
            proven: DgProven::Win as u32,
            margin: -3,
            plies: 5,
            ..DgHint::default()
        },
    ];
    for h in &bad {
        assert_eq!(proven_words(h, 1), Err(DgStatus::InvalidArgument));
    }
    assert_eq!(proven_words(&hard[0], 9), Err(DgStatus::InvalidArgument));
    let st = unsafe { dg_hint_proven_words(std::ptr::null(), 1, std::ptr::null_mut(), 0, &mut 0) };
    assert_eq!(st, DgStatus::NullPointer);
    unsafe { dg_game_free(game) };
}

/// A certificate installed through the C ABI reaches the levels: medium plays its move and
/// marks it a win by force, the other seat's hints are losses; bad bytes are refused with
/// `DG_STATUS_INVALID_CERTIFICATE` and install nothing.
#[test]
fn an_installed_certificate_reaches_the_c_levels() {
    use dangian::o_an_quan::{Certificate, Config, DirectionRule, ProveOptions, QuanSetup, State};
    // Rules of this test alone, so the installed certificate reaches no other test's games.
    let rules = Config {
        dan_per_square: 2,
        quan_setup: QuanSetup::SmallStones { count: 1 },
        direction: DirectionRule::FixedCcw,
        max_plies: Some(14),
        ..Config::default()
    };
    let options = ProveOptions {
        winner: Some(dangian::Seat(0)),
        max_depth: 16,
        table_bits: 14,
        ..ProveOptions::default()
    };
    let certificate = Certificate::prove(rules, &options)
        .expect("a proof search")
        .certificate
        .expect("the first player wins");
    let strategy = certificate.to_strategy().expect("a strategy");

    let refused = |bytes: &[u8]| {
        let st = unsafe { dg_o_an_quan_install_certificate(bytes.as_ptr(), bytes.len()) };
        assert_eq!(st, DgStatus::InvalidCertificate);
    };
    refused(b"");
    refused(&[0x1f, 0x8b, 8, 0]);
    refused(&strategy[..strategy.len() - 1]);
    let st = unsafe { dg_o_an_quan_install_certificate(std::ptr::null(), 0) };
    assert_eq!(st, DgStatus::NullPointer);

    let config = serde_json::to_string(&rules).expect("JSON");
    let mut game = std::ptr::null_mut();
    let st = unsafe {
        dg_game_new(
            GameKind::OAnQuan as u32,
            config.as_ptr(),
            config.len(),
            1,
            &mut game,
        )
    };
    assert_eq!(st, DgStatus::Ok);
    assert_eq!(hints_of(game, 0, DgLevel::Medium as u32, 1)[0].proven, 0);

    let st = unsafe { dg_o_an_quan_install_certificate(strategy.as_ptr(), strategy.len()) };
    assert_eq!(st, DgStatus::Ok, "installing the strategy");
    let mut state = State::new(rules).expect("the rules");
    while state.end_reason().is_none() {
        let seat = seat_to_move(game);
        let medium = hints_of(game, seat, DgLevel::Medium as u32, 1);
        let action = if seat == 0 {
            let best = Certificate::move_for(&certificate, &state).expect("covered");
            assert_eq!(medium[0].action, best.id());
            assert_eq!(medium[0].proven, DgProven::Win as u32);
            assert_eq!(proven_words(&medium[0], 1).as_deref(), Ok("wins by force"));
            assert_eq!(proven_words(&medium[0], 0).as_deref(), Ok("thắng chắc"));
            // Easy stays as it is.
            assert_eq!(hints_of(game, seat, DgLevel::Easy as u32, 1)[0].proven, 0);
            medium[0].action
        } else {
            assert!(medium.iter().all(|h| h.proven == DgProven::Loss as u32));
            // The other seat plays its last-ranked move.
            medium[medium.len() - 1].action
        };
        assert_eq!(unsafe { dg_game_apply(game, action) }, DgStatus::Ok);
        let a = dangian::o_an_quan::Action::from_id(action).expect("an id");
        state.apply(a, &mut dangian::NoEvents).expect("legal");
    }
    assert_eq!(state.winner(), Some(dangian::Seat(0)));
    assert_eq!(dg_o_an_quan_uninstall_certificates(), DgStatus::Ok);
    unsafe { dg_game_free(game) };
}
