//! Property tests of Cờ cá ngựa over generated configs and positions: conservation after every
//! action, every illegal id refused with the state unchanged, JSON round trips, records that
//! replay to the live game, and positions read from untrusted setups.

mod ca_ngua_common;

use ca_ngua_common::{any_config, check_position, check_progress, play_checked, random_play};
use dangian::ca_ngua::{Action, Config, CurrentRoll, Event, Phase, Roll, Setup, State};
use dangian::{
    Action as _, ActionList, ChanceList, Game, GameRng, NoEvents, Record, Recorded, Seat, ToMove,
};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: dangian::testing::scaled_cases(64), ..ProptestConfig::default() })]

    /// Pieces conserved, never two on one track square or home step, progress only lost by a
    /// kick back to the yard (or a bounce off the door), after every action of whole games.
    #[test]
    fn conservation_after_every_action(cfg in any_config(1500), seed in any::<u64>()) {
        play_checked(cfg, seed, 2).map_err(TestCaseError::fail)?;
    }

    /// Every id that is not legal is refused, with the reason `check` gives, the state
    /// unchanged and no event; every legal id is accepted and changes the state.
    #[test]
    fn illegal_ids_refused_state_unchanged(
        cfg in any_config(3000), seed in any::<u64>(), steps in 0u32..1500
    ) {
        let s = random_play(cfg, seed, steps);
        let mut legal = ActionList::new();
        s.legal_actions(&mut legal);
        for id in 0..Action::ID_COUNT {
            let a = Action::from_id(id).unwrap();
            let mut copy = s;
            let mut events = Vec::new();
            match (legal.contains(&id), copy.apply(a, &mut events)) {
                (true, Ok(())) => {
                    prop_assert_ne!(copy, s);
                    prop_assert_eq!(copy.move_number(), s.move_number() + 1);
                    check_position(&copy).map_err(TestCaseError::fail)?;
                    check_progress(&s, &copy, &events).map_err(TestCaseError::fail)?;
                }
                (false, Err(e)) => {
                    prop_assert_eq!(copy, s);
                    prop_assert!(events.is_empty());
                    prop_assert_eq!(s.check(a), Err(e));
                    prop_assert!(!e.to_string().is_empty());
                }
                (listed, got) => prop_assert!(false, "{a}: listed {listed}, apply {got:?}"),
            }
        }
        // Malformed actions are refused too.
        let mut copy = s;
        let bad_move = Action::Track { piece: 5, dist: 3 };
        let bad_roll = Action::Roll { low: 5, high: 2 };
        prop_assert!(copy.apply(bad_move, &mut NoEvents).is_err());
        prop_assert!(copy.apply(bad_roll, &mut NoEvents).is_err());
        prop_assert_eq!(copy, s);
    }

    /// A state survives JSON (through validation) unchanged, and so does its config.
    #[test]
    fn json_round_trip(cfg in any_config(3000), seed in any::<u64>(), steps in 0u32..2000) {
        let s = random_play(cfg, seed, steps);
        let json = serde_json::to_string(&s).unwrap();
        let back: State = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, s);
        prop_assert_eq!(back.state_hash(), s.state_hash());
        let cjson = serde_json::to_string(&cfg).unwrap();
        let cback: Config = serde_json::from_str(&cjson).unwrap();
        prop_assert_eq!(cback, cfg);
        prop_assert!(s.validate().is_ok());
        let view = s.view(Seat(0));
        prop_assert_eq!(view.pieces, s.pieces());
    }

    /// A recorded game replays to the same state, through its JSON form.
    #[test]
    fn record_replays_to_live_play(cfg in any_config(800), seed in any::<u64>()) {
        let mut rng = GameRng::new(seed);
        let mut game = Recorded::<State>::new(cfg).unwrap();
        let mut legal = ActionList::new();
        loop {
            let g = game.game();
            let a = match g.to_move() {
                ToMove::Over => break,
                ToMove::Chance => g.sample_chance(&mut rng).unwrap(),
                ToMove::Seat(_) => {
                    g.legal_actions(&mut legal);
                    Action::from_id(legal[rng.below(legal.len() as u32) as usize]).unwrap()
                }
            };
            game.apply(a, &mut NoEvents).unwrap();
        }
        let json = game.record().to_json();
        let replayed: State = Record::from_json(&json).unwrap().replay().unwrap();
        prop_assert_eq!(&replayed, game.game());
        prop_assert!(replayed.outcome().is_some());
    }

    /// Untrusted setups: anything accepted is a playable position that round-trips, where a
    /// seat to move always has a legal action.
    #[test]
    fn untrusted_setups(
        cfg in any_config(3000),
        pieces in proptest::array::uniform4(proptest::array::uniform4(-2i8..64)),
        colour in 0u8..5,
        phase in 0u8..3,
        dice in (1u8..=6, 1u8..=6),
        tries in 0u8..4,
        kicks in 0u16..3,
    ) {
        let mut setup = Setup::new(cfg);
        setup.pieces = pieces;
        setup.colour_to_move = Some(dangian::ca_ngua::Colour(colour));
        setup.tries_left = tries;
        setup.kicks[1][0] = kicks;
        setup.move_number = 10;
        if phase == 1 {
            setup.phase = Phase::Move;
            setup.tries_left = 0;
            setup.roll = Some(CurrentRoll {
                dice: if cfg.dice == dangian::ca_ngua::Dice::Two {
                    Roll::Two(dice.0.min(dice.1), dice.0.max(dice.1))
                } else {
                    Roll::One(dice.0)
                },
                used: [false; 2],
                home_actions: 0,
                exited: false,
            });
        }
        if let Ok(s) = State::from_setup(setup.clone()) {
            prop_assert!(s.validate().is_ok());
            check_position(&s).map_err(TestCaseError::fail)?;
            prop_assert_eq!(State::from_setup(s.to_setup()), Ok(s));
            let mut legal = ActionList::new();
            s.legal_actions(&mut legal);
            prop_assert_eq!(legal.is_empty(), s.to_move() == ToMove::Over);
        }
    }
}

