//! The random-play invariant checker, written once for every game.
//!
//! [`check_random_play`] plays seeded random games and, at every step, checks the contract of
//! [`Game`]: legal ids sorted and unique; every legal action accepted and every other id
//! rejected with the state unchanged; chance weights positive and matching the legal ids;
//! notation and id round trips; clone equality; JSON round trip through validation; the
//! game's own invariants ([`Game::validate`]); events that do not change the result; the
//! move counter; and, at the end, the outcome, the move bound and the replay of the record.
//!
//! The crate's tests run it on every game and preset, and the fuzz targets run
//! [`check_step`] on the positions they reach. A game embedding the crate can run it on its own
//! configs.
#![forbid(unsafe_code)]

use rand_core::Rng;

use crate::chance::{uniform_below, GameRng};
use crate::game::{Action, ActionList, ChanceList, Game, IllegalReason, NoEvents, Seat, ToMove};
use crate::record::Record;

/// What a run of [`check_random_play`] played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayStats {
    /// Games played to the end.
    pub games: u64,
    /// Actions applied, chance outcomes included.
    pub actions: u64,
    /// The longest game, in actions.
    pub longest: u32,
    /// The most events one action reported.
    pub most_events: usize,
}

/// Play `games` random games of `G` under `config`, seeded by `seed`, checking every invariant
/// of the [`Game`] contract at every step.
///
/// # Errors
/// A description of the first broken invariant, with the game and move where it broke.
pub fn check_random_play<G: Game>(
    config: &G::Config,
    seed: u64,
    games: u64,
) -> Result<PlayStats, String> {
    let mut rng = GameRng::new(seed);
    let mut stats = PlayStats::default();
    for game_index in 0..games {
        let mut game = G::new(config.clone()).map_err(|e| format!("G::new: {e}"))?;
        let mut record = Record::new::<G>(config);
        loop {
            let move_index = record.actions.len();
            let at = |what: String| {
                format!("game {game_index} (seed {seed}), move {move_index}: {what}")
            };
            let Some(action) = check_step(&game, &mut rng).map_err(at)? else {
                break;
            };
            let mut events = Vec::new();
            let mut quiet = game.clone();
            let before = game.move_number();
            game.apply(action, &mut events)
                .map_err(|e| at(format!("legal action {action} refused: {e}")))?;
            quiet
                .apply(action, &mut NoEvents)
                .map_err(|e| at(format!("{action} refused without events: {e}")))?;
            if quiet != game {
                return Err(at(format!(
                    "{action}: applying with events changed the result"
                )));
            }
            if game.move_number() != before + 1 {
                return Err(at(format!(
                    "{action}: the move number did not go up by one"
                )));
            }
            for s in 0..game.seats() {
                for e in &events {
                    // Redaction must never fail or panic for any seat.
                    let _ = G::event_for(e, Seat(s));
                }
            }
            let json = serde_json::to_string(&events).map_err(|e| at(format!("events: {e}")))?;
            let back: Vec<G::Event> = serde_json::from_str(&json)
                .map_err(|e| at(format!("events do not read back: {e}: {json}")))?;
            if back != events {
                return Err(at(format!("events JSON round trip differs: {json}")));
            }
            stats.most_events = stats.most_events.max(events.len());
            record.push(action);
            if game.move_number() > game.max_moves() {
                return Err(at(format!(
                    "the game passed its bound of {}",
                    game.max_moves()
                )));
            }
        }
        let outcome = game
            .outcome()
            .ok_or_else(|| format!("game {game_index}: over without an outcome"))?;
        for s in 0..usize::from(outcome.seats) {
            if usize::from(outcome.places[s]) > usize::from(outcome.seats) {
                return Err(format!(
                    "game {game_index}: place out of range: {outcome:?}"
                ));
            }
        }
        record.seal(&game);
        let record = Record::from_json(&record.to_json())
            .map_err(|e| format!("game {game_index}: the record does not read back: {e}"))?;
        let replayed: G = record
            .replay()
            .map_err(|e| format!("game {game_index}: replay failed: {e}"))?;
        if replayed != game {
            return Err(format!(
                "game {game_index}: the replay differs from live play"
            ));
        }
        stats.games += 1;
        stats.actions += u64::from(game.move_number());
        stats.longest = stats.longest.max(game.move_number());
    }
    Ok(stats)
}

