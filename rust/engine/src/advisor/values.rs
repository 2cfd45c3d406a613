//! The values of one call: `V(h, j; k)` for the states of the shared [`Graph`] and `U(g, j; k)` for the hands
//! after a draw, each a block of two vectors over `k = j..=draws` (win, ready: the triangle packed,
//! entries `k < j` are never needed) in two arenas (below), found through a slot per (hand, draw index).
//!
//! **Rows share blocks.** A row differs from another only by its discard `d`, counted as seen: the two rows'
//! weights differ at their two discards' kinds and nowhere else. So each block records the kinds whose weight its
//! computation read (the draws listed below it: a bit set ahead of its numbers) and the row it was computed for (in
//! its slot); a later row
//! reuses it when neither discard is among those kinds — the very same operations on the very same numbers, so
//! the result is bit for bit what a fresh computation would give. The states deep in the search (most of the
//! work) read few kinds, and a row's discard is seldom one of them. A block that reads the row's discard can
//! serve no other row: it goes to the row's private arena, emptied when the next row starts; so do all the
//! blocks once the shared arena holds [`SHARED_MAX`] numbers.
//!
//! The sums run in kind order and start from 0, the maxima from −∞, as the twin's numpy updates do, so the two
//! agree to the last bit. A ready state's useful draws all win (`U` = 1 everywhere), so their contribution is
//! the one number `Σ p` (summed in the same order) instead of a vector per draw. A state `s`-shanten at draw `j`
//! cannot win before `k = j + s + 1` nor be ready before `k = j + s`: those entries of it, of the hand it keeps
//! and of its children are all exactly 0, so the sums skip them.

use std::cell::Cell;

use super::graph::{Graph, COMPLETE};
use crate::error::{EngineError, Result};
use crate::tile::{Counts, COPIES, NUM_KINDS};

pub(super) const WIN: usize = 0;
pub(super) const READY: usize = 1;
/// The expected value: computed only under a ruleset. With `ruleset = None` a win is worth 1 and the terminal
/// value 0, so its recursion is the win probability's, operation for operation: it is copied, not computed.
pub(super) const VALUE: usize = 2;

/// No block yet for this (hand, draw index).
const NONE: u32 = u32::MAX;

/// The row of a 3n+1 hand, which has no discard (and only one row).
pub(super) const NO_DISCARD: u8 = u8::MAX;

/// Where a (hand, draw index)'s block is, and for which row it was computed (8 bytes: the slot tables hold
/// one per state and draw index, millions for a 3-shanten hand). The block starts with the kinds whose weights
/// its computation read (bit i: kind i is a draw listed at some state below), as the bits of an `f64`.
#[derive(Clone, Copy)]
struct Slot {
    /// The block's offset (of its bit set) in its arena, or [`NONE`].
    at: u32,
    /// The discard of the row it was computed for ([`NO_DISCARD`]: none).
    row: u8,
}

const EMPTY: Slot = Slot {
    at: NONE,
    row: NO_DISCARD,
};

/// Bit `kind`, none for [`NO_DISCARD`].
fn kind_bit(kind: u8) -> u64 {
    if kind == NO_DISCARD {
        0
    } else {
        1 << kind
    }
}

/// The largest arena kept between calls: 32 MiB of `f64`.
const SPARE_ARENA_MAX: usize = 4 << 20;

type Spare = (Vec<Slot>, Vec<Slot>, Vec<f64>, Vec<f64>);

/// The shared arena's size from which new blocks stay private (to their row): 32 MiB of `f64`. The hands
/// whose rows' blocks exceed it (3-shanten and more) lose more to fresh pages than they gain from sharing.
const SHARED_MAX: usize = 4 << 20;

/// The offset bit of a block in the row's private arena.
const PRIVATE: usize = 1 << 31;

thread_local! {
    static SPARE: Cell<Option<Spare>> = const { Cell::new(None) };
}

pub(super) struct Values {
    draws: usize,
    /// The quantities computed a block: win and ready, and the value under a ruleset ([`VALUE`]).
    quantities: usize,
    wall: u32,
    /// The row's tiles seen at the start, its own discard included.
    seen: Counts,
    /// The row's discard (its kind), or [`NO_DISCARD`].
    row: u8,
    /// `state id · (draws + 1) + j` → the block of `V(state, j; ·)`.
    state_slots: Vec<Slot>,
    /// The same for `U(after-draw hand, j; ·)`.
    after_slots: Vec<Slot>,
    /// The blocks that later rows may reuse (they do not read this row's discard).
    shared: Vec<f64>,
    /// The blocks that read the row's discard: no other row can use them, so they go when the row ends (the
    /// calls' memory stays that of the shared blocks and one row's own).
    private: Vec<f64>,
    /// A block being computed, before it is stored in its arena.
    scratch: Vec<f64>,
}

