"""The ``mjcore compare`` subcommand: two tables on the same deals, every metric's difference with its paired 95%
interval.

``mjcore compare --rules gd-cgc5 --vs 'gd-cgc5:minimum=0' --deals 1000000 [--bots efficiency] [--vs-bots random]
[--seed 0] [--threads N] [--cluster tcp://host:8786 | local:N] [--report cmp.html]``

A ruleset is a name or path, with options as ``name:option=value,option=value``; ``--vs`` defaults to ``--rules``
and ``--vs-bots`` to ``--bots`` (so ``--vs-bots random`` compares bots on one table).
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional, TextIO

from ..table.bots import BOT_NAMES

__all__ = ["add_compare_command", "run_compare"]


def add_compare_command(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("compare", help="compare two rulesets or bots on the same deals",
                                   description=__doc__.split("\n\n")[0])  # fmt: skip
    parser.add_argument("--rules", default="gd-cgc5", help="side A's ruleset: name, path, or name:option=value,...")
    parser.add_argument("--vs", help="side B's ruleset (default: --rules)")
    parser.add_argument("--bots", nargs="+", default=["efficiency"], choices=BOT_NAMES, metavar="BOT",
                        help=f"side A's bots, one or four: {', '.join(BOT_NAMES)}")
    parser.add_argument("--vs-bots", nargs="+", choices=BOT_NAMES, metavar="BOT", help="side B's bots (default: --bots)")
    parser.add_argument("--deals", type=int, default=100_000, help="number of deals (default 100,000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--offset", type=int, default=0, help="first deal index (default 0)")
    parser.add_argument("--threads", type=int, default=None, help="worker threads (default: all cores)")
    parser.add_argument("--chunk", type=int, default=50_000, help="deals per chunk (memory; default 50,000)")
    parser.add_argument("--cluster", help="run each chunk on a Dask cluster: tcp://host:8786 or local:N")
    parser.add_argument("--report", help="write the comparison as one self-contained HTML page")
    parser.set_defaults(handler=run_compare)
    return parser


def _bots(names: list[str]) -> tuple[str, ...]:
    if len(names) == 1:
        return (names[0],) * 4
    if len(names) != 4:
        raise SystemExit("mjcore compare: error: bots are one name (every seat) or four (one per seat)")
    return tuple(names)


def run_compare(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    from ..sim.compare import compare
    from ..sim.report import write_report

    out = out or sys.stdout
    bots_a = _bots(args.bots)
    bots_b = _bots(args.vs_bots) if args.vs_bots else bots_a
    comparison = compare((args.rules, bots_a), (args.vs or args.rules, bots_b), deals=args.deals, seed=args.seed,
                         threads=args.threads, chunk_deals=args.chunk, cluster=args.cluster,
                         deal_offset=args.offset)  # fmt: skip
    print(comparison, file=out)
    if args.report:
        write_report(comparison, args.report)
        print(f"report: {args.report}", file=out)
    return 0
