//! How far a seat is from winning, as the efficiency bot weighs it: the shanten of a 3n+1 hand and its useful
//! tiles (进张) — the copies the seat has not seen of the kinds whose draw lowers that shanten — towards a
//! set of forms: the standard shape and the whole-hand forms the table wins with (thirteen orphans, seven
//! pairs, 全不靠, 组合龙).
//!
//! Incremental: the standard form keeps one distance vector per suit (fewest missing tiles per (sets, pair)
//! target, as in the shanten module) and, per suit, the combination of the other three. A draw or a discard
//! changes one suit, so each of a turn's 14 candidate discards × 34 draws costs one suit lookup and one final
//! combine. Discards whose shanten is not the lowest never have their useful tiles counted: they lose on
//! shanten alone. Exactness is kept beside declared melds (a kind's copies capped below four) by exact
//! capped suit vectors, memoised because the same suit contents recur across candidates and turns.

use std::cmp::Reverse;

use super::byte_lanes::ByteLanes;
use super::capped_suit::CappedRuns;
use super::distance_lanes::{combined, settled, ENTRIES_BEYOND};
use super::drawn_table::{DrawnTable, HONOURS_DRAWN, NUMBERED_DRAWN};
use super::vector_cache::{CAPPED_VECTORS, KEY_BITS};
use crate::error::{EngineError, Result};
use crate::forms::{FormOptions, FormSet};
use crate::hand::{Meld, MAX_SETS};
use crate::inline_vec::InlineVec;
use crate::kind_mask::{kinds_held, kinds_of};
use crate::shanten::kernels::Portable;
use crate::shanten::{
    honours_knitted_lowering_draws, mask_forms_missing, plain_knitted_straight_lowering,
    plain_knitted_straight_missing_within, seven_pairs_count, seven_pairs_lowering_draws, slot,
    Distances, SuitTable, HONOURS, NUMBERED, SETS_IN_KNITTED_STRAIGHT, UNREACHABLE,
};
use crate::suit_key::hand_keys_packed;
use crate::tile::{Counts, Suit, Tile, COPIES, NUM_KINDS, TERMINALS_AND_HONOURS};

/// Shanten and useful copies of a 3n+1 hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub shanten: i8,
    pub useful: u32,
}

impl Progress {
    /// Smaller is better: lower shanten, then more useful copies.
    pub fn rank(self) -> (i8, Reverse<u32>) {
        (self.shanten, Reverse(self.useful))
    }
}

/// Exact suit vectors for suits whose copies are capped below four by the seat's melds: the process's memo
/// ([`CAPPED_VECTORS`], keyed by (suit, suit contents, caps) packed into one number) and, for its misses,
/// this thread's recent runs of the programme.
#[derive(Clone, Debug, Default)]
pub struct CappedSuits {
    /// The programme's recent runs, for misses a tile or two from them.
    runs: CappedRuns,
}

// Suit keys are below 5^9 < 2^21; four suits: 44 bits.
const _: () = assert!(5usize.pow(9) < 1 << 21 && 2 + 21 + 21 <= KEY_BITS);

impl CappedSuits {
    /// The memo's key of a suit: its [key](crate::suit_key) and its caps' key.
    fn key(suit: Suit, suit_key: usize, caps_key: usize) -> u64 {
        (suit as u64) | (suit_key as u64) << 2 | (caps_key as u64) << 23
    }

    /// Starts loading `key`'s entry, for a lookup soon after: a few lookups issued together wait for memory
    /// once, not once each.
    fn prefetch(&self, key: u64) {
        CAPPED_VECTORS.prefetch(key);
    }

    /// The suit's vector under `key`, exact for targets of up to `sets` sets (the entries above are
    /// unreachable); `counts` gives the suit's counts, asked for only when the memo does not hold it.
    ///
    /// The memo holds each vector for targets of up to [`MAX_SETS`] sets, whatever the hand's size: a suit's
    /// distance to a target does not depend on how many sets the whole hand needs, so hands beside one meld
    /// and beside two share their entries. (Keyed by size as well, the full memo missed 0.40 times an env
    /// step against efficiency opponents; keyed so, 0.12. Distinct vectors stay under 256 at every table.)
    fn distances(
        &mut self,
        key: u64,
        suit: Suit,
        counts: impl FnOnce() -> SuitCounts,
        caps: &[u8],
        sets: usize,
    ) -> Distances {
        let every_size = CAPPED_VECTORS.get(key).unwrap_or_else(|| {
            let counts = counts();
            let kinds = usize::from(suit.len());
            let computed =
                self.runs
                    .distances(&counts[..kinds], caps, suit != Suit::Honor, MAX_SETS);
            CAPPED_VECTORS.insert(key, computed);
            computed
        });
        settled(ByteLanes::load(&every_size), sets)
    }
}

