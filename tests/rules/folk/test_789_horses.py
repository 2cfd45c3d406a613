"""买马 at the 789 folk table (OC-38, a mirror bet; OC-789-X1..X5): each seat buys ``horses_per_seat`` horses,
reserved at the wall's tail and turned when the deal is won; each buyer shadows the seat its horse picks in the
hand's payments. A worked deal from an explicit wall on both engines, the twin's per-deal arrays, zero-sum,
threads, the log, the replay viewer, the env rewards, the unchanged default and the refused values."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

import mjcore
from mjcore import _core
from mjcore.env import VectorEnv
from mjcore.errors import RulesetError
from mjcore.reference.table import Table as TwinTable
from scripts.record_table_pins import ADDED_AFTER_EVERY_RULESET_PINS
from mjcore.replay_view.frames import deal_frames
from mjcore.table import Horse, Table
from mjcore.table.types import Action

from tests.support.env_helpers import settled_episodes

GD789 = mjcore.load_ruleset("gd-789")
HORSES = GD789.with_options(horses_per_seat=2)

# E (the dealer) draws 5p and discards it: S (鸡胡) and W (清一色) could both win on it; 截胡 gives it to W.
HANDS = ["234m567m123s456s7z", "123m456m789s11z46p", "123p678p999p11p46p", "2z2z3z3z4z4z5z5z6z6z8m8m9m"]
# The horses in the order turned (the wall's last tile first): E buys 1m 2m, S 3p 4s, W 白 发, N 中 3f.
TURNED = ["1m", "2m", "3p", "4s", "5z", "6z", "7z", "3f"]


def _code(name: str) -> int:
    return 34 + int(name[0]) - 1 if name.endswith("f") else _core.parse_tiles(name)[0]


def horse_wall() -> list[int]:
    """The hands (E first), then 5p, the other tiles in kind order, and the horses last (turned from the end)."""
    order = [t for text in HANDS for t in _core.parse_tiles(text)] + list(_core.parse_tiles("5p"))
    horses = [_code(name) for name in TURNED]
    rest = [k for k in range(34) for _ in range(4 - order.count(k) - horses.count(k))]
    rest += [f for f in range(34, 42) if f not in horses]
    return order + rest + horses[::-1]


def discard_5p(table) -> None:
    table.reset(0, 0, wall=horse_wall())
    table.step(Action("discard", 13))
    while table.to_act() is not None:
        table.step(Action("win"))


@pytest.mark.parametrize("engine", [Table, TwinTable], ids=["native", "twin"])
def test_a_worked_deal_pays_each_buyers_shadow(engine) -> None:
    """W wins 清一色 (multiple 4) from E: E pays 3 × 4 = 12. Counting the dealer E as 1 (§5; 白 5 发 6 中 7, 3f 3):
    1m→E 2m→S 3p→W 4s→N 白→E 发→S 中→W 3f→W. E's 1m shadows the payer E: E pays W another 12; S's 3p and N's 中
    and 3f shadow the winner W: each collects 12 from E; W's 白 shadows E: W pays itself, nothing; the horses on
    S and N (neither winner nor payer) move nothing. Horses: E −48, S +12, W +12, N +24; with the hand
    E −60, S +12, W +24, N +24."""
    table = engine(ruleset=HORSES)
    discard_5p(table)
    (winner,) = table.outcome()
    assert (winner.seat, winner.from_seat, winner.fan) == (2, 0, 4)
    buyers, picks = [0, 0, 1, 1, 2, 2, 3, 3], [0, 1, 2, 3, 0, 1, 2, 2]
    assert winner.horses == tuple(Horse(_code(t), b, p) for t, b, p in zip(TURNED, buyers, picks))
    assert table.horse_money() == (-48, 12, 12, 24)
    assert table.payments() == (-60, 12, 24, 24)
    horses = [line for line in table.log() if '"horses"' in line]
    assert horses == ['{"type":"horses","seat":2,"tiles":[0,1,11,21,31,32,33,36],"buyers":[0,0,1,1,2,2,3,3],'
                      '"picks":[0,1,2,3,0,1,2,2]}']  # fmt: skip
    # Without horses the same deal pays the hand alone, and logs no horses.
    plain = engine(ruleset=GD789)
    discard_5p(plain)
    assert plain.payments() == (-12, 0, 12, 0) and plain.horse_money() == (0, 0, 0, 0)
    assert plain.outcome()[0].horses == () and not any('"horses"' in line for line in plain.log())


def test_the_replay_viewer_shows_the_horses_and_their_money() -> None:
    table = Table(ruleset=HORSES)
    discard_5p(table)
    last = deal_frames(table.log(), HORSES)[-1].settlement
    assert "seat 2's horses 1m (seat 0 buys seat 0)" in last and "3f (seat 3 buys seat 2)" in last, last
    assert last.endswith("horse money -48, +12, +12, +24"), last


def test_horse_money_is_zero_sum_inside_the_payments_and_threads_agree() -> None:
    rules = GD789.with_options(horses_per_seat=4)
    one = mjcore.simulate(rules, 300, seed=9, bots=("efficiency",) * 4, threads=1)
    two = mjcore.simulate(rules, 300, seed=9, bots=("efficiency",) * 4, threads=2)
    for column in one.per_deal:
        np.testing.assert_array_equal(one[column], two[column], err_msg=column)
    assert one.totals == two.totals
    money, won = one["horse_money"], ~one["exhaustive_draw"]
    assert (money.sum(axis=1) == 0).all() and (one["payments"].sum(axis=1) == 0).all()
    assert not money[~won].any(), "no win, no horse money (OC-789-X4)"
    assert (money[won] != 0).any(axis=1).sum() > 50
    # The bots do not see the horses: the same deals without them pay the payments less the horse money.
    plain = mjcore.simulate(GD789.with_options(reserved_tail=16), 300, seed=9,
                            bots=("efficiency",) * 4, threads=1)  # fmt: skip
    np.testing.assert_array_equal(plain["payments"], one["payments"] - money)
    hits = one["horse_hits"][one["winners"]]
    assert hits.max() <= 16 and hits.sum() > 0


def test_the_env_rewards_include_the_horses() -> None:
    """The terminal step's payments are the deal's as the table settles it, horse money included."""
    env = VectorEnv(HORSES, 1, seed=5, opponents="efficiency", learning_seats=(1,), autoreset=False)
    with_horses = 0
    for rewards, infos, table in settled_episodes(env, 30):
        assert tuple(infos["payments"][0]) == table.payments() and rewards[0] == table.payments()[1]
        with_horses += any(table.horse_money())
    assert with_horses > 5


def _digest(result) -> str:
    """One digest of every per-deal column the build before horses had."""
    h = hashlib.sha256()
    for name in sorted(c for c in result.per_deal if c not in ("horse_money", *ADDED_AFTER_EVERY_RULESET_PINS)):
        array = np.ascontiguousarray(result[name])
        h.update(hashlib.sha256(f"{array.dtype.str}{array.shape}".encode() + array.tobytes()).hexdigest()[:16].encode())
    return h.hexdigest()[:24]


def test_the_default_buys_no_horse_and_plays_the_deals_as_before() -> None:
    """Digests recorded with the build before 买马 at the table (main at a5a0886), 300 deals, seed 4."""
    assert GD789["horses_per_seat"] == 0 and GD789.table_rules.reserved_tail == 0
    pins = {"random": "fafe17410c7271fb25ad70e2", "efficiency": "74dd37db3283bc2c2fb96726"}
    for bot, digest in pins.items():
        result = mjcore.simulate(GD789, 300, seed=4, bots=(bot,) * 4, threads=1)
        assert _digest(result) == digest, bot
        assert not result["horse_money"].any()


@pytest.mark.parametrize("value", [-1, 21, True, "2", 1.5])
def test_a_value_the_table_cannot_play_is_refused_by_name(value) -> None:
    with pytest.raises(RulesetError, match="horses_per_seat"):
        GD789.with_options(horses_per_seat=value)


def test_more_horses_than_the_wall_holds_beyond_its_dead_wall_are_refused_by_name() -> None:
    """The 136 playing tiles hold the deal (4 × 13 + 1) and 83 more: 20 horses a seat, or fewer beside a dead wall."""
    assert GD789.with_options(horses_per_seat=20).table_rules.reserved_tail == 80
    with pytest.raises(RulesetError, match="horses_per_seat: 20 horses a seat make 80, but the 136 playing tiles"):
        GD789.with_options(horses_per_seat=20, reserved_tail=4)
    assert GD789.with_options(horses_per_seat=3, reserved_tail=4).table_rules.reserved_tail == 16
