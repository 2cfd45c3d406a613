"""Shared by the table-engine tests: a test-only win check (the shipped one comes from the decomposition
module) and constructed walls."""

from __future__ import annotations

from mjcore import Hand, _core
from mjcore.table.types import Action, WinSituation
from mjcore.tiles import TERMINALS_AND_HONOURS


def _forms_sets(counts: list[int], start: int = 0) -> bool:
    k = next((k for k in range(start, 34) if counts[k]), None)
    if k is None:
        return True
    if counts[k] >= 3:
        counts[k] -= 3
        ok = _forms_sets(counts, k)
        counts[k] += 3
        if ok:
            return True
    if k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
        for t in (k, k + 1, k + 2):
            counts[t] -= 1
        ok = _forms_sets(counts, k)
        for t in (k, k + 1, k + 2):
            counts[t] += 1
        return ok
    return False


def is_complete(hand: Hand) -> bool:
    """Sets and a pair, or thirteen orphans."""
    counts = list(hand.concealed)
    for k in range(34):
        if counts[k] >= 2:
            counts[k] -= 2
            ok = _forms_sets(counts)
            counts[k] += 2
            if ok:
                return True
    return not hand.melds and sum(counts) == 14 and all(counts[k] for k in TERMINALS_AND_HONOURS)


def win_check(hand: Hand, situation: WinSituation) -> int | None:
    """A complete hand wins: 1 fan when self-drawn, else 0 (so that the fan is seen to travel)."""
    if not is_complete(hand):
        return None
    return 1 if situation.self_drawn else 0


def scenario_wall(hands: list[str], head: str, kinds: int = 34) -> list[int]:
    """A wall dealing ``hands`` (13 tiles each, dealer = seat 0 first), then ``head`` in draw order (the
    dealer's 14th tile first); the other tiles of the first ``kinds`` kinds follow in kind order (27: a wall
    without honours, as Sichuan's)."""
    order: list[int] = []
    for text in hands:
        tiles = _core.parse_tiles(text)
        assert len(tiles) == 13, text
        order += tiles
    order += _core.parse_tiles(head)
    return order + [k for k in range(kinds) for _ in range(4 - order.count(k))]


# Constructed deals: (hands dealt from seat 0, the dealer; head of the wall; scripted first actions).
SCENARIOS = {
    # Seat 0 discards 9s into two waiting hands: both win (一炮多响).
    "several winners": (["123456789m123p5z", "111p222p333p456s9s", "111s222s333s789p9s", "1z1z1z2z2z2z3z3z3z4z4z4z6z"],
                        "9s", []),
    # Seats 1 and 2 could win on 5s and pass; seat 2 pons it, later draws the 4th 5s and adds it; seat 1, its
    # 漏胡 cleared by its own draw since, robs the kong (抢杠).
    "robbing a kong": (["12345678m1234p7z", "111p222p333p4s6s9m9m", "5s5s1z1z1z2z2z2z3z3z3z4z4z",
                        "7p7p7p8p8p8p9p9p9p7s7s8s8s"], "5s6z6z6z5s",
                       [Action("discard", 22), Action("pass"), Action("pon"), Action("discard", 30)]),
}


def scripted_or_default(script: list[Action], legal: list[Action], drawn: int | None) -> Action:
    """The next scripted action, else: win, then add a kong, then pass, then discard the tile just drawn."""
    if script:
        return script.pop(0)
    for preferred in (Action("win"), *(a for a in legal if a.kind == "added_kong"), Action("pass"),
                      Action("discard", drawn)):
        if preferred in legal:
            return preferred
    return legal[-1]


RANDOM = ("random",) * 4


def bot_deal(engine, seed: int, deal: int, bots=RANDOM, dealer: int = 0, round_wind: int = 0, *, win_check=None,
             ruleset=None) -> list[str]:
    """The event log of a deal played by built-in bots through ``engine.Table`` (``mjcore.table`` or its twin
    ``mjcore.reference.table``): ``reset`` then ``play``."""
    table = engine.Table(win_check, ruleset)
    table.reset(seed, deal, dealer, round_wind)
    table.play(bots)
    return table.log()


def bot_game(engine, seed: int, bots=RANDOM, wind_rounds: int = 4, max_deals: int = 1000, *, win_check=None,
             ruleset=None) -> list[list[str]]:
    """Each deal's event log of a whole game played by built-in bots through ``engine.Table``: ``reset_game``,
    then ``play`` and ``next_deal`` until the game is over."""
    table = engine.Table(win_check, ruleset)
    table.reset_game(seed, wind_rounds, max_deals)
    logs = []
    while True:
        table.play(bots)
        logs.append(table.log())
        if not table.next_deal():
            return logs
