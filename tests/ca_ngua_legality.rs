//! Cờ cá ngựa legality is spelled once: the move evaluator that `check` and `apply` use says
//! whether each move is legal and what it does, and the fast scan that lists the legal moves
//! (bit masks over the track) must list exactly what the evaluator accepts, less what the
//! mandatory-kick filter takes out. This test proves the two equal over random positions of
//! every rules family of the variant register (CN-A1 … CN-A13, the presets).
//!
//! Positions are drawn directly (pieces anywhere they may stand, clustered so that they block
//! and kick each other; any roll, partly spent or not), including those whose roll allows no
//! move, which no game can wait on; positions reached by random play are checked too.
//!
//! A few hundred positions per family by default; `DANGIAN_LONG_TESTS=1` in a release build
//! draws a hundred times more (`DANGIAN_LONG_TESTS=1 cargo test --release -p dangian --test
//! ca_ngua_legality`, as CI runs it).

mod ca_ngua_common;

use ca_ngua_common::any_config;
use dangian::ca_ngua::{
    Action, Blocking, Capture, Colour, Config, CurrentRoll, Dice, DiceUsage, DoorRule, DoublesMove,
    HomeClimb, HomeEntry, HomeValues, Illegal, PairSet, Phase, Roll, Seating, Setup, SquareSet,
    StartConflict, State, YARD,
};
use dangian::{Action as _, ActionList, Game, GameRng, NoEvents, ToMove};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config as RunnerConfig, RngAlgorithm, TestRng, TestRunner};

