//! Property tests: conservation after every action, illegal ids refused with the state
//! unchanged, JSON round trips, record replay, faithful events, and untrusted setups.

use dangian::o_an_quan::{Action, BigStone, Config, EndReason, Event, Setup, State};
use dangian::GameConfig;
use dangian::{Action as _, ActionList, Game, NoEvents, Record, Recorded, Seat};
use proptest::prelude::*;

fn preset() -> impl Strategy<Value = Config> {
    (0..Config::PRESETS.len()).prop_map(|i| Config::preset(Config::PRESETS[i]).expect("preset"))
}

/// Play the choices (`byte % legal.len()`), calling `f(before, action, events, after)`.
fn play(
    config: Config,
    choices: &[u8],
    mut f: impl FnMut(&State, Action, &[Event], &State),
) -> State {
    let mut s = State::new(config).expect("preset");
    let mut legal = ActionList::new();
    for &c in choices {
        s.legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        let a = Action::from_id(legal[usize::from(c) % legal.len()]).expect("id");
        let before = s;
        let mut events = Vec::new();
        s.apply(a, &mut events).expect("legal");
        f(&before, a, &events, &s);
    }
    s
}

fn board_total(s: &State) -> i64 {
    s.board().iter().map(|&d| i64::from(d)).sum::<i64>()
        + i64::from(s.captured_dan(Seat(0)))
        + i64::from(s.captured_dan(Seat(1)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Stones are conserved after every action: dân on the board + both piles, and the big
    /// stones (on the board or captured).
    #[test]
    fn conservation(config in preset(), choices in prop::collection::vec(any::<u8>(), 0..120)) {
        let total = i64::from(config.total_dan());
        let bigs = if config.has_big_stones() { 2 } else { 0 };
        play(config, &choices, |_, a, _, s| {
            assert_eq!(board_total(s), total, "after {a}");
            let b = s.big_stones().iter().filter(|b| **b != BigStone::Absent).count();
            assert_eq!(b, bigs);
            assert!(s.validate().is_ok());
        });
    }

    /// Every id that is not listed is refused with the state unchanged, and `check` agrees.
    #[test]
    fn illegal_ids_refused(config in preset(), choices in prop::collection::vec(any::<u8>(), 0..60), raw in any::<u32>()) {
        let s = play(config, &choices, |_, _, _, _| {});
        let mut legal = ActionList::new();
        s.legal_actions(&mut legal);
        for id in (0..Action::ID_COUNT).chain([raw]) {
            let mut t = s;
            let r = t.apply_id(id, &mut NoEvents);
            if legal.contains(&id) {
                prop_assert!(r.is_ok());
            } else {
                prop_assert!(r.is_err(), "id {id} accepted");
                prop_assert_eq!(t, s);
            }
        }
    }

    /// A state survives JSON both ways, through validation.
    #[test]
    fn json_round_trip(config in preset(), choices in prop::collection::vec(any::<u8>(), 0..80)) {
        let s = play(config, &choices, |_, _, _, _| {});
        let json = serde_json::to_string(&s).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, s);
        prop_assert_eq!(back.state_hash(), s.state_hash());
        let config_json = serde_json::to_string(&config).unwrap();
        prop_assert_eq!(serde_json::from_str::<Config>(&config_json).unwrap(), config);
    }

    /// Replaying the record of a game gives the same state as live play.
    #[test]
    fn record_replay(config in preset(), choices in prop::collection::vec(any::<u8>(), 0..150)) {
        let mut rec = Recorded::<State>::new(config).unwrap();
        let mut legal = ActionList::new();
        for &c in &choices {
            rec.game().legal_actions(&mut legal);
            if legal.is_empty() { break; }
            let a = Action::from_id(legal[usize::from(c) % legal.len()]).unwrap();
            rec.apply(a, &mut NoEvents).unwrap();
        }
        let json = rec.record().to_json();
        let replayed: State = Record::from_json(&json).unwrap().replay().unwrap();
        prop_assert_eq!(&replayed, rec.game());
    }

    /// The events tell the whole story: replaying them on the board before a move gives the
    /// board and piles after it.
    #[test]
    fn events_are_faithful(config in preset(), choices in prop::collection::vec(any::<u8>(), 0..100)) {
        play(config, &choices, |before, a, events, after| {
            let mut dan = before.board();
            let mut pile = [before.captured_dan(Seat(0)), before.captured_dan(Seat(1))];
            for e in events {
                match *e {
                    Event::PickUp { cell, stones, .. } | Event::Relay { cell, stones, .. } => {
                        assert!(dan[usize::from(cell)] >= stones);
                        dan[usize::from(cell)] -= stones;
                    }
                    Event::Sow { cell, now } => {
                        dan[usize::from(cell)] += 1;
                        assert_eq!(dan[usize::from(cell)], now);
                    }
                    Event::Capture { seat, cell, dan: d, .. } => {
                        assert_eq!(dan[usize::from(cell)], d);
                        dan[usize::from(cell)] = 0;
                        pile[usize::from(seat.0)] += i32::from(d);
                    }
                    Event::Refill { seat, per_square, pile_after, .. } => {
                        for c in dangian::o_an_quan::own_cells(seat) {
                            dan[usize::from(c)] += u16::from(per_square);
                        }
                        pile[usize::from(seat.0)] -= 5 * i32::from(per_square);
                        assert_eq!(pile[usize::from(seat.0)], pile_after);
                    }
                    Event::GameOver { outcome } => {
                        assert_eq!(Some(outcome), after.outcome());
                        assert_eq!(outcome.winner(), after.winner());
                    }
                    _ => {}
                }
            }
            assert_eq!(dan, after.board(), "after {a}");
            assert_eq!(pile, [after.captured_dan(Seat(0)), after.captured_dan(Seat(1))]);
        });
    }

    /// At a "both quan squares empty" end every point in play is counted (OAQ-C4): the two
    /// totals add up to 70 at the defaults.
    #[test]
    fn totals_add_up_at_a_natural_end(choices in prop::collection::vec(any::<u8>(), 400)) {
        let s = play(Config::default(), &choices, |_, _, _, _| {});
        if s.end_reason() == Some(EndReason::BothQuanSquaresEmpty) {
            let t = s.final_scores().unwrap();
            prop_assert_eq!(t[0] + t[1], 70);
        }
        prop_assert!(s.ply() <= s.max_moves());
    }

    /// Untrusted setups never panic; an accepted one is valid and round-trips.
    #[test]
    fn untrusted_setups(
        dan in prop::array::uniform12(0u16..12),
        big in prop::array::uniform2(0u8..4),
        cap in prop::array::uniform2(-20i32..60),
        to_move in 0u8..3,
        ply in 0u32..402,
        end in 0u8..6,
    ) {
        let code = |b: u8| match b {
            0 => BigStone::OnBoard,
            1 => BigStone::CapturedBy { seat: Seat(0) },
            2 => BigStone::CapturedBy { seat: Seat(1) },
            _ => BigStone::Absent,
        };
        let end = [None, Some(EndReason::BothQuanSquaresEmpty), Some(EndReason::MoveCap),
            Some(EndReason::NoRefill), Some(EndReason::Repetition),
            Some(EndReason::BothBigStonesCaptured)][usize::from(end)];
        let setup = Setup {
            config: Config::default(),
            dan,
            big: [code(big[0]), code(big[1])],
            cap_dan: cap,
            turn: Seat(to_move),
            ply,
            end,
            history: Vec::new(),
        };
        if let Ok(s) = State::from_setup(setup) {
            prop_assert!(s.validate().is_ok());
            prop_assert_eq!(board_total(&s), 50);
            let back: State = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
            prop_assert_eq!(back, s);
            let mut legal = ActionList::new();
            s.legal_actions(&mut legal);
            prop_assert_eq!(legal.is_empty(), s.is_over());
        }
    }
}
