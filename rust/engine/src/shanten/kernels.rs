//! The vectorisable steps of the hot paths — a row's suit keys and size, the four-suit combine, the kind masks
//! and the whole-hand forms' counts — behind one trait, so that each hot path is compiled once per instruction
//! set with its kernels inlined: [`Portable`] anywhere, [`Avx2`] inside functions compiled for AVX2 (through
//! [`dispatch`]). An `Avx2` value exists only once the CPU is known to have AVX2 and POPCNT, which is what
//! makes its kernels safe to call.

use super::distances::{convolve, hand_distance_scalar, Distances};
use super::kind_masks::{KindMasks, PairCounts};
use super::special::{honours_knitted_missing, mask_forms_missing};
use crate::forms::{FormOptions, FormSet};
use crate::suit_key::{hand_keys_packed, SuitKeys};
use crate::tile::{tile_count, Counts, COPIES};

pub trait Kernels: Copy {
    /// The four suit keys of a row (as [`crate::suit_key::hand_keys`]) and its number of tiles; the size is
    /// None when a count is above four (the keys are then meaningless).
    fn keys_and_size(self, counts: &Counts) -> (SuitKeys, Option<u8>);
    /// See [`hand_distance_scalar`].
    fn hand_distance(self, parts: [&Distances; 4], sets: usize) -> u8;
    /// See [`KindMasks::of_scalar`].
    fn kind_masks(self, counts: &Counts) -> KindMasks;
    /// `[a0 ⊗ b0, a1 ⊗ b1]`, each as [`convolve`] with `SETS` sets.
    fn convolve_two<const SETS: usize>(
        self,
        firsts: [&Distances; 2],
        seconds: [&Distances; 2],
    ) -> [Distances; 2];
    /// See [`PairCounts`]; exact for hands of at most 14 tiles (the AVX2 sums pack several counts per byte).
    fn pair_counts(self, counts: &Counts, quads: bool) -> PairCounts;
    /// Whether a 14-tile hand is complete in one of the selected forms that [`mask_forms_missing`] scores:
    /// that function's answer is zero.
    fn mask_forms_complete(self, counts: &Counts, opts: FormOptions) -> bool;
}

/// Plain Rust, for any CPU.
#[derive(Clone, Copy, Debug)]
pub struct Portable;

impl Kernels for Portable {
    #[inline(always)]
    fn keys_and_size(self, counts: &Counts) -> (SuitKeys, Option<u8>) {
        let keys = hand_keys_packed(counts).map(|key| key as u32);
        let valid = counts.iter().all(|&c| c <= COPIES);
        (keys, valid.then(|| tile_count(counts) as u8))
    }

    #[inline(always)]
    fn hand_distance(self, parts: [&Distances; 4], sets: usize) -> u8 {
        hand_distance_scalar(parts, sets)
    }

    #[inline(always)]
    fn kind_masks(self, counts: &Counts) -> KindMasks {
        KindMasks::of_scalar(counts)
    }

    #[inline(always)]
    fn convolve_two<const SETS: usize>(
        self,
        firsts: [&Distances; 2],
        seconds: [&Distances; 2],
    ) -> [Distances; 2] {
        [
            convolve(firsts[0], seconds[0], SETS),
            convolve(firsts[1], seconds[1], SETS),
        ]
    }

    #[inline(always)]
    fn pair_counts(self, counts: &Counts, quads: bool) -> PairCounts {
        PairCounts::of_masks(&KindMasks::of_scalar(counts), quads)
    }

    #[inline(always)]
    fn mask_forms_complete(self, counts: &Counts, opts: FormOptions) -> bool {
        mask_forms_missing(self, counts, opts) == 0
    }
}

