"""Every reading of a complete hand (``decompose``) and the win test (``is_win``: some reading exists).

The forms each yield candidate *shapes*: the concealed part as groups of tile kinds. This module checks a
shape against the copy limit, seats the real tiles in its groups (wilds take the places left) and adds the
declared melds.

What makes two decompositions the same (shared with the native core): wild tiles are interchangeable, and so
are real tiles of one kind, so a decomposition is its form and its multiset of groups, each group with the
kinds its wilds stand for. Seating a wild in a different group (``123m(*=1m) 11m`` against ``123m 11m(*=1m)``)
makes a different decomposition; swapping two wilds does not.

Canonical order: concealed groups sorted by (group kind name, tiles, wild kinds), then the declared melds in
hand order (chi → chow, pon → pung, every kong → kong); the list sorted by (form name, groups). Names compare
as text, as the Python result objects do.

>>> from mjcore.reference import parse_hand
>>> [str(d) for d in decompose(parse_hand("1112345678999m5m"))]  # 九莲宝灯
['standard: 234m 678m 55m 111m 999m']
>>> for reading in decompose(parse_hand("11223344556677m")):  # 七对 and three standard readings
...     print(reading)
seven_pairs: 11m 22m 33m 44m 55m 66m 77m
standard: 123m 123m 456m 456m 77m
standard: 123m 123m 567m 567m 44m
standard: 234m 234m 567m 567m 11m
>>> for reading in decompose(parse_hand("1123m*")):  # the wild as 1m in the pair or in the chow, or as 4m
...     print(reading)
standard: 123m 11m(*=1m)
standard: 123m(*=1m) 11m
standard: 234m(*=4m) 11m
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from ...hand import Forms, FormsLike, Hand, HandLike, Meld, MeldKind, as_hand
from ...analysis.ghost_kinds import GhostsLike
from ...analysis.results import Decomposition, Group
from ...tiles import NUM_KINDS
from .forms import COPIES, FormOptions, fits_closed_forms, fits_knitted_straight, meld_copies, require_complete_size
from .knitted import honors_knitted_groups, knitted_straight_groups
from ...notation import parse_hand
from .ghosts import call
from .seven_pairs import seven_pairs_groups
from .standard import Shape, standard_groups
from .thirteen_orphans import thirteen_orphans_groups

__all__ = ["decompose", "is_win", "has_decomposition"]

_MELD_GROUP_KIND = {MeldKind.CHI: "chow", MeldKind.PON: "pung"}  # every kong is a "kong"


def _candidates(hand: Hand, options: FormOptions) -> Iterator[tuple[str, Shape]]:
    """Candidate readings of the concealed part, form by form (repeats allowed)."""
    counts, wilds = hand.concealed, hand.wilds
    if options.selects(Forms.STANDARD):
        for groups in standard_groups(counts, wilds, hand.sets_needed):
            yield "standard", groups
    if fits_closed_forms(hand):
        if options.selects(Forms.SEVEN_PAIRS):
            for groups in seven_pairs_groups(counts, options.seven_pairs_quads):
                yield "seven_pairs", groups
        if options.selects(Forms.THIRTEEN_ORPHANS):
            for groups in thirteen_orphans_groups(counts):
                yield "thirteen_orphans", groups
        if options.selects(Forms.KNITTED):
            yield from honors_knitted_groups(counts)
    if options.selects(Forms.KNITTED) and fits_knitted_straight(hand):
        yield from knitted_straight_groups(counts, wilds, hand.sets_needed)


def _within_copy_limit(target: list[int], hand: Hand, options: FormOptions) -> bool:
    """Without ``wild_fifth_copy`` no kind may appear more than four times, melds counted. With it, the
    copies beyond four can only be wilds, which holds by construction: real tiles never exceed four."""
    if options.wild_fifth_copy:
        return True
    return all(n + locked <= COPIES for n, locked in zip(target, meld_copies(hand)))


def _spread(tiles: int, room: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to put ``tiles`` identical real tiles into slots that hold at most ``room[i]`` each."""
    if not room:
        if tiles == 0:
            yield ()
        return
    for here in range(min(room[0], tiles) + 1):
        for rest in _spread(tiles - here, room[1:]):
            yield (here,) + rest


