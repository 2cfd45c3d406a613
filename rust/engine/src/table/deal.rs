//! One deal as a state machine driven one decision at a time (RULES.md §1.3–§1.9), its rules read from the
//! compiled [`TableRules`]: the tile set and flowers, the hand size, the reserved tail, the claims, the win
//! sources, several winners on one discard, 漏胡 and the end condition. It names no family.
//!
//! At every decision point exactly one seat acts ([`Deal::to_act`]) and chooses one of [`Deal::legal_actions`].
//! Claims on a discard are collected seat by seat in turn order from the discarder, each seat answering without
//! seeing the others' answers; once all have answered, the claims resolve by priority: win > pon/kong > chi,
//! the winners chosen by `wins.several_winners` (all: 一炮多响; the first claimant: answers stop at the first
//! win; the highest hand). An added kong first offers the tile to the seats that could rob it (抢杠). When
//! the deal plays on after a win (`end.winners` > 1), a winner leaves the table: it no longer draws or claims.
//!
//! This module holds the deal's state and its accessors; the state machine is split by phase into its
//! children: `opening`, `turn`, `draws` (and flowers), `claims`, `kongs`, `wins`, `finish` and `invariants`,
//! beside the table options' own modules (`abortive`, `claim_swap`, `eye`, `flower_ghosts`, `swap`,
//! `winners_stay`).

use super::action::Action;
use super::adjudicator::FlowerWin;
use super::claim_options::ClaimOptions;
use super::deal_money::SideMoney;
use super::log::Event;
use super::observation::Observation;
use super::table_rules::TableRules;
use super::types::{AbortiveDraw, Winner, SEATS};
use super::wall::Wall;
use crate::completing_tiles::completing_tiles;
use crate::error::{EngineError, Result};
use crate::forms::FormSet;
use crate::hand::Meld;
use crate::inline_vec::InlineVec;
use crate::kind_mask::{kinds_of, tile_bit, KindMask};
use crate::tile::{Counts, Tile, COPIES, NUM_KINDS};

mod abortive;
mod claim_swap;
mod claims;
mod draws;
mod eye;
mod finish;
mod flower_ghosts;
mod invariants;
mod kongs;
mod opening;
mod swap;
mod turn;
mod winners_stay;
mod wins;
pub use swap::swap_direction;

/// Room reserved for a deal's log: about 200 events in a typical deal.
const EXPECTED_EVENTS: usize = 256;

/// What one seat holds and shows.
#[derive(Clone, Debug)]
pub(crate) struct SeatState {
    pub concealed: Counts,
    pub melds: Vec<Meld>,
    /// The seat's discards still on the table (a claimed discard moves into the claimant's meld).
    pub discards: Vec<Tile>,
    /// The kinds among `discards`, bit k = kind k (the bots' 熟张 test is then one bit test per seat).
    pub discarded_kinds: KindMask,
    /// The seat's tiles in the open, by kind: its melds' and its discards still on the table (what every seat
    /// sees of it; the efficiency bot counts unseen copies from them at every decision).
    pub shown: Counts,
    /// The flowers set aside (bit f = flower f, 1f..8f).
    pub flowers: u8,
    /// 四花鬼 / 八花鬼: the flower ghosts held and those discarded (bit f = flower f); a win on one drawn.
    pub flower_ghosts: u8,
    pub discarded_flowers: u8,
    pub won_on_flower: Option<u8>,
    /// 漏胡: bit k set = the seat passed a legal win on tile kind k and has not 动牌 (drawn or claimed) since.
    pub missed_wins: u64,
    /// 过手加番: the most fan of a win passed since (a discard win must then be worth more).
    missed_fan: u32,
    /// 定缺: the suit 0..2 the seat named void, once named.
    pub void: Option<u8>,
    /// The kinds held concealed, and those held four times: the discards and concealed kongs on offer,
    /// kept up to date so that a turn lists them without a pass over the counts.
    held: KindMask,
    quads: KindMask,
    /// 回头杠 (where `TableRules::returned_kongs`): the kinds of the seat's pons made while it kept the fourth
    /// copy in hand; a 补杠 onto one is logged as returned. Only pons and added kongs have a bit (invariants).
    pons_with_fourth: KindMask,
    /// The kinds that could complete `concealed` in the given forms, while it waits (3n+1); cleared when it
    /// changes.
    completing: Option<(FormSet, KindMask)>,
}

