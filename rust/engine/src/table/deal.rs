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

use super::action::Action;
use super::adjudicator::{
    Adjudicator, DealContext, Declared, FirstGoAround, FlowerWin, PayingEvent, WinSituation,
};
use super::claim_options::ClaimOptions;
use super::deal_money::{FinalHand, FinishedDeal};
use super::log::{self, Event};
use super::observation::Observation;
use super::table_rules::{
    Chi, MissedWin, SeveralWinners, TableRules, ADDED_KONG, CONCEALED_KONG, DISCARD, KONG_BLOOM,
    MELDED_KONG, ROBBING_KONG, SELF_DRAW,
};
use super::types::{AbortiveDraw, WinInfo, Winner, SEATS};
use super::wall::{Wall, WallTile, FIRST_FLOWER};
use crate::completing_tiles::completing_tiles;
use crate::error::{EngineError, Result};
use crate::forms::FormSet;
use crate::hand::{Meld, MeldKind};
use crate::inline_vec::InlineVec;
use crate::kind_mask::{kinds_held, kinds_of, kinds_where, tile_bit, KindMask, CHOW_STARTS};
use crate::tile::{Counts, Tile, COPIES, NUM_KINDS};

mod abortive;
mod claim_swap;
mod eye;
mod flower_ghosts;
mod swap;
mod winners_stay;
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
    /// What the events other than wins have paid so far (kong money, flower money, end-of-deal checks), and
    /// the kong money among it.
    event_payments: [i64; SEATS as usize],
    kong_money: [i64; SEATS as usize],
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
    /// Deal `index` of the run seeded with `seed`, its wall shuffled from both. `dealer` and `round_wind`
    /// (0..3 = East..North) come from the game.
    pub fn new<A: Adjudicator + ?Sized>(
        seed: u64,
        index: u64,
        dealer: u8,
        round_wind: u8,
        adjudicator: &A,
    ) -> Result<Deal> {
        let wall = Wall::for_deal(seed, index, &adjudicator.table_rules());
        Deal::with_wall(seed, index, wall, dealer, round_wind, adjudicator)
    }

    /// Deals from a given wall (of the adjudicator's tile set): the hand size to each seat from the dealer on,
    /// dealt flowers replaced from the tail, then the dealer's extra tile as a draw. `seed` and `index` label
    /// the deal and key the bots' random streams.
    pub fn with_wall<A: Adjudicator + ?Sized>(
        seed: u64,
        index: u64,
        wall: Wall,
        dealer: u8,
        round_wind: u8,
        adjudicator: &A,
    ) -> Result<Deal> {
        let mut deal = Deal {
            seed,
            index,
            dealer,
            round_wind,
            events: Vec::with_capacity(EXPECTED_EVENTS),
            seats: Default::default(),
            phase: Phase::Over,
            rules: adjudicator.table_rules(),
            wins: Vec::new(),
            won: 0,
            first_winners: 0,
            locked: 0,
            extra_tile: 0,
            kong_feeder: 0,
            event_payments: [0; SEATS as usize],
            kong_money: [0; SEATS as usize],
            ghosts: 0,
            indicator: None,
            dealer_streak: 0,
            discards_made: 0,
            interrupted: false,
            kong_discard: false,
            flower_win: None,
            abortive: None,
            twelve_tiles_down: Vec::new(),
            legal: Vec::new(),
            outcome: None,
            swaps: swap::Swaps::default(),
            wall,
        };
        deal.start(seed, index, dealer, round_wind, adjudicator)?;
        Ok(deal)
    }

    /// Makes this deal deal `index` of the run seeded with `seed`, as [`Deal::new`] would, but reusing its
    /// buffers: a simulation replays one deal per worker thread.
    pub fn redeal<A: Adjudicator + ?Sized>(
        &mut self,
        seed: u64,
        index: u64,
        dealer: u8,
        round_wind: u8,
        adjudicator: &A,
    ) -> Result<()> {
        self.rules = adjudicator.table_rules();
        self.wall.reshuffle(seed, index, &self.rules);
        self.start(seed, index, dealer, round_wind, adjudicator)
    }

    /// Clears the table around the (full, shuffled) wall and deals from it.
    fn start<A: Adjudicator + ?Sized>(
        &mut self,
        seed: u64,
        index: u64,
        dealer: u8,
        round_wind: u8,
        adjudicator: &A,
    ) -> Result<()> {
        if dealer >= SEATS || round_wind >= SEATS {
            return Err(EngineError::argument(format!(
                "dealer {dealer} and round wind {round_wind} must both be 0..3"
            )));
        }
        (self.seed, self.index, self.dealer, self.round_wind) = (seed, index, dealer, round_wind);
        self.rules = adjudicator.table_rules();
        if self.wall.order().len() != self.rules.tile_count() {
            return Err(EngineError::argument(format!(
                "the wall holds {} tiles, the table's tile set {}",
                self.wall.order().len(),
                self.rules.tile_count()
            )));
        }
        self.seats.iter_mut().for_each(SeatState::clear);
        self.wins.clear();
        self.won = 0;
        self.first_winners = 0;
        self.locked = 0;
        self.extra_tile = 0;
        self.event_payments = [0; SEATS as usize];
        self.kong_money = [0; SEATS as usize];
        self.phase = Phase::Over;
        self.discards_made = 0;
        self.interrupted = false;
        self.kong_discard = false;
        self.flower_win = None;
        self.abortive = None;
        self.twelve_tiles_down.clear();
        self.legal.clear();
        self.outcome = None;
        self.events.clear();
        self.events.push(Event::Start {
            seed,
            deal: index,
            dealer,
            round_wind,
            wall: self.wall.order().to_vec(),
        });
        self.turn_ghosts()?;
        let mut dealt_flowers = [0u8; SEATS as usize];
        for offset in 0..SEATS {
            let seat = seat_after(dealer, offset);
            for _ in 0..self.rules.hand {
                match self.wall.draw().ok_or_else(wall_exhausted)? {
                    WallTile::Tile(tile) => self.seats[seat as usize].gain(tile),
                    WallTile::Flower(flower) if self.rules.ghosts.holds_flowers() => {
                        self.hold_flower_ghost(seat, flower)
                    }
                    WallTile::Flower(flower) => {
                        self.set_flower_aside(seat, flower, adjudicator)?;
                        dealt_flowers[seat as usize] += 1;
                    }
                }
            }
        }
        // Dealt flowers are replaced from the tail, the dealer first, each seat until it holds none.
        for offset in 0..SEATS {
            let seat = seat_after(dealer, offset);
            while dealt_flowers[seat as usize] > 0 {
                match self.wall.draw_replacement().ok_or_else(wall_exhausted)? {
                    WallTile::Tile(tile) => {
                        self.seats[seat as usize].gain(tile);
                        dealt_flowers[seat as usize] -= 1;
                    }
                    WallTile::Flower(flower) => self.set_flower_aside(seat, flower, adjudicator)?,
                }
            }
        }
        self.draw_for(dealer, adjudicator)?;
        if let Phase::Turn {
            drawn: Some(drawn), ..
        } = self.phase
        {
            if self.rules.swap_tiles > 0 {
                self.start_swap(drawn);
            } else if self.rules.void_suit {
                self.start_voids();
            }
        }
        Ok(())
    }

    /// 定缺: before the dealer's first discard every seat names its void suit, the dealer first.
    fn start_voids(&mut self) {
        if let Phase::Turn {
            seat,
            drawn: Some(drawn),
        } = self.phase
        {
            self.phase = Phase::Voids { seat, drawn };
            self.list_voids();
        }
    }

    /// The suits of the table's set a seat may name void.
    fn list_voids(&mut self) {
        self.legal.clear();
        let kinds = self.rules.kinds;
        self.legal.extend(
            (0..3u8)
                .filter(|&suit| kinds & (0x1ff << (9 * u32::from(suit))) != 0)
                .map(Action::Void),
        );
    }

    /// Records `seat`'s void; once every seat has named one, the dealer's turn begins (its draw judged
    /// again: a hand holding its void suit cannot win).
    fn name_void<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        suit: u8,
        drawn: Drawn,
        adjudicator: &A,
    ) -> Result<()> {
        self.seats[seat as usize].void = Some(suit);
        let next = seat_after(seat, 1);
        if next != self.dealer {
            self.phase = Phase::Voids { seat: next, drawn };
            self.list_voids();
            return Ok(());
        }
        self.open_first_turn(drawn, adjudicator)
    }

    /// The dealer's turn after the deal's opening decisions (换三张, 定缺): its first draw judged again, on
    /// the hand it holds now.
    fn open_first_turn<A: Adjudicator + ?Sized>(
        &mut self,
        drawn: Drawn,
        adjudicator: &A,
    ) -> Result<()> {
        let dealer = self.dealer;
        let chance = WinChance::self_drawn(drawn.tile, Some(drawn));
        // No `may_complete` screen: it reads the waiting hand, and the drawn tile is in the hand by now (once a
        // deal, the judge alone decides 天胡).
        let can_win =
            self.rules.wins_by(SELF_DRAW) && self.judge(dealer, chance, adjudicator)?.is_some();
        self.enter_turn(dealer, Some(drawn), can_win);
        Ok(())
    }

    /// The deal's ghosts; under 翻鬼 the indicator is turned from the wall's tail before the deal and stays
    /// out of play (RULES.md §4.3).
    fn turn_ghosts(&mut self) -> Result<()> {
        self.indicator = None;
        if self.rules.ghosts.flips() {
            match self.wall.draw_replacement().ok_or_else(wall_exhausted)? {
                WallTile::Tile(tile) => self.indicator = Some(tile),
                WallTile::Flower(_) => {
                    return Err(EngineError::ruleset(
                        "翻鬼 turns a playing tile: a set with flowers cannot flip its ghost",
                    ))
                }
            }
        }
        self.ghosts = self.rules.ghosts.kinds(self.indicator);
        Ok(())
    }

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

    fn set_flower_aside<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        flower: u8,
        adjudicator: &A,
    ) -> Result<()> {
        self.seats[seat as usize].flowers |= 1 << flower;
        self.events.push(Event::Flower { seat, flower });
        self.settle(PayingEvent::Flower { seat, flower }, adjudicator)?;
        if self.flower_win.is_none() {
            let flowers = std::array::from_fn(|s| self.seats[s].flowers);
            self.flower_win = adjudicator.flower_win(&flowers, self.dealer)?;
        }
        Ok(())
    }

    /// A flower win ends the deal once the flower's replacement `tile` reached `drawer` (recorded as the win's
    /// tile: none completes a flower win).
    #[cold]
    #[inline(never)]
    fn take_flower_win<A: Adjudicator + ?Sized>(
        &mut self,
        win: FlowerWin,
        drawer: u8,
        tile: Tile,
        adjudicator: &A,
    ) -> Result<()> {
        self.extra_tile |= 1 << drawer;
        let winner = Winner {
            seat: win.winner,
            tile,
            from: win.payer,
            robbing_kong: false,
            info: win.info,
            horse_hits: 0,
            horses: Vec::new(),
            horse_money: [0; SEATS as usize],
        };
        self.won |= 1 << win.winner;
        self.events.push(Event::Win {
            seat: winner.seat,
            tile,
            from: winner.from,
            robbing_kong: false,
            fan: winner.info.fan,
        });
        self.wins.push(winner);
        self.finish(adjudicator)
    }

    /// What an event other than a win pays, by the family's settlement (kong or flower money, end checks).
    fn settle<A: Adjudicator + ?Sized>(
        &mut self,
        event: PayingEvent,
        adjudicator: &A,
    ) -> Result<()> {
        self.settle_paid(event, adjudicator).map(|_| ())
    }

    /// As [`Deal::settle`], returning what was paid.
    fn settle_paid<A: Adjudicator + ?Sized>(
        &mut self,
        event: PayingEvent,
        adjudicator: &A,
    ) -> Result<[i64; SEATS as usize]> {
        let paid = adjudicator.settle(&event, self.dealer)?.unwrap_or_default();
        for (total, amount) in self.event_payments.iter_mut().zip(paid) {
            *total += amount;
        }
        Ok(paid)
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

    /// Applies the decision of the seat to act. An action not in [`Deal::legal_actions`] is rejected with
    /// `IllegalAction` and changes nothing. An error of the adjudicator leaves the deal unusable.
    pub fn step<A: Adjudicator + ?Sized>(&mut self, action: Action, adjudicator: &A) -> Result<()> {
        let seat = self
            .to_act()
            .ok_or_else(|| EngineError::illegal(format!("{action}: the deal is over")))?;
        if !self.legal.contains(&action) {
            let legal: Vec<String> = self.legal.iter().map(Action::to_string).collect();
            return Err(EngineError::illegal(format!(
                "{action} is not legal for seat {seat} now; legal: {}",
                legal.join(", ")
            )));
        }
        self.apply(seat, action, adjudicator)
    }

    /// Applies the legal action at `position` of [`Deal::legal_actions`], as a policy choosing by position
    /// names it ([`Policy::choose_position`](super::policy::Policy::choose_position)): legal by construction,
    /// so not searched for (the search was a measurable part of a random-bot deal).
    pub fn step_at<A: Adjudicator + ?Sized>(
        &mut self,
        position: usize,
        adjudicator: &A,
    ) -> Result<()> {
        let seat = self
            .to_act()
            .ok_or_else(|| EngineError::illegal("the deal is over"))?;
        let action = self.legal.get(position).copied().ok_or_else(|| {
            EngineError::illegal(format!(
                "legal action {position} of seat {seat}: there are {}",
                self.legal.len()
            ))
        })?;
        self.apply(seat, action, adjudicator)
    }

    /// Plays the legal `action` of `seat`, the seat to act.
    fn apply<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        action: Action,
        adjudicator: &A,
    ) -> Result<()> {
        log::append(&mut self.events, || Event::Act { seat, action });
        match std::mem::replace(&mut self.phase, Phase::Over) {
            Phase::Turn { seat, drawn } => self.take_turn(seat, drawn, action, adjudicator)?,
            Phase::Claims(window) => self.answer(window, action, adjudicator)?,
            Phase::Voids { seat, drawn } => match action {
                Action::Void(suit) => self.name_void(seat, suit, drawn, adjudicator)?,
                _ => return Err(EngineError::illegal(format!("{action} while naming voids"))),
            },
            Phase::Swap { seat, drawn } => match action {
                Action::Swap(tile) => self.pick_swap(seat, tile, drawn, adjudicator)?,
                _ => {
                    return Err(EngineError::illegal(format!(
                        "{action} while picking 换三张"
                    )))
                }
            },
            Phase::Over => {}
        }
        if cfg!(debug_assertions) {
            self.check_invariants()?;
        }
        Ok(())
    }

    fn take_turn<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        drawn: Option<Drawn>,
        action: Action,
        adjudicator: &A,
    ) -> Result<()> {
        match action {
            Action::Win => {
                // A win on a drawn flower ghost is logged with the flower (see `flower_ghosts`).
                self.seats[seat as usize].won_on_flower = drawn.and_then(|d| d.flower);
                let tile = drawn
                    .map(|d| d.tile)
                    .ok_or_else(|| EngineError::illegal("win without a draw"))?;
                let declared = self
                    .declare(seat, WinChance::self_drawn(tile, drawn), adjudicator)?
                    .unwrap_or_default();
                self.extra_tile |= 1 << seat;
                let winner = Winner {
                    seat,
                    tile,
                    from: None,
                    robbing_kong: false,
                    info: declared.info,
                    horse_hits: declared.horse_hits,
                    horses: declared.horses,
                    horse_money: declared.horse_money,
                };
                self.settle_wins(vec![winner], seat, adjudicator)
            }
            Action::Discard(tile) => {
                let state = &mut self.seats[seat as usize];
                state.lose(tile, 1);
                state.discard(tile);
                self.discards_made += 1;
                self.kong_discard = drawn.is_some_and(|d| d.replacement);
                if self.discards_made == u32::from(SEATS) {
                    if self.rules.follow_dealer {
                        self.follow_dealer(adjudicator)?;
                    }
                    if self.rules.abortive_draws && self.four_winds() {
                        return self.end_abortive(AbortiveDraw::FourWinds, adjudicator);
                    }
                }
                self.offer(seat, tile, Offer::Discard, adjudicator)
            }
            Action::ConcealedKong(tile) => {
                self.seats[seat as usize].lose(tile, COPIES);
                self.interrupted = true;
                self.add_meld(seat, Meld::new(MeldKind::ConcealedKong, tile), None);
                self.settle_kong(seat, MeldKind::ConcealedKong, None, adjudicator)?;
                self.draw_replacement_for(seat, None, adjudicator)
            }
            Action::AddedKong(tile) => {
                self.interrupted = true;
                if self.rules.can_rob(ADDED_KONG) {
                    self.offer(seat, tile, Offer::AddedKong, adjudicator)
                } else {
                    self.complete_added_kong(seat, tile, adjudicator)
                }
            }
            Action::Eye(tile) => {
                self.locked |= 1 << seat;
                self.take_turn(seat, drawn, Action::Discard(tile), adjudicator)
            }
            Action::DiscardFlower(flower) => self.discard_flower_ghost(seat, flower, adjudicator),
            Action::Pass
            | Action::Chi(_)
            | Action::Pon
            | Action::Kong
            | Action::Void(_)
            | Action::Swap(_) => Err(EngineError::illegal(format!("{action} on one's own turn"))),
        }
    }

    /// 跟庄 (OC-51): after the fourth discard of an uninterrupted first go-around (no claim, no kong), all
    /// four seats' discards are the dealer's first one. Out of line: once per deal at most.
    #[cold]
    #[inline(never)]
    fn follow_dealer<A: Adjudicator + ?Sized>(&mut self, adjudicator: &A) -> Result<()> {
        if self.first_discards_alike().is_some() {
            let dealer = self.dealer;
            self.settle(PayingEvent::FollowDealer { dealer }, adjudicator)?;
        }
        Ok(())
    }

    /// After the fourth discard: the tile every seat discarded first, when the first go-around was
    /// uninterrupted (no claim, no kong) and those discards are one kind (跟庄, 四風連打).
    fn first_discards_alike(&self) -> Option<Tile> {
        let first = self.seats[self.dealer as usize].discards.first().copied()?;
        let alike = self
            .seats
            .iter()
            .all(|s| s.discards.first() == Some(&first));
        (!self.interrupted && alike).then_some(first)
    }

    /// Records one seat's answer; once every seat with a choice has answered, resolves the claims.
    fn answer<A: Adjudicator + ?Sized>(
        &mut self,
        mut window: ClaimWindow,
        action: Action,
        adjudicator: &A,
    ) -> Result<()> {
        let (seat, options) = window.choices[window.answers.len()];
        if action != Action::Win && options.win {
            // 漏胡 (OC-15): passing (or out-claiming) a legal win blocks that tile (or every discard win)
            // until the seat's next 动牌; under 过手加番 a win worth more than the passed one is still allowed.
            if self.rules.missed_win == MissedWin::HigherFan {
                let chance = WinChance::offered(window.tile, window.from, window.offer.robs());
                let fan = self.judge(seat, chance, adjudicator)?.map_or(0, |i| i.fan);
                let state = &mut self.seats[seat as usize];
                state.missed_fan = state.missed_fan.max(fan);
            }
            self.seats[seat as usize].missed_wins |= match self.rules.missed_win {
                MissedWin::Off => 0,
                MissedWin::SameTile => tile_bit(window.tile),
                MissedWin::AnyTile | MissedWin::HigherFan => !0,
            };
        }
        window.answers.push(action);
        // The first claimant's win takes the tile: the seats after it are not asked.
        let decided = action == Action::Win && self.rules.several_winners == SeveralWinners::First;
        if let Some((_, next)) = window
            .choices
            .get(window.answers.len())
            .filter(|_| !decided)
        {
            next.list_into(&mut self.legal);
            self.phase = Phase::Claims(window);
            return Ok(());
        }
        self.resolve(window, adjudicator)
    }

    fn resolve<A: Adjudicator + ?Sized>(
        &mut self,
        window: ClaimWindow,
        adjudicator: &A,
    ) -> Result<()> {
        let answered = || {
            window
                .choices
                .iter()
                .map(|(seat, _)| *seat)
                .zip(window.answers.iter().copied())
        };
        let robbing_kong = window.offer.robs();
        let mut winning_seats: Vec<u8> = answered()
            .filter(|(_, action)| *action == Action::Win)
            .map(|(seat, _)| seat)
            .collect();
        let offered = WinChance::offered(window.tile, window.from, robbing_kong);
        if self.rules.several_winners == SeveralWinners::Highest && winning_seats.len() > 1 {
            // 截胡: the highest hand alone wins, the nearest one on a tie (scanned from the farthest, so that
            // an equal fan nearer the discarder takes over).
            let mut best = (0, winning_seats[0]);
            for &seat in winning_seats.iter().rev() {
                let fan = self
                    .declare(seat, offered, adjudicator)?
                    .unwrap_or_default()
                    .info
                    .fan;
                if fan >= best.0 {
                    best = (fan, seat);
                }
            }
            winning_seats = vec![best.1];
        }
        // Settled with the number of winners known (一炮多响 can change the fan: QQ's 一炮三响 floor).
        let chance = WinChance {
            winners_on_discard: winning_seats.len() as u8,
            ..offered
        };
        let mut winners = Vec::new();
        for &seat in &winning_seats {
            let declared = self.declare(seat, chance, adjudicator)?.unwrap_or_default();
            winners.push(Winner {
                seat,
                tile: window.tile,
                from: Some(window.from),
                robbing_kong,
                info: declared.info,
                horse_hits: declared.horse_hits,
                horses: declared.horses,
                horse_money: declared.horse_money,
            });
        }
        if let Some(&farthest) = winning_seats.last() {
            // OC-S22: play resumes after the farthest winner, or after the discarder (the robbed konger).
            let resume_after = if self.rules.resume_after_discarder {
                window.from
            } else {
                farthest
            };
            return self.settle_wins(winners, resume_after, adjudicator);
        }
        if robbing_kong {
            return self.complete_kong(window.from, window.tile, window.offer, adjudicator);
        }
        let pung_claim =
            answered().find(|(_, action)| matches!(action, Action::Pon | Action::Kong));
        let chow_claim = || answered().find(|(_, action)| matches!(action, Action::Chi(_)));
        match pung_claim.or_else(chow_claim) {
            Some((seat, action)) => self.claim(seat, action, window.tile, window.from, adjudicator),
            None => self.draw_for(self.next_active(window.from), adjudicator),
        }
    }

    /// Records wins; the deal then ends (enough winners, or one seat left) or plays on from the first
    /// active seat after `resume_after` (the winner, or the farthest of several from the discarder).
    fn settle_wins<A: Adjudicator + ?Sized>(
        &mut self,
        winners: Vec<Winner>,
        resume_after: u8,
        adjudicator: &A,
    ) -> Result<()> {
        for w in &winners {
            self.events
                .push(match self.seats[w.seat as usize].won_on_flower {
                    Some(flower) => Event::FlowerGhostWin {
                        seat: w.seat,
                        flower,
                        fan: w.info.fan,
                    },
                    None => Event::Win {
                        seat: w.seat,
                        tile: w.tile,
                        from: w.from,
                        robbing_kong: w.robbing_kong,
                        fan: w.info.fan,
                    },
                });
            if !w.horses.is_empty() {
                self.events.push(Event::Horses {
                    seat: w.seat,
                    horses: w.horses.clone(),
                });
            }
            self.won |= 1 << w.seat;
        }
        if self.rules.winners_stay {
            self.keep_winners_in(&winners);
        }
        let robbed = winners
            .first()
            .filter(|w| w.robbing_kong)
            .and_then(|w| w.from.map(|from| (from, w.tile)));
        if self.wins.is_empty() {
            self.first_winners = winners.len() as u8;
            self.wins = winners;
        } else {
            self.wins.extend(winners);
        }
        let active = SEATS - self.left().count_ones() as u8;
        let enough = self.wins.len() >= usize::from(self.rules.winners_to_end) || active <= 1;
        if enough && !self.rules.winners_stay {
            if let Some((konger, _)) = robbed {
                self.extra_tile |= 1 << konger;
            }
            self.finish(adjudicator)?;
            return Ok(());
        }
        if let Some((konger, tile)) = robbed {
            // Playing on: the robbed tile left the konger's hand for the winners; it lies with its discards.
            let state = &mut self.seats[konger as usize];
            state.lose(tile, 1);
            state.discard(tile);
        }
        self.draw_for(self.next_active(resume_after), adjudicator)
    }

    /// Takes the discard `tile` of `from` into a meld of `seat`.
    fn claim<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        action: Action,
        tile: Tile,
        from: u8,
        adjudicator: &A,
    ) -> Result<()> {
        self.seats[from as usize].discard_claimed();
        self.interrupted = true;
        if action == Action::Kong && self.rules.can_rob(MELDED_KONG) {
            // 明杠可抢: the tile waits in the konger's hand while the others may rob it.
            let state = &mut self.seats[seat as usize];
            state.moved();
            state.gain(tile);
            self.kong_feeder = from;
            return self.offer(seat, tile, Offer::MeldedKong, adjudicator);
        }
        self.meld_claimed(seat, action, tile, from, adjudicator)
    }

    /// Completes a kong nobody robbed. Out of line: most offers are discards.
    #[cold]
    #[inline(never)]
    fn complete_kong<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        tile: Tile,
        offer: Offer,
        adjudicator: &A,
    ) -> Result<()> {
        match offer {
            Offer::MeldedKong => {
                self.seats[seat as usize].lose(tile, 1);
                self.meld_claimed(seat, Action::Kong, tile, self.kong_feeder, adjudicator)
            }
            _ => self.complete_added_kong(seat, tile, adjudicator),
        }
    }

    /// Forms the meld of a claimed discard `tile` of `from` (not in `seat`'s hand) and moves on.
    #[inline]
    fn meld_claimed<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        action: Action,
        tile: Tile,
        from: u8,
        adjudicator: &A,
    ) -> Result<()> {
        let state = &mut self.seats[seat as usize];
        state.moved();
        let (kind, lowest) = match action {
            Action::Chi(lowest) => (MeldKind::Chi, lowest),
            Action::Kong => (MeldKind::Kong, tile),
            _ => (MeldKind::Pon, tile),
        };
        let meld = Meld {
            kind,
            tile: lowest,
            claimed: Some(tile),
            from_offset: Some((from + SEATS - seat) % SEATS),
        };
        let mut used = [0u8; NUM_KINDS];
        meld.add_tiles(&mut used);
        used[tile.index() as usize] -= 1;
        for held in kinds_of(kinds_held(&used)) {
            state.lose(held, used[held.index() as usize]);
        }
        if kind == MeldKind::Pon && self.rules.returned_kongs {
            state.pons_with_fourth |= tile_bit(tile) & state.held;
        }
        self.add_meld(seat, meld, Some(from));
        let claimed_melds = self.seats[seat as usize]
            .melds
            .iter()
            .filter(|m| m.kind.is_claimed())
            .count();
        // All but one tile claimed into melds (十二张落地 in a 13-tile hand), which liabilities may name.
        if claimed_melds == usize::from(self.rules.hand / 3) {
            self.twelve_tiles_down.push((seat, from));
        }
        if kind == MeldKind::Kong {
            self.settle_kong(seat, kind, Some(from), adjudicator)?;
            self.draw_replacement_for(seat, Some(from), adjudicator)
        } else {
            self.enter_turn(seat, None, false);
            Ok(())
        }
    }

    fn complete_added_kong<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        tile: Tile,
        adjudicator: &A,
    ) -> Result<()> {
        let state = &mut self.seats[seat as usize];
        state.lose(tile, 1);
        let pon = state
            .melds
            .iter_mut()
            .find(|m| m.kind == MeldKind::Pon && m.tile == tile)
            .ok_or_else(|| {
                EngineError::illegal(format!("added kong of {} without its pon", tile.mpsz()))
            })?;
        pon.kind = MeldKind::AddedKong;
        let meld = *pon;
        state.shown[tile.index() as usize] += 1;
        let feeder = meld.from_offset.map(|offset| seat_after(seat, offset));
        let returned = state.pons_with_fourth & tile_bit(tile) != 0;
        self.events.push(Event::Meld {
            seat,
            meld,
            from: feeder,
            returned,
        });
        self.settle_kong(seat, MeldKind::AddedKong, feeder, adjudicator)?;
        self.draw_replacement_for(seat, None, adjudicator)
    }

    fn settle_kong<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        kind: MeldKind,
        feeder: Option<u8>,
        adjudicator: &A,
    ) -> Result<()> {
        let paid = self.settle_paid(PayingEvent::Kong { seat, kind, feeder }, adjudicator)?;
        for (total, amount) in self.kong_money.iter_mut().zip(paid) {
            *total += amount;
        }
        Ok(())
    }

    fn add_meld(&mut self, seat: u8, meld: Meld, from: Option<u8>) {
        let state = &mut self.seats[seat as usize];
        state.melds.push(meld);
        meld.add_tiles(&mut state.shown);
        log::append(&mut self.events, || Event::Meld {
            seat,
            meld,
            from,
            returned: false,
        });
    }

    /// An ordinary draw from the head for `seat`, or the end of the deal when the wall is empty (§1.9).
    fn draw_for<A: Adjudicator + ?Sized>(&mut self, seat: u8, adjudicator: &A) -> Result<()> {
        match self.wall.draw() {
            Some(WallTile::Tile(tile)) => {
                let drawn = Drawn {
                    tile,
                    replacement: false,
                    kong_feeder: None,
                    after_flower: false,
                    flower: None,
                };
                self.receive(seat, drawn, false, adjudicator)
            }
            Some(WallTile::Flower(flower)) => self.flower_drawn(seat, flower, adjudicator),
            None => self.finish(adjudicator),
        }
    }

    /// A flower drawn from the head: set aside and replaced from the tail. Out of line: most tables have none.
    #[cold]
    #[inline(never)]
    fn flower_drawn<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        flower: u8,
        adjudicator: &A,
    ) -> Result<()> {
        if self.rules.ghosts.holds_flowers() {
            return self.receive_flower_ghost(seat, flower, false, None, adjudicator);
        }
        self.set_flower_aside(seat, flower, adjudicator)?;
        self.draw_from_tail(seat, false, None, adjudicator)
    }

    /// Whether a kong may be declared now: while the wall holds a tile (OC-17), or always where the table
    /// allows a kong on an empty wall (Sichuan OC-S21).
    #[inline]
    fn may_kong(&self) -> bool {
        self.rules.kong_on_empty_wall || !self.wall.is_empty()
    }

    /// A kong replacement from the tail, once the kong stands (unless it makes 四槓, an abortive draw where
    /// played); a kong on an empty wall (where allowed) draws none, and the deal ends there. `kong_feeder`:
    /// who discarded the tile of a melded kong.
    fn draw_replacement_for<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        kong_feeder: Option<u8>,
        adjudicator: &A,
    ) -> Result<()> {
        if self.rules.abortive_draws && self.four_kongs_by_several() {
            return self.end_abortive(AbortiveDraw::FourKongs, adjudicator);
        }
        if !self.may_kong() {
            return Err(wall_exhausted());
        }
        self.draw_from_tail(seat, true, kong_feeder, adjudicator)
    }

    /// A replacement from the tail (after a kong when `kong`, else after a flower), flowers set aside and
    /// replaced in turn; the deal ends when the wall runs out first.
    fn draw_from_tail<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        kong: bool,
        kong_feeder: Option<u8>,
        adjudicator: &A,
    ) -> Result<()> {
        let mut after_flower = !kong;
        loop {
            match self.wall.draw_replacement() {
                Some(WallTile::Tile(tile)) => {
                    let drawn = Drawn {
                        tile,
                        replacement: kong,
                        kong_feeder,
                        after_flower,
                        flower: None,
                    };
                    return self.receive(seat, drawn, true, adjudicator);
                }
                Some(WallTile::Flower(flower)) if self.rules.ghosts.holds_flowers() => {
                    return self.receive_flower_ghost(seat, flower, kong, kong_feeder, adjudicator);
                }
                Some(WallTile::Flower(flower)) => {
                    after_flower = true;
                    self.set_flower_aside(seat, flower, adjudicator)?
                }
                None => {
                    self.finish(adjudicator)?;
                    return Ok(());
                }
            }
        }
    }

    /// `from_tail`: a kong or flower replacement (as the log records it).
    fn receive<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        drawn: Drawn,
        from_tail: bool,
        adjudicator: &A,
    ) -> Result<()> {
        let source = if drawn.replacement {
            KONG_BLOOM
        } else {
            SELF_DRAW
        };
        let may_win =
            self.rules.wins_by(source) && self.may_complete(seat, drawn.tile, adjudicator);
        let state = &mut self.seats[seat as usize];
        state.gain(drawn.tile);
        state.moved();
        let tile = drawn.tile;
        log::append(&mut self.events, || Event::Draw {
            seat,
            tile,
            replacement: from_tail,
        });
        if let Some(win) = self.flower_win.take() {
            return self.take_flower_win(win, seat, drawn.tile, adjudicator);
        }
        let chance = WinChance::self_drawn(drawn.tile, Some(drawn));
        let can_win = may_win && self.judge(seat, chance, adjudicator)?.is_some();
        self.enter_turn(seat, Some(drawn), can_win);
        Ok(())
    }

    /// Starts the turn of `seat`, which holds 3n+2 tiles; `can_win`: its draw is a legal self-drawn win.
    fn enter_turn(&mut self, seat: u8, drawn: Option<Drawn>, can_win: bool) {
        if self.locked & (1 << seat) != 0 {
            return self.enter_locked_turn(seat, drawn, can_win);
        }
        // Built directly in sorted order (discards, concealed kongs, added kongs, win), reusing the buffer.
        let mut legal = std::mem::take(&mut self.legal);
        legal.clear();
        let meldable = self.meldable();
        let state = &self.seats[seat as usize];
        let void = state.void_kinds();
        // 必须打缺: while the seat holds its void suit, only that suit may go.
        let mut discardable = match state.held & void {
            held_void if held_void != 0 && self.rules.must_discard_void => held_void,
            _ => state.held,
        };
        // 食替 (OC-T17): right after a chi or pon (the only turns without a draw), not the claimed set's kinds.
        if drawn.is_none() && self.rules.no_swap_discard {
            discardable = claim_swap::allowed_after_claim(discardable, state.melds.last());
        }
        legal.extend(kinds_of(discardable).map(Action::Discard));
        if drawn.is_some() && self.may_kong() {
            if self.rules.allows_kong(CONCEALED_KONG) {
                legal.extend(kinds_of(state.quads & !void & meldable).map(Action::ConcealedKong));
            }
            if self.rules.allows_kong(ADDED_KONG) {
                let added_from = legal.len();
                legal.extend(
                    state
                        .melds
                        .iter()
                        .filter(|m| {
                            m.kind == MeldKind::Pon && state.concealed[m.tile.index() as usize] > 0
                        })
                        .map(|m| Action::AddedKong(m.tile)),
                );
                legal[added_from..].sort_unstable();
            }
        }
        if can_win {
            legal.push(Action::Win);
        }
        let holds_flowers = state.flower_ghosts != 0;
        self.legal = legal;
        if holds_flowers {
            self.list_flower_discards(seat);
        }
        if let Some(forms) = self.rules.eye_forms {
            self.list_eye_declarations(seat, forms, discardable);
        }
        debug_assert!(self.legal.is_sorted());
        self.phase = Phase::Turn { seat, drawn };
    }

    /// Offers `tile` from `from` to the other seats; moves on directly when nobody has a choice.
    fn offer<A: Adjudicator + ?Sized>(
        &mut self,
        from: u8,
        tile: Tile,
        offer: Offer,
        adjudicator: &A,
    ) -> Result<()> {
        let mut choices = InlineVec::new();
        let next = self.next_active(from);
        let source = if offer.robs() { ROBBING_KONG } else { DISCARD };
        // The rules read once, into locals: the loop below takes `&mut self`, so fields would be reloaded.
        // Seats not asked: those that have won and left, the 眼牌 seats (locked, never won: a locked winner of
        // 血流成河 may still win), and the discarder of a melded kong's tile (it cannot rob it).
        let skip = self.left()
            | (self.locked & !self.won)
            | if offer == Offer::MeldedKong {
                1 << self.kong_feeder
            } else {
                0
            };
        let may_win = self.rules.wins_by(source);
        let claims = ClaimRules {
            pon: self.rules.pon,
            kong: self.rules.allows_kong(MELDED_KONG) & self.may_kong(),
            // Chi only by the seat right after the discarder (not by the next active one), where played.
            chi_chows: if self.rules.chi == Chi::NextSeat {
                !0
            } else {
                0
            },
            meldable: self.meldable(),
        };
        for offset in 1..SEATS {
            let seat = seat_after(from, offset);
            if skip & (1 << seat) != 0 {
                continue;
            }
            let mut options = match offer {
                // A locked hand melds nothing.
                Offer::Discard if self.locked & (1 << seat) == 0 => {
                    self.claim_options(seat, tile, &claims, offset == 1)
                }
                _ => ClaimOptions::default(),
            };
            let state = &self.seats[seat as usize];
            let blocked = state.missed_wins & tile_bit(tile) != 0;
            // 过手加番: a blocked seat may still win for more fan than it passed.
            let above = (self.rules.missed_win == MissedWin::HigherFan).then_some(state.missed_fan);
            let chance = WinChance::offered(tile, from, offer.robs());
            options.win = may_win
                && (!blocked || above.is_some())
                && self.may_complete(seat, tile, adjudicator)
                && self
                    .judge(seat, chance, adjudicator)?
                    .is_some_and(|info| !blocked || above.is_some_and(|fan| info.fan > fan));
            if options.any() {
                choices.push((seat, options));
            }
        }
        match choices.first() {
            Some((_, first)) => {
                first.list_into(&mut self.legal);
                self.phase = Phase::Claims(ClaimWindow {
                    tile,
                    from,
                    offer,
                    choices,
                    answers: InlineVec::new(),
                });
                Ok(())
            }
            None if offer.robs() => self.complete_kong(from, tile, offer, adjudicator),
            None => self.draw_for(next, adjudicator),
        }
    }

    /// The pon, kong and chi options of `seat` on a discarded `tile` (chi only for the discarder's 下家,
    /// `is_next`) under the table's `claims`.
    fn claim_options(
        &self,
        seat: u8,
        tile: Tile,
        claims: &ClaimRules,
        is_next: bool,
    ) -> ClaimOptions {
        let state = &self.seats[seat as usize];
        // 定缺: no pon or kong of the void suit.
        let held = if state.void_kinds() & tile_bit(tile) != 0 {
            0
        } else {
            state.concealed[tile.index() as usize]
        };
        // The chows through the discard (leading kinds t-2..t) whose three kinds are then all held.
        let have = state.held | tile_bit(tile);
        let through = 0b111 << tile.index() >> 2;
        let chows = have & (have >> 1) & (have >> 2) & CHOW_STARTS & through;
        // Bitwise `&` on bools: no branches on the claim rules in this hot path.
        let meldable = claims.meldable & tile_bit(tile) != 0;
        ClaimOptions {
            win: false,
            pon: claims.pon & (held >= 2) & meldable,
            kong: claims.kong & (held == 3) & meldable,
            chows: if is_next { chows & claims.chi_chows } else { 0 },
        }
    }

    /// Whether `tile` could complete the waiting hand of `seat` in the adjudicator's winning forms (always,
    /// when it names none, or when ghosts are involved): the screen before the adjudicator is asked.
    fn may_complete<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        tile: Tile,
        adjudicator: &A,
    ) -> bool {
        let ghosts = self.ghosts;
        adjudicator.winning_forms().is_none_or(|forms| {
            let state = &mut self.seats[seat as usize];
            // The screen is blind to ghosts: a hand holding one, or a ghost on offer, is always asked.
            (state.held | tile_bit(tile)) & ghosts != 0
                || state.flower_ghosts != 0
                || state.may_complete(tile, forms)
        })
    }

    /// Asks the adjudicator whether `seat` wins with the chance's tile (already in hand when self-drawn).
    fn judge<A: Adjudicator + ?Sized>(
        &self,
        seat: u8,
        chance: WinChance,
        adjudicator: &A,
    ) -> Result<Option<WinInfo>> {
        self.ask(seat, chance, |hand, melds, situation, context| {
            adjudicator.judge_in(hand, melds, situation, context)
        })
    }

    /// The win `seat` declared, as the adjudicator settles it (horses drawn).
    fn declare<A: Adjudicator + ?Sized>(
        &self,
        seat: u8,
        chance: WinChance,
        adjudicator: &A,
    ) -> Result<Option<Declared>> {
        self.ask(seat, chance, |hand, melds, situation, context| {
            adjudicator.declare(hand, melds, situation, context)
        })
    }

    /// One question to the adjudicator about `seat`'s chance, with the hand, melds, situation and context
    /// every question takes; no question where the table's rules forbid the win.
    fn ask<T>(
        &self,
        seat: u8,
        chance: WinChance,
        question: impl FnOnce(&Counts, &[Meld], &WinSituation, &DealContext<'_>) -> Result<Option<T>>,
    ) -> Result<Option<T>> {
        let Some((concealed, situation)) = self.win_situation(seat, chance) else {
            return Ok(None);
        };
        let state = &self.seats[seat as usize];
        let context = DealContext {
            ghosts: self.ghosts,
            indicator: self.indicator,
            undrawn: self.wall.undrawn(),
            dealer_streak: self.dealer_streak,
            locked: self.locked,
            flower_ghosts: state.flower_ghosts,
            drawn_flower: chance.drawn.and_then(|d| d.flower),
        };
        question(&concealed, &state.melds, &situation, &context)
    }

    /// The hand (the chance's tile included) and the situation of a possible win by `seat`; `None` when the
    /// table's rules forbid the win whatever the hand (定缺: the void suit still held).
    fn win_situation(&self, seat: u8, chance: WinChance) -> Option<(Counts, WinSituation)> {
        let WinChance {
            tile,
            from,
            drawn,
            robbing_kong,
            winners_on_discard,
        } = chance;
        let state = &self.seats[seat as usize];
        let mut concealed = state.concealed;
        if from.is_some() {
            concealed[tile.index() as usize] += 1;
        }
        if self.rules.void_suit && void_held(&concealed, state.void) {
            // 定缺: a hand holding its void suit (or before naming one) cannot win.
            return None;
        }
        let situation = WinSituation {
            winner: seat,
            tile,
            from,
            robbing_kong,
            kong_replacement: drawn.is_some_and(|d| d.replacement),
            kong_feeder: drawn.and_then(|d| d.kong_feeder),
            last_tile: self.wall.is_empty(),
            kong_discard: from.is_some() && !robbing_kong && self.kong_discard,
            flower_replacement: drawn.is_some_and(|d| d.after_flower),
            flowers: state.flowers,
            first_go_around: self.first_go_around(seat, from, robbing_kong),
            winners_on_discard,
            dealer: self.dealer,
            round_wind: self.round_wind,
            feeder_already_liable: self.feeder_already_liable(seat),
            shown: self.shown_copies(tile, from.is_some() && !robbing_kong),
        };
        Some((concealed, situation))
    }

    /// Copies of `tile` in the open: every seat's discards on the table and exposed melds (a concealed kong
    /// lies face down), less the discard being won on (`on_discard`: it is the discarder's last).
    fn shown_copies(&self, tile: Tile, on_discard: bool) -> u8 {
        let mut shown = 0;
        for state in &self.seats {
            shown += state.discards.iter().filter(|&&t| t == tile).count() as u8;
            for meld in state
                .melds
                .iter()
                .filter(|m| m.kind != MeldKind::ConcealedKong)
            {
                shown += match meld.kind {
                    MeldKind::Chi => {
                        u8::from((0..3).contains(&(tile.index().wrapping_sub(meld.tile.index()))))
                    }
                    kind if meld.tile == tile => kind.tile_count(),
                    _ => 0,
                };
            }
        }
        shown - u8::from(on_discard)
    }

    /// 包先不包后: whether whoever fed `seat` its fourth claimed meld had fed another seat's fourth one first.
    fn feeder_already_liable(&self, seat: u8) -> bool {
        let down = &self.twelve_tiles_down;
        down.iter()
            .position(|&(victim, _)| victim == seat)
            .is_some_and(|at| down[..at].iter().any(|&(_, fed)| fed == down[at].1))
    }

    /// Whether a win by `seat` now is 天和, 地和 or 人和: nobody has claimed or declared a kong yet, and the
    /// seats before the winner in the first go-around have each discarded once.
    fn first_go_around(
        &self,
        seat: u8,
        from: Option<u8>,
        robbing_kong: bool,
    ) -> Option<FirstGoAround> {
        // Sichuan OC-S7 "allowed": before the first discard only the dealer's own 暗杠 can have interrupted.
        let kong_kept = self.rules.heavenly_after_kong && self.discards_made == 0;
        if (self.interrupted && !kong_kept) || robbing_kong {
            return None;
        }
        let seat_wind = u32::from((seat + SEATS - self.dealer) % SEATS);
        match from {
            None if seat == self.dealer && self.discards_made == 0 => Some(FirstGoAround::Heavenly),
            None if seat != self.dealer && self.discards_made == seat_wind => {
                Some(FirstGoAround::Earthly)
            }
            Some(_) if seat != self.dealer && self.discards_made == 1 => Some(FirstGoAround::Human),
            _ => None,
        }
    }

    /// Ends the deal with the wins so far (none: an exhaustive draw). Once per deal: out of line.
    #[inline(never)]
    fn finish<A: Adjudicator + ?Sized>(&mut self, adjudicator: &A) -> Result<()> {
        let won = self.won;
        if won == 0 && !self.rules.kong_money_on_draw {
            // 荒庄荒杠 (OC-30): the kong money paid during the deal is returned.
            for (total, kong) in self.event_payments.iter_mut().zip(&mut self.kong_money) {
                *total -= *kong;
                *kong = 0;
            }
        }
        self.settle(PayingEvent::End { winners: won }, adjudicator)?;
        let mut winners = std::mem::take(&mut self.wins);
        self.settle_whole_deal(&mut winners, adjudicator)?;
        self.events.push(Event::End {
            exhaustive: winners.is_empty(),
            winners: winners.iter().map(|w| w.seat).collect(),
            wall_left: self.wall.remaining(),
        });
        self.outcome = Some(Outcome {
            winners,
            event_payments: self.event_payments,
            kong_money: self.kong_money,
            first_winners: self.first_winners,
        });
        self.legal.clear();
        self.phase = Phase::Over;
        Ok(())
    }

    /// A family that settles the whole deal at once replaces its wins' payments and the other money.
    fn settle_whole_deal<A: Adjudicator + ?Sized>(
        &mut self,
        winners: &mut [Winner],
        adjudicator: &A,
    ) -> Result<()> {
        fn hand(state: &SeatState) -> FinalHand<'_> {
            FinalHand {
                concealed: &state.concealed,
                melds: &state.melds,
                discards: &state.discards,
                void: state.void,
            }
        }
        let finished = FinishedDeal {
            events: &self.events,
            winners,
            hands: std::array::from_fn(|seat| hand(&self.seats[seat])),
            dealer: self.dealer,
            wall_exhausted: self.wall.is_empty()
                && winners.len() < usize::from(self.rules.winners_to_end),
        };
        let Some(money) = adjudicator.settle_deal(&finished)? else {
            return Ok(());
        };
        if money.wins.len() != winners.len() {
            return Err(EngineError::argument(format!(
                "the deal's settlement paid {} wins, the deal had {}",
                money.wins.len(),
                winners.len()
            )));
        }
        for (winner, paid) in winners.iter_mut().zip(money.wins) {
            winner.info.payments = paid;
        }
        self.event_payments = money.events;
        self.kong_money = money.kong;
        Ok(())
    }

    /// Checks that every tile of the set is accounted for exactly: undrawn wall + hands + melds + discards =
    /// 4 of each kind of the set and none of the others (so no kind appears five times), each flower once in
    /// the wall or set aside by one seat; that hand sizes fit the phase, that each win's payments are
    /// zero-sum, and that each seat's kind masks match its hand. Run after every step in debug builds and by
    /// the tests.
    pub fn check_invariants(&self) -> Result<()> {
        let mut seen = [0u32; NUM_KINDS];
        if let Some(shown) = self.indicator {
            seen[shown.index() as usize] += 1;
        }
        let mut flowers = 0u32;
        for &code in self.wall.undrawn() {
            match Tile::new(code) {
                Some(tile) => seen[tile.index() as usize] += 1,
                None => flowers |= 1 << (code - FIRST_FLOWER),
            }
        }
        for (seat, state) in (0u8..).zip(&self.seats) {
            if flowers & u32::from(state.flowers) != 0 {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat}'s flowers {:#x} are also elsewhere",
                    state.flowers
                )));
            }
            let ghost_flowers = state.flower_ghosts | state.discarded_flowers;
            if (flowers | u32::from(state.flowers)) & u32::from(ghost_flowers) != 0
                || state.flower_ghosts & state.discarded_flowers != 0
            {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat}'s flower ghosts {:#x} (discarded {:#x}) are also elsewhere",
                    state.flower_ghosts, state.discarded_flowers
                )));
            }
            flowers |= u32::from(state.flowers | ghost_flowers);
            let mut shown = [0; NUM_KINDS];
            for meld in &state.melds {
                meld.add_tiles(&mut shown);
            }
            for tile in &state.discards {
                shown[tile.index() as usize] += 1;
            }
            if shown != state.shown {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat}'s tiles in the open {:?} are not its melds' and discards' {shown:?}",
                    state.shown
                )));
            }
            let mut held = state.concealed;
            for (held, shown) in held.iter_mut().zip(shown) {
                *held += shown;
            }
            let discarded = state
                .discards
                .iter()
                .fold(0, |kinds, &t| kinds | tile_bit(t));
            if discarded != state.discarded_kinds {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat}'s discarded kinds {:#x} are not its discards' {discarded:#x}",
                    state.discarded_kinds
                )));
            }
            for (total, count) in seen.iter_mut().zip(held) {
                *total += u32::from(count);
            }
            let size = state
                .concealed
                .iter()
                .map(|&c| usize::from(c))
                .sum::<usize>()
                + state.flower_ghosts.count_ones() as usize
                + 3 * state.melds.len();
            let hand = usize::from(self.rules.hand);
            let expected = hand + usize::from(self.holds_extra_tile(seat));
            if size != expected {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat} holds {size} tiles (melds as 3), expected {expected}"
                )));
            }
            let pons = state
                .melds
                .iter()
                .filter(|m| matches!(m.kind, MeldKind::Pon | MeldKind::AddedKong))
                .fold(0, |kinds, m| kinds | tile_bit(m.tile));
            if state.pons_with_fourth & !pons != 0 {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat}'s 回头杠 kinds {:#x} are not all its pons' {pons:#x}",
                    state.pons_with_fourth
                )));
            }
            let held = kinds_held(&state.concealed);
            let quads = kinds_where(&state.concealed, |n| n == COPIES);
            if (state.held, state.quads) != (held, quads) {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat}'s kind masks {:#x}, {:#x} do not match its hand",
                    state.held, state.quads
                )));
            }
        }
        let wins = self
            .outcome
            .iter()
            .flat_map(|o| &o.winners)
            .chain(&self.wins);
        {
            if let Some(w) = wins
                .clone()
                .find(|w| w.info.payments.iter().sum::<i64>() != 0)
            {
                return Err(EngineError::argument(format!(
                    "invariant broken: the payments of seat {}'s win are not zero-sum: {:?}",
                    w.seat, w.info.payments
                )));
            }
        }
        if self.event_payments.iter().sum::<i64>() != 0 {
            return Err(EngineError::argument(format!(
                "invariant broken: the deal's other payments are not zero-sum: {:?}",
                self.event_payments
            )));
        }
        let copies =
            |kind: usize| u32::from(COPIES) * u32::from(self.rules.kinds & (1 << kind) != 0);
        if let Some(kind) = (0..NUM_KINDS).find(|&kind| seen[kind] != copies(kind)) {
            return Err(EngineError::hand(format!(
                "invariant broken: {} of tile kind {kind} on the table instead of {} ({} tiles in all)",
                seen[kind],
                copies(kind),
                self.rules.tile_count()
            )));
        }
        if flowers != (1 << self.rules.flowers) - 1 {
            return Err(EngineError::hand(format!(
                "invariant broken: the flowers on the table are {flowers:#x}, not the set's {}",
                self.rules.flowers
            )));
        }
        Ok(())
    }

    /// Whether `seat` now holds 3n+2 tiles: it is on turn, is adding a kong, or holds the extra tile out of
    /// turn (a self-drawn winner, a robbed konger whose tile ended the deal).
    fn holds_extra_tile(&self, seat: u8) -> bool {
        let on_turn = match &self.phase {
            Phase::Turn { seat: s, .. } => *s == seat,
            Phase::Voids { .. } | Phase::Swap { .. } => seat == self.dealer,
            Phase::Claims(window) => window.offer.robs() && window.from == seat,
            Phase::Over => false,
        };
        on_turn || self.extra_tile & (1 << seat) != 0
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
mod tests {
    use super::*;
    use crate::bots::RandomBot;
    use crate::forms::FormOptions;
    use crate::table::{play_deal, AtTable, Policy, ShapeRules};

    #[test]
    fn a_redealt_deal_plays_as_a_new_one() {
        let rules = ShapeRules::CHICKEN;
        let mut bots: Vec<Box<dyn Policy>> = (0..SEATS)
            .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
            .collect();
        let mut reused = Deal::new(3, 0, 0, 0, &rules).expect("a deal");
        play_deal(&mut reused, &mut bots, &rules).expect("played");
        for index in 1..40 {
            let dealer = (index % 4) as u8;
            reused
                .redeal(3, index, dealer, 1, &rules)
                .expect("re-dealt");
            let mut fresh = Deal::new(3, index, dealer, 1, &rules).expect("a deal");
            play_deal(&mut reused, &mut bots, &rules).expect("played");
            play_deal(&mut fresh, &mut bots, &rules).expect("played");
            assert_eq!(reused.events(), fresh.events(), "deal {index}");
            reused.check_invariants().expect("invariants hold");
        }
    }

    /// The same rules as a closure, which names no winning forms: the table then asks about every chance.
    fn played_with<A: Adjudicator>(rules: &A, index: u64) -> Vec<Event> {
        let mut bots: Vec<Box<dyn Policy>> = (0..SEATS)
            .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
            .collect();
        let mut deal = Deal::new(9, index, (index % 4) as u8, 0, rules).expect("a deal");
        play_deal(&mut deal, &mut bots, rules).expect("played");
        deal.events().to_vec()
    }

    #[test]
    fn screening_by_the_winning_forms_changes_no_deal() {
        for forms in [FormSet(5), FormSet(7), FormSet::ALL] {
            let screened = ShapeRules {
                options: FormOptions::with_forms(forms),
            };
            let unscreened = |c: &Counts, m: &[Meld], s: &WinSituation| screened.judge(c, m, s);
            assert_eq!(unscreened.winning_forms(), None);
            let mut wins = 0;
            for index in 0..300 {
                let events = played_with(&screened, index);
                assert_eq!(
                    events,
                    played_with(&unscreened, index),
                    "{forms:?} deal {index}"
                );
                wins += events
                    .iter()
                    .filter(|e| matches!(e, Event::Win { .. }))
                    .count();
            }
            assert!(wins > 0, "{forms:?}: some deals are won");
        }
    }

    fn random_bots() -> Vec<Box<dyn Policy>> {
        (0..SEATS)
            .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
            .collect()
    }

    /// The table options beyond the default, one at a time and a few together.
    fn variants() -> Vec<TableRules> {
        let base = TableRules::default();
        let honours = 0x7f << 27;
        vec![
            TableRules {
                chi: Chi::None,
                ..base
            },
            TableRules {
                kinds: base.kinds & !honours,
                ..base
            },
            TableRules {
                kinds: base.kinds & !0x1ff,
                ..base
            },
            TableRules {
                flowers: 8,
                reserved_tail: 14,
                ..base
            },
            TableRules { hand: 16, ..base },
            TableRules {
                several_winners: SeveralWinners::First,
                missed_win: MissedWin::Off,
                ..base
            },
            TableRules {
                several_winners: SeveralWinners::Highest,
                missed_win: MissedWin::AnyTile,
                ..base
            },
            TableRules {
                winners_to_end: 3,
                chi: Chi::None,
                kinds: base.kinds & !honours,
                ..base
            },
            TableRules {
                win_sources: SELF_DRAW | ROBBING_KONG | KONG_BLOOM,
                robbable_kongs: ADDED_KONG | MELDED_KONG,
                ..base
            },
            TableRules {
                kongs: 0,
                robbable_kongs: 0,
                win_sources: SELF_DRAW | DISCARD,
                ..base
            },
        ]
    }

    #[test]
    fn every_table_option_keeps_the_invariants() {
        // Debug builds check the invariants after every step; here also at the end of each deal.
        for table in variants() {
            let rules = AtTable {
                judge: ShapeRules::CHICKEN,
                table,
            };
            let mut wins = 0;
            for index in 0..400 {
                let mut deal = Deal::new(11, index, (index % 4) as u8, 0, &rules).expect("a deal");
                play_deal(&mut deal, &mut random_bots(), &rules).expect("played");
                deal.check_invariants().expect("invariants hold");
                let winners = deal.outcome().expect("over").winners.len();
                wins += usize::from(winners > 0);
                assert!(winners <= usize::from(table.winners_to_end.max(3)));
                if table.several_winners != SeveralWinners::All && table.winners_to_end == 1 {
                    assert!(winners <= 1, "one winner per discard");
                }
            }
            // Playing on past a win is compared with the twin in tests/test_table_rules.py (random bots here
            // seldom win twice in a deal).
            assert!(wins > 0, "{table:?}: some deals are won");
        }
    }

    /// Kong money as a family would settle it: a concealed kong takes 2 from each other seat.
    struct KongMoney;

    impl Adjudicator for KongMoney {
        fn judge(&self, c: &Counts, m: &[Meld], s: &WinSituation) -> Result<Option<WinInfo>> {
            ShapeRules::CHICKEN.judge(c, m, s)
        }

        fn settle(&self, event: &PayingEvent, _dealer: u8) -> Result<Option<[i64; 4]>> {
            Ok(match *event {
                PayingEvent::Kong {
                    seat,
                    kind: MeldKind::ConcealedKong,
                    ..
                } => Some(std::array::from_fn(
                    |s| if s == seat as usize { 6 } else { -2 },
                )),
                _ => None,
            })
        }
    }

    #[test]
    fn events_other_than_wins_pay_through_the_family() {
        let mut paid = 0;
        for index in 0..400 {
            let mut deal = Deal::new(4, index, 0, 0, &KongMoney).expect("a deal");
            play_deal(&mut deal, &mut random_bots(), &KongMoney).expect("played");
            let mut expected = [0i64; SEATS as usize];
            for event in deal.events() {
                if let Event::Meld { seat, meld, .. } = event {
                    if meld.kind == MeldKind::ConcealedKong {
                        expected.iter_mut().for_each(|p| *p -= 2);
                        expected[*seat as usize] += 8;
                        paid += 1;
                    }
                }
            }
            let outcome = deal.outcome().expect("over");
            assert_eq!(outcome.event_payments, expected);
            assert_eq!(outcome.payments().iter().sum::<i64>(), 0);
        }
        assert!(paid > 0, "some concealed kongs were declared");
    }

    #[test]
    fn a_feeder_is_liable_only_for_the_first_seat_it_leaves_twelve_tiles_down() {
        let mut deal = Deal::new(1, 0, 0, 0, &ShapeRules::CHICKEN).expect("a deal");
        // Seat 0 feeds seat 1 first, seat 3 feeds seat 2, then seat 0 feeds seat 3 too.
        deal.twelve_tiles_down = vec![(1, 0), (2, 3), (3, 0)];
        let already = (0..SEATS).map(|seat| deal.feeder_already_liable(seat));
        assert_eq!(already.collect::<Vec<_>>(), [false, false, false, true]);
    }
}
