//! Streaming statistics over many deals: each finished deal is folded into a fixed-size accumulator, and
//! accumulators merge by addition — so memory stays flat for any number of deals, and the totals do not
//! depend on how deals were split across threads or runs.

use super::deal::{Deal, SEATS};
use super::log::Event;

/// Fan values counted individually; larger ones share the last bucket.
pub const FAN_BUCKETS: usize = 16;

/// The facts of one finished deal that the statistics need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealSummary {
    pub dealer: u8,
    /// (seat, fan, draws the winner had made) per winner.
    pub winners: Vec<(u8, u32, u32)>,
    /// The discarder or robbed konger; `None` for a self-draw or an exhaustive draw.
    pub from: Option<u8>,
    pub robbing_kong: bool,
    pub kongs: u32,
}

impl DealSummary {
    /// Reads the summary off a deal's events (an unfinished deal summarises as an exhaustive draw).
    pub fn of(deal: &Deal) -> DealSummary {
        let mut draws = [0u32; SEATS as usize];
        let mut summary = DealSummary {
            dealer: deal.dealer(),
            winners: Vec::new(),
            from: None,
            robbing_kong: false,
            kongs: 0,
        };
        for event in deal.events() {
            match event {
                Event::Draw { seat, .. } => draws[*seat as usize] += 1,
                Event::Meld { meld, .. } if meld.kind.is_kong() => summary.kongs += 1,
                Event::Win {
                    seat,
                    from,
                    robbing_kong,
                    fan,
                    ..
                } => {
                    summary.winners.push((*seat, *fan, draws[*seat as usize]));
                    summary.from = *from;
                    summary.robbing_kong = *robbing_kong;
                }
                _ => {}
            }
        }
        summary
    }
}

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
    /// Sum over wins of the winner's number of draws (巡目) at the win.
    pub win_turns: u64,
    pub fans: [u64; FAN_BUCKETS],
}

impl Stats {
    pub fn add(&mut self, deal: &DealSummary) {
        self.deals += 1;
        self.kongs += u64::from(deal.kongs);
        if deal.winners.is_empty() {
            self.exhaustive_draws += 1;
            return;
        }
        for &(seat, fan, turns) in &deal.winners {
            self.wins_by_offset[usize::from((seat + SEATS - deal.dealer) % SEATS)] += 1;
            self.win_turns += u64::from(turns);
            self.fans[(fan as usize).min(FAN_BUCKETS - 1)] += 1;
        }
        match deal.from {
            None => self.self_drawn_wins += 1,
            Some(_) if deal.robbing_kong => self.robbed_kongs += 1,
            Some(_) => self.deal_ins += 1,
        }
        self.multiple_winners += u64::from(deal.winners.len() > 1);
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
        for (a, b) in self.fans.iter_mut().zip(other.fans) {
            *a += b;
        }
        self
    }

    /// Total wins (a deal with several winners counts each).
    pub fn wins(&self) -> u64 {
        self.wins_by_offset.iter().sum()
    }
}
