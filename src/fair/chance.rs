//! The seeds, the commitment and the chance outcomes they give.

use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::game::{clip, Action, ChanceList, Game, GameKind, ToMove};
use crate::record::RecordError;

/// The name of the scheme, written into records and mixed into every derivation.
///
/// History: `dangian-fair/1` hashed every player seed into every outcome; `dangian-fair/2`
/// hashes them once into `S` (see the module docs), and bounds them.
pub const FAIR_SCHEME: &str = "dangian-fair/2";

/// The most player seeds a game takes (one per seat and a few onlookers).
pub const MAX_PLAYER_SEEDS: usize = 16;

/// The longest player seed, in bytes of UTF-8: ample for any seed a person or a client
/// draws, and it bounds what every seat is sent and what the verifier reads.
pub const MAX_PLAYER_SEED_BYTES: usize = 256;

/// What a record carries to be checked: the commitment and the player seeds from before the
/// game, and the server seed once revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Fairness {
    /// Always [`FAIR_SCHEME`].
    pub scheme: String,
    /// `SHA-256(server seed)`, 64 lower-case hex digits, published before the game.
    pub commitment: String,
    /// The players' own seeds, in the order they were given.
    pub player_seeds: Vec<String>,
    /// The server seed as 64 hex digits: present once the game is over (the reveal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_seed: Option<String>,
}

/// Why fair chance could not be set up or verified.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FairError {
    /// A server seed is 32 bytes, written as 64 hex digits.
    #[error("a server seed is 64 hex digits (32 bytes), not {0:?}")]
    BadSeed(String),
    /// Too many player seeds, or one too long ([`MAX_PLAYER_SEEDS`],
    /// [`MAX_PLAYER_SEED_BYTES`]).
    #[error(
        "player seeds: at most {MAX_PLAYER_SEEDS} seeds of at most {MAX_PLAYER_SEED_BYTES} bytes each ({0})"
    )]
    PlayerSeeds(String),
    /// The record has no fairness section.
    #[error("the record carries no commitment: its chance cannot be verified")]
    NotFair,
    /// The record names another scheme.
    #[error("unknown fairness scheme {0:?} (expected {FAIR_SCHEME:?})")]
    Scheme(String),
    /// The server seed has not been revealed (the game may still be going on).
    #[error("the server seed is not revealed yet")]
    NotRevealed,
    /// The revealed seed does not hash to the commitment.
    #[error("the revealed server seed does not match the commitment {commitment}")]
    WrongReveal {
        /// The commitment of the record.
        commitment: String,
    },
    /// A chance action is not the one the seeds give.
    #[error(
        "chance outcome {number} (action {index}) is {found}, but the committed seeds give {expected}"
    )]
    Mismatch {
        /// The outcome's number among the chance actions, from 0.
        number: u64,
        /// Its index among all the actions of the record.
        index: usize,
        /// What the record says.
        found: String,
        /// What the seeds give.
        expected: String,
    },
    /// The record does not start from its config's own start: its first position was chosen,
    /// not drawn under the commitment (a deal or a roll set before the first chance action).
    #[error(
        "the record starts from a chosen position, not from its config's own start: its chance cannot be proven fair"
    )]
    ChosenStart,
    /// Fair chance is set up only before the first action of a game that starts from its
    /// config (or, on a game loaded from a fair record, with the seeds it committed to).
    #[error("fair chance is set up before the first action: {0} actions were applied already")]
    AfterStart(u32),
    /// The game already plays under a commitment to other seeds.
    #[error("the game is committed to {commitment}: other seeds cannot replace them")]
    Committed {
        /// The commitment the game plays under.
        commitment: String,
    },
    /// A game loaded from a fair record waits for the server seed it committed to before any
    /// chance outcome is drawn.
    #[error(
        "the game is committed to {commitment}: set that server seed again before chance plays"
    )]
    AwaitingSeed {
        /// The commitment of the loaded record.
        commitment: String,
    },
    /// The record itself is wrong (an illegal action, a bad config, …).
    #[error(transparent)]
    Record(#[from] RecordError),
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The 32 bytes of a server seed written as 64 hex digits.
///
/// # Errors
/// [`FairError::BadSeed`].
pub fn parse_server_seed(text: &str) -> Result<[u8; 32], FairError> {
    let bad = || FairError::BadSeed(clip(text));
    if text.len() != 64 || !text.is_ascii() {
        return Err(bad());
    }
    let mut seed = [0u8; 32];
    for (i, byte) in seed.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
    }
    Ok(seed)
}

/// The commitment to a server seed: `SHA-256(seed)` as 64 lower-case hex digits.
pub fn commitment(server_seed: &[u8; 32]) -> String {
    hex(&Sha256::digest(server_seed))
}

/// The chance of one game derived from the committed seeds: the `n`-th outcome for any
/// position (see the module docs).
#[derive(Clone)]
pub struct FairChance {
    kind: GameKind,
    server_seed: [u8; 32],
    player_seeds: Vec<String>,
    /// The HMAC keyed with the server seed, fed `scheme ‖ game ‖ S` already: each outcome
    /// clones it and adds only its counter.
    keyed: Hmac<Sha256>,
    /// Chance outcomes drawn so far (the counter `n` of the next one).
    drawn: u64,
}

