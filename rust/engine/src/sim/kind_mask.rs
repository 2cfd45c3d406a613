//! Sets of tile kinds as bit masks (bit k = kind k): the table asks "which kinds" on every turn and every
//! discard, and a mask answers with a few word operations instead of a pass over the 34 counts.

pub(crate) use crate::tile::KindMask;
use crate::tile::{can_start_chow, Counts, Tile, NUM_KINDS};

/// The kinds that can lead a chow (1–7 of each suit).
pub(crate) const CHOW_STARTS: KindMask = {
    let mut mask = 0;
    let mut kind = 0;
    while kind < NUM_KINDS as u8 {
        if can_start_chow(kind) {
            mask |= 1 << kind;
        }
        kind += 1;
    }
    mask
};

pub(crate) fn tile_bit(tile: Tile) -> KindMask {
    1 << tile.index()
}

/// The kinds whose count satisfies `keep` (a branch-free pass).
pub(crate) fn kinds_where(counts: &Counts, keep: impl Fn(u8) -> bool) -> KindMask {
    counts
        .iter()
        .enumerate()
        .fold(0, |mask, (kind, &n)| mask | KindMask::from(keep(n)) << kind)
}

/// The kinds of `mask`, in kind order.
pub(crate) fn kinds_of(mut mask: KindMask) -> impl Iterator<Item = Tile> {
    std::iter::from_fn(move || {
        let kind = mask.trailing_zeros();
        mask &= mask.wrapping_sub(1);
        (kind < 64).then_some(kind as u8)
    })
    .filter_map(Tile::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_round_trip_through_kinds() {
        let mut counts = [0u8; NUM_KINDS];
        counts[0] = 1;
        counts[17] = 4;
        counts[33] = 2;
        let held = kinds_where(&counts, |n| n > 0);
        let kinds: Vec<u8> = kinds_of(held).map(Tile::index).collect();
        assert_eq!(kinds, [0, 17, 33]);
        assert_eq!(kinds_where(&counts, |n| n == 4), 1 << 17);
        assert_eq!(CHOW_STARTS.count_ones(), 21);
        assert_eq!(CHOW_STARTS & (1 << 7 | 1 << 8 | 1 << 27), 0);
    }
}
