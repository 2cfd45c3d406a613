//! The fans of each reading of a winning hand: a division into sets and a pair, seven pairs, the
//! honours-and-knitted forms, thirteen orphans, the knitted straight form and nine gates.

use super::fan::{Fan, FanCounts};
use super::folk::{division_folk_fans, opening_fan, pair_fans};
use super::forms::{
    for_each_division, honors_and_knitted, is_seven_pairs, is_seven_shifted_pairs,
    is_thirteen_orphans, knitted_straight_of, nine_gates_rank, Group, SetKind,
};
use super::hand_fans::{
    group_trait_fans, rank_range_fans, situation_fans, suit_fans, tile_trait_fans, wait_fan,
    wind_fans,
};
use super::patterns::{chow_fans, concealed_pung_fan, kong_fans, pung_fans};
use super::situation::McrSituation;
use super::tiles::{
    is_dragon, is_honor, is_numbered, is_terminal, is_wind, rank, suit, KindMask, ORDER_KEY,
};
use super::waits::is_unique_wait;
use crate::tile::{Counts, COPIES};
use std::cell::OnceCell;

/// Everything the detectors read, computed once per hand.
pub struct Win<'a> {
    /// Concealed tiles + the winning tile.
    pub standing: Counts,
    /// The declared melds, in hand order.
    pub melds: &'a [Group],
    /// Every tile held or shown, the winning tile included.
    pub all_counts: Counts,
    pub tiles: KindMask,
    pub win: u8,
    pub situation: McrSituation,
    /// 和绝张, given or inferred.
    pub last_copy: bool,
    /// 杠上开花 when self-drawn, 抢杠和 otherwise.
    pub kong_flag: bool,
    /// The table's option: one concealed and one melded kong score 明暗杠 rather than 明杠 + 暗杠.
    pub mixed_kong_pair_fan: bool,
    /// The table scores the seed's folk fans.
    pub folk: bool,
    /// 独听, worked out the first time a division has a wait fan to give.
    pub unique_wait: OnceCell<bool>,
}

impl Win<'_> {
    fn is_unique_wait(&self) -> bool {
        *self
            .unique_wait
            .get_or_init(|| is_unique_wait(&self.standing, self.win))
    }

    fn situation_fans(&self) -> FanCounts {
        let s = &self.situation;
        let mut fans = situation_fans(s.self_drawn, self.last_copy, self.kong_flag, s.wall_last);
        if let Some(fan) = opening_fan(s.opening) {
            fans.add(fan, 1);
        }
        fans
    }

    fn melded_sets(&self) -> usize {
        self.melds.iter().filter(|g| g.melded).count()
    }
}

/// 不求人 / 门前清 with no melded set, 全求人 with four and a discard win.
fn concealment(melded_sets: usize, self_drawn: bool, fans: &mut FanCounts) {
    if melded_sets == 0 {
        fans.add(
            if self_drawn {
                Fan::FullyConcealedHand
            } else {
                Fan::ConcealedHand
            },
            1,
        );
    } else if melded_sets == 4 && !self_drawn {
        fans.add(Fan::MeldedHand, 1);
    }
}

/// Tiles of `groups` picked by `pick`, in reference order.
fn sorted_tiles(groups: &[Group], pick: impl Fn(&Group) -> Option<u8>) -> ([u8; 4], usize) {
    let mut tiles = [0u8; 4];
    let mut n = 0;
    for tile in groups.iter().filter_map(pick) {
        if n < tiles.len() {
            tiles[n] = tile;
            n += 1;
        }
    }
    tiles[..n].sort_unstable_by_key(|&t| ORDER_KEY[t as usize]);
    (tiles, n)
}

