//! Batch inputs: C-contiguous uint8 arrays of shape (N, 34), one hand's concealed counts per row. Rows are
//! copied into owned memory (no Python thread can change them once the GIL is released), checked with
//! word-wide tests, and mapped over on rayon in chunks.

use mjcore_engine::tile::COPIES;
use mjcore_engine::{Counts, Tile, NUM_KINDS};
use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::errors::argument;

/// Rows per rayon task: large enough that scheduling costs nothing next to the work on a row.
const ROWS_PER_TASK: usize = 4096;

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

/// The index of the first row that `accepts` refuses, searched in parallel chunks.
pub fn first_refused_row(
    rows: &[Counts],
    accepts: impl Fn(&Counts) -> bool + Sync,
) -> Option<usize> {
    let chunk = rows
        .par_chunks(ROWS_PER_TASK)
        .position_first(|chunk| !chunk.iter().all(&accepts))?;
    let start = chunk * ROWS_PER_TASK;
    rows[start..]
        .iter()
        .position(|row| !accepts(row))
        .map(|offset| start + offset)
}

/// `f` of every row, on all cores.
pub fn map_rows<T: Copy + Default + Send>(
    rows: &[Counts],
    f: impl Fn(&Counts) -> T + Sync,
) -> Vec<T> {
    let mut out = vec![T::default(); rows.len()];
    out.par_chunks_mut(ROWS_PER_TASK)
        .zip(rows.par_chunks(ROWS_PER_TASK))
        .for_each(|(out, rows)| {
            for (slot, row) in out.iter_mut().zip(rows) {
                *slot = f(row);
            }
        });
    out
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
pub fn count_problem(row: &Counts) -> Option<String> {
    let kind = row.iter().position(|&c| c > COPIES)?;
    let name = Tile::new(kind as u8).map(|t| t.mpsz()).unwrap_or_default();
    Some(format!(
        "count of {name} (column {kind}) is {}: at most 4",
        row[kind]
    ))
}
