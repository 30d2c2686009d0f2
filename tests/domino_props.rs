//! Property tests for Domino: tile conservation, illegal ids refused without change, JSON
//! round trips, record replay, setup validation, and hidden information (views and
//! redacted events do not change when hidden tiles are redistributed).

use dangian::domino::{
    Action, Config, DrawPolicy, Event, Phase, Placement, Setup, State, Tile, TileSet,
};
use dangian::{Action as _, ActionList, Game, GameRng, NoEvents, Record, Seat, ToMove};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn arb_config() -> impl Strategy<Value = Config> {
    (
        2u8..=4,
        prop_oneof![Just(7u8), 1u8..=7],
        prop_oneof![
            Just(Config::default()),
            Just(Config::kozel()),
            Just(Config::western_draw()),
            Just(Config::block()),
            Just(Config {
                draw_policy: DrawPolicy::Voluntary,
                ..Config::default()
            }),
            Just(Config {
                draw_policy: DrawPolicy::OneThenPass,
                boneyard_reserve: 1,
                ..Config::default()
            }),
        ],
    )
        .prop_map(|(players, hand, base)| Config {
            players,
            hand_size: hand.min(28 / players),
            max_rounds: Some(2),
            ..base
        })
}

/// Play `steps` random actions (fewer if the match ends) and return every state and action.
fn play(config: Config, seed: u64, steps: usize) -> (Vec<State>, Vec<Action>) {
    let mut rng = GameRng::new(seed);
    let mut s = State::new(config).unwrap();
    let mut states = vec![s];
    let mut actions = Vec::new();
    let mut legal = ActionList::new();
    for _ in 0..steps {
        let a = match s.to_move() {
            ToMove::Over => break,
            ToMove::Chance => s.sample_chance(&mut rng).unwrap(),
            ToMove::Seat(_) => {
                s.legal_actions(&mut legal);
                Action::from_id(legal[rng.below(legal.len() as u32) as usize]).unwrap()
            }
        };
        s.apply(a, &mut NoEvents).unwrap();
        states.push(s);
        actions.push(a);
    }
    (states, actions)
}

