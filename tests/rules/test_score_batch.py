"""score_batch agrees with score row by row, broadcasts scalar flags, and names bad input."""

from __future__ import annotations

import random

import numpy as np
import pytest

import mjcore
from mjcore import InvalidArgumentError, InvalidHandError

HANDS = [("123m456m78p234s99s", "6p"), ("12p456s789s88p555m", "3p"), ("1112345678999p", "5p"),
         ("123m456m78p234s99s", "1p"), ("19m19p19s1234567z", "1m"), ("111222333z44z55z", "5z")]  # fmt: skip


def arrays(rows):
    counts = np.array([mjcore.parse_hand(text).concealed for text, _ in rows], dtype=np.uint8)
    wins = np.array([mjcore.notation.win_tile_index(win) for _, win in rows], dtype=np.uint8)
    return counts, wins


@pytest.mark.parametrize("table", ["gd-cgc5", "gd-qq3", "gd-guigang"])
def test_batch_matches_single_scores(table):
    rng = random.Random(table)
    rows = [rng.choice(HANDS) for _ in range(200)]
    counts, wins = arrays(rows)
    self_drawn = np.array([rng.random() < 0.5 for _ in rows])
    seats = np.array([rng.randrange(4) for _ in rows], dtype=np.uint8)
    fans, points = mjcore.score_batch(counts, wins, ruleset=table, self_drawn=self_drawn, seat_wind=seats,
                                      round_wind=1)  # fmt: skip
    assert fans.dtype == np.int8 and points.dtype == np.int64 and fans.shape == (200,)
    for i, (text, win) in enumerate(rows):
        flags = {"self_drawn": True} if self_drawn[i] else {"discarder": (int(seats[i]) + 1) % 4}
        single = mjcore.score(text, win, ruleset=table, seat_wind=int(seats[i]), round_wind=1, **flags)
        assert fans[i] == (single.total_fan if single.is_win else -1)
        assert points[i] == (single.points if single.is_win and single.legal else 0)


@pytest.mark.parametrize("backend", [mjcore, mjcore.reference])
def test_a_hand_below_the_minimum_keeps_its_fan_and_is_paid_nothing(backend):
    """A complete hand under 起和 may not be declared: the batch reports its fan, as score does, but no points
    (the single call says ``legal=False``)."""
    rules = mjcore.load_ruleset("gd-cgc5").with_minimum(3)
    counts, wins = arrays([("123m456p789s123s9s", "9s"), ("111222333z44z55z", "5z")])
    single = [mjcore.score(text, win, ruleset=rules, discarder=1) for text, win in
              [("123m456p789s123s9s", "9s"), ("111222333z44z55z", "5z")]]  # fmt: skip
    assert [s.legal for s in single] == [False, True]
    fans, points = backend.score_batch(counts, wins, ruleset=rules)
    assert fans.tolist() == [single[0].total_fan, single[1].total_fan]
    assert points.tolist() == [0, single[1].points]


def test_batch_flags_and_errors():
    counts, wins = arrays([("12p456s789s88p555m", "3p")] * 3)
    fans, _ = mjcore.score_batch(counts, wins, ruleset="gd-qq3", self_drawn=True, kong_bloom=[False, True, False])
    assert fans.tolist() == [1, 3, 1]
    with pytest.raises(InvalidArgumentError, match="kong bloom"):
        mjcore.score_batch(counts, wins, kong_bloom=True)
    with pytest.raises(ValueError, match=r"shape \(N, 34\)"):
        mjcore.score_batch(counts[:, :30], wins)
    bad = counts.copy()
    bad[1, 0] = 5
    with pytest.raises(InvalidHandError, match="row 1"):
        mjcore.score_batch(bad, wins)
    complete = counts.copy()
    complete[2, 10] += 1
    with pytest.raises(InvalidHandError, match="row 2: 14 tiles"):
        mjcore.score_batch(complete, wins)
    with pytest.raises(InvalidArgumentError, match="row 0"):
        mjcore.score_batch(counts, wins, seat_wind=[7, 0, 0])
    with pytest.raises(InvalidArgumentError, match="length 3"):
        mjcore.score_batch(counts, wins[:2])
    with pytest.raises(TypeError):
        mjcore.score_batch(counts.astype(np.int64), wins)
    fans, _ = mjcore.score_batch(counts, wins, seat_wind=np.array(["E", "S", "W"]), round_wind="南")
    assert fans.tolist() == [1, 1, 1]  # 鸡糊 + 门清


MELD_HANDS = [("456m78p99s [123m] [234s]", "6p"), ("444s888s9m [222m] [777p]", "9m"), ("9s [123m] [456m] [789m] [111z]", "9s"),
              ("5z [123p] [555m] {7777s} (1111z)", "5z"), ("1112345678999p", "5p")]  # fmt: skip


@pytest.mark.parametrize("table", ["gd-cgc5", "gd-qq3"])
def test_batch_with_melds_and_robbed_kongs_matches_single_scores(table):
    rng = random.Random(7)
    rows = [rng.choice(MELD_HANDS) for _ in range(120)]
    hands = [mjcore.parse_hand(text) for text, _ in rows]
    counts = np.array([h.concealed for h in hands], dtype=np.uint8)
    melds = np.zeros((len(rows), 4, 2), dtype=np.uint8)
    for i, hand in enumerate(hands):
        for m, meld in enumerate(hand.melds):
            melds[i, m] = (int(meld.kind) + 1, meld.tile)
    wins = np.array([mjcore.notation.win_tile_index(win) for _, win in rows], dtype=np.uint8)
    # A robbed kong needs the other three copies in someone's pon: only where the hand holds no winning tile.
    source = [rng.choice(("self", "discard", "robbed") if hand.concealed[int(wins[i])] == 0 else ("self", "discard"))
              for i, hand in enumerate(hands)]  # fmt: skip
    fans, points = mjcore.score_batch(counts, wins, ruleset=table, melds=melds, seat_wind=2,
                                      self_drawn=np.array([s == "self" for s in source]),
                                      robbing_kong=np.array([s == "robbed" for s in source]))  # fmt: skip
    for i, ((text, win), how) in enumerate(zip(rows, source)):
        flags = {"self_drawn": True} if how == "self" else {"discarder": 1, "robbing_kong": how == "robbed"}
        single = mjcore.score(text, win, ruleset=table, seat_wind=2, **flags)
        assert fans[i] == (single.total_fan if single.is_win else -1), (text, how)
        assert points[i] == (single.points if single.is_win else 0)
    with pytest.raises(InvalidArgumentError, match="melds"):
        mjcore.score_batch(counts, wins, ruleset=table, melds=melds[:, :3])
