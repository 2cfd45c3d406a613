//! A batch row read once. Batch calls copy each input row into owned memory before releasing the GIL; the
//! copy is this code instead of the 34 counts: the four suit keys (a lossless encoding of counts 0..4, and the
//! index of every per-suit table), the tile count, and the fewest missing tiles of the forms decided by the
//! kind masks alone (seven pairs, thirteen orphans, 全不靠). All of it comes from one read of the row while it
//! is in registers, so the table work later needs only this code.

use crate::forms::{FormOptions, FormSet};
use crate::shanten::kernels::{dispatch, KernelTask, Kernels};
use crate::shanten::{mask_forms_missing, SPECIAL_SIZES};
use crate::suit_key::{counts_of_key, SuitKeys};
use crate::tile::{Counts, Suit, NUM_KINDS};

/// See the module documentation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct RowCode {
    /// Base-5 keys of man, pin, sou and the honours (see [`crate::suit_key`]).
    pub keys: SuitKeys,
    /// Number of tiles, or [`RowCode::BAD_COUNTS`].
    size: u8,
    /// Fewest missing tiles over the selected mask-decided forms; `u8::MAX` when none is selected or the row
    /// is not 13 or 14 tiles.
    mask_forms_missing: u8,
}

impl RowCode {
    /// The size of a row with a count above four (a valid row holds at most 136 tiles).
    const BAD_COUNTS: u8 = u8::MAX;

    /// The code of one row under `opts` (which decides the mask-decided forms it scores).
    #[inline(always)]
    pub(crate) fn encode<K: Kernels>(kernels: K, counts: &Counts, opts: FormOptions) -> RowCode {
        let (keys, size) = kernels.keys_and_size(counts);
        let whole_hand = size.is_some_and(|s| SPECIAL_SIZES.contains(&usize::from(s)));
        let mask_forms = opts.forms.0 & !FormSet::STANDARD.0 != 0;
        RowCode {
            keys,
            size: size.unwrap_or(RowCode::BAD_COUNTS),
            mask_forms_missing: if whole_hand && mask_forms {
                mask_forms_missing(kernels, counts, opts)
            } else {
                u8::MAX
            },
        }
    }

    /// The number of tiles; None when a count is above four (the rest of the code is then meaningless).
    pub fn size(&self) -> Option<u8> {
        (self.size != RowCode::BAD_COUNTS).then_some(self.size)
    }

    /// The raw tile count, [`RowCode::BAD_COUNTS`] included, for kernels that must not branch on validity.
    #[inline(always)]
    pub(crate) fn raw_size(&self) -> usize {
        usize::from(self.size)
    }

    #[inline(always)]
    pub(crate) fn mask_forms_missing(&self) -> u8 {
        self.mask_forms_missing
    }

    /// The counts back from the keys (for the forms that need more than the keys and masks).
    pub fn counts(&self) -> Counts {
        let mut counts = [0u8; NUM_KINDS];
        for (suit, &key) in Suit::ALL.iter().zip(&self.keys) {
            let base = suit.base() as usize;
            let len = suit.len() as usize;
            counts[base..base + len].copy_from_slice(&counts_of_key(key as usize, len)[..len]);
        }
        counts
    }
}

/// The code of every row into `codes` (row i into `codes[i]`), with the CPU check made once.
pub fn encode_rows(rows: &[Counts], codes: &mut [RowCode], opts: FormOptions) {
    dispatch(EncodeRows { rows, codes, opts })
}

struct EncodeRows<'a> {
    rows: &'a [Counts],
    codes: &'a mut [RowCode],
    opts: FormOptions,
}

impl KernelTask for EncodeRows<'_> {
    type Output = ();

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        for (code, row) in self.codes.iter_mut().zip(self.rows) {
            *code = RowCode::encode(kernels, row, self.opts);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shanten::kernels::Portable;
    use crate::suit_key::hand_keys;
    use crate::tile::{tile_count, COPIES};

    fn next(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *state >> 33
    }

    /// Rows of every kind: mostly valid hands of every size, some all-four or all-zero rows, some with one
    /// count above four in a random column (the first, the last and the ninth digits included).
    fn rows(count: usize) -> Vec<Counts> {
        let mut state = 7u64;
        (0..count)
            .map(|i| {
                let mut row = [0u8; NUM_KINDS];
                match i % 10 {
                    0 => row = [COPIES; NUM_KINDS],
                    1 => {}
                    _ => {
                        let size = next(&mut state) as usize % 18;
                        while tile_count(&row) < size {
                            let kind = next(&mut state) as usize % NUM_KINDS;
                            row[kind] = (row[kind] + 1).min(COPIES);
                        }
                    }
                }
                if i % 7 == 3 {
                    let column = [0, 8, 17, 26, 33][i % 5];
                    row[column] = 5 + next(&mut state) as u8 % 251;
                }
                row
            })
            .collect()
    }

    #[test]
    fn codes_hold_the_keys_size_and_counts() {
        for row in rows(20_000) {
            let code = RowCode::encode(Portable, &row, FormOptions::default());
            if row.iter().all(|&c| c <= COPIES) {
                assert_eq!(code.size(), Some(tile_count(&row) as u8));
                assert_eq!(code.keys.map(|k| k as usize), hand_keys(&row));
                assert_eq!(code.counts(), row);
            } else {
                assert_eq!(code.size(), None, "{row:?}");
            }
        }
    }

    /// The detected (AVX2) build must encode every row, bad ones included, as the portable one.
    #[test]
    fn detected_build_encodes_as_the_portable_one() {
        let rows = rows(20_000);
        for bits in [1, 7, 15] {
            let opts = FormOptions::with_forms(FormSet(bits));
            let mut codes = vec![RowCode::default(); rows.len()];
            encode_rows(&rows, &mut codes, opts);
            for (row, code) in rows.iter().zip(&codes) {
                let portable = RowCode::encode(Portable, row, opts);
                if portable.size().is_some() {
                    assert_eq!(*code, portable, "{row:?}");
                } else {
                    assert_eq!(code.size(), None, "{row:?}");
                }
            }
        }
    }
}
