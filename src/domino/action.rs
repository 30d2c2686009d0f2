//! Actions: player decisions (plays, a voluntary draw) and chance outcomes (the deal, draws).

use std::fmt;
use std::str::FromStr;

use crate::game::ParseActionError;

use super::tile::{End, Tile};

/// An action of Domino: a player's decision or a chance outcome.
///
/// | action | id | text |
/// |---|---|---|
/// | [`Play`](Action::Play) tile `t` (0–27) at the left / right end | `2t` / `2t + 1` | `play 3-5 L`, `play 3-5 R` |
/// | [`Market`](Action::Market): choose to draw ([`DrawPolicy::Voluntary`](super::DrawPolicy::Voluntary) only) | `56` | `market` |
/// | [`Deal`](Action::Deal) tile `t` to the seat being dealt to (chance) | `57 + t` | `deal 2-6` |
/// | [`Draw`](Action::Draw) tile `t` from the chợ (chance) | `85 + t` | `draw 0-4` |
///
/// A lead on an empty line is written `play a-b L` and is laid as written (DM-C4): `a`
/// faces left. A tile played at an end is turned so that its matching half touches the line.
/// When both ends show the same number a matching tile has two distinct actions, `L` and `R`
/// (DM-C3). Tiles are written low half first; `play 5-3 L` reads as `play 3-5 L`.
///
/// In JSON an action is its text, e.g. `"play 3-5 L"`.
///
/// Ids are dense (`0..113`) and ordered as the legal actions are listed: plays by tile, then
/// `L` before `R`, then `market`, then the chance outcomes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Place `tile` from the hand of the seat to move at `end` of the line.
    Play {
        /// The tile.
        tile: Tile,
        /// The open end it goes on (`Left` for a lead).
        end: End,
    },
    /// Go to the chợ by choice while holding a playable tile (DM-A3 `Voluntary`).
    Market,
    /// Chance: deal `tile` to the seat being dealt to (DM-C1).
    Deal(Tile),
    /// Chance: the seat to move draws `tile` from the chợ (DM-C1).
    Draw(Tile),
}

pub(crate) const MARKET_ID: u32 = 56;
pub(crate) const DEAL_BASE: u32 = 57;
pub(crate) const DRAW_BASE: u32 = 85;

impl crate::game::Action for Action {
    const ID_COUNT: u32 = 113;

    #[inline]
    fn id(self) -> u32 {
        match self {
            Action::Play { tile, end } => u32::from(tile.index()) * 2 + end.index() as u32,
            Action::Market => MARKET_ID,
            Action::Deal(t) => DEAL_BASE + u32::from(t.index()),
            Action::Draw(t) => DRAW_BASE + u32::from(t.index()),
        }
    }

    #[inline]
    fn from_id(id: u32) -> Option<Action> {
        let tile = |i: u32| Tile::from_index(i as u8);
        match id {
            0..MARKET_ID => Some(Action::Play {
                tile: tile(id / 2)?,
                end: if id % 2 == 0 { End::Left } else { End::Right },
            }),
            MARKET_ID => Some(Action::Market),
            DEAL_BASE..DRAW_BASE => Some(Action::Deal(tile(id - DEAL_BASE)?)),
            DRAW_BASE..113 => Some(Action::Draw(tile(id - DRAW_BASE)?)),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play { tile, end } => write!(f, "play {tile} {end}"),
            Action::Market => f.write_str("market"),
            Action::Deal(t) => write!(f, "deal {t}"),
            Action::Draw(t) => write!(f, "draw {t}"),
        }
    }
}

crate::game::action_as_text!(
    Action,
    "DominoAction",
    "An action in Domino notation: \"play 3-5 L\" or \"play 3-5 R\" (a tile at an end), \"market\" (choose to draw), and the chance outcomes \"deal 2-6\" and \"draw 0-4\"."
);

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let mut words = s.split_whitespace();
        let verb = words.next();
        let tile = |w: Option<&str>| -> Result<Tile, ParseActionError> {
            w.and_then(|w| w.parse().ok())
                .ok_or_else(|| ParseActionError::new(s, "expected a tile such as 3-5"))
        };
        let action = match verb {
            Some("play") => {
                let t = tile(words.next())?;
                let end = match words.next() {
                    Some("L") => End::Left,
                    Some("R") => End::Right,
                    _ => return Err(ParseActionError::new(s, "expected the end, L or R")),
                };
                Action::Play { tile: t, end }
            }
            Some("market") => Action::Market,
            Some("deal") => Action::Deal(tile(words.next())?),
            Some("draw") => Action::Draw(tile(words.next())?),
            _ => {
                return Err(ParseActionError::new(
                    s,
                    "expected `play a-b L|R`, `market`, `deal a-b` or `draw a-b`",
                ))
            }
        };
        if words.next().is_some() {
            return Err(ParseActionError::new(s, "unexpected text after the action"));
        }
        // One spelling: single ASCII spaces, no tabs, no other whitespace.
        crate::game::canonical(s, action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Action as _;

    #[test]
    fn ids_and_text_round_trip() {
        for id in 0..Action::ID_COUNT {
            let a = Action::from_id(id).unwrap();
            assert_eq!(a.id(), id);
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
        assert_eq!(Action::from_id(Action::ID_COUNT), None);
        // One spelling per action: the tile is written low half first.
        assert!("play 5-3 R".parse::<Action>().is_err());
        assert!("play 3-5".parse::<Action>().is_err());
        assert!("play 3-5 L x".parse::<Action>().is_err());
        assert!("deal 9-9".parse::<Action>().is_err());
        assert!("pass".parse::<Action>().is_err());
    }
}
