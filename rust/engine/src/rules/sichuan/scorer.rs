//! Scoring one Sichuan win: check the hand, take the best reading's fan, add the situation, apply the cap
//! (or 天胡/地胡), then the payments of the win and 呼叫转移.
//!
//! Shapes are exclusive: a reading takes its most valuable shape; the hand takes the reading with the most
//! fan (equal: the shape later in row order). Modifiers and 根 do not depend on the reading.

use super::fan::{Fan, FanCounts};
use super::payments::{fan_money, pay_win};
use super::ruleset::{HeavenEarth, SelfDrawBonus, SichuanTable, Transfer};
use super::situation::SichuanSituation;
use crate::error::{EngineError, Result};
use crate::hand::{Hand, MeldKind};
use crate::rules::reading::{for_each_reading, Form, Reading, Set, Shapes};
use crate::rules::regional::{check_hand, pay, rank, standing, tile_name, Money};
use crate::tile::{Counts, Tile};

const SEVEN_PAIRS: Shapes = Shapes {
    seven_pairs: true,
    seven_pairs_quads: true,
    thirteen_orphans: false,
};

/// One win: the fan rows, the fan in all (before the cap), the fan paid on, the money.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SichuanScore {
    pub fans: FanCounts,
    pub total: u16,
    pub counted: u16,
    pub meets_minimum: bool,
    pub win: Money,
    pub transfer: Money,
}

/// The checks of a Sichuan hand (108 tiles: no honours, flowers or chi; no void-suit tile under 定缺);
/// returns every tile's count with the winning tile.
pub fn check_sichuan_hand(
    hand: &Hand,
    win: usize,
    void: Option<u8>,
    robbing_kong: bool,
    kong_bloom: bool,
) -> Result<Counts> {
    if hand.flowers != 0 {
        return Err(EngineError::hand("Sichuan plays 108 tiles: no flowers"));
    }
    if hand.melds.iter().any(|m| m.kind == MeldKind::Chi) {
        return Err(EngineError::hand(
            "Sichuan has no chi: melds are pon and kongs",
        ));
    }
    let counts = check_hand(hand, win, "Sichuan", 13, robbing_kong, kong_bloom)?;
    if let Some(honour) = (27..34).find(|&t| counts[t] > 0) {
        return Err(EngineError::hand(format!(
            "Sichuan plays 108 tiles: no honours, and the hand holds {}",
            tile_name(honour)
        )));
    }
    if let Some(void) = void {
        let start = 9 * void as usize;
        if let Some(held) = (start..start + 9).find(|&t| counts[t] > 0) {
            return Err(EngineError::illegal(format!(
                "the hand holds {} of its void suit {}: under 定缺 it cannot win",
                tile_name(held),
                ['m', 'p', 's'][void as usize]
            )));
        }
    }
    Ok(counts)
}

/// The best shape of one reading, as (fan, shape).
fn reading_shape(reading: &Reading, counts: &Counts, table: &SichuanTable) -> (u16, Fan) {
    let mut best = (table.value(Fan::PingHu), Fan::PingHu);
    let mut consider = |fan: Fan| {
        let key = (table.value(fan), fan);
        if (key.0, key.1 as u8) > (best.0, best.1 as u8) {
            best = key;
        }
    };
    if reading.form == Form::SevenPairs {
        let fan = if counts.contains(&4) {
            Fan::LongQiDui
        } else {
            Fan::QiDui
        };
        return (table.value(fan), fan);
    }
    let all_258 = (0..27).all(|t| counts[t] == 0 || matches!(rank(t), 2 | 5 | 8));
    let is_end = |t: usize| matches!(rank(t), 1 | 9);
    if reading.sets().all(|s| !s.chow) {
        consider(Fan::DuiDuiHu);
        if table.jiang_dui && all_258 {
            consider(Fan::JiangDui);
        }
    }
    let set_has_end = |s: Set| {
        let t = s.tile.index() as usize;
        is_end(t) || (s.chow && rank(t) == 7)
    };
    let pair_has_end = reading.pair.is_some_and(|p| is_end(p.index() as usize));
    if table.dai_yao_jiu && pair_has_end && reading.sets().all(set_has_end) {
        consider(Fan::DaiYaoJiu);
    }
    best
}

