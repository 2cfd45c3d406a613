"""Scoring backed by the Rust core: ``score`` for one win, ``score_batch`` for many, under a Guangdong or an
MCR (``ruleset="mcr"``, see ``mjcore.mcr``) ruleset.

``mjcore.reference.score`` is the pure-Python twin with the same signature and results.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _core
from .analysis import _parts
from .errors import InvalidArgumentError
from .hand import HandLike
from .mcr import McrRuleset, McrScore
from .mcr import native as mcr_native
from .mcr import situation_of as mcr_situation_of
from .ruleset import RulesetLike, load_ruleset
from .score_result import ScoreResult
from .situation import DISCARD, SELF_DRAWN, Seat, Situation, seat_index, situation_of, win_tile_index

__all__ = ["score", "score_batch"]


def score(
    hand: HandLike,
    win_tile: int | str,
    situation: Situation | None = None,
    *,
    ruleset: RulesetLike = "gd-cgc5",
    self_drawn: bool = False,
    seat_wind: Seat = 0,
    round_wind: Seat = 0,
    discarder: Seat | None = None,
    robbing_kong: bool = False,
    kong_bloom: bool = False,
    kong_fed_by: Seat | None = None,
    last_tile: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
    human: bool = False,
    winners_on_discard: int = 1,
    feeder_already_liable: bool = False,
    last_copy: bool = False,
) -> ScoreResult | McrScore:
    """Scores ``hand`` (its concealed tiles WITHOUT the winning tile, plus melds whose ``from_offset`` says
    who fed them) winning on ``win_tile`` under a Guangdong ruleset: the highest pattern over all
    decompositions, its extras, cap, floor, 起和 and the payments of the four seats. A hand that does not win
    returns a result with ``is_win`` False. The situation comes from ``situation`` or the keyword shortcuts
    (see ``Situation``)."""
    rules = load_ruleset(ruleset)
    if isinstance(rules, McrRuleset):
        mcr_where = mcr_situation_of(situation, self_drawn=self_drawn, seat_wind=seat_wind, round_wind=round_wind,
                                     robbing_kong=robbing_kong, kong_bloom=kong_bloom, last_tile=last_tile,
                                     last_copy=last_copy, kong_fed_by=kong_fed_by, heavenly=heavenly,
                                     earthly=earthly, human=human, winners_on_discard=winners_on_discard,
                                     feeder_already_liable=feeder_already_liable)  # fmt: skip
        return mcr_native.score(hand, win_tile_index(win_tile), mcr_where, rules)
    if last_copy:
        raise InvalidArgumentError("last_copy (和绝张) is an MCR fan: Guangdong tables do not score it")
    where = situation_of(situation, self_drawn=self_drawn, seat_wind=seat_wind, round_wind=round_wind,
                         discarder=discarder, robbing_kong=robbing_kong, kong_bloom=kong_bloom,
                         kong_fed_by=kong_fed_by, last_tile=last_tile, heavenly=heavenly, earthly=earthly,
                         human=human, winners_on_discard=winners_on_discard,
                         feeder_already_liable=feeder_already_liable)  # fmt: skip
    counts, melds, wilds = _parts(hand)
    if wilds:  # Guangdong 鸡平胡 and 贵港 tables have no wild tiles
        return ScoreResult.not_a_win(rules)
    row = _core.score(rules.compiled, counts, melds, win_tile_index(win_tile),
                      where.seat_wind, where.round_wind, where.source_code, where.discarder, where.kong_bloom,
                      where.kong_fed_by, where.last_tile, where.limit_code, where.winners_on_discard,
                      where.feeder_already_liable)  # fmt: skip
    if row is None:
        return ScoreResult.not_a_win(rules)
    pattern, _, _, extras, raw, capped, floored, total, legal, _, payments, liable = row
    return ScoreResult.from_parts(rules, pattern, [(key, times) for key, times, _ in extras], raw, capped, floored,
                                  total, legal, tuple(payments), liable)  # fmt: skip


def _column(value: Any, n: int, name: str) -> np.ndarray:
    """A per-row uint8 array of length n from a scalar or an array."""
    try:
        return np.ascontiguousarray(np.broadcast_to(np.asarray(value), (n,)), dtype=np.uint8)
    except ValueError:
        raise InvalidArgumentError(f"{name} must be a scalar or an array of length {n}") from None


def _seat_column(value: Any, n: int, name: str) -> np.ndarray:
    """Seats as 0..3 (the engine names a row out of range); wind names are translated first."""
    values = np.asarray(value)
    if values.dtype.kind in "US":
        values = np.vectorize(lambda seat: seat_index(str(seat), name), otypes=[np.uint8])(values)
    return _column(values, n, name)


def score_batch(
    concealed: np.ndarray,
    win_tiles: np.ndarray,
    *,
    ruleset: RulesetLike = "gd-cgc5",
    self_drawn: Any = False,
    seat_wind: Any = 0,
    round_wind: Any = 0,
    kong_bloom: Any = False,
    last_tile: Any = False,
    melds: Any = None,
    flowers: Any = 0,
    last_copy: Any = False,
    robbing_kong: Any = False,
) -> tuple[np.ndarray, np.ndarray]:
    """Scores many winning hands at once, on all cores without the GIL.

    concealed: uint8 (N, 34) concealed counts without the winning tile (no melds); win_tiles: (N,) kinds;
    the flags and seats (0..3 or wind names) are scalars or (N,) arrays; discard wins need no discarder here.
    Rows are checked in the core, and the first bad row is named.
    Returns (total fan int8, −1 where the row is not a win; points int64, 0 there).

    Under an MCR ruleset rows are the 13 tiles before the winning tile: ``melds`` (uint8 (N, 4, 2) of
    (MeldKind + 1, lowest tile), kind 0 for an empty slot; None for no melds) holds the declared melds,
    ``flowers`` the number of flowers, ``last_copy`` 和绝张, ``robbing_kong`` 抢杠和, ``kong_bloom`` 杠上开花,
    ``last_tile`` the wall's last tile. Returns (total int32 with flowers, −1 where the row is not a win;
    fan counts uint8 (N, len(mjcore.mcr.MCR_FAN_KEYS)), columns in that order)."""
    rules = load_ruleset(ruleset)
    if not isinstance(concealed, np.ndarray) or concealed.dtype != np.uint8:
        raise TypeError("concealed must be a numpy uint8 array of shape (N, 34)")
    if concealed.ndim != 2 or concealed.shape[1] != 34:
        raise InvalidArgumentError(f"concealed must have shape (N, 34), not {concealed.shape}")
    counts = np.ascontiguousarray(concealed)
    if isinstance(rules, McrRuleset):
        return mcr_native.score_batch(counts, win_tiles, rules, melds=melds, flowers=flowers, self_drawn=self_drawn,
                                      last_copy=last_copy, kong_bloom=kong_bloom, robbing_kong=robbing_kong,
                                      last_tile=last_tile, seat_wind=seat_wind, round_wind=round_wind)  # fmt: skip
    if melds is not None or np.any(flowers) or np.any(last_copy) or np.any(robbing_kong):
        raise InvalidArgumentError("melds, flowers, last_copy and robbing_kong are MCR batch inputs")
    n = counts.shape[0]
    wins = _column(win_tiles, n, "win_tiles")
    source = np.where(_column(self_drawn, n, "self_drawn") != 0, SELF_DRAWN, DISCARD).astype(np.uint8)
    seats = [_seat_column(seat_wind, n, "seat_wind"), _seat_column(round_wind, n, "round_wind")]
    return _core.score_batch(rules.compiled, counts, wins, source, *seats, _column(kong_bloom, n, "kong_bloom"),
                             _column(last_tile, n, "last_tile"))  # fmt: skip