impl Default for SeatState {
    fn default() -> Self {
        SeatState {
            concealed: [0; NUM_KINDS],
            melds: Vec::new(),
            discards: Vec::new(),
            discarded_kinds: 0,
            shown: [0; NUM_KINDS],
            flowers: 0,
            flower_ghosts: 0,
            discarded_flowers: 0,
            won_on_flower: None,
            missed_wins: 0,
            missed_fan: 0,
            void: None,
            held: 0,
            quads: 0,
            pons_with_fourth: 0,
            completing: None,
        }
    }
}

impl SeatState {
    /// Empties the seat, keeping its buffers.
    fn clear(&mut self) {
        let (mut melds, mut discards) = (
            std::mem::take(&mut self.melds),
            std::mem::take(&mut self.discards),
        );
        melds.clear();
        discards.clear();
        *self = SeatState {
            melds,
            discards,
            ..SeatState::default()
        };
    }

    fn gain(&mut self, tile: Tile) {
        let count = &mut self.concealed[tile.index() as usize];
        *count += 1;
        self.held |= tile_bit(tile);
        self.quads |= KindMask::from(*count == COPIES) << tile.index();
        self.completing = None;
    }

    fn lose(&mut self, tile: Tile, copies: u8) {
        let count = &mut self.concealed[tile.index() as usize];
        *count -= copies;
        self.held &= !(KindMask::from(*count == 0) << tile.index());
        self.quads &= !tile_bit(tile);
        self.completing = None;
    }

    /// Lays `tile` among its discards.
    fn discard(&mut self, tile: Tile) {
        self.discards.push(tile);
        self.discarded_kinds |= tile_bit(tile);
        self.shown[tile.index() as usize] += 1;
    }

    /// Its last discard, claimed into another seat's meld, leaves the table.
    fn discard_claimed(&mut self) {
        if let Some(tile) = self.discards.pop() {
            self.shown[tile.index() as usize] -= 1;
            if !self.discards.contains(&tile) {
                self.discarded_kinds &= !tile_bit(tile);
            }
        }
    }

    /// The kinds of its void suit (none before one is named, or where the table plays no 定缺).
    #[inline]
    fn void_kinds(&self) -> KindMask {
        self.void.map_or(0, |suit| 0x1ff << (9 * u32::from(suit)))
    }

    /// 动牌 (a draw or a claim) lifts what passing a win blocked.
    fn moved(&mut self) {
        self.missed_wins = 0;
        self.missed_fan = 0;
    }

    /// Whether `tile` could complete the waiting hand in `forms`: computed once per hand, then a bit test.
    #[inline]
    fn may_complete(&mut self, tile: Tile, forms: FormSet) -> bool {
        let mask = match self.completing {
            Some((cached, mask)) if cached == forms => mask,
            _ => self.compute_completing(forms),
        };
        mask & tile_bit(tile) != 0
    }

    /// Out of line: most calls find the cached set.
    #[inline(never)]
    fn compute_completing(&mut self, forms: FormSet) -> KindMask {
        let mask = completing_tiles(&self.concealed, forms);
        self.completing = Some((forms, mask));
        mask
    }
}

/// The tile a seat has just drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Drawn {
    pub tile: Tile,
    /// A kong replacement from the tail.
    pub replacement: bool,
    /// For the replacement of a melded kong (claimed discard onto a concealed pung): the discarder.
    pub kong_feeder: Option<u8>,
    /// A flower's replacement from the tail.
    pub after_flower: bool,
    /// A flower ghost drawn (四花鬼 / 八花鬼): `tile` is then a stand-in (see the `flower_ghosts` module).
    pub flower: Option<u8>,
}

