//! Who pays a Taiwan win (B.5): each payer 底 + (台 + D) × 台價, D the dealer's 台 when the dealer wins or
//! pays; the 眼牌费 (B.3); and the flower wins (B.6), which pay their row's 台 and nothing of the hand.

use super::ruleset::{EyeFee, TaiwanTable};
use super::situation::TaiwanSituation;
use super::tai::{Tai, TaiCounts};
use crate::rules::regional::{pay, Money};

/// The win's money, the 眼牌费, and the dealer's rows (莊家, 連N拉N) when the dealer takes part.
pub fn payments(
    s: &TaiwanSituation,
    counted: u16,
    table: &TaiwanTable,
) -> (Money, Money, TaiCounts) {
    let dealer_tai = i64::from(table.value(Tai::ZhuangJia))
        + i64::from(s.streak) * i64::from(table.value(Tai::LianZhuang));
    let seat = s.seat as usize;
    let mut win = [0; 4];
    let payers = (0..4u8).filter(|&p| {
        if s.self_drawn {
            p != s.seat
        } else {
            Some(p) == s.discarder
        }
    });
    let mut involved = s.dealer == s.seat;
    for payer in payers {
        involved |= payer == s.dealer;
        let extra = if s.dealer == s.seat || s.dealer == payer {
            dealer_tai
        } else {
            0
        };
        pay(
            &mut win,
            seat,
            payer as usize,
            table.base + (i64::from(counted) + extra) * table.tai_value,
        );
    }
    let fee = match table.eye_fee {
        EyeFee::Tai => table.tai_value,
        EyeFee::Base => table.base,
        EyeFee::BasePlusTai => table.base + table.tai_value,
    };
    let mut eyes = [0; 4];
    for eye in (0..4).filter(|&e| e != seat && s.eye_seats & (1 << e) != 0) {
        pay(&mut eyes, seat, eye, fee);
    }
    let mut dealer = TaiCounts::default();
    if involved {
        dealer.add(Tai::ZhuangJia, 1);
        dealer.add(Tai::LianZhuang, s.streak);
    }
    (win, eyes, dealer)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlowerWin {
    /// 八仙過海: all eight flowers, paid as a self-draw.
    EightImmortals,
    /// 七搶一: the single flower's holder (`discarder`) pays.
    SevenRobOne,
}

/// A flower win: (the row, its 台, the win's money, the 眼牌费, the dealer's rows).
pub fn flower_win(
    kind: FlowerWin,
    s: &TaiwanSituation,
    table: &TaiwanTable,
) -> (Tai, u16, Money, Money, TaiCounts) {
    let tai = match kind {
        FlowerWin::EightImmortals => Tai::BaXianGuoHai,
        FlowerWin::SevenRobOne => Tai::QiQiangYi,
    };
    let value = table.value(tai);
    let (win, eyes, dealer) = payments(s, value, table);
    (tai, value, win, eyes, dealer)
}
