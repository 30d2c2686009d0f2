//! The batch C ABI (`dg_batch_*`, `dg_game_playouts`): hostile arguments (NULL arrays and
//! handles, wrong lengths, unknown and illegal actions, bad kinds and sizes) give their
//! status and leave every game as it was; a step matches `AnyBatch` stepped alike; a step and
//! a whole set of playouts allocate nothing (counted by a global allocator); playouts are
//! reproducible from their seed and match the typed engine played with the same RNGs.

// SAFETY (every `unsafe` block of this file): the block calls the C ABI with pointers that
// are NULL or valid for what the header says (live handles, writable out-parameters, arrays
// of the given length), which is the whole of its contract; the tests pass NULLs and bad
// lengths on purpose, which the library checks.
#![allow(clippy::undocumented_unsafe_blocks)]

use std::ptr::{null, null_mut};

use dangian::any::{batch_seed, AnyBatch, AnyGame, Outputs};
use dangian::{ca_ngua, domino, o_an_quan};
use dangian::{Action, ActionList, Game, GameKind, GameRng, NoEvents, ToMove};
use dangian_ffi::*;

#[path = "common/counting.rs"]
mod counting;
use counting::allocations;

fn last_error() -> String {
    let mut buf = vec![0u8; 4096];
    let mut n = 0;
    unsafe { dg_last_error(buf.as_mut_ptr(), buf.len(), &mut n) };
    String::from_utf8_lossy(&buf[..n]).into_owned()
}

struct Batch(*mut DgBatch);

impl Drop for Batch {
    fn drop(&mut self) {
        unsafe { dg_batch_free(self.0) };
    }
}

/// The arrays of one step.
struct Arrays {
    actions: Vec<u32>,
    obs: Vec<f32>,
    masks: Vec<u8>,
    rewards: Vec<f32>,
    dones: Vec<u8>,
    to_play: Vec<i32>,
}

impl Batch {
    fn new(kind: GameKind, config: &str, n: usize, seed: u64) -> Batch {
        let mut out = null_mut();
        let st = unsafe {
            dg_batch_new(
                kind as u32,
                config.as_ptr(),
                config.len(),
                n,
                seed,
                &mut out,
            )
        };
        assert_eq!(st, DgStatus::Ok, "{}", last_error());
        Batch(out)
    }

    fn shape(&self) -> DgBatchShape {
        let mut s = DgBatchShape::default();
        assert_eq!(unsafe { dg_batch_shape(self.0, &mut s) }, DgStatus::Ok);
        s
    }

    fn arrays(&self) -> Arrays {
        let s = self.shape();
        let n = s.num_games as usize;
        Arrays {
            actions: vec![0; n],
            obs: vec![0.0; n * s.observation_len as usize],
            masks: vec![0; n * s.action_ids as usize],
            rewards: vec![0.0; n * s.seats as usize],
            dones: vec![0; n],
            to_play: vec![0; n],
        }
    }

    fn random(&self, a: &mut Arrays) {
        let st =
            unsafe { dg_batch_random_actions(self.0, a.actions.as_mut_ptr(), a.actions.len()) };
        assert_eq!(st, DgStatus::Ok);
    }

    fn step(&self, a: &mut Arrays) -> DgStatus {
        unsafe {
            dg_batch_step(
                self.0,
                a.actions.as_ptr(),
                a.actions.len(),
                a.obs.as_mut_ptr(),
                a.obs.len(),
                a.masks.as_mut_ptr(),
                a.masks.len(),
                a.rewards.as_mut_ptr(),
                a.rewards.len(),
                a.dones.as_mut_ptr(),
                a.dones.len(),
                a.to_play.as_mut_ptr(),
                a.to_play.len(),
            )
        }
    }

    /// Every game's observation, mask and seat to move, and the episodes.
    fn observed(&self) -> (Vec<f32>, Vec<u8>, Vec<i32>, u64) {
        let a = self.arrays();
        let (mut o, mut m, mut t) = (a.obs, a.masks, a.to_play);
        let st = unsafe {
            dg_batch_observe(
                self.0,
                o.as_mut_ptr(),
                o.len(),
                m.as_mut_ptr(),
                m.len(),
                t.as_mut_ptr(),
                t.len(),
            )
        };
        assert_eq!(st, DgStatus::Ok);
        let mut e = 0;
        assert_eq!(unsafe { dg_batch_episodes(self.0, &mut e) }, DgStatus::Ok);
        (o, m, t, e)
    }
}

