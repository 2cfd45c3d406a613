"""Who pays a Sichuan win and how much (A.7): the one arithmetic both ``score`` and ``settle`` use."""

from __future__ import annotations

from collections.abc import Iterable

from ....rules.regional.ruleset import RegionalRuleset

__all__ = ["fan_money", "pay", "paid_fan", "win_payers"]


def paid_fan(total: int, rules: RegionalRuleset) -> int:
    cap = rules.options["cap"]
    return min(total, cap) if cap else total


def fan_money(fan: int, self_draw: bool, rules: RegionalRuleset) -> int:
    """What each payer pays: 底 × 2^fan, plus 底 for a self-draw under 自摸加底 (OC-S4)."""
    base = rules.options["base"]
    return base * 2**fan + (base if self_draw and rules.options["self_draw_bonus"] == "base" else 0)


def win_payers(seat: int, self_draw: bool, payer: int | None, active: Iterable[int],
               rules: RegionalRuleset) -> list[int]:  # fmt: skip
    """A discard (or robbed kong, or 当点炮 bloom) is paid by ``payer`` alone; a self-draw by every other seat
    still in (血战到底) or every other seat (血流成河)."""
    if not self_draw:
        assert payer is not None
        return [payer]
    seats = range(4) if rules.options["mode"] == "xueliu" else active
    return [s for s in seats if s != seat]


def pay(money: list[int], payee: int, payers: Iterable[int], amount: int) -> None:
    for payer in payers:
        money[payer] -= amount
        money[payee] += amount