impl Values {
    /// The values of a call, in the memory a previous call on this thread left ([`Values::finish`]): a call's
    /// arena grows to megabytes, and fresh pages (their faults, the copies as a vector doubles) cost a fifth
    /// of a 2-shanten hand's time.
    pub fn new(draws: usize, wall: u32, values_differ: bool) -> Self {
        let (mut state_slots, mut after_slots, mut shared, mut private) =
            SPARE.take().unwrap_or_default();
        state_slots.clear();
        after_slots.clear();
        shared.clear();
        private.clear();
        Values {
            draws,
            quantities: if values_differ { 3 } else { 2 },
            wall,
            seen: [0; NUM_KINDS],
            row: NO_DISCARD,
            state_slots,
            after_slots,
            shared,
            private,
            scratch: Vec::new(),
        }
    }

    /// Hand the memory back for the thread's next call, unless it is large (a 3-shanten hand's hundreds of
    /// megabytes are not worth holding between calls).
    pub fn finish(self) {
        if self.shared.capacity() + self.private.capacity() <= SPARE_ARENA_MAX {
            SPARE.set(Some((
                self.state_slots,
                self.after_slots,
                self.shared,
                self.private,
            )));
        }
    }

    /// Take the row of discard `row` ([`NO_DISCARD`]: a 3n+1 hand), whose tiles seen are `seen`. The blocks of
    /// earlier rows stay, for those that do not read this row's weights.
    pub fn start_row(&mut self, seen: Counts, row: u8) {
        self.seen = seen;
        self.row = row;
        self.private.clear();
    }

    /// The block in `slot` holds for this row: computed for it, or reading neither its discard's weight nor
    /// that of the row it was computed for (the only two kinds whose weights differ between the rows).
    ///
    /// The block's offset and the kinds it read, when it holds.
    fn holds(&self, slot: Slot) -> Option<(usize, u64)> {
        let at = slot.at as usize;
        // A private block of another row is gone (its arena was emptied).
        if slot.at == NONE || slot.row != self.row && at & PRIVATE != 0 {
            return None;
        }
        let reads = self.arena_of(at)[0].to_bits();
        (slot.row == self.row || reads & (kind_bit(slot.row) | kind_bit(self.row)) == 0)
            .then_some((at, reads))
    }

    fn width(&self) -> usize {
        self.draws + 1
    }

    /// The entries per quantity of a block at draw `j`: k = j..=draws.
    fn len_at(&self, j: usize) -> usize {
        self.draws + 1 - j
    }

    /// Quantity `q`'s vector over k = 0..=draws of a block at draw 0 (a row's answer); [`VALUE`] is
    /// [`WIN`]'s when every win is worth 1.
    pub fn curve(&self, at: usize, q: usize) -> &[f64] {
        let q = if q >= self.quantities { WIN } else { q };
        let len = self.len_at(0);
        &self.block(at)[q * len..(q + 1) * len]
    }

    /// The arena from the block at `at` on, its bit set first.
    fn arena_of(&self, at: usize) -> &[f64] {
        if at & PRIVATE != 0 {
            &self.private[at & !PRIVATE..]
        } else {
            &self.shared[at..]
        }
    }

    /// The numbers of the block at `at` (and what follows them).
    fn block(&self, at: usize) -> &[f64] {
        &self.arena_of(at)[1..]
    }

    /// A zeroed scratch block for draw `j` (hand it back through [`Values::store`]).
    fn new_block(&mut self, j: usize) -> Vec<f64> {
        let mut block = std::mem::take(&mut self.scratch);
        block.clear();
        block.resize(self.quantities * self.len_at(j), 0.0);
        block
    }

    /// Store a computed block, in the private arena if it read the row's discard (or the shared arena is
    /// full); its offset.
    fn store(&mut self, block: Vec<f64>, reads: u64) -> usize {
        let at = if reads & kind_bit(self.row) != 0 || self.shared.len() >= SHARED_MAX {
            let at = self.private.len();
            self.private.push(f64::from_bits(reads));
            self.private.extend_from_slice(&block);
            at | PRIVATE
        } else {
            let at = self.shared.len();
            self.shared.push(f64::from_bits(reads));
            self.shared.extend_from_slice(&block);
            at
        };
        self.scratch = block;
        at
    }

    /// The slot of (`id`, `j`) in `slots`, grown to reach it.
    fn slot(slots: &mut Vec<Slot>, id: u32, j: usize, width: usize) -> usize {
        let slot = id as usize * width + j;
        if slot >= slots.len() {
            slots.resize((slot + 1).max(2 * slots.len()), EMPTY);
        }
        slot
    }

