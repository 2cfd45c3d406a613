//! Batch shanten and win checks of hands written with their ghosts' faces (推倒胡's 鬼牌): each row's counts
//! with the kinds of a ghost mask wild. Rows are copied and validated with the GIL held (the first bad row is
//! named), then computed on all cores without it, table-driven (`shanten_counts_with_ghosts`).

use mjcore_engine::hand::HandShape;
use mjcore_engine::shanten::{shanten_counts_with_ghosts_into, NO_FORM};
use mjcore_engine::tile::COPIES;
use mjcore_engine::{Counts, FormOptions};
use numpy::PyArray1;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::batch::owned_rows;
use crate::convert::form_options;
use crate::errors::{argument, bad_hand};

/// Rows per rayon task.
const ROWS_PER_TASK: usize = 4096;

/// The rows of `arr`, each checked: counts 0..4 and a hand size (3n+1 or 3n+2; 3n+2 only when `complete`).
fn checked_rows(arr: &Bound<'_, PyAny>, complete: bool) -> PyResult<Vec<Counts>> {
    let rows = owned_rows(arr)?;
    for (index, row) in rows.iter().enumerate() {
        if let Some(kind) = row.iter().position(|&c| c > COPIES) {
            return Err(bad_hand(format!(
                "row {index}: {} copies of tile kind {kind}: at most 4",
                row[kind]
            )));
        }
        let size: usize = row.iter().map(|&c| usize::from(c)).sum();
        let shape = HandShape::of_size(size).map_err(|e| bad_hand(format!("row {index}: {e}")))?;
        if complete && !matches!(shape, HandShape::Full { .. }) {
            return Err(bad_hand(format!(
                "row {index}: a win needs 3n+2 tiles, not {size}"
            )));
        }
    }
    Ok(rows)
}

/// The shanten of every row on all cores, or the index of the first row to which no form applies.
fn shanten_rows(
    py: Python<'_>,
    rows: &[Counts],
    ghosts: u64,
    opts: FormOptions,
) -> PyResult<Vec<i8>> {
    let mut shanten = vec![NO_FORM; rows.len()];
    py.detach(|| {
        shanten
            .par_chunks_mut(ROWS_PER_TASK)
            .zip(rows.par_chunks(ROWS_PER_TASK))
            .for_each(|(out, chunk)| shanten_counts_with_ghosts_into(chunk, ghosts, out, opts));
    });
    if let Some(index) = shanten.iter().position(|&s| s == NO_FORM) {
        return Err(bad_hand(format!(
            "row {index}: none of the selected forms (bits {}) applies to this hand",
            opts.forms.0
        )));
    }
    Ok(shanten)
}

fn ghost_mask(ghosts: Vec<u8>) -> PyResult<u64> {
    ghosts.into_iter().try_fold(0u64, |mask, kind| {
        if kind < 34 {
            Ok(mask | 1 << kind)
        } else {
            Err(argument(format!(
                "ghost kind {kind} is not a tile kind 0..33"
            )))
        }
    })
}

/// Shanten of every row of a C-contiguous uint8 (N, 34) array, the kinds `ghosts` wild.
#[pyfunction]
pub fn shanten_batch_ghosts<'py>(
    py: Python<'py>,
    arr: &Bound<'py, PyAny>,
    ghosts: Vec<u8>,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let opts = form_options(forms, seven_pairs_quads, wild_fifth_copy)?;
    let mask = ghost_mask(ghosts)?;
    let rows = checked_rows(arr, false)?;
    Ok(PyArray1::from_vec(py, shanten_rows(py, &rows, mask, opts)?))
}

/// Whether every row (3n+2 tiles) of a C-contiguous uint8 (N, 34) array is complete, the kinds `ghosts` wild.
#[pyfunction]
pub fn is_win_batch_ghosts<'py>(
    py: Python<'py>,
    arr: &Bound<'py, PyAny>,
    ghosts: Vec<u8>,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let opts = form_options(forms, seven_pairs_quads, wild_fifth_copy)?;
    let mask = ghost_mask(ghosts)?;
    let rows = checked_rows(arr, true)?;
    let shanten = shanten_rows(py, &rows, mask, opts)?;
    Ok(PyArray1::from_vec(
        py,
        shanten.into_iter().map(|s| s < 0).collect(),
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(shanten_batch_ghosts, m)?)?;
    m.add_function(wrap_pyfunction!(is_win_batch_ghosts, m)?)?;
    Ok(())
}
