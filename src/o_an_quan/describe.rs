//! Ô ăn quan in words ([`Describe`]): "A rải ô a3 sang phải, ăn 6 dân" / "A sows a3 to the
//! right and captures 6 dân". Nothing is hidden in Ô ăn quan, so every seat reads the same.

use super::action::{seat_letter, Action, Dir};
use super::event::{EndReason, Event, TurnEndReason};
use super::state::{State, LEFT_QUAN, RIGHT_QUAN};
use crate::describe::{Describe, Lang};
use crate::game::{Outcome, Seat};

fn square(cell: u8, lang: Lang) -> String {
    match cell {
        LEFT_QUAN => lang.pick("ô quan trái", "the left quan square"),
        RIGHT_QUAN => lang.pick("ô quan phải", "the right quan square"),
        _ => lang.pick(
            format!("ô {}", Action::square_name(cell)),
            Action::square_name(cell),
        ),
    }
}

fn direction(dir: Dir, lang: Lang) -> String {
    // `+` (counter-clockwise) runs to the mover's right along their own row.
    match dir {
        Dir::Ccw => lang.pick("sang phải", "to the right"),
        Dir::Cw => lang.pick("sang trái", "to the left"),
    }
}

fn turn_end(reason: TurnEndReason, lang: Lang) -> String {
    match reason {
        TurnEndReason::NextIsQuan => {
            lang.pick("ô tiếp theo là ô quan", "the next square is a quan square")
        }
        TurnEndReason::TwoEmpty => lang.pick("hai ô trống liền nhau", "two empty squares"),
        TurnEndReason::AfterCapture => lang.pick("hết ăn", "no more to capture"),
        TurnEndReason::QuanNon => {
            lang.pick("quan non chưa ăn được", "a young quan cannot be captured")
        }
        TurnEndReason::SingleCapture => lang.pick("chỉ được ăn một lần", "one capture per move"),
        TurnEndReason::LargeSowing => lang.pick("rải nhiều quân quá", "a large sowing"),
        TurnEndReason::RelayRepeat => lang.pick("vòng rải lặp lại", "the relays repeat"),
        TurnEndReason::RelayCap => lang.pick("quá số lần rải tiếp", "the relay limit"),
    }
}

fn end(reason: EndReason, lang: Lang) -> String {
    match reason {
        EndReason::BothQuanSquaresEmpty => {
            lang.pick("hết quan tàn dân", "both quan squares are empty")
        }
        EndReason::BothBigStonesCaptured => {
            lang.pick("cả hai quan đã bị ăn", "both big stones are captured")
        }
        EndReason::NoRefill => lang.pick("không đủ dân để rải lại", "a side cannot be refilled"),
        EndReason::MoveCap => lang.pick("hết số nước đi", "the move limit"),
        EndReason::Repetition => lang.pick("thế cờ lặp lại", "the position repeated"),
    }
}

fn captured(dan: u32, quan: u8, lang: Lang) -> String {
    match (dan, quan) {
        (0, 0) => String::new(),
        (d, 0) => lang.pick(format!("{d} dân"), format!("{d} dân")),
        (0, q) => lang.pick(format!("{q} quan"), format!("{q} quan")),
        (d, q) => lang.pick(
            format!("{q} quan và {d} dân"),
            format!("{q} quan and {d} dân"),
        ),
    }
}

fn outcome(o: &Outcome<EndReason>, lang: Lang) -> String {
    let result = match o.winner() {
        Some(w) => lang.pick(
            format!("{} thắng", seat_letter(w)),
            format!("{} wins", seat_letter(w)),
        ),
        None => lang.pick("hoà", "a draw"),
    };
    lang.pick(
        format!(
            "hết ván ({}): A {} – B {}, {result}",
            end(o.reason, lang),
            o.scores[0],
            o.scores[1]
        ),
        format!(
            "game over ({}): A {} – B {}, {result}",
            end(o.reason, lang),
            o.scores[0],
            o.scores[1]
        ),
    )
}

