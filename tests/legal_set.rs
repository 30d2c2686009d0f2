//! The playout fast path (`Game::legal_set`, `Game::apply_legal`) against the checked one
//! (`legal_actions`, `check`, `apply`), for every game under every preset: the same legal
//! ids in the same order, the same states and the same events on random play; a stale token
//! refused with the state unchanged; a token of another game at the same move number
//! validated in full.

use dangian::{
    Action as _, ActionList, Game, GameConfig, GameRng, Legal, PlayError, ToMove, LEGAL_SET_IDS,
};
use proptest::prelude::*;

/// Play from `G`'s preset `preset` with `choices` (`byte % len` among the legal set,
/// chance by `seed`), and at each decision compare the fast path with the checked one.
fn same_as_checked<G: Game>(preset: usize, seed: u64, choices: &[u8])
where
    G::Event: PartialEq,
{
    assert!(<G::Action as dangian::Action>::ID_COUNT <= LEGAL_SET_IDS);
    let name =
        <G::Config as GameConfig>::PRESETS[preset % <G::Config as GameConfig>::PRESETS.len()];
    let config = G::Config::preset(name).expect("preset");
    same_under::<G>(config, name, seed, choices);
}

/// [`same_as_checked`] under any config (`name` for the messages).
fn same_under<G: Game>(config: G::Config, name: &str, seed: u64, choices: &[u8])
where
    G::Event: PartialEq,
{
    let mut game = G::new(config).expect("a valid config");
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    for &c in choices {
        game.legal_actions(&mut legal);
        let set = game.legal_set();
        assert_eq!(set.ids().collect::<Vec<_>>(), legal.to_vec(), "{name}");
        assert_eq!(set.len() as usize, legal.len(), "{name}");
        assert_eq!(set.move_number(), game.move_number());
        match game.to_move() {
            ToMove::Over => {
                assert!(set.is_empty());
                assert!(set.nth(0).is_none());
                break;
            }
            ToMove::Chance => {
                let a = game.sample_chance(&mut rng).expect("chance");
                assert!(set.contains(a.id()));
                game.apply(a, &mut dangian::NoEvents).expect("legal");
            }
            ToMove::Seat(_) => {
                let i = u32::from(c) % set.len();
                let token = set.nth(i).expect("in the set");
                assert_eq!(
                    token.id(),
                    legal[i as usize],
                    "{name}: nth follows the list"
                );
                assert_eq!(set.get(token.id()), Some(token));
                let mut checked = game.clone();
                let mut checked_events = Vec::new();
                checked.check(token.action()).expect("legal");
                checked
                    .apply(token.action(), &mut checked_events)
                    .expect("legal");
                let mut fast_events = Vec::new();
                game.apply_legal(token, &mut fast_events)
                    .expect("a fresh token is played");
                assert!(fast_events == checked_events, "{name}: the same events");
                assert_eq!(game.state_hash(), checked.state_hash(), "{name}");
                assert!(
                    game.to_setup() == checked.to_setup(),
                    "{name}: the same state"
                );
                // The token is stale now: refused, nothing changes.
                let before = game.state_hash();
                let mut events = Vec::new();
                match game.apply_legal(token, &mut events) {
                    Err(PlayError::Stale { expected, current }) => {
                        assert_eq!(expected, token.move_number());
                        assert_eq!(current, game.move_number());
                    }
                    other => panic!("{name}: a stale token gave {other:?}"),
                }
                assert!(events.is_empty());
                assert_eq!(game.state_hash(), before);
            }
        }
    }
}

