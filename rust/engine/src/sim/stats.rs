//! Streaming statistics over many deals: each finished deal is folded into a fixed-size accumulator, and
//! accumulators merge by addition — so memory stays flat for any number of deals, and the totals do not
//! depend on how deals were split across threads or runs.
//!
//! Besides the counts, the totals keep the sums of squares (and, for rates per win, the cross sums with the
//! deal's number of wins) that the intervals need: a deal is the independent unit, so a mean per deal needs
//! Σx and Σx², and a rate per win (Σx / Σw over deals) needs Σx², Σxw and Σw² for its delta-method
//! variance. These merge by addition too, so a merged run, a run without per-deal arrays and a cluster run
//! give the same interval as one big run.

use super::record::DealRecord;
use crate::table::deal_money::SIDE_MONEY_KINDS;
use crate::table::types::SEATS;

/// Fan values counted individually; larger ones share the last bucket.
pub const FAN_BUCKETS: usize = 16;

/// Totals over deals. All counts; rates and intervals are derived by the caller.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub deals: u64,
    pub exhaustive_draws: u64,
    /// Wins by the winner's seat relative to the dealer (0 = dealer, 1 = the dealer's 下家, …).
    pub wins_by_offset: [u64; SEATS as usize],
    pub self_drawn_wins: u64,
    /// Deals won on a discard (一炮多响 counts once).
    pub deal_ins: u64,
    /// Deals with several winners on one discard.
    pub multiple_winners: u64,
    pub robbed_kongs: u64,
    pub kongs: u64,
    /// Sum over deals won of the (first) winner's number of draws (巡目) at the win, and of its square (for
    /// the mean's confidence interval).
    pub win_turns: u64,
    pub win_turns_squared: u64,
    pub fans: [u64; FAN_BUCKETS],
    /// Wins by the scored pattern's row in the ruleset's table (grown to the highest row seen).
    pub patterns: Vec<u64>,
    /// Deals whose payment fell on a liable seat (包).
    pub liabilities: u64,
    /// Sum of the payments by seat relative to the dealer.
    pub payments_by_offset: [i64; SEATS as usize],
    /// Kong money that changed hands (the sum of what the payers paid), horse hits, and the wins holding
    /// a ghost and the ghosts they held.
    pub kong_money_moved: u64,
    pub horse_hits: u64,
    pub wins_with_ghosts: u64,
    pub ghosts_in_wins: u64,
    /// Self-drawn wins by the winner's draws (巡目) at the win; larger counts share the last bucket.
    pub self_drawn_turns: [u64; TURN_BUCKETS],
    /// Deals by their number of wins (0 = 流局; several: 一炮多响, or 血战 played on): Σw and Σw² of the
    /// wins per deal, the denominators of every rate per win.
    pub deals_by_wins: [u64; SEATS as usize + 1],
    /// Σ over deals of the squared payment of each seat relative to the dealer (the per-seat means' variance).
    pub payments_squared_by_offset: [u128; SEATS as usize],
    /// Σ over deals of the squared kong money moved in the deal.
    pub kong_money_squared: u128,
    /// For each per-win count x (horse hits, ghosts held, wins holding a ghost): Σ over deals of x² and of
    /// x·w (w = the deal's wins), for the ratio estimate's variance.
    pub horse_hits_squared: u64,
    pub horse_hits_by_wins: u64,
    pub ghosts_in_wins_squared: u64,
    pub ghosts_in_wins_by_wins: u64,
    pub wins_with_ghosts_squared: u64,
    pub wins_with_ghosts_by_wins: u64,
    /// Flowers set aside in all (every seat), and Σ over deals of the deal's flowers squared.
    pub flowers: u64,
    pub flowers_squared: u64,
    /// For each fan bucket and pattern row, over deals with several wins only (a deal with one win adds
    /// nothing): Σ c(c−1) and Σ c(w−1), c = the deal's wins in the bucket, w = its wins. With `fans` and
    /// `deals_by_wins` they give Σc² and Σcw, the ratio variance of the share of wins in the bucket.
    pub fans_same_deal: [u64; FAN_BUCKETS],
    pub fans_cowinners: [u64; FAN_BUCKETS],
    pub patterns_same_deal: Vec<u64>,
    pub patterns_cowinners: Vec<u64>,
    /// Wins by each row of the ruleset's table their hand scored (`DealRecord::rows`: MCR's fans, several per
    /// win; grown to the highest row seen), with the same-deal terms of `patterns_same_deal` for each row.
    pub rows: Vec<u64>,
    pub rows_same_deal: Vec<u64>,
    pub rows_cowinners: Vec<u64>,
    /// For each kind of side money (`DealRecord::side_money`): the deals where it changed hands, what changed
    /// hands (the sum of what the payers paid) and Σ over deals of its square.
    pub side_money_deals: [u64; SIDE_MONEY_KINDS],
    pub side_money_moved: [u64; SIDE_MONEY_KINDS],
    pub side_money_squared: [u128; SIDE_MONEY_KINDS],
    /// Wins by the horses (买马) that hit them (推倒胡's 中马; larger counts share the last bucket), with the
    /// same-deal terms of `fans_same_deal`: the distribution of horses hit per win.
    pub horse_hit_counts: [u64; HORSE_BUCKETS],
    pub horse_hit_counts_same_deal: [u64; HORSE_BUCKETS],
    pub horse_hit_counts_cowinners: [u64; HORSE_BUCKETS],
    /// The horse money that changed hands (789's mirror bets: the payers' sum) and Σ over deals of its square.
    pub horse_money_moved: u64,
    pub horse_money_squared: u128,
    /// By a win's place in the deal's order (`DealRecord::win_order`: 血战's first, second, third win): the
    /// deals with such a win (one per deal at most), and Σ and Σ² of its fan.
    pub wins_by_order: [u64; SEATS as usize],
    pub fan_by_order: [u64; SEATS as usize],
    pub fan_by_order_squared: [u64; SEATS as usize],
    /// Wins by the count their hand kept (`DealRecord::win_count`: Sichuan's 根; larger counts share the last
    /// bucket), with the same-deal terms of `fans_same_deal`: the count's distribution per win.
    pub win_counts: [u64; COUNT_BUCKETS],
    pub win_counts_same_deal: [u64; COUNT_BUCKETS],
    pub win_counts_cowinners: [u64; COUNT_BUCKETS],
    /// Σ over wins of that count, and over deals the square and the cross sum with the wins of the deal's
    /// count (its mean per win, a ratio estimate like `horse_hits`).
    pub win_count: u64,
    pub win_count_squared: u64,
    pub win_count_by_wins: u64,
    /// The flower money that changed hands (789: the payers' sum) and Σ over deals of its square.
    pub flower_money_moved: u64,
    pub flower_money_squared: u128,
}

