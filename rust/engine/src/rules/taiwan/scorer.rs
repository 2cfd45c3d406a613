//! Scoring one Taiwan win: check the 16-tile hand, detect the 台 rows of every reading (five sets and a
//! pair, the analysis core's readings), apply the replacements, keep the best reading, then the payments.
//! Equal totals keep the reading whose row counts, in row order, compare highest (as the reference does).

use super::payments::payments;
use super::ruleset::TaiwanTable;
use super::situation::TaiwanSituation;
use super::tai::{Tai, TaiCounts};
use crate::error::{EngineError, Result};
use crate::hand::{Hand, MeldKind};
use crate::rules::reading::{for_each_reading, Reading, Shapes};
use crate::rules::regional::{check_hand, rank, standing, winning_kinds, Money};
use crate::tile::{Counts, Tile};

/// One win: the rows, the hand's 台, the 台 paid on (capped), the money and the dealer's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaiwanScore {
    pub tai: TaiCounts,
    pub total: u16,
    pub counted: u16,
    pub meets_minimum: bool,
    pub win: Money,
    pub eye_fee: Money,
    pub dealer: TaiCounts,
}

const WINDS: std::ops::Range<usize> = 27..31;
const DRAGONS: std::ops::Range<usize> = 31..34;

/// Each seat's flowers (library numbers: 春夏秋冬 1..4, then 梅兰菊竹 5..8): the seat's season, then its
/// plant by name (OC-T1 "by_name": 菊 West, 竹 North) or as the association pairs them (竹 West, 菊 North).
fn seat_flowers(seat_wind: u8, association: bool) -> [u8; 2] {
    let plant = match (seat_wind, association) {
        (2, true) => 8,
        (3, true) => 7,
        (w, _) => w + 5,
    };
    [seat_wind + 1, plant]
}

/// 正花 and 花槓 (a full set of four replaces that set's 正花).
fn flower_rows(flowers: u8, seat_wind: u8, table: &TaiwanTable, tai: &mut TaiCounts) {
    let held = |f: u8| flowers & (1 << (f - 1)) != 0;
    for group in [1u8..=4, 5..=8] {
        if group.clone().all(held) {
            tai.add(Tai::HuaGang, 1);
        } else {
            let own = seat_flowers(seat_wind, table.association_flowers);
            tai.add(
                Tai::ZhengHua,
                own.iter()
                    .filter(|&&f| group.contains(&f) && held(f))
                    .count() as u8,
            );
        }
    }
}

/// The sets of a reading with whether each is a declared meld (melds come first) and its kind.
fn sets<'a>(
    reading: &'a Reading,
    hand: &'a Hand,
) -> impl Iterator<Item = (bool, usize, Option<MeldKind>)> + 'a {
    reading.sets().enumerate().map(|(i, s)| {
        (
            s.chow,
            s.tile.index() as usize,
            hand.melds.get(i).map(|m| m.kind),
        )
    })
}

/// 暗刻: concealed pungs and 暗槓; a pung the discarded winning tile completes is not concealed, unless the
/// reading also has a concealed chow or the pair the tile can complete instead.
fn concealed_pungs(reading: &Reading, hand: &Hand, win: usize, self_drawn: bool) -> u8 {
    let pair_takes = reading.pair.is_some_and(|p| p.index() as usize == win);
    let chow_takes = sets(reading, hand)
        .any(|(chow, t, meld)| chow && meld.is_none() && (t..t + 3).contains(&win));
    let elsewhere = pair_takes || chow_takes;
    sets(reading, hand)
        .filter(|&(chow, t, meld)| match meld {
            None => !chow && (self_drawn || t != win || elsewhere),
            Some(kind) => kind == MeldKind::ConcealedKong,
        })
        .count() as u8
}

/// The winning tile ends a concealed chow whose other end is also a wait (兩面).
fn two_sided(reading: &Reading, hand: &Hand, win: usize) -> bool {
    sets(reading, hand).any(|(chow, t, meld)| {
        chow && meld.is_none() && ((win == t && rank(t) <= 6) || (win == t + 2 && rank(t) >= 2))
    })
}

