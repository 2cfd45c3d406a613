//! `mjcore._core`: the native module. Only conversion, GIL handling and error mapping live here; every rule
//! is in the `mjcore-engine` crate. One file per engine concept.

use pyo3::prelude::*;

mod convert;
mod errors;
mod notation;
mod ruleset;
mod scoring;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    notation::register(m)?;
    ruleset::register(m)?;
    scoring::register(m)?;
    Ok(())
}
