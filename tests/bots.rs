//! The bots: legal choices in random games of every game, determinism, honest determinization
//! (Domino's sampler sees only the seat's view and respects everything that seat has seen),
//! hints that rank every legal action once, the public knowledge Domino keeps for it, and a
//! small significance test of strength.

use dangian::GameConfig;
use std::collections::BTreeSet;

use std::time::Duration;

use dangian::bot::{
    bot_for_level, bot_with_budget, place_rewards, Bot, Evaluate, ExpectimaxBot,
    ExpectimaxSettings, GreedyBot, Level, MctsBot, MctsSettings, PuctBot, PuctSettings, RandomBot,
    RememberingBot, HIDDEN_OUTCOME,
};
use dangian::domino::{self, DrawPolicy, End, Phase, Placement, Setup, Tile};
use dangian::o_an_quan::{AlphaBetaBot, AlphaBetaSettings};
use dangian::{ca_ngua, o_an_quan, Action, ActionList, Game, GameRng, NoEvents, Seat, ToMove};

// ---- helpers ------------------------------------------------------------------------------

fn legal<G: Game>(game: &G) -> Vec<u32> {
    let mut list = ActionList::new();
    game.legal_actions(&mut list);
    list.to_vec()
}

/// A small search budget, so that debug-build tests stay fast.
fn small_search() -> MctsSettings {
    MctsSettings {
        iterations: 24,
        rollout_depth: 20,
        exploration: 0.7,
        greedy_rollouts: 0.5,
        learned: false,
    }
}

/// A small expectimax (with determinizations where something is hidden).
fn small_expectimax() -> ExpectimaxSettings {
    ExpectimaxSettings {
        deals: 3,
        ..ExpectimaxSettings::with(2, 1_500)
    }
}

/// The bots under test: random, greedy, and small budgets of each search.
fn lineup<G: Evaluate>(seed: u64) -> Vec<(&'static str, Box<dyn Bot<G> + Send>)> {
    vec![
        ("random", Box::new(RandomBot::new(seed))),
        ("greedy", Box::new(GreedyBot::new(seed))),
        ("mcts", Box::new(MctsBot::new(small_search(), seed))),
        (
            "expectimax",
            Box::new(ExpectimaxBot::new(small_expectimax(), seed)),
        ),
        ("puct", Box::new(PuctBot::new(PuctSettings::with(30), seed))),
    ]
}

/// Plays `games` games in which the seats take turns among `lineup`, asserting that every
/// choice is legal and that the hints rank every legal action exactly once; stops a game
/// after `max_decisions` decisions. Returns the number of decisions checked.
fn check_bots_play_legally<G: Evaluate>(config: G::Config, games: u64, max_decisions: u32) -> u32 {
    let mut checked = 0;
    for g in 0..games {
        let mut bots = lineup::<G>(g);
        let mut rng = GameRng::new(1000 + g);
        let mut game = G::new(config.clone()).unwrap();
        let mut decisions = 0;
        while decisions < max_decisions {
            let action = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => game.sample_chance(&mut rng).unwrap(),
                ToMove::Seat(seat) => {
                    let ids = legal(&game);
                    let n = bots.len();
                    let (name, bot) = &mut bots[(seat.index() + decisions as usize) % n];
                    let hints = bot.hints(&game);
                    let ranked: Vec<u32> = hints.iter().map(|h| h.action.id()).collect();
                    let set: BTreeSet<u32> = ranked.iter().copied().collect();
                    assert_eq!(ranked.len(), ids.len(), "{name}: a hint per legal action");
                    assert_eq!(set, ids.iter().copied().collect(), "{name}: hints = legal");
                    assert!(
                        hints
                            .windows(2)
                            .all(|w| w[0].visits >= w[1].visits || w[0].score >= w[1].score),
                        "{name}: hints best first"
                    );
                    let a = bot.choose(&game).expect("a decision");
                    assert!(
                        ids.contains(&a.id()),
                        "{name} chose illegal {a} in\n{game:?}"
                    );
                    decisions += 1;
                    checked += 1;
                    a
                }
            };
            game.apply(action, &mut NoEvents).unwrap();
        }
    }
    checked
}

/// Positions reached by random play (every `every`-th action), with the RNG that got there.
fn random_positions<G: Game>(config: &G::Config, games: u64, every: u32, seed: u64) -> Vec<G> {
    let mut out = Vec::new();
    let mut rng = GameRng::new(seed);
    for _ in 0..games {
        let mut game = G::new(config.clone()).unwrap();
        let mut step = 0;
        loop {
            if step % every == 0 {
                out.push(game.clone());
            }
            step += 1;
            let action = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => game.sample_chance(&mut rng).unwrap(),
                ToMove::Seat(_) => {
                    let ids = legal(&game);
                    G::Action::from_id(ids[rng.below(ids.len() as u32) as usize]).unwrap()
                }
            };
            game.apply(action, &mut NoEvents).unwrap();
        }
    }
    out
}

