//! The compiled ruleset: fan values, the cap, the minimum, the floor and the options of one table, built
//! once from the ruleset file (validated in Python, checked again here) and shared by every scoring call.

use crate::error::{EngineError, Result};
use crate::hand::Hand;
use crate::rules::document::{Document, Value};
use crate::rules::guangdong::{Extra, FloorEvent, Pattern};
use crate::rules::reading::Shapes;
use crate::table::twelve_tiles::TwelveTiles;
use crate::tile::Counts;

/// Fans above this would overflow the 2^fan points of a payment.
pub const MAX_FAN: u8 = 30;

/// A pattern row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternValue {
    pub fan: u8,
    /// A 特殊牌型: breaks the cap at its own value and takes no extras.
    pub special: bool,
    /// Position in the table: on equal fan the row listed first is chosen.
    pub rank: u8,
}

/// Which of RULES.md §2.6's liability triggers apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Liabilities {
    pub kong_bloom: bool,
    pub robbing_kong: bool,
    pub twelve_tiles: bool,
    /// How 十二张落地 is counted (OC-14); the table counts the same (`TableRules::twelve_tiles`).
    pub twelve_tiles_count: TwelveTiles,
    pub big_hand: bool,
}

/// The table's OPEN CHOICE options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// OC-8: a robbed kong scores 自摸.
    pub robbing_kong_is_self_draw: bool,
    /// OC-11: a pung of the wind that is both seat and round wind scores 门风 and 圈风.
    pub seat_round_wind_stack: bool,
    /// OC-21: 人和 is paid by the dealer alone.
    pub human_hand_paid_by_dealer: bool,
    /// OC-18: 全铳, the discarder of a discard win pays what the three would pay on a self-draw (else one
    /// share, the QQ formula's P = 1).
    pub discarder_pays_three: bool,
    /// OC-19: what a payment to or from the dealer is multiplied by (1: none, the default; 2: ×2, as 老章).
    pub dealer_factor: u8,
    /// What a winning hand must be (RULES.md §7.3's unnamed variant; all off at the shipped Guangdong tables).
    pub winning_hand: WinningHand,
}

/// Restrictions on a winning hand beyond its shape (RULES.md §7.3): each false by default, none restricting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinningHand {
    /// 不能闭门和: a win needs a claimed meld (a concealed kong is not one).
    pub must_meld: bool,
    /// 缺门不能和: the hand (melds and winning tile included) holds all three suits.
    pub three_suits: bool,
    /// No 四归一: a hand holding all four of a kind wins only with them declared as a kong.
    pub no_four_in_hand: bool,
}

impl WinningHand {
    /// Whether `hand` with every tile `tiles` (the winning one included) may win under these restrictions.
    pub fn allows(&self, hand: &Hand, tiles: &Counts) -> bool {
        if self.must_meld && !hand.melds.iter().any(|m| m.kind.is_claimed()) {
            return false;
        }
        if self.three_suits
            && (0..3).any(|suit| tiles[9 * suit..9 * suit + 9].iter().all(|&n| n == 0))
        {
            return false;
        }
        let kong_of = |kind: usize| {
            hand.melds
                .iter()
                .any(|m| m.kind.is_kong() && usize::from(m.tile.index()) == kind)
        };
        !(self.no_four_in_hand && (0..tiles.len()).any(|kind| tiles[kind] == 4 && !kong_of(kind)))
    }
}

/// The dealer multiplier's range (老章's too).
pub const MAX_DEALER_FACTOR: u8 = 16;

/// The minimum-fan floor after some win events (QQ: 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Floor {
    pub fan: u8,
    events: u8,
}

