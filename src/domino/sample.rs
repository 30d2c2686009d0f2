//! Guessing the hidden tiles from one seat's knowledge: [`State::determinize`], the honest
//! sampler the bots search with.

use rand_core::Rng;

use crate::chance::uniform_below;
use crate::game::{Seat, MAX_SEATS};

use super::config::{DrawPolicy, LaterLead, Opening, MAX_REDEALS};
use super::event::RoundEnd;
use super::rules::opening_order;
use super::state::{suits_of, Phase, State};
use super::tile::{ALL_TILES, DOUBLES, TILE_COUNT};

/// The bin of the chợ; bins `0..MAX_SEATS` are the seats.
const STOCK: usize = MAX_SEATS;
/// Seats and the chợ.
const BINS: usize = MAX_SEATS + 1;
/// Subsets of the bins.
const SUBSETS: usize = 1 << BINS;
/// Fresh starts before the sampler gives up the doubles limit (see [`State::determinize`]).
const RESTARTS: u32 = 16;

/// What must hold in the sampled position, from one seat's point of view.
#[derive(Copy, Clone)]
struct Constraints {
    /// Per tile, the bins it may go to (bit `b`); 0 for a tile the observer can see.
    allowed: [u8; TILE_COUNT],
    /// Tiles each bin must receive.
    capacity: [u8; BINS],
    /// The most doubles each seat may receive (`u8::MAX`: no limit).
    doubles: [u8; MAX_SEATS],
    /// A seat that must receive at least one of these tiles (and, when `exactly_one`, no
    /// more than one of them).
    must: Option<(usize, u32, bool)>,
}

impl State {
    /// A full position that `seat` cannot tell apart from this one, with the hidden tiles
    /// (the other hands and the chợ) dealt at random from `rng` consistently with everything
    /// the seat has seen.
    ///
    /// It reads only what [`crate::Game::view`] shows `seat`, so two states with equal views
    /// give equal results for the same `rng` stream, and no hidden tile leaks into it. What
    /// it uses:
    /// - the seat's own hand, the line, every seat's tile count and the chợ's size;
    /// - who was seen unable to play on which numbers ([`State::lacks`]);
    /// - the opening (DM-S5, DM-A1): when the opening rule named the lead tile, nobody was
    ///   dealt a tile it ranks higher, so a seat that has not drawn since holds none; when
    ///   the rule's tile was not forced, the leader knows its own;
    /// - re-deals (DM-A9): a seat that has not drawn was not dealt enough doubles to force
    ///   another deal;
    /// - whose turn it is: the seat to play holds a tile that fits (exactly one, the tile it
    ///   just drew, after drawing because it could not play).
    ///
    /// The deal is uniform when nothing constrains it; with constraints it is consistent
    /// but only close to uniform (tiles are placed one at a time, each where it can still
    /// go). Not used: what the seat might infer from the *choices* others made, and, after a
    /// lead that was not forced, which tile the rule gave to another leader. If the doubles
    /// limit makes the sampler fail 16 times in a row it is dropped for that
    /// sample. A seat number past the players samples every hand (a spectator's guess).
    pub fn determinize<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> State {
        let constraints = self.constraints(seat);
        let mut out = *self;
        let mut bins = [0u32; BINS];
        let mut ok = false;
        for _ in 0..RESTARTS {
            if let Some(b) = deal(&constraints, rng) {
                bins = b;
                ok = true;
                break;
            }
        }
        if !ok {
            let mut relaxed = constraints;
            relaxed.doubles = [u8::MAX; MAX_SEATS];
            match deal(&relaxed, rng) {
                Some(b) => bins = b,
                // Unreachable for a state reached by play; keep the hidden tiles' owners
                // blind: everything unknown is dealt with no constraint but the counts.
                None => {
                    relaxed.must = None;
                    for a in relaxed.allowed.iter_mut() {
                        if *a != 0 {
                            *a = (1 << STOCK) | seat_bins(&relaxed.capacity);
                        }
                    }
                    bins = deal(&relaxed, rng).unwrap_or_default();
                }
            }
        }
        let observer = seat.index();
        let n = usize::from(self.n());
        for (s, (hand, &dealt)) in out.hands.iter_mut().zip(&bins).enumerate().take(n) {
            if s != observer {
                *hand = dealt;
            }
        }
        out.stock = bins[STOCK];
        out
    }

