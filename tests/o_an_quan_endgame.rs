//! Ô ăn quan endgame tables: every solved value agrees with a plain exhaustive minimax under
//! the ply cap, the rotation symmetry holds, files round-trip and corrupt ones are refused,
//! and the bots play and describe the table's moves.

use std::collections::HashMap;
use std::sync::Arc;

use dangian::bot::{Bot, ProvenResult};
use dangian::describe::Lang;
use dangian::o_an_quan::{
    AlphaBetaBot, AlphaBetaSettings, BigStone, Config, EndCondition, EndgameTable, Leftover, Setup,
    State, TableError,
};
use dangian::{ActionList, Game, GameConfig, NoEvents, Seat};

/// The cap the test positions are played under.
const CAP: u32 = 200;

/// The deepest solved positions checked against the minimax (its cost grows fast with the
/// depth): fewer in a debug build.
const CHECK_DEPTH: u32 = if cfg!(debug_assertions) { 5 } else { 9 };

fn big_states(config: &Config) -> Vec<BigStone> {
    if config.has_big_stones() {
        vec![
            BigStone::OnBoard,
            BigStone::CapturedBy { seat: Seat(0) },
            BigStone::CapturedBy { seat: Seat(1) },
        ]
    } else {
        vec![BigStone::Absent]
    }
}

fn boards(n: u16) -> Vec<[u16; 12]> {
    fn go(i: usize, left: u16, cur: &mut [u16; 12], out: &mut Vec<[u16; 12]>) {
        if i == 12 {
            out.push(*cur);
            return;
        }
        for x in 0..=left {
            cur[i] = x;
            go(i + 1, left - x, cur, out);
        }
        cur[i] = 0;
    }
    let mut out = Vec::new();
    go(0, n, &mut [0; 12], &mut out);
    out
}

/// The position with `plies_left` before the cap, or `None` if it cannot occur.
fn state(
    config: &Config,
    dan: [u16; 12],
    big: [BigStone; 2],
    turn: Seat,
    plies_left: u32,
) -> Option<State> {
    let board: i32 = dan.iter().map(|&d| i32::from(d)).sum();
    let config = Config {
        max_plies: Some(CAP),
        ..*config
    };
    State::from_setup(Setup {
        config,
        dan,
        big,
        cap_dan: [i32::from(config.total_dan()) - board, 0],
        turn,
        ply: CAP - plies_left,
        end: None,
        history: Vec::new(),
    })
    .ok()
}

/// Every position with at most `n` dân on the board that can occur, `plies_left` before
/// the cap.
fn positions(config: &Config, n: u16, plies_left: u32) -> Vec<State> {
    let bigs = big_states(config);
    let mut out = Vec::new();
    for dan in boards(n) {
        for &b0 in &bigs {
            for &b1 in &bigs {
                for seat in [Seat(0), Seat(1)] {
                    if let Some(s) = state(config, dan, [b0, b1], seat, plies_left) {
                        out.push(s);
                    }
                }
            }
        }
    }
    out
}

fn with_plies_left(s: &State, plies_left: u32) -> State {
    let mut setup = s.to_setup();
    setup.ply = CAP - plies_left;
    State::from_setup(setup).unwrap()
}

/// The mover's margin so far: the score difference, or the final one once over.
fn margin(s: &State, mover: Seat) -> i32 {
    let (me, op) = (usize::from(mover.0), usize::from(1 - mover.0));
    match s.final_scores() {
        Some(t) => t[me] - t[op],
        None => s.score(mover) - s.score(Seat(1 - mover.0)),
    }
}

type Key = ([u16; 12], [BigStone; 2], Seat, u32);

/// The exact future margin of the player to move under the ply cap, by plain minimax over
/// the engine, memoised on the position and the plies left.
fn exact(s: &State, memo: &mut HashMap<Key, i32>) -> i32 {
    let mover = s.turn().unwrap();
    let key = (s.board(), s.big_stones(), mover, CAP - s.ply());
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let before = margin(s, mover);
    let mut legal = ActionList::new();
    s.legal_actions(&mut legal);
    let mut best = i32::MIN;
    for &id in legal.iter() {
        let mut child = *s;
        child.apply_id(id, &mut NoEvents).unwrap();
        let r = margin(&child, mover) - before;
        let v = if child.is_over() {
            r
        } else {
            r - exact(&child, memo)
        };
        best = best.max(v);
    }
    memo.insert(key, best);
    best
}