/// Per-win counts counted individually in `Stats::win_counts`; larger counts share the last bucket.
pub const COUNT_BUCKETS: usize = 8;

/// Horse hits per win counted individually in `Stats::horse_hit_counts`; larger counts share the last bucket.
pub const HORSE_BUCKETS: usize = 16;

/// Draw counts counted individually in `Stats::self_drawn_turns` (a seat makes at most about 30 draws).
pub const TURN_BUCKETS: usize = 32;

impl Stats {
    pub fn add(&mut self, deal: &DealRecord) {
        self.deals += 1;
        self.kongs += u64::from(deal.kongs);
        let offset = |seat: u8| usize::from((seat + SEATS - deal.dealer) % SEATS);
        for (seat, &paid) in (0..SEATS).zip(&deal.payments) {
            self.payments_by_offset[offset(seat)] += paid;
            self.payments_squared_by_offset[offset(seat)] += u128::from(paid.unsigned_abs()).pow(2);
        }
        let horse_money = moved(&deal.horse_money);
        self.horse_money_moved += horse_money;
        self.horse_money_squared += u128::from(horse_money).pow(2);
        let flower_money = moved(&deal.flower_money);
        self.flower_money_moved += flower_money;
        self.flower_money_squared += u128::from(flower_money).pow(2);
        let kong_money = moved(&deal.kong_money);
        self.kong_money_moved += kong_money;
        self.kong_money_squared += u128::from(kong_money).pow(2);
        for (kind, money) in deal.side_money.iter().enumerate() {
            let moved = moved(money);
            self.side_money_deals[kind] += u64::from(moved > 0);
            self.side_money_moved[kind] += moved;
            self.side_money_squared[kind] += u128::from(moved).pow(2);
        }
        let flowers: u64 = deal.flowers.iter().map(|&f| u64::from(f)).sum();
        self.flowers += flowers;
        self.flowers_squared += flowers * flowers;
        let wins = u64::from(deal.winners.count_ones());
        self.deals_by_wins[wins as usize] += 1;
        if deal.is_exhaustive_draw() {
            self.exhaustive_draws += 1;
            return;
        }
        let (mut horse_hits, mut ghosts_held, mut holding_ghosts, mut counted) =
            (0u64, 0u64, 0u64, 0u64);
        for seat in deal.winning_seats() {
            self.wins_by_offset[offset(seat)] += 1;
            let ghosts = u64::from(deal.winner_ghosts[usize::from(seat)]);
            horse_hits += u64::from(deal.horse_hits[usize::from(seat)]);
            holding_ghosts += u64::from(ghosts > 0);
            ghosts_held += ghosts;
            self.fans[fan_bucket(deal, seat)] += 1;
            self.horse_hit_counts[horse_bucket(deal, seat)] += 1;
            self.win_counts[count_bucket(deal, seat)] += 1;
            counted += u64::from(deal.win_count[usize::from(seat)]);
            if let Some(order) = deal.win_order[usize::from(seat)] {
                let fan = u64::from(deal.fan[usize::from(seat)].unwrap_or(0));
                self.wins_by_order[usize::from(order)] += 1;
                self.fan_by_order[usize::from(order)] += fan;
                self.fan_by_order_squared[usize::from(order)] += fan * fan;
            }
            if let Some(row) = deal.pattern[usize::from(seat)] {
                count_at(&mut self.patterns, usize::from(row), 1);
            }
            for row in rows_of(deal.rows[usize::from(seat)]) {
                count_at(&mut self.rows, row, 1);
            }
        }
        self.horse_hits += horse_hits;
        self.horse_hits_squared += horse_hits * horse_hits;
        self.horse_hits_by_wins += horse_hits * wins;
        self.ghosts_in_wins += ghosts_held;
        self.ghosts_in_wins_squared += ghosts_held * ghosts_held;
        self.ghosts_in_wins_by_wins += ghosts_held * wins;
        self.wins_with_ghosts += holding_ghosts;
        self.wins_with_ghosts_squared += holding_ghosts * holding_ghosts;
        self.wins_with_ghosts_by_wins += holding_ghosts * wins;
        self.win_count += counted;
        self.win_count_squared += counted * counted;
        self.win_count_by_wins += counted * wins;
        if wins > 1 {
            self.add_shared_wins(deal, wins);
            self.add_shared_rows(deal, wins);
        }
        self.win_turns += u64::from(deal.turns);
        self.win_turns_squared += u64::from(deal.turns).pow(2);
        match deal.from {
            None => {
                self.self_drawn_wins += 1;
                self.self_drawn_turns[(deal.turns as usize).min(TURN_BUCKETS - 1)] += 1;
            }
            Some(_) if deal.robbing_kong => self.robbed_kongs += 1,
            Some(_) => self.deal_ins += 1,
        }
        self.multiple_winners += u64::from(deal.winners.count_ones() > 1);
        self.liabilities += u64::from(deal.liable.is_some());
    }

