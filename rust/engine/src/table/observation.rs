//! What one seat can see: its own concealed hand and last draw, everybody's melds and discards, the wall count,
//! the dealer and the winds, and the tile currently on offer. Other seats' concealed tiles and the wall order
//! are hidden. A borrowed view: building one costs nothing (the discard history is read off the event log
//! on request, so the deal's hot path keeps no extra state for it).

use super::action::Action;
use super::deal::{Deal, Phase};
use super::log::Event;
use super::types::SEATS;
use crate::error::{EngineError, Result};
use crate::hand::{Meld, MeldKind};
use crate::tile::{Counts, Tile};

/// One discard as it was made, and who took it into a meld (chi, pon or melded kong), if anyone did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discard {
    pub tile: Tile,
    pub claimed_by: Option<u8>,
}

#[derive(Clone, Copy, Debug)]
pub struct Observation<'a> {
    deal: &'a Deal,
    seat: u8,
}

/// A tile the seats may claim: a discard, or a tile being added to a pon (robbable).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OfferedTile {
    pub tile: Tile,
    pub from: u8,
    /// A kong's tile (an added kong, or a melded kong where 明杠可抢): only a win can claim it.
    pub added_kong: bool,
}

impl<'a> Observation<'a> {
    pub(crate) fn new(deal: &'a Deal, seat: u8) -> Result<Observation<'a>> {
        if seat >= SEATS {
            return Err(EngineError::argument(format!("seat {seat} is not 0..3")));
        }
        Ok(Observation { deal, seat })
    }

    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// The seat's own concealed tiles.
    pub fn hand(&self) -> &'a Counts {
        &self.deal.seats[self.seat as usize].concealed
    }

    /// The tile this seat has just drawn, while it is this seat's turn after a draw (none for a flower
    /// ghost: see [`Observation::drawn_flower`]).
    pub fn drawn(&self) -> Option<Tile> {
        match &self.deal.phase {
            Phase::Turn { seat, drawn } if *seat == self.seat => {
                drawn.filter(|d| d.flower.is_none()).map(|d| d.tile)
            }
            _ => None,
        }
    }

    /// Whether the table's flowers are ghosts held in the hand (四花鬼 / 八花鬼).
    pub fn flowers_are_ghosts(&self) -> bool {
        self.deal.rules.ghosts.holds_flowers()
    }

    /// The flower ghosts this seat holds (bit f = flower f; its own, concealed).
    pub fn flower_ghosts(&self) -> u8 {
        self.deal.flower_ghosts(self.seat)
    }

    /// The flower ghost this seat has just drawn, while it is its turn after that draw.
    pub fn drawn_flower(&self) -> Option<u8> {
        self.deal.drawn_flower(self.seat)
    }

    /// The flower ghosts any seat has discarded (bit f = flower f; public).
    pub fn discarded_flowers(&self, seat: u8) -> u8 {
        self.deal.discarded_flowers(seat)
    }

    /// The void suit a seat named (定缺): its own once named, the others' once every seat has named one
    /// (the picks are revealed together).
    pub fn void(&self, seat: u8) -> Option<u8> {
        let revealed = !matches!(self.deal.phase, Phase::Voids { .. });
        let state = self.deal.seats.get(usize::from(seat))?;
        state.void.filter(|_| seat == self.seat || revealed)
    }

    /// 换三张: the tiles this seat has picked to pass so far (still in its hand until every seat has picked;
    /// after the pass, those it passed); `None` where the table plays no 换三张.
    pub fn passing(&self) -> Option<&'a Counts> {
        (self.deal.rules.swap_tiles > 0).then(|| &self.deal.swaps.passing[self.seat as usize])
    }

    /// The melds of any seat (public).
    pub fn melds(&self, seat: u8) -> &'a [Meld] {
        self.deal.seats.get(seat as usize).map_or(&[], |s| &s.melds)
    }

    /// The flowers any seat has set aside, bit f = flower f (public: MCR scores each as 花牌).
    pub fn flowers(&self, seat: u8) -> u8 {
        self.deal.seats.get(seat as usize).map_or(0, |s| s.flowers)
    }

    /// The discards of any seat still on the table, oldest first (public).
    pub fn discards(&self, seat: u8) -> &'a [Tile] {
        self.deal
            .seats
            .get(seat as usize)
            .map_or(&[], |s| &s.discards)
    }

    /// A seat's tiles in the open, by kind: its melds' and its discards still on the table.
    pub fn shown(&self, seat: u8) -> &'a Counts {
        const NONE: &Counts = &[0; crate::tile::NUM_KINDS];
        self.deal
            .seats
            .get(seat as usize)
            .map_or(NONE, |s| &s.shown)
    }

    /// The kinds among a seat's discards still on the table (bit k = kind k).
    pub fn discarded_kinds(&self, seat: u8) -> crate::tile::KindMask {
        self.deal
            .seats
            .get(seat as usize)
            .map_or(0, |s| s.discarded_kinds)
    }

    /// Every discard of every seat in the order made, claimed ones included and marked (a robbed kong's tile
    /// was never discarded, so it is not among them).
    pub fn discard_history(&self) -> [Vec<Discard>; SEATS as usize] {
        discard_history(self.deal.events())
    }

    pub fn wall_remaining(&self) -> usize {
        self.deal.wall.remaining()
    }

    /// The deal's wild kinds (public: fixed by the rules or shown by the 翻鬼 indicator).
    pub fn ghosts(&self) -> crate::tile::KindMask {
        self.deal.ghosts()
    }

    /// The 翻鬼 indicator turned before the deal, if any (public).
    pub fn ghost_indicator(&self) -> Option<Tile> {
        self.deal.ghost_indicator()
    }

    /// What each seat has gained or paid so far in the deal by events other than wins (kong and flower
    /// money, public): the whole settlement once the deal is over.
    pub fn payments_so_far(&self) -> [i64; SEATS as usize] {
        self.deal.payments_so_far()
    }

    /// The seats that have won so far (bit s = seat s), when the deal plays on after a win.
    pub fn winners_so_far(&self) -> u8 {
        self.deal.winners_so_far()
    }

    /// Whether it is `seat`'s own turn after taking a claimed tile (chi or pon): it may only discard.
    pub fn after_claim(&self) -> bool {
        matches!(self.deal.phase, Phase::Turn { seat, drawn: None } if seat == self.seat)
    }

    pub fn dealer(&self) -> u8 {
        self.deal.dealer()
    }

    /// Round wind 0..3 = East..North.
    pub fn round_wind(&self) -> u8 {
        self.deal.round_wind()
    }

    /// The seat wind of `seat`, 0..3 = East..North: the dealer is East (OC-1).
    pub fn seat_wind(&self, seat: u8) -> u8 {
        (seat % SEATS + SEATS - self.deal.dealer()) % SEATS
    }

    /// The seat whose decision it is.
    pub fn to_act(&self) -> Option<u8> {
        self.deal.to_act()
    }

    /// The tile on offer while seats answer a discard or an added kong.
    pub fn offered(&self) -> Option<OfferedTile> {
        match &self.deal.phase {
            Phase::Claims(window) => Some(OfferedTile {
                tile: window.tile,
                from: window.from,
                added_kong: window.offer.robs(),
            }),
            _ => None,
        }
    }
}

