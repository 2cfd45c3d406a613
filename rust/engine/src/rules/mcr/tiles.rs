//! Tile facts the MCR fans are defined on, on raw kinds 0..33 (0-8 m, 9-17 p, 18-26 s, 27-30 E S W N,
//! 31 白, 32 发, 33 中).
//!
//! Wherever the scorer must pick the first of several equal candidates it walks tiles in pymahjonggb's
//! order (万, 条, 饼, E S W N, 中 发 白), so that its ties break the same way.

use crate::knitted_pattern::KnittedPattern;

/// Tile kinds in pymahjonggb's order.
pub const REFERENCE_ORDER: [u8; 34] = {
    let mut order = [0u8; 34];
    let mut i = 0;
    while i < 9 {
        order[i] = i as u8; // 万
        order[9 + i] = 18 + i as u8; // 条
        order[18 + i] = 9 + i as u8; // 饼
        i += 1;
    }
    let honours = [27, 28, 29, 30, 33, 32, 31];
    let mut h = 0;
    while h < 7 {
        order[27 + h] = honours[h];
        h += 1;
    }
    order
};

/// The position of each kind in `REFERENCE_ORDER`.
pub const ORDER_KEY: [u8; 34] = {
    let mut key = [0u8; 34];
    let mut position = 0;
    while position < 34 {
        key[REFERENCE_ORDER[position] as usize] = position as u8;
        position += 1;
    }
    key
};

/// 0 m, 1 p, 2 s, 3 honours.
pub const fn suit(tile: u8) -> u8 {
    if tile < 27 {
        tile / 9
    } else {
        3
    }
}

/// 1..9 for suited tiles, 0 for honours.
pub const fn rank(tile: u8) -> u8 {
    if tile < 27 {
        tile % 9 + 1
    } else {
        0
    }
}

pub const fn is_honor(tile: u8) -> bool {
    tile >= 27
}

pub const fn is_numbered(tile: u8) -> bool {
    tile < 27
}

pub const fn is_wind(tile: u8) -> bool {
    tile >= 27 && tile <= 30
}

pub const fn is_dragon(tile: u8) -> bool {
    tile >= 31
}

pub const fn is_terminal(tile: u8) -> bool {
    tile < 27 && (tile % 9 == 0 || tile % 9 == 8)
}

pub const fn is_terminal_or_honor(tile: u8) -> bool {
    is_honor(tile) || is_terminal(tile)
}

use crate::tile::kind_mask as mask_of;
/// A set of kinds as bits `1 << kind`.
pub use crate::tile::KindMask;

/// 绿一色: 2 3 4 6 8 s and 发.
pub const GREEN: KindMask = mask_of(&[19, 20, 21, 23, 25, 32]);
/// 推不倒: 1234589p 245689s 白.
pub const REVERSIBLE: KindMask = mask_of(&[9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]);
pub const HONORS: KindMask = mask_of(&[27, 28, 29, 30, 31, 32, 33]);
pub const TERMINALS: KindMask = mask_of(&[0, 8, 9, 17, 18, 26]);
pub const WINDS: KindMask = mask_of(&[27, 28, 29, 30]);
pub const DRAGONS: KindMask = mask_of(&[31, 32, 33]);

/// The six 组合龙: 147, 258 and 369 each in a different suit (suit of 147, of 258, of 369).
pub const KNITTED_STRAIGHTS: [KindMask; 6] = {
    let mut straights = [0; 6];
    let mut p = 0;
    while p < 6 {
        straights[p] = KnittedPattern::ALL[p].mask();
        p += 1;
    }
    straights
};
