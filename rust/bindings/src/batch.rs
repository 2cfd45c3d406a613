//! Batch inputs: C-contiguous uint8 arrays of shape (N, 34), one hand's concealed counts per row.
//!
//! Every batch call follows the same three steps, block by block: the block's rows are copied into owned memory
//! (so no Python thread can change them once the GIL is released), validated (the first bad row is named), and
//! worked on all cores without the GIL; Python's signals are checked between blocks, so Ctrl-C stops a huge
//! batch at once. Working block by block keeps a block's copy in cache and memory bounded. [`map_batch`]'s copy
//! is an encoding of each row made in the same read as the validation; [`build_in_blocks`] copies each row
//! with its per-row arguments (the scorers).

use mjcore_engine::hand::{HandShape, MeldSlot, MAX_SETS};
use mjcore_engine::row_code::{encode_rows, Purpose, RowCode};
use mjcore_engine::tile::COPIES;
use mjcore_engine::{Counts, FormOptions, Tile, NUM_KINDS};
use numpy::ndarray::ArrayView3;
use numpy::{PyArrayDyn, PyArrayMethods, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::ops::Range;

use crate::errors::{argument, bad_hand, wrong_type, IntoPyResult};

/// Rows per rayon task: large enough that scheduling costs nothing next to the work on the rows.
const ROWS_PER_TASK: usize = 8192;

/// Rows per block of [`map_batch`]: 1.25 MiB of codes, which stay in cache between the encoding and the work.
const BLOCK_ROWS: usize = 1 << 16;

/// The array as a read-only C-contiguous (N, 34) uint8 array, or a TypeError (not a uint8 array) or an
/// InvalidArgumentError (wrong shape or layout).
fn checked_array<'py>(arr: &Bound<'py, PyAny>) -> PyResult<PyReadonlyArrayDyn<'py, u8>> {
    let arr = arr.cast::<PyArrayDyn<u8>>().map_err(|_| {
        wrong_type("batch input must be a numpy array of dtype uint8 and shape (N, 34)")
    })?;
    let shape = arr.shape();
    if shape.len() != 2 || shape[1] != NUM_KINDS {
        return Err(argument(format!(
            "batch input must have shape (N, 34), not {shape:?}"
        )));
    }
    // `as_slice` also accepts Fortran order, whose rows are not contiguous: check C order explicitly.
    if !arr.is_c_contiguous() {
        return Err(not_c_order());
    }
    Ok(arr.readonly())
}

fn not_c_order() -> PyErr {
    argument("batch input must be a C-contiguous array (use numpy.ascontiguousarray)")
}

/// The counts of a checked array, borrowed from its buffer (a multiple of 34 bytes, by the shape check).
fn bytes_of<'a>(array: &'a PyReadonlyArrayDyn<'_, u8>) -> PyResult<&'a [u8]> {
    array.as_slice().map_err(|_| not_c_order())
}

/// Bytes as rows of 34 counts, without copying (`[u8; 34]` has the layout of 34 bytes; the length is a multiple
/// of 34 by the shape check).
fn as_rows(bytes: &[u8]) -> &[Counts] {
    bytemuck::cast_slice(bytes)
}

/// The whole batch pipeline for a per-row computation, block by block. With the GIL held, rayon workers read
/// each row once into its [`RowCode`] (suit keys, size, mask-decided forms: see `mjcore_engine::row_code`),
/// the owned copy the rest works from; they read plain bytes and never touch Python, and no Python thread can
/// change the rows meanwhile. `purpose` is what `fill` needs of the codes. Every code is checked (counts 0..4,
/// a size `rule` allows, and `extra`, a per-call check returning the problem), and the first bad row is named.
/// Then `fill(codes, results)` runs on all cores without the GIL. One result per row; on a bad row no result
/// is returned.
pub fn map_batch<T, F>(
    arr: &Bound<'_, PyAny>,
    rule: SizeRule,
    opts: FormOptions,
    purpose: Purpose,
    extra: impl Fn(&RowCode) -> Option<String> + Sync,
    fill: F,
) -> PyResult<Vec<T>>
where
    T: Send + Default + Clone,
    F: Fn(&[RowCode], &mut [T]) + Sync,
{
    let encode = |rows: &[Counts], codes: &mut [RowCode]| encode_rows(rows, codes, opts, purpose);
    map_encoded_batch(arr, rule, encode, extra, fill)
}