    /// The constraints of [`State::determinize`] for `seat`, from public facts and its hand.
    fn constraints(&self, seat: Seat) -> Constraints {
        let n = usize::from(self.n());
        let observer = seat.index();
        let own = self.hands.get(observer).copied().unwrap_or(0);
        let unknown = ALL_TILES & !self.line_mask() & !own;
        let mut capacity = [0u8; BINS];
        let mut seat_tiles = [0u32; MAX_SEATS];
        for s in 0..n {
            if s != observer {
                capacity[s] = self.hands[s].count_ones() as u8;
                seat_tiles[s] = unknown & !suits_of(self.lacks[s]);
            }
        }
        capacity[STOCK] = self.stock.count_ones() as u8;

        let in_round = matches!(self.phase, Phase::Lead | Phase::Play | Phase::Draw);
        let mut played = [0u32; MAX_SEATS];
        for p in self.placements() {
            played[p.seat.index() % MAX_SEATS] |= p.tile.bit();
        }
        // Tiles each seat has drawn this round: it holds its dealt tiles less those it
        // played, plus those it drew.
        let drawn = |s: usize| {
            (self.hands[s].count_ones() + played[s].count_ones())
                .saturating_sub(u32::from(self.config.hand_size))
        };
        let mut doubles = [u8::MAX; MAX_SEATS];
        if in_round {
            let unheld = self.unheld_by_opening(observer, &played, drawn(observer % MAX_SEATS));
            let redeal_limit = self
                .config
                .redeal_if_doubles_at_least
                .filter(|_| self.redeals < MAX_REDEALS);
            for s in 0..n {
                if s == observer || drawn(s) != 0 {
                    continue;
                }
                seat_tiles[s] &= !unheld;
                if let Some(k) = redeal_limit {
                    let shown = (played[s] & DOUBLES).count_ones() as u8;
                    doubles[s] = (k - 1).saturating_sub(shown);
                }
            }
        }

        let mut must = None;
        let actor = usize::from(self.actor);
        let ends = self.end_mask();
        if actor != observer && actor < n && self.placed > 0 {
            let voluntary = self.config.draw_policy == DrawPolicy::Voluntary;
            let lacks_both = self.lacks[actor] & self.end_numbers() == self.end_numbers();
            match self.phase {
                Phase::Play => must = Some((actor, ends, self.drew && !voluntary)),
                // Went to the chợ by choice: it could play then, and still can.
                Phase::Draw if voluntary && !lacks_both => must = Some((actor, ends, false)),
                _ => {}
            }
        }

        // Per unknown tile, the chợ and every seat with room that may hold it: bit `s` of
        // the tile's byte is bit `i` of that seat's mask.
        let mut open = [0u32; MAX_SEATS];
        for (s, o) in open.iter_mut().enumerate() {
            if capacity[s] > 0 {
                *o = seat_tiles[s];
            }
        }
        let mut allowed = [0u8; TILE_COUNT];
        let mut m = unknown;
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            let mut a = 1u32 << STOCK;
            for (s, o) in open.iter().enumerate() {
                a |= (o >> i & 1) << s;
            }
            allowed[i as usize % TILE_COUNT] = a as u8;
        }
        Constraints {
            allowed,
            capacity,
            doubles,
            must,
        }
    }

    /// Tiles nobody was dealt, as everyone (or, after a lead the rule did not force, the
    /// leader) can tell from the opening: those the opening rule ranks above the tile it
    /// chose (DM-S5, DM-A1). Empty when no rule chose this round's lead.
    fn unheld_by_opening(&self, observer: usize, played: &[u32; MAX_SEATS], drawn: u32) -> u32 {
        let c = &self.config;
        if c.opening == Opening::AnyTileBySeat {
            return 0;
        }
        // DM-A2: whether this round's lead was decided by the opening rule.
        let by_rule = self.round == 1
            || match c.later_round_lead {
                LaterLead::SameAsFirst => true,
                LaterLead::PreviousWinnerAnyTile => {
                    self.last_round.is_none_or(|r| r.end != RoundEnd::Out)
                }
                LaterLead::FishSetterAnyTile | LaterLead::Rotate => false,
            };
        if !by_rule {
            return 0;
        }
        let order = opening_order(c.opening, c.opening_tiebreak);
        let rule_tile = if c.opening_tile_forced {
            // The forced lead is the round's first placement.
            match self.placements().next() {
                Some(p) => p.tile,
                None => return 0,
            }
        } else {
            // Only the leader knows which of its tiles the rule found, and only while it
            // can tell its dealt tiles from drawn ones.
            let leader = usize::from(self.leader);
            if observer != leader || leader >= MAX_SEATS || drawn != 0 {
                return 0;
            }
            let dealt = self.hands[leader] | played[leader];
            match order
                .iter()
                .map(|&i| super::tile::Tile::from_index_wrapping(i))
                .find(|t| dealt & t.bit() != 0)
            {
                Some(t) => t,
                None => return 0,
            }
        };
        let mut better = 0u32;
        for &i in order {
            if i == rule_tile.index() {
                break;
            }
            better |= 1 << i;
        }
        better
    }
}

