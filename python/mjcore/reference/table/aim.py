"""What the efficiency bot plays for at a table — the twin of the Rust ``Aim`` (``Adjudicator::aim``): the
table's winning forms, and where a bare shape often misses the table's minimum (MCR's 8 fan) the table's own
win check, which judges the waits of every ready hand the bot weighs (see ``efficiency.ready_value``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ...hand import Forms, Hand
from ...table.types import WinCheck
from ...tiles import NUM_KINDS
from ..analysis.forms import COPIES, FormOptions, fits_closed_forms
from ..analysis.knitted import honors_knitted_missing, knitted_straight_missing
from ..analysis.shanten import best_shanten

__all__ = ["Aim", "SPEED"]


@dataclass(frozen=True)
class Aim:
    forms: Forms = Forms.STANDARD | Forms.THIRTEEN_ORPHANS  # the 鸡平胡 shapes
    judge: Optional[WinCheck] = None  # None: every wait counts (speed alone)
    # The table's ruleset, where the advisor bot can value its wins (the families whose registry row says
    # ``advisor``), as the Rust ``Aim::table``; None: the advisor bot is refused at this table.
    rules: Any = None

    def shanten(self, hand: Hand) -> int:
        """Shanten as the engine's bot counts it: the standard form beside the melds; seven pairs, thirteen
        orphans, 全不靠 and 组合龙 where they apply — no meld, 13 or 14 concealed tiles (组合龙 beside a declared
        meld is not aimed at)."""
        shanten = best_shanten(hand, FormOptions(self.forms & ~Forms.KNITTED))
        if self.forms & Forms.KNITTED and fits_closed_forms(hand):
            straight = knitted_straight_missing(hand.concealed, (COPIES,) * NUM_KINDS, 4, 0)
            shanten = min(shanten, honors_knitted_missing(hand.concealed) - 1, straight - 1)
        return shanten


SPEED = Aim()
