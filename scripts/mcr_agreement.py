"""Agreement of an MCR scorer (the pure-Python reference or the Rust core) with pymahjonggb on generated winning
situations.

    python scripts/mcr_agreement.py [--count 50000] [--seed 0] [--backend reference|rust]

Prints the agreement rate and the disagreements grouped by class (the fans that differ), with an example each.
Exits non-zero if any hand disagrees.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.mcr_corpus import cases  # noqa: E402
from tests.support.mcr_pymahjonggb import gb_score  # noqa: E402

from mjcore import load_ruleset  # noqa: E402
from mjcore.rules.mcr import scorer as native  # noqa: E402
from mjcore.reference.rules.mcr import score as reference_score  # noqa: E402


def _rust_score(hand, win_tile, situation):
    return native.score(hand, win_tile, situation, load_ruleset("mcr"))


def _difference(mine: Counter | None, theirs: Counter | None) -> str:
    if mine is None or theirs is None:
        return "win only in " + ("pymahjonggb" if mine is None else "mjcore")
    only_mine = sorted((mine - theirs).elements())
    only_theirs = sorted((theirs - mine).elements())
    return f"mjcore +{only_mine} / pymahjonggb +{only_theirs}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--backend", choices=("reference", "rust"), default="reference")
    args = parser.parse_args()
    score = _rust_score if args.backend == "rust" else reference_score

    classes: dict[str, list] = defaultdict(list)
    hits: Counter = Counter()
    start = time.perf_counter()
    for case in cases(args.count, args.seed):
        result = score(case.hand, case.win_tile, case.situation)
        mine = Counter({f.key: f.count for f in result.fans}) if result.is_win else None
        theirs = gb_score(case.hand, case.win_tile, case.situation)
        hits.update(mine or ())
        if mine != theirs:
            classes[_difference(mine, theirs)].append(case)
    elapsed = time.perf_counter() - start

    disagreeing = sum(len(v) for v in classes.values())
    print(f"{args.count - disagreeing}/{args.count} hands agree ({100 * (1 - disagreeing / args.count):.3f}%), "
          f"seed {args.seed}, backend {args.backend}, {elapsed:.1f} s")
    print(f"fans reached: {len(hits)}; least frequent: "
          + ", ".join(f"{key} {n}" for key, n in sorted(hits.items(), key=lambda kv: kv[1])[:6]))
    for name, examples in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        case = examples[0]
        print(f"{len(examples):6d}  {name}\n        e.g. {case.hand} win {case.win_tile} {case.situation}")
    return 1 if disagreeing else 0


if __name__ == "__main__":
    sys.exit(main())
