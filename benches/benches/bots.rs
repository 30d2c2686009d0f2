//! Time per bot decision, at each level, for each game.
//!
//! `cargo bench --bench bots` prints, per game and level, the mean time of one
//! [`Bot::choose`] over a fixed set of mid-game positions where the seat to move has a real
//! choice (two legal actions or more), reached by seeded random play.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use dangian::bot::{bot_for_level, Bot, Evaluate, Level};
use dangian::{Action, ActionList, Game, GameRng, NoEvents, ToMove};

/// `count` positions with a real choice, spread over seeded random games.
fn positions<G: Game>(config: &G::Config, count: usize) -> Vec<G> {
    let mut rng = GameRng::new(2024);
    let mut legal = ActionList::new();
    let mut out = Vec::new();
    let mut game_index = 0u64;
    while out.len() < count {
        let mut game = G::new(config.clone()).expect("valid config");
        let mut decisions = 0u64;
        loop {
            let action = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => game.sample_chance(&mut rng),
                ToMove::Seat(_) => {
                    game.legal_actions(&mut legal);
                    decisions += 1;
                    // Every 9th decision of a game, offset by the game, when it is a choice.
                    if legal.len() > 1
                        && (decisions + game_index).is_multiple_of(9)
                        && out.len() < count
                    {
                        out.push(game.clone());
                    }
                    G::Action::from_id(legal[rng.below(legal.len() as u32) as usize])
                }
            };
            let Some(action) = action else { break };
            game.apply(action, &mut NoEvents).expect("legal");
        }
        game_index += 1;
    }
    out
}

fn bench_levels<G: Evaluate>(c: &mut Criterion, name: &str, config: G::Config) {
    let states = positions::<G>(&config, 24);
    let mut group = c.benchmark_group(format!("bots/{name}"));
    for level in Level::ALL {
        if level == Level::Hard {
            group.sample_size(10);
        }
        let mut bot: Box<dyn Bot<G> + Send> = bot_for_level::<G>(level, 1);
        let mut i = 0;
        group.bench_function(level.name(), |b| {
            b.iter(|| {
                i = (i + 1) % states.len();
                black_box(bot.choose(&states[i]))
            })
        });
    }
    group.finish();
}

fn bots(c: &mut Criterion) {
    bench_levels::<dangian::o_an_quan::State>(c, "o_an_quan", Default::default());
    bench_levels::<dangian::ca_ngua::State>(c, "ca_ngua", Default::default());
    bench_levels::<dangian::domino::State>(c, "domino", Default::default());
}

criterion_group!(benches, bots);
criterion_main!(benches);
