//! Scenario tests: one or more per rule ID of the Ô ăn quan rules (OAQ-S*, OAQ-A*, OAQ-C*):
//! a position, a move, the exact resulting position and events.

use dangian::o_an_quan::{
    Action, BigStone, CapResolution, ChainCapture, Config, Dir, DirectionRule, EndCondition,
    EndReason, Event, Illegal, Leftover, Match, MatchMode, NextStarter, QuanSetup, Refill,
    RelayAtQuan, RelayLoop, Setup, State, TurnEndReason,
};
use dangian::GameConfig;
use dangian::{Action as _, ActionList, Game, GameRng, NoEvents, Outcome, Seat};

const A: Seat = Seat(0);
const B: Seat = Seat(1);
const ON: BigStone = BigStone::OnBoard;
const BY_A: BigStone = BigStone::CapturedBy { seat: A };
const BY_B: BigStone = BigStone::CapturedBy { seat: B };

/// The event that ends a game: why, the final totals of A and B, and the winner (`None` for
/// a draw, which shares the first place).
fn game_over(reason: EndReason, scores: [i32; 2], winner: Option<Seat>) -> Event {
    let places = match winner {
        Some(Seat(0)) => [1, 2, 0, 0],
        Some(_) => [2, 1, 0, 0],
        None => [1, 1, 0, 0],
    };
    Event::GameOver {
        outcome: Outcome {
            reason,
            seats: 2,
            scores: [scores[0], scores[1], 0, 0],
            places,
        },
    }
}

fn pos(config: Config, dan: [u16; 12], big: [BigStone; 2], cap: [i32; 2], to_move: Seat) -> State {
    pos_at(config, dan, big, cap, to_move, 1)
}

fn pos_at(
    config: Config,
    dan: [u16; 12],
    big: [BigStone; 2],
    cap: [i32; 2],
    to_move: Seat,
    ply: u32,
) -> State {
    State::from_setup(Setup {
        config,
        dan,
        big,
        cap_dan: cap,
        turn: to_move,
        ply,
        end: None,
        history: Vec::new(),
    })
    .expect("a valid test position")
}

fn act(text: &str) -> Action {
    text.parse().expect("notation")
}

/// Play `text`; return the events.
fn play(s: &mut State, text: &str) -> Vec<Event> {
    let mut events = Vec::new();
    s.apply(act(text), &mut events)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    events
}

fn legal(s: &State) -> Vec<String> {
    let mut out = ActionList::new();
    s.legal_actions(&mut out);
    out.iter()
        .map(|&id| Action::from_id(id).expect("id").to_string())
        .collect()
}

fn turn_end(events: &[Event]) -> TurnEndReason {
    events
        .iter()
        .find_map(|e| match e {
            Event::TurnEnd { reason, .. } => Some(*reason),
            _ => None,
        })
        .expect("a TurnEnd event")
}

fn relays(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Relay { .. }))
        .count()
}

fn start() -> State {
    State::new(Config::default()).expect("default config")
}

// ---- seed rules -------------------------------------------------------------------------

/// OAQ-S1: 10 small squares of 5 dân, two quan squares with one big stone each.
#[test]
fn oaq_s1_board_and_setup() {
    let s = start();
    assert_eq!(s.board(), [0, 5, 5, 5, 5, 5, 0, 5, 5, 5, 5, 5]);
    assert_eq!(s.big_stones(), [ON, ON]);
    assert_eq!(s.captured_dan(A), 0);
    assert_eq!(s.captured_dan(B), 0);
    assert_eq!(s.ply(), 0);
    assert_eq!(s.turn(), Some(A));
}

/// OAQ-S2: the first player is an input of the config.
#[test]
fn oaq_s2_first_player() {
    let s = State::new(Config {
        first_player: B,
        ..Config::default()
    })
    .unwrap();
    assert_eq!(s.turn(), Some(B));
    assert_eq!(
        legal(&s),
        ["b1-", "b1+", "b2-", "b2+", "b3-", "b3+", "b4-", "b4+", "b5-", "b5+"]
    );
    assert!(State::new(Config {
        first_player: Seat(2),
        ..Config::default()
    })
    .is_err());
}

/// OAQ-S3: any non-empty own square, either direction; quan squares receive stones; the
/// opponent's squares and empty squares are refused with the state unchanged.
#[test]
fn oaq_s3_sowing_own_squares_either_direction() {
    let s = start();
    assert_eq!(
        legal(&s),
        ["a1-", "a1+", "a2-", "a2+", "a3-", "a3+", "a4-", "a4+", "a5-", "a5+"]
    );
    let mut t = s;
    let err = t.apply(act("b1+"), &mut NoEvents).unwrap_err();
    assert_eq!(
        err,
        Illegal::NotOwnSquare {
            cell: 7,
            owner: B,
            mover: A
        }
    );
    assert_eq!(
        err.to_string(),
        "square b1 belongs to player B, but player A is to move"
    );
    assert_eq!(t, s);
    let p = pos(
        Config::default(),
        [0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1],
        [ON, ON],
        [22, 22],
        A,
    );
    let mut q = p;
    let err = q.apply(act("a1+"), &mut Vec::new()).unwrap_err();
    assert_eq!(err.to_string(), "square a1 is empty");
    assert_eq!(q, p);
}

