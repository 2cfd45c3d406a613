//! What the table does, as data: the tile set, the deal, the claims, the win sources, several winners on one
//! discard, 漏胡, the end condition and the settlement kind (DESIGN.md §6, the `[tiles]` … `[settlement]`
//! sections of a ruleset file). Compiled once from named fields into plain fields and masks, so that the deal
//! state machine reads a bool or a byte where it used to read a constant, and names no family.

use super::ghosts::GhostRule;
use super::twelve_tiles::TwelveTiles;
use crate::error::{EngineError, Result};
use crate::forms::FormSet;
use crate::tile::{KindMask, COPIES, NUM_FLOWERS, NUM_KINDS};

/// Who may chi a discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chi {
    None,
    /// Only the discarder's 下家 (the claimant's 上家 discarded).
    NextSeat,
}

/// Who wins when several seats declare a win on one discard (or one robbed kong).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeveralWinners {
    /// 一炮多响: every declarer wins.
    All,
    /// 拦和 / 截和: the declarer nearest the discarder in turn order.
    First,
    /// 截胡: the declarer with the highest fan; ties go to the nearest.
    Highest,
}

/// What passing a legal win on a discard blocks until the seat's next 动牌 (draw or claim).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MissedWin {
    Off,
    /// 漏胡 (RULES.md OC-15): the same tile face.
    SameTile,
    /// 过手胡 / 過水: every discard win.
    AnyTile,
    /// 过手胡 with 过手加番 (OC-S12): every discard win, except one worth strictly more fan than the passed one.
    HigherFan,
}

/// Who deals next (RULES.md §1.10 连庄; 推倒胡 OC-29; the 789 table §5; Sichuan OC-S16): one enum for every
/// family, named by `end.dealer_stays` (canonical names in [`DealerStays::NAMES`], the older spellings
/// "win_or_draw", "win", "never" still read). 推倒胡's `dealer_rule` and Sichuan's `options.next_dealer` are
/// the families' own spellings of the same choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealerStays {
    /// "stays_on_win_or_draw": the dealer stays after an exhaustive draw or a win it is among (the Guangdong
    /// tables); otherwise the deal passes to the 下家.
    WinOrDraw,
    /// "stays_on_win": the dealer stays only when among the winners.
    Win,
    /// "passes": the deal passes every time (MCR: 16 deals, four wind rounds, a game).
    Never,
    /// "winner_deals": the first winner deals next, the dealer staying after a draw (推倒胡's OC-29 option,
    /// the 789 table's "上盘的赢家也就是这盘的庄家", §5).
    Winner,
    /// "first_winner_deals" (Sichuan's OC-S16 "first winner"): as `Winner`, but when the first winning tile
    /// had several winners (一炮多响) its discarder deals next.
    FirstWin,
    /// "last_winner_deals" (Sichuan's OC-S16 "last winner"): the winner of the deal's last win deals next,
    /// the dealer staying after a draw.
    LastWinner,
}

impl DealerStays {
    /// The names `end.dealer_stays` takes.
    pub const NAMES: [(&'static str, DealerStays); 6] = [
        ("stays_on_win_or_draw", DealerStays::WinOrDraw),
        ("stays_on_win", DealerStays::Win),
        ("passes", DealerStays::Never),
        ("winner_deals", DealerStays::Winner),
        ("first_winner_deals", DealerStays::FirstWin),
        ("last_winner_deals", DealerStays::LastWinner),
    ];

    /// The canonical name of an older spelling ("win_or_draw", "win", "never"), else `name` itself.
    pub fn canonical(name: &str) -> &str {
        match name {
            "win_or_draw" => "stays_on_win_or_draw",
            "win" => "stays_on_win",
            "never" => "passes",
            other => other,
        }
    }
}

/// How a win (and any other paying event) settles: the name of a family's settlement (`settlement.kind`). The
/// table does not know the families: each family's table plug-in accepts the kinds it settles (the rules
/// registry lists them), so a kind is only a short name here, kept inline so that `TableRules` stays `Copy`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Settlement {
    bytes: [u8; Settlement::LONGEST],
    len: u8,
}

impl Settlement {
    /// The longest kind name.
    pub const LONGEST: usize = 16;

