"""The one signature of ``score``, shared by the native backend (``mjcore.score``) and the reference
(``mjcore.reference.score``): both are built here around their own cores (one per rule family), so they cannot
drift apart."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import InvalidArgumentError
from .hand import HandLike
from .mcr import McrRuleset, McrScore
from .mcr import situation_of as mcr_situation_of
from .mcr.situation import Situation as McrSituation
from .regional.cores import RegionalCore
from .regional.keywords import given_keywords
from .ruleset import Ruleset, RulesetLike, load_ruleset
from .score_result import ScoreResult
from .situation import Seat, Situation, situation_of, win_tile_index

__all__ = ["score_function"]

SCORE_DOC = """Scores ``hand`` (its concealed tiles WITHOUT the winning tile, plus melds whose ``from_offset`` says who
fed them) winning on ``win_tile`` under a Guangdong ruleset: the highest pattern over all decompositions, its
extras, cap, floor, 起和 and the payments of the four seats. A hand that does not win returns a result with
``is_win`` False. The situation comes from ``situation`` or the keyword shortcuts (see ``Situation``).

Under an MCR ruleset (``ruleset="mcr"``) the result is an ``McrScore``: every fan with its count and value, the
total (flowers included) and whether it meets the 8-fan minimum. The same keywords give the MCR situation
(``kong_bloom`` 杠上开花, ``last_tile`` the wall's last tile, ``round_wind`` the prevalent wind) plus
``last_copy`` (和绝张); with the folk fans on (``options.folk_fans``) ``heavenly``/``earthly``/``human`` and
``heavenly_ready`` (天听) score 天和/地和/人和/天听. ``situation`` may also be an ``mjcore.mcr.Situation``.

Under ``ruleset="sichuan"`` or ``"taiwan"`` the result is a ``RegionalScore`` and the situation is the family's
own keywords (``mjcore.sichuan.KEYWORDS``, ``mjcore.taiwan.KEYWORDS``); others are refused by name."""

# A backend's scoring: (hand, winning tile kind, situation, ruleset) → result; one per family.
ScoreCore = Callable[[HandLike, int, Situation, Ruleset], ScoreResult]
McrScoreCore = Callable[[HandLike, int, McrSituation, McrRuleset], McrScore]


def score_function(core: ScoreCore, mcr_core: McrScoreCore,
                   regional_cores: Mapping[str, RegionalCore] | None = None) -> Callable[..., Any]:  # fmt: skip
    """The public ``score`` around a backend's Guangdong ``core``, MCR ``mcr_core`` and the regional families'
    cores (Sichuan, Taiwan: each reads its own situation keywords, see ``mjcore.sichuan``, ``mjcore.taiwan``)."""

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
        **family_keywords: Any,
    ) -> Any:
        rules = load_ruleset(ruleset)
        if regional_cores and rules.family in regional_cores:  # the family checks its own keywords
            return regional_cores[rules.family](hand, win_tile_index(win_tile), rules,  # type: ignore[arg-type]
                                                given_keywords(score, locals(), family_keywords))  # fmt: skip
        if family_keywords:
            raise TypeError(f"score() got an unexpected keyword argument {next(iter(family_keywords))!r}")
        if isinstance(rules, McrRuleset):
            mcr_where = mcr_situation_of(situation, self_drawn=self_drawn, seat_wind=seat_wind,
                                         round_wind=round_wind, robbing_kong=robbing_kong, kong_bloom=kong_bloom,
                                         last_tile=last_tile, last_copy=last_copy, heavenly_ready=heavenly_ready,
                                         kong_fed_by=kong_fed_by,
                                         heavenly=heavenly, earthly=earthly, human=human,
                                         winners_on_discard=winners_on_discard,
                                         feeder_already_liable=feeder_already_liable)  # fmt: skip
            return mcr_core(hand, win_tile_index(win_tile), mcr_where, rules)
        if last_copy or heavenly_ready:
            raise InvalidArgumentError("last_copy (和绝张) and heavenly_ready (天听) are MCR fans: Guangdong tables "
                                       "do not score them")  # fmt: skip
        where = situation_of(situation, self_drawn=self_drawn, seat_wind=seat_wind, round_wind=round_wind,
                             discarder=discarder, robbing_kong=robbing_kong, kong_bloom=kong_bloom,
                             kong_fed_by=kong_fed_by, last_tile=last_tile, heavenly=heavenly, earthly=earthly,
                             human=human, winners_on_discard=winners_on_discard,
                             feeder_already_liable=feeder_already_liable)  # fmt: skip
        return core(hand, win_tile_index(win_tile), where, rules)

    score.__doc__ = SCORE_DOC
    score.__module__ = core.__module__
    return score
