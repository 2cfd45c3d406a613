//! A Sichuan deal's money (A.5, A.7, A.8): kong money at once, each win's payments and 呼叫转移 as the
//! events come, then at a 流局 退税, 查花猪 and 查大叫. Pure arithmetic over the events; only 查大叫 scores
//! hands (each ready player's best wait).

use super::payments::{fan_money, pay_win};
use super::ruleset::{FlowerPig, SichuanTable, Transfer};
use super::scorer::{add_situational, hand_fans};
use super::situation::SichuanSituation;
use crate::error::{EngineError, Result};
use crate::hand::Hand;
use crate::rules::regional::{pay, Money};
use crate::tile::{Counts, COPIES};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KongKind {
    /// 直杠 (fed by a discard).
    Direct,
    /// 补杠.
    Added,
    /// 暗杠.
    Concealed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinHow {
    Discard,
    SelfDrawn,
    RobbingKong,
    /// 点杠花 当点炮: the feeder pays.
    FedKongBloom,
}

/// One money event of a deal, in play order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A seat left by a win settled elsewhere.
    Out { seat: u8 },
    Kong {
        seat: u8,
        kind: KongKind,
        feeder: Option<u8>,
        /// 回头杠.
        returned: bool,
    },
    /// One winning tile: (seat, counted fan) per winner.
    Win {
        winners: Vec<(u8, u16)>,
        how: WinHow,
        discarder: Option<u8>,
        kong_discard: bool,
    },
}

/// A checked seat's final hand and void; `void_discards`: 全程打缺; `visible`: tiles seen elsewhere (死叫).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndHand {
    pub seat: u8,
    pub hand: Hand,
    pub void: Option<u8>,
    pub void_discards: bool,
    pub visible: Option<Counts>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Won = 0,
    FlowerPig = 1,
    Ready = 2,
    NotReady = 3,
    Unchecked = 4,
}

/// The money rows, in `MONEY_KINDS` order (Python).
pub const KONG: usize = 0;
pub const WIN: usize = 1;
pub const TRANSFER: usize = 2;
pub const REFUND: usize = 3;
pub const FLOWER_PIG: usize = 4;
pub const READY_CHECK: usize = 5;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    pub money: [Money; 6],
    /// Each winner's win money (the `WIN` row, split by winner), in the order they won.
    pub wins: Vec<Money>,
    pub status: [Status; 4],
    pub winners: Vec<u8>,
}

/// What one kong earned from each payer, less what 呼叫转移 passed on.
struct KongLedger {
    seat: u8,
    received: Money,
}

fn require_in(seat: u8, active: u8, what: &str) -> Result<()> {
    if seat > 3 || active & (1 << seat) == 0 {
        return Err(EngineError::illegal(format!(
            "{what}: seat {seat} has already won and left the hand (血战到底)"
        )));
    }
    Ok(())
}

/// Each seat's money by event type over a deal's `events`; `ends`: the final hands of the seats checked at
/// a 流局 (`wall_exhausted`).
pub fn settle(
    events: &[Event],
    ends: &[EndHand],
    wall_exhausted: bool,
    table: &SichuanTable,
) -> Result<Settlement> {
    let mut money = [[0i64; 4]; 6];
    let mut won: Vec<u8> = Vec::new();
    let mut kongs: Vec<KongLedger> = Vec::new();
    let mut wins: Vec<Money> = Vec::new();
    let mut ended = false;
    for event in events {
        if ended {
            return Err(EngineError::illegal(
                "an event after the third winner: the hand ended (血战到底)",
            ));
        }
        let won_bits = won.iter().fold(0u8, |bits, &s| bits | 1 << s);
        let active = if table.xueliu {
            0b1111
        } else {
            0b1111 & !won_bits
        };
        match event {
            Event::Out { seat } => {
                require_in(*seat, active, "Out")?;
                won.push(*seat);
            }
            Event::Kong {
                seat,
                kind,
                feeder,
                returned,
            } => {
                kongs.push(kong(
                    *seat,
                    *kind,
                    *feeder,
                    *returned,
                    active,
                    table,
                    &mut money[KONG],
                )?);
            }
            Event::Win {
                winners,
                how,
                discarder,
                kong_discard,
            } => {
                win(
                    winners,
                    *how,
                    *discarder,
                    *kong_discard,
                    active,
                    &mut kongs,
                    table,
                    &mut money,
                    &mut wins,
                )?;
                for &(seat, _) in winners {
                    if !won.contains(&seat) {
                        won.push(seat);
                    }
                }
            }
        }
        ended = !table.xueliu && won.len() >= 3;
    }
    let mut status = [Status::Unchecked; 4];
    for &seat in &won {
        status[seat as usize] = Status::Won;
    }
    let checked: Vec<u8> = (0..4).filter(|s| !won.contains(s)).collect();
    if (ended && table.check_fourth) || (wall_exhausted && !ended && checked.len() >= 2) {
        end_checks(&checked, ends, &won, &kongs, table, &mut money, &mut status)?;
    }
    Ok(Settlement {
        money,
        wins,
        status,
        winners: won,
    })
}

