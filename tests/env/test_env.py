"""The AI environment (mjcore.env): the action layout follows the table rules, the mask is exactly the table's
legal actions at every decision, observations leak nothing a seat cannot see, rewards are the settlement, seeds
repeat, and the PettingZoo and Gymnasium front ends pass their own checkers."""

from __future__ import annotations

import json

import numpy as np
import pytest

import mjcore
import mjcore.table
from mjcore.env import PLANES, VectorEnv, aec_env
from mjcore.errors import IllegalActionError, InvalidArgumentError, UnusedOptionWarning
from mjcore.table import Table
from mjcore.table.types import Action

from tests.support.env_helpers import settled_episodes
from tests.support.sim_helpers import bot_deal
from tests.support.paths import REPO

BASE = mjcore.load_ruleset("gd-cgc5")
# 翻双鬼: two wild kinds a deal, after the indicator turned from the wall's last tile (public).
TDH_FLIP = mjcore.load_ruleset("tdh").with_options(ghosts="flip_two", horses=2)


def test_the_action_layout_follows_the_table_rules():
    full = VectorEnv(BASE, 1).layout
    sizes = {name: size for name, _, size in full.blocks}
    assert sizes == {"discard": 34, "chi": 21, "pon": 1, "kong": 1, "added_kong": 34, "concealed_kong": 34,
                     "win": 1, "pass": 1, "void": 0, "swap": 0, "eye": 0, "discard_flower": 0}
    bare = VectorEnv(BASE.with_options(chi="none", concealed_kong=False), 1).layout
    bare_sizes = {name: size for name, _, size in bare.blocks}
    assert bare_sizes["chi"] == 0 and bare_sizes["concealed_kong"] == 0 and len(bare) == len(full) - 55
    for layout in (full, bare):
        for index in range(len(layout)):
            assert layout.index(layout.action(index)) == index
    with pytest.raises(InvalidArgumentError):
        bare.index(Action("chi", 0))
    with pytest.raises(InvalidArgumentError):
        full.action(len(full))


def _replayed(lines: list[str], ruleset=BASE) -> Table:
    table = Table(ruleset=ruleset)
    table.replay(lines)
    return table


def test_swap_picks_have_a_block_and_an_exact_mask_where_the_table_plays_them():
    """换三张 (Sichuan's swap_three): one index per suited kind, masked exactly as the table's legal picks."""
    rules = mjcore.load_ruleset("sichuan").with_options(swap_three="three")
    env = VectorEnv(rules, 2, seed=5, opponents=None)
    sizes = {name: size for name, _, size in env.layout.blocks}
    assert sizes["swap"] == 27 and sizes["void"] == 3
    assert {name: size for name, _, size in VectorEnv("sichuan", 1).layout.blocks}["swap"] == 0
    picks = 0
    for _ in range(30):
        for i in range(env.num_envs):
            table = _replayed(env.log(i), rules)
            legal = sorted(table.legal_actions(), key=Action.sort_key)
            masked = sorted((env.decode(a) for a in np.flatnonzero(env.masks[i])), key=Action.sort_key)
            assert masked == legal
            picks += legal[0].kind == "swap"
        env.step(env.sample_actions())
    assert picks == 2 * 12, "four seats pick three tiles each, one decision a pick"
    taiwan = {name: size for name, _, size in VectorEnv("taiwan", 1).layout.blocks}
    assert taiwan["eye"] == 34 and taiwan["swap"] == 0, "眼牌: one declaration index per discarded kind"


@pytest.mark.filterwarnings("ignore::mjcore.rules.folk.PlaceholderWarning")  # laozhang's documented placeholders
@pytest.mark.parametrize("ruleset", mjcore.rulesets())
def test_the_mask_is_the_tables_legal_actions_at_every_decision_including_claims(ruleset: str):
    """Each step's mask, decoded, equals the legal actions of a ``Table`` rebuilt from the env's own log."""
    env = VectorEnv(ruleset, 6, seed=11, opponents=None)
    claims = 0
    for _ in range(500):
        for i in range(env.num_envs):
            table = _replayed(env.log(i), ruleset)
            legal = sorted(table.legal_actions(), key=Action.sort_key)
            masked = sorted((env.decode(a) for a in np.flatnonzero(env.masks[i])), key=Action.sort_key)
            assert masked == legal
            assert table.to_act() == env.seats[i]
            claims += Action("pass") in legal
        env.step(env.sample_actions())
    assert claims > 20