/// One entry per kind a 3n+2 hand can discard: at most one per tile of its largest concealed part.
const MAX_DISCARDS: usize = 3 * MAX_SETS + 2;

/// Per-discard results of one hand, kept inline (no allocation on the bot's every turn).
pub(crate) type Discards<T> = InlineVec<T, MAX_DISCARDS>;

/// A discard among the best, with its discarded suit's key and (exact) vector after it.
#[derive(Clone, Copy)]
struct Candidate {
    tile: Tile,
    key: usize,
    own: Distances,
}

impl Candidate {
    /// The hand the discard leaves of `counts`.
    fn left(&self, counts: &Counts) -> Counts {
        changed(counts, usize::from(self.tile.index()), false)
    }

    /// The suit keys of the hand the discard leaves, `keys` those of the hand.
    fn keys_left(&self, keys: [usize; 4]) -> [usize; 4] {
        let mut left = keys;
        left[self.tile.suit() as usize] = self.key;
        left
    }
}

/// A 3n+1 hand's fewest missing tiles and its useful draws: the copies sure to lower that count, and the
/// kinds (bits by kind index) whose draw may lower it, for the exact capped programme to settle.
#[derive(Clone, Copy)]
struct Draws {
    missing: u8,
    useful: u32,
    unconfirmed: u64,
    unconfirmed_copies: u32,
    /// The kinds whose draw lowers the standard form's count, for a discard that leaves the same vectors
    /// (see [`Twin`]).
    lowers_standard: u64,
}

/// An earlier discard of the same suit that left that suit the same vector, and so the same vectors: the
/// draws of the other suits lower the count as they did after it, and only its own suit's need testing.
#[derive(Clone, Copy)]
struct Twin {
    suit: Suit,
    missing: u8,
    lowers_standard: u64,
}

impl Draws {
    /// The progress counting only the sure draws: exact when none is left to confirm.
    fn sure_progress(&self) -> Progress {
        Progress {
            shanten: self.missing as i8 - 1,
            useful: self.useful,
        }
    }

    /// The most useful copies the hand can have.
    fn bound(&self) -> u32 {
        self.useful + self.unconfirmed_copies
    }
}

/// The standard form's vectors of a hand: per suit its own, and the combination of the other three laid out
/// against it (see [`Evaluator::completion`]).
#[derive(Clone, Copy)]
struct SuitVectors {
    own: [Distances; 4],
    rest: Rests,
}

/// Per suit, the combination of the other three suits' vectors laid out against it.
type Rests = [Distances; 4];

/// Evaluates hands one tile apart beside fixed melds, against fixed unseen copies.
pub struct Evaluator<'a> {
    /// Copies of each kind a target may use: four minus those in the seat's melds.
    caps: Counts,
    /// Sets the concealed part forms besides its pair (the same for its 3n+1 and 3n+2 sizes).
    sets: usize,
    /// Whether thirteen orphans applies: selected, no melds, 13/14 concealed tiles.
    thirteen_orphans: bool,
    /// Seven pairs and 全不靠 where they apply (selected, no melds, 13/14 concealed tiles), as scored by the
    /// shanten module.
    pairs_or_knitted: Option<FormOptions>,
    /// Whether 组合龙 (a knitted straight, a set and a pair) applies: selected, no melds, 13/14 concealed tiles.
    /// (Beside one declared meld it would apply too; the bot does not claim towards it.)
    knitted_straight: bool,
    unseen: &'a Counts,
    capped: &'a mut CappedSuits,
    /// Whether declared melds cap some kind of each suit below four copies.
    capped_suit: [bool; 4],
    /// The [key](crate::suit_key) of each capped suit's caps.
    caps_keys: [usize; 4],
    /// The kinds of those suits, bits by kind index.
    capped_kinds: u64,
    /// The kinds with an unseen copy, bits by kind index.
    unseen_kinds: u64,
}