fn kong(
    seat: u8,
    kind: KongKind,
    feeder: Option<u8>,
    returned: bool,
    active: u8,
    table: &SichuanTable,
    money: &mut Money,
) -> Result<KongLedger> {
    require_in(seat, active, "Kong")?;
    let mut ledger = KongLedger {
        seat,
        received: [0; 4],
    };
    let (payers, amount) = match kind {
        KongKind::Direct => {
            let feeder =
                feeder.ok_or_else(|| EngineError::argument("a direct kong needs its feeder"))?;
            require_in(feeder, active, "Kong feeder")?;
            (1u8 << feeder, table.direct_kong)
        }
        KongKind::Added | KongKind::Concealed => {
            let paid = if kind == KongKind::Added {
                table.added_kong
            } else {
                table.concealed_kong
            };
            let amount = if returned && !table.returned_kong_pays {
                0
            } else {
                paid
            };
            (active & !(1 << seat), amount)
        }
    };
    for payer in (0..4).filter(|&p| payers & (1 << p) != 0) {
        ledger.received[payer] = amount * table.base;
        pay(money, seat as usize, payer, amount * table.base);
    }
    Ok(ledger)
}

#[allow(clippy::too_many_arguments)]
fn win(
    winners: &[(u8, u16)],
    how: WinHow,
    discarder: Option<u8>,
    kong_discard: bool,
    active: u8,
    kongs: &mut [KongLedger],
    table: &SichuanTable,
    money: &mut [Money; 6],
    wins: &mut Vec<Money>,
) -> Result<()> {
    if winners.is_empty() || (how != WinHow::SelfDrawn && discarder.is_none()) {
        return Err(EngineError::argument(
            "a win needs winners, and a discarder unless self-drawn",
        ));
    }
    if let Some(d) = discarder {
        require_in(d, active, "Win discarder")?;
    }
    for &(seat, fan) in winners {
        require_in(seat, active, "Win")?;
        if fan > 60 {
            return Err(EngineError::argument("a win's fan is at most 60"));
        }
        let self_draw = how == WinHow::SelfDrawn;
        let mut own = [0; 4];
        pay_win(
            &mut own,
            seat,
            self_draw,
            discarder,
            active,
            fan_money(fan, self_draw, table),
            table,
        );
        for (total, paid) in money[WIN].iter_mut().zip(own) {
            *total += paid;
        }
        wins.push(own);
    }
    if kong_discard && table.call_transfer != Transfer::Off {
        transfer(winners, discarder, kongs, table, &mut money[TRANSFER])?;
    }
    Ok(())
}

