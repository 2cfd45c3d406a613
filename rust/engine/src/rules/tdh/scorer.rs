//! Scoring and settlement of one 推倒胡 win: check the tiles, turn the ghosts' faces into wild tiles, find
//! the best winning form, then settle the win, the horses and the kong money among the four seats (RULES.md
//! §4, OC-26..OC-54; docs/tdh.md). The twin of `python/mjcore/reference/tdh/scorer.py`.

use super::ruleset::{GhostMode, TdhRules};
use super::tiles::{check_in_set, horse_face, horse_seat, Ghosts, FLOWER_BASE};
use crate::decompose::is_win;
use crate::error::{EngineError, Result};
use crate::forms::{FormOptions, FormSet};
use crate::hand::{Hand, Meld, MeldKind};
use crate::shanten::shanten;
use crate::tile::{Tile, COPIES, NUM_KINDS};

/// 推倒胡 is a 13-tile game: four sets and a pair.
const SETS: usize = 4;

pub const FORM_KEYS: [&str; 4] = ["standard", "seven_pairs", "thirteen_orphans", "four_ghosts"];
pub const MULTIPLIER_KEYS: [&str; 7] = [
    "no_ghosts",
    "seven_pairs",
    "thirteen_orphans",
    "four_ghosts",
    "last_tile",
    "kong_bloom",
    "robbing_kong",
];
const NO_GHOSTS: u8 = 0;
const LAST_TILE: u8 = 4;
const KONG_BLOOM: u8 = 5;
const ROBBING_KONG: u8 = 6;

/// Why a claimed win is refused (`names.REFUSALS` order; 0 is a win).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Win = 0,
    NotComplete = 1,
    NoDiscardWins = 2,
    GhostDiscard = 3,
    MeldedKongNotRobbable = 4,
    ConcealedKongNotRobbable = 5,
}

/// How the winning tile came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    SelfDrawn = 0,
    Discard = 1,
    RobbingAdded = 2,
    RobbingMelded = 3,
    RobbingConcealed = 4,
}

impl Source {
    pub fn from_code(code: u8) -> Option<Source> {
        Some(match code {
            0 => Source::SelfDrawn,
            1 => Source::Discard,
            2 => Source::RobbingAdded,
            3 => Source::RobbingMelded,
            4 => Source::RobbingConcealed,
            _ => return None,
        })
    }

    const fn robbing(self) -> bool {
        matches!(
            self,
            Source::RobbingAdded | Source::RobbingMelded | Source::RobbingConcealed
        )
    }
}

/// A kong of a seat that did not win: kind 0 concealed, 1 added, 2 melded (fed by `fed_by`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtherKong {
    pub seat: u8,
    pub kind: u8,
    pub fed_by: Option<u8>,
}

/// Kong money: `payer` pays `amount` b to `owner` for a kong of `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KongPayment {
    pub owner: u8,
    pub kind: u8,
    pub payer: u8,
    pub amount: i64,
}

/// One win to score. `hand` holds the 13 tiles before `win` with the ghosts' faces (flower ghosts as
/// wilds); seats 0..3; `discarder` is the robbed seat when robbing.
#[derive(Clone, Copy, Debug)]
pub struct TdhWin<'a> {
    pub hand: &'a Hand,
    pub win: u8,
    pub winner: u8,
    pub dealer: u8,
    pub source: Source,
    pub discarder: Option<u8>,
    pub kong_bloom: bool,
    pub kong_fed_by: Option<u8>,
    pub last_tile: bool,
    pub indicator: Option<u8>,
    pub horses: &'a [u8],
    pub other_kongs: &'a [OtherKong],
    pub dealer_streak: u8,
}

/// The settlement. When `refusal` is not `Win`, nothing else is set and nothing moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TdhScore {
    pub refusal: u8,
    pub form: u8,
    /// Multiplier codes (`MULTIPLIER_KEYS`), ascending; each ×2.
    pub multipliers: Vec<u8>,
    pub share: i64,
    /// Per horse: (seat it points at, hits it is worth for the winner).
    pub horses: Vec<(u8, u8)>,
    pub liable: Option<u8>,
    pub win_net: [i64; 4],
    pub kong_payments: Vec<KongPayment>,
    pub kong_money: [i64; 4],
    pub net: [i64; 4],
}

fn refused(refusal: Refusal) -> TdhScore {
    TdhScore {
        refusal: refusal as u8,
        ..TdhScore::default()
    }
}

