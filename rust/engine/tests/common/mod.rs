//! Shared by the integration tests: a seeded generator of random hands and a brute-force win checker that
//! shares no code with the engine's searches or tables.

#![allow(dead_code)] // each test file uses its own part of the helpers

use mjcore_engine::knitted_pattern::KnittedPattern;
use mjcore_engine::tile::{can_start_chow, COPIES, TERMINALS_AND_HONOURS};
use mjcore_engine::{Counts, FormOptions, FormSet, Hand, Meld, MeldKind, Tile, NUM_KINDS};

/// splitmix64: small, seeded, good enough to spread test hands.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn tile(index: usize) -> Tile {
    Tile::new(index as u8).expect("test tiles are 0..34")
}

/// A random valid hand: `melds` declared melds, a concealed part of 3n+2 tiles (`wilds` of them wild).
/// When `winning`, the concealed part is built from random sets and a pair before wilds replace tiles, so
/// that wins are common; otherwise the tiles are drawn at random.
pub fn random_hand(rng: &mut Rng, sets: usize, melds: usize, wilds: u8, winning: bool) -> Hand {
    loop {
        let mut hand = Hand::default();
        let mut used = [0u8; NUM_KINDS];
        for _ in 0..melds {
            let kind = [
                MeldKind::Chi,
                MeldKind::Pon,
                MeldKind::Kong,
                MeldKind::ConcealedKong,
            ][rng.below(4)];
            let mut start = rng.below(NUM_KINDS);
            if kind == MeldKind::Chi {
                start = rng.below(3) * 9 + rng.below(7);
            }
            let meld = Meld::new(kind, tile(start));
            meld.add_tiles(&mut used);
            hand.melds.push(meld);
        }
        let concealed_size = 3 * sets + 2;
        if winning {
            add_random_group(rng, &mut hand.concealed, 2, true);
            for _ in 0..sets {
                let identical = rng.below(2) == 0;
                add_random_group(rng, &mut hand.concealed, 3, identical);
            }
        } else {
            for _ in 0..concealed_size {
                hand.concealed[rng.below(NUM_KINDS)] += 1;
            }
        }
        for _ in 0..wilds {
            let held: Vec<usize> = (0..NUM_KINDS).filter(|&k| hand.concealed[k] > 0).collect();
            if held.is_empty() {
                break;
            }
            hand.concealed[held[rng.below(held.len())]] -= 1;
            hand.wilds += 1;
        }
        if hand.wilds == wilds && hand.validate().is_ok() {
            return hand;
        }
    }
}

/// Adds a pair (`size` 2), a pung or a chow of random tiles.
fn add_random_group(rng: &mut Rng, counts: &mut Counts, size: usize, identical: bool) {
    if identical || size == 2 {
        counts[rng.below(NUM_KINDS)] += size as u8;
    } else {
        let start = rng.below(3) * 9 + rng.below(7);
        for slot in &mut counts[start..start + 3] {
            *slot += 1;
        }
    }
}

/// Brute force: tries every assignment of the wilds to kinds, then checks each form on plain counts.
pub fn brute_is_win(hand: &Hand, opts: FormOptions) -> bool {
    let mut melded = hand.all_tiles();
    for (m, c) in melded.iter_mut().zip(hand.concealed) {
        *m -= c;
    }
    let mut counts = hand.concealed;
    assign_wilds(&mut counts, hand.wilds, 0, &melded, hand, opts)
}

fn assign_wilds(
    counts: &mut Counts,
    wilds: u8,
    from: usize,
    melded: &Counts,
    hand: &Hand,
    opts: FormOptions,
) -> bool {
    if wilds == 0 {
        return complete(counts, hand, opts);
    }
    for k in from..NUM_KINDS {
        if !opts.wild_fifth_copy && counts[k] + melded[k] >= COPIES {
            continue;
        }
        counts[k] += 1;
        let found = assign_wilds(counts, wilds - 1, k, melded, hand, opts);
        counts[k] -= 1;
        if found {
            return true;
        }
    }
    false
}

