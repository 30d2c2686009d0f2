//! Match play: several games with the debts carried from game to game (OAQ-S11, OAQ-A11).

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::config::{Config, MatchMode, NextStarter};
use super::event::Event;
use super::rules::Illegal;
use super::state::State;
use crate::game::{ConfigError, EventSink, Game, Seat};

/// Why [`Match::next_game`] cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The current game is still being played.
    #[error("the current game is not over yet")]
    GameNotOver,
}

/// One game's result inside a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// Who started that game.
    pub starter: Seat,
    /// Its final totals (OAQ-C4).
    pub scores: [i32; 2],
    /// Its winner (`None` for a draw).
    pub winner: Option<Seat>,
}

/// A match of Ô ăn quan (OAQ-S11): "Hết ván, bày lại như cũ, ai thiếu phải vay của bên kia.
/// Tính thắng thua theo nợ các viên sỏi" — when a game is over the board is set up again as
/// new; whoever is short borrows; the result is the debt in stones.
///
/// Numeric model (OAQ-A11, [`MatchMode::DebtCarryOver`]): after each game
/// `balance[p] += total[p] − stake_per_half`, where the stake is what one half of the board
/// is worth (35 at the defaults). The balance is the match result; the players stop when
/// they like. The next game starts as [`NextStarter`] says.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    config: Config,
    game: State,
    balance: [i32; 2],
    games: u32,
    last: Option<GameResult>,
}

impl Match {
    /// A match under `config`, whose `match_mode` must be [`MatchMode::DebtCarryOver`];
    /// the first game starts with `config.first_player`.
    ///
    /// # Errors
    /// [`ConfigError`] for an invalid config or a single-game `match_mode`.
    pub fn new(config: Config) -> Result<Match, ConfigError> {
        if config.match_mode == MatchMode::SingleGame {
            return Err(ConfigError::new(
                "match_mode",
                "a Match needs MatchMode::DebtCarryOver",
            ));
        }
        Ok(Match {
            config,
            game: State::new(config)?,
            balance: [0; 2],
            games: 0,
            last: None,
        })
    }

    /// The game being played (or just finished).
    pub fn game(&self) -> &State {
        &self.game
    }

    /// The running balance of A and B in stones: positive = owed to that player.
    pub fn balance(&self) -> [i32; 2] {
        self.balance
    }

    /// Games finished so far.
    pub fn games_finished(&self) -> u32 {
        self.games
    }

    /// The result of the last finished game.
    pub fn last_result(&self) -> Option<GameResult> {
        self.last
    }

    /// What one half of the board is worth.
    pub fn stake_per_half(&self) -> i32 {
        match self.config.match_mode {
            MatchMode::DebtCarryOver {
                stake_per_half: Some(s),
                ..
            } => i32::from(s),
            _ => self.config.total_points() / 2,
        }
    }

    /// Play a move in the current game; when it ends the game, settle the balance and emit
    /// [`Event::MatchSettled`].
    ///
    /// # Errors
    /// The reason the move is illegal; nothing changes then.
    pub fn apply(
        &mut self,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), Illegal> {
        self.game.apply(action, events)?;
        if let Some(scores) = self.game.final_scores() {
            let stake = self.stake_per_half();
            for (b, t) in self.balance.iter_mut().zip(scores) {
                *b += t - stake;
            }
            self.games += 1;
            self.last = Some(GameResult {
                starter: self.starter(),
                scores,
                winner: self.game.winner(),
            });
            events.emit(Event::MatchSettled {
                games: self.games,
                balance: self.balance,
            });
        }
        Ok(())
    }

    fn starter(&self) -> Seat {
        // The seat that moved first in the current game: the mover at ply 0 alternates.
        let ply = self.game.ply();
        let now = self.game.to_setup().turn;
        if ply % 2 == 0 {
            now
        } else {
            Seat(1 - now.0)
        }
    }

    /// Set the board up again for the next game ("bày lại như cũ").
    ///
    /// # Errors
    /// [`MatchError::GameNotOver`] while the current game goes on.
    pub fn next_game(&mut self) -> Result<(), MatchError> {
        let Some(last) = self.last.filter(|_| self.game.end_reason().is_some()) else {
            return Err(MatchError::GameNotOver);
        };
        let next_starter = match self.config.match_mode {
            MatchMode::DebtCarryOver { next_starter, .. } => next_starter,
            MatchMode::SingleGame => NextStarter::Same,
        };
        let starter = match (next_starter, last.winner) {
            (NextStarter::Alternate, _) => Seat(1 - last.starter.0),
            (NextStarter::Winner, Some(w)) => w,
            (NextStarter::Loser, Some(w)) => Seat(1 - w.0),
            (NextStarter::Same, _) | (_, None) => last.starter,
        };
        let config = Config {
            first_player: starter,
            ..self.config
        };
        // The config was validated by `new`; only the first player differs.
        if let Ok(game) = State::new(config) {
            self.game = game;
        }
        Ok(())
    }
}
