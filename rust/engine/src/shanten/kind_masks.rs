//! Bit sets of the kinds a hand holds at least once, twice, three and four times. The special forms are
//! counts over these sets (popcounts), so scoring them costs a few instructions once the sets exist; AVX2 builds
//! the sets with byte compares (see [`super::kernels`]). Seven pairs and thirteen orphans need only the counts
//! of [`PairCounts`], which AVX2 sums directly.

use crate::tile::{Counts, TERMINALS_AND_HONOURS_MASK};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindMasks {
    /// Bit k set when kind k is held at least once.
    pub held: u64,
    pub pairs: u64,
    pub triples: u64,
    pub quads: u64,
}

impl KindMasks {
    /// The portable construction, and the reference for the AVX2 one.
    #[inline(always)]
    pub fn of_scalar(counts: &Counts) -> KindMasks {
        let mut masks = KindMasks {
            held: 0,
            pairs: 0,
            triples: 0,
            quads: 0,
        };
        for (kind, &held) in counts.iter().enumerate() {
            let bit = 1u64 << kind;
            masks.held |= bit * (held >= 1) as u64;
            masks.pairs |= bit * (held >= 2) as u64;
            masks.triples |= bit * (held >= 3) as u64;
            masks.quads |= bit * (held >= 4) as u64;
        }
        masks
    }

    /// Kinds in `set` (a bit set of kinds) held at least once.
    #[inline(always)]
    pub fn held_in(&self, set: u64) -> u8 {
        (self.held & set).count_ones() as u8
    }
}

/// What seven pairs and thirteen orphans ask of a hand, as counts of kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairCounts {
    /// Pairs held whole: one per kind held twice or more, and with `quads` (four identical tiles are two
    /// pairs) a second one per kind held four times.
    pub pairs: u8,
    /// Pairs held half: kinds held once, and with `quads` also kinds held three times.
    pub halves: u8,
    /// Terminal and honour kinds held.
    pub orphans: u8,
    /// Terminal and honour kinds held twice or more.
    pub orphan_pairs: u8,
}

/// The terminals and honours.
pub const ORPHANS: u64 = TERMINALS_AND_HONOURS_MASK;

impl PairCounts {
    /// The portable construction, and the reference for the AVX2 one.
    #[inline(always)]
    pub fn of_masks(masks: &KindMasks, quads: bool) -> PairCounts {
        let ones = |set: u64| set.count_ones() as u8;
        let (second_pairs, second_halves) = if quads {
            (ones(masks.quads), ones(masks.triples & !masks.quads))
        } else {
            (0, 0)
        };
        PairCounts {
            pairs: ones(masks.pairs) + second_pairs,
            halves: ones(masks.held & !masks.pairs) + second_halves,
            orphans: ones(masks.held & ORPHANS),
            orphan_pairs: ones(masks.pairs & ORPHANS),
        }
    }
}
