//! A compiled folk ruleset: the row values in file order and the options as ints (a choice as its index),
//! in the order `mjcore.folk.ruleset` sends them (validated there; checked again here so no bad file panics).

use super::points::{Arithmetic, Points};
use crate::error::{EngineError, Result};
use crate::rules::document::{Document, Value};

pub const GD789_HANDS: [&str; 5] = ["ji_hu", "za_se", "qing_yi_se", "da_ge", "shi_san_yao"];
pub const LAOZHANG_FANS: [&str; 13] = [
    "ji_hu",
    "men_qing",
    "ping_hu",
    "duan_yao",
    "que_men",
    "jiang",
    "jiu_zi_lian_huan",
    "qing_peng",
    "quan_fan",
    "quan_yao",
    "quan_qiu_ren",
    "yi_ban_gao",
    "shuang_long_bao",
];
/// The most fan a 老章 win is paid on (base × 2^fan × the dealer factor stays in 64-bit money).
pub const MAX_FAN: i64 = 40;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Gd789,
    Laozhang,
}

/// What 大哥 means at a 789 table (OC-36); `Undefined` keeps it off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DaGe {
    Undefined,
    PengPengHu,
    ZiYiSe,
    DaSanYuanSiXi,
}

#[derive(Clone, Debug)]
pub struct FolkRules {
    pub name: String,
    pub family: Family,
    /// Row values in file order: 789 multiples, 老章 fan.
    pub values: Vec<i64>,
    pub flower_stake: i64,
    pub kong_stake: i64,
    /// 789: the smallest hand's stake; 老章: the base.
    pub stake: i64,
    pub all_pay_discard: bool,
    pub da_ge: DaGe,
    pub dealer_factor: i64,
    /// 0: no cap.
    pub cap: i64,
    /// 789 买马 at the table: the horses each buying seat buys (0: none).
    pub horses_per_seat: u8,
    /// 789: the seats that buy horses (bit s = seat s; "有些玩家买马": a seat not buying has no horse).
    pub horse_buyers: u8,
    /// 789: a horse mirrors the winner's flower money as well as the hand (`horse_mirrors =
    /// "hand_and_flowers"`).
    pub horses_mirror_flowers: bool,
    /// 老章's 数胡尾 (`loser_settlement = "hu_tail"`): after a discard win the losers settle their hands' 胡数,
    /// `hu_tail_unit` a 胡 (`hu_tail.rs`).
    pub hu_tail: bool,
    pub hu_tail_unit: i64,
    /// 老章: how a win's money is counted, and the point values of `PointsThenFan`.
    pub arithmetic: Arithmetic,
    pub points: Points,
}

/// 老章's point values (`points_then_fan`): a win's points, a pung's, and each factor.
pub const MOST_WIN_POINTS: i64 = 1000;
pub const MOST_PUNG_POINTS: i64 = 100;
pub const MOST_POINT_FACTOR: i64 = 8;

/// The most a 胡 of 数胡尾 may be worth: with the most points a hand counts, well within 64-bit money.
pub const MOST_HU_TAIL_UNIT: i64 = 1_000_000;

/// The most horses a 789 seat may buy: four seats' horses and the deal (4 × 13 + 1) fit in the 136 playing
/// tiles (the flowers are replaced).
pub const MOST_HORSES_PER_SEAT: i64 = 20;

/// A list of distinct seats 0..3 as bits (bit s = seat s).
fn seat_bits(doc: &Document, key: &str) -> Result<u8> {
    let Value::List(seats) = doc.get(key)? else {
        return Err(bad(&format!("{key}: a list of seats 0..3")));
    };
    let mut bits = 0u8;
    for seat in seats {
        let seat: u8 = doc.int_of(key, seat)?;
        if seat > 3 || bits & (1 << seat) != 0 {
            return Err(bad(&format!("{key}: distinct seats 0..3")));
        }
        bits |= 1 << seat;
    }
    Ok(bits)
}

fn bad(what: &str) -> EngineError {
    EngineError::ruleset(format!("folk ruleset: {what}"))
}

