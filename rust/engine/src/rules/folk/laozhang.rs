//! 老章's rows (§6): 清 平 断 缺 将 and the named hands, read per reading; 鸡胡 alone when none other shows
//! (鸡胡 is not 平胡). The reading worth most counts; ties go to the larger row mask, as in the reference.

use super::ladder::{all_pungs, suits};
use crate::hand::{Hand, MeldKind};
use crate::rules::reading::Reading;
use crate::tile::Counts;

const TERMINALS: [usize; 6] = [0, 8, 9, 17, 18, 26];

fn nine_gates(tiles: &Counts) -> bool {
    const NEED: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    (0..3).any(|s| (0..9).all(|r| tiles[s * 9 + r] >= NEED[r]))
}

/// The rows one reading shows, as a bit mask over `LAOZHANG_FANS`.
pub fn rows(hand: &Hand, tiles: &Counts, reading: &Reading, self_drawn: bool) -> u32 {
    let (used, honours) = suits(tiles);
    let mut chows = [0u8; 27];
    let mut chow_count = 0;
    for set in reading.sets().filter(|s| s.chow) {
        chows[set.tile.index() as usize] += 1;
        chow_count += 1;
    }
    let twins: u8 = chows.iter().map(|c| c / 2).sum();
    let pair = reading.pair.map_or(99, |t| t.index() as usize);
    let pure = used == 1 && !honours;
    let shown = [
        false, // 鸡胡: set below when nothing else shows
        hand.melds.is_empty(),
        chow_count == 4,
        !honours && TERMINALS.iter().all(|&t| tiles[t] == 0),
        used < 3,
        pair < 27 && matches!(pair % 9, 1 | 4 | 7),
        hand.melds.is_empty() && pure && nine_gates(tiles),
        pure && all_pungs(reading),
        used == 0,
        !honours && (0..27).all(|t| tiles[t] == 0 || TERMINALS.contains(&t)),
        !self_drawn
            && hand.melds.len() == 4
            && !hand.melds.iter().any(|m| m.kind == MeldKind::ConcealedKong),
        twins == 1,
        twins >= 2,
    ];
    let mask = shown
        .iter()
        .enumerate()
        .fold(0u32, |mask, (bit, &on)| mask | (u32::from(on) << bit));
    if mask == 0 {
        1
    } else {
        mask
    }
}
