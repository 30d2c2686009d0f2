//! Cờ cá ngựa in words ([`Describe`]): "đỏ đổ xúc xắc được 3-5", "red moves horse 0 8
//! squares and kicks a yellow horse". Nothing is hidden in Cờ cá ngựa.

use super::action::Action;
use super::config::Colour;
use super::event::{EndReason, Event};
use super::roll::Roll;
use super::state::State;
use crate::describe::{place_word, Describe, Lang, PresetWords};
use crate::game::{Game, Outcome, Seat};

fn colour(c: Colour, lang: Lang) -> String {
    let vi = match c.0 {
        0 => "đỏ",
        1 => "vàng",
        2 => "xanh dương",
        3 => "xanh lá",
        _ => "?",
    };
    lang.pick(vi, c.name())
}

fn roll(r: Roll) -> String {
    r.to_string()
}

fn place(p: u8, lang: Lang) -> String {
    match (lang, p) {
        (Lang::Vi, 1) => "về nhất".into(),
        (Lang::Vi, 2) => "về nhì".into(),
        (Lang::Vi, 3) => "về ba".into(),
        (Lang::Vi, _) => "về bét".into(),
        (_, 1) => "first".into(),
        (_, 2) => "second".into(),
        (_, 3) => "third".into(),
        (_, n) => format!("place {n}"),
    }
}

fn end(reason: EndReason, lang: Lang) -> String {
    match reason {
        EndReason::AllPlaced => lang.pick("mọi người đã có thứ hạng", "every player is placed"),
        EndReason::FirstFinisher => lang.pick("đã có người thắng", "the first player finished"),
        EndReason::ActionLimit => lang.pick("hết số nước đi", "the action limit"),
    }
}

fn outcome(o: &Outcome<EndReason>, lang: Lang) -> String {
    let order: Vec<String> = (1..=o.seats)
        .flat_map(|p| (0..o.seats).filter(move |&s| o.places[usize::from(s)] == p))
        .map(|s| lang.pick(format!("người {}", s + 1), format!("player {}", s + 1)))
        .collect();
    let order = if order.is_empty() {
        lang.pick("không ai", "nobody")
    } else {
        order.join(", ")
    };
    lang.pick(
        format!("hết ván ({}): {order}", end(o.reason, lang)),
        format!("game over ({}): {order}", end(o.reason, lang)),
    )
}

/// The presets of [`GameConfig::PRESETS`](crate::GameConfig::PRESETS) in words.
const PRESETS: &[PresetWords] = &[
    PresetWords {
        id: "seed_rules",
        name_vi: "Luật gốc",
        name_en: "Seed rules",
        summary_vi: "Bốn người, mỗi người một màu, đổ hai xúc xắc; ra quân khi được đôi, tổng 6 hoặc 6-1.",
        summary_en: "Four players, one colour each, two dice; a horse comes out on a double, a total of 6 or 6-1.",
    },
    PresetWords {
        id: "one_die",
        name_vi: "Một xúc xắc",
        name_en: "One die",
        summary_vi: "Đổ một xúc xắc: ra quân khi được 1 hoặc 6, được 1 hoặc 6 thì đổ thêm, đi đúng số nút.",
        summary_en: "One die: a horse comes out on a 1 or a 6, a 1 or a 6 rolls again, horses move the face value.",
    },
    PresetWords {
        id: "two_players",
        name_vi: "Hai người",
        name_en: "Two players",
        summary_vi: "Luật gốc cho hai người: đỏ đấu xanh dương, hai chuồng bỏ trống.",
        summary_en: "The seed rules for two players: red against blue, two pens left empty.",
    },
    PresetWords {
        id: "three_players",
        name_vi: "Ba người",
        name_en: "Three players",
        summary_vi: "Luật gốc cho ba người: đỏ, vàng và xanh dương.",
        summary_en: "The seed rules for three players: red, yellow and blue.",
    },
    PresetWords {
        id: "two_players_two_colours",
        name_vi: "Hai người, mỗi người hai màu",
        name_en: "Two players, two colours each",
        summary_vi: "Người 1 cầm đỏ và xanh dương, người 2 cầm vàng và xanh lá; về đích đủ cả hai màu mới xong.",
        summary_en: "Player 1 plays red and blue, player 2 yellow and green; a player finishes when both colours have.",
    },
];

