//! The engine's fuzz targets (issue 30, item 9): functions of arbitrary bytes that must never panic, whatever the
//! bytes, and that check what the engine promises on the way. The `fuzz/` crate (cargo-fuzz, nightly) feeds them
//! libFuzzer's inputs; the `fuzz_drive` example feeds them seeded random bytes on stable Rust for a given time
//! (`scripts/long_checks.sh`). Not part of the API.
//!
//! - [`notation`]: the text parsers on any text, and the analyses of every hand they accept;
//! - [`scorers`]: the Guangdong and MCR scorers on rows built from the bytes (any counts, melds, tiles, flags);
//! - [`deal_step`]: a deal driven by the bytes through legal and illegal actions: an illegal action is refused
//!   and changes nothing, the invariants hold after every step.

use crate::hand::MeldSlot;
use crate::rules::guangdong::at_table::ScoringRules;
use crate::rules::guangdong::ruleset::{Liabilities, Options, Ruleset, RulesetSpec};
use crate::rules::guangdong::scorer::{total_fan_batch, BatchRow, Situation, WinSource};
use crate::rules::mcr::{
    self, Fan, FanRow, McrAtTable, McrBatchRow, McrSituation, McrTable, Opening,
};
use crate::rules::reading::Shapes;
use crate::table::{Action, Adjudicator, Deal, ShapeRules, TableRules};
use crate::tile::{Counts, NUM_KINDS};
use crate::{notation as text, FormOptions, FormSet};

/// Parses the bytes (as text, invalid UTF-8 replaced) as a hand, tiles and a tile; a hand that parses is
/// analysed (shanten, waits or win, under every form selection).
pub fn notation(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = text::parse_tiles(&text);
    let _ = text::parse_tile(&text);
    let _ = text::parse_hand_unchecked(&text);
    if let Ok(hand) = text::parse_hand(&text) {
        let forms = FormSet(data.first().map_or(15, |b| b % 16).max(1));
        for opts in [FormOptions::default(), FormOptions::with_forms(forms)] {
            let _ = crate::shanten(&hand, opts);
            let _ = crate::waits(&hand, opts, None);
            let _ = crate::is_win(&hand, opts);
        }
    }
}

/// Reads bytes one at a time, zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&first, rest)) => {
                self.0 = rest;
                first
            }
            None => 0,
        }
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn flag(&mut self) -> bool {
        self.next() & 1 != 0
    }

    /// Counts of a hand: mostly plausible (0..4, about 13 tiles), sometimes anything.
    fn counts(&mut self) -> Counts {
        let wild = self.next() < 16;
        let mut counts = [0u8; NUM_KINDS];
        for _ in 0..(self.next() % 18) {
            let kind = usize::from(self.next()) % NUM_KINDS;
            counts[kind] = if wild {
                self.next()
            } else {
                (counts[kind] + 1).min(4)
            };
        }
        counts
    }

    fn melds(&mut self) -> [MeldSlot; 4] {
        let count = self.next() % 5;
        std::array::from_fn(|m| {
            if (m as u8) < count {
                MeldSlot {
                    kind: self.next() % 8,
                    tile: self.next() % 40,
                }
            } else {
                MeldSlot { kind: 0, tile: 0 }
            }
        })
    }
}

/// A small Guangdong table: cap 5, minimum 1 (the scorer's own tests' table).
fn guangdong_ruleset() -> Ruleset {
    let patterns = [
        ("ji_hu", 0, false),
        ("ping_hu", 1, false),
        ("qing_yi_se", 5, false),
        ("da_san_yuan", 9, true),
    ];
    Ruleset::new(&RulesetSpec {
        name: "fuzz",
        cap: 5,
        minimum: 1,
        shapes: Shapes::default(),
        patterns: &patterns,
        extras: &[("zi_mo", 1), ("men_qing", 1), ("san_yuan", 1)],
        floor_fan: 0,
        floor_events: &[],
        liabilities: Liabilities {
            robbing_kong: true,
            ..Liabilities::default()
        },
        options: Options {
            robbing_kong_is_self_draw: true,
            seat_round_wind_stack: true,
            human_hand_paid_by_dealer: true,
            discarder_pays_three: false,
            dealer_factor: 1,
            winning_hand: Default::default(),
        },
    })
    .expect("the fuzz table is valid")
}

/// Every standard MCR fan, valued by its position (values do not matter to a crash), folk fans not scored.
fn mcr_table() -> McrTable {
    let rows: Vec<FanRow<'_>> = Fan::STANDARD
        .iter()
        .enumerate()
        .map(|(i, fan)| FanRow {
            key: fan.key(),
            value: 1 + (i % 88) as u8,
            excludes: &[],
        })
        .collect();
    McrTable::new("fuzz", 8, false, &rows).expect("the fuzz MCR table is valid")
}

