//! Many games of one kind stepped together, for a vectorized learning environment (Python's
//! `VecEnv`): the game is chosen once per batch, and each call steps every game of the batch
//! with the game's own typed code.

use super::{AnyError, AnyGame, Playable};
use crate::chance::GameRng;
use crate::game::{
    Action, ActionList, Game, GameConfig, GameKind, LegalSet, NoEvents, Seat, ToMove,
};
use crate::record::Recorded;
use crate::tensor::returns;
use crate::{ca_ngua, domino, o_an_quan};

/// The seed of game `i` of a batch seeded with `seed` (SplitMix64 of both).
pub fn batch_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed
        .wrapping_add(i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// N games of one kind, each with its own RNG for chance.
struct Batch<G: Game> {
    config: G::Config,
    /// A new game under `config`: a finished game restarts as a copy of it (no config to
    /// validate again).
    start: G,
    games: Vec<G>,
    rngs: Vec<GameRng>,
    /// Each game's legal set, taken once whenever the game changes: a step checks its
    /// action, plays its token and writes its mask from it, and a random action is drawn
    /// from it.
    sets: Vec<LegalSet<G::Action>>,
    episodes: u64,
}

impl<G: Playable> Batch<G> {
    fn new(config: G::Config, n: usize, seed: u64) -> Result<Batch<G>, AnyError> {
        // Validated once: every game of the batch is then a copy of this one.
        let start = G::new(config.clone())?;
        let mut b = Batch {
            config,
            start,
            games: Vec::with_capacity(n),
            rngs: Vec::with_capacity(n),
            sets: Vec::with_capacity(n),
            episodes: 0,
        };
        b.reset(n, seed);
        Ok(b)
    }

    fn observation_len(&self) -> usize {
        G::OBSERVATION_LEN
    }

    fn action_ids(&self) -> usize {
        G::Action::ID_COUNT as usize
    }

    /// A new game under the batch's config.
    fn fresh(&self) -> G {
        self.start.clone()
    }

    fn reset(&mut self, n: usize, seed: u64) {
        self.games.clear();
        self.rngs.clear();
        self.sets.clear();
        self.episodes = 0;
        for i in 0..n {
            self.rngs.push(GameRng::new(batch_seed(seed, i as u64)));
            let game = self.fresh();
            self.sets.push(game.legal_set());
            self.games.push(game);
            self.advance(i);
        }
    }

    /// Sample chance until a seat is to move (or the game is over), and take the legal set
    /// of the position reached.
    fn advance(&mut self, i: usize) {
        let (game, rng) = (&mut self.games[i], &mut self.rngs[i]);
        while game.to_move() == ToMove::Chance {
            match game.sample_chance(rng) {
                Some(a) => {
                    let _ = game.apply(a, &mut NoEvents);
                }
                None => break,
            }
        }
        self.sets[i] = game.legal_set();
    }

    /// The widths of a row of observations and of masks: 0 for an array left out (empty),
    /// whose rows are then empty and not written.
    fn row_widths(obs: &[f32], mask: &[u8]) -> (usize, usize) {
        (
            if obs.is_empty() {
                0
            } else {
                G::OBSERVATION_LEN
            },
            if mask.is_empty() {
                0
            } else {
                G::Action::ID_COUNT as usize
            },
        )
    }

    /// Write game `i`'s observation of its seat to move (of seat 0 when nobody is) and its
    /// legal-action mask, each unless its row is empty; return that seat, or -1.
    fn write(&self, i: usize, obs: &mut [f32], mask: &mut [u8]) -> i32 {
        let g = &self.games[i];
        if !mask.is_empty() {
            self.sets[i].write_mask(mask);
        }
        let (seat, to_play) = match g.to_move() {
            ToMove::Seat(s) => (s, i32::from(s.0)),
            ToMove::Chance | ToMove::Over => (Seat(0), -1),
        };
        if !obs.is_empty() {
            g.observe(seat, obs);
        }
        to_play
    }

    /// Check every action first (so that a refused batch changes nothing), then apply. An
    /// action found in its game's [`LegalSet`] is played by its token, without validating it
    /// a second time; only a refused one goes through `check`, for its reason.
    fn step(&mut self, actions: &[u32], out: Outputs<'_>) -> Result<(), AnyError> {
        let in_game = |game: usize, error: AnyError| AnyError::InBatch {
            game,
            error: Box::new(error),
        };
        for (i, (&id, g)) in actions.iter().zip(&self.games).enumerate() {
            if !matches!(g.to_move(), ToMove::Seat(_)) {
                return Err(in_game(i, AnyError::NoSeatToMove));
            }
            if self.sets[i].contains(id) {
                continue;
            }
            let action =
                G::Action::from_id(id).ok_or_else(|| in_game(i, AnyError::UnknownId(id)))?;
            g.check(action).map_err(|e| {
                let error = AnyError::Illegal {
                    code: crate::game::IllegalReason::code(&e),
                    message: format!("{id} ({action}): {e}"),
                };
                in_game(i, error)
            })?;
        }
        let seats = usize::from(self.config.seats());
        let (ol, al) = Self::row_widths(out.observations, out.masks);
        // Cleared once for all games (a fill per game was a call per game): only the rows of
        // games that end are written below.
        out.rewards.fill(0.0);
        out.dones.fill(false);
        for (i, &id) in actions.iter().enumerate() {
            let game = &mut self.games[i];
            let _ = match self.sets[i].get(id) {
                Some(token) => game.apply_legal(token, &mut NoEvents).map_err(|_| ()),
                // Legal by `check` though not in the set (the two agree; kept for safety).
                None => match G::Action::from_id(id) {
                    Some(action) => game.apply(action, &mut NoEvents).map_err(|_| ()),
                    None => Err(()),
                },
            };
            self.advance(i);
            if self.games[i].is_over() {
                out.rewards[i * seats..(i + 1) * seats]
                    .copy_from_slice(&returns(&self.games[i])[..seats]);
                out.dones[i] = true;
                self.episodes += 1;
                self.games[i] = self.fresh();
                self.advance(i);
            }
            out.to_play[i] = self.write(
                i,
                &mut out.observations[i * ol..(i + 1) * ol],
                &mut out.masks[i * al..(i + 1) * al],
            );
        }
        Ok(())
    }

    fn observe_all(&self, obs: &mut [f32], mask: &mut [u8], to_play: &mut [i32]) {
        let (ol, al) = Self::row_widths(obs, mask);
        for (i, t) in to_play.iter_mut().enumerate().take(self.games.len()) {
            *t = self.write(
                i,
                &mut obs[i * ol..(i + 1) * ol],
                &mut mask[i * al..(i + 1) * al],
            );
        }
    }

    fn observe_seat(&self, seat: Seat, obs: &mut [f32]) {
        let ol = G::OBSERVATION_LEN;
        for (g, o) in self.games.iter().zip(obs.chunks_exact_mut(ol)) {
            g.observe(seat, o);
        }
    }

    fn random_actions(&self, rng: &mut GameRng, out: &mut [i64]) {
        for (&set, o) in self.sets.iter().zip(out.iter_mut()) {
            // The `i`-th of the set is the `i`-th listed id: the same draw as from the list.
            *o = if set.is_empty() {
                -1
            } else {
                set.nth(rng.below(set.len()))
                    .map_or(-1, |legal| i64::from(legal.id()))
            };
        }
    }

    fn game(&self, i: usize) -> Option<AnyGame> {
        // `Clone`, not a copy: `Game` promises no more.
        #[allow(clippy::clone_on_copy)]
        let g = self.games.get(i)?.clone();
        Some(AnyGame::from_recorded(Recorded::starting_at(g)))
    }
}

/// The arrays one [`AnyBatch::step`] fills, row `i` for game `i`, each row as wide as
/// [`AnyBatch::observation_len`], [`AnyBatch::action_ids`], [`AnyBatch::seats`], or 1.
#[derive(Debug)]
pub struct Outputs<'a> {
    /// The observation of the seat to move (of seat 0 when nobody is).
    pub observations: &'a mut [f32],
    /// The legal-action masks: 1 for a legal id, else 0.
    pub masks: &'a mut [u8],
    /// The returns per seat on the step a game ends, else 0.
    pub rewards: &'a mut [f32],
    /// Whether the game ended on this step (it has restarted since).
    pub dones: &'a mut [bool],
    /// The seat to move, or -1.
    pub to_play: &'a mut [i32],
}

