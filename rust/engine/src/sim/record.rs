//! The facts of one finished deal, one row of a simulation's per-deal arrays: who won, from whom, with what
//! pattern and fan, who paid what, how long it lasted.

use crate::table::deal::Deal;
use crate::table::deal_money::SideMoney;
use crate::table::log::Event;
use crate::table::types::SEATS;

const SEAT_COUNT: usize = SEATS as usize;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealRecord {
    pub dealer: u8,
    /// Bit `s` set = seat `s` won (several bits: 一炮多响).
    pub winners: u8,
    /// The discarder or robbed konger; `None` for a self-draw or an exhaustive draw.
    pub from: Option<u8>,
    pub robbing_kong: bool,
    /// Per seat: the scored pattern's row in the ruleset's table, for winners scored by a ruleset.
    pub pattern: [Option<u8>; SEAT_COUNT],
    /// Per seat: the total fan of a winner.
    pub fan: [Option<u32>; SEAT_COUNT],
    /// Per seat: every row of the ruleset's table a winner's hand scored (`WinInfo::rows`; MCR's fans).
    pub rows: [u128; SEAT_COUNT],
    /// What each seat gains or loses, zero-sum.
    pub payments: [i64; SEAT_COUNT],
    /// 巡目: the draws the (first) winner had made, or for an exhaustive draw the most any seat made.
    pub turns: u32,
    pub kongs: u32,
    /// The seat paying all three shares under a liability (包), if any winner's payment had one.
    pub liable: Option<u8>,
    /// Per seat: the flowers it set aside (MCR scores each as 花牌; zero at a table without flowers).
    pub flowers: [u8; SEAT_COUNT],
    /// The kong money inside `payments` (zero-sum; none after a 流局 where it is not final).
    pub kong_money: [i64; SEAT_COUNT],
    /// The money inside `payments` the family settled apart, by kind (`table::deal_money`: Sichuan's 呼叫转移,
    /// 退税, 查花猪, 查大叫), each zero-sum.
    pub side_money: SideMoney,
    /// Per seat: the horses (买马) that hit a winner.
    pub horse_hits: [u8; SEAT_COUNT],
    /// The horse money inside `payments`: 789's mirror bets (zero-sum; zero where horses are part of the
    /// win itself, as 推倒胡's, whose horses `horse_hits` counts).
    pub horse_money: [i64; SEAT_COUNT],
    /// The deal's wild kinds (bit k = kind k).
    pub ghosts: u64,
    /// Per seat: the ghosts a winner's hand held (the winning tile included).
    pub winner_ghosts: [u8; SEAT_COUNT],
    /// Per seat: a winner's place in the order of the deal's winners (0 = the first; 血战's later wins 1, 2;
    /// winners on one discard in the order the table takes their claims; 血流: by each seat's first win).
    pub win_order: [Option<u8>; SEAT_COUNT],
    /// Per seat: the count a winner's hand kept for the summary (`WinInfo::count`: Sichuan's 根), 0 for others.
    pub win_count: [u8; SEAT_COUNT],
    /// The winners' flower money inside `payments` (`WinInfo::flower_money`: 789's), zero-sum.
    pub flower_money: [i64; SEAT_COUNT],
}

impl DealRecord {
    /// Reads the record off a deal (an unfinished deal records as an exhaustive draw).
    pub fn of(deal: &Deal) -> DealRecord {
        let mut draws = [0u32; SEAT_COUNT];
        let mut kongs = 0;
        let mut flowers = [0u8; SEAT_COUNT];
        for event in deal.events() {
            match event {
                Event::Draw { seat, .. } | Event::FlowerGhostDrawn { seat, .. } => {
                    draws[usize::from(*seat)] += 1
                }
                Event::Meld { meld, .. } if meld.kind.is_kong() => kongs += 1,
                Event::Flower { seat, .. } => flowers[usize::from(*seat)] += 1,
                _ => {}
            }
        }
        let mut record = DealRecord {
            dealer: deal.dealer(),
            ghosts: deal.ghosts(),
            kongs,
            flowers,
            turns: draws.iter().copied().max().unwrap_or(0),
            ..DealRecord::default()
        };
        let Some(outcome) = deal.outcome() else {
            return record;
        };
        if let Some(first) = outcome.winners.first() {
            record.turns = draws[usize::from(first.seat)];
            record.from = first.from;
            record.robbing_kong = first.robbing_kong;
        }
        for winner in &outcome.winners {
            let seat = usize::from(winner.seat);
            // A seat's place is that of its first win (血流: a winner wins again and keeps it).
            if record.win_order[seat].is_none() {
                record.win_order[seat] = Some(record.winners.count_ones() as u8);
            }
            record.winners |= 1 << winner.seat;
            record.pattern[seat] = winner.info.pattern;
            record.fan[seat] = Some(winner.info.fan);
            record.rows[seat] = winner.info.rows;
            record.liable = record.liable.or(winner.info.liable);
            record.horse_hits[seat] = winner.horse_hits;
            record.win_count[seat] = winner.info.count;
            for (total, paid) in record.flower_money.iter_mut().zip(winner.info.flower_money) {
                *total += paid;
            }
            record.winner_ghosts[seat] = deal.ghosts_held(winner);
        }
        record.payments = outcome.payments();
        record.kong_money = outcome.kong_money;
        record.side_money = outcome.side_money;
        record.horse_money = outcome.horse_money();
        record
    }

    pub fn is_exhaustive_draw(&self) -> bool {
        self.winners == 0
    }

    pub fn self_drawn(&self) -> bool {
        !self.is_exhaustive_draw() && self.from.is_none()
    }

    /// The winning seats in seat order.
    pub fn winning_seats(&self) -> impl Iterator<Item = u8> + '_ {
        (0..SEATS).filter(|seat| self.winners & (1 << seat) != 0)
    }
}