/// How a tile reaches a seat that might win with it.
#[derive(Clone, Copy, Debug)]
struct WinChance {
    tile: Tile,
    /// The discarder or the konger being robbed; `None` when self-drawn.
    from: Option<u8>,
    drawn: Option<Drawn>,
    robbing_kong: bool,
    winners_on_discard: u8,
}

impl WinChance {
    fn self_drawn(tile: Tile, drawn: Option<Drawn>) -> WinChance {
        WinChance {
            tile,
            from: None,
            drawn,
            robbing_kong: false,
            winners_on_discard: 1,
        }
    }

    /// A tile offered by `from`; each seat is asked alone, so as the only winner.
    fn offered(tile: Tile, from: u8, robbing_kong: bool) -> WinChance {
        WinChance {
            tile,
            from: Some(from),
            drawn: None,
            robbing_kong,
            winners_on_discard: 1,
        }
    }
}

/// The claims the table allows on a discard, read once per offer.
struct ClaimRules {
    pon: bool,
    /// A melded kong, while the wall holds a replacement.
    kong: bool,
    /// All chows (`!0`) where chi is played, else none.
    chi_chows: KindMask,
    /// The kinds that may be ponged or konged (ghosts excluded where they cannot meld).
    meldable: KindMask,
}

/// Why a tile is on offer to the other seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Offer {
    Discard,
    /// The tile is being added to an exposed pon: only a win (抢杠) can claim it.
    AddedKong,
    /// A discard (of `Deal::kong_feeder`) is being claimed onto a concealed pung where melded kongs can be
    /// robbed (明杠可抢): only a win can claim it, and not by its discarder.
    MeldedKong,
}

impl Offer {
    /// A kong's tile, which only a win (robbing the kong) can claim.
    #[inline]
    pub(crate) fn robs(self) -> bool {
        !matches!(self, Offer::Discard)
    }
}

/// Seats answering an offered tile.
#[derive(Clone, Debug)]
pub(crate) struct ClaimWindow {
    pub tile: Tile,
    pub from: u8,
    pub offer: Offer,
    /// Seats with a choice, in turn order from `from`, and their legal answers.
    pub choices: InlineVec<(u8, ClaimOptions), { SEATS as usize - 1 }>,
    /// Answers given so far, one per seat of `choices` in the same order.
    pub answers: InlineVec<Action, { SEATS as usize - 1 }>,
}

#[derive(Clone, Debug)]
pub(crate) enum Phase {
    /// `seat` holds 3n+2 tiles and must act; `drawn` is `None` right after a chi or pon (discard only).
    Turn {
        seat: u8,
        drawn: Option<Drawn>,
    },
    Claims(ClaimWindow),
    /// 定缺: `seat` names its void suit; the seats name theirs in turn from the dealer, who holds its first
    /// draw `drawn` meanwhile.
    Voids {
        seat: u8,
        drawn: Drawn,
    },
    /// 换三张: `seat` picks a tile to pass (see the `swap` module); the dealer holds `drawn` meanwhile.
    Swap {
        seat: u8,
        drawn: Drawn,
    },
    Over,
}

/// How a deal ended: winners in turn order from the discarder (then in the order they won, when the deal
/// played on), or none for an exhaustive draw (流局); and what its other events paid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winners: Vec<Winner>,
    /// Kong money, flower money and end-of-deal checks, by the family's settlement (zero-sum).
    pub event_payments: [i64; SEATS as usize],
    /// The kong money among them (zero after a 流局 where kong money is not final).
    pub kong_money: [i64; SEATS as usize],
    /// The money among them the family settled apart (Sichuan's 呼叫转移, 退税, 查花猪, 查大叫).
    pub side_money: SideMoney,
    /// The winners of the deal's first winning tile (一炮多响: several), the first of `winners`.
    pub first_winners: u8,
}

impl Outcome {
    pub fn is_exhaustive_draw(&self) -> bool {
        self.winners.is_empty()
    }

    /// What each seat gains or loses over all winners (一炮多响 settles each winner separately) and the
    /// deal's other paying events.
    pub fn payments(&self) -> [i64; SEATS as usize] {
        sum_over(
            self.event_payments,
            self.winners.iter().map(|w| w.info.payments),
        )
    }