@pytest.mark.filterwarnings("ignore::mjcore.rules.folk.PlaceholderWarning")  # laozhang's documented placeholders
@pytest.mark.parametrize("ruleset", mjcore.rulesets())
def test_rewards_are_the_settlement_of_the_deal(ruleset: str):
    """Against efficiency bots (which win often), the terminal step's payments are those of the finished deal as
    a ``Table`` rebuilt from its log settles it, and the reward is the learner's share."""
    env = VectorEnv(ruleset, 1, seed=5, opponents="efficiency", learning_seats=(1,), autoreset=False,
                    reward_scale=0.5)  # fmt: skip
    settled = 0
    for rewards, infos, table in settled_episodes(env, 40):
        paid = table.payments()
        assert paid is not None and tuple(infos["payments"][0] * 2) == paid
        assert rewards[0] * 2 == paid[1]
        settled += any(paid)
    assert settled > 10


def test_a_seed_gives_the_same_episodes_and_an_illegal_action_changes_nothing():
    def trace(seed: int) -> list[bytes]:
        env = VectorEnv(BASE, 2, seed=seed, opponents="efficiency")
        seen = []
        for _ in range(100):
            obs, rewards, *_ = env.step(env.sample_actions())
            seen.append(obs.tobytes() + rewards.tobytes())
        return seen

    assert trace(1) == trace(1)
    assert trace(1) != trace(2)
    env = VectorEnv(BASE, 2, seed=1)
    before = env.observations.copy()
    illegal = np.array([np.flatnonzero(~env.masks[0])[0], env.sample_actions()[1]])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert np.array_equal(env.observations, before)


def test_a_given_wall_is_dealt():
    lines = bot_deal(mjcore.table, 3, 0, ruleset=BASE)
    wall = json.loads(lines[0])["wall"]
    env = VectorEnv(BASE, 2, seed=9, opponents=None)
    env.reset(options={"walls": [wall, None]})
    assert json.loads(env.log(0)[0])["wall"] == wall
    assert json.loads(env.log(1)[0])["wall"] != wall


def _visible_to(seat: int, lines: list[str]) -> list[str]:
    """The events a seat sees: everything but the wall and the tiles the others draw."""
    events = [json.loads(line) for line in lines[1:]]
    return [json.dumps(e) for e in events if not (e["type"] == "draw" and e["seat"] != seat)]


# Every shipped ruleset, and 推倒胡 with 翻鬼, whose indicator (the wall's last tile) everyone sees.
LEAK_CASES = [(BASE, 0), (TDH_FLIP, 1)] + [(name, 0) for name in mjcore.rulesets() if name != "gd-cgc5"]


@pytest.mark.filterwarnings("ignore::mjcore.rules.folk.PlaceholderWarning")  # laozhang's documented placeholders
@pytest.mark.parametrize("ruleset, public_tail", LEAK_CASES,
                         ids=["gd-cgc5", "tdh-flip"] + [name for name in mjcore.rulesets() if name != "gd-cgc5"])
