//! A compiled Sichuan ruleset: the fan values and the options scoring and settlement read.

use super::fan::{Fan, FAN_COUNT};

/// The most fan a win may reach: 底 × 2^fan stays within 64-bit money (`MAX_FAN` of the Python schema).
pub const MAX_FAN: u16 = 40;
use crate::error::{EngineError, Result};
use crate::rules::document::Document;
use crate::rules::regional::OptionParts;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelfDrawBonus {
    Fan,
    Base,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeavenEarth {
    Cap,
    Fixed,
    Off,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transfer {
    Kong,
    All,
    Off,
}

/// Who deals the next deal of a game (OC-S16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextDealer {
    /// The deal's first winner; after a first win of several on one discard, its discarder; no winner: the
    /// dealer stays.
    FirstWinner,
    /// The deal always passes to the 下家.
    Rotate,
    /// The winner of the deal's last win (no winner: the dealer stays).
    LastWinner,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlowerPig {
    Cap,
    CapAndWinners,
    /// E1: a fixed 16 底.
    Sixteen,
    /// E8: a fixed 48 底 (its "48 points").
    FortyEight,
}

impl FlowerPig {
    /// What a 花猪 pays each receiver, in 底: a fixed amount, or None for 底 × 2^cap.
    pub const fn fixed(self) -> Option<i64> {
        match self {
            FlowerPig::Sixteen => Some(16),
            FlowerPig::FortyEight => Some(48),
            FlowerPig::Cap | FlowerPig::CapAndWinners => None,
        }
    }
}

/// The options, named as in the file (see `rulesets/sichuan.toml` for each OC number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SichuanTable {
    pub name: String,
    pub values: [u16; FAN_COUNT],
    pub xueliu: bool,
    pub self_draw_bonus: SelfDrawBonus,
    pub heaven_earth: HeavenEarth,
    /// 点杠花 当点炮 (OC-S9).
    pub fed_bloom_as_discard: bool,
    pub call_transfer: Transfer,
    pub transfer_split: bool,
    pub refund_still_in_only: bool,
    pub flower_pig: FlowerPig,
    pub ready_check_self_draw: bool,
    pub void_suit: bool,
    pub dai_yao_jiu: bool,
    pub jiang_dui: bool,
    pub jiang_qi_dui: bool,
    pub men_qing: bool,
    pub zhong_zhang: bool,
    pub hai_di_pao: bool,
    pub returned_kong_pays: bool,
    pub dead_wait_counts: bool,
    pub void_discards_exempt: bool,
    pub check_fourth: bool,
    /// 必须打缺 (OC-S3), read by the table only.
    pub must_discard_void: bool,
    /// 换三张 (OC-S1): the tiles each seat passes (0: off), read by the table only.
    pub swap_tiles: u8,
    /// OC-S16, read by the table (a game) only.
    pub next_dealer: NextDealer,
    /// OC-S7 (table): 地胡 is a win on the dealer's first discard (E1), not a non-dealer's first self-draw.
    pub earthly_on_first_discard: bool,
    /// OC-S7 (table): the dealer's 暗杠 before its first discard keeps 天胡 possible.
    pub heavenly_after_kong: bool,
    /// OC-S22 (table): after a discard win play resumes after the discarder, not the (farthest) winner.
    pub resume_after_discarder: bool,
    /// OC-S17 (table): a 血流成河 winner's hand is locked (false: it plays on freely).
    pub locked_after_win: bool,
    /// OC-S21 (table): a kong may be declared with the wall empty.
    pub kong_on_empty_wall: bool,
    /// 0 for none.
    pub cap: u16,
    pub direct_kong: i64,
    pub added_kong: i64,
    pub concealed_kong: i64,
    pub minimum_fan: u16,
    pub base: i64,
}

fn pick<T: Copy>(options: &[T], code: u8, what: &str) -> Result<T> {
    options
        .get(code as usize)
        .copied()
        .ok_or_else(|| EngineError::ruleset(format!("{what}: choice {code} out of range")))
}

impl SichuanTable {
    /// Compiles the normalised document: each `fans.<key>` row in the engine's order and the `options.*` the
    /// scorer and the table read, choices by name.
    pub fn compile(doc: &Document) -> Result<Self> {
        const CHOICES: [(&str, &[&str]); 14] = [
            ("mode", &["xuezhan", "xueliu"]),
            ("self_draw_bonus", &["fan", "base", "none"]),
            ("heaven_earth", &["cap", "fixed", "off"]),
            ("fed_kong_bloom", &["self_draw", "discard"]),
            ("call_transfer", &["kong", "all", "off"]),
            ("call_transfer_shared", &["none", "split"]),
            ("refund_to", &["all", "still_in"]),
            (
                "flower_pig",
                &["cap", "cap_and_winners", "sixteen", "forty_eight"],
            ),
            ("ready_check_basis", &["discard", "self_draw"]),
            ("swap_three", &["off", "three", "four"]),
            ("next_dealer", &["first_winner", "rotate", "last_winner"]),
            ("earthly_hand", &["first_draw", "first_discard"]),
            ("heavenly_after_kong", &["void", "allowed"]),
            ("resume_after", &["winner", "discarder"]),
        ];
        const FLAGS: [&str; 14] = [
            "void_suit",
            "dai_yao_jiu",
            "jiang_dui",
            "jiang_qi_dui",
            "men_qing",
            "zhong_zhang",
            "hai_di_pao",
            "returned_kong_pays",
            "dead_wait_counts",
            "void_discards_exempt",
            "check_fourth",
            "must_discard_void",
            "locked_after_win",
            "kong_on_empty_wall",
        ];
        const INTS: [&str; 6] = [
            "cap",
            "direct_kong",
            "added_kong",
            "concealed_kong",
            "minimum_fan",
            "base",
        ];
        let parts = OptionParts::read(doc, &CHOICES, &FLAGS, &INTS)?;
        let values: Vec<u16> = doc.rows("fans", &super::fan::KEYS)?;
        Self::from_parts(
            &doc.name,
            &values,
            &parts.choices,
            &parts.flags,
            &parts.ints,
        )
    }

    /// From the rows' values and the options in the order [`SichuanTable::compile`] reads them by name
    /// (choices, flags, ints), each checked.
    pub fn from_parts(
        name: &str,
        values: &[u16],
        choices: &[u8],
        flags: &[bool],
        ints: &[u32],
    ) -> Result<Self> {
        let values: [u16; FAN_COUNT] = values.try_into().map_err(|_| {
            EngineError::ruleset(format!(
                "a Sichuan table has {FAN_COUNT} fan rows, not {}",
                values.len()
            ))
        })?;
        let (
            &[mode, bonus, heaven, fed, transfer, shared, refund, pig, basis, swap, next_dealer, earthly, heavenly_kong, resume],
            &[void_suit, dai_yao_jiu, jiang_dui, jiang_qi_dui, men_qing, zhong_zhang, hai_di_pao, returned_kong_pays, dead_wait_counts, void_discards_exempt, check_fourth, must_discard_void, locked_after_win, kong_on_empty_wall],
            &[cap, direct, added, concealed, minimum, base],
        ) = (choices, flags, ints)
        else {
            return Err(EngineError::ruleset(
                "Sichuan options: expected 14 choices, 14 flags and 6 ints",
            ));
        };
        let shapes = values[..6].iter().max().copied().unwrap_or(0);
        let reach = shapes + values[6..18].iter().sum::<u16>() + 3 * values[Fan::Gen as usize];
        if cap > 16
            || base > 1_000_000
            || reach > MAX_FAN
            || values[18..].iter().any(|&v| v > MAX_FAN)
        {
            return Err(EngineError::ruleset(format!(
                "a Sichuan win could reach {reach} fan (at most {MAX_FAN}), or the cap or base is out of range"
            )));
        }
        Ok(SichuanTable {
            name: name.to_owned(),
            values,
            xueliu: pick(&[false, true], mode, "mode")?,
            self_draw_bonus: pick(
                &[SelfDrawBonus::Fan, SelfDrawBonus::Base, SelfDrawBonus::None],
                bonus,
                "self_draw_bonus",
            )?,
            heaven_earth: pick(
                &[HeavenEarth::Cap, HeavenEarth::Fixed, HeavenEarth::Off],
                heaven,
                "heaven_earth",
            )?,
            fed_bloom_as_discard: pick(&[false, true], fed, "fed_kong_bloom")?,
            call_transfer: pick(
                &[Transfer::Kong, Transfer::All, Transfer::Off],
                transfer,
                "call_transfer",
            )?,
            transfer_split: pick(&[false, true], shared, "call_transfer_shared")?,
            refund_still_in_only: pick(&[false, true], refund, "refund_to")?,
            flower_pig: pick(
                &[
                    FlowerPig::Cap,
                    FlowerPig::CapAndWinners,
                    FlowerPig::Sixteen,
                    FlowerPig::FortyEight,
                ],
                pig,
                "flower_pig",
            )?,
            ready_check_self_draw: pick(&[false, true], basis, "ready_check_basis")?,
            void_suit,
            dai_yao_jiu,
            jiang_dui,
            jiang_qi_dui,
            men_qing,
            zhong_zhang,
            hai_di_pao,
            returned_kong_pays,
            dead_wait_counts,
            void_discards_exempt,
            check_fourth,
            must_discard_void,
            swap_tiles: pick(&[0, 3, 4], swap, "swap_three")?,
            next_dealer: pick(
                &[
                    NextDealer::FirstWinner,
                    NextDealer::Rotate,
                    NextDealer::LastWinner,
                ],
                next_dealer,
                "next_dealer",
            )?,
            earthly_on_first_discard: pick(&[false, true], earthly, "earthly_hand")?,
            heavenly_after_kong: pick(&[false, true], heavenly_kong, "heavenly_after_kong")?,
            resume_after_discarder: pick(&[false, true], resume, "resume_after")?,
            locked_after_win,
            kong_on_empty_wall,
            cap: cap as u16,
            direct_kong: i64::from(direct),
            added_kong: i64::from(added),
            concealed_kong: i64::from(concealed),
            minimum_fan: minimum as u16,
            base: i64::from(base),
        })
    }

    pub fn value(&self, fan: Fan) -> u16 {
        self.values[fan as usize]
    }

    /// The fan paid on: capped (no cap when 0).
    pub fn paid_fan(&self, total: u16) -> u16 {
        if self.cap > 0 {
            total.min(self.cap)
        } else {
            total
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The defaults of `rulesets/sichuan.toml`.
    pub(crate) fn default_table() -> SichuanTable {
        let values = [0, 1, 2, 2, 3, 3, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5];
        let flags = [
            true, true, true, false, false, false, false, true, true, false, false, true, true,
            false,
        ];
        SichuanTable::from_parts("sichuan", &values, &[0; 14], &flags, &[4, 2, 1, 2, 0, 1])
            .expect("defaults")
    }

    #[test]
    fn refuses_a_table_whose_fan_would_overflow_money() {
        let mut values = [1u16; FAN_COUNT];
        values[Fan::Gen as usize] = 10;
        let flags = [false; 14];
        assert!(
            SichuanTable::from_parts("x", &values, &[0; 14], &flags, &[4, 2, 1, 2, 0, 1]).is_err()
        );
        assert!(
            SichuanTable::from_parts("x", &values[..5], &[0; 14], &flags, &[4, 2, 1, 2, 0, 1])
                .is_err()
        );
    }
}
