"""血流成河 (Sichuan A.5, OC-S19 "xueliu", OC-S17 "locked"), the twin of the Rust ``table::deal::winners_stay``: a
winner stays in the deal. Its winning tile is set aside (a discard won on stays in its discarder's river, a
self-drawn one is laid face up with the winner's discards) and its hand, back to its ready 13 tiles, is locked:
each turn it draws and either wins again, makes a kong of the drawn tile that keeps its waits, or discards the
drawn tile; on the others' discards it may only win (OC-S17 "free", ``hooks.winners_locked`` false: it plays on
as before its win). Only the wall's end ends the deal. Played where the deal's hooks say ``winners_stay``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...hand import Forms, Hand, MeldKind
from ...table.types import Action
from ...tiles import NUM_KINDS
from ..analysis.decompose import has_decomposition
from ..analysis.forms import COPIES, FormOptions

__all__ = ["wait_keeping_kongs"]

_STANDARD = FormOptions(Forms.STANDARD)


def _waits(waiting: Sequence[int], aside: int) -> set[int]:
    """The kinds but ``aside`` (not held four times) that complete the concealed ``waiting`` as sets and a pair."""
    waits = set()
    for kind in range(NUM_KINDS):
        if kind != aside and waiting[kind] < COPIES:
            complete = list(waiting)
            complete[kind] += 1
            if has_decomposition(Hand(tuple(complete)), _STANDARD):
                waits.add(kind)
    return waits


def wait_keeping_kongs(concealed: Sequence[int], melds: Sequence[Any], drawn: int, rules: Any) -> list[Action]:
    """The kongs a locked winner may make with its ``drawn`` tile (the wall not empty): an added kong onto its pon
    (the concealed tiles, so the waits, are unchanged), or a concealed kong after which the hand waits, as sets
    and a pair, on the same tiles as before and on some. The kong's own kind is no wait of either hand: its last
    copy is the drawn tile."""
    kongs = []
    if rules.concealed_kong and concealed[drawn] == COPIES:
        before = list(concealed)
        before[drawn] -= 1
        after = list(concealed)
        after[drawn] = 0
        waits = _waits(after, drawn)
        if waits and waits == _waits(before, drawn):
            kongs.append(Action("concealed_kong", drawn))
    if rules.added_kong and any(m.kind == MeldKind.PON and m.tile == drawn for m in melds):
        kongs.append(Action("added_kong", drawn))
    return kongs
