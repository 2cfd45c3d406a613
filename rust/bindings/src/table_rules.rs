//! The compiled table rules (`[tiles]`, `[deal]`, `[claims]`, `[wins]`, `[end]`, `[settlement]` of a ruleset
//! file): built once by `mjcore.table_rules` from the fields it read and type-checked, checked again here
//! (names and contradictions, refused with the field's path), then passed to every table and simulation.

use mjcore_engine::table::{TableRules, TableRulesSpec};
use pyo3::prelude::*;

use crate::errors::IntoPyResult;

#[pyclass(frozen, name = "TableRules", module = "mjcore._core")]
pub struct PyTableRules {
    pub inner: TableRules,
}

#[pymethods]
impl PyTableRules {
    #[new]
    #[pyo3(signature = (*, suits, honours, flowers, hand, reserved_tail, chi, pon, melded_kong, added_kong,
                        concealed_kong, robbable_kongs, sources, several_winners, missed_win, winners,
                        settlement, dealer_stays = "win_or_draw", abortive_draws = false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        suits: Vec<String>,
        honours: bool,
        flowers: u8,
        hand: u8,
        reserved_tail: u8,
        chi: &str,
        pon: bool,
        melded_kong: bool,
        added_kong: bool,
        concealed_kong: bool,
        robbable_kongs: Vec<String>,
        sources: Vec<String>,
        several_winners: &str,
        missed_win: &str,
        winners: u8,
        settlement: &str,
        dealer_stays: &str,
        abortive_draws: bool,
    ) -> PyResult<Self> {
        let (suits, robbable_kongs, sources) =
            (names(&suits), names(&robbable_kongs), names(&sources));
        let spec = TableRulesSpec {
            suits: &suits,
            honours,
            flowers,
            hand,
            reserved_tail,
            chi,
            pon,
            melded_kong,
            added_kong,
            concealed_kong,
            robbable_kongs: &robbable_kongs,
            win_sources: &sources,
            several_winners,
            missed_win,
            winners_to_end: winners,
            dealer_stays,
            abortive_draws,
            settlement,
        };
        Ok(PyTableRules {
            inner: TableRules::new(&spec).py_err()?,
        })
    }

    /// Every tile of the set, flowers included.
    #[getter]
    fn tile_count(&self) -> usize {
        self.inner.tile_count()
    }

    fn __repr__(&self) -> String {
        format!("<compiled table rules: {} tiles>", self.inner.tile_count())
    }
}

fn names(list: &[String]) -> Vec<&str> {
    list.iter().map(String::as_str).collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTableRules>()?;
    Ok(())
}
