//! Win detection: one hand, or a whole numpy array of plain concealed hands without the GIL.

use mjcore_engine::row_code::Purpose;
use mjcore_engine::win::{is_win as is_win_hand, is_win_codes_into, is_win_counts_with};
use mjcore_engine::HandShape;
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::batch::{map_batch, SizeRule};
use crate::convert::{analysis_input, form_options};
use crate::errors::IntoPyResult;

/// Whether a 3n+2 hand is complete in one of `forms` (InvalidHandError for a 3n+1 hand).
#[pyfunction]
pub fn is_win(
    counts: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<bool> {
    let input = analysis_input(
        counts,
        melds,
        wilds,
        forms,
        seven_pairs_quads,
        wild_fifth_copy,
    )?;
    if input.is_plain() && matches!(input.shape, HandShape::Full { .. }) {
        // Already validated: straight to the table lookup, without validating again.
        return Ok(is_win_counts_with(&input.hand.concealed, input.opts));
    }
    is_win_hand(&input.hand, input.opts).py_err()
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
    let wins = map_batch(
        arr,
        SizeRule::Complete,
        opts,
        Purpose::Win,
        |_| None,
        |codes, out| is_win_codes_into(codes, out, opts),
    )?;
    Ok(PyArray1::from_vec(py, wins))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(is_win, m)?)?;
    m.add_function(wrap_pyfunction!(is_win_batch, m)?)?;
    Ok(())
}