/// A token taken in one game and played in another at the same move number: validated in
/// full, so an action illegal there is refused with `check`'s reason, the state unchanged,
/// and a legal one plays as `apply` does.
fn foreign_tokens<G: Game>(preset: usize, seed: u64, choices: &[u8])
where
    G::Event: PartialEq,
    G::Illegal: PartialEq,
{
    let name =
        <G::Config as GameConfig>::PRESETS[preset % <G::Config as GameConfig>::PRESETS.len()];
    let config = G::Config::preset(name).expect("preset");
    let mut a = G::new(config.clone()).expect("preset");
    let mut b = G::new(config).expect("preset");
    let mut rng = GameRng::new(seed);
    let mut step = |g: &mut G, c: u8| -> bool {
        let set = g.legal_set();
        match g.to_move() {
            ToMove::Over => false,
            ToMove::Chance => {
                let x = g.sample_chance(&mut rng).expect("chance");
                g.apply(x, &mut dangian::NoEvents).expect("legal");
                true
            }
            ToMove::Seat(_) => {
                let t = set.nth(u32::from(c) % set.len()).expect("in the set");
                g.apply_legal(t, &mut dangian::NoEvents).expect("legal");
                true
            }
        }
    };
    for (i, &c) in choices.iter().enumerate() {
        // The two games take different choices, one step each.
        if !step(&mut a, c) || !step(&mut b, c.wrapping_add(i as u8 | 1)) {
            break;
        }
        if a.move_number() != b.move_number() || !matches!(b.to_move(), ToMove::Seat(_)) {
            continue;
        }
        for token in a.legal_set().iter() {
            let token: Legal<G::Action> = token;
            let mut expect = b.clone();
            let mut expect_events = Vec::new();
            let expected = expect.apply(token.action(), &mut expect_events);
            let mut got = b.clone();
            let mut events = Vec::new();
            match (got.apply_legal(token, &mut events), expected) {
                (Ok(()), Ok(())) => {
                    assert!(events == expect_events, "{name}");
                    assert_eq!(got.state_hash(), expect.state_hash(), "{name}");
                }
                (Err(PlayError::Illegal(e)), Err(x)) => {
                    assert!(e == x, "{name}: the reason of check");
                    assert!(events.is_empty());
                    assert_eq!(got.state_hash(), b.state_hash(), "{name}: unchanged");
                }
                (got, expected) => {
                    panic!(
                        "{name}: {} gave {got:?}, apply {expected:?}",
                        token.action()
                    )
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn o_an_quan_fast_path_is_the_checked_path(p in 0usize..64, seed in any::<u64>(), choices in prop::collection::vec(any::<u8>(), 0..200)) {
        same_as_checked::<dangian::o_an_quan::State>(p, seed, &choices);
    }

    #[test]
    fn ca_ngua_fast_path_is_the_checked_path(p in 0usize..64, seed in any::<u64>(), choices in prop::collection::vec(any::<u8>(), 0..200)) {
        same_as_checked::<dangian::ca_ngua::State>(p, seed, &choices);
    }

    #[test]
    fn domino_fast_path_is_the_checked_path(p in 0usize..64, seed in any::<u64>(), choices in prop::collection::vec(any::<u8>(), 0..200)) {
        same_as_checked::<dangian::domino::State>(p, seed, &choices);
    }

    #[test]
    fn domino_voluntary_draws_fast_path_is_the_checked_path(seed in any::<u64>(), choices in prop::collection::vec(any::<u8>(), 0..200)) {
        // No preset lets a seat draw while it could play (the chợ's id in the legal set).
        let config = dangian::domino::Config::from_json(r#"{"draw_policy":"voluntary"}"#).expect("config");
        same_under::<dangian::domino::State>(config, "voluntary", seed, &choices);
    }

    #[test]
    fn o_an_quan_foreign_tokens_are_validated(p in 0usize..64, seed in any::<u64>(), choices in prop::collection::vec(any::<u8>(), 0..80)) {
        foreign_tokens::<dangian::o_an_quan::State>(p, seed, &choices);
    }

    #[test]
    fn ca_ngua_foreign_tokens_are_validated(p in 0usize..64, seed in any::<u64>(), choices in prop::collection::vec(any::<u8>(), 0..80)) {
        foreign_tokens::<dangian::ca_ngua::State>(p, seed, &choices);
    }

    #[test]
    fn domino_foreign_tokens_are_validated(p in 0usize..64, seed in any::<u64>(), choices in prop::collection::vec(any::<u8>(), 0..80)) {
        foreign_tokens::<dangian::domino::State>(p, seed, &choices);
    }
}

/// `AnyGame::legal_set` and `AnyGame::apply_legal`: the same ids as `legal_actions`, the
/// same states as `apply` (events off and on), stale tokens refused with the state unchanged.
fn any_same_as_checked(kind: dangian::GameKind, seed: u64, keep_events: bool, choices: &[u8]) {
    use dangian::any::AnyGame;
    let mut game = AnyGame::new(kind, "{}").expect("seed rules");
    game.keep_events(keep_events);
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    for &c in choices {
        game.legal_actions(&mut legal);
        let set = game.legal_set();
        assert_eq!(set.len() as usize, legal.len());
        assert_eq!(set.move_number(), game.move_number());
        match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                game.play_chance(&mut rng).expect("chance");
            }
            ToMove::Seat(_) => {
                let i = u32::from(c) % set.len();
                let token = set.nth(i).expect("in the set");
                assert_eq!(token.id(), legal[i as usize]);
                assert_eq!(set.get(token.id()), Some(token));
                let mut checked = game.clone();
                checked.apply(token.id()).expect("legal");
                game.apply_legal(token).expect("a fresh token is played");
                assert_eq!(game.state_hash(), checked.state_hash());
                assert_eq!(game.record().actions, checked.record().actions);
                if keep_events {
                    assert_eq!(game.events_json(None).ok(), checked.events_json(None).ok());
                }
                let before = game.state_hash();
                match game.apply_legal(token) {
                    Err(dangian::any::AnyError::Stale { expected, current }) => {
                        assert_eq!(expected, token.move_number());
                        assert_eq!(current, game.move_number());
                    }
                    other => panic!("a stale token gave {other:?}"),
                }
                assert_eq!(game.state_hash(), before);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn any_game_fast_path_is_the_checked_path(kind in 0u32..3, seed in any::<u64>(), keep in any::<bool>(), choices in prop::collection::vec(any::<u8>(), 0..200)) {
        any_same_as_checked(dangian::GameKind::from_u32(kind).expect("kind"), seed, keep, &choices);
    }
}