#[test]
fn hostile_batch_arguments_change_nothing() {
    // Creation: NULL out, bad kind, no games or too many, bad configs.
    let mut out = null_mut();
    let cases: [(u32, &str, usize, DgStatus); 6] = [
        (3, "", 2, DgStatus::InvalidArgument),
        (0, "", 0, DgStatus::InvalidArgument),
        (0, "", DG_MAX_BATCH_GAMES + 1, DgStatus::InvalidArgument),
        (0, "{", 2, DgStatus::InvalidJson),
        (0, "{\"seeds_per_square\":0}", 2, DgStatus::InvalidConfig),
        (0, "[]", 2, DgStatus::InvalidConfig),
    ];
    for (kind, config, n, status) in cases {
        let st = unsafe { dg_batch_new(kind, config.as_ptr(), config.len(), n, 1, &mut out) };
        assert_eq!(st, status, "{kind} {config:?} {n}: {}", last_error());
        assert!(out.is_null());
    }
    assert_eq!(
        unsafe { dg_batch_new(0, null(), 0, 2, 1, null_mut()) },
        DgStatus::NullPointer
    );
    assert_eq!(
        unsafe { dg_batch_new(0, null(), 5, 2, 1, &mut out) },
        DgStatus::NullPointer
    );
    unsafe { dg_batch_free(null_mut()) };

    // NULL handles.
    let mut shape = DgBatchShape::default();
    assert_eq!(
        unsafe { dg_batch_shape(null(), &mut shape) },
        DgStatus::NullPointer
    );
    assert_eq!(
        unsafe { dg_batch_reset(null_mut(), 1) },
        DgStatus::NullPointer
    );
    let mut e = 0;
    assert_eq!(
        unsafe { dg_batch_episodes(null(), &mut e) },
        DgStatus::NullPointer
    );

    for kind in GameKind::ALL {
        let b = Batch::new(kind, "", 3, 9);
        assert_eq!(
            unsafe { dg_batch_shape(b.0, null_mut()) },
            DgStatus::NullPointer
        );
        assert_eq!(
            unsafe { dg_batch_episodes(b.0, null_mut()) },
            DgStatus::NullPointer
        );
        let mut a = b.arrays();
        // Play a little first, so that the games are not at their start.
        for _ in 0..5 {
            b.random(&mut a);
            assert_eq!(b.step(&mut a), DgStatus::Ok);
        }
        let before = b.observed();
        b.random(&mut a);
        let good = a.actions.clone();
        let sentinel = a.to_play.clone();

        // Every array NULL in turn, and every length one short and one long.
        for which in 0..6 {
            for how in 0..3 {
                let mut a = b.arrays();
                a.actions.clone_from(&good);
                a.to_play.fill(-7);
                let mut lens = [
                    a.actions.len(),
                    a.obs.len(),
                    a.masks.len(),
                    a.rewards.len(),
                    a.dones.len(),
                    a.to_play.len(),
                ];
                let mut nulls = [false; 6];
                match how {
                    0 => nulls[which] = true,
                    1 => lens[which] -= 1,
                    _ => lens[which] += 1,
                }
                let p = |ptr: *mut u8, i: usize| if nulls[i] { null_mut() } else { ptr };
                let st = unsafe {
                    dg_batch_step(
                        b.0,
                        p(a.actions.as_mut_ptr().cast(), 0).cast(),
                        lens[0],
                        p(a.obs.as_mut_ptr().cast(), 1).cast(),
                        lens[1],
                        p(a.masks.as_mut_ptr(), 2),
                        lens[2],
                        p(a.rewards.as_mut_ptr().cast(), 3).cast(),
                        lens[3],
                        p(a.dones.as_mut_ptr(), 4),
                        lens[4],
                        p(a.to_play.as_mut_ptr().cast(), 5).cast(),
                        lens[5],
                    )
                };
                let expected = if how == 0 {
                    DgStatus::NullPointer
                } else {
                    DgStatus::InvalidArgument
                };
                assert_eq!(st, expected, "{kind} array {which} case {how}");
                assert!(!last_error().is_empty());
                assert!(a.to_play.iter().all(|&t| t == -7), "nothing written");
                assert_eq!(b.observed(), before, "{kind}: array {which} case {how}");
            }
        }

        // An unknown id, then an illegal one, in the last game: no game changes.
        let mut a = b.arrays();
        a.actions.clone_from(&good);
        a.actions[2] = 100_000;
        assert_eq!(b.step(&mut a), DgStatus::UnknownAction);
        assert!(last_error().starts_with("game 2:"), "{}", last_error());
        let (_, masks, _, _) = b.observed();
        let ids = b.shape().action_ids as usize;
        if let Some(illegal) = masks[2 * ids..3 * ids].iter().position(|&m| m == 0) {
            a.actions[2] = illegal as u32;
            assert_eq!(b.step(&mut a), DgStatus::IllegalAction, "{kind}");
        }
        assert_eq!(b.observed(), before, "{kind}: a refused action");
        assert_eq!(a.to_play, sentinel.iter().map(|_| 0).collect::<Vec<_>>());

        // Random actions: NULL and wrong lengths, the batch's RNG untouched.
        let mut ids = vec![0u32; 3];
        assert_eq!(
            unsafe { dg_batch_random_actions(b.0, null_mut(), 3) },
            DgStatus::NullPointer
        );
        assert_eq!(
            unsafe { dg_batch_random_actions(b.0, ids.as_mut_ptr(), 2) },
            DgStatus::InvalidArgument
        );
        assert_eq!(ids, [0, 0, 0]);

        // Observe: NULL and wrong lengths.
        let mut a = b.arrays();
        assert_eq!(
            unsafe {
                dg_batch_observe(
                    b.0,
                    null_mut(),
                    a.obs.len(),
                    a.masks.as_mut_ptr(),
                    a.masks.len(),
                    a.to_play.as_mut_ptr(),
                    a.to_play.len(),
                )
            },
            DgStatus::NullPointer
        );
        assert_eq!(
            unsafe {
                dg_batch_observe(
                    b.0,
                    a.obs.as_mut_ptr(),
                    a.obs.len(),
                    a.masks.as_mut_ptr(),
                    a.masks.len() - 1,
                    a.to_play.as_mut_ptr(),
                    a.to_play.len(),
                )
            },
            DgStatus::InvalidArgument
        );
        assert!(a.masks.iter().all(|&m| m == 0));

        // Playouts: NULL game or out.
        let mut p = DgPlayouts::default();
        assert_eq!(
            unsafe { dg_game_playouts(null(), 1, 1, &mut p) },
            DgStatus::NullPointer
        );
    }
}

