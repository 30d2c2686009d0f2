//! How often a learner's games bring a bot back to a position it has decided before, and what
//! remembering its choices ([`RememberingBot`]) saves: `remember GAME LEVEL GAMES` plays
//! GAMES games (`o_an_quan`, `ca_ngua`, `domino`; `easy`, `medium`, `hard`), 1,024 at a time
//! as a vectorized environment does, seat 0 a uniformly random learner and every other seat
//! the bot of LEVEL, once with the bot alone and once remembering, and prints the decisions,
//! the share answered from memory, the time of each run and their ratio. The two runs'
//! choices are compared one by one.

use std::time::{Duration, Instant};

use dangian::bot::{bot_for_level, Bot, Evaluate, Level, RememberingBot};
use dangian::{Action, ActionList, GameRng, NoEvents, Seat, ToMove};

/// Plays `games` games, `batch` at a time in turn: the bot's choices, and the time the bot took.
fn run<G: Evaluate>(bot: &mut dyn Bot<G>, games: usize, batch: usize) -> (Vec<u32>, Duration) {
    let mut learner = GameRng::new(1);
    let mut chance = GameRng::new(2);
    let mut legal = ActionList::new();
    let mut choices = Vec::new();
    let mut thinking = Duration::ZERO;
    let fresh = || G::new(Default::default()).ok();
    let mut table: Vec<G> = (0..batch.min(games)).filter_map(|_| fresh()).collect();
    let mut started = table.len();
    while !table.is_empty() {
        // One step: each game to its learner's next decision (or its end).
        table.retain_mut(|game| loop {
            let action = match game.to_move() {
                ToMove::Over => {
                    if started == games {
                        return false;
                    }
                    started += 1;
                    match fresh() {
                        Some(g) => *game = g,
                        None => return false,
                    }
                    continue;
                }
                ToMove::Chance => game.sample_chance(&mut chance),
                ToMove::Seat(Seat(0)) => {
                    game.legal_actions(&mut legal);
                    let pick = learner.below(legal.len() as u32) as usize;
                    let a = legal.get(pick).and_then(|&id| G::Action::from_id(id));
                    if let Some(a) = a {
                        let _ = game.apply(a, &mut NoEvents);
                    }
                    return true;
                }
                ToMove::Seat(_) => {
                    let start = Instant::now();
                    let a = bot.choose(game);
                    thinking += start.elapsed();
                    choices.push(a.map_or(u32::MAX, |a| a.id()));
                    a
                }
            };
            match action {
                Some(a) if game.apply(a, &mut NoEvents).is_ok() => {}
                _ => return false,
            }
        });
    }
    (choices, thinking)
}

fn measure<G: Evaluate>(name: &str, level: Level, games: usize) {
    let (plain, plain_time) = run::<G>(&mut bot_for_level::<G>(level, 7), games, 1024);
    let mut remembering = RememberingBot::new(bot_for_level::<G>(level, 7));
    let (kept, kept_time) = run::<G>(&mut remembering, games, 1024);
    assert_eq!(plain, kept, "remembering changed a choice");
    let share = remembering.remembered() as f64 / plain.len().max(1) as f64;
    println!(
        "{name} {level}: {games} games, {} decisions, {:.1} % from memory; the bot's time {:.3} s alone, {:.3} s remembering ({:.2}x)",
        plain.len(),
        100.0 * share,
        plain_time.as_secs_f64(),
        kept_time.as_secs_f64(),
        plain_time.as_secs_f64() / kept_time.as_secs_f64().max(1e-9),
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "o_an_quan".into());
    let level: Level = match args.next().unwrap_or_else(|| "easy".into()).parse() {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let games: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    match game.as_str() {
        "o_an_quan" => measure::<dangian::o_an_quan::State>(&game, level, games),
        "ca_ngua" => measure::<dangian::ca_ngua::State>(&game, level, games),
        "domino" => measure::<dangian::domino::State>(&game, level, games),
        other => {
            eprintln!("unknown game {other}: o_an_quan, ca_ngua or domino");
            std::process::exit(2);
        }
    }
}
