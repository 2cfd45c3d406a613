"""``mjcore replay --advise SEAT`` (issue 29 item 3): the frame before each own-turn decision of the viewed seat
holds the discard advisor's table for the hand it held, from what it could see, with the decision made marked.
Checked against the table replayed independently of the viewer; the page in a real browser is in
slow/test_replay_view.py."""

from __future__ import annotations

import json

import pytest

import mjcore
import mjcore.table
from mjcore.cli import main
from mjcore.errors import InvalidArgumentError
from mjcore.hand import MeldKind
from mjcore.replay_view import deal_frames, replay_html
from mjcore.replay_view.advice import seen_by
from mjcore.table import Table
from mjcore.table.types import Action
from mjcore.tiles import tile_name

from tests.support.sim_helpers import bot_deal

EFFICIENCY = ("efficiency",) * 4


def _decisions(lines: list[str], ruleset: str):
    """(table before the decision, seat, action) for every decision of the log, replayed on a fresh table (one
    table, stepped after each item is consumed)."""
    events = [json.loads(line) for line in lines]
    start = events[0]
    table = Table(ruleset=ruleset)
    table.reset(start["seed"], start["deal"], start["dealer"], start["round_wind"], wall=start["wall"])
    for event in events[1:]:
        if event["type"] != "act":
            continue
        yield table, event["seat"], Action(event["action"], event.get("tile"))
        table.step(Action(event["action"], event.get("tile")))


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "tdh"])
def test_each_own_turn_decision_of_the_seat_carries_the_advisors_table(ruleset: str) -> None:
    lines = bot_deal(mjcore.table, 11, 4, bots=EFFICIENCY, ruleset=ruleset)
    seat = 2
    frames = deal_frames(lines, ruleset, advise_seat=seat, max_draws=6)
    assert len(frames) == sum(json.loads(line)["type"] == "act" for line in lines) + 1
    advised = 0
    # The generator steps its table after each item: read it inside the loop.
    for frame, (table, actor, action) in zip(frames, _decisions(lines, ruleset)):
        view = table.observation(actor)
        own_turn = actor == seat and sum(view.hand) % 3 == 2
        assert (frame.advice is not None) == own_turn, frame.caption
        if not own_turn:
            continue
        advised += 1
        advice = frame.advice
        # The horizon: the seat's own draws still to come (one wall tile in four), capped.
        assert advice["draws"] == min(6, view.wall_remaining // 4)
        # The first draw comes from every tile the seat cannot see: the wall, the other seats' concealed hands
        # and concealed kongs (no flowers and no dead wall at these tables), counted from the other seats' views.
        hidden = view.wall_remaining + sum(sum(table.observation(s).hand) for s in range(4) if s != seat)
        hidden += sum(4 for s in range(4) if s != seat for m in view.melds[s] if m.kind == MeldKind.CONCEALED_KONG)
        assert advice["wall"] == hidden
        # The rows are the advisor's for that hand, situation and sight, best first.
        expected = mjcore.advise(mjcore.Hand(tuple(view.hand), tuple(view.melds[seat])), ruleset=ruleset,
                                 draws=advice["draws"], seen=seen_by(view), seat=seat, dealer=view.dealer,
                                 round_wind=view.round_wind)  # fmt: skip
        assert [r["tile"] for r in advice["rows"]] == [r.tile for r in expected.rows]
        assert [r["ev"] for r in advice["rows"]] == [float(r.expected_value[-1]) for r in expected.rows]
        assert [r["win"] for r in advice["rows"]] == [float(r.win_probability[-1]) for r in expected.rows]
        marked = [r["tile"] for r in advice["rows"] if r["made"]]
        if action.kind == "discard":
            assert marked == [tile_name(action.tile)] and advice["made"] == f"discard {tile_name(action.tile)}"
        else:
            assert marked == [] and advice["made"] == action.kind
    assert advised >= 3


def test_what_the_seat_sees_is_the_table_minus_its_own_tiles() -> None:
    """``seen`` + the seat's hand and melds + what it cannot see = every copy of every kind."""
    lines = bot_deal(mjcore.table, 3, 9, bots=EFFICIENCY, ruleset="gd-qq3")
    checked = 0
    for table, actor, _ in _decisions(lines, "gd-qq3"):
        view = table.observation(actor)
        seen = seen_by(view)
        own = [0] * 34
        for kind, count in enumerate(view.hand):
            own[kind] += count
        for meld in view.melds[actor]:
            for tile in meld.tiles:
                own[tile] += 1
        hidden = [0] * 34  # the other hands and their concealed kongs (face down)
        for other in range(4):
            if other != actor:
                for kind, count in enumerate(table.observation(other).hand):
                    hidden[kind] += count
                for meld in view.melds[other]:
                    if meld.kind == MeldKind.CONCEALED_KONG:
                        hidden[meld.tile] += 4
        # The undrawn wall is the rest: no kind can be over-counted, and the totals match the wall's count.
        assert all(seen[k] + own[k] + hidden[k] <= 4 for k in range(34))
        assert 136 - sum(seen) - sum(own) - sum(hidden) == view.wall_remaining
        checked += 1
    assert checked > 20


def test_the_page_holds_the_table_and_the_mark() -> None:
    lines = bot_deal(mjcore.table, 11, 4, bots=EFFICIENCY, ruleset="gd-cgc5")
    page = replay_html(deal_frames(lines, "gd-cgc5", advise_seat=0, max_draws=4))
    assert '"advice": {"seat": 0' in page and '"made": true' in page


def test_bad_advice_requests_are_refused_by_name(tmp_path) -> None:
    lines = bot_deal(mjcore.table, 11, 4, ruleset="gd-cgc5")
    with pytest.raises(InvalidArgumentError, match="advised seat must be 0..3, not 4"):
        deal_frames(lines, "gd-cgc5", advise_seat=4)
    with pytest.raises(InvalidArgumentError, match="draws must be 0 or more"):
        deal_frames(lines, "gd-cgc5", advise_seat=0, max_draws=-1)
    sichuan = bot_deal(mjcore.table, 11, 4, ruleset="sichuan")
    with pytest.raises(NotImplementedError, match="sichuan family.s wins are not valued by the advisor"):
        deal_frames(sichuan, "sichuan", advise_seat=0)
    log = tmp_path / "deal.jsonl"
    log.write_text("\n".join(lines), encoding="utf-8")
    assert main(["replay", str(log), "--html", str(tmp_path / "p.html"), "--draws", "3"]) == 2
    assert main(["replay", str(log), "--html", str(tmp_path / "p.html"), "--advise", "1", "--draws", "3"]) == 0
    assert '"advice": {"seat": 1' in (tmp_path / "p.html").read_text(encoding="utf-8")
