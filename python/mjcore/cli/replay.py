"""The ``mjcore replay`` subcommand: draws a deal's event log (JSON lines, as ``Table.log()`` or an env's
``log()`` writes it) as a self-contained HTML page to step through.

``mjcore replay deal.jsonl --html out.html [--rules gd-cgc5] [--advise SEAT [--draws N]]``
"""

from __future__ import annotations

import argparse

from ..errors import InvalidArgumentError
from ..rules.registry import rulesets

__all__ = ["add_replay_command", "run_replay"]


def add_replay_command(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("replay", help="draw a deal's event log as an HTML page",
                                   description=__doc__.split("\n\n")[0])  # fmt: skip
    parser.add_argument("log", help="the deal's event log, one JSON object per line")
    parser.add_argument("--html", required=True, help="the page to write")
    parser.add_argument("--rules", default="gd-cgc5", help=f"the deal's ruleset ({', '.join(rulesets())})")
    parser.add_argument("--advise", type=int, choices=range(4), metavar="SEAT",
                        help="show the discard advisor's table before each own-turn decision of SEAT (0..3)")
    parser.add_argument("--draws", type=int, help="with --advise: the most draws the advisor looks ahead (default 8)")
    parser.set_defaults(handler=run_replay)
    return parser


def run_replay(args: argparse.Namespace) -> int:
    from ..replay_view import deal_frames, replay_html

    try:
        with open(args.log, encoding="utf-8") as source:
            lines = source.read().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidArgumentError(f"cannot read the deal log {args.log}: {_reason(error)}") from None
    from ..replay_view.advice import DEFAULT_MAX_DRAWS

    if args.draws is not None and args.advise is None:
        raise InvalidArgumentError("--draws is the advisor's horizon: give --advise SEAT with it")
    frames = deal_frames(lines, args.rules, advise_seat=args.advise,
                         max_draws=DEFAULT_MAX_DRAWS if args.draws is None else args.draws)
    page = replay_html(frames, title=f"mjcore replay: {args.log}")
    try:
        with open(args.html, "w", encoding="utf-8") as out:
            out.write(page)
    except OSError as error:
        raise InvalidArgumentError(f"cannot write the page {args.html}: {_reason(error)}") from None
    print(f"wrote {args.html}: {len(frames)} steps")
    return 0


def _reason(error: Exception) -> str:
    return error.strerror if isinstance(error, OSError) and error.strerror else str(error)
