//! The Guangdong family (鸡平胡 / 贵港): detection here — which patterns (牌型) a reading shows and which
//! extras (附加番) a win earns — and below it the compiled fan table (`ruleset`), the scorer and settlement
//! (`scorer`) and the family's plug-in for the table engine (`at_table`). Only *what is present* is decided
//! here; fan values, the cap and which patterns break it are data (`ruleset`).

pub mod at_table;
pub mod ruleset;
pub mod scorer;

use crate::hand::Hand;
use crate::rules::reading::{Form, Reading};
use crate::tile::{Counts, Tile, TERMINALS_AND_HONOURS};

/// Defines a keyed enum: its variants, their stable snake_case keys, and lookup by key.
macro_rules! keyed {
    ($(#[$doc:meta])* $name:ident { $($variant:ident = $key:literal,)+ }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($variant,)+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];
            pub const COUNT: usize = $name::ALL.len();

            /// The stable key used in ruleset files.
            pub const fn key(self) -> &'static str {
                match self { $($name::$variant => $key,)+ }
            }

            pub fn from_key(key: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|v| v.key() == key)
            }
        }
    };
}

keyed!(
    /// A hand pattern (牌型). A hand scores exactly one: the most valuable one present (RULES.md OC-4).
    Pattern {
        JiHu = "ji_hu",
        PingHu = "ping_hu",
        PengPengHu = "peng_peng_hu",
        HunYiSe = "hun_yi_se",
        QingYiSe = "qing_yi_se",
        HunPeng = "hun_peng",
        QiDui = "qi_dui",
        QingPeng = "qing_peng",
        HunYaoJiu = "hun_yao_jiu",
        XiaoSanYuan = "xiao_san_yuan",
        XiaoSiXi = "xiao_si_xi",
        ZiYiSe = "zi_yi_se",
        QingYaoJiu = "qing_yao_jiu",
        DaSanYuan = "da_san_yuan",
        DaSiXi = "da_si_xi",
        JiuLianBaoDeng = "jiu_lian_bao_deng",
        ShiSanYao = "shi_san_yao",
        TianHu = "tian_hu",
        DiHu = "di_hu",
        RenHu = "ren_hu",
    }
);

keyed!(
    /// An additive extra (附加番), counted only on top of a pattern inside the cap.
    Extra {
        ZiMo = "zi_mo",
        MenFeng = "men_feng",
        QuanFeng = "quan_feng",
        SanYuan = "san_yuan",
        MenQing = "men_qing",
        GangShangKaiHua = "gang_shang_kai_hua",
        HaiDi = "hai_di",
    }
);

keyed!(
    /// A win event after which QQ raises a hand to its minimum (特殊规则 1, 2, 3, 4, 7); `LastDiscard`
    /// (海底炮, a win on the last discard) is OC-22's alternative, QQ itself listing only 海底捞月.
    FloorEvent {
        ThreeWinners = "three_winners",
        KongBloom = "kong_bloom",
        LastTile = "last_tile",
        RobbingKong = "robbing_kong",
        LastDiscard = "last_discard",
    }
);

/// A small set of `Pattern`s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PatternSet(u32);

impl PatternSet {
    pub fn insert(&mut self, pattern: Pattern) {
        self.0 |= 1 << pattern as u32;
    }

    pub fn contains(self, pattern: Pattern) -> bool {
        self.0 & (1 << pattern as u32) != 0
    }

    pub fn iter(self) -> impl Iterator<Item = Pattern> {
        Pattern::ALL
            .iter()
            .copied()
            .filter(move |&p| self.contains(p))
    }
}

/// What the tiles of a complete hand are made of, independent of how they are read: computed once per hand
/// and shared by all its readings.
pub struct Composition {
    suits_used: u8,
    has_honours: bool,
    only_terminals_and_honours: bool,
}

impl Composition {
    /// `tiles` are all the hand's tiles (melds and winning tile included).
    pub fn of(tiles: &Counts) -> Composition {
        let mut suits_used = 0u8;
        let mut has_honours = false;
        for (index, _) in tiles.iter().enumerate().filter(|(_, &c)| c > 0) {
            if index >= 27 {
                has_honours = true;
            } else {
                suits_used |= 1 << (index / 9);
            }
        }
        let orphans: u32 = TERMINALS_AND_HONOURS
            .iter()
            .map(|&t| tiles[t as usize] as u32)
            .sum();
        let total: u32 = tiles.iter().map(|&c| c as u32).sum();
        Composition {
            suits_used,
            has_honours,
            only_terminals_and_honours: orphans == total,
        }
    }

