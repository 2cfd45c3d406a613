"""The ``mjcore`` command: quick answers about a hand from the shell.

    mjcore shanten 123m456p789s1122z
    mjcore waits 1112345678999m
    mjcore waits "123m456p789s11z 23s"        # 14 tiles: the 何切 table, one row per discard
    mjcore decompose 11122233344455m
    mjcore score "12p456s789s88p[555m]" --win 3p --self-drawn --seat S --round E --rules gd-cgc5
    mjcore simulate --rules gd-qq3 --deals 1000000 --seed 1 --bots efficiency --out run.npz --plot fans.png
    mjcore compare --rules gd-cgc5 --vs 'gd-cgc5:minimum=0' --deals 1000000 --report cmp.html
    mjcore replay deal.jsonl --html deal.html
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..errors import MjcoreError


def build_parser() -> argparse.ArgumentParser:
    # The command modules are imported here, not at the top, so that ``python -m mjcore.cli.score`` can run one
    # of them as a script without it being imported twice.
    from .analysis import add_hand_commands
    from .compare import add_compare_command
    from .replay import add_replay_command
    from .score import add_score_command
    from .simulate import add_simulate_command

    parser = argparse.ArgumentParser(prog="mjcore", description="Chinese mahjong hand analysis, scoring and simulation.")
    sub = parser.add_subparsers(dest="command", required=True)
    add_hand_commands(sub)
    add_score_command(sub)
    add_simulate_command(sub)
    add_compare_command(sub)
    add_replay_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.handler(args)
    except MjcoreError as error:
        print(f"mjcore: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped early: not an error of ours
        sys.stderr.close()
        return 0
