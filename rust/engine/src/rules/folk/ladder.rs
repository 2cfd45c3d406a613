//! The 789 hand ladder (§5, OC-36): 鸡胡 < 杂色 (混一色) < 清一色 < 大哥 < 十三幺; a hand scores its largest row.

use super::rules::DaGe;
use crate::rules::reading::{Form, Reading};
use crate::tile::Counts;

pub const JI_HU: usize = 0;
pub const ZA_SE: usize = 1;
pub const QING_YI_SE: usize = 2;
pub const DA_GE: usize = 3;
pub const SHI_SAN_YAO: usize = 4;

/// How many suits the tiles use, and whether they hold an honour.
pub fn suits(tiles: &Counts) -> (usize, bool) {
    let used = (0..3)
        .filter(|s| tiles[s * 9..s * 9 + 9].iter().any(|&c| c > 0))
        .count();
    (used, tiles[27..].iter().any(|&c| c > 0))
}

pub fn all_pungs(reading: &Reading) -> bool {
    reading.sets().all(|set| !set.chow)
}

/// The ladder row of a winning hand, given all its tiles and its readings.
pub fn ladder(tiles: &Counts, readings: &[Reading], da_ge: DaGe) -> usize {
    if readings.iter().any(|r| r.form == Form::ThirteenOrphans) {
        return SHI_SAN_YAO;
    }
    let (used, honours) = suits(tiles);
    let shown = match da_ge {
        DaGe::Undefined => false,
        DaGe::PengPengHu => readings
            .iter()
            .any(|r| r.form == Form::Standard && all_pungs(r)),
        DaGe::ZiYiSe => used == 0,
        DaGe::DaSanYuanSiXi => {
            tiles[31..34].iter().all(|&c| c >= 3) || tiles[27..31].iter().all(|&c| c >= 3)
        }
    };
    match (shown, used, honours) {
        (true, _, _) => DA_GE,
        (false, 1, true) => ZA_SE,
        (false, 1, false) => QING_YI_SE,
        _ => JI_HU,
    }
}
