//! A batch row read once. Batch calls copy each input row into owned memory before releasing the GIL; the
//! copy is this code instead of the 34 counts: the four suit keys (a lossless encoding of counts 0..4, and the
//! index of every per-suit table), the tile count, and the fewest missing tiles of the forms decided by the
//! kind masks alone (seven pairs, thirteen orphans, 全不靠). All of it comes from one read of the row while it
//! is in registers, so the table work later needs only this code.

use crate::forms::{FormOptions, FormSet};
use crate::shanten::kernels::{dispatch, KernelTask, Kernels};
use crate::shanten::{mask_forms_missing, mask_forms_missing_of_masks, KindMasks, SPECIAL_SIZES};
use crate::suit_key::{counts_of_key, SuitKeys};
use crate::tile::{Counts, KindMask, Suit, COPIES, NUM_KINDS};

/// See the module documentation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct RowCode {
    /// Base-5 keys of man, pin, sou and the honours (see [`crate::suit_key`]).
    pub keys: SuitKeys,
    /// Number of tiles, or [`RowCode::BAD_COUNTS`].
    size: u8,
    /// Fewest missing tiles over the selected mask-decided forms, capped at 1 when encoded for
    /// [`Purpose::Win`]; `u8::MAX` when none is selected or the row is not 13 or 14 tiles.
    mask_forms_missing: u8,
    /// Wild tiles beside the counts the keys hold: the ghosts of a row encoded by [`RowCode::encode_ghosts`]
    /// (0 otherwise). `size` counts them.
    wilds: u8,
    /// Whether the tables cannot answer this ghost row: a ghost may be a fifth copy of a kind held four times,
    /// or a knitted form is selected (see [`RowCode::encode_ghosts`]).
    general: bool,
}

/// What a code is for: win detection needs to know only whether a mask-decided form is complete, which is
/// several times cheaper to find than how far it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Shanten,
    Win,
}

impl RowCode {
    /// The size of a row with a count above four (a valid row holds at most 136 tiles).
    const BAD_COUNTS: u8 = u8::MAX;

    /// The code of one row under `opts` (which decides the mask-decided forms it scores) for `purpose`.
    #[inline(always)]
    pub(crate) fn encode<K: Kernels>(
        kernels: K,
        counts: &Counts,
        opts: FormOptions,
        purpose: Purpose,
    ) -> RowCode {
        let (keys, size) = kernels.keys_and_size(counts);
        let whole_hand = size.is_some_and(|s| SPECIAL_SIZES.contains(&usize::from(s)));
        let mask_forms = opts.forms.0 & !FormSet::STANDARD.0 != 0;
        let mask_forms_missing = match purpose {
            _ if !(whole_hand && mask_forms) => u8::MAX,
            Purpose::Shanten => mask_forms_missing(kernels, counts, opts),
            Purpose::Win if size == Some(WHOLE_HAND_TILES) => {
                u8::from(!kernels.mask_forms_complete(counts, opts))
            }
            Purpose::Win => 1,
        };
        RowCode {
            keys,
            size: size.unwrap_or(RowCode::BAD_COUNTS),
            mask_forms_missing,
            wilds: 0,
            general: false,
        }
    }

