//! The 推倒胡 options a score reads, built from the `(name, value)` pairs of `rulesets/tdh.toml` (already
//! validated in Python; checked again here so that a Rust caller cannot build an impossible table).

use crate::error::{EngineError, Result};
use crate::rules::document::Document;

/// The tile set (§4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileSet {
    All,
    NoCharacters,
    NoHonours,
}

/// Which tiles are ghosts (OC-26).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GhostMode {
    None,
    White,
    Red,
    Flip,
    FlipTwo,
    Flowers4,
    Flowers8,
}

impl GhostMode {
    /// Flowers in the set (四花鬼 / 八花鬼), else 0.
    pub const fn flowers(self) -> u8 {
        match self {
            GhostMode::Flowers4 => 4,
            GhostMode::Flowers8 => 8,
            _ => 0,
        }
    }

    /// Exactly four ghosts exist, so 四鬼胡 can happen (OC-50, OC-TDH-1).
    pub const fn four_ghosts(self) -> bool {
        matches!(
            self,
            GhostMode::White | GhostMode::Red | GhostMode::Flip | GhostMode::Flowers4
        )
    }

    pub const fn flips(self) -> bool {
        matches!(self, GhostMode::Flip | GhostMode::FlipTwo)
    }
}

/// The options scoring reads. `doubles[m]` turns multiplier `m` (`MULTIPLIER_KEYS` order) on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TdhRules {
    pub name: String,
    pub tiles: TileSet,
    pub ghosts: GhostMode,
    pub seven_cycle: bool,
    pub ghost_fifth_copy: bool,
    pub discard_wins: bool,
    pub rob_melded_kong: bool,
    pub seven_pairs: bool,
    pub thirteen_orphans: bool,
    pub four_ghosts: bool,
    pub doubles: [bool; 7],
    /// OC-46's alternative: a ghost standing for its own face counts as no ghost for 无鬼加倍.
    pub ghost_as_own_face: bool,
    pub win: i64,
    pub robbing_pays_all: bool,
    pub bloom_pays_all: bool,
    pub discarder_pays_three: bool,
    pub streak_bonus: bool,
    /// Kong money by kind: concealed, added, melded (OC-30).
    pub kong_amounts: [i64; 3],
    pub horses: u8,
    pub horse_e2: bool,
    pub horse_value: i64,
    pub horse_follows_win: bool,
    pub horse_follows_kong: bool,
    pub one_horse: bool,
    pub streak_horses: bool,
    /// What the table reads (scoring reads none of these): points per b, 跟庄, 流局算杠, the winner deals.
    pub base: i64,
    pub follow_dealer: bool,
    pub kong_money_on_draw: bool,
    pub winner_deals: bool,
}

fn choice<T: Copy>(name: &str, value: &str, choices: &[(&str, T)]) -> Result<T> {
    choices
        .iter()
        .find(|(key, _)| *key == value)
        .map(|&(_, v)| v)
        .ok_or_else(|| {
            let allowed: Vec<&str> = choices.iter().map(|(key, _)| *key).collect();
            EngineError::ruleset(format!(
                "{name}: expected {}, got {value:?}",
                allowed.join(" | ")
            ))
        })
}

fn flag(name: &str, value: &str) -> Result<bool> {
    choice(name, value, &[("true", true), ("false", false)])
}

fn amount(name: &str, value: &str, high: i64) -> Result<i64> {
    value
        .parse::<i64>()
        .ok()
        .filter(|v| (0..=high).contains(v))
        .ok_or_else(|| {
            EngineError::ruleset(format!("{name}: expected an int 0..{high}, got {value:?}"))
        })
}

impl TdhRules {
    /// Compiles the normalised document: every `options.<name>` entry, read by [`TdhRules::from_options`].
    pub fn compile(doc: &Document) -> Result<TdhRules> {
        let options: Vec<(String, String)> = doc
            .section("options")
            .map(|(name, value)| (name.to_owned(), value.as_text()))
            .collect();
        TdhRules::from_options(&doc.name, &options)
    }

