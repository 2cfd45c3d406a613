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

/// The family's entry in the rules registry (`rules::registry`).
pub struct Taiwan;

impl crate::rules::registry::Family for Taiwan {
    type Ruleset = TaiwanTable;
    type AtTable = TaiwanAtTable;
    type Win<'a> = (
        &'a crate::hand::Hand,
        crate::tile::Tile,
        &'a TaiwanSituation,
    );
    type Score = TaiwanScore;
    const SETTLEMENTS: &'static [&'static str] = &["taiwan"];

    fn compile(doc: &crate::rules::document::Document) -> crate::Result<Self::Ruleset> {
        TaiwanTable::compile(doc)
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
        TaiwanAtTable::new(rules.clone(), table)
    }
}
