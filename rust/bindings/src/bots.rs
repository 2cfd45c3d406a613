//! The built-in bots by name (`"random"`, `"efficiency"`): a whole deal played natively with any mix of them.

use mjcore_engine::bots::{bots_named, BOT_NAMES};
use mjcore_engine::table::{play_deal, Deal, ShapeRules};
use pyo3::prelude::*;

use crate::errors::IntoPyResult;

/// Plays deal `deal` of the run seeded with `seed` with one named bot per seat (the table's 鸡平胡 shape
/// rules) and returns its event log. The GIL is released while it plays.
#[pyfunction]
#[pyo3(signature = (seed, deal, bots, dealer = 0, round_wind = 0))]
fn play_bot_deal(
    py: Python<'_>,
    seed: u64,
    deal: u64,
    bots: Vec<String>,
    dealer: u8,
    round_wind: u8,
) -> PyResult<Vec<String>> {
    py.detach(|| {
        let mut seats = bots_named(&bots)?;
        let rules = ShapeRules::CHICKEN;
        let mut table = Deal::new(seed, deal, dealer, round_wind, &rules)?;
        play_deal(&mut table, &mut seats, &rules)?;
        Ok(table.log_lines())
    })
    .py_err()
}

/// Every built-in bot name.
#[pyfunction]
fn bot_names() -> Vec<&'static str> {
    BOT_NAMES.to_vec()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(play_bot_deal, m)?)?;
    m.add_function(wrap_pyfunction!(bot_names, m)?)?;
    Ok(())
}
