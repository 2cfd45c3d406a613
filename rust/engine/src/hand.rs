//! Hands: concealed counts, declared melds, wild tiles and flowers, with validation that names the problem.

use crate::error::{EngineError, Result};
use crate::tile::{can_start_chow, Counts, Tile, COPIES, NUM_FLOWERS, NUM_KINDS};

/// The most sets a hand can hold (16-tile hands: five sets and a pair).
pub const MAX_SETS: usize = 5;

/// How a meld was declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// 吃: a claimed chow.
    Chi = 0,
    /// 碰: a claimed pung.
    Pon = 1,
    /// 明杠 (直杠): a kong made by claiming a discard onto a concealed pung.
    Kong = 2,
    /// 加杠 (补杠): a kong made by adding a drawn tile to an exposed pon.
    AddedKong = 3,
    /// 暗杠: a kong declared from four concealed tiles.
    ConcealedKong = 4,
}

impl MeldKind {
    pub fn from_code(code: u8) -> Option<MeldKind> {
        Some(match code {
            0 => MeldKind::Chi,
            1 => MeldKind::Pon,
            2 => MeldKind::Kong,
            3 => MeldKind::AddedKong,
            4 => MeldKind::ConcealedKong,
            _ => return None,
        })
    }

    pub const fn is_kong(self) -> bool {
        matches!(
            self,
            MeldKind::Kong | MeldKind::AddedKong | MeldKind::ConcealedKong
        )
    }

    /// Chows count as sequences, every other meld as a pung/kong (刻子).
    pub const fn is_chow(self) -> bool {
        matches!(self, MeldKind::Chi)
    }

    /// Whether the meld was made by claiming another player's discard (breaks 门清). A concealed kong was not;
    /// an added kong was (its pon was claimed).
    pub const fn is_claimed(self) -> bool {
        !matches!(self, MeldKind::ConcealedKong)
    }

    pub const fn tile_count(self) -> u8 {
        if self.is_kong() {
            4
        } else {
            3
        }
    }
}

/// A declared meld. `tile` is the lowest tile (the first of a chow, the tile of a pung or kong).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    pub kind: MeldKind,
    pub tile: Tile,
    /// The tile taken from a discard (for a chow: which of the three), when known.
    pub claimed: Option<Tile>,
    /// Who fed the meld, as an offset from the owner in turn order: 1 = 下家 (next), 2 = 对家, 3 = 上家 (previous).
    pub from_offset: Option<u8>,
}

impl Meld {
    pub fn new(kind: MeldKind, tile: Tile) -> Meld {
        Meld {
            kind,
            tile,
            claimed: None,
            from_offset: None,
        }
    }

    /// Validates the shape: a chow must start at 1..7 of a suit; the claimed tile must belong to the meld; a
    /// concealed kong has no feeder; a chi can only come from the 上家.
    pub fn validate(&self) -> Result<()> {
        // Described only for an error: scoring validates every hand, and formatting is most of the cost.
        let name = || self.describe();
        if self.kind == MeldKind::Chi && !can_start_chow(self.tile.index()) {
            return Err(EngineError::hand(format!(
                "meld {}: a chow must start at 1..7 of a suit, not {}",
                name(),
                self.tile.mpsz()
            )));
        }
        if let Some(claimed) = self.claimed {
            let ok = if self.kind == MeldKind::Chi {
                claimed.index() >= self.tile.index() && claimed.index() <= self.tile.index() + 2
            } else {
                claimed == self.tile
            };
            if !ok {
                return Err(EngineError::hand(format!(
                    "meld {}: claimed tile {} is not part of the meld",
                    name(),
                    claimed.mpsz()
                )));
            }
            if self.kind == MeldKind::ConcealedKong {
                return Err(EngineError::hand(format!(
                    "meld {}: a concealed kong has no claimed tile",
                    name()
                )));
            }
        }
        if let Some(offset) = self.from_offset {
            if !(1..=3).contains(&offset) {
                return Err(EngineError::hand(format!(
                    "meld {}: from_offset must be 1 (下家), 2 (对家) or 3 (上家), not {offset}",
                    name()
                )));
            }
            if self.kind == MeldKind::ConcealedKong {
                return Err(EngineError::hand(format!(
                    "meld {}: a concealed kong is fed by nobody",
                    name()
                )));
            }
            if self.kind == MeldKind::Chi && offset != 3 {
                return Err(EngineError::hand(format!(
                    "meld {}: a chow can only be claimed from the 上家 (offset 3), not offset {offset}",
                    name()
                )));
            }
        }
        Ok(())
    }

    /// Adds the meld's tiles to `counts` (saturating: counts that were no hand's stay too many, for the
    /// caller's check to refuse, instead of wrapping into a plausible count).
    pub fn add_tiles(&self, counts: &mut Counts) {
        let t = self.tile.index() as usize;
        if self.kind == MeldKind::Chi {
            for slot in &mut counts[t..t + 3] {
                *slot = slot.saturating_add(1);
            }
        } else {
            counts[t] = counts[t].saturating_add(self.kind.tile_count());
        }
    }

    /// The meld in the mpsz meld notation: `[123m]` chi, `[555z]` pon, `[1111s]` kong, `{1111s}` added kong,
    /// `(1111s)` concealed kong.
    pub fn describe(&self) -> String {
        let number = self.tile.number();
        let digits: String = match self.kind {
            MeldKind::Chi => format!("{}{}{}", number, number + 1, number + 2),
            MeldKind::Pon => format!("{number}{number}{number}"),
            _ => format!("{number}{number}{number}{number}"),
        };
        let body = format!("{digits}{}", self.tile.suit().letter());
        match self.kind {
            MeldKind::AddedKong => format!("{{{body}}}"),
            MeldKind::ConcealedKong => format!("({body})"),
            _ => format!("[{body}]"),
        }
    }
}

