//! One scenario per rule of the Cờ cá ngựa rules contract (CN-S*, CN-A*, CN-C*) and the worked
//! examples of its §5: a position, an action, the exact resulting position and events.
//!
//! Geometry under the default 56-square track: colour `c` starts on square `14c`; progress
//! `p` is on square `(14c + p) mod 56`; 55 is the door; `55 + k` is home step `k`.

use dangian::ca_ngua::{
    Action, Blocking, BonusRule, Capture, Colour, Config, CurrentRoll, Dice, DiceUsage, DoorRule,
    DoublesMove, EndReason, Event, FaceSet, HomeClimb, HomeEntry, HomeValues, Illegal,
    MultiColourWin, PairSet, Phase, Roll, Seating, Setup, SquareSet, StartConflict, State,
    TriesCondition, TurnOrder, YARD,
};
use dangian::{Action as _, ActionList, ChanceList, Game, NoEvents, Seat, ToMove};

const Y: i8 = YARD;
const RED: Colour = Colour::RED;
const YELLOW: Colour = Colour::YELLOW;
const BLUE: Colour = Colour::BLUE;
const GREEN: Colour = Colour::GREEN;

/// The event that ends the game `s`, after checking that it ended for `reason`.
fn game_over(s: &State, reason: EndReason) -> Event {
    let outcome = s.outcome().expect("the game is over");
    assert_eq!(outcome.reason, reason);
    Event::GameOver { outcome }
}

fn two(a: u8, b: u8) -> Roll {
    Roll::Two(a.min(b), a.max(b))
}

/// Only `red` placed; the other colours in their yards.
fn red(pieces: [i8; 4]) -> [[i8; 4]; 4] {
    [pieces, [Y; 4], [Y; 4], [Y; 4]]
}

fn setup(cfg: Config, pieces: [[i8; 4]; 4], colour: Colour) -> Setup {
    let mut s = Setup::new(cfg);
    s.pieces = pieces;
    s.colour_to_move = Some(colour);
    s.tries_left = 0;
    s
}

/// `colour` to play `roll` in the given position.
fn at_move(cfg: Config, pieces: [[i8; 4]; 4], colour: Colour, roll: Roll) -> State {
    let mut s = setup(cfg, pieces, colour);
    s.phase = Phase::Move;
    s.roll = Some(CurrentRoll {
        dice: roll,
        used: [false; 2],
        home_actions: 0,
        exited: false,
    });
    State::from_setup(s).expect("valid position")
}

/// `colour` to roll, with `tries` tries left.
fn at_roll(cfg: Config, pieces: [[i8; 4]; 4], colour: Colour, tries: u8) -> State {
    let mut s = setup(cfg, pieces, colour);
    s.tries_left = tries;
    State::from_setup(s).expect("valid position")
}

fn legal(s: &State) -> Vec<String> {
    let mut l = ActionList::new();
    s.legal_actions(&mut l);
    l.iter()
        .map(|&id| Action::from_id(id).expect("id").to_string())
        .collect()
}

fn play(s: &mut State, text: &str) -> Vec<Event> {
    let a: Action = text.parse().expect("notation");
    let mut events = Vec::new();
    if let Err(e) = s.apply(a, &mut events) {
        panic!("{text} refused: {e}\n{s}");
    }
    events
}

fn refuse(s: &State, text: &str) -> Illegal {
    let a: Action = text.parse().expect("notation");
    let mut copy = *s;
    let mut events = Vec::new();
    let e = copy.apply(a, &mut events).expect_err("illegal");
    assert_eq!(copy, *s, "a refused action changed the state");
    assert!(events.is_empty());
    assert_eq!(s.check(a), Err(e));
    e
}

fn turn(colour: Colour, tries: u8) -> Event {
    Event::TurnStarted {
        colour,
        seat: Seat(colour.0),
        tries,
    }
}

fn steps(colour: Colour, piece: u8, squares: impl IntoIterator<Item = u8>) -> Vec<Event> {
    squares
        .into_iter()
        .map(|square| Event::Stepped {
            colour,
            piece,
            square,
        })
        .collect()
}

fn cat(parts: &[Vec<Event>]) -> Vec<Event> {
    parts.concat()
}

// ---- seed rules -------------------------------------------------------------------------

/// CN-S1.
#[test]
fn cn_s1_equipment_two_dice_four_colours_four_pieces() {
    let g = State::new(Config::default()).unwrap();
    assert_eq!(g.config().dice, Dice::Two);
    assert_eq!(g.seats(), 4);
    assert_eq!(g.pieces(), [[Y; 4]; 4]);
    assert_eq!(
        Colour::ALL.map(|c| c.name()),
        ["red", "yellow", "blue", "green"]
    );
    let mut l = ActionList::new();
    g.legal_actions(&mut l);
    assert_eq!(l.as_slice(), (0..21).collect::<Vec<u32>>().as_slice());
}

/// CN-S2.
#[test]
fn cn_s2_pieces_move_counter_clockwise_one_lap_to_their_door() {
    // Red at progress 10 = square 10; 1-2 moves it over squares 11, 12 to 13.
    let mut s = at_move(
        Config::default(),
        [[10, Y, Y, Y], [50, Y, Y, Y], [Y; 4], [Y; 4]],
        RED,
        two(1, 2),
    );
    assert_eq!(s.square_of(YELLOW, 0), Some(8)); // (14 + 50) mod 56
    let ev = play(&mut s, "0+3");
    assert_eq!(ev[..3], steps(RED, 0, [11, 12, 13])[..]);
    assert_eq!(s.progress(RED, 0), 13);
    // Yellow's lap ends on its door, progress 55 = square 13, just before its start (14).
    let s = at_move(
        Config::default(),
        [[Y; 4], [55, Y, Y, Y], [Y; 4], [Y; 4]],
        YELLOW,
        two(1, 3),
    );
    assert_eq!(s.square_of(YELLOW, 0), Some(13));
    assert_eq!(legal(&s), ["0>1", "0>3"]); // from the door only into the home column
}

/// CN-S3, CN-C7.
#[test]
fn cn_s3_cn_c7_others_play_on_for_the_places_and_the_last_takes_last_place() {
    // Red and yellow have finished (1st and 2nd); blue finishes now: 3rd, green 4th, over.
    let fin = [61, 60, 59, 58];
    let mut st = setup(
        Config::default(),
        [fin, fin, [61, 60, 59, 57], [10, Y, Y, Y]],
        BLUE,
    );
    st.finished_colours = vec![RED, YELLOW];
    st.finishing_order = vec![Seat(0), Seat(1)];
    st.phase = Phase::Move;
    st.roll = Some(CurrentRoll {
        dice: two(3, 5),
        used: [false; 2],
        home_actions: 0,
        exited: false,
    });
    let mut s = State::from_setup(st).unwrap();
    let ev = play(&mut s, "3^1");
    assert_eq!(
        ev,
        [
            Event::Climbed {
                colour: BLUE,
                piece: 3,
                step: 3
            },
            Event::ColourFinished { colour: BLUE },
            Event::PlayerFinished {
                seat: Seat(2),
                place: 3
            },
            Event::PlayerFinished {
                seat: Seat(3),
                place: 4
            },
            game_over(&s, EndReason::AllPlaced),
        ]
    );
    let out = s.outcome().unwrap();
    assert_eq!(out.places, [1, 2, 3, 4]);
    assert_eq!(s.to_move(), ToMove::Over);
}

/// CN-S3, CN-A14.
#[test]
fn cn_s3_cn_a14_first_finisher_and_the_game_goes_on() {
    let mut s = at_move(Config::default(), red([61, 60, 59, 57]), RED, two(3, 4));
    let ev = play(&mut s, "3^1");
    assert_eq!(
        ev[1..],
        [
            Event::ColourFinished { colour: RED },
            Event::PlayerFinished {
                seat: Seat(0),
                place: 1
            },
            turn(GREEN, 3),
        ]
    );
    assert_eq!(s.to_move(), ToMove::Chance);
    assert_eq!(s.colour_to_move(), Some(GREEN));
}

/// CN-A14.
#[test]
fn cn_a14_continue_for_places_false_stops_at_the_first_finisher() {
    let cfg = Config {
        continue_for_places: false,
        ..Config::default()
    };
    let mut s = at_move(cfg, red([61, 60, 59, 57]), RED, two(3, 4));
    let ev = play(&mut s, "3^1");
    assert_eq!(ev.last(), Some(&game_over(&s, EndReason::FirstFinisher)));
    // CN-C7: only the winner is placed; the others all lose.
    assert_eq!(s.outcome().unwrap().places, [1, 0, 0, 0]);
}

/// CN-S4, CN-C7.
#[test]
fn cn_s4_cn_c7_two_players_leave_two_pens_empty_and_stop_at_the_first_finisher() {
    let cfg = Config::two_players();
    let g = State::new(cfg).unwrap();
    assert_eq!(g.seats(), 2);
    assert!(cfg.seats.in_play(RED) && cfg.seats.in_play(BLUE));
    assert!(!cfg.seats.in_play(YELLOW) && !cfg.seats.in_play(GREEN));
    // Red → blue → red: the empty pens are skipped.
    let mut s = at_move(cfg, [[10, Y, Y, Y], [Y; 4], [Y; 4], [Y; 4]], RED, two(1, 2));
    assert_eq!(
        play(&mut s, "0+3").last(),
        Some(&Event::TurnStarted {
            colour: BLUE,
            seat: Seat(1),
            tries: 3
        })
    );
    // Red finishes: first; blue second; over.
    let mut s = at_move(cfg, red([61, 60, 59, 57]), RED, two(3, 4));
    play(&mut s, "3^1");
    assert_eq!(s.outcome().unwrap().places, [1, 2, 0, 0]);
    assert_eq!(s.end_reason(), Some(EndReason::AllPlaced));
}

