//! Batch shanten and win checks of hands written with their ghosts' faces (推倒胡's 鬼牌): each row's counts
//! with the kinds of a ghost mask wild. Rows are copied with the GIL held, then checked and computed in one pass
//! on all cores without it (the first bad row is named), table-driven (`shanten_counts_with_ghosts_into`).

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

/// What is wrong with a row, if anything: counts 0..4 and a hand size (3n+1 or 3n+2; 3n+2 only when
/// `complete`).
fn row_problem(row: &Counts, complete: bool) -> Option<String> {
    if let Some(kind) = row.iter().position(|&c| c > COPIES) {
        return Some(format!(
            "{} copies of tile kind {kind}: at most 4",
            row[kind]
        ));
    }
    let size: usize = row.iter().map(|&c| usize::from(c)).sum();
    match HandShape::of_size(size) {
        Err(e) => Some(e.to_string()),
        Ok(HandShape::Waiting { .. }) if complete => {
            Some(format!("a win needs 3n+2 tiles, not {size}"))
        }
        Ok(_) => None,
    }
}

/// Marks a row that failed its check, in the results (a shanten is −1..8).
const BAD_ROW: i8 = i8::MIN;

/// The shanten of every row of `arr` on all cores without the GIL, each row checked in the same pass; the
/// first bad row, or the first to which no selected form applies, is named.
fn shanten_rows(
    py: Python<'_>,
    arr: &Bound<'_, PyAny>,
    ghosts: u64,
    opts: FormOptions,
    complete: bool,
) -> PyResult<Vec<i8>> {
    let rows = owned_rows(arr)?;
    let mut shanten = vec![NO_FORM; rows.len()];
    py.detach(|| {
        shanten
            .par_chunks_mut(ROWS_PER_TASK)
            .zip(rows.par_chunks(ROWS_PER_TASK))
            .for_each(|(out, chunk)| {
                let mut valid = true;
                for (slot, row) in out.iter_mut().zip(chunk) {
                    if row_problem(row, complete).is_some() {
                        *slot = BAD_ROW;
                        valid = false;
                    }
                }
                if valid {
                    shanten_counts_with_ghosts_into(chunk, ghosts, out, opts);
                }
            });
    });
    if let Some(index) = shanten.iter().position(|&s| s == BAD_ROW) {
        let problem = row_problem(&rows[index], complete).unwrap_or_default();
        return Err(bad_hand(format!("row {index}: {problem}")));
    }
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
    Ok(PyArray1::from_vec(
        py,
        shanten_rows(py, arr, mask, opts, false)?,
    ))
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
    let shanten = shanten_rows(py, arr, mask, opts, true)?;
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