/// [`map_batch`] with the rows encoded by `encode` (rows into codes, one each), e.g. as ghost rows.
pub fn map_encoded_batch<T, F>(
    arr: &Bound<'_, PyAny>,
    rule: SizeRule,
    encode: impl Fn(&[Counts], &mut [RowCode]) + Sync,
    extra: impl Fn(&RowCode) -> Option<String> + Sync,
    fill: F,
) -> PyResult<Vec<T>>
where
    T: Send + Default + Clone,
    F: Fn(&[RowCode], &mut [T]) + Sync,
{
    let py = arr.py();
    let array = checked_array(arr)?;
    let rows = as_rows(bytes_of(&array)?);
    let mut out = vec![T::default(); rows.len()];
    let mut codes = vec![RowCode::default(); rows.len().min(BLOCK_ROWS)];
    // With one thread in the pool, handing each pass to it only adds wake-ups (and its spinning while it
    // waits for more work): the calling thread runs the passes itself.
    let serial = rayon::current_num_threads() == 1;
    for (number, (block, results)) in rows
        .chunks(BLOCK_ROWS)
        .zip(out.chunks_mut(BLOCK_ROWS))
        .enumerate()
    {
        // Ctrl-C between blocks: a huge batch stops within a block's work (milliseconds).
        py.check_signals()?;
        let codes = &mut codes[..block.len()];
        let encode_task = |(task, (codes, rows)): (usize, (&mut [RowCode], &[Counts]))| {
            encode(rows, codes);
            let bad = codes.iter().position(|code| {
                !code.size().is_some_and(|size| rule.accepts(size.into())) || extra(code).is_some()
            })?;
            Some(task * ROWS_PER_TASK + bad)
        };
        // The smallest bad index over the tasks is the block's first bad row.
        let refused = if serial {
            let tasks = codes
                .chunks_mut(ROWS_PER_TASK)
                .zip(block.chunks(ROWS_PER_TASK));
            tasks.enumerate().filter_map(encode_task).min()
        } else {
            let tasks = codes
                .par_chunks_mut(ROWS_PER_TASK)
                .zip(block.par_chunks(ROWS_PER_TASK));
            tasks.enumerate().filter_map(encode_task).min()
        };
        if let Some(bad) = refused {
            let problem = extra(&codes[bad]);
            return Err(row_error(
                number * BLOCK_ROWS + bad,
                &block[bad],
                rule,
                problem,
            ));
        }
        let codes = &*codes;
        py.detach(|| {
            if serial {
                fill(codes, results)
            } else {
                results
                    .par_chunks_mut(ROWS_PER_TASK)
                    .zip(codes.par_chunks(ROWS_PER_TASK))
                    .for_each(|(out, codes)| fill(codes, out))
            }
        });
    }
    Ok(out)
}

/// A batch whose per-row inputs are built from the caller's arrays block by block: for each block of row
/// indices, with the GIL held and Python's signals checked first (so Ctrl-C stops a huge batch within a block's
/// work), `build(rows, block)` checks the block's rows and appends their inputs to `block` (owned copies made
/// from the borrowed arrays: no Python thread runs meanwhile); then `work(block, first row of the block)` runs
/// on all cores without the GIL. The results are in row order. Nothing is built, copied or validated for the
/// whole batch up front, so memory stays one block above the results and Ctrl-C is seen at once.
pub fn build_in_blocks<R: Sync, T: Send>(
    py: Python<'_>,
    rows: usize,
    build: impl Fn(Range<usize>, &mut Vec<R>) -> PyResult<()>,
    work: impl Fn(&[R], usize) -> mjcore_engine::Result<Vec<T>> + Sync,
) -> PyResult<Vec<T>> {
    let mut out = Vec::with_capacity(rows);
    for_each_block(py, rows, build, work, |results| out.extend(results))?;
    Ok(out)
}

