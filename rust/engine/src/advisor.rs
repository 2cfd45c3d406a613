//! The discard advisor (何切, issue 29): the one-player model of docs/advisor.md, exact dynamic programming
//! over the hands reachable by drawing, with `ruleset = None` (every complete hand of the selected forms wins,
//! worth 1) in plain mode.
//!
//! For each candidate discard the player holds a 3n+1 hand `h`; at draw `j` kind `i` comes with probability
//! `w_i(h) / (wall − j)`, `w_i(h) = 4 − (copies in h and its melds) − (copies seen)`, the row's discard counted
//! as seen. Plain mode explores the draws that lower the shanten and keeps, after such a draw, the discards that
//! keep the new shanten; every other draw is thrown back at once. `V(h, j; k)`, the value of holding `h`
//! before draw `j` with `k` draws in all, is a vector over `k` (entries `k ≥ j` used), so every horizon comes
//! out of one pass:
//!
//! ```text
//! V(h, k; k) = terminal(h)          V(h, j; k) = Σ_i p_ij U(h+i, j+1; k) + (1 − Σ_i p_ij) V(h, j+1; k)
//! U(g, j; k) = 1 if g is complete,  else max over kept discards d of V(g − d, j; k)
//! ```
//!
//! The sums run in kind order and the maxima start from −∞, as the twin (`mjcore.reference.advise`) does, so
//! the two agree to the last bit on the same hand. States are keyed by their concealed counts packed into a
//! `u128` (3 bits a kind) with the draw index; the three vectors of a state live in one arena, so a call
//! allocates only when its maps and arena grow. Shanten values are shared by every row of a call.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::error::{EngineError, Result};
use crate::forms::FormOptions;
use crate::hand::Hand;
use crate::shanten::{shanten_counts, Analysis};
use crate::tile::{Counts, Tile, COPIES, NUM_KINDS};

/// One row of the advisor's table, unsorted: the discard (None for a 3n+1 hand), the shanten and useful
/// tiles after it (copies unseen, counted against the whole hand before the discard, as `waits` does), and
/// the three curves over k = 0..=draws.
#[derive(Clone, Debug, PartialEq)]
pub struct AdviceRow {
    pub tile: Option<Tile>,
    pub shanten: i8,
    pub useful: Vec<(Tile, u8)>,
    pub win: Vec<f64>,
    pub ready: Vec<f64>,
    pub value: Vec<f64>,
}

/// The model's parameters: `draws` more draws, the first from `wall` tiles, `seen` visible at the start.
#[derive(Clone, Debug)]
pub struct AdviceQuery {
    pub draws: usize,
    pub wall: u32,
    pub seen: Counts,
}

/// The advisor's rows of `hand` (3n+2: one per distinct real concealed kind, in kind order; 3n+1: one row
/// with no tile). Errors: wild tiles (not supported yet), a kind held and seen more than four times, a wall
/// below the draws, a wall too small for the useful copies of an explored state, no selected form applying.
pub fn advise(hand: &Hand, opts: FormOptions, query: &AdviceQuery) -> Result<Vec<AdviceRow>> {
    let analysis = Analysis::new(hand, opts)?;
    if hand.wilds > 0 {
        return Err(EngineError::argument(
            "advise: wild tiles (ghosts) are not supported yet",
        ));
    }
    if query.wall < 1 || (query.wall as usize) < query.draws {
        return Err(EngineError::argument(format!(
            "wall {} must be at least 1 and at least draws ({}): every draw needs a tile to come from",
            query.wall, query.draws
        )));
    }
    let all = hand.all_tiles();
    let mut meld_copies = [0u8; NUM_KINDS];
    let mut unseen = [0u8; NUM_KINDS];
    for kind in 0..NUM_KINDS {
        let held = all[kind] + query.seen[kind];
        if held > COPIES {
            return Err(EngineError::hand(format!(
                "tile {}: the hand and its melds hold {} and {} more are visible, {} in all: at most 4",
                Tile::new(kind as u8).map_or(String::new(), Tile::mpsz),
                all[kind],
                query.seen[kind],
                held
            )));
        }
        unseen[kind] = COPIES - held;
        meld_copies[kind] = all[kind] - hand.concealed[kind];
    }
    analysis
        .best(&hand.concealed)
        .ok_or_else(|| analysis.no_form_error())?;
    let mut shanten_of = ShantenCache::default();
    let full = hand.concealed_len() % 3 == 2;
    let mut rows = Vec::new();
    for kind in 0..NUM_KINDS {
        if full && hand.concealed[kind] == 0 {
            continue;
        }
        let (tile, concealed, seen) = if full {
            let mut concealed = hand.concealed;
            concealed[kind] -= 1;
            let mut seen = query.seen;
            seen[kind] += 1;
            (Tile::new(kind as u8), concealed, seen)
        } else {
            (None, hand.concealed, query.seen)
        };
        let mut search = Search {
            analysis: &analysis,
            plain: hand.melds.is_empty(),
            opts,
            meld_copies,
            seen,
            draws: query.draws,
            wall: query.wall,
            shanten_of: &mut shanten_of,
            memo: HashMap::default(),
            after: HashMap::default(),
            arena: Vec::new(),
        };
        let shanten = search.shanten(&concealed);
        let mut useful = Vec::new();
        for i in search.useful(&concealed, shanten) {
            useful.push((Tile::new(i as u8).expect("a kind below 34"), unseen[i]));
        }
        let at = search.value(&concealed, 0)?;
        let width = query.draws + 1;
        let curve = |q: usize| search.arena[at + q * width..at + (q + 1) * width].to_vec();
        rows.push(AdviceRow {
            tile,
            shanten,
            useful,
            win: curve(WIN),
            ready: curve(READY),
            value: curve(VALUE),
        });
        if !full {
            break;
        }
    }
    Ok(rows)
}