    /// The same-deal terms of a deal with several wins (see `fans_same_deal`): each bucket counted once.
    fn add_shared_wins(&mut self, deal: &DealRecord, wins: u64) {
        let mut winners = [0u8; SEATS as usize];
        let mut count = 0;
        for seat in deal.winning_seats() {
            winners[count] = seat;
            count += 1;
        }
        let seats = &winners[..count];
        for (i, &seat) in seats.iter().enumerate() {
            let bucket = fan_bucket(deal, seat);
            if seats[..i].iter().all(|&s| fan_bucket(deal, s) != bucket) {
                let c = seats
                    .iter()
                    .filter(|&&s| fan_bucket(deal, s) == bucket)
                    .count() as u64;
                self.fans_same_deal[bucket] += c * (c - 1);
                self.fans_cowinners[bucket] += c * (wins - 1);
            }
            let hits = horse_bucket(deal, seat);
            if seats[..i].iter().all(|&s| horse_bucket(deal, s) != hits) {
                let c = seats
                    .iter()
                    .filter(|&&s| horse_bucket(deal, s) == hits)
                    .count() as u64;
                self.horse_hit_counts_same_deal[hits] += c * (c - 1);
                self.horse_hit_counts_cowinners[hits] += c * (wins - 1);
            }
            let counted = count_bucket(deal, seat);
            if seats[..i].iter().all(|&s| count_bucket(deal, s) != counted) {
                let c = seats
                    .iter()
                    .filter(|&&s| count_bucket(deal, s) == counted)
                    .count() as u64;
                self.win_counts_same_deal[counted] += c * (c - 1);
                self.win_counts_cowinners[counted] += c * (wins - 1);
            }
            let Some(row) = deal.pattern[usize::from(seat)] else {
                continue;
            };
            if seats[..i]
                .iter()
                .all(|&s| deal.pattern[usize::from(s)] != Some(row))
            {
                let c = seats
                    .iter()
                    .filter(|&&s| deal.pattern[usize::from(s)] == Some(row))
                    .count() as u64;
                count_at(&mut self.patterns_same_deal, usize::from(row), c * (c - 1));
                count_at(
                    &mut self.patterns_cowinners,
                    usize::from(row),
                    c * (wins - 1),
                );
            }
        }
    }

