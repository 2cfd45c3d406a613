//! The hands the advisor's search walks through, and the moves between them: what does not depend on `seen`
//! (so on the row), built once per call and shared by every row.
//!
//! A [`State`] is a 3n+1 hand the player holds between draws: its shanten and, once the search reaches it
//! with draws to spare, its useful draws ([`Child`]), each leading to the 3n+2 hand after that draw. An
//! [`AfterDraw`] hand is a win (the state was ready) or the list of states its kept discards leave — the
//! discards that keep its shanten, which is the state's shanten less one (a useful draw lowers it by exactly
//! one). Hands are keyed by their concealed counts packed 3 bits a kind; the melds are the same for all.
//!
//! A state's shanten comes from the table-driven [`shanten_counts`] for hands without melds, its useful draws
//! (when the search expands it) from [`plain_useful`] (one call instead of 34 neighbour lookups); hands with
//! melds, or a knitted form selected, take the general analysis.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;

use super::wins::RulesetWins;
use crate::error::Result;
use crate::forms::FormOptions;
use crate::hand::Meld;
use crate::shanten::{plain_useful, shanten_counts, Analysis};
use crate::tile::{Counts, KindMask, Tile, COPIES, NUM_KINDS};

/// A 3n+1 hand of the search.
pub(super) struct State {
    pub counts: Counts,
    pub shanten: i8,
    /// Bit k: drawing kind k lowers the shanten (a fifth copy is never drawn); found when first asked (most
    /// states met as a discard that does not keep the shanten are never asked).
    useful: Option<u64>,
    /// Its useful draws in `Graph::children`, once expanded.
    children: Option<Range<u32>>,
}

/// One useful draw of a state.
#[derive(Clone, Copy)]
pub(super) struct Child {
    pub kind: u8,
    /// Copies of `kind` in the state and its melds: the draw weight is 4 − this − the row's copies seen.
    pub held: u8,
    /// The hand after the draw: [`COMPLETE`] or an index of `Graph::afters`.
    pub after: u32,
    /// A winning draw's value (1 without a ruleset; the settlement received with one); 0 otherwise.
    pub value: f64,
}

/// The 3n+2 hand after a draw that completes the hand.
pub(super) const COMPLETE: u32 = u32::MAX;

/// A 3n+2 hand after a draw that does not complete it: its kept discards' states in `Graph::kept`.
pub(super) struct AfterDraw {
    pub kept: Range<u32>,
}

pub(super) struct Graph<'a> {
    analysis: &'a Analysis,
    /// The ruleset's ghost kinds (none without one): a state's copies of them are its wilds.
    ghosts: KindMask,
    /// With ghosts, the hand's context for 0, 1, … wilds (`Analysis::with_wilds`), by the number held.
    by_wilds: Vec<Analysis>,
    /// No melds: [`plain_useful`] answers (unless a knitted form is selected, when it declines).
    plain: bool,
    opts: FormOptions,
    meld_copies: Counts,
    melds: &'a [Meld],
    /// The ruleset judging wins (`None`: every complete hand wins, worth 1).
    wins: Option<&'a RulesetWins<'a>>,
    pub states: Vec<State>,
    state_ids: HashMap<u128, u32, Fast>,
    pub afters: Vec<AfterDraw>,
    after_ids: HashMap<u128, u32, Fast>,
    pub children: Vec<Child>,
    pub kept: Vec<u32>,
}

impl<'a> Graph<'a> {
    pub fn new(
        analysis: &'a Analysis,
        opts: FormOptions,
        meld_copies: Counts,
        melds: &'a [Meld],
        wins: Option<&'a RulesetWins<'a>>,
    ) -> Self {
        let ghosts = wins.map_or(0, |w| w.ghosts);
        let most = (ghosts.count_ones() as u8) * COPIES;
        let by_wilds = if ghosts == 0 {
            Vec::new()
        } else {
            (0..=most).map(|w| analysis.with_wilds(w)).collect()
        };
        Graph {
            analysis,
            ghosts,
            by_wilds,
            plain: melds.is_empty() && ghosts == 0,
            opts,
            meld_copies,
            melds,
            wins,
            states: Vec::new(),
            state_ids: HashMap::default(),
            afters: Vec::new(),
            after_ids: HashMap::default(),
            children: Vec::new(),
            kept: Vec::new(),
        }
    }

    /// The id of the state holding `counts` (3n+1), created with its shanten and useful draws on first sight.
    pub fn state(&mut self, counts: &Counts) -> u32 {
        let key = key(counts);
        if let Some(&id) = self.state_ids.get(&key) {
            return id;
        }
        let shanten = self.shanten_of(counts);
        let id = self.states.len() as u32;
        self.states.push(State {
            counts: *counts,
            shanten,
            useful: None,
            children: None,
        });
        self.state_ids.insert(key, id);
        id
    }

