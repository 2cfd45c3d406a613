//! The MCR fans the engine detects, keyed by the snake_case names of `rulesets/mcr.toml`, and a per-hand
//! tally of them. Values and exclusions are not here: they are ruleset data (`super::ruleset`).

macro_rules! fans {
    (standard { $($variant:ident = $key:literal,)* } folk { $($folk:ident = $folk_key:literal,)* }) => {
        /// One fan of the table: the 81 standard fans and 花牌 (in the file's order: highest value first),
        /// then the seed's folk rows, scored only when the table lists them (`options.folk_fans`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum Fan { $($variant,)* $($folk,)* }

        impl Fan {
            pub const ALL: &'static [Fan] = &[$(Fan::$variant,)* $(Fan::$folk,)*];
            pub const COUNT: usize = Fan::ALL.len();
            /// The fans every table must list.
            pub const STANDARD: &'static [Fan] = &[$(Fan::$variant,)*];
            /// The seed's folk fans, which a table may list.
            pub const FOLK: &'static [Fan] = &[$(Fan::$folk,)*];

            /// The ruleset key.
            pub const fn key(self) -> &'static str {
                match self { $(Fan::$variant => $key,)* $(Fan::$folk => $folk_key,)* }
            }

            pub fn is_folk(self) -> bool {
                self as usize >= Fan::STANDARD.len()
            }

            pub fn from_key(key: &str) -> Option<Fan> {
                Fan::ALL.iter().copied().find(|fan| fan.key() == key)
            }
        }
    };
}

fans! {
    standard {
    BigFourWinds = "big_four_winds",
    BigThreeDragons = "big_three_dragons",
    AllGreen = "all_green",
    NineGates = "nine_gates",
    FourKongs = "four_kongs",
    SevenShiftedPairs = "seven_shifted_pairs",
    ThirteenOrphans = "thirteen_orphans",
    AllTerminals = "all_terminals",
    LittleFourWinds = "little_four_winds",
    LittleThreeDragons = "little_three_dragons",
    AllHonors = "all_honors",
    FourConcealedPungs = "four_concealed_pungs",
    PureTerminalChows = "pure_terminal_chows",
    QuadrupleChow = "quadruple_chow",
    FourPureShiftedPungs = "four_pure_shifted_pungs",
    FourPureShiftedChows = "four_pure_shifted_chows",
    ThreeKongs = "three_kongs",
    AllTerminalsAndHonors = "all_terminals_and_honors",
    SevenPairs = "seven_pairs",
    GreaterHonorsAndKnittedTiles = "greater_honors_and_knitted_tiles",
    AllEvenPungs = "all_even_pungs",
    FullFlush = "full_flush",
    PureTripleChow = "pure_triple_chow",
    PureShiftedPungs = "pure_shifted_pungs",
    UpperTiles = "upper_tiles",
    MiddleTiles = "middle_tiles",
    LowerTiles = "lower_tiles",
    PureStraight = "pure_straight",
    ThreeSuitedTerminalChows = "three_suited_terminal_chows",
    PureShiftedChows = "pure_shifted_chows",
    AllFive = "all_five",
    TriplePung = "triple_pung",
    ThreeConcealedPungs = "three_concealed_pungs",
    LesserHonorsAndKnittedTiles = "lesser_honors_and_knitted_tiles",
    KnittedStraight = "knitted_straight",
    UpperFour = "upper_four",
    LowerFour = "lower_four",
    BigThreeWinds = "big_three_winds",
    MixedStraight = "mixed_straight",
    ReversibleTiles = "reversible_tiles",
    MixedTripleChow = "mixed_triple_chow",
    MixedShiftedPungs = "mixed_shifted_pungs",
    ChickenHand = "chicken_hand",
    LastTileDraw = "last_tile_draw",
    LastTileClaim = "last_tile_claim",
    OutWithReplacementTile = "out_with_replacement_tile",
    RobbingTheKong = "robbing_the_kong",
    AllPungs = "all_pungs",
    HalfFlush = "half_flush",
    MixedShiftedChows = "mixed_shifted_chows",
    AllTypes = "all_types",
    MeldedHand = "melded_hand",
    TwoConcealedKongs = "two_concealed_kongs",
    TwoDragonsPungs = "two_dragons_pungs",
    ConcealedKongAndMeldedKong = "concealed_kong_and_melded_kong",
    OutsideHand = "outside_hand",
    FullyConcealedHand = "fully_concealed_hand",
    TwoMeldedKongs = "two_melded_kongs",
    LastTile = "last_tile",
    DragonPung = "dragon_pung",
    PrevalentWind = "prevalent_wind",
    SeatWind = "seat_wind",
    ConcealedHand = "concealed_hand",
    AllChows = "all_chows",
    TileHog = "tile_hog",
    DoublePung = "double_pung",
    TwoConcealedPungs = "two_concealed_pungs",
    ConcealedKong = "concealed_kong",
    AllSimples = "all_simples",
    PureDoubleChow = "pure_double_chow",
    MixedDoubleChow = "mixed_double_chow",
    ShortStraight = "short_straight",
    TwoTerminalChows = "two_terminal_chows",
    PungOfTerminalsOrHonors = "pung_of_terminals_or_honors",
    MeldedKong = "melded_kong",
    OneVoidedSuit = "one_voided_suit",
    NoHonors = "no_honors",
    EdgeWait = "edge_wait",
    ClosedWait = "closed_wait",
    SingleWait = "single_wait",
    SelfDrawn = "self_drawn",
    FlowerTiles = "flower_tiles",
    }
    folk {
    BigFourWindsGreenPair = "big_four_winds_green_pair",
    BlessingOfHeaven = "blessing_of_heaven",
    BlessingOfEarth = "blessing_of_earth",
    BlessingOfHuman = "blessing_of_human",
    HeavenlyReady = "heavenly_ready",
    MixedFourShiftedPungs = "mixed_four_shifted_pungs",
    MixedFourShiftedChows = "mixed_four_shifted_chows",
    MixedThreeShiftedPungs = "mixed_three_shifted_pungs",
    MixedThreeShiftedChows = "mixed_three_shifted_chows",
    PairOf258 = "pair_of_2_5_8",
    TerminalOrHonorPair = "terminal_or_honor_pair",
    }
}

