//! 推倒胡 at the table: the adjudicator the deal asks (RULES.md §4). While a seat is asked, a hand wins when
//! its concealed part completes with the deal's ghosts as wilds, or holds all four ghosts after an own draw
//! (四鬼胡) — the same forms scoring finds ([`super::scorer::form_of`]); a declared win is scored in full,
//! its horses (买马) turned from the wall's tail. Kong money is paid when each kong is made (final even when
//! another seat wins; returned at a 流局 unless 流局算杠), 跟庄 when the deal reports it. Amounts are in
//! points (b × `base`).

use super::ruleset::{GhostMode, TdhRules};
use super::scorer::{form_of, score, Source, TdhWin};
use super::tiles::FLOWER_BASE;
use crate::error::{EngineError, Result};
use crate::forms::FormSet;
use crate::hand::{Hand, Meld, MeldKind};
use crate::shanten::standard_missing;
use crate::table::adjudicator::{Adjudicator, DealContext, Declared, PayingEvent, WinSituation};
use crate::table::ghosts::GhostRule;
use crate::table::horses::{self, Horse};
use crate::table::table_rules::{Chi, DealerStays, TableRules, DISCARD, MELDED_KONG};
use crate::table::types::WinInfo;
use crate::table::types::SEATS;
use crate::table::wall::FIRST_FLOWER;
use crate::tile::{Counts, KindMask, COPIES, NUM_KINDS};

#[derive(Clone, Debug)]
pub struct TdhTable {
    rules: TdhRules,
    table: TableRules,
    /// The forms a ghost-free hand can win in (四鬼胡 needs ghosts).
    forms: FormSet,
}

fn refuse(message: String) -> EngineError {
    EngineError::ruleset(message)
}

impl TdhTable {
    /// The 推倒胡 options at a table with the file's table sections; the options the two state both
    /// (tile set, chi, discard wins, robbing melded kongs, the horses' reserve) must agree.
    pub fn new(rules: TdhRules, table: TableRules) -> Result<TdhTable> {
        let mut table = table;
        if table.flowers != rules.ghosts.flowers() {
            return Err(refuse(format!(
                "tiles.flowers: {} flowers in the set, but ghosts = {:?} plays {}",
                table.flowers,
                rules.ghosts,
                rules.ghosts.flowers()
            )));
        }
        if table.chi != Chi::None {
            return Err(refuse("claims.chi: 推倒胡 has no chow (\"none\")".into()));
        }
        if table.wins_by(DISCARD) != rules.discard_wins {
            return Err(refuse(format!(
                "wins.sources: \"discard\" is listed exactly when discard_wins (点炮可胡) is on (it is {})",
                rules.discard_wins
            )));
        }
        if table.can_rob(MELDED_KONG) != rules.rob_melded_kong {
            return Err(refuse(format!(
                "claims.robbable_kongs: \"melded\" is listed exactly when rob_melded_kong (明杠可抢) is on (it is {})",
                rules.rob_melded_kong
            )));
        }
        horses::check_reserve(table.reserved_tail, usize::from(rules.horses), "horses")?;
        table.ghosts = match rules.ghosts {
            GhostMode::White => GhostRule::Kinds(1 << 31),
            GhostMode::Red => GhostRule::Kinds(1 << 33),
            GhostMode::Flip | GhostMode::FlipTwo => GhostRule::Flip {
                two: rules.ghosts == GhostMode::FlipTwo,
                seven_cycle: rules.seven_cycle,
            },
            GhostMode::Flowers4 | GhostMode::Flowers8 => GhostRule::Flowers,
            GhostMode::None => GhostRule::None,
        };
        table.ghost_melds = false;
        table.follow_dealer = rules.follow_dealer;
        table.kong_money_on_draw = rules.kong_money_on_draw;
        if rules.winner_deals {
            table.dealer_stays = DealerStays::Winner;
        }
        let mut forms = FormSet::STANDARD;
        if rules.seven_pairs {
            forms = forms.union(FormSet::SEVEN_PAIRS);
        }
        if rules.thirteen_orphans {
            forms = forms.union(FormSet::THIRTEEN_ORPHANS);
        }
        Ok(TdhTable {
            rules,
            table,
            forms,
        })
    }

    pub fn rules(&self) -> &TdhRules {
        &self.rules
    }

    /// The horses a win draws: the ruleset's number, and under 买马节节高 2n more for a dealer on its n-th
    /// 连庄 (OC-52).
    fn horses(&self, winner: u8, s: &WinSituation, streak: u8) -> usize {
        let mut n = usize::from(self.rules.horses);
        if self.rules.streak_horses && winner == s.dealer {
            n += 2 * usize::from(streak);
        }
        n
    }
}