/// Reads the discard history off an event log (see [`DiscardHistory`]).
pub fn discard_history(events: &[Event]) -> [Vec<Discard>; SEATS as usize] {
    let mut history = DiscardHistory::default();
    events.iter().for_each(|event| history.record(event));
    history.seats
}

/// The discard history built one event at a time, so that an environment can keep it up to date by reading
/// only the events since its last look. A claim is the meld formed from the last discard; under 明杠可抢 a
/// kong claimed from a discard and then robbed forms no meld, so the robbing win marks the discard as the
/// konger's (the konger's last decision was that `kong` claim, not an `added_kong` of its own).
#[derive(Clone, Debug, Default)]
pub struct DiscardHistory {
    /// Each seat's discards in the order made, claimed ones marked.
    pub seats: [Vec<Discard>; SEATS as usize],
    last_discarder: Option<u8>,
    last_action: [Option<Action>; SEATS as usize],
}

impl DiscardHistory {
    /// Empties the history for a new deal, keeping its buffers.
    pub fn clear(&mut self) {
        self.seats.iter_mut().for_each(Vec::clear);
        self.last_discarder = None;
        self.last_action = [None; SEATS as usize];
    }

    pub fn record(&mut self, event: &Event) {
        match *event {
            Event::Act { seat, action } => {
                self.last_action[usize::from(seat)] = Some(action);
                // 眼牌 declares and discards at once.
                if let Action::Discard(tile) | Action::Eye(tile) = action {
                    self.seats[usize::from(seat)].push(Discard {
                        tile,
                        claimed_by: None,
                    });
                    self.last_discarder = Some(seat);
                }
            }
            Event::Meld {
                seat, meld, from, ..
            } if matches!(meld.kind, MeldKind::Chi | MeldKind::Pon | MeldKind::Kong) => {
                self.mark(from, seat);
            }
            Event::Win {
                robbing_kong: true,
                from: Some(konger),
                ..
            } if self.last_action[usize::from(konger)] == Some(Action::Kong) => {
                self.mark(self.last_discarder, konger);
            }
            _ => {}
        }
    }

    fn mark(&mut self, from: Option<u8>, by: u8) {
        if let Some(discard) = from.and_then(|f| self.seats[usize::from(f)].last_mut()) {
            discard.claimed_by = Some(by);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::EfficiencyBot;
    use crate::table::{play_deal, Policy, ShapeRules};

    /// Efficiency bots claim often: each seat's history, less its claimed entries, is what lies on the table,
    /// and the claimed entries are the tiles the claimants' melds took from that seat.
    #[test]
    fn the_history_marks_exactly_the_claimed_discards() {
        let rules = ShapeRules::CHICKEN;
        let mut claims = 0;
        for index in 0..30 {
            let mut bots: Vec<Box<dyn Policy>> = (0..SEATS)
                .map(|_| Box::new(EfficiencyBot::default()) as Box<dyn Policy>)
                .collect();
            let mut deal = Deal::new(5, index, (index % 4) as u8, 0, &rules).expect("a deal");
            play_deal(&mut deal, &mut bots, &rules).expect("played");
            let view = deal.observation(0).expect("a view");
            let history = view.discard_history();
            for seat in 0..SEATS {
                let on_table: Vec<Tile> = history[usize::from(seat)]
                    .iter()
                    .filter(|d| d.claimed_by.is_none())
                    .map(|d| d.tile)
                    .collect();
                assert_eq!(on_table, view.discards(seat), "deal {index} seat {seat}");
                let mut taken: Vec<(u8, Tile)> = (0..SEATS)
                    .flat_map(|from| {
                        history[usize::from(from)]
                            .iter()
                            .filter(move |d| d.claimed_by == Some(seat))
                            .map(move |d| (from, d.tile))
                    })
                    .collect();
                let mut melded: Vec<(u8, Tile)> = view
                    .melds(seat)
                    .iter()
                    .filter_map(|m| Some(((seat + m.from_offset?) % SEATS, m.claimed?)))
                    .collect();
                taken.sort();
                melded.sort();
                claims += taken.len();
                assert_eq!(taken, melded, "deal {index} seat {seat}");
            }
        }
        assert!(claims > 0, "efficiency bots claim");
    }
}
