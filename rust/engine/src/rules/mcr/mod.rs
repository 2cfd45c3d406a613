//! Chinese Official mahjong (国标, MCR): the 81 fans, scored as pymahjonggb (the Botzone scorer) scores them.
//! Detection is code, one concept per module; values and exclusions are data (`ruleset`, from
//! `rulesets/mcr.toml`). `python/mjcore/reference/mcr/` is the readable twin of every module here.

pub mod at_table;
pub mod batch;
pub mod fan;
pub mod folk;
pub mod forms;
pub mod hand_fans;
pub mod patterns;
pub mod readings;
pub mod ruleset;
pub mod scorer;
pub mod situation;
pub mod tiles;
pub mod waits;

pub use crate::hand::MeldSlot;
pub use at_table::McrAtTable;
pub use batch::{score_batch, score_batch_from, McrBatchRow};
pub use fan::{Fan, FanCounts};
pub use ruleset::{FanRow, McrTable};
pub use scorer::{score, McrScore};
pub use situation::{McrSituation, Opening};
