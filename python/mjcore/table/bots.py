"""The built-in bots by name — ``"random"`` (uniform among the legal actions) and ``"efficiency"`` (牌效率: the
fastest win by shanten and unseen useful tiles, ties by the seed's order of value) — played natively. The
pure-Python twin is ``mjcore.reference.table.bots`` with the same functions, producing identical event logs."""

from __future__ import annotations

from collections.abc import Sequence

from .. import _core
from .._moved import warn_replaced
from ..arguments import check_u64

__all__ = ["BOT_NAMES", "play_bot_deal"]

BOT_NAMES: tuple[str, ...] = tuple(_core.bot_names())


def play_bot_deal(seed: int, deal: int, bots: Sequence[str] = ("efficiency",) * 4, dealer: int = 0,
                  round_wind: int = 0) -> list[str]:
    """Plays deal ``deal`` of the run seeded with ``seed`` with one named bot per seat (the 鸡平胡 shapes decide
    wins) and returns its event log (JSON lines). Deprecated: ``Table.reset`` then ``Table.play(bots)``."""
    warn_replaced("mjcore.table.bots.play_bot_deal", "Table.reset(seed, deal) and Table.play(bots)")
    return _core.play_bot_deal(check_u64("seed", seed), check_u64("deal", deal), list(bots), dealer, round_wind)