#[test]
fn state_is_small_and_copy() {
    fn copy<T: Copy>() {}
    copy::<State>();
    copy::<Config>();
    assert!(
        std::mem::size_of::<State>() <= 240,
        "{}",
        std::mem::size_of::<State>()
    );
}

#[test]
fn chance_weights_are_exact() {
    for (cfg, total, n) in [(Config::default(), 36, 21), (Config::one_die(), 6, 6)] {
        let s = State::new(cfg).unwrap();
        let mut c = ChanceList::new();
        s.chance_outcomes(&mut c);
        assert_eq!(c.len(), n);
        assert_eq!(c.iter().map(|o| o.weight).sum::<u32>(), total);
        // Sampling follows the weights: 6-6 about 1/36, 5-6 about 2/36.
        let mut rng = GameRng::new(5);
        let (mut double, mut pair) = (0, 0);
        for _ in 0..36_000 {
            match s.sample_chance(&mut rng).unwrap() {
                Action::Roll { low: 6, high: 6 } | Action::RollOne { face: 6 } => double += 1,
                Action::Roll { low: 5, high: 6 } => pair += 1,
                _ => {}
            }
        }
        if n == 21 {
            assert!((850..1150).contains(&double), "{double}");
            assert!((1800..2200).contains(&pair), "{pair}");
        } else {
            assert!((5700..6300).contains(&double), "{double}");
        }
    }
}

#[test]
fn empty_json_is_the_default_config_and_unknown_fields_are_refused() {
    let c: Config = serde_json::from_str("{}").unwrap();
    assert_eq!(c, Config::default());
    assert!(serde_json::from_str::<Config>(r#"{"colour_count": 4}"#).is_err());
    let c: Config = serde_json::from_str(
        r#"{"dice":"one","exit_faces":[1,6],"bonus_roll_on":{"kind":"faces","faces":[1,6]}}"#,
    )
    .unwrap();
    assert_eq!(c, Config::one_die());
    let c: Config = serde_json::from_str(r#"{"seats":[[0,0],[1,1],[2,0],[3,1]]}"#).unwrap();
    assert_eq!(c, Config::two_players_two_colours());
    // An invalid config is refused by State::new, with the option named.
    let e = State::new(Config {
        track_len: 30,
        ..Config::default()
    })
    .unwrap_err();
    assert_eq!(e.option, "track_len");
}

#[test]
fn events_with_and_without_a_sink_agree() {
    let mut a = State::new(Config::default()).unwrap();
    let mut b = a;
    let mut rng = GameRng::new(3);
    let mut legal = ActionList::new();
    let mut seen_kick = false;
    while !a.is_over() {
        let act = match a.to_move() {
            ToMove::Chance => a.sample_chance(&mut rng).unwrap(),
            _ => {
                a.legal_actions(&mut legal);
                Action::from_id(legal[rng.below(legal.len() as u32) as usize]).unwrap()
            }
        };
        let mut ev: Vec<Event> = Vec::new();
        a.apply(act, &mut ev).unwrap();
        b.apply(act, &mut NoEvents).unwrap();
        assert_eq!(a, b);
        seen_kick |= ev.iter().any(|e| matches!(e, Event::Kicked { .. }));
        assert!(
            !ev.is_empty() || !act.is_roll(),
            "a roll always reports itself"
        );
    }
    assert!(seen_kick);
    // Events are objects tagged by `kind` (the crate's one JSON convention).
    let bonus = serde_json::to_value(Event::BonusRoll {
        colour: dangian::ca_ngua::Colour::RED,
    })
    .unwrap();
    assert_eq!(
        bonus,
        serde_json::json!({"kind": "bonus_roll", "colour": 0})
    );
}

/// The engine's own `sample_chance` draws exactly what the generic walk over
/// `chance_outcomes` would (one `uniform_below(total)` per roll), so seeded games are the same
/// whichever is used.
#[test]
fn sampling_matches_the_generic_walk() {
    for cfg in [Config::default(), Config::one_die()] {
        let s = State::new(cfg).unwrap();
        let mut c = ChanceList::new();
        s.chance_outcomes(&mut c);
        let total: u32 = c.iter().map(|o| o.weight).sum();
        let (mut a, mut b) = (GameRng::new(77), GameRng::new(77));
        for _ in 0..5_000 {
            let mut r = dangian::uniform_below(&mut b, total);
            let walked = c
                .iter()
                .find(|o| {
                    let hit = r < o.weight;
                    r = r.saturating_sub(o.weight);
                    hit
                })
                .map(|o| o.id);
            assert_eq!(s.sample_chance(&mut a).map(|x| x.id()), walked);
        }
    }
}
