//! Ô ăn quan in words ([`Describe`]): "A rải ô a3 sang phải, ăn 6 dân" / "A sows a3 to the
//! right and captures 6 dân". Nothing is hidden in Ô ăn quan, so every seat reads the same.

use super::action::{seat_letter, Action, Dir};
use super::event::{EndReason, Event, TurnEndReason};
use super::state::{State, LEFT_QUAN, RIGHT_QUAN};
use crate::describe::{Describe, Lang, PresetWords};
use crate::game::{Game, Outcome, Seat};

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

/// The presets of [`GameConfig::PRESETS`](crate::GameConfig::PRESETS) in words.
const PRESETS: &[PresetWords] = &[
    PresetWords {
        id: "seed_rules",
        name_vi: "Luật gốc",
        name_en: "Seed rules",
        summary_vi: "5 dân mỗi ô, quan tính 10, ăn liên tiếp, hết dân thì vay quân để rải; hết quan tàn dân thì thu quân.",
        summary_en: "5 stones a square, a quan worth 10, chained captures, stones borrowed to refill an empty side; ends when both quan squares are empty.",
    },
    PresetWords {
        id: "vi_wikipedia",
        name_vi: "Theo Wikipedia tiếng Việt",
        name_en: "Vietnamese Wikipedia",
        summary_vi: "Luật gốc có quan non: ô quan còn quan mà dưới 5 dân thì chưa được ăn.",
        summary_en: "The seed rules with quan non: a quan square holding its big stone and fewer than 5 stones cannot be captured.",
    },
    PresetWords {
        id: "tonkin",
        name_vi: "Bắc Bộ (Tonkin)",
        name_en: "Tonkin",
        summary_vi: "Mỗi ô quan 10 dân nhỏ thay cho quan, chỉ rải ngược chiều kim đồng hồ, rải tiếp qua ô quan thì bốc một quân ở đó.",
        summary_en: "Ten small stones in each quan square instead of a big stone, counter-clockwise sowing only, a relay through a quan square takes one stone from it.",
    },
    PresetWords {
        id: "ludii",
        name_vi: "Luật Ludii",
        name_en: "Ludii rules",
        summary_vi: "Mỗi nước chỉ ăn một lần, rải từ 10 quân trở lên thì hết lượt, hết ván khi cả hai quan đã bị ăn.",
        summary_en: "One capture per move, a sowing of 10 or more stones ends the turn, the game ends when both big stones are captured.",
    },
    PresetWords {
        id: "no_borrowing",
        name_vi: "Không vay quân",
        name_en: "No borrowing",
        summary_vi: "Hết dân thì trả 5 điểm để rải lại, không đủ thì thua; ô quan trống tính là ô trống.",
        summary_en: "Refilling an empty side costs 5 points and a player who cannot pay loses; an empty quan square counts as a gap.",
    },
    PresetWords {
        id: "no_first_quan",
        name_vi: "Nước đầu không ăn quan",
        name_en: "No quan on the first move",
        summary_vi: "Luật gốc, nhưng nước đi đầu tiên không được ăn quan.",
        summary_en: "The seed rules, but no quan may be captured on the first move.",
    },
    PresetWords {
        id: "quan_worth_five",
        name_vi: "Quan tính 5",
        name_en: "Quan worth five",
        summary_vi: "Quan tính 5 dân, mỗi nước chỉ ăn một lần, hết ván khi cả hai quan đã bị ăn.",
        summary_en: "A quan worth 5 stones, one capture per move, the game ends when both big stones are captured.",
    },
    PresetWords {
        id: "threefold",
        name_vi: "Lặp ba lần",
        name_en: "Threefold repetition",
        summary_vi: "Luật gốc; một thế cờ lặp lại ba lần thì hết ván.",
        summary_en: "The seed rules; a position repeated three times ends the game.",
    },
    PresetWords {
        id: "pay_to_refill",
        name_vi: "Rải lại bằng điểm",
        name_en: "Refill from your score",
        summary_vi: "Luật gốc, nhưng hết quân thì lấy điểm của mình rải lại, không đủ điểm thì thua; một thế cờ lặp lại ba lần thì hết ván.",
        summary_en: "The seed rules, but an empty side is refilled from your own score and a player who cannot pay loses; a position repeated three times ends the game.",
    },
    PresetWords {
        id: "debt_match",
        name_vi: "Đấu nhiều ván, nợ chuyển ván",
        name_en: "Debt match",
        summary_vi: "Một chuỗi ván theo luật gốc; quân nợ được mang sang ván sau.",
        summary_en: "A match of seed-rule games; debts carry over to the next game.",
    },
];

impl Describe for State {
    fn preset_words(id: &str) -> Option<PresetWords> {
        PRESETS.iter().find(|p| p.id == id).copied()
    }

    fn outcome_lines(&self, o: &Outcome<EndReason>, lang: Lang) -> Vec<String> {
        let name = |s: u8| self.seat_name(Seat(s), lang);
        let mut lines = vec![match o.winner() {
            Some(w) => lang.pick(
                format!("{} thắng", name(w.0)),
                format!("{} wins", name(w.0)),
            ),
            None => lang.pick("Hoà", "A draw"),
        }];
        for s in 0..2u8 {
            let score = o.scores[usize::from(s)];
            let other = name(1 - s);
            lines.push(if score < 0 {
                let debt = score.unsigned_abs();
                lang.pick(
                    format!("{} nợ {other} {debt} quân", name(s)),
                    format!(
                        "{} owes {other} {}",
                        name(s),
                        Lang::count(debt, "stone", "stones")
                    ),
                )
            } else {
                lang.pick(
                    format!("{} được {score} điểm từ quân ăn được", name(s)),
                    format!("{} captured stones worth {score} points", name(s)),
                )
            });
        }
        lines.push(match o.reason {
            EndReason::BothQuanSquaresEmpty => lang.pick(
                "Hết quan tàn dân, thu quân kéo về",
                "Both quan squares are empty: the stones are gathered in",
            ),
            EndReason::BothBigStonesCaptured => {
                lang.pick("Cả hai quan đã bị ăn", "Both big stones are captured")
            }
            EndReason::NoRefill => {
                let loser = o.winner().map_or(1, |w| 1 - (w.0 & 1));
                lang.pick(
                    format!("{} không còn quân để rải lại nên thua", name(loser)),
                    format!("{} could not refill an empty side and loses", name(loser)),
                )
            }
            EndReason::MoveCap => {
                let n = self.max_moves();
                lang.pick(
                    format!("Đã đi hết {n} nước, ván dừng"),
                    format!("The {n}-move limit ended the game"),
                )
            }
            EndReason::Repetition => {
                let k = self.config().repetition_limit.unwrap_or(3);
                lang.pick(
                    format!("Một thế cờ lặp lại {k} lần, ván dừng"),
                    format!("A position repeated {k} times ended the game"),
                )
            }
        });
        lines
    }

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
