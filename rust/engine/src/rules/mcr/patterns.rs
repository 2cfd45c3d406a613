//! Fan detectors on sets: the chow fans, the pung fans and the kong fans, with the combination principles
//! pymahjonggb applies among sets (套算一次: each set combines with another at most once; 不得相同).
//!
//! Chows are given by their middle tile, pungs and kongs by their tile, each list in reference order.

use super::fan::{Fan, FanCounts};
use super::tiles::{is_dragon, is_numbered, is_wind, rank, suit};

/// The pairwise chow fans, in the order pymahjonggb prefers them when only one may count.
const PAIRWISE_CHOW_FANS: [Fan; 4] = [
    Fan::PureDoubleChow,
    Fan::MixedDoubleChow,
    Fan::ShortStraight,
    Fan::TwoTerminalChows,
];

fn same_suit(tiles: &[u8]) -> bool {
    tiles.iter().all(|&t| suit(t) == suit(tiles[0]))
}

/// Same suit, ranks rising by `step` in the given order.
fn steps(tiles: &[u8], step: u8) -> bool {
    same_suit(tiles) && tiles.windows(2).all(|w| rank(w[1]) == rank(w[0]) + step)
}

fn all_equal(tiles: &[u8]) -> bool {
    tiles.iter().all(|&t| t == tiles[0])
}

fn three_suits(tiles: &[u8; 3]) -> bool {
    let [a, b, c] = tiles.map(suit);
    a != b && b != c && a != c
}

fn sorted_ranks(tiles: &[u8; 3]) -> [u8; 3] {
    let mut ranks = tiles.map(rank);
    ranks.sort_unstable();
    ranks
}

fn four_chows_fan(mids: &[u8]) -> Option<Fan> {
    if steps(mids, 2) || steps(mids, 1) {
        Some(Fan::FourPureShiftedChows)
    } else if all_equal(mids) {
        Some(Fan::QuadrupleChow)
    } else {
        None
    }
}

fn three_chows_fan(mids: &[u8; 3]) -> Option<Fan> {
    if three_suits(mids) {
        let [low, mid, high] = sorted_ranks(mids);
        return if mid == low + 1 && high == mid + 1 {
            Some(Fan::MixedShiftedChows)
        } else if low == high {
            Some(Fan::MixedTripleChow)
        } else if [low, mid, high] == [2, 5, 8] {
            Some(Fan::MixedStraight)
        } else {
            None
        };
    }
    if steps(mids, 3) {
        Some(Fan::PureStraight)
    } else if steps(mids, 2) || steps(mids, 1) {
        Some(Fan::PureShiftedChows)
    } else if all_equal(mids) {
        Some(Fan::PureTripleChow)
    } else {
        None
    }
}

fn two_chows_fan(a: u8, b: u8) -> Option<Fan> {
    if suit(a) != suit(b) {
        return (rank(a) == rank(b)).then_some(Fan::MixedDoubleChow);
    }
    if a.abs_diff(b) == 3 {
        Some(Fan::ShortStraight)
    } else if rank(a).min(rank(b)) == 2 && rank(a).max(rank(b)) == 8 {
        Some(Fan::TwoTerminalChows)
    } else if a == b {
        Some(Fan::PureDoubleChow)
    } else {
        None
    }
}

/// 套算一次 as pymahjonggb counts it: keep at most `limit` pairwise fans, dropping repeats first and, among
/// equals, the later fans of `PAIRWISE_CHOW_FANS` first.
fn limit_pairwise(found: &[Fan], limit: usize) -> FanCounts {
    let mut counts = FanCounts::default();
    found.iter().for_each(|&fan| counts.add(fan, 1));
    let mut total = found.len();
    for keep in [1, 0] {
        for &fan in PAIRWISE_CHOW_FANS.iter().rev() {
            while counts.get(fan) > keep && total > limit {
                counts.set(fan, counts.get(fan) - 1);
                total -= 1;
            }
        }
    }
    counts
}

/// The three members of `mids` other than `left_out`, in order.
fn triple_without(mids: &[u8], left_out: usize) -> [u8; 3] {
    let mut triple = [0; 3];
    let others = mids.iter().enumerate().filter(|&(i, _)| i != left_out);
    for (slot, (_, &m)) in triple.iter_mut().zip(others) {
        *slot = m;
    }
    triple
}

/// The four-set lists try their triples as pymahjonggb does: 012, 013, 023, 123 (leaving out 3, 2, 1, 0).
const LEFT_OUT_ORDER: [usize; 4] = [3, 2, 1, 0];