/// A family: a name (its register entry) and what it sets on a random config.
type Family = (&'static str, fn(&mut Config));

/// Every variant group of the register that bears on legality, each value forced on
/// otherwise random configs, and the presets as they are.
const FAMILIES: &[Family] = &[
    ("preset seed_rules", |c| *c = Config::seed_rules()),
    ("preset one_die", |c| *c = Config::one_die()),
    ("preset two_players", |c| *c = Config::two_players()),
    ("preset three_players", |c| *c = Config::three_players()),
    ("preset two_players_two_colours", |c| {
        *c = Config::two_players_two_colours()
    }),
    ("CN-A1 track_len 40", |c| c.track_len = 40),
    ("CN-A1 track_len 48", |c| c.track_len = 48),
    ("CN-A1 track_len 52", |c| c.track_len = 52),
    ("CN-A1 track_len 56", |c| c.track_len = 56),
    ("CN-A1 home_steps 4", |c| {
        c.home_steps = 4;
        c.win_steps = [4, 3, 2, 1];
    }),
    ("CN-A12 win_steps below the top", |c| {
        c.home_steps = 6;
        c.win_steps = [5, 4, 3, 2];
    }),
    ("CN-A2 exit on doubles", |c| {
        c.dice = Dice::Two;
        c.exit_on_doubles = true;
        c.exit_on_sum = None;
        c.exit_on_pairs = PairSet::EMPTY;
    }),
    ("CN-A2 exit on a sum", |c| {
        c.dice = Dice::Two;
        c.exit_on_doubles = false;
        c.exit_on_sum = Some(7);
        c.exit_on_pairs = PairSet::EMPTY;
    }),
    ("CN-A2 exit on pairs", |c| {
        c.dice = Dice::Two;
        c.exit_on_doubles = false;
        c.exit_on_sum = None;
        c.exit_on_pairs = PairSet::new(&[(6, 1), (5, 5), (2, 3)]).unwrap();
    }),
    ("CN-A3 exit keeps the roll", |c| {
        c.exit_consumes_roll = false
    }),
    ("CN-A4 start occupied: kick", |c| {
        c.start_occupied_by_opponent = StartConflict::Kick
    }),
    ("CN-A4 start occupied: blocked", |c| {
        c.start_occupied_by_opponent = StartConflict::Blocked
    }),
    ("CN-A7 each die separately", |c| {
        c.dice = Dice::Two;
        c.dice_usage = DiceUsage::EachDieSeparately;
    }),
    ("CN-A7 sum or half", |c| {
        c.dice = Dice::Two;
        c.dice_usage = DiceUsage::SumAsOneMove;
        c.doubles_move = DoublesMove::SumOrHalf;
    }),
    ("CN-A7 sum only", |c| {
        c.dice = Dice::Two;
        c.dice_usage = DiceUsage::SumAsOneMove;
        c.doubles_move = DoublesMove::SumOnly;
    }),
    ("CN-A7 split doubles", |c| {
        c.dice = Dice::Two;
        c.dice_usage = DiceUsage::SumAsOneMove;
        c.doubles_move = DoublesMove::SplitTwoPieces;
    }),
    ("CN-A8 any piece blocks", |c| {
        c.blocking = Blocking::AnyPiece
    }),
    ("CN-A8 opponents block", |c| {
        c.blocking = Blocking::OpponentOnly
    }),
    ("CN-A8 two-piece blockades", |c| {
        c.blocking = Blocking::TwoPieceBlockadeOnly
    }),
    ("CN-A8 nothing blocks", |c| c.blocking = Blocking::None),
    ("CN-A9 optional capture", |c| c.capture = Capture::Optional),
    ("CN-A9 mandatory capture", |c| {
        c.capture = Capture::Mandatory
    }),
    ("CN-A9 safe squares", |c| {
        c.safe_squares = SquareSet::new(&[3, 9, 13, 20, 26, 31, 39]).unwrap()
    }),
    ("CN-A9 start squares safe", |c| c.start_square_safe = true),
    ("CN-A10 exact stop", |c| c.door_rule = DoorRule::ExactStop),
    ("CN-A10 count into home", |c| {
        c.door_rule = DoorRule::CountIntoHome
    }),
    ("CN-A10 bounce back", |c| c.door_rule = DoorRule::BounceBack),
    ("CN-A11 enter by face", |c| {
        c.home_entry = HomeEntry::ByFaceValue
    }),
    ("CN-A11 enter step by step", |c| {
        c.home_entry = HomeEntry::StepByStepFromOne
    }),
    ("CN-A11 enter by count", |c| {
        c.home_entry = HomeEntry::CountSteps
    }),
    ("CN-A11 enter on doubles", |c| {
        c.dice = Dice::Two;
        c.home_entry = HomeEntry::DoublesOnly;
    }),
    ("CN-A11 climb by the next face", |c| {
        c.home_climb = HomeClimb::NextStepExactFace
    }),
    ("CN-A11 climb by count", |c| {
        c.home_climb = HomeClimb::CountSteps
    }),
    ("CN-A11 climb on doubles", |c| {
        c.dice = Dice::Two;
        c.home_climb = HomeClimb::DoublesOnly;
    }),
    ("CN-A11 faces and sum", |c| {
        c.dice = Dice::Two;
        c.home_values = HomeValues::FacesAndSum;
    }),
    ("CN-A11 two home actions", |c| c.home_actions_per_roll = 2),
    ("CN-A13 one colour each", |c| c.seats = Seating::FOUR),
    ("CN-A13 two colours each", |c| {
        c.seats = Seating::TWO_COLOURS_EACH;
        c.kick_own_other_colour = false;
    }),
    ("CN-A13 the other colour kickable", |c| {
        c.seats = Seating::TWO_COLOURS_EACH;
        c.kick_own_other_colour = true;
    }),
    ("single die", |c| {
        c.dice = Dice::One;
        c.dice_usage = DiceUsage::SumAsOneMove;
    }),
];

/// `(configs per family, positions per config)`: the long run only in a release build (in a
/// debug build it would take an hour; CI runs it with `--release`).
fn counts() -> (usize, usize) {
    if dangian::testing::long_tests() && !cfg!(debug_assertions) {
        (200, 200)
    } else {
        if dangian::testing::long_tests() {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "quick run: ca_ngua_legality's long run needs a release build \
                 (DANGIAN_LONG_TESTS=1 cargo test --release -p dangian --test ca_ngua_legality)"
            );
        }
        (8, 24)
    }
}

/// What one family's run saw.
#[derive(Default)]
struct Seen {
    positions: u64,
    legal: u64,
    kicks: u64,
    filtered: u64,
    none: u64,
}

