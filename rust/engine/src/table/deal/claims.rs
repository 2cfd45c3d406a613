//! Claims on an offered tile: each seat's options and answers, collected in turn order from the discarder, then
//! resolved by priority (win > pon/kong > chi); the meld a claimed discard forms.

use super::{seat_after, ClaimRules, ClaimWindow, Deal, Offer, Phase, WinChance};
use crate::error::Result;
use crate::hand::{Meld, MeldKind};
use crate::inline_vec::InlineVec;
use crate::kind_mask::{kinds_held, kinds_of, tile_bit, CHOW_STARTS};
use crate::table::action::Action;
use crate::table::adjudicator::Adjudicator;
use crate::table::claim_options::ClaimOptions;
use crate::table::log::{self, Event};
use crate::table::table_rules::{
    Chi, MissedWin, SeveralWinners, DISCARD, MELDED_KONG, ROBBING_KONG,
};
use crate::table::types::{Winner, SEATS};
use crate::tile::{Tile, NUM_KINDS};

impl Deal {
    /// Records one seat's answer; once every seat with a choice has answered, resolves the claims.
    pub(super) fn answer<A: Adjudicator + ?Sized>(
        &mut self,
        mut window: ClaimWindow,
        action: Action,
        adjudicator: &A,
    ) -> Result<()> {
        let (seat, options) = window.choices[window.answers.len()];
        if action != Action::Win && options.win {
            // 漏胡 (OC-15): passing (or out-claiming) a legal win blocks that tile (or every discard win)
            // until the seat's next 动牌; under 过手加番 a win worth more than the passed one is still allowed.
            if self.rules.missed_win == MissedWin::HigherFan {
                let chance = WinChance::offered(window.tile, window.from, window.offer.robs());
                let fan = self.judge(seat, chance, adjudicator)?.map_or(0, |i| i.fan);
                let state = &mut self.seats[seat as usize];
                state.missed_fan = state.missed_fan.max(fan);
            }
            self.seats[seat as usize].missed_wins |= match self.rules.missed_win {
                MissedWin::Off => 0,
                MissedWin::SameTile => tile_bit(window.tile),
                MissedWin::AnyTile | MissedWin::HigherFan => !0,
            };
        }
        window.answers.push(action);
        // The first claimant's win takes the tile: the seats after it are not asked.
        let decided = action == Action::Win && self.rules.several_winners == SeveralWinners::First;
        if let Some((_, next)) = window
            .choices
            .get(window.answers.len())
            .filter(|_| !decided)
        {
            next.list_into(&mut self.legal);
            self.phase = Phase::Claims(window);
            return Ok(());
        }
        self.resolve(window, adjudicator)
    }