    /// The table of `name` from every option as text (`"true"`, `"4"`, `"white"`); each must be given once.
    pub fn from_options(name: &str, options: &[(String, String)]) -> Result<TdhRules> {
        let mut rules = TdhRules {
            name: name.to_string(),
            tiles: TileSet::All,
            ghosts: GhostMode::White,
            seven_cycle: false,
            ghost_fifth_copy: true,
            discard_wins: false,
            rob_melded_kong: false,
            seven_pairs: false,
            thirteen_orphans: false,
            four_ghosts: true,
            doubles: [false; 7],
            ghost_as_own_face: false,
            win: 2,
            robbing_pays_all: true,
            bloom_pays_all: true,
            discarder_pays_three: false,
            streak_bonus: false,
            kong_amounts: [2, 1, 3],
            horses: 0,
            horse_e2: false,
            horse_value: 2,
            horse_follows_win: false,
            horse_follows_kong: false,
            one_horse: false,
            streak_horses: false,
            base: 1,
            follow_dealer: false,
            kong_money_on_draw: false,
            winner_deals: false,
        };
        let mut seen: Vec<&str> = Vec::with_capacity(options.len());
        for (key, value) in options {
            let (key, v) = (key.as_str(), value.as_str());
            if seen.contains(&key) {
                return Err(EngineError::ruleset(format!("{key}: given twice")));
            }
            seen.push(key);
            rules.set(key, v)?;
        }
        Ok(rules)
    }

    fn set(&mut self, key: &str, v: &str) -> Result<()> {
        let double = |index: usize, rules: &mut TdhRules| -> Result<()> {
            rules.doubles[index] = flag(key, v)?;
            Ok(())
        };
        match key {
            "tiles" => {
                self.tiles = choice(
                    key,
                    v,
                    &[
                        ("all", TileSet::All),
                        ("no_characters", TileSet::NoCharacters),
                        ("no_honours", TileSet::NoHonours),
                    ],
                )?
            }
            "ghosts" => {
                self.ghosts = choice(
                    key,
                    v,
                    &[
                        ("none", GhostMode::None),
                        ("white", GhostMode::White),
                        ("red", GhostMode::Red),
                        ("flip", GhostMode::Flip),
                        ("flip_two", GhostMode::FlipTwo),
                        ("flowers4", GhostMode::Flowers4),
                        ("flowers8", GhostMode::Flowers8),
                    ],
                )?
            }
            "flip_honour_cycle" => {
                self.seven_cycle = choice(key, v, &[("separate", false), ("seven", true)])?
            }
            "ghost_fifth_copy" => self.ghost_fifth_copy = flag(key, v)?,
            "discard_wins" => self.discard_wins = flag(key, v)?,
            "rob_melded_kong" => self.rob_melded_kong = flag(key, v)?,
            "seven_pairs" => self.seven_pairs = flag(key, v)?,
            "thirteen_orphans" => self.thirteen_orphans = flag(key, v)?,
            "four_ghosts" => self.four_ghosts = flag(key, v)?,
            "no_ghosts_double" => double(0, self)?,
            "no_ghosts_own_face" => self.ghost_as_own_face = flag(key, v)?,
            "seven_pairs_double" => double(1, self)?,
            "thirteen_orphans_double" => double(2, self)?,
            "four_ghosts_double" => double(3, self)?,
            "last_tile_double" => double(4, self)?,
            "kong_bloom_double" => double(5, self)?,
            "robbing_kong_double" => double(6, self)?,
            "win" => self.win = amount(key, v, 100)?,
            "robbing_pays_all" => self.robbing_pays_all = flag(key, v)?,
            "bloom_pays_all" => self.bloom_pays_all = flag(key, v)?,
            "discarder_pays" => {
                self.discarder_pays_three = choice(key, v, &[("one", false), ("three", true)])?
            }
            "streak_bonus" => self.streak_bonus = flag(key, v)?,
            "concealed_kong" => self.kong_amounts[0] = amount(key, v, 100)?,
            "added_kong" => self.kong_amounts[1] = amount(key, v, 100)?,
            "melded_kong" => self.kong_amounts[2] = amount(key, v, 100)?,
            "horses" => self.horses = amount(key, v, 8)? as u8,
            "horse_dragons" => self.horse_e2 = choice(key, v, &[("e1", false), ("e2", true)])?,
            "horse_value" => self.horse_value = amount(key, v, 100)?,
            "horse_follows_win" => self.horse_follows_win = flag(key, v)?,
            "horse_follows_kong" => self.horse_follows_kong = flag(key, v)?,
            "one_horse" => self.one_horse = flag(key, v)?,
            "streak_horses" => self.streak_horses = flag(key, v)?,
            "base" => self.base = amount(key, v, 1_000_000)?,
            "follow_dealer" => self.follow_dealer = flag(key, v)?,
            "kong_money_on_draw" => self.kong_money_on_draw = flag(key, v)?,
            "dealer_rule" => {
                self.winner_deals = choice(key, v, &[("stay", false), ("winner", true)])?
            }
            _ => {
                return Err(EngineError::ruleset(format!(
                    "{key}: not an option of the tdh family"
                )))
            }
        }
        Ok(())
    }
}
