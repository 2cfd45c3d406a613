"""推倒胡 scoring and settlement in plain Python, the readable twin of ``rust/engine/src/rules/tdh/``: check the
tiles, turn the ghosts' faces into wild tiles, find the best winning form, then settle the win, the horses
and the kong money among the four seats (RULES.md §4, OC-26..OC-54; docs/tdh.md)."""

from __future__ import annotations

from ....errors import InvalidArgumentError, InvalidHandError
from ....hand import Hand, MeldKind
from ....rules.tdh.names import FLOWER_BASE, FORMS, KONG_KINDS, MULTIPLIERS, REFUSALS, SOURCES
from ....rules.tdh.ruleset import TdhRuleset
from ....rules.tdh.situation import TdhSituation
from ....tiles import tile_name
from ...analysis.decompose import is_win
from ....rules.tdh.tiles import check_in_set, ghost_kinds, horse_face, horse_seat

__all__ = ["score_row"]

SETS = 4  # 推倒胡 is a 13-tile game: four sets and a pair
_MULTIPLIER = {key: code for code, (key, _, _) in enumerate(MULTIPLIERS)}
_REFUSAL = {key: code for code, (key, _) in enumerate(REFUSALS)}
_KONG_OF_MELD = {MeldKind.CONCEALED_KONG: 0, MeldKind.ADDED_KONG: 1, MeldKind.KONG: 2}


def _refused(key: str) -> tuple:
    return (_REFUSAL[key], 0, [], 0, [], -1, [0] * 4, [], [0] * 4, [0] * 4)


def _check_tiles(hand: Hand, win: int, where: TdhSituation, rules: TdhRuleset, ghosts: tuple[int, ...]) -> None:
    """Every tile exists in the set, no kind is seen more than four times (the indicator, the horses and a
    robbed kong's pon included), ghosts stand in no meld, and the hand is a 13-tile hand."""
    if hand.flowers:
        raise InvalidHandError("write a flower ghost of 四花鬼 / 八花鬼 as * in the hand (flowers are not counted)")
    if hand.wilds and not rules.flowers:
        raise InvalidHandError(f"write the ghosts with their faces (ghosts = {rules.ghost_mode!r}): * is a flower "
                               "ghost of 四花鬼 / 八花鬼 only")  # fmt: skip
    if hand.size + 1 != 3 * (SETS - len(hand.melds)) + 2:
        raise InvalidHandError(f"a 推倒胡 hand is 13 tiles before the winning tile (a kong counts 3): "
                               f"{hand.size} concealed with {len(hand.melds)} melds")  # fmt: skip
    seen = list(hand.all_counts())
    flowers = [0] * 8
    for meld in hand.melds:
        if meld.kind == MeldKind.CHI:
            raise InvalidHandError(f"meld {meld.describe()}: 推倒胡 has no chow (吃)")
        if meld.tile in ghosts:
            raise InvalidHandError(f"meld {meld.describe()}: ghost tiles can never be ponged or konged")
        if meld.kind == MeldKind.KONG and meld.from_offset is None:
            raise InvalidHandError(f"meld {meld.describe()}: a melded kong needs from_offset (who fed it: kong money)")
    for kind, count in enumerate(hand.all_counts()):
        if count:
            check_in_set(kind, rules, "hand")
    extra = [(win, "the winning tile")] + [(h, "horses") for h in where.horses]
    if where.ghost_indicator is not None:
        extra.append((where.ghost_indicator, "ghost_indicator"))
    for code, what in extra:
        check_in_set(code, rules, what)
        if code >= FLOWER_BASE:
            flowers[code - FLOWER_BASE] += 1
        else:
            seen[code] += 1
    if where.source >= 2:  # a robbed kong shows three more copies of the winning tile
        if win >= FLOWER_BASE or win in ghosts:
            raise InvalidArgumentError("a ghost cannot be ponged or konged, so no kong of it can be robbed")
        seen[win] += 3
    for kind, count in enumerate(seen):
        if count > 4:
            raise InvalidHandError(f"tile {tile_name(kind)} appears {count} times (hand, winning tile, melds, "
                                   "indicator, horses, robbed kong): at most 4")  # fmt: skip
    for number, count in enumerate(flowers):
        if count > 1:
            raise InvalidHandError(f"flower {number + 1}f appears {count} times: each exists once")
    if hand.wilds + sum(flowers) > rules.flowers:
        raise InvalidHandError(f"{hand.wilds + sum(flowers)} flowers in the hand, winning tile and horses: "
                               f"the set has {rules.flowers}")  # fmt: skip