    /// The kind called `name` (lower-case ASCII letters, digits and `_`, at most [`Settlement::LONGEST`]).
    pub fn named(name: &str) -> Result<Settlement> {
        let fits = !name.is_empty()
            && name.len() <= Settlement::LONGEST
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if !fits {
            return Err(EngineError::ruleset(format!(
                "settlement.kind: {name:?} is not a settlement name (a family's settlement, e.g. \"guangdong\")"
            )));
        }
        let mut bytes = [0; Settlement::LONGEST];
        bytes[..name.len()].copy_from_slice(name.as_bytes());
        Ok(Settlement {
            bytes,
            len: name.len() as u8,
        })
    }

    pub fn name(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }

    pub fn is(&self, name: &str) -> bool {
        self.name() == name
    }

    /// The default table's kind: the 鸡平胡 table the engine plays without a ruleset.
    pub const GUANGDONG: Settlement = Settlement {
        bytes: *b"guangdong\0\0\0\0\0\0\0",
        len: 9,
    };
}

impl std::fmt::Debug for Settlement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Settlement({:?})", self.name())
    }
}

/// Kinds of kong, as bits of a mask (`claims.robbable_kongs`).
pub const MELDED_KONG: u8 = 1;
pub const ADDED_KONG: u8 = 2;
pub const CONCEALED_KONG: u8 = 4;

/// Win sources, as bits of a mask (`wins.sources`).
pub const SELF_DRAW: u8 = 1;
pub const DISCARD: u8 = 2;
pub const ROBBING_KONG: u8 = 4;
pub const KONG_BLOOM: u8 = 8;

/// The compiled table rules. Build them with [`TableRules::new`]; `Default` is the 136-tile Guangdong table
/// the engine played before rules were data (the shipped Guangdong files state exactly these values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRules {
    /// The playing-tile kinds in the set (four copies each).
    pub kinds: KindMask,
    pub flowers: u8,
    /// Tiles dealt to each seat before the dealer's first draw: 13 or 16.
    pub hand: u8,
    /// Tiles at the wall's end that are never drawn (dead wall, horses, Taiwan's 16).
    pub reserved_tail: u8,
    pub chi: Chi,
    pub pon: bool,
    /// The kongs a seat may make, and those another seat may rob: `MELDED_KONG | …` masks.
    pub kongs: u8,
    pub robbable_kongs: u8,
    /// `SELF_DRAW | DISCARD | …`.
    pub win_sources: u8,
    pub several_winners: SeveralWinners,
    pub missed_win: MissedWin,
    /// The deal ends when this many seats have won (1: the first win; 3: 血战到底), or at the wall's end.
    pub winners_to_end: u8,
    /// 连庄: when the dealer deals again.
    pub dealer_stays: DealerStays,
    pub settlement: Settlement,
    /// 定缺 (OC-S2): each seat names a void suit at the deal's start (an action), may not pon or kong it, and
    /// cannot win holding it. Set by a family's own options, not by the table sections.
    pub void_suit: bool,
    /// 必须打缺 (OC-S3): while a seat holds its void suit, it discards only that suit.
    pub must_discard_void: bool,
    /// 换三张 (OC-S1): the tiles of one suit each seat passes before 定缺 (0: none). Set by a family's options.
    pub swap_tiles: u8,
    /// 眼牌 (Taiwan OC-T5): the forms a hand must be ready in for its seat to declare 眼牌 and lock it (`None`:
    /// not played). Set by a family's options.
    pub eye_forms: Option<FormSet>,
    /// 血流成河 (Sichuan OC-S19, OC-S17): winners stay in, their hands locked, and only the wall's end ends the
    /// deal (false: winners leave, as 血战到底). Set by a family's options.
    pub winners_stay: bool,
    /// 眼牌 (Taiwan OC-T5 "wait_preserving"): a locked 眼牌 seat may make the kongs of its drawn tile that keep
    /// its waits, as a locked 血流成河 winner does. Set by a family's options.
    pub eye_kongs: bool,
    /// Abortive draws (Taiwan OC-T15): 四風連打 (the first go-around's four discards one wind) and 四槓 (a fourth
    /// kong with the kongs not all one seat's) end the deal as a draw. Set by a family's options.
    pub abortive_draws: bool,
    /// 食替 ban (Taiwan OC-T17): right after a chi or pon the claimant may not discard the claimed kind, nor the
    /// kind that completes its chow's two tiles the other way. Set by a family's options.
    pub no_swap_discard: bool,
    /// Under `winners_stay`: the winners' hands are locked (OC-S17 "locked"); false, the "free" hand: a winner
    /// plays on as before its win (any discard, pon and kong) and may win again. Set by a family's options.
    pub winners_locked: bool,
    /// 回头杠 (Sichuan OC-S11 `returned_kong_pays = false`): the deal notes at each pon whether the claimer kept
    /// the fourth copy in its hand, and logs a 补杠 onto such a pon `"returned":true`. Set by a family's options.
    pub returned_kongs: bool,
    /// 天胡 survives the dealer's own 暗杠 before its first discard (Sichuan OC-S7 "allowed"); otherwise a kong
    /// interrupts the first go-around. Set by a family's options.
    pub heavenly_after_kong: bool,
    /// A kong may be declared with the wall empty (Sichuan OC-S21 "allowed"): it draws no replacement and the
    /// deal ends (OC-17 elsewhere: forbidden). Set by a family's options.
    pub kong_on_empty_wall: bool,
    /// After a discard win, play resumes after the discarder (Sichuan OC-S22 "discarder"), not after the
    /// (farthest) winner. Set by a family's options.
    pub resume_after_discarder: bool,
    /// The wild kinds of each deal (none by default). Set by a family's adjudicator from its own section
    /// (推倒胡's `[ghosts]`), not by the table sections.
    pub ghosts: GhostRule,
    /// Whether ghosts may be ponged or konged (never at a 推倒胡 table, §4.2).
    pub ghost_melds: bool,
    /// 跟庄: the deal reports the dealer's first discard followed by all three (OC-51) as a paying event.
    pub follow_dealer: bool,
    /// Whether kong money paid during a deal stays paid at an exhaustive draw (流局; OC-30: not at 推倒胡).
    pub kong_money_on_draw: bool,
    /// How the deal counts 十二张落地 for 包先不包后 (OC-14: four claimed melds, or twelve exposed tiles). Set
    /// by the Guangdong family from its `liabilities.twelve_tiles_count`, the count its scorer uses.
    pub twelve_tiles: TwelveTiles,
}

