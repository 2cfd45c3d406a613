//! The Guangdong family at the table: a win check that scores — a hand wins when the ruleset's scoring finds a
//! pattern reaching the table's 起和 minimum, worth its total fan (RULES.md §2.3–§2.5), paid as 2^fan shares
//! with the liabilities — so the ruleset, not the table, decides what wins. No other event pays (the
//! `Adjudicator::settle` default).
//!
//! Scoring numbers seats by seat wind (the dealer is East = 0); the table numbers them absolutely, so seats
//! are translated here.

use crate::error::Result;
use crate::forms::{FormOptions, FormSet};
use crate::hand::Meld;
use crate::rules::guangdong::ruleset::Ruleset;
use crate::rules::guangdong::scorer::{
    fan, liable_seat, payments, LimitHand, Situation, WinSource,
};
use crate::table::adjudicator::{Adjudicator, FirstGoAround, WinSituation};
use crate::table::shape_rules::ShapeRules;
use crate::table::table_rules::TableRules;
use crate::table::types::WinInfo;
use crate::table::types::SEATS;
use crate::tile::Counts;

#[derive(Clone, Debug)]
pub struct ScoringRules {
    ruleset: Ruleset,
    /// The ruleset's winning shapes: a cheap first test, since most asked hands are not wins.
    shapes: ShapeRules,
    /// What the table does under this ruleset.
    table: TableRules,
}

impl ScoringRules {
    pub fn new(ruleset: Ruleset) -> ScoringRules {
        let allowed = ruleset.shapes;
        let mut forms = FormSet::STANDARD;
        if allowed.seven_pairs {
            forms = forms.union(FormSet::SEVEN_PAIRS);
        }
        if allowed.thirteen_orphans {
            forms = forms.union(FormSet::THIRTEEN_ORPHANS);
        }
        let options = FormOptions {
            forms,
            seven_pairs_quads: allowed.seven_pairs_quads,
            wild_fifth_copy: true,
        };
        ScoringRules {
            ruleset,
            shapes: ShapeRules { options },
            table: TableRules::default(),
        }
    }

    /// The same scoring at a table with the given rules (the ruleset file's `[tiles]` … `[settlement]`).
    pub fn with_table(self, table: TableRules) -> ScoringRules {
        // The table counts 十二张落地 as the scorer does (OC-14), for 包先不包后.
        let twelve_tiles = self.ruleset.liabilities.twelve_tiles_count;
        ScoringRules {
            table: TableRules {
                twelve_tiles,
                ..table
            },
            ..self
        }
    }

    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }
}

impl Adjudicator for ScoringRules {
    /// Speed in the winning forms, with this plug-in offered to the advisor bot (docs/advisor.md, "The bot").
    fn aim(&self) -> crate::table::adjudicator::Aim {
        crate::table::adjudicator::Aim::advised(
            self.winning_forms(),
            std::sync::Arc::new(self.clone()),
        )
    }

    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
    ) -> Result<Option<WinInfo>> {
        if self.shapes.judge(concealed, melds, situation)?.is_none() {
            return Ok(None);
        }
        let hand = situation.scored_hand(concealed, melds, false);
        let scoring = scoring_situation(situation);
        let Some(scored) = fan(&hand, situation.tile, &self.ruleset, &scoring)?.filter(|f| f.legal)
        else {
            return Ok(None);
        };
        let liable = liable_seat(&hand, &self.ruleset, &scoring);
        let by_wind = payments(&self.ruleset, &scoring, &scored, liable)?;
        let to_seat = |wind: u8| (wind + situation.dealer) % SEATS;
        Ok(Some(WinInfo {
            fan: u32::from(scored.total),
            pattern: self.ruleset.pattern(scored.pattern).map(|row| row.rank),
            payments: std::array::from_fn(|seat| {
                by_wind[usize::from(seat_wind_of(seat as u8, situation.dealer))]
            }),
            liable: liable.map(to_seat),
            ..WinInfo::default()
        }))
    }

    /// Scoring starts from the shape check, so the same forms screen.
    fn winning_forms(&self) -> Option<FormSet> {
        self.shapes.winning_forms()
    }

    fn table_rules(&self) -> TableRules {
        self.table
    }

    // The efficiency bot's aim is the default: speed in the ruleset's winning forms (七对 at 贵港).
}

/// The seat wind of table seat `seat` (the dealer is East = 0).
fn seat_wind_of(seat: u8, dealer: u8) -> u8 {
    (seat + SEATS - dealer) % SEATS
}

/// The table's view of a win in scoring's terms (seats as seat winds).
fn scoring_situation(s: &WinSituation) -> Situation {
    let seat_wind = |seat: u8| seat_wind_of(seat, s.dealer);
    let source = match (s.from, s.robbing_kong) {
        (None, _) => WinSource::SelfDrawn,
        (Some(_), true) => WinSource::RobbedKong,
        (Some(_), false) => WinSource::Discard,
    };
    let kong_bloom = s.kong_replacement && s.from.is_none();
    Situation {
        kong_bloom,
        kong_fed_by: s.kong_feeder.filter(|_| kong_bloom).map(seat_wind),
        last_tile: s.last_tile,
        winners_on_discard: s.winners_on_discard,
        limit_hand: s.first_go_around.map(|limit| match limit {
            FirstGoAround::Heavenly => LimitHand::Heavenly,
            FirstGoAround::Earthly => LimitHand::Earthly,
            FirstGoAround::Human => LimitHand::Human,
        }),
        feeder_already_liable: s.feeder_already_liable,
        ..Situation::new(s.seat_wind(), s.round_wind, source, s.from.map(seat_wind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Tile;

    fn situation(winner: u8, from: Option<u8>, dealer: u8) -> WinSituation {
        WinSituation::plain(winner, Tile::new(0).expect("1m"), from, dealer, 1)
    }

    #[test]
    fn seats_become_seat_winds_counted_from_the_dealer() {
        let scored = scoring_situation(&situation(1, Some(3), 2));
        assert_eq!((scored.seat, scored.discarder), (3, Some(1)));
        assert_eq!((scored.source, scored.round_wind), (WinSource::Discard, 1));
    }

    #[test]
    fn only_a_self_drawn_replacement_is_a_kong_bloom_and_names_its_feeder() {
        let bloom = WinSituation {
            kong_replacement: true,
            kong_feeder: Some(0),
            ..situation(2, None, 1)
        };
        let scored = scoring_situation(&bloom);
        assert_eq!((scored.kong_bloom, scored.kong_fed_by), (true, Some(3)));
        let robbed = WinSituation {
            robbing_kong: true,
            ..situation(2, Some(0), 1)
        };
        let scored = scoring_situation(&robbed);
        assert_eq!(
            (scored.source, scored.kong_bloom),
            (WinSource::RobbedKong, false)
        );
    }
}