/// [`build_in_blocks`] handing each block's results to `take` in row order, for a caller that stores them in
/// its own form (several arrays, say) rather than one vector of results.
pub fn for_each_block<R: Sync, T: Send>(
    py: Python<'_>,
    rows: usize,
    build: impl Fn(Range<usize>, &mut Vec<R>) -> PyResult<()>,
    work: impl Fn(&[R], usize) -> mjcore_engine::Result<Vec<T>> + Sync,
    mut take: impl FnMut(Vec<T>),
) -> PyResult<()> {
    let mut block = Vec::with_capacity(rows.min(BLOCK_ROWS));
    for first in (0..rows).step_by(BLOCK_ROWS) {
        py.check_signals()?;
        block.clear();
        build(first..rows.min(first + BLOCK_ROWS), &mut block)?;
        take(py.detach(|| work(&block, first)).py_err()?);
    }
    Ok(())
}

/// The caller's (N, 34) uint8 array, type and layout checked, for [`rows_of`] to borrow its rows.
pub fn borrowed_rows<'py>(arr: &Bound<'py, PyAny>) -> PyResult<PyReadonlyArrayDyn<'py, u8>> {
    let array = checked_array(arr)?;
    bytes_of(&array)?;
    Ok(array)
}

/// The rows of an array from [`borrowed_rows`], without copying.
pub fn rows_of<'a>(array: &'a PyReadonlyArrayDyn<'_, u8>) -> &'a [Counts] {
    as_rows(bytes_of(array).unwrap_or_default())
}

/// What a batch function accepts as a row size.
#[derive(Clone, Copy)]
pub enum SizeRule {
    /// 3n+1 or 3n+2 tiles, n ≤ 5 (shanten, waits).
    AnyHand,
    /// 3n+2 tiles, n ≤ 5 (win detection, scoring).
    Complete,
}

impl SizeRule {
    fn accepts(self, size: u64) -> bool {
        let hand = size % 3 != 0 && size / 3 <= MAX_SETS as u64;
        match self {
            SizeRule::AnyHand => hand,
            SizeRule::Complete => hand && size % 3 == 2,
        }
    }
}

/// Validates a block of rows without the GIL: counts 0..4, a size allowed by `rule`, and `extra` (a per-call
/// check returning the problem). The error names the first bad row by its index in the whole batch, whose
/// row `first_row` is the block's first.
pub fn validate_block(
    py: Python<'_>,
    rows: &[Counts],
    first_row: usize,
    rule: SizeRule,
    extra: impl Fn(&Counts) -> Option<String> + Sync,
) -> PyResult<()> {
    match py.detach(|| first_refused_row(rows, |row| accepts(row, rule, &extra))) {
        None => Ok(()),
        Some(bad) => Err(row_error(
            first_row + bad,
            &rows[bad],
            rule,
            extra(&rows[bad]),
        )),
    }
}

fn accepts(row: &Counts, rule: SizeRule, extra: &impl Fn(&Counts) -> Option<String>) -> bool {
    row_size(row).is_some_and(|size| rule.accepts(size)) && extra(row).is_none()
}

/// The error for bad row `index`, naming its first problem: a count, the size, or `extra_problem`.
fn row_error(index: usize, row: &Counts, rule: SizeRule, extra_problem: Option<String>) -> PyErr {
    let problem = count_problem(row)
        .or_else(|| size_problem(row, rule))
        .or(extra_problem)
        .unwrap_or_default();
    bad_hand(format!("row {index}: {problem}"))
}

/// The index of the first row that `accepts` refuses, searched in parallel chunks.
fn first_refused_row(rows: &[Counts], accepts: impl Fn(&Counts) -> bool + Sync) -> Option<usize> {
    let chunk = rows
        .par_chunks(ROWS_PER_TASK)
        .position_first(|chunk| !chunk.iter().all(&accepts))?;
    let start = chunk * ROWS_PER_TASK;
    rows[start..]
        .iter()
        .position(|row| !accepts(row))
        .map(|offset| start + offset)
}

