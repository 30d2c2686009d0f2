//! What one seat may see, and the ASCII drawings of a view and of a whole state.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::{Action as _, ActionList, Game, Outcome, Seat, ToMove};

use super::action::Action;
use super::config::Config;
use super::event::{EndReason, RoundEnd, RoundResult};
use super::state::{Phase, Placement, State};
use super::tile::{Placed, Tile};

/// One seat's view of a match: its own hand and only public facts about the rest.
///
/// It holds the seat's hand, the other seats' tile counts, the size of the chợ, the line and
/// the placements that made it (who placed which tile at which end, in order), the scores and
/// the last round's result. It holds no other hand, nothing about which tiles are in the chợ
/// or in what order, and no RNG (the engine has none: chance outcomes come from outside).
/// Draws and passes are public as events, in the redacted form of
/// [`Game::event_for`](crate::Game::event_for); earlier rounds' results are the
/// [`Event::RoundScored`](super::Event::RoundScored) events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "DominoView"))]
#[serde(deny_unknown_fields)]
pub struct View {
    /// Whose view this is.
    pub seat: Seat,
    /// The rules.
    pub config: Config,
    /// The round, from 1.
    pub round: u32,
    /// The stage of the round.
    pub phase: Phase,
    /// Who acts next (a seat, chance dealing or drawing, or nobody).
    pub to_move: ToMove,
    /// Whose turn it is: the seat being dealt to, leading, playing or drawing (`None` when
    /// over).
    pub turn: Option<Seat>,
    /// This seat's tiles, ascending.
    pub hand: Vec<Tile>,
    /// Tiles held by each seat.
    pub hand_counts: Vec<u8>,
    /// Tiles in the chợ (during the deal: tiles not dealt yet).
    pub boneyard: u8,
    /// Of those, how many may be drawn (DM-A4).
    pub drawable: u8,
    /// The line, left to right, each tile as it lies.
    pub line: Vec<Placed>,
    /// The open ends `(left, right)`, `None` while the line is empty.
    pub ends: Option<(u8, u8)>,
    /// This round's placements in the order they were made.
    pub plays: Vec<Placement>,
    /// Running totals, one per seat.
    pub scores: Vec<u32>,
    /// The latest finished round.
    pub last_round: Option<RoundResult>,
    /// The actions this seat may take now (empty when it is not its turn).
    pub legal: Vec<Action>,
    /// Actions applied since the start of the match.
    pub move_number: u32,
    /// The result, once the match is over.
    pub outcome: Option<Outcome<EndReason>>,
    /// For each seat, the numbers it is publicly known to hold no tile of this round (it
    /// was seen drawing or passing on them; see [`State::lacks`]).
    pub lacks: Vec<Vec<u8>>,
    /// The seat that led this round (during the deal, the previous round's leader).
    pub leader: Seat,
    /// Whether the seat to act has drawn during this turn.
    pub drew: bool,
    /// Re-deals made in this round (DM-A9).
    pub redeals: u8,
}

impl View {
    /// `seat`'s view of `state`.
    pub fn of(state: &State, seat: Seat) -> View {
        let n = usize::from(state.config.players);
        let to_move = state.to_move();
        let mut legal = Vec::new();
        if to_move == ToMove::Seat(seat) {
            let mut ids = ActionList::new();
            state.legal_actions(&mut ids);
            legal.extend(ids.iter().filter_map(|&id| Action::from_id(id)));
        }
        View {
            seat,
            config: state.config,
            round: state.round,
            phase: state.phase,
            to_move,
            turn: state.turn(),
            hand: state.hand(seat).iter().collect(),
            hand_counts: (0..n)
                .map(|s| state.hand(Seat(s as u8)).len() as u8)
                .collect(),
            boneyard: state.boneyard().len() as u8,
            drawable: state.drawable(),
            line: state.line().as_slice().to_vec(),
            ends: state.ends(),
            plays: state.placements().collect(),
            scores: state.scores().to_vec(),
            last_round: state.last_round,
            legal,
            move_number: state.move_number,
            outcome: state.outcome(),
            lacks: (0..n)
                .map(|s| numbers(state.lacks(Seat(s as u8))))
                .collect(),
            leader: state.leader(),
            drew: state.drew,
            redeals: state.redeals,
        }
    }
}

/// The numbers of a 7-bit mask, ascending.
fn numbers(mask: u8) -> Vec<u8> {
    (0..7).filter(|v| mask >> v & 1 != 0).collect()
}

/// ` (lacks 3 5)` when something is known, else nothing.
fn write_lacks(f: &mut fmt::Formatter<'_>, numbers: &[u8]) -> fmt::Result {
    if numbers.is_empty() {
        return Ok(());
    }
    f.write_str("  (has no")?;
    for v in numbers {
        write!(f, " {v}")?;
    }
    f.write_str(")")
}