/// CN-S4, CN-A13.
#[test]
fn cn_s4_cn_a13_two_players_with_two_colours_each() {
    let cfg = Config::two_players_two_colours();
    let g = State::new(cfg).unwrap();
    assert_eq!(g.seats(), 2);
    assert_eq!(cfg.seats.owner(RED), Some(0));
    assert_eq!(cfg.seats.owner(BLUE), Some(0));
    assert_eq!(cfg.seats.owner(YELLOW), Some(1));
    assert_eq!(cfg.seats.owner(GREEN), Some(1));
    // Each colour takes its own turn: red (player 0) → green (player 1) → blue (0) → yellow (1).
    let mut s = at_move(cfg, red([10, Y, Y, Y]), RED, two(1, 2));
    assert_eq!(s.to_move(), ToMove::Seat(Seat(0)));
    assert_eq!(
        play(&mut s, "0+3").last(),
        Some(&Event::TurnStarted {
            colour: GREEN,
            seat: Seat(1),
            tries: 3
        })
    );
    play(&mut s, "r2-3");
    play(&mut s, "r2-3");
    let ev = play(&mut s, "r2-3");
    assert_eq!(
        ev.last(),
        Some(&Event::TurnStarted {
            colour: BLUE,
            seat: Seat(0),
            tries: 3
        })
    );
}

/// CN-S5.
#[test]
fn cn_s5_first_colour_is_an_input_and_turns_go_against_the_movement() {
    assert_eq!(
        State::new(Config::default()).unwrap().colour_to_move(),
        Some(RED)
    );
    let cfg = Config {
        first_colour: Some(BLUE),
        ..Config::default()
    };
    assert_eq!(State::new(cfg).unwrap().colour_to_move(), Some(BLUE));
    // After red (0) plays green (3): clockwise turns, counter-clockwise movement.
    let mut s = at_move(Config::default(), red([10, Y, Y, Y]), RED, two(1, 2));
    assert_eq!(play(&mut s, "0+3").last(), Some(&turn(GREEN, 3)));
    // TurnOrder::SameAsMovement: after red plays yellow.
    let cfg = Config {
        turn_order: TurnOrder::SameAsMovement,
        ..Config::default()
    };
    let mut s = at_move(cfg, red([10, Y, Y, Y]), RED, two(1, 2));
    assert_eq!(play(&mut s, "0+3").last(), Some(&turn(YELLOW, 3)));
}

/// CN-S6, CN-A6.
#[test]
fn cn_s6_cn_a6_a_double_gives_a_bonus_roll_after_the_move() {
    let mut s = at_move(Config::default(), red([10, Y, Y, Y]), RED, two(2, 2));
    let ev = play(&mut s, "0+4");
    assert_eq!(ev.last(), Some(&Event::BonusRoll { colour: RED }));
    assert_eq!(s.colour_to_move(), Some(RED));
    assert_eq!(s.phase(), Phase::Roll);
    assert_eq!(s.tries_left(), 0);
    // Also after an exit on a double (reading (a) of CN-A6: exit AND roll again).
    let mut s = at_move(Config::default(), red([Y; 4]), RED, two(5, 5));
    let ev = play(&mut s, "x0");
    assert_eq!(ev.last(), Some(&Event::BonusRoll { colour: RED }));
}

/// CN-S7.
#[test]
fn cn_s7_three_tries_then_the_turn_passes() {
    let mut s = State::new(Config::default()).unwrap();
    assert_eq!(s.tries_left(), 3);
    let ev = play(&mut s, "r2-3");
    assert_eq!(
        ev,
        [
            Event::Rolled {
                colour: RED,
                roll: two(2, 3)
            },
            Event::Stuck {
                colour: RED,
                tries_left: 2
            },
        ]
    );
    assert_eq!((s.colour_to_move(), s.tries_left()), (Some(RED), 2));
    play(&mut s, "r1-2");
    assert_eq!(s.tries_left(), 1);
    let ev = play(&mut s, "r3-4");
    assert_eq!(
        ev[1..],
        [
            Event::Stuck {
                colour: RED,
                tries_left: 0
            },
            turn(GREEN, 3)
        ]
    );
}

/// CN-S7.
#[test]
fn cn_s7_an_exit_puts_the_piece_on_the_start_square_and_stops_there() {
    let mut s = State::new(Config::default()).unwrap();
    play(&mut s, "r3-4");
    let ev = play(&mut s, "r2-4"); // second try: a sum of six
    assert_eq!(ev.len(), 1);
    assert_eq!(s.phase(), Phase::Move);
    assert_eq!(s.tries_left(), 0);
    assert_eq!(legal(&s), ["x0"]);
    let ev = play(&mut s, "x0");
    assert_eq!(
        ev,
        [
            Event::Exited {
                colour: RED,
                piece: 0,
                square: 0
            },
            turn(GREEN, 3)
        ]
    );
    assert_eq!(s.progress(RED, 0), 0);
}

/// CN-S8, CN-C3.
#[test]
fn cn_s8_cn_c3_the_sum_moves_one_piece_and_a_double_also_half() {
    let s = at_move(Config::default(), red([10, 30, Y, Y]), RED, two(3, 5));
    assert_eq!(legal(&s), ["0+8", "1+8"]);
    let s = at_move(Config::default(), red([10, 30, Y, Y]), RED, two(4, 4));
    // In id order: piece 0 (track 4, track 8), piece 1 (track 4, track 8), piece 2 (exit).
    assert_eq!(legal(&s), ["0+4", "0+8", "1+4", "1+8", "x2"]);
    refuse(&s, "0+5");
}

/// CN-S9.
#[test]
fn cn_s9_any_piece_ahead_closer_than_the_roll_blocks() {
    // Red 0 on 10, red 1 on 30; yellow 0 on its start (square 14): 4 ahead of red 0.
    let s = at_move(
        Config::default(),
        [[10, 30, Y, Y], [0, Y, Y, Y], [Y; 4], [Y; 4]],
        RED,
        two(3, 5),
    );
    assert_eq!(legal(&s), ["1+8"]);
    assert_eq!(
        refuse(&s, "0+8"),
        Illegal::Blocked {
            piece: 0,
            colour: YELLOW,
            square: 14
        }
    );
    assert_eq!(
        refuse(&s, "0+8").to_string(),
        "piece 0 is blocked by a yellow piece on square 14"
    );
    // An own piece blocks too.
    let s = at_move(Config::default(), red([10, 30, 12, Y]), RED, two(3, 5));
    assert_eq!(
        refuse(&s, "0+8"),
        Illegal::Blocked {
            piece: 0,
            colour: RED,
            square: 12
        }
    );
}

/// CN-S9.
#[test]
fn cn_s9_when_nothing_can_move_the_roll_is_lost() {
    // Red's only piece is blocked; the roll is resolved by the engine (bị tịt).
    let mut s = at_roll(
        Config::default(),
        [[10, Y, Y, Y], [0, Y, Y, Y], [Y; 4], [Y; 4]],
        RED,
        0,
    );
    let ev = play(&mut s, "r3-5");
    assert_eq!(
        ev,
        [
            Event::Rolled {
                colour: RED,
                roll: two(3, 5)
            },
            Event::Stuck {
                colour: RED,
                tries_left: 0
            },
            turn(GREEN, 3),
        ]
    );
    assert_eq!(s.progress(RED, 0), 10);
}

/// CN-S10.
#[test]
fn cn_s10_an_exact_landing_kicks_the_opponent_back_to_its_yard() {
    // Yellow 0 on square 18 (its progress 4): exactly 8 ahead of red 0.
    let mut s = at_move(
        Config::default(),
        [[10, 30, Y, Y], [4, Y, Y, Y], [Y; 4], [Y; 4]],
        RED,
        two(3, 5),
    );
    // Optional: another move is also legal.
    assert_eq!(legal(&s), ["0+8", "1+8"]);
    let ev = play(&mut s, "0+8");
    assert_eq!(
        ev,
        cat(&[
            steps(RED, 0, 11..=18),
            vec![
                Event::Kicked {
                    by: RED,
                    by_piece: 0,
                    colour: YELLOW,
                    piece: 0,
                    square: 18
                },
                turn(GREEN, 3)
            ]
        ])
    );
    assert_eq!(s.progress(YELLOW, 0), Y);
    assert_eq!(s.progress(RED, 0), 18);
    assert_eq!(s.kicks()[0][1], 1);
}

/// CN-S10.
#[test]
fn cn_s10_own_pieces_are_never_kicked() {
    let s = at_move(Config::default(), red([10, 18, Y, Y]), RED, two(3, 5));
    assert_eq!(
        refuse(&s, "0+8"),
        Illegal::LandsOnOwn {
            piece: 0,
            colour: RED,
            square: 18
        }
    );
}

/// CN-S11, CN-A12.
#[test]
fn cn_s11_cn_a12_four_pieces_on_steps_6_5_4_3_win() {
    let mut s = at_move(Config::default(), red([61, 60, 59, 57]), RED, two(1, 3));
    // Pieces on 6, 5 and 4 are locked; only the piece on step 2 can climb, with the 3.
    assert_eq!(legal(&s), ["3^1"]);
    assert_eq!(refuse(&s, "1^1"), Illegal::Locked { piece: 1, step: 5 });
    let ev = play(&mut s, "3^1");
    assert_eq!(
        ev[..3],
        [
            Event::Climbed {
                colour: RED,
                piece: 3,
                step: 3
            },
            Event::ColourFinished { colour: RED },
            Event::PlayerFinished {
                seat: Seat(0),
                place: 1
            },
        ]
    );
    assert_eq!(s.finished_colours().collect::<Vec<_>>(), [RED]);
}

// ---- variant register -------------------------------------------------------------------