fn conserved(s: &State) -> Result<(), String> {
    let mut seen = 0u32;
    let mut count = 0;
    let parts = (0..s.seats())
        .map(|i| s.hand(Seat(i)))
        .chain([s.boneyard(), s.line_tiles()]);
    for part in parts {
        if part.mask() & seen != 0 {
            return Err("a tile in two places".into());
        }
        seen |= part.mask();
        count += part.len();
    }
    let line: TileSet = s.line().as_slice().iter().map(|p| p.tile()).collect();
    if count != 28 || seen != TileSet::ALL.mask() || line != s.line_tiles() {
        return Err(format!("{count} tiles accounted for"));
    }
    // The line is a chain.
    let l = s.line();
    if l.as_slice().windows(2).any(|w| w[0].right != w[1].left) {
        return Err("the line is not a chain".into());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/domino_props.txt"
        ))),
        ..ProptestConfig::default()
    })]

    /// Tiles are conserved after every action; every illegal id is refused with the state
    /// unchanged; the state survives a JSON round trip and a Setup round trip.
    #[test]
    fn conservation_refusals_and_round_trips(config in arb_config(), seed in any::<u64>(), steps in 0usize..160) {
        let (states, _) = play(config, seed, steps);
        for s in states.iter().step_by(7).chain(states.last()) {
            prop_assert!(conserved(s).is_ok(), "{:?}\n{}", conserved(s), s);
            let mut legal = ActionList::new();
            s.legal_actions(&mut legal);
            for id in 0..Action::ID_COUNT {
                if legal.contains(&id) {
                    continue;
                }
                let mut copy = *s;
                let mut events = Vec::new();
                let a = Action::from_id(id).unwrap();
                let err = copy.apply(a, &mut events).unwrap_err();
                prop_assert_eq!(Err(err), s.check(a));
                prop_assert_eq!(copy, *s);
                prop_assert!(events.is_empty());
            }
            let json = serde_json::to_string(s).unwrap();
            let back: State = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(back, *s);
            let setup = Setup::from(*s);
            prop_assert_eq!(State::from_setup(setup).unwrap(), *s);
        }
    }

    /// Replaying the record of a game gives the same state, event for event.
    #[test]
    fn record_replay_equals_live_play(config in arb_config(), seed in any::<u64>(), steps in 0usize..300) {
        let (states, actions) = play(config, seed, steps);
        let mut record = Record::new::<State>(&config);
        for a in &actions {
            record.push(*a);
        }
        let last = *states.last().unwrap();
        record.seal(&last);
        let json = record.to_json();
        let replayed: State = Record::from_json(&json).unwrap().replay().unwrap();
        prop_assert_eq!(replayed, last);
    }

    /// A seat's view does not change when the tiles hidden from it (the other hands and the
    /// chợ) are dealt out differently with the same counts.
    #[test]
    fn view_ignores_redistributed_hidden_tiles(config in arb_config(), seed in any::<u64>(), steps in 0usize..120, viewer in 0u8..4, shuffle in any::<u64>()) {
        let viewer = Seat(viewer % config.players);
        let _ = redistribute(config, seed, steps, viewer, shuffle)?;
    }

    /// Along a whole trajectory, swapping two tiles of equal value that `viewer` never sees
    /// (in every deal and draw) changes neither its views nor its redacted events, whenever
    /// the swapped game is still playable with the same public course.
    #[test]
    fn redacted_events_ignore_hidden_tiles(config in arb_config(), seed in any::<u64>(), steps in 0usize..200, viewer in 0u8..4, pick in any::<u64>()) {
        let viewer = Seat(viewer % config.players);
        let _ = swap_trajectory(config, seed, steps, viewer, pick)?;
    }

    /// Setup validation: random damage to a valid position is either refused or gives a
    /// state that is valid and round-trips.
    #[test]
    fn damaged_setups_are_refused_or_valid(config in arb_config(), seed in any::<u64>(), steps in 0usize..120, which in 0usize..8, k in any::<u64>()) {
        let (states, _) = play(config, seed, steps);
        let mut setup = Setup::from(*states.last().unwrap());
        let mut rng = GameRng::new(k);
        let tile = Tile::from_index(rng.below(28) as u8).unwrap();
        match which {
            0 => setup.boneyard.push(tile),
            1 => { setup.boneyard.pop(); }
            2 => setup.hands[0].push(tile),
            3 => { setup.round = setup.round.wrapping_add(rng.below(3) + 1); }
            4 => { setup.move_number = setup.move_number.wrapping_add(rng.below(1 << 20)); }
            5 => setup.turn = Some(Seat(rng.below(5) as u8)),
            6 => if let Some(p) = setup.plays.last_mut() { p.end = match p.end { dangian::domino::End::Left => dangian::domino::End::Right, dangian::domino::End::Right => dangian::domino::End::Left } },
            _ => setup.phase = [Phase::Deal, Phase::Lead, Phase::Play, Phase::Draw, Phase::Over][rng.below(5) as usize],
        }
        if let Ok(s) = State::from_setup(setup) {
            prop_assert!(s.validate().is_ok());
            prop_assert!(conserved(&s).is_ok());
            let json = serde_json::to_string(&s).unwrap();
            prop_assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
        }
    }
}

/// Deal the tiles hidden from `viewer` out again at random (same counts per hand and chợ)
/// and compare the views; `Ok(false)` when the new position is not reachable.
fn redistribute(
    config: Config,
    seed: u64,
    steps: usize,
    viewer: Seat,
    shuffle: u64,
) -> Result<bool, TestCaseError> {
    let (states, _) = play(config, seed, steps);
    let s = *states.last().unwrap();
    let setup = Setup::from(s);
    let mut hidden: Vec<Tile> = setup.boneyard.clone();
    for (i, h) in setup.hands.iter().enumerate() {
        if i != viewer.index() {
            hidden.extend(h);
        }
    }
    let mut rng = GameRng::new(shuffle);
    for i in (1..hidden.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        hidden.swap(i, j);
    }
    let mut other = setup.clone();
    let mut pool = hidden.into_iter();
    for (i, h) in other.hands.iter_mut().enumerate() {
        if i != viewer.index() {
            let n = h.len();
            *h = pool.by_ref().take(n).collect();
        }
    }
    other.boneyard = pool.collect();
    // Some redistributions are not positions the rules can reach (the seat to play would
    // hold no playable tile, …); validation refuses those and they are skipped.
    let Ok(t) = State::from_setup(other) else {
        return Ok(false);
    };
    prop_assert_eq!(t.view(viewer), s.view(viewer));
    prop_assert_eq!(format!("{}", t.view(viewer)), format!("{}", s.view(viewer)));
    Ok(t != s)
}

