//! A complete hand read as sets and a pair: the plain data the pattern detectors take.
//!
//! `for_each_reading` enumerates the readings of the shapes Guangdong tables use (sets + pair, seven pairs,
//! thirteen orphans) for hands without wild tiles. It is the scoring hot path: the general decomposition
//! (`crate::decompose`: wilds, knitted forms, canonical group order) costs about eight times more per hand
//! here, which would put batch scoring far below a million hands a second. `Reading::of` maps a general
//! decomposition to the same data, and the tests check that both give the same readings.

use crate::decompose::{Decomposition, FormKind, GroupKind};
use crate::hand::{Hand, MAX_SETS};
use crate::tile::{can_start_chow, Counts, Tile, NUM_KINDS, TERMINALS_AND_HONOURS};

/// The winning shape a reading takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Standard,
    SevenPairs,
    ThirteenOrphans,
}

/// One set of a standard reading. Kongs count as pungs for every shape and pattern purpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Set {
    pub chow: bool,
    /// The lowest tile (the first of a chow).
    pub tile: Tile,
}

/// A complete hand: its form, and for the standard form its sets (declared melds included) and pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    pub form: Form,
    sets: [Option<Set>; MAX_SETS],
    pub pair: Option<Tile>,
}

impl Reading {
    pub fn sets(&self) -> impl Iterator<Item = Set> + '_ {
        self.sets.iter().flatten().copied()
    }

    /// The reading of a general decomposition; None for the knitted forms, which no Guangdong table has.
    pub fn of(decomposition: &Decomposition) -> Option<Reading> {
        let form = match decomposition.form {
            FormKind::Standard => Form::Standard,
            FormKind::SevenPairs => Form::SevenPairs,
            FormKind::ThirteenOrphans => Form::ThirteenOrphans,
            FormKind::KnittedStraight
            | FormKind::LesserHonorsKnitted
            | FormKind::GreaterHonorsKnitted => return None,
        };
        let mut reading = Reading::special(form);
        if form != Form::Standard {
            return Some(reading);
        }
        let mut slots = reading.sets.iter_mut();
        for group in decomposition.groups() {
            let tile = Tile::new(*group.tiles().first()?)?;
            match group.kind {
                GroupKind::Pair => reading.pair = Some(tile),
                GroupKind::Chow | GroupKind::Pung | GroupKind::Kong => {
                    *slots.next()? = Some(Set {
                        chow: group.kind == GroupKind::Chow,
                        tile,
                    })
                }
                GroupKind::Knitted | GroupKind::Single => return None,
            }
        }
        Some(reading)
    }

    fn special(form: Form) -> Reading {
        Reading {
            form,
            sets: [None; MAX_SETS],
            pair: None,
        }
    }
}

/// Which irregular shapes count, besides the standard one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shapes {
    pub seven_pairs: bool,
    /// Four identical concealed tiles count as two pairs of seven pairs.
    pub seven_pairs_quads: bool,
    pub thirteen_orphans: bool,
}

/// Calls `visit` with every reading of `hand` completed by `concealed` (its concealed tiles, winning tile
/// included). Wild tiles are not read here: a hand with wilds has no reading.
pub fn for_each_reading(
    hand: &Hand,
    concealed: &Counts,
    shapes: Shapes,
    mut visit: impl FnMut(&Reading),
) {
    if hand.wilds > 0 {
        return;
    }
    let mut reading = Reading::special(Form::Standard);
    for (slot, meld) in reading.sets.iter_mut().zip(&hand.melds) {
        *slot = Some(Set {
            chow: meld.kind.is_chow(),
            tile: meld.tile,
        });
    }
    let mut counts = *concealed;
    let first_free = hand.melds.len();
    for pair in pair_candidates(concealed) {
        if counts[pair] >= 2 {
            counts[pair] -= 2;
            reading.pair = Tile::new(pair as u8);
            read_sets(&mut counts, 0, &mut reading, first_free, &mut visit);
            counts[pair] += 2;
        }
    }
    if hand.melds.is_empty() {
        if shapes.seven_pairs && is_seven_pairs(concealed, shapes.seven_pairs_quads) {
            visit(&Reading::special(Form::SevenPairs));
        }
        if shapes.thirteen_orphans && is_thirteen_orphans(concealed) {
            visit(&Reading::special(Form::ThirteenOrphans));
        }
    }
}

