//! Every decomposition of a complete (3n+2) hand: sets and a pair, seven pairs, thirteen orphans and the
//! Chinese Official knitted forms, with what every wild tile stands for.
//!
//! Each search places groups so that every distinct decomposition is produced exactly once (see
//! `standard.rs`), so the visitor form [`for_each_decomposition`] needs no set of seen results and never
//! allocates; [`decompose`] collects and sorts. [`is_win`] stops at the first decomposition, after the
//! table-driven checks of [`crate::win`] for plain concealed counts and the concealed part beside declared
//! melds.

mod builder;
mod group;
mod knitted;
mod orphans;
mod seven_pairs;
mod standard;

use std::cmp::Ordering;
use std::fmt;
use std::ops::ControlFlow;

use crate::error::{EngineError, Result};
use crate::forms::{FormOptions, FormSet};
use crate::hand::{Hand, HandShape};
use crate::shanten::FORM_ORDER;
use crate::tile::{Counts, NUM_KINDS};
use crate::win::{is_standard_win, is_win_counts_with};
use builder::Builder;
pub use group::{Group, GroupKind, MAX_GROUP_TILES};

/// The most groups a decomposition holds (全不靠: fourteen singles).
pub const MAX_GROUPS: usize = 14;

/// The concealed size of the forms that take a whole 14-tile hand (seven pairs, orphans, knitted).
const SPECIAL_FORM_TILES: usize = 14;

/// The specific form of a decomposition. Declared in the alphabetical order of the names, so that native
/// results sort like the Python result objects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FormKind {
    /// 七星不靠: all seven honours and seven tiles of one knitted pattern.
    GreaterHonorsKnitted,
    /// 组合龙: the nine tiles of a knitted straight, a set and a pair.
    KnittedStraight,
    /// 全不靠: fourteen distinct tiles of one knitted pattern and the honours.
    LesserHonorsKnitted,
    /// 七对.
    SevenPairs,
    /// Sets and a pair.
    Standard,
    /// 十三幺.
    ThirteenOrphans,
}

impl FormKind {
    /// Every form, in declaration order (so `form as usize` indexes this array).
    pub const ALL: [FormKind; 6] = [
        FormKind::GreaterHonorsKnitted,
        FormKind::KnittedStraight,
        FormKind::LesserHonorsKnitted,
        FormKind::SevenPairs,
        FormKind::Standard,
        FormKind::ThirteenOrphans,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            FormKind::GreaterHonorsKnitted => "greater_honors_knitted",
            FormKind::KnittedStraight => "knitted_straight",
            FormKind::LesserHonorsKnitted => "lesser_honors_knitted",
            FormKind::SevenPairs => "seven_pairs",
            FormKind::Standard => "standard",
            FormKind::ThirteenOrphans => "thirteen_orphans",
        }
    }
}

/// One way to read a complete hand: concealed groups in canonical order, then the declared melds in hand
/// order. Fixed-size `Copy` data: no allocation.
#[derive(Clone, Copy)]
pub struct Decomposition {
    pub form: FormKind,
    groups: [Group; MAX_GROUPS],
    len: u8,
}

impl Decomposition {
    pub fn groups(&self) -> &[Group] {
        &self.groups[..self.len as usize]
    }

    /// How many wild tiles stand for each kind.
    pub fn wild_counts(&self) -> Counts {
        let mut counts = [0; NUM_KINDS];
        for tile in self.groups().iter().flat_map(Group::wild_tiles) {
            counts[tile as usize] += 1;
        }
        counts
    }

    /// The pair, in the forms that have exactly one.
    pub fn pair(&self) -> Option<&Group> {
        let mut pairs = self.groups().iter().filter(|g| g.kind == GroupKind::Pair);
        match (pairs.next(), pairs.next()) {
            (Some(pair), None) => Some(pair),
            _ => None,
        }
    }
}

impl fmt::Debug for Decomposition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Decomposition")
            .field("form", &self.form)
            .field("groups", &self.groups())
            .finish()
    }
}

/// Order of the decomposition list: form, then groups.
impl Ord for Decomposition {
    fn cmp(&self, other: &Self) -> Ordering {
        self.form
            .cmp(&other.form)
            .then_with(|| self.groups().cmp(other.groups()))
    }
}

