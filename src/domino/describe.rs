//! Domino in words ([`Describe`]): "người 1 đánh quân 3-5 vào đầu trái", "player 1 draws a
//! tile from the market". For a seat, a dealt or drawn tile is named only to its receiver.

use super::action::Action;
use super::event::{EndReason, Event, RoundEnd};
use super::state::State;
use super::tile::{End, Tile};
use crate::describe::{place_word, Describe, Lang, PresetWords};
use crate::game::{Game, Outcome, Seat};

/// A seat in an event's words, numbered from 1 as players number them.
fn seat(s: Seat, lang: Lang) -> String {
    let n = u32::from(s.0) + 1;
    lang.pick(format!("người {n}"), format!("player {n}"))
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
            let n = u32::from(s) + 1;
            lang.pick(
                format!("người {n}: {} điểm phạt, hạng {}", o.scores[i], o.places[i]),
                format!(
                    "player {n}: {} penalty points, place {}",
                    o.scores[i], o.places[i]
                ),
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

/// The presets of [`GameConfig::PRESETS`](crate::GameConfig::PRESETS) in words.
const PRESETS: &[PresetWords] = &[
    PresetWords {
        id: "seed_rules",
        name_vi: "Luật gốc",
        name_en: "Seed rules",
        summary_vi: "Hai người, mỗi người 7 quân, 0-0 đi trước, không đi được thì bốc chợ; ai từ 101 điểm phạt trở lên thì thua.",
        summary_en: "Two players, 7 tiles each, 0-0 leads, draw from the boneyard until you can play; 101 penalty points or more loses.",
    },
    PresetWords {
        id: "three_players",
        name_vi: "Ba người",
        name_en: "Three players",
        summary_vi: "Luật gốc cho ba người, mỗi người 7 quân.",
        summary_en: "The seed rules for three players, 7 tiles each.",
    },
    PresetWords {
        id: "four_players",
        name_vi: "Bốn người",
        name_en: "Four players",
        summary_vi: "Luật gốc cho bốn người, mỗi người 7 quân, chia hết 28 quân.",
        summary_en: "The seed rules for four players, 7 tiles each: all 28 tiles dealt.",
    },
    PresetWords {
        id: "kozel",
        name_vi: "Kozel (Con dê)",
        name_en: "Kozel (Goat)",
        summary_vi: "Lối chơi Nga gốc của luật này: 1-1 đi trước ván đầu, người thắng ván đi trước ván sau; khi cá, tay ít điểm nhất không bị phạt.",
        summary_en: "The Russian game the seed comes from: 1-1 leads the first round, the round's winner leads the next; on a cá the lowest hand scores 0.",
    },
    PresetWords {
        id: "western_draw",
        name_vi: "Bốc chợ kiểu phương Tây",
        name_en: "Western draw game",
        summary_vi: "Đôi cao nhất đi trước, chợ chừa lại 2 quân, hết đường đi là cá ngay; khi cá, tay ít điểm nhất không bị phạt.",
        summary_en: "The highest double leads, two tiles stay in the boneyard, a closed layout is a cá at once; on a cá the lowest hand scores 0.",
    },
    PresetWords {
        id: "block",
        name_vi: "Chặn (không bốc chợ)",
        name_en: "Block game",
        summary_vi: "Bốn người chia hết 28 quân, không ai bốc chợ; không đi được thì bỏ lượt.",
        summary_en: "Four players share all 28 tiles, nobody draws; a player who cannot play passes.",
    },
];

impl Describe for State {
    fn preset_words(id: &str) -> Option<PresetWords> {
        PRESETS.iter().find(|p| p.id == id).copied()
    }

    fn outcome_lines(&self, o: &Outcome<EndReason>, lang: Lang) -> Vec<String> {
        let name = |s: u8| self.seat_name(Seat(s), lang);
        let winners: Vec<String> = o.winners().map(|w| name(w.0)).collect();
        let mut lines = vec![match winners.len() {
            0 => lang.pick("Không ai thắng", "Nobody won"),
            1 => lang.pick(
                format!("{} thắng trận", winners[0]),
                format!("{} wins the match", winners[0]),
            ),
            _ => {
                let all = winners.join(&lang.pick(" và ", " and "));
                lang.pick(
                    format!("{all} cùng nhất"),
                    format!("{all} share first place"),
                )
            }
        }];
        for place in 0..=o.seats {
            for s in (0..o.seats).filter(|&s| o.places[usize::from(s)] == place) {
                let points = o.scores[usize::from(s)];
                let word = match place {
                    0 => lang.pick("Không xếp hạng", "Unplaced"),
                    p => lang.pick(format!("Hạng {}", place_word(p, lang)), place_word(p, lang)),
                };
                lines.push(lang.pick(
                    format!("{word}: {} — {points} điểm phạt", name(s)),
                    format!(
                        "{word}: {} — {}",
                        name(s),
                        Lang::count(points.unsigned_abs(), "penalty point", "penalty points")
                    ),
                ));
            }
        }
        let limit = self.config().loss_threshold;
        lines.push(match o.reason {
            EndReason::LossThreshold => {
                let losers: Vec<String> = (0..o.seats)
                    .filter(|&s| {
                        o.scores[usize::from(s)] >= i32::try_from(limit).unwrap_or(i32::MAX)
                    })
                    .map(name)
                    .collect();
                let losers = losers.join(&lang.pick(" và ", " and "));
                lang.pick(
                    format!("{losers} đã tới {limit} điểm phạt: hết trận"),
                    format!("{losers} reached the losing score of {limit}: the match is over"),
                )
            }
            EndReason::MaxRounds => {
                let n = self.config().max_rounds.unwrap_or(0);
                lang.pick(
                    format!("Đã chơi đủ {n} ván: hết trận"),
                    format!("All {n} rounds were played: the match is over"),
                )
            }
            EndReason::RoundCap => lang.pick(
                "Đã tới số ván tối đa cho phép: hết trận",
                "The round limit was reached: the match is over",
            ),
        });
        lines
    }

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