    fn one_suit(&self) -> bool {
        self.suits_used.count_ones() == 1
    }
}

/// Every pattern the reading shows. `tiles` are all the hand's tiles (melds and winning tile included) and
/// `composition` their `Composition`.
pub fn patterns(
    hand: &Hand,
    reading: &Reading,
    tiles: &Counts,
    composition: &Composition,
) -> PatternSet {
    let mut found = PatternSet::default();
    found.insert(Pattern::JiHu);
    let all_pungs = match reading.form {
        Form::Standard => standard_patterns(hand, reading, tiles, composition, &mut found),
        Form::SevenPairs => {
            found.insert(Pattern::QiDui);
            false
        }
        Form::ThirteenOrphans => {
            found.insert(Pattern::ShiSanYao);
            false
        }
    };
    if composition.one_suit() {
        let (flush, flush_pungs) = if composition.has_honours {
            (Pattern::HunYiSe, Pattern::HunPeng)
        } else {
            (Pattern::QingYiSe, Pattern::QingPeng)
        };
        found.insert(flush);
        if all_pungs {
            found.insert(flush_pungs);
        }
    }
    found
}

/// Patterns of the standard form (sets + pair); returns whether every set is a pung or kong.
fn standard_patterns(
    hand: &Hand,
    reading: &Reading,
    tiles: &Counts,
    composition: &Composition,
    found: &mut PatternSet,
) -> bool {
    let all_chows = reading.sets().all(|s| s.chow);
    let all_pungs = reading.sets().all(|s| !s.chow);
    let pung_count =
        |pick: fn(Tile) -> bool| reading.sets().filter(|s| !s.chow && pick(s.tile)).count();
    let dragon_pungs = pung_count(Tile::is_dragon);
    let wind_pungs = pung_count(Tile::is_wind);
    let pair = reading.pair;
    if all_chows {
        found.insert(Pattern::PingHu);
    }
    if all_pungs {
        found.insert(Pattern::PengPengHu);
    }
    if dragon_pungs == 3 {
        found.insert(Pattern::DaSanYuan);
    } else if dragon_pungs == 2 && pair.is_some_and(Tile::is_dragon) {
        found.insert(Pattern::XiaoSanYuan);
    }
    if wind_pungs == 4 {
        found.insert(Pattern::DaSiXi);
    } else if wind_pungs == 3 && pair.is_some_and(Tile::is_wind) {
        found.insert(Pattern::XiaoSiXi);
    }
    if composition.suits_used == 0 {
        found.insert(Pattern::ZiYiSe);
    } else if composition.only_terminals_and_honours {
        found.insert(if composition.has_honours {
            Pattern::HunYaoJiu
        } else {
            Pattern::QingYaoJiu
        });
    }
    if hand.melds.is_empty() && is_nine_gates(tiles, composition) {
        found.insert(Pattern::JiuLianBaoDeng);
    }
    all_pungs
}

/// 九莲宝灯: 1112345678999 of one suit plus any tile of that suit (the caller checks it is fully concealed).
fn is_nine_gates(tiles: &Counts, composition: &Composition) -> bool {
    if !composition.one_suit() || composition.has_honours {
        return false;
    }
    let base = composition.suits_used.trailing_zeros() as usize * 9;
    let suit = &tiles[base..base + 9];
    suit[0] >= 3 && suit[8] >= 3 && suit[1..8].iter().all(|&c| c >= 1)
}

/// The situation facts the extras depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtraFacts {
    /// Self-drawn, or a robbed kong that counts as self-drawn.
    pub scores_self_draw: bool,
    pub kong_bloom: bool,
    /// Self-drawn with the last wall tile (海底).
    pub last_tile_self_drawn: bool,
    /// Tile indices of the seat and round winds (27..30).
    pub seat_wind: u8,
    pub round_wind: u8,
    /// Whether a pung of the wind that is both seat and round wind scores both extras (OC-11).
    pub seat_round_wind_stack: bool,
}

