//! Shanten against its definition: every target of every form enumerated explicitly (with pruning), on seeded
//! random hands of every size, with melds and with wild tiles, plus known hands.

use mjcore_engine::knitted_pattern::KnittedPattern;
use mjcore_engine::notation::parse_hand;
use mjcore_engine::{
    shanten, shanten_by_form, shanten_counts, FormOptions, FormSet, Hand, Meld, MeldKind, Tile,
    NUM_KINDS,
};

/// splitmix64: a tiny seeded generator, so that failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What a target may use and what it is measured against.
struct Problem {
    held: [u8; NUM_KINDS],
    caps: [u8; NUM_KINDS],
    max_excess: u32,
}

impl Problem {
    fn of(hand: &Hand, opts: FormOptions) -> Problem {
        let mut in_melds = [0u8; NUM_KINDS];
        for meld in &hand.melds {
            meld.add_tiles(&mut in_melds);
        }
        Problem {
            held: hand.concealed,
            caps: in_melds.map(|m| 4 - m),
            max_excess: if opts.wild_fifth_copy {
                hand.wilds as u32
            } else {
                0
            },
        }
    }

    fn excess(&self, target: &[u8; NUM_KINDS]) -> u32 {
        (0..NUM_KINDS)
            .map(|k| target[k].saturating_sub(self.caps[k]) as u32)
            .sum()
    }

    fn missing(&self, target: &[u8; NUM_KINDS]) -> u32 {
        (0..NUM_KINDS)
            .map(|k| target[k].saturating_sub(self.held[k]) as u32)
            .sum()
    }

    /// The target's missing tiles if its excess fits the budget.
    fn cost(&self, target: &[u8; NUM_KINDS]) -> Option<u32> {
        (self.excess(target) <= self.max_excess).then(|| self.missing(target))
    }
}

/// Every set as its tiles: 34 pungs and 21 chows.
fn all_sets() -> Vec<Vec<usize>> {
    let mut sets: Vec<Vec<usize>> = (0..NUM_KINDS).map(|k| vec![k, k, k]).collect();
    for k in 0..27 {
        if k % 9 <= 6 {
            sets.push(vec![k, k + 1, k + 2]);
        }
    }
    sets
}

/// Fewest missing tiles over all targets of `sets` sets (chosen in non-decreasing order) and a pair, beyond
/// `target`. Missing tiles only grow as groups are added, which prunes the search.
fn best_standard(
    problem: &Problem,
    all: &[Vec<usize>],
    target: &mut [u8; NUM_KINDS],
    sets: usize,
    first: usize,
    best: &mut u32,
) {
    if problem.missing(target) >= *best {
        return;
    }
    if sets == 0 {
        for pair in 0..NUM_KINDS {
            target[pair] += 2;
            if let Some(cost) = problem.cost(target) {
                *best = (*best).min(cost);
            }
            target[pair] -= 2;
        }
        return;
    }
    for (index, set) in all.iter().enumerate().skip(first) {
        for &k in set {
            target[k] += 1;
        }
        best_standard(problem, all, target, sets - 1, index, best);
        for &k in set {
            target[k] -= 1;
        }
    }
}

fn seven_pairs_targets(quads: bool) -> impl FnMut(&Problem) -> u32 {
    move |problem| {
        fn walk(
            p: &Problem,
            quads: bool,
            kind: usize,
            pairs: usize,
            t: &mut [u8; NUM_KINDS],
            best: &mut u32,
        ) {
            if p.missing(t) >= *best {
                return;
            }
            if pairs == 7 {
                *best = p.cost(t).unwrap_or(u32::MAX).min(*best);
                return;
            }
            if kind == NUM_KINDS {
                return;
            }
            let most = if quads { 2 } else { 1 };
            for n in (0..=most.min(7 - pairs)).rev() {
                t[kind] = 2 * n as u8;
                walk(p, quads, kind + 1, pairs + n, t, best);
            }
            t[kind] = 0;
        }
        let mut best = u32::MAX;
        walk(problem, quads, 0, 0, &mut [0; NUM_KINDS], &mut best);
        best
    }
}

fn orphans_best(problem: &Problem) -> u32 {
    const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    ORPHANS
        .iter()
        .filter_map(|&extra| {
            let mut t = [0u8; NUM_KINDS];
            for k in ORPHANS {
                t[k] = 1;
            }
            t[extra] += 1;
            problem.cost(&t)
        })
        .min()
        .unwrap_or(u32::MAX)
}

fn knitted_patterns() -> Vec<Vec<usize>> {
    KnittedPattern::ALL
        .iter()
        .map(|p| p.tiles().iter().map(|&t| t as usize).collect())
        .collect()
}

