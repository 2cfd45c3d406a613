"""The advisor beside a replay (``mjcore replay --advise SEAT``): at each decision the viewed seat makes in its
own turn (holding 3n+2 tiles: after a draw or a claim), the discard advisor's table for that hand, computed
from what the seat could see then, with the decision actually made marked.

What the seat sees is what ``Table.observation`` shows it: every seat's discards still on the table, the other
seats' melds and a 翻鬼 indicator are ``seen``; the seat's own melds are part of its hand. The first draw comes
from every unseen tile (the advisor's default ``wall``: the one-player model does not know which unseen tiles
sit in other hands). The horizon is the draws the seat can still expect — one in four of the tiles left in the
wall, as the four seats draw in turn — capped by ``max_draws`` (the advisor's cost grows with it)."""

from __future__ import annotations

from typing import Any, Optional

from ..analysis.advice_result import sparkline
from ..analysis.advisor import advise
from ..hand import Hand, MeldKind
from ..table import Table
from ..table.types import Action, Observation
from ..tiles import tile_name

__all__ = ["DEFAULT_MAX_DRAWS", "decision_advice", "seen_by"]

DEFAULT_MAX_DRAWS = 8
SEATS = 4


def seen_by(view: Observation) -> tuple[int, ...]:
    """The 34 counts of the tiles ``view``'s seat sees outside its own hand and melds: discards on the table,
    the other seats' melds but their concealed kongs, which lie face down (a claimed discard lies in its meld,
    counted once), the ghost indicator — what the ``advisor`` bot counts as seen too."""
    counts = [0] * 34
    for pile in view.discards:
        for tile in pile:
            counts[tile] += 1
    for seat, melds in enumerate(view.melds):
        if seat == view.seat:
            continue
        for meld in melds:
            if meld.kind == MeldKind.CONCEALED_KONG:
                continue
            for tile in meld.tiles:
                counts[tile] += 1
    if view.ghost_indicator is not None:
        counts[view.ghost_indicator] += 1
    return tuple(counts)


def expected_draws(wall_remaining: int, max_draws: int) -> int:
    """The seat's own draws still to come, about one tile in four of the wall, at most ``max_draws``."""
    return min(max_draws, wall_remaining // SEATS)


def decision_advice(table: Table, seat: int, made: Action, ruleset: Any,
                    max_draws: int = DEFAULT_MAX_DRAWS) -> Optional[dict[str, Any]]:  # fmt: skip
    """The advisor's table for ``seat``'s hand before ``made`` (a JSON-ready dict), or None when the seat is not
    deciding in its own turn (a claim of another seat's discard: 3n+1 tiles, nothing to discard)."""
    view = table.observation(seat)
    if sum(view.hand) % 3 != 2:
        return None
    hand = Hand(tuple(view.hand), tuple(view.melds[seat]))
    draws = expected_draws(view.wall_remaining, max_draws)
    advice = advise(hand, ruleset=ruleset, draws=draws, seen=seen_by(view), seat=seat, dealer=view.dealer,
                    round_wind=view.round_wind, indicator=view.ghost_indicator)  # 翻鬼: the deal's indicator
    top = max(r.win_probability[-1] for r in advice.rows)
    made_tile = tile_name(made.tile) if made.kind == "discard" and made.tile is not None else None
    return {
        "seat": seat,
        "draws": advice.draws,
        "wall": advice.wall,
        "made": made.kind if made_tile is None else f"discard {made_tile}",
        "rows": [{"tile": r.tile, "shanten": r.shanten, "useful": r.useful_total,
                  "win": float(r.win_probability[-1]), "ready": float(r.ready_probability[-1]),
                  "ev": float(r.expected_value[-1]), "curve": sparkline(r.win_probability[1:], top),
                  "made": r.tile is not None and r.tile == made_tile}
                 for r in advice.rows],
    }  # fmt: skip
