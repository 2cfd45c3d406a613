"""The folk tables' words in a simulation's summary: the 789 ladder and its mirror horses; 老章's rows."""

from __future__ import annotations

from ..vocabulary import Vocabulary

GD789_WORDS = Vocabulary(
    fan_heading="Hand value per win (789 ladder 番)", pattern_heading="The ladder (牌型, per win)",
    horse_hits="horses picking the winner per win (买马)", fan_unit="番",
    horse_money="horse money per deal (买马 mirror bets)", horse_hits_heading="Horses picking the winner (买马, per win)",
    flower_money="flower money per deal (花钱, the winner's flowers)",
)  # fmt: skip
LAOZHANG_WORDS = Vocabulary(
    fan_heading="番 per win (老章)", fan_unit="番", pattern_heading="Patterns (none: a 老章 hand's rows add up, below)",
    rows_heading="Each 老章 row: the share of wins scoring it",
)  # fmt: skip
