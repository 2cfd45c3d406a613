"""Per-hand cost of ``score_batch`` against the single ``score``, for 推倒胡, Sichuan, Taiwan, 789 and 老章 (issue 28:
the batch ≥ 5× faster per hand). Not a test; nothing asserted. Each family's rows are its corpus's winning hands
(``tests/support/batch_corpus``) under the shipped ruleset, repeated to ``--rows``; the single call scores the
first ``--single`` rows as users call it (a ``Hand``, keywords, the loaded ruleset). The two are timed in
alternating rounds in one process, so both share the machine's noise; the best round of each is kept. Threads:
the batch uses rayon's pool — set ``RAYON_NUM_THREADS`` (1 for the per-core figure)::

    RAYON_NUM_THREADS=1 python benches/family_batch_speed.py --rounds 5
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import mjcore
from mjcore.rules.family_batch import row_hand

from tests.support.batch_corpus import (
    FAMILY_RULESETS,
    Batch,
    family_batches,
    numeric,
    repeated,
    single_rows,
    without,
)


def corpus(family: str, rows: int) -> Batch:
    """The family's corpus under its shipped ruleset (the rows it scores or finds not winning; those it refuses
    left out), the keyword columns as int codes, repeated to ``rows`` rows."""
    rules = mjcore.load_ruleset(FAMILY_RULESETS[family])
    batches = [without(b, single_rows(b, mjcore.score)[3]) for b in family_batches(family, 1, 600, rules=rules)]
    return numeric(repeated(max(batches, key=lambda b: len(b.rows)), rows))


def per_hand(family: str, rows: int, single: int, rounds: int) -> tuple[float, float, int]:
    """(best single µs per hand, best batch µs per hand, distinct rows)."""
    batch = corpus(family, rows)
    calls = [(row_hand(batch.concealed[i], batch.melds[i], int(batch.flower_bits[i])), int(batch.wins[i]),
              batch.rows[i]) for i in range(single)]  # fmt: skip
    score, rules = mjcore.score, batch.rules
    batch.call(mjcore.score_batch)  # warm
    best_single = best_batch = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for hand, win, keywords in calls:
            score(hand, win, ruleset=rules, **keywords)
        best_single = min(best_single, (time.perf_counter() - start) / single)
        start = time.perf_counter()
        batch.call(mjcore.score_batch)
        best_batch = min(best_batch, (time.perf_counter() - start) / rows)
    return best_single * 1e6, best_batch * 1e6, len(set(map(id, batch.rows)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--single", type=int, default=2_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--families", nargs="*", default=list(FAMILY_RULESETS))
    args = parser.parse_args()
    threads = os.environ.get("RAYON_NUM_THREADS", "all")
    print(f"RAYON_NUM_THREADS={threads}, load {os.getloadavg()[0]:.1f}, {args.rows} batch rows, "
          f"{args.single} single calls, best of {args.rounds} alternating rounds")  # fmt: skip
    print(f"{'family':<10}{'single µs/hand':>16}{'batch µs/hand':>16}{'batch speed-up':>16}")
    for family in args.families:
        single, batch, _ = per_hand(family, args.rows, args.single, args.rounds)
        print(f"{family:<10}{single:>16.2f}{batch:>16.3f}{single / batch:>15.1f}×")


if __name__ == "__main__":
    main()
