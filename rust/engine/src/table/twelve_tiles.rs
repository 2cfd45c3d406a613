//! 十二张落地 (RULES.md §2.6 trigger 3, OC-14): the claimed meld that puts a seat's twelve tiles down, which
//! the table records for 包先不包后 and the scorer names as the liability's trigger. One function for both, so
//! the table's record and the scorer's trigger cannot disagree.
//!
//! Two counts (OC-14): four claimed melds (the default; concealed kongs do not count), or twelve exposed tiles
//! — the claimed melds' tiles, a kong counting four, so three claimed kongs already show twelve. The melds are
//! read in the hand's order, an added kong counting four at its pon's place and keeping its pon's feeder (the
//! table upgrades the pon in place); the first meld at which the count is reached is the trigger.

use crate::hand::Meld;

/// How 十二张落地 is counted (OC-14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TwelveTiles {
    /// Four claimed melds (chi, pon, melded or added kong); concealed kongs excluded.
    #[default]
    ClaimedMelds,
    /// Twelve tiles in claimed melds, each kong four.
    ExposedTiles,
}

/// The index in `melds` of the claimed meld at which a `hand`-tile hand (13) has its tiles down under
/// `count`; `None` before then.
pub fn trigger(melds: &[Meld], count: TwelveTiles, hand: u8) -> Option<usize> {
    let needed = usize::from(hand / 3);
    let mut down = 0usize;
    for (index, meld) in melds.iter().enumerate() {
        if !meld.kind.is_claimed() {
            continue;
        }
        down += match count {
            TwelveTiles::ClaimedMelds => 1,
            TwelveTiles::ExposedTiles => usize::from(meld.kind.tile_count()),
        };
        let enough = match count {
            TwelveTiles::ClaimedMelds => down == needed,
            TwelveTiles::ExposedTiles => down >= 3 * needed,
        };
        if enough {
            return Some(index);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::MeldKind;
    use crate::tile::Tile;

    fn meld(kind: MeldKind, tile: u8) -> Meld {
        let from_offset = kind.is_claimed().then_some(1);
        Meld {
            from_offset,
            ..Meld::new(kind, Tile::new(tile).unwrap())
        }
    }

    /// OC-14: three claimed kongs show twelve tiles (the third is the trigger); four claimed melds are needed
    /// otherwise, and a concealed kong counts under neither.
    #[test]
    fn three_claimed_kongs_show_twelve_tiles_and_four_melds_always_do() {
        let kongs = [
            meld(MeldKind::Kong, 0),
            meld(MeldKind::AddedKong, 9),
            meld(MeldKind::ConcealedKong, 18),
            meld(MeldKind::Kong, 27),
        ];
        assert_eq!(trigger(&kongs, TwelveTiles::ExposedTiles, 13), Some(3));
        assert_eq!(trigger(&kongs, TwelveTiles::ClaimedMelds, 13), None);
        let mixed = [
            meld(MeldKind::Pon, 0),
            meld(MeldKind::Kong, 9),
            meld(MeldKind::Chi, 18),
            meld(MeldKind::Pon, 27),
        ];
        assert_eq!(trigger(&mixed, TwelveTiles::ExposedTiles, 13), Some(3));
        assert_eq!(trigger(&mixed, TwelveTiles::ClaimedMelds, 13), Some(3));
        assert_eq!(trigger(&mixed[..3], TwelveTiles::ExposedTiles, 13), None);
    }
}
