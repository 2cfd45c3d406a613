//! The seam between the table and the rules: the deal asks an `Adjudicator` whether a hand wins (under the
//! ruleset's forms, 起和 minimum and so on) and what it is worth. Scoring and win detection live elsewhere in
//! the engine; the table engine only injects them, so it hard-codes no variant. What the table itself does
//! (tiles, claims, win sources, the end) is data too: [`Adjudicator::table_rules`].

use std::sync::Arc;

use super::deal_money::{DealMoney, FinishedDeal};
use super::horses::Horse;
use super::table_rules::TableRules;
use super::types::WinInfo;
use crate::error::Result;
use crate::forms::FormSet;
use crate::hand::{Hand, Meld, MeldKind};
use crate::tile::{Counts, KindMask, Tile};

/// A win in the first go-around that rulesets may score as a limit hand (RULES.md §2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstGoAround {
    /// 天和: the dealer's dealt fourteen tiles.
    Heavenly,
    /// 地和: a non-dealer's first draw, nobody having claimed or declared a kong before (OC-20).
    Earthly,
    /// 人和: a non-dealer winning on the dealer's first discard.
    Human,
}

/// Everything about a potential win besides the hand itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinSituation {
    pub winner: u8,
    pub tile: Tile,
    /// Who gave the tile: the discarder, or the robbed konger; `None` for a self-draw (自摸).
    pub from: Option<u8>,
    /// 抢杠: the tile is being added to an exposed pon.
    pub robbing_kong: bool,
    /// The tile is a kong replacement (杠上开花 when self-drawn).
    pub kong_replacement: bool,
    /// For the replacement of a melded kong (a claimed discard onto a concealed pung), or of any kong in a
    /// chain that began with one (OC-48: kongs each declared on the previous one's replacement): who
    /// discarded that first kong's tile — liable under 杠上开花包杠.
    pub kong_feeder: Option<u8>,
    /// The wall is empty: a self-draw is 海底, a discard the last one.
    pub last_tile: bool,
    /// 杠上炮: the discard came right after its discarder drew a kong replacement.
    pub kong_discard: bool,
    /// The tile is a flower's replacement (Taiwan's 槓上開花 counts it as a bloom).
    pub flower_replacement: bool,
    /// The flowers the winner has set aside (bit f = flower (f+1)f), for the families that score them (MCR's
    /// 花牌, Taiwan's 花台).
    pub flowers: u8,
    pub first_go_around: Option<FirstGoAround>,
    /// How many seats win on this tile (一炮多响): 1 while each seat is asked, the final count when the win
    /// is settled.
    pub winners_on_discard: u8,
    pub dealer: u8,
    /// Round wind 0..3 = East..North; the winner's seat wind is its offset from the dealer.
    pub round_wind: u8,
    /// 包先不包后: whoever fed the winner's fourth claimed meld had already fed another seat's fourth one
    /// earlier in the deal, so is not liable again (RULES.md §2.6).
    pub feeder_already_liable: bool,
    /// Copies of the winning tile in the open besides the winning one — discards on the table and exposed
    /// melds of every seat (a concealed kong lies face down) — so 3 means the winning tile is the last copy
    /// (和绝张).
    pub shown: u8,
}

impl WinSituation {
    /// A plain win in the middle of the deal: `winner` takes `tile` from `from` (`None`: self-drawn), with
    /// nothing situational — no kong, not the last tile, no flowers, not the first go-around, the only winner,
    /// no copy of the tile shown. The bots' and the advisor's look-aheads judge wins in this situation (and
    /// override a field with `..WinSituation::plain(…)` where they know more).
    pub fn plain(
        winner: u8,
        tile: Tile,
        from: Option<u8>,
        dealer: u8,
        round_wind: u8,
    ) -> WinSituation {
        WinSituation {
            winner,
            tile,
            from,
            robbing_kong: false,
            kong_replacement: false,
            kong_feeder: None,
            last_tile: false,
            kong_discard: false,
            flower_replacement: false,
            flowers: 0,
            first_go_around: None,
            winners_on_discard: 1,
            dealer,
            round_wind,
            feeder_already_liable: false,
            shown: 0,
        }
    }

    /// The winner's hand as the families' scorers take it: `concealed` without the winning tile (a scorer takes
    /// the tile apart), the declared `melds`, and the flowers set aside where the family scores them.
    pub fn scored_hand(&self, concealed: &Counts, melds: &[Meld], with_flowers: bool) -> Hand {
        let mut waiting = *concealed;
        let slot = &mut waiting[self.tile.index() as usize];
        *slot = slot.saturating_sub(1);
        Hand {
            concealed: waiting,
            melds: melds.to_vec(),
            wilds: 0,
            flowers: if with_flowers { self.flowers } else { 0 },
        }
    }

    pub fn self_drawn(&self) -> bool {
        self.from.is_none()
    }