def _kongs(hand: Hand, where: TdhSituation) -> list[tuple[int, int, int | None]]:
    """Every kong of the hand, as (owner, kind code, fed_by): the winner's melds, then ``other_kongs``."""
    seat = where.seat_wind
    own = [(seat, _KONG_OF_MELD[m.kind], None if m.from_offset is None else (seat + m.from_offset) % 4)
           for m in hand.melds if m.kind.is_kong]  # fmt: skip
    return own + list(where.other_kongs)


def _kong_payments(kongs: list[tuple[int, int, int | None]], rules: TdhRuleset) -> list[tuple[int, int, int, int]]:
    """Kong money (OC-30): (owner, kind, payer, amount) for each payer of each kong."""
    amounts = (rules["concealed_kong"], rules["added_kong"], rules["melded_kong"])
    payments = []
    for owner, kind, fed_by in kongs:
        if amounts[kind] == 0:
            continue
        payers = [fed_by] if KONG_KINDS[kind] == "melded" else [s for s in range(4) if s != owner]
        payments += [(owner, kind, payer, amounts[kind]) for payer in payers]
    return payments


def _best_form(hand: Hand, win: int, where: TdhSituation, rules: TdhRuleset, ghosts: tuple[int, ...],
               wilds: int) -> tuple[int, list[int]] | None:  # fmt: skip
    """The winning form worth most (its own multiplier decides; ties go to the earlier form), with the
    multipliers of that form, or None."""
    naturals = list(hand.concealed)
    if win < FLOWER_BASE:
        naturals[win] += 1
    for ghost in ghosts:
        naturals[ghost] = 0
    as_wild = Hand(tuple(naturals), hand.melds, wilds)
    allowed = {
        "standard": True,
        "seven_pairs": rules["seven_pairs"] and not hand.melds,
        "thirteen_orphans": rules["thirteen_orphans"] and not hand.melds,
        "four_ghosts": rules["four_ghosts"] and rules.has_four_ghosts and where.self_drawn and wilds == 4,
    }
    doubles = {"seven_pairs": "seven_pairs_double", "thirteen_orphans": "thirteen_orphans_double",
               "four_ghosts": "four_ghosts_double"}  # fmt: skip
    best: tuple[int, list[int]] | None = None
    for code, (key, _, _) in enumerate(FORMS):
        if not allowed[key]:
            continue
        if key != "four_ghosts" and not is_win(as_wild, key, seven_pairs_quads=True,
                                               wild_fifth_copy=rules["ghost_fifth_copy"]):  # fmt: skip
            continue
        own = [_MULTIPLIER[key]] if key in doubles and rules[doubles[key]] else []
        if best is None or len(own) > len(best[1]):
            best = (code, own)
    return best


def _wins_with_ghosts_as_faces(hand: Hand, win: int, form: int) -> bool:
    """OC-46's alternative: the hand wins in ``form`` with every ghost tile taken as its own face, so that no
    ghost stands for another tile and the hand counts as holding none. A flower ghost has no face, and 四鬼胡 is
    won by the ghosts themselves: neither can."""
    key = FORMS[form][0]
    if key == "four_ghosts" or hand.wilds or win >= FLOWER_BASE:
        return False
    naturals = list(hand.concealed)
    naturals[win] += 1
    return is_win(Hand(tuple(naturals), hand.melds, 0), key, seven_pairs_quads=True, wild_fifth_copy=False)