#[test]
fn hidden_tile_redistributions_are_exercised() {
    let mut differing = 0;
    for seed in 0..200u64 {
        let config = Config {
            max_rounds: Some(1),
            ..Config::with_players(2 + (seed % 3) as u8)
        };
        if redistribute(config, seed, (seed % 60) as usize, Seat(0), seed).expect("the views agree")
        {
            differing += 1;
        }
    }
    assert!(differing >= 40, "only {differing} redistributions checked");
    eprintln!("{differing} of 200 redistributions changed the state but not the view");
}

/// The public course of a game at one step: what every seat sees.
fn public(s: &State) -> String {
    let counts: Vec<usize> = (0..s.seats()).map(|i| s.hand(Seat(i)).len()).collect();
    let plays: Vec<Placement> = s.placements().collect();
    format!(
        "{:?} {:?} {} {:?} {:?} {} {:?} {:?} {:?}",
        s.phase(),
        s.to_move(),
        s.round(),
        plays,
        counts,
        s.boneyard().len(),
        s.scores(),
        s.last_round(),
        s.outcome()
    )
}

/// Returns whether the swap made a real difference (the two games' states differ).
fn swap_trajectory(
    config: Config,
    seed: u64,
    steps: usize,
    viewer: Seat,
    pick: u64,
) -> Result<bool, TestCaseError> {
    let (states, actions) = play(config, seed, steps);
    // Tiles the viewer ever sees: its hands and the line at every step, and the tiles named
    // in the events it is shown (a tile it draws just before the round ends is never in a
    // hand between two actions; a tile led or played as a round ends is never on the line
    // between two actions, yet every seat saw it).
    let mut seen = 0u32;
    for s in &states {
        seen |= s.hand(viewer).mask() | s.line_tiles().mask();
    }
    let mut replay = State::new(config).unwrap();
    for &act in &actions {
        let mut events = Vec::new();
        replay.apply(act, &mut events).unwrap();
        for e in events.iter().filter_map(|e| State::event_for(e, viewer)) {
            match e {
                Event::Dealt { tile: Some(t), .. }
                | Event::Drew { tile: Some(t), .. }
                | Event::Led { tile: t, .. }
                | Event::Played { tile: t, .. } => seen |= 1 << t.index(),
                _ => {}
            }
        }
    }
    let hidden: Vec<Tile> = Tile::all()
        .filter(|t| seen & (1 << t.index()) == 0)
        .collect();
    let value = |t: Tile| {
        if t.index() == 0 {
            u32::from(config.double_blank_value)
        } else {
            u32::from(t.pips())
        }
    };
    let pairs: Vec<(Tile, Tile)> = hidden
        .iter()
        .flat_map(|&a| hidden.iter().map(move |&b| (a, b)))
        .filter(|&(a, b)| a < b && value(a) == value(b))
        .collect();
    if pairs.is_empty() {
        return Ok(false);
    }
    let (a, b) = pairs[(pick % pairs.len() as u64) as usize];
    let sigma = |t: Tile| {
        if t == a {
            b
        } else if t == b {
            a
        } else {
            t
        }
    };
    let mut sa = State::new(config).unwrap();
    let mut sb = sa;
    for act in actions {
        let bact = match act {
            Action::Deal(t) => Action::Deal(sigma(t)),
            Action::Draw(t) => Action::Draw(sigma(t)),
            other => other,
        };
        let mut ea = Vec::new();
        let mut eb = Vec::new();
        sa.apply(act, &mut ea).unwrap();
        if sb.apply(bact, &mut eb).is_err() || public(&sa) != public(&sb) {
            // Not a consistent redistribution (the swap changed what could be played).
            return Ok(false);
        }
        prop_assert_eq!(sa.view(viewer), sb.view(viewer));
        let ra: Vec<Event> = ea
            .iter()
            .filter_map(|e| State::event_for(e, viewer))
            .collect();
        let rb: Vec<Event> = eb
            .iter()
            .filter_map(|e| State::event_for(e, viewer))
            .collect();
        prop_assert_eq!(ra, rb);
    }
    Ok(sa != sb)
}