impl<'a> Evaluator<'a> {
    /// For hands of `concealed`'s size (3n+1 or 3n+2 tiles) beside `melds`.
    pub fn new(
        concealed: &Counts,
        melds: &[Meld],
        forms: FormSet,
        unseen: &'a Counts,
        capped: &'a mut CappedSuits,
    ) -> Evaluator<'a> {
        let size: usize = concealed.iter().map(|&c| usize::from(c)).sum();
        let mut caps = [COPIES; NUM_KINDS];
        let mut capped_suit = [false; 4];
        // Most hands the bot weighs have no meld: nothing to cap.
        if !melds.is_empty() {
            let mut declared = [0; NUM_KINDS];
            for meld in melds {
                meld.add_tiles(&mut declared);
            }
            caps = declared.map(|used| COPIES.saturating_sub(used));
            capped_suit = Suit::ALL.map(|suit| caps[suit_range(suit)].iter().any(|&c| c < COPIES));
        }
        let capped_kinds = Suit::ALL
            .into_iter()
            .filter(|&suit| capped_suit[suit as usize])
            .map(suit_kinds)
            .fold(0, |kinds, suit| kinds | suit);
        let unseen_kinds = kinds_held(unseen);
        let whole_hand = melds.is_empty() && (13..=14).contains(&size);
        let pairs_or_knitted = FormSet(forms.0 & (FormSet::SEVEN_PAIRS.0 | FormSet::KNITTED.0));
        Evaluator {
            pairs_or_knitted: (whole_hand && pairs_or_knitted != FormSet::NONE).then_some(
                FormOptions {
                    forms: pairs_or_knitted,
                    seven_pairs_quads: true,
                    wild_fifth_copy: true,
                },
            ),
            // Read for capped suits only: without melds there is none.
            caps_keys: if melds.is_empty() {
                [0; 4]
            } else {
                hand_keys_packed(&caps)
            },
            caps,
            capped_suit,
            capped_kinds,
            unseen_kinds,
            sets: (size / 3).min(MAX_SETS),
            thirteen_orphans: forms.contains(FormSet::THIRTEEN_ORPHANS) && whole_hand,
            knitted_straight: forms.contains(FormSet::KNITTED) && whole_hand,
            unseen,
            capped,
        }
    }

    /// Shanten and useful copies of the 3n+1 `counts`.
    pub fn progress(&mut self, counts: &Counts) -> Progress {
        let vectors = self.vectors(counts);
        self.progress_with(counts, &vectors)
    }

    /// Shanten of the 3n+1 `counts`, or of the 3n+2 `counts` after its best discard — without counting useful
    /// tiles, the costly part.
    ///
    /// A 3n+2 hand needs no trial discards: the best discard misses as many tiles as the hand itself, or one
    /// if the hand is complete. (A discard never brings a target closer; and an incomplete hand holds a tile
    /// its nearest target does not use, whose discard leaves that target as near.)
    pub fn shanten(&mut self, counts: &Counts) -> i8 {
        let vectors = self.vectors(counts);
        shanten_of(counts, self.missing(counts, &vectors))
    }

    /// The discards of the 3n+2 `counts` that leave the best progress (lowest shanten, then most useful
    /// copies), each with that progress, in kind order.
    ///
    /// The four-copy tables bound each discard's useful copies from above, so the exact capped programme
    /// runs only for discards whose bound reaches the best exact count so far, highest bound first. Nothing is
    /// allocated: the efficiency bot asks this at every turn.
    pub(crate) fn best_discards(&mut self, counts: &Counts) -> Result<Discards<(Tile, Progress)>> {
        self.best_discards_above(counts, None)
    }

    /// [`best_discards`](Evaluator::best_discards), keeping only discards that leave more than `floor` useful
    /// copies (none when no discard does). A discard whose bound does not pass the floor is never settled
    /// exactly: a claim that must beat the hand as it stands skips the exact capped programme for most
    /// discards.
    pub(crate) fn best_discards_above(
        &mut self,
        counts: &Counts,
        floor: Option<u32>,
    ) -> Result<Discards<(Tile, Progress)>> {
        let mut candidates = Discards::new();
        let vectors = self.discards(counts, &mut candidates)?;
        let pairs = self.pairs(&vectors.own);
        let keys = hand_keys_packed(counts);
        // Each candidate's rests and draws by its position; the positions sorted highest bound first, in
        // kind order among equal bounds (small keys sort faster than the candidates themselves).
        let mut afters: Discards<Rests> = Discards::new();
        let mut draws: Discards<Draws> = Discards::new();
        let mut order = Discards::new();
        for (position, candidate) in candidates.iter().enumerate() {
            let suit = candidate.tile.suit();
            // About a third of the discards have a twin (two lone honours, say).
            let twin = candidates[..position]
                .iter()
                .position(|earlier| earlier.tile.suit() == suit && earlier.own == candidate.own);
            afters.push(match twin {
                Some(earlier) => afters[earlier],
                None => {
                    self.rests_with_suit_changed(&vectors, &pairs, suit as usize, candidate.own)
                }
            });
            // Its suit's rest is the hand's.
            let standard = self.completion(&candidate.own, &vectors.rest[suit as usize]);
            let twin = twin.map(|earlier| Twin {
                suit,
                missing: draws[earlier].missing,
                lowers_standard: draws[earlier].lowers_standard,
            });
            let left_keys = candidate.keys_left(keys);
            let left = candidate.left(counts);
            draws.push(self.draws(&left, left_keys, standard, &afters[position], twin));
            order.push((Reverse(draws[position].bound()), position));
        }
        order.sort_unstable();
        let mut best = Discards::new();
        for (Reverse(bound), position) in order {
            if best
                .first()
                .is_some_and(|b: &(Tile, Progress)| bound < b.1.useful)
                || floor.is_some_and(|floor| bound <= floor)
            {
                break;
            }
            let candidate = &candidates[position];
            let progress = self.confirmed(
                &candidate.left(counts),
                candidate.keys_left(keys),
                &afters[position],
                &draws[position],
            );
            if best.first().is_some_and(|b| progress.useful > b.1.useful) {
                best.clear();
            }
            if best.first().is_none_or(|b| progress.useful == b.1.useful) {
                best.push((candidate.tile, progress));
            }
        }
        // The discards kept share one count of useful copies: all pass the floor or none does.
        if best
            .first()
            .is_some_and(|b| floor.is_some_and(|floor| b.1.useful <= floor))
        {
            best.clear();
        }
        best.sort_unstable_by_key(|&(tile, _)| tile);
        Ok(best)
    }

    /// The discards of the 3n+2 `counts` that leave it ready (shanten 0), in kind order; none when no
    /// discard does.
    pub(crate) fn ready_discards(&mut self, counts: &Counts) -> Result<Discards<Tile>> {
        let mut ready = Discards::new();
        if self.shanten(counts) == 0 {
            let mut candidates = Discards::new();
            self.discards(counts, &mut candidates)?;
            ready.extend(candidates.iter().map(|c| c.tile));
        }
        Ok(ready)
    }

    /// The combination of each two suits of `own`, by suit indices (either order).
    fn pairs(&self, own: &[Distances; 4]) -> [[Distances; 4]; 4] {
        let mut pairs = [[UNREACHABLE; 4]; 4];
        for first in 0..4 {
            for second in first + 1..4 {
                let both = combined(&own[first], &own[second], self.sets);
                pairs[first][second] = both;
                pairs[second][first] = both;
            }
        }
        pairs
    }

    /// The rests of `vectors` after one suit's vector became `changed`: that suit's rest stands, and each
    /// other suit's rest combines `changed` with the two untouched suits' pair — one combination instead of a
    /// whole [`with_rests`](Evaluator::with_rests). (Rests alone: 64 bytes a candidate, copied inline.)
    fn rests_with_suit_changed(
        &self,
        vectors: &SuitVectors,
        pairs: &[[Distances; 4]; 4],
        suit: usize,
        changed: Distances,
    ) -> Rests {
        std::array::from_fn(|other| {
            if other == suit {
                return vectors.rest[suit];
            }
            // The two untouched suits: the lower by a bit mask, the other by the sum of all four (0 + 1 + 2 + 3).
            let untouched: u32 = 0b1111 & !(1 << suit) & !(1 << other);
            let first = untouched.trailing_zeros() as usize;
            let second = 6 - suit - other - first;
            self.against(&combined(&changed, &pairs[first][second], self.sets))
        })
    }

    /// The discards of the 3n+2 `counts` that leave the fewest missing tiles, into `candidates`; and the
    /// vectors of `counts`. Inlined into its callers, and filling theirs: returned through memory, the
    /// candidates and vectors cost a copy (a call of `memcpy`) per decision.
    #[inline(always)]
    fn discards(
        &mut self,
        counts: &Counts,
        candidates: &mut Discards<Candidate>,
    ) -> Result<SuitVectors> {
        let keys = hand_keys_packed(counts);
        // What the discards will read starts loading at once: each discard's vector and drawn row (of the
        // four-copy tables, and of the memo in a capped suit), and the hand's own drawn rows.
        let held = kinds_held(counts);
        for tile in kinds_of(held) {
            let suit = tile.suit();
            let key = keys[suit as usize] - KIND_WEIGHTS[usize::from(tile.index() - suit.base())];
            four_copy_table(suit).prefetch(key);
            drawn_table(suit).prefetch(key);
            if self.capped_suit[suit as usize] {
                self.capped.prefetch(self.capped_key(suit, key));
            }
        }
        for suit in Suit::ALL {
            drawn_table(suit).prefetch(keys[suit as usize]);
        }
        let vectors = self.vectors(counts);
        // Taking a tile away never brings a whole-hand form nearer: a discard's count of them is at least the
        // hand's, so where the standard form is no farther than that, it alone settles the discard's count.
        let whole_hand = self.whole_hand_missing(counts, u8::MAX);
        // That fewest is known beforehand (see `shanten`), from the same exact whole-hand count. Each
        // discard's count is bounded from below by the four-copy tables (exact in a suit without caps): only a
        // discard whose bound reaches the fewest runs the exact capped programme.
        let fewest = self
            .completion(&vectors.own[0], &vectors.rest[0])
            .min(whole_hand)
            .max(1);
        for tile in kinds_of(held) {
            let suit = tile.suit();
            // Only the discarded tile's suit changes: the other three suits' combination stands.
            let rest = &vectors.rest[suit as usize];
            let key = keys[suit as usize] - KIND_WEIGHTS[usize::from(tile.index() - suit.base())];
            let mut own = table_distances(suit, key);
            let discard_missing = |evaluator: &Self, own: &Distances| {
                let completion = evaluator.completion(own, rest);
                if whole_hand < completion {
                    let left = changed(counts, usize::from(tile.index()), false);
                    completion.min(evaluator.whole_hand_missing(&left, completion))
                } else {
                    completion
                }
            };
            let mut missing = discard_missing(self, &own);
            if missing <= fewest && self.capped_suit[suit as usize] {
                let capped_key = self.changed_capped_key(keys, tile, false);
                own = self.capped_distances(capped_key, suit, || {
                    suit_counts_changed(counts, tile, false)
                });
                missing = discard_missing(self, &own);
            }
            if missing == fewest {
                candidates.push(Candidate { tile, key, own });
            }
        }
        if candidates.is_empty() {
            return Err(EngineError::hand("no tile to discard"));
        }
        Ok(vectors)
    }

    fn missing(&self, counts: &Counts, vectors: &SuitVectors) -> u8 {
        let completion = self.completion(&vectors.own[0], &vectors.rest[0]);
        completion.min(self.whole_hand_missing(counts, completion))
    }

    fn progress_with(&mut self, counts: &Counts, vectors: &SuitVectors) -> Progress {
        let keys = hand_keys_packed(counts);
        let standard = self.completion(&vectors.own[0], &vectors.rest[0]);
        let draws = self.draws(counts, keys, standard, &vectors.rest, None);
        self.confirmed(counts, keys, &vectors.rest, &draws)
    }

    /// The useful draws of the 3n+1 `counts` as the four-copy tables see them: exact outside capped suits,
    /// and in a capped suit the draws the exact programme must still [confirm](Evaluator::confirmed).
    /// `standard` is the hand's fewest missing tiles in the standard form, `rests` its suits' rests.
    fn draws(
        &self,
        counts: &Counts,
        keys: [usize; 4],
        standard: u8,
        rests: &Rests,
        twin: Option<Twin>,
    ) -> Draws {
        let orphans = self.orphans_missing(counts);
        let others = self.pairs_or_knitted_missing(counts, standard.min(orphans));
        let missing = standard.min(orphans).min(others);
        // Kinds (bits by kind index) whose draw lowers each form's count; a draw lowers a count by at most
        // one, so only a form at the minimum can lower it.
        let mut lowers_standard = 0u64;
        if standard == missing {
            let twin = twin.filter(|twin| twin.missing == missing);
            if let Some(twin) = twin {
                lowers_standard = twin.lowers_standard & !suit_kinds(twin.suit);
            }
            for suit in Suit::ALL {
                if twin.is_some_and(|twin| twin.suit != suit) {
                    continue;
                }
                let (table, row) = drawn_classes(suit, keys[suit as usize]);
                let limits = lowering_limits(missing, &rests[suit as usize]);
                for (offset, &class) in row.iter().take(usize::from(suit.len())).enumerate() {
                    let lowers = ByteLanes::load(table.distances(class)).any_below(limits);
                    lowers_standard |= u64::from(lowers) << (usize::from(suit.base()) + offset);
                }
            }
        }
        let mut lowers_orphans = 0u64;
        if orphans == missing {
            for kind in TERMINALS_AND_HONOURS.map(usize::from) {
                let lowers = self.orphans_missing(&changed(counts, kind, true)) < missing;
                lowers_orphans |= u64::from(lowers) << kind;
            }
        }
        // Seven pairs and 全不靠: any kind may lower them (a kind once more, or a new one).
        if others == missing && others != u8::MAX {
            lowers_orphans |= self.pairs_or_knitted_lowering(counts, missing);
        }
        // A kind with no unseen copy adds nothing (and covers the kinds the hand holds four of).
        let sure = (lowers_orphans | (lowers_standard & !self.capped_kinds)) & self.unseen_kinds;
        let unconfirmed = lowers_standard & self.capped_kinds & self.unseen_kinds & !sure;
        Draws {
            missing,
            useful: self.copies_unseen(sure),
            unconfirmed,
            unconfirmed_copies: self.copies_unseen(unconfirmed),
            lowers_standard,
        }
    }

    /// The unseen copies of the kinds in `kinds` (bits by kind index).
    fn copies_unseen(&self, mut kinds: u64) -> u32 {
        let mut copies = 0;
        while kinds != 0 {
            copies += self
                .unseen
                .get(kinds.trailing_zeros() as usize)
                .map_or(0, |&c| u32::from(c));
            kinds &= kinds - 1;
        }
        copies
    }

    /// The progress of `counts` once the exact capped programme has settled its unconfirmed draws. The
    /// four-copy vector bounds the capped one from below, so a draw it did not let through cannot lower the
    /// count.
    fn confirmed(
        &mut self,
        counts: &Counts,
        keys: [usize; 4],
        rests: &Rests,
        draws: &Draws,
    ) -> Progress {
        let mut progress = draws.sure_progress();
        // Every draw's memo entry starts loading before the first is read.
        for tile in kinds_of(draws.unconfirmed) {
            self.capped
                .prefetch(self.changed_capped_key(keys, tile, true));
        }
        for tile in kinds_of(draws.unconfirmed) {
            let (kind, suit) = (usize::from(tile.index()), tile.suit());
            let key = self.changed_capped_key(keys, tile, true);
            let exact =
                self.capped_distances(key, suit, || suit_counts_changed(counts, tile, true));
            let limits = lowering_limits(draws.missing, &rests[suit as usize]);
            if ByteLanes::load(&exact).any_below(limits) {
                progress.useful += u32::from(self.unseen[kind]);
            }
        }
        progress
    }

    fn vectors(&mut self, counts: &Counts) -> SuitVectors {
        let keys = hand_keys_packed(counts);
        for suit in Suit::ALL
            .into_iter()
            .filter(|&suit| self.capped_suit[suit as usize])
        {
            self.capped
                .prefetch(self.capped_key(suit, keys[suit as usize]));
        }
        let own = Suit::ALL.map(|suit| self.suit_distances(suit, counts, keys[suit as usize]));
        self.with_rests(own)
    }

    fn with_rests(&self, own: [Distances; 4]) -> SuitVectors {
        let [a, b, c, d] = &own;
        let sets = self.sets;
        let ab = combined(a, b, sets);
        let cd = combined(c, d, sets);
        let rest = [
            combined(b, &cd, sets),
            combined(a, &cd, sets),
            combined(&ab, d, sets),
            combined(&ab, c, sets),
        ]
        .map(|rest| self.against(&rest));
        SuitVectors { own, rest }
    }

    /// `rest` laid out against a suit's vector: entry (mine, pair) holds rest's (sets − mine, 1 − pair), the
    /// complement of a target of the whole hand; entries of more than `sets` sets stay unreachable.
    ///
    /// As one 128-bit number: reversing the sixteen bytes puts rest's (s, p) at (7 − s, 1 − p), and moving
    /// them down by 7 − `sets` entries puts it at (`sets` − s, 1 − p).
    fn against(&self, rest: &Distances) -> Distances {
        let beyond = ENTRIES_BEYOND[self.sets];
        let laid_out = u128::from_le_bytes(*rest).swap_bytes() >> (8 * (7 - self.sets));
        ((laid_out & !beyond) | (beyond & u128::from_le_bytes(UNREACHABLE))).to_le_bytes()
    }

    /// The suit's vector (`key` its [key](crate::suit_key) in `counts`): from the four-copy table when no cap
    /// of the suit binds, else exact under the caps.
    fn suit_distances(&mut self, suit: Suit, counts: &Counts, key: usize) -> Distances {
        if !self.capped_suit[suit as usize] {
            return table_distances(suit, key);
        }
        self.capped_distances(self.capped_key(suit, key), suit, || {
            suit_counts(counts, suit)
        })
    }

    /// The memo's key of the suit whose [key](crate::suit_key) is `suit_key`, beside these caps.
    fn capped_key(&self, suit: Suit, suit_key: usize) -> u64 {
        CappedSuits::key(suit, suit_key, self.caps_keys[suit as usize])
    }

    /// The memo's key of `tile`'s suit once a `tile` is added to (`add`) or taken from the hand of suit keys
    /// `keys`.
    fn changed_capped_key(&self, keys: [usize; 4], tile: Tile, add: bool) -> u64 {
        let suit = tile.suit();
        let weight = KIND_WEIGHTS[usize::from(tile.index() - suit.base())];
        let key = keys[suit as usize];
        self.capped_key(suit, if add { key + weight } else { key - weight })
    }

    /// The suit's exact vector under the caps, `key` its memo key; `counts` gives the suit's counts (needed
    /// only when the memo does not hold the vector, so that a hit copies no counts).
    fn capped_distances(
        &mut self,
        key: u64,
        suit: Suit,
        counts: impl FnOnce() -> SuitCounts,
    ) -> Distances {
        let caps = &self.caps[suit_range(suit)];
        self.capped.distances(key, suit, counts, caps, self.sets)
    }

    /// Fewest missing tiles of the whole hand for a suit's vector `own` beside the other suits' `rest` laid
    /// out [against](Evaluator::against) it: the least entry-wise sum, sixteen lanes at once. Entries are at
    /// most unreachable (0x40), so a sum never wraps, and one with an unreachable part is never the least of
    /// a hand that can be completed.
    fn completion(&self, own: &Distances, rest: &Distances) -> u8 {
        ByteLanes::load(own)
            .plus_lanes(ByteLanes::load(rest))
            .least()
    }

    /// Fewest missing tiles of the whole-hand forms that apply; the largest count when none does.
    #[inline(always)]
    /// (Exact up to `limit`: above it, possibly the largest count.)
    fn whole_hand_missing(&self, counts: &Counts, limit: u8) -> u8 {
        self.orphans_missing(counts)
            .min(self.pairs_or_knitted_missing(counts, limit))
    }

    /// Fewest missing tiles of seven pairs, 全不靠 and 组合龙, where they apply (the largest count otherwise);
    /// exact up to `limit`, above it possibly the largest count (the callers take minima with counts no larger).
    #[inline(always)]
    fn pairs_or_knitted_missing(&self, counts: &Counts, limit: u8) -> u8 {
        let masked = self.masked_forms_missing(counts);
        if !self.knitted_straight {
            return masked;
        }
        // With no melds no copy cap binds, so the four-copy tables are exact for the set and pair beside it.
        masked.min(plain_knitted_straight_missing_within(
            Portable,
            counts,
            self.sets - SETS_IN_KNITTED_STRAIGHT,
            limit,
        ))
    }

    /// Fewest missing tiles of seven pairs and 全不靠, where they apply (the largest count otherwise).
    #[inline(always)]
    fn masked_forms_missing(&self, counts: &Counts) -> u8 {
        match self.pairs_or_knitted {
            None => u8::MAX,
            Some(opts) if seven_pairs_alone(opts) => seven_pairs_count(counts),
            Some(opts) => mask_forms_missing(Portable, counts, opts),
        }
    }

    /// The kinds (bits by kind index) whose draw lowers seven pairs, 全不靠 or 组合龙 below `missing`, their
    /// fewest of `counts`. A draw lowers a form's count by one at most, so only a form at `missing` can go
    /// below it, and the least of several forms goes below it exactly when one of them does.
    fn pairs_or_knitted_lowering(&self, counts: &Counts, missing: u8) -> u64 {
        let mut lowering = 0;
        if let Some(opts) = self.pairs_or_knitted {
            let at_missing = |(count, kinds): (u8, u64)| if count == missing { kinds } else { 0 };
            if opts.forms.contains(FormSet::SEVEN_PAIRS) {
                // The evaluator counts four alike as two pairs (`Evaluator::new`).
                lowering |= at_missing(seven_pairs_lowering_draws(counts));
            }
            if opts.forms.contains(FormSet::KNITTED) {
                lowering |= at_missing(honours_knitted_lowering_draws(counts));
            }
        }
        if self.knitted_straight {
            let beside = self.sets - SETS_IN_KNITTED_STRAIGHT;
            lowering |= plain_knitted_straight_lowering(Portable, counts, beside, missing);
        }
        lowering
    }

    /// Fewest missing tiles of thirteen orphans (one of each terminal and honour, one of them paired); the
    /// largest count when it does not apply.
    fn orphans_missing(&self, counts: &Counts) -> u8 {
        if !self.thirteen_orphans {
            return u8::MAX;
        }
        let held = TERMINALS_AND_HONOURS.map(|kind| counts[usize::from(kind)]);
        let kinds = held.iter().filter(|&&c| c > 0).count() as u8;
        let paired = u8::from(held.iter().any(|&c| c >= 2));
        14 - kinds - paired
    }
}

