//! Every action and event of 2 200 random games over every preset (1 800 of Ô ăn quan, 100
//! of Cờ cá ngựa, 300 Domino matches; about 13 million texts) is described, in Vietnamese and
//! in English, for the host and for every seat, by a non-empty text; and no description for a seat names a
//! Domino tile that seat cannot see. (A quick run plays an eighth of the games:
//! `dangian::testing::scaled`.)

use dangian::describe::{Describe, Lang};
use dangian::domino::{self, Action as DominoAction, Event as DominoEvent, Tile};
use dangian::testing::scaled;
use dangian::{ca_ngua, o_an_quan, Action, ActionList, Game, GameConfig, GameRng, Seat, ToMove};

/// Play `games` random games of each preset of `G`, describing every action and event for
/// the host and for every seat, in both languages; returns how many texts were checked.
fn describe_games<G: Describe>(games: u64, seed: u64) -> usize {
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    let mut events = Vec::new();
    let mut texts = 0;
    for (name, config) in G::Config::presets() {
        for _ in 0..games {
            let mut game = G::new(config.clone()).expect("valid");
            while !game.is_over() {
                let action = match game.to_move() {
                    ToMove::Chance => game.sample_chance(&mut rng).expect("chance"),
                    _ => {
                        game.legal_actions(&mut legal);
                        G::Action::from_id(legal[rng.below(legal.len() as u32) as usize])
                            .expect("id")
                    }
                };
                let before = game.clone();
                events.clear();
                game.apply(action, &mut events).expect("legal");
                let viewers = std::iter::once(None).chain((0..game.seats()).map(|s| Some(Seat(s))));
                for viewer in viewers {
                    for lang in Lang::ALL {
                        let a = before.describe_action(action, lang, viewer);
                        assert!(!a.trim().is_empty(), "{name}: {action} in {lang:?}");
                        let m = before.describe_move(action, &events, lang, viewer);
                        assert!(m.starts_with(&a), "{name}: the move starts with the action");
                        texts += 2;
                        for e in &events {
                            if let Some(t) = G::describe_event(e, lang, viewer) {
                                assert!(!t.trim().is_empty(), "{name}: {e:?} in {lang:?}");
                                assert!(numbered_from_one(&t), "{name}: {t}");
                                texts += 1;
                            } else {
                                assert!(viewer.is_some(), "the host sees every event");
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!("{}: {texts} texts", std::any::type_name::<G>());
    texts
}

/// Whether `text` numbers seats as players do, from 1 (never "người 0" or "player 0").
fn numbered_from_one(text: &str) -> bool {
    let lower = text.to_lowercase();
    ["người 0", "player 0", "seat 0"]
        .iter()
        .all(|zero| !lower.contains(zero))
}

#[test]
fn every_o_an_quan_action_and_event_is_described() {
    assert!(describe_games::<o_an_quan::State>(scaled(200), 1) > scaled(100_000) as usize);
}

#[test]
fn every_ca_ngua_action_and_event_is_described() {
    assert!(describe_games::<ca_ngua::State>(scaled(20), 2) > scaled(100_000) as usize);
}

#[test]
fn every_domino_action_and_event_is_described() {
    assert!(describe_games::<domino::State>(scaled(50), 3) > scaled(100_000) as usize);
}

/// The two languages say different things (no text is left untranslated): most descriptions
/// differ between Vietnamese and English.
#[test]
fn the_languages_differ() {
    let game = o_an_quan::State::new(o_an_quan::Config::default()).expect("valid");
    let a1 = "a1+".parse().expect("notation");
    assert_ne!(
        game.describe_action(a1, Lang::Vi, None),
        game.describe_action(a1, Lang::En, None)
    );
    assert_eq!(
        game.describe_action(a1, Lang::Vi, None),
        "A rải ô a1 sang phải"
    );
    assert_eq!(
        game.describe_action(a1, Lang::En, None),
        "A sows a1 to the right"
    );
    assert_eq!(Lang::from_code("vi"), Some(Lang::Vi));
    assert_eq!(Lang::from_u32(1), Some(Lang::En));
}

/// A seat's descriptions never name a tile it cannot see: a tile dealt or drawn to another
/// seat, or a tile in the chợ.
#[test]
fn no_description_for_a_seat_names_a_hidden_tile() {
    let mut rng = GameRng::new(9);
    let mut legal = ActionList::new();
    let mut events = Vec::new();
    let mut hidden_checked = 0;
    for (_, config) in domino::Config::presets() {
        for _ in 0..6 {
            let mut game = domino::State::new(config).expect("valid");
            while !game.is_over() {
                let action = match game.to_move() {
                    ToMove::Chance => game.sample_chance(&mut rng).expect("chance"),
                    _ => {
                        game.legal_actions(&mut legal);
                        DominoAction::from_id(legal[rng.below(legal.len() as u32) as usize])
                            .expect("id")
                    }
                };
                let receiver = game.turn();
                let before = game;
                events.clear();
                game.apply(action, &mut events).expect("legal");
                for s in 0..game.seats() {
                    let viewer = Seat(s);
                    // The tile of a deal or draw is hidden from every seat but its receiver.
                    let hidden = |_: Tile| receiver != Some(viewer);
                    for lang in Lang::ALL {
                        if let DominoAction::Deal(t) | DominoAction::Draw(t) = action {
                            let text = before.describe_action(action, lang, Some(viewer));
                            if hidden(t) {
                                assert!(!text.contains(&t.to_string()), "{text} names {t}");
                                hidden_checked += 1;
                            }
                        }
                        for e in &events {
                            let (DominoEvent::Dealt {
                                seat,
                                tile: Some(t),
                            }
                            | DominoEvent::Drew {
                                seat,
                                tile: Some(t),
                            }) = *e
                            else {
                                continue;
                            };
                            if seat == viewer {
                                continue;
                            }
                            let text = domino::State::describe_event(e, lang, Some(viewer))
                                .expect("every seat sees a deal or a draw");
                            assert!(!text.contains(&t.to_string()), "{text} names {t}");
                            hidden_checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(
        hidden_checked > 1000,
        "only {hidden_checked} hidden tiles checked"
    );
}
