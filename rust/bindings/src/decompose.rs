//! Decomposition of a complete hand, returned directly as the `mjcore.results` objects (built in
//! `result_objects`), which saves the Python layer rebuilding them from plain tuples.

use mjcore_engine::decompose::decompose as decompose_hand;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::convert::analysis_input;
use crate::errors::IntoPyResult;
use crate::result_objects::{decomposition_object, result_types};

/// `decompose` as a list of `mjcore.results.Decomposition`. `meld_objects` are the hand's `Meld` objects,
/// in the order of `melds`, for the groups that are declared melds.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the flat argument list every analysis function shares, plus one
pub fn decompositions<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    melds: &Bound<'py, PyAny>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
    meld_objects: &Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyList>> {
    let input = analysis_input(
        counts,
        melds,
        wilds,
        forms,
        seven_pairs_quads,
        wild_fifth_copy,
    )?;
    let found = decompose_hand(&input.hand, input.opts).py_err()?;
    let types = result_types(py)?;
    let objects = found
        .iter()
        .map(|d| decomposition_object(types, d, meld_objects))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, objects)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(decompositions, m)?)?;
    Ok(())
}