    /// The same-deal terms of the rows of a deal with several wins: for each row some winner scored, c = the
    /// winners that scored it.
    fn add_shared_rows(&mut self, deal: &DealRecord, wins: u64) {
        let rows = |seat: u8| deal.rows[usize::from(seat)];
        let any = deal.winning_seats().fold(0, |any, seat| any | rows(seat));
        for row in rows_of(any) {
            let c = deal
                .winning_seats()
                .filter(|&seat| rows(seat) >> row & 1 == 1)
                .count() as u64;
            count_at(&mut self.rows_same_deal, row, c * (c - 1));
            count_at(&mut self.rows_cowinners, row, c * (wins - 1));
        }
    }

    pub fn merge(mut self, other: &Stats) -> Stats {
        self.deals += other.deals;
        self.exhaustive_draws += other.exhaustive_draws;
        for (a, b) in self.wins_by_offset.iter_mut().zip(other.wins_by_offset) {
            *a += b;
        }
        self.self_drawn_wins += other.self_drawn_wins;
        self.deal_ins += other.deal_ins;
        self.multiple_winners += other.multiple_winners;
        self.robbed_kongs += other.robbed_kongs;
        self.kongs += other.kongs;
        self.win_turns += other.win_turns;
        self.win_turns_squared += other.win_turns_squared;
        for (a, b) in self.fans.iter_mut().zip(other.fans) {
            *a += b;
        }
        if self.patterns.len() < other.patterns.len() {
            self.patterns.resize(other.patterns.len(), 0);
        }
        for (a, b) in self.patterns.iter_mut().zip(&other.patterns) {
            *a += b;
        }
        self.liabilities += other.liabilities;
        self.kong_money_moved += other.kong_money_moved;
        self.horse_hits += other.horse_hits;
        self.wins_with_ghosts += other.wins_with_ghosts;
        self.ghosts_in_wins += other.ghosts_in_wins;
        for (a, b) in self.self_drawn_turns.iter_mut().zip(other.self_drawn_turns) {
            *a += b;
        }
        for (a, b) in self
            .payments_by_offset
            .iter_mut()
            .zip(other.payments_by_offset)
        {
            *a += b;
        }
        add_all(&mut self.deals_by_wins, &other.deals_by_wins);
        add_all(
            &mut self.payments_squared_by_offset,
            &other.payments_squared_by_offset,
        );
        self.kong_money_squared += other.kong_money_squared;
        self.horse_hits_squared += other.horse_hits_squared;
        self.horse_hits_by_wins += other.horse_hits_by_wins;
        self.ghosts_in_wins_squared += other.ghosts_in_wins_squared;
        self.ghosts_in_wins_by_wins += other.ghosts_in_wins_by_wins;
        self.wins_with_ghosts_squared += other.wins_with_ghosts_squared;
        self.wins_with_ghosts_by_wins += other.wins_with_ghosts_by_wins;
        self.flowers += other.flowers;
        self.flowers_squared += other.flowers_squared;
        add_all(&mut self.fans_same_deal, &other.fans_same_deal);
        add_all(&mut self.fans_cowinners, &other.fans_cowinners);
        add_grown(&mut self.patterns_same_deal, &other.patterns_same_deal);
        add_grown(&mut self.patterns_cowinners, &other.patterns_cowinners);
        add_grown(&mut self.rows, &other.rows);
        add_grown(&mut self.rows_same_deal, &other.rows_same_deal);
        add_grown(&mut self.rows_cowinners, &other.rows_cowinners);
        add_all(&mut self.side_money_deals, &other.side_money_deals);
        add_all(&mut self.side_money_moved, &other.side_money_moved);
        add_all(&mut self.side_money_squared, &other.side_money_squared);
        add_all(&mut self.horse_hit_counts, &other.horse_hit_counts);
        add_all(
            &mut self.horse_hit_counts_same_deal,
            &other.horse_hit_counts_same_deal,
        );
        add_all(
            &mut self.horse_hit_counts_cowinners,
            &other.horse_hit_counts_cowinners,
        );
        self.horse_money_moved += other.horse_money_moved;
        self.horse_money_squared += other.horse_money_squared;
        add_all(&mut self.wins_by_order, &other.wins_by_order);
        add_all(&mut self.fan_by_order, &other.fan_by_order);
        add_all(&mut self.fan_by_order_squared, &other.fan_by_order_squared);
        add_all(&mut self.win_counts, &other.win_counts);
        add_all(&mut self.win_counts_same_deal, &other.win_counts_same_deal);
        add_all(&mut self.win_counts_cowinners, &other.win_counts_cowinners);
        self.win_count += other.win_count;
        self.win_count_squared += other.win_count_squared;
        self.win_count_by_wins += other.win_count_by_wins;
        self.flower_money_moved += other.flower_money_moved;
        self.flower_money_squared += other.flower_money_squared;
        self
    }

