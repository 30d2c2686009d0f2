//! The Domino side of the OpenSpiel core (`SpielCore`): which seat alone sees a chance
//! action, where a deal begins, and a deal's hidden tiles drawn anew with a history that
//! replays to them. It reads the Domino state directly (hands, what each seat is known to
//! lack), which the dynamic layer does not expose; it is one of the two binding files that
//! do so (see the engine's `tests/module_graph.rs`).

use super::*;

/// The deal and redeal count of a Domino game (`None` for the other games).
pub(crate) fn deal_of(game: &AnyGame) -> Option<(u32, u8)> {
    game.typed::<dangian::domino::State>()
        .map(|s| (s.round(), s.redeals()))
}

/// The tile a Domino deal or draw gives (`None` for any other action).
fn dealt_tile(id: u32) -> Option<dangian::domino::Tile> {
    use dangian::domino::Action;
    match <Action as dangian::Action>::from_id(id)? {
        Action::Deal(t) | Action::Draw(t) => Some(t),
        _ => None,
    }
}

/// The same deal or draw action giving `tile` instead.
fn with_tile(id: u32, tile: dangian::domino::Tile) -> u32 {
    use dangian::domino::Action;
    match <Action as dangian::Action>::from_id(id) {
        Some(Action::Deal(_)) => dangian::Action::id(Action::Deal(tile)),
        Some(Action::Draw(_)) => dangian::Action::id(Action::Draw(tile)),
        _ => id,
    }
}

/// A bit per number (0 to 6) shown on either half of `tile`.
fn numbers_of(tile: dangian::domino::Tile) -> u8 {
    (1u8 << tile.low()) | (1u8 << tile.high())
}

/// Who alone sees the chance action about to be played (a Domino tile dealt or drawn goes
/// to the seat whose turn it is), else [`SEEN_BY_ALL`].
pub(crate) fn seen_by(game: &AnyGame) -> u8 {
    match (game.to_move(), game.typed::<dangian::domino::State>()) {
        (ToMove::Chance, Some(d)) => d.turn().map_or(SEEN_BY_ALL, |s| s.0),
        _ => SEEN_BY_ALL,
    }
}

impl SpielCore {
    /// One attempt of `resample`: the current deal's hidden tiles replaced by those of a
    /// determinization, then replayed from the deal's start. `None` when that deal does not
    /// replay to the same view for `player`.
    pub(crate) fn resample_once(&self, player: u32, rng: &mut GameRng) -> Res<Option<SpielCore>> {
        use dangian::domino::{State, Tile};
        let Some(now) = self.game.typed::<State>() else {
            return Ok(Some(self.clone()));
        };
        let seats = usize::from(self.game.seats());
        let drawn = self.game.determinize(player, rng)?;
        let Some(new) = drawn.typed::<State>() else {
            return Ok(None);
        };
        // What each seat was known to lack after each action of the deal: a tile still in
        // its hand was held through every later action, so none of these may show on it.
        let (mut ids, tail_seen) = self.trail.since(self.deal_index);
        let mut replay = (*self.deal_start).clone();
        replay.keep_events(false);
        let mut lacks = vec![[0u8; MAX_SEATS]; ids.len()];
        for (i, &id) in ids.iter().enumerate() {
            replay.apply(id)?;
            if let Some(s) = replay.typed::<State>() {
                for (seat, l) in lacks[i].iter_mut().enumerate().take(seats) {
                    *l = s.lacks(Seat(seat as u8));
                }
            }
        }
        for i in (0..ids.len().saturating_sub(1)).rev() {
            let later = lacks[i + 1];
            for (l, m) in lacks[i].iter_mut().zip(later) {
                *l |= m;
            }
        }
        // The deal's actions, each tile another seat received and still holds replaced.
        for seat in (0..seats).filter(|&s| s as u32 != player) {
            let held = now.hand(Seat(seat as u8));
            let mut pool: Vec<Tile> = new.hand(Seat(seat as u8)).iter().collect();
            // Shuffled, so that which of its receipts gave which tile is drawn too.
            for i in (1..pool.len()).rev() {
                let j = rng.below(i as u32 + 1) as usize;
                pool.swap(i, j);
            }
            for (i, id) in ids.iter_mut().enumerate() {
                if tail_seen[i] != seat as u8 {
                    continue;
                }
                let Some(tile) = dealt_tile(*id) else {
                    continue;
                };
                if !held.contains(tile) {
                    continue; // played since: public, kept
                }
                // The earliest receipt is the most constrained: the first tile that fits.
                let Some(k) = pool
                    .iter()
                    .position(|&t| numbers_of(t) & lacks[i][seat] == 0)
                else {
                    return Ok(None);
                };
                *id = with_tile(*id, pool.swap_remove(k));
            }
            if !pool.is_empty() {
                return Ok(None);
            }
        }
        let mut out = SpielCore {
            game: (*self.deal_start).clone(),
            trail: self.trail.truncated(self.deal_index),
            origin: self.origin.clone(),
            deal_start: self.deal_start.clone(),
            deal_index: self.deal_index,
            poison: Poison::default(),
        };
        out.game.keep_events(false);
        for (&id, &seen) in ids.iter().zip(&tail_seen) {
            if out.game.apply(id).is_err() {
                return Ok(None);
            }
            out.trail.push(id, seen);
        }
        let same_view = out.game.view_json(player)? == self.game.view_json(player)?;
        let same_hands = (0..seats).all(|s| {
            let s = Seat(s as u8);
            out.game.typed::<State>().map(|g| g.hand(s)) == Some(new.hand(s))
        });
        Ok((same_view && same_hands).then_some(out))
    }
}
