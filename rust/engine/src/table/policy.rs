//! How a seat plays: a `Policy` picks one of the legal actions from what its seat can see. Seats may mix
//! policies; the built-in ones are in [`crate::bots`].

use super::action::Action;
use super::observation::Observation;

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