fn reading_rows(
    hand: &Hand,
    reading: &Reading,
    win: usize,
    s: &TaiwanSituation,
    counts: &Counts,
    single_wait: bool,
    table: &TaiwanTable,
) -> TaiCounts {
    let mut tai = TaiCounts::default();
    let pair = reading.pair.map_or(usize::MAX, |p| p.index() as usize);
    let pung = |t: usize| sets(reading, hand).any(|(chow, tile, _)| !chow && tile == t);
    let pungs = sets(reading, hand).filter(|&(chow, _, _)| !chow).count();
    let dragons = DRAGONS.filter(|&t| pung(t)).count();
    let winds = WINDS.filter(|&t| pung(t)).count();
    let present = || (0..34).filter(|&t| counts[t] > 0);
    let honours = present().any(|t| t >= 27);
    let first_suit = present().find(|&t| t < 27).map(|t| t / 9);
    let one_suit = first_suit.is_some_and(|suit| present().all(|t| t >= 27 || t / 9 == suit));
    let concealed = hand.melds.iter().all(|m| m.kind == MeldKind::ConcealedKong);
    let exposed = hand
        .melds
        .iter()
        .filter(|m| m.kind != MeldKind::ConcealedKong)
        .count();
    tai.add_if(Tai::MenQingZiMo, concealed && s.self_drawn);
    tai.add_if(Tai::MenQing, concealed);
    tai.add_if(Tai::ZiMo, s.self_drawn);
    tai.add_if(Tai::MenFeng, pung(27 + s.seat_wind() as usize));
    tai.add_if(Tai::QuanFeng, pung(27 + s.round_wind as usize));
    tai.add(Tai::SanYuan, dragons as u8);
    flower_rows(hand.flowers, s.seat_wind(), table, &mut tai);
    tai.add_if(Tai::DuTing, single_wait);
    tai.add_if(Tai::QiangGang, s.robbing_kong);
    tai.add_if(Tai::GangShangKaiHua, s.kong_bloom);
    tai.add_if(Tai::HaiDiLaoYue, s.last_tile && s.self_drawn);
    tai.add_if(Tai::HeDiLaoYu, s.last_tile && !s.self_drawn);
    if exposed == 5 {
        let row = if s.self_drawn {
            Tai::BanQiuRen
        } else {
            Tai::QuanQiuRen
        };
        tai.add_if(row, !s.self_drawn || table.half_seeker);
        if !s.self_drawn && !table.full_seeker_single_wait {
            tai.0[Tai::DuTing as usize] = 0;
        }
    }
    let all_chows = sets(reading, hand).all(|(chow, _, _)| chow);
    let ping_hu = if table.ping_hu_all_chows {
        all_chows && hand.flowers == 0
    } else {
        all_chows && !honours && hand.flowers == 0 && !s.self_drawn && two_sided(reading, hand, win)
    };
    tai.add_if(Tai::PingHu, ping_hu);
    match concealed_pungs(reading, hand, win, s.self_drawn) {
        3 => tai.add(Tai::SanAnKe, 1),
        4 => tai.add(Tai::SiAnKe, 1),
        5 => tai.add(Tai::WuAnKe, 1),
        _ => {}
    }
    tai.add_if(Tai::PengPengHu, pungs == 5);
    tai.add_if(if honours { Tai::HunYiSe } else { Tai::QingYiSe }, one_suit);
    tai.add_if(Tai::ZiYiSe, first_suit.is_none());
    tai.add_if(Tai::XiaoSanYuan, dragons == 2 && DRAGONS.contains(&pair));
    tai.add_if(Tai::DaSanYuan, dragons == 3);
    tai.add_if(Tai::XiaoSiXi, winds == 3 && WINDS.contains(&pair));
    tai.add_if(Tai::DaSiXi, winds == 4);
    tai.add_if(Tai::RenHu, s.human);
    tai.add_if(Tai::DiHu, s.earthly);
    tai.add_if(Tai::TianHu, s.heavenly);
    tai.apply_replacements();
    tai
}