/// The fans of one division into sets and a pair (the declared melds first).
pub fn division_fans(win: &Win<'_>, groups: &[Group]) -> FanCounts {
    let s = &win.situation;
    let pair = groups
        .iter()
        .find(|g| g.kind == SetKind::Pair)
        .map_or(0, |g| g.tile);
    let (chow_buf, chow_n) =
        sorted_tiles(groups, |g| (g.kind == SetKind::Chow).then(|| g.middle()));
    let (pung_buf, pung_n) = sorted_tiles(groups, |g| g.is_pung_like().then_some(g.tile));
    let (chows, pungs) = (&chow_buf[..chow_n], &pung_buf[..pung_n]);
    let mut fans = win.situation_fans();

    let concealed_pung = |g: &&Group| g.kind == SetKind::Pung && !g.melded;
    let mut concealed_pungs = groups.iter().filter(concealed_pung).count();
    // A pung completed by a discard is an exposed pung, unless the tile may count as part of a concealed chow.
    let in_concealed_chow = groups
        .iter()
        .any(|g| g.kind == SetKind::Chow && !g.melded && g.contains(win.win));
    if !s.self_drawn && !in_concealed_chow {
        concealed_pungs -= groups
            .iter()
            .filter(concealed_pung)
            .filter(|g| g.tile == win.win)
            .count();
    }
    let melded_kongs = groups
        .iter()
        .filter(|g| g.kind == SetKind::Kong && g.melded)
        .count();
    let concealed_kongs = groups
        .iter()
        .filter(|g| g.kind == SetKind::Kong && !g.melded)
        .count();
    if !pungs.is_empty() {
        fans.merge(&kong_fans(
            melded_kongs,
            concealed_kongs,
            win.mixed_kong_pair_fan,
        ));
        if let Some(hidden) = concealed_pung_fan(concealed_pungs + concealed_kongs) {
            fans.add(hidden, 1);
        }
        fans.add_if(Fan::AllPungs, pungs.len() == 4);
        fans.add(
            Fan::DragonPung,
            pungs.iter().filter(|&&t| is_dragon(t)).count() as u8,
        );
    }

    let terminal_chows = if chows.len() == 4 && rank(pair) == 5 {
        terminal_chows_fan(chows, pair)
    } else {
        None
    };
    match terminal_chows {
        Some(fan) => fans.add(fan, 1),
        None => {
            fans.merge(&chow_fans(chows));
            fans.merge(&pung_fans(pungs));
        }
    }

    concealment(win.melded_sets(), s.self_drawn, &mut fans);
    fans.add_if(Fan::AllChows, chows.len() == 4 && is_numbered(pair));
    if fans.has(Fan::TwoDragonsPungs) && is_dragon(pair) {
        fans.set(Fan::TwoDragonsPungs, 0);
        fans.set(Fan::LittleThreeDragons, 1);
    }
    if fans.has(Fan::BigThreeWinds) && is_wind(pair) {
        fans.set(Fan::BigThreeWinds, 0);
        fans.set(Fan::LittleFourWinds, 1);
    }
    group_trait_fans(groups, &mut fans);
    suit_fans(win.tiles, &mut fans);
    tile_trait_fans(win.tiles, &mut fans);
    rank_range_fans(win.tiles, &mut fans);
    if !fans.has(Fan::QuadrupleChow) {
        let quads = win.all_counts.iter().filter(|&&c| c == COPIES).count();
        fans.set(
            Fan::TileHog,
            quads.saturating_sub(melded_kongs + concealed_kongs) as u8,
        );
    }
    if !(fans.has(Fan::MeldedHand) || fans.has(Fan::FourKongs)) {
        if let Some(fan) = wait_fan(&groups[win.melds.len()..], win.win) {
            fans.add_if(fan, win.is_unique_wait());
        }
    }

    let mut wind_used = wind_fans(pungs, s.seat_wind, s.prevalent_wind, &mut fans);
    if fans.has(Fan::BigThreeWinds) {
        wind_used = 3; // 不重复: the three wind pungs of 三风刻 score no 幺九刻
    }
    let terminal_or_wind = pungs
        .iter()
        .filter(|&&t| is_terminal(t) || is_wind(t))
        .count() as u8;
    fans.set(
        Fan::PungOfTerminalsOrHonors,
        terminal_or_wind.saturating_sub(wind_used),
    );
    if win.folk {
        division_folk_fans(pair, chows, pungs, &mut fans);
    }
    fans
}

/// 三色双龙会 / 一色双龙会: 123 and 789 chows around a pair of 5 (`mids` are the chows' middle tiles).
fn terminal_chows_fan(mids: &[u8], pair: u8) -> Option<Fan> {
    let twos = mids.iter().filter(|&&m| rank(m) == 2).count();
    let eights = mids.iter().filter(|&&m| rank(m) == 8).count();
    if (twos, eights) != (2, 2) {
        return None;
    }
    let pair_suit = suit(pair);
    if mids.iter().all(|&m| suit(m) == pair_suit) {
        return Some(Fan::PureTerminalChows);
    }
    // One 123 and one 789 in each of the two other suits: four distinct (suit, rank) pairs off the pair's suit.
    let mut seen = 0u8;
    for &m in mids {
        if suit(m) == pair_suit {
            return None;
        }
        seen |= 1 << (suit(m) * 2 + u8::from(rank(m) == 8));
    }
    (seen.count_ones() == 4).then_some(Fan::ThreeSuitedTerminalChows)
}

fn seven_pairs_fans(win: &Win<'_>) -> FanCounts {
    let mut fans = win.situation_fans();
    if is_seven_shifted_pairs(&win.standing, win.win) {
        fans.add(Fan::SevenShiftedPairs, 1);
        let base = suit(win.win) as usize * 9;
        fans.add_if(
            Fan::AllSimples,
            win.standing[base] == 0 && win.standing[base + 8] == 0,
        );
        return fans;
    }
    fans.add(Fan::SevenPairs, 1);
    suit_fans(win.tiles, &mut fans);
    tile_trait_fans(win.tiles, &mut fans);
    rank_range_fans(win.tiles, &mut fans);
    fans.set(
        Fan::TileHog,
        win.standing.iter().filter(|&&c| c == COPIES).count() as u8,
    );
    fans
}