def test_observations_leak_nothing_a_seat_cannot_see(ruleset, public_tail: int):
    """Swap two wall tiles, replay the same decisions: whenever seat 0's initial hand and every event it can see
    stay the same while the others' hands differ, each of its observations (at every step) is unchanged. Under
    翻鬼 the wall's last tile is the indicator everyone sees (``public_tail``): it is never swapped."""
    BASE = ruleset
    rng = np.random.default_rng(0)
    base_env = aec_env(BASE, encoding="extended-v2", seed=4)
    hidden_changes = 0
    # Flowers drawn and replaced from the wall make fewer of Taiwan's swaps leave seat 0's events alike.
    for trial in range(300 if ruleset == "taiwan" else 100):
        base_env.reset(seed=trial)
        wall = json.loads(base_env.log()[0])["wall"]
        decisions, views = [], []
        while not any(base_env.terminations.values()):
            views.append(base_env.observe("player_0")["observation"].tobytes())
            mask = base_env.observe(base_env.agent_selection)["action_mask"]
            action = int(rng.choice(np.flatnonzero(mask)))
            decisions.append((base_env.agent_selection, action))
            base_env.step(action)
        views.append(base_env.observe("player_0")["observation"].tobytes())
        original_log = base_env.log()
        # A tile dealt to another seat (seat 0, the dealer, is dealt the first 13 positions, 16 at Taiwan's
        # 16-tile table) and one of the wall.
        dealt = 16 if ruleset == "taiwan" else 13
        i, j = int(rng.integers(dealt, 4 * dealt)), int(rng.integers(4 * dealt + 1, len(wall) - public_tail))
        if wall[i] == wall[j]:
            continue
        swapped = list(wall)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        env = aec_env(BASE, encoding="extended-v2", seed=4)
        env.reset(seed=trial, options={"wall": swapped})
        start = Table(ruleset=BASE)
        start.reset(0, 0, wall=swapped)
        original_start = Table(ruleset=BASE)
        original_start.reset(0, 0, wall=wall)
        if start.observation(0).hand != original_start.observation(0).hand:
            continue
        replayed_views, consistent = [], True
        for agent, action in decisions:
            if env.agent_selection != agent or not env.observe(agent)["action_mask"][action]:
                consistent = False
                break
            replayed_views.append(env.observe("player_0")["observation"].tobytes())
            env.step(action)
        if not consistent or not any(env.terminations.values()):
            continue
        replayed_views.append(env.observe("player_0")["observation"].tobytes())
        if _visible_to(0, env.log()) != _visible_to(0, original_log):
            continue
        hands_differ = any(start.observation(s).hand != original_start.observation(s).hand for s in (1, 2, 3))
        hidden_changes += hands_differ
        assert replayed_views == views, f"trial {trial}: swapping wall tiles {i} and {j} changed seat 0's view"
    assert hidden_changes >= 10


@pytest.mark.filterwarnings("ignore::mjcore.errors.UnusedOptionWarning")  # api_test resets with options={"options": 1}
def test_pettingzoo_api_and_seed_tests_pass():
    from pettingzoo.test import api_test, seed_test

    api_test(aec_env("gd-cgc5"), num_cycles=300)
    seed_test(lambda: aec_env("gd-qq3"), num_cycles=300)
    seed_test(lambda: aec_env("gd-guigang", encoding="extended-v2", game=1), num_cycles=300)


def test_gymnasium_env_checker_passes_and_callable_opponents_play():
    from gymnasium.utils.env_checker import check_env

    from mjcore.env import GymEnv

    check_env(GymEnv("gd-cgc5", illegal_action="random", opponents="efficiency"), skip_render_check=True)
    rng = np.random.default_rng(1)
    asked = []

    def opponent(observation: np.ndarray, mask: np.ndarray) -> int:
        asked.append(observation.shape)
        return int(rng.choice(np.flatnonzero(mask)))

    env = GymEnv("gd-cgc5", opponents=opponent, seat=2)
    obs, info = env.reset(seed=3)
    for _ in range(500):
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert info["seat"] == 2 and info["action_mask"].any() != (terminated or truncated)
        if terminated or truncated:
            obs, info = env.reset()
    assert asked
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(~info["action_mask"])[0]))


