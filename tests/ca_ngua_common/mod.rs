//! Shared by the Cờ cá ngựa test files: generated configs and the game's own invariants.
#![allow(dead_code)]

use dangian::ca_ngua::{
    Action, Blocking, BonusRule, Capture, Colour, Config, Dice, DiceUsage, DoorRule, DoublesMove,
    Event, FaceSet, HomeClimb, HomeEntry, HomeValues, MultiColourWin, PairSet, Seating, SquareSet,
    StartConflict, State, TriesCondition, TurnOrder, YARD,
};
use dangian::{Action as _, ActionList, Game, GameRng, NoEvents, ToMove};
use proptest::prelude::*;

/// The presets.
pub fn presets() -> Vec<(&'static str, Config)> {
    vec![
        ("default", Config::default()),
        ("one_die", Config::one_die()),
        ("two_players", Config::two_players()),
        ("three_players", Config::three_players()),
        ("two_players_two_colours", Config::two_players_two_colours()),
    ]
}

/// Hand-made variant configs, each changing several options at once.
pub fn variants() -> Vec<(&'static str, Config)> {
    let d = Config::default();
    vec![
        (
            "ludo-like",
            Config {
                track_len: 52,
                door_rule: DoorRule::CountIntoHome,
                home_entry: HomeEntry::CountSteps,
                home_climb: HomeClimb::CountSteps,
                blocking: Blocking::TwoPieceBlockadeOnly,
                safe_squares: SquareSet::new(&[0, 8, 13, 21, 26, 34, 39, 47]).unwrap(),
                capture: Capture::Mandatory,
                max_consecutive_bonus: Some(3),
                ..d
            },
        ),
        (
            "petits-chevaux",
            Config {
                exit_on_doubles: false,
                exit_on_sum: None,
                exit_on_pairs: PairSet::new(&[(6, 1), (6, 2), (6, 3), (6, 4), (6, 5), (6, 6)])
                    .unwrap(),
                door_rule: DoorRule::BounceBack,
                home_entry: HomeEntry::StepByStepFromOne,
                bonus_roll_on: BonusRule::DoublesOrPair { a: 6, b: 1 },
                ..d
            },
        ),
        (
            "each-die-48",
            Config {
                track_len: 48,
                dice_usage: DiceUsage::EachDieSeparately,
                exit_consumes_roll: false,
                blocking: Blocking::OpponentOnly,
                start_square_safe: true,
                home_values: HomeValues::FacesAndSum,
                home_actions_per_roll: 2,
                ..d
            },
        ),
        (
            "split-doubles-40",
            Config {
                track_len: 40,
                home_steps: 5,
                win_steps: [5, 4, 3, 2],
                doubles_move: DoublesMove::SplitTwoPieces,
                blocking: Blocking::None,
                start_occupied_by_opponent: StartConflict::Blocked,
                tries_condition: TriesCondition::AllInYard,
                bonus_exclusive_with_exit: true,
                bonus_when_no_move: false,
                turn_order: TurnOrder::SameAsMovement,
                ..d
            },
        ),
        (
            "doubles-home-two-colours",
            Config {
                seats: Seating::TWO_COLOURS_EACH,
                home_entry: HomeEntry::DoublesOnly,
                home_climb: HomeClimb::DoublesOnly,
                multi_colour_win: MultiColourWin::AnyColour,
                kick_own_other_colour: true,
                kick_stake: Some(10),
                ..d
            },
        ),
        (
            "stop-at-first-one-die",
            Config {
                continue_for_places: false,
                tries_when_no_piece_out: 0,
                first_colour: Some(Colour::BLUE),
                bonus_roll_on: BonusRule::Faces {
                    faces: FaceSet::new(&[6]).unwrap(),
                },
                ..Config::one_die()
            },
        ),
    ]
}