#[test]
fn hidden_tile_swaps_are_exercised() {
    // The property above must not pass only because every swap is skipped: count the
    // trajectories where the swapped game really differs and still shows the same view.
    let mut differing = 0;
    for seed in 0..300u64 {
        let players = 2 + (seed % 3) as u8;
        let config = Config {
            max_rounds: Some(1),
            ..Config::with_players(players)
        };
        if swap_trajectory(config, seed, 400, Seat((seed % 2) as u8), seed * 7919)
            .expect("the views and redacted events agree")
        {
            differing += 1;
        }
    }
    assert!(differing >= 20, "only {differing} meaningful swaps");
    eprintln!("{differing} of 300 swaps changed the game but not the view");
}

#[test]
fn deal_and_draw_events_show_the_tile_only_to_the_receiver() {
    let (_, actions) = play(Config::with_players(3), 5, 400);
    let mut s = State::new(Config::with_players(3)).unwrap();
    let (mut deals, mut draws) = (0, 0);
    for a in actions {
        let mut events = Vec::new();
        s.apply(a, &mut events).unwrap();
        for e in &events {
            for viewer in 0..3 {
                let v = Seat(viewer);
                let r = State::event_for(e, v).expect("every event is shown in some form");
                match (e, r) {
                    (Event::Dealt { seat, tile }, Event::Dealt { seat: rs, tile: rt })
                    | (Event::Drew { seat, tile }, Event::Drew { seat: rs, tile: rt }) => {
                        assert_eq!(*seat, rs);
                        assert!(tile.is_some());
                        assert_eq!(rt.is_some(), *seat == v, "{e:?} for {v}");
                    }
                    (e, r) => assert_eq!(*e, r),
                }
            }
            match e {
                Event::Dealt { .. } => deals += 1,
                Event::Drew { .. } => draws += 1,
                _ => {}
            }
        }
    }
    assert!(deals >= 21 && draws > 0);
}

#[test]
fn a_view_holds_only_its_own_hand() {
    let (states, _) = play(Config::with_players(4), 9, 60);
    let s = *states.last().unwrap();
    for viewer in 0..4 {
        let v = s.view(Seat(viewer));
        assert_eq!(v.hand, s.hand(Seat(viewer)).iter().collect::<Vec<_>>());
        assert_eq!(
            v.hand_counts,
            (0..4)
                .map(|i| s.hand(Seat(i)).len() as u8)
                .collect::<Vec<_>>()
        );
        let json = serde_json::to_value(&v).unwrap();
        let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
        assert!(!keys.iter().any(|k| k.contains("hands")), "{keys:?}");
        assert_eq!(v.boneyard as usize, s.boneyard().len());
        // Legal actions only for the seat to move.
        assert_eq!(
            v.legal.is_empty(),
            s.to_move() != ToMove::Seat(Seat(viewer))
        );
    }
}