    /// The horse money (789's mirror bets) inside [`payments`](Outcome::payments), over all winners.
    pub fn horse_money(&self) -> [i64; SEATS as usize] {
        sum_over(
            [0; SEATS as usize],
            self.winners.iter().map(|w| w.horse_money),
        )
    }
}

/// `start` plus every per-seat amount of `amounts`, seat by seat.
fn sum_over(
    mut start: [i64; SEATS as usize],
    amounts: impl Iterator<Item = [i64; SEATS as usize]>,
) -> [i64; SEATS as usize] {
    for amount in amounts {
        for (sum, paid) in start.iter_mut().zip(amount) {
            *sum += paid;
        }
    }
    start
}

#[derive(Clone, Debug)]
pub struct Deal {
    seed: u64,
    index: u64,
    dealer: u8,
    round_wind: u8,
    pub(crate) wall: Wall,
    pub(crate) seats: [SeatState; SEATS as usize],
    pub(crate) phase: Phase,
    /// The rules of the table, read from the adjudicator when the deal starts.
    pub(crate) rules: TableRules,
    /// The wins so far (the deal may play on after a win), and the seats that have won.
    wins: Vec<Winner>,
    won: u8,
    /// How many won on the deal's first winning tile.
    first_winners: u8,
    /// The seats that declared 眼牌 (bits), their hands locked.
    locked: u8,
    /// Seats holding a tile more than their hand size once out of turn: a self-drawn winner, and a robbed
    /// konger whose robbed tile ended the deal.
    extra_tile: u8,
    /// While a melded kong's tile is on offer to be robbed: who discarded it.
    kong_feeder: u8,
    /// While an added kong's tile is on offer to be robbed: the feeder of the chain of kongs it continues (it
    /// was declared on the replacement of a melded kong, directly or through more kongs), liable for a bloom
    /// at its end (OC-48: liability follows the first kong of a chain).
    chain_feeder: Option<u8>,
    /// What the events other than wins have paid so far (kong money, flower money, end-of-deal checks), and
    /// the kong money among it.
    event_payments: [i64; SEATS as usize],
    kong_money: [i64; SEATS as usize],
    side_money: SideMoney,
    /// The deal's wild kinds and, under 翻鬼, the indicator turned from the wall (out of play).
    ghosts: KindMask,
    indicator: Option<Tile>,
    /// The dealer's 连庄 count, set by the game (节节高).
    dealer_streak: u8,
    /// Discards so far, claimed ones included, and whether anyone has claimed or declared a kong: together
    /// they tell a win in the uninterrupted first go-around (天和, 地和, 人和).
    discards_made: u32,
    interrupted: bool,
    /// The last discard followed its discarder's kong replacement (杠上炮).
    kong_discard: bool,
    /// A flower win the last flower made, taken once that flower's replacement is drawn.
    flower_win: Option<FlowerWin>,
    /// Why the deal ended in an abortive draw, if it did (Taiwan OC-T15).
    abortive: Option<AbortiveDraw>,
    /// Seats left a single tile by claims (十二张落地 in a 13-tile hand), in the order it happened: (the seat
    /// that claimed its last meld, who fed that meld).
    /// 包先不包后 needs the order: a feeder is liable only for the first seat it fed.
    twelve_tiles_down: Vec<(u8, u8)>,
    legal: Vec<Action>,
    events: Vec<Event>,
    outcome: Option<Outcome>,
    /// 换三张's picks, while they are made.
    pub(crate) swaps: swap::Swaps,
}

/// The seat `offset` places after `seat` in turn order.
fn seat_after(seat: u8, offset: u8) -> u8 {
    (seat + offset) % SEATS
}

impl Deal {
    /// The kinds a seat may pon or kong: all but the ghosts, unless the rules let ghosts meld.
    #[inline]
    fn meldable(&self) -> KindMask {
        if self.rules.ghost_melds {
            !0
        } else {
            !self.ghosts
        }
    }

    /// The wild kinds of this deal (none at most tables).
    pub fn ghosts(&self) -> KindMask {
        self.ghosts
    }

