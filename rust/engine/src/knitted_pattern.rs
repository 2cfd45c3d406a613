//! Knitted patterns (Chinese Official 组合龙 / 全不靠): each numbered suit takes one of the sequences 147,
//! 258, 369, every suit a different one, which makes six patterns.

/// The tiles of a knitted pattern.
pub const PATTERN_TILES: usize = 9;

/// A knitted pattern: for each suit (m, p, s), its class r ∈ 0..3, i.e. the numbers r+1, r+4, r+7.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnittedPattern(pub [u8; 3]);

impl KnittedPattern {
    pub const ALL: [KnittedPattern; 6] = [
        KnittedPattern([0, 1, 2]),
        KnittedPattern([0, 2, 1]),
        KnittedPattern([1, 0, 2]),
        KnittedPattern([1, 2, 0]),
        KnittedPattern([2, 0, 1]),
        KnittedPattern([2, 1, 0]),
    ];

    /// The class of `suit` (0 = m, 1 = p, 2 = s).
    pub const fn class(self, suit: usize) -> u8 {
        self.0[suit]
    }

    /// The nine tile kinds of the pattern, ascending.
    pub const fn tiles(self) -> [u8; PATTERN_TILES] {
        let mut tiles = [0u8; PATTERN_TILES];
        let mut position = 0;
        while position < PATTERN_TILES {
            let (suit, step) = (position / 3, position % 3);
            tiles[position] = suit as u8 * 9 + self.0[suit] + 3 * step as u8;
            position += 1;
        }
        tiles
    }

    /// The pattern's kinds as a bit set (bit k for kind k).
    pub const fn mask(self) -> u64 {
        let tiles = self.tiles();
        let mut mask = 0u64;
        let mut position = 0;
        while position < PATTERN_TILES {
            mask |= 1 << tiles[position];
            position += 1;
        }
        mask
    }
}