impl TdhTable {
    /// The hot case of a win check, answered by the shanten tables alone: a hand with ghosts where only
    /// sets and a pair (or 四鬼胡) can win and no ghost could be a fifth copy. None: ask [`form_of`].
    #[inline]
    fn standard_only(
        &self,
        naturals: &[u8; NUM_KINDS],
        wilds: u8,
        concealed_only: bool,
        self_drawn: bool,
    ) -> Option<bool> {
        let whole_hand = concealed_only && (self.rules.seven_pairs || self.rules.thirteen_orphans);
        if wilds == 0 || whole_hand {
            return None;
        }
        let four_ghosts =
            self.rules.four_ghosts && self.rules.ghosts.four_ghosts() && self_drawn && wilds == 4;
        let tiles = naturals.iter().map(|&c| usize::from(c)).sum::<usize>() + usize::from(wilds);
        let sets = tiles.saturating_sub(2) / 3;
        let missing = standard_missing(naturals, sets);
        if four_ghosts || missing <= wilds {
            return Some(true);
        }
        // The tables cap each kind at four, so where a ghost could be a fifth copy only the search knows; but
        // a ghost as a fifth copy saves at most one missing tile per such kind (a bound the tests check
        // against the search), so a hand further away is no win either.
        let heavy = if self.rules.ghost_fifth_copy {
            naturals.iter().filter(|&&c| c + wilds > COPIES).count()
        } else {
            0
        };
        (usize::from(missing) > usize::from(wilds) + heavy).then_some(false)
    }
}

/// The concealed part with the ghost kinds taken out, and how many ghosts it holds.
fn without_ghosts(concealed: &Counts, ghosts: KindMask) -> ([u8; NUM_KINDS], u8) {
    let mut naturals = *concealed;
    let mut wilds = 0;
    let mut mask = ghosts;
    while mask != 0 {
        let kind = mask.trailing_zeros() as usize;
        wilds += naturals[kind];
        naturals[kind] = 0;
        mask &= mask - 1;
    }
    (naturals, wilds)
}

/// How the winning tile came, in scoring's terms.
fn source(s: &WinSituation) -> Source {
    match (s.from, s.robbing_kong) {
        (None, _) => Source::SelfDrawn,
        (Some(_), true) => Source::RobbingAdded,
        (Some(_), false) => Source::Discard,
    }
}

impl Adjudicator for TdhTable {
    /// Speed in the winning forms, with this plug-in offered to the advisor bot (docs/advisor.md, "The bot").
    fn aim(&self) -> crate::table::adjudicator::Aim {
        crate::table::adjudicator::Aim::advised(
            self.winning_forms(),
            std::sync::Arc::new(self.clone()),
        )
    }