/// Every Domino config the determinization tests run on: the presets and hand-made variants
/// that exercise each source of knowledge.
fn domino_configs() -> Vec<(&'static str, domino::Config)> {
    use domino::{Config, Opening, TieBreak};
    let short = |c: Config| Config {
        max_rounds: Some(2),
        ..c
    };
    vec![
        ("default", short(Config::default())),
        ("3 players", short(Config::with_players(3))),
        ("4 players", short(Config::with_players(4))),
        ("kozel", short(Config::kozel())),
        ("western_draw", short(Config::western_draw())),
        ("block", short(Config::block())),
        (
            "voluntary",
            short(Config {
                draw_policy: DrawPolicy::Voluntary,
                ..Config::with_players(3)
            }),
        ),
        (
            "one then pass",
            short(Config {
                draw_policy: DrawPolicy::OneThenPass,
                ..Config::default()
            }),
        ),
        (
            "lead not forced",
            short(Config {
                opening_tile_forced: false,
                opening: Opening::HighestDouble,
                opening_tiebreak: TieBreak::LowerEnd,
                players: 3,
                hand_size: 5,
                ..Config::default()
            }),
        ),
        (
            "re-deal at 2 doubles",
            short(Config {
                redeal_if_doubles_at_least: Some(2),
                ..Config::default()
            }),
        ),
    ]
}

// ---- legal choices and hints --------------------------------------------------------------

#[test]
fn bots_choose_legal_actions_and_rank_every_legal_action_once_o_an_quan() {
    let mut n = 0;
    for (_, config) in o_an_quan::Config::presets() {
        n += check_bots_play_legally::<o_an_quan::State>(config, 3, 200);
    }
    assert!(n > 300, "{n} decisions");
}

#[test]
fn bots_choose_legal_actions_and_rank_every_legal_action_once_domino() {
    let mut n = 0;
    for (_, config) in domino_configs() {
        n += check_bots_play_legally::<domino::State>(config, 2, 60);
    }
    assert!(n > 600, "{n} decisions");
}

#[test]
fn bots_choose_legal_actions_and_rank_every_legal_action_once_ca_ngua() {
    let mut n = 0;
    for config in [
        ca_ngua::Config::default(),
        ca_ngua::Config::one_die(),
        ca_ngua::Config::two_players_two_colours(),
        ca_ngua::Config::three_players(),
    ] {
        n += check_bots_play_legally::<ca_ngua::State>(config, 2, 150);
    }
    assert!(n >= 1200, "{n} decisions");
}

#[test]
fn every_level_chooses_legal_actions_in_every_game() {
    // Whole games of each level against itself, then the expert (a time budget) for a few
    // decisions; every choice legal and (but for the expert, whose two searches get different
    // times) first among hints that rank every legal action once.
    fn check<G: Evaluate>(config: G::Config, max_decisions: u32) {
        let mut bots: Vec<(String, Box<dyn Bot<G> + Send>)> = Level::ALL
            .into_iter()
            .map(|l| (l.to_string(), bot_for_level::<G>(l, 7)))
            .collect();
        bots.push((
            "expert".into(),
            bot_with_budget::<G>(Duration::from_millis(3), 7),
        ));
        for (name, bot) in bots.iter_mut() {
            let decisions = if name == "hard" || name == "expert" {
                3
            } else {
                dangian::testing::scaled_cases(max_decisions)
            };
            let mut game = G::new(config.clone()).unwrap();
            let mut rng = GameRng::new(3);
            let mut made = 0;
            while made < decisions && !game.is_over() {
                let a = match game.to_move() {
                    ToMove::Seat(_) => {
                        made += 1;
                        let ids = legal(&game);
                        let hints = bot.hints(&game);
                        let mut ranked: Vec<u32> = hints.iter().map(|h| h.action.id()).collect();
                        let a = bot.choose(&game).unwrap();
                        // The expert's two searches get different times (not comparable).
                        if name != "expert" {
                            assert_eq!(a, hints[0].action, "{name}: the choice is the first hint");
                        }
                        assert!(ids.contains(&a.id()), "{name}: {a}");
                        ranked.sort_unstable();
                        assert_eq!(ranked, ids, "{name}: every legal action ranked once");
                        a
                    }
                    _ => game.sample_chance(&mut rng).unwrap(),
                };
                game.apply(a, &mut NoEvents).unwrap();
            }
        }
    }
    check::<o_an_quan::State>(Default::default(), 60);
    check::<o_an_quan::State>(o_an_quan::Config::no_borrowing(), 60);
    check::<domino::State>(Default::default(), 40);
    check::<ca_ngua::State>(Default::default(), 40);
    check::<ca_ngua::State>(ca_ngua::Config::two_players_two_colours(), 20);
}

#[test]
fn nobody_to_move_means_no_choice_and_no_hints() {
    let game = domino::State::new(Default::default()).unwrap();
    assert_eq!(game.to_move(), ToMove::Chance);
    for (_, mut bot) in lineup::<domino::State>(1) {
        assert!(bot.choose(&game).is_none());
        assert!(bot.hints(&game).is_empty());
    }
}

// ---- determinism ----------------------------------------------------------------------------