def test_render_shows_the_seats_view():
    env = aec_env("gd-cgc5", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    hand = env.observe(env.agent_selection)["observation"][:4].sum(axis=0)
    assert "hand: " + " ".join(mjcore.tile_name(k) for k in range(34) for _ in range(hand[k])) in text
    assert "legal: discard" in text


def test_the_plane_table_in_docs_matches_the_encoding():
    text = (REPO / "docs" / "env.md").read_text(encoding="utf-8")
    for first, rows, name, description in PLANES:
        assert f"| {first}–{first + rows - 1} | `{name}` | {description} |" in text, name


def test_game_mode_pays_each_deal_and_ends_with_the_game():
    env = VectorEnv(BASE, 4, seed=2, opponents="efficiency", game=1, max_deals=8)
    deals = {i: {env._native.deal_id(i)} for i in range(env.num_envs)}
    paid_mid_game, games = 0, 0
    for _ in range(1500):
        _, _, terminated, truncated, infos = env.step(env.sample_actions())
        over = terminated | truncated
        paid_mid_game += int((infos["payments"].any(axis=1) & ~over).sum())
        games += int(over.sum())
        for i in range(env.num_envs):
            deals[i].add(env._native.deal_id(i))
        assert np.allclose(infos["payments"].sum(axis=1), 0)
    assert games > 0 and paid_mid_game > 0
    assert sum(len(d) for d in deals.values()) > 2 * games


def test_game_mode_rotates_the_dealer_by_the_tables_rule():
    """MCR's dealer passes every deal (its table's rule), draws included: the env's games follow the table's
    rules, not the default 连庄 (a draw keeps the dealer there)."""
    env = VectorEnv("mcr", 2, seed=4, opponents="random", game=1, max_deals=64)
    dealer = [json.loads(env.log(i)[0])["dealer"] for i in range(env.num_envs)]
    deal = [env._native.deal_id(i) for i in range(env.num_envs)]
    passed = 0
    for _ in range(3000):
        _, _, terminated, truncated, _ = env.step(env.sample_actions())
        for i in range(env.num_envs):
            if env._native.deal_id(i) == deal[i]:
                continue
            now = json.loads(env.log(i)[0])["dealer"]
            if not (terminated[i] or truncated[i]):  # the next deal of the same game
                assert now == (dealer[i] + 1) % 4
                passed += 1
            dealer[i], deal[i] = now, env._native.deal_id(i)
    assert passed >= 4


@pytest.mark.parametrize("encoding", ["compact-v2", "extended-v2"])
def test_the_planes_are_what_the_documentation_says(encoding: str):
    """Every seat's planes at every step equal the pure-Python twin's, built from the ``Table`` observation of a
    table rebuilt from the env's log (gd-cgc5 has no flowers and settles only at the end, so those columns are 0)."""
    from mjcore.reference.env.encoding import encode

    env = VectorEnv(BASE, 2, seed=8, encoding=encoding, opponents=None)
    melds = 0
    for _ in range(250):
        for i in range(env.num_envs):
            table = _replayed(env.log(i))
            for seat in range(4):
                planes, _ = env.observe(i, seat)
                expected = encode(table.observation(seat), encoding)
                assert np.array_equal(planes, expected), (i, seat, np.argwhere(planes != expected)[:5].tolist())
                melds += sum(len(m) for m in table.observation(seat).melds)
            assert np.array_equal(env.observations[i], encode(table.observation(int(env.seats[i])), encoding))
        env.step(env.sample_actions())
    assert melds > 0


@pytest.mark.parametrize("ruleset", ["mcr", "tdh", "sichuan", "taiwan", "gd-789", "laozhang"])
def test_every_family_at_the_table_plays_in_the_vector_env(ruleset):
    """The layout follows each family's table (Sichuan: 定缺's three void actions, no chi) and random learners
    play whole deals: every mask is non-empty and the sampled actions are accepted."""
    env = VectorEnv(ruleset, 4, seed=3)
    sizes = {name: size for name, _, size in env.layout.blocks}
    assert sizes["void"] == (3 if ruleset == "sichuan" else 0)
    if ruleset == "sichuan":
        assert sizes["chi"] == 0 and env.layout.action(env.layout.index(Action("void", 2))) == Action("void", 2)
    obs, info = env.reset(seed=3)
    finished = 0
    for _ in range(400):
        obs, reward, terminated, truncated, info = env.step(env.sample_actions())
        finished += int(terminated.sum())
    assert finished > 0


@pytest.mark.parametrize("options, wild, flipped", [({}, 1, False), ({"ghosts": "flip"}, 1, True),
                                                    ({"ghosts": "flip_two"}, 2, True), ({"ghosts": "none"}, 0, False)])
def test_tdh_planes_show_the_ghosts_and_the_indicator(options: dict, wild: int, flipped: bool):
    """At a 推倒胡 table the ghost rows hold the deal's wild kinds and its 翻鬼 indicator (zero where there are
    none), and every row equals the twin encoder's over the pure-Python twin table replaying the env's log (the
    points so far include the kong money paid as kongs are made)."""
    from mjcore.reference.env.encoding import encode
    from mjcore.reference.table import Table as TwinTable

    rules = mjcore.load_ruleset("tdh").with_options(**options)
    env = VectorEnv(rules, 2, seed=6, encoding="extended-v2", opponents=None)
    rows = {name: first for first, _, name, _ in PLANES}
    checked = 0
    for _ in range(120):
        for i in range(env.num_envs):
            twin = TwinTable(ruleset=rules)
            twin.replay(env.log(i))
            deal = twin._deal  # its money so far (kong money) is the info row's points
            for seat in range(4):
                view = twin.observation(seat)
                planes, _ = env.observe(i, seat)
                assert planes[rows["ghosts"]].sum() == wild == len(view.ghosts)
                assert planes[rows["ghosts"], list(view.ghosts)].all()
                indicator = planes[rows["ghost_indicator"]]
                assert indicator.sum() == flipped and (not flipped or indicator[view.ghost_indicator] == 1)
                expected = encode(view, "extended-v2", points=deal.event_payments)
                assert np.array_equal(planes, expected), (i, seat, np.argwhere(planes != expected)[:5].tolist())
                checked += 1
        env.step(env.sample_actions())
    assert checked > 500


@pytest.mark.filterwarnings("ignore::mjcore.errors.UnusedOptionWarning")  # api_test resets with options={"options": 1}
@pytest.mark.parametrize("ruleset", [TDH_FLIP, mjcore.load_ruleset("tdh").with_options(ghosts="flowers4")],
                         ids=["flip_two", "flowers4"])
def test_tdh_aec_env_passes_the_pettingzoo_api_test(ruleset):
    from pettingzoo.test import api_test

    api_test(aec_env(ruleset, encoding="extended-v2"), num_cycles=300)


@pytest.mark.parametrize("ghosts, flowers", [("flowers4", 4), ("flowers8", 8)])
def test_flower_ghosts_have_a_discard_block_an_exact_mask_and_planes(ghosts: str, flowers: int):
    """四花鬼 / 八花鬼: one discard_flower index per flower of the set, masked exactly as the table's legal actions
    (a rebuilt twin table), and every row equals the twin encoder's: the held flower ghosts, the discarded ones
    and a drawn one in the info row's columns 26–31 (the drawn row stays empty for a flower)."""
    from mjcore.reference.env.encoding import encode
    from mjcore.reference.table import Table as TwinTable

    rules = mjcore.load_ruleset("tdh").with_options(ghosts=ghosts)
    env = VectorEnv(rules, 2, seed=4, encoding="extended-v2", opponents=None)
    blocks = {name: (first, size) for name, first, size in env.layout.blocks}
    first, size = blocks["discard_flower"]
    assert size == flowers and first + size == len(env.layout)
    assert [env.decode(first + f) for f in range(flowers)] == [Action("discard_flower", 34 + f) for f in range(flowers)]
    seen = {"held": 0, "drawn": 0, "discarded": 0, "masked": 0}
    for _ in range(200):
        for i in range(env.num_envs):
            twin = TwinTable(ruleset=rules)
            twin.replay(env.log(i))
            legal = sorted(twin.legal_actions(), key=Action.sort_key)
            masked = sorted((env.decode(a) for a in np.flatnonzero(env.masks[i])), key=Action.sort_key)
            assert masked == legal
            seen["masked"] += any(a.kind == "discard_flower" for a in legal)
            deal = twin._deal
            for seat in range(4):
                view = twin.observation(seat)
                planes, _ = env.observe(i, seat)
                expected = encode(view, "extended-v2", points=deal.event_payments)
                assert np.array_equal(planes, expected), (i, seat, np.argwhere(planes != expected)[:5].tolist())
                info = planes[23]
                assert info[26] == sum(1 << f for f in view.flower_ghosts)
                seen["held"] += bool(info[26])
                seen["drawn"] += bool(info[31])
                seen["discarded"] += bool(info[27:31].any())
        env.step(env.sample_actions())
    assert all(seen.values()), seen


@pytest.mark.parametrize("ruleset", ["mcr", "gd-cgc5", "sichuan", "taiwan"])
@pytest.mark.parametrize("opponents", [None, "efficiency"])
def test_the_efficiency_opponents_and_teacher_play_for_the_tables_aim(ruleset: str, opponents):
    """With every decision the learner makes taken from ``expert_actions("efficiency")`` (self-play, or seat 0
    beside efficiency opponents), each episode is the deal ``Table.play`` plays with four efficiency bots from
    the same seed: the env's bots play for the table's aim, as ``simulate`` and ``Table.play`` do (at MCR every
    form, with ready hands judged by the 8-fan minimum — not the 鸡平胡 shapes)."""
    learning = (0, 1, 2, 3) if opponents is None else (0,)
    env = VectorEnv(ruleset, 1, seed=7, opponents=opponents, learning_seats=learning, autoreset=False)
    for episode in range(6):
        env.reset(seed=episode)
        terminated = [False]
        while not terminated[0]:
            _, _, terminated, truncated, _ = env.step(env.expert_actions("efficiency"))
            assert not truncated[0]
        log = env.log(0)
        start = json.loads(log[0])
        table = Table(ruleset=ruleset)
        table.reset(start["seed"], start["deal"], start["dealer"], start["round_wind"])
        table.play(("efficiency",) * 4)
        assert table.log() == log, (ruleset, episode)


@pytest.mark.parametrize("bad", [[0.7, 2.2], ["a", "b"], [True, False], np.array([2**63 + 5, 1], dtype=np.uint64),
                                 [0]])  # fmt: skip
def test_vector_actions_that_are_not_one_int_per_env_are_refused_and_change_nothing(bad) -> None:
    env = VectorEnv(BASE, 2, seed=1)
    before = env.observations.copy(), env.masks.copy()
    with pytest.raises(InvalidArgumentError, match="actions must"):
        env.step(bad)
    assert np.array_equal(env.observations, before[0]) and np.array_equal(env.masks, before[1])
    env.step(env.sample_actions().astype(np.uint8))  # any integer dtype is an index


@pytest.mark.parametrize("bad", [3.0, 3.7, "3", True, np.float32(2), np.array(3.5), None])
def test_an_aec_or_gymnasium_action_that_is_not_an_int_is_refused(bad) -> None:
    from mjcore.env import GymEnv

    aec = aec_env("gd-cgc5")
    aec.reset(seed=2)
    agent = aec.agent_selection
    with pytest.raises(InvalidArgumentError, match="action must be an int"):
        aec.step(bad)
    assert aec.agent_selection == agent
    aec.step(np.int64(np.flatnonzero(aec.observe(agent)["action_mask"])[0]))  # a numpy int is an index
    gym_env = GymEnv("gd-cgc5")
    gym_env.reset(seed=2)
    with pytest.raises(InvalidArgumentError, match="action must be an int"):
        gym_env.step(bad)


def test_a_callable_opponent_answering_a_float_is_named_in_the_error() -> None:
    from mjcore.env import GymEnv

    env = GymEnv("gd-cgc5", opponents=lambda obs, mask: float(np.flatnonzero(mask)[0]), seat=0)
    with pytest.raises(InvalidArgumentError, match="opponent at seat [123]"):
        obs, info = env.reset(seed=4)  # the opponents may play first
        for _ in range(50):
            obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))