impl Default for TableRules {
    fn default() -> TableRules {
        TableRules {
            kinds: (1 << NUM_KINDS) - 1,
            flowers: 0,
            hand: 13,
            reserved_tail: 0,
            chi: Chi::NextSeat,
            pon: true,
            kongs: MELDED_KONG | ADDED_KONG | CONCEALED_KONG,
            robbable_kongs: ADDED_KONG,
            win_sources: SELF_DRAW | DISCARD | ROBBING_KONG | KONG_BLOOM,
            several_winners: SeveralWinners::All,
            missed_win: MissedWin::SameTile,
            winners_to_end: 1,
            dealer_stays: DealerStays::WinOrDraw,
            settlement: Settlement::GUANGDONG,
            void_suit: false,
            must_discard_void: false,
            swap_tiles: 0,
            eye_forms: None,
            winners_stay: false,
            eye_kongs: false,
            abortive_draws: false,
            no_swap_discard: false,
            winners_locked: true,
            returned_kongs: false,
            heavenly_after_kong: false,
            kong_on_empty_wall: false,
            resume_after_discarder: false,
            ghosts: GhostRule::None,
            ghost_melds: false,
            follow_dealer: false,
            kong_money_on_draw: true,
            twelve_tiles: TwelveTiles::ClaimedMelds,
        }
    }
}

/// The table rules by their ruleset-file names, as the Python loader read them (types checked there).
#[derive(Clone, Debug)]
pub struct TableRulesSpec<'a> {
    pub suits: &'a [&'a str],
    pub honours: bool,
    pub flowers: u8,
    pub hand: u8,
    pub reserved_tail: u8,
    pub chi: &'a str,
    pub pon: bool,
    pub melded_kong: bool,
    pub added_kong: bool,
    pub concealed_kong: bool,
    pub robbable_kongs: &'a [&'a str],
    pub win_sources: &'a [&'a str],
    pub several_winners: &'a str,
    pub missed_win: &'a str,
    pub winners_to_end: u8,
    pub dealer_stays: &'a str,
    /// `end.abortive_draws`: 四风连打 (四归西) and four kongs by several seats end the deal as a draw (RULES.md
    /// OC-39 at the Guangdong tables; Taiwan's OC-T15 option overrides it).
    pub abortive_draws: bool,
    pub settlement: &'a str,
}