/// CN-A1, CN-C9.
#[test]
fn cn_a1_cn_c9_track_lengths_40_48_52() {
    for (len, seg) in [(40u8, 10u8), (48, 12), (52, 13), (56, 14)] {
        let cfg = Config {
            track_len: len,
            ..Config::default()
        };
        let door = (len - 1) as i8;
        let s = at_move(
            cfg,
            [[Y; 4], [door, Y, Y, Y], [0, Y, Y, Y], [Y; 4]],
            YELLOW,
            two(1, 3),
        );
        // Yellow's door is the square before its start; blue starts at 2·L/4.
        assert_eq!(s.square_of(YELLOW, 0), Some(seg - 1));
        assert_eq!(s.square_of(BLUE, 0), Some(2 * seg));
        assert_eq!(legal(&s), ["0>1", "0>3"]);
        // A red piece four before its door: 1-3 lands on the door, 2-3 overshoots.
        let s = at_move(cfg, red([door - 4, Y, Y, Y]), RED, two(1, 3));
        assert_eq!(legal(&s), ["0+4"]);
        let s = at_move(cfg, red([door - 4, 20, Y, Y]), RED, two(2, 3));
        assert_eq!(legal(&s), ["1+5"]);
    }
    assert!(Config {
        track_len: 50,
        ..Config::default()
    }
    .validate()
    .is_err());
}

/// CN-A1.
#[test]
fn cn_a1_four_home_steps() {
    let cfg = Config {
        home_steps: 4,
        win_steps: [4, 3, 2, 1],
        ..Config::default()
    };
    let mut s = at_move(cfg, red([59, 58, 57, 55]), RED, two(1, 5));
    assert_eq!(legal(&s), ["3>1"]);
    play(&mut s, "3>1");
    assert_eq!(s.finished_colours().collect::<Vec<_>>(), [RED]);
    // Six steps are refused with a four-step win block above the column.
    assert!(Config {
        home_steps: 4,
        ..Config::default()
    }
    .validate()
    .is_err());
}

/// CN-A2.
#[test]
fn cn_a2_exit_rolls_doubles_sum_six_and_six_one() {
    let exits = |cfg: Config| -> Vec<String> {
        let mut out = Vec::new();
        for lo in 1..=6 {
            for hi in lo..=6 {
                let mut s = at_roll(cfg, red([Y; 4]), RED, 1);
                play(&mut s, &format!("r{lo}-{hi}"));
                if s.phase() == Phase::Move {
                    out.push(format!("{lo}-{hi}"));
                }
            }
        }
        out
    };
    let all = [
        "1-1", "1-5", "1-6", "2-2", "2-4", "3-3", "4-4", "5-5", "6-6",
    ];
    assert_eq!(exits(Config::default()), all);
    let cfg = Config {
        exit_on_sum: None,
        ..Config::default()
    };
    assert_eq!(
        exits(cfg),
        ["1-1", "1-6", "2-2", "3-3", "4-4", "5-5", "6-6"]
    );
    let cfg = Config {
        exit_on_pairs: PairSet::EMPTY,
        ..Config::default()
    };
    assert_eq!(
        exits(cfg),
        ["1-1", "1-5", "2-2", "2-4", "3-3", "4-4", "5-5", "6-6"]
    );
    let cfg = Config {
        exit_on_doubles: false,
        ..Config::default()
    };
    assert_eq!(exits(cfg), ["1-5", "1-6", "2-4", "3-3"]);
    // One die: the exit faces (1 and 6 in the preset).
    for face in 1..=6u8 {
        let mut s = at_roll(Config::one_die(), red([Y; 4]), RED, 1);
        play(&mut s, &format!("r{face}"));
        assert_eq!(
            s.phase() == Phase::Move,
            face == 1 || face == 6,
            "face {face}"
        );
    }
    let cfg = Config {
        exit_faces: FaceSet::new(&[6]).unwrap(),
        ..Config::one_die()
    };
    let mut s = at_roll(cfg, red([Y; 4]), RED, 1);
    play(&mut s, "r1");
    assert_eq!(s.phase(), Phase::Roll);
}

/// CN-A3.
#[test]
fn cn_a3_exit_that_does_not_use_up_the_roll() {
    let cfg = Config {
        exit_consumes_roll: false,
        ..Config::default()
    };
    let mut s = at_move(cfg, red([Y; 4]), RED, two(2, 4));
    play(&mut s, "x0");
    assert_eq!(s.phase(), Phase::Move);
    assert_eq!(legal(&s), ["0+6"]);
    let ev = play(&mut s, "0+6");
    assert_eq!(ev.last(), Some(&turn(GREEN, 3)));
    assert_eq!(s.progress(RED, 0), 6);
    // Default: the roll is used up by the exit.
    let mut s = at_move(Config::default(), red([Y; 4]), RED, two(2, 4));
    play(&mut s, "x0");
    assert_eq!(s.colour_to_move(), Some(GREEN));
}

/// CN-A4.
#[test]
fn cn_a4_start_square_held_by_an_opponent_or_by_an_own_piece() {
    // Yellow 0 on square 0 (its progress 42): red's exit kicks it.
    let pieces = [[Y; 4], [42, Y, Y, Y], [Y; 4], [Y; 4]];
    let mut s = at_move(Config::default(), pieces, RED, two(2, 4));
    let ev = play(&mut s, "x0");
    assert_eq!(
        ev[..2],
        [
            Event::Exited {
                colour: RED,
                piece: 0,
                square: 0
            },
            Event::Kicked {
                by: RED,
                by_piece: 0,
                colour: YELLOW,
                piece: 0,
                square: 0
            }
        ]
    );
    assert_eq!(s.kicks()[0][1], 1);
    // StartConflict::Blocked: no exit while the opponent stands there.
    let cfg = Config {
        start_occupied_by_opponent: StartConflict::Blocked,
        ..Config::default()
    };
    let mut s = at_roll(cfg, pieces, RED, 3);
    let ev = play(&mut s, "r2-4");
    assert_eq!(
        ev[1],
        Event::Stuck {
            colour: RED,
            tries_left: 2
        }
    );
    // An own piece on the start square: the exit is illegal.
    let s = at_move(Config::default(), red([0, Y, Y, Y]), RED, two(2, 4));
    assert_eq!(legal(&s), ["0+6"]);
    assert_eq!(
        refuse(&s, "x1"),
        Illegal::StartOccupied {
            square: 0,
            colour: RED
        }
    );
}

/// CN-A5.
#[test]
fn cn_a5_tries_apply_with_no_piece_on_the_track() {
    // Yellow's piece in the home column does not count as out: three tries.
    let pieces = [[Y; 4], [56, Y, Y, Y], [10, Y, Y, Y], [Y; 4]];
    let mut s = at_move(Config::default(), pieces, BLUE, two(1, 2));
    assert_eq!(play(&mut s, "0+3").last(), Some(&turn(YELLOW, 3)));
    // The tries also serve a home move: yellow's piece on step 1 climbs with the 2.
    play(&mut s, "r2-3");
    assert_eq!(s.phase(), Phase::Move);
    assert_eq!(legal(&s), ["0^1"]);
    // TriesCondition::AllInYard: a piece at home means one ordinary roll.
    let cfg = Config {
        tries_condition: TriesCondition::AllInYard,
        ..Config::default()
    };
    let mut s = at_move(cfg, pieces, BLUE, two(1, 2));
    assert_eq!(play(&mut s, "0+3").last(), Some(&turn(YELLOW, 0)));
}

/// CN-A5, CN-C4.
#[test]
fn cn_a5_cn_c4_a_failed_try_is_used_up_even_on_a_double() {
    let cfg = Config {
        exit_on_doubles: false,
        ..Config::default()
    };
    let mut s = at_roll(cfg, red([Y; 4]), RED, 3);
    let ev = play(&mut s, "r2-2");
    assert_eq!(
        ev[1..],
        [Event::Stuck {
            colour: RED,
            tries_left: 2
        }]
    );
    assert_eq!(s.tries_left(), 2);
    // With no tries (0), the same roll is ordinary: no action, but the double's bonus roll.
    let cfg = Config {
        tries_when_no_piece_out: 0,
        ..cfg
    };
    let mut s = State::new(cfg).unwrap();
    assert_eq!(s.tries_left(), 0);
    let ev = play(&mut s, "r2-2");
    assert_eq!(
        ev[1..],
        [
            Event::Stuck {
                colour: RED,
                tries_left: 0
            },
            Event::BonusRoll { colour: RED }
        ]
    );
}

/// CN-A6.
#[test]
fn cn_a6_bonus_roll_options() {
    // Default: 6-1 allows an exit but gives no bonus roll.
    let mut s = at_move(Config::default(), red([Y; 4]), RED, two(1, 6));
    assert_eq!(play(&mut s, "x0").last(), Some(&turn(GREEN, 3)));
    // DoublesOrPair { a: 6, b: 1 }: it does.
    let cfg = Config {
        bonus_roll_on: BonusRule::DoublesOrPair { a: 6, b: 1 },
        ..Config::default()
    };
    let mut s = at_move(cfg, red([Y; 4]), RED, two(1, 6));
    assert_eq!(
        play(&mut s, "x0").last(),
        Some(&Event::BonusRoll { colour: RED })
    );
    // Faces([1, 6]) with two dice: either die showing 1 or 6.
    let cfg = Config {
        bonus_roll_on: BonusRule::Faces {
            faces: FaceSet::ONE_AND_SIX,
        },
        ..Config::default()
    };
    let mut s = at_move(cfg, red([10, Y, Y, Y]), RED, two(1, 3));
    assert_eq!(
        play(&mut s, "0+4").last(),
        Some(&Event::BonusRoll { colour: RED })
    );
    // bonus_exclusive_with_exit: exit OR roll again (reading (b)).
    let cfg = Config {
        bonus_exclusive_with_exit: true,
        ..Config::default()
    };
    let mut s = at_move(cfg, red([10, Y, Y, Y]), RED, two(2, 2));
    assert_eq!(play(&mut s, "x1").last(), Some(&turn(GREEN, 3)));
    let mut s = at_move(cfg, red([10, Y, Y, Y]), RED, two(2, 2));
    assert_eq!(
        play(&mut s, "0+4").last(),
        Some(&Event::BonusRoll { colour: RED })
    );
}

/// CN-A6.
#[test]
fn cn_a6_bonus_when_no_move() {
    // Red: one piece that cannot move 10 or 5, three at home that cannot climb with a 5.
    let pieces = red([54, 56, 58, 60]);
    let mut s = at_roll(Config::default(), pieces, RED, 0);
    let ev = play(&mut s, "r5-5");
    assert_eq!(ev.last(), Some(&Event::BonusRoll { colour: RED }));
    let cfg = Config {
        bonus_when_no_move: false,
        ..Config::default()
    };
    let mut s = at_roll(cfg, pieces, RED, 0);
    let ev = play(&mut s, "r5-5");
    assert_eq!(ev.last(), Some(&turn(GREEN, 3)));
}