impl Floor {
    pub fn applies_to(&self, event: FloorEvent) -> bool {
        self.events & (1 << event as u8) != 0
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruleset {
    pub name: String,
    pub cap: u8,
    /// 起和: the least final fan a legal win needs.
    pub minimum: u8,
    pub shapes: Shapes,
    patterns: [Option<PatternValue>; Pattern::COUNT],
    extras: [Option<u8>; Extra::COUNT],
    pub floor: Floor,
    pub liabilities: Liabilities,
    pub options: Options,
}

/// Everything a ruleset is built from, with patterns and extras named by their keys.
#[derive(Clone, Debug)]
pub struct RulesetSpec<'a> {
    pub name: &'a str,
    pub cap: u8,
    pub minimum: u8,
    pub shapes: Shapes,
    /// (key, fan, special), in table order.
    pub patterns: &'a [(&'a str, u8, bool)],
    pub extras: &'a [(&'a str, u8)],
    pub floor_fan: u8,
    pub floor_events: &'a [&'a str],
    pub liabilities: Liabilities,
    pub options: Options,
}

impl Ruleset {
    /// Compiles the normalised document: `limits.cap`, `limits.minimum`, `shapes.*`, each
    /// `patterns.<key>` = [fan, special] in table order, each `extras.<key>` = fan, `floor.fan`,
    /// `floor.events`, `liabilities.*` and the `options.*` the scorer reads.
    pub fn compile(doc: &Document) -> Result<Ruleset> {
        let patterns = doc
            .section("patterns")
            .map(|(key, value)| match value {
                Value::List(row) if row.len() == 2 => {
                    let at = format!("patterns.{key}");
                    let special = match &row[1] {
                        Value::Flag(flag) => *flag,
                        _ => {
                            return Err(EngineError::ruleset(format!(
                                "{at}: expected [fan, special]"
                            )))
                        }
                    };
                    Ok((key, doc.int_of(&at, &row[0])?, special))
                }
                _ => Err(EngineError::ruleset(format!(
                    "patterns.{key}: expected [fan, special]"
                ))),
            })
            .collect::<Result<Vec<(&str, u8, bool)>>>()?;
        let extras = doc
            .section("extras")
            .map(|(key, value)| Ok((key, doc.int_of(&format!("extras.{key}"), value)?)))
            .collect::<Result<Vec<(&str, u8)>>>()?;
        let floor_events = doc.texts("floor.events")?;
        Ruleset::new(&RulesetSpec {
            name: &doc.name,
            cap: doc.int("limits.cap")?,
            minimum: doc.int("limits.minimum")?,
            shapes: Shapes {
                seven_pairs: doc.flag("shapes.seven_pairs")?,
                seven_pairs_quads: doc.flag("shapes.seven_pairs_quads")?,
                thirteen_orphans: doc.flag("shapes.thirteen_orphans")?,
            },
            patterns: &patterns,
            extras: &extras,
            floor_fan: doc.int("floor.fan")?,
            floor_events: &floor_events,
            liabilities: Liabilities {
                kong_bloom: doc.flag("liabilities.kong_bloom")?,
                robbing_kong: doc.flag("liabilities.robbing_kong")?,
                twelve_tiles: doc.flag("liabilities.twelve_tiles")?,
                twelve_tiles_count: doc.choice(
                    "liabilities.twelve_tiles_count",
                    &[
                        ("claimed_melds", TwelveTiles::ClaimedMelds),
                        ("exposed_tiles", TwelveTiles::ExposedTiles),
                    ],
                )?,
                big_hand: doc.flag("liabilities.big_hand")?,
            },
            options: Options {
                robbing_kong_is_self_draw: doc.flag("options.robbing_kong_is_self_draw")?,
                seat_round_wind_stack: doc.flag("options.seat_round_wind_stack")?,
                human_hand_paid_by_dealer: doc.flag("options.human_hand_paid_by_dealer")?,
                discarder_pays_three: doc
                    .choice("options.discarder_pays", &[("one", false), ("three", true)])?,
                dealer_factor: doc.int("options.dealer_factor")?,
                winning_hand: WinningHand {
                    must_meld: doc.flag("forms.must_meld")?,
                    three_suits: doc.flag("forms.three_suits")?,
                    no_four_in_hand: !doc.flag("forms.four_in_hand")?,
                },
            },
        })
    }

