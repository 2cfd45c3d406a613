//! The one error type of the engine. Every public function returns it instead of panicking, and the Python
//! bindings map each variant to one `mjcore.errors` class.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// Text that is not valid tile notation: what was wrong and the character position (0-based).
    Notation { position: usize, message: String },
    /// A tile index or name that does not exist.
    InvalidTile { message: String },
    /// A hand that cannot exist: a fifth copy, a wrong size, a malformed meld.
    InvalidHand { message: String },
    /// A ruleset value or option that is out of range or inconsistent.
    Ruleset { message: String },
    /// A game action that is not legal in the current state.
    IllegalAction { message: String },
    /// Any other argument out of its documented range.
    InvalidArgument { message: String },
}

impl EngineError {
    pub fn hand(message: impl Into<String>) -> Self {
        EngineError::InvalidHand {
            message: message.into(),
        }
    }
    pub fn tile(message: impl Into<String>) -> Self {
        EngineError::InvalidTile {
            message: message.into(),
        }
    }
    pub fn notation(position: usize, message: impl Into<String>) -> Self {
        EngineError::Notation {
            position,
            message: message.into(),
        }
    }
    pub fn argument(message: impl Into<String>) -> Self {
        EngineError::InvalidArgument {
            message: message.into(),
        }
    }
    pub fn ruleset(message: impl Into<String>) -> Self {
        EngineError::Ruleset {
            message: message.into(),
        }
    }
    pub fn illegal(message: impl Into<String>) -> Self {
        EngineError::IllegalAction {
            message: message.into(),
        }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Notation { position, message } => {
                write!(f, "{message} (at position {position})")
            }
            EngineError::InvalidTile { message }
            | EngineError::InvalidHand { message }
            | EngineError::Ruleset { message }
            | EngineError::IllegalAction { message }
            | EngineError::InvalidArgument { message } => f.write_str(message),
        }
    }
}

impl std::error::Error for EngineError {}

pub type Result<T> = std::result::Result<T, EngineError>;
