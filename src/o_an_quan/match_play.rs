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
#[serde(deny_unknown_fields)]
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
///
/// In JSON a match is its [`MatchSetup`], checked when read (a match received from anywhere is
/// one that can occur).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "MatchSetup", into = "MatchSetup")]
pub struct Match {
    config: Config,
    game: State,
    balance: [i32; 2],
    games: u32,
    last: Option<GameResult>,
}

/// A match as plain data: what [`Match`] serializes as, checked by [`Match::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchSetup {
    /// The match's rules (`match_mode` is `debt_carry_over`).
    pub config: Config,
    /// The game being played (or just finished): played under `config` but for its first
    /// player.
    pub game: State,
    /// The running balance of A and B in stones.
    pub balance: [i32; 2],
    /// Games finished so far.
    pub games: u32,
    /// The result of the last finished game (`None` before the first).
    pub last: Option<GameResult>,
}

impl From<Match> for MatchSetup {
    fn from(m: Match) -> MatchSetup {
        MatchSetup {
            config: m.config,
            game: m.game,
            balance: m.balance,
            games: m.games,
            last: m.last,
        }
    }
}

impl TryFrom<MatchSetup> for Match {
    type Error = crate::SetupError;
    fn try_from(s: MatchSetup) -> Result<Match, crate::SetupError> {
        Match::from_setup(s)
    }
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

    /// The match of a [`MatchSetup`], after checking it: a valid config of a match, a game
    /// played under it (only the first player may differ), a last result exactly when games
    /// were finished, and balances that games of these rules can reach.
    ///
    /// # Errors
    /// [`SetupError`](crate::SetupError) saying what is wrong.
    pub fn from_setup(s: MatchSetup) -> Result<Match, crate::SetupError> {
        let bad = |m: &str| crate::SetupError::Position(m.to_owned());
        s.config.validate()?;
        if s.config.match_mode == MatchMode::SingleGame {
            return Err(bad("a match needs match_mode debt_carry_over"));
        }
        let game_config = Config {
            first_player: s.config.first_player,
            ..*s.game.config()
        };
        if game_config != s.config {
            return Err(bad("the game is not played under the match's config"));
        }
        if s.last.is_some() != (s.games > 0) {
            return Err(bad(
                "a last result is there exactly when games were finished",
            ));
        }
        if let Some(last) = s.last {
            if last.starter.0 > 1 || last.winner.is_some_and(|w| w.0 > 1) {
                return Err(bad("the last result names a seat not at the table"));
            }
        }
        // One game moves a balance by at most every point in play plus the refills of its
        // plies (the debt), so balances stay well within 32 bits.
        let swing = i64::from(s.config.total_points())
            + 5 * i64::from(s.config.refill_amount_per_square) * i64::from(s.config.ply_cap())
            + i64::from(u16::MAX);
        for b in s.balance {
            if i64::from(b).abs() > i64::from(s.games) * swing {
                return Err(bad("a balance these games cannot reach"));
            }
        }
        if i64::from(s.games) * swing > i64::from(i32::MAX / 2) {
            return Err(bad("too many games for the balances to stay in range"));
        }
        Ok(Match {
            config: s.config,
            game: s.game,
            balance: s.balance,
            games: s.games,
            last: s.last,
        })
    }

    /// The match as plain data.
    pub fn to_setup(&self) -> MatchSetup {
        MatchSetup::from(*self)
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
                *b = b.saturating_add(t.saturating_sub(stake));
            }
            self.games = self.games.saturating_add(1);
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