/// A meld as a batch row carries it: `kind` is `MeldKind as u8 + 1`, 0 for an empty slot; `tile` its lowest
/// tile. Batch scorers (Guangdong and MCR) read rows of four slots from numpy arrays of shape (N, 4, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MeldSlot {
    pub kind: u8,
    pub tile: u8,
}

impl MeldSlot {
    /// The declared melds of a row's slots, empty slots skipped; an error names a bad kind code, tile or shape.
    pub fn melds(slots: &[MeldSlot]) -> Result<Vec<Meld>> {
        let mut melds = Vec::with_capacity(slots.len());
        for slot in slots.iter().filter(|slot| slot.kind != 0) {
            let kind = MeldKind::from_code(slot.kind - 1).ok_or_else(|| {
                EngineError::hand(format!("meld kind code {} is not 0..5", slot.kind))
            })?;
            let tile = Tile::new(slot.tile).ok_or_else(|| {
                EngineError::tile(format!("meld tile {} is not 0..33", slot.tile))
            })?;
            let meld = Meld::new(kind, tile);
            meld.validate()?; // a chow at 8m or at an honour has no three tiles: refused, not read past the end
            melds.push(meld);
        }
        Ok(melds)
    }
}

/// A player's hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    /// Concealed tiles by kind, wild tiles excluded.
    pub concealed: Counts,
    pub melds: Vec<Meld>,
    /// Concealed wild tiles (jokers, 鬼牌): each can stand for any tile.
    pub wilds: u8,
    /// Flowers held, as a bit set: bit n-1 for flower nf (1..8).
    pub flowers: u8,
}

/// Whether a concealed hand of `size` tiles is waiting (3n+1) or complete-sized (3n+2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandShape {
    /// 3n+1 tiles: waiting for one more.
    Waiting { sets: u8 },
    /// 3n+2 tiles: could be complete; discards from here.
    Full { sets: u8 },
}

impl HandShape {
    /// The shape of a concealed part of `size` tiles (wilds included), or an error naming the size.
    pub fn of_size(size: usize) -> Result<HandShape> {
        let sets = (size / 3) as u8;
        match size % 3 {
            1 if (sets as usize) <= MAX_SETS => Ok(HandShape::Waiting { sets }),
            2 if (sets as usize) <= MAX_SETS => Ok(HandShape::Full { sets }),
            _ => Err(EngineError::hand(format!(
                "a concealed part of {size} tiles is not a hand: it must hold 3n+1 or 3n+2 tiles \
                 (1, 2, 4, 5, … 16, 17)"
            ))),
        }
    }

    /// Sets the concealed part must form (besides one pair).
    pub const fn sets(self) -> u8 {
        match self {
            HandShape::Waiting { sets } | HandShape::Full { sets } => sets,
        }
    }
}

impl Default for Hand {
    fn default() -> Self {
        Hand {
            concealed: [0; NUM_KINDS],
            melds: Vec::new(),
            wilds: 0,
            flowers: 0,
        }
    }
}

impl Hand {
    pub fn from_counts(concealed: Counts) -> Hand {
        Hand {
            concealed,
            ..Hand::default()
        }
    }

    /// Concealed tiles, wilds included.
    pub fn concealed_len(&self) -> usize {
        self.concealed.iter().map(|&c| c as usize).sum::<usize>() + self.wilds as usize
    }

    /// Every real tile the hand shows or holds: concealed plus melds (wilds and flowers excluded).
    pub fn all_tiles(&self) -> Counts {
        let mut counts = self.concealed;
        for meld in &self.melds {
            meld.add_tiles(&mut counts);
        }
        counts
    }

    pub fn shape(&self) -> Result<HandShape> {
        HandShape::of_size(self.concealed_len())
    }

    /// Checks everything that makes a hand impossible and names the culprit.
    pub fn validate(&self) -> Result<HandShape> {
        for meld in &self.melds {
            meld.validate()?;
        }
        // Counts are checked before summing so that a huge count cannot overflow the meld addition.
        for (index, &count) in self.concealed.iter().enumerate() {
            if count > COPIES {
                return Err(too_many(index, count as u32, "in the concealed part"));
            }
        }
        let mut total = [0u32; NUM_KINDS];
        for (t, &c) in total.iter_mut().zip(self.concealed.iter()) {
            *t = c as u32;
        }
        for meld in &self.melds {
            let t = meld.tile.index() as usize;
            if meld.kind == MeldKind::Chi {
                for slot in &mut total[t..t + 3] {
                    *slot += 1;
                }
            } else {
                total[t] += meld.kind.tile_count() as u32;
            }
        }
        for (index, &count) in total.iter().enumerate() {
            if count > COPIES as u32 {
                return Err(too_many(index, count, "counting melds"));
            }
        }
        if self.wilds > 8 {
            return Err(EngineError::hand(format!(
                "{} wild tiles: a hand holds at most 8",
                self.wilds
            )));
        }
        let shape = self.shape()?;
        let sets = shape.sets() as usize + self.melds.len();
        if sets > MAX_SETS {
            return Err(EngineError::hand(format!(
                "{} melds plus a concealed part of {} tiles make {sets} sets: at most {MAX_SETS}",
                self.melds.len(),
                self.concealed_len()
            )));
        }
        let _ = NUM_FLOWERS; // every bit of the u8 is a valid flower
        Ok(shape)
    }
}

fn too_many(index: usize, count: u32, context: &str) -> EngineError {
    let tile = Tile::new(index as u8).map(|t| t.mpsz()).unwrap_or_default();
    EngineError::hand(format!(
        "tile {tile} appears {count} times {context}: at most 4"
    ))
}