/// CN-A6.
#[test]
fn cn_a6_max_consecutive_bonus_forfeits_the_nth_bonus_roll() {
    let cfg = Config {
        max_consecutive_bonus: Some(3),
        ..Config::default()
    };
    let mut st = setup(cfg, red([10, Y, Y, Y]), RED);
    st.bonus_streak = 2; // two doubles already played this turn
    let mut s = State::from_setup(st.clone()).unwrap();
    let ev = play(&mut s, "r3-3");
    assert_eq!(ev[1..], [Event::Forfeited { colour: RED }, turn(GREEN, 3)]);
    assert_eq!(s.progress(RED, 0), 10);
    // A non-double is played as usual.
    let mut s = State::from_setup(st.clone()).unwrap();
    play(&mut s, "r3-4");
    assert_eq!(s.phase(), Phase::Move);
    // With one bonus so far, the double is played.
    st.bonus_streak = 1;
    let mut s = State::from_setup(st).unwrap();
    play(&mut s, "r3-3");
    assert_eq!(s.phase(), Phase::Move);
    assert!(Config {
        max_consecutive_bonus: Some(1),
        ..Config::default()
    }
    .validate()
    .is_err());
}

/// CN-A7.
#[test]
fn cn_a7_doubles_sum_only() {
    // (With two dice SumOnly needs a door rule that cannot freeze, CN-C18.)
    let cfg = Config {
        doubles_move: DoublesMove::SumOnly,
        door_rule: DoorRule::CountIntoHome,
        ..Config::default()
    };
    let s = at_move(cfg, red([10, Y, Y, Y]), RED, two(4, 4));
    assert_eq!(legal(&s), ["0+8", "x1"]);
}

/// CN-A7.
#[test]
fn cn_a7_split_a_double_into_two_half_moves() {
    let cfg = Config {
        doubles_move: DoublesMove::SplitTwoPieces,
        ..Config::default()
    };
    let mut s = at_move(cfg, red([10, 30, 0, 40]), RED, two(4, 4));
    assert_eq!(
        legal(&s),
        ["0+4", "0+8", "1+4", "1+8", "2+4", "2+8", "3+4", "3+8"]
    );
    let ev = play(&mut s, "0+4");
    assert_eq!(ev.len(), 4); // four squares, the roll goes on
    assert_eq!(s.phase(), Phase::Move);
    assert_eq!(legal(&s), ["0+4", "1+4", "2+4", "3+4"]);
    let ev = play(&mut s, "1+4");
    assert_eq!(ev.last(), Some(&Event::BonusRoll { colour: RED }));
    assert_eq!((s.progress(RED, 0), s.progress(RED, 1)), (14, 34));
}

/// CN-A7.
#[test]
fn cn_a7_each_die_separately() {
    let cfg = Config {
        dice_usage: DiceUsage::EachDieSeparately,
        ..Config::default()
    };
    let mut s = at_move(cfg, red([10, 30, 0, 40]), RED, two(2, 5));
    assert_eq!(
        legal(&s),
        ["0+2", "0+5", "1+2", "1+5", "2+2", "2+5", "3+2", "3+5"]
    );
    play(&mut s, "0+5");
    assert_eq!(legal(&s), ["0+2", "1+2", "2+2", "3+2"]);
    let ev = play(&mut s, "0+2");
    assert_eq!(ev.last(), Some(&turn(GREEN, 3)));
    assert_eq!(s.progress(RED, 0), 17);
    assert!(Config {
        dice_usage: DiceUsage::EachDieSeparately,
        ..Config::one_die()
    }
    .validate()
    .is_err());
}

/// CN-A8.
#[test]
fn cn_a8_blocking_variants() {
    // Red 0 on 10, red 1 on 12 (own), yellow 0 on square 14 (progress 0), red 2 on 30.
    let pieces = [[10, 12, 30, Y], [0, Y, Y, Y], [Y; 4], [Y; 4]];
    let with = |blocking| Config {
        blocking,
        ..Config::default()
    };
    // OpponentOnly: own pieces may be passed, opponents may not.
    let s = at_move(with(Blocking::OpponentOnly), pieces, RED, two(1, 2));
    assert!(legal(&s).contains(&"0+3".to_string()));
    let s = at_move(with(Blocking::OpponentOnly), pieces, RED, two(3, 5));
    assert_eq!(
        refuse(&s, "0+8"),
        Illegal::Blocked {
            piece: 0,
            colour: YELLOW,
            square: 14
        }
    );
    // None: everything may be passed.
    let s = at_move(with(Blocking::None), pieces, RED, two(3, 5));
    assert_eq!(legal(&s), ["0+8", "1+8", "2+8"]);
    // TwoPieceBlockadeOnly: a single piece may be passed, two of a colour side by side not.
    let s = at_move(with(Blocking::TwoPieceBlockadeOnly), pieces, RED, two(3, 5));
    // Red 1 on 12 and yellow 0 on 14 stand alone: both may be passed.
    assert!(legal(&s).contains(&"0+8".to_string()));
    // Yellow on 14 and 15 side by side: a blockade.
    let s = at_move(
        with(Blocking::TwoPieceBlockadeOnly),
        [[10, 30, Y, Y], [0, 1, Y, Y], [Y; 4], [Y; 4]],
        RED,
        two(4, 5),
    );
    assert_eq!(
        refuse(&s, "0+9"),
        Illegal::Blocked {
            piece: 0,
            colour: YELLOW,
            square: 14
        }
    );
    let s = at_move(
        with(Blocking::TwoPieceBlockadeOnly),
        [[10, 30, Y, Y], [0, 2, Y, Y], [Y; 4], [Y; 4]],
        RED,
        two(4, 5),
    );
    assert_eq!(legal(&s), ["0+9", "1+9"]);
}

/// CN-A9.
#[test]
fn cn_a9_mandatory_kick_safe_squares_and_the_door() {
    // Yellow 0 on square 18: red 0 can kick it with 3-5, red 1 can move instead.
    let pieces = [[10, 30, Y, Y], [4, Y, Y, Y], [Y; 4], [Y; 4]];
    let cfg = Config {
        capture: Capture::Mandatory,
        ..Config::default()
    };
    let s = at_move(cfg, pieces, RED, two(3, 5));
    assert_eq!(legal(&s), ["0+8"]);
    assert_eq!(refuse(&s, "1+8"), Illegal::MustKick);
    // A safe square: the yellow piece there cannot be kicked.
    let cfg = Config {
        safe_squares: SquareSet::new(&[18]).unwrap(),
        ..Config::default()
    };
    let s = at_move(cfg, pieces, RED, two(3, 5));
    assert_eq!(
        refuse(&s, "0+8"),
        Illegal::SafeSquare {
            piece: 0,
            colour: YELLOW,
            square: 18
        }
    );
    // Start squares safe: yellow on blue's start (square 28 = yellow progress 14).
    let cfg = Config {
        start_square_safe: true,
        ..Config::default()
    };
    let s = at_move(
        cfg,
        [[20, 40, Y, Y], [14, Y, Y, Y], [Y; 4], [Y; 4]],
        RED,
        two(3, 5),
    );
    assert_eq!(legal(&s), ["1+8"]);
    // A piece on its door can be kicked: yellow on its door, square 13.
    let mut s = at_move(
        Config::default(),
        [[5, Y, Y, Y], [55, Y, Y, Y], [Y; 4], [Y; 4]],
        RED,
        two(3, 5),
    );
    let ev = play(&mut s, "0+8");
    assert!(ev.contains(&Event::Kicked {
        by: RED,
        by_piece: 0,
        colour: YELLOW,
        piece: 0,
        square: 13
    }));
}

/// CN-A10.
#[test]
fn cn_a10_door_rules() {
    // CountIntoHome: 50 + 6 goes over the door onto step 1.
    let cfg = Config {
        door_rule: DoorRule::CountIntoHome,
        ..Config::default()
    };
    let mut s = at_move(cfg, red([50, Y, Y, Y]), RED, two(2, 4));
    let ev = play(&mut s, "0+6");
    assert_eq!(
        ev[..6],
        cat(&[
            steps(RED, 0, 51..=55),
            vec![Event::EnteredHome {
                colour: RED,
                piece: 0,
                step: 1
            }]
        ])[..]
    );
    assert_eq!(s.progress(RED, 0), 56);
    // 50 + 12 would be step 7: refused; the half (6) is legal.
    let s = at_move(cfg, red([50, Y, Y, Y]), RED, two(6, 6));
    assert_eq!(legal(&s), ["0+6", "x1"]);
    assert_eq!(refuse(&s, "0+12"), Illegal::StepOutOfRange { step: 7 });
    // BounceBack: 50 + 8 walks to the door (55) and back 3 to 52.
    let cfg = Config {
        door_rule: DoorRule::BounceBack,
        ..Config::default()
    };
    let mut s = at_move(cfg, red([50, Y, Y, Y]), RED, two(3, 5));
    let ev = play(&mut s, "0+8");
    assert_eq!(ev[..8], steps(RED, 0, [51, 52, 53, 54, 55, 54, 53, 52])[..]);
    assert_eq!(s.progress(RED, 0), 52);
    // ExactStop (default): overshooting is illegal.
    let s = at_move(Config::default(), red([50, 10, Y, Y]), RED, two(3, 5));
    assert_eq!(refuse(&s, "0+8"), Illegal::PastDoor { piece: 0, dist: 8 });
}

