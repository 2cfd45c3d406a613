"""推倒胡's words in a simulation's summary: its ``fan`` column counts multipliers (加倍), its patterns are winning
forms, its rows are the multipliers a win scored."""

from __future__ import annotations

from ..vocabulary import Vocabulary
from .names import MULTIPLIERS


def _multiplier(doublings: int, _unit: str) -> str:
    return f"×{2 ** doublings} ({doublings} 加倍)" if doublings else "×1 (no 加倍)"


WORDS = Vocabulary(
    fan_heading="Multipliers (加倍: 无鬼加倍, 七对加倍, …) per win", pattern_heading="Winning forms (胡牌牌型, per win)",
    extras_heading="推倒胡: kong money (杠钱), horses (买马) and ghosts (鬼牌)", fan_labeller=_multiplier,
    fan_unit="multiplier", horse_hits="horses hit per win (中马)", horse_hits_heading="Horses hit (中马, per win)",
    rows_heading="Each multiplier (加倍): the share of wins scoring it",
    row_names=tuple(f"{key} {zh}" for key, zh, _ in MULTIPLIERS),
    not_simulated=(
        "连庄 (节节高, 买马节节高): simulate plays deals, not games — every dealer's streak is 0",
        "a game keeps the streak and the table reads it: mjcore.Table(ruleset=…).reset_game(seed), then next_deal()",
    ),
)  # fmt: skip