def _placements(shape: Shape, counts: tuple[int, ...]) -> Iterator[tuple[Group, ...]]:
    """Every way to seat the real tiles in the groups of ``shape``, wilds taking the places left; each as
    groups in canonical order. Identical groups make some of these ways the same: callers deduplicate."""
    kinds = sorted({tile for _, tiles in shape for tile in tiles})
    spreads = [list(_spread(counts[kind], [tiles.count(kind) for _, tiles in shape])) for kind in kinds]
    for choice in product(*spreads):
        groups = []
        for index, (kind, tiles) in enumerate(shape):
            stood_for = [k for k, spread in zip(kinds, choice) for _ in range(tiles.count(k) - spread[index])]
            groups.append(Group(kind, tiles, tuple(stood_for)))
        yield tuple(sorted(groups, key=_group_key))


def _group_key(group: Group) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    return group.kind, group.tiles, group.wilds


def _meld_group(meld: Meld) -> Group:
    return Group(_MELD_GROUP_KIND.get(meld.kind, "kong"), meld.tiles, (), meld)


def _readings(form: str, shape: Shape, hand: Hand, options: FormOptions) -> Iterator[Decomposition]:
    """The decompositions a candidate shape describes: one per placement of the wilds, none if the shape
    breaks the copy limit."""
    target = [0] * NUM_KINDS
    for _, tiles in shape:
        for tile in tiles:
            target[tile] += 1
    if not _within_copy_limit(target, hand, options):
        return
    melds = tuple(_meld_group(m) for m in hand.melds)
    for concealed in _placements(shape, hand.concealed):
        wild_tiles = tuple(sorted(tile for group in concealed for tile in group.wilds))
        yield Decomposition(form, concealed + melds, wild_tiles)


def _decompositions(hand: Hand, options: FormOptions) -> Iterator[Decomposition]:
    for form, shape in _candidates(hand, options):
        yield from _readings(form, shape, hand, options)


def _sort_key(decomposition: Decomposition) -> tuple:
    """(form, groups). The declared melds end every decomposition of a hand alike, so they never decide."""
    return decomposition.form, tuple(_group_key(g) for g in decomposition.groups)


def decompose(
    hand: HandLike, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True,
    ghosts: GhostsLike = None,
) -> list[Decomposition]:  # fmt: skip
    """Every distinct decomposition of a complete 3n+2 hand (empty when it is not a win), in canonical order.
    With wild tiles, each decomposition says what every wild tile stands for. ``ghosts``: see
    ``mjcore.analysis.ghost_meaning``."""
    if ghosts is not None:
        return call("decompose", hand, forms, seven_pairs_quads, wild_fifth_copy, ghosts)
    options = FormOptions.of(forms, seven_pairs_quads, wild_fifth_copy)
    checked = as_hand(hand, parse_hand)
    require_complete_size(checked)
    return sorted(set(_decompositions(checked, options)), key=_sort_key)


def is_win(
    hand: HandLike, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True,
    ghosts: GhostsLike = None,
) -> bool:  # fmt: skip
    """Whether a 3n+2-tile hand is complete in one of ``forms``: whether it has any decomposition.

    >>> is_win("19m19p19s1234567z1m"), is_win("19m19p19s1234567z1m", "standard")  # 十三幺
    (True, False)
    """
    if ghosts is not None:
        return call("is_win", hand, forms, seven_pairs_quads, wild_fifth_copy, ghosts)
    options = FormOptions.of(forms, seven_pairs_quads, wild_fifth_copy)
    checked = as_hand(hand, parse_hand)
    require_complete_size(checked)
    return has_decomposition(checked, options)


def has_decomposition(hand: Hand, options: FormOptions) -> bool:
    """Whether a validated 3n+2 hand has a decomposition: the search stops at the first."""
    return next(_decompositions(hand, options), None) is not None