pub fn chow_fans(mids: &[u8]) -> FanCounts {
    match mids.len() {
        4 => {
            if let Some(fan) = four_chows_fan(mids) {
                return FanCounts::of(fan);
            }
            for left_out in LEFT_OUT_ORDER {
                let triple = triple_without(mids, left_out);
                if let Some(fan) = three_chows_fan(&triple) {
                    // With a three-chow fan, the fourth chow may add one pairwise fan with any of the three.
                    let mut result = FanCounts::of(fan);
                    let found: Vec<Fan> = triple
                        .iter()
                        .filter_map(|&t| two_chows_fan(t, mids[left_out]))
                        .collect();
                    if let Some(&extra) = PAIRWISE_CHOW_FANS.iter().find(|f| found.contains(f)) {
                        result.add(extra, 1);
                    }
                    return result;
                }
            }
            let mut found = [Fan::PureDoubleChow; 6];
            let mut n = 0;
            let mut related = [false; 4];
            for i in 0..4 {
                for j in i + 1..4 {
                    if let Some(fan) = two_chows_fan(mids[i], mids[j]) {
                        found[n] = fan;
                        n += 1;
                        related[i] = true;
                        related[j] = true;
                    }
                }
            }
            // Each chow combines once: n related chows make at most n-1 fans.
            let limit = related.iter().filter(|&&r| r).count().saturating_sub(1);
            if limit > 0 {
                limit_pairwise(&found[..n], limit)
            } else {
                FanCounts::default()
            }
        }
        3 => {
            let triple = [mids[0], mids[1], mids[2]];
            if let Some(fan) = three_chows_fan(&triple) {
                return FanCounts::of(fan);
            }
            let mut found = [Fan::PureDoubleChow; 3];
            let mut n = 0;
            for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                if let Some(fan) = two_chows_fan(mids[i], mids[j]) {
                    found[n] = fan;
                    n += 1;
                }
            }
            limit_pairwise(&found[..n], 2)
        }
        2 => two_chows_fan(mids[0], mids[1]).map_or_else(FanCounts::default, FanCounts::of),
        _ => FanCounts::default(),
    }
}

fn four_pungs_fan(tiles: &[u8]) -> Option<Fan> {
    if tiles.iter().all(|&t| is_numbered(t)) && steps(tiles, 1) {
        Some(Fan::FourPureShiftedPungs)
    } else if tiles.iter().all(|&t| is_wind(t)) {
        Some(Fan::BigFourWinds) // four different winds: a pung list holds no tile twice
    } else {
        None
    }
}

fn three_pungs_fan(tiles: &[u8; 3]) -> Option<Fan> {
    if tiles.iter().all(|&t| is_numbered(t)) {
        if three_suits(tiles) {
            let [low, mid, high] = sorted_ranks(tiles);
            return if mid == low + 1 && high == mid + 1 {
                Some(Fan::MixedShiftedPungs)
            } else if low == high {
                Some(Fan::TriplePung)
            } else {
                None
            };
        }
        return steps(tiles, 1).then_some(Fan::PureShiftedPungs);
    }
    if tiles.iter().all(|&t| is_wind(t)) {
        Some(Fan::BigThreeWinds)
    } else if tiles.iter().all(|&t| is_dragon(t)) {
        Some(Fan::BigThreeDragons)
    } else {
        None
    }
}

fn two_pungs_fan(a: u8, b: u8) -> Option<Fan> {
    if is_numbered(a) && is_numbered(b) {
        (rank(a) == rank(b)).then_some(Fan::DoublePung)
    } else if is_dragon(a) && is_dragon(b) {
        Some(Fan::TwoDragonsPungs)
    } else {
        None
    }
}

/// Fans among the pungs and kongs (taken together).
pub fn pung_fans(tiles: &[u8]) -> FanCounts {
    if tiles.len() == 4 {
        if let Some(fan) = four_pungs_fan(tiles) {
            return FanCounts::of(fan);
        }
        for left_out in LEFT_OUT_ORDER {
            let triple = triple_without(tiles, left_out);
            if let Some(fan) = three_pungs_fan(&triple) {
                // 套算一次: the free pung combines with one of the three at most.
                let mut result = FanCounts::of(fan);
                if let Some(pairwise) = triple
                    .iter()
                    .find_map(|&t| two_pungs_fan(t, tiles[left_out]))
                {
                    result.add(pairwise, 1);
                }
                return result;
            }
        }
    } else if tiles.len() == 3 {
        if let Some(fan) = three_pungs_fan(&[tiles[0], tiles[1], tiles[2]]) {
            return FanCounts::of(fan);
        }
    }
    let mut result = FanCounts::default();
    for (i, &a) in tiles.iter().enumerate() {
        for &b in &tiles[i + 1..] {
            if let Some(fan) = two_pungs_fan(a, b) {
                result.add(fan, 1);
            }
        }
    }
    result
}

pub fn concealed_pung_fan(concealed: usize) -> Option<Fan> {
    match concealed {
        2 => Some(Fan::TwoConcealedPungs),
        3 => Some(Fan::ThreeConcealedPungs),
        4 => Some(Fan::FourConcealedPungs),
        _ => None,
    }
}

/// The kong fans. With `mixed_pair_fan` one concealed and one melded kong score 明暗杠 (pymahjonggb);
/// otherwise 明杠 + 暗杠 (the book).
pub fn kong_fans(melded: usize, concealed: usize, mixed_pair_fan: bool) -> FanCounts {
    let mut result = FanCounts::default();
    match (melded, concealed) {
        (m, c) if m + c == 4 => result.add(Fan::FourKongs, 1),
        (m, c) if m + c == 3 => result.add(Fan::ThreeKongs, 1),
        (1, 0) => result.add(Fan::MeldedKong, 1),
        (0, 1) => result.add(Fan::ConcealedKong, 1),
        (2, 0) => result.add(Fan::TwoMeldedKongs, 1),
        (0, 2) => result.add(Fan::TwoConcealedKongs, 1),
        (1, 1) if mixed_pair_fan => result.add(Fan::ConcealedKongAndMeldedKong, 1),
        (1, 1) => {
            result.add(Fan::MeldedKong, 1);
            result.add(Fan::ConcealedKong, 1);
        }
        _ => {}
    }
    result
}
