//! The rule procedure on the worked examples of the rules contract (§5) and on hand-made
//! positions for the variants, and the refusal of unsupported configs.

mod common;

use common::{rules_json, DEFAULT_JSON};
use oaq_check::rules::{play, BigStone, EndReason, Move, Outcome, Position, Rules};

const ON: BigStone = BigStone::OnBoard;

fn rules(changes: &[(&str, &str)]) -> Rules {
    Rules::from_json(&rules_json(changes)).unwrap()
}

fn pos(dan: [u32; 12], big: [BigStone; 2], captured: [i64; 2], to_move: u8) -> Position {
    Position {
        dan,
        big,
        captured,
        to_move,
        ply: 7,
    }
}

fn continues(o: Outcome) -> Position {
    match o {
        Outcome::Continues(p) => p,
        Outcome::Ended(e) => panic!("the game ended: {e:?}"),
    }
}

fn mv(cell: u8, dir: i8) -> Move {
    Move { cell, dir }
}

#[test]
fn default_rules_read_and_start_position() {
    let r = Rules::from_json(DEFAULT_JSON).unwrap();
    let s = r.start();
    assert_eq!(s.dan, [0, 5, 5, 5, 5, 5, 0, 5, 5, 5, 5, 5]);
    assert_eq!(s.big, [ON, ON]);
    assert_eq!((s.to_move, s.ply, s.captured), (0, 0, [0, 0]));
    assert_eq!(r.legal_moves(&s).len(), 10);
    let small = rules(&[("quan_setup", r#"{"kind":"small_stones","count":10}"#)]);
    assert_eq!(small.start().dan[0], 10);
    assert_eq!(small.start().big, [BigStone::Absent; 2]);
    assert_eq!(rules(&[("first_player", "1")]).start().to_move, 1);
}

#[test]
fn v1_relay_then_capture() {
    let r = Rules::from_json(DEFAULT_JSON).unwrap();
    let p = continues(play(&r, &r.start(), mv(1, 1)).unwrap());
    assert_eq!(p.dan, [1, 0, 0, 6, 6, 6, 1, 0, 6, 6, 6, 6]);
    assert_eq!(p.big, [ON, ON]);
    assert_eq!(p.captured, [6, 0]);
    assert_eq!((p.to_move, p.ply), (1, 1));
}

#[test]
fn v2_v3_a_quan_falls_on_move_one() {
    let r = Rules::from_json(DEFAULT_JSON).unwrap();
    let p = continues(play(&r, &r.start(), mv(5, 1)).unwrap());
    assert_eq!(p.dan, [1, 6, 6, 6, 6, 0, 0, 6, 6, 6, 6, 0]);
    assert_eq!(p.big, [ON, BigStone::CapturedBy(0)]);
    assert_eq!(p.captured, [1, 0]);
    assert_eq!(p.score(&r, 0), 11);

    let p = continues(play(&r, &r.start(), mv(1, -1)).unwrap());
    assert_eq!(p.dan, [0, 0, 6, 6, 6, 6, 1, 0, 6, 6, 6, 6]);
    assert_eq!(p.big, [BigStone::CapturedBy(0), ON]);
    assert_eq!(p.score(&r, 0), 11);
}

#[test]
fn v4_relay_across_the_quan_square() {
    let r = Rules::from_json(DEFAULT_JSON).unwrap();
    let p = continues(play(&r, &r.start(), mv(3, 1)).unwrap());
    assert_eq!(p.dan, [1, 6, 6, 0, 0, 6, 1, 6, 6, 0, 6, 6]);
    assert_eq!(p.captured, [6, 0]);
}

#[test]
fn v5_quan_non_stops_the_capture() {
    let r = rules(&[("quan_non_threshold", "5")]);
    let p = continues(play(&r, &r.start(), mv(5, 1)).unwrap());
    assert_eq!(p.dan, [1, 6, 6, 6, 6, 0, 1, 6, 6, 6, 6, 0]);
    assert_eq!(p.big, [ON, ON]);
    assert_eq!(p.captured, [0, 0]);
}

#[test]
fn quan_non_without_the_big_stone() {
    // Q_R has lost its big stone and holds 2 dân; A sows cell 3 (1 stone) into cell 4,
    // cell 5 is the gap, Q_R the target.
    let board = [0, 0, 0, 1, 0, 0, 2, 3, 0, 0, 0, 0];
    let big = [ON, BigStone::CapturedBy(1)];
    let start = pos(board, big, [0, 0], 0);
    // Protection needs the big stone by default: Q_R is captured.
    let r = rules(&[("quan_non_threshold", "5")]);
    let p = continues(play(&r, &start, mv(3, 1)).unwrap());
    assert_eq!(p.captured, [2, 0]);
    assert_eq!(p.dan[6], 0);
    // Without that condition the square is protected and the turn ends.
    let r = rules(&[
        ("quan_non_threshold", "5"),
        ("quan_non_requires_big_stone", "false"),
    ]);
    let p = continues(play(&r, &start, mv(3, 1)).unwrap());
    assert_eq!(p.captured, [0, 0]);
    assert_eq!(p.dan[6], 2);
}

#[test]
fn capture_chain_takes_a_small_square_then_a_quan_square() {
    // A sows cell 1 (1 stone) into cell 2; gap 3, capture cell 4 (2); gap 5, capture Q_R
    // (3 dân and the big stone); cell 7 holds stones, so the chain stops.
    let r = Rules::from_json(DEFAULT_JSON).unwrap();
    let start = pos([0, 1, 0, 0, 2, 0, 3, 1, 0, 2, 0, 0], [ON, ON], [0, 0], 0);
    let p = continues(play(&r, &start, mv(1, 1)).unwrap());
    assert_eq!(p.dan, [0, 0, 1, 0, 0, 0, 0, 1, 0, 2, 0, 0]);
    assert_eq!(p.big, [ON, BigStone::CapturedBy(0)]);
    assert_eq!(p.captured, [5, 0]);
    assert_eq!((p.to_move, p.ply), (1, 8));
}

#[test]
fn chain_stops_at_two_empty_squares_and_at_a_quan_square() {
    let r = Rules::from_json(DEFAULT_JSON).unwrap();
    // B sows cell 11 (1 stone, dir -1) into cell 10; gap 9, capture cell 8 (4); gap 7,
    // then cell 6 is a quan square with pieces: captured; then cell 5 holds stones.
    let start = pos([0, 1, 0, 0, 0, 2, 0, 0, 4, 0, 0, 1], [ON, ON], [0, 0], 1);
    let p = continues(play(&r, &start, mv(11, -1)).unwrap());
    assert_eq!(p.captured, [0, 4]);
    assert_eq!(p.big, [ON, BigStone::CapturedBy(1)]);
    // Two empty squares after the sowing: nothing captured.
    let start = pos([0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 3, 1], [ON, ON], [0, 0], 0);
    let p = continues(play(&r, &start, mv(1, 1)).unwrap());
    assert_eq!(p.captured, [0, 0]);
    assert_eq!(p.dan[2], 1);
}

#[test]
fn quan_square_as_gap_and_refill_with_debt() {
    // Q_R is completely empty (its big stone taken). A sows cell 4 (1 stone) into cell 5;
    // Q_R follows.
    let start = pos(
        [0, 0, 0, 0, 1, 0, 0, 4, 0, 0, 0, 0],
        [ON, BigStone::CapturedBy(1)],
        [0, 0],
        0,
    );
    // By default a quan square next ends the turn, empty or not.
    let r = Rules::from_json(DEFAULT_JSON).unwrap();
    let p = continues(play(&r, &start, mv(4, 1)).unwrap());
    assert_eq!(p.dan, [0, 0, 0, 0, 0, 1, 0, 4, 0, 0, 0, 0]);
    assert_eq!(p.captured, [0, 0]);
    // As a gap, it lets A capture cell 7; cells 8 and 9 are empty, the turn ends. B's side
    // is then empty: the refill puts one dân in each square, borrowed (pile below zero).
    let r = rules(&[("quan_square_as_gap", "true")]);
    let p = continues(play(&r, &start, mv(4, 1)).unwrap());
    assert_eq!(p.dan, [0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1]);
    assert_eq!(p.captured, [4, -5]);
    assert_eq!(p.to_move, 1);
    // A quan square holding only its big stone is not a gap (OAQ-C8).
    let with_big = pos([0, 0, 0, 0, 1, 0, 0, 4, 0, 0, 0, 0], [ON, ON], [0, 0], 0);
    let p = continues(play(&r, &with_big, mv(4, 1)).unwrap());
    assert_eq!(p.captured, [0, 0]);
}

#[test]
fn refill_modes_pay_or_end_the_game() {
    let start = pos(
        [0, 0, 0, 0, 1, 0, 0, 4, 0, 0, 0, 0],
        [ON, BigStone::CapturedBy(1)],
        [0, 4],
        0,
    );
    let gap = ("quan_square_as_gap", "true");
    // From captured dân only: B holds 4 and needs 5, so the game ends NoRefill and A wins
    // whatever the totals.
    let r = rules(&[gap, ("refill", "\"end_game_opponent_wins\"")]);
    match play(&r, &start, mv(4, 1)).unwrap() {
        Outcome::Ended(e) => {
            assert_eq!(e.reason, EndReason::NoRefill);
            assert_eq!(e.winner, Some(0));
            assert_eq!(e.totals, [4 + 1, 4 + 10]);
        }
        o => panic!("{o:?}"),
    }
    // From the score: 4 dân + a big stone worth 10 cover 5; the pile goes to -1.
    let r = rules(&[gap, ("refill", "\"pay_from_score\"")]);
    let p = continues(play(&r, &start, mv(4, 1)).unwrap());
    assert_eq!(p.captured, [4, -1]);
    assert_eq!(p.dan[7..12], [1, 1, 1, 1, 1]);
    // Two dân a square cost 10.
    let r = rules(&[gap, ("refill_amount_per_square", "2")]);
    let p = continues(play(&r, &start, mv(4, 1)).unwrap());
    assert_eq!(p.captured, [4, -6]);
    assert_eq!(p.dan[7..12], [2, 2, 2, 2, 2]);
}

#[test]
fn both_quan_squares_empty_ends_the_game_and_the_sides_go_home() {
    // Q_L is already empty; A sows cell 3 into cell 4, gap 5, captures the big stone of
    // Q_R. A: 3 + 2·10 + 1 (cell 4) = 24; B: 20 + 2 + 3 = 25. Taking the last quan loses.
    let r = Rules::from_json(DEFAULT_JSON).unwrap();
    let start = pos(
        [0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3],
        [BigStone::CapturedBy(0), ON],
        [3, 20],
        0,
    );
    match play(&r, &start, mv(3, 1)).unwrap() {
        Outcome::Ended(e) => {
            assert_eq!(e.reason, EndReason::BothQuanSquaresEmpty);
            assert_eq!(e.totals, [24, 25]);
            assert_eq!(e.winner, Some(1));
        }
        o => panic!("{o:?}"),
    }
}

#[test]
fn ply_cap_ends_before_the_refill_and_leaves_the_quan_squares_unawarded() {
    let start = pos(
        [0, 0, 0, 0, 1, 0, 0, 4, 0, 0, 0, 0],
        [ON, BigStone::CapturedBy(1)],
        [0, 0],
        0,
    );
    // Ply 7 -> 8 reaches the cap: B's empty side is not refilled (OAQ-C3).
    let r = rules(&[("quan_square_as_gap", "true"), ("max_plies", "8")]);
    match play(&r, &start, mv(4, 1)).unwrap() {
        Outcome::Ended(e) => {
            assert_eq!(e.reason, EndReason::MoveCap);
            // A: 4 captured + 1 in cell 5; B: the big stone it took. Q_L's big stone: nobody.
            assert_eq!(e.totals, [5, 10]);
            assert_eq!(e.winner, Some(1));
        }
        o => panic!("{o:?}"),
    }
}

#[test]
fn fixed_directions_and_illegal_moves() {
    let r = rules(&[("direction", "\"fixed_cw\"")]);
    let s = r.start();
    assert!(r.legal_moves(&s).iter().all(|m| m.dir == -1));
    assert!(play(&r, &s, mv(1, 1)).is_err());
    let r = Rules::from_json(DEFAULT_JSON).unwrap();
    assert!(play(&r, &s, mv(7, 1)).is_err(), "not the mover's square");
    assert!(play(&r, &s, mv(0, 1)).is_err(), "a quan square");
    let mut empty = s.clone();
    empty.dan[2] = 0;
    assert!(play(&r, &empty, mv(2, 1)).is_err(), "an empty square");
}

#[test]
fn moves_are_written_by_square_name() {
    assert_eq!(mv(4, 1).to_string(), "a4+");
    assert_eq!(mv(1, -1).to_string(), "a1-");
    assert_eq!(mv(8, -1).to_string(), "b2-");
    assert_eq!(mv(11, 1).to_string(), "b5+");
}

#[test]
fn unsupported_configs_are_refused_by_name() {
    for (field, value) in [
        ("relay_at_quan", "\"take_two\""),
        ("skip_quan_squares", "true"),
        ("skip_origin_on_lap", "true"),
        ("chain_capture", "\"sometimes\""),
        ("stop_after_sowing_at_least", "0"),
        ("end_condition", "\"both_stones_gone\""),
        ("leftover_in_quan_squares", "\"to_nobody\""),
        ("match_mode", r#"{"kind":"debt_carry_over"}"#),
        ("match_mode", r#"{"kind":"single_game","stake_per_half":3}"#),
        ("on_cap", "\"draw\""),
        ("relay_loop", r#"{"kind":"cap"}"#),
        ("relay_loop", r#"{"kind":"end_turn_on_repeat","relays":3}"#),
        ("quan_setup", r#"{"kind":"big_stone","count":3}"#),
        ("repetition_limit", "1"),
        ("dan_per_square", "0"),
        ("refill_amount_per_square", "0"),
        ("first_player", "2"),
    ] {
        let err = Rules::from_json(&rules_json(&[(field, value)])).unwrap_err();
        assert_eq!(err.option, field, "{field} = {value}: {err}");
    }
    // OAQ-A12: relays from quan squares can loop, so they need a guard.
    let err = Rules::from_json(&rules_json(&[("relay_at_quan", "\"take_all\"")])).unwrap_err();
    assert_eq!(err.option, "relay_loop");
    // Unknown and missing fields.
    let mut v: serde_json::Value = serde_json::from_str(DEFAULT_JSON).unwrap();
    v["house_rule"] = serde_json::json!(true);
    let err = Rules::from_json(&v.to_string()).unwrap_err();
    assert!(err.message.contains("house_rule"), "{err}");
    v.as_object_mut().unwrap().remove("house_rule");
    v.as_object_mut().unwrap().remove("refill");
    let err = Rules::from_json(&v.to_string()).unwrap_err();
    assert!(err.message.contains("refill"), "{err}");
}

/// `forbid_quan_capture_on_first_move` (OAQ-A6, `no_first_quan`): at the start, exactly the
/// moves that would take a big stone are gone; the same move on another ply is legal.
#[test]
fn no_quan_capture_on_the_first_move() {
    let plain = Rules::from_json(DEFAULT_JSON).unwrap();
    let r = rules(&[("forbid_quan_capture_on_first_move", "true")]);
    let start = r.start();
    let all = plain.legal_moves(&start);
    let legal = r.legal_moves(&start);
    let mut gone = 0;
    for m in all {
        let takes_quan = match play(&plain, &start, m).unwrap() {
            Outcome::Continues(p) => p.big != start.big,
            Outcome::Ended(e) => e.board.big != start.big,
        };
        assert_eq!(legal.contains(&m), !takes_quan, "{m}");
        if takes_quan {
            gone += 1;
            assert_eq!(
                play(&r, &start, m).unwrap_err(),
                oaq_check::rules::IllegalMove::QuanOnFirstMove
            );
            // The same board one ply later: legal.
            let later = Position {
                ply: 2,
                ..start.clone()
            };
            assert!(play(&r, &later, m).is_ok(), "{m}");
        }
    }
    // §5 V2 (a5+) and V3 (a1-): the two first moves that take a quan.
    assert_eq!(gone, 2);
    assert!(!legal.contains(&mv(5, 1)) && !legal.contains(&mv(1, -1)));
    assert_eq!(legal.len(), 8);
}

/// A ply-0 position where every move takes a big stone keeps them all (the rules do not
/// settle it; a start like that is refused, and no start of these rules is one).
#[test]
fn a_first_ply_where_every_move_takes_a_quan() {
    let r = rules(&[
        ("forbid_quan_capture_on_first_move", "true"),
        ("direction", "\"fixed_ccw\""),
    ]);
    // a3+ sows into a4; a5 is empty, so it takes the quan square after it.
    let p = Position {
        ply: 0,
        ..pos([10, 0, 0, 1, 0, 0, 10, 5, 5, 5, 5, 5], [ON, ON], [0, 0], 0)
    };
    assert_eq!(r.legal_moves(&p), vec![mv(3, 1)]);
    let after = continues(play(&r, &p, mv(3, 1)).unwrap());
    assert_eq!(after.big[1], BigStone::CapturedBy(0));
    for d in 1..=40 {
        for dir in ["\"player_choice\"", "\"fixed_ccw\"", "\"fixed_cw\""] {
            let d = d.to_string();
            let changes = [
                ("forbid_quan_capture_on_first_move", "true"),
                ("dan_per_square", d.as_str()),
                ("direction", dir),
            ];
            assert!(Rules::from_json(&rules_json(&changes)).is_ok(), "{d} {dir}");
        }
    }
}

/// `chain_capture: off` (OAQ-A7): one capture a turn; the same move chains by default.
#[test]
fn without_chains_one_capture_a_turn() {
    let start = pos([0, 1, 0, 0, 2, 0, 3, 1, 0, 2, 0, 0], [ON, ON], [0, 0], 0);
    let chained = continues(play(&rules(&[]), &start, mv(1, 1)).unwrap());
    assert_eq!(chained.captured, [5, 0]);
    let r = rules(&[("chain_capture", "\"off\"")]);
    let p = continues(play(&r, &start, mv(1, 1)).unwrap());
    assert_eq!(p.dan, [0, 0, 1, 0, 0, 0, 3, 1, 0, 2, 0, 0]);
    assert_eq!(p.big, [ON, ON]);
    assert_eq!(p.captured, [2, 0]);
}

/// `end_condition: both_big_stones_captured` (OAQ-A9): the game ends when the second big
/// stone falls, though a quan square still holds dân; they go to its captor, or are split
/// with the odd one to seat 0 (OAQ-C11). The seed rule plays on there.
#[test]
fn the_game_ends_when_both_big_stones_are_captured() {
    // Q_L's big stone is B's already and Q_L holds 3 dân; A's chain takes cell 4 and Q_R.
    let start = pos(
        [3, 1, 0, 0, 2, 0, 3, 1, 0, 2, 0, 0],
        [BigStone::CapturedBy(1), ON],
        [0, 0],
        0,
    );
    assert!(matches!(
        play(&rules(&[]), &start, mv(1, 1)).unwrap(),
        Outcome::Continues(_)
    ));
    let ended = |leftover: &str| match play(
        &rules(&[
            ("end_condition", "\"both_big_stones_captured\""),
            ("leftover_in_quan_squares", leftover),
        ]),
        &start,
        mv(1, 1),
    )
    .unwrap()
    {
        Outcome::Ended(e) => e,
        Outcome::Continues(p) => panic!("the game goes on: {p:?}"),
    };
    // A: 5 captured + 10 for Q_R's stone + 1 on its side (cell 2); B: 10 for Q_L's stone
    // + 3 on its side (cells 7, 9); Q_L's 3 dân are left over.
    let e = ended("\"to_quan_captor\"");
    assert_eq!(e.reason, EndReason::BothBigStonesCaptured);
    assert_eq!(e.totals, [16, 16]);
    assert_eq!(e.winner, None);
    let e = ended("\"split\"");
    assert_eq!(e.totals, [18, 14]);
    assert_eq!(e.winner, Some(0));
    // The left quan square's dân go to the seat mapped to that end, A.
    let e = ended("\"to_mapped_player\"");
    assert_eq!(e.totals, [19, 13]);
    assert_eq!(e.winner, Some(0));
}

/// OAQ-A12's loop vector: under `relay_at_quan: take_all` the move A5+ from
/// `[1,0,1,0,3,1,0,2,1,0,1,2]` relays in a cycle of 60 relays. A cap of n relays stops it
/// after n of them (the boards repeat every 60), and the repeat guard ends it once the cycle
/// comes round.
#[test]
fn a_relay_loop_ends_at_its_cap_or_its_first_repeat() {
    let start = pos([1, 0, 1, 0, 3, 1, 0, 2, 1, 0, 1, 2], [ON, ON], [19, 19], 0);
    let after = |relay_loop: &str| {
        let r = rules(&[
            ("relay_at_quan", "\"take_all\""),
            ("relay_loop", relay_loop),
        ]);
        continues(play(&r, &start, mv(5, 1)).unwrap())
    };
    let capped = |n: u32| after(&format!(r#"{{"kind":"cap","relays":{n}}}"#));
    for n in 100..130 {
        assert_eq!(capped(n), capped(n + 60), "{n}");
        assert_ne!(capped(n), capped(n + 1), "{n}");
    }
    let repeat = after(r#"{"kind":"end_turn_on_repeat"}"#);
    // The first repeat stops the chain where some cap does, within one cycle and its lead-in.
    let stopped_at = (0..200)
        .find(|&n| capped(n) == repeat)
        .expect("a cap that matches");
    assert_eq!(capped(stopped_at + 60), repeat);
    // Nothing was captured: the turn ended before a relay, not at a gap.
    assert_eq!(repeat.captured, [19, 19]);
    assert_eq!(repeat.dan.iter().sum::<u32>(), 12);
}

/// `relay_at_quan: take_one` (Tonkin, OAQ-A5): one dân leaves the quan square and is sown on;
/// a quan square with none ends the turn. `stop_after_sowing_at_least` (OAQ-A4, Ludii): a
/// sowing that large ends the turn with no relay and no capture.
#[test]
fn tonkin_relays_take_one_and_large_sowings_stop() {
    let r = rules(&[
        ("relay_at_quan", "\"take_one\""),
        ("relay_loop", r#"{"kind":"end_turn_on_repeat"}"#),
    ]);
    // A4+ sows its one dân into a5; the right quan square (3 dân) is next: one dân is taken
    // and sown into b1; b2 is empty, so b3's 4 dân are captured; b4 is not empty: the end.
    let start = pos([0, 1, 0, 0, 1, 0, 3, 0, 0, 4, 2, 5], [ON, ON], [20, 15], 0);
    let p = continues(play(&r, &start, mv(4, 1)).unwrap());
    assert_eq!(p.dan, [0, 1, 0, 0, 0, 1, 2, 1, 0, 0, 2, 5]);
    assert_eq!((p.big, p.captured), ([ON, ON], [24, 15]));
    // The seed rule stops at the quan square.
    let p = continues(play(&rules(&[]), &start, mv(4, 1)).unwrap());
    assert_eq!(p.dan, [0, 1, 0, 0, 0, 1, 3, 0, 0, 4, 2, 5]);
    // A quan square holding only its big stone gives nothing: the turn ends.
    let bare = pos([0, 1, 0, 0, 1, 0, 0, 0, 0, 4, 2, 5], [ON, ON], [20, 18], 0);
    let p = continues(play(&r, &bare, mv(4, 1)).unwrap());
    assert_eq!(p.dan, [0, 1, 0, 0, 0, 1, 0, 0, 0, 4, 2, 5]);
    let stop = rules(&[("stop_after_sowing_at_least", "3")]);
    // A1+ sows 3 (cells 2, 3, 4): large enough, so no relay from a5 and no capture.
    let big = pos([0, 3, 0, 0, 0, 2, 0, 5, 5, 5, 5, 5], [ON, ON], [10, 10], 0);
    let p = continues(play(&stop, &big, mv(1, 1)).unwrap());
    assert_eq!(p.dan, [0, 0, 1, 1, 1, 2, 0, 5, 5, 5, 5, 5]);
    assert_eq!(p.captured, [10, 10]);
    // Under the default rules the same move relays from a5.
    let p = continues(play(&rules(&[]), &big, mv(1, 1)).unwrap());
    assert_ne!(p.dan, [0, 0, 1, 1, 1, 2, 0, 5, 5, 5, 5, 5]);
}