    pub(super) fn resolve<A: Adjudicator + ?Sized>(
        &mut self,
        window: ClaimWindow,
        adjudicator: &A,
    ) -> Result<()> {
        let answered = || {
            window
                .choices
                .iter()
                .map(|(seat, _)| *seat)
                .zip(window.answers.iter().copied())
        };
        let robbing_kong = window.offer.robs();
        let mut winning_seats: Vec<u8> = answered()
            .filter(|(_, action)| *action == Action::Win)
            .map(|(seat, _)| seat)
            .collect();
        let offered = WinChance::offered(window.tile, window.from, robbing_kong);
        if self.rules.several_winners == SeveralWinners::Highest && winning_seats.len() > 1 {
            // 截胡: the highest hand alone wins, the nearest one on a tie (scanned from the farthest, so that
            // an equal fan nearer the discarder takes over).
            let mut best = (0, winning_seats[0]);
            for &seat in winning_seats.iter().rev() {
                let fan = self
                    .declare(seat, offered, adjudicator)?
                    .unwrap_or_default()
                    .info
                    .fan;
                if fan >= best.0 {
                    best = (fan, seat);
                }
            }
            winning_seats = vec![best.1];
        }
        // Settled with the number of winners known (一炮多响 can change the fan: QQ's 一炮三响 floor).
        let chance = WinChance {
            winners_on_discard: winning_seats.len() as u8,
            ..offered
        };
        let mut winners = Vec::new();
        for &seat in &winning_seats {
            let declared = self.declare(seat, chance, adjudicator)?.unwrap_or_default();
            winners.push(Winner {
                seat,
                tile: window.tile,
                from: Some(window.from),
                robbing_kong,
                info: declared.info,
                horse_hits: declared.horse_hits,
                horses: declared.horses,
                horse_money: declared.horse_money,
            });
        }
        if let Some(&farthest) = winning_seats.last() {
            // OC-S22: play resumes after the farthest winner, or after the discarder (the robbed konger).
            let resume_after = if self.rules.resume_after_discarder {
                window.from
            } else {
                farthest
            };
            return self.settle_wins(winners, resume_after, adjudicator);
        }
        if robbing_kong {
            return self.complete_kong(window.from, window.tile, window.offer, adjudicator);
        }
        let pung_claim =
            answered().find(|(_, action)| matches!(action, Action::Pon | Action::Kong));
        let chow_claim = || answered().find(|(_, action)| matches!(action, Action::Chi(_)));
        match pung_claim.or_else(chow_claim) {
            Some((seat, action)) => self.claim(seat, action, window.tile, window.from, adjudicator),
            None => self.draw_for(self.next_active(window.from), adjudicator),
        }
    }

