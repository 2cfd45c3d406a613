//! mjcore-engine: a Chinese mahjong rules engine in pure Rust (no Python). The `mjcore` Python package wraps
//! it through the `mjcore-py` bindings crate.

pub mod error;
pub mod forms;
pub mod hand;
pub mod notation;
pub mod suit_key;
pub mod tile;

pub use error::{EngineError, Result};
pub use forms::{FormOptions, FormSet};
pub use hand::{Hand, HandShape, Meld, MeldKind};
pub use tile::{Counts, Suit, Tile, NUM_KINDS};
pub mod rules;
pub mod ruleset;
pub mod scoring;