    /// Builds the ruleset, rejecting unknown or repeated keys and out-of-range values.
    pub fn new(spec: &RulesetSpec<'_>) -> Result<Ruleset> {
        check_fan("limits.cap", spec.cap)?;
        check_fan("limits.minimum", spec.minimum)?;
        check_fan("floor.fan", spec.floor_fan)?;
        if !(1..=MAX_DEALER_FACTOR).contains(&spec.options.dealer_factor) {
            return Err(EngineError::ruleset(format!(
                "options.dealer_factor: expected an int 1..{MAX_DEALER_FACTOR}, got {}",
                spec.options.dealer_factor
            )));
        }
        let mut patterns = [None; Pattern::COUNT];
        for (rank, &(key, fan, special)) in spec.patterns.iter().enumerate() {
            let pattern = Pattern::from_key(key).ok_or_else(|| {
                EngineError::ruleset(format!("patterns.{key}: unknown pattern key"))
            })?;
            check_fan(&format!("patterns.{key}.fan"), fan)?;
            let slot = &mut patterns[pattern as usize];
            if slot.is_some() {
                return Err(EngineError::ruleset(format!(
                    "patterns.{key}: listed twice"
                )));
            }
            let rank =
                u8::try_from(rank).map_err(|_| EngineError::ruleset("patterns: too many rows"))?;
            *slot = Some(PatternValue { fan, special, rank });
        }
        if patterns[Pattern::JiHu as usize].is_none() {
            return Err(EngineError::ruleset(
                "patterns.ji_hu: missing (every winning hand is at least a chicken hand)",
            ));
        }
        let mut extras = [None; Extra::COUNT];
        for &(key, fan) in spec.extras {
            let extra = Extra::from_key(key)
                .ok_or_else(|| EngineError::ruleset(format!("extras.{key}: unknown extra key")))?;
            check_fan(&format!("extras.{key}.fan"), fan)?;
            extras[extra as usize] = Some(fan);
        }
        let mut events = 0u8;
        for &key in spec.floor_events {
            let event = FloorEvent::from_key(key).ok_or_else(|| {
                EngineError::ruleset(format!("floor.events: unknown event {key:?}"))
            })?;
            events |= 1 << event as u8;
        }
        Ok(Ruleset {
            name: spec.name.to_owned(),
            cap: spec.cap,
            minimum: spec.minimum,
            shapes: spec.shapes,
            patterns,
            extras,
            floor: Floor {
                fan: spec.floor_fan,
                events,
            },
            liabilities: spec.liabilities,
            options: spec.options,
        })
    }

    /// The table row of `pattern`, or None when this table does not score it.
    pub fn pattern(&self, pattern: Pattern) -> Option<PatternValue> {
        self.patterns[pattern as usize]
    }

    /// The fan of one occurrence of `extra`, or None when this table has no such extra.
    pub fn extra(&self, extra: Extra) -> Option<u8> {
        self.extras[extra as usize]
    }
}

