//! The observation tensors and legal masks are a format: a model trained on them must read
//! the same numbers from every later version. A digest of every seat's tensor and every
//! mask, over seeded random games of every preset of the three games, is pinned here; a
//! change of layout or value shows as a changed digest (and is a breaking change).

use dangian::tensor::{legal_mask, Observe};
use dangian::{Action as _, ActionList, GameConfig, GameRng, NoEvents, Seat};

/// FNV-1a over the bits of every value.
struct Digest(u64);

impl Digest {
    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The digest of every seat's tensor and the mask at every position of `games` random games
/// of every preset of `G`.
fn digest<G: Observe>(games: u64) -> (u64, u64) {
    let mut d = Digest(0xcbf2_9ce4_8422_2325);
    let mut positions = 0;
    let mut legal = ActionList::new();
    let mut obs = vec![0.0f32; G::OBSERVATION_LEN];
    let mut mask = vec![0u8; G::Action::ID_COUNT as usize];
    for (name, config) in G::Config::presets() {
        for seed in 0..games {
            let mut rng = GameRng::new(seed);
            let mut game = G::new(config.clone()).expect(name);
            loop {
                positions += 1;
                for s in 0..game.seats() {
                    game.observe(Seat(s), &mut obs);
                    for v in &obs {
                        d.bytes(&v.to_bits().to_le_bytes());
                    }
                }
                legal_mask(&game, &mut mask);
                d.bytes(&mask);
                if game.is_over() {
                    break;
                }
                game.legal_actions(&mut legal);
                let id = legal[rng.below(legal.len() as u32) as usize];
                game.apply_id(id, &mut NoEvents).expect("legal");
            }
        }
    }
    (d.0, positions)
}

#[test]
fn o_an_quan_tensors_are_pinned() {
    let (d, positions) = digest::<dangian::o_an_quan::State>(20);
    assert_eq!(
        (d, positions),
        (0x3a98_be43_5e5e_06a2, 5942),
        "{d:#018x} over {positions} positions"
    );
}

#[test]
fn ca_ngua_tensors_are_pinned() {
    let (d, positions) = digest::<dangian::ca_ngua::State>(1);
    assert_eq!(
        (d, positions),
        (0xba75_5d4a_d1fe_30b1, 7959),
        "{d:#018x} over {positions} positions"
    );
}

#[test]
fn domino_tensors_are_pinned() {
    let (d, positions) = digest::<dangian::domino::State>(3);
    assert_eq!(
        (d, positions),
        (0x9b7d_ac7a_eed7_c36b, 6931),
        "{d:#018x} over {positions} positions"
    );
}
