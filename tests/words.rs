//! The words a player reads around a game, in Vietnamese and in English: every preset of every
//! game has a name and a one-line summary (non-empty, distinct within the game, different in
//! the two languages); seats are named from 1 ("Người 1" / "Player 1", with the colours in
//! Cờ cá ngựa); and the end-of-game lines of every end reason under every preset name the
//! winner, in each game's own terms (debts as debts in Ô ăn quan, no kick counts as scores in
//! Cờ cá ngựa, penalty points in Domino). Random games played to their end are described too.

use std::collections::HashSet;

use dangian::any::AnyGame;
use dangian::describe::{Describe, Lang};
use dangian::{
    ca_ngua, domino, o_an_quan, Action, ActionList, GameConfig, GameKind, GameRng, Outcome, Seat,
    ToMove, MAX_SEATS,
};

/// Every preset of `G` has words: names and summaries non-empty, one line, distinct across the
/// presets in each language, and different between Vietnamese and English.
fn check_presets<G: Describe>() {
    let mut names = [HashSet::new(), HashSet::new()];
    let mut summaries = [HashSet::new(), HashSet::new()];
    for &id in G::Config::PRESETS {
        let words = G::preset_words(id)
            .unwrap_or_else(|| panic!("{:?}: no words for preset {id}", G::KIND));
        assert_eq!(words.id, id);
        for (i, lang) in Lang::ALL.into_iter().enumerate() {
            let (name, summary) = (words.name(lang), words.summary(lang));
            for text in [name, summary] {
                assert!(!text.trim().is_empty(), "{id}: empty text in {lang:?}");
                assert!(!text.contains('\n'), "{id}: one line");
                assert!(!text.contains('_'), "{id}: a raw id in {text:?}");
            }
            assert!(
                names[i].insert(name),
                "{:?}: two presets named {name:?}",
                G::KIND
            );
            assert!(
                summaries[i].insert(summary),
                "{:?}: summary {summary:?} twice",
                G::KIND
            );
        }
        assert_ne!(
            words.name_vi, words.name_en,
            "{id}: the same name in both languages"
        );
        assert_ne!(words.summary_vi, words.summary_en, "{id}");
    }
    assert!(G::preset_words("no_such_preset").is_none());
}

#[test]
fn every_preset_has_a_name_and_a_summary_in_both_languages() {
    check_presets::<o_an_quan::State>();
    check_presets::<ca_ngua::State>();
    check_presets::<domino::State>();
}

#[test]
fn the_dynamic_layer_names_every_preset() {
    for kind in [GameKind::OAnQuan, GameKind::CaNgua, GameKind::Domino] {
        for &id in AnyGame::presets(kind) {
            let words = AnyGame::preset_words(kind, id).expect("words");
            assert_eq!(words.id, id);
            let game = AnyGame::with_preset(kind, id).expect("preset");
            for lang in Lang::ALL {
                assert_eq!(
                    game.seat_name(0, lang).unwrap(),
                    seat_name_of(kind, id, 0, lang)
                );
                assert!(game.seat_name(u32::from(game.seats()), lang).is_err());
                assert!(game.outcome_lines(lang).is_empty(), "not over yet");
            }
        }
        assert!(AnyGame::preset_words(kind, "").is_err());
    }
}

fn seat_name_of(kind: GameKind, id: &str, seat: u8, lang: Lang) -> String {
    fn of<G: Describe>(id: &str, seat: u8, lang: Lang) -> String {
        let game = G::new(G::Config::preset(id).expect("preset")).expect("valid");
        game.seat_name(Seat(seat), lang)
    }
    match kind {
        GameKind::OAnQuan => of::<o_an_quan::State>(id, seat, lang),
        GameKind::CaNgua => of::<ca_ngua::State>(id, seat, lang),
        GameKind::Domino => of::<domino::State>(id, seat, lang),
    }
}

/// Seats are numbered from 1 in both languages; a seat's name in Cờ cá ngựa adds the
/// colours it plays.
fn check_seat_names<G: Describe>() {
    for (id, config) in G::Config::presets() {
        let game = G::new(config).expect("valid");
        let mut seen = HashSet::new();
        for s in 0..game.seats() {
            let vi = game.seat_name(Seat(s), Lang::Vi);
            let en = game.seat_name(Seat(s), Lang::En);
            assert!(vi.starts_with(&format!("Người {}", s + 1)), "{id}: {vi}");
            assert!(en.starts_with(&format!("Player {}", s + 1)), "{id}: {en}");
            assert!(seen.insert(vi.clone()), "{id}: {vi} twice");
        }
    }
}