/// The shanten of `counts` whose fewest missing tiles are `missing`: of the hand itself when it holds 3n+1
/// tiles, after its best discard when 3n+2 (a complete hand's discard leaves it one tile short).
fn shanten_of(counts: &Counts, missing: u8) -> i8 {
    let size: usize = counts.iter().map(|&c| usize::from(c)).sum();
    let missing = if size % 3 == 1 {
        missing
    } else {
        missing.max(1)
    };
    missing as i8 - 1
}

/// Whether `opts` select seven pairs alone, four alike as two pairs (the Sichuan and Taiwan aim), which the
/// kind masks answer directly.
fn seven_pairs_alone(opts: FormOptions) -> bool {
    opts.forms == FormSet::SEVEN_PAIRS && opts.seven_pairs_quads
}

/// Per entry, the bound below which a suit's vector completes the hand beside `rest` (laid out
/// [against](Evaluator::against) it) in fewer than `missing` tiles: a vector lowers the count if and only if
/// some entry is [below](ByteLanes::any_below) its limit.
fn lowering_limits(missing: u8, rest: &Distances) -> ByteLanes {
    ByteLanes::splat(missing).minus_lanes(ByteLanes::load(rest))
}

// `against` relies on the vector layout: entry `pair * 8 + sets`.
const _: () = assert!(slot(5, 1) == 13 && slot(1, 0) == 1);

