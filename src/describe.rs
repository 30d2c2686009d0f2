//! Actions and events in words, in Vietnamese and in English, with the games' own vocabulary
//! (dân, quan, rải, ăn; chuồng, xuất quân, đá, bị tịt; chợ, cá, xuất trận): for move lists,
//! logs, tutorials and screen readers.
//!
//! Every description has a form for one seat: it describes what that seat may see (the event
//! as [`Game::event_for`] gives it to the seat; a dealt or drawn Domino tile only for its
//! receiver), so a server can send it to that seat as it is.
//!
//! ```
//! use dangian::describe::{Describe, Lang};
//! use dangian::o_an_quan::{Config, State};
//! use dangian::Game;
//!
//! let mut game = State::new(Config::default()).unwrap();
//! let sow = "a1+".parse().unwrap();
//! let before = game;
//! let mut events = Vec::new();
//! game.apply(sow, &mut events).unwrap();
//! assert_eq!(
//!     before.describe_move(sow, &events, Lang::Vi, None),
//!     "A rải ô a1 sang phải, ăn 6 dân"
//! );
//! assert_eq!(
//!     before.describe_move(sow, &events, Lang::En, None),
//!     "A sows a1 to the right and captures 6 dân"
//! );
//! ```
#![forbid(unsafe_code)]

use crate::game::{Game, Outcome, Seat};
use crate::limits::MAX_DESCRIBED_EVENTS;

/// The language of a description.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Lang {
    /// Vietnamese (`vi`).
    Vi,
    /// English (`en`).
    En,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::Vi, Lang::En];

    /// The language's code: `vi` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Vi => "vi",
            Lang::En => "en",
        }
    }

    /// The language with this code (`vi`, `en`).
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language with this number (0 Vietnamese, 1 English), as the C ABI passes it.
    pub fn from_u32(n: u32) -> Option<Lang> {
        Lang::ALL.get(n as usize).copied()
    }

    /// `n` and an English noun in the singular or the plural ("1 step", "3 steps").
    pub(crate) fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
        match n.into() {
            1 => format!("1 {one}"),
            n => format!("{n} {many}"),
        }
    }

    /// `vi` or `en`, picked by language.
    pub(crate) fn pick(self, vi: impl Into<String>, en: impl Into<String>) -> String {
        match self {
            Lang::Vi => vi.into(),
            Lang::En => en.into(),
        }
    }
}

/// A preset's name and one-line summary in both languages, for a rules menu.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PresetWords {
    /// The preset's id, as in [`GameConfig::PRESETS`](crate::GameConfig::PRESETS).
    pub id: &'static str,
    /// The name in Vietnamese.
    pub name_vi: &'static str,
    /// The name in English.
    pub name_en: &'static str,
    /// What the preset plays, in one Vietnamese line.
    pub summary_vi: &'static str,
    /// What the preset plays, in one English line.
    pub summary_en: &'static str,
}

impl PresetWords {
    /// The name in `lang`.
    pub fn name(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Vi => self.name_vi,
            Lang::En => self.name_en,
        }
    }

    /// The one-line summary in `lang`.
    pub fn summary(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Vi => self.summary_vi,
            Lang::En => self.summary_en,
        }
    }
}

/// The number in words for a place: "nhất", "nhì", "ba", "tư" / "1st", "2nd", "3rd", "4th".
pub(crate) fn place_word(place: u8, lang: Lang) -> String {
    match (lang, place) {
        (Lang::Vi, 1) => "nhất".into(),
        (Lang::Vi, 2) => "nhì".into(),
        (Lang::Vi, 3) => "ba".into(),
        (Lang::Vi, 4) => "tư".into(),
        (Lang::Vi, n) => format!("thứ {n}"),
        (_, 1) => "1st".into(),
        (_, 2) => "2nd".into(),
        (_, 3) => "3rd".into(),
        (_, n) => format!("{n}th"),
    }
}