#[test]
fn seats_are_named_from_one() {
    check_seat_names::<o_an_quan::State>();
    check_seat_names::<ca_ngua::State>();
    check_seat_names::<domino::State>();

    let two = ca_ngua::State::new(ca_ngua::Config::two_players_two_colours()).unwrap();
    assert_eq!(
        two.seat_name(Seat(0), Lang::Vi),
        "Người 1 (đỏ và xanh dương)"
    );
    assert_eq!(
        two.seat_name(Seat(1), Lang::En),
        "Player 2 (yellow and green)"
    );
    let seed = ca_ngua::State::new(ca_ngua::Config::seed_rules()).unwrap();
    assert_eq!(seed.seat_name(Seat(3), Lang::Vi), "Người 4 (xanh lá)");
    let oaq = o_an_quan::State::new(o_an_quan::Config::seed_rules()).unwrap();
    assert_eq!(oaq.seat_name(Seat(1), Lang::En), "Player 2");
}

/// An outcome of `seats` seats won by `winner`: places 1, 2, … from the winner round the
/// table, scores `score(seat, place)`.
fn outcome<R>(reason: R, seats: u8, winner: u8, score: impl Fn(u8) -> i32) -> Outcome<R> {
    let mut scores = [0; MAX_SEATS];
    let mut places = [0; MAX_SEATS];
    for s in 0..seats {
        let place = (s + seats - winner) % seats + 1;
        places[usize::from(s)] = place;
        scores[usize::from(s)] = score(place);
    }
    Outcome {
        reason,
        seats,
        scores,
        places,
    }
}

/// Every end reason under every preset, won by every seat, in both languages: lines that
/// name the winner and no seat 0, different in the two languages, each passed to `extra`.
fn check_outcomes<G: Describe>(
    reasons: &[G::EndReason],
    score: impl Fn(u8) -> i32,
    extra: impl Fn(&str, &Outcome<G::EndReason>, Lang, &[String]),
) {
    for (id, config) in G::Config::presets() {
        let game = G::new(config).expect("valid");
        let seats = game.seats();
        for &reason in reasons {
            for winner in 0..seats {
                let o = outcome(reason, seats, winner, &score);
                let vi = game.outcome_lines(&o, Lang::Vi);
                let en = game.outcome_lines(&o, Lang::En);
                assert_ne!(vi, en, "{id}: {reason:?}");
                for (lang, lines) in [(Lang::Vi, &vi), (Lang::En, &en)] {
                    assert!(lines.len() >= 2, "{id} {reason:?}: {lines:?}");
                    assert!(lines.iter().all(|l| !l.trim().is_empty()));
                    let name = game.seat_name(Seat(winner), lang);
                    assert!(
                        lines[0].contains(&name),
                        "{id} {reason:?}: {lines:?} names {name}"
                    );
                    let text = lines.join("\n");
                    for zero in ["Người 0", "người 0", "Player 0", "player 0"] {
                        assert!(!text.contains(zero), "{id}: {text}");
                    }
                    extra(id, &o, lang, lines);
                }
            }
        }
    }
}

#[test]
fn every_end_reason_of_o_an_quan_in_words() {
    use o_an_quan::EndReason::*;
    let reasons = [
        BothQuanSquaresEmpty,
        BothBigStonesCaptured,
        NoRefill,
        MoveCap,
        Repetition,
    ];
    // The winner captured 62, the loser owes 12: a debt, never a negative score.
    check_outcomes::<o_an_quan::State>(
        &reasons,
        |place| if place == 1 { 62 } else { -12 },
        |id, _, lang, lines| {
            let text = lines.join("\n");
            assert!(!text.contains("-12"), "{id}: {text}");
            let debt = match lang {
                Lang::Vi => "nợ",
                _ => "owes",
            };
            assert!(text.contains(debt) && text.contains("12"), "{id}: {text}");
        },
    );
    let game = o_an_quan::State::new(o_an_quan::Config::seed_rules()).unwrap();
    let o = outcome(
        BothQuanSquaresEmpty,
        2,
        1,
        |p| if p == 1 { 82 } else { -12 },
    );
    assert_eq!(
        game.outcome_lines(&o, Lang::Vi),
        [
            "Người 2 thắng",
            "Người 1 nợ Người 2 12 quân",
            "Người 2 được 82 điểm từ quân ăn được",
            "Hết quan tàn dân, thu quân kéo về"
        ]
    );
    assert_eq!(
        game.outcome_lines(&o, Lang::En)[1],
        "Player 1 owes Player 2 12 stones"
    );
    // A draw names nobody as winner.
    let draw = Outcome {
        places: [1, 1, 0, 0],
        ..outcome(MoveCap, 2, 0, |_| 60)
    };
    assert_eq!(game.outcome_lines(&draw, Lang::Vi)[0], "Hoà");
}