/// What the players can force with the game ended by the rules within `k` plies, by plain
/// recursion over the engine (any number of stones): the margin the mover can force (`None`:
/// it cannot end the game), and the margin the opponent can hold it to (`None`: it cannot).
fn forced(
    s: &State,
    k: u32,
    memo: &mut HashMap<Key, (Option<i32>, Option<i32>)>,
) -> (Option<i32>, Option<i32>) {
    if k == 0 {
        return (None, None);
    }
    let mover = s.turn().unwrap();
    let key = (s.board(), s.big_stones(), mover, k);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let before = margin(s, mover);
    let mut legal = ActionList::new();
    s.legal_actions(&mut legal);
    let (mut f, mut h, mut h_open) = (None::<i32>, None::<i32>, false);
    for &id in legal.iter() {
        let mut child = *s;
        child.apply_id(id, &mut NoEvents).unwrap();
        let r = margin(&child, mover) - before;
        let (qf, qh) = if child.is_over() {
            (Some(0), Some(0))
        } else {
            forced(&child, k - 1, memo)
        };
        if let Some(qh) = qh {
            f = Some(f.map_or(r - qh, |f| f.max(r - qh)));
        }
        match qf {
            Some(qf) => h = Some(h.map_or(r - qf, |h| h.max(r - qf))),
            None => h_open = true,
        }
    }
    let v = (f, if h_open { None } else { h });
    memo.insert(key, v);
    v
}

/// Every solved position of the table of `n` stones with a depth up to `max_depth` agrees
/// with the minimax at `depth` and `depth + 2` plies left; fewer than `depth` plies left is
/// not covered.
fn check_against_minimax(config: &Config, n: u8, max_depth: u32) -> usize {
    let table = EndgameTable::build(config, n).unwrap();
    let mut memo = HashMap::new();
    let mut forced_memo = HashMap::new();
    let mut solved = 0;
    for s in positions(config, u16::from(n), CAP) {
        let Some(e) = table.lookup(&s) else {
            continue;
        };
        if e.depth > max_depth {
            continue;
        }
        solved += 1;
        assert!(e.depth >= 1);
        for extra in [0, 2] {
            let at = with_plies_left(&s, e.depth + extra);
            assert_eq!(table.probe(&at), Some(e));
            assert_eq!(
                exact(&at, &mut memo),
                e.margin,
                "{at}\ndepth {} + {extra}",
                e.depth
            );
        }
        if e.depth > 1 {
            assert_eq!(table.probe(&with_plies_left(&s, e.depth - 1)), None);
        }
        // Within `depth` plies both sides can force the value and the end of the game.
        assert_eq!(
            forced(&s, e.depth, &mut forced_memo),
            (Some(e.margin), Some(e.margin)),
            "{s}\ndepth {}",
            e.depth
        );
        assert!(!table.best_moves(&s).is_empty());
    }
    assert!(solved > 0);
    solved
}

#[test]
fn solved_values_agree_with_minimax_under_the_default_rules() {
    let solved = check_against_minimax(&Config::default(), 4, CHECK_DEPTH);
    assert!(solved > 50, "{solved}");
}

#[test]
fn solved_values_agree_with_minimax_under_variants() {
    let captor = Config {
        end_condition: EndCondition::BothBigStonesCaptured,
        leftover_in_quan_squares: Leftover::ToQuanCaptor,
        ..Config::default()
    };
    let split = Config {
        end_condition: EndCondition::BothBigStonesCaptured,
        leftover_in_quan_squares: Leftover::Split,
        ..Config::default()
    };
    for config in [
        captor,
        split,
        Config::preset("quan_worth_five").unwrap(),
        Config::preset("vi_wikipedia").unwrap(),
        Config {
            quan_setup: dangian::o_an_quan::QuanSetup::SmallStones { count: 5 },
            ..Config::default()
        },
    ] {
        if EndgameTable::supports(&config).is_err() {
            continue;
        }
        check_against_minimax(&config, 3, CHECK_DEPTH);
    }
}

#[test]
fn rotated_positions_have_the_same_value() {
    let config = Config::default();
    let half = EndgameTable::build(&config, 4).unwrap();
    let full = EndgameTable::build_with(&config, 4, false).unwrap();
    assert_eq!(full.stats().bytes, 2 * half.stats().bytes);
    assert_eq!(full.stats().solved, 2 * half.stats().solved);
    for s in positions(&config, 4, CAP) {
        assert_eq!(half.lookup(&s), full.lookup(&s), "{s}");
        // The same position turned 180° with the other player to move.
        let setup = s.to_setup();
        let mut dan = [0; 12];
        for (i, d) in dan.iter_mut().enumerate() {
            *d = setup.dan[(i + 6) % 12];
        }
        let turn = |b: BigStone| match b {
            BigStone::CapturedBy { seat } => BigStone::CapturedBy {
                seat: Seat(1 - seat.0),
            },
            other => other,
        };
        let big = [turn(setup.big[1]), turn(setup.big[0])];
        let r = state(&config, dan, big, Seat(1 - setup.turn.0), CAP).unwrap();
        assert_eq!(full.lookup(&s), full.lookup(&r), "{s}\n{r}");
    }
}

#[test]
fn a_table_round_trips_and_corrupt_bytes_are_refused() {
    let table = EndgameTable::build(&Config::default(), 3).unwrap();
    let mut bytes = Vec::new();
    table.save(&mut bytes).unwrap();
    assert_eq!(bytes, table.to_bytes());
    let back = EndgameTable::load(&bytes).unwrap();
    assert_eq!(back.to_bytes(), bytes);
    for s in positions(&Config::default(), 3, CAP) {
        assert_eq!(back.lookup(&s), table.lookup(&s));
    }
    // Every truncation, and a flipped bit anywhere, are refused.
    for len in 0..bytes.len() {
        assert!(EndgameTable::load(&bytes[..len]).is_err(), "{len}");
    }
    let mut extra = bytes.clone();
    extra.push(0);
    assert!(EndgameTable::load(&extra).is_err());
    for i in (0..bytes.len()).step_by(7) {
        let mut bad = bytes.clone();
        bad[i] ^= 0x10;
        assert!(
            matches!(EndgameTable::load(&bad), Err(TableError::Corrupt(_))),
            "{i}"
        );
    }
    assert!(EndgameTable::load(b"not a table at all").is_err());
}

