"""Sichuan's words in a simulation's summary: 番 with 根, its shapes, 刮风下雨, and the sections of 血战 (wins per
deal, their order, the money settled apart)."""

from __future__ import annotations

from ..vocabulary import Vocabulary

WORDS = Vocabulary(
    fan_heading="番 per win (as paid: 根 and 自摸 included, capped at 封顶)", fan_unit="番",
    pattern_heading="Shapes (牌型, per win)", kong_money="kong money per deal (刮风下雨)",
    rows_heading="Each 番 row (根 included): the share of wins scoring it",
    several_winners="several winners in the deal (血战)",
    sections=frozenset({"wins_per_deal", "side_money", "order_of_wins"}),
    wins_per_deal_heading="Wins per deal (血战: winners leave, 血流: they stay)",
    win_count="根 per win (each four of one kind in the hand)", win_count_heading="根 per win (the distribution)",
)  # fmt: skip
