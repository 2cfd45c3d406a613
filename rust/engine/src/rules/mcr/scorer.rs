//! The MCR scorer: check the input, find every reading of the winning hand, score each, keep the best.
//!
//! The forms are tried as pymahjonggb tries them. With no declared meld the special forms come first (seven
//! pairs, 全不靠/七星不靠, 十三幺), then 组合龙, then 九莲宝灯; with one meld only 组合龙. A hand of no special
//! form, or a seven-pairs hand, is then divided into sets; each division is scored and the highest total wins
//! (就高不就低). Equal totals keep the first division, unless a later one scores 一色三同顺 or 三同刻, or the
//! rival is seven pairs — pymahjonggb's tie rules.

use super::fan::{Fan, FanCounts};
use super::forms::{present, Group, SetKind};
use super::readings::{
    division_fans, for_each_standard_division, knitted_straight_fans, nine_gates_fans,
    special_form_fans, Win,
};
use super::ruleset::McrTable;
use super::situation::{McrSituation, Opening};
use crate::error::{EngineError, Result};
use crate::hand::{Hand, MeldKind};
use crate::tile::{Tile, COPIES};
use std::cell::OnceCell;

/// Tiles an MCR hand holds before its winning tile, each meld counted as 3.
const HAND_TILES: usize = 13;
/// Declared melds a hand can hold.
const MAX_MELDS: usize = 4;

/// The score of a win: the fans counted (flowers included) and the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct McrScore {
    pub fans: FanCounts,
    pub total: u16,
    /// 8番起和: the total without flowers reaches the table's minimum.
    pub meets_minimum: bool,
}

/// Scores `hand` (the 13 tiles before the winning tile; flowers add 花牌) winning on `win`. Ok(None) when the
/// tiles do not form a winning hand. Errors for a hand MCR cannot hold (wilds, a wrong size, a fifth copy)
/// and for a situation the hand contradicts.
pub fn score(
    hand: &Hand,
    win: Tile,
    situation: &McrSituation,
    table: &McrTable,
) -> Result<Option<McrScore>> {
    situation.validate()?;
    let mut melds = [Group::concealed(SetKind::Pair, 0); MAX_MELDS];
    let prepared = prepare(hand, win.index(), situation, table, &mut melds)?;
    let Some(mut fans) = best_reading(&prepared, table) else {
        return Ok(None);
    };
    let flowers = hand.flowers.count_ones() as u8;
    let base_total = table.total(&fans);
    fans.add(Fan::FlowerTiles, flowers);
    Ok(Some(McrScore {
        fans,
        total: table.total(&fans),
        meets_minimum: base_total >= table.minimum,
    }))
}

fn meld_group(kind: MeldKind, tile: u8) -> Group {
    let (kind, melded) = match kind {
        MeldKind::Chi => (SetKind::Chow, true),
        MeldKind::Pon => (SetKind::Pung, true),
        MeldKind::Kong | MeldKind::AddedKong => (SetKind::Kong, true),
        MeldKind::ConcealedKong => (SetKind::Kong, false),
    };
    Group { kind, tile, melded }
}