/// CN-A11.
#[test]
fn cn_a11_home_entry_by_face_value_and_climbing_by_the_next_face() {
    // §5: from the door with 3-5, step 3 or step 5; the sum 8 is not used.
    let s = at_move(Config::default(), red([55, Y, Y, Y]), RED, two(3, 5));
    assert_eq!(legal(&s), ["0>3", "0>5"]);
    assert_eq!(
        refuse(&s, "0>6"),
        Illegal::StepNotRolled { piece: 0, step: 6 }
    );
    // Nobody passes an own piece in the column: step 2 is taken.
    let s = at_move(Config::default(), red([55, 57, 10, Y]), RED, two(3, 5));
    assert_eq!(legal(&s), ["1^1", "2+8"]);
    assert_eq!(
        refuse(&s, "0>3"),
        Illegal::HomeBlocked { piece: 0, step: 2 }
    );
    // §5: step 2 climbs only with a 3, step 3 only with a 4.
    let s = at_move(Config::default(), red([57, 10, Y, Y]), RED, two(2, 4));
    assert_eq!(legal(&s), ["1+6", "x2"]);
    let s = at_move(Config::default(), red([58, 10, Y, Y]), RED, two(2, 4));
    assert_eq!(legal(&s), ["0^1", "1+6", "x2"]);
}

/// CN-A11.
#[test]
fn cn_a11_one_home_action_per_roll() {
    // Door piece, 3-4: enter step 3 spends the 3; the 4 is left but the roll is over.
    let mut s = at_move(Config::default(), red([55, 61, 60, Y]), RED, two(3, 4));
    let ev = play(&mut s, "0>3");
    assert_eq!(ev.last(), Some(&turn(GREEN, 3)));
    // Two home actions per roll: then the piece climbs 3 → 4 with the 4.
    let cfg = Config {
        home_actions_per_roll: 2,
        ..Config::default()
    };
    let mut s = at_move(cfg, red([55, 61, 60, Y]), RED, two(3, 4));
    play(&mut s, "0>3");
    assert_eq!(s.phase(), Phase::Move);
    assert_eq!(legal(&s), ["0^1"]);
    play(&mut s, "0^1");
    assert_eq!(s.progress(RED, 0), 59);
    assert_eq!(s.colour_to_move(), Some(GREEN));
}

/// CN-A11.
#[test]
fn cn_a11_home_entry_variants() {
    let with = |home_entry| Config {
        home_entry,
        ..Config::default()
    };
    let pieces = red([55, 20, Y, Y]);
    // StepByStepFromOne: only a 1 enters, onto step 1.
    let s = at_move(with(HomeEntry::StepByStepFromOne), pieces, RED, two(1, 3));
    assert_eq!(legal(&s), ["0>1", "1+4"]);
    let s = at_move(with(HomeEntry::StepByStepFromOne), pieces, RED, two(3, 5));
    assert_eq!(legal(&s), ["1+8"]);
    // CountSteps: the move value (the sum) counts into the column.
    let s = at_move(with(HomeEntry::CountSteps), pieces, RED, two(1, 2));
    assert_eq!(legal(&s), ["0>3", "1+3"]);
    // DoublesOnly: a double d-d enters onto step d.
    let s = at_move(with(HomeEntry::DoublesOnly), pieces, RED, two(3, 3));
    assert_eq!(legal(&s), ["0>3", "1+3", "1+6", "x2"]);
    let s = at_move(with(HomeEntry::DoublesOnly), pieces, RED, two(3, 4));
    assert_eq!(legal(&s), ["1+7"]);
    // FacesAndSum: either face or the sum.
    let cfg = Config {
        home_values: HomeValues::FacesAndSum,
        ..Config::default()
    };
    let s = at_move(cfg, pieces, RED, two(1, 2));
    assert_eq!(legal(&s), ["0>1", "0>2", "0>3", "1+3"]);
}

/// CN-A11.
#[test]
fn cn_a11_home_climb_variants() {
    let with = |home_climb| Config {
        home_climb,
        ..Config::default()
    };
    // CountSteps: from step 1 a sum of 3 climbs to step 4.
    let s = at_move(
        with(HomeClimb::CountSteps),
        red([56, 20, Y, Y]),
        RED,
        two(1, 2),
    );
    assert_eq!(legal(&s), ["0^3", "1+3"]);
    // DoublesOnly: from step 2 a 4-4 climbs to step 4.
    let s = at_move(
        with(HomeClimb::DoublesOnly),
        red([57, 20, Y, Y]),
        RED,
        two(4, 4),
    );
    assert_eq!(legal(&s), ["0^2", "1+4", "1+8", "x2"]);
    let s = at_move(
        with(HomeClimb::DoublesOnly),
        red([57, 20, Y, Y]),
        RED,
        two(3, 4),
    );
    assert_eq!(legal(&s), ["1+7"]);
}

/// CN-A12.
#[test]
fn cn_a12_other_winning_steps_and_locked_pieces() {
    let cfg = Config {
        win_steps: [5, 4, 3, 2],
        ..Config::default()
    };
    // Steps above the block are never used: the door piece cannot enter step 6.
    let s = at_move(cfg, red([55, 60, 59, 58]), RED, two(2, 6));
    assert_eq!(legal(&s), ["0>2"]);
    assert_eq!(refuse(&s, "0>6"), Illegal::StepOutOfRange { step: 6 });
    // The piece on 5 is locked (top of the block).
    assert_eq!(refuse(&s, "1^1"), Illegal::Locked { piece: 1, step: 5 });
    let mut s = s;
    play(&mut s, "0>2");
    assert_eq!(s.finished_colours().collect::<Vec<_>>(), [RED]);
    // Default: a piece on 4 is not locked while 5 is empty.
    let s = at_move(Config::default(), red([61, 59, 10, Y]), RED, two(5, 3));
    assert_eq!(legal(&s), ["1^1", "2+8"]);
    assert_eq!(refuse(&s, "0^1"), Illegal::Locked { piece: 0, step: 6 });
}

/// CN-A13, CN-C6.
#[test]
fn cn_a13_cn_c6_a_players_other_colour_counts_as_own() {
    let cfg = Config::two_players_two_colours();
    // Blue (player 0's other colour) on square 18 = blue progress 46.
    let pieces = [[10, 30, Y, Y], [Y; 4], [46, Y, Y, Y], [Y; 4]];
    let s = at_move(cfg, pieces, RED, two(3, 5));
    assert_eq!(
        refuse(&s, "0+8"),
        Illegal::LandsOnOwn {
            piece: 0,
            colour: BLUE,
            square: 18
        }
    );
    // It blocks, too: blue on square 14 (progress 42).
    let s = at_move(
        cfg,
        [[10, 30, Y, Y], [Y; 4], [42, Y, Y, Y], [Y; 4]],
        RED,
        two(3, 5),
    );
    assert_eq!(
        refuse(&s, "0+8"),
        Illegal::Blocked {
            piece: 0,
            colour: BLUE,
            square: 14
        }
    );
    // And it blocks an exit onto red's start (square 0 = blue progress 28).
    let s = at_move(
        cfg,
        [[10, Y, Y, Y], [Y; 4], [28, Y, Y, Y], [Y; 4]],
        RED,
        two(3, 3),
    );
    assert_eq!(
        refuse(&s, "x1"),
        Illegal::StartOccupied {
            square: 0,
            colour: BLUE
        }
    );
    // kick_own_other_colour: it may be kicked, and the tally counts it.
    let cfg = Config {
        kick_own_other_colour: true,
        ..cfg
    };
    let mut s = at_move(cfg, pieces, RED, two(3, 5));
    play(&mut s, "0+8");
    assert_eq!(s.progress(BLUE, 0), Y);
    assert_eq!(s.kicks()[0][2], 1);
}

/// CN-A13.
#[test]
fn cn_a13_multi_colour_win() {
    let fin = [61, 60, 59, 57];
    let pieces = [fin, [10, Y, Y, Y], [Y; 4], [20, Y, Y, Y]];
    // AllColours: red finishing is not yet player 0 finishing.
    let mut s = at_move(Config::two_players_two_colours(), pieces, RED, two(3, 4));
    let ev = play(&mut s, "3^1");
    assert_eq!(
        ev[1..],
        [
            Event::ColourFinished { colour: RED },
            Event::TurnStarted {
                colour: GREEN,
                seat: Seat(1),
                tries: 0
            }
        ]
    );
    assert_eq!(s.finishing_order().count(), 0);
    // Red is skipped from now on; blue still plays for player 0.
    // AnyColour: the first colour home wins for its player.
    let cfg = Config {
        multi_colour_win: MultiColourWin::AnyColour,
        ..Config::two_players_two_colours()
    };
    let mut s = at_move(cfg, pieces, RED, two(3, 4));
    play(&mut s, "3^1");
    assert_eq!(s.outcome().unwrap().places, [1, 2, 0, 0]);
}

/// CN-A15, CN-C8.
#[test]
fn cn_a15_cn_c8_kick_tally_and_stake() {
    let cfg = Config {
        kick_stake: Some(500),
        ..Config::default()
    };
    let mut st = setup(cfg, [[10, 30, Y, Y], [4, Y, Y, Y], [Y; 4], [Y; 4]], RED);
    st.kicks[1][0] = 3; // yellow has kicked red three times before
    st.kicks[2][1] = 1;
    st.move_number = 40;
    st.phase = Phase::Move;
    st.roll = Some(CurrentRoll {
        dice: two(3, 5),
        used: [false; 2],
        home_actions: 0,
        exited: false,
    });
    let mut s = State::from_setup(st).unwrap();
    play(&mut s, "0+8");
    assert_eq!(s.kicks()[0][1], 1);
    assert_eq!(s.kicks_made(Seat(0)), 1);
    assert_eq!(s.kicks_suffered(Seat(0)), 3);
    assert_eq!(s.kicks_made(Seat(1)), 3);
    assert_eq!(s.kicks_suffered(Seat(1)), 2);
    assert_eq!(s.settlement(), Some([-1000, 500, 500, 0]));
    // Without a stake there is no settlement.
    let s = State::new(Config::default()).unwrap();
    assert_eq!(s.settlement(), None);
}

/// CN-A16.
#[test]
fn cn_a16_no_voluntary_pass() {
    // One legal move: it must be played; there is no pass action and no roll is accepted.
    let s = at_move(Config::default(), red([10, Y, Y, Y]), RED, two(1, 2));
    assert_eq!(legal(&s), ["0+3"]);
    assert_eq!(s.to_move(), ToMove::Seat(Seat(0)));
    assert!(matches!(refuse(&s, "r1-2"), Illegal::MoveDue { .. }));
    let mut moves = 0;
    for id in 0..Action::ID_COUNT {
        if s.check(Action::from_id(id).unwrap()).is_ok() {
            moves += 1;
        }
    }
    assert_eq!(moves, 1);
}