impl PartialOrd for Decomposition {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Decomposition {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Decomposition {}

/// Every distinct decomposition of a complete hand in the selected forms, sorted by (form, groups). Empty
/// when the hand is not a win. An error for an invalid hand or a 3n+1 (waiting) hand.
pub fn decompose(hand: &Hand, opts: FormOptions) -> Result<Vec<Decomposition>> {
    let mut found = Vec::new();
    let _never_stopped = for_each_decomposition(hand, opts, |d| {
        found.push(*d);
        ControlFlow::Continue(())
    })?;
    found.sort_unstable();
    Ok(found)
}

/// Calls `visit` once for every distinct decomposition (in no particular order) until it breaks; returns
/// whether it broke. Nothing is allocated.
pub fn for_each_decomposition<F>(
    hand: &Hand,
    opts: FormOptions,
    mut visit: F,
) -> Result<ControlFlow<()>>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    let sets = complete_sets(hand)?;
    Ok(visit_forms(hand, opts, sets, &mut visit))
}

/// Whether a complete-sized (3n+2) hand is a win in one of the selected forms: plain concealed counts by the
/// tables of [`crate::win`], other hands by the search stopping at its first decomposition. An error for an
/// invalid hand or a 3n+1 hand.
pub fn is_win(hand: &Hand, opts: FormOptions) -> Result<bool> {
    let sets = complete_sets(hand)?;
    let mut searched = opts;
    if hand.wilds == 0 {
        if hand.melds.is_empty() {
            return Ok(is_win_counts_with(&hand.concealed, opts));
        }
        // Declared melds are sets already, so the concealed part alone decides the standard form.
        if opts.forms.contains(FormSet::STANDARD) && is_standard_win(&hand.concealed) {
            return Ok(true);
        }
        searched.forms = FormSet(opts.forms.0 & !FormSet::STANDARD.0);
    }
    let mut stop_at_first = |_: &_| ControlFlow::Break(());
    Ok(visit_forms(hand, searched, sets, &mut stop_at_first).is_break())
}

/// The number of sets the concealed part of a valid, complete-sized hand must form.
pub(crate) fn complete_sets(hand: &Hand) -> Result<u8> {
    match hand.validate()? {
        HandShape::Full { sets } => Ok(sets),
        HandShape::Waiting { .. } => Err(EngineError::hand(format!(
            "a concealed part of {} tiles is a 3n+1 (waiting) hand: a win needs 3n+2 tiles",
            hand.concealed_len()
        ))),
    }
}

pub(crate) fn visit_forms<F>(
    hand: &Hand,
    opts: FormOptions,
    sets: u8,
    visit: &mut F,
) -> ControlFlow<()>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    let fully_concealed_14 = hand.melds.is_empty() && hand.concealed_len() == SPECIAL_FORM_TILES;
    let forms = forms_worth_searching(hand, opts);
    if forms.contains(FormSet::STANDARD) {
        standard::search(
            &mut Builder::new(hand, opts, FormKind::Standard, visit),
            sets,
        )?;
    }
    if fully_concealed_14 && forms.contains(FormSet::SEVEN_PAIRS) {
        let mut builder = Builder::new(hand, opts, FormKind::SevenPairs, visit);
        seven_pairs::search(&mut builder, opts.seven_pairs_quads)?;
    }
    if fully_concealed_14 && forms.contains(FormSet::THIRTEEN_ORPHANS) {
        orphans::search(&mut Builder::new(
            hand,
            opts,
            FormKind::ThirteenOrphans,
            visit,
        ))?;
    }
    if forms.contains(FormSet::KNITTED) {
        if fully_concealed_14 {
            knitted::search_honors(hand, opts, visit)?;
        }
        knitted::search_straight(hand, opts, visit)?;
    }
    ControlFlow::Continue(())
}

/// The selected forms worth searching. For plain concealed counts (no melds, no wilds) the table-driven win
/// check rules out, for a few nanoseconds, each form the hand is not a win in; a search would find nothing.
fn forms_worth_searching(hand: &Hand, opts: FormOptions) -> FormSet {
    if !hand.melds.is_empty() || hand.wilds > 0 {
        return opts.forms;
    }
    let wins_in = |form: FormSet| {
        opts.forms.contains(form)
            && is_win_counts_with(
                &hand.concealed,
                FormOptions {
                    forms: form,
                    ..opts
                },
            )
    };
    FORM_ORDER
        .into_iter()
        .filter(|&form| wins_in(form))
        .fold(FormSet::NONE, FormSet::union)
}