    /// The 翻鬼 indicator of this deal, if its ghosts were flipped.
    pub fn ghost_indicator(&self) -> Option<Tile> {
        self.indicator
    }

    /// The ghosts `winner`'s winning hand held, its winning tile included.
    pub fn ghosts_held(&self, winner: &Winner) -> u8 {
        let concealed = &self.seats[winner.seat as usize].concealed;
        let held: u8 = kinds_of(self.ghosts)
            .map(|kind| concealed[kind.index() as usize])
            .sum::<u8>()
            + self.seats[winner.seat as usize].flower_ghosts.count_ones() as u8;
        let offered = winner.from.is_some() && self.ghosts & tile_bit(winner.tile) != 0;
        held + u8::from(offered)
    }

    /// Sets the dealer's 连庄 count (节节高, 买马节节高): the game's, 0 for a deal on its own.
    pub fn set_dealer_streak(&mut self, streak: u8) {
        self.dealer_streak = streak;
    }

    pub fn dealer_streak(&self) -> u8 {
        self.dealer_streak
    }

    /// The seats that have won and left the table (bit s = seat s): every winner, unless winners stay in
    /// (血流成河).
    #[inline]
    fn left(&self) -> u8 {
        if self.rules.winners_stay {
            0
        } else {
            self.won
        }
    }

    /// The first seat after `seat` in turn order that has not won and left the table.
    #[inline]
    fn next_active(&self, seat: u8) -> u8 {
        let left = self.left();
        if left == 0 {
            return seat_after(seat, 1);
        }
        (1..SEATS)
            .map(|offset| seat_after(seat, offset))
            .find(|&s| left & (1 << s) == 0)
            .unwrap_or(seat)
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn index(&self) -> u64 {
        self.index
    }

    pub fn dealer(&self) -> u8 {
        self.dealer
    }

    pub fn round_wind(&self) -> u8 {
        self.round_wind
    }

    /// The seat whose decision it is, or `None` once the deal is over.
    pub fn to_act(&self) -> Option<u8> {
        match &self.phase {
            Phase::Turn { seat, .. } | Phase::Voids { seat, .. } | Phase::Swap { seat, .. } => {
                Some(*seat)
            }
            Phase::Claims(window) => window
                .choices
                .get(window.answers.len())
                .map(|(seat, _)| *seat),
            Phase::Over => None,
        }
    }

    /// The legal actions of the seat to act, sorted; empty once the deal is over.
    pub fn legal_actions(&self) -> &[Action] {
        &self.legal
    }

    /// What `seat` can see (0..3).
    pub fn observation(&self, seat: u8) -> Result<Observation<'_>> {
        Observation::new(self, seat)
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Why the finished deal was an abortive draw (四風連打, 四槓), if it was: a draw all the same.
    pub fn abortive_draw(&self) -> Option<AbortiveDraw> {
        self.abortive
    }

    /// What each seat has gained or paid so far: the events other than wins while the deal runs (kong and
    /// flower money), everything once it is over.
    pub fn payments_so_far(&self) -> [i64; SEATS as usize] {
        self.outcome
            .as_ref()
            .map_or(self.event_payments, Outcome::payments)
    }

    /// The seats that have won so far (bit s = seat s): a winner leaves the table when the deal plays on
    /// (血战到底) or stays in, its hand locked (血流成河).
    pub fn winners_so_far(&self) -> u8 {
        self.won
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The event log as JSON lines.
    pub fn log_lines(&self) -> Vec<String> {
        self.events.iter().map(Event::to_json).collect()
    }

    pub fn wall_remaining(&self) -> usize {
        self.wall.remaining()
    }
}

/// Whether `concealed` holds a tile of the void suit, or no void has been named yet.
fn void_held(concealed: &Counts, void: Option<u8>) -> bool {
    void.is_none_or(|suit| {
        let start = 9 * usize::from(suit);
        concealed[start..start + 9].iter().any(|&c| c > 0)
    })
}

fn wall_exhausted() -> EngineError {
    EngineError::illegal("the wall is exhausted")
}

#[cfg(test)]
mod tests;