fn seat(value: u8, what: &str) -> Result<u8> {
    if value < 4 {
        Ok(value)
    } else {
        Err(EngineError::argument(format!("{what} {value} is not 0..3")))
    }
}

/// The checks the Python situation makes too, so that a Rust caller cannot index out of range.
fn check_seats(w: &TdhWin) -> Result<()> {
    seat(w.winner, "seat_wind")?;
    seat(w.dealer, "dealer")?;
    if let Some(d) = w.discarder {
        seat(d, "discarder")?;
    }
    if let Some(f) = w.kong_fed_by {
        seat(f, "kong_fed_by")?;
    }
    if (w.source == Source::SelfDrawn) == w.discarder.is_some()
        || w.discarder == Some(w.winner)
        || w.kong_fed_by == Some(w.winner)
        || (w.kong_bloom && w.source != Source::SelfDrawn)
        || (w.kong_fed_by.is_some() && !w.kong_bloom)
    {
        return Err(EngineError::argument(
            "inconsistent situation: self_drawn xor a discarder of another seat; kong_fed_by only on a kong bloom",
        ));
    }
    for kong in w.other_kongs {
        seat(kong.seat, "other_kongs seat")?;
        if kong.kind > 2 || kong.seat == w.winner || (kong.kind == 2) != kong.fed_by.is_some() {
            return Err(EngineError::argument(
                "other_kongs: (seat of a non-winner, kind, fed_by only for a melded kong)",
            ));
        }
        if let Some(f) = kong.fed_by {
            if seat(f, "other_kongs fed_by")? == kong.seat {
                return Err(EngineError::argument(
                    "other_kongs: a melded kong is fed by another seat than its owner's",
                ));
            }
        }
    }
    Ok(())
}

/// Every tile exists in the set, no kind is seen more than four times (the indicator, the horses and a
/// robbed kong's pon included), ghosts stand in no meld, and the hand is a 13-tile hand.
fn check_tiles(w: &TdhWin, rules: &TdhRules, ghosts: &Ghosts, flowers_in_hand: u8) -> Result<()> {
    let hand = w.hand;
    let set_flowers = rules.ghosts.flowers();
    if flowers_in_hand > 0 {
        return Err(EngineError::hand(
            "write a flower ghost of 四花鬼 / 八花鬼 as * in the hand (flowers are not counted)",
        ));
    }
    if hand.wilds > 0 && set_flowers == 0 {
        return Err(EngineError::hand(format!(
            "write the ghosts with their faces (ghosts = '{}'): * is a flower ghost of 四花鬼 / 八花鬼 only",
            ghost_mode_name(rules.ghosts)
        )));
    }
    let size = hand.concealed_len();
    let melds = hand.melds.len();
    if melds > SETS || size + 1 != 3 * (SETS - melds) + 2 {
        return Err(EngineError::hand(format!(
            "a 推倒胡 hand is 13 tiles before the winning tile (a kong counts 3): {size} concealed with {} melds",
            hand.melds.len()
        )));
    }
    for meld in &hand.melds {
        if meld.kind == MeldKind::Chi {
            return Err(EngineError::hand(format!(
                "meld {}: 推倒胡 has no chow (吃)",
                meld.describe()
            )));
        }
        if ghosts.kinds().contains(&meld.tile.index()) {
            return Err(EngineError::hand(format!(
                "meld {}: ghost tiles can never be ponged or konged",
                meld.describe()
            )));
        }
        if meld.kind == MeldKind::Kong && meld.from_offset.is_none() {
            return Err(EngineError::hand(format!(
                "meld {}: a melded kong needs from_offset (who fed it: kong money)",
                meld.describe()
            )));
        }
    }
    let mut seen = hand.all_tiles();
    for (kind, &count) in seen.iter().enumerate() {
        if count > 0 {
            check_in_set(kind as u8, rules, "hand")?;
        }
    }
    let mut flowers = [0u8; 8];
    let extra = std::iter::once((w.win, "the winning tile"))
        .chain(w.horses.iter().map(|&h| (h, "horses")))
        .chain(w.indicator.map(|i| (i, "ghost_indicator")));
    for (code, what) in extra {
        if usize::from(code) >= NUM_KINDS + 8 {
            return Err(EngineError::tile(format!(
                "{what}: tile code {code} is not 0..41"
            )));
        }
        check_in_set(code, rules, what)?;
        if code >= FLOWER_BASE {
            let slot = &mut flowers[usize::from(code - FLOWER_BASE)];
            *slot = slot.saturating_add(1);
        } else {
            seen[usize::from(code)] = seen[usize::from(code)].saturating_add(1);
        }
    }
    if w.source.robbing() {
        if ghosts.contains(w.win) {
            return Err(EngineError::argument(
                "a ghost cannot be ponged or konged, so no kong of it can be robbed",
            ));
        }
        seen[usize::from(w.win)] = seen[usize::from(w.win)].saturating_add(3);
    }
    for (kind, &count) in seen.iter().enumerate() {
        if count > COPIES {
            let name = Tile::new(kind as u8).map(|t| t.mpsz()).unwrap_or_default();
            return Err(EngineError::hand(format!(
                "tile {name} appears {count} times (hand, winning tile, melds, indicator, horses, robbed kong): at most 4"
            )));
        }
    }
    for (number, &count) in flowers.iter().enumerate() {
        if count > 1 {
            return Err(EngineError::hand(format!(
                "flower {}f appears {count} times: each exists once",
                number + 1
            )));
        }
    }
    let total = u32::from(hand.wilds) + flowers.iter().map(|&f| u32::from(f)).sum::<u32>();
    if total > u32::from(set_flowers) {
        return Err(EngineError::hand(format!(
            "{total} flowers in the hand, winning tile and horses: the set has {set_flowers}"
        )));
    }
    Ok(())
}

