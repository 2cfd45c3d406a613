//! Bots: a `Policy` picks one of the legal actions from what its seat can see. Seats may mix policies.

use super::action::Action;
use super::observation::Observation;
use super::rng::{bot_stream, Rng};

/// `Send` so that a simulation can run policies on worker threads.
pub trait Policy: Send {
    /// Called before each deal, so that a policy with randomness can derive it from the deal alone.
    fn start_deal(&mut self, _seed: u64, _deal: u64, _seat: u8) {}

    /// One of `legal` (never empty when called).
    fn choose(&mut self, observation: &Observation<'_>, legal: &[Action]) -> Action;

    /// Where in `legal` the chosen action stands: the table plays by position, with no search for the action
    /// among the legal ones. The default finds [`Policy::choose`]'s answer (`Err` with it when it is not
    /// legal); a bot that picks by position answers directly.
    fn choose_position(
        &mut self,
        observation: &Observation<'_>,
        legal: &[Action],
    ) -> Result<usize, Action> {
        let action = self.choose(observation, legal);
        legal.iter().position(|&l| l == action).ok_or(action)
    }
}

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