/// Actions and events in words.
pub trait Describe: Game {
    /// The name and summary of the preset `id` (one of
    /// [`GameConfig::PRESETS`](crate::GameConfig::PRESETS)); `None` for any other id.
    fn preset_words(id: &str) -> Option<PresetWords>;

    /// The words of the presets a table offers, its default first
    /// ([`GameConfig::TABLE_PRESETS`](crate::GameConfig::TABLE_PRESETS)): a rules menu.
    fn table_preset_words() -> Vec<PresetWords> {
        <Self::Config as crate::GameConfig>::TABLE_PRESETS
            .iter()
            .filter_map(|id| Self::preset_words(id))
            .collect()
    }

    /// A seat as the players name it, numbered from 1: "Người 1" / "Player 1" (in Cờ cá ngựa
    /// with the colours it plays: "Người 1 (đỏ)" / "Player 1 (red)").
    fn seat_name(&self, seat: Seat, lang: Lang) -> String {
        let n = u32::from(seat.0) + 1;
        lang.pick(format!("Người {n}"), format!("Player {n}"))
    }

    /// The end of a game in words, one line each: who won, then the places and scores in
    /// the game's own terms (stones captured and debts in Ô ăn quan, places in Cờ cá ngựa,
    /// penalty points in Domino), then why the game ended. `outcome` is an outcome of this
    /// game's table (its seats are named as [`Describe::seat_name`] names them).
    fn outcome_lines(&self, outcome: &Outcome<Self::EndReason>, lang: Lang) -> Vec<String>;

    /// [`Describe::outcome_lines`] for this game's own outcome; empty while it is not over.
    fn end_lines(&self, lang: Lang) -> Vec<String> {
        self.outcome()
            .map(|o| self.outcome_lines(&o, lang))
            .unwrap_or_default()
    }

    /// `action`, about to be played in this position, in words. For `viewer` (a seat) a tile
    /// hidden from it is not named; `None` is the host, who sees everything.
    fn describe_action(&self, action: Self::Action, lang: Lang, viewer: Option<Seat>) -> String;

    /// An event in words, exactly as it is (a redacted event names no hidden tile).
    fn describe_seen_event(event: &Self::Event, lang: Lang) -> String;

    /// An event in words as `viewer` may see it (`None` when that seat sees nothing of it),
    /// or as it is for the host (`None` viewer).
    fn describe_event(event: &Self::Event, lang: Lang, viewer: Option<Seat>) -> Option<String> {
        let seen = match viewer {
            Some(seat) => Self::event_for(event, seat)?,
            None => *event,
        };
        Some(Self::describe_seen_event(&seen, lang))
    }

    /// A whole move in one line: the action and what it did (e.g. "A rải ô a3 sang phải, ăn
    /// 6 dân"), from the position before it and the events it reported.
    fn describe_move(
        &self,
        action: Self::Action,
        _events: &[Self::Event],
        lang: Lang,
        viewer: Option<Seat>,
    ) -> String {
        self.describe_action(action, lang, viewer)
    }
}

/// `events` in words for `viewer` (as [`Describe::describe_event`]), at most
/// [`MAX_DESCRIBED_EVENTS`] of them: the events `viewer` sees beyond that are counted, not
/// described, and one last line says how many ("… và 12 sự kiện nữa" / "… and 12 more
/// events").
pub fn describe_events_bounded<G: Describe>(
    events: &[G::Event],
    lang: Lang,
    viewer: Option<Seat>,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut more: u64 = 0;
    for event in events {
        if lines.len() < MAX_DESCRIBED_EVENTS {
            lines.extend(G::describe_event(event, lang, viewer));
        } else if viewer.is_none_or(|seat| G::event_for(event, seat).is_some()) {
            more += 1;
        }
    }
    if more > 0 {
        lines.push(lang.pick(
            format!("… và {more} sự kiện nữa"),
            format!("… and {}", Lang::count(more, "more event", "more events")),
        ));
    }
    lines
}