/// Any valid config (options drawn independently, invalid combinations filtered out), with
/// `max_actions` at most `cap` so that a test game stays short.
pub fn any_config(cap: u32) -> impl Strategy<Value = Config> {
    let seats = prop_oneof![
        Just(Seating::FOUR),
        Just(Seating::one_colour_each(2)),
        Just(Seating::one_colour_each(3)),
        Just(Seating::TWO_COLOURS_EACH),
        Just(Seating::new(&[(0, 0), (1, 1), (3, 0)]).unwrap()),
        Just(Seating::new(&[(1, 1), (3, 0)]).unwrap()),
    ];
    let geometry = (
        prop_oneof![Just(40u8), Just(48), Just(52), Just(56)],
        4u8..=6,
        0u8..=2,
    );
    let dice = (
        prop_oneof![Just(Dice::Two), Just(Dice::Two), Just(Dice::One)],
        any::<bool>(),
        prop_oneof![Just(None), (2u8..=12).prop_map(Some)],
        prop_oneof![Just(PairSet::EMPTY), Just(PairSet::SIX_ONE)],
        prop_oneof![
            Just(FaceSet::ONE_AND_SIX),
            Just(FaceSet::new(&[6]).unwrap())
        ],
        any::<bool>(),
        prop_oneof![Just(StartConflict::Kick), Just(StartConflict::Blocked)],
        0u8..=3,
        prop_oneof![
            Just(TriesCondition::NoPieceOnTrack),
            Just(TriesCondition::AllInYard)
        ],
    );
    let bonus = (
        prop_oneof![
            Just(BonusRule::Doubles),
            Just(BonusRule::DoublesOrPair { a: 6, b: 1 }),
            Just(BonusRule::Faces {
                faces: FaceSet::ONE_AND_SIX
            }),
        ],
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(None), (2u8..=4).prop_map(Some)],
        prop_oneof![
            Just(DiceUsage::SumAsOneMove),
            Just(DiceUsage::EachDieSeparately)
        ],
        prop_oneof![
            Just(DoublesMove::SumOrHalf),
            Just(DoublesMove::SumOnly),
            Just(DoublesMove::SplitTwoPieces)
        ],
    );
    let board = (
        prop_oneof![
            Just(Blocking::AnyPiece),
            Just(Blocking::OpponentOnly),
            Just(Blocking::TwoPieceBlockadeOnly),
            Just(Blocking::None)
        ],
        prop_oneof![Just(Capture::Optional), Just(Capture::Mandatory)],
        prop_oneof![
            Just(SquareSet::EMPTY),
            Just(SquareSet::new(&[5, 18, 31]).unwrap())
        ],
        any::<bool>(),
        prop_oneof![
            Just(DoorRule::ExactStop),
            Just(DoorRule::CountIntoHome),
            Just(DoorRule::BounceBack)
        ],
    );
    let home = (
        prop_oneof![
            Just(HomeEntry::ByFaceValue),
            Just(HomeEntry::StepByStepFromOne),
            Just(HomeEntry::CountSteps),
            Just(HomeEntry::DoublesOnly)
        ],
        prop_oneof![
            Just(HomeClimb::NextStepExactFace),
            Just(HomeClimb::CountSteps),
            Just(HomeClimb::DoublesOnly)
        ],
        prop_oneof![Just(HomeValues::Faces), Just(HomeValues::FacesAndSum)],
        1u8..=2,
    );
    let players = (
        prop_oneof![
            Just(MultiColourWin::AllColours),
            Just(MultiColourWin::AnyColour)
        ],
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(None), Just(Some(1000i64))],
        prop_oneof![
            Just(TurnOrder::OppositeToMovement),
            Just(TurnOrder::SameAsMovement)
        ],
        30..=cap,
    );
    (seats, geometry, dice, bonus, board, home, players)
        .prop_map(|(seats, g, x, b, bo, h, p)| Config {
            seats,
            track_len: g.0,
            home_steps: g.1,
            win_steps: {
                let top = g.1 - g.2.min(g.1 - 4);
                [top, top - 1, top - 2, top - 3]
            },
            dice: x.0,
            exit_on_doubles: x.1,
            exit_on_sum: x.2,
            exit_on_pairs: x.3,
            exit_faces: x.4,
            exit_consumes_roll: x.5,
            start_occupied_by_opponent: x.6,
            tries_when_no_piece_out: x.7,
            tries_condition: x.8,
            bonus_roll_on: b.0,
            bonus_exclusive_with_exit: b.1,
            bonus_when_no_move: b.2,
            max_consecutive_bonus: b.3,
            dice_usage: b.4,
            doubles_move: b.5,
            blocking: bo.0,
            capture: bo.1,
            safe_squares: bo.2,
            start_square_safe: bo.3,
            door_rule: bo.4,
            home_entry: h.0,
            home_climb: h.1,
            home_values: h.2,
            home_actions_per_roll: h.3,
            multi_colour_win: p.0,
            kick_own_other_colour: p.1,
            continue_for_places: p.2,
            kick_stake: p.3,
            turn_order: p.4,
            max_actions: p.5,
            first_colour: None,
        })
        .prop_filter("valid config", |c| c.validate().is_ok())
}

