//! The Guangdong folk tables (RULES.md §5–§6): the 789 folk table (`Family::Gd789`: the hand ladder, flower
//! and kong money, mirror 买马) and 老章 (`Family::Laozhang`: 清平断缺将, the named hands, the dealer doubling).
//! `ruleset` is the compiled ruleset, `ladder` and `laozhang` read a hand, `money` settles one win.
//! `python/mjcore/reference/folk.py` is the readable twin; the row keys and option orders are those of
//! `python/mjcore/folk/ruleset.py`.

pub mod at_table;
pub mod ladder;
pub mod laozhang;
pub mod money;
pub mod ruleset;

pub use at_table::FolkAtTable;
pub use money::{score, FolkScore, FolkWin};
pub use ruleset::{Family, FolkRules, GD789_HANDS, LAOZHANG_FANS};
