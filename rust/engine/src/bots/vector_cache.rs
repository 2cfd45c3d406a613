//! A fixed-size cache of distance vectors under packed keys of up to 48 bits, shared by every thread of the
//! process: the efficiency bots' memo of exact capped suit vectors.
//!
//! Why not a hash map: the bot looks a vector up about eleven times per env step, each at a random place,
//! so the memo's footprint is what its lookups cost. A map of (key, vector) entries spends 24 bytes and
//! more per entry and grows until it is cleared; here an entry is one `u64` — the key beside the index of
//! its vector among the few distinct ones (a few hundred in millions of entries) — eight to a cache line,
//! and a full line makes room by replacing one of its eight. A lookup reads one line.
//!
//! Why shared: an entry is a single atomic word, so a lookup can never see half of one, and the threads of a
//! run meet the same suits — one memo fills twice as fast as two and takes the cache once. The distinct
//! vectors are written once each, under a lock that only a new vector takes, before any entry names them.
//!
//! The contents never change a result, only how soon it comes: a vector not found is computed again.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};

use crate::prefetch::prefetch;
use crate::shanten::Distances;

/// Entries per line: one cache line of `u64`s.
const WAYS: usize = 8;
/// Lines, as a power of two: 2^16 lines of 64 bytes hold half a million entries in 4 MB.
const LINE_BITS: u32 = 16;
/// Bits of an entry under its key: the vector's index plus one (zero marks an empty entry).
const INDEX_BITS: u32 = 16;
const INDEX_MASK: u64 = (1 << INDEX_BITS) - 1;
/// Keys must fit above the index.
pub const KEY_BITS: u32 = 64 - INDEX_BITS;
/// Distinct vectors held at most (fewer than 256 were seen in 30,000 efficiency deals of every table); a
/// vector beyond them is not memoised.
const MAX_VECTORS: usize = 4096;

/// The process's memo of exact capped suit vectors (4 MB of entries, allocated at first use).
pub static CAPPED_VECTORS: LazyLock<VectorCache> = LazyLock::new(|| VectorCache::new(LINE_BITS));

/// One set of entries, aligned so that a lookup reads one cache line.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Line([AtomicU64; WAYS]);

#[derive(Debug)]
pub struct VectorCache {
    lines: Box<[Line]>,
    line_bits: u32,
    /// The distinct vectors by index, as two little-endian halves: written once, before any entry holds the
    /// index.
    vectors: Box<[[AtomicU64; 2]]>,
    /// Each distinct vector's index, and how many there are (its length).
    index_of: Mutex<HashMap<Distances, u64>>,
}

impl VectorCache {
    /// An empty cache of 2^`line_bits` lines.
    pub fn new(line_bits: u32) -> VectorCache {
        VectorCache {
            lines: (0..1usize << line_bits).map(|_| Line::default()).collect(),
            line_bits,
            vectors: (0..MAX_VECTORS).map(|_| Default::default()).collect(),
            index_of: Mutex::new(HashMap::new()),
        }
    }

    /// The vector stored under `key` (below 2^[`KEY_BITS`]), if it is still held.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Distances> {
        // Acquire: the entry's vector was written before the entry (see `insert`).
        let entry = self.lines[self.line_of(key)]
            .0
            .iter()
            .map(|entry| entry.load(Ordering::Acquire))
            .find(|&entry| entry >> INDEX_BITS == key && entry & INDEX_MASK != 0)?;
        let halves = self.vectors.get((entry & INDEX_MASK) as usize - 1)?;
        let mut vector = [0; 16];
        vector[..8].copy_from_slice(&halves[0].load(Ordering::Relaxed).to_le_bytes());
        vector[8..].copy_from_slice(&halves[1].load(Ordering::Relaxed).to_le_bytes());
        Some(vector)
    }

    /// Starts loading the line of `key` (a hint: it changes no result).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.lines[self.line_of(key)]);
    }

    /// Stores `vector` under `key` (below 2^[`KEY_BITS`]): in the key's entry of its line, an empty one, or
    /// one picked by the key. Nothing is stored once the distinct vectors are all taken (never seen), nor
    /// after a thread panicked holding the lock.
    pub fn insert(&self, key: u64, vector: Distances) {
        debug_assert!(key < 1 << KEY_BITS);
        let Some(index) = self.index(vector) else {
            return;
        };
        let line = &self.lines[self.line_of(key)].0;
        let way = line
            .iter()
            .map(|entry| entry.load(Ordering::Relaxed))
            .position(|entry| entry == 0 || entry >> INDEX_BITS == key)
            .unwrap_or((mixed(key) as usize) % WAYS);
        // Release: whoever reads the entry reads the vector as written.
        line[way].store(key << INDEX_BITS | index, Ordering::Release);
    }

    /// The index (from 1) of `vector` among the distinct ones, added if new.
    fn index(&self, vector: Distances) -> Option<u64> {
        let mut index_of = self.index_of.lock().ok()?;
        if let Some(&index) = index_of.get(&vector) {
            return Some(index);
        }
        let halves = self.vectors.get(index_of.len())?;
        let (low, high) = vector.split_at(8);
        halves[0].store(u64::from_le_bytes(low.try_into().ok()?), Ordering::Relaxed);
        halves[1].store(u64::from_le_bytes(high.try_into().ok()?), Ordering::Relaxed);
        let index = index_of.len() as u64 + 1;
        index_of.insert(vector, index);
        Some(index)
    }

    #[inline]
    fn line_of(&self, key: u64) -> usize {
        (mixed(key) >> (64 - self.line_bits)) as usize
    }
}

/// A multiply hash of a key: its high bits pick the line, its low bits the entry to replace.
#[inline]
fn mixed(key: u64) -> u64 {
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shanten::UNREACHABLE;

    fn vector(n: u8) -> Distances {
        let mut v = UNREACHABLE;
        v[0] = n % 7;
        v[1] = n / 7;
        v[15] = n;
        v
    }

    #[test]
    fn holds_what_was_stored_and_nothing_else() {
        let cache = VectorCache::new(4);
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
        let cache = VectorCache::new(4);
        // Keys far more than a line holds, all landing on the same line.
        let target = cache.line_of(1);
        let keys: Vec<u64> = (1..u64::MAX)
            .filter(|&k| cache.line_of(k) == target)
            .take(4 * WAYS)
            .collect();
        for (n, &key) in keys.iter().enumerate() {
            cache.insert(key, vector(n as u8));
        }
        let held: Vec<_> = keys
            .iter()
            .enumerate()
            .filter_map(|(n, &k)| cache.get(k).map(|v| (n, v)))
            .collect();
        assert!(
            !held.is_empty() && held.len() <= WAYS,
            "{} held",
            held.len()
        );
        assert!(held.iter().all(|&(n, v)| v == vector(n as u8)));
        let last = keys.len() - 1;
        assert_eq!(cache.get(keys[last]), Some(vector(last as u8)));
    }

    #[test]
    fn threads_filling_it_at_once_read_back_only_what_was_stored() {
        let cache = VectorCache::new(6);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let cache = &cache;
                scope.spawn(move || {
                    for round in 0..20_000u64 {
                        let key = (round * 7 + thread) % 3000;
                        // The vector a key stands for is a function of the key, whoever stores it.
                        let expected = vector((key % 200) as u8);
                        match cache.get(key) {
                            Some(found) => assert_eq!(found, expected, "key {key}"),
                            None => cache.insert(key, expected),
                        }
                    }
                });
            }
        });
    }
}
