"""The one signature of ``score``, shared by the native backend (``mjcore.score``) and the reference
(``mjcore.reference.score``): both are built here around their own cores (one per rule family), so they cannot
drift apart."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable

from .errors import InvalidArgumentError
from .hand import HandLike
from .mcr import McrRuleset, McrScore
from .mcr import situation_of as mcr_situation_of
from .mcr.situation import Situation as McrSituation
from .ruleset import Ruleset, RulesetLike, load_ruleset
from .score_result import ScoreResult
from .situation import Seat, Situation, situation_of, win_tile_index

__all__ = ["score_function"]

SCORE_DOC = """Scores ``hand`` (its concealed tiles WITHOUT the winning tile, plus melds whose ``from_offset`` says who
fed them) winning on ``win_tile`` under a Guangdong ruleset: the highest pattern over all decompositions, its
extras, cap, floor, 起和 and the payments of the four seats. A hand that does not win returns a result with
``is_win`` False; a hand holding wild tiles is refused (``InvalidHandError``: no shipped table has ghosts). The
situation comes from ``situation`` or the keyword shortcuts (see ``Situation``); every situation mistake raises
``InvalidArgumentError`` under both families (a flag that is not a bool: ``TypeError``).

Under an MCR ruleset (``ruleset="mcr"``) the result is an ``McrScore``: every fan with its count and value, the
total (flowers included) and whether it meets the 8-fan minimum. The same keywords give the MCR situation
(``kong_bloom`` 杠上开花, ``last_tile`` the wall's last tile, ``round_wind`` the prevalent wind) plus
``last_copy`` (和绝张); with the folk fans on (``options.folk_fans``) ``heavenly``/``earthly``/``human`` and
``heavenly_ready`` (天听) score 天和/地和/人和/天听. ``situation`` may also be an ``mjcore.mcr.Situation``."""

# A backend's scoring: (hand, winning tile kind, situation, ruleset) → result; one per family.
ScoreCore = Callable[[HandLike, int, Situation, Ruleset], ScoreResult]
McrScoreCore = Callable[[HandLike, int, McrSituation, McrRuleset], McrScore]

# The situation keywords of ``score``, in signature order (``score`` checks that they are).
_FLAG_NAMES = ("self_drawn", "seat_wind", "round_wind", "discarder", "robbing_kong", "kong_bloom", "kong_fed_by",
               "last_tile", "heavenly", "earthly", "human", "winners_on_discard", "feeder_already_liable",
               "last_copy", "heavenly_ready")  # fmt: skip


def _situation(mcr: bool, situation: Situation | McrSituation | None, flags: tuple) -> Situation | McrSituation:
    """The checked situation of a call, of its ruleset's family: ``situation`` or the keyword ``flags``."""
    keywords = dict(zip(_FLAG_NAMES, flags))
    if mcr:
        return mcr_situation_of(situation, **keywords)
    if keywords.pop("last_copy") or keywords.pop("heavenly_ready"):
        raise InvalidArgumentError("last_copy (和绝张) and heavenly_ready (天听) are MCR fans: Guangdong tables "
                                   "do not score them")  # fmt: skip
    return situation_of(situation, **keywords)


def _built(mcr: bool, *flags: object) -> Situation | McrSituation:
    return _situation(mcr, None, flags)


# Situations are frozen and a call's keywords nearly always repeat, so each distinct set of keywords is
# checked and built once. ``typed``: 1 and True are different keys (a seat given as True is refused).
_cached = functools.lru_cache(maxsize=1024, typed=True)(_built)


def _keyword_situation(mcr: bool, flags: tuple) -> Situation | McrSituation:
    try:
        return _cached(mcr, *flags)
    except TypeError:  # an unhashable keyword value: checked (and refused or not) without the cache
        return _built(mcr, *flags)


def score_function(core: ScoreCore, mcr_core: McrScoreCore) -> Callable[..., ScoreResult | McrScore]:
    """The public ``score`` around a backend's Guangdong ``core`` and MCR ``mcr_core``."""

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
        heavenly_ready: bool = False,
    ) -> ScoreResult | McrScore:
        rules = load_ruleset(ruleset)
        mcr = type(rules) is McrRuleset or isinstance(rules, McrRuleset)
        flags = (self_drawn, seat_wind, round_wind, discarder, robbing_kong, kong_bloom, kong_fed_by, last_tile,
                 heavenly, earthly, human, winners_on_discard, feeder_already_liable, last_copy, heavenly_ready)
        if situation is None:
            where = _keyword_situation(mcr, flags)
        elif type(situation) is (McrSituation if mcr else Situation) and flags == defaults:
            where = situation  # checked on construction
        else:
            where = _situation(mcr, situation, flags)
        return (mcr_core if mcr else core)(hand, win_tile_index(win_tile), where, rules)  # type: ignore[arg-type]

    keywords = inspect.signature(score).parameters
    assert tuple(keywords)[4:] == _FLAG_NAMES, "the flags tuple in score follows the signature"
    defaults = tuple(keywords[name].default for name in _FLAG_NAMES)
    score.__doc__ = SCORE_DOC
    score.__module__ = core.__module__
    return score
