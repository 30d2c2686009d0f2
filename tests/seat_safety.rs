//! What a host may show a seat (Domino hides hands and the chợ): the seat-safe calls of the
//! dynamic layer (and so of the C ABI) never depend on what that seat cannot see.
//!
//! - `legal_actions_for(seat)` lists that seat's actions on its turn and nothing otherwise:
//!   never the chance outcomes (the tiles of the chợ), never another seat's playable tiles;
//! - `view_json(seat)` and `view_hash(seat)` are the same in every position that differs only
//!   in tiles the seat cannot see;
//! - bots and hints are given only for the seat to move, and asked for that seat by number.

use dangian::any::{AnyError, AnyGame};
use dangian::bot::Level;
use dangian::domino::{Config, State};
use dangian::{ActionList, Game, GameConfig, GameRng, Recorded, Seat, ToMove};

/// Random positions of random Domino matches under every preset (a seeded walk).
fn positions(games: u64, seed: u64) -> Vec<State> {
    let mut out = Vec::new();
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    for (_, config) in Config::presets() {
        for _ in 0..games {
            let mut s = State::new(config).expect("valid");
            while !s.is_over() && s.move_number() < 120 {
                out.push(s);
                let a = match s.to_move() {
                    ToMove::Chance => s.sample_chance(&mut rng).expect("chance"),
                    _ => {
                        s.legal_actions(&mut legal);
                        let id = legal[rng.below(legal.len() as u32) as usize];
                        dangian::Action::from_id(id).expect("id")
                    }
                };
                s.apply(a, &mut dangian::NoEvents).expect("legal");
            }
        }
    }
    out
}

fn dynamic(state: State) -> AnyGame {
    AnyGame::from_recorded(Recorded::starting_at(state))
}

#[test]
fn a_seat_is_offered_only_its_own_actions() {
    let mut all = ActionList::new();
    let mut mine = ActionList::new();
    for s in positions(3, 1) {
        let game = dynamic(s);
        game.legal_actions(&mut all);
        for seat in 0..game.seats() {
            game.legal_actions_for(u32::from(seat), &mut mine)
                .expect("a seat at the table");
            if s.to_move() == ToMove::Seat(Seat(seat)) {
                assert_eq!(mine, all);
            } else {
                assert!(
                    mine.is_empty(),
                    "seat {seat} offered {mine:?} at {:?}",
                    s.to_move()
                );
            }
        }
        assert!(matches!(
            game.legal_actions_for(u32::from(game.seats()), &mut mine),
            Err(AnyError::NoSuchSeat(_))
        ));
    }
}

#[test]
fn a_seats_view_and_its_hash_do_not_see_hidden_tiles() {
    let mut rng = GameRng::new(7);
    let mut compared = 0;
    for s in positions(2, 2) {
        for seat in 0..s.seats() {
            let other = s.determinize(Seat(seat), &mut rng);
            if other == s {
                continue;
            }
            let (a, b) = (dynamic(s), dynamic(other));
            assert_eq!(
                a.view_json(u32::from(seat)).expect("seat"),
                b.view_json(u32::from(seat)).expect("seat")
            );
            assert_eq!(
                a.view_hash(u32::from(seat)).expect("seat"),
                b.view_hash(u32::from(seat)).expect("seat")
            );
            // The host's hash names the hidden tiles.
            assert_ne!(a.state_hash(), b.state_hash());
            compared += 1;
        }
    }
    assert!(
        compared > 100,
        "only {compared} positions had hidden tiles to redeal"
    );
}

#[test]
fn bots_play_only_for_the_seat_to_move() {
    for s in positions(1, 3).into_iter().take(200) {
        let game = dynamic(s);
        for seat in 0..game.seats() {
            let hints = game.bot_hints(u32::from(seat), Level::Easy, 1);
            match s.to_move() {
                ToMove::Seat(Seat(m)) if m == seat => {
                    assert!(!hints.expect("the mover's hints").is_empty())
                }
                _ => assert!(
                    matches!(hints, Err(AnyError::NotToMove(x)) if x == seat),
                    "seat {seat} at {:?}",
                    s.to_move()
                ),
            }
        }
    }
}

/// The other half of the view hash's contract: positions a seat sees differently hash
/// differently (no part of the view is left out of the hash), in every game, over random
/// play.
#[test]
fn a_seats_view_hash_tells_apart_what_the_seat_sees() {
    use std::collections::HashMap;
    let mut rng = GameRng::new(11);
    let mut legal = ActionList::new();
    for kind in dangian::GameKind::ALL {
        let mut seen: HashMap<u64, String> = HashMap::new();
        for _ in 0..30 {
            let mut game = AnyGame::new(kind, "{}").expect("default config");
            for _ in 0..150 {
                if game.is_over() {
                    break;
                }
                for seat in 0..game.seats() {
                    let view = game.view_json(u32::from(seat)).expect("seat");
                    let hash = game.view_hash(u32::from(seat)).expect("seat");
                    let before = seen.entry(hash).or_insert_with(|| view.clone());
                    assert_eq!(*before, view, "{kind:?}: two views share hash {hash:#x}");
                }
                let id = if game.to_move() == ToMove::Chance {
                    game.sample_chance(&mut rng).expect("chance")
                } else {
                    game.legal_actions(&mut legal);
                    legal[rng.below(legal.len() as u32) as usize]
                };
                game.apply(id).expect("legal");
            }
        }
        assert!(seen.len() > 500, "{kind:?}: only {} views", seen.len());
    }
}