/// 全不靠 / 七星不靠: 14 of the 16 kinds of a pattern and the honours; 组合龙: the pattern, `sets` sets and a pair.
fn knitted_best(problem: &Problem, sets: usize, melds: usize, all: &[Vec<usize>]) -> u32 {
    let mut best = u32::MAX;
    for pattern in knitted_patterns() {
        let mut base = [0u8; NUM_KINDS];
        for &k in &pattern {
            base[k] = 1;
        }
        if melds == 0 {
            let kinds: Vec<usize> = pattern.iter().copied().chain(27..34).collect();
            for skip_a in 0..16 {
                for skip_b in skip_a + 1..16 {
                    let mut t = [0u8; NUM_KINDS];
                    for (i, &k) in kinds.iter().enumerate() {
                        t[k] = (i != skip_a && i != skip_b) as u8;
                    }
                    best = best.min(problem.cost(&t).unwrap_or(u32::MAX));
                }
            }
        }
        let mut t = base;
        best_standard(problem, all, &mut t, sets, 0, &mut best);
    }
    best
}

fn brute_by_form(hand: &Hand, opts: FormOptions) -> [Option<i8>; 4] {
    let problem = Problem::of(hand, opts);
    let size = hand.concealed_len();
    let sets = size / 3;
    let melds = hand.melds.len();
    let all = all_sets();
    let to_shanten = |missing: u32| Some(missing.saturating_sub(hand.wilds as u32) as i8 - 1);
    let special = melds == 0 && (size == 13 || size == 14);
    let mut standard = u32::MAX;
    best_standard(&problem, &all, &mut [0; NUM_KINDS], sets, 0, &mut standard);
    let knitted_applies = special || (melds == 1 && (size == 10 || size == 11));
    [
        to_shanten(standard),
        if special {
            to_shanten(seven_pairs_targets(opts.seven_pairs_quads)(&problem))
        } else {
            None
        },
        if special {
            to_shanten(orphans_best(&problem))
        } else {
            None
        },
        if knitted_applies {
            to_shanten(knitted_best(&problem, sets - 3, melds, &all))
        } else {
            None
        },
    ]
}

/// A random valid hand: `melds` random declared melds, then concealed tiles drawn from what is left, `wilds`
/// of them replaced by wild tiles.
fn random_hand(rng: &mut Rng, sets: usize, melds: usize, wilds: u8, full: bool) -> Hand {
    let mut used = [0u8; NUM_KINDS];
    let mut hand = Hand::default();
    while hand.melds.len() < melds {
        let kind = MeldKind::from_code(rng.below(5) as u8).unwrap();
        let tile = rng.below(NUM_KINDS);
        let meld = Meld::new(kind, Tile::new(tile as u8).unwrap());
        let mut after = used;
        if meld.validate().is_err() {
            continue;
        }
        meld.add_tiles(&mut after);
        if after.iter().all(|&c| c <= 4) {
            used = after;
            hand.melds.push(meld);
        }
    }
    let size = 3 * sets + 1 + full as usize;
    let real = size - wilds as usize;
    let mut wall: Vec<usize> = (0..NUM_KINDS)
        .flat_map(|k| std::iter::repeat_n(k, 4 - used[k] as usize))
        .collect();
    for _ in 0..real {
        let pick = rng.below(wall.len());
        hand.concealed[wall.swap_remove(pick)] += 1;
    }
    hand.wilds = wilds;
    hand
}

