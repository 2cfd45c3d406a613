//! The one list of rule families. Each family implements [`Family`] in its own module (how its normalised
//! ruleset document compiles, how it scores one win, its plug-in for the table engine); this file lists them
//! once, in [`FamilyRules`] (a compiled ruleset of any family) and [`FamilyTable`] (its table plug-in). Adding
//! a family is its own module, one `pub mod` line in `rules/mod.rs`, one line in `families!` and one arm in
//! `with_family_table!` below (docs/adding_a_family.md).

use crate::error::{EngineError, Result};
use crate::rules::document::Document;
use crate::rules::{folk, guangdong, mcr, sichuan, taiwan, tdh};
use crate::table::{Adjudicator, TableRules};

/// A rule family: what its compiled ruleset is, how it is compiled, how it scores a win, and its table plug-in.
pub trait Family {
    /// The compiled ruleset (frozen; shared by every call and every simulation thread).
    type Ruleset: Clone + Send + Sync;
    /// The family's [`Adjudicator`] at a table: wins, settlement, the table extras it brings.
    type AtTable: Adjudicator + Sync;
    /// One win as the family's scorer reads it (the hand, the winning tile, the situation).
    type Win<'a>;
    /// What the scorer returns for a legal win.
    type Score;
    /// The `settlement.kind` names of the tables it plays (the folk family settles 789 and 老章 apart).
    const SETTLEMENTS: &'static [&'static str];

    /// The ruleset of a validated, normalised document (every entry read by name, checked again).
    fn compile(doc: &Document) -> Result<Self::Ruleset>;
    fn name(rules: &Self::Ruleset) -> &str;
    /// Scores one win: `None` when the hand is not a legal win under the ruleset.
    fn score(rules: &Self::Ruleset, win: &Self::Win<'_>) -> Result<Option<Self::Score>>;
    /// The plug-in that plays `table` (the table rules of the same file) under `rules`.
    fn at_table(rules: &Self::Ruleset, table: TableRules) -> Result<Self::AtTable>;
}

/// Lists the families: `Variant => family type, "meta.family" names`. Everything that must name every
/// family is generated here.
macro_rules! families {
    ($($variant:ident => $family:ty, [$($name:literal),+];)+) => {
        /// A compiled ruleset of any family (made once per ruleset, so the variants' sizes do not matter).
        #[derive(Clone)]
        #[allow(clippy::large_enum_variant)]
        pub enum FamilyRules {
            $($variant(<$family as Family>::Ruleset),)+
        }

        /// A family's table plug-in (boxed: the plug-ins differ much in size).
        pub enum FamilyTable {
            $($variant(Box<<$family as Family>::AtTable>),)+
        }

        /// Every `meta.family` name a ruleset file may give.
        pub const FAMILY_NAMES: &[&str] = &[$($($name,)+)+];

        /// Every `settlement.kind` a table may name, family by family.
        pub const SETTLEMENT_KINDS: &[&[&str]] = &[$(<$family as Family>::SETTLEMENTS,)+];

        impl FamilyRules {
            /// Compiles `doc` as a ruleset of its family (`doc.family`, the file's `meta.family`).
            pub fn compile(doc: &Document) -> Result<FamilyRules> {
                let family = doc.family.as_str();
                $(if [$($name),+].contains(&family) {
                    return Ok(FamilyRules::$variant(<$family as Family>::compile(doc)?));
                })+
                Err(EngineError::ruleset(format!(
                    "meta.family: {family:?} is not a family (families: {})",
                    FAMILY_NAMES.join(", ")
                )))
            }

            pub fn name(&self) -> &str {
                match self {
                    $(FamilyRules::$variant(rules) => <$family as Family>::name(rules),)+
                }
            }

            /// The table plug-in playing `table` under this ruleset; a table whose `settlement.kind` the family
            /// does not settle is refused by name.
            pub fn at_table(&self, table: TableRules) -> Result<FamilyTable> {
                match self {
                    $(FamilyRules::$variant(rules) => {
                        check_settlement(<$family as Family>::SETTLEMENTS, table)?;
                        Ok(FamilyTable::$variant(Box::new(<$family as Family>::at_table(rules, table)?)))
                    })+
                }
            }
        }

        impl FamilyTable {
            /// The plug-in as a trait object (a `Table` steps through it; `simulate` dispatches once per run
            /// with [`with_family_table`](crate::with_family_table) instead, so its hot loop is compiled per family).
            pub fn adjudicator(&self) -> &(dyn Adjudicator + Sync) {
                match self {
                    $(FamilyTable::$variant(table) => table.as_ref(),)+
                }
            }
        }

        $(impl Registered for $family {
            fn compiled(rules: &FamilyRules) -> Option<&Self::Ruleset> {
                match rules {
                    FamilyRules::$variant(r) => Some(r),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        })+
    };
}

/// A family in the list: its compiled ruleset found in a [`FamilyRules`].
pub trait Registered: Family {
    fn compiled(rules: &FamilyRules) -> Option<&Self::Ruleset>;
}

families! {
    Guangdong => guangdong::Guangdong, ["guangdong"];
    Mcr => mcr::Mcr, ["mcr"];
    Tdh => tdh::Tdh, ["tdh"];
    Sichuan => sichuan::Sichuan, ["sichuan"];
    Taiwan => taiwan::Taiwan, ["taiwan"];
    Folk => folk::Folk, ["gd789", "laozhang"];
}

/// Runs `$body` with `$table` bound to the concrete plug-in inside a [`FamilyTable`], so that generic code
/// (the simulation's deal loop) is compiled once per family with no dispatch per call.
#[macro_export]
macro_rules! with_family_table {
    ($family_table:expr, |$table:ident| $body:expr) => {{
        use $crate::rules::registry::FamilyTable as F;
        match $family_table {
            F::Guangdong($table) => $body,
            F::Mcr($table) => $body,
            F::Tdh($table) => $body,
            F::Sichuan($table) => $body,
            F::Taiwan($table) => $body,
            F::Folk($table) => $body,
        }
    }};
}

fn check_settlement(kinds: &[&str], table: TableRules) -> Result<()> {
    if kinds.contains(&table.settlement.name()) {
        return Ok(());
    }
    Err(EngineError::ruleset(format!(
        "settlement.kind: {:?} is not settled by this family (it settles {})",
        table.settlement.name(),
        kinds.join(", ")
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::table_rules::Settlement;

    #[test]
    fn an_unknown_family_is_refused_with_the_list() {
        let error = FamilyRules::compile(&Document::new("vegas", "x", Vec::new()))
            .err()
            .expect("no such family")
            .to_string();
        assert!(error.contains("\"vegas\" is not a family"), "{error}");
        for name in FAMILY_NAMES {
            assert!(error.contains(name), "{error} lists {name}");
        }
    }

    #[test]
    fn every_settlement_kind_belongs_to_one_family() {
        let kinds: Vec<&str> = SETTLEMENT_KINDS
            .iter()
            .flat_map(|k| k.iter().copied())
            .collect();
        let mut distinct = kinds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), kinds.len());
        for kind in kinds {
            assert!(
                Settlement::named(kind).is_ok(),
                "{kind} is a settlement name"
            );
        }
        let table = TableRules {
            settlement: Settlement::named("sichuan").unwrap(),
            ..TableRules::default()
        };
        let error = check_settlement(&["guangdong"], table)
            .unwrap_err()
            .to_string();
        assert!(error.contains("\"sichuan\" is not settled by this family (it settles guangdong)"));
    }
}