impl Describe for State {
    fn preset_words(id: &str) -> Option<PresetWords> {
        PRESETS.iter().find(|p| p.id == id).copied()
    }

    fn seat_name(&self, seat: Seat, lang: Lang) -> String {
        let n = u32::from(seat.0) + 1;
        let colours: Vec<String> = self
            .config()
            .seats
            .pairs()
            .filter(|&(_, owner)| owner == seat.0)
            .map(|(c, _)| colour(c, lang))
            .collect();
        let colours = colours.join(&lang.pick(" và ", " and "));
        match colours.is_empty() {
            true => lang.pick(format!("Người {n}"), format!("Player {n}")),
            false => lang.pick(
                format!("Người {n} ({colours})"),
                format!("Player {n} ({colours})"),
            ),
        }
    }

    fn outcome_lines(&self, o: &Outcome<EndReason>, lang: Lang) -> Vec<String> {
        let name = |s: u8| self.seat_name(Seat(s), lang);
        let winners: Vec<String> = o.winners().map(|w| name(w.0)).collect();
        let mut lines = vec![match winners.len() {
            0 => lang.pick("Không ai về đích", "Nobody finished"),
            1 => lang.pick(
                format!("{} thắng", winners[0]),
                format!("{} wins", winners[0]),
            ),
            _ => {
                let all = winners.join(&lang.pick(" và ", " and "));
                lang.pick(
                    format!("{all} cùng về nhất"),
                    format!("{all} share first place"),
                )
            }
        }];
        for place in 1..=o.seats {
            for s in (0..o.seats).filter(|&s| o.places[usize::from(s)] == place) {
                let word = match (lang, place) {
                    (Lang::Vi, p) if p == o.seats && p > 2 => "bét".to_string(),
                    (l, p) => place_word(p, l),
                };
                lines.push(lang.pick(
                    format!("Về {word}: {}", name(s)),
                    format!("{word}: {}", name(s)),
                ));
            }
        }
        for s in (0..o.seats).filter(|&s| o.places[usize::from(s)] == 0) {
            lines.push(lang.pick(
                format!("Chưa về đích: {}", name(s)),
                format!("Did not finish: {}", name(s)),
            ));
        }
        lines.push(match o.reason {
            EndReason::AllPlaced => lang.pick("Mọi người đã có thứ hạng", "Every player is placed"),
            EndReason::FirstFinisher => lang.pick(
                "Ván dừng khi người đầu tiên về đích",
                "Play stopped when the first player finished",
            ),
            EndReason::ActionLimit => lang.pick(
                "Ván dừng vì đã hết số nước tối đa",
                "The game stopped at the action limit",
            ),
        });
        lines
    }

    fn describe_action(&self, action: Action, lang: Lang, _viewer: Option<Seat>) -> String {
        let who = self
            .colour_to_move()
            .map_or_else(String::new, |c| colour(c, lang));
        match action {
            Action::Roll { low, high } => lang.pick(
                format!("{who} đổ xúc xắc được {low}-{high}"),
                format!("{who} rolls {low}-{high}"),
            ),
            Action::RollOne { face } => lang.pick(
                format!("{who} đổ xúc xắc được {face}"),
                format!("{who} rolls {face}"),
            ),
            Action::Exit { piece } => lang.pick(
                format!("{who} xuất quân {piece}"),
                format!("{who} brings horse {piece} out of the yard"),
            ),
            Action::Track { piece, dist } => lang.pick(
                format!("{who} đi quân {piece} {dist} ô"),
                format!(
                    "{who} moves horse {piece} {}",
                    Lang::count(dist, "square", "squares")
                ),
            ),
            Action::Enter { piece, step } => lang.pick(
                format!("{who} đưa quân {piece} về chuồng, lên bậc {step}"),
                format!("{who} takes horse {piece} home, onto step {step}"),
            ),
            Action::Climb { piece, steps } => lang.pick(
                format!("{who} cho quân {piece} leo {steps} bậc"),
                format!(
                    "{who} climbs horse {piece} {}",
                    Lang::count(steps, "step", "steps")
                ),
            ),
        }
    }

