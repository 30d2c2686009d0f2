//! Ô ăn quan's evaluation for the bots ([`Evaluate`]): material with the stones on one's own
//! side, and the alpha-beta search ([`AlphaBetaBot`]) as every level's bot.

use super::search::{AlphaBetaBot, AlphaBetaSettings};
use super::State;
use crate::bot::{place_rewards, squash, Bot, Evaluate, Level, MctsSettings};
use crate::game::{Game, Seat};

impl Evaluate for State {
    const MCTS_MEDIUM: MctsSettings = MctsSettings::with(100, 40);
    const MCTS_HARD: MctsSettings = MctsSettings::with(10_000, 40);

    /// Points captured plus stones on one's own side (they come home at the end), against the
    /// opponent's.
    fn evaluate(&self, seat: Seat) -> f64 {
        if self.is_over() {
            return place_rewards(self)[seat.index()];
        }
        let total = |s: Seat| f64::from(self.score(s)) + f64::from(self.side_stones(s)) * 0.5;
        let other = Seat(1 - (seat.0 & 1));
        squash(total(seat) - total(other), 8.0)
    }

    /// The score margin alone (points captured, a big stone at its value).
    fn material(&self, seat: Seat) -> f64 {
        if self.is_over() {
            return place_rewards(self)[seat.index()];
        }
        let other = Seat(1 - (seat.0 & 1));
        squash(f64::from(self.score(seat) - self.score(other)), 8.0)
    }

    /// The installed certificates: medium, hard and the expert play their moves.
    fn consulted_version() -> u64 {
        super::certificate::installed_version()
    }

    fn level_bot(level: Level, seed: u64) -> Box<dyn Bot<Self> + Send> {
        let settings = match level {
            Level::Easy => AlphaBetaSettings::EASY,
            Level::Medium => AlphaBetaSettings::MEDIUM,
            Level::Hard => AlphaBetaSettings::HARD,
        };
        Box::new(AlphaBetaBot::new(settings, seed))
    }

    fn budget_bot(budget: std::time::Duration, seed: u64) -> Box<dyn Bot<Self> + Send> {
        Box::new(AlphaBetaBot::with_time(budget, seed))
    }
}
