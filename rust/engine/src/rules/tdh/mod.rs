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

/// The family's entry in the rules registry (`rules::registry`).
pub struct Tdh;

impl crate::rules::registry::Family for Tdh {
    type Ruleset = TdhRules;
    type AtTable = TdhTable;
    type Win<'a> = (TdhWin<'a>, u8);
    type Score = TdhScore;
    const SETTLEMENTS: &'static [&'static str] = &["tdh"];

    fn compile(doc: &crate::rules::document::Document) -> crate::Result<Self::Ruleset> {
        TdhRules::compile(doc)
    }

    fn name(rules: &Self::Ruleset) -> &str {
        &rules.name
    }

    fn score(rules: &Self::Ruleset, win: &Self::Win<'_>) -> crate::Result<Option<Self::Score>> {
        scorer::score(&win.0, rules, win.1).map(|s| (s.refusal == 0).then_some(s))
    }

    fn at_table(
        rules: &Self::Ruleset,
        table: crate::table::TableRules,
    ) -> crate::Result<Self::AtTable> {
        TdhTable::new(rules.clone(), table)
    }
}