/// The hand's own fan (no situation), or None when it does not win. `counts`: every tile of the hand with
/// the winning tile.
pub fn hand_fans(
    hand: &Hand,
    win: usize,
    counts: &Counts,
    table: &SichuanTable,
) -> Option<FanCounts> {
    let mut best: Option<(u16, Fan)> = None;
    for_each_reading(hand, &standing(hand, win), SEVEN_PAIRS, |reading| {
        let key = reading_shape(reading, counts, table);
        if best.is_none_or(|b| (key.0, key.1 as u8) > (b.0, b.1 as u8)) {
            best = Some(key);
        }
    });
    let (_, shape) = best?;
    let mut fans = FanCounts::default();
    let mut add = |fan: Fan, times: u8| {
        if times > 0 {
            fans.add(fan, times, table.value(fan));
        }
    };
    add(shape, 1);
    let present = || (0..27).filter(|&t| counts[t] > 0);
    let first_suit = present().next().map_or(0, |t| t / 9);
    add(
        Fan::QingYiSe,
        u8::from(present().all(|t| t / 9 == first_suit)),
    );
    add(Fan::JinGouDiao, u8::from(hand.melds.len() == 4));
    let seven_pairs = matches!(shape, Fan::QiDui | Fan::LongQiDui);
    let all_258 = present().all(|t| matches!(rank(t), 2 | 5 | 8));
    add(
        Fan::JiangQiDui,
        u8::from(seven_pairs && table.jiang_qi_dui && all_258),
    );
    let quads = counts.iter().filter(|&&c| c == 4).count() as u8;
    add(Fan::Gen, quads - u8::from(shape == Fan::LongQiDui));
    let concealed = hand.melds.iter().all(|m| m.kind == MeldKind::ConcealedKong);
    add(Fan::MenQing, u8::from(table.men_qing && concealed));
    let no_ends = present().all(|t| !matches!(rank(t), 1 | 9));
    add(Fan::ZhongZhang, u8::from(table.zhong_zhang && no_ends));
    Some(fans)
}

/// The situational rows of a win.
pub fn add_situational(fans: &mut FanCounts, s: &SichuanSituation, table: &SichuanTable) {
    let self_draw = s.scores_self_draw(table.fed_bloom_as_discard);
    let rows = [
        (
            Fan::ZiMo,
            self_draw && table.self_draw_bonus == SelfDrawBonus::Fan,
        ),
        (Fan::GangShangHua, s.kong_bloom),
        (Fan::GangShangPao, s.kong_discard),
        (Fan::QiangGangHu, s.robbing_kong),
        (Fan::HaiDiLaoYue, s.last_tile && s.self_drawn),
        (
            Fan::HaiDiPao,
            s.last_tile && !s.self_drawn && table.hai_di_pao,
        ),
    ];
    for (fan, scored) in rows {
        if scored {
            fans.add(fan, 1, table.value(fan));
        }
    }
}

/// Scores `hand` (13 tiles before the winning tile, melds counted as 3) winning on `win`. Ok(None) when the
/// tiles do not win; errors for a hand Sichuan cannot hold or win with.
pub fn score(
    hand: &Hand,
    win: Tile,
    s: &SichuanSituation,
    table: &SichuanTable,
) -> Result<Option<SichuanScore>> {
    s.validate()?;
    let win = win.index() as usize;
    let counts = check_sichuan_hand(hand, win, s.void, s.robbing_kong, s.kong_bloom)?;
    // OC-S7 "allowed": the dealer's 暗杠 before its first discard keeps 天胡.
    let kongs_kept = s.heavenly && table.heavenly_after_kong;
    if (s.heavenly || s.earthly)
        && hand
            .melds
            .iter()
            .any(|m| !(kongs_kept && m.kind == MeldKind::ConcealedKong))
    {
        return Err(EngineError::illegal(
            "heavenly/earthly: the first go-around has no pon or kong yet",
        ));
    }
    // A.4: every win holds at most two suits (缺一门), whether or not 定缺 is played; a three-suit hand is a 花猪
    // (A.8), not a win — reported as any other hand that does not win.
    if (0..3)
        .filter(|suit| counts[9 * suit..9 * suit + 9].iter().any(|&n| n > 0))
        .count()
        > 2
    {
        return Ok(None);
    }
    let Some(mut fans) = hand_fans(hand, win, &counts, table) else {
        return Ok(None);
    };
    add_situational(&mut fans, s, table);
    let mut total = fans.total();
    let counted;
    if (s.heavenly || s.earthly) && table.heaven_earth != HeavenEarth::Off {
        let fan = if s.heavenly { Fan::TianHu } else { Fan::DiHu };
        let value = if table.heaven_earth == HeavenEarth::Cap && table.cap > 0 {
            table.cap
        } else {
            table.value(fan)
        };
        fans = FanCounts::default();
        fans.add(fan, 1, value);
        total = value;
        counted = value;
    } else {
        counted = table.paid_fan(total);
    }
    let meets_minimum = total >= table.minimum_fan;
    let (mut win_money, mut transfer) = ([0; 4], [0; 4]);
    if meets_minimum {
        let self_draw = s.scores_self_draw(table.fed_bloom_as_discard);
        let payer = if s.self_drawn {
            s.kong_fed_by
        } else {
            s.discarder
        };
        let amount = fan_money(counted, self_draw, table);
        pay_win(
            &mut win_money,
            s.seat,
            self_draw,
            payer,
            s.still_in,
            amount,
            table,
        );
        if let Some(discarder) = s.discarder {
            pay(
                &mut transfer,
                s.seat as usize,
                discarder as usize,
                transferred(s, table),
            );
        }
    }
    Ok(Some(SichuanScore {
        fans,
        total,
        counted,
        meets_minimum,
        win: win_money,
        transfer,
    }))
}