/// How many times each fan counts in one reading of a hand, with the set of fans present as bits (so that
/// exclusions and totals visit only the few fans a hand has).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FanCounts {
    counts: [u8; Fan::COUNT],
    present: u128,
}

const _: () = assert!(Fan::COUNT <= u128::BITS as usize);

impl Default for FanCounts {
    fn default() -> Self {
        FanCounts {
            counts: [0; Fan::COUNT],
            present: 0,
        }
    }
}

impl FanCounts {
    pub fn of(fan: Fan) -> FanCounts {
        let mut counts = FanCounts::default();
        counts.add(fan, 1);
        counts
    }

    pub fn get(&self, fan: Fan) -> u8 {
        self.counts[fan as usize]
    }

    pub fn has(&self, fan: Fan) -> bool {
        self.present & (1 << fan as usize) != 0
    }

    pub fn set(&mut self, fan: Fan, count: u8) {
        self.counts[fan as usize] = count;
        if count > 0 {
            self.present |= 1 << fan as usize;
        } else {
            self.present &= !(1 << fan as usize);
        }
    }

    pub fn add(&mut self, fan: Fan, count: u8) {
        self.set(fan, self.get(fan).saturating_add(count));
    }

    /// Adds one occurrence when `on`.
    pub fn add_if(&mut self, fan: Fan, on: bool) {
        self.add(fan, u8::from(on));
    }

    pub fn merge(&mut self, other: &FanCounts) {
        for (fan, count) in other.iter() {
            self.add(fan, count);
        }
    }

    /// The fans present, as bits `1 << Fan as usize`.
    pub fn present(&self) -> u128 {
        self.present
    }

    /// Removes every fan of `mask`.
    pub fn clear(&mut self, mask: u128) {
        for fan in fans_of(mask & self.present) {
            self.counts[fan as usize] = 0;
        }
        self.present &= !mask;
    }

    pub fn is_empty(&self) -> bool {
        self.present == 0
    }

    /// The fans counted, with their counts, in `Fan` order.
    pub fn iter(&self) -> impl Iterator<Item = (Fan, u8)> + '_ {
        fans_of(self.present).map(|fan| (fan, self.get(fan)))
    }
}

/// The fans of a bit set, in `Fan` order.
fn fans_of(mut mask: u128) -> impl Iterator<Item = Fan> {
    std::iter::from_fn(move || {
        let bit = mask.trailing_zeros() as usize;
        mask &= mask.wrapping_sub(1);
        Fan::ALL.get(bit).copied()
    })
}