#[test]
fn every_end_reason_of_ca_ngua_in_words() {
    use ca_ngua::EndReason::*;
    check_outcomes::<ca_ngua::State>(
        &[AllPlaced, FirstFinisher, ActionLimit],
        |_| 3, // kicks made: never shown as a score
        |id, o, lang, lines| {
            let text = lines.join("\n");
            for score in ["Điểm", "điểm", "point", "score"] {
                assert!(!text.contains(score), "{id}: {text}");
            }
            let first = match lang {
                Lang::Vi => "Về nhất",
                _ => "1st",
            };
            assert!(text.contains(first), "{id}: {text}");
            if lang == Lang::Vi && o.seats > 2 {
                assert!(text.contains("Về bét"), "{id}: {text}");
            }
        },
    );
    let game = ca_ngua::State::new(ca_ngua::Config::seed_rules()).unwrap();
    let o = outcome(AllPlaced, 4, 2, |_| 0);
    assert_eq!(
        game.outcome_lines(&o, Lang::Vi),
        [
            "Người 3 (xanh dương) thắng",
            "Về nhất: Người 3 (xanh dương)",
            "Về nhì: Người 4 (xanh lá)",
            "Về ba: Người 1 (đỏ)",
            "Về bét: Người 2 (vàng)",
            "Mọi người đã có thứ hạng"
        ]
    );
    // Stopped at the first finisher: the others are unplaced.
    let first = Outcome {
        places: [0, 1, 0, 0],
        ..outcome(FirstFinisher, 4, 1, |_| 0)
    };
    let en = game.outcome_lines(&first, Lang::En);
    assert_eq!(en[0], "Player 2 (yellow) wins");
    assert!(
        en.contains(&"Did not finish: Player 1 (red)".to_string()),
        "{en:?}"
    );
}

#[test]
fn every_end_reason_of_domino_in_words() {
    use domino::EndReason::*;
    check_outcomes::<domino::State>(
        &[LossThreshold, MaxRounds, RoundCap],
        |place| 30 * i32::from(place) + 41, // the last seat passes 101
        |id, o, lang, lines| {
            let text = lines.join("\n");
            let penalty = match lang {
                Lang::Vi => "điểm phạt",
                _ => "penalty point",
            };
            assert!(text.contains(penalty), "{id}: {text}");
            if o.reason == LossThreshold {
                assert!(lines.last().unwrap().contains("101"), "{id}: {text}");
            }
        },
    );
    let game = domino::State::new(domino::Config::seed_rules()).unwrap();
    let o = outcome(LossThreshold, 2, 0, |p| if p == 1 { 40 } else { 104 });
    assert_eq!(
        game.outcome_lines(&o, Lang::En),
        [
            "Player 1 wins the match",
            "1st: Player 1 — 40 penalty points",
            "2nd: Player 2 — 104 penalty points",
            "Player 2 reached the losing score of 101: the match is over"
        ]
    );
    assert_eq!(
        game.outcome_lines(&o, Lang::Vi)[3],
        "Người 2 đã tới 101 điểm phạt: hết trận"
    );
}

/// Random games of every preset played to their end: the end lines are those of the game's
/// outcome and name its winner, in both languages.
fn play_to_the_end<G: Describe>(games: u32, seed: u64) {
    let mut rng = GameRng::new(seed);
    let mut legal = ActionList::new();
    for (id, config) in G::Config::presets() {
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
                game.apply(action, &mut dangian::NoEvents).expect("legal");
            }
            let o = game.outcome().expect("over");
            for lang in Lang::ALL {
                let lines = game.end_lines(lang);
                assert_eq!(lines, game.outcome_lines(&o, lang));
                if let Some(w) = o.winner() {
                    let name = game.seat_name(w, lang);
                    assert!(lines[0].contains(&name), "{id}: {lines:?}");
                }
            }
        }
    }
}

#[test]
fn games_played_to_the_end_say_who_won() {
    play_to_the_end::<o_an_quan::State>(3, 1);
    play_to_the_end::<ca_ngua::State>(1, 2);
    play_to_the_end::<domino::State>(2, 3);
}