impl Describe for State {
    fn describe_action(&self, action: Action, lang: Lang, _viewer: Option<Seat>) -> String {
        let who = seat_letter(action.owner());
        let from = square(action.cell(), lang);
        let dir = direction(action.dir(), lang);
        lang.pick(
            format!("{who} rải {from} {dir}"),
            format!("{who} sows {from} {dir}"),
        )
    }

    fn describe_seen_event(event: &Event, lang: Lang) -> String {
        match *event {
            Event::PickUp { seat, cell, stones } => lang.pick(
                format!(
                    "{} bốc {stones} dân ở {}",
                    seat_letter(seat),
                    square(cell, lang)
                ),
                format!(
                    "{} picks up the {} of {}",
                    seat_letter(seat),
                    Lang::count(stones, "stone", "stones"),
                    square(cell, lang)
                ),
            ),
            Event::Sow { cell, now } => lang.pick(
                format!("rải một dân vào {} (thành {now})", square(cell, lang)),
                format!("a stone into {} ({now} there)", square(cell, lang)),
            ),
            Event::Relay {
                cell,
                stones,
                number,
            } => lang.pick(
                format!(
                    "bốc tiếp {stones} dân ở {} rải tiếp (lần {number})",
                    square(cell, lang)
                ),
                format!(
                    "relay {number}: picks up the {} of {} and sows on",
                    Lang::count(stones, "stone", "stones"),
                    square(cell, lang)
                ),
            ),
            Event::Capture {
                seat,
                cell,
                dan,
                quan,
                ..
            } => lang.pick(
                format!(
                    "{} ăn {} ở {}",
                    seat_letter(seat),
                    captured(u32::from(dan), quan, lang),
                    square(cell, lang)
                ),
                format!(
                    "{} captures {} from {}",
                    seat_letter(seat),
                    captured(u32::from(dan), quan, lang),
                    square(cell, lang)
                ),
            ),
            Event::TurnEnd {
                seat,
                reason,
                dan,
                quan,
                ..
            } => {
                let took = captured(dan, quan, lang);
                let who = seat_letter(seat);
                let why = turn_end(reason, lang);
                match (lang, took.is_empty()) {
                    (Lang::Vi, true) => format!("{who} mất lượt ({why})"),
                    (Lang::Vi, false) => format!("{who} mất lượt ({why}); nước này ăn {took}"),
                    (_, true) => format!("{who}'s turn ends ({why})"),
                    (_, false) => format!("{who}'s turn ends ({why}); the move captured {took}"),
                }
            }
            Event::Refill {
                seat,
                per_square,
                debt,
                ..
            } => {
                let who = seat_letter(seat);
                lang.pick(
                    format!("{who} rải lại mỗi ô {per_square} dân (nợ {debt})"),
                    format!("{who} refills each square with {per_square} (owing {debt})"),
                )
            }
            Event::GameOver { outcome: o } => outcome(&o, lang),
            Event::MatchSettled { games, balance } => lang.pick(
                format!("sau {games} ván: A {:+}, B {:+}", balance[0], balance[1]),
                format!(
                    "after {games} games: A {:+}, B {:+}",
                    balance[0], balance[1]
                ),
            ),
        }
    }

    /// "A rải ô a3 sang phải, ăn 6 dân": the sowing and what the move captured.
    fn describe_move(
        &self,
        action: Action,
        events: &[Event],
        lang: Lang,
        viewer: Option<Seat>,
    ) -> String {
        let sown = self.describe_action(action, lang, viewer);
        let (dan, quan) = events.iter().fold((0u32, 0u8), |(d, q), e| match e {
            Event::Capture { dan, quan, .. } => (d + u32::from(*dan), q + quan),
            _ => (d, q),
        });
        let took = captured(dan, quan, lang);
        match (lang, took.is_empty()) {
            (_, true) => sown,
            (Lang::Vi, false) => format!("{sown}, ăn {took}"),
            (_, false) => format!("{sown} and captures {took}"),
        }
    }
}