impl FolkRules {
    /// Compiles the normalised document of family `gd789` or `laozhang`: its rows (`hands.*` at 789,
    /// `fans.*` at 老章) in the engine's order, and its `options.*`, a choice as its index among the names.
    pub fn compile(doc: &Document) -> Result<FolkRules> {
        let family = doc.family.as_str();
        let payers = [("discarder", 0), ("all", 1)];
        let option = |name: &str| doc.int::<i64>(&format!("options.{name}"));
        let (values, options) = match family {
            "gd789" => {
                let definitions = [
                    ("undefined", 0),
                    ("peng_peng_hu", 1),
                    ("zi_yi_se", 2),
                    ("da_san_yuan_si_xi", 3),
                ];
                let options = vec![
                    option("flower_stake")?,
                    option("kong_stake")?,
                    option("hand_stake")?,
                    doc.choice("options.discard_payers", &payers)?,
                    doc.choice("options.da_ge_definition", &definitions)?,
                    i64::from(doc.flag("options.da_ge_enabled")?),
                    option("horses_per_seat")?,
                ];
                (doc.rows("hands", &GD789_HANDS)?, options)
            }
            "laozhang" => {
                let arithmetics = [("doubling", 0), ("points_then_fan", 1)];
                let options = vec![
                    option("base")?,
                    option("dealer_factor")?,
                    doc.choice("options.discard_payers", &payers)?,
                    option("cap")?,
                    doc.choice("options.arithmetic", &arithmetics)?,
                    option("win_points")?,
                    option("pung_points")?,
                    option("yao_factor")?,
                    option("concealed_factor")?,
                    option("kong_factor")?,
                    option("eye_points")?,
                ];
                (doc.rows("fans", &LAOZHANG_FANS)?, options)
            }
            other => return Err(bad(&format!("{other:?} is not a folk family"))),
        };
        let mut rules = FolkRules::new(&doc.name, family, &values, &options)?;
        if rules.family == Family::Gd789 {
            rules.horse_buyers = seat_bits(doc, "options.horse_buyers")?;
            let mirrors = [("hand", false), ("hand_and_flowers", true)];
            rules.horses_mirror_flowers = doc.choice("options.horse_mirrors", &mirrors)?;
        } else {
            let settlements = [("none", false), ("hu_tail", true)];
            rules.hu_tail = doc.choice("options.loser_settlement", &settlements)?;
            rules.hu_tail_unit = doc.int("options.hu_tail_unit")?;
            if !(0..=MOST_HU_TAIL_UNIT).contains(&rules.hu_tail_unit) {
                return Err(bad(&format!("hu_tail_unit: 0..{MOST_HU_TAIL_UNIT}")));
            }
        }
        Ok(rules)
    }

    /// The horses a 789 win turns: `horses_per_seat` for each buying seat.
    pub fn horse_count(&self) -> usize {
        self.horse_buyers.count_ones() as usize * usize::from(self.horses_per_seat)
    }

