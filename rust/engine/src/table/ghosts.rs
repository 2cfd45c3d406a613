//! Ghost tiles (鬼牌, wild tiles) at a table: which kinds are wild in a deal — none, fixed kinds, or the kinds
//! after an indicator turned from the wall before the deal (翻鬼, RULES.md §4.3) — or the flowers, held in the
//! hand as ghosts (四花鬼 / 八花鬼), as data the deal reads from [`super::TableRules`]. Ghosts are never claimed
//! into melds unless the rules say so; what a ghost is worth in a hand is the adjudicator's business.

use crate::tile::{next_kind, KindMask, Tile};

/// Which kinds are wild at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GhostRule {
    #[default]
    None,
    /// The same kinds every deal (白板做鬼, 红中鬼).
    Kinds(KindMask),
    /// 翻鬼: a tile is turned from the wall's tail before the deal and stays out of play; the next kind
    /// (`two`: the next two, 翻双鬼) is wild. `seven_cycle`: honours in one cycle E→S→W→N→中→发→白 (OC-27).
    Flip { two: bool, seven_cycle: bool },
    /// 四花鬼 / 八花鬼: the set's flowers are the ghosts. A flower drawn stays in the hand (it is not set aside
    /// and replaced); no kind is wild.
    Flowers,
}

impl GhostRule {
    pub fn flips(self) -> bool {
        matches!(self, GhostRule::Flip { .. })
    }

    /// Whether flowers are held as ghosts rather than set aside.
    pub fn holds_flowers(self) -> bool {
        self == GhostRule::Flowers
    }

    /// The wild kinds of a deal whose indicator (under 翻鬼) is `indicator`.
    pub fn kinds(self, indicator: Option<Tile>) -> KindMask {
        match (self, indicator) {
            (GhostRule::Kinds(mask), _) => mask,
            (GhostRule::Flip { two, seven_cycle }, Some(shown)) => {
                let first = next_kind(shown.index(), seven_cycle);
                let mut mask = 1 << first;
                if two {
                    mask |= 1 << next_kind(first, seven_cycle);
                }
                mask
            }
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(code: u8) -> Tile {
        Tile::new(code).expect("a tile")
    }

    #[test]
    fn a_flip_makes_the_next_kinds_wild() {
        let one = GhostRule::Flip {
            two: false,
            seven_cycle: false,
        };
        assert_eq!(one.kinds(Some(tile(4))), 1 << 5);
        let two = GhostRule::Flip {
            two: true,
            seven_cycle: false,
        };
        assert_eq!(two.kinds(Some(tile(17))), (1 << 9) | (1 << 10));
        assert_eq!(GhostRule::Kinds(1 << 31).kinds(None), 1 << 31);
        assert_eq!(GhostRule::None.kinds(Some(tile(3))), 0);
    }
}
