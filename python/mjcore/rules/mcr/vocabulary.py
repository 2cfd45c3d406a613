"""MCR's words in a simulation's summary: the total fan with flowers, the highest fan, each of the 81 fans."""

from __future__ import annotations

from ..vocabulary import Vocabulary

WORDS = Vocabulary(
    fan_heading="Total fan per win (番, flowers included)", pattern_heading="Highest fan of the win (番种, per win)",
    flowers="flowers per deal (花牌, 1 fan each)", rows_heading="Each fan (番种): the share of wins scoring it",
)  # fmt: skip