    /// `options`: 789 (flower_stake, kong_stake, hand_stake, discard_payers, da_ge_definition, da_ge_enabled,
    /// horses_per_seat);
    /// 老章 (base, dealer_factor, discard_payers, cap, arithmetic, win_points, pung_points, yao_factor,
    /// concealed_factor, kong_factor, eye_points).
    pub fn new(name: &str, family: &str, values: &[i64], options: &[i64]) -> Result<FolkRules> {
        let (family, rows, count) = match family {
            "gd789" => (Family::Gd789, GD789_HANDS.len(), 7),
            "laozhang" => (Family::Laozhang, LAOZHANG_FANS.len(), 11),
            _ => return Err(bad(&format!("{family:?} is not a folk family"))),
        };
        if values.len() != rows || options.len() != count {
            return Err(bad("wrong number of rows or options"));
        }
        if values.iter().any(|&v| !(0..=1_000_000).contains(&v))
            || options.iter().any(|&v| !(0..=1_000_000).contains(&v))
        {
            return Err(bad("a value out of range"));
        }
        let mut rules = FolkRules {
            name: name.to_string(),
            family,
            values: values.to_vec(),
            flower_stake: 0,
            kong_stake: 0,
            stake: 1,
            all_pay_discard: false,
            da_ge: DaGe::Undefined,
            dealer_factor: 1,
            cap: 0,
            horses_per_seat: 0,
            horse_buyers: 0b1111,
            horses_mirror_flowers: false,
            hu_tail: false,
            hu_tail_unit: 0,
            arithmetic: Arithmetic::Doubling,
            points: Points {
                win: 0,
                pung: 0,
                yao_factor: 1,
                concealed_factor: 1,
                kong_factor: 1,
                eye: 0,
            },
        };
        match family {
            Family::Gd789 => {
                rules.flower_stake = options[0];
                rules.kong_stake = options[1];
                if options[2] < 1 {
                    return Err(bad("hand_stake below 1"));
                }
                rules.stake = options[2];
                rules.all_pay_discard = options[3] == 1;
                let defined = [
                    DaGe::Undefined,
                    DaGe::PengPengHu,
                    DaGe::ZiYiSe,
                    DaGe::DaSanYuanSiXi,
                ];
                let definition = *defined
                    .get(options[4] as usize)
                    .ok_or_else(|| bad("da_ge_definition"))?;
                if options[5] == 1 && definition == DaGe::Undefined {
                    return Err(bad("大哥 enabled without a definition (OC-36)"));
                }
                rules.da_ge = if options[5] == 1 {
                    definition
                } else {
                    DaGe::Undefined
                };
                if options[6] > MOST_HORSES_PER_SEAT {
                    return Err(bad(&format!(
                        "horses_per_seat: at most {MOST_HORSES_PER_SEAT} (four seats' horses and the deal fit in the wall)"
                    )));
                }
                rules.horses_per_seat = options[6] as u8;
            }
            Family::Laozhang => {
                if options[0] < 1 || !(1..=16).contains(&options[1]) {
                    return Err(bad("base below 1 or dealer_factor outside 1..16"));
                }
                rules.stake = options[0];
                rules.dealer_factor = options[1];
                rules.all_pay_discard = options[2] == 1;
                rules.cap = options[3];
                let reach = values[0].max(values[1..].iter().sum());
                if reach > MAX_FAN || rules.cap > MAX_FAN {
                    return Err(bad("a win could reach more than 40 fan"));
                }
                rules.arithmetic = match options[4] {
                    0 => Arithmetic::Doubling,
                    1 => Arithmetic::PointsThenFan,
                    _ => return Err(bad("arithmetic")),
                };
                let [win, pung, yao_factor, concealed_factor, kong_factor, eye] = [
                    options[5],
                    options[6],
                    options[7],
                    options[8],
                    options[9],
                    options[10],
                ];
                if win > MOST_WIN_POINTS
                    || pung > MOST_PUNG_POINTS
                    || eye > MOST_PUNG_POINTS
                    || [yao_factor, concealed_factor, kong_factor]
                        .iter()
                        .any(|f| !(1..=MOST_POINT_FACTOR).contains(f))
                {
                    return Err(bad(&format!(
                        "win_points 0..{MOST_WIN_POINTS}, pung_points and eye_points 0..{MOST_PUNG_POINTS}, \
                         the factors 1..{MOST_POINT_FACTOR}"
                    )));
                }
                rules.points = Points {
                    win,
                    pung,
                    yao_factor,
                    concealed_factor,
                    kong_factor,
                    eye,
                };
                if rules.arithmetic == Arithmetic::PointsThenFan {
                    let fan = if rules.cap > 0 {
                        reach.min(rules.cap)
                    } else {
                        reach
                    };
                    // three payers, the dealer's share × the dealer factor: within 64-bit money
                    let most = (i128::from(rules.stake)
                        * i128::from(rules.points.most())
                        * i128::from(rules.dealer_factor)
                        * 3)
                        << fan;
                    if most > i128::from(i64::MAX) {
                        return Err(bad(
                            "base × the most points × 2^fan × dealer_factor overflows 64-bit money",
                        ));
                    }
                }
            }
        }
        Ok(rules)
    }
}
