"""Checks too long for CI: every one-suit hand of up to 14 tiles for shanten (Rust against the reference), and a
large random parity sweep. Run: ``python scripts/long_checks.py`` (or scripts/long_checks.sh)."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mjcore  # noqa: E402
import mjcore.reference as ref  # noqa: E402
from mjcore import Forms  # noqa: E402
from tests.support.exhaustive import one_suit_hands  # noqa: E402
from tests.support.strategies import build_hand  # noqa: E402


def exhaustive_shanten() -> int:
    hands = one_suit_hands()
    native = mjcore.shanten_batch(hands, Forms.DEFAULT)
    failures = 0
    start = time.perf_counter()
    for i, row in enumerate(hands):
        expected = ref.shanten(row.tolist(), Forms.DEFAULT)
        if expected != native[i]:
            failures += 1
            print(f"MISMATCH {mjcore.Hand(tuple(row)).mpsz()}: rust {native[i]} reference {expected}")
        if i % 20000 == 0:
            print(f"  {i}/{len(hands)} one-suit hands checked ({time.perf_counter() - start:.0f} s)", flush=True)
    return failures


def random_parity(n: int = 20000) -> int:
    rng = random.Random(12345)
    failures = 0
    for _ in range(n):
        hand = build_hand(rng, total=13, melds=rng.randint(0, 2), wilds=rng.choice((0, 0, 0, 1, 2)),
                          complete_size=rng.random() < 0.5)
        if mjcore.shanten(hand, Forms.ALL) != ref.shanten(hand, Forms.ALL):
            failures += 1
            print(f"MISMATCH shanten {hand.mpsz()}")
        if hand.is_complete_size and mjcore.decompose(hand, Forms.ALL) != ref.decompose(hand, Forms.ALL):
            failures += 1
            print(f"MISMATCH decompose {hand.mpsz()}")
    return failures


def simulate_parity() -> int:
    """Per-deal arrays of mjcore.simulate against the twin: 100 efficiency-bot and 1,000 random-bot deals."""
    failures = 0
    for bot, deals in (("efficiency", 100), ("random", 1000)):
        native = mjcore.simulate("gd-qq3", deals, seed=5, bots=(bot,) * 4)
        twin = ref.simulate("gd-qq3", deals, seed=5, bots=(bot,) * 4)
        for column in native.per_deal:
            if not np.array_equal(native[column], twin[column]):
                failures += 1
                print(f"MISMATCH simulate {bot} column {column}")
    return failures


def main() -> int:
    failures = exhaustive_shanten() + random_parity() + simulate_parity()
    print("long checks:", "passed" if failures == 0 else f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    np.seterr(all="raise")
    sys.exit(main())