// ---- clarifications -----------------------------------------------------------------------

/// CN-C1.
#[test]
fn cn_c1_two_dice_are_21_unordered_outcomes() {
    let s = State::new(Config::default()).unwrap();
    let mut c = ChanceList::new();
    s.chance_outcomes(&mut c);
    assert_eq!(c.len(), 21);
    assert_eq!(c.iter().map(|o| o.weight).sum::<u32>(), 36);
    for o in &c {
        let Action::Roll { low, high } = Action::from_id(o.id).unwrap() else {
            panic!("not a roll")
        };
        assert_eq!(o.weight, if low == high { 1 } else { 2 });
    }
    let s = State::new(Config::one_die()).unwrap();
    s.chance_outcomes(&mut c);
    assert_eq!(c.len(), 6);
    assert!(c.iter().all(|o| o.weight == 1));
    // The wrong dice are refused.
    assert_eq!(refuse(&s, "r1-2"), Illegal::WrongDice("one die"));
}

/// CN-C2.
#[test]
fn cn_c2_one_exit_action_by_the_lowest_numbered_yard_piece() {
    let s = at_move(Config::default(), red([Y, 20, Y, Y]), RED, two(2, 4));
    assert_eq!(legal(&s), ["x0", "1+6"]);
    assert_eq!(
        refuse(&s, "x2"),
        Illegal::NotLowestInYard {
            piece: 2,
            lowest: 0
        }
    );
    assert_eq!(refuse(&s, "x1"), Illegal::NotInYard { piece: 1 });
}

/// CN-C3.
#[test]
fn cn_c3_half_and_full_are_separate_actions() {
    // A piece 6 ahead blocks the full 8 but not the half 4.
    let s = at_move(Config::default(), red([10, 16, Y, Y]), RED, two(4, 4));
    assert_eq!(legal(&s), ["0+4", "1+4", "1+8", "x2"]);
    assert!(matches!(
        refuse(&s, "0+8"),
        Illegal::Blocked { square: 16, .. }
    ));
}

/// CN-C4.
#[test]
fn cn_c4_a_bonus_roll_is_one_single_roll() {
    // Red enters home on 3-3: no piece left on the track, but the bonus roll is not a try.
    let mut s = at_move(Config::default(), red([55, 61, 60, Y]), RED, two(3, 3));
    assert_eq!(legal(&s), ["0>3", "x3"]);
    play(&mut s, "0>3");
    assert_eq!(s.tries_left(), 0);
    let ev = play(&mut s, "r2-5");
    assert_eq!(
        ev[1..],
        [
            Event::Stuck {
                colour: RED,
                tries_left: 0
            },
            turn(GREEN, 3)
        ]
    );
}

/// CN-C5.
#[test]
fn cn_c5_finishing_on_a_double_gives_no_bonus_and_the_colour_is_skipped() {
    let mut s = at_move(
        Config::default(),
        [
            [61, 60, 59, 57],
            [10, Y, Y, Y],
            [20, Y, Y, Y],
            [30, Y, Y, Y],
        ],
        RED,
        two(3, 3),
    );
    let ev = play(&mut s, "3^1");
    assert!(!ev.contains(&Event::BonusRoll { colour: RED }));
    assert_eq!(ev.last(), Some(&turn(GREEN, 0)));
    // Green, blue, yellow, then green again: red is skipped.
    for (roll, next) in [("r1-2", BLUE), ("r1-2", YELLOW), ("r1-2", GREEN)] {
        play(&mut s, roll);
        let piece_move = legal(&s)[0].clone();
        let ev = play(&mut s, &piece_move);
        assert_eq!(ev.last(), Some(&turn(next, 0)));
    }
}

/// CN-C10.
#[test]
fn cn_c10_presets_and_the_first_colour() {
    let one = Config::one_die();
    assert_eq!(one.dice, Dice::One);
    assert_eq!(one.tries_when_no_piece_out, 3);
    assert_eq!(
        one.bonus_roll_on,
        BonusRule::Faces {
            faces: FaceSet::ONE_AND_SIX
        }
    );
    // One die: the three tries stay; a 1 exits and gives a bonus roll.
    let mut s = State::new(one).unwrap();
    assert_eq!(s.tries_left(), 3);
    play(&mut s, "r3");
    assert_eq!(s.tries_left(), 2);
    play(&mut s, "r1");
    assert_eq!(legal(&s), ["x0"]);
    assert_eq!(
        play(&mut s, "x0").last(),
        Some(&Event::BonusRoll { colour: RED })
    );
    // Then the face moves one piece.
    play(&mut s, "r4");
    assert_eq!(legal(&s), ["0+4"]);
    // The first colour is the lowest colour of player 0 unless set.
    let cfg = Config::default().with_seats(Seating::new(&[(2, 0), (0, 1)]).unwrap());
    assert_eq!(State::new(cfg).unwrap().colour_to_move(), Some(BLUE));
}

/// CN-C11: under BounceBack a bounce that would end where the piece started is not a move:
/// it is never offered, and when it was the only possibility the roll is lost.
#[test]
fn cn_c11_a_bounce_back_to_the_starting_square_is_not_a_move() {
    let cfg = Config {
        door_rule: DoorRule::BounceBack,
        ..Config::default()
    };
    // Red 3 on 53 with 2-2: 2 reaches the door; 4 would go to 55 and back to 53.
    let pieces = red([61, 60, 59, 53]);
    let s = at_move(cfg, pieces, RED, two(2, 2));
    assert_eq!(legal(&s), ["3+2"]);
    assert_eq!(refuse(&s, "3+4"), Illegal::NoMovement { piece: 3 });
    // With 1-4 the bounce ends on 52: a move.
    let mut s = at_move(cfg, pieces, RED, two(1, 4));
    assert_eq!(legal(&s), ["3+5"]);
    play(&mut s, "3+5");
    assert_eq!(s.progress(RED, 3), 52);
    // With 1-3 the only bounce would end on 53: nothing can move and the roll is lost.
    let mut s = at_roll(cfg, pieces, RED, 0);
    let ev = play(&mut s, "r1-3");
    assert_eq!(
        ev,
        [
            Event::Rolled {
                colour: RED,
                roll: two(1, 3)
            },
            Event::Stuck {
                colour: RED,
                tries_left: 0
            },
            turn(GREEN, 3),
        ]
    );
    assert_eq!(s.progress(RED, 3), 53);
}

/// CN-C12: with `exit_consumes_roll = false` the exit comes first: once a track move, an
/// entry or a climb has used the roll or one of its dice, no exit is offered.
#[test]
fn cn_c12_no_exit_once_part_of_the_roll_is_used() {
    let cfg = Config {
        exit_consumes_roll: false,
        ..Config::default()
    };
    // A track move with one die (dice used one at a time): the other die cannot exit.
    let each = Config {
        dice_usage: DiceUsage::EachDieSeparately,
        ..cfg
    };
    let mut s = at_move(each, red([10, Y, Y, Y]), RED, two(2, 4));
    assert_eq!(legal(&s), ["0+2", "0+4", "x1"]);
    play(&mut s, "0+2");
    assert_eq!(legal(&s), ["0+4"]);
    assert_eq!(refuse(&s, "x1"), Illegal::RollPartlyUsed);
    // The exit first: then both dice are still there.
    let mut s = at_move(each, red([10, Y, Y, Y]), RED, two(2, 4));
    play(&mut s, "x1");
    assert_eq!(legal(&s), ["0+2", "0+4", "1+2", "1+4"]);
    // An entry from the door with the 1 of 1-5: the roll is over, no exit follows.
    let mut s = at_move(cfg, red([55, Y, Y, Y]), RED, two(1, 5));
    assert_eq!(legal(&s), ["0>1", "0>5", "x1"]);
    let ev = play(&mut s, "0>1");
    assert_eq!(ev.last(), Some(&turn(GREEN, 3)));
    assert_eq!(s.progress(RED, 1), Y);
    // A climb from step 1 with the 2 of 2-4: no exit either.
    let mut s = at_move(cfg, red([56, Y, Y, Y]), RED, two(2, 4));
    assert_eq!(legal(&s), ["0^1", "x1"]);
    let ev = play(&mut s, "0^1");
    assert_eq!(ev.last(), Some(&turn(GREEN, 3)));
    assert_eq!(s.progress(RED, 1), Y);
    // With two home actions per roll the 4 is still playable, but not for an exit.
    let two_home = Config {
        home_actions_per_roll: 2,
        ..cfg
    };
    let mut s = at_move(two_home, red([55, 59, Y, Y]), RED, two(1, 5));
    assert_eq!(legal(&s), ["0>1", "1^1", "x2"]);
    play(&mut s, "1^1");
    assert_eq!(legal(&s), ["0>1"]);
    assert_eq!(refuse(&s, "x2"), Illegal::RollPartlyUsed);
}