def score_row(hand: Hand, win: int, where: TdhSituation, rules: TdhRuleset) -> tuple:
    """The row ``TdhScore.from_row`` reads (see there)."""
    ghosts = ghost_kinds(rules, where.ghost_indicator)
    _check_tiles(hand, win, where, rules, ghosts)
    seat, source = where.seat_wind, SOURCES[where.source]
    win_is_ghost = win >= FLOWER_BASE or win in ghosts
    if source == "robbing_melded" and not rules["rob_melded_kong"]:
        return _refused("melded_kong_not_robbable")
    if source == "robbing_concealed":
        return _refused("concealed_kong_not_robbable")
    if source == "discard":
        if not rules["discard_wins"]:
            return _refused("no_discard_wins")
        if win_is_ghost:
            return _refused("ghost_discard")
    if where.kong_bloom:
        if not any(m.kind.is_kong for m in hand.melds):
            raise InvalidArgumentError("a kong bloom needs a kong among the hand's melds")
        fed = [(seat + m.from_offset) % 4 for m in hand.melds if m.kind == MeldKind.KONG and m.from_offset]
        if where.kong_fed_by is not None and where.kong_fed_by not in fed:
            raise InvalidArgumentError("kong_fed_by: the hand holds no melded kong fed by that seat")
    wilds = hand.wilds + sum(hand.concealed[g] for g in ghosts) + win_is_ghost
    best = _best_form(hand, win, where, rules, ghosts, wilds)
    if best is None:
        return _refused("not_complete")
    form, multipliers = best
    no_ghost = wilds == 0 or (rules["no_ghosts_own_face"] and _wins_with_ghosts_as_faces(hand, win, form))
    flags = (
        ("no_ghosts", rules.ghost_mode != "none" and no_ghost and rules["no_ghosts_double"]),
        ("last_tile", where.last_tile and rules["last_tile_double"]),
        ("kong_bloom", where.kong_bloom and rules["kong_bloom_double"]),
        ("robbing_kong", source.startswith("robbing") and rules["robbing_kong_double"]),
    )
    multipliers = sorted(multipliers + [_MULTIPLIER[key] for key, on in flags if on])
    share = rules["win"] << len(multipliers)
    return _settle(hand, where, rules, form, multipliers, share)


def _settle(hand: Hand, where: TdhSituation, rules: TdhRuleset, form: int, multipliers: list[int],
            share: int) -> tuple:  # fmt: skip
    """Who pays whom: the shares (each payer's, or all three by the liable seat), horses, 节节高, kong money."""
    seat, source = where.seat_wind, SOURCES[where.source]
    liable = None
    if source.startswith("robbing") and rules["robbing_pays_all"]:
        liable = where.discarder
    elif where.kong_bloom and where.kong_fed_by is not None and rules["bloom_pays_all"]:
        liable = where.kong_fed_by
    elif source == "discard" and rules["discarder_pays"] == "three":
        liable = where.discarder
    # The seats whose share is paid: one for a discard paid singly, else the three others.
    slots = [where.discarder] if source == "discard" and liable is None else [s for s in range(4) if s != seat]
    horses = []
    for code in where.horses:
        pointed = horse_seat(code, where.dealer, rules)
        hits = horse_face(code) if rules["one_horse"] else int(pointed == seat)
        horses.append((pointed, hits))
    hits = sum(h for _, h in horses)
    kong_payments = _kong_payments(_kongs(hand, where), rules)
    streak = 2 * where.dealer_streak if rules["streak_bonus"] and seat == where.dealer else 0
    win_net = [0] * 4
    for slot in slots:
        per_hit = share if rules["horse_follows_win"] else rules["horse_value"]
        if rules["horse_follows_kong"]:
            per_hit += sum(amount for owner, _, payer, amount in kong_payments if owner == seat and payer == slot)
        amount = share + hits * per_hit + streak
        win_net[slot if liable is None else liable] -= amount
        win_net[seat] += amount
    kong_money = [0] * 4
    for owner, _, payer, amount in kong_payments:
        kong_money[payer] -= amount
        kong_money[owner] += amount
    net = [w + k for w, k in zip(win_net, kong_money)]
    return (0, form, multipliers, share, horses, -1 if liable is None else liable, win_net, kong_payments,
            kong_money, net)  # fmt: skip
