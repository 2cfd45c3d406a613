//! The compiled MCR fan table: each fan's value and the fans it excludes (不计), built once from
//! `rulesets/mcr.toml` (validated in Python, checked again here) and shared by every scoring call.

use super::fan::{Fan, FanCounts};
use crate::error::{EngineError, Result};
use crate::rules::document::{Document, Value};

/// A set of fans as bits, `1 << Fan as usize`.
type FanMask = u128;

/// One row of the table as the ruleset file gives it.
#[derive(Clone, Debug)]
pub struct FanRow<'a> {
    pub key: &'a str,
    pub value: u8,
    pub excludes: &'a [&'a str],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct McrTable {
    pub name: String,
    /// 8番起和: the least total, flowers not counted, a legal win needs.
    pub minimum: u16,
    /// pymahjonggb's ruling: one concealed and one melded kong score 明暗杠 instead of 明杠 + 暗杠.
    pub concealed_and_melded_kong: bool,
    values: [u8; Fan::COUNT],
    excludes: [FanMask; Fan::COUNT],
    /// Highest value first, ties in file order: the order exclusions apply in and results list fans in.
    order: Vec<Fan>,
    /// Each fan's index in `order`.
    position: [u8; Fan::COUNT],
    /// The table lists the seed's folk fans.
    folk: bool,
    /// Seed 002's own 地和 ("庄家出第一张后下家自摸"): only the dealer's 下家 (seat wind 1), self-drawing after
    /// the dealer's first discard; off, any non-dealer's first self-draw of an uninterrupted first go-around.
    pub earthly_next_seat_only: bool,
}

impl McrTable {
    /// Compiles the normalised document: `limits.minimum`, `options.concealed_and_melded_kong` and each
    /// `fans.<key>` = [value, [excluded keys]] in table order.
    pub fn compile(doc: &Document) -> Result<McrTable> {
        let mut excluded = Vec::new();
        let mut values = Vec::new();
        let mut keys = Vec::new();
        for (key, row) in doc.section("fans") {
            let at = format!("fans.{key}");
            let Value::List(row) = row else {
                return Err(EngineError::ruleset(format!(
                    "{at}: expected [value, [excluded]]"
                )));
            };
            let [value, excludes] = row.as_slice() else {
                return Err(EngineError::ruleset(format!(
                    "{at}: expected [value, [excluded]]"
                )));
            };
            keys.push(key);
            values.push(doc.int_of::<u8>(&at, value)?);
            excluded.push(doc.texts_of(&at, excludes)?);
        }
        let rows: Vec<FanRow<'_>> = keys
            .iter()
            .zip(&values)
            .zip(&excluded)
            .map(|((key, value), excludes)| FanRow {
                key,
                value: *value,
                excludes,
            })
            .collect();
        let mut table = McrTable::new(
            &doc.name,
            doc.int("limits.minimum")?,
            doc.flag("options.concealed_and_melded_kong")?,
            &rows,
        )?;
        table.earthly_next_seat_only = doc.flag("options.earthly_next_seat_only")?;
        Ok(table)
    }

    /// 地和 is open to a winner of seat wind `seat_wind` (the dealer's 下家 alone under seed 002's reading).
    pub fn earthly_open_to(&self, seat_wind: u8) -> bool {
        !self.earthly_next_seat_only || seat_wind == 1
    }

    /// [`McrTable::new`] from owned rows (key, value, excluded keys), as a ruleset file lists them.
    pub fn from_rows(
        name: &str,
        minimum: u16,
        concealed_and_melded_kong: bool,
        rows: &[(String, u8, Vec<String>)],
    ) -> Result<McrTable> {
        let excludes: Vec<Vec<&str>> = rows
            .iter()
            .map(|(_, _, excluded)| excluded.iter().map(String::as_str).collect())
            .collect();
        let rows: Vec<FanRow<'_>> = rows
            .iter()
            .zip(&excludes)
            .map(|((key, value, _), excludes)| FanRow {
                key,
                value: *value,
                excludes,
            })
            .collect();
        McrTable::new(name, minimum, concealed_and_melded_kong, &rows)
    }