enum Batches {
    OAnQuan(Batch<o_an_quan::State>),
    CaNgua(Batch<ca_ngua::State>),
    Domino(Batch<domino::State>),
}

/// `$body` with `$b` bound to the typed batch inside `$batches`.
macro_rules! each_batch {
    ($batches:expr, $b:ident => $body:expr) => {
        match $batches {
            Batches::OAnQuan($b) => $body,
            Batches::CaNgua($b) => $body,
            Batches::Domino($b) => $body,
        }
    };
}

/// `num_games` games of one kind stepped together, each with its own [`GameRng`] seeded from
/// the batch's seed and the game's index ([`batch_seed`]). Chance is sampled inside, up to the
/// next decision; a finished game restarts at once. The game is chosen once per call, not
/// once per game step.
///
/// ```
/// use dangian::any::{AnyBatch, Outputs};
/// use dangian::{GameKind, GameRng};
///
/// let mut batch = AnyBatch::new(GameKind::OAnQuan, "", 4, 7).unwrap();
/// let n = batch.len();
/// let mut obs = vec![0.0; n * batch.observation_len()];
/// let mut masks = vec![0; n * batch.action_ids()];
/// let (mut rewards, mut dones) = (vec![0.0; n * batch.seats()], vec![false; n]);
/// let mut to_play = vec![0; n];
/// let mut choice = vec![0; n];
/// batch.random_actions(&mut GameRng::new(1), &mut choice).unwrap();
/// let ids: Vec<u32> = choice.iter().map(|&a| a as u32).collect();
/// let out = Outputs {
///     observations: &mut obs,
///     masks: &mut masks,
///     rewards: &mut rewards,
///     dones: &mut dones,
///     to_play: &mut to_play,
/// };
/// batch.step(&ids, out).unwrap();
/// assert_eq!(to_play, [1, 1, 1, 1]); // the second seat moves next in every game
/// ```
pub struct AnyBatch {
    kind: GameKind,
    batches: Batches,
}

