//! The table's built-in win check: a hand wins when its concealed part completes in the chosen forms, every
//! win worth 0 fan. For 鸡平胡 the forms are the standard shape and thirteen orphans — no seven pairs
//! (RULES.md §2.1). Fan values and the 起和 minimum come with a scoring adjudicator.

use super::adjudicator::{Adjudicator, WinSituation};
use super::types::WinInfo;
use crate::error::Result;
use crate::forms::{FormOptions, FormSet};
use crate::hand::Meld;
use crate::tile::Counts;
use crate::win::is_win_counts_with;

#[derive(Clone, Copy, Debug)]
pub struct ShapeRules {
    pub options: FormOptions,
}

impl ShapeRules {
    /// 鸡平胡: the standard shape and thirteen orphans (the other options at their defaults; they concern
    /// seven pairs and wilds, which 鸡平胡 does not have).
    pub const CHICKEN: ShapeRules = ShapeRules {
        options: FormOptions {
            forms: FormSet::STANDARD.union(FormSet::THIRTEEN_ORPHANS),
            seven_pairs_quads: true,
            wild_fifth_copy: true,
        },
    };
}

impl Adjudicator for ShapeRules {
    /// Declared melds are complete sets already, so the concealed part alone decides; the whole-hand forms
    /// need 14 concealed tiles, which a hand with melds never has.
    fn judge(&self, concealed: &Counts, _: &[Meld], _: &WinSituation) -> Result<Option<WinInfo>> {
        Ok(is_win_counts_with(concealed, self.options).then_some(WinInfo::default()))
    }

    fn winning_forms(&self) -> Option<FormSet> {
        Some(self.options.forms)
    }
}