    /// The winner's seat wind, 0..3 = East..North (the dealer is East, RULES.md OC-1).
    pub fn seat_wind(&self) -> u8 {
        (self.winner + 4 - self.dealer) % 4
    }
}

/// What the efficiency bot plays for under a table's rules ([`Adjudicator::aim`]).
#[derive(Clone)]
pub struct Aim {
    /// The forms it plays towards: the table's winning forms.
    pub forms: FormSet,
    /// Where a bare shape often misses the table's minimum (MCR's 8 fan): the table's own adjudicator, so
    /// that a ready hand counts only the waits that would be legal wins, and no claim leaves the hand ready
    /// with none. `None`: every wait counts.
    pub judge: Option<Arc<dyn Adjudicator + Send + Sync>>,
    /// The table's own plug-in, owned and shareable across worker threads, where the `advisor` bot can value
    /// wins with it (the families the advisor serves: Guangdong, MCR, 推倒胡). `None`: the advisor bot is
    /// refused at this table.
    pub table: Option<Arc<dyn Adjudicator + Send + Sync>>,
}

impl Aim {
    /// Speed alone, in `forms`.
    pub fn speed(forms: FormSet) -> Aim {
        Aim {
            forms,
            judge: None,
            table: None,
        }
    }

    /// The default aim of a table whose winning forms are `winning_forms` (the 鸡平胡 shapes when it names
    /// none), offering `table` to the advisor bot.
    pub fn advised(
        winning_forms: Option<FormSet>,
        table: Arc<dyn Adjudicator + Send + Sync>,
    ) -> Aim {
        Aim {
            table: Some(table),
            ..Aim::speed(winning_forms.unwrap_or(DEFAULT_AIM_FORMS))
        }
    }
}

/// What a table that names no winning forms plays for: the 鸡平胡 shapes.
const DEFAULT_AIM_FORMS: FormSet = FormSet::STANDARD.union(FormSet::THIRTEEN_ORPHANS);

impl std::fmt::Debug for Aim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Aim")
            .field("forms", &self.forms)
            .field("judges_waits", &self.judge.is_some())
            .field("advised", &self.table.is_some())
            .finish()
    }
}

/// A table event that may pay besides a win: what a family's settlement is asked about (kong money for
/// 推倒胡 and Sichuan, flower money for the 789 table, end-of-deal checks such as 查大叫 / 查花猪).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PayingEvent {
    /// A kong completed by `seat`; `feeder`: who discarded (or once fed the pon of) its claimed tile.
    Kong {
        seat: u8,
        kind: MeldKind,
        feeder: Option<u8>,
    },
    /// Flower 0..7 set aside by `seat`.
    Flower { seat: u8, flower: u8 },
    /// The deal is over; `winners`: the seats that won (bit s = seat s; none: an exhaustive draw).
    End { winners: u8 },
    /// 跟庄: the three others discarded the dealer's first discard in the uninterrupted first go-around
    /// (asked only where `TableRules::follow_dealer` is on).
    FollowDealer { dealer: u8 },
}

/// What the deal knows beyond one seat's hand, for families whose wins depend on it: the deal's ghost kinds
/// and 翻鬼 indicator, the undrawn wall (horses, 买马, come from its tail end: the last code first) and the
/// dealer's 连庄 count.
#[derive(Clone, Copy, Debug)]
pub struct DealContext<'a> {
    pub ghosts: KindMask,
    pub indicator: Option<Tile>,
    /// The wall codes not drawn yet, the reserved tail included, in wall order.
    pub undrawn: &'a [u8],
    pub dealer_streak: u8,
    /// The seats that declared 眼牌 (bit s = seat s; Taiwan).
    pub locked: u8,
    /// 四花鬼 / 八花鬼: the flower ghosts the asked seat holds (bit f = flower f), a drawn one included.
    pub flower_ghosts: u8,
    /// The winning tile is this flower ghost, just drawn (its bit is in `flower_ghosts`; the situation's
    /// `tile` then means nothing).
    pub drawn_flower: Option<u8>,
}

/// A declared win as it is settled: what the rules say, the horses (买马) that hit the winner, the horses
/// turned (the log records them) and the horse money inside `info.payments` (789's mirror bets; zero where
/// the horses are part of the win itself, as 推倒胡's).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Declared {
    pub info: WinInfo,
    pub horse_hits: u8,
    pub horses: Vec<Horse>,
    pub horse_money: [i64; 4],
}

