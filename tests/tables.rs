//! Tables end like games: under every preset a table offers (`dangian::any::table_presets`), games
//! between hard bots from random openings end within a bound of plies a player would still
//! call a game, by the game's own end, and without an absurd score.
//!
//! The games are those of `examples/table_games.rs` (the same openings, dice and bot seeds),
//! so a failure can be looked at there: `cargo run --release --example table_games --
//! o_an_quan:seed_rules 1 SEED`. The bounds, per game:
//!
//! - Ô ăn quan, every table: no total below −[`OAQ_MAX_DEBT`] or above the points in play
//!   plus [`OAQ_MAX_DEBT`] (the bots without a preference for progress played about one game
//!   in fourteen under the seed rules to the 400-ply cap, a player in debt refilling from
//!   borrowed stones every four plies, to totals like −411 and 481). The default table
//!   (`pay_to_refill`, where no one borrows) also: at most [`OAQ_MAX_PLIES`] plies, ended by
//!   the game's own end (both quan squares empty, a side that cannot pay its refill, or a
//!   repetition; never the ply cap), and no total below zero. Under borrowing about one hard
//!   game in three hundred still reaches the cap: both players refill from debts and feed a
//!   quan square that neither dares to capture, to totals like −9 and −29.
//! - Cờ cá ngựa: ended because the players finished (never by the action limit), within
//!   [`CA_NGUA_MAX_ROLLS_PER_PLAYER`] dice rolls per player.
//! - Domino: ended by the loss threshold (never by the round cap), within
//!   [`DOMINO_MAX_ROUNDS`] rounds.
//!
//! A quick sample by default, all the games with `DANGIAN_LONG_TESTS=1` (CI runs this test in
//! release); a debug build plays only a few games of each table (of Cờ cá ngựa the
//! two-player tables only).

use dangian::bot::{bot_for_level, Bot, Evaluate, Level};
use dangian::testing::scaled;
use dangian::{
    any::table_presets, ca_ngua, domino, o_an_quan, Action, ActionList, Game, GameConfig, GameKind,
    GameRng, NoEvents, ToMove,
};

/// The most plies of a game at Ô ăn quan's default table: the longest of 1,000 measured
/// games took 156 (`docs/tables.md`), nine in ten 33 or fewer.
const OAQ_MAX_PLIES: u32 = 200;
/// The most stones a total may fall below zero at any Ô ăn quan table (a debt of ten refills
/// of five borrowed stones), or rise above the points in play.
const OAQ_MAX_DEBT: i32 = 50;
/// The most dice rolls per player of a Cờ cá ngựa table game: the longest measured games
/// take about 300 per player of four, 250 of two.
const CA_NGUA_MAX_ROLLS_PER_PLAYER: u32 = 600;
/// The most rounds of a Domino table match: the longest measured take some 15.
const DOMINO_MAX_ROUNDS: u32 = 40;

/// The first seed: the first of the seeds `1..` whose game the bots without a preference for
/// progress played to the ply cap under the seed rules, so that every sample holds it.
const FIRST_SEED: u64 = 19;

/// Random decisions at the start of each game (as `table_games` plays by default).
const OPENING: u32 = 4;

/// How many games of each table: `release` games in a release build (a quick sample of them
/// by default, all with `DANGIAN_LONG_TESTS=1`), `debug` in a debug build whatever the
/// setting (the hard bots search some twenty times slower there; CI plays the long run in
/// release).
fn games(release: u64, debug: u64) -> u64 {
    if cfg!(debug_assertions) {
        debug
    } else {
        scaled(release)
    }
}

/// A finished game: its plies, chance actions, and the game.
struct Played<G> {
    plies: u32,
    rolls: u32,
    game: G,
}

/// The game of `seed` under `config`: `OPENING` random decisions (chance sampled too), then
/// every seat the hard bot, to the end (as `examples/table_games.rs` plays it).
fn play<G: Evaluate>(config: &G::Config, seed: u64) -> Played<G> {
    let mut rng = GameRng::new(seed ^ 0x5eed_0f0e_11a9);
    let mut chance = GameRng::new(seed);
    let mut game = G::new(config.clone()).expect("a valid preset");
    let mut bots: Vec<Box<dyn Bot<G> + Send>> = (0..game.seats())
        .map(|s| bot_for_level::<G>(Level::Hard, seed.wrapping_mul(8).wrapping_add(u64::from(s))))
        .collect();
    let mut legal = ActionList::new();
    let (mut plies, mut rolls, mut opening) = (0u32, 0u32, OPENING);
    loop {
        let action = match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                rolls += 1;
                game.sample_chance(&mut chance).expect("a chance outcome")
            }
            ToMove::Seat(s) => {
                if opening > 0 {
                    opening -= 1;
                    game.legal_actions(&mut legal);
                    G::Action::from_id(legal[rng.below(legal.len() as u32) as usize])
                        .expect("a legal id")
                } else {
                    bots[s.index()].choose(&game).expect("a legal action")
                }
            }
        };
        game.apply(action, &mut NoEvents).expect("a legal action");
        plies += 1;
        assert!(
            plies <= game.max_moves(),
            "seed {seed}: past the game's own bound"
        );
    }
    Played { plies, rolls, game }
}