/// V1 (OAQ-S3, OAQ-S4, OAQ-S5, OAQ-S7): A plays cell 1, +1: sow into 2..6 (the quan square
/// receives a stone), relay 5 from cell 7, capture 6 from cell 2, turn ends.
#[test]
fn v1_oaq_s4_relay_then_capture() {
    let mut s = start();
    let ev = play(&mut s, "a1+");
    let sow = |cell, now| Event::Sow { cell, now };
    assert_eq!(
        ev,
        vec![
            Event::PickUp {
                seat: A,
                cell: 1,
                stones: 5
            },
            sow(2, 6),
            sow(3, 6),
            sow(4, 6),
            sow(5, 6),
            sow(6, 1),
            Event::Relay {
                cell: 7,
                stones: 5,
                number: 1
            },
            sow(8, 6),
            sow(9, 6),
            sow(10, 6),
            sow(11, 6),
            sow(0, 1),
            Event::Capture {
                seat: A,
                gap: 1,
                cell: 2,
                dan: 6,
                quan: 0,
                chain: 1
            },
            Event::TurnEnd {
                seat: A,
                reason: TurnEndReason::AfterCapture,
                captures: 1,
                dan: 6,
                quan: 0
            },
        ]
    );
    assert_eq!(s.board(), [1, 0, 0, 6, 6, 6, 1, 0, 6, 6, 6, 6]);
    assert_eq!(s.big_stones(), [ON, ON]);
    assert_eq!(s.captured_dan(A), 6);
    assert_eq!(s.turn(), Some(B));
}

/// V2 (OAQ-S5): a quan falls on move 1; A scores 11.
#[test]
fn v2_oaq_s5_quan_captured_on_move_one() {
    let mut s = start();
    let ev = play(&mut s, "a5+");
    assert!(ev.contains(&Event::Capture {
        seat: A,
        gap: 5,
        cell: 6,
        dan: 1,
        quan: 1,
        chain: 1
    }));
    assert_eq!(s.board(), [1, 6, 6, 6, 6, 0, 0, 6, 6, 6, 6, 0]);
    assert_eq!(s.big_stones(), [ON, BY_A]);
    assert_eq!(s.captured_dan(A), 1);
    assert_eq!(s.captured_quan(A), 1);
    assert_eq!(s.score(A), 11);
}

/// V3 (OAQ-S5): the mirror of V2.
#[test]
fn v3_oaq_s5_mirror() {
    let mut s = start();
    play(&mut s, "a1-");
    assert_eq!(s.board(), [0, 0, 6, 6, 6, 6, 1, 0, 6, 6, 6, 6]);
    assert_eq!(s.big_stones(), [BY_A, ON]);
    assert_eq!(s.score(A), 11);
}

/// V4 (OAQ-S4, OAQ-S5).
#[test]
fn v4_relay_round_the_corner() {
    let mut s = start();
    let ev = play(&mut s, "a3+");
    assert_eq!(s.board(), [1, 6, 6, 0, 0, 6, 1, 6, 6, 0, 6, 6]);
    assert_eq!(s.captured_dan(A), 6);
    assert_eq!(turn_end(&ev), TurnEndReason::AfterCapture);
}

/// The chain position: A sows cell 1 (1 stone) to the right: gap 3, capture 4, gap 5,
/// capture the right quan square.
fn chain_position(config: Config) -> State {
    pos(
        config,
        [0, 1, 0, 0, 2, 0, 0, 1, 1, 1, 1, 1],
        [ON, ON],
        [21, 21],
        A,
    )
}