/// The kinds of `suit`, bits by kind index.
fn suit_kinds(suit: Suit) -> u64 {
    ((1u64 << suit.len()) - 1) << suit.base()
}

/// The kinds of `suit`, as indices into counts.
fn suit_range(suit: Suit) -> std::ops::Range<usize> {
    let base = usize::from(suit.base());
    base..base + usize::from(suit.len())
}

/// The vector of the suit of key `key` under four copies of every kind: exact without caps, a lower bound
/// beside them (caps only remove targets).
fn table_distances(suit: Suit, key: usize) -> Distances {
    *four_copy_table(suit).distances(key)
}

/// The four-copy distance table of `suit`.
fn four_copy_table(suit: Suit) -> &'static SuitTable {
    if suit == Suit::Honor {
        &HONOURS
    } else {
        &NUMBERED
    }
}

/// What one copy of a suit's kind adds to the suit's key: 5 to the power of its place in the suit.
const KIND_WEIGHTS: [usize; 9] = [1, 5, 25, 125, 625, 3125, 15_625, 78_125, 390_625];

/// The suit's drawn-classes table and its row for the suit's `key`: the four-copy vectors after one more tile
/// of each kind of the suit.
fn drawn_classes(suit: Suit, key: usize) -> (&'static DrawnTable, [u8; 9]) {
    let table = drawn_table(suit);
    (table, table.row(key))
}

