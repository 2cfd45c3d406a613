//! A finished deal as a family's settlement reads it, for families whose money depends on the deal's history
//! and not on one event at a time (Sichuan: who was still in at each kong, 呼叫转移, 退税, 查花猪, 查大叫).
//! The deal hands it to [`Adjudicator::settle_deal`](super::Adjudicator::settle_deal) once, when it ends.

use super::log::Event;
use super::types::{Winner, SEATS};
use crate::hand::Meld;
use crate::tile::Counts;

/// One seat's final hand.
#[derive(Clone, Copy, Debug)]
pub struct FinalHand<'a> {
    pub concealed: &'a Counts,
    pub melds: &'a [Meld],
    pub discards: &'a [crate::tile::Tile],
    /// The void suit it named (定缺), where the table plays it.
    pub void: Option<u8>,
}

#[derive(Clone, Copy, Debug)]
pub struct FinishedDeal<'a> {
    /// The whole log, `Start` first.
    pub events: &'a [Event],
    /// The wins in the order they happened.
    pub winners: &'a [Winner],
    pub hands: [FinalHand<'a>; SEATS as usize],
    pub dealer: u8,
    /// The deal ended because the wall ran out (流局 checks), not because enough seats won.
    pub wall_exhausted: bool,
}

/// What a family's settlement of a whole deal pays: each winner's payments (in `winners` order) and the
/// deal's other money (kong money, transfers, end checks), each zero-sum. It replaces what `judge` and
/// `settle` said of the same deal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealMoney {
    pub wins: Vec<[i64; SEATS as usize]>,
    pub events: [i64; SEATS as usize],
    /// The kong money among `events` (the deal's `kong_money`: what kongs paid when declared).
    pub kong: [i64; SEATS as usize],
    /// The money among `events` the family settles apart, by kind ([`SideMoney`]).
    pub side: SideMoney,
}

/// The kinds of money a family settles apart from wins and kongs: Sichuan's 呼叫转移 (a 杠上炮 hands over the
/// kong money), 退税 (a seat not ready at a 流局 returns its kong money), 查花猪 and 查大叫 (the 流局 checks).
pub const SIDE_MONEY_KINDS: usize = 4;
pub const TRANSFER: usize = 0;
pub const REFUND: usize = 1;
pub const FLOWER_PIG: usize = 2;
pub const READY_CHECK: usize = 3;

/// Each kind of side money (its index above) by seat, zero-sum per kind.
pub type SideMoney = [[i64; SEATS as usize]; SIDE_MONEY_KINDS];