/// The same seed and position give the same action, from a fresh bot and from one that has
/// already played; different seeds may differ.
fn check_determinism<G: Evaluate>(config: G::Config, positions: usize) {
    let states: Vec<G> = random_positions::<G>(&config, 2, 1, 5)
        .into_iter()
        .filter(|s| matches!(s.to_move(), ToMove::Seat(_)) && legal(s).len() > 1)
        .step_by(7)
        .take(positions)
        .collect();
    assert!(states.len() == positions, "{} positions", states.len());
    for level in [Level::Easy, Level::Medium] {
        let mut used = bot_for_level::<G>(level, 99);
        for s in &states {
            let a = bot_for_level::<G>(level, 99).choose(s);
            let b = bot_for_level::<G>(level, 99).choose(s);
            let c = used.choose(s);
            assert_eq!(a, b, "{level}: same seed, same position");
            assert_eq!(a, c, "{level}: the history of the bot does not matter");
            let hints_a = bot_for_level::<G>(level, 99).hints(s);
            let hints_b = bot_for_level::<G>(level, 99).hints(s);
            assert_eq!(hints_a, hints_b, "{level}: same hints");
        }
    }
    let mut search = MctsBot::new(small_search(), 4);
    let mut expectimax = ExpectimaxBot::new(small_expectimax(), 4);
    let mut puct = PuctBot::new(PuctSettings::with(40), 4);
    for s in &states {
        assert_eq!(
            search.choose(s),
            MctsBot::new(small_search(), 4).choose(s),
            "a reused search bot"
        );
        assert_eq!(
            expectimax.hints(s),
            ExpectimaxBot::new(small_expectimax(), 4).hints(s),
            "a reused expectimax bot"
        );
        assert_eq!(
            puct.hints(s),
            PuctBot::new(PuctSettings::with(40), 4).hints(s),
            "a reused PUCT bot"
        );
    }
}

#[test]
fn a_seeded_bot_always_picks_the_same_action() {
    check_determinism::<o_an_quan::State>(Default::default(), 6);
    check_determinism::<domino::State>(Default::default(), 6);
    check_determinism::<ca_ngua::State>(Default::default(), 6);
}

/// Seeded games with `level` in every seat (chance from one seeded stream), each chosen id
/// folded into a digest: (digest, decisions).
fn level_digest<G: Evaluate>(level: Level, games: u64, max_decisions: u32) -> (u64, u32) {
    let mut digest = 0u64;
    let mut decisions = 0;
    let mut rng = GameRng::new(5);
    for g in 0..games {
        let mut bots: Vec<_> = (0..4)
            .map(|i| bot_for_level::<G>(level, g * 10 + i))
            .collect();
        let mut game = G::new(G::Config::default()).unwrap();
        let mut mine = 0;
        while mine < max_decisions {
            let action = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => game.sample_chance(&mut rng).unwrap(),
                ToMove::Seat(seat) => {
                    let a = bots[seat.index() % 4].choose(&game).unwrap();
                    digest = digest.wrapping_mul(31).wrapping_add(u64::from(a.id()));
                    mine += 1;
                    a
                }
            };
            game.apply(action, &mut NoEvents).unwrap();
        }
        decisions += mine;
    }
    (digest, decisions)
}

/// The levels' choices are pinned: a change that makes a bot cheaper must leave them as they
/// are, and one meant to change how a level plays changes them here on purpose. (Every level
/// but the tree searches' hard, which takes seconds a decision in a test build.)
#[test]
fn the_levels_choices_are_pinned() {
    let oaq = [
        level_digest::<o_an_quan::State>(Level::Easy, 6, 400),
        level_digest::<o_an_quan::State>(Level::Medium, 2, 400),
        level_digest::<o_an_quan::State>(Level::Hard, 1, 6),
    ];
    let cn = [
        level_digest::<ca_ngua::State>(Level::Easy, 2, 2_000),
        level_digest::<ca_ngua::State>(Level::Medium, 1, 300),
    ];
    let domino = [
        level_digest::<domino::State>(Level::Easy, 3, 2_000),
        level_digest::<domino::State>(Level::Medium, 1, 100),
    ];
    assert_eq!(
        oaq,
        [
            (10248755036468996805, 144),
            (792784824539350028, 43),
            (66628281, 6)
        ],
        "Ô ăn quan"
    );
    assert_eq!(
        cn,
        [(12017570182007578679, 2286), (6247821326882823319, 300)],
        "Cờ cá ngựa"
    );
    assert_eq!(
        domino,
        [(12450420214376869534, 521), (9144906320114679485, 85)],
        "Domino"
    );
}

/// Games of a random learner (seat 0) against `bot`, every choice of `bot` checked against
/// `fresh()` (a new bot of the same level and seed): returns the bot and the decisions made.
fn check_remembered<G: Evaluate>(
    mut bot: RememberingBot<G, Box<dyn Bot<G> + Send>>,
    fresh: impl Fn() -> Box<dyn Bot<G> + Send>,
    games: u64,
) -> (RememberingBot<G, Box<dyn Bot<G> + Send>>, u64) {
    let mut rng = GameRng::new(11);
    let mut decisions = 0;
    for _ in 0..games {
        let mut game = G::new(G::Config::default()).unwrap();
        loop {
            let action = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => game.sample_chance(&mut rng).unwrap(),
                ToMove::Seat(Seat(0)) => {
                    let ids = legal(&game);
                    G::Action::from_id(ids[rng.below(ids.len() as u32) as usize]).unwrap()
                }
                ToMove::Seat(_) => {
                    let a = bot.choose(&game);
                    assert_eq!(
                        a,
                        fresh().choose(&game),
                        "{:?}: the bot's own choice",
                        G::KIND
                    );
                    decisions += 1;
                    a.unwrap()
                }
            };
            game.apply(action, &mut NoEvents).unwrap();
        }
    }
    (bot, decisions)
}