/// How many times each extra applies (indexed by `Extra as usize`).
pub fn extras(hand: &Hand, reading: &Reading, facts: &ExtraFacts) -> [u8; Extra::COUNT] {
    let mut times = [0u8; Extra::COUNT];
    let has_pung = |tile: u8| reading.sets().any(|s| !s.chow && s.tile.index() == tile);
    times[Extra::ZiMo as usize] = facts.scores_self_draw as u8;
    times[Extra::GangShangKaiHua as usize] = facts.kong_bloom as u8;
    times[Extra::HaiDi as usize] = facts.last_tile_self_drawn as u8;
    times[Extra::MenFeng as usize] = has_pung(facts.seat_wind) as u8;
    let round_counted = facts.seat_round_wind_stack || facts.seat_wind != facts.round_wind;
    times[Extra::QuanFeng as usize] = (round_counted && has_pung(facts.round_wind)) as u8;
    times[Extra::SanYuan as usize] = reading
        .sets()
        .filter(|s| !s.chow && s.tile.is_dragon())
        .count() as u8;
    times[Extra::MenQing as usize] = hand.melds.iter().all(|m| !m.kind.is_claimed()) as u8;
    times
}

/// The family's entry in the rules registry (`rules::registry`).
pub struct Guangdong;

impl crate::rules::registry::Family for Guangdong {
    type Ruleset = ruleset::Ruleset;
    type AtTable = at_table::ScoringRules;
    type Win<'a> = (
        &'a crate::hand::Hand,
        crate::tile::Tile,
        &'a scorer::Situation,
    );
    type Score = scorer::Score;
    const SETTLEMENTS: &'static [&'static str] = &["guangdong"];

    fn compile(doc: &crate::rules::document::Document) -> crate::Result<Self::Ruleset> {
        ruleset::Ruleset::compile(doc)
    }

    fn name(rules: &Self::Ruleset) -> &str {
        &rules.name
    }

    fn score(rules: &Self::Ruleset, win: &Self::Win<'_>) -> crate::Result<Option<Self::Score>> {
        scorer::score(win.0, win.1, rules, win.2)
    }

    fn at_table(
        rules: &Self::Ruleset,
        table: crate::table::TableRules,
    ) -> crate::Result<Self::AtTable> {
        Ok(at_table::ScoringRules::new(rules.clone()).with_table(table))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand;
    use crate::rules::reading::{for_each_reading, Shapes};

    fn all_patterns(text: &str) -> Vec<&'static str> {
        let hand = parse_hand(text).expect("test hand");
        let shapes = Shapes {
            seven_pairs: true,
            seven_pairs_quads: true,
            thirteen_orphans: true,
        };
        let mut found = PatternSet::default();
        let tiles = hand.all_tiles();
        let composition = Composition::of(&tiles);
        for_each_reading(&hand, &hand.concealed, shapes, |r| {
            found.0 |= patterns(&hand, r, &tiles, &composition).0
        });
        found.iter().map(Pattern::key).collect()
    }

    #[test]
    fn keys_are_unique_and_round_trip() {
        for p in Pattern::ALL {
            assert_eq!(Pattern::from_key(p.key()), Some(*p));
        }
        assert_eq!(Pattern::from_key("nope"), None);
    }

    #[test]
    fn detects_combined_rows() {
        assert_eq!(
            all_patterns("111222m777m99m[555m]"),
            ["ji_hu", "peng_peng_hu", "qing_yi_se", "qing_peng"]
        );
        // 111222333m reads as three pungs or three chows.
        assert!(all_patterns("111222333m456p55s").contains(&"ping_hu"));
        assert!(all_patterns("111222333m444p55s").contains(&"peng_peng_hu"));
        assert!(all_patterns("1112345678999p5p").contains(&"jiu_lian_bao_deng"));
        assert!(!all_patterns("11123456789p[999p]").contains(&"jiu_lian_bao_deng"));
        assert!(all_patterns("555666z77z[111m][999s]").contains(&"xiao_san_yuan"));
        assert!(all_patterns("111999m111999p11s").contains(&"qing_yao_jiu"));
        assert!(all_patterns("11223344556677z").contains(&"qi_dui"));
        assert!(!all_patterns("11223344556677z").contains(&"zi_yi_se"));
    }
}