/// Every table preset of `kind` with its config.
fn tables<C: GameConfig>(kind: GameKind) -> Vec<(&'static str, C)> {
    table_presets(kind)
        .iter()
        .map(|&name| (name, C::preset(name).expect("a table preset is a preset")))
        .collect()
}

#[test]
fn every_table_preset_is_a_preset_with_words() {
    use dangian::describe::Describe;
    for kind in GameKind::ALL {
        let table = table_presets(kind);
        assert!(!table.is_empty(), "{kind}");
        let info = dangian::any::GameInfo::of(kind);
        assert_eq!(info.table_presets, table);
        for (i, name) in table.iter().enumerate() {
            assert!(info.presets.contains(name), "{kind}: {name}");
            assert!(!table[..i].contains(name), "{kind}: {name} twice");
        }
    }
    let words: Vec<&str> = o_an_quan::State::table_preset_words()
        .iter()
        .map(|w| w.id)
        .collect();
    assert_eq!(words, table_presets(GameKind::OAnQuan));
    assert_eq!(words[0], "pay_to_refill", "the default table has no debts");
    assert!(
        words.contains(&"seed_rules"),
        "the seed rules stay on the table"
    );
    for kind in [GameKind::CaNgua, GameKind::Domino] {
        assert_eq!(table_presets(kind)[0], "seed_rules");
    }
}

#[test]
fn o_an_quan_tables_end_like_games() {
    let tables = tables::<o_an_quan::Config>(GameKind::OAnQuan);
    for (i, (name, config)) in tables.into_iter().enumerate() {
        let most = config.total_points() + OAQ_MAX_DEBT;
        for seed in FIRST_SEED..FIRST_SEED + games(120, 3) {
            let Played { plies, game, .. } = play::<o_an_quan::State>(&config, seed);
            let totals = game.final_scores().expect("over");
            let reason = game.end_reason();
            let why = format!("{name}, seed {seed}: {plies} plies, {reason:?}, totals {totals:?}");
            assert!(
                totals.iter().all(|&t| (-OAQ_MAX_DEBT..=most).contains(&t)),
                "{why}"
            );
            if i == 0 {
                assert!(plies <= OAQ_MAX_PLIES, "{why}");
                assert_ne!(reason, Some(o_an_quan::EndReason::MoveCap), "{why}");
                assert!(totals.iter().all(|&t| t >= 0), "{why}");
            }
        }
    }
}

#[test]
fn ca_ngua_tables_end_like_games() {
    for (name, config) in tables::<ca_ngua::Config>(GameKind::CaNgua) {
        // A debug build plays the two-player tables only: a four-player game of hard bots
        // takes a minute there.
        let debug = u64::from(config.seats() == 2);
        for seed in FIRST_SEED..FIRST_SEED + games(6, debug) {
            let Played { plies, rolls, game } = play::<ca_ngua::State>(&config, seed);
            let players = u32::from(game.seats());
            let reason = game.end_reason();
            let why = format!("{name}, seed {seed}: {plies} plies, {rolls} rolls, {reason:?}");
            assert_ne!(reason, Some(ca_ngua::EndReason::ActionLimit), "{why}");
            assert!(rolls <= CA_NGUA_MAX_ROLLS_PER_PLAYER * players, "{why}");
        }
    }
}

#[test]
fn domino_tables_end_like_games() {
    for (name, config) in tables::<domino::Config>(GameKind::Domino) {
        for seed in FIRST_SEED..FIRST_SEED + games(12, 1) {
            let Played { plies, game, .. } = play::<domino::State>(&config, seed);
            let rounds = game.last_round().map_or(game.round(), |r| r.round);
            let reason = game.end_reason();
            let why = format!("{name}, seed {seed}: {plies} plies, {rounds} rounds, {reason:?}");
            assert_eq!(reason, Some(domino::EndReason::LossThreshold), "{why}");
            assert!(rounds <= DOMINO_MAX_ROUNDS, "{why}");
        }
    }
}
