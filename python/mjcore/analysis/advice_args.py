"""The discard advisor's arguments, read and checked alike by the native advisor and its twin (docs/advisor.md):
``seen`` as 34 counts, the copies still unseen, ``draws`` and ``wall``."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from ..errors import InvalidArgumentError, InvalidHandError
from ..hand import Forms, Hand, coerce_counts
from ..notation import parse_tile, parse_tiles
from ..tiles import NUM_KINDS, tile_name

__all__ = ["DEFAULT_DRAWS", "COPIES", "seen_counts", "unseen_counts", "check_draws_and_wall", "refuse_unsupported",
           "read_ruleset", "SITUATION_KEYWORDS", "BatchItem", "batch_items", "read_indicator", "check_indicator_seen"]

# The table situation of the advised seat, each 0..3: its seat, the dealer's, the round wind (East..North). The
# value of a win is what this seat receives, so a dealer's win (dealer == seat) is worth what the family pays a
# dealer.
SITUATION_KEYWORDS = ("seat", "dealer", "round_wind")

DEFAULT_DRAWS = 18  # the riichi calculators' horizon (mahjong-cpp's t_max), so the benchmarks compare
COPIES = 4


def seen_counts(seen: Any) -> tuple[int, ...]:
    """``seen`` as 34 counts: None (nothing seen), 34 counts, or tile text (``"5z5z1m"``, ``"白白 一万"``)."""
    if seen is None:
        return (0,) * NUM_KINDS
    if isinstance(seen, str):
        counts = [0] * NUM_KINDS
        for kind in parse_tiles(seen):
            counts[kind] += 1
        if max(counts) > COPIES:
            kind = counts.index(max(counts))
            raise InvalidArgumentError(f"seen holds {counts[kind]} copies of {tile_name(kind)}: at most 4")
        return tuple(counts)
    return coerce_counts(seen)


def unseen_counts(hand: Hand, seen: tuple[int, ...]) -> tuple[int, ...]:
    """Copies of each kind neither in the hand, its melds nor ``seen``; more than four in all is an error."""
    unseen = []
    for kind, (own, elsewhere) in enumerate(zip(hand.all_counts(), seen)):
        if own + elsewhere > COPIES:
            raise InvalidHandError(
                f"tile {tile_name(kind)}: the hand and its melds hold {own} and {elsewhere} more are visible, "
                f"{own + elsewhere} in all: at most 4"
            )
        unseen.append(COPIES - own - elsewhere)
    return tuple(unseen)


def check_draws_and_wall(draws: Any, wall: Any, unseen_total: int) -> int:
    """Validates ``draws`` and ``wall`` and returns the wall used (default: every unseen tile)."""
    for label, value in (("draws", draws), ("wall", wall)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError(f"{label} must be an int, not {type(value).__name__}")
    if draws is None or draws < 0:
        raise InvalidArgumentError(f"draws must be 0 or more, not {draws}")
    if wall is None:
        wall = unseen_total
    if wall < draws or wall < 1:
        raise InvalidArgumentError(f"wall {wall} must be at least 1 and at least draws ({draws}): every draw needs "
                                   "a tile to come from")
    return wall


def read_ruleset(ruleset: Any, forms: Any, seven_pairs_quads: Any, situation: dict[str, Any]
                 ) -> tuple[Any, tuple[int, int, int]]:  # fmt: skip
    """The loaded ruleset (None for ``ruleset=None``) and the seating (seat, dealer, round wind) of the situation
    keywords. With a ruleset its forms decide (``forms`` / ``seven_pairs_quads`` given too are refused); without
    one the situation keywords mean nothing and are refused."""
    from ..rules.registry import load_ruleset  # the rules package imports the analysis: load on use

    unknown = sorted(set(situation) - set(SITUATION_KEYWORDS))
    if unknown:
        raise TypeError(f"advise: unknown situation keyword(s) {', '.join(unknown)} (it takes "
                        f"{', '.join(SITUATION_KEYWORDS)})")  # fmt: skip
    if ruleset is None:
        if situation:
            raise InvalidArgumentError(f"advise: {', '.join(sorted(situation))} given without a ruleset: with "
                                       "ruleset=None every win is worth 1, whoever wins it")  # fmt: skip
        return None, (0, 0, 0)
    if forms != Forms.DEFAULT or seven_pairs_quads is not True:
        raise InvalidArgumentError("advise: forms and seven_pairs_quads are the ruleset's when a ruleset is given")
    seating = []
    for key in SITUATION_KEYWORDS:
        value = situation.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"advise: {key} must be an int 0..3, not {type(value).__name__}")
        if not 0 <= value <= 3:
            raise InvalidArgumentError(f"advise: {key} must be 0..3 (East..North), not {value}")
        seating.append(value)
    rules = load_ruleset(ruleset)
    _refuse_unvalued(rules)
    return rules, (seating[0], seating[1], seating[2])


def _refuse_unvalued(rules: Any) -> None:
    """The families the advisor values (their registry row's ``advisor``), the others refused by name in both
    backends, so they never disagree. (Ghosts that depend on the deal, 翻鬼 and flower ghosts, are refused by
    each backend from its own table plug-in.)"""
    from ..rules.families import FAMILIES

    row = FAMILIES.get(getattr(rules, "family", None))
    if row is None or not row.advisor:
        raise NotImplementedError(f"advise: the {rules.family} family's wins are not valued by the advisor yet "
                                  f"(ruleset {rules.name!r}: its deal hooks change what a win is worth)")


def refuse_unsupported(hand_changes: Any, shanten_down: Any, hand: Hand) -> None:
    """What this version of the advisor does not do yet, refused by name in both backends."""
    if hand_changes or shanten_down:
        raise NotImplementedError("advise: hand_changes and shanten_down are not implemented yet (plain mode only)")
    if hand.wilds:
        raise InvalidArgumentError("advise: wild tiles (ghosts) are not supported yet")


def read_indicator(indicator: Any) -> int | None:
    """The 翻鬼 indicator as a kind (tile text like ``"3z"`` or a kind 0..33), or None. Whether the ruleset takes
    one is its table's question (each backend asks it with the same words)."""
    if indicator is None:
        return None
    if isinstance(indicator, str):
        return parse_tile(indicator)
    if isinstance(indicator, bool) or not isinstance(indicator, int):
        raise TypeError(f"advise: indicator must be a tile like '3z' or a kind 0..33, not {type(indicator).__name__}")
    if not 0 <= indicator < NUM_KINDS:
        raise InvalidArgumentError(f"advise: indicator {indicator} is not a kind 0..33")
    return indicator


def check_indicator_seen(indicator: int | None, seen: tuple[int, ...]) -> None:
    """The indicator lies face up: it is one of the tiles seen."""
    if indicator is not None and seen[indicator] < 1:
        raise InvalidArgumentError(f"advise: the indicator {tile_name(indicator)} is face up, so it is seen: put it "
                                   "in seen")  # fmt: skip


class BatchItem(NamedTuple):
    """One hand of a batch, read and checked: the hand, its ``seen`` counts and the wall its first draw comes
    from."""

    hand: Hand
    seen: tuple[int, ...]
    wall: int


def batch_items(hands: Any, seen: Any, wall: Any, draws: Any, read_hand: Callable[[Any], Hand],
                hand_changes: Any, shanten_down: Any, indicator: int | None = None) -> Iterator[BatchItem]:  # fmt: skip
    """The hands of ``advise_batch`` one by one, each read and checked as ``advise`` reads one (an error names
    the hand by its index: ``hand 3: …``). ``seen`` and ``wall``: None for every hand, or one entry per hand
    (each as ``advise`` takes it)."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise TypeError(f"advise_batch: hands must be a sequence of hands, not {type(hands).__name__}")
    per_hand = {}
    for label, value in (("seen", seen), ("wall", wall)):
        if value is None:
            per_hand[label] = [None] * len(hands)
        elif isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
            raise TypeError(f"advise_batch: {label} must be None or one entry per hand, not {type(value).__name__}")
        elif len(value) != len(hands):
            raise InvalidArgumentError(f"advise_batch: {len(hands)} hands but {len(value)} {label} entries")
        else:
            per_hand[label] = value
    for i, (hand, seen_i, wall_i) in enumerate(zip(hands, per_hand["seen"], per_hand["wall"])):
        try:
            checked = read_hand(hand)
            refuse_unsupported(hand_changes, shanten_down, checked)
            seen_34 = seen_counts(seen_i)
            check_indicator_seen(indicator, seen_34)
            unseen = unseen_counts(checked, seen_34)
            used = check_draws_and_wall(draws, wall_i, sum(unseen))
        except (InvalidArgumentError, TypeError, NotImplementedError) as error:
            raise type(error)(f"hand {i}: {error}") from None
        yield BatchItem(checked, seen_34, used)
