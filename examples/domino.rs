//! A seeded Domino round seen from one seat, as a game client would show it: seat 0's view
//! before each of its decisions, and only the events seat 0 may see (other seats' dealt and
//! drawn tiles are hidden). At the end, the whole table as a server sees it, and the record.
//!
//! `cargo run --example domino [seed]`

use dangian::domino::{Action, Config, Event, State};
use dangian::{Action as _, ActionList, Game, GameRng, Recorded, Seat, ToMove};

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2024);
    let me = Seat(0);
    let config = Config {
        max_rounds: Some(1),
        ..Config::default()
    };
    let mut rng = GameRng::new(seed);
    let mut game = Recorded::<State>::new(config).expect("valid config");
    let mut legal = ActionList::new();
    loop {
        let state = *game.game();
        let action = match state.to_move() {
            ToMove::Over => break,
            ToMove::Chance => state.sample_chance(&mut rng).expect("chance to move"),
            ToMove::Seat(seat) => {
                state.legal_actions(&mut legal);
                // Seat 0 plays its first legal move; the others play at random.
                let id = if seat == me {
                    println!("{}", state.view(me));
                    legal[0]
                } else {
                    legal[rng.below(legal.len() as u32) as usize]
                };
                Action::from_id(id).expect("listed id")
            }
        };
        let mut events = Vec::new();
        game.apply(action, &mut events).expect("legal action");
        for event in events.iter().filter_map(|e| State::event_for(e, me)) {
            match event {
                // The deal is long; show only seat 0's own tiles.
                Event::Dealt { tile: None, .. } => {}
                e => println!(
                    "  seat 0 sees: {}",
                    serde_json::to_string(&e).unwrap_or_default()
                ),
            }
        }
    }
    println!(
        "\nThe table at the end (the server's picture):\n{}",
        game.game()
    );
    let record = game.record();
    println!(
        "Record: {} actions, final hash {:?}",
        record.actions.len(),
        record.final_hash
    );
    let replayed: State = record.replay().expect("the record replays");
    assert_eq!(&replayed, game.game());
    println!("Replayed to the same state.");
}
