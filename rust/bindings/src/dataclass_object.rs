//! Instances of the plain frozen dataclasses of `mjcore.results` (`Waits`, `DiscardChoice`) built the way
//! their generated `__init__` builds them — `object.__new__(cls)`, then `object.__setattr__` per field —
//! without running that `__init__`, whose Python frame costs more than the rest of a `waits` call.

use std::ffi::c_void;

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple, PyType};

/// No `__slots__`, or exactly the fields in order (what `@dataclass(slots=True)` makes).
fn slots_are_fields<const N: usize>(
    class: &Bound<'_, PyType>,
    fields: &[&str; N],
) -> PyResult<bool> {
    if !class.hasattr("__slots__")? {
        return Ok(true);
    }
    let slots: Vec<String> = class.getattr("__slots__")?.extract()?;
    Ok(slots == fields)
}

pub struct DataclassType<const N: usize> {
    class: Py<PyType>,
    fields: [Py<PyString>; N],
    new: ffi::newfunc,
}

impl<const N: usize> DataclassType<N> {
    /// `class`, checked to be a dataclass whose fields are exactly `fields`, in order, that adds nothing to
    /// what its `__init__` does: no `__post_init__`, no `__new__` of its own, and slots (if any) exactly its
    /// fields (a slotted instance needs no `__dict__`, which makes it cheaper to build).
    pub fn new(class: Bound<'_, PyType>, fields: [&str; N]) -> PyResult<Self> {
        let py = class.py();
        let declared: Vec<String> = class
            .getattr("__dataclass_fields__")?
            .call_method0("keys")?
            .try_iter()?
            .map(|name| name?.extract())
            .collect::<PyResult<_>>()?;
        let object = py.get_type::<pyo3::types::PyAny>();
        let plain = declared == fields
            && !class.hasattr("__post_init__")?
            && slots_are_fields(&class, &fields)?
            && class.getattr("__new__")?.is(&object.getattr("__new__")?);
        if !plain {
            return Err(PyTypeError::new_err(format!(
                "{class} is not a plain dataclass of fields {fields:?}"
            )));
        }
        // SAFETY: PyBaseObject_Type is the static `object` type; PyType_GetSlot returns its tp_new slot.
        let slot: *mut c_void = unsafe {
            ffi::PyType_GetSlot(
                std::ptr::addr_of_mut!(ffi::PyBaseObject_Type),
                ffi::Py_tp_new,
            )
        };
        if slot.is_null() {
            return Err(PyErr::fetch(py));
        }
        // SAFETY: the tp_new slot of a type holds a newfunc.
        let new = unsafe { std::mem::transmute::<*mut c_void, ffi::newfunc>(slot) };
        Ok(DataclassType {
            class: class.unbind(),
            fields: fields.map(|name| PyString::intern(py, name).unbind()),
            new,
        })
    }

    /// A new instance holding `values`, one per field.
    pub fn instance<'py>(
        &self,
        py: Python<'py>,
        values: [Bound<'py, PyAny>; N],
    ) -> PyResult<Bound<'py, PyAny>> {
        let args = PyTuple::empty(py);
        // SAFETY: `object.__new__(class)`, as the class's own `__new__` is (checked in `new`): it returns a new
        // reference or null with an exception set.
        let object = unsafe {
            let raw = (self.new)(
                self.class.as_ptr().cast(),
                args.as_ptr(),
                std::ptr::null_mut(),
            );
            Bound::from_owned_ptr_or_err(py, raw)?
        };
        for (name, value) in self.fields.iter().zip(values) {
            // SAFETY: live objects; `object.__setattr__`, which the frozen class's own `__setattr__` refuses.
            let status = unsafe {
                ffi::PyObject_GenericSetAttr(object.as_ptr(), name.as_ptr(), value.as_ptr())
            };
            if status != 0 {
                return Err(PyErr::fetch(py));
            }
        }
        Ok(object)
    }
}
