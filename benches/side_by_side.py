"""Throughput of one ``simulate`` call under two builds, measured side by side in one run (not a test; nothing
asserted): each round runs the same call once in every build, in a fresh interpreter (``subprocess``), the
builds alternating, so that both sides share the machine's noise; the best of the rounds is kept. The child
times its own CPU (``process_time``, one thread): a busy shared machine then slows both sides alike instead of
stealing wall-clock time from one.

A build is a ``python`` (a venv) and an optional ``PYTHONPATH`` entry (a worktree's ``python/`` holding its own
``_core``). Run::

    python benches/side_by_side.py --base /work/venv-base/bin/python: --new "$(which python):" \\
        --ruleset gd-cgc5 --bots random --deals 20000 --rounds 5
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess

# Times the call in the child, so that interpreter start-up and imports are not measured.
CHILD = """
import json, sys, time
import mjcore
ruleset, bots, deals = sys.argv[1], sys.argv[2], int(sys.argv[3])
mjcore.simulate(ruleset, 50, seed=1, bots=(bots,) * 4, threads=1, per_deal=False)  # warm the tables
start = time.process_time()
mjcore.simulate(ruleset, deals, seed=7, bots=(bots,) * 4, threads=1, per_deal=False)
print(json.dumps({"seconds": time.process_time() - start, "module": mjcore.__file__}))
"""


def run(build: str, ruleset: str, bots: str, deals: int) -> dict:
    python, _, path = build.partition(":")
    env = dict(os.environ, PYTHONPATH=path) if path else {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([python, "-c", CHILD, ruleset, bots, str(deals)], env=env, check=True,
                         capture_output=True, text=True, cwd="/")  # fmt: skip
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="PYTHON[:PYTHONPATH] of the baseline build")
    parser.add_argument("--new", required=True, help="PYTHON[:PYTHONPATH] of the build measured")
    parser.add_argument("--ruleset", default="gd-cgc5")
    parser.add_argument("--bots", default="random")
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    best = {"base": float("inf"), "new": float("inf")}
    for _ in range(args.rounds):
        for side in ("base", "new"):
            result = run(getattr(args, side), args.ruleset, args.bots, args.deals)
            best[side] = min(best[side], result["seconds"])
    rates = {side: args.deals / seconds for side, seconds in best.items()}
    print(f"{args.ruleset}, {args.bots} bots, {args.deals} deals, threads=1, best of {args.rounds}: "
          f"base {rates['base']:,.0f} deals/s, new {rates['new']:,.0f} deals/s, "
          f"new/base {rates['new'] / rates['base']:.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