#[test]
fn scan_equals_evaluator_in_every_family() {
    let (configs, positions) = counts();
    let strategy = any_config(3000);
    let mut runner = TestRunner::new_with_rng(
        RunnerConfig::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]),
    );
    let mut rng = GameRng::new(31);
    let mut failures = Vec::new();
    for (name, force) in FAMILIES {
        let mut seen = Seen::default();
        for _ in 0..configs {
            let Some(cfg) = draw_config(&strategy, &mut runner, *force) else {
                continue;
            };
            for _ in 0..positions {
                let Some((state, roll)) = random_position(&cfg, &mut rng) else {
                    continue;
                };
                if let Err(e) = compare(&state, roll, &mut seen) {
                    failures.push(format!("{name}: {e}"));
                }
            }
            // Positions reached by play, with the roll being played.
            for steps in [40, 300, 1200] {
                let played = play(cfg, &mut rng, steps).and_then(|s| match s.phase() {
                    Phase::Move => {
                        let roll = s.to_setup().roll.expect("a roll in play");
                        compare(&s, roll, &mut seen)
                    }
                    _ => Ok(()),
                });
                if let Err(e) = played {
                    failures.push(format!("{name} (played): {e}"));
                }
            }
        }
        eprintln!(
            "{name}: {} positions, {} legal moves ({} kicking, {} left out by the \
             mandatory kick), {} rolls with no move",
            seen.positions, seen.legal, seen.kicks, seen.filtered, seen.none
        );
        // A family whose positions exercised nothing would prove nothing.
        assert!(
            seen.positions >= (configs * positions / 4) as u64 && seen.legal > 0,
            "{name}: too few positions drawn"
        );
        assert!(failures.len() < 20, "{}", failures.join("\n"));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The position `steps` random actions (or the whole game, if shorter) reach under `cfg`.
fn play(cfg: Config, rng: &mut GameRng, steps: u32) -> Result<State, String> {
    let mut s = State::new(cfg).map_err(|e| e.to_string())?;
    let mut legal = ActionList::new();
    for _ in 0..steps {
        let a = match s.to_move() {
            ToMove::Over => break,
            ToMove::Chance => s.sample_chance(rng).ok_or("no roll")?,
            ToMove::Seat(_) => {
                s.legal_actions(&mut legal);
                let id = legal[rng.below(legal.len() as u32) as usize];
                Action::from_id(id).ok_or("a listed id is no action")?
            }
        };
        let before = s;
        s.apply(a, &mut NoEvents).map_err(|e| {
            format!(
                "listed {a} refused: {e}\n{}",
                serde_json::to_string(&before).unwrap_or_default()
            )
        })?;
    }
    Ok(s)
}

/// A random valid config with the family's options set.
fn draw_config(
    strategy: &impl Strategy<Value = Config>,
    runner: &mut TestRunner,
    force: fn(&mut Config),
) -> Option<Config> {
    for _ in 0..200 {
        let mut cfg = strategy.new_tree(runner).ok()?.current();
        force(&mut cfg);
        if cfg.validate().is_ok() {
            return Some(cfg);
        }
    }
    None
}

/// A random position of `cfg` in its roll phase, and a random roll for it.
fn random_position(cfg: &Config, rng: &mut GameRng) -> Option<(State, CurrentRoll)> {
    let l = u32::from(cfg.track_len);
    let seg = u32::from(cfg.segment());
    let door = cfg.door();
    let top = cfg.top_step();
    let mut setup = Setup::new(*cfg);
    setup.tries_left = 0;
    // Pieces on the track fall into a window of the board, mostly a narrow one so that they
    // meet: blocks, blockades and kicks.
    let window = [6, 10, 16, l][rng.below(4) as usize];
    let from = rng.below(l);
    let mut squares = [false; 56];
    let mut in_play = Vec::new();
    for c in Colour::ALL {
        if !cfg.seats.in_play(c) {
            continue;
        }
        in_play.push(c);
        let mut steps = [false; 8];
        for p in 0..4 {
            let progress = match rng.below(10) {
                0..=2 => YARD,
                3..=7 => {
                    let sq = (from + rng.below(window)) % l;
                    if squares[sq as usize] {
                        YARD
                    } else {
                        squares[sq as usize] = true;
                        ((sq + l - seg * u32::from(c.0)) % l) as i8
                    }
                }
                _ => {
                    let step = 1 + rng.below(u32::from(top)) as usize;
                    if steps[step] {
                        YARD
                    } else {
                        steps[step] = true;
                        door + step as i8
                    }
                }
            };
            setup.pieces[c.index()][p] = progress;
        }
        // Four pieces on the winning steps would be a finished colour: keep it playing.
        let mut win = cfg.win_steps.map(|w| door + w as i8);
        let mut have = setup.pieces[c.index()];
        win.sort_unstable();
        have.sort_unstable();
        if win == have {
            setup.pieces[c.index()][0] = YARD;
        }
    }
    let colour = in_play[rng.below(in_play.len() as u32) as usize];
    setup.colour_to_move = Some(colour);
    let state = State::from_setup(setup).ok()?;
    let face = |rng: &mut GameRng| 1 + rng.below(6) as u8;
    let (dice, used) = match cfg.dice {
        Dice::One => (Roll::One(face(rng)), [false, false]),
        _ => {
            let (a, b) = (face(rng), face(rng));
            let used = match rng.below(4) {
                0 => [true, false],
                1 => [false, true],
                _ => [false, false],
            };
            (Roll::Two(a.min(b), a.max(b)), used)
        }
    };
    let roll = CurrentRoll {
        dice,
        used,
        home_actions: rng.below(u32::from(cfg.home_actions_per_roll) + 1) as u8,
        exited: rng.below(4) == 0,
    };
    Some((state, roll))
}

/// The listing against the evaluator for `roll` played from `state`, and the public API (the
/// listing, `check`) on the position when one can wait on that roll.
fn compare(state: &State, roll: CurrentRoll, seen: &mut Seen) -> Result<(), String> {
    let moves = state
        .legality_probe(roll)
        .ok_or_else(|| format!("a roll refused by the probe: {roll:?}"))?;
    let cfg = state.config();
    let any_kick = moves.iter().any(|(_, _, v, _)| *v == Ok(true));
    let filter = cfg.capture == Capture::Mandatory && any_kick;
    let mut setup = state.to_setup();
    setup.phase = Phase::Move;
    setup.roll = Some(roll);
    setup.tries_left = 0;
    let context = || serde_json::to_string(&setup).unwrap_or_default();
    seen.positions += 1;
    let mut listing = Vec::new();
    for &(action, listed, verdict, same_effect) in &moves {
        if !same_effect {
            return Err(format!(
                "{action}: listed, but its effect without the tests differs from the \
                 evaluator's\n{}",
                context()
            ));
        }
        let expected = match verdict {
            Ok(kicks) => !filter || kicks,
            Err(_) => false,
        };
        if listed != expected {
            return Err(format!(
                "{action}: listed {listed}, evaluator {verdict:?} (mandatory kick filter \
                 {filter})\n{}",
                context()
            ));
        }
        if listed {
            listing.push(action.id());
            seen.legal += 1;
            seen.kicks += u64::from(verdict == Ok(true));
        } else if verdict.is_ok() {
            seen.filtered += 1;
        }
    }
    if listing.is_empty() {
        seen.none += 1;
    }
    // The public API on that position: a roll that allows no move cannot be waited on.
    match State::from_setup(setup.clone()) {
        Ok(s) => {
            let mut legal = ActionList::new();
            s.legal_actions(&mut legal);
            if legal.as_slice() != listing.as_slice() {
                return Err(format!(
                    "legal_actions {:?} but the probe lists {listing:?}\n{}",
                    legal.as_slice(),
                    context()
                ));
            }
            for &(action, listed, verdict, _) in &moves {
                let want = match verdict {
                    Ok(_) if listed => Ok(()),
                    Ok(_) => Err(Illegal::MustKick),
                    Err(e) => Err(e),
                };
                if s.check(action) != want {
                    return Err(format!(
                        "check({action}) = {:?}, evaluator {verdict:?}\n{}",
                        s.check(action),
                        context()
                    ));
                }
            }
        }
        Err(e) if listing.is_empty() => {
            let _ = e;
        }
        Err(e) => return Err(format!("{e} with legal moves {listing:?}\n{}", context())),
    }
    Ok(())
}