impl std::fmt::Debug for AnyBatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyBatch")
            .field("kind", &self.kind)
            .field("len", &self.len())
            .finish_non_exhaustive()
    }
}

fn batch_of<G: Playable>(config_json: &str, n: usize, seed: u64) -> Result<Batch<G>, AnyError> {
    let config = if config_json.is_empty() {
        G::Config::default()
    } else {
        G::Config::from_json(config_json)?
    };
    Batch::new(config, n, seed)
}

/// [`AnyError::BufferLength`] unless `got` is `expected` or 0 (an array left out).
fn optional_length(what: &'static str, expected: usize, got: usize) -> Result<(), AnyError> {
    if got == 0 {
        Ok(())
    } else {
        length(what, expected, got)
    }
}

/// [`AnyError::BufferLength`] unless `got == expected`.
fn length(what: &'static str, expected: usize, got: usize) -> Result<(), AnyError> {
    if got == expected {
        Ok(())
    } else {
        Err(AnyError::BufferLength {
            what,
            expected,
            got,
        })
    }
}

impl AnyBatch {
    /// `num_games` new games of `kind` under the config in `config_json` (as
    /// [`AnyGame::new`]), game `i` seeded from `seed` and `i`, each advanced to its first
    /// decision.
    ///
    /// # Errors
    /// [`AnyError::Config`] when the config cannot be read or is invalid.
    pub fn new(
        kind: GameKind,
        config_json: &str,
        num_games: usize,
        seed: u64,
    ) -> Result<AnyBatch, AnyError> {
        let batches = match kind {
            GameKind::OAnQuan => Batches::OAnQuan(batch_of(config_json, num_games, seed)?),
            GameKind::CaNgua => Batches::CaNgua(batch_of(config_json, num_games, seed)?),
            GameKind::Domino => Batches::Domino(batch_of(config_json, num_games, seed)?),
        };
        Ok(AnyBatch { kind, batches })
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        self.kind
    }
    /// How many games.
    pub fn len(&self) -> usize {
        each_batch!(&self.batches, b => b.games.len())
    }
    /// Whether the batch has no game.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Seats per game (the width of a row of rewards).
    pub fn seats(&self) -> usize {
        each_batch!(&self.batches, b => usize::from(b.config.seats()))
    }
    /// The width of a row of observations.
    pub fn observation_len(&self) -> usize {
        each_batch!(&self.batches, b => b.observation_len())
    }
    /// The width of a row of masks: how many action ids there are.
    pub fn action_ids(&self) -> usize {
        each_batch!(&self.batches, b => b.action_ids())
    }
    /// Games finished since the batch was made or last reset.
    pub fn episodes(&self) -> u64 {
        each_batch!(&self.batches, b => b.episodes)
    }