fn complete(counts: &Counts, hand: &Hand, opts: FormOptions) -> bool {
    let size: usize = counts.iter().map(|&c| c as usize).sum();
    let whole = hand.melds.is_empty() && size == 14;
    let forms = opts.forms;
    (forms.contains(FormSet::STANDARD) && sets_and_pair(&mut counts.clone(), size / 3, 1))
        || (whole
            && forms.contains(FormSet::SEVEN_PAIRS)
            && counts
                .iter()
                .all(|&c| c % 2 == 0 && c <= if opts.seven_pairs_quads { 4 } else { 2 }))
        || (whole && forms.contains(FormSet::THIRTEEN_ORPHANS) && is_orphans(counts))
        || (forms.contains(FormSet::KNITTED) && is_knitted(counts, hand, size, whole))
}

/// Any order of removal: tries every group at the first non-empty kind.
pub fn sets_and_pair(counts: &mut Counts, sets: usize, pairs: usize) -> bool {
    let Some(i) = counts.iter().position(|&c| c > 0) else {
        return sets == 0 && pairs == 0;
    };
    let try_remove = |counts: &mut Counts, kinds: &[usize], sets: usize, pairs: usize| {
        if kinds.iter().any(|&k| counts[k] == 0)
            || (kinds.len() == 2 && counts[i] < 2)
            || (kinds.len() == 3 && kinds[0] == kinds[1] && counts[i] < 3)
        {
            return false;
        }
        for &k in kinds {
            counts[k] -= 1;
        }
        let ok = sets_and_pair(counts, sets, pairs);
        for &k in kinds {
            counts[k] += 1;
        }
        ok
    };
    (pairs > 0 && try_remove(counts, &[i, i], sets, pairs - 1))
        || (sets > 0 && try_remove(counts, &[i, i, i], sets - 1, pairs))
        || (sets > 0
            && can_start_chow(i as u8)
            && try_remove(counts, &[i, i + 1, i + 2], sets - 1, pairs))
}

fn is_orphans(counts: &Counts) -> bool {
    TERMINALS_AND_HONOURS
        .iter()
        .all(|&t| counts[t as usize] >= 1)
        && TERMINALS_AND_HONOURS
            .iter()
            .map(|&t| counts[t as usize] as usize)
            .sum::<usize>()
            == 14
}

fn is_knitted(counts: &Counts, hand: &Hand, size: usize, whole: bool) -> bool {
    KnittedPattern::ALL.iter().any(|p| {
        let in_pattern = |k: usize| k < 27 && (k % 9) % 3 == p.class(k / 9) as usize;
        let honors = whole
            && (0..NUM_KINDS)
                .all(|k| counts[k] <= 1 && (counts[k] == 0 || k >= 27 || in_pattern(k)));
        let straight = hand.melds.len() <= 1 && size + 3 * hand.melds.len() == 14 && {
            let mut rest = *counts;
            (0..27).filter(|&k| in_pattern(k)).all(|k| {
                let present = rest[k] > 0;
                rest[k] = rest[k].saturating_sub(1);
                present
            }) && sets_and_pair(&mut rest, 1 - hand.melds.len(), 1)
        };
        honors || straight
    })
}

/// (key, value, excludes) of every `[fans.*]` row of the shipped file.
pub fn shipped_rows() -> Vec<(String, u8, Vec<String>)> {
    rows_of("fans.")
}

/// (key, value, excludes) of every row of the shipped file whose section starts with `prefix`, but for the
/// rows marked `scored = false`.
pub fn rows_of(prefix: &str) -> Vec<(String, u8, Vec<String>)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../python/mjcore/rulesets/mcr.toml"
    );
    let text = std::fs::read_to_string(path).expect("the shipped mcr.toml");
    let mut rows: Vec<(String, u8, Vec<String>)> = Vec::new();
    let mut in_fans = false;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if let Some(section) = line.strip_prefix('[') {
            let name = section.trim_end_matches(']');
            in_fans = name.starts_with(prefix);
            if in_fans {
                rows.push((name[prefix.len()..].to_owned(), 0, Vec::new()));
            }
        } else if let (true, Some(row)) = (in_fans, rows.last_mut()) {
            if line == "scored = false" {
                rows.pop();
                in_fans = false;
            } else if let Some(value) = line.strip_prefix("fan = ") {
                row.1 = value.parse().expect("a fan value");
            } else if let Some(list) = line.strip_prefix("excludes = ") {
                row.2 = list
                    .trim_matches(|c| c == '[' || c == ']')
                    .split(',')
                    .map(|key| key.trim().trim_matches('"').to_owned())
                    .filter(|key| !key.is_empty())
                    .collect();
            }
        }
    }
    rows
}
