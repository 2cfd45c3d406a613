//! Exact distance vector of one suit when declared melds cap some kinds below four copies, for hands without
//! wilds — the efficiency bot's fast path. The shanten module's general dynamic programme also tracks copies
//! that wilds add beyond the caps, which costs it a large state per kind; without wilds the state is only the
//! chows still running.
//!
//! The programme walks the kinds lowest first. Its state after a kind is (chows begun at that kind, chows
//! begun one kind back); for each state it keeps a whole distance vector over (sets, pair). At each kind it
//! chooses how many chows begin there and whether a pung and the pair sit there; the copies the target then
//! puts on the kind must stay within the cap, and those beyond the held count are missing tiles. Without the
//! excess dimension a whole layer is 25 vectors, cheap to reset and copy — and cheap to keep: a run keeps
//! every layer, and a suit one tile apart (a candidate discard or draw) resumes at the kind that changed.

use super::byte_lanes::ByteLanes;
use super::distance_lanes::{settled, Moves, INF};
use crate::hand::MAX_SETS;
use crate::shanten::{slot, Distances, UNREACHABLE};
/// Chows begun at one kind: at most four, as each puts a copy on it.
const CHOWS: usize = 5;

/// Distance vectors by (chows begun at the last kind, chows begun the kind before).
type Layer = [[ByteLanes; CHOWS]; CHOWS];

/// One run of the programme with every layer it passed: callers ask for suits one tile apart (a discard,
/// a draw), whose counts first differ at some kind k — the layers before k stand and the run resumes there.
#[derive(Clone, Debug)]
pub struct CappedRun {
    counts: [u8; 9],
    caps: [u8; 9],
    chows: bool,
    max_sets: usize,
    /// Kinds of the last run, zero before the first.
    kinds: usize,
    /// `layers[k]`: the state before kind k.
    layers: [Layer; 10],
}

impl Default for CappedRun {
    fn default() -> Self {
        let mut start: Layer = [[ByteLanes::splat(INF); CHOWS]; CHOWS];
        let mut nothing = UNREACHABLE;
        nothing[slot(0, 0)] = 0;
        start[0][0] = ByteLanes::new(nothing);
        CappedRun {
            counts: [0; 9],
            caps: [0; 9],
            chows: false,
            max_sets: 0,
            kinds: 0,
            layers: [start; 10],
        }
    }
}

impl CappedRun {
    /// How many of the lowest kinds the last run shares with a run of these arguments: its layers up to
    /// there stand for it.
    fn shared_kinds(&self, counts: &[u8], caps: &[u8], chows: bool, max_sets: usize) -> usize {
        let kinds = counts.len().min(caps.len()).min(9);
        let same_suit = kinds == self.kinds
            && chows == self.chows
            && max_sets.min(MAX_SETS) == self.max_sets
            && caps[..kinds] == self.caps[..kinds];
        if !same_suit {
            return 0;
        }
        (0..kinds)
            .find(|&kind| counts[kind] != self.counts[kind])
            .unwrap_or(kinds)
    }

    /// The run from kind `resume` on, its layers before it standing.
    fn resume(
        &mut self,
        resume: usize,
        counts: &[u8],
        caps: &[u8],
        chows: bool,
        max_sets: usize,
    ) -> Distances {
        let max_sets = max_sets.min(MAX_SETS);
        let kinds = counts.len().min(caps.len()).min(9);
        for kind in resume.min(kinds)..kinds {
            let (done, ahead) = self.layers.split_at_mut(kind + 1);
            step(
                &done[kind],
                &mut ahead[0],
                kind,
                counts,
                caps,
                chows,
                max_sets,
            );
        }
        self.counts[..kinds].copy_from_slice(&counts[..kinds]);
        self.caps[..kinds].copy_from_slice(&caps[..kinds]);
        self.chows = chows;
        self.max_sets = max_sets;
        self.kinds = kinds;
        // No chow may be left unfinished past the last kind.
        settled(self.layers[kinds][0][0], max_sets)
    }
}

/// Runs kept at once: the hand's suit, a candidate discard's, a draw's.
const RUNS: usize = 4;

/// A few recent runs. A suit resumes from the run sharing the most of its lowest kinds, written into the
/// least recently used other run, so that the runs a turn keeps coming back to — the hand's suit, then each
/// candidate discard's — stay available instead of being overwritten by their neighbours.
#[derive(Clone, Debug, Default)]
pub struct CappedRuns {
    runs: [CappedRun; RUNS],
    /// When each run was last used, by a count of calls.
    used: [u64; RUNS],
    calls: u64,
}

