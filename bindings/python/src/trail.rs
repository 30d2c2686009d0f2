//! The actions an OpenSpiel core (`SpielCore`) has applied, with which seat alone saw each:
//! full chunks of a fixed size, shared between copies and never changed, and a short tail
//! of its own. Copying a trail copies the tail and one reference, whatever its length, so a
//! state's clone costs the same after ten actions or ten thousand.

use std::sync::Arc;

/// Actions per chunk: the most a copy copies.
const CHUNK: usize = 32;

/// A full chunk and the chunks before it.
struct Chunk {
    before: Option<Arc<Chunk>>,
    ids: [u32; CHUNK],
    seen: [u8; CHUNK],
}

impl Drop for Chunk {
    // One chunk at a time: dropping a long chain recursively could overflow the stack.
    fn drop(&mut self) {
        let mut next = self.before.take();
        while let Some(chunk) = next {
            next = match Arc::try_unwrap(chunk) {
                Ok(mut alone) => alone.before.take(),
                Err(_) => None, // another trail still holds the rest
            };
        }
    }
}

/// The action ids applied, in order, each with the seat that alone saw it (or a marker
/// meaning all did): see the module docs.
#[derive(Clone)]
pub(crate) struct Trail {
    /// The last full chunk (it holds the ones before).
    full: Option<Arc<Chunk>>,
    /// How many actions the full chunks hold.
    full_len: usize,
    ids: [u32; CHUNK],
    seen: [u8; CHUNK],
    /// How many of `ids` and `seen` are used.
    tail: usize,
}

impl Trail {
    /// No action yet.
    pub(crate) fn new() -> Trail {
        Trail {
            full: None,
            full_len: 0,
            ids: [0; CHUNK],
            seen: [0; CHUNK],
            tail: 0,
        }
    }

    /// How many actions.
    pub(crate) fn len(&self) -> usize {
        self.full_len + self.tail
    }

    /// One more action.
    pub(crate) fn push(&mut self, id: u32, seen: u8) {
        self.ids[self.tail] = id;
        self.seen[self.tail] = seen;
        self.tail += 1;
        if self.tail == CHUNK {
            self.full = Some(Arc::new(Chunk {
                before: self.full.take(),
                ids: self.ids,
                seen: self.seen,
            }));
            self.full_len += CHUNK;
            self.tail = 0;
        }
    }

    /// The actions from index `from` on: their ids and who saw each.
    pub(crate) fn since(&self, from: usize) -> (Vec<u32>, Vec<u8>) {
        let from = from.min(self.len());
        // The full chunks that hold any of them, last first.
        let mut chunks = Vec::new();
        let mut start = self.full_len;
        let mut next = self.full.as_deref();
        while let Some(chunk) = next {
            if start <= from {
                break;
            }
            start -= CHUNK;
            chunks.push(chunk);
            next = chunk.before.as_deref();
        }
        let mut ids = Vec::with_capacity(self.len() - from);
        let mut seen = Vec::with_capacity(self.len() - from);
        let mut at = start;
        let parts = chunks
            .iter()
            .rev()
            .map(|c| (&c.ids[..], &c.seen[..]))
            .chain([(&self.ids[..self.tail], &self.seen[..self.tail])]);
        for (part_ids, part_seen) in parts {
            let skip = from.saturating_sub(at).min(part_ids.len());
            ids.extend_from_slice(&part_ids[skip..]);
            seen.extend_from_slice(&part_seen[skip..]);
            at += part_ids.len();
        }
        (ids, seen)
    }

    /// Every action's id, in order.
    pub(crate) fn ids(&self) -> Vec<u32> {
        self.since(0).0
    }

    /// The first `len` actions (sharing this trail's full chunks).
    pub(crate) fn truncated(&self, len: usize) -> Trail {
        if len >= self.len() {
            return self.clone();
        }
        if len >= self.full_len {
            return Trail {
                tail: len - self.full_len,
                ..self.clone()
            };
        }
        // The chunk holding index `len` becomes the tail.
        let keep = len / CHUNK;
        let mut index = self.full_len / CHUNK - 1;
        let mut chunk = self.full.as_deref().expect("a full chunk holds index len");
        while index > keep {
            chunk = chunk.before.as_deref().expect("a chunk before");
            index -= 1;
        }
        Trail {
            full: chunk.before.clone(),
            full_len: keep * CHUNK,
            ids: chunk.ids,
            seen: chunk.seen,
            tail: len % CHUNK,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trail_keeps_its_actions_in_order_across_copies_and_cuts() {
        // Against plain vectors, at every length around the chunk size and beyond.
        let mut trail = Trail::new();
        let (mut ids, mut seen) = (Vec::new(), Vec::new());
        for n in 0..(5 * CHUNK + 3) as u32 {
            assert_eq!(trail.len(), ids.len());
            assert_eq!(trail.ids(), ids);
            for from in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, ids.len() / 2, ids.len()] {
                let from = from.min(ids.len());
                assert_eq!(
                    trail.since(from),
                    (ids[from..].to_vec(), seen[from..].to_vec())
                );
            }
            for len in 0..=ids.len() {
                let cut = trail.truncated(len);
                assert_eq!(cut.since(0), (ids[..len].to_vec(), seen[..len].to_vec()));
            }
            let copy = trail.clone();
            trail.push(n * 7, (n % 5) as u8);
            ids.push(n * 7);
            seen.push((n % 5) as u8);
            // The copy is untouched by the push, and grows on its own.
            assert_eq!(copy.len() + 1, trail.len());
            let mut copy = copy;
            copy.push(u32::MAX, 9);
            assert_eq!(copy.ids().last(), Some(&u32::MAX));
            assert_eq!(trail.ids(), ids);
        }
        // A cut grows apart from the trail it was cut from.
        let mut cut = trail.truncated(CHUNK + 5);
        for k in 0..2 * CHUNK as u32 {
            cut.push(1000 + k, 0);
        }
        assert_eq!(cut.ids()[..CHUNK + 5], ids[..CHUNK + 5]);
        assert_eq!(cut.len(), 3 * CHUNK + 5);
        assert_eq!(trail.ids(), ids);
    }

    #[test]
    fn a_long_trail_drops_without_deep_recursion() {
        let mut trail = Trail::new();
        for n in 0..2_000_000u32 {
            trail.push(n, 0);
        }
        let copy = trail.truncated(1000);
        drop(trail);
        assert_eq!(copy.ids(), (0..1000).collect::<Vec<u32>>());
    }
}