fn ghost_mode_name(mode: GhostMode) -> &'static str {
    match mode {
        GhostMode::None => "none",
        GhostMode::White => "white",
        GhostMode::Red => "red",
        GhostMode::Flip => "flip",
        GhostMode::FlipTwo => "flip_two",
        GhostMode::Flowers4 => "flowers4",
        GhostMode::Flowers8 => "flowers8",
    }
}

/// The winning form worth most (its own multiplier decides; ties go to the earlier form) and whether its own
/// multiplier applies, or None.
fn best_form(
    w: &TdhWin,
    rules: &TdhRules,
    ghosts: &Ghosts,
    wilds: u8,
) -> Result<Option<(u8, bool)>> {
    let hand = w.hand;
    let mut naturals = hand.concealed;
    if w.win < FLOWER_BASE {
        naturals[usize::from(w.win)] += 1;
    }
    for &ghost in ghosts.kinds() {
        naturals[usize::from(ghost)] = 0;
    }
    let self_drawn = w.source == Source::SelfDrawn;
    form_of(&naturals, &hand.melds, wilds, self_drawn, rules)
}

/// The best winning form of a concealed part with the ghosts taken out (`naturals`, 3n+2 tiles with the
/// `wilds`; declared melds are sets, so only whether there are any matters) — what scoring and the table's
/// win check (`super::at_table`) both ask.
pub(crate) fn form_of(
    naturals: &[u8; NUM_KINDS],
    melds: &[Meld],
    wilds: u8,
    self_drawn: bool,
    rules: &TdhRules,
) -> Result<Option<(u8, bool)>> {
    let concealed_only = melds.is_empty();
    // Where a ghost may not be a fifth copy (OC-29), the copies in the melds count too: a ghost standing for a
    // kind already held four times across the melds and the concealed part is no tile. The search and the
    // table-driven shanten both read the melds' copies from the hand; otherwise the melds change nothing.
    let as_wild = Hand {
        concealed: *naturals,
        melds: if rules.ghost_fifth_copy || wilds == 0 {
            Vec::new()
        } else {
            melds.to_vec()
        },
        wilds,
        flowers: 0,
    };
    let candidates = [
        (FormSet::STANDARD, true, false),
        (
            FormSet::SEVEN_PAIRS,
            rules.seven_pairs && concealed_only,
            rules.doubles[1],
        ),
        (
            FormSet::THIRTEEN_ORPHANS,
            rules.thirteen_orphans && concealed_only,
            rules.doubles[2],
        ),
    ];
    let mut best: Option<(u8, bool)> = None;
    for (code, &(forms, allowed, doubled)) in candidates.iter().enumerate() {
        if !allowed || best.is_some_and(|(_, d)| d || !doubled) {
            continue;
        }
        let opts = FormOptions {
            forms,
            seven_pairs_quads: true,
            wild_fifth_copy: rules.ghost_fifth_copy,
        };
        // With ghosts, the table-driven shanten (exact with wilds) answers without a decomposition search,
        // as long as no ghost could be a fifth copy (the tables cap each kind at four): only a kind held
        // `5 - wilds` times or more needs the search.
        let fifth_copy = opts.wild_fifth_copy && naturals.iter().any(|&c| c + wilds > COPIES);
        let complete = if wilds == 0 || fifth_copy {
            is_win(&as_wild, opts)?
        } else {
            let capped = FormOptions {
                wild_fifth_copy: false,
                ..opts
            };
            shanten(&as_wild, capped)? < 0
        };
        if complete {
            best = Some((code as u8, doubled));
        }
    }
    let four_ghosts = rules.four_ghosts && rules.ghosts.four_ghosts() && self_drawn && wilds == 4;
    if four_ghosts && best.is_none_or(|(_, d)| !d && rules.doubles[3]) {
        best = Some((3, rules.doubles[3]));
    }
    Ok(best)
}

