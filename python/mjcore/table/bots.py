"""The built-in bots by name — ``"random"`` (uniform among the legal actions), ``"efficiency"`` (牌效率: the
fastest win by shanten and unseen useful tiles, ties by the seed's order of value) and ``"advisor"`` (by the
discard advisor's expected value, docs/advisor.md "The bot"; at the Guangdong, MCR and 推倒胡 tables) — played
natively. The pure-Python twin is ``mjcore.reference.table.bots`` with the same bots, producing identical event
logs."""

from __future__ import annotations

from .. import _core

__all__ = ["BOT_NAMES"]

BOT_NAMES: tuple[str, ...] = tuple(_core.bot_names())