/// A remembering bot answers exactly as the bot it wraps, and from memory where a learner's
/// games come back to a position (Ô ăn quan's openings): with its full memory and with a
/// memory of two positions that forgets all the time.
#[test]
fn a_remembering_bot_chooses_what_its_bot_chooses() {
    let easy = || bot_for_level::<o_an_quan::State>(Level::Easy, 3);
    let (bot, decisions) = check_remembered(RememberingBot::new(easy()), easy, 60);
    assert!(
        bot.remembered() * 10 > decisions,
        "{} of {decisions} remembered",
        bot.remembered()
    );
    let (small, _) = check_remembered(RememberingBot::with_capacity(easy(), 2), easy, 20);
    assert!(small.remembered() > 0);
    let domino = || bot_for_level::<domino::State>(Level::Easy, 3);
    check_remembered(RememberingBot::new(domino()), domino, 3);
    let cn = || bot_for_level::<ca_ngua::State>(Level::Easy, 3);
    check_remembered(RememberingBot::new(cn()), cn, 2);
}

#[test]
fn the_hard_level_is_deterministic_too() {
    fn check<G: Evaluate>(config: G::Config, every: u32) {
        let states = random_positions::<G>(&config, 1, every, 8);
        let s = states
            .iter()
            .find(|s| matches!(s.to_move(), ToMove::Seat(_)) && legal(*s).len() > 2)
            .expect("a position with a choice");
        let a = bot_for_level::<G>(Level::Hard, 1).hints(s);
        let b = bot_for_level::<G>(Level::Hard, 1).hints(s);
        assert_eq!(a, b, "{:?}", G::KIND);
    }
    check::<o_an_quan::State>(Default::default(), 5);
    check::<domino::State>(Default::default(), 3);
    check::<ca_ngua::State>(Default::default(), 7);
}

#[test]
fn presets_grow_with_the_level() {
    fn check<G: Evaluate>() {
        let (m, h) = (MctsSettings::medium::<G>(), MctsSettings::hard::<G>());
        assert!(h.iterations > m.iterations, "{:?}", G::KIND);
    }
    check::<o_an_quan::State>();
    check::<domino::State>();
    check::<ca_ngua::State>();
    let (e, m, h) = (
        AlphaBetaSettings::EASY,
        AlphaBetaSettings::MEDIUM,
        AlphaBetaSettings::HARD,
    );
    assert!(e.nodes < m.nodes && m.nodes < h.nodes);
    assert!(e.noise > m.noise && m.noise > h.noise);
    assert_eq!(Level::from_u32(0), Some(Level::Easy));
    assert_eq!(Level::from_u32(1), Some(Level::Medium));
    assert_eq!(Level::from_u32(2), Some(Level::Hard));
    // The expert is not a numbered level: its budget is the host's time.
    assert_eq!(Level::from_u32(3), None);
    assert_eq!("medium".parse::<Level>(), Ok(Level::Medium));
    assert!("expert".parse::<Level>().is_err());
}

// ---- honest determinization (Domino) -------------------------------------------------------

