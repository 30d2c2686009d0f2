//! The fair-chance verifier: replay a record and prove, outcome by outcome, that every die,
//! deal and draw came from the seeds committed before the game — or name the first that did
//! not.
//!
//! ```sh
//! cargo run --example verify -- game.json      # a record a server gave you (or - for stdin)
//! cargo run --example verify -- --demo         # an honest game and a tampered copy
//! ```
//!
//! The exit status is 0 for a verified record, 1 for one that is not fair, 2 for a file that
//! cannot be read as a record.

use std::io::Read;
use std::process::ExitCode;

use dangian::fair::{self, FairChance, FairError};
use dangian::{
    ca_ngua, Action, ActionList, Game, GameKind, GameRng, NoEvents, Record, Recorded, ToMove,
};

fn main() -> ExitCode {
    let arg = std::env::args().nth(1);
    match arg.as_deref() {
        None | Some("-h" | "--help") => {
            eprintln!("usage: verify RECORD.json | verify - | verify --demo");
            ExitCode::from(2)
        }
        Some("--demo") => demo(),
        Some(path) => {
            let text = if path == "-" {
                let mut s = String::new();
                std::io::stdin().read_to_string(&mut s).map(|_| s)
            } else {
                std::fs::read_to_string(path)
            };
            match text {
                Ok(text) => report(&text),
                Err(e) => {
                    eprintln!("cannot read {path}: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

/// Verify one record's text and say what was proven.
fn report(text: &str) -> ExitCode {
    let record = match Record::from_json(text) {
        Ok(r) => r,
        Err(e) => {
            println!("not a record: {e}");
            return ExitCode::from(2);
        }
    };
    match fair::verify(&record) {
        Ok(v) => {
            println!(
                "FAIR: the revealed seed matches commitment {}; from the config's own start (hash {}), all {} chance outcomes in {} actions came from the committed seeds and {} player seeds; final hash {}{}",
                v.commitment,
                v.start_hash,
                v.chance_outcomes,
                v.actions,
                v.player_seeds,
                v.final_hash,
                if v.over { ", game over" } else { ", game not over" }
            );
            ExitCode::SUCCESS
        }
        Err(e @ FairError::Record(_)) => {
            println!("not a valid record: {e}");
            ExitCode::from(2)
        }
        Err(e) => {
            println!("NOT FAIR: {e}");
            ExitCode::from(1)
        }
    }
}

/// A Cờ cá ngựa game played with fair chance, verified; then the same record with one die
/// changed, verified again.
fn demo() -> ExitCode {
    // A server draws its seed from the operating system; a fixed one keeps the demo repeatable.
    let server_seed = [7u8; 32];
    let players = vec!["an: 1234".to_owned(), "bình: hôm nay".to_owned()];
    println!(
        "commitment published before the game: {}",
        fair::commitment(&server_seed)
    );
    let mut game = Recorded::<ca_ngua::State>::new(ca_ngua::Config::default())
        .expect("the seed rules")
        .with_fair_chance(
            FairChance::new(GameKind::CaNgua, server_seed, players).expect("two short seeds"),
        )
        .expect("before the first action");
    let mut choose = GameRng::new(1);
    let mut legal = ActionList::new();
    loop {
        let action = match game.game().to_move() {
            ToMove::Over => break,
            ToMove::Chance => game.fair_outcome().expect("chance is to move"),
            ToMove::Seat(_) => {
                game.game().legal_actions(&mut legal);
                let id = legal[choose.below(legal.len() as u32) as usize];
                ca_ngua::Action::from_id(id).expect("a legal id")
            }
        };
        game.apply(action, &mut NoEvents).expect("legal");
    }
    let honest = game.record();
    print!("the honest record:   ");
    let ok = report(&honest.to_json());
    // The server changes the fifth roll after the fact (and drops the hash it can no longer
    // match): the verifier names it.
    let mut tampered = honest.clone();
    let fifth = (0..tampered.actions.len())
        .filter(|&i| tampered.actions[i].starts_with('r'))
        .nth(4)
        .expect("five rolls");
    tampered.actions[fifth] = if tampered.actions[fifth] == "r6-6" {
        "r5-6".to_owned()
    } else {
        "r6-6".to_owned()
    };
    tampered.final_hash = None;
    print!("a tampered record:   ");
    let caught = report(&tampered.to_json());
    if ok == ExitCode::SUCCESS && caught == ExitCode::from(1) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