/// OAQ-S6: chain capture over a second empty square; OAQ-S7: the chain stops at a square
/// with stones.
#[test]
fn oaq_s6_chain_capture() {
    let mut s = chain_position(Config::default());
    let ev = play(&mut s, "a1+");
    assert_eq!(
        ev[2..],
        [
            Event::Capture {
                seat: A,
                gap: 3,
                cell: 4,
                dan: 2,
                quan: 0,
                chain: 1
            },
            Event::Capture {
                seat: A,
                gap: 5,
                cell: 6,
                dan: 0,
                quan: 1,
                chain: 2
            },
            Event::TurnEnd {
                seat: A,
                reason: TurnEndReason::AfterCapture,
                captures: 2,
                dan: 2,
                quan: 1
            },
        ]
    );
    assert_eq!(s.board(), [0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    assert_eq!(s.big_stones(), [ON, BY_A]);
    assert_eq!(s.captured_dan(A), 23);
    assert!(!s.is_over());
}

/// The 4-ply cycle board of OAQ-A13: cell 2 and cell 11 hold one stone each.
fn cycle_position(config: Config, cap: [i32; 2]) -> State {
    pos_at(
        config,
        [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        [ON, ON],
        cap,
        A,
        0,
    )
}

/// OAQ-S7: the turn ends when the next square is a quan square, or at two empty squares.
#[test]
fn oaq_s7_turn_ends() {
    let mut s = cycle_position(Config::default(), [24, 24]);
    let ev = play(&mut s, "a2-");
    assert_eq!(
        ev,
        vec![
            Event::PickUp {
                seat: A,
                cell: 2,
                stones: 1
            },
            Event::Sow { cell: 1, now: 1 },
            Event::TurnEnd {
                seat: A,
                reason: TurnEndReason::NextIsQuan,
                captures: 0,
                dan: 0,
                quan: 0
            },
        ]
    );
    let ev = play(&mut s, "b5-");
    assert_eq!(turn_end(&ev), TurnEndReason::TwoEmpty);
    assert_eq!(s.board(), [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
}

/// OAQ-S8, OAQ-C1, OAQ-C2: B's five squares are empty when the turn passes to B: one dân
/// each from B's pile, which goes below zero (a debt of 3); the refill is not a ply.
#[test]
fn oaq_s8_refill_with_debt_oaq_c1_oaq_c2() {
    let mut s = pos(
        Config::default(),
        [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [ON, ON],
        [47, 2],
        A,
    );
    let ev = play(&mut s, "a2-");
    assert_eq!(
        ev.last(),
        Some(&Event::Refill {
            seat: B,
            per_square: 1,
            pile_after: -3,
            debt: 3
        })
    );
    assert!(
        matches!(ev[ev.len() - 2], Event::TurnEnd { .. }),
        "refill after the turn end"
    );
    assert_eq!(s.board(), [0, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    assert_eq!(s.captured_dan(B), -3);
    assert_eq!(s.debt(B), 3);
    assert_eq!(s.score(B), -3);
    assert_eq!(
        s.ply(),
        2,
        "OAQ-C2: the refill is part of the move, not a ply"
    );
    assert_eq!(s.turn(), Some(B));
}

/// OAQ-C7: BorrowAsDebt refills even when the lender could not pay physically.
#[test]
fn oaq_c7_borrow_always_refills() {
    let mut s = pos(
        Config::default(),
        [0, 0, 1, 0, 0, 0, 45, 0, 0, 0, 0, 0],
        [ON, ON],
        [2, 2],
        A,
    );
    play(&mut s, "a2-");
    assert_eq!(s.captured_dan(B), -3);
    assert_eq!(s.captured_dan(A), 2);
    assert_eq!(s.board()[7..], [1, 1, 1, 1, 1]);
}

/// The end position: B has taken the left quan; A captures the right one (3 dân + quan).
fn end_position(config: Config, cap: [i32; 2]) -> State {
    pos(
        config,
        [0, 2, 0, 1, 0, 0, 3, 1, 0, 0, 0, 1],
        [BY_B, ON],
        cap,
        A,
    )
}

/// OAQ-S9, OAQ-C4: both quan squares empty ends the game; each side's squares go to
/// their owner.
#[test]
fn oaq_s9_end_both_quan_empty_oaq_c4_final_count() {
    let mut s = end_position(Config::default(), [20, 22]);
    let ev = play(&mut s, "a3+");
    assert_eq!(
        ev.last(),
        Some(&game_over(
            EndReason::BothQuanSquaresEmpty,
            [36, 34],
            Some(A)
        ))
    );
    assert_eq!(
        s.board(),
        [0, 2, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1],
        "the board is left as it is"
    );
    assert_eq!(s.end_reason(), Some(EndReason::BothQuanSquaresEmpty));
    assert_eq!(s.final_scores(), Some([36, 34]));
    let out = s.outcome().unwrap();
    assert_eq!(out.places[..2], [1, 2]);
    assert_eq!(out.winner(), Some(A));
    assert!(s.turn().is_none());
    let mut t = s;
    assert_eq!(t.apply(act("b1+"), &mut NoEvents), Err(Illegal::GameOver));
}

/// OAQ-S10, OAQ-A2: a quan counts 10 dân by default, or 5.
#[test]
fn oaq_s10_oaq_a2_quan_value() {
    let mut s = end_position(
        Config {
            quan_value: 5,
            ..Config::default()
        },
        [20, 22],
    );
    play(&mut s, "a3+");
    assert_eq!(s.final_scores(), Some([31, 29]));
}

/// OAQ-A10, OAQ-C10: equal totals are a draw.
#[test]
fn oaq_a10_oaq_c10_draw() {
    let mut s = end_position(Config::default(), [19, 23]);
    let ev = play(&mut s, "a3+");
    assert_eq!(
        ev.last(),
        Some(&game_over(EndReason::BothQuanSquaresEmpty, [35, 35], None))
    );
    assert_eq!(s.winner(), None);
    assert_eq!(s.outcome().unwrap().places[..2], [1, 1]);
}

/// OAQ-C3 (1 before 2): the end condition wins over the ply cap reached on the same ply.
#[test]
fn oaq_c3_end_condition_before_cap() {
    let mut s = pos_at(
        Config::default(),
        [0, 2, 0, 1, 0, 0, 3, 1, 0, 0, 0, 1],
        [BY_B, ON],
        [20, 22],
        A,
        399,
    );
    play(&mut s, "a3+");
    assert_eq!(s.ply(), 400);
    assert_eq!(s.end_reason(), Some(EndReason::BothQuanSquaresEmpty));
}

/// OAQ-S11, OAQ-A11: a match carries the debt from game to game; the board is set up
/// anew and the starter alternates.
#[test]
fn oaq_s11_oaq_a11_match_debt_carry_over() {
    let mut m = Match::new(Config::debt_match()).unwrap();
    assert_eq!(m.stake_per_half(), 35);
    let mut rng = GameRng::new(7);
    let mut totals = [0i32; 2];
    for game in 0..3u32 {
        assert_eq!(m.game().turn(), Some(Seat((game % 2) as u8)), "alternate");
        assert_eq!(
            m.game().board(),
            [0, 5, 5, 5, 5, 5, 0, 5, 5, 5, 5, 5],
            "bày lại như cũ"
        );
        assert_eq!(
            m.next_game(),
            Err(dangian::o_an_quan::MatchError::GameNotOver)
        );
        let mut events = Vec::new();
        while !m.game().is_over() {
            let mut legal = ActionList::new();
            m.game().legal_actions(&mut legal);
            let id = legal[rng.below(legal.len() as u32) as usize];
            events.clear();
            m.apply(Action::from_id(id).unwrap(), &mut events).unwrap();
        }
        let scores = m.game().final_scores().unwrap();
        totals[0] += scores[0] - 35;
        totals[1] += scores[1] - 35;
        assert_eq!(m.balance(), totals);
        assert_eq!(
            events.last(),
            Some(&Event::MatchSettled {
                games: game + 1,
                balance: totals
            })
        );
        m.next_game().unwrap();
    }
    assert_eq!(m.games_finished(), 3);
    assert!(
        Match::new(Config::default()).is_err(),
        "a single-game config is not a match"
    );
}

/// OAQ-A11: the winner starts the next game under NextStarter::Winner; a fixed stake.
#[test]
fn oaq_a11_next_starter_winner_and_stake() {
    let config = Config {
        match_mode: MatchMode::DebtCarryOver {
            stake_per_half: Some(30),
            next_starter: NextStarter::Winner,
        },
        ..Config::default()
    };
    let mut m = Match::new(config).unwrap();
    assert_eq!(m.stake_per_half(), 30);
    let mut rng = GameRng::new(3);
    while !m.game().is_over() {
        let mut legal = ActionList::new();
        m.game().legal_actions(&mut legal);
        let id = legal[rng.below(legal.len() as u32) as usize];
        m.apply(Action::from_id(id).unwrap(), &mut NoEvents)
            .unwrap();
    }
    let scores = m.game().final_scores().unwrap();
    assert_eq!(m.balance(), [scores[0] - 30, scores[1] - 30]);
    let winner = m.game().winner();
    m.next_game().unwrap();
    assert_eq!(m.game().turn(), Some(winner.unwrap_or(A)));
}

// ---- variants ---------------------------------------------------------------------------

/// OAQ-A1: ten small stones in each quan square and no big stone; capturing a quan square
/// gives dân only.
#[test]
fn oaq_a1_small_stones_in_quan_squares() {
    let config = Config {
        quan_setup: QuanSetup::SmallStones { count: 10 },
        ..Config::default()
    };
    let mut s = State::new(config).unwrap();
    assert_eq!(s.board(), [10, 5, 5, 5, 5, 5, 10, 5, 5, 5, 5, 5]);
    assert_eq!(s.big_stones(), [BigStone::Absent, BigStone::Absent]);
    play(&mut s, "a5+");
    assert_eq!(s.board(), [11, 6, 6, 6, 6, 0, 0, 6, 6, 6, 6, 0]);
    assert_eq!(s.captured_dan(A), 11);
    assert_eq!(s.captured_quan(A), 0);
    assert_eq!(s.score(A), 11);
    assert!(State::new(Config {
        quan_setup: QuanSetup::SmallStones { count: 10 },
        end_condition: EndCondition::BothBigStonesCaptured,
        ..Config::default()
    })
    .is_err());
}

/// OAQ-A3: a fixed direction.
#[test]
fn oaq_a3_fixed_direction() {
    let ccw = State::new(Config {
        direction: DirectionRule::FixedCcw,
        ..Config::default()
    })
    .unwrap();
    assert_eq!(legal(&ccw), ["a1+", "a2+", "a3+", "a4+", "a5+"]);
    assert_eq!(
        ccw.check(act("a1-")),
        Err(Illegal::DirectionNotAllowed {
            dir: Dir::Cw,
            allowed: Dir::Ccw
        })
    );
    let cw = State::new(Config {
        direction: DirectionRule::FixedCw,
        ..Config::default()
    })
    .unwrap();
    assert_eq!(legal(&cw), ["a1-", "a2-", "a3-", "a4-", "a5-"]);
}

/// OAQ-A4: a lap of 13 stones from cell 1, with Ludii's large-sowing stop so that only the
/// sowing shows: the origin gets a stone by default, and is skipped with
/// `skip_origin_on_lap`.
#[test]
fn oaq_a4_laps_and_large_sowing() {
    let lap = |skip| {
        let config = Config {
            skip_origin_on_lap: skip,
            stop_after_sowing_at_least: Some(10),
            ..Config::default()
        };
        let mut s = pos(
            config,
            [0, 13, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1],
            [ON, ON],
            [16, 16],
            A,
        );
        let ev = play(&mut s, "a1+");
        assert_eq!(turn_end(&ev), TurnEndReason::LargeSowing);
        s.board()
    };
    assert_eq!(lap(false), [1, 1, 2, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    assert_eq!(lap(true), [1, 0, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2]);
}

fn relay_quan_position(relay: RelayAtQuan) -> State {
    pos(
        Config {
            relay_at_quan: relay,
            relay_loop: RelayLoop::EndTurnOnRepeat,
            ..Config::default()
        },
        [0, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 1],
        [ON, ON],
        [22, 22],
        A,
    )
}

/// OAQ-A5: at a quan square the turn ends (seed), or one stone (TakeOne) or all small
/// stones (TakeAll) are taken from it and sown on.
#[test]
fn oaq_a5_relay_at_quan() {
    let mut s = relay_quan_position(RelayAtQuan::Stop);
    let ev = play(&mut s, "a4+");
    assert_eq!(turn_end(&ev), TurnEndReason::NextIsQuan);
    assert_eq!(s.board(), [0, 0, 0, 0, 0, 1, 3, 0, 1, 0, 0, 1]);

    let mut s = relay_quan_position(RelayAtQuan::TakeOne);
    let ev = play(&mut s, "a4+");
    assert!(ev.contains(&Event::Relay {
        cell: 6,
        stones: 1,
        number: 1
    }));
    assert_eq!(s.board(), [0, 0, 0, 0, 0, 1, 2, 1, 0, 1, 0, 0]);
    assert_eq!(s.captured_dan(A), 23);

    let mut s = relay_quan_position(RelayAtQuan::TakeAll);
    let ev = play(&mut s, "a4+");
    assert!(ev.contains(&Event::Relay {
        cell: 6,
        stones: 3,
        number: 1
    }));
    assert_eq!(s.board(), [0, 0, 0, 0, 0, 1, 0, 1, 2, 1, 0, 0]);
    assert_eq!(s.big_stones(), [ON, ON], "the big stone never travels");
    assert_eq!(s.captured_dan(A), 23);
}

/// OAQ-A5, OAQ-C8: a completely empty quan square serves as the gap only with
/// `quan_square_as_gap`; one holding its big stone never does.
#[test]
fn oaq_a5_oaq_c8_quan_square_as_gap() {
    let board = [0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1];
    let gap = Config {
        quan_square_as_gap: true,
        ..Config::default()
    };
    let mut s = pos(gap, board, [ON, BY_B], [23, 23], A);
    let ev = play(&mut s, "a4+");
    assert!(ev.contains(&Event::Capture {
        seat: A,
        gap: 6,
        cell: 7,
        dan: 2,
        quan: 0,
        chain: 1
    }));
    assert_eq!(turn_end(&ev), TurnEndReason::TwoEmpty);
    assert_eq!(s.board(), [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]);

    let mut s = pos(Config::default(), board, [ON, BY_B], [23, 23], A);
    assert_eq!(turn_end(&play(&mut s, "a4+")), TurnEndReason::NextIsQuan);

    let mut s = pos(gap, board, [ON, ON], [23, 23], A);
    assert_eq!(turn_end(&play(&mut s, "a4+")), TurnEndReason::NextIsQuan);
    assert_eq!(s.board(), [0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 1]);
}

/// V5, OAQ-A6: with the quan-non threshold 5 the right quan (1 dân + big stone) cannot be
/// captured; the turn ends.
#[test]
fn v5_oaq_a6_quan_non() {
    let mut s = State::new(Config::vi_wikipedia()).unwrap();
    let ev = play(&mut s, "a5+");
    assert_eq!(turn_end(&ev), TurnEndReason::QuanNon);
    assert_eq!(s.board(), [1, 6, 6, 6, 6, 0, 1, 6, 6, 6, 6, 0]);
    assert_eq!(s.big_stones(), [ON, ON]);
    assert_eq!(s.score(A), 0);
}

/// OAQ-A6: `quan_non_requires_big_stone = false` protects a quan square without its big
/// stone too.
#[test]
fn oaq_a6_quan_non_without_big_stone() {
    let board = [0, 1, 0, 0, 2, 0, 2, 1, 1, 1, 1, 1];
    let with_big = Config {
        quan_non_threshold: Some(5),
        ..Config::default()
    };
    let mut s = pos(with_big, board, [ON, BY_B], [20, 20], A);
    let ev = play(&mut s, "a1+");
    assert!(ev.contains(&Event::Capture {
        seat: A,
        gap: 5,
        cell: 6,
        dan: 2,
        quan: 0,
        chain: 2
    }));
    let always = Config {
        quan_non_requires_big_stone: false,
        ..with_big
    };
    let mut s = pos(always, board, [ON, BY_B], [20, 20], A);
    let ev = play(&mut s, "a1+");
    assert_eq!(turn_end(&ev), TurnEndReason::QuanNon);
    assert_eq!(s.dan(6), 2);
}

/// OAQ-C9: captures earlier in the chain stand when the chain reaches a quan non.
#[test]
fn oaq_c9_quan_non_ends_chain_captures_stand() {
    let mut s = chain_position(Config::vi_wikipedia());
    let ev = play(&mut s, "a1+");
    assert_eq!(turn_end(&ev), TurnEndReason::QuanNon);
    assert_eq!(s.board(), [0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    assert_eq!(s.captured_dan(A), 23);
    assert_eq!(s.big_stones(), [ON, ON]);
}

/// OAQ-A6: no quan may be captured on the first move (V2 and V3 become illegal); if every
/// move would, all are allowed.
#[test]
fn oaq_a6_no_quan_on_first_move() {
    let s = State::new(Config::no_first_quan()).unwrap();
    assert_eq!(
        legal(&s),
        ["a1+", "a2-", "a2+", "a3-", "a3+", "a4-", "a4+", "a5-"]
    );
    let mut t = s;
    let err = t.apply(act("a5+"), &mut NoEvents).unwrap_err();
    assert_eq!(err, Illegal::QuanCaptureOnFirstMove { action: act("a5+") });
    assert_eq!(t, s);
    // Every move of the first ply captures a quan: the rule lifts.
    let only = pos_at(
        Config {
            direction: DirectionRule::FixedCcw,
            ..Config::no_first_quan()
        },
        [0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1],
        [ON, ON],
        [22, 22],
        A,
        0,
    );
    assert_eq!(legal(&only), ["a3+"]);
}

/// OAQ-A7: without chains only the first capture is made.
#[test]
fn oaq_a7_chain_off() {
    let mut s = chain_position(Config {
        chain_capture: ChainCapture::Off,
        ..Config::default()
    });
    let ev = play(&mut s, "a1+");
    assert_eq!(turn_end(&ev), TurnEndReason::SingleCapture);
    assert_eq!(s.board(), [0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    assert_eq!(s.big_stones(), [ON, ON]);
}

fn refill_position(config: Config, big: [BigStone; 2], dan0: u16, cap: [i32; 2]) -> State {
    pos(config, [dan0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0], big, cap, A)
}

/// OAQ-A8, OAQ-C5: under EndGameOpponentWins only captured dân pay; a captured quan does
/// not; the player who cannot refill loses whatever the totals.
#[test]
fn oaq_a8_oaq_c5_refill_or_lose() {
    let config = Config {
        refill: Refill::EndGameOpponentWins,
        ..Config::default()
    };
    let mut s = refill_position(config, [ON, BY_B], 44, [3, 2]);
    let ev = play(&mut s, "a2-");
    assert_eq!(s.end_reason(), Some(EndReason::NoRefill));
    assert_eq!(s.final_scores(), Some([4, 12]));
    assert_eq!(s.winner(), Some(A), "B could not refill: A wins");
    assert_eq!(
        ev.last(),
        Some(&game_over(EndReason::NoRefill, [4, 12], Some(A)))
    );
    let mut s = refill_position(config, [ON, ON], 0, [44, 5]);
    play(&mut s, "a2-");
    assert_eq!(s.captured_dan(B), 0);
    assert!(!s.is_over());
}

/// OAQ-A8, OAQ-C6: PayFromScore refills while the score covers it (the pile may go
/// negative); otherwise the player loses.
#[test]
fn oaq_a8_oaq_c6_pay_from_score() {
    let config = Config {
        refill: Refill::PayFromScore,
        ..Config::default()
    };
    let mut s = refill_position(config, [ON, BY_B], 44, [3, 2]);
    play(&mut s, "a2-");
    assert!(!s.is_over());
    assert_eq!(s.captured_dan(B), -3);
    assert_eq!(s.score(B), 7);
    let mut s = refill_position(config, [ON, ON], 44, [3, 2]);
    play(&mut s, "a2-");
    assert_eq!(s.end_reason(), Some(EndReason::NoRefill));
    assert_eq!(s.winner(), Some(A));
}

/// OAQ-A8: the refill amount per square.
#[test]
fn oaq_a8_refill_amount() {
    let config = Config {
        refill_amount_per_square: 2,
        ..Config::default()
    };
    let mut s = refill_position(config, [ON, ON], 0, [47, 2]);
    let ev = play(&mut s, "a2-");
    assert_eq!(s.board()[7..], [2, 2, 2, 2, 2]);
    assert_eq!(
        ev.last(),
        Some(&Event::Refill {
            seat: B,
            per_square: 2,
            pile_after: -8,
            debt: 8
        })
    );
}

/// OAQ-A9: the game ends when both big stones are captured; the dân left in a quan square
/// go as `leftover_in_quan_squares` says.
#[test]
fn oaq_a9_both_big_stones_captured() {
    let board = [4, 2, 0, 1, 0, 0, 3, 1, 0, 0, 0, 1];
    let end = |leftover| {
        let config = Config {
            end_condition: EndCondition::BothBigStonesCaptured,
            leftover_in_quan_squares: leftover,
            ..Config::default()
        };
        let mut s = pos(config, board, [BY_B, ON], [20, 18], A);
        play(&mut s, "a3+");
        assert_eq!(s.end_reason(), Some(EndReason::BothBigStonesCaptured));
        assert_eq!(s.dan(0), 4);
        s.final_scores().unwrap()
    };
    assert_eq!(end(Leftover::ToQuanCaptor), [36, 34]);
    assert_eq!(end(Leftover::ToMappedPlayer), [40, 30]);
    assert_eq!(end(Leftover::Split), [38, 32]);
    // Under the seed rule the left quan square still holds dân: the game goes on.
    let mut s = pos(Config::default(), board, [BY_B, ON], [20, 18], A);
    play(&mut s, "a3+");
    assert!(!s.is_over());
}

/// OAQ-A12: the default rules need no relay guard; the looping variants must have one.
#[test]
fn oaq_a12_relay_guard_required_for_loops() {
    assert!(Config::default().validate().is_ok());
    for bad in [
        Config {
            relay_at_quan: RelayAtQuan::TakeAll,
            ..Config::default()
        },
        Config {
            relay_at_quan: RelayAtQuan::TakeOne,
            ..Config::default()
        },
        Config {
            skip_quan_squares: true,
            ..Config::default()
        },
    ] {
        assert_eq!(bad.validate().unwrap_err().option, "relay_loop");
    }
}

fn skip_ring_position(relay_loop: RelayLoop) -> State {
    // Ring of small squares (cells 1,2,3,4,5,7,8,9,10,11) = [2,1,1,0,1,0,1,0,1,0].
    pos(
        Config {
            skip_quan_squares: true,
            relay_loop,
            ..Config::default()
        },
        [0, 2, 1, 1, 0, 1, 0, 0, 1, 0, 1, 0],
        [ON, ON],
        [22, 21],
        A,
    )
}

/// OAQ-A12 loop vector: with the quan squares skipped, cell 3 (+1) relays round the ten
/// small squares and repeats after 50 relays; EndTurnOnRepeat stops just before the repeat,
/// Cap(n) after n relays.
#[test]
fn oaq_a12_loop_vector_quan_squares_skipped() {
    let start = skip_ring_position(RelayLoop::EndTurnOnRepeat);
    let mut s = start;
    let ev = play(&mut s, "a3+");
    assert_eq!(turn_end(&ev), TurnEndReason::RelayRepeat);
    assert_eq!(relays(&ev), 50);
    // The board before relay 50 equals the board before relay 0: the cycle has period 50.
    let mut c0 = skip_ring_position(RelayLoop::Cap { relays: 0 });
    play(&mut c0, "a3+");
    assert_eq!(s.board(), c0.board());
    assert_eq!(s.captured_dan(A), 22, "nothing captured");
    assert_eq!(s.captured_dan(B), 21);

    let mut c = skip_ring_position(RelayLoop::Cap { relays: 20 });
    let ev = play(&mut c, "a3+");
    assert_eq!(turn_end(&ev), TurnEndReason::RelayCap);
    assert_eq!(relays(&ev), 20);
}

fn take_all_position(relay_loop: RelayLoop) -> State {
    pos(
        Config {
            relay_at_quan: RelayAtQuan::TakeAll,
            relay_loop,
            ..Config::default()
        },
        [1, 0, 1, 0, 3, 1, 0, 2, 1, 0, 1, 2],
        [ON, ON],
        [19, 19],
        A,
    )
}

/// OAQ-A12 loop vector: `relay_at_quan = TakeAll`, A plays cell 5 (+1): a cycle of 60
/// relays; the move ends at the first repeat.
#[test]
fn oaq_a12_loop_vector_take_all() {
    let mut s = take_all_position(RelayLoop::EndTurnOnRepeat);
    let ev = play(&mut s, "a5+");
    assert_eq!(turn_end(&ev), TurnEndReason::RelayRepeat);
    let n = relays(&ev);
    assert!(n >= 60, "{n} relays");
    let at = |k: u32| {
        let mut c = take_all_position(RelayLoop::Cap { relays: k });
        play(&mut c, "a5+");
        c.board()
    };
    let mu = n as u32 - 60;
    assert_eq!(at(mu + 60), at(mu), "period 60");
    assert_eq!(at(mu + 60), s.board());
    for p in 1..60 {
        assert_ne!(at(mu + p), at(mu), "no shorter period ({p})");
    }
}

/// OAQ-A13: the 4-ply whole-game cycle of the default rules returns to the start.
#[test]
fn oaq_a13_four_ply_cycle() {
    let s0 = cycle_position(Config::default(), [30, 18]);
    let mut s = s0;
    for m in ["a2-", "b5-", "a1+", "b4+"] {
        play(&mut s, m);
    }
    assert_eq!(s.board(), s0.board());
    assert_eq!(s.turn(), Some(A));
    assert_eq!(s.ply(), 4);
}

fn run_cycle(config: Config, plies: usize) -> (State, Vec<Event>) {
    let mut s = cycle_position(config, [30, 18]);
    let mut last = Vec::new();
    for m in ["a2-", "b5-", "a1+", "b4+"].iter().cycle().take(plies) {
        last = play(&mut s, m);
    }
    (s, last)
}

/// OAQ-A13: threefold repetition ends the cycle at ply 8 (the start position for the
/// third time).
#[test]
fn oaq_a13_repetition_limit_ends_cycle() {
    let (s, ev) = run_cycle(Config::threefold(), 8);
    assert_eq!(s.end_reason(), Some(EndReason::Repetition));
    assert_eq!(s.ply(), 8);
    assert_eq!(
        ev.last(),
        Some(&game_over(EndReason::Repetition, [31, 19], Some(A)))
    );
    let (s, _) = run_cycle(
        Config {
            repetition_limit: Some(2),
            ..Config::default()
        },
        4,
    );
    assert_eq!(s.end_reason(), Some(EndReason::Repetition));
    let (s, _) = run_cycle(
        Config {
            on_cap: CapResolution::Draw,
            ..Config::threefold()
        },
        8,
    );
    assert_eq!(s.winner(), None);
}

/// OAQ-A13: the ply cap ends the cycle with MoveCap; OAQ-C3: the cap is checked before
/// repetition; OAQ-C4: quan squares go to nobody.
#[test]
fn oaq_a13_move_cap_oaq_c3_oaq_c4() {
    let (s, _) = run_cycle(
        Config {
            max_plies: Some(6),
            ..Config::default()
        },
        6,
    );
    assert_eq!(s.end_reason(), Some(EndReason::MoveCap));
    assert_eq!(s.final_scores(), Some([31, 19]));
    assert_eq!(s.max_moves(), 6);
    let (s, _) = run_cycle(
        Config {
            max_plies: Some(8),
            ..Config::threefold()
        },
        8,
    );
    assert_eq!(
        s.end_reason(),
        Some(EndReason::MoveCap),
        "OAQ-C3: cap before repetition"
    );
    // OAQ-C4: two dân in the right quan square and both big stones go to nobody.
    let mut s = pos_at(
        Config {
            max_plies: Some(2),
            ..Config::default()
        },
        [0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 1],
        [ON, ON],
        [28, 18],
        A,
        0,
    );
    play(&mut s, "a2-");
    play(&mut s, "b5-");
    assert_eq!(s.end_reason(), Some(EndReason::MoveCap));
    assert_eq!(s.final_scores(), Some([29, 19]));
}

/// Presets (OAQ-A1, OAQ-A3, OAQ-A5, OAQ-A6) are valid and differ from the default where
/// they say.
#[test]
fn presets_are_valid() {
    for (name, c) in Config::presets() {
        c.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(Config::preset(name), Some(c));
    }
    assert_eq!(Config::seed_rules(), Config::default());
    assert_eq!(Config::vi_wikipedia().quan_non_threshold, Some(5));
    assert_eq!(
        Config::tonkin().quan_setup,
        QuanSetup::SmallStones { count: 10 }
    );
    assert_eq!(
        serde_json::from_str::<Config>("{}").unwrap(),
        Config::default()
    );
    assert!(serde_json::from_str::<Config>(r#"{"bogus":1}"#).is_err());
}

// ---- clarifications OAQ-C11, OAQ-C12 ------------------------------------------------------

fn split_config() -> Config {
    Config {
        end_condition: EndCondition::BothBigStonesCaptured,
        leftover_in_quan_squares: Leftover::Split,
        ..Config::default()
    }
}

/// OAQ-C11: under `Split` each quan square's leftover dân are halved and an odd stone goes to
/// A; no stone is lost, so the totals add up to every point in play.
#[test]
fn oaq_c11_split_gives_the_odd_leftover_stone_to_a() {
    // Five dân are left in the left quan square when A captures the second big stone.
    let board = [5, 2, 0, 1, 0, 0, 3, 1, 0, 0, 0, 1];
    let mut s = pos(split_config(), board, [BY_B, ON], [20, 17], A);
    let ev = play(&mut s, "a3+");
    assert_eq!(s.end_reason(), Some(EndReason::BothBigStonesCaptured));
    assert_eq!(s.dan(0), 5);
    // A: 20 + 3 dân + 1 quan (10) + 3 on its side = 36, + 3 of the 5; B: 17 + 10 + 2 = 29, + 2.
    assert_eq!(s.final_scores(), Some([39, 31]));
    assert_eq!(
        ev.last(),
        Some(&game_over(
            EndReason::BothBigStonesCaptured,
            [39, 31],
            Some(A)
        ))
    );
    let t = s.final_scores().unwrap();
    assert_eq!(t[0] + t[1], split_config().total_points(), "zero-sum");
    // The same when B captures the last big stone: the odd stone still goes to A.
    let board = [5, 1, 0, 0, 0, 1, 3, 0, 0, 1, 0, 0];
    let mut s = pos(split_config(), board, [BY_A, ON], [20, 19], B);
    play(&mut s, "b3-");
    assert_eq!(s.end_reason(), Some(EndReason::BothBigStonesCaptured));
    assert_eq!(s.dan(0), 5);
    // A: 20 + 10 + 2 on its side, + 3 of the 5; B: 19 + 3 + 10 + 1 on its side, + 2.
    assert_eq!(s.final_scores(), Some([35, 35]));
    let t = s.final_scores().unwrap();
    assert_eq!(t[0] + t[1], split_config().total_points(), "zero-sum");
}

/// OAQ-C11 (with OAQ-A11): a `DebtCarryOver` match under `Split` stays zero-sum, game after
/// game, odd leftovers included.
#[test]
fn oaq_c11_split_debt_match_stays_zero_sum() {
    let config = Config {
        match_mode: MatchMode::DebtCarryOver {
            stake_per_half: None,
            next_starter: NextStarter::Alternate,
        },
        ..split_config()
    };
    let mut m = Match::new(config).unwrap();
    let mut rng = GameRng::new(11);
    let mut odd_games = 0;
    let mut legal_ids = ActionList::new();
    while odd_games < 3 {
        assert!(
            m.games_finished() < 500,
            "no game ended with an odd leftover"
        );
        while !m.game().is_over() {
            m.game().legal_actions(&mut legal_ids);
            let id = legal_ids[rng.below(legal_ids.len() as u32) as usize];
            m.apply(Action::from_id(id).unwrap(), &mut NoEvents)
                .unwrap();
        }
        let g = m.game();
        if g.end_reason() == Some(EndReason::BothBigStonesCaptured)
            && (g.dan(0) % 2 == 1 || g.dan(6) % 2 == 1)
        {
            odd_games += 1;
        }
        let b = m.balance();
        assert_eq!(b[0] + b[1], 0, "after game {}", m.games_finished());
        m.next_game().unwrap();
    }
}

/// OAQ-C12: a repeated position is the dân of each cell, the big stones and the player to
/// move; the captured piles are not part of it. Here the board after ply 2 comes back at
/// ply 6 while B has taken 7 more dân: with `repetition_limit = Some(2)` the game ends there.
#[test]
fn oaq_c12_a_repeated_position_ignores_the_captured_piles() {
    let config = Config {
        repetition_limit: Some(2),
        ..Config::default()
    };
    let mut s = pos_at(
        config,
        [0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0],
        [ON, ON],
        [13, 34],
        A,
        0,
    );
    // The position B's capture reaches at ply 2 and again at ply 6, before A's refill.
    let reached = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1];
    let moves = ["a1+", "b1-", "a1+", "b3+", "a5-", "b1-"];
    for (i, m) in moves.iter().enumerate() {
        assert!(!s.is_over(), "over before ply {}", i + 1);
        let ev = play(&mut s, m);
        if i == 1 {
            // Ply 2: A's side is empty and is refilled from A's pile (14 → 9); B holds 31.
            assert_eq!(
                ev.last(),
                Some(&Event::Refill {
                    seat: A,
                    per_square: 1,
                    pile_after: 9,
                    debt: 0
                })
            );
            let mut before_refill = s.board();
            for d in &mut before_refill[1..=5] {
                *d -= 1;
            }
            assert_eq!(before_refill, reached);
            assert_eq!((s.captured_dan(A) + 5, s.captured_dan(B)), (14, 31));
        }
    }
    // Ply 6: the same board, big stones and player to move, with piles 7 and 38.
    assert_eq!(s.end_reason(), Some(EndReason::Repetition));
    assert_eq!(s.ply(), 6);
    assert_eq!(s.board(), reached);
    assert_eq!(s.big_stones(), [BY_B, BY_A]);
    assert_eq!((s.captured_dan(A), s.captured_dan(B)), (7, 38));
}

/// OAQ-C12: the window is the position just reached and the 16 before it, so a cycle of p
/// plies is caught exactly when (k − 1)·p ≤ 16: the 4-ply cycle of OAQ-A13 is caught with
/// k = 5 at ply 16, never with k = 6.
#[test]
fn oaq_c12_a_cycle_is_caught_exactly_when_k_minus_1_times_p_is_at_most_16() {
    for k in 2..=5u8 {
        let config = Config {
            repetition_limit: Some(k),
            ..Config::default()
        };
        let plies = 4 * usize::from(k - 1);
        let (s, _) = run_cycle(config, plies - 1);
        assert!(!s.is_over(), "k = {k}: over before ply {plies}");
        let (s, ev) = run_cycle(config, plies);
        assert_eq!(s.end_reason(), Some(EndReason::Repetition), "k = {k}");
        assert!(matches!(
            ev.last(),
            Some(Event::GameOver { outcome }) if outcome.reason == EndReason::Repetition
        ));
    }
    // k = 6 would need 5 earlier occurrences, 20 plies back: outside the window.
    let config = Config {
        repetition_limit: Some(6),
        max_plies: Some(60),
        ..Config::default()
    };
    let (s, _) = run_cycle(config, 60);
    assert_eq!(s.end_reason(), Some(EndReason::MoveCap));
}

/// OAQ-C12: an occurrence 16 positions back still counts; 17 back does not. The history of
/// the setup holds the position the last move reached and the 15 before it.
#[test]
fn oaq_c12_the_window_edge() {
    let config = Config {
        repetition_limit: Some(2),
        ..Config::default()
    };
    let hash_of = |dan: [u16; 12], to_move: Seat, ply: u32| {
        pos_at(config, dan, [ON, ON], [30, 18], to_move, ply)
            .to_setup()
            .history
    };
    // The 4-ply cycle: P0 (A to move) → a2- → b5- → P2 (A) → a1+ → P3 (B) → b4+ → P0.
    let p0 = [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    let p2 = [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0];
    let p3 = [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0];
    let h0 = hash_of(p0, A, 0);
    assert_eq!(h0.len(), 1, "a position given alone counts once");
    let with_history = |dan, to_move, ply, last: Vec<u64>| {
        // P0 first, then 14 positions that never occur, then the position itself.
        let mut history = h0.clone();
        history.extend(1000..1014);
        history.extend(last);
        assert_eq!(history.len(), 16);
        State::from_setup(Setup {
            config,
            dan,
            big: [ON, ON],
            cap_dan: [30, 18],
            turn: to_move,
            ply,
            end: None,
            history,
        })
        .unwrap()
    };
    // From P3, b4+ reaches P0, which is 16 positions back: a repetition.
    let mut s = with_history(p3, B, 3, hash_of(p3, B, 3));
    play(&mut s, "b4+");
    assert_eq!(s.end_reason(), Some(EndReason::Repetition));
    // From P2, a1+ then b4+ reach P0 17 positions after it: no repetition.
    let mut s = with_history(p2, A, 2, hash_of(p2, A, 2));
    play(&mut s, "a1+");
    play(&mut s, "b4+");
    assert_eq!(s.board(), p0);
    assert!(!s.is_over());
}

/// OAQ-C12: `repetition_limit` accepts 2 to 8.
#[test]
fn oaq_c12_repetition_limit_is_2_to_8() {
    for k in 0..=20u8 {
        let c = Config {
            repetition_limit: Some(k),
            ..Config::default()
        };
        match c.validate() {
            Ok(()) => assert!((2..=8).contains(&k), "{k} accepted"),
            Err(e) => {
                assert!(!(2..=8).contains(&k), "{k} refused: {e}");
                assert_eq!(e.option, "repetition_limit");
            }
        }
    }
    assert!(Config::threefold().validate().is_ok());
}