fn check_fan(path: &str, fan: u8) -> Result<()> {
    if fan > MAX_FAN {
        return Err(EngineError::ruleset(format!(
            "{path}: expected an int 0..{MAX_FAN}, got {fan}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec<'a>(
        patterns: &'a [(&'a str, u8, bool)],
        floor_events: &'a [&'a str],
    ) -> RulesetSpec<'a> {
        RulesetSpec {
            name: "test",
            cap: 5,
            minimum: 0,
            shapes: Shapes::default(),
            patterns,
            extras: &[("zi_mo", 1)],
            floor_fan: 0,
            floor_events,
            liabilities: Liabilities::default(),
            options: Options {
                robbing_kong_is_self_draw: true,
                seat_round_wind_stack: true,
                human_hand_paid_by_dealer: true,
                discarder_pays_three: false,
                dealer_factor: 1,
                winning_hand: Default::default(),
            },
        }
    }

    fn error(spec: &RulesetSpec<'_>) -> String {
        Ruleset::new(spec).expect_err("invalid spec").to_string()
    }

    #[test]
    fn builds_and_looks_up_rows() {
        let rules = Ruleset::new(&spec(
            &[("ji_hu", 0, false), ("da_si_xi", 9, true)],
            &["kong_bloom"],
        ))
        .expect("valid spec");
        assert_eq!(
            rules.pattern(Pattern::DaSiXi),
            Some(PatternValue {
                fan: 9,
                special: true,
                rank: 1
            })
        );
        assert_eq!(rules.pattern(Pattern::QiDui), None);
        assert_eq!(
            (rules.extra(Extra::ZiMo), rules.extra(Extra::HaiDi)),
            (Some(1), None)
        );
        assert!(rules.floor.applies_to(FloorEvent::KongBloom));
        assert!(!rules.floor.applies_to(FloorEvent::LastTile));
    }

    #[test]
    fn rejects_bad_rows_naming_them() {
        assert!(
            error(&spec(&[("ji_hu", 0, false), ("nope", 1, false)], &[])).contains("patterns.nope")
        );
        assert!(error(&spec(&[("ji_hu", 0, false), ("ji_hu", 1, false)], &[])).contains("twice"));
        assert!(error(&spec(&[("ji_hu", 31, false)], &[])).contains("patterns.ji_hu.fan"));
        assert!(error(&spec(&[("ping_hu", 1, false)], &[])).contains("patterns.ji_hu: missing"));
        assert!(error(&spec(&[("ji_hu", 0, false)], &["rain"])).contains("floor.events"));
        let mut no_factor = spec(&[("ji_hu", 0, false)], &[]);
        no_factor.options.dealer_factor = 0;
        assert!(error(&no_factor).contains("options.dealer_factor"));
    }
}

#[cfg(test)]
mod winning_hand_tests {
    use super::*;
    use crate::hand::{Meld, MeldKind};
    use crate::notation::parse_hand_unchecked;
    use crate::tile::Tile;

    fn allows(rules: WinningHand, text: &str, melds: &[Meld]) -> bool {
        let hand = Hand {
            melds: melds.to_vec(),
            ..parse_hand_unchecked(text).expect("a hand")
        };
        rules.allows(&hand, &hand.all_tiles())
    }

    /// RULES.md §7.3: 不能闭门和, all three suits, no 四归一; none of them restricts by default.
    #[test]
    fn each_restriction_refuses_its_hand_and_the_default_none() {
        let chi = Meld {
            from_offset: Some(3),
            ..Meld::new(MeldKind::Chi, Tile::new(12).unwrap())
        };
        let closed = "123m456p789s234m55s";
        assert!(allows(WinningHand::default(), closed, &[]));
        let must_meld = WinningHand {
            must_meld: true,
            ..WinningHand::default()
        };
        assert!(!allows(must_meld, closed, &[]));
        assert!(allows(must_meld, "123m789s234m55s", &[chi]));
        let concealed = Meld::new(MeldKind::ConcealedKong, Tile::new(0).unwrap());
        assert!(!allows(must_meld, "789s234m55s123p", &[concealed]));
        let three_suits = WinningHand {
            three_suits: true,
            ..WinningHand::default()
        };
        assert!(!allows(three_suits, "123m789m234m55m", &[chi]));
        assert!(allows(three_suits, "123m789s234m55m", &[chi]));
        let no_four = WinningHand {
            no_four_in_hand: true,
            ..WinningHand::default()
        };
        assert!(!allows(no_four, "1111m23m789s55s", &[chi]));
        assert!(allows(no_four, "234m789s55s", &[chi, concealed]));
    }
}