    /// Builds the table; every standard fan must be listed once, with a positive value, and may exclude only
    /// listed fans worth no more than itself. Folk fans are scored only if listed (`options.folk_fans`).
    pub fn new(
        name: &str,
        minimum: u16,
        concealed_and_melded_kong: bool,
        rows: &[FanRow<'_>],
    ) -> Result<McrTable> {
        let mut values = [0u8; Fan::COUNT];
        let mut order = Vec::with_capacity(Fan::COUNT);
        for row in rows {
            let fan = known(row.key, "fans")?;
            if values[fan as usize] != 0 {
                return Err(EngineError::ruleset(format!(
                    "fans.{}: listed twice",
                    row.key
                )));
            }
            if row.value == 0 {
                return Err(EngineError::ruleset(format!(
                    "fans.{}.fan: must be positive",
                    row.key
                )));
            }
            values[fan as usize] = row.value;
            order.push(fan);
        }
        if let Some(missing) = Fan::STANDARD.iter().find(|&&fan| values[fan as usize] == 0) {
            return Err(EngineError::ruleset(format!(
                "fans.{}: missing",
                missing.key()
            )));
        }
        let mut excludes = [0; Fan::COUNT];
        for row in rows {
            let fan = known(row.key, "fans")?;
            for &key in row.excludes {
                let excluded = known(key, &format!("fans.{}.excludes", row.key))?;
                if values[excluded as usize] == 0 {
                    return Err(EngineError::ruleset(format!(
                        "fans.{}.excludes: {key:?} is not in the table",
                        row.key
                    )));
                }
                if values[excluded as usize] > row.value {
                    return Err(EngineError::ruleset(format!(
                        "fans.{}.excludes: {key:?} is worth more than the fan itself",
                        row.key
                    )));
                }
                excludes[fan as usize] |= 1 << excluded as usize;
            }
        }
        order.sort_by_key(|&fan| std::cmp::Reverse(values[fan as usize]));
        let mut position = [0; Fan::COUNT];
        for (index, &fan) in order.iter().enumerate() {
            position[fan as usize] = index as u8;
        }
        Ok(McrTable {
            name: name.to_owned(),
            minimum,
            concealed_and_melded_kong,
            folk: order.iter().any(|fan| fan.is_folk()),
            earthly_next_seat_only: false,
            values,
            excludes,
            order,
            position,
        })
    }

    pub fn value(&self, fan: Fan) -> u8 {
        self.values[fan as usize]
    }

    /// The fans in table order.
    pub fn order(&self) -> &[Fan] {
        &self.order
    }

    /// The seed's folk fans are listed, so scored.
    pub fn scores_folk_fans(&self) -> bool {
        self.folk
    }

    /// The fans the table lists, in `Fan` order.
    pub fn fans(&self) -> impl Iterator<Item = Fan> + '_ {
        Fan::ALL
            .iter()
            .copied()
            .filter(|&fan| self.values[fan as usize] != 0)
    }

    /// 不计: from the highest fan down, a fan still counted cancels the fans it implies; a win with no fan
    /// left is 无番和.
    pub fn apply_exclusions(&self, fans: &mut FanCounts) {
        // The fans present, as bits of their table positions, so that they are visited highest first.
        let mut by_position: FanMask = 0;
        for (fan, _) in fans.iter() {
            by_position |= 1 << self.position[fan as usize];
        }
        let mut cancelled: FanMask = 0;
        while by_position != 0 {
            let fan = self.order[by_position.trailing_zeros() as usize];
            by_position &= by_position - 1;
            if cancelled & (1 << fan as usize) == 0 {
                cancelled |= self.excludes[fan as usize];
            }
        }
        fans.clear(cancelled);
        if fans.is_empty() {
            fans.set(Fan::ChickenHand, 1);
        }
    }

    pub fn total(&self, fans: &FanCounts) -> u16 {
        fans.iter()
            .map(|(fan, count)| u16::from(self.value(fan)) * u16::from(count))
            .sum()
    }
}

fn known(key: &str, path: &str) -> Result<Fan> {
    Fan::from_key(key).ok_or_else(|| EngineError::ruleset(format!("{path}: unknown fan {key:?}")))
}
