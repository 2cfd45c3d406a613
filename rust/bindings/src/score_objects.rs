//! The Python objects of a single `score` call, read and made without intermediate tuples: the hand (a
//! `mjcore.Hand`, hand text, or 34 counts), the fields of a situation dataclass, and the frozen result
//! dataclasses (`McrScore`, `ScoreResult`), whose entries are shared objects made once per ruleset.
//!
//! A single call is dominated by this traffic, not by the scoring: building the argument tuples, a `Hand`
//! and the result in Python cost three times the engine's work.

use std::ffi::c_void;

use mjcore_engine::hand::Hand;
use mjcore_engine::notation;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple, PyType};

use crate::convert::{counts_from_py, meld_from_tuple};
use crate::errors::{bad_hand, IntoPyResult};
use crate::hand_arg::plain_mpsz;

/// A class of the Python package, looked up once.
pub struct PyClassRef {
    lock: PyOnceLock<Py<PyType>>,
    module: &'static str,
    name: &'static str,
}

impl PyClassRef {
    pub const fn new(module: &'static str, name: &'static str) -> Self {
        PyClassRef {
            lock: PyOnceLock::new(),
            module,
            name,
        }
    }

    pub fn get<'py>(&self, py: Python<'py>) -> PyResult<&Bound<'py, PyType>> {
        self.lock
            .get_or_try_init(py, || {
                Ok::<_, PyErr>(
                    py.import(self.module)?
                        .getattr(self.name)?
                        .cast_into::<PyType>()?
                        .unbind(),
                )
            })
            .map(|class| class.bind(py))
    }
}

pub(crate) static HAND: PyClassRef = PyClassRef::new("mjcore.hand", "Hand");

/// The engine hand of `obj`, validated: a `mjcore.Hand` (read field by field), hand text (parsed here, as
/// `parse_hand` does), or 34 counts as bytes, a list or a tuple. The Python layer turns every other accepted
/// input into a `Hand` first, so that its errors stay those of `mjcore.Hand`.
pub fn hand_of(obj: &Bound<'_, PyAny>) -> PyResult<Hand> {
    let py = obj.py();
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        // Plain mpsz (the commonest text) in one pass; anything else, and every mistake, the full parser reads.
        if let Some(hand) = plain_mpsz(text.as_bytes()) {
            return Ok(hand);
        }
        return notation::parse_hand(&text).py_err();
    }
    let hand = if obj.is_instance(HAND.get(py)?)? {
        let melds = obj.getattr(pyo3::intern!(py, "melds"))?;
        let melds = melds.cast::<PyTuple>()?;
        let mut parsed = Vec::with_capacity(melds.len());
        for meld in melds.iter() {
            parsed.push(meld_from_tuple(meld_tuple(&meld)?)?);
        }
        let mut flowers = 0u8;
        for flower in obj
            .getattr(pyo3::intern!(py, "flowers"))?
            .cast::<PyTuple>()?
        {
            let number: u8 = flower.extract()?;
            if !(1..=8).contains(&number) {
                return Err(bad_hand(format!(
                    "flower {number} does not exist: flowers are 1..8"
                )));
            }
            flowers |= 1 << (number - 1);
        }
        Hand {
            concealed: counts_from_py(&obj.getattr(pyo3::intern!(py, "concealed"))?)?,
            melds: parsed,
            wilds: obj.getattr(pyo3::intern!(py, "wilds"))?.extract()?,
            flowers,
        }
    } else {
        Hand::from_counts(counts_from_py(obj).map_err(|error| counts_error(obj, error))?)
    };
    hand.validate().py_err()?;
    Ok(hand)
}

