//! The checker's reading of the rules against the engine's, move by move: random games of
//! every rule set the checker reads, and random boards for the variants where relays can
//! loop (OAQ-A12), so that every guard fires. The checker shares no code with the engine;
//! this test is where the two independent readings meet.

use dangian::o_an_quan::{Action, BigStone as EngineBig, Config, Dir, Event, Setup, State};
use dangian::{Action as _, ActionList, Game, GameConfig, NoEvents, Seat, ToMove};
use oaq_check::rules::{play, BigStone, Move, Outcome, Position, Rules};
use std::collections::BTreeMap;

/// A small xorshift generator: the test is the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn position(s: &State) -> Position {
    let big = s.big_stones().map(|b| match b {
        EngineBig::OnBoard => BigStone::OnBoard,
        EngineBig::CapturedBy { seat } => BigStone::CapturedBy(seat.0),
        _ => BigStone::Absent,
    });
    Position {
        dan: s.board().map(u32::from),
        big,
        captured: [0, 1].map(|p| i64::from(s.captured_dan(Seat(p)))),
        to_move: match Game::to_move(s) {
            ToMove::Seat(seat) => seat.0,
            _ => panic!("no seat to move"),
        },
        ply: s.ply(),
    }
}

fn checker_move(a: Action) -> Move {
    let dir = if a.dir() == Dir::Ccw { 1 } else { -1 };
    Move {
        cell: a.cell(),
        dir,
    }
}

/// Every legal move of `s` by both readings; each move's result compared. Returns the
/// engine's turn-end reasons, counted.
fn compare_moves(name: &str, rules: &Rules, s: &State, reasons: &mut BTreeMap<String, u32>) {
    let mut legal = ActionList::new();
    s.legal_actions(&mut legal);
    let p = position(s);
    let mut engine: Vec<String> = legal
        .iter()
        .map(|&id| Action::from_id(id).unwrap().to_string())
        .collect();
    let mut checker: Vec<String> = rules
        .legal_moves(&p)
        .iter()
        .map(|m| m.to_string())
        .collect();
    engine.sort();
    checker.sort();
    assert_eq!(engine, checker, "{name}: the legal moves of {p:?}");
    for &id in legal.iter() {
        let a = Action::from_id(id).unwrap();
        let mut after = *s;
        let mut events = Vec::new();
        after.apply(a, &mut events).unwrap();
        for e in &events {
            if let Event::TurnEnd { reason, .. } = e {
                *reasons.entry(format!("{reason:?}")).or_default() += 1;
            }
        }
        match play(rules, &p, checker_move(a)).unwrap() {
            Outcome::Continues(q) => {
                assert!(after.end_reason().is_none(), "{name}: {a} at {p:?}");
                assert_eq!(q, position(&after), "{name}: {a} at {p:?}");
            }
            Outcome::Ended(e) => {
                let totals = after.final_scores().expect("the engine's game ended too");
                assert_eq!(e.totals, totals.map(i64::from), "{name}: {a} at {p:?}");
                assert_eq!(
                    e.winner,
                    after.winner().map(|w| w.0),
                    "{name}: {a} at {p:?}"
                );
            }
        }
    }
}

fn config(name: &str) -> Config {
    if name.starts_with('{') {
        serde_json::from_str(name).unwrap()
    } else {
        Config::preset(name).unwrap()
    }
}

/// The presets the checker reads, and variants of the options it reads.
const RULE_SETS: [&str; 12] = [
    "seed_rules",
    "no_borrowing",
    "no_first_quan",
    "vi_wikipedia",
    "quan_worth_five",
    "ludii",
    "tonkin",
    r#"{"relay_at_quan":"take_all","relay_loop":{"kind":"end_turn_on_repeat"}}"#,
    r#"{"relay_at_quan":"take_all","relay_loop":{"kind":"cap","relays":3}}"#,
    r#"{"relay_at_quan":"take_one","relay_loop":{"kind":"end_turn_on_repeat"},"quan_square_as_gap":true}"#,
    r#"{"stop_after_sowing_at_least":6,"refill":"end_game_opponent_wins"}"#,
    r#"{"end_condition":"both_big_stones_captured","leftover_in_quan_squares":"to_mapped_player","quan_non_threshold":5}"#,
];