/// OC-46's alternative: whether the hand wins in `form` (a code of `FORM_KEYS`) with every ghost tile taken as
/// its own face, so that no ghost stands for another tile and the hand counts as holding none. A flower ghost
/// has no face, and 四鬼胡 is won by the ghosts themselves: neither can.
fn wins_with_ghosts_as_faces(w: &TdhWin, form: u8) -> Result<bool> {
    let forms = match form {
        0 => FormSet::STANDARD,
        1 => FormSet::SEVEN_PAIRS,
        2 => FormSet::THIRTEEN_ORPHANS,
        _ => return Ok(false),
    };
    if w.hand.wilds > 0 || w.win >= FLOWER_BASE {
        return Ok(false);
    }
    let mut natural = w.hand.clone();
    natural.concealed[usize::from(w.win)] += 1;
    let opts = FormOptions {
        forms,
        seven_pairs_quads: true,
        wild_fifth_copy: false,
    };
    is_win(&natural, opts)
}

/// Scores one win. `flowers_in_hand` is the number of flowers the hand lists (refused: flower ghosts are
/// written as wilds).
pub fn score(w: &TdhWin, rules: &TdhRules, flowers_in_hand: u8) -> Result<TdhScore> {
    w.hand.validate()?;
    check_seats(w)?;
    let ghosts = Ghosts::of(rules, w.indicator)?;
    check_tiles(w, rules, &ghosts, flowers_in_hand)?;
    let win_is_ghost = ghosts.contains(w.win);
    match w.source {
        Source::RobbingMelded if !rules.rob_melded_kong => {
            return Ok(refused(Refusal::MeldedKongNotRobbable))
        }
        Source::RobbingConcealed => return Ok(refused(Refusal::ConcealedKongNotRobbable)),
        Source::Discard if !rules.discard_wins => return Ok(refused(Refusal::NoDiscardWins)),
        Source::Discard if win_is_ghost => return Ok(refused(Refusal::GhostDiscard)),
        _ => {}
    }
    let feeder = |offset: u8| (w.winner + offset) % 4;
    if w.kong_bloom {
        if !w.hand.melds.iter().any(|m| m.kind.is_kong()) {
            return Err(EngineError::argument(
                "a kong bloom needs a kong among the hand's melds",
            ));
        }
        if let Some(fed_by) = w.kong_fed_by {
            let fed = w
                .hand
                .melds
                .iter()
                .any(|m| m.kind == MeldKind::Kong && m.from_offset.map(feeder) == Some(fed_by));
            if !fed {
                return Err(EngineError::argument(
                    "kong_fed_by: the hand holds no melded kong fed by that seat",
                ));
            }
        }
    }
    let wilds = w.hand.wilds
        + ghosts
            .kinds()
            .iter()
            .map(|&g| w.hand.concealed[usize::from(g)])
            .sum::<u8>()
        + u8::from(win_is_ghost);
    let Some((form, own_double)) = best_form(w, rules, &ghosts, wilds)? else {
        return Ok(refused(Refusal::NotComplete));
    };
    // Ascending codes by construction: 无鬼 0, the form's own (seven pairs 1, thirteen orphans 2, four
    // ghosts 3, matching their form codes), then the situation's.
    let mut multipliers = Vec::with_capacity(4);
    let no_ghost = wilds == 0 || (rules.ghost_as_own_face && wins_with_ghosts_as_faces(w, form)?);
    if rules.ghosts != GhostMode::None && no_ghost && rules.doubles[usize::from(NO_GHOSTS)] {
        multipliers.push(NO_GHOSTS);
    }
    if own_double {
        multipliers.push(form);
    }
    let situational = [
        (LAST_TILE, w.last_tile),
        (KONG_BLOOM, w.kong_bloom),
        (ROBBING_KONG, w.source.robbing()),
    ];
    for (code, applies) in situational {
        if applies && rules.doubles[usize::from(code)] {
            multipliers.push(code);
        }
    }
    let share = rules.win << multipliers.len();
    Ok(settle(w, rules, form, multipliers, share))
}

