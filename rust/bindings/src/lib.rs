//! `mjcore._core`: the native module. Only conversion, GIL handling and error mapping live here; every rule
//! is in the `mjcore-engine` crate. One file per engine concept.

use pyo3::prelude::*;

mod advisor;
mod batch;
mod bots;
mod convert;
mod dataclass_object;
mod decompose;
mod env;
mod errors;
mod family_batch;
mod family_results;
mod folk;
mod forms_arg;
mod ghost_batch;
mod ghost_calls;
mod guangdong;
mod hand_arg;
mod interrupt;
mod mcr;
mod named_tuple;
mod notation;
mod result_objects;
mod ruleset;
mod score_objects;
mod sequence_items;
mod shanten;
mod sichuan;
mod sim;
mod simulate;
mod single_score;
mod table_rules;
mod taiwan;
mod tdh;
mod waits;
mod win;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    notation::register(m)?;
    shanten::register(m)?;
    waits::register(m)?;
    advisor::register(m)?;
    decompose::register(m)?;
    win::register(m)?;
    ruleset::register(m)?;
    guangdong::register(m)?;
    mcr::register(m)?;
    tdh::register(m)?;
    ghost_batch::register(m)?;
    folk::register(m)?;
    sichuan::register(m)?;
    taiwan::register(m)?;
    sim::register(m)?;
    env::register(m)?;
    bots::register(m)?;
    simulate::register(m)?;
    table_rules::register(m)?;
    Ok(())
}
