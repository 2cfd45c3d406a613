//! Streaming statistics over many deals: each finished deal is folded into a fixed-size accumulator, and
//! accumulators merge by addition — so memory stays flat for any number of deals, and the totals do not
//! depend on how deals were split across threads or runs.

use super::record::DealRecord;
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
}

/// Draw counts counted individually in `Stats::self_drawn_turns` (a seat makes at most about 30 draws).
pub const TURN_BUCKETS: usize = 32;

impl Stats {
    pub fn add(&mut self, deal: &DealRecord) {
        self.deals += 1;
        self.kongs += u64::from(deal.kongs);
        let offset = |seat: u8| usize::from((seat + SEATS - deal.dealer) % SEATS);
        for (seat, &paid) in (0..SEATS).zip(&deal.payments) {
            self.payments_by_offset[offset(seat)] += paid;
        }
        self.kong_money_moved += deal
            .kong_money
            .iter()
            .filter(|&&m| m < 0)
            .map(|m| m.unsigned_abs())
            .sum::<u64>();
        if deal.is_exhaustive_draw() {
            self.exhaustive_draws += 1;
            return;
        }
        for seat in deal.winning_seats() {
            self.wins_by_offset[offset(seat)] += 1;
            let ghosts = deal.winner_ghosts[usize::from(seat)];
            self.horse_hits += u64::from(deal.horse_hits[usize::from(seat)]);
            self.wins_with_ghosts += u64::from(ghosts > 0);
            self.ghosts_in_wins += u64::from(ghosts);
            let fan = deal.fan[usize::from(seat)].unwrap_or(0);
            self.fans[(fan as usize).min(FAN_BUCKETS - 1)] += 1;
            if let Some(row) = deal.pattern[usize::from(seat)] {
                let row = usize::from(row);
                if self.patterns.len() <= row {
                    self.patterns.resize(row + 1, 0);
                }
                self.patterns[row] += 1;
            }
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
        self
    }

    /// Total wins (a deal with several winners counts each).
    pub fn wins(&self) -> u64 {
        self.wins_by_offset.iter().sum()
    }
}
