//! A seeded game of Ô ăn quan, move by move, as an ASCII board a person can follow.
//!
//! `cargo run --example o_an_quan [SEED] [PRESET]` (presets: seed_rules, vi_wikipedia,
//! tonkin, ludii, no_borrowing, no_first_quan, quan_worth_five, threefold, debt_match, pay_to_refill).

use dangian::o_an_quan::{Action, Config, Event, State};
use dangian::GameConfig;
use dangian::Named;
use dangian::{Action as _, ActionList, Game, GameRng};

fn describe(e: &Event) -> Option<String> {
    Some(match e {
        Event::PickUp { cell, stones, .. } => {
            format!("picks up {stones} from {}", Action::square_name(*cell))
        }
        Event::Relay { cell, stones, .. } => {
            format!(
                "relay: picks up {stones} from {}",
                Action::square_name(*cell)
            )
        }
        Event::Capture {
            cell,
            dan,
            quan,
            chain,
            ..
        } => format!(
            "captures {} ({dan} dân{}) [chain {chain}]",
            Action::square_name(*cell),
            if *quan > 0 { " + the quan" } else { "" }
        ),
        Event::TurnEnd { reason, .. } => format!("turn ends: {reason:?}"),
        Event::Refill {
            seat,
            per_square,
            debt,
            ..
        } => format!(
            "player {} refills {per_square} per square (debt now {debt})",
            if seat.0 == 0 { 'A' } else { 'B' }
        ),
        Event::GameOver { outcome } => format!(
            "game over ({}): A {} – B {}, {}",
            outcome.reason.name(),
            outcome.scores[0],
            outcome.scores[1],
            match outcome.winner() {
                Some(w) if w.0 == 0 => "A wins".to_owned(),
                Some(_) => "B wins".to_owned(),
                None => "a draw".to_owned(),
            }
        ),
        _ => return None,
    })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let preset = args.next().unwrap_or_else(|| "seed_rules".to_owned());
    let Some(config) = Config::preset(&preset) else {
        eprintln!("unknown preset {preset}");
        std::process::exit(2);
    };
    let mut game = State::new(config).expect("a preset is valid");
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    println!("Ô ăn quan, preset {preset}, seed {seed}\n\n{game}\n");
    loop {
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        let action =
            Action::from_id(legal[rng.below(legal.len() as u32) as usize]).expect("a listed id");
        let mover = if game.turn().map(|s| s.0) == Some(0) {
            'A'
        } else {
            'B'
        };
        let mut events = Vec::new();
        game.apply(action, &mut events).expect("a legal move");
        println!("ply {}: {mover} plays {action}", game.ply());
        for line in events.iter().filter_map(describe) {
            println!("    {line}");
        }
        println!("\n{game}\n");
    }
}