/// Check every per-position invariant of `game` and pick a random legal action with `rng`
/// (chance outcomes with their probabilities). `None` when the game is over.
///
/// # Errors
/// A description of the first broken invariant.
pub fn check_step<G: Game, R: Rng + ?Sized>(
    game: &G,
    rng: &mut R,
) -> Result<Option<G::Action>, String> {
    game.validate().map_err(|e| format!("validate: {e}"))?;
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    if legal.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!("legal ids not strictly ascending: {legal:?}"));
    }
    let to_move = game.to_move();
    if (to_move == ToMove::Over) != legal.is_empty() {
        return Err(format!(
            "to_move {to_move:?} but {} legal actions",
            legal.len()
        ));
    }
    if (to_move == ToMove::Over) != game.outcome().is_some() {
        return Err(format!(
            "to_move {to_move:?} but outcome {:?}",
            game.outcome()
        ));
    }
    let mut chance = ChanceList::new();
    game.chance_outcomes(&mut chance);
    if to_move == ToMove::Chance {
        let ids: Vec<u32> = chance.iter().map(|o| o.id).collect();
        if ids != legal.as_slice() || chance.iter().any(|o| o.weight == 0) {
            return Err(format!(
                "chance outcomes {chance:?} do not match legal {legal:?}"
            ));
        }
    } else if !chance.is_empty() {
        return Err("chance outcomes listed while a player is to move".into());
    }

    // Every id: accepted iff listed; a refusal leaves the state unchanged.
    let hash = game.state_hash();
    for id in 0..G::Action::ID_COUNT + 2 {
        let Some(action) = G::Action::from_id(id) else {
            if id < G::Action::ID_COUNT {
                return Err(format!("id {id} below ID_COUNT has no action"));
            }
            continue;
        };
        if action.id() != id {
            return Err(format!("from_id({id}).id() = {}", action.id()));
        }
        let text = action.to_string();
        if text.parse::<G::Action>().ok() != Some(action) {
            return Err(format!("notation {text:?} does not read back as id {id}"));
        }
        let listed = legal.contains(&id);
        match (game.check(action), listed) {
            (Ok(()), true) => {}
            (Ok(()), false) => return Err(format!("{text} passes check but is not listed")),
            (Err(e), true) => return Err(format!("{text} is listed but check says: {e}")),
            (Err(reason), false) => {
                if !G::Illegal::REASONS.iter().any(|(c, _)| *c == reason.code()) {
                    return Err(format!(
                        "{text}: reason code {} is not listed",
                        reason.code()
                    ));
                }
                let mut copy = game.clone();
                let mut events = Vec::new();
                match copy.apply(action, &mut events) {
                    Err(e) if e == reason => {}
                    Err(e) => return Err(format!("{text}: check says {reason}, apply says {e}")),
                    Ok(()) => return Err(format!("illegal {text} was applied")),
                }
                if copy != *game || copy.state_hash() != hash || !events.is_empty() {
                    return Err(format!(
                        "refused {text} changed the state or emitted events"
                    ));
                }
            }
        }
    }

    // Whose turn it is agrees with who is to move.
    match (to_move, game.turn()) {
        (ToMove::Seat(s), Some(t)) if s == t => {}
        (ToMove::Chance, Some(_)) | (ToMove::Over, None) => {}
        (t, turn) => return Err(format!("to_move {t:?} but turn {turn:?}")),
    }

    // Setup round trip (through validation).
    let back = G::from_setup(game.to_setup()).map_err(|e| format!("from_setup: {e}"))?;
    if back != *game {
        return Err("to_setup / from_setup does not round-trip".into());
    }

    // Clone, hash and JSON round trip (through validation).
    let copy = game.clone();
    if copy != *game || copy.state_hash() != hash {
        return Err("a clone differs from the original".into());
    }
    let json = serde_json::to_string(game).map_err(|e| format!("serialize: {e}"))?;
    let back: G = serde_json::from_str(&json).map_err(|e| format!("deserialize: {e}: {json}"))?;
    if back != *game || back.state_hash() != hash {
        return Err(format!("JSON round trip differs: {json}"));
    }
    for s in 0..game.seats() {
        serde_json::to_string(&game.view(Seat(s))).map_err(|e| format!("view: {e}"))?;
    }

    if legal.is_empty() {
        return Ok(None);
    }
    let action = if to_move == ToMove::Chance {
        game.sample_chance(rng)
            .ok_or("chance to move but nothing sampled")?
    } else {
        let id = legal[uniform_below(rng, legal.len() as u32) as usize];
        G::Action::from_id(id).ok_or("listed id has no action")?
    };
    Ok(Some(action))
}

/// The environment variable that asks for the long test runs: `DANGIAN_LONG_TESTS=1`.
pub const LONG_TESTS_VAR: &str = "DANGIAN_LONG_TESTS";

/// How much smaller the counts of the default test run are than the long run's.
pub const QUICK_FRACTION: u64 = 8;

/// Whether the long test runs are asked for ([`LONG_TESTS_VAR`] set to `1`, as CI does).
#[must_use]
pub fn long_tests() -> bool {
    std::env::var(LONG_TESTS_VAR).is_ok_and(|v| v == "1")
}

/// How many games, cases or inputs a test of `full` runs: `full` in the long run, an eighth
/// of it (at least one) otherwise, so that `cargo test` stays quick on a newcomer's machine
/// while CI plays everything.
///
/// The first call of a test program that shortens a count says so on the terminal, past the
/// test harness's output capture (a quick run is never silently smaller).
#[must_use]
pub fn scaled(full: u64) -> u64 {
    if long_tests() {
        return full;
    }
    say_quick();
    (full / QUICK_FRACTION).max(1)
}

/// The step of a sample that takes every `step`-th item in the long run: eight times wider
/// in a quick run (said once, as by [`scaled`]).
#[must_use]
pub fn scaled_step(step: usize) -> usize {
    if long_tests() {
        return step;
    }
    say_quick();
    step.saturating_mul(QUICK_FRACTION as usize)
}

/// Says once per test program, past the harness's output capture, that its run is quick.
fn say_quick() {
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        use std::io::Write;
        let program = std::env::args().next().unwrap_or_default();
        let name = program.rsplit(['/', '\\']).next().unwrap_or("tests");
        let _ = writeln!(
            std::io::stderr(),
            "quick run: {name} plays 1/{QUICK_FRACTION} of its random games, cases and inputs \
             ({LONG_TESTS_VAR}=1 plays them all)"
        );
    });
}

/// [`scaled`] for `u32` counts (proptest's case counts among them).
#[must_use]
pub fn scaled_cases(full: u32) -> u32 {
    u32::try_from(scaled(u64::from(full))).unwrap_or(full)
}
