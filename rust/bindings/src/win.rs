//! Win detection: one hand, or a whole numpy array of plain concealed hands without the GIL.

use mjcore_engine::hand::{HandShape, MAX_SETS};
use mjcore_engine::tile::COPIES;
use mjcore_engine::win::{is_win as is_win_hand, is_win_counts_with};
use mjcore_engine::{Counts, FormOptions, Tile, NUM_KINDS};
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::convert::{form_options, hand_from_parts, MeldTuple};
use crate::errors::{argument, bad_hand, IntoPyResult};

/// Rows per rayon task: large enough that scheduling costs nothing next to the table lookups.
const ROWS_PER_TASK: usize = 4096;

/// Whether a 3n+2 hand is complete in one of `forms` (InvalidHandError for a 3n+1 hand).
#[pyfunction]
pub fn is_win(
    counts: &Bound<'_, PyAny>,
    melds: Vec<MeldTuple>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<bool> {
    let hand = hand_from_parts(counts, melds, wilds, 0)?;
    let opts = form_options(forms, seven_pairs_quads, wild_fifth_copy)?;
    is_win_hand(&hand, opts).py_err()
}

/// `is_win` of every row of a C-contiguous uint8 array of shape (N, 34): validates every row, copies the
/// rows, then computes on all cores without the GIL. Returns a bool array of shape (N,).
#[pyfunction]
pub fn is_win_batch<'py>(
    py: Python<'py>,
    arr: &Bound<'py, PyAny>,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let opts = form_options(forms, seven_pairs_quads, wild_fifth_copy)?;
    let rows = owned_rows(arr)?;
    let wins =
        py.detach(|| first_invalid_row(&rows).map_or_else(|| Ok(batch_wins(&rows, opts)), Err));
    match wins {
        Ok(wins) => Ok(PyArray1::from_vec(py, wins)),
        Err((row, problem)) => Err(bad_hand(format!("row {row}: {problem}"))),
    }
}

/// The array's rows copied into owned memory (so no Python thread can change them while the GIL is
/// released), after checking its layout.
fn owned_rows(arr: &Bound<'_, PyAny>) -> PyResult<Vec<Counts>> {
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
        .map(|row| {
            let mut counts = [0u8; NUM_KINDS];
            counts.copy_from_slice(row);
            counts
        })
        .collect())
}

/// The first row that is not a valid complete-sized hand, with the problem. Rows are scanned in chunks so
/// that the parallel search costs nothing per row.
fn first_invalid_row(rows: &[Counts]) -> Option<(usize, String)> {
    let chunk = rows
        .par_chunks(ROWS_PER_TASK)
        .position_first(|chunk| !chunk.iter().all(is_valid_row))?;
    let start = chunk * ROWS_PER_TASK;
    let offset = rows[start..].iter().position(|row| !is_valid_row(row))?;
    let row = start + offset;
    row_problem(&rows[row]).map(|problem| (row, problem))
}

/// The fast test every row passes through: counts 0..4 and a 3n+2 size of at most 17 tiles. Reads the row
/// eight counts at a time; [`row_problem`] explains a failure.
fn is_valid_row(row: &Counts) -> bool {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    let words: [u64; 4] =
        std::array::from_fn(|w| u64::from_le_bytes(std::array::from_fn(|b| row[8 * w + b])));
    // A byte above 4 gets its top bit from adding 123, or already has it (the classic "has a byte greater
    // than n" test; a carry it causes only flags a row that is bad anyway).
    let too_many = words.iter().fold(0, |acc, &w| {
        acc | ((w.wrapping_add(ONES * (127 - u64::from(COPIES))) | w) & (ONES << 7))
    });
    // With every byte at most 4, multiplying by 0x0101… sums a word's bytes into its top byte.
    let size = words
        .iter()
        .map(|&w| w.wrapping_mul(ONES) >> 56)
        .sum::<u64>()
        + u64::from(row[32])
        + u64::from(row[33]);
    too_many == 0
        && row[32] <= COPIES
        && row[33] <= COPIES
        && size % 3 == 2
        && size <= MAX_COMPLETE_SIZE
}

/// The largest complete-sized hand: five sets and a pair.
const MAX_COMPLETE_SIZE: u64 = 3 * MAX_SETS as u64 + 2;

fn row_problem(row: &Counts) -> Option<String> {
    if let Some(kind) = row.iter().position(|&c| c > COPIES) {
        let name = Tile::new(kind as u8).map(|t| t.mpsz()).unwrap_or_default();
        return Some(format!(
            "count of {name} (column {kind}) is {}: at most 4",
            row[kind]
        ));
    }
    let size: usize = row.iter().map(|&c| c as usize).sum();
    match HandShape::of_size(size) {
        Ok(HandShape::Full { .. }) => None,
        Ok(HandShape::Waiting { .. }) => Some(format!(
            "{size} tiles is a 3n+1 (waiting) hand: a win needs 3n+2 tiles"
        )),
        Err(e) => Some(e.to_string()),
    }
}

fn batch_wins(rows: &[Counts], opts: FormOptions) -> Vec<bool> {
    let mut wins = vec![false; rows.len()];
    wins.par_chunks_mut(ROWS_PER_TASK)
        .zip(rows.par_chunks(ROWS_PER_TASK))
        .for_each(|(out, rows)| {
            for (win, row) in out.iter_mut().zip(rows) {
                *win = is_win_counts_with(row, opts);
            }
        });
    wins
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(is_win, m)?)?;
    m.add_function(wrap_pyfunction!(is_win_batch, m)?)?;
    Ok(())
}
