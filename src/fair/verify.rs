//! Verifying a record played with fair chance.

use serde::Serialize;

use super::chance::{
    check_player_seeds, commitment, parse_server_seed, FairChance, FairError, FAIR_SCHEME,
};
use crate::game::{clip, Game, GameKind, NoEvents, ToMove};
use crate::record::{hash_text, Record, RecordError};

/// What [`verify`] proved, and nothing more: the game below was played from `start` under
/// `config`, and each of the `chance_outcomes` chance actions (at `chance_indices` in the
/// record) is the one the revealed seed and the player seeds give, in order; every action is
/// legal and the replay ends in the state of hash `final_hash`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verified {
    /// The scheme the outcomes were derived under ([`FAIR_SCHEME`]).
    pub scheme: String,
    /// Which game.
    pub game: GameKind,
    /// The commitment the outcomes came from (the revealed seed hashes to it).
    pub commitment: String,
    /// How many player seeds were mixed into every outcome.
    pub player_seeds: usize,
    /// Where the game started: always `"config"`, the start of a game under the record's
    /// config, before any action, so that the first deal or roll is among the outcomes
    /// checked (a record that starts from a chosen position is never verified).
    pub start: &'static str,
    /// The [`Game::state_hash`] of that start, as 16 hex digits.
    pub start_hash: String,
    /// Chance outcomes checked, one by one.
    pub chance_outcomes: u64,
    /// The index in the record's actions of each chance outcome checked, in order.
    pub chance_indices: Vec<usize>,
    /// Actions replayed in all.
    pub actions: usize,
    /// The [`Game::state_hash`] of the final state, as 16 hex digits.
    pub final_hash: String,
    /// Whether the game is over at the end of the record.
    pub over: bool,
}

/// Verify a record of a game of `G` played with fair chance: the record starts from its
/// config's own start, the revealed server seed hashes to the commitment, and every chance
/// action is the outcome the seeds give at its place; every action is legal and the final
/// hash is the record's.
///
/// # Errors
/// [`FairError`] naming what does not hold (the first bad chance action, with its number).
pub fn verify_typed<G: Game>(record: &Record) -> Result<Verified, FairError> {
    let fairness = record.fairness.as_ref().ok_or(FairError::NotFair)?;
    if fairness.scheme != FAIR_SCHEME {
        return Err(FairError::Scheme(clip(&fairness.scheme)));
    }
    check_player_seeds(&fairness.player_seeds)?;
    let revealed = fairness
        .server_seed
        .as_deref()
        .ok_or(FairError::NotRevealed)?;
    let seed = parse_server_seed(revealed)?;
    if commitment(&seed) != fairness.commitment.to_ascii_lowercase() {
        return Err(FairError::WrongReveal {
            commitment: clip(&fairness.commitment),
        });
    }
    let chance = FairChance::new(G::KIND, seed, fairness.player_seeds.clone())?;
    let mut game = record.start::<G>()?;
    // Only the config's own start is drawn under the commitment: any other was chosen.
    if game != G::new(game.config().clone()).map_err(RecordError::from)? {
        return Err(FairError::ChosenStart);
    }
    let start_hash = hash_text(game.state_hash());
    let max = game.max_moves();
    if record.actions.len() > max as usize {
        return Err(RecordError::TooLong {
            actions: record.actions.len(),
            max,
        }
        .into());
    }
    let mut chance_indices = Vec::new();
    for (index, text) in record.actions.iter().enumerate() {
        let action = text
            .parse::<G::Action>()
            .map_err(|source| RecordError::Notation { index, source })?;
        if game.to_move() == ToMove::Chance {
            let number = chance_indices.len() as u64;
            let expected = chance.outcome(&game, number);
            if expected != Some(action) {
                return Err(FairError::Mismatch {
                    number,
                    index,
                    found: action.to_string(),
                    expected: expected.map_or_else(|| "nothing".to_owned(), |a| a.to_string()),
                });
            }
            chance_indices.push(index);
        }
        game.apply(action, &mut NoEvents)
            .map_err(|e| RecordError::Illegal {
                index,
                text: action.to_string(),
                reason: e.to_string(),
            })?;
    }
    record.check_hash(&game)?;
    Ok(Verified {
        scheme: FAIR_SCHEME.to_owned(),
        game: G::KIND,
        commitment: fairness.commitment.to_ascii_lowercase(),
        player_seeds: fairness.player_seeds.len(),
        start: "config",
        start_hash,
        chance_outcomes: chance_indices.len() as u64,
        chance_indices,
        actions: record.actions.len(),
        final_hash: hash_text(game.state_hash()),
        over: game.to_move() == ToMove::Over,
    })
}

/// [`verify_typed`] for a record of any game.
///
/// # Errors
/// As [`verify_typed`].
pub fn verify(record: &Record) -> Result<Verified, FairError> {
    match record.game {
        GameKind::OAnQuan => verify_typed::<crate::o_an_quan::State>(record),
        GameKind::CaNgua => verify_typed::<crate::ca_ngua::State>(record),
        GameKind::Domino => verify_typed::<crate::domino::State>(record),
    }
}