/// The kinds that can be the pair: sets hold a multiple of three tiles of each suit, so the pair lies in the
/// one suit whose count leaves 2 modulo 3 (and nowhere if the suits do not split that way).
fn pair_candidates(concealed: &Counts) -> std::ops::Range<usize> {
    let mut pair_suit = None;
    for (suit, kinds) in concealed.chunks(9).enumerate() {
        match kinds.iter().map(|&c| c as u32).sum::<u32>() % 3 {
            0 => {}
            2 if pair_suit.is_none() => pair_suit = Some(suit),
            _ => return 0..0,
        }
    }
    pair_suit.map_or(0..0, |suit| suit * 9..(suit * 9 + 9).min(NUM_KINDS))
}

/// Splits the remaining counts (from kind `start` on) into sets, so that each distinct reading is visited
/// once: the lowest remaining kind either gives one pung and starts chows with the copies left, or starts
/// chows with all its copies.
fn read_sets(
    counts: &mut Counts,
    start: usize,
    reading: &mut Reading,
    slot: usize,
    visit: &mut impl FnMut(&Reading),
) {
    let Some(first) = (start..NUM_KINDS).find(|&t| counts[t] > 0) else {
        visit(reading);
        return;
    };
    let Some(tile) = Tile::new(first as u8) else {
        return;
    };
    let copies = counts[first];
    if copies >= 3 && slot < MAX_SETS {
        counts[first] -= 3;
        reading.sets[slot] = Some(Set { chow: false, tile });
        start_chows(counts, tile, copies - 3, reading, slot + 1, visit);
        reading.sets[slot] = None;
        counts[first] += 3;
    }
    start_chows(counts, tile, copies, reading, slot, visit);
}

/// Starts `chows` chows at `tile` (every copy of it still unread), then reads the kinds after it.
fn start_chows(
    counts: &mut Counts,
    tile: Tile,
    chows: u8,
    reading: &mut Reading,
    slot: usize,
    visit: &mut impl FnMut(&Reading),
) {
    let first = tile.index() as usize;
    let end = slot + chows as usize;
    let fits = chows == 0
        || (can_start_chow(tile.index())
            && counts[first + 1] >= chows
            && counts[first + 2] >= chows);
    if !fits || end > MAX_SETS {
        return;
    }
    let run = if chows == 0 {
        first..first
    } else {
        first..first + 3
    };
    for count in &mut counts[run.clone()] {
        *count -= chows;
    }
    for set in &mut reading.sets[slot..end] {
        *set = Some(Set { chow: true, tile });
    }
    read_sets(counts, first + 1, reading, end, visit);
    for set in &mut reading.sets[slot..end] {
        *set = None;
    }
    for count in &mut counts[run] {
        *count += chows;
    }
}

fn is_seven_pairs(concealed: &Counts, quads_count_twice: bool) -> bool {
    let mut pairs = 0;
    for &c in concealed {
        match c {
            0 => {}
            2 => pairs += 1,
            4 if quads_count_twice => pairs += 2,
            _ => return false,
        }
    }
    pairs == 7
}

