//! mjcore-engine: a Chinese mahjong rules engine in pure Rust (no Python). The `mjcore` Python package wraps
//! it through the `mjcore-py` bindings crate.

pub mod advisor;
pub mod bots;
mod completing_tiles;
pub mod decompose;
pub mod env;
pub mod error;
pub mod forms;
#[doc(hidden)]
pub mod fuzz_targets;
pub mod hand;
mod inline_vec;
pub(crate) mod kind_mask;
pub mod knitted_pattern;
pub mod notation;
mod prefetch;
pub mod rng;
pub mod row_code;
pub mod rules;
pub mod shanten;
pub mod sim;
pub mod suit_key;
pub mod table;
pub mod tile;
pub mod waits;
pub mod win;
mod win_table;

pub use decompose::{
    decompose, for_each_decomposition, is_win, Decomposition, FormKind, Group, GroupKind,
};
pub use error::{EngineError, Result};
pub use forms::{FormOptions, FormSet};
pub use hand::{Hand, HandShape, Meld, MeldKind};
pub use shanten::{
    shanten, shanten_by_form, shanten_code, shanten_codes_into, shanten_counts,
    shanten_counts_into, ShantenByForm,
};
pub use tile::{Counts, Suit, Tile, NUM_KINDS};
pub use waits::{discards, plain_waits, waits, Discard};
pub use win::{is_win_codes_into, is_win_counts, is_win_counts_with};
