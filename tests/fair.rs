//! Provably fair chance: honest games verify; a changed die, a swapped deal, a wrong reveal,
//! a reordered draw are each caught and named; the derivation is frozen by known answers and
//! its draws are uniform (a chi-square test that fails on a biased derivation).

use dangian::fair::{self, commitment, FairChance, FairError, FAIR_SCHEME};
use dangian::{
    ca_ngua, domino, o_an_quan, Action, ActionList, Game, GameConfig, GameKind, GameRng, NoEvents,
    Record, Recorded, ToMove,
};

const SERVER_SEED: [u8; 32] = [
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
];

fn player_seeds() -> Vec<String> {
    vec!["alice:42".to_owned(), "bob: a seed of his own".to_owned()]
}

/// A whole game with fair chance; players choose at random (seeded by `seed`).
fn fair_game<G: Game>(config: G::Config, seed: u64) -> Recorded<G> {
    let mut game = Recorded::<G>::new(config)
        .expect("valid")
        .with_fair_chance(FairChance::new(G::KIND, SERVER_SEED, player_seeds()));
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    loop {
        let action = match game.game().to_move() {
            ToMove::Over => break,
            ToMove::Chance => game.fair_outcome().expect("a fair outcome"),
            ToMove::Seat(_) => {
                game.game().legal_actions(&mut legal);
                G::Action::from_id(legal[rng.below(legal.len() as u32) as usize]).expect("id")
            }
        };
        game.apply(action, &mut NoEvents).expect("legal");
    }
    game
}

#[test]
fn honest_games_verify() {
    let check = |record: Record, chance_min: u64| {
        let json = record.to_json();
        let read = Record::from_json(&json).expect("reads back");
        let verified = fair::verify(&read).unwrap_or_else(|e| panic!("{e}"));
        assert!(verified.chance_outcomes >= chance_min, "{verified:?}");
        assert_eq!(verified.commitment, commitment(&SERVER_SEED));
    };
    check(
        fair_game::<ca_ngua::State>(ca_ngua::Config::default(), 1).record(),
        100,
    );
    check(
        fair_game::<ca_ngua::State>(ca_ngua::Config::one_die(), 2).record(),
        100,
    );
    check(
        fair_game::<domino::State>(domino::Config::default(), 3).record(),
        28,
    );
    check(
        fair_game::<domino::State>(domino::Config::with_players(4), 4).record(),
        28,
    );
    // A game without chance verifies too: there is nothing to derive.
    let oaq = fair_game::<o_an_quan::State>(o_an_quan::Config::default(), 5).record();
    assert_eq!(fair::verify(&oaq).expect("verifies").chance_outcomes, 0);
}

#[test]
fn the_server_seed_is_revealed_only_once_the_game_is_over() {
    let mut game = Recorded::<domino::State>::new(domino::Config::default())
        .expect("valid")
        .with_fair_chance(FairChance::new(
            GameKind::Domino,
            SERVER_SEED,
            player_seeds(),
        ));
    for _ in 0..10 {
        let deal = game.fair_outcome().expect("a deal");
        game.apply(deal, &mut NoEvents).expect("legal");
    }
    let mid = game.record();
    let f = mid.fairness.clone().expect("fairness");
    assert_eq!(f.scheme, FAIR_SCHEME);
    assert_eq!(f.commitment, commitment(&SERVER_SEED));
    assert_eq!(f.player_seeds, player_seeds());
    assert_eq!(f.server_seed, None, "no reveal before the end");
    assert!(
        !mid.to_json().contains("0001020304"),
        "the seed is not in the record"
    );
    assert!(matches!(fair::verify(&mid), Err(FairError::NotRevealed)));
    let over = fair_game::<domino::State>(domino::Config::default(), 6).record();
    assert!(over.fairness.expect("fairness").server_seed.is_some());
}