fn is_thirteen_orphans(concealed: &Counts) -> bool {
    let total: u32 = concealed.iter().map(|&c| c as u32).sum();
    let orphans_total: u32 = TERMINALS_AND_HONOURS
        .iter()
        .map(|&t| concealed[t as usize] as u32)
        .sum();
    total == 14
        && orphans_total == 14
        && TERMINALS_AND_HONOURS
            .iter()
            .all(|&t| concealed[t as usize] >= 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::decompose;
    use crate::forms::{FormOptions, FormSet};
    use crate::notation::parse_hand;
    use crate::tile::NUM_KINDS;

    fn readings(text: &str, shapes: Shapes) -> Vec<Reading> {
        let hand = parse_hand(text).expect("test hand");
        let mut found = Vec::new();
        for_each_reading(&hand, &hand.concealed, shapes, |r| found.push(*r));
        found
    }

    #[test]
    fn triple_chows_read_both_ways() {
        let found = readings("111222333m45677p", Shapes::default());
        assert_eq!(found.len(), 2);
        assert!(found.iter().any(|r| r.sets().all(|s| s.chow)));
    }

    #[test]
    fn melds_are_sets_of_the_reading() {
        let found = readings("123m456p77s[555z][789s]", Shapes::default());
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].sets().count(), 4);
    }

    #[test]
    fn seven_pairs_and_orphans_only_when_enabled() {
        let all = Shapes {
            seven_pairs: true,
            seven_pairs_quads: true,
            thirteen_orphans: true,
        };
        assert!(readings("11335577m224466p", Shapes::default()).is_empty());
        assert_eq!(readings("11335577m224466p", all)[0].form, Form::SevenPairs);
        assert_eq!(
            readings("19m19p19s12345677z", all)[0].form,
            Form::ThirteenOrphans
        );
        let no_quads = Shapes {
            seven_pairs_quads: false,
            ..all
        };
        assert!(readings("11113355m224466p", no_quads).is_empty());
        assert!(!readings("11113355m224466p", all).is_empty());
    }

    /// A reading as a comparable key: (form, sets as (chow, tile), pair).
    type ReadingKey = (u8, Vec<(bool, u8)>, Option<u8>);

    /// Readings as comparable keys (sets sorted, since melds come last in a decomposition).
    fn keys(readings: impl IntoIterator<Item = Reading>) -> Vec<ReadingKey> {
        let mut keys: Vec<_> = readings
            .into_iter()
            .map(|r| {
                let mut sets: Vec<_> = r.sets().map(|s| (s.chow, s.tile.index())).collect();
                sets.sort_unstable();
                (r.form as u8, sets, r.pair.map(Tile::index))
            })
            .collect();
        keys.sort_unstable();
        keys
    }

    #[test]
    fn agrees_with_the_general_decomposition() {
        let all = Shapes {
            seven_pairs: true,
            seven_pairs_quads: true,
            thirteen_orphans: true,
        };
        let options = FormOptions {
            forms: FormSet::STANDARD
                .union(FormSet::SEVEN_PAIRS)
                .union(FormSet::THIRTEEN_ORPHANS),
            seven_pairs_quads: true,
            wild_fifth_copy: false,
        };
        // Pseudo-random 14-tile hands of one suit or of the honours (xorshift, fixed seed): dense enough in
        // pungs, chows and pairs to have several readings each.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut checked = 0;
        while checked < 3000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut counts = [0u8; NUM_KINDS];
            let suit = (state % 4) as usize * 9;
            let width = if suit == 27 { 7 } else { 9 };
            let mut bits = state >> 2;
            let mut placed = 0;
            while placed < 14 {
                let kind = suit + (bits % width as u64) as usize;
                bits = bits.rotate_right(5) ^ 0x9e37_79b9;
                if counts[kind] < 4 {
                    counts[kind] += 1;
                    placed += 1;
                }
            }
            let hand = Hand::from_counts(counts);
            let mut ours = Vec::new();
            for_each_reading(&hand, &counts, all, |r| ours.push(*r));
            let general = decompose(&hand, options).expect("a 14-tile hand");
            assert_eq!(
                keys(ours),
                keys(general.iter().filter_map(Reading::of)),
                "{counts:?}"
            );
            checked += 1;
        }
    }
}
