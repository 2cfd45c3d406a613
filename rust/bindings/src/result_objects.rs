//! The `mjcore.results` objects of a decomposition (`Decomposition`, `Group`), built natively. Groups
//! that recur across calls and form names are created once and shared.

use mjcore_engine::decompose::{Decomposition, FormKind, Group, GroupKind};
use mjcore_engine::NUM_KINDS;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple, PyType};

use crate::named_tuple::NamedTupleClass;

/// The result classes of `mjcore.results`, looked up once.
pub struct ResultTypes {
    group: NamedTupleClass,
    decomposition: NamedTupleClass,
}

pub fn result_types(py: Python<'_>) -> PyResult<&ResultTypes> {
    static TYPES: PyOnceLock<ResultTypes> = PyOnceLock::new();
    TYPES.get_or_try_init(py, || {
        let results = py.import("mjcore.analysis.results")?;
        let class = |name: &str| -> PyResult<NamedTupleClass> {
            NamedTupleClass::new(results.getattr(name)?.cast_into::<PyType>()?)
        };
        Ok(ResultTypes {
            group: class("Group")?,
            decomposition: class("Decomposition")?,
        })
    })
}

/// The `Decomposition` object of `decomposition`; `meld_objects` are the hand's `Meld` objects, for the
/// groups that are declared melds.
pub fn decomposition_object<'py>(
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

/// The kinds every wild tile of the decomposition stands for, sorted (the shared empty tuple when none).
pub fn wild_tiles<'py>(
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
pub fn group_wild_tiles<'py>(py: Python<'py>, group: &Group) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, group.wild_tiles().collect::<Vec<_>>())
}
