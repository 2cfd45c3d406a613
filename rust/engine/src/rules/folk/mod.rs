//! The Guangdong folk tables (RULES.md §5–§6): the 789 folk table (`Family::Gd789`: the hand ladder, flower
//! and kong money, mirror 买马) and 老章 (`Family::Laozhang`: 清平断缺将, the named hands, the dealer doubling).
//! `ruleset` is the compiled ruleset, `ladder` and `laozhang` read a hand, `money` settles one win.
//! `python/mjcore/reference/folk.py` is the readable twin; the row keys and option orders are those of
//! `python/mjcore/folk/ruleset.py`.

pub mod at_table;
pub mod hu_tail;
pub mod ladder;
pub mod laozhang;
pub mod money;
pub mod points;
pub mod ruleset;

pub use at_table::FolkAtTable;
pub use money::{score, FolkScore, FolkWin};
pub use ruleset::{Family, FolkRules, GD789_HANDS, LAOZHANG_FANS};

/// The family's entry in the rules registry (`rules::registry`).
pub struct Folk;

impl crate::rules::registry::Family for Folk {
    type Ruleset = FolkRules;
    type AtTable = FolkAtTable;
    type Win<'a> = (&'a crate::hand::Hand, u8, &'a FolkWin);
    type Score = FolkScore;
    const SETTLEMENTS: &'static [&'static str] = &["gd789", "laozhang"];

    fn compile(doc: &crate::rules::document::Document) -> crate::Result<Self::Ruleset> {
        FolkRules::compile(doc)
    }

    fn name(rules: &Self::Ruleset) -> &str {
        &rules.name
    }

    fn score(rules: &Self::Ruleset, win: &Self::Win<'_>) -> crate::Result<Option<Self::Score>> {
        money::score(win.0, win.1, win.2, rules)
    }

    fn at_table(
        rules: &Self::Ruleset,
        table: crate::table::TableRules,
    ) -> crate::Result<Self::AtTable> {
        FolkAtTable::new(rules.clone(), table)
    }
}