/// A server restarting a table resumes the saved game and sets the same seeds again: the
/// count of chance outcomes goes on from the record's and the finished game verifies.
#[test]
fn a_resumed_fair_game_goes_on_counting() {
    let mut game = Recorded::<ca_ngua::State>::new(ca_ngua::Config::default())
        .expect("valid")
        .with_fair_chance(FairChance::new(
            GameKind::CaNgua,
            SERVER_SEED,
            player_seeds(),
        ));
    let mut rng = GameRng::new(8);
    let mut legal = ActionList::new();
    let mut step = |game: &mut Recorded<ca_ngua::State>| {
        let action = match game.game().to_move() {
            ToMove::Over => return false,
            ToMove::Chance => game.fair_outcome().expect("a fair outcome"),
            ToMove::Seat(_) => {
                game.game().legal_actions(&mut legal);
                ca_ngua::Action::from_id(legal[rng.below(legal.len() as u32) as usize]).expect("id")
            }
        };
        game.apply(action, &mut NoEvents).expect("legal");
        true
    };
    for _ in 0..60 {
        step(&mut game);
    }
    let saved = game.record();
    let mut game = saved.resume::<ca_ngua::State>().expect("resumes");
    game.set_fair_chance(FairChance::new(
        GameKind::CaNgua,
        SERVER_SEED,
        player_seeds(),
    ));
    while step(&mut game) {}
    let verified = fair::verify(&game.record()).unwrap_or_else(|e| panic!("{e}"));
    assert!(verified.chance_outcomes > 30, "{verified:?}");
    // Resumed without its seeds, the game's next dice are no longer the committed ones.
    let mut unfair = saved.resume::<ca_ngua::State>().expect("resumes");
    unfair.set_fair_chance(FairChance::new(GameKind::CaNgua, SERVER_SEED, vec![]));
    while step(&mut unfair) {}
    let mut record = unfair.record();
    record.fairness = game.record().fairness;
    assert!(matches!(
        fair::verify(&record),
        Err(FairError::Mismatch { .. })
    ));
}

/// The index of the `n`-th chance action of a record of `G`.
fn chance_indices<G: Game>(record: &Record) -> Vec<usize> {
    let mut game: G = record.start().expect("start");
    let mut out = Vec::new();
    for (i, text) in record.actions.iter().enumerate() {
        if game.to_move() == ToMove::Chance {
            out.push(i);
        }
        game.apply(text.parse().expect("notation"), &mut NoEvents)
            .expect("legal");
    }
    out
}

#[test]
fn tampering_is_caught_and_named() {
    // A changed die: another legal roll at the 11th chance action.
    let record = fair_game::<ca_ngua::State>(ca_ngua::Config::default(), 7).record();
    let at = chance_indices::<ca_ngua::State>(&record)[10];
    let mut changed = record.clone();
    let other = if changed.actions[at] == "r6-6" {
        "r1-1"
    } else {
        "r6-6"
    };
    changed.actions[at] = other.to_owned();
    match fair::verify(&changed) {
        Err(FairError::Mismatch {
            number,
            index,
            found,
            ..
        }) => {
            assert_eq!((number, index, found.as_str()), (10, at, other));
        }
        e => panic!("a changed die: {e:?}"),
    }

    // A swapped deal: the first two tiles dealt change places.
    let record = fair_game::<domino::State>(domino::Config::default(), 8).record();
    let mut swapped = record.clone();
    swapped.actions.swap(0, 1);
    assert!(matches!(
        fair::verify(&swapped),
        Err(FairError::Mismatch {
            number: 0,
            index: 0,
            ..
        })
    ));

    // A reordered draw: two consecutive draws of the record change places.
    let draws: Vec<usize> = record
        .actions
        .iter()
        .enumerate()
        .filter(|(_, a)| a.starts_with("draw"))
        .map(|(i, _)| i)
        .collect();
    let pair = draws
        .windows(2)
        .find(|w| w[1] == w[0] + 1)
        .expect("two draws in a row");
    let mut reordered = record.clone();
    reordered.actions.swap(pair[0], pair[1]);
    match fair::verify(&reordered) {
        Err(FairError::Mismatch { index, .. }) => assert_eq!(index, pair[0]),
        e => panic!("a reordered draw: {e:?}"),
    }

    // A wrong reveal: another seed than the one committed to.
    let mut wrong = record.clone();
    if let Some(f) = wrong.fairness.as_mut() {
        f.server_seed = Some("ff".repeat(32));
    }
    assert!(matches!(
        fair::verify(&wrong),
        Err(FairError::WrongReveal { .. })
    ));

    // Another player seed than the one given: every outcome changes.
    let mut other_seeds = record.clone();
    if let Some(f) = other_seeds.fairness.as_mut() {
        f.player_seeds[0].push('!');
    }
    assert!(matches!(
        fair::verify(&other_seeds),
        Err(FairError::Mismatch { .. })
    ));

    // No fairness section, another scheme.
    let mut none = record.clone();
    none.fairness = None;
    assert!(matches!(fair::verify(&none), Err(FairError::NotFair)));
    let mut scheme = record;
    if let Some(f) = scheme.fairness.as_mut() {
        f.scheme = "other/1".to_owned();
    }
    assert!(matches!(fair::verify(&scheme), Err(FairError::Scheme(_))));
}