    /// Start every game anew, game `i` seeded from `seed` and `i` exactly as by
    /// [`AnyBatch::new`].
    pub fn reset(&mut self, seed: u64) {
        let n = self.len();
        each_batch!(&mut self.batches, b => b.reset(n, seed));
    }

    /// Write every game's observation of its seat to move, its legal-action mask and that
    /// seat (or -1) into the rows of `observations`, `masks` and `to_play`. An empty
    /// `observations` or `masks` is left out: nothing is computed for it.
    ///
    /// # Errors
    /// [`AnyError::BufferLength`] when an array is neither empty nor as long as the batch
    /// needs (`to_play` is never left out).
    pub fn observe(
        &self,
        observations: &mut [f32],
        masks: &mut [u8],
        to_play: &mut [i32],
    ) -> Result<(), AnyError> {
        let n = self.len();
        optional_length(
            "observations",
            n * self.observation_len(),
            observations.len(),
        )?;
        optional_length("masks", n * self.action_ids(), masks.len())?;
        length("to_play", n, to_play.len())?;
        each_batch!(&self.batches, b => b.observe_all(observations, masks, to_play));
        Ok(())
    }

    /// Write every game's observation from `seat`'s point of view into the rows of
    /// `observations`.
    ///
    /// # Errors
    /// [`AnyError::NoSuchSeat`] for a seat not at the table, [`AnyError::BufferLength`] when
    /// `observations` is not as long as the batch needs.
    pub fn observe_seat(&self, seat: u32, observations: &mut [f32]) -> Result<(), AnyError> {
        if seat >= self.seats() as u32 {
            return Err(AnyError::NoSuchSeat(seat));
        }
        let n = self.len();
        length(
            "observations",
            n * self.observation_len(),
            observations.len(),
        )?;
        each_batch!(&self.batches, b => b.observe_seat(Seat(seat as u8), observations));
        Ok(())
    }

    /// Play `actions[i]` (an action id) in game `i` for its seat to move, sample chance up
    /// to the next decision, restart a finished game, and fill `out`. An empty
    /// `out.observations` or `out.masks` is left out: a host that does not read them (a
    /// rollout, a learner with features of its own) does not pay for them.
    ///
    /// # Errors
    /// [`AnyError::BufferLength`] when an array is neither empty (observations and masks
    /// only) nor as long as the batch needs;
    /// [`AnyError::InBatch`] naming the first game whose action is unknown or illegal (or
    /// where no seat is to move). Every action is checked before any is played: after an
    /// error no game has changed.
    pub fn step(&mut self, actions: &[u32], out: Outputs<'_>) -> Result<(), AnyError> {
        let n = self.len();
        length("actions", n, actions.len())?;
        optional_length(
            "observations",
            n * self.observation_len(),
            out.observations.len(),
        )?;
        optional_length("masks", n * self.action_ids(), out.masks.len())?;
        length("rewards", n * self.seats(), out.rewards.len())?;
        length("dones", n, out.dones.len())?;
        length("to_play", n, out.to_play.len())?;
        each_batch!(&mut self.batches, b => b.step(actions, out))
    }

    /// A uniformly random legal action id per game (-1 for a game without one), drawn from
    /// `rng`, into `out`.
    ///
    /// # Errors
    /// [`AnyError::BufferLength`] when `out` is not one entry per game.
    pub fn random_actions(&self, rng: &mut GameRng, out: &mut [i64]) -> Result<(), AnyError> {
        length("actions", self.len(), out.len())?;
        each_batch!(&self.batches, b => b.random_actions(rng, out));
        Ok(())
    }