    /// Total wins (a deal with several winners counts each).
    pub fn wins(&self) -> u64 {
        self.wins_by_offset.iter().sum()
    }
}

/// A winner's fan bucket in `Stats::fans`.
fn fan_bucket(deal: &DealRecord, seat: u8) -> usize {
    (deal.fan[usize::from(seat)].unwrap_or(0) as usize).min(FAN_BUCKETS - 1)
}

/// A winner's bucket in `Stats::horse_hit_counts`.
fn horse_bucket(deal: &DealRecord, seat: u8) -> usize {
    usize::from(deal.horse_hits[usize::from(seat)]).min(HORSE_BUCKETS - 1)
}

/// A winner's bucket in `Stats::win_counts`.
fn count_bucket(deal: &DealRecord, seat: u8) -> usize {
    usize::from(deal.win_count[usize::from(seat)]).min(COUNT_BUCKETS - 1)
}

/// The money that changed hands in zero-sum `money`: what the payers paid.
fn moved(money: &[i64; SEATS as usize]) -> u64 {
    money
        .iter()
        .filter(|&&m| m < 0)
        .map(|m| m.unsigned_abs())
        .sum()
}

/// The rows of a bit set (bit `r` = row `r`), ascending.
fn rows_of(mut bits: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let row = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            row
        })
    })
}

/// Adds `count` at `row`, growing `counts` to hold it.
fn count_at(counts: &mut Vec<u64>, row: usize, count: u64) {
    if counts.len() <= row {
        counts.resize(row + 1, 0);
    }
    counts[row] += count;
}

fn add_all<T: Copy + std::ops::AddAssign>(into: &mut [T], other: &[T]) {
    for (a, &b) in into.iter_mut().zip(other) {
        *a += b;
    }
}

/// Adds `other` into `into` element by element, growing `into` to `other`'s length.
fn add_grown(into: &mut Vec<u64>, other: &[u64]) {
    if into.len() < other.len() {
        into.resize(other.len(), 0);
    }
    add_all(into, other);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deal won by seats 1 (first, 3 fan, 2 horses) and 3 (second, 5 fan, 2 horses), 4 moved as horse money.
    fn two_wins() -> DealRecord {
        DealRecord {
            winners: 0b1010,
            fan: [None, Some(3), None, Some(5)],
            win_order: [None, Some(0), None, Some(1)],
            horse_hits: [0, 2, 0, 2],
            horse_money: [-3, 2, -1, 2],
            win_count: [0, 1, 0, 1],
            flower_money: [-2, 3, 0, -1],
            ..DealRecord::default()
        }
    }

    #[test]
    fn the_order_of_wins_and_the_horses_fold_with_their_same_deal_terms() {
        let mut stats = Stats::default();
        stats.add(&two_wins());
        assert_eq!(stats.wins_by_order, [1, 1, 0, 0]);
        assert_eq!(stats.fan_by_order, [3, 5, 0, 0]);
        assert_eq!(stats.fan_by_order_squared, [9, 25, 0, 0]);
        assert_eq!(stats.horse_hit_counts[2], 2);
        // c = 2 winners with 2 hits in a deal of w = 2 wins: c(c − 1) = 2 and c(w − 1) = 2.
        assert_eq!(stats.horse_hit_counts_same_deal[2], 2);
        assert_eq!(stats.horse_hit_counts_cowinners[2], 2);
        assert_eq!(
            (stats.horse_money_moved, stats.horse_money_squared),
            (4, 16)
        );
        // Both winners held one 根-like count: c = 2 in bucket 1; Σx = 2 over a deal of 2 wins.
        assert_eq!(stats.win_counts[1], 2);
        assert_eq!(stats.win_counts_same_deal[1], 2);
        assert_eq!(
            (
                stats.win_count,
                stats.win_count_squared,
                stats.win_count_by_wins
            ),
            (2, 4, 4)
        );
        assert_eq!(
            (stats.flower_money_moved, stats.flower_money_squared),
            (3, 9)
        );
        let once = stats.clone();
        stats.add(&two_wins());
        assert_eq!(once.clone().merge(&once), stats);
    }
}
