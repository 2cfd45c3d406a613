//! The Chinese Official knitted forms. A knitted pattern gives each suit one of the three sequences 147,
//! 258, 369 (six ways). 全不靠 is fourteen distinct tiles of one pattern and the seven honours (七星不靠 when
//! all seven honours are among them); 组合龙 is the whole pattern plus a set and a pair.

use std::ops::ControlFlow;

use super::builder::Builder;
use super::group::{Group, GroupKind};
use super::{standard, Decomposition, FormKind, SPECIAL_FORM_TILES};
use crate::forms::FormOptions;
use crate::hand::Hand;
use crate::knitted_pattern::{KnittedPattern, PATTERN_TILES};

/// Pattern tiles plus the seven honours: the sixteen tiles 全不靠 picks fourteen from.
const HONORS_KNITTED_CANDIDATES: usize = PATTERN_TILES + 7;
const FIRST_HONOR: u8 = 27;

/// 全不靠 and 七星不靠: for each pattern, the fourteen-tile subsets of its sixteen candidates (two left out);
/// a wild stands for each candidate that has no real tile. Leaving out two suited tiles keeps all seven
/// honours, which is 七星不靠.
pub(super) fn search_honors<F>(hand: &Hand, opts: FormOptions, visit: &mut F) -> ControlFlow<()>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    if hand.concealed.iter().any(|&c| c > 1) {
        return ControlFlow::Continue(());
    }
    for form in [
        FormKind::GreaterHonorsKnitted,
        FormKind::LesserHonorsKnitted,
    ] {
        let mut builder = Builder::new(hand, opts, form, visit);
        for pattern in KnittedPattern::ALL.map(KnittedPattern::tiles) {
            let mut candidates = [0u8; HONORS_KNITTED_CANDIDATES];
            candidates[..PATTERN_TILES].copy_from_slice(&pattern);
            for (slot, honor) in candidates[PATTERN_TILES..].iter_mut().zip(FIRST_HONOR..) {
                *slot = honor;
            }
            for first in 0..HONORS_KNITTED_CANDIDATES {
                for second in first + 1..HONORS_KNITTED_CANDIDATES {
                    let keeps_honors = second < PATTERN_TILES;
                    if keeps_honors != (form == FormKind::GreaterHonorsKnitted) {
                        continue;
                    }
                    let mut singles = [Group::default(); SPECIAL_FORM_TILES];
                    let kept = candidates
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| i != first && i != second);
                    for (slot, (_, &tile)) in singles.iter_mut().zip(kept) {
                        let wild = builder.remaining[tile as usize] == 0;
                        *slot = Group::concealed(GroupKind::Single, &[tile], u16::from(wild));
                    }
                    builder.with_groups(&singles, |b| b.emit())?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// 组合龙: the nine pattern tiles (each real or wild), then a pair and the sets the melds do not supply.
pub(super) fn search_straight<F>(hand: &Hand, opts: FormOptions, visit: &mut F) -> ControlFlow<()>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    const SETS: usize = 1;
    if hand.melds.len() > SETS || hand.concealed_len() + 3 * hand.melds.len() != SPECIAL_FORM_TILES
    {
        return ControlFlow::Continue(());
    }
    let sets = (SETS - hand.melds.len()) as u8;
    let mut builder = Builder::new(hand, opts, FormKind::KnittedStraight, visit);
    for pattern in KnittedPattern::ALL.map(KnittedPattern::tiles) {
        let mut must_be_wild = 0u16;
        for (position, &tile) in pattern.iter().enumerate() {
            if hand.concealed[tile as usize] == 0 {
                must_be_wild |= 1 << position;
            }
        }
        if must_be_wild.count_ones() > u32::from(hand.wilds) {
            continue;
        }
        // Every choice of which present tiles a wild replaces as well (the real tile then goes elsewhere).
        let optional = !must_be_wild & ((1 << PATTERN_TILES) - 1);
        let mut extra = optional;
        loop {
            let mask = must_be_wild | extra;
            if mask.count_ones() <= u32::from(hand.wilds) {
                let knitted = Group::concealed(GroupKind::Knitted, &pattern, mask);
                builder.with_group(knitted, |b| standard::search(b, sets))?;
            }
            if extra == 0 {
                break;
            }
            extra = (extra - 1) & optional;
        }
    }
    ControlFlow::Continue(())
}