/// Check the player seeds against [`MAX_PLAYER_SEEDS`] and [`MAX_PLAYER_SEED_BYTES`].
///
/// # Errors
/// [`FairError::PlayerSeeds`] naming the first bound broken.
pub fn check_player_seeds(player_seeds: &[String]) -> Result<(), FairError> {
    if player_seeds.len() > MAX_PLAYER_SEEDS {
        return Err(FairError::PlayerSeeds(format!(
            "{} seeds given",
            player_seeds.len()
        )));
    }
    if let Some((i, seed)) = player_seeds
        .iter()
        .enumerate()
        .find(|(_, s)| s.len() > MAX_PLAYER_SEED_BYTES)
    {
        return Err(FairError::PlayerSeeds(format!(
            "seed {i} is {} bytes",
            seed.len()
        )));
    }
    Ok(())
}

/// `S`, the player seeds hashed once: `SHA-256(count ‖ (length ‖ seed)…)`, counts and
/// lengths as 4 little-endian bytes (so that no two lists of seeds give the same input).
fn seeds_digest(player_seeds: &[String]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update((player_seeds.len() as u32).to_le_bytes());
    for seed in player_seeds {
        h.update((seed.len() as u32).to_le_bytes());
        h.update(seed.as_bytes());
    }
    h.finalize().into()
}

impl std::fmt::Debug for FairChance {
    /// Never prints the server seed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FairChance")
            .field("kind", &self.kind)
            .field("commitment", &commitment(&self.server_seed))
            .field("player_seeds", &self.player_seeds)
            .field("drawn", &self.drawn)
            .finish()
    }
}

impl FairChance {
    /// The chance of a game of `kind` from the server's secret seed and the players' seeds
    /// (hashed here, once).
    ///
    /// # Errors
    /// [`FairError::PlayerSeeds`] for more than [`MAX_PLAYER_SEEDS`] seeds or one longer
    /// than [`MAX_PLAYER_SEED_BYTES`].
    pub fn new(
        kind: GameKind,
        server_seed: [u8; 32],
        player_seeds: Vec<String>,
    ) -> Result<Self, FairError> {
        check_player_seeds(&player_seeds)?;
        // A key of 32 bytes is always accepted (HMAC takes keys of any length).
        let mut keyed = <Hmac<Sha256> as KeyInit>::new_from_slice(&server_seed)
            .map_err(|_| FairError::BadSeed(String::new()))?;
        keyed.update(FAIR_SCHEME.as_bytes());
        keyed.update(&[0]);
        keyed.update(kind.name().as_bytes());
        keyed.update(&[0]);
        keyed.update(&seeds_digest(&player_seeds));
        Ok(FairChance {
            kind,
            server_seed,
            player_seeds,
            keyed,
            drawn: 0,
        })
    }

    /// The game these outcomes are for.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The players' seeds, in the order they were given.
    pub fn player_seeds(&self) -> &[String] {
        &self.player_seeds
    }

    /// Whether `other` draws the same outcomes: the same game, server seed and player seeds.
    pub fn same_seeds(&self, other: &FairChance) -> bool {
        self.kind == other.kind
            && self.server_seed == other.server_seed
            && self.player_seeds == other.player_seeds
    }

    /// The commitment to publish before the game.
    pub fn commitment(&self) -> String {
        commitment(&self.server_seed)
    }

    /// Chance outcomes drawn so far.
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    /// What a record carries: the commitment and the player seeds, and the server seed when
    /// `reveal` (only once the game is over: before, it would tell the chance to come).
    pub fn fairness(&self, reveal: bool) -> Fairness {
        Fairness {
            scheme: FAIR_SCHEME.to_owned(),
            commitment: self.commitment(),
            player_seeds: self.player_seeds.clone(),
            server_seed: reveal.then(|| hex(&self.server_seed)),
        }
    }

    /// The `n`-th 32-byte block of randomness for outcome `number`.
    fn block(&self, number: u64, block: u32) -> [u8; 32] {
        let mut mac = self.keyed.clone();
        mac.update(&number.to_le_bytes());
        mac.update(&block.to_le_bytes());
        let mut out = [0u8; 32];
        out.copy_from_slice(&mac.finalize().into_bytes());
        out
    }

    /// A number uniform in `0..total` for outcome `number`: 32-bit draws from the HMAC
    /// stream, rejected above the largest multiple of `total` (no bias).
    pub fn uniform(&self, number: u64, total: u32) -> u32 {
        if total <= 1 {
            return 0;
        }
        // The largest multiple of `total` not above 2^32: draws at or above it are rejected.
        let limit = (1u64 << 32) / u64::from(total) * u64::from(total);
        for block in 0u32.. {
            let bytes = self.block(number, block);
            for chunk in bytes.chunks_exact(4) {
                let x = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
                if u64::from(x) < limit {
                    return x % total;
                }
            }
        }
        // Unreachable: each draw is rejected with probability below 1/2^28 (totals ≤ 64).
        0
    }

    /// The outcome number `number` gives in `game` (which must be at a chance point):
    /// `None` when chance is not to move.
    pub fn outcome<G: Game>(&self, game: &G, number: u64) -> Option<G::Action> {
        if game.to_move() != ToMove::Chance {
            return None;
        }
        let mut outcomes = ChanceList::new();
        game.chance_outcomes(&mut outcomes);
        let total: u32 = outcomes.iter().map(|o| o.weight).sum();
        let mut r = self.uniform(number, total);
        for o in &outcomes {
            if r < o.weight {
                return G::Action::from_id(o.id);
            }
            r -= o.weight;
        }
        None
    }

    /// The next outcome for `game`, counting it as drawn.
    pub fn next<G: Game>(&mut self, game: &G) -> Option<G::Action> {
        let action = self.outcome(game, self.drawn)?;
        self.drawn += 1;
        Some(action)
    }

    /// Set the count of chance outcomes drawn (the game's chance actions so far).
    pub(crate) fn set_drawn(&mut self, drawn: u64) {
        self.drawn = drawn;
    }
}
