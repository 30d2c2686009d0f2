//! Hostile values through the Rust API: configs read from JSON without validation, positions
//! with extreme numbers, and matches received from elsewhere never panic, never overflow, and
//! a position that validation accepts stays valid after any legal move.

use dangian::o_an_quan::{self, BigStone, Match, MatchSetup, Setup};
use dangian::{ca_ngua, domino, Game, GameConfig, Seat};
use proptest::prelude::*;

/// Every public method of a config that was read but not validated (serde alone does not
/// validate): extreme values give results, not panics or overflows (tests run with overflow
/// checks on).
#[test]
fn unvalidated_configs_with_extreme_values_do_not_overflow() {
    let c: o_an_quan::Config = serde_json::from_str(
        r#"{"dan_per_square":255,"quan_value":255,"quan_setup":{"kind":"small_stones","count":255},
            "refill_amount_per_square":255,"max_plies":4294967295}"#,
    )
    .expect("reads");
    assert!(c.validate().is_err());
    let _ = (
        c.total_dan(),
        c.total_points(),
        c.ply_cap(),
        c.quan_square_stones(),
    );
    assert!(o_an_quan::State::new(c).is_err());

    for track in [0u8, 1, 127, 128, 200, 255] {
        let c: ca_ngua::Config = serde_json::from_str(&format!(
            r#"{{"track_len":{track},"win_steps":[255,255,255,255]}}"#
        ))
        .expect("reads");
        assert!(c.validate().is_err(), "track_len {track}");
        let _ = (
            c.door(),
            c.segment(),
            c.top_step(),
            c.players(),
            c.starting_colour(),
        );
        assert!(ca_ngua::State::new(c).is_err());
    }

    let c: domino::Config = serde_json::from_str(
        r#"{"players":255,"hand_size":255,"loss_threshold":4294967295,"redeal_if_doubles_at_least":7}"#,
    )
    .expect("reads");
    assert!(c.validate().is_err());
    let _ = (c.round_cap(), c.dealt(), c.round_move_bound());
    assert!(domino::State::new(c).is_err());
}

/// The reported case: piles of ±1 000 000 (or `i32::MIN`) were accepted, then refused one move
/// later (or panicked). A pile is now checked against what the plies played allow.
#[test]
fn o_an_quan_piles_out_of_reach_are_refused() {
    let config = o_an_quan::Config::default();
    for piles in [
        [1_000_000, -1_000_000],
        [i32::MIN, i32::MAX],
        [i32::MAX, i32::MIN],
        [60, -10],
    ] {
        let mut dan = [5u16; 12];
        dan[0] = 0;
        dan[6] = 0;
        let setup = Setup {
            config,
            dan,
            big: [BigStone::OnBoard; 2],
            cap_dan: piles,
            turn: Seat(0),
            ply: 0,
            end: None,
            history: Vec::new(),
        };
        let e = o_an_quan::State::from_setup(setup).expect_err("out of reach");
        let message = e.to_string();
        assert!(
            message.contains("out of range") || message.contains("not conserved"),
            "{message}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(dangian::testing::scaled_cases(512)))]

    /// Whatever numbers a position holds, if validation accepts it, every legal move leads to
    /// a position validation accepts too.
    #[test]
    fn an_accepted_o_an_quan_position_stays_valid(
        dan in prop::array::uniform12(0u16..40),
        pile in -3000i32..3000,
        ply in 0u32..399,
        turn in 0u8..2,
        refill in 1u8..=5,
    ) {
        let config = o_an_quan::Config {
            refill_amount_per_square: refill,
            ..o_an_quan::Config::default()
        };
        let board: i32 = dan.iter().map(|&d| i32::from(d)).sum();
        let total = i32::from(config.total_dan());
        let setup = Setup {
            config,
            dan,
            big: [BigStone::OnBoard; 2],
            cap_dan: [pile, total - board - pile],
            turn: Seat(turn),
            ply,
            end: None,
            history: Vec::new(),
        };
        let Ok(state) = o_an_quan::State::from_setup(setup) else {
            return Ok(());
        };
        let mut legal = dangian::ActionList::new();
        state.legal_actions(&mut legal);
        for &id in &legal {
            let mut next = state;
            next.apply_id(id, &mut dangian::NoEvents).expect("legal");
            prop_assert!(next.validate().is_ok(), "{:?}", next.validate());
        }
    }
}

/// A match read from JSON is checked like every other position: a config of another game, a
/// result naming a seat not at the table, balances out of reach are refused.
#[test]
fn a_match_read_from_json_is_validated() {
    let m = Match::new(o_an_quan::Config::debt_match()).expect("a match");
    let json = serde_json::to_string(&m).expect("JSON");
    let back: Match = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back, m);
    let refused = |f: &dyn Fn(&mut MatchSetup)| {
        let mut s = m.to_setup();
        f(&mut s);
        let json = serde_json::to_string(&s).expect("JSON");
        assert!(serde_json::from_str::<Match>(&json).is_err(), "{json}");
    };
    refused(&|s| s.balance = [i32::MAX, i32::MIN]);
    refused(&|s| s.config.match_mode = o_an_quan::MatchMode::SingleGame);
    refused(&|s| s.config.quan_value = 5);
    refused(&|s| {
        s.games = 1;
        s.last = Some(o_an_quan::GameResult {
            starter: Seat(9),
            scores: [0, 0],
            winner: None,
        });
    });
    refused(&|s| s.games = 3);
}

/// Every action has one spelling: another case, spacing, padding or order of the dice is
/// refused, so one action cannot be written many ways in a record or a log.
#[test]
fn every_action_has_one_spelling() {
    use std::str::FromStr;
    fn refused<A: FromStr + std::fmt::Debug>(texts: &[&str]) {
        for t in texts {
            assert!(A::from_str(t).is_err(), "{t:?} was read");
        }
    }
    refused::<o_an_quan::Action>(&["A1+", "B5-", " a1+", "a1+ ", "a1 +"]);
    refused::<ca_ngua::Action>(&["r5-3", "r03-5", "0+08", "x00", "R3-5", " r3-5", "1>03"]);
    refused::<domino::Action>(&[
        "play 3-5\tL",
        "play  3-5 L",
        " play 3-5 L",
        "play 3-5 L ",
        "play\u{a0}3-5 L",
        "play 5-3 L",
        "Play 3-5 L",
        "market ",
        "draw\u{2003}0-4",
    ]);
    // The one spelling still reads.
    assert!("a1+".parse::<o_an_quan::Action>().is_ok());
    assert!("r3-5".parse::<ca_ngua::Action>().is_ok());
    assert!("play 3-5 L".parse::<domino::Action>().is_ok());
}

/// A message never carries more than a few hundred bytes of the input that caused it.
#[test]
fn error_messages_do_not_copy_huge_input() {
    let huge = "x".repeat(50 << 20);
    let e = huge.parse::<domino::Action>().expect_err("not an action");
    assert!(e.to_string().len() < 1024, "{} bytes", e.to_string().len());
    let e = dangian::Record::from_json(&huge).expect_err("not a record");
    assert!(e.to_string().len() < 1024);
    let e = o_an_quan::Config::from_json(&format!("{{\"{huge}\":1}}")).expect_err("unknown");
    assert!(e.to_string().len() < 1024, "{} bytes", e.to_string().len());
}
