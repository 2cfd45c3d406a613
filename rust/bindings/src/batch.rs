//! Batch inputs: C-contiguous uint8 arrays of shape (N, 34), one hand's concealed counts per row.
//!
//! Every batch call follows the same three steps: the rows are copied into owned memory (so no Python thread
//! can change them once the GIL is released), every row is validated (the first bad row is named), and the
//! work runs in chunks on all cores without the GIL.

use mjcore_engine::hand::{HandShape, MAX_SETS};
use mjcore_engine::tile::COPIES;
use mjcore_engine::{Counts, Tile, NUM_KINDS};
use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::errors::{argument, bad_hand};

/// Rows per rayon task: large enough that scheduling costs nothing next to the work on the rows.
const ROWS_PER_TASK: usize = 8192;

/// The array's rows as owned counts, after checking its type and layout.
pub fn owned_rows(arr: &Bound<'_, PyAny>) -> PyResult<Vec<Counts>> {
    let arr = arr.cast::<PyArrayDyn<u8>>().map_err(|_| {
        PyTypeError::new_err("batch input must be a numpy array of dtype uint8 and shape (N, 34)")
    })?;
    let shape = arr.shape();
    if shape.len() != 2 || shape[1] != NUM_KINDS {
        return Err(argument(format!(
            "batch input must have shape (N, 34), not {shape:?}"
        )));
    }
    // `as_slice` also accepts Fortran order, whose rows are not contiguous: check C order explicitly.
    let not_c_order =
        || argument("batch input must be a C-contiguous array (use numpy.ascontiguousarray)");
    if !arr.is_c_contiguous() {
        return Err(not_c_order());
    }
    let arr = arr.readonly();
    let data = arr.as_slice().map_err(|_| not_c_order())?;
    Ok(data
        .chunks_exact(NUM_KINDS)
        .map(|row| std::array::from_fn(|kind| row[kind]))
        .collect())
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

/// Validates every row without the GIL: counts 0..4, a size allowed by `rule`, and `extra` (a per-call check
/// returning the problem). The error names the first bad row.
pub fn validate_rows(
    py: Python<'_>,
    rows: &[Counts],
    rule: SizeRule,
    extra: impl Fn(&Counts) -> Option<String> + Sync,
) -> PyResult<()> {
    let accepts =
        |row: &Counts| row_size(row).is_some_and(|size| rule.accepts(size)) && extra(row).is_none();
    match py.detach(|| first_refused_row(rows, accepts)) {
        None => Ok(()),
        Some(bad) => {
            let row = &rows[bad];
            let problem = count_problem(row)
                .or_else(|| size_problem(row, rule))
                .or_else(|| extra(row))
                .unwrap_or_default();
            Err(bad_hand(format!("row {bad}: {problem}")))
        }
    }
}

/// Runs `fill(rows, results)` over chunks of rows on all cores without the GIL; one result per row.
pub fn map_chunks<T, F>(py: Python<'_>, rows: &[Counts], fill: F) -> Vec<T>
where
    T: Send + Default + Clone,
    F: Fn(&[Counts], &mut [T]) + Sync,
{
    py.detach(|| {
        let mut out = vec![T::default(); rows.len()];
        out.par_chunks_mut(ROWS_PER_TASK)
            .zip(rows.par_chunks(ROWS_PER_TASK))
            .for_each(|(results, chunk)| fill(chunk, results));
        out
    })
}

/// `f` of every row, on all cores without the GIL.
pub fn map_rows<T, F>(py: Python<'_>, rows: &[Counts], f: F) -> Vec<T>
where
    T: Send + Default + Clone,
    F: Fn(&Counts) -> T + Sync,
{
    map_chunks(py, rows, |chunk, out| {
        for (slot, row) in out.iter_mut().zip(chunk) {
            *slot = f(row);
        }
    })
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
