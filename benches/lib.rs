//! Shared helpers of the benchmarks: tight reference implementations of a game's default
//! rules, written for speed alone (fixed arrays, no configuration, legal moves as a bit mask),
//! to measure how much the engine's general interface costs against them.
//!
//! A reference counts only once it plays exactly the games the engine plays: the same legal
//! moves in the same order, so the same seeded random choices; [`verify_o_an_quan`] checks
//! that move by move.

use dangian::o_an_quan::{self, BigStone};
use dangian::{Game, GameRng, NoEvents, Seat};

/// Ô ăn quan under the default rules (`o_an_quan::Config::default()`), tight: five dân per
/// small square, a big stone in each quan square worth 10, either direction, relays from
/// small squares only, chained captures, refills borrowed as debt, the game over when both
/// quan squares are empty or after 400 plies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TightOAnQuan {
    /// Dân per cell (0 and 6 are the quan squares).
    pub dan: [u8; 12],
    /// Whether each quan square (left, right) still holds its big stone.
    pub big_on: [bool; 2],
    /// Who captured each big stone (meaningful once it is off the board).
    pub big_by: [u8; 2],
    /// Captured dân per seat (negative in debt).
    pub cap: [i32; 2],
    /// The seat to move.
    pub to_move: u8,
    /// Plies played.
    pub ply: u32,
    /// Whether the game is over.
    pub over: bool,
}

/// The next cell round the ring: `[clockwise, counter-clockwise]`.
const NEXT: [[u8; 12]; 2] = [
    [11, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0],
];

impl Default for TightOAnQuan {
    fn default() -> Self {
        Self::new()
    }
}

impl TightOAnQuan {
    /// The opening position.
    pub const fn new() -> Self {
        TightOAnQuan {
            dan: [0, 5, 5, 5, 5, 5, 0, 5, 5, 5, 5, 5],
            big_on: [true, true],
            big_by: [0, 0],
            cap: [0, 0],
            to_move: 0,
            ply: 0,
            over: false,
        }
    }

    /// The legal ids as a bit mask (the engine's ids: `2k + d` for the mover's k-th square,
    /// d = 0 clockwise, 1 counter-clockwise).
    #[inline]
    pub fn legal(&self) -> u32 {
        if self.over {
            return 0;
        }
        let base = if self.to_move == 0 { 1 } else { 7 };
        let shift = if self.to_move == 0 { 0 } else { 10 };
        let mut m = 0u32;
        for i in 0..5 {
            m |= u32::from(self.dan[base + i] != 0) << (2 * i);
        }
        (m * 3) << shift
    }

    /// Play the legal move with this id.
    #[inline]
    pub fn apply(&mut self, id: u32) {
        let seat = usize::from(self.to_move);
        let k = id / 2;
        let next = &NEXT[(id & 1) as usize];
        let mut pos = if k < 5 { k + 1 } else { k + 2 } as u8;
        let mut hand = self.dan[usize::from(pos)];
        self.dan[usize::from(pos)] = 0;
        loop {
            while hand > 0 {
                pos = next[usize::from(pos)];
                self.dan[usize::from(pos)] += 1;
                hand -= 1;
            }
            let n = next[usize::from(pos)];
            if n == 0 || n == 6 {
                break;
            }
            let here = self.dan[usize::from(n)];
            if here > 0 {
                hand = here;
                self.dan[usize::from(n)] = 0;
                pos = n;
                continue;
            }
            // A gap: captures beyond it, chained over further empty small squares.
            let mut gap = n;
            loop {
                let t = next[usize::from(gap)];
                let d = self.dan[usize::from(t)];
                if t == 0 || t == 6 {
                    let q = usize::from(t / 6);
                    if d == 0 && !self.big_on[q] {
                        break;
                    }
                    if self.big_on[q] {
                        self.big_on[q] = false;
                        self.big_by[q] = seat as u8;
                    }
                } else if d == 0 {
                    break;
                }
                self.cap[seat] += i32::from(d);
                self.dan[usize::from(t)] = 0;
                let n2 = next[usize::from(t)];
                if n2 == 0 || n2 == 6 || self.dan[usize::from(n2)] != 0 {
                    break;
                }
                gap = n2;
            }
            break;
        }
        self.ply += 1;
        self.to_move ^= 1;
        if self.dan[0] == 0 && self.dan[6] == 0 && !self.big_on[0] && !self.big_on[1] {
            self.over = true;
            return;
        }
        if self.ply >= 400 {
            self.over = true;
            return;
        }
        let base = if self.to_move == 0 { 1 } else { 7 };
        let side = &mut self.dan[base..base + 5];
        if side.iter().all(|&d| d == 0) {
            self.cap[usize::from(self.to_move)] -= 5;
            for d in side {
                *d = 1;
            }
        }
    }

