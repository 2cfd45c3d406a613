//! A compiled Taiwan ruleset: the 台 values and the options scoring reads.

use super::tai::TAI_COUNT;
use crate::error::{EngineError, Result};
use crate::rules::document::Document;
use crate::rules::regional::OptionParts;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EyeFee {
    Tai,
    Base,
    BasePlusTai,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaiwanTable {
    pub name: String,
    pub values: [u16; TAI_COUNT],
    /// OC-T1 "association": 竹 West, 菊 North.
    pub association_flowers: bool,
    pub eye_fee: EyeFee,
    /// OC-T10 "all_chows".
    pub ping_hu_all_chows: bool,
    pub half_seeker: bool,
    pub full_seeker_single_wait: bool,
    /// 眼牌 may be declared (OC-T5), read by the table only.
    pub eye: bool,
    /// The table's options (read by table play only): seat winds and flower seats counted from the game's first
    /// dealer (OC-T2 "first_dealer"), a locked 眼牌 hand's wait-keeping kongs (OC-T5 "wait_preserving"), the
    /// abortive draws (OC-T15) and the 食替 ban (OC-T17).
    pub first_dealer_winds: bool,
    pub eye_kongs: bool,
    pub abortive_draws: bool,
    pub no_swap_discard: bool,
    pub minimum_tai: u16,
    /// 0 for none.
    pub cap: u16,
    pub base: i64,
    pub tai_value: i64,
}

impl TaiwanTable {
    /// Compiles the normalised document: each `tai.<key>` row in the engine's order and the `options.*` the
    /// scorer and the table read, choices by name.
    pub fn compile(doc: &Document) -> Result<Self> {
        const CHOICES: [(&str, &[&str]); 5] = [
            ("flower_seats", &["by_name", "association"]),
            ("eye_fee", &["tai", "base", "base_plus_tai"]),
            ("ping_hu", &["strict", "all_chows"]),
            ("seat_wind_from", &["current_dealer", "first_dealer"]),
            ("eye_kongs", &["none", "wait_preserving"]),
        ];
        const FLAGS: [&str; 5] = [
            "half_seeker",
            "full_seeker_single_wait",
            "eye",
            "abortive_draws",
            "no_swap_discard",
        ];
        const INTS: [&str; 4] = ["minimum_tai", "cap", "base", "tai_value"];
        let parts = OptionParts::read(doc, &CHOICES, &FLAGS, &INTS)?;
        let values: Vec<u16> = doc.rows("tai", &super::tai::KEYS)?;
        Self::from_parts(
            &doc.name,
            &values,
            &parts.choices,
            &parts.flags,
            &parts.ints,
        )
    }

    /// From the rows' values and the options in the order [`TaiwanTable::compile`] reads them by name.
    pub fn from_parts(
        name: &str,
        values: &[u16],
        choices: &[u8],
        flags: &[bool],
        ints: &[u32],
    ) -> Result<Self> {
        let values: [u16; TAI_COUNT] = values.try_into().map_err(|_| {
            EngineError::ruleset(format!(
                "a Taiwan table has {TAI_COUNT} 台 rows, not {}",
                values.len()
            ))
        })?;
        let (
            &[flowers, fee, ping_hu, seat_winds, eye_kongs],
            &[half_seeker, full_seeker_single_wait, eye, abortive_draws, no_swap_discard],
            &[minimum, cap, base, tai_value],
        ) = (choices, flags, ints)
        else {
            return Err(EngineError::ruleset(
                "Taiwan options: expected 5 choices, 5 flags and 4 ints",
            ));
        };
        let eye_fee = match fee {
            0 => EyeFee::Tai,
            1 => EyeFee::Base,
            2 => EyeFee::BasePlusTai,
            _ => return Err(EngineError::ruleset("eye_fee: choice out of range")),
        };
        if flowers > 1
            || ping_hu > 1
            || seat_winds > 1
            || eye_kongs > 1
            || minimum > 1
            || cap > 1000
            || base > 1_000_000
            || tai_value > 1_000_000
            || values.iter().any(|&v| v > 64)
        {
            return Err(EngineError::ruleset(
                "Taiwan options or 台 values out of range",
            ));
        }
        Ok(TaiwanTable {
            name: name.to_owned(),
            values,
            association_flowers: flowers == 1,
            eye_fee,
            ping_hu_all_chows: ping_hu == 1,
            half_seeker,
            full_seeker_single_wait,
            eye,
            first_dealer_winds: seat_winds == 1,
            eye_kongs: eye_kongs == 1,
            abortive_draws,
            no_swap_discard,
            minimum_tai: minimum as u16,
            cap: cap as u16,
            base: i64::from(base),
            tai_value: i64::from(tai_value),
        })
    }

    pub fn value(&self, tai: super::Tai) -> u16 {
        self.values[tai as usize]
    }
}