    /// The draws explored from state `id`, in kind order, building them (and the hands after them) on first
    /// use: its useful draws, except, under a ruleset, a draw completing a hand the ruleset does not take as
    /// a win (below its minimum, or outside its forms): that draw is thrown back like any useless one. Each
    /// winning hand is scored once per call, here (the same (state, draw) is one child).
    pub fn children(&mut self, id: u32) -> Result<Range<u32>> {
        let state = &self.states[id as usize];
        if let Some(range) = &state.children {
            return Ok(range.clone());
        }
        let (counts, shanten) = (state.counts, state.shanten);
        let mut useful = self.useful(id);
        let start = self.children.len() as u32;
        while useful != 0 {
            let kind = useful.trailing_zeros() as usize;
            useful &= useful - 1;
            let mut drawn = counts;
            drawn[kind] += 1;
            let (after, value) = if shanten > 0 {
                (self.after_draw(&drawn, shanten - 1), 0.0)
            } else if let Some(wins) = self.wins {
                let tile = Tile::new(kind as u8).expect("a kind below 34");
                match wins.value(&drawn, self.melds, tile)? {
                    Some(value) => (COMPLETE, value),
                    None => continue,
                }
            } else {
                (COMPLETE, 1.0)
            };
            self.children.push(Child {
                kind: kind as u8,
                held: counts[kind] + self.meld_copies[kind],
                after,
                value,
            });
        }
        let range = start..self.children.len() as u32;
        self.states[id as usize].children = Some(range.clone());
        Ok(range)
    }

    /// The id of the incomplete 3n+2 hand `drawn`, whose shanten is `target`, with its kept discards.
    fn after_draw(&mut self, drawn: &Counts, target: i8) -> u32 {
        let key = key(drawn);
        if let Some(&id) = self.after_ids.get(&key) {
            return id;
        }
        let start = self.kept.len() as u32;
        let mut left = *drawn;
        for kind in 0..NUM_KINDS {
            if drawn[kind] > 0 {
                left[kind] -= 1;
                let state = self.state(&left);
                if self.states[state as usize].shanten == target {
                    self.kept.push(state);
                }
                left[kind] += 1;
            }
        }
        let id = self.afters.len() as u32;
        self.afters.push(AfterDraw {
            kept: start..self.kept.len() as u32,
        });
        self.after_ids.insert(key, id);
        id
    }

    /// The kinds whose draw lowers the shanten of state `id`, as a bit set.
    pub fn useful(&mut self, id: u32) -> u64 {
        let state = &self.states[id as usize];
        if let Some(useful) = state.useful {
            return useful;
        }
        let (counts, shanten) = (state.counts, state.shanten);
        let plain = self
            .plain
            .then(|| plain_useful(&counts, self.opts))
            .flatten();
        let useful = match plain {
            Some((_, useful)) => useful,
            None if self.ghosts != 0 => self.useful_with_ghosts(&counts, shanten),
            None => {
                let analysis = self.analysis;
                let mut useful = 0u64;
                let mut drawn = counts;
                for kind in 0..NUM_KINDS {
                    if analysis.can_hold_another(&counts, kind) {
                        drawn[kind] += 1;
                        if analysis.best(&drawn).is_some_and(|s| s < shanten) {
                            useful |= 1 << kind;
                        }
                        drawn[kind] -= 1;
                    }
                }
                useful
            }
        };
        self.states[id as usize].useful = Some(useful);
        useful
    }

    /// The useful draws of `counts` (ghost copies included) at `shanten`: a ghost drawn is one more wild.
    fn useful_with_ghosts(&self, counts: &Counts, shanten: i8) -> u64 {
        let (naturals, wilds) = self.split(counts);
        let mut useful = 0u64;
        for kind in 0..NUM_KINDS {
            let better = if self.ghosts & (1 << kind) != 0 {
                counts[kind] + self.meld_copies[kind] < COPIES
                    && self.by_wilds[wilds as usize + 1]
                        .best(&naturals)
                        .is_some_and(|s| s < shanten)
            } else {
                let analysis = &self.by_wilds[wilds as usize];
                let mut drawn = naturals;
                drawn[kind] += 1;
                analysis.can_hold_another(&naturals, kind)
                    && analysis.best(&drawn).is_some_and(|s| s < shanten)
            };
            if better {
                useful |= 1 << kind;
            }
        }
        useful
    }

    /// `counts` as natural tiles and wilds (its copies of the ghost kinds).
    fn split(&self, counts: &Counts) -> (Counts, u8) {
        let mut naturals = *counts;
        let mut wilds = 0;
        let mut mask = self.ghosts;
        while mask != 0 {
            let kind = mask.trailing_zeros() as usize;
            wilds += naturals[kind];
            naturals[kind] = 0;
            mask &= mask - 1;
        }
        (naturals, wilds)
    }

    fn shanten_of(&self, counts: &Counts) -> i8 {
        if self.ghosts != 0 {
            let (naturals, wilds) = self.split(counts);
            return self.by_wilds[wilds as usize]
                .best(&naturals)
                .expect("a form applies: checked on the hand");
        }
        let plain = self
            .plain
            .then(|| shanten_counts(counts, self.opts))
            .flatten();
        plain
            .or_else(|| self.analysis.best(counts))
            .expect("a form applies: checked on the hand")
    }
}

/// Concealed counts packed 3 bits a kind: a hand's key.
fn key(counts: &Counts) -> u128 {
    counts
        .iter()
        .enumerate()
        .fold(0u128, |acc, (i, &c)| acc | (c as u128) << (3 * i))
}

/// A multiplicative hash of the packed keys (the std SipHash costs more than the lookups it guards).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, value: u128) {
        self.write_u64(value as u64);
        self.write_u64((value >> 64) as u64);
    }
}

type Fast = BuildHasherDefault<KeyHasher>;