#[test]
fn bad_setups_are_refused_with_a_reason() {
    let good = Setup::from({
        let (states, _) = play(Config::default(), 3, 30);
        *states.last().unwrap()
    });
    assert!(State::from_setup(good.clone()).is_ok());
    let refuse = |f: &dyn Fn(&mut Setup), what: &str| {
        let mut s = good.clone();
        f(&mut s);
        let e = State::from_setup(s).expect_err(what);
        e.to_string()
    };
    assert!(refuse(&|s| s.boneyard.push(s.hands[0][0]), "dup").contains("twice"));
    assert!(refuse(
        &|s| {
            s.boneyard.pop();
        },
        "missing"
    )
    .contains("missing"));
    assert!(refuse(&|s| s.hands.push(vec![]), "hands").contains("hands"));
    assert!(refuse(&|s| s.config.players = 9, "config").contains("players"));
    assert!(refuse(&|s| s.move_number = u32::MAX, "moves").contains("move number"));
    // A broken chain: a tile that does not match its end.
    let mut s = State::new(Config::default()).unwrap();
    let mut rng = GameRng::new(1);
    while s.phase() == Phase::Deal {
        let a = s.sample_chance(&mut rng).unwrap();
        s.apply(a, &mut NoEvents).unwrap();
    }
    let mut setup = Setup::from(s);
    let lead = setup.plays[0].tile;
    let stranger = setup.hands[0]
        .iter()
        .chain(&setup.hands[1])
        .copied()
        .find(|t| !t.has(lead.low()) && !t.has(lead.high()))
        .unwrap();
    for h in &mut setup.hands {
        h.retain(|&t| t != stranger);
    }
    setup.plays.push(Placement {
        seat: Seat(0),
        tile: stranger,
        end: dangian::domino::End::Right,
    });
    let e = State::from_setup(setup).unwrap_err().to_string();
    assert!(e.contains("does not match"), "{e}");
}

#[test]
fn sampling_matches_the_generic_weighted_draw() {
    // State::sample_chance picks exactly what the trait's generic method picks from
    // chance_outcomes with the same RNG stream (records made either way agree).
    use dangian::{uniform_below, ChanceList};
    for seed in 0..40u64 {
        let (states, _) = play(Config::with_players(2 + (seed % 3) as u8), seed, 200);
        for s in states.iter().filter(|s| s.to_move() == ToMove::Chance) {
            let mut a = GameRng::new(seed ^ u64::from(s.move_number()));
            let mut b = a.clone();
            let ours = s.sample_chance(&mut a);
            let mut outcomes = ChanceList::new();
            s.chance_outcomes(&mut outcomes);
            let total: u32 = outcomes.iter().map(|o| o.weight).sum();
            let mut r = uniform_below(&mut b, total);
            let mut generic = None;
            for o in &outcomes {
                if r < o.weight {
                    generic = Action::from_id(o.id);
                    break;
                }
                r -= o.weight;
            }
            assert_eq!(ours, generic);
            assert_eq!(a, b, "the same number of draws from the stream");
        }
    }
}

#[test]
fn a_tile_drawn_just_before_a_fish_stays_private() {
    // Found by the swap property: the viewer draws, passes, and the round ends in a fish
    // before the drawn tile is ever in a hand between two actions.
    let config = Config {
        opening: dangian::domino::Opening::OneOneThenUp,
        later_round_lead: dangian::domino::LaterLead::PreviousWinnerAnyTile,
        fish_scoring: dangian::domino::FishScoring::LowestHandZeroOthersOwnPips,
        redeal_if_doubles_at_least: Some(5),
        max_rounds: Some(2),
        ..Config::default()
    };
    swap_trajectory(config, 13931791493717545322, 44, Seat(1), 0).unwrap();
}

/// A case the property found: with one tile per hand, the tile led ends the round at once, so
/// it is never on the line between two actions, yet every seat saw it in the `Led` event. It
/// is not a hidden tile, and swapping it would change the public course.
#[test]
fn a_tile_led_as_the_round_ends_counts_as_seen() {
    use dangian::domino::{
        FishDetection, FishScoring, LaterLead, Opening, Ranking, SeatOrder, TieBreak,
    };
    let config = Config {
        players: 3,
        hand_size: 1,
        opening: Opening::ZeroZeroThenHighDoubles,
        opening_tile_forced: true,
        opening_tiebreak: TieBreak::HigherEnd,
        later_round_lead: LaterLead::SameAsFirst,
        turn_order: SeatOrder::Ascending,
        draw_policy: DrawPolicy::UntilPlayable,
        boneyard_reserve: 0,
        fish_detection: FishDetection::AllStuck,
        fish_scoring: FishScoring::SetterZeroOthersOwnPips,
        double_blank_value: 0,
        loss_threshold: 101,
        ranking: Ranking::SharedPlaces,
        redeal_if_doubles_at_least: None,
        max_rounds: Some(2),
    };
    swap_trajectory(
        config,
        2_823_020_982_246_221_167,
        3,
        Seat(1),
        1_120_000_456_428_348_677,
    )
    .expect("views and redacted events ignore the hidden tiles");
}
