//! Win detection: one hand, or a whole numpy array of plain concealed hands without the GIL.

use mjcore_engine::hand::{HandShape, MAX_SETS};
use mjcore_engine::win::{is_win as is_win_hand, is_win_counts_with};
use mjcore_engine::Counts;
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::batch::{count_problem, first_refused_row, map_rows, owned_rows, row_size};
use crate::convert::{form_options, hand_from_parts, MeldTuple};
use crate::errors::{bad_hand, IntoPyResult};

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

/// `is_win` of every row of a C-contiguous uint8 array of shape (N, 34): validates every row, then computes
/// on all cores without the GIL. Returns a bool array of shape (N,).
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
    let wins = py.detach(|| match first_refused_row(&rows, is_complete_sized) {
        Some(bad) => Err(bad),
        None => Ok(map_rows(&rows, |row| is_win_counts_with(row, opts))),
    });
    match wins {
        Ok(wins) => Ok(PyArray1::from_vec(py, wins)),
        Err(bad) => Err(bad_hand(format!("row {bad}: {}", size_problem(&rows[bad])))),
    }
}

/// The largest complete-sized hand: five sets and a pair.
const MAX_COMPLETE_SIZE: u64 = 3 * MAX_SETS as u64 + 2;

/// Counts 0..4 and a 3n+2 size of at most 17 tiles.
fn is_complete_sized(row: &Counts) -> bool {
    row_size(row).is_some_and(|size| size % 3 == 2 && size <= MAX_COMPLETE_SIZE)
}

/// Why a row is not a complete-sized hand.
fn size_problem(row: &Counts) -> String {
    if let Some(problem) = count_problem(row) {
        return problem;
    }
    let size: usize = row.iter().map(|&c| c as usize).sum();
    match HandShape::of_size(size) {
        Ok(HandShape::Waiting { .. }) => {
            format!("{size} tiles is a 3n+1 (waiting) hand: a win needs 3n+2 tiles")
        }
        Ok(HandShape::Full { .. }) => format!("{size} tiles is not a hand"),
        Err(e) => e.to_string(),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(is_win, m)?)?;
    m.add_function(wrap_pyfunction!(is_win_batch, m)?)?;
    Ok(())
}
