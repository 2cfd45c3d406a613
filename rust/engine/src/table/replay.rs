//! Replaying an event log: the deal is rebuilt from the `start` line (its wall, dealer, round wind and labels),
//! every recorded decision is applied in order, and the regenerated log must equal the given one line for
//! line. A log is thus self-contained: a deal from a constructed wall replays as well as a seeded one.

use super::adjudicator::Adjudicator;
use super::deal::Deal;
use super::log::{parse_line, Recorded};
use super::wall::Wall;
use crate::error::{EngineError, Result};

/// The deal a log records, replayed; an error names the first line where the replay differs.
pub fn replay<A: Adjudicator + ?Sized, S: AsRef<str>>(
    lines: &[S],
    adjudicator: &A,
) -> Result<Deal> {
    let first = lines
        .first()
        .ok_or_else(|| EngineError::argument("an empty log"))?;
    let Recorded::Start(header) = parse_line(0, first.as_ref())? else {
        return Err(EngineError::argument(
            "log line 1 must be the \"start\" event",
        ));
    };
    let wall = Wall::from_codes(header.wall, &adjudicator.table_rules())?;
    let mut deal = Deal::with_wall(
        header.seed,
        header.deal,
        wall,
        header.dealer,
        header.round_wind,
        adjudicator,
    )?;
    for (number, line) in lines.iter().enumerate().skip(1) {
        if let Recorded::Act { seat, action } = parse_line(number, line.as_ref())? {
            if deal.to_act() != Some(seat) {
                let expected = deal
                    .to_act()
                    .map_or_else(|| "no seat to act".to_string(), |s| format!("seat {s}"));
                return Err(EngineError::argument(format!(
                    "log line {}: seat {seat} acts, but the replay expects {expected}",
                    number + 1
                )));
            }
            deal.step(action, adjudicator)?;
        }
    }
    let regenerated = deal.log_lines();
    let given = lines.iter().map(AsRef::as_ref);
    if let Some(number) = regenerated
        .iter()
        .map(String::as_str)
        .zip(given)
        .position(|(a, b)| a != b)
    {
        return Err(EngineError::argument(format!(
            "log line {}: the replay gives {}",
            number + 1,
            regenerated[number]
        )));
    }
    if regenerated.len() != lines.len() {
        return Err(EngineError::argument(format!(
            "the log has {} lines, the replay {}",
            lines.len(),
            regenerated.len()
        )));
    }
    Ok(deal)
}