@pytest.mark.parametrize("seat", [1.0, -1, 4, True, "0"])
def test_a_gymnasium_learner_seat_is_an_int_of_0_to_3(seat) -> None:
    from mjcore.env import GymEnv

    with pytest.raises(InvalidArgumentError, match="seat must be an int in 0..3"):
        GymEnv("gd-cgc5", seat=seat)


def test_reset_options_and_walls_are_checked_by_name_and_change_nothing() -> None:
    from mjcore.env import GymEnv

    env = VectorEnv(BASE, 2, seed=1)
    wall = json.loads(env.log(0)[0])["wall"]
    before = env.observations.copy(), env.log(0), env.log(1)
    for options, message in [
        ({"walls": [[code + 0.5 for code in wall], None]}, rf"walls\[0\]\[0\] must be an int, not {wall[0] + 0.5}"),
        ({"walls": [None, wall[:-1] + ["1m"]]}, r"walls\[1\]\[135\] must be an int, not '1m'"),
        ({"walls": wall}, "walls must be a list of 2 walls"),
        ({"walls": [None, 5]}, r"walls\[1\]: a wall is a sequence of wall codes"),
        ({"walls": [None, wall[:-1] + [300]]}, r"walls\[1\]\[135\]: wall code 300 does not exist"),
        ("walls", "options must be a dict or None"),
    ]:  # fmt: skip
        with pytest.raises(InvalidArgumentError, match=message):
            env.reset(seed=2, options=options)
        assert np.array_equal(env.observations, before[0]) and (env.log(0), env.log(1)) == before[1:]
    env.reset(seed=2, options={"walls": [np.array(wall), None]})  # numpy codes are ints
    assert json.loads(env.log(0)[0])["wall"] == wall
    # A key mjcore does not read is warned of by name (PettingZoo's api_test resets with one), never silently
    # dropped: a misspelt "walls" deals random walls.
    with pytest.warns(UnusedOptionWarning, match=r"reset options \['wals'\] are not read by mjcore"):
        env.reset(seed=2, options={"wals": [wall, None]})
    assert json.loads(env.log(0)[0])["wall"] != wall
    for single in (aec_env("gd-cgc5"), GymEnv("gd-cgc5")):
        with pytest.warns(UnusedOptionWarning, match=r"\['walls'\] are not read by mjcore \(it reads \['wall'\]\)"):
            single.reset(seed=1, options={"walls": [wall]})
        single.reset(seed=1, options={"wall": wall})
        assert json.loads(single.log()[0])["wall"] == wall