/// Scores rows built from the bytes under a Guangdong table and an MCR table: any counts, melds, winning
/// tile, seat, wind and flags; errors are answers, panics are bugs.
pub fn scorers(data: &[u8]) {
    let mut bytes = Bytes(data);
    let (guangdong, mcr) = (guangdong_ruleset(), mcr_table());
    let mut rows = Vec::new();
    let mut mcr_rows = Vec::new();
    while !bytes.is_empty() && rows.len() < 64 {
        let concealed = bytes.counts();
        let melds = bytes.melds();
        let win = if bytes.flag() {
            bytes.next()
        } else {
            bytes.next() % 34
        };
        let source = match bytes.next() % 3 {
            0 => WinSource::SelfDrawn,
            1 => WinSource::Discard,
            _ => WinSource::RobbedKong,
        };
        let (seat, wind) = (bytes.next() % 5, bytes.next() % 5);
        let discarder = bytes.flag().then(|| bytes.next() % 5);
        rows.push(BatchRow {
            concealed,
            melds,
            win,
            situation: Situation {
                kong_bloom: bytes.flag(),
                last_tile: bytes.flag(),
                ..Situation::new(seat, wind, source, discarder)
            },
        });
        mcr_rows.push(McrBatchRow {
            concealed,
            melds,
            flowers: bytes.next() % 10,
            win,
            situation: McrSituation {
                self_drawn: bytes.flag(),
                last_copy: bytes.flag(),
                kong_replacement: bytes.flag(),
                robbing_kong: bytes.flag(),
                wall_last: bytes.flag(),
                seat_wind: seat,
                prevalent_wind: wind,
                opening: match bytes.next() % 8 {
                    0 => Opening::Heavenly,
                    1 => Opening::Earthly,
                    2 => Opening::Human,
                    _ => Opening::None,
                },
            },
        });
    }
    for row in &rows {
        let _ = total_fan_batch(std::slice::from_ref(row), &guangdong);
    }
    for row in &mcr_rows {
        let _ = mcr::score_batch(std::slice::from_ref(row), &mcr);
    }
}

/// The action names of [`Action::from_parts`].
const ACTION_NAMES: [&str; 13] = [
    "pass",
    "discard",
    "chi",
    "pon",
    "kong",
    "concealed_kong",
    "added_kong",
    "win",
    "void",
    "swap",
    "eye",
    "discard_flower",
    "bogus",
];

/// Plays a deal chosen by the first bytes — the 鸡平胡 shapes, a Guangdong scoring table or MCR — each next
/// byte choosing a legal action by position, or (one byte in four) making an action from the next bytes, which
/// must be refused and change nothing unless it is legal. The invariants are checked after every step.
pub fn deal_step(data: &[u8]) {
    let mut bytes = Bytes(data);
    let seed = u64::from_le_bytes(std::array::from_fn(|_| bytes.next()));
    let index = u64::from(bytes.next());
    let (dealer, wind) = (bytes.next() % 4, bytes.next() % 4);
    match bytes.next() % 3 {
        0 => play(&mut bytes, seed, index, dealer, wind, &ShapeRules::CHICKEN),
        1 => {
            let rules = ScoringRules::new(guangdong_ruleset()).with_table(TableRules::default());
            play(&mut bytes, seed, index, dealer, wind, &rules)
        }
        _ => {
            let rules = McrAtTable::new(mcr_table(), TableRules::default());
            play(&mut bytes, seed, index, dealer, wind, &rules)
        }
    }
}

fn play<A: Adjudicator>(
    bytes: &mut Bytes<'_>,
    seed: u64,
    index: u64,
    dealer: u8,
    wind: u8,
    rules: &A,
) {
    let mut deal = Deal::new(seed, index, dealer, wind, rules).expect("a seeded deal deals");
    deal.check_invariants().expect("invariants after the deal");
    while !bytes.is_empty() && deal.to_act().is_some() {
        let choice = bytes.next();
        if choice % 4 == 3 {
            let name = ACTION_NAMES[usize::from(bytes.next()) % ACTION_NAMES.len()];
            let tile = bytes.flag().then(|| bytes.next() % 48);
            let Ok(action) = Action::from_parts(name, tile) else {
                continue;
            };
            if deal.legal_actions().contains(&action) {
                deal.step(action, rules).expect("a legal action applies");
            } else {
                let before = format!("{deal:?}");
                assert!(
                    deal.step(action, rules).is_err(),
                    "{action} is not legal, yet applied"
                );
                assert_eq!(
                    format!("{deal:?}"),
                    before,
                    "the refused {action} changed the deal"
                );
            }
        } else {
            let legal = deal.legal_actions();
            let position = usize::from(choice) % legal.len();
            deal.step_at(position, rules)
                .expect("a legal action applies");
        }
        deal.check_invariants()
            .expect("invariants after every step");
    }
}