fn write_line(f: &mut fmt::Formatter<'_>, line: &[Placed], ends: Option<(u8, u8)>) -> fmt::Result {
    if line.is_empty() {
        return writeln!(f, "Line:  (empty)");
    }
    for (i, row) in line.chunks(12).enumerate() {
        f.write_str(if i == 0 { "Line:  " } else { "       " })?;
        for p in row {
            write!(f, "{p}")?;
        }
        writeln!(f)?;
    }
    if let Some((l, r)) = ends {
        writeln!(f, "Ends:  {l} ... {r}")?;
    }
    Ok(())
}

fn write_tiles(f: &mut fmt::Formatter<'_>, tiles: impl Iterator<Item = Tile>) -> fmt::Result {
    for t in tiles {
        write!(f, " [{}|{}]", t.low(), t.high())?;
    }
    Ok(())
}

fn write_last_round(f: &mut fmt::Formatter<'_>, r: &RoundResult, n: usize) -> fmt::Result {
    let how = match r.end {
        RoundEnd::Out => "went out",
        RoundEnd::Fish => "set the fish (ca)",
    };
    write!(f, "Round {}: seat {} {how}; added", r.round, r.seat.0)?;
    for (s, p) in r.points[..n].iter().enumerate() {
        write!(f, " s{s}+{p}")?;
    }
    writeln!(f)
}

fn to_move_text(to_move: ToMove, phase: Phase, actor: Option<Seat>) -> String {
    let who = actor.map_or(0, |s| s.0);
    match (to_move, phase) {
        (ToMove::Over, _) => "match over".into(),
        (ToMove::Chance, Phase::Deal) => format!("dealing to seat {who}"),
        (ToMove::Chance, _) => format!("seat {who} draws from the cho"),
        (ToMove::Seat(s), Phase::Lead) => format!("seat {} to lead (any tile)", s.0),
        (ToMove::Seat(s), _) => format!("seat {} to play", s.0),
    }
}

/// Draws the view as ASCII: the line, the scores, this seat's tiles, the other seats' tile
/// counts as backs `[?|?]`, the chợ size and this seat's legal moves.
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.hand_counts.len();
        writeln!(
            f,
            "Domino, round {}: seat {}'s view; {} (move {})",
            self.round,
            self.seat.0,
            to_move_text(self.to_move, self.phase, self.turn),
            self.move_number
        )?;
        write_line(f, &self.line, self.ends)?;
        writeln!(
            f,
            "Cho:   {} tiles ({} may be drawn)",
            self.boneyard, self.drawable
        )?;
        for s in 0..n {
            let mark = if self.to_move == ToMove::Seat(Seat(s as u8)) {
                '>'
            } else {
                ' '
            };
            write!(f, "{mark} seat {s} {:>4} pts  ", self.scores[s])?;
            if s == self.seat.index() {
                f.write_str("you:")?;
                write_tiles(f, self.hand.iter().copied())?;
            } else {
                write!(f, "{:>2} tiles", self.hand_counts[s])?;
                if self.hand_counts[s] > 0 {
                    f.write_str(" ")?;
                }
                for _ in 0..self.hand_counts[s] {
                    f.write_str("[?|?]")?;
                }
                write_lacks(f, self.lacks.get(s).map_or(&[], |l| l.as_slice()))?;
            }
            writeln!(f)?;
        }
        if let Some(r) = &self.last_round {
            write_last_round(f, r, n)?;
        }
        if !self.legal.is_empty() {
            f.write_str("Your moves:")?;
            for a in &self.legal {
                write!(f, " `{a}`")?;
            }
            writeln!(f)?;
        }
        if let Some(o) = &self.outcome {
            write!(f, "Over ({:?}); places:", o.reason)?;
            for s in 0..n {
                write!(f, " s{s}#{}", o.places[s])?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Draws the whole position as ASCII (every hand and the chợ shown: a server's or a
/// tutorial's picture, not a player's).
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = usize::from(self.config.players);
        writeln!(
            f,
            "Domino, round {} ({} players, {} loses); {} (move {})",
            self.round,
            n,
            self.config.loss_threshold,
            to_move_text(self.to_move(), self.phase, self.turn()),
            self.move_number
        )?;
        let line = self.line();
        write_line(f, line.as_slice(), self.ends())?;
        write!(f, "Cho:   {:>2} tiles", self.boneyard().len())?;
        write_tiles(f, self.boneyard().iter())?;
        writeln!(f)?;
        for s in 0..n {
            let mark = if self.to_move() == ToMove::Seat(Seat(s as u8)) {
                '>'
            } else {
                ' '
            };
            let hand = self.hand(Seat(s as u8));
            write!(
                f,
                "{mark} seat {s} {:>4} pts {:>2} tiles",
                self.scores[s],
                hand.len()
            )?;
            write_tiles(f, hand.iter())?;
            write_lacks(f, &numbers(self.lacks(Seat(s as u8))))?;
            writeln!(f)?;
        }
        if let Some(r) = &self.last_round {
            write_last_round(f, r, n)?;
        }
        if let Some(o) = self.outcome() {
            write!(f, "Over ({:?}); places:", o.reason)?;
            for s in 0..n {
                write!(f, " s{s}#{}", o.places[s])?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