/// Seven pairs, 全不靠/七星不靠 or 十三幺, tried in pymahjonggb's order.
pub fn special_form_fans(win: &Win<'_>) -> Option<FanCounts> {
    if is_seven_pairs(&win.standing) {
        return Some(seven_pairs_fans(win));
    }
    let mut fans = win.situation_fans();
    if let Some((greater, suited)) = honors_and_knitted(&win.standing) {
        if greater {
            fans.add(Fan::GreaterHonorsAndKnittedTiles, 1);
        } else {
            fans.add(Fan::LesserHonorsAndKnittedTiles, 1);
            fans.add_if(Fan::KnittedStraight, suited == 9);
        }
        return Some(fans);
    }
    if is_thirteen_orphans(&win.standing) {
        fans.add(Fan::ThirteenOrphans, 1);
        return Some(fans);
    }
    None
}

/// 组合龙 + a set + a pair; the set may be the one declared meld.
pub fn knitted_straight_fans(win: &Win<'_>) -> Option<FanCounts> {
    let straight = knitted_straight_of(&win.standing)?;
    let mut rest = win.standing;
    for (tile, count) in rest.iter_mut().enumerate() {
        *count -= u8::from(straight & (1 << tile) != 0);
    }
    let mut division = None;
    let mut divisions = 0;
    let concealed_sets = 1usize.saturating_sub(win.melds.len());
    for_each_division(&rest, win.melds, concealed_sets, &mut |groups| {
        divisions += 1;
        division = Some([groups[0], groups[1]]);
    });
    let [group, pair] = division.filter(|_| divisions == 1)?;
    let s = &win.situation;
    let mut fans = FanCounts::of(Fan::KnittedStraight);
    if group.kind == SetKind::Chow {
        fans.add_if(Fan::AllChows, is_numbered(pair.tile));
        fans.add_if(Fan::TileHog, win.all_counts[pair.tile as usize] == COPIES);
    } else if is_wind(group.tile) {
        let used = wind_fans(&[group.tile], s.seat_wind, s.prevalent_wind, &mut fans);
        fans.add(Fan::PungOfTerminalsOrHonors, 1 - used);
        fans.add_if(Fan::AllTypes, is_dragon(pair.tile));
    } else if is_honor(group.tile) {
        fans.add(Fan::DragonPung, 1);
        fans.add_if(Fan::AllTypes, is_wind(pair.tile));
    } else {
        fans.add_if(Fan::PungOfTerminalsOrHonors, is_terminal(group.tile));
        fans.add_if(Fan::NoHonors, is_numbered(pair.tile));
        fans.add_if(
            Fan::TileHog,
            group.kind != SetKind::Kong && win.all_counts[group.tile as usize] == COPIES,
        );
    }
    fans.merge(&win.situation_fans());
    if win.folk {
        pair_fans(pair.tile, &mut fans);
    }
    if group.kind == SetKind::Kong {
        fans.add(
            if group.melded {
                Fan::MeldedKong
            } else {
                Fan::ConcealedKong
            },
            1,
        );
    }
    if !group.melded {
        concealment(0, s.self_drawn, &mut fans);
    }
    if win.melds.is_empty() {
        // pymahjonggb counts the wait of the set and pair even when the winning tile could also fill the
        // straight; when the straight holds the only copy of the winning tile, the set and pair wait on it alone.
        if let Some(fan) = wait_fan(&[group, pair], win.win) {
            fans.add_if(
                fan,
                rest[win.win as usize] == 0 || is_unique_wait(&rest, win.win),
            );
        }
    } else if straight & (1 << win.win) == 0 || win.standing[win.win as usize] == 3 {
        fans.add(Fan::SingleWait, 1); // with the set declared, only the pair can be waiting
    }
    Some(fans)
}

/// 九莲宝灯, scored as pymahjonggb does: fixed extras by the winning tile's rank (how the 14 tiles divide
/// around it), and no division of the hand.
pub fn nine_gates_fans(win: &Win<'_>) -> Option<FanCounts> {
    let winning_rank = nine_gates_rank(&win.standing, win.win)?;
    let extras: &[Fan] = match winning_rank {
        1 | 9 => &[Fan::PureStraight, Fan::TileHog],
        2 | 8 => &[
            Fan::TwoConcealedPungs,
            Fan::ShortStraight,
            Fan::PungOfTerminalsOrHonors,
        ],
        5 => &[Fan::TwoConcealedPungs, Fan::PungOfTerminalsOrHonors],
        _ => &[Fan::ShortStraight],
    };
    let mut fans = win.situation_fans();
    fans.add(Fan::NineGates, 1);
    extras.iter().for_each(|&fan| fans.add(fan, 1));
    Some(fans)
}

/// Calls `visit` with every division of the hand into its melds + concealed sets + the pair.
pub fn for_each_standard_division(win: &Win<'_>, visit: &mut dyn FnMut(&[Group])) {
    let concealed_sets = 4usize.saturating_sub(win.melds.len());
    for_each_division(&win.standing, win.melds, concealed_sets, visit);
}