#[test]
fn batch_steps_match_any_batch_and_allocate_nothing() {
    for (kind, config, n) in [
        (GameKind::OAnQuan, "", 4),
        (GameKind::CaNgua, "", 2),
        (GameKind::Domino, "", 3),
        (GameKind::Domino, "{\"players\":3}", 2),
    ] {
        let b = Batch::new(kind, config, n, 11);
        let mut mirror = AnyBatch::new(kind, config, n, 11).unwrap();
        let mut a = b.arrays();
        let mut m = b.arrays();
        let mut mdones = vec![false; n];
        let (mut allocated, mut ended) = (0, 0);
        for _ in 0..2000 {
            b.random(&mut a);
            let before = allocations();
            let st = b.step(&mut a);
            let st2 = unsafe { dg_batch_random_actions(b.0, m.actions.as_mut_ptr(), n) };
            allocated += allocations() - before;
            assert_eq!((st, st2), (DgStatus::Ok, DgStatus::Ok), "{}", last_error());
            mirror
                .step(
                    &a.actions,
                    Outputs {
                        observations: &mut m.obs,
                        masks: &mut m.masks,
                        rewards: &mut m.rewards,
                        dones: &mut mdones,
                        to_play: &mut m.to_play,
                    },
                )
                .unwrap();
            assert_eq!(a.obs, m.obs);
            assert_eq!(a.masks, m.masks);
            assert_eq!(a.rewards, m.rewards);
            assert_eq!(a.to_play, m.to_play);
            let d: Vec<u8> = mdones.iter().map(|&d| u8::from(d)).collect();
            assert_eq!(a.dones, d);
            ended += d.iter().filter(|&&x| x == 1).count() as u64;
        }
        assert!(ended > 0, "{kind}: games ended and restarted");
        assert_eq!(b.observed().3, ended);
        assert_eq!(
            allocated, 0,
            "{kind} {config}: {allocated} allocations in 2000 steps"
        );
        assert_eq!(unsafe { dg_batch_reset(b.0, 11) }, DgStatus::Ok);
        assert_eq!(b.observed().3, 0);
    }
}

/// Playouts of the typed engine with the seeds `dg_game_playouts` documents.
fn typed_playouts<G: Game>(start: &G, seed: u64, count: u64) -> (u64, u64, [u64; 4]) {
    let (mut actions, mut decisions, mut wins) = (0, 0, [0u64; 4]);
    let mut legal = ActionList::new();
    for i in 0..count {
        let mut rng = GameRng::new(batch_seed(seed, i));
        let mut g = start.clone();
        loop {
            let a = match g.to_move() {
                ToMove::Over => break,
                ToMove::Chance => g.sample_chance(&mut rng).unwrap(),
                ToMove::Seat(_) => {
                    g.legal_actions(&mut legal);
                    decisions += 1;
                    G::Action::from_id(legal[rng.below(legal.len() as u32) as usize]).unwrap()
                }
            };
            g.apply(a, &mut NoEvents).unwrap();
            actions += 1;
        }
        let o = g.outcome().unwrap();
        let n = usize::from(o.seats);
        for (w, &place) in wins.iter_mut().zip(&o.places[..n]) {
            *w += u64::from(place == 1);
        }
    }
    (actions, decisions, wins)
}

