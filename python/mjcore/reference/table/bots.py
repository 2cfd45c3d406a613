"""The built-in bots by name, as the Rust ``sim::bots``, so that seats can mix them."""

from __future__ import annotations

from collections.abc import Sequence

from ..._moved import warn_replaced
from ...errors import InvalidArgumentError
from .deal import Deal
from .aim import SPEED, Aim
from .efficiency import EfficiencyBot
from .game import play_deal
from .policy import Policy, RandomBot
from .shape_rules import chicken_win_check

__all__ = ["BOT_NAMES", "bot_named", "bots_named", "play_bot_deal"]

_BOTS = {"random": RandomBot, "efficiency": EfficiencyBot}
BOT_NAMES = tuple(_BOTS)


def bot_named(name: str, aim: Aim = SPEED) -> Policy:
    """A fresh bot of the given name (an efficiency bot playing for ``aim``, the table's)."""
    if not isinstance(name, str) or name not in _BOTS:
        raise InvalidArgumentError(f'unknown bot "{name}": expected one of {", ".join(BOT_NAMES)}')
    return EfficiencyBot(aim) if name == "efficiency" else _BOTS[name]()


def bots_named(names: Sequence[str], aim: Aim = SPEED) -> list[Policy]:
    """One fresh bot per seat, by name."""
    return [bot_named(name, aim) for name in names]


def play_bot_deal(seed: int, deal: int, bots: Sequence[str] = ("efficiency",) * 4, dealer: int = 0,
                  round_wind: int = 0) -> list[str]:
    """Plays deal ``deal`` of the run seeded with ``seed`` with one named bot per seat (the 鸡平胡 shapes decide
    wins) and returns its event log, as ``mjcore.table.bots.play_bot_deal``. Deprecated: ``Table.play``."""
    warn_replaced("mjcore.reference.table.play_bot_deal", "Table.reset(seed, deal) and Table.play(bots)")
    table = Deal(seed, deal, dealer, round_wind, chicken_win_check)
    play_deal(table, bots_named(bots))
    return table.log_lines()
