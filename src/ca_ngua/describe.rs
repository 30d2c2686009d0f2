//! Cờ cá ngựa in words ([`Describe`]): "đỏ đổ xúc xắc được 3-5", "red moves horse 0 8
//! squares and kicks a yellow horse". Nothing is hidden in Cờ cá ngựa.

use super::action::Action;
use super::config::Colour;
use super::event::{EndReason, Event};
use super::roll::Roll;
use super::state::State;
use crate::describe::{Describe, Lang};
use crate::game::{Outcome, Seat};

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
        .map(|s| lang.pick(format!("người {s}"), format!("player {s}")))
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

impl Describe for State {
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
                    (Lang::Vi, 0) => format!("lượt của {who} (người {})", seat.0),
                    (Lang::Vi, t) => format!("lượt của {who} (người {}), được đổ {t} lần để xuất quân", seat.0),
                    (_, 0) => format!("{who}'s turn (player {})", seat.0),
                    (_, t) => format!(
                        "{who}'s turn (player {}), {} to bring a horse out",
                        seat.0,
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
                format!("người {} {}", seat.0, place(p, lang)),
                format!("player {} finishes {}", seat.0, place(p, lang)),
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
