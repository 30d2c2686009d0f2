//! Provably fair chance for online tables: players who do not trust the server can check,
//! after the game, that every die, deal and draw came from seeds fixed before it began.
//!
//! The scheme (commit–reveal, [`FAIR_SCHEME`]):
//!
//! 1. Before the game the server draws a secret 32-byte **server seed** and publishes its
//!    **commitment**, `SHA-256(server seed)` ([`commitment`]).
//! 2. Each player may then add a **player seed** of their own (any text of at most
//!    [`MAX_PLAYER_SEED_BYTES`] bytes, at most [`MAX_PLAYER_SEEDS`] seeds in all).
//! 3. The `n`-th chance outcome of the game (counting from 0) is derived from both:
//!    `HMAC-SHA-256(key = server seed, message = scheme ‖ game ‖ S ‖ n ‖ block)`, where
//!    `S = SHA-256(count ‖ (length ‖ seed)…)` hashes the player seeds once (counts and
//!    lengths as 4 little-endian bytes), gives 32-bit numbers, the first below the largest multiple of the outcomes' total
//!    weight is reduced modulo that weight (rejection sampling: no bias), and the outcomes are
//!    walked by weight as [`Game::sample_chance`](crate::Game::sample_chance) walks them. The
//!    outcome is a function of the seeds, the counter and the position's chance outcomes alone.
//! 4. After the game the server **reveals** the server seed. A record ([`Record::fairness`](crate::Record::fairness))
//!    carries the commitment, the player seeds and, once the game is over, the reveal; anyone
//!    can run [`verify`] on it: the record must start from its config's own start (no
//!    position chosen by the host), the reveal must hash to the commitment, and every chance
//!    action in the record must be the one the seeds give, or the verifier names the first
//!    that is not. [`Verified`] says exactly what was proven.
//!
//! The seeds are hashed once, when fair chance is set up: a chance outcome costs the same
//! whatever the player seeds are (two SHA-256 blocks and a compression per 32 bytes drawn).
//!
//! What each side can and cannot do is in `docs/hosting.md` ("Provably fair chance").
#![forbid(unsafe_code)]

mod chance;
mod verify;

pub use chance::{
    check_player_seeds, commitment, parse_server_seed, FairChance, FairError, Fairness,
    FAIR_SCHEME, MAX_PLAYER_SEEDS, MAX_PLAYER_SEED_BYTES,
};
pub use verify::{verify, verify_typed, Verified};
