//! A fixed-size cache of distance vectors under packed keys of up to 48 bits: the efficiency bot's memo of
//! exact capped suit vectors.
//!
//! Why not a hash map: the bot looks a vector up about eleven times per env step, each at a random place,
//! so the memo's footprint is what its lookups cost. A map of (key, vector) entries spends 24 bytes and
//! more per entry and grows until it is cleared; here an entry is one `u64` — the key beside the index of
//! its vector among the few distinct ones (a few hundred in millions of entries) — eight to a cache line,
//! and a full line makes room by replacing one of its eight. A lookup reads one line.
//!
//! The contents never change a result, only how soon it comes: a vector not found is computed again.

use std::collections::HashMap;

use crate::prefetch::prefetch;
use crate::shanten::Distances;

/// Entries per line: one cache line of `u64`s.
const WAYS: usize = 8;
/// Lines, as a power of two: 2^15 lines of 64 bytes hold a quarter of a million entries in 2 MB.
const LINE_BITS: u32 = 15;
/// Bits of an entry under its key: the vector's index plus one (zero marks an empty entry).
const INDEX_BITS: u32 = 16;
const INDEX_MASK: u64 = (1 << INDEX_BITS) - 1;
/// Keys must fit above the index.
pub const KEY_BITS: u32 = 64 - INDEX_BITS;

/// One set of entries, aligned so that a lookup reads one cache line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Line([u64; WAYS]);

#[derive(Clone, Debug, Default)]
pub struct VectorCache {
    /// Allocated at the first insertion (a cache that is never filled costs nothing).
    lines: Vec<Line>,
    /// The distinct vectors, by index.
    vectors: Vec<Distances>,
    index_of: HashMap<Distances, u64>,
}

impl VectorCache {
    /// The vector stored under `key` (below 2^[`KEY_BITS`]), if it is still held.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Distances> {
        let line = self.lines.get(line_of(key))?;
        let entry = line
            .0
            .iter()
            .find(|&&entry| entry >> INDEX_BITS == key && entry & INDEX_MASK != 0)?;
        self.vectors.get((entry & INDEX_MASK) as usize - 1).copied()
    }

    /// Starts loading the line of `key` (a hint: it changes no result).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        if let Some(line) = self.lines.get(line_of(key)) {
            prefetch(line);
        }
    }

    /// Stores `vector` under `key` (below 2^[`KEY_BITS`]): in the key's entry of its line, an empty one, or
    /// one picked by the key. Nothing is stored once the distinct vectors run out of indices (never seen:
    /// a few hundred exist).
    pub fn insert(&mut self, key: u64, vector: Distances) {
        debug_assert!(key < 1 << KEY_BITS);
        let index = match self.index_of.get(&vector) {
            Some(&index) => index,
            None if (self.vectors.len() as u64) < INDEX_MASK => {
                self.vectors.push(vector);
                let index = self.vectors.len() as u64;
                self.index_of.insert(vector, index);
                index
            }
            None => return,
        };
        if self.lines.is_empty() {
            self.lines = vec![Line::default(); 1 << LINE_BITS];
        }
        let line = &mut self.lines[line_of(key)].0;
        let way = line
            .iter()
            .position(|&entry| entry == 0 || entry >> INDEX_BITS == key)
            .unwrap_or((mixed(key) as usize) % WAYS);
        line[way] = key << INDEX_BITS | index;
    }
}

/// A multiply hash of a key: its high bits pick the line, its low bits the entry to replace.
#[inline]
fn mixed(key: u64) -> u64 {
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

#[inline]
fn line_of(key: u64) -> usize {
    (mixed(key) >> (64 - LINE_BITS)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shanten::UNREACHABLE;

    fn vector(n: u8) -> Distances {
        let mut v = UNREACHABLE;
        v[0] = n % 7;
        v[1] = n / 7;
        v
    }

    #[test]
    fn holds_what_was_stored_and_nothing_else() {
        let mut cache = VectorCache::default();
        assert_eq!(cache.get(0), None);
        cache.insert(0, vector(3));
        cache.insert(12_345, vector(4));
        assert_eq!(cache.get(0), Some(vector(3)));
        assert_eq!(cache.get(12_345), Some(vector(4)));
        assert_eq!(cache.get(1), None);
        cache.insert(0, vector(5));
        assert_eq!(cache.get(0), Some(vector(5)));
    }

    #[test]
    fn a_full_line_replaces_an_entry_and_never_answers_wrongly() {
        let mut cache = VectorCache::default();
        // Keys far more than a line holds, all landing on the same line.
        let target = line_of(1);
        let keys: Vec<u64> = (1..u64::MAX)
            .filter(|&k| line_of(k) == target)
            .take(4 * WAYS)
            .collect();
        for (n, &key) in keys.iter().enumerate() {
            cache.insert(key, vector(n as u8));
        }
        let held: Vec<_> = keys.iter().enumerate().filter_map(|(n, &k)| cache.get(k).map(|v| (n, v))).collect();
        assert!(!held.is_empty() && held.len() <= WAYS, "{} held", held.len());
        assert!(held.iter().all(|&(n, v)| v == vector(n as u8)));
        assert_eq!(cache.get(keys[keys.len() - 1]), Some(vector((keys.len() - 1) as u8)));
    }
}