    /// Without a deal's context the fixed ghosts of the mode apply (翻鬼 has none before a flip).
    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
    ) -> Result<Option<WinInfo>> {
        let context = DealContext {
            ghosts: self.table.ghosts.kinds(None),
            indicator: None,
            undrawn: &[],
            dealer_streak: 0,
            locked: 0,
            flower_ghosts: 0,
            drawn_flower: None,
        };
        self.judge_in(concealed, melds, situation, &context)
    }

    fn judge_in(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        s: &WinSituation,
        context: &DealContext<'_>,
    ) -> Result<Option<WinInfo>> {
        let ghost_tile = context.ghosts & (1 << s.tile.index()) != 0;
        if s.from.is_some() && !s.robbing_kong && (!self.rules.discard_wins || ghost_tile) {
            return Ok(None); // OC-28; a discarded ghost is never won on (OC-49)
        }
        let (naturals, mut wilds) = without_ghosts(concealed, context.ghosts);
        wilds += context.flower_ghosts.count_ones() as u8;
        let self_drawn = s.from.is_none();
        // The shortcut's tables know nothing of the melds' copies, which bound the ghosts where a ghost may
        // not be a fifth copy (OC-29): then a hand with melds takes the search.
        let melds_bound_ghosts = !self.rules.ghost_fifth_copy && !melds.is_empty();
        if !melds_bound_ghosts {
            if let Some(complete) =
                self.standard_only(&naturals, wilds, melds.is_empty(), self_drawn)
            {
                return Ok(complete.then(|| WinInfo::worth(0)));
            }
        }
        let form = form_of(&naturals, melds, wilds, self_drawn, &self.rules)?;
        Ok(form.map(|_| WinInfo::worth(0)))
    }

    fn declare(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        s: &WinSituation,
        context: &DealContext<'_>,
    ) -> Result<Option<Declared>> {
        if self.judge_in(concealed, melds, s, context)?.is_none() {
            return Ok(None);
        }
        // Flower ghosts are written as wilds; a flower drawn is the winning tile, not one of them.
        let mut waiting = *concealed;
        let mut wilds = context.flower_ghosts.count_ones() as u8;
        let win = match context.drawn_flower {
            Some(flower) => {
                wilds -= 1;
                FLOWER_BASE + flower
            }
            None => {
                waiting[s.tile.index() as usize] -= 1;
                s.tile.index()
            }
        };
        let hand = Hand {
            concealed: waiting,
            melds: melds.to_vec(),
            wilds,
            flowers: 0,
        };
        // Horses are turned from the tail end, as replacements are drawn (the reserve is always there).
        let count = self.horses(s.winner, s, context.dealer_streak);
        let horses: Vec<u8> = horses::turned(context.undrawn, count).collect();
        debug_assert!(horses
            .iter()
            .all(|&h| h < FIRST_FLOWER + self.table.flowers));
        let kong_bloom = s.kong_replacement && s.from.is_none();
        let win = TdhWin {
            hand: &hand,
            win,
            winner: s.winner,
            dealer: s.dealer,
            source: source(s),
            discarder: s.from,
            kong_bloom,
            kong_fed_by: s.kong_feeder.filter(|_| kong_bloom),
            last_tile: s.last_tile,
            indicator: context.indicator.map(|t| t.index()),
            horses: &horses,
            // Kong money was paid as each kong was made; 马跟杠 reads the winner's own kongs from its melds.
            other_kongs: &[],
            dealer_streak: context.dealer_streak,
        };
        let scored = score(&win, &self.rules, 0)?;
        if scored.refusal != 0 {
            return Ok(None);
        }
        let base = self.rules.base;
        let hits = scored
            .horses
            .iter()
            .map(|&(_, h)| u32::from(h))
            .sum::<u32>();
        Ok(Some(Declared {
            info: WinInfo {
                fan: scored.multipliers.len() as u32,
                pattern: Some(scored.form),
                payments: scored.win_net.map(|b| b * base),
                liable: scored.liable,
                // Each multiplier the win scored (bit = its code in `MULTIPLIER_KEYS`: 无鬼加倍, 杠上开花, 抢杠 …);
                // the form is the `pattern`.
                rows: scored
                    .multipliers
                    .iter()
                    .fold(0, |rows, &code| rows | 1 << code),
                ..WinInfo::default()
            },
            horse_hits: hits.min(u32::from(u8::MAX)) as u8,
            // The winner's own horses; their money is part of the win (`win_net`).
            horses: horses
                .iter()
                .zip(&scored.horses)
                .map(|(&tile, &(seat, _))| Horse {
                    tile,
                    buyer: s.winner,
                    seat,
                })
                .collect(),
            horse_money: [0; 4],
        }))
    }

    /// The screen of the deal (exact for ghost-free hands; the deal asks about every hand holding a ghost).
    fn winning_forms(&self) -> Option<FormSet> {
        Some(self.forms)
    }

    fn table_rules(&self) -> TableRules {
        self.table
    }

    fn settle(&self, event: &PayingEvent, _dealer: u8) -> Result<Option<[i64; 4]>> {
        let base = self.rules.base;
        let from_each = |seat: u8, amount: i64| -> [i64; 4] {
            std::array::from_fn(|s| {
                if s == usize::from(seat) {
                    amount * i64::from(SEATS - 1)
                } else {
                    -amount
                }
            })
        };
        Ok(match *event {
            PayingEvent::Kong { seat, kind, feeder } => {
                let [concealed, added, melded] = self.rules.kong_amounts.map(|a| a * base);
                match (kind, feeder) {
                    (MeldKind::ConcealedKong, _) => Some(from_each(seat, concealed)),
                    (MeldKind::AddedKong, _) => Some(from_each(seat, added)),
                    (MeldKind::Kong, Some(fed)) => {
                        let mut paid = [0; 4];
                        paid[usize::from(seat)] = melded;
                        paid[usize::from(fed)] = -melded;
                        Some(paid)
                    }
                    _ => None,
                }
            }
            PayingEvent::FollowDealer { dealer } => Some(from_each(dealer, base).map(|p| -p)),
            _ => None,
        })
    }
}