/// A value of a closed set of names, or an error naming the field and the choices.
fn one_of<T: Copy>(path: &str, value: &str, choices: &[(&str, T)]) -> Result<T> {
    choices
        .iter()
        .find(|(name, _)| *name == value)
        .map(|&(_, v)| v)
        .ok_or_else(|| {
            let names: Vec<&str> = choices.iter().map(|(name, _)| *name).collect();
            EngineError::ruleset(format!(
                "{path}: {value:?} is not one of {}",
                names.join(", ")
            ))
        })
}

/// A mask of names from a closed set; a name listed twice or unknown is an error naming the field.
fn mask_of(path: &str, values: &[&str], choices: &[(&str, u8)]) -> Result<u8> {
    let mut mask = 0;
    for value in values {
        let bit = one_of(path, value, choices)?;
        if mask & bit != 0 {
            return Err(EngineError::ruleset(format!(
                "{path}: {value:?} listed twice"
            )));
        }
        mask |= bit;
    }
    Ok(mask)
}

const SUITS: [(&str, u8); 3] = [("m", 1), ("p", 2), ("s", 4)];
const KONGS: [(&str, u8); 3] = [
    ("melded", MELDED_KONG),
    ("added", ADDED_KONG),
    ("concealed", CONCEALED_KONG),
];
const SOURCES: [(&str, u8); 4] = [
    ("self_draw", SELF_DRAW),
    ("discard", DISCARD),
    ("robbing_kong", ROBBING_KONG),
    ("kong_bloom", KONG_BLOOM),
];

fn refuse(message: String) -> EngineError {
    EngineError::ruleset(message)
}