/// Known answers: they freeze the derivation (a change of scheme needs a new FAIR_SCHEME).
#[test]
fn known_answers() {
    // HMAC-SHA-256 of the crates the scheme is built on (RFC 4231, test case 2).
    use hmac::{Hmac, KeyInit, Mac};
    let mut mac = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(b"Jefe").expect("a key");
    mac.update(b"what do ya want for nothing?");
    let hex: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(
        hex,
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    );
    assert_eq!(
        commitment(&SERVER_SEED),
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    );
    let chance = FairChance::new(GameKind::CaNgua, SERVER_SEED, player_seeds());
    let draws: Vec<u32> = (0..12).map(|n| chance.uniform(n, 36)).collect();
    assert_eq!(draws, KNOWN_DICE);
    let mut dealt = Vec::new();
    let mut game = domino::State::new(domino::Config::default()).expect("valid");
    let deal = FairChance::new(GameKind::Domino, SERVER_SEED, player_seeds());
    for n in 0..7 {
        let a = deal.outcome(&game, n).expect("a deal");
        dealt.push(a.to_string());
        game.apply(a, &mut NoEvents).expect("legal");
    }
    assert_eq!(dealt, KNOWN_DEAL);
}

/// Cross-checked with an independent HMAC-SHA-256 (Python's `hmac` and `hashlib`).
const KNOWN_DICE: [u32; 12] = [3, 24, 17, 4, 25, 35, 28, 30, 18, 12, 26, 2];
/// Frozen from this implementation: the deal indexes the tiles left in `chance_outcomes` order.
const KNOWN_DEAL: [&str; 7] = [
    "deal 2-3", "deal 1-6", "deal 1-2", "deal 1-4", "deal 4-5", "deal 3-5", "deal 4-4",
];

/// The draws are uniform: a chi-square test over 120 000 draws for each total a game uses
/// (6 faces, 36 two-dice draws, 28 tiles), at p = 0.001.
#[test]
fn the_derivation_is_unbiased() {
    // Critical values of chi-square at p = 0.001 for 5, 35 and 27 degrees of freedom.
    for (total, critical) in [(6u32, 20.52), (36, 66.62), (28, 55.48)] {
        let chance = FairChance::new(GameKind::CaNgua, SERVER_SEED, vec![format!("{total}")]);
        let n = 120_000u64;
        let mut counts = vec![0u64; total as usize];
        for i in 0..n {
            counts[chance.uniform(i, total) as usize] += 1;
        }
        let expected = n as f64 / f64::from(total);
        let chi2: f64 = counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        assert!(
            chi2 < critical,
            "total {total}: chi-square {chi2:.1} ≥ {critical}"
        );
    }
}

/// The seed given as text: 64 hex digits, nothing else.
#[test]
fn server_seeds_are_64_hex_digits() {
    let text: String = SERVER_SEED.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(fair::parse_server_seed(&text), Ok(SERVER_SEED));
    for bad in ["", "00", &"g".repeat(64), &"0".repeat(65), &"é".repeat(32)] {
        assert!(fair::parse_server_seed(bad).is_err(), "{bad:?}");
    }
}

/// Presets of every game with chance verify under fair chance.
#[test]
fn every_preset_with_chance_verifies() {
    for (name, config) in ca_ngua::Config::presets() {
        let r = fair_game::<ca_ngua::State>(config, 11).record();
        fair::verify(&r).unwrap_or_else(|e| panic!("ca_ngua {name}: {e}"));
    }
    for (name, config) in domino::Config::presets() {
        let r = fair_game::<domino::State>(config, 12).record();
        fair::verify(&r).unwrap_or_else(|e| panic!("domino {name}: {e}"));
    }
}