    /// A copy of game `i` as an [`AnyGame`] (its record starts at its position), or `None`
    /// past the last game.
    pub fn game(&self, i: usize) -> Option<AnyGame> {
        each_batch!(&self.batches, b => b.game(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Observations, masks, rewards, done flags, seats to move.
    type Buffers = (Vec<f32>, Vec<u8>, Vec<f32>, Vec<bool>, Vec<i32>);

    fn buffers(b: &AnyBatch) -> Buffers {
        let n = b.len();
        (
            vec![0.0; n * b.observation_len()],
            vec![0; n * b.action_ids()],
            vec![0.0; n * b.seats()],
            vec![false; n],
            vec![0; n],
        )
    }

    #[test]
    fn a_refused_step_changes_no_game() {
        let mut b = AnyBatch::new(GameKind::OAnQuan, "", 2, 3).unwrap();
        let (mut o, mut m, mut r, mut d, mut t) = buffers(&b);
        b.observe(&mut o, &mut m, &mut t).unwrap();
        let before = o.clone();
        let mut a = vec![0i64; 2];
        b.random_actions(&mut GameRng::new(1), &mut a).unwrap();
        // Game 1 gets an id no action has.
        let ids = [a[0] as u32, 999];
        let out = Outputs {
            observations: &mut o,
            masks: &mut m,
            rewards: &mut r,
            dones: &mut d,
            to_play: &mut t,
        };
        let e = b.step(&ids, out).unwrap_err();
        assert_eq!(e.to_string(), "game 1: no action of this game has id 999");
        assert_eq!(e.status(), super::super::Status::UnknownAction);
        let mut after = vec![0.0; o.len()];
        b.observe(&mut after, &mut m, &mut t).unwrap();
        assert_eq!(after, before);
        // Arrays of the wrong length are refused, not indexed past.
        let out = Outputs {
            observations: &mut o[1..],
            masks: &mut m,
            rewards: &mut r,
            dones: &mut d,
            to_play: &mut t,
        };
        assert!(matches!(
            b.step(&[0, 0], out),
            Err(AnyError::BufferLength {
                what: "observations",
                ..
            })
        ));
        assert_eq!(
            b.observe_seat(2, &mut o).unwrap_err(),
            AnyError::NoSuchSeat(2)
        );
        assert!(b.game(2).is_none());
    }

    #[test]
    fn games_restart_and_count_episodes() {
        for kind in GameKind::ALL {
            let mut b = AnyBatch::new(kind, "", 3, 5).unwrap();
            let (mut o, mut m, mut r, mut d, mut t) = buffers(&b);
            let mut rng = GameRng::new(2);
            let mut a = vec![0i64; 3];
            let mut ends = 0;
            for _ in 0..3000 {
                b.random_actions(&mut rng, &mut a).unwrap();
                let ids: Vec<u32> = a.iter().map(|&x| x as u32).collect();
                let out = Outputs {
                    observations: &mut o,
                    masks: &mut m,
                    rewards: &mut r,
                    dones: &mut d,
                    to_play: &mut t,
                };
                b.step(&ids, out).unwrap();
                ends += d.iter().filter(|&&x| x).count() as u64;
                assert!(
                    t.iter().all(|&s| s >= 0),
                    "{kind}: a seat is always to move"
                );
            }
            assert!(ends > 0, "{kind}");
            assert_eq!(b.episodes(), ends);
            b.reset(5);
            assert_eq!(b.episodes(), 0);
        }
    }

    /// Observations and masks left out (empty arrays): the same games, seats, rewards and
    /// ends as a batch that writes them; the masks it does write mark exactly the legal ids
    /// of each game; an array neither empty nor of the right length is refused.
    #[test]
    fn observations_and_masks_may_be_left_out() {
        for kind in [GameKind::OAnQuan, GameKind::CaNgua, GameKind::Domino] {
            let mut full = AnyBatch::new(kind, "", 3, 11).unwrap();
            let mut bare = AnyBatch::new(kind, "", 3, 11).unwrap();
            let (mut o, mut m, mut r, mut d, mut t) = buffers(&full);
            let (_, _, mut r2, mut d2, mut t2) = buffers(&bare);
            bare.observe(&mut [], &mut [], &mut t2).unwrap();
            full.observe(&mut o, &mut m, &mut t).unwrap();
            assert_eq!(t, t2, "{kind}");
            let mut rng = GameRng::new(4);
            let mut a = vec![0i64; 3];
            let mut legal = ActionList::new();
            for _ in 0..400 {
                full.random_actions(&mut rng, &mut a).unwrap();
                let ids: Vec<u32> = a.iter().map(|&x| x as u32).collect();
                let out = Outputs {
                    observations: &mut o,
                    masks: &mut m,
                    rewards: &mut r,
                    dones: &mut d,
                    to_play: &mut t,
                };
                full.step(&ids, out).unwrap();
                let out = Outputs {
                    observations: &mut [],
                    masks: &mut [],
                    rewards: &mut r2,
                    dones: &mut d2,
                    to_play: &mut t2,
                };
                bare.step(&ids, out).unwrap();
                assert_eq!((&r, &d, &t), (&r2, &d2, &t2), "{kind}");
                for (i, row) in m.chunks(full.action_ids()).enumerate() {
                    full.game(i).unwrap().legal_actions(&mut legal);
                    let marked: Vec<u32> = (0..row.len() as u32)
                        .filter(|&id| row[id as usize] == 1)
                        .collect();
                    assert_eq!(marked, legal.to_vec(), "{kind}: game {i}'s mask");
                }
            }
            assert_eq!(full.episodes(), bare.episodes());
            let out = Outputs {
                observations: &mut o[1..],
                masks: &mut [],
                rewards: &mut r2,
                dones: &mut d2,
                to_play: &mut t2,
            };
            assert!(matches!(
                bare.step(&[0, 0, 0], out),
                Err(AnyError::BufferLength {
                    what: "observations",
                    ..
                })
            ));
        }
    }
}

/// What [`AnyGame::playouts`] counted over its playouts.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Playouts {
    /// Playouts played (each to its end).
    pub playouts: u64,
    /// Actions applied, chance included.
    pub actions: u64,
    /// Actions chosen by a seat (chance excluded).
    pub decisions: u64,
    /// How many seats play (entries past it are zero).
    pub seats: u8,
    /// Per seat, the playouts it ended in first place (shared first places count for each).
    pub wins: [u64; crate::MAX_SEATS],
    /// Per seat, the sum of its final scores (the game's own score, as in its outcome).
    pub score_sums: [i64; crate::MAX_SEATS],
}

/// Random playouts of a typed game from `start` (see [`AnyGame::playouts`]).
pub(super) fn playouts<G: Playable>(
    start: &G,
    seed: u64,
    count: u64,
) -> Result<Playouts, AnyError> {
    let mut r = Playouts {
        seats: start.seats(),
        ..Playouts::default()
    };
    // Listed ids and `apply`: in Cờ cá ngựa and Domino cheaper per playout action than
    // drawing from the legal set, whose 128-bit count and select cost more than a list.
    let mut legal = ActionList::new();
    for i in 0..count {
        let mut rng = GameRng::new(batch_seed(seed, i));
        let mut game = start.clone();
        loop {
            let action = match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => game.sample_chance(&mut rng),
                ToMove::Seat(_) => {
                    game.legal_actions(&mut legal);
                    if legal.is_empty() {
                        // A seat to move always has an action; a game without one is refused.
                        return Err(AnyError::NoSeatToMove);
                    }
                    r.decisions += 1;
                    G::Action::from_id(legal[rng.below(legal.len() as u32) as usize])
                }
            };
            let action = action.ok_or(AnyError::NoSeatToMove)?;
            game.apply(action, &mut NoEvents)
                .map_err(|e| AnyError::illegal(&e))?;
            r.actions += 1;
        }
        r.playouts += 1;
        if let Some(o) = game.outcome() {
            let n = usize::from(o.seats).min(crate::MAX_SEATS);
            r.seats = n as u8;
            for s in 0..n {
                r.score_sums[s] += i64::from(o.scores[s]);
                r.wins[s] += u64::from(o.places[s] == 1);
            }
        }
    }
    Ok(r)
}
