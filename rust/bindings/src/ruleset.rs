//! The compiled ruleset: built once from the validated Python dataclasses, then passed to every hot call.

use mjcore_engine::rules::guangdong::ruleset::{Liabilities, Options, Ruleset, RulesetSpec};
use mjcore_engine::rules::guangdong::{Extra, FloorEvent, Pattern};
use mjcore_engine::rules::reading::Shapes;
use pyo3::prelude::*;

use crate::errors::IntoPyResult;

/// A frozen, compiled scoring table. Build it through `mjcore.load_ruleset`, which validates the file first.
#[pyclass(frozen, name = "Ruleset", module = "mjcore._core")]
pub struct PyRuleset {
    pub inner: Ruleset,
}

#[pymethods]
impl PyRuleset {
    /// shapes = (seven_pairs, seven_pairs_quads, thirteen_orphans); patterns = [(key, fan, special)] in table
    /// order; liabilities = (kong_bloom, robbing_kong, twelve_tiles, big_hand); options =
    /// (robbing_kong_is_self_draw, seat_round_wind_stack, human_hand_paid_by_dealer, discarder_pays_three,
    /// dealer_factor).
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        name: &str,
        cap: u8,
        minimum: u8,
        shapes: (bool, bool, bool),
        patterns: Vec<(String, u8, bool)>,
        extras: Vec<(String, u8)>,
        floor: (u8, Vec<String>),
        liabilities: (bool, bool, bool, bool),
        options: (bool, bool, bool, bool, u8),
    ) -> PyResult<Self> {
        let patterns: Vec<(&str, u8, bool)> = patterns
            .iter()
            .map(|(k, f, s)| (k.as_str(), *f, *s))
            .collect();
        let extras: Vec<(&str, u8)> = extras.iter().map(|(k, f)| (k.as_str(), *f)).collect();
        let floor_events: Vec<&str> = floor.1.iter().map(String::as_str).collect();
        let spec = RulesetSpec {
            name,
            cap,
            minimum,
            shapes: Shapes {
                seven_pairs: shapes.0,
                seven_pairs_quads: shapes.1,
                thirteen_orphans: shapes.2,
            },
            patterns: &patterns,
            extras: &extras,
            floor_fan: floor.0,
            floor_events: &floor_events,
            liabilities: Liabilities {
                kong_bloom: liabilities.0,
                robbing_kong: liabilities.1,
                twelve_tiles: liabilities.2,
                big_hand: liabilities.3,
            },
            options: Options {
                robbing_kong_is_self_draw: options.0,
                seat_round_wind_stack: options.1,
                human_hand_paid_by_dealer: options.2,
                discarder_pays_three: options.3,
                dealer_factor: options.4,
            },
        };
        Ok(PyRuleset {
            inner: Ruleset::new(&spec).py_err()?,
        })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }

    fn __repr__(&self) -> String {
        format!("<compiled ruleset {}>", self.inner.name)
    }
}

/// The pattern keys the engine detects, in its order.
#[pyfunction]
fn pattern_keys() -> Vec<&'static str> {
    Pattern::ALL.iter().map(|p| p.key()).collect()
}

/// The extra keys the engine detects.
#[pyfunction]
fn extra_keys() -> Vec<&'static str> {
    Extra::ALL.iter().map(|e| e.key()).collect()
}

/// The win events a floor may name.
#[pyfunction]
fn floor_event_keys() -> Vec<&'static str> {
    FloorEvent::ALL.iter().map(|e| e.key()).collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRuleset>()?;
    m.add_function(wrap_pyfunction!(pattern_keys, m)?)?;
    m.add_function(wrap_pyfunction!(extra_keys, m)?)?;
    m.add_function(wrap_pyfunction!(floor_event_keys, m)?)?;
    Ok(())
}
