//! The 789 hand ladder (§5, OC-36): 鸡胡 < 杂色 (混一色) < 清一色 < 大哥 < 十三幺; a hand scores its largest row.

use super::ruleset::DaGe;
use crate::rules::reading::{Form, Reading};
use crate::tile::Counts;

/// What the ladder needs from a hand's readings, gathered while they are enumerated (no list of readings).
#[derive(Clone, Copy, Debug, Default)]
pub struct Shown {
    pub any: bool,
    pub thirteen_orphans: bool,
    /// Some standard reading is all pungs (碰碰胡, for a 大哥 so defined).
    pub all_pungs: bool,
}

impl Shown {
    pub fn add(&mut self, reading: &Reading) {
        self.any = true;
        self.thirteen_orphans |= reading.form == Form::ThirteenOrphans;
        self.all_pungs |= reading.form == Form::Standard && all_pungs(reading);
    }
}

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

/// The ladder row of a winning hand, given all its tiles and what its readings show.
pub fn ladder(tiles: &Counts, shown_by: Shown, da_ge: DaGe) -> usize {
    if shown_by.thirteen_orphans {
        return SHI_SAN_YAO;
    }
    let (used, honours) = suits(tiles);
    let shown = match da_ge {
        DaGe::Undefined => false,
        DaGe::PengPengHu => shown_by.all_pungs,
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
