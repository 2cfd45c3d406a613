//! 推倒胡 (Shenzhen push-down with ghost tiles, RULES.md §4): the ruleset options (`ruleset`), the tile set, the
//! ghost modes and the horse mapping (`tiles`), and the scoring and settlement of one win (`scorer`).
//! `python/mjcore/reference/tdh/` is the readable twin of every module here; the codes are those of
//! `python/mjcore/tdh/names.py`.

pub mod at_table;
pub mod ruleset;
pub mod scorer;
pub mod tiles;

pub use at_table::TdhTable;
pub use ruleset::{GhostMode, TdhRules, TileSet};
pub use scorer::{
    score, KongPayment, OtherKong, Refusal, Source, TdhScore, TdhWin, FORM_KEYS, MULTIPLIER_KEYS,
};