/// The engine hand of any single-hand input, as `mjcore.hand.native_form` then [`hand_of`] read it: ASCII hand
/// text, 34 counts as a list, tuple or bytes, and a `mjcore.Hand` are read here; any other input (non-ASCII or
/// subclassed text, a numpy array, a bytearray…) is handed to `native_form`, so that its errors stay Python's.
/// Spares a single call the Python frame of `native_form`.
pub fn any_hand(obj: &Bound<'_, PyAny>) -> PyResult<Hand> {
    static NATIVE_FORM: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let py = obj.py();
    let read_here = if let Ok(text) = obj.cast_exact::<PyString>() {
        // Text that is not UTF-8 (a lone surrogate) is not ASCII either: `native_form` words its error.
        text.to_cow().is_ok_and(|text| text.is_ascii())
    } else {
        obj.is_exact_instance_of::<pyo3::types::PyList>()
            || obj.is_exact_instance_of::<PyTuple>()
            || obj.is_exact_instance_of::<pyo3::types::PyBytes>()
            || obj.is_instance(HAND.get(py)?)?
    };
    if read_here {
        return hand_of(obj);
    }
    let native_form = NATIVE_FORM.import(py, "mjcore.hand", "native_form")?;
    hand_of(&native_form.call1((obj,))?)
}

/// The error of counts the core cannot read, as `mjcore.Hand` words it (a count that is not an int is named
/// there): the reference reads counts through the same Python function, so both backends say the same.
fn counts_error(obj: &Bound<'_, PyAny>, error: PyErr) -> PyErr {
    let py = obj.py();
    let python = py
        .import("mjcore.hand")
        .and_then(|hand| hand.getattr("coerce_counts"))
        .and_then(|coerce| coerce.call1((obj,)));
    match python {
        Err(python_error) if python_error.get_type(py).is(error.get_type(py)) => python_error,
        _ => error,
    }
}

/// A `mjcore.Meld` as the boundary tuple (kind, tile, claimed or -1, from_offset or 0).
fn meld_tuple(meld: &Bound<'_, PyAny>) -> PyResult<(u8, u8, i16, u8)> {
    let py = meld.py();
    let optional = |name: &Bound<'_, PyString>, absent: i16| -> PyResult<i16> {
        let value = meld.getattr(name)?;
        if value.is_none() {
            Ok(absent)
        } else {
            value.extract()
        }
    };
    Ok((
        meld.getattr(pyo3::intern!(py, "kind"))?.extract()?,
        meld.getattr(pyo3::intern!(py, "tile"))?.extract()?,
        optional(pyo3::intern!(py, "claimed"), -1)?,
        optional(pyo3::intern!(py, "from_offset"), 0)? as u8,
    ))
}

/// A field of a situation dataclass.
pub fn field<'py, T: pyo3::conversion::FromPyObjectOwned<'py>>(
    obj: &Bound<'py, PyAny>,
    name: &Bound<'py, PyString>,
) -> PyResult<T> {
    obj.getattr(name)?.extract().map_err(Into::into)
}

/// A new instance of the (frozen) dataclass `class` with its fields set in order, as `__init__` would set
/// them: made by the class's `__new__` and filled through the generic setattr, which the frozen
/// `__setattr__` guard is not (the guard is for users; `__init__` bypasses it the same way).
pub fn dataclass_instance<'py>(
    class: &Bound<'py, PyType>,
    fields: &[(&Bound<'py, PyString>, Bound<'py, PyAny>)],
) -> PyResult<Bound<'py, PyAny>> {
    let py = class.py();
    // SAFETY: `class` is a live type object; PyType_GetSlot returns its tp_new (a newfunc, never null for a
    // class that can be instantiated) or null with an exception set.
    let object = unsafe {
        let slot: *mut c_void = ffi::PyType_GetSlot(class.as_type_ptr(), ffi::Py_tp_new);
        if slot.is_null() {
            return Err(PyErr::fetch(py));
        }
        let new = std::mem::transmute::<*mut c_void, ffi::newfunc>(slot);
        let args = PyTuple::empty(py);
        Bound::from_owned_ptr_or_err(
            py,
            new(class.as_type_ptr(), args.as_ptr(), std::ptr::null_mut()),
        )?
    };
    for (name, value) in fields {
        // SAFETY: both pointers are live objects held by this frame; the call returns -1 with an exception
        // set on failure.
        let status =
            unsafe { ffi::PyObject_GenericSetAttr(object.as_ptr(), name.as_ptr(), value.as_ptr()) };
        if status != 0 {
            return Err(PyErr::fetch(py));
        }
    }
    Ok(object)
}