fn check(hand: &Hand, opts: FormOptions) {
    let expected = brute_by_form(hand, opts);
    let got = shanten_by_form(hand, opts).unwrap();
    let selected: Vec<Option<i8>> = (0..4)
        .map(|i| {
            if opts.forms.0 >> i & 1 == 1 {
                expected[i]
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        got.to_vec(),
        selected,
        "{} {opts:?}",
        mjcore_engine::notation::format_hand(hand)
    );
    let best = selected.iter().flatten().min().copied();
    assert_eq!(shanten(hand, opts).ok(), best);
    if hand.melds.is_empty() && hand.wilds == 0 {
        assert_eq!(shanten_counts(&hand.concealed, opts), best);
    }
}

fn options(rng: &mut Rng) -> FormOptions {
    FormOptions {
        forms: FormSet::ALL,
        seven_pairs_quads: rng.below(2) == 0,
        wild_fifth_copy: rng.below(2) == 0,
    }
}

#[test]
fn random_thirteen_and_fourteen_tile_hands() {
    let mut rng = Rng(1);
    for i in 0..300 {
        let hand = random_hand(&mut rng, 4, 0, 0, i % 2 == 0);
        check(&hand, options(&mut rng));
    }
}

#[test]
fn random_hands_of_every_size() {
    let mut rng = Rng(2);
    for i in 0..300 {
        let sets = i % 6;
        let hand = random_hand(&mut rng, sets, 0, 0, i % 4 < 2);
        check(&hand, options(&mut rng));
    }
}

#[test]
fn random_hands_with_melds() {
    let mut rng = Rng(3);
    for i in 0..300 {
        let melds = 1 + i % 4;
        let sets = rng.below(5 - melds + 1).min(5 - melds);
        let hand = random_hand(&mut rng, sets, melds, 0, i % 2 == 0);
        check(&hand, options(&mut rng));
    }
}

#[test]
fn random_hands_with_wilds() {
    let mut rng = Rng(4);
    for i in 0..300 {
        let melds = i % 3;
        let sets = (4 - melds).min(1 + rng.below(4));
        let wilds = 1 + rng.below(4) as u8;
        if 3 * sets + 1 < wilds as usize {
            continue;
        }
        let hand = random_hand(&mut rng, sets, melds, wilds, i % 2 == 0);
        check(&hand, options(&mut rng));
    }
}

#[test]
fn concentrated_hands_stress_the_caps() {
    // Hands of one or two suits hit the four-copy limit far more often than random ones.
    let mut rng = Rng(5);
    for i in 0..300 {
        let mut hand = Hand::default();
        let suits = [rng.below(4), rng.below(4)];
        let size = if i % 2 == 0 { 13 } else { 14 };
        while hand.concealed_len() < size {
            let suit = suits[rng.below(2)];
            let kind = suit * 9 + rng.below(if suit == 3 { 7 } else { 9 });
            if hand.concealed[kind] < 4 {
                hand.concealed[kind] += 1;
            }
        }
        check(&hand, options(&mut rng));
    }
}

fn shanten_of(text: &str, forms: FormSet) -> i8 {
    shanten(&parse_hand(text).unwrap(), FormOptions::with_forms(forms)).unwrap()
}

#[test]
fn known_hands() {
    let standard = FormSet::STANDARD;
    assert_eq!(shanten_of("1111m333p222s444z", standard), 1);
    assert_eq!(shanten_of("123m456p789s1122z", standard), 0);
    assert_eq!(shanten_of("123m456p789s11222z", standard), -1);
    assert_eq!(shanten_of("1112345678999m", standard), 0); // 九莲宝灯 waits on all nine
    assert_eq!(shanten_of("11123456789999m", FormSet::ALL), -1);
    assert_eq!(
        shanten_of("19m19p19s1234567z", FormSet::THIRTEEN_ORPHANS),
        0
    );
    assert_eq!(
        shanten_of("19m19p19s12345677z", FormSet::THIRTEEN_ORPHANS),
        -1
    );
    assert_eq!(shanten_of("1199m1199p1199s11z", FormSet::SEVEN_PAIRS), -1);
    assert_eq!(shanten_of("1199m1199p1199s1z", FormSet::SEVEN_PAIRS), 0);
    // Four identical tiles are two pairs only when the ruleset says so.
    let quads = parse_hand("1111m2233p4455s66z").unwrap();
    let no_quads = FormOptions {
        seven_pairs_quads: false,
        ..FormOptions::with_forms(FormSet::SEVEN_PAIRS)
    };
    assert_eq!(
        shanten(&quads, FormOptions::with_forms(FormSet::SEVEN_PAIRS)).unwrap(),
        -1
    );
    assert_eq!(shanten(&quads, no_quads).unwrap(), 1); // the last two 1m must become a new pair
                                                       // 全不靠: 147m 258p 369s + 5 honours = 14 distinct tiles.
    assert_eq!(shanten_of("147m258p369s12345z", FormSet::KNITTED), -1);
    assert_eq!(shanten_of("147m258p3s1234567z", FormSet::KNITTED), -1); // 七星不靠
    assert_eq!(shanten_of("147m258p369s123m11z", FormSet::KNITTED), -1); // 组合龙 + 123m + 11z
    assert_eq!(shanten_of("147m258p369s123m1z", FormSet::KNITTED), 0);
    // A declared pon holds three copies: waiting on the fourth 1z is waiting on nothing.
    assert_eq!(shanten_of("222m345p678s1z [111z]", standard), 1);
    assert_eq!(shanten_of("222m345p678s2z [111z]", standard), 0);
    // Wilds fill any slot.
    assert_eq!(shanten_of("123m456p789s11z***", standard), -1);
    assert_eq!(shanten_of("12m********", standard), 0); // a 3n+1 hand is never complete
}

#[test]
fn a_wild_as_fifth_copy_follows_the_option() {
    // 1111m held with a wild: 111m + 1m* needs a fifth 1m.
    let hand = parse_hand("1111m123p456p789p*").unwrap();
    let allowed = FormOptions::with_forms(FormSet::STANDARD);
    let forbidden = FormOptions {
        wild_fifth_copy: false,
        ..allowed
    };
    assert_eq!(shanten(&hand, allowed).unwrap(), -1);
    assert_eq!(shanten(&hand, forbidden).unwrap(), 0);
}

#[test]
fn no_applicable_form_is_an_error() {
    let hand =
        parse_hand("123m [456p] 78s9s11z").unwrap_or_else(|_| parse_hand("1m [456p]").unwrap());
    assert!(shanten(&hand, FormOptions::with_forms(FormSet::SEVEN_PAIRS)).is_err());
    assert!(shanten(&hand, FormOptions::with_forms(FormSet::NONE)).is_err());
}
