//! Shared by the integration tests: a test-only win check (the shipped one comes from the decomposition
//! module).

use mjcore_engine::sim::{WinInfo, WinSituation};
use mjcore_engine::tile::TERMINALS_AND_HONOURS;
use mjcore_engine::{Counts, Meld, Result};

/// A test-only win check (the shipped one comes from the decomposition module): the concealed part forms
/// sets and a pair, or the hand is thirteen orphans. Every win is worth 0 fan.
pub fn test_rules(
    concealed: &Counts,
    melds: &[Meld],
    _situation: &WinSituation,
) -> Result<Option<WinInfo>> {
    let mut counts = *concealed;
    let won =
        forms_sets_and_pair(&mut counts) || (melds.is_empty() && is_thirteen_orphans(concealed));
    Ok(won.then_some(WinInfo::default()))
}

fn forms_sets_and_pair(counts: &mut [u8; 34]) -> bool {
    (0..34).any(|k| {
        if counts[k] < 2 {
            return false;
        }
        counts[k] -= 2;
        let ok = forms_sets(counts, 0);
        counts[k] += 2;
        ok
    })
}

fn forms_sets(counts: &mut [u8; 34], from: usize) -> bool {
    let Some(k) = (from..34).find(|&k| counts[k] > 0) else {
        return true;
    };
    if counts[k] >= 3 {
        counts[k] -= 3;
        let ok = forms_sets(counts, k);
        counts[k] += 3;
        if ok {
            return true;
        }
    }
    if k < 27 && k % 9 <= 6 && counts[k + 1] > 0 && counts[k + 2] > 0 {
        for t in k..k + 3 {
            counts[t] -= 1;
        }
        let ok = forms_sets(counts, k);
        for t in k..k + 3 {
            counts[t] += 1;
        }
        return ok;
    }
    false
}

fn is_thirteen_orphans(concealed: &Counts) -> bool {
    let total: u8 = concealed.iter().sum();
    total == 14
        && TERMINALS_AND_HONOURS
            .iter()
            .all(|&k| concealed[k as usize] >= 1)
}

pub const RULES: fn(&Counts, &[Meld], &WinSituation) -> Result<Option<WinInfo>> = test_rules;