    /// `V(state, j; ·)`: the offset of its block and the kinds whose weights it read.
    pub fn value(&mut self, graph: &mut Graph, state: u32, j: usize) -> Result<(usize, u64)> {
        let width = self.width();
        let slot = Self::slot(&mut self.state_slots, state, j, width);
        let found = self.state_slots[slot];
        if let Some(held) = self.holds(found) {
            return Ok(held);
        }

        let mut reads = 0u64;
        let shanten = graph.states[state as usize].shanten;
        // A state `shanten` useful draws from ready with fewer draws left stays at 0 (but its ready entry).
        let expand = j < self.draws && shanten as usize <= self.draws - j;
        // Per explored draw: its probability and the block of the hand after it (NONE: a win).
        let mut draws = [(0.0f64, NONE); NUM_KINDS];
        let mut explored = 0;
        let mut stay_at = 0;
        let mut moved = 0.0;
        // Σ p · (the win's value) over the winning draws of a ready state, in kind order.
        let mut won = 0.0;
        if expand {
            let stayed;
            (stay_at, stayed) = self.value(graph, state, j + 1)?;
            reads |= stayed;
            let denominator = self.wall - j as u32;
            let children = graph.children(state)?;
            let seen = self.seen;
            let weight = |held: u8, kind: u8| {
                (COPIES as u32).saturating_sub(held as u32 + seen[kind as usize] as u32)
            };
            let copies: u32 = graph.children[children.start as usize..children.end as usize]
                .iter()
                .map(|c| weight(c.held, c.kind))
                .sum();
            if copies > denominator {
                return Err(EngineError::argument(format!(
                    "wall {} is too small: at draw {j} the hand has {copies} useful copies to draw but only \
                     {denominator} tiles are left",
                    self.wall
                )));
            }
            for c in children {
                let child = graph.children[c as usize];
                reads |= 1 << child.kind;
                let w = weight(child.held, child.kind);
                if w == 0 {
                    continue;
                }
                let p = w as f64 / denominator as f64;
                moved += p;
                let block = if child.after == COMPLETE {
                    won += p * child.value;
                    NONE
                } else {
                    let (at, read) = self.after_draw(graph, child.after, j + 1)?;
                    reads |= read;
                    at as u32
                };
                draws[explored] = (p, block);
                explored += 1;
            }
        }
        let mut mine = self.new_block(j);
        let len = self.len_at(j);
        mine[READY * len] = if shanten == 0 { 1.0 } else { 0.0 };
        if expand {
            let stay = 1.0 - moved;
            // Blocks at draw j + 1 (the stay, the hands after a draw) hold k = j + 1..=draws: `len − 1` each.
            let next = len - 1;
            for q in 0..self.quantities {
                let out = &mut mine[q * len + 1..(q + 1) * len];
                let stayed = &self.block(stay_at)[q * next..(q + 1) * next];
                if shanten == 0 {
                    // Every explored draw wins: Σ p · 1, summed in kind order, is `moved` itself; Σ p · value
                    // is `won`.
                    let gained = if q == VALUE { won } else { moved };
                    for (o, &s) in out.iter_mut().zip(stayed) {
                        *o = gained + stay * s;
                    }
                    continue;
                }
                // The first entries (k = j + 1..) that cannot be reached are 0 in every term.
                let zeros = if q == READY {
                    shanten as usize - 1
                } else {
                    shanten as usize
                };
                let out = &mut out[zeros..];
                for &(p, block) in &draws[..explored] {
                    let after = &self.block(block as usize)[q * next + zeros..(q + 1) * next];
                    for (o, &u) in out.iter_mut().zip(after) {
                        *o += p * u;
                    }
                }
                for (o, &s) in out.iter_mut().zip(&stayed[zeros..]) {
                    *o += stay * s;
                }
            }
        }
        let at = self.store(mine, reads);
        self.state_slots[slot] = Slot {
            at: at as u32,
            row: self.row,
        };
        Ok((at, reads))
    }

    /// `U(after, j; ·)` of an incomplete hand after a draw: the best kept discard, per quantity and per `k`.
    fn after_draw(&mut self, graph: &mut Graph, after: u32, j: usize) -> Result<(usize, u64)> {
        let width = self.width();
        let slot = Self::slot(&mut self.after_slots, after, j, width);
        let found = self.after_slots[slot];
        if let Some(held) = self.holds(found) {
            return Ok(held);
        }
        let kept = graph.afters[after as usize].kept.clone();
        let mut blocks = [0u32; NUM_KINDS];
        let mut count = 0;
        let mut reads = 0u64;
        for k in kept {
            let state = graph.kept[k as usize];
            let (at, read) = self.value(graph, state, j)?;
            blocks[count] = at as u32;
            reads |= read;
            count += 1;
        }
        let mut mine = self.new_block(j);
        let len = self.len_at(j);
        for q in 0..self.quantities {
            let out = &mut mine[q * len..(q + 1) * len];
            out.fill(f64::NEG_INFINITY);
            for &block in &blocks[..count] {
                let kept = &self.block(block as usize)[q * len..(q + 1) * len];
                for (o, &v) in out.iter_mut().zip(kept) {
                    *o = o.max(v);
                }
            }
        }
        let at = self.store(mine, reads);
        self.after_slots[slot] = Slot {
            at: at as u32,
            row: self.row,
        };
        Ok((at, reads))
    }
}