const WIN: usize = 0;
const READY: usize = 1;
const VALUE: usize = 2;
const QUANTITIES: usize = 3;

/// Concealed counts packed 3 bits a kind: a state's key.
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

    fn write_u16(&mut self, value: u16) {
        self.write_u64(value as u64);
    }
}

type Fast = BuildHasherDefault<KeyHasher>;
type ShantenCache = HashMap<u128, i8, Fast>;

struct Search<'a> {
    analysis: &'a Analysis,
    /// No melds (and no wilds, refused): shanten from [`shanten_counts`].
    plain: bool,
    opts: FormOptions,
    meld_copies: Counts,
    seen: Counts,
    draws: usize,
    wall: u32,
    shanten_of: &'a mut ShantenCache,
    /// (state, draw index) → the offset of its three vectors in `arena`.
    memo: HashMap<(u128, u16), usize, Fast>,
    /// The same for the 3n+2 hands after a draw (`U`).
    after: HashMap<(u128, u16), usize, Fast>,
    arena: Vec<f64>,
}

impl Search<'_> {
    fn shanten(&mut self, counts: &Counts) -> i8 {
        let k = key(counts);
        if let Some(&s) = self.shanten_of.get(&k) {
            return s;
        }
        // Plain counts (no melds) take the table-driven hot entry; a hand with melds, the general analysis.
        let s = if self.plain {
            shanten_counts(counts, self.opts)
        } else {
            self.analysis.best(counts)
        }
        .expect("a form applies: checked on the hand");
        self.shanten_of.insert(k, s);
        s
    }

    /// Kinds whose draw lowers the shanten of a 3n+1 hand, in kind order (a fifth copy is never drawn).
    fn useful(&mut self, counts: &Counts, current: i8) -> Vec<usize> {
        let mut out = Vec::new();
        let mut next = *counts;
        for kind in 0..NUM_KINDS {
            if self.analysis.can_hold_another(counts, kind) {
                next[kind] += 1;
                if self.shanten(&next) < current {
                    out.push(kind);
                }
                next[kind] -= 1;
            }
        }
        out
    }

    fn weight(&self, counts: &Counts, kind: usize) -> u32 {
        (COPIES as u32).saturating_sub(
            counts[kind] as u32 + self.meld_copies[kind] as u32 + self.seen[kind] as u32,
        )
    }

    fn width(&self) -> usize {
        self.draws + 1
    }

    fn new_entry(&mut self) -> usize {
        let at = self.arena.len();
        self.arena.resize(at + QUANTITIES * self.width(), 0.0);
        at
    }

    /// `V(h, j; ·)`: the offset of its (win, ready, value) vectors.
    fn value(&mut self, counts: &Counts, j: usize) -> Result<usize> {
        let memo_key = (key(counts), j as u16);
        if let Some(&at) = self.memo.get(&memo_key) {
            return Ok(at);
        }
        let shanten = self.shanten(counts);
        let width = self.width();
        let mut children: Vec<(f64, usize)> = Vec::new();
        let mut stay_at = None;
        let mut stay = 0.0;
        if j < self.draws && (shanten as i64) <= (self.draws - j) as i64 {
            stay_at = Some(self.value(counts, j + 1)?);
            let denominator = self.wall - j as u32;
            let useful = self.useful(counts, shanten);
            let copies: u32 = useful.iter().map(|&i| self.weight(counts, i)).sum();
            if copies > denominator {
                return Err(EngineError::argument(format!(
                    "wall {} is too small: at draw {j} the hand has {copies} useful copies to draw but only \
                     {denominator} tiles are left",
                    self.wall
                )));
            }
            let mut moved = 0.0;
            for i in useful {
                let w = self.weight(counts, i);
                if w == 0 {
                    continue;
                }
                let p = w as f64 / denominator as f64;
                moved += p;
                let mut next = *counts;
                next[i] += 1;
                children.push((p, self.after_draw(&next, j + 1)?));
            }
            stay = 1.0 - moved;
        }
        let at = self.new_entry();
        let (before, mine) = self.arena.split_at_mut(at);
        mine[READY * width + j] = if shanten == 0 { 1.0 } else { 0.0 };
        if let Some(stay_at) = stay_at {
            for q in 0..QUANTITIES {
                for k in j + 1..width {
                    let mut acc = 0.0;
                    for &(p, child) in &children {
                        acc += p * before[child + q * width + k];
                    }
                    acc += stay * before[stay_at + q * width + k];
                    mine[q * width + k] = acc;
                }
            }
        }
        self.memo.insert(memo_key, at);
        Ok(at)
    }

    /// `U(g, j; ·)` of a 3n+2 hand after a draw: all ones when complete, else the best kept discard.
    fn after_draw(&mut self, counts: &Counts, j: usize) -> Result<usize> {
        let memo_key = (key(counts), j as u16);
        if let Some(&at) = self.after.get(&memo_key) {
            return Ok(at);
        }
        let target = self.shanten(counts);
        let width = self.width();
        let mut kept = Vec::new();
        if target >= 0 {
            let mut left = *counts;
            for kind in 0..NUM_KINDS {
                if counts[kind] > 0 {
                    left[kind] -= 1;
                    if self.shanten(&left) == target {
                        kept.push(self.value(&left, j)?);
                    }
                    left[kind] += 1;
                }
            }
        }
        let at = self.new_entry();
        let (before, mine) = self.arena.split_at_mut(at);
        if target < 0 {
            mine.fill(1.0);
        } else {
            mine.fill(f64::NEG_INFINITY);
            for &child in &kept {
                for (slot, &v) in mine
                    .iter_mut()
                    .zip(&before[child..child + QUANTITIES * width])
                {
                    *slot = slot.max(v);
                }
            }
        }
        self.after.insert(memo_key, at);
        Ok(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::FormSet;
    use crate::notation::parse_hand;

    fn rows(text: &str, draws: usize, wall: u32) -> Vec<AdviceRow> {
        let hand = parse_hand(text).expect("a hand");
        let opts = FormOptions::with_forms(FormSet(7));
        let query = AdviceQuery {
            draws,
            wall,
            seen: [0; NUM_KINDS],
        };
        advise(&hand, opts, &query).expect("advice")
    }

    #[test]
    fn a_ready_hand_follows_the_closed_form() {
        let row = &rows("123m456p789s1122z", 6, 123)[0];
        assert_eq!(row.tile, None);
        assert_eq!(row.shanten, 0);
        let mut miss = 1.0;
        for (d, &p) in row.win.iter().enumerate() {
            assert!((p - (1.0 - miss)).abs() < 1e-15, "draw {d}: {p}");
            miss *= 1.0 - 4.0 / (123.0 - d as f64);
        }
        assert!(row.ready.iter().all(|&r| r == 1.0));
        assert_eq!(row.win, row.value);
    }

    #[test]
    fn a_one_shanten_hand_wins_within_two_draws_by_hand() {
        // 1z (2 copies) → a 单骑 with 3 copies; 2z, 3z (3 each) → a 对对 with 4: 30 / (W (W − 1)).
        let row = &rows("123m456p789s112z3z", 2, 123)[0];
        assert_eq!(row.shanten, 1);
        assert!((row.win[2] - 30.0 / (123.0 * 122.0)).abs() < 1e-16);
    }

    #[test]
    fn a_wall_too_small_is_refused() {
        let hand = parse_hand("1112345678999m").expect("a hand");
        let opts = FormOptions::with_forms(FormSet(7));
        let query = AdviceQuery {
            draws: 3,
            wall: 24,
            seen: [0; NUM_KINDS],
        };
        assert!(advise(&hand, opts, &query).is_err());
    }
}
