"""Taiwan's words in a simulation's summary: 台, whose rows add up (no single pattern)."""

from __future__ import annotations

from ..vocabulary import Vocabulary

WORDS = Vocabulary(
    fan_heading="台 per win (the hand's 台 as paid: capped; 莊家 and 連N拉N not included)", fan_unit="台",
    pattern_heading="Patterns (none: a Taiwan hand's 台 rows add up, below)",
    rows_heading="Each 台 row (莊家 and 連N拉N aside): the share of wins scoring it",
    not_simulated=(
        "連莊 (連N拉N): simulate plays deals, not games — deal k's dealer is seat k mod 4 and every dealer's streak "
        "is 0, so no 連莊 is counted or paid",
        "a game keeps the dealer's streak and pays 連N拉N: mjcore.Table(ruleset=…).reset_game(seed), then "
        "next_deal() after each deal (docs/taiwan.md)",
    ),
)  # fmt: skip