#[test]
fn the_checker_and_the_engine_play_random_games_alike() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for name in RULE_SETS {
        let config = config(name);
        let rules = Rules::from_json(&serde_json::to_string(&config).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut reasons = BTreeMap::new();
        for _ in 0..60 {
            let mut s = State::new(config).unwrap();
            while s.end_reason().is_none() {
                compare_moves(name, &rules, &s, &mut reasons);
                let mut legal = ActionList::new();
                s.legal_actions(&mut legal);
                let id = legal[rng.below(legal.len() as u64) as usize];
                s.apply(Action::from_id(id).unwrap(), &mut NoEvents)
                    .unwrap();
            }
        }
        // Each variant's own turn end happened: the comparison reached the rule.
        let own = match name {
            "ludii" => Some("LargeSowing"),
            "quan_worth_five" => Some("SingleCapture"),
            "vi_wikipedia" => Some("QuanNon"),
            n if n.contains(r#""cap""#) => Some("RelayCap"),
            _ => None,
        };
        if let Some(own) = own {
            assert!(reasons.contains_key(own), "{name}: no {own} in {reasons:?}");
        }
    }
}

/// Random boards under the rules where quan squares relay: the relay chains that repeat end
/// the turn alike in both readings (random games from the start almost never repeat).
#[test]
fn the_checker_and_the_engine_end_repeating_relays_alike() {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    // Taking one dân from a quan square has no known loop (OAQ-A12: none in 200,000 random
    // positions), so only the take-all rules must show a repeat.
    for (name, loops) in [
        ("tonkin", false),
        (
            r#"{"relay_at_quan":"take_one","relay_loop":{"kind":"end_turn_on_repeat"}}"#,
            false,
        ),
        (
            r#"{"relay_at_quan":"take_all","relay_loop":{"kind":"end_turn_on_repeat"}}"#,
            true,
        ),
    ] {
        let config = config(name);
        let rules = Rules::from_json(&serde_json::to_string(&config).unwrap()).unwrap();
        let start = State::new(config).unwrap();
        let mut reasons = BTreeMap::new();
        let mut boards = 0;
        let mut tries = 0;
        while boards < 3000 {
            tries += 1;
            assert!(
                tries < 100_000,
                "{name}: the engine refuses the random boards"
            );
            let mut dan = [0u16; 12];
            for d in &mut dan {
                *d = rng.below(4) as u16;
            }
            // The stones not on the board are captured, so that none is lost.
            let rest = i32::from(start.board().iter().sum::<u16>() - dan.iter().sum::<u16>());
            let setup = Setup {
                dan,
                cap_dan: [rest / 2, rest - rest / 2],
                turn: Seat(rng.below(2) as u8),
                ply: 10,
                ..start.to_setup()
            };
            // Boards the engine refuses (the game over, the mover's side empty) are drawn again.
            let Ok(s) = State::from_setup(setup) else {
                continue;
            };
            if s.end_reason().is_some() {
                continue;
            }
            boards += 1;
            compare_moves(name, &rules, &s, &mut reasons);
        }
        let repeats = reasons.get("RelayRepeat").copied().unwrap_or(0);
        assert_eq!(repeats > 0, loops, "{name}: {reasons:?}");
    }
}

/// Both readings on a certificate whose winner goes round OAQ-A13's cycle once before
/// winning (a position B loses only because it cannot pay for a refill, though ahead on the
/// board): valid without a repetition rule and with k = 3; refused with k = 2, where the
/// board come back ends the game by repetition, 48 to 51.
#[test]
fn the_checker_and_the_engine_refuse_the_same_repetition() {
    use dangian::o_an_quan::{BigStone as Big, Certificate, ProveOptions, Refill};
    let build = |limit: Option<u8>| {
        let config = Config {
            quan_value: 50,
            refill: Refill::EndGameOpponentWins,
            repetition_limit: limit,
            ..Config::default()
        };
        let mut setup = Setup::new(config);
        setup.dan = [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1];
        setup.big = [Big::OnBoard, Big::CapturedBy { seat: Seat(1) }];
        setup.cap_dan = [47, 0];
        setup.ply = 40;
        let root = State::from_setup(setup).unwrap();
        let alone = |s: &State| {
            let setup = Setup {
                history: Vec::new(),
                ..s.to_setup()
            };
            State::from_setup(setup).unwrap()
        };
        let options = ProveOptions {
            max_depth: 16,
            table_bits: 16,
            ..ProveOptions::default()
        };
        let proven = |s: &State| {
            let proof = Certificate::prove_from(&alone(s), Seat(0), &options).unwrap();
            proof.certificate.unwrap().records().to_vec()
        };
        // The cycle by hand: A's two moves, and every other reply of B proven.
        let cycle = [(2, Dir::Cw), (11, Dir::Cw), (1, Dir::Ccw), (10, Dir::Ccw)];
        let mut records = Vec::new();
        let mut s = root;
        for (i, (cell, dir)) in cycle.into_iter().enumerate() {
            let a = Action::new(cell, dir).unwrap();
            // The record in the format's bytes, by the checker's encoder.
            let mv = (i % 2 == 0).then(|| checker_move(a));
            let bytes = oaq_check::cert::encode_record(&position(&s), mv).unwrap();
            let mut here = dangian::o_an_quan::CertificateRecord {
                position: [0; 21],
                action: bytes[21],
            };
            here.position.copy_from_slice(&bytes[..21]);
            if i % 2 == 1 {
                let mut legal = ActionList::new();
                s.legal_actions(&mut legal);
                for &id in legal.iter() {
                    let b = Action::from_id(id).unwrap();
                    let mut next = s;
                    next.apply(b, &mut NoEvents).unwrap();
                    if b != a && next.end_reason().is_none() {
                        records.extend(proven(&next));
                    }
                }
            }
            records.push(here);
            s.apply(a, &mut NoEvents).unwrap();
            s = alone(&s);
        }
        records.extend(proven(&s));
        records.sort_by_key(|r| r.position);
        records.dedup_by_key(|r| r.position);
        let c = Certificate::new(config, Seat(0), records).unwrap();
        (c.verify_from(&root).is_ok(), c.to_bytes(), position(&root))
    };
    for (limit, valid) in [(None, true), (Some(3), true), (Some(2), false)] {
        let (engine, bytes, root) = build(limit);
        let c = oaq_check::read_certificate(&bytes[..]).unwrap();
        let checked = c.verify_from(&root, 2);
        assert_eq!(engine, valid, "the engine, limit {limit:?}");
        match checked {
            Ok(_) => assert!(valid, "the checker accepted, limit {limit:?}"),
            Err(oaq_check::CheckError::Invalid(f)) => {
                assert!(!valid, "limit {limit:?}: {f:?}");
                assert_eq!(f.kind, oaq_check::FailureKind::Repetition);
                assert!(f.message.contains("scored 48 to 51"), "{}", f.message);
            }
            Err(e) => panic!("{e:?}"),
        }
    }
}
