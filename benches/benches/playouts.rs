//! Throughput of the rules: random playouts per second and player decisions per second, for
//! every game, with uniformly random legal choices and chance sampled by the crate's RNG.
//!
//! `cargo bench --bench playouts` prints, per game, `playouts` (time per whole game, and games
//! per second as "thrpt") and `decisions` (player decisions per second).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dangian::{Action, ActionList, Game, GameRng, NoEvents, ToMove};

/// Play one random game to the end; returns the number of player decisions.
fn playout<G: Game>(start: &G, rng: &mut GameRng, legal: &mut ActionList) -> u64 {
    let mut game = start.clone();
    let mut decisions = 0;
    loop {
        let action = match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => game.sample_chance(rng),
            ToMove::Seat(_) => {
                game.legal_actions(legal);
                decisions += 1;
                G::Action::from_id(legal[rng.below(legal.len() as u32) as usize])
            }
        };
        let Some(action) = action else { break };
        let _ = game.apply(action, &mut NoEvents);
    }
    black_box(&game);
    decisions
}

/// Register the playout and decision benchmarks of one game under `config`.
pub fn bench_game<G: Game>(c: &mut Criterion, name: &str, config: G::Config) {
    let start = G::new(config).expect("valid config");
    let mut rng = GameRng::new(1);
    let mut legal = ActionList::new();
    // Decisions per playout, measured once, so criterion can report decisions per second.
    let sample = 200;
    let total: u64 = (0..sample)
        .map(|_| playout(&start, &mut rng, &mut legal))
        .sum();
    let per_playout = (total / sample).max(1);

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(1));
    group.bench_function("playouts", |b| {
        b.iter(|| playout(&start, &mut rng, &mut legal))
    });
    group.throughput(Throughput::Elements(per_playout));
    group.bench_function("decisions", |b| {
        b.iter(|| playout(&start, &mut rng, &mut legal))
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    // One line per game: bench_game::<dangian::o_an_quan::State>(c, "o_an_quan", Default::default());
    bench_game::<dangian::o_an_quan::State>(c, "o_an_quan", Default::default());
    bench_game::<dangian::o_an_quan::State>(
        c,
        "o_an_quan_vi_wikipedia",
        dangian::o_an_quan::Config::vi_wikipedia(),
    );
    // Domino: one round (the design target) and a whole match to 101, 2 players.
    bench_game::<dangian::domino::State>(
        c,
        "domino_one_round",
        dangian::domino::Config {
            max_rounds: Some(1),
            ..Default::default()
        },
    );
    bench_game::<dangian::domino::State>(c, "domino_match", Default::default());
    // Cờ cá ngựa: the seed rules (4 players) and the single-die preset.
    bench_game::<dangian::ca_ngua::State>(c, "ca_ngua", dangian::ca_ngua::Config::default());
    bench_game::<dangian::ca_ngua::State>(
        c,
        "ca_ngua_one_die",
        dangian::ca_ngua::Config::one_die(),
    );
}

criterion_group!(benches, games);
criterion_main!(benches);
