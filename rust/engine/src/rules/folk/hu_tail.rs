//! 老章's 数胡尾 (seed 000: "当有人吃胡时，其余三家要数胡尾定输赢，数胡尾就是点算手牌的胡数以决大小"; RULES.md §6
//! "when a player wins on a discard, the other three count their own hands' 胡数 to settle among themselves"),
//! played with `options.loser_settlement = "hu_tail"`. The seed gives the rule, not its numbers or its shape,
//! so both are ours (docs/folk.md, OC-LZ-7): a seat's 胡数 counts its sets as `points_then_fan` counts a win's
//! — each declared pung or kong by its kind, each kind held three or more times concealed as a concealed pung;
//! chows, pairs and loose tiles count nothing — with the same placeholder point values; then every two losers
//! settle the difference of their 胡数 × `hu_tail_unit` (a placeholder), the smaller paying the larger. Only
//! after discard wins (a robbed kong is paid as one); a self-draw or a draw settles nothing.

use super::points::Points;
use crate::hand::{Meld, MeldKind};
use crate::tile::{Counts, NUM_KINDS};

/// A loser's 胡数: its declared pungs and kongs, and each kind it holds three or more of as a concealed pung.
pub fn hu_count(concealed: &Counts, melds: &[Meld], points: &Points) -> i64 {
    let declared: i64 = melds
        .iter()
        .map(|meld| {
            let tile = meld.tile.index() as usize;
            match meld.kind {
                MeldKind::Chi => 0,
                MeldKind::Pon => points.of_set(tile, false, false),
                MeldKind::Kong | MeldKind::AddedKong => points.of_set(tile, false, true),
                MeldKind::ConcealedKong => points.of_set(tile, true, true),
            }
        })
        .sum();
    let held: i64 = (0..NUM_KINDS)
        .filter(|&kind| concealed[kind] >= 3)
        .map(|kind| points.of_set(kind, true, false))
        .sum();
    declared + held
}

/// What the losers (`losers`, bit s = seat s) pay each other: every two settle the difference of their 胡数
/// (`hu`, by seat) × `unit`, the smaller paying the larger. Zero-sum; the winners take no part.
pub fn settle(hu: [i64; 4], losers: u8, unit: i64) -> [i64; 4] {
    let mut money = [0; 4];
    for a in 0..4 {
        for b in a + 1..4 {
            if losers & (1 << a) == 0 || losers & (1 << b) == 0 {
                continue;
            }
            let owed = (hu[a] - hu[b]) * unit; // a collects from b when positive
            money[a] += owed;
            money[b] -= owed;
        }
    }
    money
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Tile;

    const POINTS: Points = crate::rules::folk::points::TEST_POINTS;

    fn meld(kind: MeldKind, tile: u8) -> Meld {
        Meld {
            kind,
            tile: Tile::new(tile).expect("a tile"),
            claimed: None,
            from_offset: None,
        }
    }

    #[test]
    fn a_hand_counts_its_pungs_and_kongs_and_nothing_else() {
        let mut concealed = [0u8; NUM_KINDS];
        concealed[0] = 3; // 111m held: a concealed pung of a terminal, 2 × 2 × 2 = 8
        concealed[13] = 4; // 5p ×4 held, not declared: a concealed pung of a simple, 2 × 2 = 4
        concealed[20] = 2; // a pair: nothing
        let melds = [meld(MeldKind::Pon, 4), meld(MeldKind::Chi, 9)]; // 5m shown 2; a chow 0
        assert_eq!(hu_count(&concealed, &melds, &POINTS), 8 + 4 + 2);
        let kongs = [meld(MeldKind::ConcealedKong, 31), meld(MeldKind::Kong, 1)];
        // 白 concealed kong 2 × 2 × 2 × 4 = 32; 2m melded kong 2 × 4 = 8
        assert_eq!(hu_count(&[0; NUM_KINDS], &kongs, &POINTS), 40);
    }

    #[test]
    fn every_two_losers_settle_the_difference_and_the_winner_takes_no_part() {
        // Seat 1 won; 0, 2, 3 count 10, 4, 0: 2 pays 0 six, 3 pays 0 ten and 2 four (× unit 1).
        assert_eq!(settle([10, 99, 4, 0], 0b1101, 1), [16, 0, -2, -14]);
        assert_eq!(settle([10, 99, 4, 0], 0b1101, 3), [48, 0, -6, -42]);
        assert_eq!(settle([5, 5, 5, 5], 0b1110, 1), [0; 4]);
    }
}