/// 呼叫转移 (OC-S10): the discarder's last kong's money (or all its kong money), to the one winner, or split
/// equally among several (the remainder stays); what is passed on is no longer refundable.
fn transfer(
    winners: &[(u8, u16)],
    konger: Option<u8>,
    kongs: &mut [KongLedger],
    table: &SichuanTable,
    money: &mut Money,
) -> Result<()> {
    let konger = konger.unwrap_or(4);
    let own: Vec<usize> = (0..kongs.len())
        .filter(|&i| kongs[i].seat == konger)
        .collect();
    let Some(&last) = own.last() else {
        return Err(EngineError::illegal(format!(
            "Win.kong_discard: seat {konger} has declared no kong"
        )));
    };
    let sources: Vec<usize> = if table.call_transfer == Transfer::Kong {
        vec![last]
    } else {
        own
    };
    let held: i64 = sources
        .iter()
        .map(|&i| kongs[i].received.iter().sum::<i64>())
        .sum();
    if winners.len() > 1 && !table.transfer_split {
        return Ok(());
    }
    let share = held / winners.len() as i64;
    if share == 0 {
        return Ok(());
    }
    for &(seat, _) in winners {
        pay(money, seat as usize, konger as usize, share);
    }
    let mut amount = share * winners.len() as i64;
    for &i in sources.iter().rev() {
        for received in kongs[i].received.iter_mut() {
            let taken = amount.min(*received);
            *received -= taken;
            amount -= taken;
        }
    }
    Ok(())
}

/// The most a ready hand can win (查大叫, OC-S15): its best winning tile, scored as a discard (or as a
/// self-draw under ready_check_basis = "self_draw") and capped; None when it is not ready.
pub fn best_wait_fan(
    hand: &Hand,
    void: Option<u8>,
    visible: Option<&Counts>,
    table: &SichuanTable,
) -> Option<u16> {
    let counts = hand.all_tiles();
    let situation = SichuanSituation {
        self_drawn: table.ready_check_self_draw,
        ..SichuanSituation::default()
    };
    let mut best = None;
    for tile in 0..27 {
        if counts[tile] >= COPIES || void.is_some_and(|v| tile / 9 == v as usize) {
            continue;
        }
        if let Some(seen) = visible {
            if !table.dead_wait_counts && counts[tile] + seen[tile] >= COPIES {
                continue;
            }
        }
        let mut with_win = counts;
        with_win[tile] += 1;
        let Some(mut fans) = hand_fans(hand, tile, &with_win, table) else {
            continue;
        };
        add_situational(&mut fans, &situation, table);
        let fan = table.paid_fan(fans.total());
        best = Some(best.map_or(fan, |b: u16| b.max(fan)));
    }
    best
}

/// (status, the best wait's fan when ready) of a checked seat's final hand.
pub fn end_status(end: &EndHand, table: &SichuanTable) -> Result<(Status, Option<u16>)> {
    let hand = &end.hand;
    let seat = end.seat;
    if hand.concealed_len() + 3 * hand.melds.len() != 13 || hand.wilds > 0 || hand.flowers != 0 {
        return Err(EngineError::argument(format!(
            "EndHand seat {seat}: a final Sichuan hand holds 13 tiles counting melds as 3"
        )));
    }
    hand.validate()?;
    let counts = hand.all_tiles();
    let pig = if table.void_suit {
        let void = end.void.ok_or_else(|| {
            EngineError::argument(format!("EndHand seat {seat}: void required under 定缺"))
        })?;
        counts[9 * void as usize..9 * void as usize + 9]
            .iter()
            .any(|&c| c > 0)
    } else {
        (0..3).all(|suit| counts[9 * suit..9 * suit + 9].iter().any(|&c| c > 0))
    };
    if counts[27..].iter().any(|&c| c > 0) {
        return Err(EngineError::argument(format!(
            "EndHand seat {seat}: Sichuan hands hold no honours"
        )));
    }
    if pig {
        return Ok((Status::FlowerPig, None));
    }
    Ok(
        match best_wait_fan(hand, end.void, end.visible.as_ref(), table) {
            Some(fan) => (Status::Ready, Some(fan)),
            None => (Status::NotReady, None),
        },
    )
}

