//! The one place where engine errors become Python exceptions. The exception classes live in
//! `mjcore.errors` (Python), so that the pure-Python reference raises exactly the same ones.

use mjcore_engine::EngineError;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// The `mjcore.errors` class name for each engine error variant (an exhaustive match, so a new variant
/// cannot be forgotten).
fn class_name(error: &EngineError) -> &'static str {
    match error {
        EngineError::Notation { .. } => "NotationError",
        EngineError::InvalidTile { .. } => "InvalidTileError",
        EngineError::InvalidHand { .. } => "InvalidHandError",
        EngineError::Ruleset { .. } => "RulesetError",
        EngineError::IllegalAction { .. } => "IllegalActionError",
        EngineError::InvalidArgument { .. } => "InvalidArgumentError",
    }
}

/// Converts an engine error into the matching `mjcore.errors` exception.
pub fn to_py(error: EngineError) -> PyErr {
    Python::attach(|py| {
        let name = class_name(&error);
        let message = error.to_string();
        match py.import("mjcore.errors").and_then(|m| m.getattr(name)) {
            Ok(class) => {
                let args = match &error {
                    EngineError::Notation { position, .. } => (message.clone(), Some(*position)),
                    _ => (message.clone(), None),
                };
                match class.call1(args) {
                    Ok(instance) => PyErr::from_value(instance),
                    Err(e) => e,
                }
            }
            Err(_) => PyRuntimeError::new_err(format!("{name}: {message}")),
        }
    })
}

/// `Result` with engine errors mapped to Python exceptions.
pub trait IntoPyResult<T> {
    fn py_err(self) -> PyResult<T>;
}

impl<T> IntoPyResult<T> for Result<T, EngineError> {
    fn py_err(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}

/// An argument error raised from the bindings themselves (shape of an array, an out-of-range flag).
pub fn argument(message: impl Into<String>) -> PyErr {
    to_py(EngineError::argument(message))
}

/// An argument of the wrong Python type: `mjcore.errors.ArgumentTypeError` (also a `TypeError`), so that a
/// caller catching `MjcoreError` catches it; the message names the argument and what it takes.
pub fn wrong_type(message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| {
        match py
            .import("mjcore.errors")
            .and_then(|m| m.getattr("ArgumentTypeError"))
        {
            Ok(class) => match class.call1((message.clone(),)) {
                Ok(instance) => PyErr::from_value(instance),
                Err(e) => e,
            },
            Err(_) => pyo3::exceptions::PyTypeError::new_err(message),
        }
    })
}

/// A flag argument as given: exactly a bool, or the name of the type given instead. Extracting never fails,
/// so that the function's body refuses a wrong type with the argument's name ([`Flag::named`]), where PyO3's
/// own extraction would raise a bare `TypeError`.
pub enum Flag {
    Bool(bool),
    Not(String),
}

impl Flag {
    pub const TRUE: Flag = Flag::Bool(true);

    /// The bool, or `ArgumentTypeError` naming `name` (`seven_pairs_quads must be a bool, not int`, the words of
    /// the twin's check).
    pub fn named(self, name: &str) -> PyResult<bool> {
        match self {
            Flag::Bool(value) => Ok(value),
            Flag::Not(kind) => Err(wrong_type(format!("{name} must be a bool, not {kind}"))),
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Flag {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(flag) = value.cast::<pyo3::types::PyBool>() {
            return Ok(Flag::Bool(flag.is_true()));
        }
        let kind = value
            .get_type()
            .name()
            .map(|name| name.to_string())
            .unwrap_or_default();
        Ok(Flag::Not(kind))
    }
}

/// A bad hand detected while converting arguments.
pub fn bad_hand(message: impl Into<String>) -> PyErr {
    to_py(EngineError::hand(message))
}

/// `mjcore.errors.ConcurrentUseError`: an object used from two threads at once, or from inside its own
/// callback.
pub fn concurrent_use(message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| {
        match py
            .import("mjcore.errors")
            .and_then(|m| m.getattr("ConcurrentUseError"))
            .and_then(|class| class.call1((message.clone(),)))
        {
            Ok(instance) => PyErr::from_value(instance),
            Err(_) => PyRuntimeError::new_err(message),
        }
    })
}
