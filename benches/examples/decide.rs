//! A fixed amount of bot work for instruction counts (`valgrind --tool=callgrind`):
//! `decide GAME LEVEL N` plays N seeded games of GAME (`o_an_quan`, `ca_ngua`, `domino`) with
//! every seat the bot of LEVEL (`easy`, `medium`, `hard`), chance sampled from a seeded RNG,
//! and prints a digest of every chosen id and the decisions made: instructions divided by
//! decisions is a decision's cost (the game's moves and chance included), and the digest
//! says whether two versions chose the same.

use dangian::bot::{bot_for_level, Evaluate, Level};
use dangian::{Action, GameRng, NoEvents, ToMove};

/// Plays `n` games of `G`, every seat the bot of `level`: (digest, decisions).
fn run<G: Evaluate>(n: u64, level: Level) -> (u64, u64) {
    let (mut digest, mut decisions) = (0u64, 0u64);
    let mut rng = GameRng::new(5);
    for g in 0..n {
        let mut bots: Vec<_> = (0..4)
            .map(|seat| bot_for_level::<G>(level, g * 10 + seat))
            .collect();
        let Ok(mut game) = G::new(Default::default()) else {
            return (digest, decisions);
        };
        loop {
            let action = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => game.sample_chance(&mut rng),
                ToMove::Seat(seat) => {
                    decisions += 1;
                    let chosen = bots[seat.index() % 4].choose(&game);
                    if let Some(a) = chosen {
                        digest = digest.wrapping_mul(31).wrapping_add(u64::from(a.id()));
                    }
                    chosen
                }
            };
            match action {
                Some(a) if game.apply(a, &mut NoEvents).is_ok() => {}
                _ => break,
            }
        }
    }
    (digest, decisions)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_default();
    let level: Option<Level> = args.next().and_then(|l| l.parse().ok());
    let n: Option<u64> = args.next().and_then(|n| n.parse().ok());
    let (Some(level), Some(n)) = (level, n) else {
        eprintln!("usage: decide GAME LEVEL N  (GAME o_an_quan | ca_ngua | domino; LEVEL easy | medium | hard)");
        std::process::exit(2);
    };
    let (digest, decisions) = match game.as_str() {
        "o_an_quan" => run::<dangian::o_an_quan::State>(n, level),
        "ca_ngua" => run::<dangian::ca_ngua::State>(n, level),
        "domino" => run::<dangian::domino::State>(n, level),
        other => {
            eprintln!("no game {other:?}: o_an_quan, ca_ngua or domino");
            std::process::exit(2);
        }
    };
    println!("{decisions} decisions, digest {digest:016x}");
}
