//! What the player seeds cost a server and a verifier under provably fair chance: the time of
//! one chance outcome with the largest seeds the scheme takes, the time to verify a whole
//! Cờ cá ngựa game played with them, and what becomes of a 1 MB seed.
//!
//! ```sh
//! cargo run --release --example fair_cost
//! ```

use std::time::{Duration, Instant};

use dangian::fair::{self, FairChance, MAX_PLAYER_SEEDS, MAX_PLAYER_SEED_BYTES};
use dangian::{
    ca_ngua, Action, ActionList, Game, GameKind, GameRng, NoEvents, Record, Recorded, ToMove,
};

const SERVER_SEED: [u8; 32] = [7; 32];

/// `count` seeds of `bytes` bytes each.
fn seeds(count: usize, bytes: usize) -> Vec<String> {
    (0..count)
        .map(|i| char::from(b'a' + (i % 26) as u8).to_string().repeat(bytes))
        .collect()
}

/// The mean time of one chance outcome drawn from the seeds (what `play_chance` adds to an
/// apply), over `n` outcomes of a roll of two dice.
fn per_outcome(chance: &FairChance, n: u64) -> Duration {
    let game = ca_ngua::State::new(ca_ngua::Config::default()).expect("the seed rules");
    assert_eq!(game.to_move(), ToMove::Chance);
    let start = Instant::now();
    let mut sum = 0u32;
    for i in 0..n {
        sum = sum.wrapping_add(chance.outcome(&game, i).map_or(0, |a| a.id()));
    }
    std::hint::black_box(sum);
    start.elapsed() / n as u32
}

/// A whole Cờ cá ngựa game with fair chance under `player_seeds`, as a record.
fn whole_game(player_seeds: Vec<String>) -> Record {
    let chance =
        FairChance::new(GameKind::CaNgua, SERVER_SEED, player_seeds).expect("bounded seeds");
    let mut game = Recorded::<ca_ngua::State>::new(ca_ngua::Config::default())
        .expect("the seed rules")
        .with_fair_chance(chance)
        .expect("before the first action");
    let mut rng = GameRng::new(1);
    let mut legal = ActionList::new();
    loop {
        let action = match game.game().to_move() {
            ToMove::Over => break,
            ToMove::Chance => game.fair_outcome().expect("a fair outcome"),
            ToMove::Seat(_) => {
                game.game().legal_actions(&mut legal);
                ca_ngua::Action::from_id(legal[rng.below(legal.len() as u32) as usize])
                    .expect("a legal id")
            }
        };
        game.apply(action, &mut NoEvents).expect("legal");
    }
    game.record()
}

fn main() {
    let largest = seeds(MAX_PLAYER_SEEDS, MAX_PLAYER_SEED_BYTES);
    let total: usize = largest.iter().map(String::len).sum();
    println!(
        "scheme {}: at most {MAX_PLAYER_SEEDS} player seeds of at most {MAX_PLAYER_SEED_BYTES} bytes ({total} bytes in all)",
        fair::FAIR_SCHEME
    );
    for (label, player_seeds) in [
        ("no player seed", Vec::new()),
        ("two short seeds", seeds(2, 8)),
        ("the largest seeds", largest.clone()),
    ] {
        let start = Instant::now();
        let chance =
            FairChance::new(GameKind::CaNgua, SERVER_SEED, player_seeds).expect("bounded seeds");
        let setup = start.elapsed();
        let each = per_outcome(&chance, 200_000);
        println!("{label:>18}: set-up {setup:>10.2?}, one chance outcome {each:>9.2?}");
    }

    let record = whole_game(largest);
    let json = record.to_json();
    let runs = 20;
    let start = Instant::now();
    for _ in 0..runs {
        let read = Record::from_json(&json).expect("reads back");
        std::hint::black_box(fair::verify(&read).expect("verifies"));
    }
    let verified = fair::verify(&record).expect("verifies");
    println!(
        "a whole Cờ cá ngựa game with the largest seeds ({} actions, {} chance outcomes, record {} bytes): verified in {:.2?}",
        verified.actions,
        verified.chance_outcomes,
        json.len(),
        start.elapsed() / runs
    );

    let megabyte = vec!["x".repeat(1 << 20)];
    let start = Instant::now();
    let refused = FairChance::new(GameKind::CaNgua, SERVER_SEED, megabyte.clone()).err();
    println!(
        "a 1 MB player seed: {} (in {:.2?})",
        refused.map_or_else(|| "accepted".to_owned(), |e| e.to_string()),
        start.elapsed()
    );
    let mut forged = record;
    if let Some(f) = forged.fairness.as_mut() {
        f.player_seeds = megabyte;
    }
    let start = Instant::now();
    let result = fair::verify(&forged);
    println!(
        "a record with a 1 MB player seed: {} (in {:.2?})",
        result.map_or_else(|e| e.to_string(), |_| "verified".to_owned()),
        start.elapsed()
    );
}
