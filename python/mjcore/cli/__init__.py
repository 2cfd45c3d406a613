"""The ``mjcore`` command: quick answers about a hand from the shell.

    mjcore shanten 123m456p789s1122z
    mjcore waits 1112345678999m
    mjcore waits "123m456p789s11z 23s"        # 14 tiles: the 何切 table, one row per discard
    mjcore decompose 11122233344455m
    mjcore advise 123m456p789s1122z3z --draws 12 --seen 1z1z --plot curves.png
    mjcore score "12p456s789s88p[555m]" --win 3p --self-drawn --seat S --round E --rules gd-cgc5
    mjcore simulate --rules gd-qq3 --deals 1000000 --seed 1 --bots efficiency --out run.npz --plot fans.png
    mjcore compare --rules gd-cgc5 --vs 'gd-cgc5:minimum=0' --deals 1000000 --report cmp.html
    mjcore replay deal.jsonl --html deal.html
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Sequence
from typing import NoReturn

from ..errors import MjcoreError


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors take the one error path: ``mjcore: error: …``, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"mjcore: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    # The command modules are imported here, not at the top, so that ``python -m mjcore.cli.score`` can run one
    # of them as a script without it being imported twice.
    from .advise import add_advise_command
    from .analysis import add_hand_commands
    from .compare import add_compare_command
    from .replay import add_replay_command
    from .score import add_score_command
    from .simulate import add_simulate_command

    parser = _Parser(prog="mjcore", description="Chinese mahjong hand analysis, scoring and simulation.")
    parser.add_argument("--debug", action="store_true", help="on an error, print the traceback too")
    sub = parser.add_subparsers(dest="command", required=True)
    add_hand_commands(sub)
    add_advise_command(sub)
    add_score_command(sub)
    add_simulate_command(sub)
    add_compare_command(sub)
    add_replay_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return run_command(args, args.debug)


def run_command(args: argparse.Namespace, debug: bool = False) -> int:
    """Runs a parsed command with the one error path: any failure prints ``mjcore: error: …`` (one line, no
    traceback unless ``debug``) and returns 2; Ctrl-C returns 130."""
    try:
        return args.handler(args)
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped early: not an error of ours
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("mjcore: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # noqa: BLE001  (the one error path: a line, not a traceback)
        if debug:
            traceback.print_exc()
        print(f"mjcore: error: {_message(error)}", file=sys.stderr)
        return 2


def _message(error: BaseException) -> str:
    """An error as one line: mjcore's own as its message, anything else with its type (a bug to report)."""
    if isinstance(error, MjcoreError):
        text = str(error)
    elif isinstance(error, OSError) and error.strerror:
        text = f"{error.strerror}: {error.filename}" if error.filename else error.strerror
    else:
        text = f"{type(error).__name__}: {error} (run with --debug for the traceback)"
    return " ".join(text.splitlines())