    /// The final totals: captured dân, 10 per big stone, and the stones left on one's side.
    pub fn final_scores(&self) -> [i32; 2] {
        let mut t = self.cap;
        for q in 0..2 {
            if !self.big_on[q] {
                t[usize::from(self.big_by[q])] += 10;
            }
        }
        for (s, total) in t.iter_mut().enumerate() {
            let base = if s == 0 { 1 } else { 7 };
            *total += self.dan[base..base + 5]
                .iter()
                .map(|&d| i32::from(d))
                .sum::<i32>();
        }
        t
    }
}

/// The `i`-th set bit of `m` (from the lowest), `i < m.count_ones()`.
#[inline]
pub fn nth_bit(mut m: u32, i: u32) -> u32 {
    for _ in 0..i {
        m &= m - 1;
    }
    m.trailing_zeros()
}

/// One random playout of the tight Ô ăn quan, choices by `rng.below(legal count)` among the
/// legal ids in ascending order (as the engine's playouts choose); returns the moves played.
#[inline]
pub fn playout_tight_o_an_quan(rng: &mut GameRng) -> u64 {
    let mut g = TightOAnQuan::new();
    let mut moves = 0;
    loop {
        let m = g.legal();
        if m == 0 {
            break;
        }
        g.apply(nth_bit(m, rng.below(m.count_ones())));
        moves += 1;
    }
    std::hint::black_box(&g);
    moves
}

/// Whether the tight state shows the same position as the engine's.
fn same(t: &TightOAnQuan, s: &o_an_quan::State) -> bool {
    let big = s.big_stones();
    let big_ok = (0..2).all(|q| match big[q] {
        BigStone::OnBoard => t.big_on[q],
        BigStone::CapturedBy { seat } => !t.big_on[q] && seat == Seat(t.big_by[q]),
        BigStone::Absent => false,
    });
    big_ok
        && (0..12u8).all(|c| s.dan(c) == u16::from(t.dan[usize::from(c)]))
        && (0..2u8).all(|p| s.captured_dan(Seat(p)) == t.cap[usize::from(p)])
        && s.ply() == t.ply
        && s.is_over() == t.over
        && (t.over || s.turn() == Some(Seat(t.to_move)))
}

/// Plays `playouts` seeded random games (seed 1) through the engine and [`TightOAnQuan`]
/// side by side and compares them move by move: the legal ids, the move chosen, the
/// position after it and the final scores. Returns the moves compared.
///
/// # Errors
/// The first difference, described.
pub fn verify_o_an_quan(playouts: u64) -> Result<u64, String> {
    let start = o_an_quan::State::new(o_an_quan::Config::default()).map_err(|e| e.to_string())?;
    let mut rng_e = GameRng::new(1);
    let mut rng_t = GameRng::new(1);
    let mut legal = dangian::ActionList::new();
    let mut moves = 0;
    for p in 0..playouts {
        let mut s = start;
        let mut t = TightOAnQuan::new();
        loop {
            s.legal_actions(&mut legal);
            let m = t.legal();
            let engine_mask = legal.iter().fold(0u32, |acc, &id| acc | 1 << id);
            if engine_mask != m {
                return Err(format!(
                    "playout {p}, ply {}: legal {engine_mask:#x} (engine) vs {m:#x} (tight)",
                    t.ply
                ));
            }
            if m == 0 {
                break;
            }
            let id_e = legal[rng_e.below(legal.len() as u32) as usize];
            let id_t = nth_bit(m, rng_t.below(m.count_ones()));
            if id_e != id_t {
                return Err(format!(
                    "playout {p}, ply {}: chose {id_e} vs {id_t}",
                    t.ply
                ));
            }
            s.apply_id(id_e, &mut NoEvents)
                .map_err(|e| format!("playout {p}: engine refused {id_e}: {e}"))?;
            t.apply(id_t);
            moves += 1;
            if !same(&t, &s) {
                return Err(format!(
                    "playout {p}, after ply {}: positions differ\nengine: {s:?}\ntight: {t:?}",
                    t.ply
                ));
            }
        }
        let scores = s.final_scores().ok_or("the engine's game is not over")?;
        if scores != t.final_scores() {
            return Err(format!(
                "playout {p}: final scores {scores:?} (engine) vs {:?} (tight)",
                t.final_scores()
            ));
        }
    }
    Ok(moves)
}