    fn describe_seen_event(event: &Event, lang: Lang) -> String {
        match *event {
            Event::TurnStarted { colour: c, seat, tries } => {
                let who = colour(c, lang);
                match (lang, tries) {
                    (Lang::Vi, 0) => format!("lượt của {who} (người {})", seat.0 + 1),
                    (Lang::Vi, t) => format!("lượt của {who} (người {}), được đổ {t} lần để xuất quân", seat.0 + 1),
                    (_, 0) => format!("{who}'s turn (player {})", seat.0 + 1),
                    (_, t) => format!(
                        "{who}'s turn (player {}), {} to bring a horse out",
                        seat.0 + 1,
                        Lang::count(t, "try", "tries")
                    ),
                }
            }
            Event::Rolled { colour: c, roll: r } => lang.pick(
                format!("{} đổ được {}", colour(c, lang), roll(r)),
                format!("{} rolled {}", colour(c, lang), roll(r)),
            ),
            Event::Stuck { colour: c, tries_left } => {
                let who = colour(c, lang);
                match (lang, tries_left) {
                    (Lang::Vi, 0) => format!("{who} bị tịt, mất lượt đi"),
                    (Lang::Vi, t) => format!("{who} bị tịt, còn {t} lần đổ"),
                    (_, 0) => format!("{who} cannot move: the roll is lost"),
                    (_, t) => format!("{who} cannot move: {} left", Lang::count(t, "try", "tries")),
                }
            }
            Event::Forfeited { colour: c } => lang.pick(
                format!("{} mất lượt đổ thêm", colour(c, lang)),
                format!("{} forfeits the roll", colour(c, lang)),
            ),
            Event::Exited { colour: c, piece, square } => lang.pick(
                format!("{} xuất quân {piece} ra ô {square}", colour(c, lang)),
                format!("{} horse {piece} comes out onto square {square}", colour(c, lang)),
            ),
            Event::Stepped { colour: c, piece, square } => lang.pick(
                format!("quân {piece} của {} tới ô {square}", colour(c, lang)),
                format!("{} horse {piece} reaches square {square}", colour(c, lang)),
            ),
            Event::Kicked { by, by_piece, colour: c, piece, square } => lang.pick(
                format!(
                    "quân {by_piece} của {} đá quân {piece} của {} ở ô {square} về chuồng",
                    colour(by, lang),
                    colour(c, lang)
                ),
                format!(
                    "{} horse {by_piece} kicks {} horse {piece} on square {square} back to its yard",
                    colour(by, lang),
                    colour(c, lang)
                ),
            ),
            Event::EnteredHome { colour: c, piece, step } => lang.pick(
                format!("quân {piece} của {} về chuồng, lên bậc {step}", colour(c, lang)),
                format!("{} horse {piece} enters home on step {step}", colour(c, lang)),
            ),
            Event::Climbed { colour: c, piece, step } => lang.pick(
                format!("quân {piece} của {} leo lên bậc {step}", colour(c, lang)),
                format!("{} horse {piece} climbs to step {step}", colour(c, lang)),
            ),
            Event::ColourFinished { colour: c } => lang.pick(
                format!("{} đã về đủ bốn quân", colour(c, lang)),
                format!("{} has all four horses home", colour(c, lang)),
            ),
            Event::PlayerFinished { seat, place: p } => lang.pick(
                format!("người {} {}", seat.0 + 1, place(p, lang)),
                format!("player {} finishes {}", seat.0 + 1, place(p, lang)),
            ),
            Event::BonusRoll { colour: c } => lang.pick(
                format!("{} được đổ thêm một lượt", colour(c, lang)),
                format!("{} rolls again", colour(c, lang)),
            ),
            Event::GameOver { outcome: o } => outcome(&o, lang),
        }
    }

    /// The action and its kicks: "red moves horse 0 8 squares and kicks a yellow horse".
    fn describe_move(
        &self,
        action: Action,
        events: &[Event],
        lang: Lang,
        viewer: Option<Seat>,
    ) -> String {
        let mut text = self.describe_action(action, lang, viewer);
        for e in events {
            match *e {
                Event::Kicked { colour: c, .. } => text.push_str(&lang.pick(
                    format!(", đá một quân {}", colour(c, lang)),
                    format!(" and kicks a {} horse", colour(c, lang)),
                )),
                Event::Stuck { .. } => text.push_str(&lang.pick(", bị tịt", ": no move")),
                _ => {}
            }
        }
        text
    }
}
