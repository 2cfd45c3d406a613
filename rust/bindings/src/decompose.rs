//! Decomposition of a complete hand: as plain tuples (`decompose`), or directly as the `mjcore.results`
//! objects (`decompositions`, built in `result_objects`), which saves the Python layer rebuilding them.

use mjcore_engine::decompose::{decompose as decompose_hand, Decomposition, Group};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::convert::analysis_input;
use crate::errors::IntoPyResult;
use crate::result_objects::{decomposition_object, group_wild_tiles, result_types, wild_tiles};

/// A group as it crosses the boundary: (kind name, tiles, wild kinds, meld index or -1).
type GroupTuple<'py> = (&'static str, Bound<'py, PyTuple>, Bound<'py, PyTuple>, i16);
/// A decomposition as it crosses the boundary: (form name, groups, wild kinds sorted).
type DecompositionTuple<'py> = (&'static str, Vec<GroupTuple<'py>>, Bound<'py, PyTuple>);

/// Every distinct decomposition of a complete 3n+2 hand, sorted by (form, groups), as plain tuples.
#[pyfunction]
pub fn decompose<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    melds: &Bound<'py, PyAny>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<Vec<DecompositionTuple<'py>>> {
    let input = analysis_input(
        counts,
        melds,
        wilds,
        forms,
        seven_pairs_quads,
        wild_fifth_copy,
    )?;
    let found = decompose_hand(&input.hand, input.opts).py_err()?;
    found.iter().map(|d| decomposition_tuple(py, d)).collect()
}

fn decomposition_tuple<'py>(
    py: Python<'py>,
    decomposition: &Decomposition,
) -> PyResult<DecompositionTuple<'py>> {
    let groups = decomposition
        .groups()
        .iter()
        .map(|g| group_tuple(py, g))
        .collect::<PyResult<_>>()?;
    Ok((
        decomposition.form.name(),
        groups,
        wild_tiles(py, decomposition)?,
    ))
}

fn group_tuple<'py>(py: Python<'py>, group: &Group) -> PyResult<GroupTuple<'py>> {
    Ok((
        group.kind.name(),
        PyTuple::new(py, group.tiles())?,
        group_wild_tiles(py, group)?,
        group.meld.map_or(-1, i16::from),
    ))
}

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
    m.add_function(wrap_pyfunction!(decompose, m)?)?;
    m.add_function(wrap_pyfunction!(decompositions, m)?)?;
    Ok(())
}
