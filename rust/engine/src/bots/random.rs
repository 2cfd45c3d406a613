//! The random bot: a uniformly random legal action at every decision, from the deal's own random stream.

use crate::rng::{bot_stream, Rng};
use crate::table::action::Action;
use crate::table::observation::Observation;
use crate::table::policy::Policy;

/// Uniformly random among the legal actions (listed in their sorted order), drawing `below(len)` from the
/// deal's stream `bot_stream(seat)` = 1 + seat.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Rng,
}

impl Default for RandomBot {
    fn default() -> Self {
        RandomBot {
            rng: Rng::for_stream(0, 0, bot_stream(0)),
        }
    }
}

impl Policy for RandomBot {
    fn start_deal(&mut self, seed: u64, deal: u64, seat: u8) {
        self.rng = Rng::for_stream(seed, deal, bot_stream(seat));
    }

    fn choose(&mut self, _observation: &Observation<'_>, legal: &[Action]) -> Action {
        let index = self.rng.below(legal.len() as u64) as usize;
        legal.get(index).copied().unwrap_or(Action::Pass)
    }

    fn choose_position(&mut self, _: &Observation<'_>, legal: &[Action]) -> Result<usize, Action> {
        Ok(self.rng.below(legal.len() as u64) as usize)
    }
}
