//! Domino in words ([`Describe`]): "người 1 đánh quân 3-5 vào đầu trái", "seat 0 draws a tile
//! from the market". For a seat, a dealt or drawn tile is named only to its receiver.

use super::action::Action;
use super::event::{EndReason, Event, RoundEnd};
use super::state::State;
use super::tile::{End, Tile};
use crate::describe::{Describe, Lang};
use crate::game::{Outcome, Seat};

fn seat(s: Seat, lang: Lang) -> String {
    lang.pick(format!("người {}", s.0), format!("seat {}", s.0))
}

fn end(e: End, lang: Lang) -> String {
    match e {
        End::Left => lang.pick("đầu trái", "the left end"),
        End::Right => lang.pick("đầu phải", "the right end"),
    }
}

fn tile_or_hidden(tile: Option<Tile>, lang: Lang) -> String {
    match tile {
        Some(t) => lang.pick(format!("quân {t}"), format!("{t}")),
        None => lang.pick("một quân", "a tile"),
    }
}

fn end_reason(reason: EndReason, lang: Lang) -> String {
    match reason {
        EndReason::LossThreshold => {
            lang.pick("có người đủ điểm thua", "a seat reached the losing score")
        }
        EndReason::MaxRounds => lang.pick("đủ số ván", "the last round was played"),
        EndReason::RoundCap => lang.pick("hết số ván cho phép", "the round limit"),
    }
}

fn outcome(o: &Outcome<EndReason>, lang: Lang) -> String {
    let totals: Vec<String> = (0..o.seats)
        .map(|s| {
            let i = usize::from(s);
            lang.pick(
                format!("người {s}: {} điểm, hạng {}", o.scores[i], o.places[i]),
                format!("seat {s}: {} points, place {}", o.scores[i], o.places[i]),
            )
        })
        .collect();
    lang.pick(
        format!(
            "hết trận ({}): {}",
            end_reason(o.reason, lang),
            totals.join("; ")
        ),
        format!(
            "match over ({}): {}",
            end_reason(o.reason, lang),
            totals.join("; ")
        ),
    )
}

impl Describe for State {
    fn describe_action(&self, action: Action, lang: Lang, viewer: Option<Seat>) -> String {
        let who = self.turn().unwrap_or(Seat(0));
        // A chance tile is named to the host and to the seat receiving it, nobody else.
        let shown = |t: Tile| (viewer.is_none() || viewer == Some(who)).then_some(t);
        match action {
            Action::Play { tile, end: e } => lang.pick(
                format!("{} đánh quân {tile} vào {}", seat(who, lang), end(e, lang)),
                format!("{} plays {tile} at {}", seat(who, lang), end(e, lang)),
            ),
            Action::Market => lang.pick(
                format!("{} đi ra chợ", seat(who, lang)),
                format!("{} goes to the market", seat(who, lang)),
            ),
            Action::Deal(t) => lang.pick(
                format!(
                    "chia {} cho {}",
                    tile_or_hidden(shown(t), lang),
                    seat(who, lang)
                ),
                format!(
                    "deals {} to {}",
                    tile_or_hidden(shown(t), lang),
                    seat(who, lang)
                ),
            ),
            Action::Draw(t) => lang.pick(
                format!(
                    "{} bốc {} từ chợ",
                    seat(who, lang),
                    tile_or_hidden(shown(t), lang)
                ),
                format!(
                    "{} draws {} from the market",
                    seat(who, lang),
                    tile_or_hidden(shown(t), lang)
                ),
            ),
        }
    }

    fn describe_seen_event(event: &Event, lang: Lang) -> String {
        match *event {
            Event::Dealt { seat: s, tile } => lang.pick(
                format!("{} nhận {}", seat(s, lang), tile_or_hidden(tile, lang)),
                format!("{} is dealt {}", seat(s, lang), tile_or_hidden(tile, lang)),
            ),
            Event::Redealt { seat: s, doubles } => lang.pick(
                format!("{} có {doubles} quân bò: chia lại", seat(s, lang)),
                format!(
                    "{} holds {doubles} doubles: the tiles are dealt again",
                    seat(s, lang)
                ),
            ),
            Event::Led {
                seat: s,
                tile,
                forced,
            } => match (lang, forced) {
                (Lang::Vi, true) => format!("{} phải ra quân {tile} đầu tiên", seat(s, lang)),
                (Lang::Vi, false) => format!("{} ra quân {tile} đầu tiên", seat(s, lang)),
                (_, true) => format!("{} must lead {tile}", seat(s, lang)),
                (_, false) => format!("{} leads {tile}", seat(s, lang)),
            },
            Event::Played {
                seat: s,
                tile,
                end: e,
                ..
            } => lang.pick(
                format!("{} đánh quân {tile} vào {}", seat(s, lang), end(e, lang)),
                format!("{} plays {tile} at {}", seat(s, lang), end(e, lang)),
            ),
            Event::WentToMarket { seat: s } => lang.pick(
                format!("{} đi ra chợ", seat(s, lang)),
                format!("{} goes to the market", seat(s, lang)),
            ),
            Event::Drew { seat: s, tile } => lang.pick(
                format!(
                    "{} bốc {} từ chợ",
                    seat(s, lang),
                    tile_or_hidden(tile, lang)
                ),
                format!(
                    "{} draws {} from the market",
                    seat(s, lang),
                    tile_or_hidden(tile, lang)
                ),
            ),
            Event::Passed { seat: s } => lang.pick(
                format!("{} bỏ lượt", seat(s, lang)),
                format!("{} passes", seat(s, lang)),
            ),
            Event::WentOut { seat: s } => lang.pick(
                format!("{} xuất trận", seat(s, lang)),
                format!("{} goes out", seat(s, lang)),
            ),
            Event::Fish { setter, .. } => lang.pick(
                format!("cá! {} đặt cá", seat(setter, lang)),
                format!("blocked (cá): {} set the fish", seat(setter, lang)),
            ),
            Event::RoundScored { result, scores } => {
                let n = result
                    .points
                    .iter()
                    .rposition(|&p| p > 0)
                    .map_or(0, |i| i + 1);
                let n = n.max(usize::from(result.seat.0) + 1).max(2);
                let added: Vec<String> = (0..n)
                    .map(|i| format!("+{} ({})", result.points[i], scores[i]))
                    .collect();
                let how = match result.end {
                    RoundEnd::Out => lang.pick(
                        format!("{} xuất trận", seat(result.seat, lang)),
                        format!("{} went out", seat(result.seat, lang)),
                    ),
                    RoundEnd::Fish => lang.pick(
                        format!("cá, {} đặt cá", seat(result.seat, lang)),
                        format!("blocked, {} set the fish", seat(result.seat, lang)),
                    ),
                };
                lang.pick(
                    format!("hết ván {} ({how}): {}", result.round, added.join(", ")),
                    format!("round {} over ({how}): {}", result.round, added.join(", ")),
                )
            }
            Event::RoundStarted { round } => lang.pick(
                format!("ván {round} bắt đầu"),
                format!("round {round} begins"),
            ),
            Event::GameOver { outcome: o } => outcome(&o, lang),
        }
    }
}
