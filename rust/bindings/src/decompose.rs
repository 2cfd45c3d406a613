//! Decomposition of a complete hand: as plain tuples (`decompose`), or directly as the `mjcore.results`
//! objects (`decompositions`), which saves the Python layer rebuilding every group.

use mjcore_engine::decompose::{
    decompose as decompose_hand, Decomposition, FormKind, Group, GroupKind,
};
use mjcore_engine::NUM_KINDS;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyTuple, PyType};

use crate::convert::analysis_input;
use crate::errors::IntoPyResult;
use crate::named_tuple::NamedTupleClass;

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

/// The kinds every wild tile of the decomposition stands for, sorted (the shared empty tuple when none).
fn wild_tiles<'py>(
    py: Python<'py>,
    decomposition: &Decomposition,
) -> PyResult<Bound<'py, PyTuple>> {
    let groups = decomposition.groups();
    if groups.iter().all(|g| g.wild_mask() == 0) {
        return Ok(PyTuple::empty(py));
    }
    let mut kinds: Vec<u8> = groups.iter().flat_map(Group::wild_tiles).collect();
    kinds.sort_unstable();
    PyTuple::new(py, kinds)
}

/// The kinds the group's wild tiles stand for, sorted.
fn group_wild_tiles<'py>(py: Python<'py>, group: &Group) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, group.wild_tiles().collect::<Vec<_>>())
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

/// The result classes of `mjcore.results`, looked up once.
struct ResultTypes {
    group: NamedTupleClass,
    decomposition: NamedTupleClass,
}

fn result_types(py: Python<'_>) -> PyResult<&ResultTypes> {
    static TYPES: PyOnceLock<ResultTypes> = PyOnceLock::new();
    TYPES.get_or_try_init(py, || {
        let results = py.import("mjcore.results")?;
        let class = |name: &str| -> PyResult<NamedTupleClass> {
            NamedTupleClass::new(results.getattr(name)?.cast_into::<PyType>()?)
        };
        Ok(ResultTypes {
            group: class("Group")?,
            decomposition: class("Decomposition")?,
        })
    })
}

fn decomposition_object<'py>(
    types: &ResultTypes,
    decomposition: &Decomposition,
    meld_objects: &Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = meld_objects.py();
    let mut groups = Vec::with_capacity(decomposition.groups().len());
    for group in decomposition.groups() {
        groups.push(group_object(types, group, meld_objects)?);
    }
    let form = &FORM_NAMES[decomposition.form as usize];
    types.decomposition.instance(
        py,
        [
            shared_name(py, form, decomposition.form.name()).into_any(),
            PyTuple::new(py, groups)?.into_any(),
            wild_tiles(py, decomposition)?.into_any(),
        ],
    )
}

/// The `Group` object of `group`: a shared one when it has one, otherwise a new one.
fn group_object<'py>(
    types: &ResultTypes,
    group: &Group,
    meld_objects: &Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = meld_objects.py();
    match shared_slot(group) {
        Some(slot) => SHARED_GROUPS[slot]
            .get_or_try_init(py, || {
                new_group(types, group, meld_objects).map(Bound::unbind)
            })
            .map(|shared| shared.bind(py).clone()),
        None => new_group(types, group, meld_objects),
    }
}

fn new_group<'py>(
    types: &ResultTypes,
    group: &Group,
    meld_objects: &Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = meld_objects.py();
    let meld = match group.meld {
        Some(index) => meld_objects.get_item(usize::from(index))?,
        None => py.None().into_bound(py),
    };
    types.group.instance(
        py,
        [
            PyString::intern(py, group.kind.name()).into_any(),
            PyTuple::new(py, group.tiles())?.into_any(),
            group_wild_tiles(py, group)?.into_any(),
            meld,
        ],
    )
}

/// Form names as Python strings, created once (indexed by `FormKind as usize`).
static FORM_NAMES: [PyOnceLock<Py<PyString>>; FormKind::ALL.len()] =
    [const { PyOnceLock::new() }; FormKind::ALL.len()];

fn shared_name<'py>(
    py: Python<'py>,
    cell: &PyOnceLock<Py<PyString>>,
    name: &str,
) -> Bound<'py, PyString> {
    cell.get_or_init(py, || PyString::intern(py, name).unbind())
        .bind(py)
        .clone()
}

/// The concealed groups whose tiles follow from their kind and lowest tile are created once per (kind,
/// lowest tile, wild positions) and shared: `Group` objects are immutable and compare by value, and most
/// decompositions are made of the same few hundred groups.
const SHARED_KINDS: [GroupKind; 4] = [
    GroupKind::Chow,
    GroupKind::Pair,
    GroupKind::Pung,
    GroupKind::Single,
];
/// Wild positions of a group of at most three tiles.
const WILD_MASKS: usize = 1 << 3;
static SHARED_GROUPS: [PyOnceLock<Py<PyAny>>; SHARED_KINDS.len() * NUM_KINDS * WILD_MASKS] =
    [const { PyOnceLock::new() }; SHARED_KINDS.len() * NUM_KINDS * WILD_MASKS];

fn shared_slot(group: &Group) -> Option<usize> {
    if group.meld.is_some() {
        return None;
    }
    let kind = SHARED_KINDS.iter().position(|&k| k == group.kind)?;
    let lowest = usize::from(*group.tiles().first()?);
    let mask = usize::from(group.wild_mask());
    (mask < WILD_MASKS).then_some((kind * NUM_KINDS + lowest) * WILD_MASKS + mask)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(decompose, m)?)?;
    m.add_function(wrap_pyfunction!(decompositions, m)?)?;
    Ok(())
}
