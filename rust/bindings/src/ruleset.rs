//! The compiled ruleset of every family: one pyclass, built from the ruleset's normalised document (the
//! validated file flattened into named entries, `mjcore.rules.families` makes it) in one argument shape.
//! Each family's calls take it and find their own compiled ruleset inside (`of::<F>()`).

use mjcore_engine::rules::document::{Document, Value};
use mjcore_engine::rules::registry::{FamilyRules, Registered};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;

use crate::errors::{argument, IntoPyResult};

/// Counts up to this many share their row object (MCR's 花牌 reaches 8); a higher count gets a new one.
pub const SHARED_COUNTS: usize = 8;

/// A document entry's value as it crosses the boundary (a flag is tried first: a Python bool is an int).
#[derive(FromPyObject)]
pub enum EntryValue {
    Flag(bool),
    Int(i64),
    Text(String),
    List(Vec<EntryValue>),
}

impl From<EntryValue> for Value {
    fn from(value: EntryValue) -> Value {
        match value {
            EntryValue::Flag(flag) => Value::Flag(flag),
            EntryValue::Int(n) => Value::Int(n),
            EntryValue::Text(text) => Value::Text(text),
            EntryValue::List(items) => Value::List(items.into_iter().map(Value::from).collect()),
        }
    }
}

/// A frozen, compiled ruleset of any family. Build it through `mjcore.load_ruleset`, which validates the file
/// and hands over its normalised document.
#[pyclass(frozen, name = "Ruleset", module = "mjcore._core")]
pub struct PyRuleset {
    pub inner: FamilyRules,
    family: String,
    /// Result row objects (MCR's `FanScore(key, count, value)`), made on first use: frozen, so one object
    /// serves every result that holds the same row the same number of times. Indexed by the family's row code.
    row_objects: Vec<[PyOnceLock<Py<PyAny>>; SHARED_COUNTS]>,
    /// The registry families' result entries (`Entry`) by their row (key, count, value), made on first use:
    /// keyed by the value too, since a folk entry's value is not fixed by its row and count (老章's points).
    /// Cleared when full, for the same reason.
    entries: Mutex<HashMap<EntryRow, Py<PyAny>, BuildHasherDefault<RowHasher>>>,
    /// The ruleset's name and family as Python strings, made once (every result names them).
    name_object: PyOnceLock<Py<PyString>>,
    family_object: PyOnceLock<Py<PyString>>,
}

/// A result entry's row as the engine gives it: (key, count, value).
pub type EntryRow = (&'static str, u8, i64);

/// A multiply-rotate hash for the entry rows (a few short keys and two numbers, hashed once per entry of every
/// call: the default SipHash cost a tenth of a single call). Not for untrusted keys; these are the engine's.
#[derive(Default)]
pub struct RowHasher(u64);

impl Hasher for RowHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, value: u8) {
        self.write_u64(value.into());
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }

    fn write_i64(&mut self, value: i64) {
        self.write_u64(value as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The most entries [`PyRuleset::shared_entry`] keeps per ruleset.
const MOST_ENTRIES: usize = 1024;

/// The most rows a family's results name (MCR's 81 fans and its folk fans).
const MOST_ROWS: usize = 128;

#[pymethods]
impl PyRuleset {
    /// `family`: the file's `meta.family`; `document`: [(entry, value)], each entry a dotted name
    /// (`options.cap`, `fans.ping_hu`) and each value a bool, an int, a str or a list of them.
    #[new]
    fn new(family: &str, name: &str, document: Vec<(String, EntryValue)>) -> PyResult<Self> {
        let entries = document
            .into_iter()
            .map(|(key, value)| (key, Value::from(value)))
            .collect();
        let inner = FamilyRules::compile(&Document::new(family, name, entries)).py_err()?;
        Ok(PyRuleset {
            inner,
            family: family.to_owned(),
            row_objects: (0..MOST_ROWS)
                .map(|_| std::array::from_fn(|_| PyOnceLock::new()))
                .collect(),
            entries: Mutex::new(HashMap::default()),
            name_object: PyOnceLock::new(),
            family_object: PyOnceLock::new(),
        })
    }

    #[getter]
    fn name(&self) -> &str {
        self.inner.name()
    }

    #[getter]
    fn family(&self) -> &str {
        &self.family
    }

    fn __repr__(&self) -> String {
        format!("<compiled {} ruleset {}>", self.family, self.inner.name())
    }
}

impl PyRuleset {
    /// The compiled ruleset of family `F`, or an error naming the family given.
    pub fn of<F: Registered>(&self) -> PyResult<&F::Ruleset> {
        F::compiled(&self.inner).ok_or_else(|| {
            argument(format!(
                "this call scores a {} ruleset, not the {} ruleset {:?}",
                F::SETTLEMENTS.join(" / "),
                self.family,
                self.inner.name()
            ))
        })
    }

    /// The shared object of row `row` counted `count` times, made by `make` on first use (counts above
    /// [`SHARED_COUNTS`] get a new object each time).
    pub fn row_object<'py>(
        &self,
        py: Python<'py>,
        row: usize,
        count: u8,
        make: impl FnOnce() -> PyResult<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let slot = self
            .row_objects
            .get(row)
            .and_then(|slots| slots.get(usize::from(count).wrapping_sub(1)));
        match slot {
            Some(slot) => slot
                .get_or_try_init(py, || make().map(Bound::unbind))
                .map(|shared| shared.bind(py).clone()),
            None => make(),
        }
    }
}

impl PyRuleset {
    /// The shared entry object of `row`, made by `make` on first use. The lock is not held while `make` runs
    /// (Python code, which may let another thread in).
    pub fn shared_entry<'py>(
        &self,
        py: Python<'py>,
        row: EntryRow,
        make: impl FnOnce() -> PyResult<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let held = self
            .entries
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&row)
            .map(|entry| entry.bind(py).clone());
        if let Some(entry) = held {
            return Ok(entry);
        }
        let made = make()?;
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= MOST_ENTRIES {
            entries.clear();
        }
        entries.insert(row, made.clone().unbind());
        Ok(made)
    }

    /// The ruleset's name as a Python string (one object for every call).
    pub fn name_object<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        let name = self
            .name_object
            .get_or_init(py, || PyString::new(py, self.inner.name()).unbind());
        name.bind(py).clone()
    }

    /// The ruleset's family (its `meta.family`) as a Python string.
    pub fn family_object<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        let family = self
            .family_object
            .get_or_init(py, || PyString::new(py, &self.family).unbind());
        family.bind(py).clone()
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRuleset>()?;
    Ok(())
}
