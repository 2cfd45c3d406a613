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
//! the two agree to the last bit on the same hand. [`graph`] holds what every row of a call shares (the hands,
//! their shanten, useful draws and kept discards); [`values`] the row's vectors, in one arena.

mod graph;
mod values;
mod wins;

use crate::error::{EngineError, Result};
use crate::forms::FormOptions;
use crate::hand::Hand;
use crate::shanten::Analysis;
use crate::tile::{Counts, Tile, COPIES, NUM_KINDS};
use graph::Graph;
use values::{Values, NO_DISCARD, READY, VALUE, WIN};
pub use wins::{RulesetWins, Seating};

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
/// with no tile). `wins`: the ruleset judging and valuing each self-drawn win (`None`: every complete hand
/// of `opts`' forms wins, worth 1). Errors: wild tiles (not supported yet), a kind held and seen more than
/// four times, a wall below the draws, a wall too small for the useful copies of an explored state, no
/// selected form applying, a scorer's error.
pub fn advise(
    hand: &Hand,
    opts: FormOptions,
    query: &AdviceQuery,
    wins: Option<&RulesetWins<'_>>,
) -> Result<Vec<AdviceRow>> {
    advise_rows(hand, opts, query, wins, Rows::Every)
}

/// Which rows of a 3n+2 hand [`advise_rows`] computes (a 3n+1 hand has its one row either way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    /// One per distinct discard: the advisor's table.
    Every,
    /// Only the discards that leave the lowest shanten (the riichi calculators' plain mode; the `advisor`
    /// bot's candidates). Each row is the very row [`Rows::Every`] gives: rows are computed independently.
    LowestShanten,
}

/// [`advise`] restricted to `which` rows.
pub fn advise_rows(
    hand: &Hand,
    opts: FormOptions,
    query: &AdviceQuery,
    wins: Option<&RulesetWins<'_>>,
    which: Rows,
) -> Result<Vec<AdviceRow>> {
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
    let mut graph = Graph::new(&analysis, opts, meld_copies, &hand.melds, wins);
    let mut values = Values::new(query.draws, query.wall, wins.is_some());
    let full = hand.concealed_len() % 3 == 2;
    let mut lowest = i8::MAX;
    if full && which == Rows::LowestShanten {
        for kind in 0..NUM_KINDS {
            if hand.concealed[kind] > 0 {
                let mut concealed = hand.concealed;
                concealed[kind] -= 1;
                let root = graph.state(&concealed);
                lowest = lowest.min(graph.states[root as usize].shanten);
            }
        }
    }
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
        let root = graph.state(&concealed);
        let shanten = graph.states[root as usize].shanten;
        if full && shanten > lowest {
            continue;
        }
        let mut mask = graph.useful(root);
        let mut useful = Vec::new();
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            useful.push((Tile::new(i as u8).expect("a kind below 34"), unseen[i]));
        }
        values.start_row(seen, if full { kind as u8 } else { NO_DISCARD });
        let (at, _) = values.value(&mut graph, root, 0)?;
        let curve = |q: usize| values.curve(at, q).to_vec();
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
    values.finish();
    Ok(rows)
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
        advise(&hand, opts, &query, None).expect("advice")
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

    /// A table that takes only wins on `tile` (any complete shape), paying the winner `paid`.
    struct OnlyOn {
        tile: u8,
        paid: i64,
    }

    impl crate::table::Adjudicator for OnlyOn {
        fn judge(
            &self,
            concealed: &Counts,
            _melds: &[crate::hand::Meld],
            situation: &crate::table::WinSituation,
        ) -> Result<Option<crate::table::WinInfo>> {
            let complete = crate::win::is_win_counts(concealed, FormSet(7));
            let mut info = crate::table::WinInfo::default();
            info.payments[situation.winner as usize] = self.paid;
            Ok((complete && situation.tile.index() == self.tile).then_some(info))
        }
    }

    #[test]
    fn a_ruleset_refusing_a_wait_throws_that_draw_back_and_values_the_others() {
        // 对对 on 1z / 2z (two copies each); the table takes only 1z, paying 30 to seat 2.
        let hand = parse_hand("123m456p789s1122z").expect("a hand");
        let opts = FormOptions::with_forms(FormSet(7));
        let query = AdviceQuery {
            draws: 5,
            wall: 123,
            seen: [0; NUM_KINDS],
        };
        let table = OnlyOn { tile: 27, paid: 30 };
        let wins = RulesetWins {
            adjudicator: &table,
            seating: Seating {
                seat: 2,
                dealer: 0,
                round_wind: 0,
            },
            ghosts: 0,
            indicator: None,
        };
        let row = &advise(&hand, opts, &query, Some(&wins)).expect("advice")[0];
        let mut miss = 1.0;
        for d in 0..=5 {
            assert!((row.win[d] - (1.0 - miss)).abs() < 1e-15, "draw {d}");
            assert!((row.value[d] - 30.0 * row.win[d]).abs() < 1e-12, "draw {d}");
            miss *= 1.0 - 2.0 / (123.0 - d as f64);
        }
        assert!(row.ready.iter().all(|&r| r == 1.0));
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
        assert!(advise(&hand, opts, &query, None).is_err());
    }
}