impl CappedRuns {
    /// Exact distances of a suit's `counts` to every target of up to `max_sets` sets and one pair whose count
    /// of each kind stays within `caps` (each at most four). `chows`: whether the kinds are numbered (honours
    /// form no chows).
    pub fn distances(
        &mut self,
        counts: &[u8],
        caps: &[u8],
        chows: bool,
        max_sets: usize,
    ) -> Distances {
        self.calls += 1;
        let shared = self
            .runs
            .each_ref()
            .map(|run| run.shared_kinds(counts, caps, chows, max_sets));
        let source = (0..RUNS)
            .max_by_key(|&i| (shared[i], self.used[i]))
            .unwrap_or(0);
        let target = (0..RUNS)
            .filter(|&i| i != source)
            .min_by_key(|&i| self.used[i])
            .unwrap_or(source);
        let resume = shared[source];
        if target != source {
            let (from, to) = if source < target {
                let (low, high) = self.runs.split_at_mut(target);
                (&low[source], &mut high[0])
            } else {
                let (low, high) = self.runs.split_at_mut(source);
                (&high[0], &mut low[target])
            };
            to.layers[..=resume].copy_from_slice(&from.layers[..=resume]);
        }
        self.used[source] = self.calls;
        self.used[target] = self.calls;
        self.runs[target].resume(resume, counts, caps, chows, max_sets)
    }
}

/// `next`: the layer after `kind`, from `layer`, the layer before it. Its vectors may hold values above
/// [`INF`] (unreachable all the same) in entries no target reaches; [`CappedRun::distances`] settles them at
/// the end.
// The loop variables are chow counts that the arithmetic uses as numbers, not only as indices.
#[allow(clippy::needless_range_loop)]
fn step(
    layer: &Layer,
    next: &mut Layer,
    kind: usize,
    counts: &[u8],
    caps: &[u8],
    chows: bool,
    max_sets: usize,
) {
    let kinds = counts.len().min(caps.len());
    let cap = usize::from(caps[kind]);
    let held = usize::from(counts[kind]);
    let can_begin_chow = chows && kind + 2 < kinds;
    let moves = Moves::new();
    *next = [[ByteLanes::splat(INF); CHOWS]; CHOWS];
    for back1 in 0..CHOWS {
        for back2 in 0..CHOWS - back1 {
            let before = layer[back1][back2];
            // Every chow counts as a set from the kind it begins at, so a state with more chows running
            // than `max_sets` reaches no target.
            let begun = back1 + back2;
            if begun > max_sets || before.all_at_least(INF) {
                continue;
            }
            let new_chows = if can_begin_chow {
                // New chows also need copies of the next two kinds, the first beside those begun just before.
                cap.saturating_sub(begun)
                    .min(usize::from(caps[kind + 1]).saturating_sub(back1))
                    .min(usize::from(caps[kind + 2]))
            } else {
                0
            };
            // `before` with one more set per chow begun here.
            let mut with_chows = before;
            for chows_here in 0..=new_chows.min(max_sets - begun) {
                if chows_here > 0 {
                    with_chows = moves.one_more_set(with_chows);
                }
                let chowed = begun + chows_here;
                let missing = |copies: usize| copies.saturating_sub(held) as u8;
                // The kind holds the chows' copies, and besides them a pung or the pair (caps of at most
                // four copies leave no room for both beside a chow, nor for both alone).
                let mut best = next[chows_here][back1].min(with_chows.plus(missing(chowed)));
                if chowed + 2 <= cap {
                    best = best.min(moves.with_pair(with_chows).plus(missing(chowed + 2)));
                }
                if chowed + 3 <= cap && chowed < max_sets {
                    best = best.min(moves.one_more_set(with_chows).plus(missing(chowed + 3)));
                }
                next[chows_here][back1] = best;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::shanten::capped_distances;

    #[test]
    fn agrees_with_the_general_programme() {
        let mut rng = Rng::for_stream(99, 0, 0);
        let mut next = |below: u64| rng.below(below) as u8;
        let mut runs = CappedRuns::default();
        for case in 0..20_000 {
            let len = if case % 4 == 0 { 7 } else { 9 };
            let caps: Vec<u8> = (0..len)
                .map(|_| if next(3) == 0 { next(5) } else { 4 })
                .collect();
            let counts: Vec<u8> = caps
                .iter()
                .map(|&cap| next(u64::from(cap) + 1) * next(2))
                .collect();
            let sets = usize::from(next(6));
            let chows = len == 9;
            let general = capped_distances(&counts, &caps, chows, sets, 0).layers[0];
            let fresh = runs.distances(&counts, &caps, chows, sets);
            assert_eq!(fresh, general, "{counts:?} caps {caps:?} sets {sets}");
            // One tile more of some kind (within its cap): a kept run resumes from the layers before it.
            let kind = usize::from(next(len as u64));
            if counts[kind] < caps[kind] {
                let mut drawn = counts.clone();
                drawn[kind] += 1;
                let general = capped_distances(&drawn, &caps, chows, sets, 0).layers[0];
                assert_eq!(
                    runs.distances(&drawn, &caps, chows, sets),
                    general,
                    "{drawn:?} caps {caps:?}"
                );
            }
        }
    }
}