fn prepare<'a>(
    hand: &Hand,
    win: u8,
    situation: &McrSituation,
    table: &McrTable,
    melds: &'a mut [Group; MAX_MELDS],
) -> Result<Win<'a>> {
    if hand.wilds > 0 {
        return Err(EngineError::hand("MCR has no wild tiles"));
    }
    let size = hand.concealed_len() + 3 * hand.melds.len();
    if size != HAND_TILES || hand.melds.len() > MAX_MELDS {
        return Err(EngineError::hand(format!(
            "an MCR hand before its winning tile holds 13 tiles counting each meld as 3, not {size}"
        )));
    }
    hand.validate()?;
    let name = |t: u8| Tile::new(t).map_or_else(String::new, Tile::mpsz);
    let mut all_counts = hand.all_tiles();
    all_counts[win as usize] += 1;
    if all_counts[win as usize] > COPIES {
        return Err(EngineError::hand(format!(
            "the winning tile {} would be a fifth copy",
            name(win)
        )));
    }
    for (slot, meld) in melds.iter_mut().zip(&hand.melds) {
        *slot = meld_group(meld.kind, meld.tile.index());
    }
    let melds = &melds[..hand.melds.len()];
    let shown: usize = melds
        .iter()
        .map(|g| match g.kind {
            SetKind::Chow => usize::from(g.contains(win)),
            SetKind::Kong if g.tile == win => 4,
            _ if g.tile == win => 3,
            _ => 0,
        })
        .sum();
    let held = hand.concealed[win as usize];
    if situation.robbing_kong && (shown > 0 || held > 0) {
        return Err(EngineError::argument(format!(
            "robbing_kong: the robbed {} completes someone's kong, so no other copy can be in this hand",
            name(win)
        )));
    }
    if situation.kong_replacement && !melds.iter().any(|g| g.kind == SetKind::Kong) {
        return Err(EngineError::argument(
            "kong_replacement (杠上开花) needs a declared kong in the hand",
        ));
    }
    if situation.last_copy && held > 0 {
        return Err(EngineError::argument(format!(
            "last_copy (和绝张): the hand holds another {}, so three cannot be visible",
            name(win)
        )));
    }
    check_opening(hand, situation, table)?;
    let mut standing = hand.concealed;
    standing[win as usize] += 1;
    Ok(Win {
        standing,
        melds,
        all_counts,
        tiles: present(&all_counts),
        win,
        situation: *situation,
        // three copies in the hand's own melds make the winning tile the last one
        last_copy: situation.last_copy || shown == 3,
        kong_flag: situation.kong_replacement || situation.robbing_kong,
        mixed_kong_pair_fan: table.concealed_and_melded_kong,
        folk: table.scores_folk_fans(),
        unique_wait: OnceCell::new(),
    })
}

/// The first-go-around situations need the folk fans on, and a hand the first go-around can hold.
fn check_opening(hand: &Hand, situation: &McrSituation, table: &McrTable) -> Result<()> {
    let opening = situation.opening;
    if opening == Opening::None {
        return Ok(());
    }
    let name = opening.name();
    if !table.scores_folk_fans() {
        return Err(EngineError::argument(format!(
            "{name}: a folk fan's situation, and this ruleset does not score the folk fans (options.folk_fans)"
        )));
    }
    if opening == Opening::Earthly && !table.earthly_open_to(situation.seat_wind) {
        return Err(EngineError::argument(
            "earthly (地和): under options.earthly_next_seat_only only the dealer's 下家 (seat_wind 1) wins it",
        ));
    }
    if opening == Opening::HeavenlyReady {
        if hand.melds.iter().any(|m| m.kind != MeldKind::ConcealedKong) {
            return Err(EngineError::argument(
                "heavenly_ready (天听): a hand ready from the deal claims nothing",
            ));
        }
    } else if !hand.melds.is_empty() {
        return Err(EngineError::argument(format!(
            "{name}: the first go-around has no claim or kong yet, so no meld"
        )));
    }
    Ok(())
}

fn best_reading(win: &Win<'_>, table: &McrTable) -> Option<FanCounts> {
    let special = match win.melds.len() {
        0 => special_form_fans(win)
            .or_else(|| knitted_straight_fans(win))
            .or_else(|| nine_gates_fans(win)),
        1 => knitted_straight_fans(win),
        _ => None,
    };
    let mut best = special.map(|mut fans| {
        table.apply_exclusions(&mut fans);
        fans
    });
    if best.is_some_and(|fans| !fans.has(Fan::SevenPairs)) {
        return best;
    }
    let rival_is_seven_pairs = best.is_some();
    let mut best_total = best.map_or(0, |fans| table.total(&fans));
    for_each_standard_division(win, &mut |groups| {
        let mut fans = division_fans(win, groups);
        table.apply_exclusions(&mut fans);
        let total = table.total(&fans);
        let preferred =
            fans.get(Fan::PureTripleChow) == 1 || fans.has(Fan::TriplePung) || rival_is_seven_pairs;
        if total > best_total || (total == best_total && preferred) {
            best = Some(fans);
            best_total = total;
        }
    });
    best
}