    /// The code of a row written with its ghosts' faces (推倒胡's 鬼牌), the kinds of `ghosts` wild: the keys
    /// and the mask-decided forms of the natural tiles, the size of the whole row, the ghosts as wilds (for
    /// [`Purpose::Shanten`]: a win is a shanten below 0). The tables answer it — each form's missing tiles
    /// from the naturals, less the ghosts — except where a ghost may be a fifth copy of a kind the naturals
    /// hold four times (copies beyond four help nowhere else: `capped::tests::excess_helps_only_…`) or a
    /// knitted form is selected: those rows are marked `general`.
    #[inline(always)]
    pub(crate) fn encode_ghosts<K: Kernels>(
        kernels: K,
        counts: &Counts,
        ghosts: KindMask,
        opts: FormOptions,
    ) -> RowCode {
        // The whole row's keys and size (which check every count), then each ghost's digit taken out of its
        // suit's key: the row is read in place, never rewritten.
        let (mut keys, size) = kernels.keys_and_size(counts);
        let mut wilds = 0u8;
        let mut mask = ghosts;
        while mask != 0 {
            let kind = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let copies = counts[kind].min(COPIES);
            wilds += copies;
            // Wrapping: a row with a count above four has meaningless keys (its size says so).
            keys[kind / 9] = keys[kind / 9].wrapping_sub(u32::from(copies) * DIGIT_WEIGHT[kind]);
        }
        let whole_hand = size.is_some_and(|s| SPECIAL_SIZES.contains(&usize::from(s)));
        let mask_forms = whole_hand && opts.forms.0 & !FormSet::STANDARD.0 != 0;
        let mut mask_forms_missing = u8::MAX;
        let mut general = false;
        if wilds == 0 {
            // No ghost in this row: its mask-decided forms as a plain row's.
            if mask_forms {
                mask_forms_missing = crate::shanten::mask_forms_missing(kernels, counts, opts);
            }
        } else {
            let all = kernels.kind_masks(counts);
            let naturals = KindMasks {
                held: all.held & !ghosts,
                pairs: all.pairs & !ghosts,
                triples: all.triples & !ghosts,
                quads: all.quads & !ghosts,
            };
            if mask_forms {
                mask_forms_missing = mask_forms_missing_of_masks(&naturals, opts);
            }
            general = opts.forms.contains(FormSet::KNITTED)
                || (opts.wild_fifth_copy && naturals.quads != 0);
        }
        RowCode {
            keys,
            size: size.unwrap_or(RowCode::BAD_COUNTS),
            mask_forms_missing,
            wilds,
            general,
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

    /// The ghosts of a row encoded by [`RowCode::encode_ghosts`] (0 for any other).
    pub fn wilds(&self) -> u8 {
        self.wilds
    }

    /// Whether a ghost row takes the general analysis (see [`RowCode::encode_ghosts`]).
    #[inline(always)]
    pub(crate) fn general(&self) -> bool {
        self.general
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

/// The ghost code ([`RowCode::encode_ghosts`]) of every row into `codes`, with the CPU check made once.
pub fn encode_ghost_rows(
    rows: &[Counts],
    ghosts: KindMask,
    codes: &mut [RowCode],
    opts: FormOptions,
) {
    dispatch(EncodeGhostRows {
        rows,
        ghosts,
        codes,
        opts,
    })
}

struct EncodeGhostRows<'a> {
    rows: &'a [Counts],
    ghosts: KindMask,
    codes: &'a mut [RowCode],
    opts: FormOptions,
}

impl KernelTask for EncodeGhostRows<'_> {
    type Output = ();

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        for (code, row) in self.codes.iter_mut().zip(self.rows) {
            *code = RowCode::encode_ghosts(kernels, row, self.ghosts, self.opts);
        }
    }
}

/// The weight of each kind's digit in its suit's key: 5 to the power of its place in the suit.
const DIGIT_WEIGHT: [u32; NUM_KINDS] = {
    let mut weights = [0u32; NUM_KINDS];
    let mut kind = 0;
    while kind < NUM_KINDS {
        weights[kind] = 5u32.pow((kind % 9) as u32);
        kind += 1;
    }
    weights
};

/// Tiles of a complete whole-hand form.
const WHOLE_HAND_TILES: u8 = 14;

/// The code of every row into `codes` (row i into `codes[i]`), with the CPU check made once.
pub fn encode_rows(rows: &[Counts], codes: &mut [RowCode], opts: FormOptions, purpose: Purpose) {
    dispatch(EncodeRows {
        rows,
        codes,
        opts,
        purpose,
    })
}

struct EncodeRows<'a> {
    rows: &'a [Counts],
    codes: &'a mut [RowCode],
    opts: FormOptions,
    purpose: Purpose,
}

