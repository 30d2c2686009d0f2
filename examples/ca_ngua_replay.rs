//! A seeded game of Cờ cá ngựa, saved as a record and replayed move by move.
//!
//! ```sh
//! cargo run --example ca_ngua_replay            # seed 7, the seed rules
//! cargo run --example ca_ngua_replay -- 42 one_die
//! ```
//!
//! Plays a whole game with random choices and dice from the crate's seeded RNG, writes the
//! record (JSON), reads it back and replays it (verifying every action and the final hash),
//! then prints the first actions with their events, the board after the first decisions, and
//! the final position.

use dangian::ca_ngua::{Action, Config, Event, State};
use dangian::{Action as _, ActionList, Game, GameRng, NoEvents, Record, Recorded, ToMove};

fn main() {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(7);
    let config = match args.next().as_deref() {
        Some("one_die") => Config::one_die(),
        Some("two_players") => Config::two_players(),
        Some("two_colours") => Config::two_players_two_colours(),
        _ => Config::default(),
    };

    // Play and record.
    let mut rng = GameRng::new(seed);
    let mut game = Recorded::<State>::new(config, Some(seed)).expect("valid config");
    let mut legal = ActionList::new();
    loop {
        let g = game.game();
        let action = match g.to_move() {
            ToMove::Over => break,
            ToMove::Chance => g.sample_chance(&mut rng).expect("a roll"),
            ToMove::Seat(_) => {
                g.legal_actions(&mut legal);
                Action::from_id(legal[rng.below(legal.len() as u32) as usize]).expect("id")
            }
        };
        game.apply(action, &mut NoEvents).expect("legal");
    }
    let json = game.record().to_json();
    println!(
        "recorded {} actions ({} bytes of JSON)\n",
        game.game().move_number(),
        json.len()
    );

    // Replay from the JSON: the record is verified action by action and by its final hash.
    let record = Record::from_json(&json).expect("a record");
    let replayed: State = record.replay().expect("the record replays");
    assert_eq!(&replayed, game.game());

    // Show the start of the game with its events, then the end.
    let mut state = State::new(record.config::<State>().expect("config")).expect("game");
    let mut shown = 0;
    for (i, action) in record
        .parsed_actions::<State>()
        .expect("notation")
        .into_iter()
        .take(60)
        .enumerate()
    {
        let mut events: Vec<Event> = Vec::new();
        state.apply(action, &mut events).expect("legal");
        let text = action.to_string();
        println!("{i:>4}  {text:<6} {events:?}");
        if !action.is_roll() && shown < 4 {
            println!("\n{state}");
            shown += 1;
        }
    }
    println!("…\n\n{replayed}");
    if let Some(out) = replayed.outcome() {
        println!("places by player: {:?}", &out.places[..out.seats as usize]);
        println!(
            "kicks made by player: {:?}",
            &out.scores[..out.seats as usize]
        );
    }
}