/// The seats with room, as a bin mask.
fn seat_bins(capacity: &[u8; BINS]) -> u8 {
    let mut m = 0;
    for (s, &c) in capacity.iter().enumerate().take(MAX_SEATS) {
        if c > 0 {
            m |= 1 << s;
        }
    }
    m
}

/// Whether the tiles left (counted by the mask of bins each may go to) fit the room left,
/// by Hall's condition: for every set of bins, the tiles that can go nowhere else fit in it.
fn feasible(count: &[u8; SUBSETS], room: &[u8; BINS]) -> bool {
    slack_of(count, room).is_some()
}

/// One attempt at dealing the unknown tiles into the bins under `c`: tiles in random order
/// (the doubles first when some seat has a doubles limit), each to a bin chosen with
/// probability proportional to its room among the bins where it may go and after which the
/// rest still fits. `None` at a dead end.
fn deal<R: Rng + ?Sized>(c: &Constraints, rng: &mut R) -> Option<[u32; BINS]> {
    let mut bins = [0u32; BINS];
    let mut room = c.capacity;
    let mut allowed = c.allowed;
    let mut doubles = c.doubles;
    let mut tiles = [0u8; TILE_COUNT];
    let mut len = 0;
    for (i, &a) in allowed.iter().enumerate() {
        if a != 0 {
            tiles[len] = i as u8;
            len += 1;
        }
    }
    let total: u32 = room.iter().map(|&r| u32::from(r)).sum();
    if total != len as u32 {
        return None;
    }
    let tiles = &mut tiles[..len];
    for i in (1..len).rev() {
        let j = uniform_below(rng, i as u32 + 1) as usize;
        tiles.swap(i, j);
    }
    let limited = doubles.iter().any(|&d| d != u8::MAX);
    if limited {
        // Stable: doubles first, each group still in random order.
        tiles.sort_by_key(|&t| DOUBLES >> t & 1 == 0);
    }
    if let Some((seat, set, exactly_one)) = c.must {
        // One tile of `set` for `seat` first.
        let mut candidates = 0u32;
        for &t in tiles.iter() {
            let t = usize::from(t);
            if set >> t & 1 != 0 && effective(allowed[t], t, &doubles) >> seat & 1 != 0 {
                candidates |= 1 << t;
            }
        }
        loop {
            let k = candidates.count_ones();
            if k == 0 || room[seat] == 0 {
                return None;
            }
            let mut m = candidates;
            for _ in 0..uniform_below(rng, k) {
                m &= m - 1;
            }
            let t = m.trailing_zeros() as usize;
            candidates &= !(1 << t);
            let mut trial = allowed;
            trial[t] = 0;
            if exactly_one {
                for (u, a) in trial.iter_mut().enumerate() {
                    if set >> u & 1 != 0 {
                        *a &= !(1 << seat);
                    }
                }
            }
            let mut left = doubles;
            if DOUBLES >> t & 1 != 0 && left[seat] != u8::MAX {
                left[seat] = left[seat].saturating_sub(1);
            }
            room[seat] -= 1;
            if feasible(&counts(&trial, &left), &room) {
                allowed = trial;
                doubles = left;
                bins[seat] |= 1 << t;
                break;
            }
            room[seat] += 1;
        }
    }
    // How many tiles left may go to each set of bins, and the slack of Hall's condition for
    // every set of bins, kept up to date as tiles are placed (recounted only when a seat's
    // doubles limit runs out, which changes the sets).
    let mut count = counts(&allowed, &doubles);
    let mut slack = slack_of(&count, &room);
    for &t in tiles.iter() {
        let t = usize::from(t);
        if allowed[t] == 0 {
            continue;
        }
        let mut options = effective(allowed[t], t, &doubles);
        let mask = options;
        allowed[t] = 0;
        count[usize::from(mask)] -= 1;
        loop {
            // The bins of `options` in ascending order, by their bits (a tile usually has two
            // or three of the five).
            let mut weight = 0u32;
            let mut m = options;
            while m != 0 {
                weight += u32::from(room[m.trailing_zeros() as usize % BINS]);
                m &= m - 1;
            }
            if weight == 0 {
                return None;
            }
            let mut r = uniform_below(rng, weight);
            let mut chosen = STOCK;
            let mut m = options;
            while m != 0 {
                let b = m.trailing_zeros() as usize % BINS;
                let w = u32::from(room[b]);
                if r < w {
                    chosen = b;
                    break;
                }
                r -= w;
                m &= m - 1;
            }
            let mut left = doubles;
            let mut exhausted = false;
            if chosen < MAX_SEATS && DOUBLES >> t & 1 != 0 && left[chosen] != u8::MAX {
                left[chosen] = left[chosen].saturating_sub(1);
                exhausted = left[chosen] == 0 && doubles[chosen] != 0;
            }
            room[chosen] -= 1;
            let fits = if exhausted {
                let trial = counts(&allowed, &left);
                let s = slack_of(&trial, &room);
                if s.is_some() {
                    count = trial;
                    slack = s;
                }
                s.is_some()
            } else if let Some(s) = slack.as_mut() {
                // Placing a tile whose bins are `mask` into `chosen` (one of them) takes one
                // from the room of every set holding `chosen` and one from the tiles confined
                // to every set holding all of `mask`: only the sets holding `chosen` but not
                // all of `mask` lose slack, and it fits unless one of them has none.
                let hit = LOSE_SLACK[usize::from(mask)][chosen];
                let ok = hit & s.tight == 0;
                if ok {
                    s.spend(hit);
                }
                ok
            } else {
                slack = slack_of(&count, &room);
                slack.is_some()
            };
            if fits {
                bins[chosen] |= 1 << t;
                doubles = left;
                break;
            }
            room[chosen] += 1;
            options &= !(1 << chosen);
        }
    }
    Some(bins)
}