/// For every position and seat: the sample is valid, looks the same to the seat, and depends
/// only on what the seat sees (a position resampled from the seat's view gives the same
/// sample for the same RNG stream, and the bots the same choice).
#[test]
fn domino_determinize_is_valid_matches_the_view_and_uses_only_it() {
    let mut checked = 0;
    let mut differs = 0;
    for (name, config) in domino_configs() {
        let n = config.players;
        for (i, state) in random_positions::<domino::State>(&config, 3, 3, 17)
            .iter()
            .enumerate()
        {
            for s in 0..=n {
                let seat = Seat(s);
                let mut rng = GameRng::new(i as u64);
                let d = state.determinize(seat, &mut rng);
                d.validate().unwrap_or_else(|e| {
                    panic!("{name}: invalid sample for {seat}: {e}\n{state}\n{d}")
                });
                if s < n {
                    assert_eq!(
                        d.view(seat),
                        state.view(seat),
                        "{name}: the sample looks the same"
                    );
                    differs += usize::from(d != *state);
                }
                assert_eq!(d.hand(seat), state.hand(seat), "{name}: own hand kept");
                // Another position the seat cannot tell apart from this one.
                let twin = state.determinize(seat, &mut GameRng::new(1_000_000 + i as u64));
                if s < n {
                    assert_eq!(twin.view(seat), state.view(seat));
                }
                let again = twin.determinize(seat, &mut GameRng::new(i as u64));
                assert_eq!(again, d, "{name}: the sample depends on hidden tiles");
                checked += 1;
                if state.to_move() == ToMove::Seat(seat) && i % 4 == 0 {
                    let pick = |g: &domino::State| GreedyBot::new(3).choose(g);
                    assert_eq!(
                        pick(state),
                        pick(&twin),
                        "{name}: greedy reads hidden tiles"
                    );
                    let search = |g: &domino::State| MctsBot::new(small_search(), 3).choose(g);
                    assert_eq!(
                        search(state),
                        search(&twin),
                        "{name}: search reads hidden tiles"
                    );
                    let pimc =
                        |g: &domino::State| ExpectimaxBot::new(small_expectimax(), 3).hints(g);
                    assert_eq!(
                        pimc(state),
                        pimc(&twin),
                        "{name}: expectimax reads hidden tiles"
                    );
                    if i % 8 == 0 {
                        for level in [Level::Easy, Level::Medium] {
                            let pick = |g: &domino::State| bot_for_level(level, 3).hints(g);
                            assert_eq!(
                                pick(state),
                                pick(&twin),
                                "{name}: {level} reads hidden tiles"
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 3000, "{checked} samples");
    assert!(
        differs > checked / 4,
        "the hidden tiles are really resampled ({differs})"
    );
}

/// A position in round 1 of the default rules from a plain description.
fn domino_position(
    config: domino::Config,
    hands: &[&str],
    plays: &[(u8, &str, End)],
    to_move: u8,
    phase: Phase,
) -> domino::State {
    let t = |s: &str| s.parse::<Tile>().unwrap();
    let hands: Vec<Vec<Tile>> = hands
        .iter()
        .map(|h| h.split_whitespace().map(t).collect())
        .collect();
    let plays: Vec<Placement> = plays
        .iter()
        .map(|&(s, tile, end)| Placement {
            seat: Seat(s),
            tile: t(tile),
            end,
        })
        .collect();
    let used: BTreeSet<Tile> = hands
        .iter()
        .flatten()
        .copied()
        .chain(plays.iter().map(|p| p.tile))
        .collect();
    let setup = Setup {
        config,
        round: 1,
        phase,
        turn: Some(Seat(to_move)),
        scores: vec![0; hands.len()],
        hands,
        boneyard: Tile::all().filter(|x| !used.contains(x)).collect(),
        leader: plays.first().map_or(Seat(0), |p| p.seat),
        plays,
        last_round: None,
        drew: false,
        redeals: 0,
        move_number: 2,
        end_reason: None,
        lacks: vec![],
    };
    domino::State::from_setup(setup).unwrap()
}

fn tile(s: &str) -> Tile {
    s.parse().unwrap()
}

#[test]
fn domino_samples_are_uniform_when_nothing_is_known() {
    // Seat 0 led 0-0 (nothing ranks above it); seat 1 to play sees 20 unknown tiles, 6 of
    // them in seat 0's hand: each should be there 30% of the time.
    let state = domino_position(
        domino::Config::default(),
        &["1-1 2-2 3-3 4-4 5-5 6-6", "0-1 0-2 0-3 1-2 1-3 2-3 1-4"],
        &[(0, "0-0", End::Left)],
        1,
        Phase::Play,
    );
    let mut rng = GameRng::new(5);
    let mut seen = [0u32; 28];
    let samples = 3000;
    for _ in 0..samples {
        let d = state.determinize(Seat(1), &mut rng);
        for t in d.hand(Seat(0)) {
            seen[usize::from(t.index())] += 1;
        }
    }
    let mut unknown = 0;
    for t in Tile::all() {
        let f = f64::from(seen[usize::from(t.index())]) / f64::from(samples);
        if state.hand(Seat(1)).contains(t) || t == tile("0-0") {
            assert_eq!(f, 0.0, "{t} is known");
        } else {
            unknown += 1;
            assert!((f - 0.3).abs() < 0.04, "{t}: {f}");
        }
    }
    assert_eq!(unknown, 20);
}

#[test]
fn domino_samples_respect_the_opening_and_the_seat_to_play() {
    // Seat 0's forced lead was 5-5 (DM-S5), so nobody was dealt 0-0 or 6-6; seat 1, to play
    // and undrawn, holds neither, and holds a tile that fits.
    let state = domino_position(
        domino::Config::default(),
        &["1-1 2-2 3-3 0-1 0-2 0-3", "1-2 1-3 2-3 1-4 2-4 3-4 5-6"],
        &[(0, "5-5", End::Left)],
        1,
        Phase::Play,
    );
    let mut rng = GameRng::new(6);
    for _ in 0..500 {
        let d = state.determinize(Seat(0), &mut rng);
        let h = d.hand(Seat(1));
        assert!(!h.contains(tile("0-0")) && !h.contains(tile("6-6")), "{d}");
        assert!(h.iter().any(|t| t.has(5)), "seat 1 can play: {d}");
        assert!(d.can_play(Seat(1)));
    }
}

// ---- Domino's public knowledge (State::lacks) ----------------------------------------------

fn lacks(state: &domino::State, seat: u8) -> Vec<u8> {
    let m = state.lacks(Seat(seat));
    (0..7).filter(|v| m >> v & 1 != 0).collect()
}

#[test]
fn domino_draws_and_passes_are_remembered_and_relaxed_soundly() {
    // Ends 6|5 after 6-6 and 5-6; seat 0 plays 4-6 on the left: ends 4|5. Seat 1 holds no
    // 4 or 5 and goes to the chợ (DM-S8): everyone now knows it lacks 4 and 5.
    let mut state = domino_position(
        domino::Config::default(),
        &["4-6 1-1 2-2 3-3 2-6 3-6", "0-1 0-2 1-2 1-3 2-3 0-3"],
        &[(0, "6-6", End::Left), (1, "5-6", End::Right)],
        0,
        Phase::Play,
    );
    assert_eq!(lacks(&state, 1), Vec::<u8>::new());
    let play = |t: &str, end| domino::Action::Play { tile: tile(t), end };
    state.apply(play("4-6", End::Left), &mut NoEvents).unwrap();
    assert_eq!(state.phase(), Phase::Draw);
    assert_eq!(lacks(&state, 1), [4, 5]);
    assert_eq!(
        state.view(Seat(0)).lacks[1],
        [4, 5],
        "public: in every view"
    );
    // It draws 1-6: no fit, so that tile shows neither end either; still [4, 5].
    state
        .apply(domino::Action::Draw(tile("1-6")), &mut NoEvents)
        .unwrap();
    assert_eq!(lacks(&state, 1), [4, 5]);
    // It draws 4-5, which fits: the hidden tile could show anything, knowledge is dropped
    // while it holds it...
    state
        .apply(domino::Action::Draw(tile("4-5")), &mut NoEvents)
        .unwrap();
    assert_eq!(state.phase(), Phase::Play);
    assert!(!lacks(&state, 1).contains(&4) && !lacks(&state, 1).contains(&5));
    // ...and once the one fitting tile is down, the rest of its hand still lacks 4 and 5.
    state.apply(play("4-5", End::Left), &mut NoEvents).unwrap();
    assert_eq!(lacks(&state, 1), [4, 5]);
    // Seat 0 (1-1 2-2 3-3 2-6 3-6) cannot play on 5|5 and draws: it lacks 5.
    assert_eq!(state.phase(), Phase::Draw);
    assert_eq!(lacks(&state, 0), [5]);
    state.validate().unwrap();
    // The knowledge round-trips through JSON and is refused when it contradicts a hand.
    let json = serde_json::to_value(state).unwrap();
    assert_eq!(json["lacks"], serde_json::json!([[5], [4, 5]]));
    let back: domino::State = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, state);
    let mut bad = json.clone();
    bad["lacks"] = serde_json::json!([[1], [4, 5]]);
    let err = serde_json::from_value::<domino::State>(bad)
        .unwrap_err()
        .to_string();
    assert!(err.contains("known to lack"), "{err}");
    let mut bad = json;
    bad["lacks"] = serde_json::json!([[7], []]);
    assert!(serde_json::from_value::<domino::State>(bad).is_err());
}

#[test]
fn domino_a_pass_is_remembered_and_a_new_round_forgets() {
    // No drawing: seat 1, holding no 3, passes (DM-S9) and everyone knows it lacks 3.
    let config = domino::Config {
        draw_policy: DrawPolicy::NoDraw,
        max_rounds: Some(2),
        ..domino::Config::default()
    };
    let mut state = domino_position(
        config,
        &["3-4 1-1 2-2 0-4 5-5 5-6", "0-1 0-2 1-2 0-5 1-5 2-5 0-6"],
        &[(0, "3-3", End::Left)],
        0,
        Phase::Play,
    );
    let play = |t: &str| domino::Action::Play {
        tile: tile(t),
        end: End::Left,
    };
    state.apply(play("3-4"), &mut NoEvents).unwrap();
    // Ends 4|3: seat 1 has neither, passes; seat 0 plays on.
    assert_eq!(state.to_move(), ToMove::Seat(Seat(0)));
    assert_eq!(lacks(&state, 1), [3, 4]);
    // Play the round out at random; the next round starts with nothing known.
    let mut rng = GameRng::new(1);
    while state.round() == 1 && !state.is_over() {
        let a = match state.to_move() {
            ToMove::Chance => state.sample_chance(&mut rng).unwrap(),
            _ => domino::Action::from_id(legal(&state)[0]).unwrap(),
        };
        state.apply(a, &mut NoEvents).unwrap();
    }
    assert_eq!(state.round(), 2);
    assert_eq!((lacks(&state, 0), lacks(&state, 1)), (vec![], vec![]));
}

#[test]
fn domino_a_voluntary_draw_tells_nothing_and_forgets_what_the_tile_could_show() {
    let config = domino::Config {
        draw_policy: DrawPolicy::Voluntary,
        ..domino::Config::default()
    };
    let mut state = domino_position(
        config,
        &["3-4 1-1 2-2 0-4 5-5 5-6", "0-1 0-2 1-2 0-5 1-5 2-5 0-3"],
        &[(0, "3-3", End::Left)],
        0,
        Phase::Play,
    );
    let play = |t: &str| domino::Action::Play {
        tile: tile(t),
        end: End::Left,
    };
    state.apply(play("3-4"), &mut NoEvents).unwrap();
    // Seat 1 holds 0-3 (fits 3) and still chooses the chợ: nothing learnt.
    assert_eq!(state.to_move(), ToMove::Seat(Seat(1)));
    state.apply(domino::Action::Market, &mut NoEvents).unwrap();
    assert_eq!(lacks(&state, 1), Vec::<u8>::new());
    state
        .apply(domino::Action::Draw(tile("6-6")), &mut NoEvents)
        .unwrap();
    assert_eq!(lacks(&state, 1), Vec::<u8>::new());
    // The sampler keeps a fitting tile in its hand while it is to play.
    let mut rng = GameRng::new(2);
    for _ in 0..200 {
        let d = state.determinize(Seat(0), &mut rng);
        assert!(d.can_play(Seat(1)));
        d.validate().unwrap();
    }
}

#[test]
fn domino_search_keys_hidden_draws_as_one_outcome() {
    let state = domino_position(
        domino::Config::default(),
        &["4-6 1-1 2-2 3-3 2-6 3-6", "0-1 0-2 1-2 1-3 2-3 0-3"],
        &[(0, "6-6", End::Left), (1, "5-6", End::Right)],
        0,
        Phase::Play,
    );
    let mut after = state;
    after
        .apply(
            domino::Action::Play {
                tile: tile("4-6"),
                end: End::Left,
            },
            &mut NoEvents,
        )
        .unwrap();
    let draw = domino::Action::Draw(tile("1-6"));
    assert_eq!(after.observed_id(draw, Seat(0)), HIDDEN_OUTCOME);
    assert_eq!(after.observed_id(draw, Seat(1)), draw.id());
}

// ---- evaluation and rewards ----------------------------------------------------------------

#[test]
fn rewards_follow_places_and_evaluations_stay_in_range() {
    for state in random_positions::<domino::State>(&domino::Config::with_players(3), 2, 5, 3) {
        let r = place_rewards(&state);
        if state.is_over() {
            let o = state.outcome().unwrap();
            for s in 0..3 {
                for t in 0..3 {
                    if o.places[s] < o.places[t] {
                        assert!(r[s] > r[t]);
                    }
                }
            }
        }
        for s in 0..3 {
            let e = state.evaluate(Seat(s));
            assert!((0.0..=1.0).contains(&e), "{e}");
        }
    }
    for state in random_positions::<o_an_quan::State>(&Default::default(), 2, 3, 3) {
        for s in 0..2 {
            assert!((0.0..=1.0).contains(&state.evaluate(Seat(s))));
        }
    }
    for state in random_positions::<ca_ngua::State>(&Default::default(), 1, 7, 3) {
        let total: f64 = (0..4).map(|s| state.evaluate(Seat(s))).sum();
        for s in 0..4 {
            let e = state.evaluate(Seat(s));
            assert!((0.0..=1.0).contains(&e), "{e}");
        }
        // Pairwise judgements: the seats' expected shares of the places add up.
        assert!((total - 2.0).abs() < 1e-9 || state.is_over(), "{total}");
    }
}

#[test]
fn the_learned_evaluation_counts_every_piece_and_judges_like_the_standard_one() {
    use dangian::ca_ngua::{learned_features, learned_values, LEARNED_FEATURES, LEARNED_WEIGHTS};
    for config in [
        ca_ngua::Config::default(),
        ca_ngua::Config::two_players(),
        ca_ngua::Config::two_players_two_colours(),
    ] {
        for state in random_positions::<ca_ngua::State>(&config, 3, 5, 11) {
            let f = learned_features(&state);
            let n = usize::from(state.seats());
            let mut colours = [0.0; 4];
            let mut in_yard = [0.0; 4];
            for (colour, player) in state.config().seats.pairs() {
                colours[usize::from(player)] += 1.0;
                let pieces = state.pieces()[colour.index()];
                in_yard[usize::from(player)] += pieces.iter().filter(|&&p| p < 0).count() as f64;
            }
            for s in 0..n {
                // Every piece is in the yard or counted once on the track or a home step.
                let counted: f64 = f[s][..26].iter().sum();
                assert_eq!(counted + in_yard[s], 4.0 * colours[s], "{state:?}");
                assert!(f[s][26] >= 0.0 && f[s][26] <= 0.9 * counted + 1e-9);
                let turns: f64 = f[s][29..=32].iter().sum();
                assert!(turns <= colours[s], "{:?}", &f[s][28..]);
                let dot: f64 = f[s].iter().zip(&LEARNED_WEIGHTS).map(|(a, b)| a * b).sum();
                assert_eq!(learned_values(&state, &LEARNED_WEIGHTS)[s], dot);
            }
            for row in &f[n..] {
                assert_eq!(row, &[0.0; LEARNED_FEATURES]);
            }
            let judged = state.learned_all();
            for &v in &judged[..n] {
                assert!((0.0..=1.0).contains(&v), "{v}");
            }
            if state.is_over() {
                assert_eq!(judged, place_rewards(&state));
            } else {
                // Pairwise judgements, as the standard evaluation's: the shares add up.
                let total: f64 = judged.iter().sum();
                assert!((total - n as f64 / 2.0).abs() < 1e-9, "{total}");
            }
        }
        // A game's end is judged by its places.
        let end = random_positions::<ca_ngua::State>(&config, 1, 1, 13)
            .pop()
            .unwrap();
        assert!(end.is_over());
        assert_eq!(end.learned_all(), place_rewards(&end));
    }
    // Games without a learned evaluation use their standard one.
    for state in random_positions::<domino::State>(&Default::default(), 1, 9, 5) {
        assert_eq!(state.learned_all(), state.evaluate_all());
    }
    for state in random_positions::<o_an_quan::State>(&Default::default(), 1, 5, 5) {
        assert_eq!(state.learned_all(), state.evaluate_all());
    }
}

#[test]
fn a_search_by_the_learned_evaluation_is_seeded_and_judges_differently() {
    let learned = MctsSettings {
        iterations: 300,
        rollout_depth: 8,
        exploration: 0.7,
        greedy_rollouts: 1.0,
        learned: true,
    };
    let standard = MctsSettings {
        learned: false,
        ..learned
    };
    let mut differ = 0;
    let games = dangian::testing::scaled(2);
    let positions = random_positions::<ca_ngua::State>(&Default::default(), games, 9, 21);
    for state in positions
        .iter()
        .filter(|s| matches!(s.to_move(), ToMove::Seat(_)))
    {
        let a = MctsBot::new(learned, 5).hints(state);
        let b = MctsBot::new(learned, 5).hints(state);
        assert_eq!(a, b, "the same seed, the same search");
        let ids: BTreeSet<u32> = a.iter().map(|h| h.action.id()).collect();
        assert_eq!(ids, legal(state).into_iter().collect());
        let c = MctsBot::new(standard, 5).hints(state);
        if a.iter().zip(&c).any(|(x, y)| x.score != y.score) {
            differ += 1;
        }
    }
    assert!(differ > 0, "the learned evaluation changes the scores");
}

// ---- strength -------------------------------------------------------------------------------

/// The lower end of the 95% Wilson interval.
fn wilson_low(p: f64, n: f64) -> f64 {
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    centre - z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()
}

/// A's share of the points over `games` games against B, seats alternating, each pair of
/// games from its own two random opening plies (so deterministic bots play different games).
fn match_score<G: Evaluate>(
    config: &G::Config,
    games: u64,
    mut a: impl FnMut(u64) -> Box<dyn Bot<G> + Send>,
    mut b: impl FnMut(u64) -> Box<dyn Bot<G> + Send>,
) -> f64 {
    let mut points = 0.0;
    for g in 0..games {
        let mut rng = GameRng::new(g / 2);
        let mut game = G::new(config.clone()).unwrap();
        let a_seat = (g % 2) as u8;
        let mut bots = [a(g), b(g)];
        let mut plies = 0;
        while !game.is_over() {
            let action = match game.to_move() {
                ToMove::Chance => game.sample_chance(&mut rng).unwrap(),
                ToMove::Seat(_) if plies < 2 => {
                    plies += 1;
                    let ids = legal(&game);
                    G::Action::from_id(ids[rng.below(ids.len() as u32) as usize]).unwrap()
                }
                ToMove::Seat(s) => {
                    let who = usize::from(s.0 != a_seat);
                    bots[who].choose(&game).unwrap()
                }
                ToMove::Over => break,
            };
            game.apply(action, &mut NoEvents).unwrap();
        }
        points += place_rewards(&game)[usize::from(a_seat)];
    }
    points / games as f64
}

#[test]
fn a_deeper_search_beats_easy_at_o_an_quan_significantly() {
    // A small no-noise alpha-beta (a few plies) against the easy level: a broken search,
    // evaluation or move ordering scores near 50% or below. Measured: about 85%.
    let games = 40;
    let p = match_score::<o_an_quan::State>(
        &Default::default(),
        games,
        |g| {
            Box::new(AlphaBetaBot::new(
                AlphaBetaSettings {
                    nodes: 3_000,
                    ..AlphaBetaSettings::HARD
                },
                g,
            ))
        },
        |g| bot_for_level(Level::Easy, g),
    );
    let low = wilson_low(p, games as f64);
    assert!(low > 0.5, "the search scores {p:.3}, 95% CI from {low:.3}");
}

#[test]
fn greedy_beats_random_at_o_an_quan_significantly() {
    let games = 300u64;
    let mut points = 0.0;
    for g in 0..games {
        let mut game = o_an_quan::State::new(Default::default()).unwrap();
        let greedy_seat = (g % 2) as u8;
        let mut greedy = GreedyBot::new(g);
        let mut random = RandomBot::new(g + 7);
        while let ToMove::Seat(s) = game.to_move() {
            let a = if s.0 == greedy_seat {
                Bot::<o_an_quan::State>::choose(&mut greedy, &game)
            } else {
                Bot::<o_an_quan::State>::choose(&mut random, &game)
            };
            game.apply(a.unwrap(), &mut NoEvents).unwrap();
        }
        points += place_rewards(&game)[usize::from(greedy_seat)];
    }
    let p = points / games as f64;
    let low = wilson_low(p, games as f64);
    // Measured: about 94%. A broken evaluation or bot scores near 50%.
    assert!(low > 0.75, "greedy scores {p:.3}, 95% CI from {low:.3}");
}