impl KernelTask for EncodeRows<'_> {
    type Output = ();

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        for (code, row) in self.codes.iter_mut().zip(self.rows) {
            *code = RowCode::encode(kernels, row, self.opts, self.purpose);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::shanten::kernels::Portable;
    use crate::suit_key::hand_keys;
    use crate::tile::{tile_count, COPIES};

    /// Rows of every kind: mostly valid hands of every size, some all-four or all-zero rows, some with one
    /// count above four in a random column (the first, the last and the ninth digits included).
    fn rows(count: usize) -> Vec<Counts> {
        let mut rng = Rng::for_stream(7, 0, 0);
        (0..count)
            .map(|i| {
                let mut row = [0u8; NUM_KINDS];
                match i % 10 {
                    0 => row = [COPIES; NUM_KINDS],
                    1 => {}
                    _ => {
                        let size = rng.below(18) as usize;
                        while tile_count(&row) < size {
                            let kind = rng.below(NUM_KINDS as u64) as usize;
                            row[kind] = (row[kind] + 1).min(COPIES);
                        }
                    }
                }
                if i % 7 == 3 {
                    let column = [0, 8, 17, 26, 33][i % 5];
                    row[column] = 5 + rng.below(251) as u8;
                }
                row
            })
            .collect()
    }

    #[test]
    fn codes_hold_the_keys_size_and_counts() {
        for row in rows(20_000) {
            let code = RowCode::encode(Portable, &row, FormOptions::default(), Purpose::Shanten);
            if row.iter().all(|&c| c <= COPIES) {
                assert_eq!(code.size(), Some(tile_count(&row) as u8));
                assert_eq!(code.keys.map(|k| k as usize), hand_keys(&row));
                assert_eq!(code.counts(), row);
            } else {
                assert_eq!(code.size(), None, "{row:?}");
            }
        }
    }

    /// A ghost code holds the naturals' keys and mask-decided forms, the whole row's size and the ghosts as
    /// wilds, on both builds; a row without ghosts encodes as a plain one.
    #[test]
    fn ghost_codes_hold_the_naturals_and_the_ghosts() {
        let ghosts: KindMask = 1 << 31 | 1 << 4;
        let opts = FormOptions::with_forms(FormSet(7)); // no knitted form, which the general analysis takes
        let mut codes = vec![RowCode::default(); 1];
        for row in rows(20_000)
            .into_iter()
            .filter(|row| row.iter().all(|&c| c <= COPIES))
        {
            let code = RowCode::encode_ghosts(Portable, &row, ghosts, opts);
            encode_ghost_rows(std::slice::from_ref(&row), ghosts, &mut codes, opts);
            assert_eq!(codes[0], code, "{row:?}");
            let mut naturals = row;
            naturals[31] = 0;
            naturals[4] = 0;
            let plain = RowCode::encode(Portable, &naturals, opts, Purpose::Shanten);
            assert_eq!(code.keys, plain.keys);
            assert_eq!(code.wilds(), row[31] + row[4]);
            assert_eq!(code.size(), Some(tile_count(&row) as u8));
            if SPECIAL_SIZES.contains(&tile_count(&row)) {
                assert_eq!(
                    code.mask_forms_missing,
                    mask_forms_missing(Portable, &naturals, opts)
                );
            }
            assert_eq!(
                code.general(),
                code.wilds() > 0 && naturals.contains(&COPIES)
            );
            if code.wilds() == 0 {
                let whole = RowCode::encode(Portable, &row, opts, Purpose::Shanten);
                assert_eq!(code, whole, "{row:?}");
            }
        }
    }

    /// The detected (AVX2) build must encode every row, bad ones included, as the portable one, for both
    /// purposes and every option; and a win code must say "complete" exactly when the shanten code does.
    #[test]
    fn detected_build_encodes_as_the_portable_one() {
        let rows = rows(20_000);
        for bits in [1, 2, 4, 6, 7, 8, 15] {
            for quads in [false, true] {
                let opts = FormOptions {
                    seven_pairs_quads: quads,
                    ..FormOptions::with_forms(FormSet(bits))
                };
                for purpose in [Purpose::Shanten, Purpose::Win] {
                    let mut codes = vec![RowCode::default(); rows.len()];
                    encode_rows(&rows, &mut codes, opts, purpose);
                    for (row, code) in rows.iter().zip(&codes) {
                        let portable = RowCode::encode(Portable, row, opts, purpose);
                        if portable.size().is_some() {
                            assert_eq!(*code, portable, "{row:?} {purpose:?}");
                        } else {
                            assert_eq!(code.size(), None, "{row:?}");
                        }
                    }
                }
                for row in rows.iter().filter(|row| tile_count(row) == 14) {
                    let shanten = RowCode::encode(Portable, row, opts, Purpose::Shanten);
                    let win = RowCode::encode(Portable, row, opts, Purpose::Win);
                    assert_eq!(
                        shanten.mask_forms_missing == 0,
                        win.mask_forms_missing == 0,
                        "{row:?}"
                    );
                }
            }
        }
    }

    /// Complete whole-hand forms are rare among random rows: check the win codes on made ones too.
    #[test]
    fn win_codes_find_seven_pairs_and_orphans() {
        let mut pairs = [0u8; NUM_KINDS];
        for kind in [0, 4, 9, 13, 22, 30, 33] {
            pairs[kind] = 2;
        }
        let mut quads = pairs;
        quads[4] = 4;
        quads[13] = 0;
        let mut orphans = [0u8; NUM_KINDS];
        for kind in [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33] {
            orphans[kind] = 1;
        }
        orphans[33] = 2;
        let mut stray = orphans;
        stray[32] = 0;
        stray[1] = 1;
        let cases = [
            (pairs, 2, false, true),
            (quads, 2, false, false),
            (quads, 2, true, true),
            (orphans, 4, false, true),
            (orphans, 2, false, false),
            (stray, 4, false, false),
        ];
        for (row, bits, quads, complete) in cases {
            let opts = FormOptions {
                seven_pairs_quads: quads,
                ..FormOptions::with_forms(FormSet(bits))
            };
            let mut codes = [RowCode::default()];
            encode_rows(&[row], &mut codes, opts, Purpose::Win);
            assert_eq!(codes[0].mask_forms_missing == 0, complete, "{row:?}");
        }
    }
}