/// The number of tiles in a row whose counts are all 0..4, or None. Reads the row eight counts at a time.
pub fn row_size(row: &Counts) -> Option<u64> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const WORD_KINDS: usize = 32;
    let words: [u64; 4] =
        std::array::from_fn(|w| u64::from_le_bytes(std::array::from_fn(|b| row[8 * w + b])));
    let tail = [row[WORD_KINDS], row[WORD_KINDS + 1]];
    // A byte above 4 gets its top bit from adding 123, or already has it (the classic "has a byte greater
    // than n" test; a carry it causes only flags a row that is bad anyway).
    let too_many = words.iter().fold(0, |acc, &w| {
        acc | ((w.wrapping_add(ONES * (127 - u64::from(COPIES))) | w) & (ONES << 7))
    });
    if too_many != 0 || tail.iter().any(|&c| c > COPIES) {
        return None;
    }
    // With every byte at most 4, multiplying by 0x0101… sums a word's bytes into its top byte.
    let words_size: u64 = words.iter().map(|&w| w.wrapping_mul(ONES) >> 56).sum();
    Some(words_size + tail.iter().map(|&c| u64::from(c)).sum::<u64>())
}

/// The problem of a row with a count above 4, naming the tile and column.
fn count_problem(row: &Counts) -> Option<String> {
    let kind = row.iter().position(|&c| c > COPIES)?;
    let name = Tile::new(kind as u8).map(|t| t.mpsz()).unwrap_or_default();
    Some(format!(
        "count of {name} (column {kind}) is {}: must be 0..4",
        row[kind]
    ))
}

/// Why a row of valid counts has a size `rule` refuses, if it does.
fn size_problem(row: &Counts, rule: SizeRule) -> Option<String> {
    let size: usize = row.iter().map(|&c| c as usize).sum();
    match (HandShape::of_size(size), rule) {
        (Err(e), _) => Some(e.to_string()),
        (Ok(HandShape::Waiting { .. }), SizeRule::Complete) => Some(format!(
            "{size} tiles is a 3n+1 (waiting) hand: a win needs 3n+2 tiles"
        )),
        (Ok(_), _) => None,
    }
}

/// The rows of a scoring batch, block by block: each a hand before its winning tile (3n + 1 tiles), checked as
/// [`validate_block`] checks them (a bad row named by its index in the whole batch).
pub fn validate_waiting_block(
    py: Python<'_>,
    hands: &[Counts],
    block: &Range<usize>,
) -> PyResult<()> {
    validate_block(
        py,
        &hands[block.clone()],
        block.start,
        SizeRule::AnyHand,
        waiting_problem,
    )
}

/// Scoring takes the hand before its winning tile: 3n+1 tiles.
fn waiting_problem(row: &Counts) -> Option<String> {
    let size: u32 = row.iter().map(|&c| c as u32).sum();
    (size % 3 != 1).then(|| {
        format!("{size} tiles: scoring takes the hand without its winning tile (3n+1 tiles)")
    })
}

/// Row `row`'s meld slots from a batch's (N, M, 2 or more) melds array: slot m is (kind code + 1, lowest
/// tile), kind 0 for an empty slot; the slots past M are empty.
pub fn meld_slots<const SLOTS: usize>(melds: &ArrayView3<'_, u8>, row: usize) -> [MeldSlot; SLOTS] {
    let declared = melds.shape()[1];
    std::array::from_fn(|m| {
        if m < declared {
            MeldSlot {
                kind: melds[[row, m, 0]],
                tile: melds[[row, m, 1]],
            }
        } else {
            MeldSlot::default()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_size_agrees_with_a_plain_sum() {
        let mut row = [0u8; NUM_KINDS];
        for (i, slot) in row.iter_mut().enumerate() {
            *slot = (i * 7 % 5) as u8;
        }
        assert_eq!(row_size(&row), Some(row.iter().map(|&c| c as u64).sum()));
        row[20] = 5;
        assert_eq!(row_size(&row), None);
        row[20] = 0;
        row[33] = 9;
        assert_eq!(row_size(&row), None);
    }
}
