"""The one signature of ``score``, shared by the native backend (``mjcore.score``) and the reference
(``mjcore.reference.score``): both are built here around their own core, so they cannot drift apart."""

from __future__ import annotations

from collections.abc import Callable

from .hand import HandLike
from .ruleset import Ruleset, RulesetLike, load_ruleset
from .score_result import ScoreResult
from .situation import Seat, Situation, situation_of, win_tile_index

__all__ = ["score_function"]

SCORE_DOC = """Scores ``hand`` (its concealed tiles WITHOUT the winning tile, plus melds whose ``from_offset`` says who
fed them) winning on ``win_tile`` under a Guangdong ruleset: the highest pattern over all decompositions, its
extras, cap, floor, 起和 and the payments of the four seats. A hand that does not win returns a result with
``is_win`` False. The situation comes from ``situation`` or the keyword shortcuts (see ``Situation``)."""

# A backend's scoring: (hand, winning tile kind, situation, ruleset) → result.
ScoreCore = Callable[[HandLike, int, Situation, Ruleset], ScoreResult]


def score_function(core: ScoreCore) -> Callable[..., ScoreResult]:
    """The public ``score`` around a backend's ``core``."""

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
    ) -> ScoreResult:
        where = situation_of(situation, self_drawn=self_drawn, seat_wind=seat_wind, round_wind=round_wind,
                             discarder=discarder, robbing_kong=robbing_kong, kong_bloom=kong_bloom,
                             kong_fed_by=kong_fed_by, last_tile=last_tile, heavenly=heavenly, earthly=earthly,
                             human=human, winners_on_discard=winners_on_discard,
                             feeder_already_liable=feeder_already_liable)  # fmt: skip
        return core(hand, win_tile_index(win_tile), where, load_ruleset(ruleset))

    score.__doc__ = SCORE_DOC
    score.__module__ = core.__module__
    return score
