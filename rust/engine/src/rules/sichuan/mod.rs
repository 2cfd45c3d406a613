//! Sichuan mahjong (血战到底, 血流成河): the fan of one win, its payments, and a deal's settlement (kong money,
//! 呼叫转移, 退税, 查花猪, 查大叫). Values and options are data (`ruleset`, from `rulesets/sichuan.toml`);
//! `python/mjcore/reference/sichuan/` is the readable twin of every module here.

pub mod at_table;
pub mod fan;
pub mod payments;
pub mod ruleset;
pub mod scorer;
pub mod settlement;
pub mod situation;

pub use at_table::SichuanAtTable;
pub use fan::{Fan, FanCounts};
pub use ruleset::{NextDealer, SichuanTable};
pub use scorer::{score, SichuanScore};
pub use settlement::{settle, EndHand, Event, KongKind, Settlement, Status, WinHow};
pub use situation::SichuanSituation;

/// The family's entry in the rules registry (`rules::registry`).
pub struct Sichuan;

impl crate::rules::registry::Family for Sichuan {
    type Ruleset = SichuanTable;
    type AtTable = SichuanAtTable;
    type Win<'a> = (
        &'a crate::hand::Hand,
        crate::tile::Tile,
        &'a SichuanSituation,
    );
    type Score = SichuanScore;
    const SETTLEMENTS: &'static [&'static str] = &["sichuan"];

    fn compile(doc: &crate::rules::document::Document) -> crate::Result<Self::Ruleset> {
        SichuanTable::compile(doc)
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
        SichuanAtTable::new(rules.clone(), table)
    }
}