@pytest.mark.parametrize("call, message", [
    (lambda env: env.observe(-1, 0), "env -1 does not exist: there are 2"),
    (lambda env: env.observe(0, True), "seat must be an int, not True"),
    (lambda env: env.observe(0, 9), "seat 9 is not 0..3"),
    (lambda env: env.log(-1), "env -1 does not exist"),
    (lambda env: env.log(1.0), "env must be an int, not 1.0"),
    (lambda env: env.decode(2.0), "an action index must be an int, not 2.0"),
    (lambda env: env.decode(-1), "action index -1 is out of range"),
])  # fmt: skip
def test_env_lookups_are_refused_by_name(call, message) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        call(VectorEnv(BASE, 2, seed=1))


def test_an_aec_agent_that_does_not_exist_is_named() -> None:
    env = aec_env("gd-cgc5")
    env.reset(seed=1)
    with pytest.raises(InvalidArgumentError, match="no agent 'player_9': the agents are player_0, player_1"):
        env.observe("player_9")


@pytest.mark.parametrize("encoding", ["compact-v2", "extended-v2"])
def test_the_vector_spaces_hold_what_the_env_returns(encoding: str) -> None:
    from gymnasium import spaces

    env = VectorEnv(BASE, 3, seed=1, encoding=encoding)
    assert "observation_space" not in vars(env)  # built when first asked for: a batch Box is four batch arrays
    obs, infos = env.reset(seed=2)
    assert env.observation_space.shape == (3, env.encoding.rows, 34) and env.observation_space.contains(obs)
    assert env.single_observation_space.contains(obs[0])
    assert env.single_action_space == spaces.Discrete(len(env.layout))
    assert env.action_space.shape == (3,) and env.action_space.contains(env.sample_actions())


