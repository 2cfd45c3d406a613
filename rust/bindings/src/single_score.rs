//! The single `score` of the families plugged in through the registry: one native path reads the hand (a
//! `mjcore.Hand`, hand text or 34 counts, as the Guangdong call does) and the family's situation dataclass,
//! scores, and makes the family's Python result (`family_results`).
//!
//! Building a Python `Hand` from hand text and the argument tuples cost three times the engine's work; here the
//! hand crosses once and is validated once. The situation was checked when it was built (and the keyword
//! situations are cached by `score_signature`), so it is read field by field, as stored.

use mjcore_engine::rules::registry::Registered;
use mjcore_engine::{Hand, Tile};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::argument;
use crate::family_results::Rules;
use crate::ruleset::PyRuleset;
use crate::score_objects::{any_hand, field};

/// One family's part of the single call: how its situation dataclass is read and how its Python result is
/// made. The plumbing around it is [`score_one`], shared.
pub trait SingleScore: Registered {
    /// The situation as the family's scorer takes it.
    type Situation;

    /// The winning tile as the family's scorer takes it: a [`Tile`], checked once in [`score_one`], or a
    /// [`TileCode`] where the family's winning tile may be more than a tile kind (推倒胡's flower ghosts).
    type WinningTile: WinTile;

    /// Reads the family's situation dataclass (its fields as stored: it checked them when it was built).
    fn situation(s: &Bound<'_, PyAny>) -> PyResult<Self::Situation>;

    /// Scores `hand` winning on `win` and makes the family's result object (the one its twin makes).
    fn result<'py>(
        rules: &Rules<'_, 'py, Self::Ruleset>,
        hand: Hand,
        win: Self::WinningTile,
        situation: &Self::Situation,
    ) -> PyResult<Bound<'py, PyAny>>;
}

/// A winning tile read from the code the single call is given.
pub trait WinTile: Sized {
    fn read(code: u8) -> PyResult<Self>;
}

impl WinTile for Tile {
    fn read(code: u8) -> PyResult<Tile> {
        Tile::new(code).ok_or_else(|| argument(format!("winning tile {code} is not 0..33")))
    }
}

/// A family's tile code as given (its scorer checks its range and words the refusal itself).
pub struct TileCode(pub u8);

impl WinTile for TileCode {
    fn read(code: u8) -> PyResult<TileCode> {
        Ok(TileCode(code))
    }
}

/// A situation field that is a seat or None, as the engine's code for "no seat" (`none`).
pub fn seat_or<'py>(s: &Bound<'py, PyAny>, name: &Bound<'py, PyString>, none: u8) -> PyResult<u8> {
    Ok(field::<Option<u8>>(s, name)?.unwrap_or(none))
}

/// The bit set of the situation's flags named in `names` (bit i for `names[i]`; names made once by `intern!`).
pub fn flag_bits<'py>(s: &Bound<'py, PyAny>, names: &[&Bound<'py, PyString>]) -> PyResult<u8> {
    let mut bits = 0u8;
    for (i, name) in names.iter().enumerate() {
        if field::<bool>(s, name)? {
            bits |= 1 << i;
        }
    }
    Ok(bits)
}

/// The bit set of a collection of seats (seat n is bit n).
pub fn seat_bits<'py>(s: &Bound<'py, PyAny>, name: &Bound<'py, PyString>) -> PyResult<u8> {
    let mut bits = 0u8;
    for seat in field::<Vec<u8>>(s, name)? {
        if seat > 3 {
            return Err(argument(format!("{name}: seat {seat} is not 0..3")));
        }
        bits |= 1 << seat;
    }
    Ok(bits)
}

/// The single call of family `F`, as the one `score` calls a family's core (`mjcore.rules.families`): the hand
/// in any spelling (`any_hand`), `win` the family's tile code, `situation` the family's situation dataclass,
/// `python` the family's Python ruleset (its `compiled` twin scores; its rows name the entries); returns the
/// family's result. Each `<family>_score` pyfunction is this call.
pub fn score_one<'py, F: SingleScore>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    win: u8,
    situation: &Bound<'py, PyAny>,
    python: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let compiled = python.getattr(pyo3::intern!(py, "compiled"))?;
    let compiled = compiled.cast::<PyRuleset>()?.get();
    let rules = Rules {
        py,
        compiled,
        table: compiled.of::<F>()?,
        python,
    };
    let hand = any_hand(hand)?;
    let situation = F::situation(situation)?;
    let win = F::WinningTile::read(win)?;
    F::result(&rules, hand, win, &situation)
}

/// Defines the single-call pyfunction `$name` of family `$family` (each family's `<family>_score`, which is
/// [`score_one`] of the family): one definition here, the call's doc and its registration in the family's file.
macro_rules! single_score_function {
    ($(#[doc = $doc:literal])* $name:ident, $family:ty) => {
        $(#[doc = $doc])*
        #[pyfunction]
        fn $name<'py>(
            py: Python<'py>,
            hand: &Bound<'py, PyAny>,
            win: u8,
            situation: &Bound<'py, PyAny>,
            rules: &Bound<'py, PyAny>,
        ) -> PyResult<Bound<'py, PyAny>> {
            $crate::single_score::score_one::<$family>(py, hand, win, situation, rules)
        }
    };
}

pub(crate) use single_score_function;