/// The squares and home steps of every piece: no two pieces share one outside the yard,
/// every colour in play has its four pieces in range, colours not in play stay in the yard.
pub fn check_position(s: &State) -> Result<(), String> {
    let cfg = s.config();
    let door = cfg.door();
    let top = cfg.top_step() as i8;
    let mut squares = [None; 56];
    for c in Colour::ALL {
        let mut steps = [false; 8];
        for p in 0..4u8 {
            let pr = s.progress(c, p);
            if !cfg.seats.in_play(c) {
                if pr != YARD {
                    return Err(format!("{c} not in play but piece {p} is at {pr}"));
                }
                continue;
            }
            if !(YARD..=door + top).contains(&pr) {
                return Err(format!("{c} piece {p} progress {pr} out of range"));
            }
            if pr == YARD {
                continue;
            }
            if pr <= door {
                let sq = s.square_of(c, p).ok_or("on the track without a square")? as usize;
                if sq >= cfg.track_len as usize {
                    return Err(format!("square {sq} off the track"));
                }
                if let Some((oc, op)) = squares[sq] {
                    return Err(format!("{c} {p} and {oc} {op} share square {sq}"));
                }
                squares[sq] = Some((c, p));
                if s.piece_on(sq as u8) != Some((c, p)) {
                    return Err(format!("board cache wrong on square {sq}"));
                }
            } else {
                let step = (pr - door) as usize;
                if steps[step] {
                    return Err(format!("two {c} pieces on home step {step}"));
                }
                steps[step] = true;
            }
        }
    }
    for sq in 0..cfg.track_len {
        if squares[sq as usize].is_none() && s.piece_on(sq).is_some() {
            return Err(format!("board cache has a ghost on square {sq}"));
        }
    }
    Ok(())
}

/// Progress never goes down except for a piece kicked back to the yard (named by a `Kicked`
/// event) or, under `DoorRule::BounceBack`, the piece that bounced off its door.
pub fn check_progress(before: &State, after: &State, events: &[Event]) -> Result<(), String> {
    let bounce = before.config().door_rule == DoorRule::BounceBack;
    let kicks_before: u32 = before.kicks().iter().flatten().map(|&k| u32::from(k)).sum();
    let kicks_after: u32 = after.kicks().iter().flatten().map(|&k| u32::from(k)).sum();
    let kicked = events
        .iter()
        .filter(|e| matches!(e, Event::Kicked { .. }))
        .count() as u32;
    if kicks_after != kicks_before + kicked {
        return Err(format!(
            "kick tally went {kicks_before} → {kicks_after} with {kicked} kicks"
        ));
    }
    for c in Colour::ALL {
        for p in 0..4u8 {
            let (a, b) = (before.progress(c, p), after.progress(c, p));
            if b >= a {
                continue;
            }
            let by_kick = b == YARD
                && events.iter().any(|e| {
                    matches!(e, Event::Kicked { colour, piece, .. } if *colour == c && *piece == p)
                });
            let by_bounce = bounce
                && b >= 0
                && events.iter().any(|e| {
                    matches!(e, Event::Stepped { colour, piece, .. } if *colour == c && *piece == p)
                });
            if !by_kick && !by_bounce {
                return Err(format!(
                    "{c} piece {p} went back from {a} to {b}: {events:?}"
                ));
            }
        }
    }
    Ok(())
}

/// Plays `games` random games under `config` with events, checking the game's own
/// invariants after every action. Returns the number of actions played.
pub fn play_checked(config: Config, seed: u64, games: u32) -> Result<u64, String> {
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    let mut total = 0;
    for g in 0..games {
        let mut s = State::new(config).map_err(|e| e.to_string())?;
        check_position(&s)?;
        loop {
            let action = match s.to_move() {
                ToMove::Over => break,
                ToMove::Chance => s.sample_chance(&mut rng).ok_or("no chance outcome")?,
                ToMove::Seat(_) => {
                    s.legal_actions(&mut legal);
                    if legal.is_empty() {
                        return Err(format!("game {g}: a seat to move with nothing legal\n{s}"));
                    }
                    let id = legal[rng.below(legal.len() as u32) as usize];
                    <dangian::ca_ngua::Action as dangian::Action>::from_id(id).ok_or("bad id")?
                }
            };
            let before = s;
            let mut events = Vec::new();
            s.apply(action, &mut events)
                .map_err(|e| format!("game {g}: legal {action} refused: {e}"))?;
            let at = |m: String| {
                format!(
                    "game {g} move {}: {action}: {m}\n{before}",
                    before.move_number()
                )
            };
            check_position(&s).map_err(at)?;
            check_progress(&before, &s, &events).map_err(at)?;
            total += 1;
        }
        if s.outcome().is_none() {
            return Err(format!("game {g}: over without an outcome"));
        }
    }
    Ok(total)
}

/// The position `steps` random actions (or the whole game, if shorter) reach under `cfg`.
pub fn random_play(cfg: Config, seed: u64, steps: u32) -> State {
    let mut rng = GameRng::new(seed);
    let mut s = State::new(cfg).expect("valid config");
    let mut legal = ActionList::new();
    for _ in 0..steps {
        let a = match s.to_move() {
            ToMove::Over => break,
            ToMove::Chance => s.sample_chance(&mut rng).expect("outcome"),
            ToMove::Seat(_) => {
                s.legal_actions(&mut legal);
                Action::from_id(legal[rng.below(legal.len() as u32) as usize]).expect("id")
            }
        };
        s.apply(a, &mut NoEvents).expect("legal");
    }
    s
}