/// 退税 → 查花猪 → 查大叫 (A.8) among the `checked` seats.
fn end_checks(
    checked: &[u8],
    ends: &[EndHand],
    won: &[u8],
    kongs: &[KongLedger],
    table: &SichuanTable,
    money: &mut [Money; 6],
    status: &mut [Status; 4],
) -> Result<()> {
    let mut best = [None; 4];
    let mut exempt = [false; 4];
    for &seat in checked {
        let end = ends.iter().find(|e| e.seat == seat).ok_or_else(|| {
            EngineError::argument(format!(
                "seat {seat} is checked at the end of the hand: give its EndHand"
            ))
        })?;
        let (found, fan) = end_status(end, table)?;
        status[seat as usize] = found;
        best[seat as usize] = fan;
        exempt[seat as usize] = table.void_discards_exempt && end.void_discards;
    }
    for &seat in checked
        .iter()
        .filter(|&&s| status[s as usize] != Status::Ready)
    {
        for ledger in kongs.iter().filter(|k| k.seat == seat) {
            for (payer, &amount) in ledger.received.iter().enumerate() {
                if !table.refund_still_in_only || !won.contains(&(payer as u8)) {
                    pay(&mut money[REFUND], payer, seat as usize, amount);
                }
            }
        }
    }
    let pig_amount = match table.flower_pig.fixed() {
        Some(fixed) => fixed * table.base,
        None => table.base * (1i64 << table.cap),
    };
    let mut receivers: Vec<u8> = checked
        .iter()
        .copied()
        .filter(|&s| status[s as usize] != Status::FlowerPig)
        .collect();
    if table.flower_pig == FlowerPig::CapAndWinners {
        receivers.extend_from_slice(won);
    }
    for &pig in checked
        .iter()
        .filter(|&&s| status[s as usize] == Status::FlowerPig && !exempt[s as usize])
    {
        for &receiver in &receivers {
            pay(
                &mut money[FLOWER_PIG],
                receiver as usize,
                pig as usize,
                pig_amount,
            );
        }
    }
    for &payer in checked
        .iter()
        .filter(|&&s| status[s as usize] == Status::NotReady && !exempt[s as usize])
    {
        for (ready, fan) in best.iter().enumerate() {
            if let Some(fan) = *fan {
                let amount = fan_money(fan, table.ready_check_self_draw, table);
                pay(&mut money[READY_CHECK], ready, payer as usize, amount);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::sichuan::ruleset::tests::default_table;

    #[test]
    fn three_winners_end_the_hand() {
        // S26: kong money, then three wins; E is not checked.
        let events = [
            Event::Kong {
                seat: 2,
                kind: KongKind::Concealed,
                feeder: None,
                returned: false,
            },
            Event::Win {
                winners: vec![(1, 2)],
                how: WinHow::Discard,
                discarder: Some(0),
                kong_discard: false,
            },
            Event::Win {
                winners: vec![(3, 2)],
                how: WinHow::SelfDrawn,
                discarder: None,
                kong_discard: false,
            },
            Event::Win {
                winners: vec![(2, 1)],
                how: WinHow::Discard,
                discarder: Some(0),
                kong_discard: false,
            },
        ];
        let result = settle(&events, &[], true, &default_table()).expect("settles");
        let totals: Vec<i64> = (0..4)
            .map(|s| result.money.iter().map(|row| row[s]).sum())
            .collect();
        assert_eq!(totals, [-12, 2, 4, 6]);
        assert_eq!(result.status[0], Status::Unchecked);
        assert_eq!(result.winners, [1, 3, 2]);
        let after = [events.to_vec(), vec![Event::Out { seat: 0 }]].concat();
        assert!(settle(&after, &[], true, &default_table()).is_err());
    }

    #[test]
    fn a_call_transfer_empties_the_kong_it_passes_on() {
        // S28's first two events: the 杠上炮 hands the whole 暗杠 money to the winner.
        let events = [
            Event::Kong {
                seat: 0,
                kind: KongKind::Concealed,
                feeder: None,
                returned: false,
            },
            Event::Win {
                winners: vec![(2, 1)],
                how: WinHow::Discard,
                discarder: Some(0),
                kong_discard: true,
            },
        ];
        let result = settle(&events, &[], false, &default_table()).expect("settles");
        assert_eq!(result.money[TRANSFER], [-6, 0, 6, 0]);
        assert_eq!(result.money[KONG], [6, -2, -2, -2]);
    }
}