/// CN-C13: `CountSteps` counts a move value of the roll (the sum; half of a double where
/// allowed; one die when the dice are used one at a time), never a die face alone.
#[test]
fn cn_c13_count_steps_counts_move_values_not_faces() {
    let cfg = Config {
        home_entry: HomeEntry::CountSteps,
        home_climb: HomeClimb::CountSteps,
        door_rule: DoorRule::CountIntoHome,
        ..Config::default()
    };
    // From the door with 1-3: the sum 4 only (not the faces 1 or 3).
    let s = at_move(cfg, red([55, Y, Y, Y]), RED, two(1, 3));
    assert_eq!(legal(&s), ["0>4"]);
    assert_eq!(
        refuse(&s, "0>1"),
        Illegal::StepNotRolled { piece: 0, step: 1 }
    );
    // A double: half or full (SumOrHalf).
    let s = at_move(cfg, red([55, Y, Y, Y]), RED, two(2, 2));
    assert_eq!(legal(&s), ["0>2", "0>4", "x1"]);
    // Climbing from step 1 with 1-2: the sum 3, to step 4; with 1-1: 1 or 2.
    let s = at_move(cfg, red([56, Y, Y, Y]), RED, two(1, 2));
    assert_eq!(legal(&s), ["0^3"]);
    let s = at_move(cfg, red([56, Y, Y, Y]), RED, two(1, 1));
    assert_eq!(legal(&s), ["0^1", "0^2", "x1"]);
    // Dice used one at a time: each die is a move value; the sum is not.
    let each = Config {
        dice_usage: DiceUsage::EachDieSeparately,
        ..cfg
    };
    let s = at_move(each, red([55, Y, Y, Y]), RED, two(1, 3));
    assert_eq!(legal(&s), ["0>1", "0>3"]);
    let s = at_move(each, red([56, Y, Y, Y]), RED, two(1, 3));
    assert_eq!(legal(&s), ["0^1", "0^3"]);
}

/// CN-C14: `DoublesOnly` moves a piece in the home only with a whole, unspent double d-d,
/// and to step d: from the door onto step d, from step s < d up to step d.
#[test]
fn cn_c14_doubles_only_takes_the_piece_to_step_d() {
    let cfg = Config {
        home_entry: HomeEntry::DoublesOnly,
        home_climb: HomeClimb::DoublesOnly,
        ..Config::default()
    };
    // Entering with 4-4: step 4, not step 8 nor 2 (the half).
    let s = at_move(cfg, red([55, Y, Y, Y]), RED, two(4, 4));
    assert_eq!(legal(&s), ["0>4", "x1"]);
    // Climbing from step 2 with 5-5: up to step 5 (three steps), not five steps up.
    let mut s = at_move(cfg, red([57, Y, Y, Y]), RED, two(5, 5));
    assert_eq!(legal(&s), ["0^3", "x1"]);
    play(&mut s, "0^3");
    assert_eq!(s.progress(RED, 0), 60);
    // From step 4 a 3-3 or a 4-4 does nothing; a non-double never moves a home piece.
    for roll in [two(3, 3), two(4, 4)] {
        let s = at_move(cfg, red([59, Y, Y, Y]), RED, roll);
        assert_eq!(legal(&s), ["x1"], "{roll}");
    }
    let s = at_move(cfg, red([59, 20, Y, Y]), RED, two(5, 6));
    assert_eq!(legal(&s), ["1+11"]);
    // A double already half spent (split doubles) is no longer whole.
    let split = Config {
        doubles_move: DoublesMove::SplitTwoPieces,
        ..cfg
    };
    let mut s = at_move(split, red([55, 10, Y, Y]), RED, two(3, 3));
    assert_eq!(legal(&s), ["0>3", "1+3", "1+6", "x2"]);
    play(&mut s, "1+3");
    assert_eq!(legal(&s), ["1+3"]);
    assert_eq!(
        refuse(&s, "0>3"),
        Illegal::StepNotRolled { piece: 0, step: 3 }
    );
}

/// CN-C15: safe squares protect only against a track move landing there; an exit onto the
/// colour's own start square follows `start_occupied_by_opponent`, safe or not.
#[test]
fn cn_c15_safe_squares_do_not_protect_against_an_exit() {
    // Yellow 0 on red's start square 0 (yellow progress 42), red 0 on 50 (square 50).
    let pieces = [[50, Y, Y, Y], [42, Y, Y, Y], [Y; 4], [Y; 4]];
    for safe in [
        Config {
            start_square_safe: true,
            ..Config::default()
        },
        Config {
            safe_squares: SquareSet::new(&[0]).unwrap(),
            ..Config::default()
        },
    ] {
        // Kick (default): the exit kicks yellow off the safe start square.
        let mut s = at_move(safe, pieces, RED, two(3, 3));
        let ev = play(&mut s, "x1");
        assert!(ev.contains(&Event::Kicked {
            by: RED,
            by_piece: 1,
            colour: YELLOW,
            piece: 0,
            square: 0
        }));
        assert_eq!(s.progress(YELLOW, 0), Y);
        // Blocked: the exit is refused, safe or not.
        let blocked = Config {
            start_occupied_by_opponent: StartConflict::Blocked,
            ..safe
        };
        let s = at_move(blocked, pieces, RED, two(3, 3));
        assert_eq!(
            refuse(&s, "x1"),
            Illegal::StartOccupied {
                square: 0,
                colour: YELLOW
            }
        );
    }
    // A track move landing on yellow's start square 14 (safe) is refused.
    let safe = Config {
        start_square_safe: true,
        ..Config::default()
    };
    let s = at_move(
        safe,
        [[6, 30, Y, Y], [0, Y, Y, Y], [Y; 4], [Y; 4]],
        RED,
        two(3, 5),
    );
    assert_eq!(legal(&s), ["1+8"]);
    assert_eq!(
        refuse(&s, "0+8"),
        Illegal::SafeSquare {
            piece: 0,
            colour: YELLOW,
            square: 14
        }
    );
}

/// CN-C16, CN-C7: two players always end with places 1 and 2 when one finishes, whatever
/// `continue_for_places` says; with three or more and no play for places only the winner
/// is placed.
#[test]
fn cn_c16_cn_c7_two_players_always_get_places_1_and_2() {
    for continue_for_places in [true, false] {
        let cfg = Config {
            continue_for_places,
            ..Config::two_players()
        };
        let mut s = at_move(cfg, red([61, 60, 59, 57]), RED, two(3, 4));
        let ev = play(&mut s, "3^1");
        assert_eq!(
            ev[1..],
            [
                Event::ColourFinished { colour: RED },
                Event::PlayerFinished {
                    seat: Seat(0),
                    place: 1
                },
                Event::PlayerFinished {
                    seat: Seat(1),
                    place: 2
                },
                game_over(&s, EndReason::AllPlaced),
            ],
            "continue_for_places = {continue_for_places}"
        );
        assert_eq!(s.outcome().unwrap().places, [1, 2, 0, 0]);
        // The finished position is a valid setup.
        assert_eq!(State::from_setup(s.to_setup()).unwrap(), s);
        // Two players with two colours each: the same once both colours of one finish.
        let cfg = Config {
            continue_for_places,
            ..Config::two_players_two_colours()
        };
        let fin = [61, 60, 59, 58];
        let mut st = setup(cfg, [[61, 60, 59, 57], [Y; 4], fin, [Y; 4]], RED);
        st.finished_colours = vec![BLUE];
        st.phase = Phase::Move;
        st.roll = Some(CurrentRoll {
            dice: two(3, 4),
            used: [false; 2],
            home_actions: 0,
            exited: false,
        });
        let mut s = State::from_setup(st).unwrap();
        play(&mut s, "3^1");
        assert_eq!(s.end_reason(), Some(EndReason::AllPlaced));
        assert_eq!(s.outcome().unwrap().places, [1, 2, 0, 0]);
    }
    // Three players, no play for places: only the winner (CN-C7).
    let cfg = Config {
        continue_for_places: false,
        ..Config::three_players()
    };
    let mut s = at_move(cfg, red([61, 60, 59, 57]), RED, two(3, 4));
    play(&mut s, "3^1");
    assert_eq!(s.end_reason(), Some(EndReason::FirstFinisher));
    assert_eq!(s.outcome().unwrap().places, [1, 0, 0, 0]);
}

/// CN-C17: with `kick_own_other_colour` the player's other colour is an opponent
/// everywhere: it blocks under `OpponentOnly`, `Blocked` keeps an exit off the start square
/// it holds, `Kick` kicks it there, and a safe square protects it.
#[test]
fn cn_c17_kick_own_other_colour_makes_it_an_opponent_everywhere() {
    let base = Config {
        kick_own_other_colour: true,
        ..Config::two_players_two_colours()
    };
    // OpponentOnly: blue (player 0's other colour) on square 14 blocks red 0 on 10.
    let opp_only = Config {
        blocking: Blocking::OpponentOnly,
        ..base
    };
    let on_14 = [[10, 30, Y, Y], [Y; 4], [42, Y, Y, Y], [Y; 4]];
    let s = at_move(opp_only, on_14, RED, two(3, 5));
    assert_eq!(
        refuse(&s, "0+8"),
        Illegal::Blocked {
            piece: 0,
            colour: BLUE,
            square: 14
        }
    );
    // Without the option blue is own and may be passed under OpponentOnly (CN-C6).
    let s = at_move(
        Config {
            kick_own_other_colour: false,
            ..opp_only
        },
        on_14,
        RED,
        two(3, 5),
    );
    assert_eq!(legal(&s), ["0+8", "1+8"]);
    // Blue on red's start square (blue progress 28): Blocked keeps red's exit off it ...
    let on_start = [[10, Y, Y, Y], [Y; 4], [28, Y, Y, Y], [Y; 4]];
    let blocked = Config {
        start_occupied_by_opponent: StartConflict::Blocked,
        ..base
    };
    let s = at_move(blocked, on_start, RED, two(3, 3));
    assert_eq!(
        refuse(&s, "x1"),
        Illegal::StartOccupied {
            square: 0,
            colour: BLUE
        }
    );
    // ... and Kick kicks it, counted in the tally.
    let mut s = at_move(base, on_start, RED, two(3, 3));
    play(&mut s, "x1");
    assert_eq!(s.progress(BLUE, 0), Y);
    assert_eq!(s.kicks()[0][2], 1);
    // A safe square protects it as it protects an opponent.
    let safe = Config {
        safe_squares: SquareSet::new(&[18]).unwrap(),
        ..base
    };
    let s = at_move(
        safe,
        [[10, 30, Y, Y], [Y; 4], [46, Y, Y, Y], [Y; 4]],
        RED,
        two(3, 5),
    );
    assert_eq!(
        refuse(&s, "0+8"),
        Illegal::SafeSquare {
            piece: 0,
            colour: BLUE,
            square: 18
        }
    );
}

