//! Fans of the whole hand: suits, tile traits, rank ranges, group traits, the winning situation, the wait
//! and the winds. `tiles` is the set of kinds the hand holds or shows, as bits.

use super::fan::{Fan, FanCounts};
use super::forms::{Group, SetKind};
use super::tiles::{
    is_honor, is_wind, rank, KindMask, DRAGONS, GREEN, HONORS, REVERSIBLE, TERMINALS, WINDS,
};

const SUIT_MASK: KindMask = 0x1FF;

fn holds_suit(tiles: KindMask, suit: u32) -> bool {
    tiles & (SUIT_MASK << (9 * suit)) != 0
}

/// 无字, 缺一门 (once per missing suit), 混一色, 清一色, 五门齐.
pub fn suit_fans(tiles: KindMask, fans: &mut FanCounts) {
    let honors = tiles & HONORS != 0;
    let missing = (0..3).filter(|&s| !holds_suit(tiles, s)).count() as u8;
    if missing == 2 {
        fans.add(
            if honors {
                Fan::HalfFlush
            } else {
                Fan::FullFlush
            },
            1,
        );
        return;
    }
    fans.add_if(Fan::NoHonors, !honors);
    fans.add(Fan::OneVoidedSuit, missing);
    fans.add_if(
        Fan::AllTypes,
        missing == 0 && tiles & WINDS != 0 && tiles & DRAGONS != 0,
    );
}

/// 断幺, 推不倒, 绿一色, and the first of 字一色 / 清幺九 / 混幺九.
pub fn tile_trait_fans(tiles: KindMask, fans: &mut FanCounts) {
    let outside = HONORS | TERMINALS;
    let simples = tiles & outside == 0;
    fans.add_if(Fan::AllSimples, simples);
    fans.add_if(Fan::ReversibleTiles, tiles & !REVERSIBLE == 0);
    fans.add_if(Fan::AllGreen, tiles & !GREEN == 0);
    if simples {
        return;
    }
    if tiles & !HONORS == 0 {
        fans.add(Fan::AllHonors, 1);
    } else if tiles & !TERMINALS == 0 {
        fans.add(Fan::AllTerminals, 1);
    } else if tiles & !outside == 0 {
        fans.add(Fan::AllTerminalsAndHonors, 1);
    }
}

/// 小于五/全小, 大于五/全大, 全中: suited tiles only.
pub fn rank_range_fans(tiles: KindMask, fans: &mut FanCounts) {
    if tiles & HONORS != 0 {
        return;
    }
    // The ranks present, as bits 1 << rank.
    let ranks = (0..3).fold(0u16, |acc, s| acc | ((tiles >> (9 * s)) & SUIT_MASK) as u16) << 1;
    let within = |low: u8, high: u8| (low..=high).fold(0u16, |m, r| m | 1 << r) & ranks == ranks;
    let has = |r: u8| ranks & (1 << r) != 0;
    if within(1, 4) {
        fans.add(
            if has(4) {
                Fan::LowerFour
            } else {
                Fan::LowerTiles
            },
            1,
        );
    } else if within(6, 9) {
        fans.add(
            if has(6) {
                Fan::UpperFour
            } else {
                Fan::UpperTiles
            },
            1,
        );
    } else if within(4, 6) {
        fans.add(Fan::MiddleTiles, 1);
    }
}

/// 全带幺, 全带五, 全双刻: a property every one of the five groups has.
pub fn group_trait_fans(groups: &[Group], fans: &mut FanCounts) {
    let (mut outside, mut five, mut even) = (0, 0, 0);
    for group in groups {
        if is_honor(group.tile) {
            outside += 1;
            continue;
        }
        let r = rank(group.middle());
        if group.kind == SetKind::Chow {
            outside += u8::from(r == 2 || r == 8);
            five += u8::from((4..=6).contains(&r));
        } else {
            outside += u8::from(r == 1 || r == 9);
            five += u8::from(r == 5);
            even += u8::from(r % 2 == 0);
        }
    }
    if outside == 5 {
        fans.add(Fan::OutsideHand, 1);
    } else if five == 5 {
        fans.add(Fan::AllFive, 1);
    } else if even == 5 {
        fans.add(Fan::AllEvenPungs, 1);
    }
}

/// 自摸, 和绝张, 妙手回春, 海底捞月, 杠上开花, 抢杠和. `kong` is a kong replacement when self-drawn and a
/// robbed kong otherwise.
pub fn situation_fans(self_drawn: bool, last_copy: bool, kong: bool, wall_last: bool) -> FanCounts {
    let mut fans = FanCounts::default();
    fans.add_if(Fan::LastTile, last_copy);
    if self_drawn {
        fans.add(Fan::SelfDrawn, 1);
        fans.add_if(Fan::LastTileDraw, wall_last);
        fans.add_if(Fan::OutWithReplacementTile, kong);
    } else {
        fans.add_if(Fan::LastTileClaim, wall_last);
        fans.add_if(Fan::RobbingTheKong, kong);
    }
    fans
}

/// The wait fan, if the wait is unique (the caller checks): 边张 if the winning tile ends a concealed chow,
/// else 嵌张 if it is a chow's middle, else 单钓将 if it is the pair.
pub fn wait_fan(concealed_groups: &[Group], win: u8) -> Option<Fan> {
    let (mut edge, mut closed, mut single) = (false, false, false);
    for group in concealed_groups {
        match group.kind {
            SetKind::Chow => {
                closed |= group.middle() == win;
                edge |= group.middle().abs_diff(win) == 1;
            }
            SetKind::Pair => single |= group.tile == win,
            _ => {}
        }
    }
    if edge {
        Some(Fan::EdgeWait)
    } else if closed {
        Some(Fan::ClosedWait)
    } else {
        single.then_some(Fan::SingleWait)
    }
}

/// 圈风刻 and 门风刻 (winds 0..3), and how many wind pungs they take from 幺九刻 (不重复: one pung, one fan).
pub fn wind_fans(pung_tiles: &[u8], seat_wind: u8, prevalent_wind: u8, fans: &mut FanCounts) -> u8 {
    let mut used = 0;
    for &tile in pung_tiles.iter().filter(|&&t| is_wind(t)) {
        let wind = tile - 27;
        if wind == prevalent_wind {
            fans.set(Fan::PrevalentWind, 1);
        }
        if wind == seat_wind {
            fans.set(Fan::SeatWind, 1);
        }
        used += u8::from(wind == prevalent_wind || wind == seat_wind);
    }
    used
}