/// 呼叫转移 (OC-S10): on a 杠上炮 the konger hands the winner that kong's money; with several winners nothing,
/// or an equal share each (the remainder stays with the konger).
fn transferred(s: &SichuanSituation, table: &SichuanTable) -> i64 {
    if !s.kong_discard || table.call_transfer == Transfer::Off {
        return 0;
    }
    match s.winners_on_discard {
        1 => s.kong_money,
        n if table.transfer_split => s.kong_money / i64::from(n),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::EngineError;
    use crate::notation::parse_hand;
    use crate::rules::sichuan::ruleset::tests::default_table;

    fn discard(seat: u8, discarder: u8, void: u8) -> SichuanSituation {
        SichuanSituation {
            seat,
            void: Some(void),
            discarder: Some(discarder),
            still_in: 0b1111,
            winners_on_discard: 1,
            ..SichuanSituation::default()
        }
    }

    fn tile(index: u8) -> Tile {
        Tile::new(index).expect("a tile")
    }

    #[test]
    fn pure_pungs_with_a_root() {
        // S08: 对对胡 1 + 清一色 2 + 根 1 = 4 → ×16 from the discarder.
        let hand = parse_hand("(7777s)[222s]555s888s3s").expect("hand");
        let result = score(&hand, tile(20), &discard(3, 1, 1), &default_table())
            .expect("ok")
            .expect("a win");
        assert_eq!((result.total, result.counted), (4, 4));
        assert_eq!(result.win, [0, -16, 0, 16]);
    }

    #[test]
    fn the_cap_limits_payments_not_the_total() {
        // S10: 十八罗汉 self-drawn: 7 fan, paid at the cap of 4.
        let hand = parse_hand("(1111m)[4444m]{2222s}(8888s)6s").expect("hand");
        let mut s = discard(1, 0, 1);
        s.self_drawn = true;
        s.discarder = None;
        let result = score(&hand, tile(23), &s, &default_table())
            .expect("ok")
            .expect("a win");
        assert_eq!((result.total, result.counted), (7, 4));
        assert_eq!(result.win, [-16, 48, -16, -16]);
    }

    #[test]
    fn a_hand_holding_its_void_suit_cannot_win() {
        let hand = parse_hand("123p456p789p234s5s").expect("hand");
        let refused = score(&hand, tile(22), &discard(1, 2, 1), &default_table());
        assert!(matches!(refused, Err(EngineError::IllegalAction { .. })));
    }

    #[test]
    fn seventeen_tiles_and_honours_are_not_sichuan_hands() {
        let sixteen = parse_hand("123m456m789m123p456p5p").expect("hand");
        let honours = parse_hand("123m456m789m123p5z").expect("hand");
        for hand in [sixteen, honours] {
            let refused = score(&hand, tile(13), &discard(1, 2, 2), &default_table());
            assert!(matches!(refused, Err(EngineError::InvalidHand { .. })));
        }
    }
}