/// AVX2 byte shuffles and compares; a proof that the CPU has them.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub struct Avx2(());

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// The AVX2 kernels if this CPU runs them (the check is cached by the standard library).
    #[inline(always)]
    pub fn detect() -> Option<Avx2> {
        (is_x86_feature_detected!("avx2") && is_x86_feature_detected!("popcnt")).then_some(Avx2(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl Kernels for Avx2 {
    #[inline(always)]
    fn keys_and_size(self, counts: &Counts) -> (SuitKeys, Option<u8>) {
        // SAFETY: an `Avx2` value exists only on a CPU with AVX2.
        unsafe { super::simd::keys_and_size_avx2(counts) }
    }

    #[inline(always)]
    fn hand_distance(self, parts: [&Distances; 4], sets: usize) -> u8 {
        // SAFETY: an `Avx2` value exists only on a CPU with AVX2.
        unsafe { super::simd::hand_distance_avx2(parts, sets) }
    }

    #[inline(always)]
    fn kind_masks(self, counts: &Counts) -> KindMasks {
        // SAFETY: as above.
        unsafe { super::simd::kind_masks_avx2(counts) }
    }

    #[inline(always)]
    fn convolve_two<const SETS: usize>(
        self,
        firsts: [&Distances; 2],
        seconds: [&Distances; 2],
    ) -> [Distances; 2] {
        // SAFETY: as above.
        unsafe { super::simd::convolve_two_avx2::<SETS>(firsts, seconds) }
    }

    #[inline(always)]
    fn pair_counts(self, counts: &Counts, quads: bool) -> PairCounts {
        // SAFETY: as above.
        unsafe { super::simd::pair_counts_avx2(counts, quads) }
    }

    #[inline(always)]
    fn mask_forms_complete(self, counts: &Counts, opts: FormOptions) -> bool {
        let forms = opts.forms;
        // SAFETY: as above.
        let pairs_or_orphans = unsafe {
            super::simd::pairs_or_orphans_complete_avx2(
                counts,
                forms.contains(FormSet::SEVEN_PAIRS),
                forms.contains(FormSet::THIRTEEN_ORPHANS),
                opts.seven_pairs_quads,
            )
        };
        pairs_or_orphans
            || (forms.contains(FormSet::KNITTED)
                && honours_knitted_missing(&self.kind_masks(counts)) == 0)
    }
}

/// Work compiled once per instruction set: `run` (always inlined) is built into [`dispatch`]'s AVX2 function
/// and into its portable path, so the kernels it calls inline in each.
pub trait KernelTask {
    type Output;
    fn run<K: Kernels>(self, kernels: K) -> Self::Output;
}

/// Runs `task` with the best kernels this CPU has (checked once per call, so give it a whole batch).
#[inline]
pub fn dispatch<T: KernelTask>(task: T) -> T::Output {
    #[cfg(target_arch = "x86_64")]
    if let Some(avx2) = Avx2::detect() {
        // SAFETY: the token proves AVX2 and POPCNT.
        return unsafe { run_avx2(task, avx2) };
    }
    task.run(Portable)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn run_avx2<T: KernelTask>(task: T, avx2: Avx2) -> T::Output {
    task.run(avx2)
}

/// [`Kernels::hand_distance`] with the best kernels this CPU has, for the paths that are not batch-hot.
pub fn hand_distance(parts: [&Distances; 4], sets: usize) -> u8 {
    #[cfg(target_arch = "x86_64")]
    if let Some(avx2) = Avx2::detect() {
        // SAFETY: the token proves AVX2 and POPCNT.
        return unsafe { hand_distance_avx2_build(avx2, parts, sets) };
    }
    Portable.hand_distance(parts, sets)
}

/// [`Kernels::kind_masks`] with the best kernels this CPU has.
pub fn kind_masks(counts: &Counts) -> KindMasks {
    #[cfg(target_arch = "x86_64")]
    if let Some(avx2) = Avx2::detect() {
        // SAFETY: the token proves AVX2 and POPCNT.
        return unsafe { kind_masks_avx2_build(avx2, counts) };
    }
    Portable.kind_masks(counts)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn hand_distance_avx2_build(avx2: Avx2, parts: [&Distances; 4], sets: usize) -> u8 {
    avx2.hand_distance(parts, sets)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn kind_masks_avx2_build(avx2: Avx2, counts: &Counts) -> KindMasks {
    avx2.kind_masks(counts)
}
