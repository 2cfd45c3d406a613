//! Taiwan 16-tile mahjong: the additive 台 of one win (five sets and a pair) and its payments
//! 底 + (台 + D) × 台價, flower wins (八仙過海, 七搶一) and the 眼牌费. Values and options are data (`ruleset`,
//! from `rulesets/taiwan.toml`); `python/mjcore/reference/taiwan/` is the readable twin.

pub mod at_table;
pub mod payments;
pub mod ruleset;
pub mod scorer;
pub mod situation;
pub mod tai;

pub use at_table::TaiwanAtTable;
pub use payments::{flower_win, FlowerWin};
pub use ruleset::TaiwanTable;
pub use scorer::{score, TaiwanScore};
pub use situation::TaiwanSituation;
pub use tai::{Tai, TaiCounts};