@pytest.mark.filterwarnings("ignore::mjcore.errors.UnusedOptionWarning")  # api_test resets with options={"options": 1}
@pytest.mark.filterwarnings("ignore::mjcore.rules.folk.PlaceholderWarning")  # laozhang's documented placeholders
@pytest.mark.parametrize("ruleset", mjcore.rulesets())
def test_every_rulesets_envs_pass_the_pettingzoo_and_gymnasium_checkers(ruleset: str) -> None:
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, seed_test

    from mjcore.env import GymEnv

    api_test(aec_env(ruleset), num_cycles=300)
    seed_test(lambda: aec_env(ruleset), num_cycles=300)
    check_env(GymEnv(ruleset, illegal_action="random", opponents="efficiency"), skip_render_check=True)


def test_the_vector_env_renders_each_tables_acting_seat() -> None:
    env = VectorEnv(BASE, 3, seed=2, opponents=None)
    for _ in range(30):  # into the deal, claims and all
        env.step(env.sample_actions())
    texts = env.render()
    assert len(texts) == 3 and texts[1] == env.render(1)
    for i, text in enumerate(texts):
        hand = env.observations[i][:4].sum(axis=0)
        assert "hand: " + " ".join(mjcore.tile_name(k) for k in range(34) for _ in range(hand[k])) in text
        kinds = {env.decode(a).kind.replace("_", " ") for a in np.flatnonzero(env.masks[i])}
        assert "legal: " in text and all(kind in text.split("legal: ")[1] for kind in kinds), (kinds, text)
    with pytest.raises(InvalidArgumentError, match="env 3 does not exist"):
        env.render(3)


@pytest.mark.parametrize("choice", [-1, 10**30])
def test_a_callable_opponent_choosing_an_illegal_action_is_named_by_seat(choice: int) -> None:
    from mjcore.env import GymEnv

    env = GymEnv("gd-cgc5", opponents=lambda obs, mask: choice, seat=0)
    with pytest.raises(IllegalActionError, match=rf"the opponent at seat [123] chose action {choice} \(out of range\)"):
        obs, info = env.reset(seed=4)  # the opponents may play first
        for _ in range(50):
            obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