#[test]
fn playouts_match_the_typed_engine_and_allocate_nothing() {
    for kind in GameKind::ALL {
        let mut g = null_mut();
        assert_eq!(
            unsafe { dg_game_new(kind as u32, null(), 0, 3, &mut g) },
            DgStatus::Ok
        );
        // From a position some moves in.
        for _ in 0..6 {
            let mut ids = [0u32; DG_MAX_ACTIONS];
            let mut t = 0;
            unsafe { dg_game_to_move(g, &mut t) };
            if t == DG_TO_MOVE_CHANCE {
                unsafe { dg_game_play_chance(g, null_mut()) };
            } else {
                let mut n = 0;
                unsafe { dg_game_legal_actions(g, ids.as_mut_ptr(), ids.len(), &mut n) };
                unsafe { dg_game_apply(g, ids[0]) };
            }
        }
        let (mut hash, mut after) = (0, 0);
        unsafe { dg_game_state_hash(g, &mut hash) };
        let mut p = DgPlayouts::default();
        let before = allocations();
        assert_eq!(unsafe { dg_game_playouts(g, 42, 20, &mut p) }, DgStatus::Ok);
        assert_eq!(
            allocations() - before,
            0,
            "{kind}: playouts allocate nothing"
        );
        unsafe { dg_game_state_hash(g, &mut after) };
        assert_eq!(hash, after, "{kind}: the handle is unchanged");
        assert_eq!(p.playouts, 20);
        assert_eq!(
            unsafe { dg_game_playouts(g, 42, 5, null_mut()) },
            DgStatus::NullPointer
        );

        // The same counts from the typed engine.
        let mut json = vec![0u8; 1 << 16];
        let mut len = 0;
        unsafe { dg_game_state_json(g, json.as_mut_ptr(), json.len(), &mut len) };
        let json = std::str::from_utf8(&json[..len]).unwrap();
        let any = AnyGame::from_setup_json(kind, json).unwrap();
        let expected = match kind {
            GameKind::OAnQuan => typed_playouts(any.typed::<o_an_quan::State>().unwrap(), 42, 20),
            GameKind::CaNgua => typed_playouts(any.typed::<ca_ngua::State>().unwrap(), 42, 20),
            GameKind::Domino => typed_playouts(any.typed::<domino::State>().unwrap(), 42, 20),
        };
        assert_eq!((p.actions, p.decisions, p.wins), expected, "{kind}");
        let mut zero = DgPlayouts::default();
        assert_eq!(
            unsafe { dg_game_playouts(g, 42, 0, &mut zero) },
            DgStatus::Ok
        );
        assert_eq!((zero.playouts, zero.actions), (0, 0));
        unsafe { dg_game_free(g) };
    }
}

/// `observations` and `masks` left out (NULL with length 0) in `dg_batch_step` and
/// `dg_batch_observe`: the same games, rewards, ends and seats as a batch that writes them,
/// and no allocation; NULL with a nonzero length is still refused (above).
#[test]
fn observations_and_masks_may_be_left_out() {
    for kind in GameKind::ALL {
        let full = Batch::new(kind, "", 3, 5);
        let bare = Batch::new(kind, "", 3, 5);
        let mut a = full.arrays();
        let mut b = bare.arrays();
        let mut allocated = 0;
        for _ in 0..500 {
            full.random(&mut a);
            b.actions.clone_from(&a.actions);
            assert_eq!(full.step(&mut a), DgStatus::Ok);
            let before = allocations();
            let st = unsafe {
                dg_batch_step(
                    bare.0,
                    b.actions.as_ptr(),
                    b.actions.len(),
                    null_mut(),
                    0,
                    null_mut(),
                    0,
                    b.rewards.as_mut_ptr(),
                    b.rewards.len(),
                    b.dones.as_mut_ptr(),
                    b.dones.len(),
                    b.to_play.as_mut_ptr(),
                    b.to_play.len(),
                )
            };
            allocated += allocations() - before;
            assert_eq!(st, DgStatus::Ok, "{kind}: {}", last_error());
            assert_eq!(
                (&a.rewards, &a.dones, &a.to_play),
                (&b.rewards, &b.dones, &b.to_play),
                "{kind}"
            );
        }
        assert_eq!(allocated, 0, "{kind}: a bare step allocates nothing");
        let mut t = vec![-7i32; 3];
        let st =
            unsafe { dg_batch_observe(bare.0, null_mut(), 0, null_mut(), 0, t.as_mut_ptr(), 3) };
        assert_eq!(st, DgStatus::Ok);
        assert_eq!(t, full.observed().2, "{kind}");
    }
}
