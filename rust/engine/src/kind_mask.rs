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

/// The kinds with a nonzero count, eight kinds per word operation: the efficiency bot needs them for every
/// hand it evaluates.
pub(crate) fn kinds_held(counts: &Counts) -> KindMask {
    const LOW_SEVEN: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // Bit 8i moves to bit 56 + i, and no two products share a bit (see the test).
    const GATHER: u64 = 0x0102_0408_1020_4080;
    counts
        .chunks(8)
        .enumerate()
        .fold(0, |mask, (chunk_index, chunk)| {
            let mut bytes = [0u8; 8];
            bytes[..chunk.len()].copy_from_slice(chunk);
            let word = u64::from_le_bytes(bytes);
            // The top bit of each byte: set when the byte is nonzero (the low seven bits cannot carry out).
            let nonzero = (word | ((word & LOW_SEVEN) + LOW_SEVEN)) & !LOW_SEVEN;
            let eight = (nonzero >> 7).wrapping_mul(GATHER) >> 56;
            mask | eight << (8 * chunk_index)
        })
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
    use crate::rng::Rng;

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
        assert_eq!(kinds_held(&counts), held);
        assert_eq!(CHOW_STARTS.count_ones(), 21);
        assert_eq!(CHOW_STARTS & (1 << 7 | 1 << 8 | 1 << 27), 0);
    }

    #[test]
    fn kinds_held_agrees_with_a_pass_over_the_counts() {
        let mut rng = Rng::for_stream(3, 0, 0);
        for _ in 0..10_000 {
            let counts: Counts = std::array::from_fn(|_| {
                let word = rng.next_u64();
                // Mostly zeros and small counts, sometimes any byte (high bits set).
                match word >> 61 {
                    0..=3 => 0,
                    4..=6 => (word >> 40) as u8 % 5,
                    _ => (word >> 40) as u8,
                }
            });
            assert_eq!(
                kinds_held(&counts),
                kinds_where(&counts, |n| n > 0),
                "{counts:?}"
            );
        }
    }
}
