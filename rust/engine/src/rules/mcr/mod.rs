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

/// The family's entry in the rules registry (`rules::registry`).
pub struct Mcr;

impl crate::rules::registry::Family for Mcr {
    type Ruleset = McrTable;
    type AtTable = McrAtTable;
    type Win<'a> = (&'a crate::hand::Hand, crate::tile::Tile, &'a McrSituation);
    type Score = McrScore;
    const SETTLEMENTS: &'static [&'static str] = &["mcr"];

    fn compile(doc: &crate::rules::document::Document) -> crate::Result<Self::Ruleset> {
        McrTable::compile(doc)
    }

    fn name(rules: &Self::Ruleset) -> &str {
        &rules.name
    }

    fn score(rules: &Self::Ruleset, win: &Self::Win<'_>) -> crate::Result<Option<Self::Score>> {
        scorer::score(win.0, win.1, win.2, rules)
    }

    fn at_table(
        rules: &Self::Ruleset,
        table: crate::table::TableRules,
    ) -> crate::Result<Self::AtTable> {
        Ok(McrAtTable::new(rules.clone(), table))
    }
}
