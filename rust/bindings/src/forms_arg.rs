//! The `forms` argument of the public single-hand calls, read natively: a `Forms` flag or an int 1..15 is
//! taken as it is; anything else (names, iterables of names, bad values) goes to `mjcore.hand.forms_bits`,
//! the one definition of what `forms` may be, so the answers and the errors are the ones it gives.

use std::convert::Infallible;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyType};

use crate::convert::form_options;
use mjcore_engine::FormOptions;

/// The largest bit set `forms` may name (`Forms.ALL`).
const ALL_FORMS: u8 = 15;

/// `Forms.DEFAULT`'s bits, the default of `is_win`, `shanten` and `waits`.
const DEFAULT_FORMS: u8 = 7;

/// The bits of a `forms` argument, or the error reading it raised. The error is kept rather than returned
/// from the extraction so that it reaches the caller as `forms_bits` raised it: PyO3 would prefix the
/// argument name to a TypeError raised while extracting an argument.
pub struct FormsArg(Result<u8, PyErr>);

impl FormsArg {
    pub const DEFAULT: FormsArg = FormsArg(Ok(DEFAULT_FORMS));

    /// The form options of a call, or the error the `forms` argument raised.
    pub fn options(self, seven_pairs_quads: bool, wild_fifth_copy: bool) -> PyResult<FormOptions> {
        form_options(self.0?, seven_pairs_quads, wild_fifth_copy)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for FormsArg {
    type Error = Infallible;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> Result<Self, Infallible> {
        Ok(FormsArg(bits(&obj)))
    }
}

/// `mjcore.hand.Forms` and `mjcore.hand.forms_bits`, looked up once.
struct FormsPython {
    class: Py<PyType>,
    bits: Py<PyAny>,
}

fn forms_python(py: Python<'_>) -> PyResult<&FormsPython> {
    static FORMS: PyOnceLock<FormsPython> = PyOnceLock::new();
    FORMS.get_or_try_init(py, || {
        let hand = py.import("mjcore.hand")?;
        Ok(FormsPython {
            class: hand.getattr("Forms")?.cast_into::<PyType>()?.unbind(),
            bits: hand.getattr("forms_bits")?.unbind(),
        })
    })
}

fn bits(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    let py = obj.py();
    let forms = forms_python(py)?;
    // Exactly an int or a Forms flag (never a bool, which forms_bits refuses): read the value here.
    if obj.is_exact_instance_of::<PyInt>() || obj.get_type().is(forms.class.bind(py)) {
        if let Ok(value) = obj.extract::<u8>() {
            if (1..=ALL_FORMS).contains(&value) {
                return Ok(value);
            }
        }
    }
    forms.bits.bind(py).call1((obj,))?.extract()
}
