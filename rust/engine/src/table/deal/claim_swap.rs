//! 食替 ban (Taiwan B.3, OC-T17, played where `TableRules::no_swap_discard` says so): right after a chi or pon
//! the claimant may not discard the claimed kind (現物), nor, for a chow claimed at one end, the kind that
//! completes the chow's two other tiles the other way (claimed 3m onto 45m: neither 3m nor 6m). Where every
//! tile in hand is so banned, the ban lifts for that discard (OC-T-X8): a turn always has a discard.

use crate::hand::{Meld, MeldKind};
use crate::kind_mask::{tile_bit, KindMask};

/// The kinds a seat may not discard right after claiming `meld`.
fn banned_after(meld: &Meld) -> KindMask {
    let Some(claimed) = meld.claimed else {
        return 0;
    };
    let mut banned = tile_bit(claimed);
    if meld.kind == MeldKind::Chi {
        let (low, taken) = (meld.tile.index(), claimed.index());
        if taken == low && low % 9 <= 5 {
            banned |= 1 << (low + 3);
        } else if taken == low + 2 && low % 9 >= 1 {
            banned |= 1 << (low - 1);
        }
    }
    banned
}

/// `discardable`, less the kinds the 食替 ban forbids after the seat's last meld `claimed` (its claim), unless
/// that would leave nothing to discard.
pub(super) fn allowed_after_claim(discardable: KindMask, claimed: Option<&Meld>) -> KindMask {
    let kept = discardable & !claimed.map_or(0, banned_after);
    if kept != 0 {
        kept
    } else {
        discardable
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Tile;

    fn chi(low: u8, claimed: u8) -> Meld {
        Meld {
            kind: MeldKind::Chi,
            tile: Tile::new(low).unwrap(),
            claimed: Some(Tile::new(claimed).unwrap()),
            from_offset: Some(3),
        }
    }

    #[test]
    fn the_claimed_kind_and_the_other_end_of_a_chow_are_banned() {
        // 3m claimed onto 45m: 3m and 6m; 5m onto 34m: 5m and 2m; 4m into 35m: 4m alone.
        assert_eq!(banned_after(&chi(2, 2)), 1 << 2 | 1 << 5);
        assert_eq!(banned_after(&chi(2, 4)), 1 << 4 | 1 << 1);
        assert_eq!(banned_after(&chi(2, 3)), 1 << 3);
        // 7m onto 89m and 3m onto 12m have no other end; nor does a chow cross into the next suit.
        assert_eq!(banned_after(&chi(6, 6)), 1 << 6);
        assert_eq!(banned_after(&chi(0, 2)), 1 << 2);
        let pon = Meld {
            kind: MeldKind::Pon,
            tile: Tile::new(31).unwrap(),
            claimed: Some(Tile::new(31).unwrap()),
            from_offset: Some(2),
        };
        assert_eq!(banned_after(&pon), 1 << 31);
        assert_eq!(allowed_after_claim(1 << 31 | 1, Some(&pon)), 1);
        assert_eq!(
            allowed_after_claim(1 << 31, Some(&pon)),
            1 << 31,
            "never nothing to discard"
        );
    }
}
