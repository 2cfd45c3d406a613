//! 老章's "points first, then fan" (seed 000: "首先算点数，然后再用番数乘，加、乘、平方"; RULES.md §6), the
//! `options.arithmetic = "points_then_fan"` reading: a win's points (点数) add up (加) — a win's own points plus
//! each pung's and kong's —, then the fan multiplies them (乘) by doubling, so each further fan squares the
//! previous doubling's reach (平方: 2 fan is 2², …). The seed gives none of the numbers: every one is an option
//! the file marks as a placeholder (`meta.placeholders`), and the twin (`reference/rules/folk/scorer.py`)
//! counts alike.

use crate::hand::{Hand, MeldKind};
use crate::rules::reading::Reading;

/// How a 老章 win's money is counted (`options.arithmetic`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arithmetic {
    /// base × 2^fan (OC-LZ-1, the default).
    Doubling,
    /// base × points × 2^fan, the points counted from the hand (this module).
    PointsThenFan,
}

/// The point values of `points_then_fan`, all placeholders until a table sets them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Points {
    /// A win's own points (底).
    pub win: i64,
    /// An exposed pung of a simple (2..8).
    pub pung: i64,
    /// × for a pung of a terminal or an honour (幺九).
    pub yao_factor: i64,
    /// × for a pung kept concealed (in the hand, or a concealed kong).
    pub concealed_factor: i64,
    /// × for a kong.
    pub kong_factor: i64,
    /// An honour pair as the eye (seed 000 "番子牌做眼", read as earning points; 番子 = the honour tiles, as 全番
    /// reads it).
    pub eye: i64,
}

impl Points {
    /// The points of one set: `tile` its tile index.
    pub(super) fn of_set(&self, tile: usize, concealed: bool, kong: bool) -> i64 {
        let yao = tile >= 27 || matches!(tile % 9, 0 | 8);
        let mut points = self.pung;
        if yao {
            points *= self.yao_factor;
        }
        if concealed {
            points *= self.concealed_factor;
        }
        if kong {
            points *= self.kong_factor;
        }
        points
    }

    /// The most points a win can count: four concealed kongs of terminals.
    pub fn most(&self) -> i64 {
        self.win + 4 * self.of_set(0, true, true) + self.eye
    }

    /// The points of a win read as `reading`: its own points, each declared pung or kong by its meld kind, and
    /// each pung of the concealed part as concealed (the one the winning tile completes too: ours, OC-LZ-5).
    /// Chows count nothing, the pair only as an honour pair (番子牌做眼).
    pub fn of_win(&self, hand: &Hand, reading: &Reading) -> i64 {
        let mut declared = [0u8; 34];
        let mut total = self.win;
        if reading.pair.is_some_and(|pair| pair.index() >= 27) {
            total += self.eye;
        }
        for meld in &hand.melds {
            let tile = meld.tile.index() as usize;
            total += match meld.kind {
                MeldKind::Chi => continue,
                MeldKind::Pon => self.of_set(tile, false, false),
                MeldKind::Kong | MeldKind::AddedKong => self.of_set(tile, false, true),
                MeldKind::ConcealedKong => self.of_set(tile, true, true),
            };
            declared[tile] += 1;
        }
        for set in reading.sets().filter(|s| !s.chow) {
            let tile = set.tile.index() as usize;
            if declared[tile] > 0 {
                declared[tile] -= 1; // a declared meld, counted above
            } else {
                total += self.of_set(tile, true, false);
            }
        }
        total
    }
}

/// The shipped placeholder values (laozhang.toml), with an honour eye worth 2: the unit tests' points.
#[cfg(test)]
pub(super) const TEST_POINTS: Points = Points {
    win: 20,
    pung: 2,
    yao_factor: 2,
    concealed_factor: 2,
    kong_factor: 4,
    eye: 2,
};

#[cfg(test)]
mod tests {
    use super::*;

    const POINTS: Points = TEST_POINTS;

    #[test]
    fn a_set_doubles_for_a_terminal_and_for_concealment_and_quadruples_as_a_kong() {
        assert_eq!(POINTS.of_set(4, false, false), 2); // 5m shown
        assert_eq!(POINTS.of_set(8, false, false), 4); // 9m shown
        assert_eq!(POINTS.of_set(31, true, false), 8); // 白 concealed
        assert_eq!(POINTS.of_set(0, true, true), 32); // 1m concealed kong
        assert_eq!(POINTS.most(), 20 + 4 * 32 + 2);
    }

    #[test]
    fn points_that_could_overflow_money_are_refused() {
        use crate::rules::folk::FolkRules;
        let options =
            |base: i64, factor: i64| [base, 2, 0, 0, 1, 20, 100, factor, factor, factor, 2];
        assert!(FolkRules::new("x", "laozhang", &[1; 13], &options(1, 2)).is_ok());
        assert!(FolkRules::new("x", "laozhang", &[3; 13], &options(1_000_000, 8)).is_err());
        assert!(FolkRules::new("x", "laozhang", &[1; 13], &options(1, 9)).is_err());
        // a factor above 8
    }
}
