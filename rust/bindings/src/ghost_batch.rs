//! Batch shanten and win checks of hands written with their ghosts' faces (推倒胡's 鬼牌): each row's counts
//! with the kinds of a ghost mask wild. The batch pipeline of the plain forms (`batch::map_encoded_batch`),
//! each row encoded as a ghost row (`RowCode::encode_ghosts`: the naturals' keys, the ghosts as wilds), then
//! answered from the tables (`ghost_shanten_codes_into`).

use mjcore_engine::row_code::{encode_ghost_rows, RowCode};
use mjcore_engine::shanten::{ghost_shanten_codes_into, NO_FORM};
use mjcore_engine::{FormOptions, FormSet};
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::batch::{map_encoded_batch, SizeRule};
use crate::convert::form_options;
use crate::errors::argument;

/// Most ghosts a row may hold: what a hand holds of wild tiles.
const MAX_GHOSTS: u8 = 8;

/// A row the tables refuse beyond its counts and size: too many ghosts, or (special forms only) no form
/// that applies to its size.
fn row_problem(code: &RowCode, opts: FormOptions) -> Option<String> {
    if code.wilds() > MAX_GHOSTS {
        return Some(format!(
            "{} ghosts in one hand: at most {MAX_GHOSTS}",
            code.wilds()
        ));
    }
    if opts.forms.contains(FormSet::STANDARD) {
        return None;
    }
    let mut out = [NO_FORM];
    ghost_shanten_codes_into(std::slice::from_ref(code), &mut out, opts, |s| {
        s.unwrap_or(NO_FORM)
    });
    (out[0] == NO_FORM).then(|| {
        format!(
            "none of the selected forms (bits {}) applies to a hand of {} tiles",
            opts.forms.0,
            code.size().unwrap_or_default()
        )
    })
}

/// The mask of the ghost kinds, each checked.
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

/// Each row's answer under `rule`: `answer` of its shanten.
fn ghost_rows<T: Send + Default + Clone>(
    arr: &Bound<'_, PyAny>,
    ghosts: Vec<u8>,
    opts: FormOptions,
    rule: SizeRule,
    answer: fn(Option<i8>) -> T,
) -> PyResult<Vec<T>> {
    let mask = ghost_mask(ghosts)?;
    map_encoded_batch(
        arr,
        rule,
        |rows, codes| encode_ghost_rows(rows, mask, codes, opts),
        |code| row_problem(code, opts),
        |codes, out| ghost_shanten_codes_into(codes, out, opts, answer),
    )
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
    // Validated rows: some selected form applies to every one.
    let shanten = ghost_rows(arr, ghosts, opts, SizeRule::AnyHand, |s| {
        s.unwrap_or(NO_FORM)
    })?;
    Ok(PyArray1::from_vec(py, shanten))
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
    let wins = ghost_rows(arr, ghosts, opts, SizeRule::Complete, |s| {
        s.is_some_and(|s| s < 0)
    })?;
    Ok(PyArray1::from_vec(py, wins))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(shanten_batch_ghosts, m)?)?;
    m.add_function(wrap_pyfunction!(is_win_batch_ghosts, m)?)?;
    Ok(())
}