/// The trait a rule family implements for the table engine (its module under `rules/<family>/`): "is this a
/// legal win here and what is it worth" ([`Adjudicator::judge`]), "what does this event pay"
/// ([`Adjudicator::settle`]), and what the table does ([`Adjudicator::table_rules`]).
///
/// Decides wins. `concealed` is the winner's concealed part with the winning tile included, `melds` its
/// declared melds (borrowed: the table asks several times per discard, so it builds no `Hand`).
/// `Ok(None)` means not a legal win (not complete, or below the 起和 minimum); passing on such a hand is not
/// 漏胡.
pub trait Adjudicator {
    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
    ) -> Result<Option<WinInfo>>;

    /// The forms outside which no hand wins, when the adjudicator knows them: the table then asks only
    /// about hands whose concealed part completes in one of them (a cheap screen, since most chances are
    /// not wins). `None`, the default: every chance is asked.
    fn winning_forms(&self) -> Option<FormSet> {
        None
    }

    /// What the efficiency bot should play for here. The default: speed, in the winning forms (the 鸡平胡
    /// shapes when the adjudicator names none).
    fn aim(&self) -> Aim {
        Aim::speed(self.winning_forms().unwrap_or(DEFAULT_AIM_FORMS))
    }

    /// What the table does (tile set, claims, win sources, end …), read once when a deal starts. The
    /// default is the 136-tile table the shipped Guangdong files describe.
    fn table_rules(&self) -> TableRules {
        TableRules::default()
    }

    /// What `event` pays each seat (absolute seats, zero-sum), or `None`: nothing, the default (a Guangdong
    /// table pays only at a win). `dealer` is this deal's dealer.
    fn settle(&self, _event: &PayingEvent, _dealer: u8) -> Result<Option<[i64; 4]>> {
        Ok(None)
    }

    /// [`Adjudicator::judge`] with the deal's context (its ghosts, wall and dealer streak): what the table
    /// asks. The default ignores the context.
    fn judge_in(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
        _context: &DealContext<'_>,
    ) -> Result<Option<WinInfo>> {
        self.judge(concealed, melds, situation)
    }

    /// A win the seat declared, as it is settled (a family may judge cheaply while asking and score in full
    /// here, horses drawn). The default: [`Adjudicator::judge_in`], no horses.
    fn declare(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
        context: &DealContext<'_>,
    ) -> Result<Option<Declared>> {
        Ok(self
            .judge_in(concealed, melds, situation, context)?
            .map(|info| Declared {
                info,
                ..Declared::default()
            }))
    }

    /// The money of the whole finished deal, for a family whose payments depend on the deal's history (who
    /// was still in, 呼叫转移, the end checks); `None`, the default: the deal keeps what `judge` and `settle`
    /// said.
    fn settle_deal(&self, _deal: &FinishedDeal<'_>) -> Result<Option<DealMoney>> {
        Ok(None)
    }

    /// A win the flowers alone make (Taiwan's 八仙過海, 七搶一), asked each time a flower is set aside with
    /// every seat's flowers (bit f = flower f), the dealer and its 連莊 count. `None`, the default: flowers
    /// never win.
    fn flower_win(
        &self,
        _flowers: &[u8; 4],
        _dealer: u8,
        _streak: u8,
    ) -> Result<Option<FlowerWin>> {
        Ok(None)
    }
}

/// A flower win: the winner, who pays as a discarder would (`None`: every other seat, as a self-draw), and
/// what it is worth and pays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlowerWin {
    pub winner: u8,
    pub payer: Option<u8>,
    pub info: WinInfo,
}

/// An adjudicator at a table with given rules (the built-in shapes or a closure, which know no table).
#[derive(Clone, Debug)]
pub struct AtTable<A> {
    pub judge: A,
    pub table: TableRules,
}

impl<A: Adjudicator> Adjudicator for AtTable<A> {
    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
    ) -> Result<Option<WinInfo>> {
        self.judge.judge(concealed, melds, situation)
    }

    fn winning_forms(&self) -> Option<FormSet> {
        self.judge.winning_forms()
    }

    fn table_rules(&self) -> TableRules {
        self.table
    }

    fn settle(&self, event: &PayingEvent, dealer: u8) -> Result<Option<[i64; 4]>> {
        self.judge.settle(event, dealer)
    }

    fn aim(&self) -> Aim {
        self.judge.aim()
    }

    fn settle_deal(&self, deal: &FinishedDeal<'_>) -> Result<Option<DealMoney>> {
        self.judge.settle_deal(deal)
    }

    fn flower_win(&self, flowers: &[u8; 4], dealer: u8, streak: u8) -> Result<Option<FlowerWin>> {
        self.judge.flower_win(flowers, dealer, streak)
    }

    fn judge_in(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
        context: &DealContext<'_>,
    ) -> Result<Option<WinInfo>> {
        self.judge.judge_in(concealed, melds, situation, context)
    }

    fn declare(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
        context: &DealContext<'_>,
    ) -> Result<Option<Declared>> {
        self.judge.declare(concealed, melds, situation, context)
    }
}

/// Any closure with the right signature is an adjudicator (handy for tests and custom rules).
impl<F> Adjudicator for F
where
    F: Fn(&Counts, &[Meld], &WinSituation) -> Result<Option<WinInfo>>,
{
    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
    ) -> Result<Option<WinInfo>> {
        self(concealed, melds, situation)
    }
}
