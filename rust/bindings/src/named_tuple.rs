//! Instances of Python named tuple classes (`typing.NamedTuple`) built straight from their fields.

use std::ffi::c_void;

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

/// A tuple subclass whose instances are made the way `tuple.__new__(cls, fields)` makes them (allocate
/// through the class, fill in the items) but without the temporary argument tuples and the call that
/// route needs: together they cost more than the object, which shows when one call returns many results.
pub struct NamedTupleClass {
    class: Py<PyType>,
    alloc: ffi::allocfunc,
}

impl NamedTupleClass {
    pub fn new(class: Bound<'_, PyType>) -> PyResult<Self> {
        let py = class.py();
        if !class.is_subclass_of::<PyTuple>()? {
            return Err(PyTypeError::new_err(format!(
                "{class} is not a tuple class"
            )));
        }
        // SAFETY: `class` is a live type object; PyType_GetSlot returns the slot's value, or null with an
        // exception set.
        let slot: *mut c_void =
            unsafe { ffi::PyType_GetSlot(class.as_type_ptr(), ffi::Py_tp_alloc) };
        if slot.is_null() {
            return Err(PyErr::fetch(py));
        }
        // SAFETY: the tp_alloc slot of a type holds an allocfunc.
        let alloc = unsafe { std::mem::transmute::<*mut c_void, ffi::allocfunc>(slot) };
        Ok(NamedTupleClass {
            class: class.unbind(),
            alloc,
        })
    }

    /// A new instance holding `fields` (as many as the class has).
    pub fn instance<'py, const N: usize>(
        &self,
        py: Python<'py>,
        fields: [Bound<'py, PyAny>; N],
    ) -> PyResult<Bound<'py, PyAny>> {
        // SAFETY: `alloc` is the class's own allocator: it returns a new reference to a zeroed, GC-tracked
        // instance with N empty item slots, or null with an exception set.
        let object = unsafe {
            let raw = (self.alloc)(self.class.as_ptr().cast(), N as ffi::Py_ssize_t);
            Bound::from_owned_ptr_or_err(py, raw)?
        };
        for (index, field) in fields.into_iter().enumerate() {
            // SAFETY: the instance is a tuple (checked in `new`) of N items referenced only here, as
            // PyTuple_SetItem requires; it takes over the field's reference and checks the index.
            let status = unsafe {
                ffi::PyTuple_SetItem(object.as_ptr(), index as ffi::Py_ssize_t, field.into_ptr())
            };
            if status != 0 {
                return Err(PyErr::fetch(py));
            }
        }
        Ok(object)
    }
}
