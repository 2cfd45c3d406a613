//! Tile kinds as small integers, the one representation every hot path uses.
//!
//! Kinds 0..34: 0–8 = 1–9m (万), 9–17 = 1–9p (筒), 18–26 = 1–9s (条/索), 27–30 = East South West North,
//! 31 = White 白, 32 = Green 发, 33 = Red 中 (mpsz 1z..7z). Flowers are kept apart (1f..8f), never in counts.

/// Number of distinct playing-tile kinds.
pub const NUM_KINDS: usize = 34;
/// Copies of each kind in a standard set.
pub const COPIES: u8 = 4;
/// Number of flower tiles (1f–4f 春夏秋冬, 5f–8f 梅兰菊竹).
pub const NUM_FLOWERS: u8 = 8;

/// Per-kind tile counts: the hot-path representation of any multiset of tiles.
pub type Counts = [u8; NUM_KINDS];

/// The 13 terminals and honours (幺九牌) used by thirteen orphans.
pub const TERMINALS_AND_HONOURS: [u8; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// A set of kinds as bits (bit k = kind k): "which kinds" answered with a few word operations instead of a
/// pass over the 34 counts.
pub type KindMask = u64;

/// The mask of a list of kinds (usable in constants).
pub const fn kind_mask(kinds: &[u8]) -> KindMask {
    let mut mask = 0;
    let mut i = 0;
    while i < kinds.len() {
        mask |= 1 << kinds[i];
        i += 1;
    }
    mask
}

/// [`TERMINALS_AND_HONOURS`] as a mask.
pub const TERMINALS_AND_HONOURS_MASK: KindMask = kind_mask(&TERMINALS_AND_HONOURS);

/// A suit or the honours group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Man = 0,
    Pin = 1,
    Sou = 2,
    Honor = 3,
}

impl Suit {
    /// The mpsz letter of the suit.
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// First tile kind of the suit.
    pub const fn base(self) -> u8 {
        (self as u8) * 9
    }

    /// Number of kinds in the suit: 9, or 7 for honours. (A suit is never empty, hence no `is_empty`.)
    #[allow(clippy::len_without_is_empty)]
    pub const fn len(self) -> u8 {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }

    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];
}

/// A tile kind 0..34. Constructed only through checked constructors, so a `Tile` is always valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

impl Tile {
    /// The kind `index` if it is a playing tile (0..34).
    pub const fn new(index: u8) -> Option<Tile> {
        if (index as usize) < NUM_KINDS {
            Some(Tile(index))
        } else {
            None
        }
    }

    /// The tile `number` (1-based) of `suit`, if it exists.
    pub const fn from_suit(suit: Suit, number: u8) -> Option<Tile> {
        if number >= 1 && number <= suit.len() {
            Some(Tile(suit.base() + number - 1))
        } else {
            None
        }
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// 1-based number within the suit (honours 1..7 in mpsz order).
    pub const fn number(self) -> u8 {
        self.0 - self.suit().base() + 1
    }

    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 <= 30
    }

    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// A suited 1 or 9.
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && (self.number() == 1 || self.number() == 9)
    }

    /// Terminal or honour (幺九).
    pub const fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// mpsz name such as `5m` or `7z`.
    pub fn mpsz(self) -> String {
        format!("{}{}", self.number(), self.suit().letter())
    }
}

/// Whether a chow (three consecutive suited tiles) may start at `index`.
pub const fn can_start_chow(index: u8) -> bool {
    index < 27 && index % 9 <= 6
}

/// The number of tiles in valid counts (each 0..=4), eight counts at a time: the four words' byte lanes add
/// without carry (at most 16 each) and one multiply sums the lanes into the top byte (at most 128).
#[inline(always)]
pub fn tile_count(counts: &Counts) -> usize {
    const LANES: u64 = 0x0101_0101_0101_0101;
    let word = |start: usize| {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&counts[start..start + 8]);
        u64::from_le_bytes(bytes)
    };
    // Wrapping: valid counts never carry; invalid ones must not panic, only give a meaningless size.
    let lanes = word(0)
        .wrapping_add(word(8))
        .wrapping_add(word(16))
        .wrapping_add(word(24));
    (lanes.wrapping_mul(LANES) >> 56) as usize + counts[32] as usize + counts[33] as usize
}

const WINDS: [u8; 4] = [27, 28, 29, 30];
const DRAGONS: [u8; 3] = [33, 32, 31]; // 中 → 发 → 白 → 中 (OC-27)
const SEVEN_CYCLE: [u8; 7] = [27, 28, 29, 30, 33, 32, 31]; // E1's single honour cycle

/// The kind after `kind` (翻鬼, OC-27): n→n+1 and 9→1 in a suit; honours in their cycle.
pub fn next_kind(kind: u8, seven_cycle: bool) -> u8 {
    if kind < 27 {
        return if kind % 9 == 8 { kind - 8 } else { kind + 1 };
    }
    let after = |ring: &[u8]| {
        ring.iter()
            .position(|&k| k == kind)
            .map(|i| ring[(i + 1) % ring.len()])
    };
    let next = if seven_cycle {
        after(&SEVEN_CYCLE)
    } else {
        after(&WINDS).or_else(|| after(&DRAGONS))
    };
    next.unwrap_or(kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_count_sums_every_kind() {
        let mut counts = [0u8; NUM_KINDS];
        assert_eq!(tile_count(&counts), 0);
        counts = [4; NUM_KINDS];
        assert_eq!(tile_count(&counts), 136);
        for kind in 0..NUM_KINDS {
            let mut one = [0u8; NUM_KINDS];
            one[kind] = 3;
            assert_eq!(tile_count(&one), 3, "kind {kind}");
        }
    }

    #[test]
    fn the_next_kind_cycles_in_suits_and_honours() {
        assert_eq!(next_kind(8, false), 0); // 9m → 1m
        assert_eq!(next_kind(30, false), 27); // N → E
        assert_eq!(next_kind(31, false), 33); // 白 → 中
        assert_eq!(next_kind(30, true), 33); // N → 中 in the seven cycle
        assert_eq!(next_kind(31, true), 27); // 白 → E
    }
}
