//! The Python result objects of the registry families' single call, made here rather than in Python from a
//! row: the frozen result dataclasses filled field by field (`dataclass_instance`, as their `__init__` would),
//! their entries shared objects per ruleset, the money a read-only mapping. Making them in Python cost more
//! than the scoring itself.

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyString, PyTuple};

use crate::ruleset::{EntryRow, PyRuleset};
use crate::score_objects::{dataclass_instance, PyClassRef};

/// A family's compiled ruleset beside the Python ruleset it belongs to (whose rows name the entries).
pub struct Rules<'a, 'py, T> {
    pub py: Python<'py>,
    pub compiled: &'a PyRuleset,
    pub table: &'a T,
    pub python: &'a Bound<'py, PyAny>,
}

/// A Python function or object of the package, looked up once.
pub type PyRef = PyOnceLock<Py<PyAny>>;

impl<'py, T> Rules<'_, 'py, T> {
    /// The entries of `rows` as a tuple of shared `Entry` objects, each made by `make(rules, key, count,
    /// value)` the first time the ruleset names it.
    pub fn entries(
        &self,
        rows: impl IntoIterator<Item = EntryRow>,
        make: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mut made = Vec::new();
        for row in rows {
            let (key, count, value) = row;
            made.push(self.compiled.shared_entry(self.py, row, || {
                make.call1((self.python, key, count, value))
            })?);
        }
        PyTuple::new(self.py, made)
    }
}

/// Four seats' amounts as the tuple a result holds.
pub fn four<'py>(py: Python<'py>, seats: &[i64; 4]) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyTuple::new(py, seats)?.into_any())
}

/// `MappingProxyType({kind: four seats})`: a result's money by kind, read-only.
pub fn money_mapping<'py>(
    py: Python<'py>,
    rows: impl IntoIterator<Item = (Bound<'py, PyAny>, [i64; 4])>,
) -> PyResult<Bound<'py, PyAny>> {
    let dict = PyDict::new(py);
    for (kind, seats) in rows {
        dict.set_item(kind, four(py, &seats)?)?;
    }
    // SAFETY: `dict` is a live dict; PyDictProxy_New returns a new reference or null with an exception set.
    unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyDictProxy_New(dict.as_ptr())) }
}

pub fn boolean(py: Python<'_>, value: bool) -> Bound<'_, PyAny> {
    PyBool::new(py, value).to_owned().into_any()
}

static REGIONAL_SCORE: PyClassRef =
    PyClassRef::new("mjcore.rules.regional.result", "RegionalScore");
static MAKE_ENTRY: PyRef = PyOnceLock::new();

/// One Sichuan or Taiwan win as the scorers give it: entries (key, count, value), the total, what is paid on,
/// whether the minimum is met, the money rows by kind and (Taiwan) the dealer's entries.
pub struct RegionalWin<E, D> {
    pub entries: E,
    pub total: u16,
    pub counted: u16,
    pub meets_minimum: bool,
    pub money: [(&'static str, [i64; 4]); 2],
    pub dealer_entries: D,
}

/// The `RegionalScore` of a Sichuan or Taiwan win (None: not a win), as `regional.result.score_of` and
/// `RegionalScore.not_a_win` make it.
pub fn regional_score<'py, T, E, D>(
    rules: &Rules<'_, 'py, T>,
    win: Option<RegionalWin<E, D>>,
) -> PyResult<Bound<'py, PyAny>>
where
    E: IntoIterator<Item = EntryRow>,
    D: IntoIterator<Item = EntryRow>,
{
    let py = rules.py;
    let make = MAKE_ENTRY.import(py, "mjcore.rules.regional.result", "make_entry")?;
    let int = |n: u16| n.into_pyobject(py).map(|n| n.into_any());
    let family = rules.compiled.family_object(py).into_any();
    let (entries, total, counted, meets, money, dealer, is_win) = match win {
        Some(w) => (
            rules.entries(w.entries, make)?,
            int(w.total)?,
            int(w.counted)?,
            w.meets_minimum,
            money_mapping(
                py,
                w.money
                    .map(|(kind, seats)| (PyString::intern(py, kind).into_any(), seats)),
            )?,
            rules.entries(w.dealer_entries, make)?,
            true,
        ),
        None => (
            PyTuple::empty(py),
            int(0)?,
            int(0)?,
            false,
            money_mapping(py, [])?,
            PyTuple::empty(py),
            false,
        ),
    };
    dataclass_instance(
        REGIONAL_SCORE.get(py)?,
        &[
            (pyo3::intern!(py, "family"), family),
            (pyo3::intern!(py, "entries"), entries.into_any()),
            (pyo3::intern!(py, "total"), total),
            (pyo3::intern!(py, "counted"), counted),
            (pyo3::intern!(py, "meets_minimum"), boolean(py, meets)),
            (pyo3::intern!(py, "money"), money),
            (pyo3::intern!(py, "dealer_entries"), dealer.into_any()),
            (pyo3::intern!(py, "is_win"), boolean(py, is_win)),
        ],
    )
}