#[test]
fn unsupported_rules_and_other_rules_are_refused() {
    for id in [
        "no_borrowing",
        "threefold",
        "pay_to_refill",
        "no_first_quan",
    ] {
        let config = Config::preset(id).unwrap();
        assert!(
            matches!(
                EndgameTable::build(&config, 2),
                Err(TableError::Unsupported(_))
            ),
            "{id}"
        );
    }
    let table = EndgameTable::build(&Config::default(), 3).unwrap();
    let five = Config {
        quan_value: 5,
        ..Config::default()
    };
    assert!(!table.covers_config(&five));
    for s in positions(&five, 3, CAP) {
        assert_eq!(table.lookup(&s), None);
    }
    // The ply cap and who starts do not matter.
    assert!(table.covers_config(&Config {
        max_plies: Some(100),
        first_player: Seat(1),
        ..Config::default()
    }));
}

/// Covered positions of a table with at least `min_depth` plies to the end, a few.
fn covered(table: &EndgameTable, n: u16, min_depth: u32, count: usize) -> Vec<(State, i32)> {
    let mut out = Vec::new();
    for s in positions(table.config(), n, CAP) {
        if let Some(e) = table.probe(&s) {
            if e.depth >= min_depth && e.margin != 0 && out.len() < count {
                out.push((s, e.margin));
            }
        }
    }
    out
}

fn quick(endgame: u8) -> AlphaBetaSettings {
    AlphaBetaSettings {
        nodes: 5_000,
        endgame,
        ..AlphaBetaSettings::HARD
    }
}

#[test]
fn the_hard_bot_plays_the_table_and_keeps_the_proven_result() {
    let table = Arc::new(EndgameTable::build(&Config::default(), 5).unwrap());
    let cases = covered(&table, 5, 5, 6);
    assert!(cases.len() >= 3);
    for (start, v) in cases {
        let me = start.turn().unwrap();
        let promised = start.score(me) - start.score(Seat(1 - me.0)) + v;
        let mut bot = AlphaBetaBot::new(quick(0), 1).with_endgame(Arc::clone(&table));
        assert!(table
            .best_moves(&start)
            .contains(&bot.choose(&start).unwrap()));
        // Against the table itself (perfect play) the result is exactly the value; against
        // a search without the table it is at least the value.
        for perfect in [true, false] {
            let mut other = AlphaBetaBot::new(quick(0), 2);
            let mut s = start;
            let mut plies = 0;
            while !s.is_over() {
                let a = if s.turn() == Some(me) {
                    bot.choose(&s).unwrap()
                } else if perfect {
                    table.best_moves(&s)[0]
                } else {
                    other.choose(&s).unwrap()
                };
                s.apply(a, &mut NoEvents).unwrap();
                plies += 1;
                assert!(plies <= 255);
            }
            let t = s.final_scores().unwrap();
            let got = t[usize::from(me.0)] - t[usize::from(1 - me.0)];
            if perfect {
                assert_eq!(got, promised, "{start}");
            } else {
                assert!(got >= promised, "{start}\n{s}");
            }
        }
    }
}

#[test]
fn the_lazy_table_is_used_and_hints_say_the_result() {
    let config = Config::default();
    let table = EndgameTable::build(&config, 4).unwrap();
    let cases = covered(&table, 4, 3, 4);
    assert!(!cases.is_empty());
    for (start, v) in cases {
        let me = start.turn().unwrap();
        let final_margin = start.score(me) - start.score(Seat(1 - me.0)) + v;
        let mut bot = AlphaBetaBot::new(quick(4), 3);
        let hints = bot.hints(&start);
        assert!(table.best_moves(&start).contains(&hints[0].action));
        let p = hints[0].proven.expect("the best move is proven");
        assert_eq!(p.margin, Some(final_margin));
        let (vi, en) = (
            hints[0].proven_words(Lang::Vi).unwrap(),
            hints[0].proven_words(Lang::En).unwrap(),
        );
        match p.result {
            ProvenResult::Win => {
                assert!(vi.starts_with("thắng chắc") && en.starts_with("wins by force"))
            }
            ProvenResult::Draw => assert!(vi == "hoà chắc" && en == "draws by force"),
            ProvenResult::Loss => {
                assert!(vi.starts_with("thua chắc") && en.starts_with("loses by force"))
            }
        }
        // Every proven hint is no better than the best.
        for h in &hints {
            if let Some(q) = h.proven {
                assert!(q.margin <= p.margin);
            }
        }
    }
    // The easy level has no table.
    assert_eq!(AlphaBetaSettings::EASY.endgame, 0);
}