/// The drawn-classes table of `suit`.
fn drawn_table(suit: Suit) -> &'static DrawnTable {
    if suit == Suit::Honor {
        &HONOURS_DRAWN
    } else {
        &NUMBERED_DRAWN
    }
}

/// One suit's counts, lowest kind first (the honours' seven, then zeros).
type SuitCounts = [u8; 9];

/// The counts of `suit` in `counts`.
fn suit_counts(counts: &Counts, suit: Suit) -> SuitCounts {
    let mut suit_counts = [0; 9];
    let range = suit_range(suit);
    suit_counts[..range.len()].copy_from_slice(&counts[range]);
    suit_counts
}

/// The counts of `tile`'s suit in `counts` once a `tile` is added (`add`) or taken away (never below zero).
fn suit_counts_changed(counts: &Counts, tile: Tile, add: bool) -> SuitCounts {
    let mut suit_counts = suit_counts(counts, tile.suit());
    let slot = &mut suit_counts[usize::from(tile.index() - tile.suit().base())];
    *slot = if add {
        slot.saturating_add(1)
    } else {
        slot.saturating_sub(1)
    };
    suit_counts
}

/// `counts` with one tile of `kind` added or taken away (never below zero).
fn changed(counts: &Counts, kind: usize, add: bool) -> Counts {
    let mut result = *counts;
    let slot = &mut result[kind];
    *slot = if add {
        slot.saturating_add(1)
    } else {
        slot.saturating_sub(1)
    };
    result
}

/// Copies of each kind a seat has not seen: four minus its own concealed tiles and every tile in the open —
/// `shown`, each seat's melds and discards still on the table, by kind. An inconsistent view is an error, not a
/// wrapped count.
pub fn unseen_copies<'s>(
    concealed: &Counts,
    shown: impl IntoIterator<Item = &'s Counts>,
) -> Result<Counts> {
    let mut seen = *concealed;
    for counts in shown {
        for (seen, &count) in seen.iter_mut().zip(counts) {
            *seen = seen.saturating_add(count);
        }
    }
    if let Some(kind) = seen.iter().position(|&count| count > COPIES) {
        return Err(EngineError::hand(format!(
            "tile kind {kind} seen {} times: at most 4",
            seen[kind]
        )));
    }
    // In place: `map` builds a second array, a scalar pass.
    for count in &mut seen {
        *count = COPIES - *count;
    }
    Ok(seen)
}

#[cfg(test)]
mod tests;