/// Scores `hand` (16 tiles before the winning tile, melds counted as 3; flowers score 正花/花槓) winning on
/// `win`. Ok(None) when the tiles do not win.
pub fn score(
    hand: &Hand,
    win: Tile,
    s: &TaiwanSituation,
    table: &TaiwanTable,
) -> Result<Option<TaiwanScore>> {
    s.validate()?;
    let win = win.index() as usize;
    let counts = check_hand(hand, win, "Taiwan", 16, s.robbing_kong, false)?;
    if (s.heavenly || s.earthly || s.human)
        && hand.melds.iter().any(|m| m.kind != MeldKind::ConcealedKong)
    {
        return Err(EngineError::illegal(
            "heavenly/earthly/human: no call has been made yet, so no exposed meld",
        ));
    }
    let single_wait = winning_kinds(hand) == 1;
    let mut best: Option<(u16, TaiCounts)> = None;
    for_each_reading(hand, &standing(hand, win), Shapes::default(), |reading| {
        let rows = reading_rows(hand, reading, win, s, &counts, single_wait, table);
        let key = (rows.total(&table.values), rows);
        if best.is_none_or(|b| key > b) {
            best = Some(key);
        }
    });
    let Some((total, tai)) = best else {
        return Ok(None);
    };
    let counted = if table.cap > 0 {
        total.min(table.cap)
    } else {
        total
    };
    let meets_minimum = total >= table.minimum_tai;
    let (win_money, eye_fee, dealer) = if meets_minimum {
        payments(s, counted, table)
    } else {
        ([0; 4], [0; 4], TaiCounts::default())
    };
    Ok(Some(TaiwanScore {
        tai,
        total,
        counted,
        meets_minimum,
        win: win_money,
        eye_fee,
        dealer,
    }))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::notation::parse_hand;

    /// The defaults of `rulesets/taiwan.toml`.
    pub(crate) fn default_table() -> TaiwanTable {
        let values = [
            1, 2, 1, 1, 3, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 2, 2, 2, 5, 8, 4, 4, 4, 8, 8, 8, 16,
            16, 8, 8, 8, 16, 24,
        ];
        TaiwanTable::from_parts(
            "taiwan",
            &values,
            &[0, 0, 0, 0, 0],
            &[true, true, true, false, false],
            &[0, 0, 30, 10],
        )
        .expect("defaults")
    }

    fn win(seat: u8, discarder: Option<u8>) -> TaiwanSituation {
        TaiwanSituation {
            seat,
            self_drawn: discarder.is_none(),
            discarder,
            ..TaiwanSituation::default()
        }
    }

    fn tile(index: u8) -> Tile {
        Tile::new(index).expect("a tile")
    }

    #[test]
    fn a_discard_opens_the_pung_it_completes() {
        // T04: 3z from a discard is an exposed pung (三暗刻); self-drawn it is the fourth concealed one.
        let hand = parse_hand("[555m]222p777p999s33z44s").expect("hand");
        let table = default_table();
        let discarded = score(&hand, tile(29), &win(2, Some(3)), &table)
            .expect("ok")
            .expect("win");
        let drawn = score(&hand, tile(29), &win(2, None), &table)
            .expect("ok")
            .expect("win");
        assert_eq!((discarded.total, drawn.total), (7, 11));
        assert!(
            discarded.tai.has(Tai::SanAnKe)
                && drawn.tai.has(Tai::SiAnKe)
                && !drawn.tai.has(Tai::SanAnKe)
        );
        assert_eq!(drawn.win, [-150, -140, 430, -140]);
    }

    #[test]
    fn big_four_winds_replaces_the_wind_rows() {
        // T10: 大四喜 16 + 字一色 16 + 中 1 + 自摸 1 + 獨聽 1.
        let hand = parse_hand("[111z][222z][333z]444z777z5z").expect("hand");
        let result = score(&hand, tile(31), &win(3, None), &default_table())
            .expect("ok")
            .expect("win");
        assert_eq!(result.total, 35);
        assert!(!result.tai.has(Tai::MenFeng) && !result.tai.has(Tai::PengPengHu));
    }

    #[test]
    fn thirteen_tiles_are_not_a_taiwan_hand() {
        let hand = parse_hand("123m456m789m123p5p").expect("hand");
        assert!(score(&hand, tile(13), &win(1, Some(2)), &default_table()).is_err());
    }
}