/// The slack of Hall's condition for every set of bins (the room of the set less the tiles
/// that can go nowhere else), with the sets that have none.
#[derive(Copy, Clone)]
struct Slack {
    slack: [u8; SUBSETS],
    /// Bit `set`: that set has no slack.
    tight: u32,
}

impl Slack {
    /// Take one from the slack of every set in `sets` (none of them tight).
    #[inline]
    fn spend(&mut self, sets: u32) {
        let mut m = sets;
        while m != 0 {
            let set = m.trailing_zeros() as usize;
            m &= m - 1;
            self.slack[set] -= 1;
            if self.slack[set] == 0 {
                self.tight |= 1 << set;
            }
        }
    }
}

/// Per mask of bins a tile may go to and per bin it goes to: the sets of bins (as a bit
/// mask over the 32 sets) that hold the bin but not the whole mask.
const LOSE_SLACK: [[u32; BINS]; SUBSETS] = {
    let mut out = [[0u32; BINS]; SUBSETS];
    let mut mask = 0;
    while mask < SUBSETS {
        let mut bin = 0;
        while bin < BINS {
            let mut set = 1;
            while set < SUBSETS {
                if set >> bin & 1 != 0 && set & mask != mask {
                    out[mask][bin] |= 1 << set;
                }
                set += 1;
            }
            bin += 1;
        }
        mask += 1;
    }
    out
};