    /// Takes the discard `tile` of `from` into a meld of `seat`.
    pub(super) fn claim<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        action: Action,
        tile: Tile,
        from: u8,
        adjudicator: &A,
    ) -> Result<()> {
        self.seats[from as usize].discard_claimed();
        self.interrupted = true;
        if action == Action::Kong && self.rules.can_rob(MELDED_KONG) {
            // 明杠可抢: the tile waits in the konger's hand while the others may rob it.
            let state = &mut self.seats[seat as usize];
            state.moved();
            state.gain(tile);
            self.kong_feeder = from;
            return self.offer(seat, tile, Offer::MeldedKong, adjudicator);
        }
        self.meld_claimed(seat, action, tile, from, adjudicator)
    }

    /// Forms the meld of a claimed discard `tile` of `from` (not in `seat`'s hand) and moves on.
    #[inline]
    pub(super) fn meld_claimed<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        action: Action,
        tile: Tile,
        from: u8,
        adjudicator: &A,
    ) -> Result<()> {
        let state = &mut self.seats[seat as usize];
        state.moved();
        let (kind, lowest) = match action {
            Action::Chi(lowest) => (MeldKind::Chi, lowest),
            Action::Kong => (MeldKind::Kong, tile),
            _ => (MeldKind::Pon, tile),
        };
        let meld = Meld {
            kind,
            tile: lowest,
            claimed: Some(tile),
            from_offset: Some((from + SEATS - seat) % SEATS),
        };
        let mut used = [0u8; NUM_KINDS];
        meld.add_tiles(&mut used);
        used[tile.index() as usize] -= 1;
        for held in kinds_of(kinds_held(&used)) {
            state.lose(held, used[held.index() as usize]);
        }
        if kind == MeldKind::Pon && self.rules.returned_kongs {
            state.pons_with_fourth |= tile_bit(tile) & state.held;
        }
        self.add_meld(seat, meld, Some(from));
        self.note_twelve_tiles(seat);
        if kind == MeldKind::Kong {
            self.settle_kong(seat, kind, Some(from), adjudicator)?;
            self.draw_replacement_for(seat, Some(from), adjudicator)
        } else {
            self.enter_turn(seat, None, false);
            Ok(())
        }
    }

    pub(super) fn add_meld(&mut self, seat: u8, meld: Meld, from: Option<u8>) {
        let state = &mut self.seats[seat as usize];
        state.melds.push(meld);
        meld.add_tiles(&mut state.shown);
        log::append(&mut self.events, || Event::Meld {
            seat,
            meld,
            from,
            returned: false,
        });
    }

    /// Offers `tile` from `from` to the other seats; moves on directly when nobody has a choice.
    pub(super) fn offer<A: Adjudicator + ?Sized>(
        &mut self,
        from: u8,
        tile: Tile,
        offer: Offer,
        adjudicator: &A,
    ) -> Result<()> {
        let mut choices = InlineVec::new();
        let next = self.next_active(from);
        let source = if offer.robs() { ROBBING_KONG } else { DISCARD };
        // The rules read once, into locals: the loop below takes `&mut self`, so fields would be reloaded.
        // Seats not asked: those that have won and left, the 眼牌 seats (locked, never won: a locked winner of
        // 血流成河 may still win), and the discarder of a melded kong's tile (it cannot rob it).
        let skip = self.left()
            | (self.locked & !self.won)
            | if offer == Offer::MeldedKong {
                1 << self.kong_feeder
            } else {
                0
            };
        let may_win = self.rules.wins_by(source);
        let claims = ClaimRules {
            pon: self.rules.pon,
            kong: self.rules.allows_kong(MELDED_KONG) & self.may_kong(),
            // Chi only by the seat right after the discarder (not by the next active one), where played.
            chi_chows: if self.rules.chi == Chi::NextSeat {
                !0
            } else {
                0
            },
            meldable: self.meldable(),
        };
        for offset in 1..SEATS {
            let seat = seat_after(from, offset);
            if skip & (1 << seat) != 0 {
                continue;
            }
            let mut options = match offer {
                // A locked hand melds nothing.
                Offer::Discard if self.locked & (1 << seat) == 0 => {
                    self.claim_options(seat, tile, &claims, offset == 1)
                }
                _ => ClaimOptions::default(),
            };
            let state = &self.seats[seat as usize];
            let blocked = state.missed_wins & tile_bit(tile) != 0;
            // 过手加番: a blocked seat may still win for more fan than it passed.
            let above = (self.rules.missed_win == MissedWin::HigherFan).then_some(state.missed_fan);
            let chance = WinChance::offered(tile, from, offer.robs());
            options.win = may_win
                && (!blocked || above.is_some())
                && self.may_complete(seat, tile, adjudicator)
                && self
                    .judge(seat, chance, adjudicator)?
                    .is_some_and(|info| !blocked || above.is_some_and(|fan| info.fan > fan));
            if options.any() {
                choices.push((seat, options));
            }
        }
        match choices.first() {
            Some((_, first)) => {
                first.list_into(&mut self.legal);
                self.phase = Phase::Claims(ClaimWindow {
                    tile,
                    from,
                    offer,
                    choices,
                    answers: InlineVec::new(),
                });
                Ok(())
            }
            None if offer.robs() => self.complete_kong(from, tile, offer, adjudicator),
            None => self.draw_for(next, adjudicator),
        }
    }

    /// The pon, kong and chi options of `seat` on a discarded `tile` (chi only for the discarder's 下家,
    /// `is_next`) under the table's `claims`.
    pub(super) fn claim_options(
        &self,
        seat: u8,
        tile: Tile,
        claims: &ClaimRules,
        is_next: bool,
    ) -> ClaimOptions {
        let state = &self.seats[seat as usize];
        // 定缺: no pon or kong of the void suit.
        let held = if state.void_kinds() & tile_bit(tile) != 0 {
            0
        } else {
            state.concealed[tile.index() as usize]
        };
        // The chows through the discard (leading kinds t-2..t) whose three kinds are then all held.
        let have = state.held | tile_bit(tile);
        let through = 0b111 << tile.index() >> 2;
        let chows = have & (have >> 1) & (have >> 2) & CHOW_STARTS & through;
        // Bitwise `&` on bools: no branches on the claim rules in this hot path.
        let meldable = claims.meldable & tile_bit(tile) != 0;
        ClaimOptions {
            win: false,
            pon: claims.pon & (held >= 2) & meldable,
            kong: claims.kong & (held == 3) & meldable,
            chows: if is_next { chows & claims.chi_chows } else { 0 },
        }
    }
}