impl TableRules {
    /// Compiles and checks the rules: unknown names and contradictions are refused with the field's path.
    pub fn new(spec: &TableRulesSpec<'_>) -> Result<TableRules> {
        let suits = mask_of("tiles.suits", spec.suits, &SUITS)?;
        if suits == 0 {
            return Err(refuse("tiles.suits: at least one suit is needed".into()));
        }
        let mut kinds: KindMask = 0;
        for suit in 0..3 {
            if suits & (1 << suit) != 0 {
                kinds |= 0x1ff << (9 * suit);
            }
        }
        if spec.honours {
            kinds |= 0x7f << 27;
        }
        if ![0, 4, NUM_FLOWERS].contains(&spec.flowers) {
            return Err(refuse(format!(
                "tiles.flowers: expected 0, 4 or 8, got {}",
                spec.flowers
            )));
        }
        if ![13, 16].contains(&spec.hand) {
            return Err(refuse(format!(
                "deal.hand: expected 13 or 16, got {}",
                spec.hand
            )));
        }
        let playing = kinds.count_ones() as usize * usize::from(COPIES);
        // The deal needs every hand dealt, the dealer's draw and the reserve: anything less cannot start.
        let needed = 4 * usize::from(spec.hand) + 1 + usize::from(spec.reserved_tail);
        if needed > playing {
            return Err(refuse(format!(
                "deal.reserved_tail: {} reserved tiles leave too few of the {playing} playing tiles to deal {} to each seat",
                spec.reserved_tail, spec.hand
            )));
        }
        let chi = one_of(
            "claims.chi",
            spec.chi,
            &[("none", Chi::None), ("next_seat", Chi::NextSeat)],
        )?;
        let kongs = [
            (spec.melded_kong, MELDED_KONG),
            (spec.added_kong, ADDED_KONG),
            (spec.concealed_kong, CONCEALED_KONG),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .fold(0, |mask, (_, bit)| mask | bit);
        if spec.added_kong && !spec.pon {
            return Err(refuse(
                "claims.added_kong: an added kong extends a pon, but claims.pon is false".into(),
            ));
        }
        let robbable_kongs = mask_of("claims.robbable_kongs", spec.robbable_kongs, &KONGS)?;
        if let Some((name, _)) = KONGS
            .iter()
            .find(|(_, bit)| robbable_kongs & bit != 0 && kongs & bit == 0)
        {
            return Err(refuse(format!(
                "claims.robbable_kongs: {name:?} kongs can be robbed but claims.{name}_kong is false"
            )));
        }
        if robbable_kongs & CONCEALED_KONG != 0 {
            // Robbing a concealed kong (十三幺 in HK, OC-40) is a rule the deal does not play.
            return Err(refuse(
                "claims.robbable_kongs: a concealed kong cannot be robbed at this table (OC-40)"
                    .into(),
            ));
        }
        let win_sources = mask_of("wins.sources", spec.win_sources, &SOURCES)?;
        if win_sources & (SELF_DRAW | DISCARD | ROBBING_KONG) == 0 {
            return Err(refuse(
                "wins.sources: no win source (self_draw, discard or robbing_kong) — nobody could ever win".into(),
            ));
        }
        if (win_sources & ROBBING_KONG != 0) != (robbable_kongs != 0) {
            return Err(refuse(
                "wins.sources: \"robbing_kong\" must be listed exactly when claims.robbable_kongs names a kong"
                    .into(),
            ));
        }
        if win_sources & KONG_BLOOM != 0 && kongs == 0 {
            return Err(refuse(
                "wins.sources: \"kong_bloom\" needs a kong (claims.*_kong all false)".into(),
            ));
        }
        let several_winners = one_of(
            "wins.several_winners",
            spec.several_winners,
            &[
                ("all", SeveralWinners::All),
                ("first", SeveralWinners::First),
                ("highest", SeveralWinners::Highest),
            ],
        )?;
        let missed_win = one_of(
            "wins.missed_win",
            spec.missed_win,
            &[
                ("off", MissedWin::Off),
                ("same_tile", MissedWin::SameTile),
                ("any_tile", MissedWin::AnyTile),
                ("higher_fan", MissedWin::HigherFan),
            ],
        )?;
        if !(1..=3).contains(&spec.winners_to_end) {
            return Err(refuse(format!(
                "end.winners: expected 1..3 (the deal ends when that many seats have won), got {}",
                spec.winners_to_end
            )));
        }
        let dealer_stays = one_of(
            "end.dealer_stays",
            DealerStays::canonical(spec.dealer_stays),
            &DealerStays::NAMES,
        )?;
        let settlement = Settlement::named(spec.settlement)?;
        Ok(TableRules {
            kinds,
            flowers: spec.flowers,
            hand: spec.hand,
            reserved_tail: spec.reserved_tail,
            chi,
            pon: spec.pon,
            kongs,
            robbable_kongs,
            win_sources,
            several_winners,
            missed_win,
            winners_to_end: spec.winners_to_end,
            dealer_stays,
            abortive_draws: spec.abortive_draws,
            settlement,
            void_suit: false,
            must_discard_void: false,
            ..TableRules::default()
        })
    }

    /// Every tile of the set, flowers included.
    pub fn tile_count(&self) -> usize {
        self.kinds.count_ones() as usize * usize::from(COPIES) + usize::from(self.flowers)
    }

    pub fn allows_kong(&self, kind: u8) -> bool {
        self.kongs & kind != 0
    }

    pub fn can_rob(&self, kind: u8) -> bool {
        self.robbable_kongs & kind != 0
    }

    pub fn wins_by(&self, source: u8) -> bool {
        self.win_sources & source != 0
    }

    /// Whether the dealer deals again after a deal that ended so (连庄).
    pub fn dealer_deals_again(&self, exhaustive_draw: bool, dealer_won: bool) -> bool {
        match self.dealer_stays {
            DealerStays::WinOrDraw
            | DealerStays::Winner
            | DealerStays::FirstWin
            | DealerStays::LastWinner => exhaustive_draw || dealer_won,
            DealerStays::Win => dealer_won,
            DealerStays::Never => false,
        }
    }

    /// The round wind of deal `index` of a simulation, whose dealer is seat `index mod 4`: East, unless the
    /// dealer passes every deal — then a run of 16 deals is a whole game, four wind rounds.
    pub fn round_wind_of_deal(&self, index: u64) -> u8 {
        match self.dealer_stays {
            DealerStays::Never => ((index / 4) % 4) as u8,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guangdong() -> TableRulesSpec<'static> {
        TableRulesSpec {
            suits: &["m", "p", "s"],
            honours: true,
            flowers: 0,
            hand: 13,
            reserved_tail: 0,
            chi: "next_seat",
            pon: true,
            melded_kong: true,
            added_kong: true,
            concealed_kong: true,
            robbable_kongs: &["added"],
            win_sources: &["self_draw", "discard", "robbing_kong", "kong_bloom"],
            several_winners: "all",
            missed_win: "same_tile",
            winners_to_end: 1,
            dealer_stays: "win_or_draw",
            abortive_draws: false,
            settlement: "guangdong",
        }
    }

    fn error(spec: TableRulesSpec<'_>) -> String {
        TableRules::new(&spec).expect_err("refused").to_string()
    }

    #[test]
    fn the_guangdong_spec_is_the_default() {
        assert_eq!(TableRules::new(&guangdong()), Ok(TableRules::default()));
        assert_eq!(TableRules::default().tile_count(), 136);
    }

    #[test]
    fn tile_sets_count() {
        let count = |suits, honours, flowers| {
            let spec = TableRulesSpec {
                suits,
                honours,
                flowers,
                ..guangdong()
            };
            TableRules::new(&spec).expect("valid").tile_count()
        };
        assert_eq!(count(&["m", "p", "s"], true, 8), 144);
        assert_eq!(count(&["m", "p", "s"], false, 0), 108);
        assert_eq!(count(&["p", "s"], true, 0), 100);
    }

    #[test]
    fn bad_rules_are_refused_with_the_field_path() {
        let cases = [
            (
                TableRulesSpec {
                    chi: "left",
                    ..guangdong()
                },
                "claims.chi",
            ),
            (
                TableRulesSpec {
                    suits: &["m", "m"],
                    ..guangdong()
                },
                "tiles.suits",
            ),
            (
                TableRulesSpec {
                    suits: &[],
                    ..guangdong()
                },
                "tiles.suits",
            ),
            (
                TableRulesSpec {
                    hand: 14,
                    ..guangdong()
                },
                "deal.hand",
            ),
            (
                TableRulesSpec {
                    flowers: 3,
                    ..guangdong()
                },
                "tiles.flowers",
            ),
            (
                TableRulesSpec {
                    reserved_tail: 100,
                    ..guangdong()
                },
                "deal.reserved_tail",
            ),
            (
                TableRulesSpec {
                    win_sources: &["kong_bloom"],
                    robbable_kongs: &[],
                    ..guangdong()
                },
                "wins.sources",
            ),
            (
                TableRulesSpec {
                    win_sources: &["self_draw"],
                    ..guangdong()
                },
                "wins.sources",
            ),
            (
                TableRulesSpec {
                    added_kong: false,
                    ..guangdong()
                },
                "claims.robbable_kongs",
            ),
            (
                TableRulesSpec {
                    pon: false,
                    ..guangdong()
                },
                "claims.added_kong",
            ),
            (
                TableRulesSpec {
                    several_winners: "some",
                    ..guangdong()
                },
                "wins.several_winners",
            ),
            (
                TableRulesSpec {
                    missed_win: "on",
                    ..guangdong()
                },
                "wins.missed_win",
            ),
            (
                TableRulesSpec {
                    winners_to_end: 0,
                    ..guangdong()
                },
                "end.winners",
            ),
            (
                TableRulesSpec {
                    dealer_stays: "always",
                    ..guangdong()
                },
                "end.dealer_stays",
            ),
            (
                TableRulesSpec {
                    settlement: "Vegas strip",
                    ..guangdong()
                },
                "settlement.kind",
            ),
            (
                TableRulesSpec {
                    robbable_kongs: &["added", "concealed"],
                    ..guangdong()
                },
                "claims.robbable_kongs",
            ),
        ];
        for (spec, path) in cases {
            let message = error(spec);
            assert!(message.contains(path), "{message} names {path}");
        }
    }
}
