"""The built-in bots by name, as the Rust ``bots``, so that seats can mix them."""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import InvalidArgumentError
from .advisor_bot import AdvisorBot
from .aim import SPEED, Aim
from .efficiency import EfficiencyBot
from .policy import Policy, RandomBot

__all__ = ["BOT_NAMES", "bot_named", "bots_named"]

_BOTS = {"random": RandomBot, "efficiency": EfficiencyBot, "advisor": AdvisorBot}
BOT_NAMES = tuple(_BOTS)


def bot_named(name: str, aim: Aim = SPEED) -> Policy:
    """A fresh bot of the given name (an efficiency or advisor bot playing for ``aim``, the table's; the advisor
    bot is refused where the aim offers no ruleset it values)."""
    if not isinstance(name, str) or name not in _BOTS:
        raise InvalidArgumentError(f'unknown bot "{name}": expected one of {", ".join(BOT_NAMES)}')
    if name == "random":
        return RandomBot()
    return _BOTS[name](aim)


def bots_named(names: Sequence[str], aim: Aim = SPEED) -> list[Policy]:
    """One fresh bot per seat, by name."""
    return [bot_named(name, aim) for name in names]