/// Kong money (OC-30) of every kong: the winner's melds, then the other seats'.
fn kong_payments(w: &TdhWin, rules: &TdhRules) -> Vec<KongPayment> {
    let own = w.hand.melds.iter().filter(|m| m.kind.is_kong()).map(|m| {
        let kind = match m.kind {
            MeldKind::ConcealedKong => 0,
            MeldKind::AddedKong => 1,
            _ => 2,
        };
        OtherKong {
            seat: w.winner,
            kind,
            fed_by: m.from_offset.map(|o| (w.winner + o) % 4),
        }
    });
    let mut payments = Vec::new();
    for kong in own.chain(w.other_kongs.iter().copied()) {
        let amount = rules.kong_amounts[usize::from(kong.kind)];
        if amount == 0 {
            continue;
        }
        let pay = |payer| KongPayment {
            owner: kong.seat,
            kind: kong.kind,
            payer,
            amount,
        };
        match (kong.kind, kong.fed_by) {
            (2, Some(fed_by)) => payments.push(pay(fed_by)),
            _ => payments.extend((0..4).filter(|&s| s != kong.seat).map(pay)),
        }
    }
    payments
}

/// Who pays whom: the shares (each payer's, or all three by the liable seat), horses, 节节高, kong money.
fn settle(w: &TdhWin, rules: &TdhRules, form: u8, multipliers: Vec<u8>, share: i64) -> TdhScore {
    let winner = w.winner;
    let liable = if w.source.robbing() && rules.robbing_pays_all {
        w.discarder
    } else if w.kong_bloom && w.kong_fed_by.is_some() && rules.bloom_pays_all {
        w.kong_fed_by
    } else if w.source == Source::Discard && rules.discarder_pays_three {
        w.discarder
    } else {
        None
    };
    let single = w.source == Source::Discard && liable.is_none();
    let horses: Vec<(u8, u8)> = w
        .horses
        .iter()
        .map(|&code| {
            let pointed = horse_seat(code, w.dealer, rules);
            let hits = if rules.one_horse {
                horse_face(code)
            } else {
                u8::from(pointed == winner)
            };
            (pointed, hits)
        })
        .collect();
    let hits: i64 = horses.iter().map(|&(_, h)| i64::from(h)).sum();
    let kong_payments = kong_payments(w, rules);
    let streak = if rules.streak_bonus && winner == w.dealer {
        2 * i64::from(w.dealer_streak)
    } else {
        0
    };
    let mut win_net = [0i64; 4];
    for slot in (0..4u8).filter(|&s| s != winner) {
        if single && Some(slot) != w.discarder {
            continue;
        }
        let mut per_hit = if rules.horse_follows_win {
            share
        } else {
            rules.horse_value
        };
        if rules.horse_follows_kong {
            per_hit += kong_payments
                .iter()
                .filter(|p| p.owner == winner && p.payer == slot)
                .map(|p| p.amount)
                .sum::<i64>();
        }
        let amount = share + hits * per_hit + streak;
        win_net[usize::from(liable.unwrap_or(slot))] -= amount;
        win_net[usize::from(winner)] += amount;
    }
    let mut kong_money = [0i64; 4];
    for p in &kong_payments {
        kong_money[usize::from(p.payer)] -= p.amount;
        kong_money[usize::from(p.owner)] += p.amount;
    }
    let mut net = [0i64; 4];
    for s in 0..4 {
        net[s] = win_net[s] + kong_money[s];
    }
    TdhScore {
        refusal: Refusal::Win as u8,
        form,
        multipliers,
        share,
        horses,
        liable,
        win_net,
        kong_payments,
        kong_money,
        net,
    }
}