/// The slack of Hall's condition for every set of bins, or `None` when the tiles left do
/// not fit ([`feasible`]): the room of each set less the tiles confined to it, eight sets to
/// a word.
fn slack_of(count: &[u8; SUBSETS], room: &[u8; BINS]) -> Option<Slack> {
    // Sums over subsets with the 32 byte-sized counts as four words: within a word, the
    // blocks of 1, 2 and 4 sets are added by shifts; across words, the blocks of 8 and 16.
    // No sum exceeds 28 + 28 (tiles and room), so no byte overflows into the next.
    fn subset_sums(bytes: &[u8; SUBSETS]) -> [u64; 4] {
        let mut w = [0u64; 4];
        for (k, word) in w.iter_mut().enumerate() {
            let mut b = [0u8; 8];
            b.copy_from_slice(&bytes[8 * k..8 * k + 8]);
            let mut x = u64::from_le_bytes(b);
            x += (x & 0x00FF_00FF_00FF_00FF) << 8;
            x += (x & 0x0000_FFFF_0000_FFFF) << 16;
            x += (x & 0x0000_0000_FFFF_FFFF) << 32;
            *word = x;
        }
        w[1] += w[0];
        w[3] += w[2];
        w[2] += w[0];
        w[3] += w[1];
        w
    }
    if count[0] != 0 {
        return None;
    }
    let within = subset_sums(count);
    let mut single = [0u8; SUBSETS];
    for (b, &r) in room.iter().enumerate() {
        single[1 << b] = r;
    }
    let cap = subset_sums(&single);
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut out = Slack {
        slack: [0; SUBSETS],
        tight: 0,
    };
    for k in 0..4 {
        // Per byte, with the high bit as a borrow guard: clear exactly where within > cap.
        let diff = (cap[k] | HIGH) - within[k];
        if diff & HIGH != HIGH {
            return None;
        }
        let slack = diff & !HIGH;
        out.slack[8 * k..8 * k + 8].copy_from_slice(&slack.to_le_bytes());
        // Bytes of no slack: the high bit of (0x80 - byte) survives only for a zero byte.
        let zero = (HIGH - slack) & HIGH;
        let bits = (zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        out.tight |= (bits as u32) << (8 * k);
    }
    // The empty set is never tight (it has neither room nor tiles).
    out.tight &= !1;
    out.slack[0] = 0;
    Some(out)
}

/// The bins tile `t` may go to, given the doubles each seat may still take.
#[inline]
fn effective(allowed: u8, t: usize, doubles: &[u8; MAX_SEATS]) -> u8 {
    let mut a = allowed;
    if DOUBLES >> t & 1 != 0 {
        for (s, &d) in doubles.iter().enumerate() {
            if d == 0 {
                a &= !(1 << s);
            }
        }
    }
    a
}

/// How many tiles left may go to each set of bins.
fn counts(allowed: &[u8; TILE_COUNT], doubles: &[u8; MAX_SEATS]) -> [u8; SUBSETS] {
    let mut count = [0u8; SUBSETS];
    for (t, &a) in allowed.iter().enumerate() {
        if a != 0 {
            count[usize::from(effective(a, t, doubles))] += 1;
        }
    }
    count
}
