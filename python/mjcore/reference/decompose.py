"""Every reading of a complete hand (``decompose``) and the win test (``is_win``: some reading exists).

The forms each yield candidate readings of the concealed part as groups of tiles; this module turns a
candidate into a ``Decomposition``: it checks the copy limit, decides which tiles the wilds stand for, puts the
groups in canonical order and adds the declared melds.

Canonical form of a decomposition (shared with the native core):

- concealed groups sorted by (group kind in ``GROUP_KINDS`` order: chow, pung, kong, pair, knitted, single;
  tiles; wild kinds), then the declared melds in hand order (chi → chow, pon → pung, any kong → kong);
- wilds are indistinguishable, so a reading is fixed by its groups and by what the wilds stand for. Where a
  kind is both held and stood for by wilds, the real tiles go to the groups that hold that kind in canonical
  order (kind, tiles) first, and the wilds to the later ones;
- the list is deduplicated and sorted by form (in ``FORM_NAMES`` order), then groups.

>>> from mjcore.reference import parse_hand
>>> [str(d) for d in decompose(parse_hand("1112345678999m5m"))]  # 九莲宝灯
['standard: 234m 678m 111m 999m 55m']
>>> [str(d) for d in decompose(parse_hand("11223344556677m"))]
['standard: 123m 123m 456m 456m 77m', 'standard: 123m 123m 567m 567m 44m', 'standard: 234m 234m 567m 567m 11m', 'seven_pairs: 11m 22m 33m 44m 55m 66m 77m']
>>> print(decompose(parse_hand("123m456p789s11z22z*"))[0])
standard: 123m 456p 789s 111z(*=1z) 22z
"""

from __future__ import annotations

from collections.abc import Iterator

from ..hand import Forms, FormsLike, Hand, HandLike, Meld, MeldKind, as_hand
from ..results import FORM_NAMES, GROUP_KINDS, Decomposition, Group
from ..tiles import NUM_KINDS
from .forms import COPIES, FormOptions, fits_closed_forms, fits_knitted_straight, meld_copies, require_complete_size
from .knitted import honors_knitted_groups, knitted_straight_groups
from .notation import parse_hand
from .seven_pairs import seven_pairs_groups
from .standard import ConcealedGroup, standard_groups
from .thirteen_orphans import thirteen_orphans_groups

__all__ = ["decompose", "is_win"]

_GROUP_ORDER = {kind: order for order, kind in enumerate(GROUP_KINDS)}
_FORM_ORDER = {form: order for order, form in enumerate(FORM_NAMES)}
_MELD_GROUP_KIND = {MeldKind.CHI: "chow", MeldKind.PON: "pung"}  # every kong is a "kong"


def _candidates(hand: Hand, options: FormOptions) -> Iterator[tuple[str, tuple[ConcealedGroup, ...]]]:
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


def _place_wilds(groups: tuple[ConcealedGroup, ...], counts: tuple[int, ...]) -> list[Group]:
    """Real tiles go to the groups in canonical order first; whatever a group still lacks is a wild."""
    real_left = list(counts)
    placed = []
    for kind, tiles in sorted(groups, key=lambda group: (_GROUP_ORDER[group[0]], group[1])):
        stood_for = []
        for tile in tiles:
            if real_left[tile]:
                real_left[tile] -= 1
            else:
                stood_for.append(tile)
        placed.append(Group(kind, tiles, tuple(stood_for)))
    return sorted(placed, key=_group_key)


def _group_key(group: Group) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    return _GROUP_ORDER[group.kind], group.tiles, group.wilds


def _meld_group(meld: Meld) -> Group:
    return Group(_MELD_GROUP_KIND.get(meld.kind, "kong"), meld.tiles, (), meld)


def _assemble(form: str, groups: tuple[ConcealedGroup, ...], hand: Hand, options: FormOptions) -> Decomposition | None:
    """The decomposition a candidate describes, or None if it breaks the copy limit."""
    target = [0] * NUM_KINDS
    for _, tiles in groups:
        for tile in tiles:
            target[tile] += 1
    if not _within_copy_limit(target, hand, options):
        return None
    concealed = _place_wilds(groups, hand.concealed)
    wild_tiles = tuple(sorted(tile for group in concealed for tile in group.wilds))
    return Decomposition(form, tuple(concealed) + tuple(_meld_group(m) for m in hand.melds), wild_tiles)


def _decompositions(hand: Hand, options: FormOptions) -> Iterator[Decomposition]:
    for form, groups in _candidates(hand, options):
        decomposition = _assemble(form, groups, hand, options)
        if decomposition is not None:
            yield decomposition


def _sort_key(decomposition: Decomposition) -> tuple:
    return _FORM_ORDER[decomposition.form], tuple(_group_key(g) for g in decomposition.groups)


def decompose(
    hand: HandLike, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True
) -> list[Decomposition]:
    """Every distinct decomposition of a complete 3n+2 hand (empty when it is not a win), in canonical order.
    With wild tiles, each decomposition says what every wild tile stands for."""
    options = FormOptions.of(forms, seven_pairs_quads, wild_fifth_copy)
    checked = as_hand(hand, parse_hand)
    require_complete_size(checked, "decompose")
    return sorted(set(_decompositions(checked, options)), key=_sort_key)


def is_win(
    hand: HandLike, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True
) -> bool:
    """Whether a 3n+2-tile hand is complete in one of ``forms``: whether it has any decomposition.

    >>> is_win("19m19p19s1234567z1m"), is_win("19m19p19s1234567z1m", "standard")  # 十三幺
    (True, False)
    """
    options = FormOptions.of(forms, seven_pairs_quads, wild_fifth_copy)
    checked = as_hand(hand, parse_hand)
    require_complete_size(checked, "is_win")
    return next(_decompositions(checked, options), None) is not None