/// CN-C18: with two dice `validate` refuses `doubles_move = SumOnly` with `door_rule`
/// `ExactStop` or `BounceBack` and with `home_climb = CountSteps`, naming the options; SumOnly
/// with `CountIntoHome` is fine, and so is any door rule with one die. (The proof behind it
/// is tested in `ca_ngua_freeze.rs`.) `home_actions_per_roll` is 1 or 2.
#[test]
fn cn_c18_configurations_that_can_freeze_are_refused() {
    let sum_only = |door_rule, home_climb| Config {
        doubles_move: DoublesMove::SumOnly,
        door_rule,
        home_climb,
        ..Config::default()
    };
    for (cfg, option, names) in [
        (
            sum_only(DoorRule::ExactStop, HomeClimb::NextStepExactFace),
            "door_rule",
            "ExactStop",
        ),
        (
            sum_only(DoorRule::BounceBack, HomeClimb::NextStepExactFace),
            "doubles_move",
            "BounceBack",
        ),
        (
            sum_only(DoorRule::CountIntoHome, HomeClimb::CountSteps),
            "home_climb",
            "home_climb CountSteps",
        ),
        (
            Config {
                dice_usage: DiceUsage::EachDieSeparately,
                doubles_move: DoublesMove::SumOnly,
                home_climb: HomeClimb::CountSteps,
                door_rule: DoorRule::CountIntoHome,
                home_entry: HomeEntry::CountSteps,
                win_steps: [4, 3, 2, 1],
                ..Config::default()
            },
            "",
            "",
        ),
    ] {
        if option.is_empty() {
            // Each die on its own moves 1 on any roll with a 1: this one plays.
            assert!(cfg.validate().is_ok(), "{:?}", cfg.validate());
            continue;
        }
        let e = cfg.validate().expect_err(names);
        assert_eq!(e.option, option, "{e}");
        assert!(
            e.reason.contains("SumOnly") && e.reason.contains(names),
            "{names}: {e}"
        );
        assert!(State::new(cfg).is_err());
    }
    // Fine: CountIntoHome, and one die with any door rule.
    assert!(
        sum_only(DoorRule::CountIntoHome, HomeClimb::NextStepExactFace)
            .validate()
            .is_ok()
    );
    assert!(sum_only(DoorRule::CountIntoHome, HomeClimb::DoublesOnly)
        .validate()
        .is_ok());
    for door_rule in [
        DoorRule::ExactStop,
        DoorRule::BounceBack,
        DoorRule::CountIntoHome,
    ] {
        for home_climb in [HomeClimb::NextStepExactFace, HomeClimb::CountSteps] {
            let one = Config {
                doubles_move: DoublesMove::SumOnly,
                door_rule,
                home_climb,
                ..Config::one_die()
            };
            assert!(one.validate().is_ok(), "{door_rule:?} {home_climb:?}");
        }
    }
    // home_actions_per_roll: 1 or 2.
    for n in 0..=4u8 {
        let cfg = Config {
            home_actions_per_roll: n,
            ..Config::default()
        };
        assert_eq!(cfg.validate().is_ok(), n == 1 || n == 2, "{n}");
        if let Err(e) = cfg.validate() {
            assert_eq!(e.option, "home_actions_per_roll");
        }
    }
}

// ---- §5 worked examples -----------------------------------------------------------------

#[test]
fn worked_example_exit_eligible_rolls_are_12_of_36() {
    // CN-S7, CN-A2: 1-1 … 6-6, 1-5, 2-4, 1-6.
    let mut ordered = 0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            let mut s = at_roll(Config::default(), red([Y; 4]), RED, 1);
            play(&mut s, &format!("r{}-{}", a.min(b), a.max(b)));
            if s.phase() == Phase::Move {
                ordered += 1;
            }
        }
    }
    assert_eq!(ordered, 12);
}

#[test]
fn worked_example_doubles_4_4_and_5_3() {
    // CN-S8: 4-4 moves one piece 8 or 4, then a bonus roll; 5-3 moves 8.
    let mut s = at_move(Config::default(), red([20, Y, Y, Y]), RED, two(4, 4));
    assert_eq!(legal(&s), ["0+4", "0+8", "x1"]);
    assert_eq!(
        play(&mut s, "0+8").last(),
        Some(&Event::BonusRoll { colour: RED })
    );
    let s = at_move(Config::default(), red([20, Y, Y, Y]), RED, two(3, 5));
    assert_eq!(legal(&s), ["0+8"]);
}

#[test]
fn worked_example_blocking_and_kicking_with_a_total_of_7() {
    // CN-S9, CN-S10, CN-A8. A piece 4 ahead blocks, whatever its colour.
    let own = red([20, 24, 40, Y]);
    let opp = [[20, 40, Y, Y], [10, Y, Y, Y], [Y; 4], [Y; 4]]; // yellow on square 24
    for pieces in [own, opp] {
        let s = at_move(Config::default(), pieces, RED, two(3, 4));
        assert!(matches!(
            refuse(&s, "0+7"),
            Illegal::Blocked { square: 24, .. }
        ));
    }
    // The nearest piece 7 ahead: an opponent is kicked (optional), an own piece forbids.
    let opp = [[20, 40, Y, Y], [13, Y, Y, Y], [Y; 4], [Y; 4]]; // yellow on square 27
    let s = at_move(Config::default(), opp, RED, two(3, 4));
    assert_eq!(legal(&s), ["0+7", "1+7"]);
    let s = at_move(Config::default(), red([20, 27, 40, Y]), RED, two(3, 4));
    assert!(matches!(refuse(&s, "0+7"), Illegal::LandsOnOwn { .. }));
    // The nearest piece 9 ahead: legal, kicks nothing.
    let mut s = at_move(Config::default(), red([20, 29, Y, Y]), RED, two(3, 4));
    let ev = play(&mut s, "0+7");
    assert!(!ev.iter().any(|e| matches!(e, Event::Kicked { .. })));
}

#[test]
fn worked_example_the_door() {
    // CN-A10: 50 with 1-4 lands on the door (55); with 2-4 the move is illegal.
    let mut s = at_move(Config::default(), red([50, Y, Y, Y]), RED, two(1, 4));
    play(&mut s, "0+5");
    assert_eq!(s.progress(RED, 0), 55);
    let s = at_move(Config::default(), red([50, 10, Y, Y]), RED, two(2, 4));
    assert_eq!(refuse(&s, "0+6"), Illegal::PastDoor { piece: 0, dist: 6 });
}

#[test]
fn worked_example_the_home_column() {
    // CN-A11: door + 3-5 → step 3 or step 5 (the sum 8 is not used); one home action per roll.
    let mut s = at_move(Config::default(), red([55, 60, Y, Y]), RED, two(3, 5));
    assert_eq!(legal(&s), ["0>3"]);
    assert_eq!(
        refuse(&s, "0>5"),
        Illegal::HomeBlocked { piece: 0, step: 5 }
    );
    let ev = play(&mut s, "0>3");
    assert_eq!(
        ev[0],
        Event::EnteredHome {
            colour: RED,
            piece: 0,
            step: 3
        }
    );
    assert_eq!(s.progress(RED, 0), 58);
    assert_eq!(s.colour_to_move(), Some(GREEN));
}

#[test]
fn worked_example_geometry() {
    // §2.1: colour 1 starts on square 14, its door is square 13; colour 0 plays after 1.
    let s = at_move(
        Config::default(),
        [[Y; 4], [0, 55, Y, Y], [Y; 4], [Y; 4]],
        YELLOW,
        two(1, 2),
    );
    assert_eq!(s.square_of(YELLOW, 0), Some(14));
    assert_eq!(s.square_of(YELLOW, 1), Some(13));
    let mut s = s;
    assert_eq!(play(&mut s, "0+3").last(), Some(&turn(RED, 3)));
}

// ---- positions, records, the board ----------------------------------------------------------

#[test]
fn setup_validation_refuses_impossible_positions() {
    let bad = |f: &dyn Fn(&mut Setup)| {
        let mut s = Setup::new(Config::default());
        f(&mut s);
        State::from_setup(s).expect_err("impossible")
    };
    bad(&|s| s.pieces[0] = [10, 10, Y, Y]); // same square
    bad(&|s| s.pieces = [[0, Y, Y, Y], [42, Y, Y, Y], [Y; 4], [Y; 4]]); // square 0 twice
    bad(&|s| s.pieces[0] = [57, 57, Y, Y]); // same home step
    bad(&|s| s.pieces[0][0] = 62); // beyond step 6
    bad(&|s| s.pieces[0][0] = -2);
    bad(&|s| s.finished_colours = vec![RED]); // not on the winning steps
    bad(&|s| s.pieces[0] = [61, 60, 59, 58]); // on them but not listed
    bad(&|s| s.colour_to_move = Some(Colour(7)));
    bad(&|s| s.phase = Phase::Move); // no roll
    bad(&|s| {
        s.phase = Phase::Move;
        s.tries_left = 0;
        s.roll = Some(CurrentRoll {
            dice: two(2, 3), // allows nothing
            used: [false; 2],
            home_actions: 0,
            exited: false,
        });
    });
    bad(&|s| s.kicks[0][0] = 1);
    bad(&|s| s.tries_left = 4);
    let cfg = Config::two_players();
    let mut s = Setup::new(cfg);
    s.pieces[1][0] = 3; // yellow is not in play
    assert!(State::from_setup(s).is_err());
}

#[test]
fn display_draws_the_board() {
    let s = at_move(
        Config::default(),
        [[10, 56, Y, Y], [4, Y, Y, Y], [Y; 4], [Y; 4]],
        RED,
        two(3, 5),
    );
    let text = s.to_string();
    assert!(
        text.contains("red (player 0) to move with the roll 3-5"),
        "{text}"
    );
    assert!(text.contains("R0"), "{text}");
    assert!(text.contains("Y0"), "{text}");
    assert!(text.contains("1:R1"), "{text}");
    assert_eq!(text.lines().count(), 2 + 4 + 4);
    let g = State::new(Config::default()).unwrap();
    let mut n = g;
    n.apply(Action::Roll { low: 1, high: 1 }, &mut NoEvents)
        .unwrap();
    assert!(n.to_string().contains("to move with the roll 1-1"));
}
