"""The replay viewer: ``mjcore replay`` writes a self-contained page; headless Chromium loads it at several steps
and the hands, discards and settlement it shows are the table engine's at those steps."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from mjcore.cli import main
from mjcore.errors import InvalidArgumentError
from mjcore.replay_view import deal_frames
import mjcore.table
from mjcore.table import Table
from mjcore.table.types import Action
from mjcore.tiles import tile_name

from tests.support.sim_helpers import bot_deal

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class _Texts(HTMLParser):
    """The data-tile names inside each element with an id (nested ones included)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.tiles: dict[str, list[str]] = {}
        self.text: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attributes = dict(attrs)
        self.stack.append(attributes.get("id") or "")
        if "data-tile" in attributes:
            for element in filter(None, self.stack):
                self.tiles.setdefault(element, []).append(attributes["data-tile"])

    def handle_endtag(self, tag: str) -> None:
        if self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        for element in filter(None, self.stack[-1:]):
            self.text[element] = self.text.get(element, "") + data


def _rendered(page: Path, step: int) -> _Texts:
    dom = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                          f"{page.as_uri()}#step={step}"], capture_output=True, text=True, timeout=120,
                         check=True).stdout
    parsed = _Texts()
    parsed.feed(dom)
    parsed.dom = dom
    return parsed


def _table_at(lines: list[str], step: int) -> Table:
    """The table after ``step`` decisions of the log, replayed independently of the viewer."""
    import json

    events = [json.loads(line) for line in lines]
    start = events[0]
    table = Table(ruleset="gd-qq3")
    table.reset(start["seed"], start["deal"], start["dealer"], start["round_wind"], wall=start["wall"])
    for event in [e for e in events if e["type"] == "act"][:step]:
        table.step(Action(event["action"], event.get("tile")))
    return table


def test_frames_follow_the_log():
    lines = bot_deal(mjcore.table, 7, 102, dealer=2, ruleset="gd-qq3")
    frames = deal_frames(lines, "gd-qq3")
    acts = sum('"type":"act"' in line for line in lines)
    assert len(frames) == acts + 1
    assert frames[-1].settlement is not None and frames[0].settlement is None
    with pytest.raises(InvalidArgumentError):
        deal_frames(lines[1:], "gd-qq3")


def test_the_page_shows_the_deal_in_a_real_browser(tmp_path: Path):
    assert CHROMIUM is not None, "the viewer is tested in headless Chromium: apt-get install chromium (.ci/run does)"
    lines = bot_deal(mjcore.table, 7, 102, dealer=2, ruleset="gd-qq3")
    log = tmp_path / "deal.jsonl"
    log.write_text("\n".join(lines), encoding="utf-8")
    page = tmp_path / "deal.html"
    assert main(["replay", str(log), "--html", str(page), "--rules", "gd-qq3"]) == 0
    last = sum('"type":"act"' in line for line in lines)
    for step in (0, last // 2, last):
        shown = _rendered(page, step)
        assert shown.text["step"] == str(step)
        table = _table_at(lines, step)
        for seat in range(4):
            view = table.observation(seat)
            hand = [tile_name(k) for k in range(34) for _ in range(view.hand[k])]
            assert shown.tiles.get(f"seat-{seat}-hand", []) == hand, (step, seat)
            history = [tile_name(d.tile) for d in view.discard_history[seat]]
            assert shown.tiles.get(f"seat-{seat}-discards", []) == history, (step, seat)
        if step == last:
            paid = table.payments()
            assert "payments " + ", ".join(f"{p:+d}" for p in paid) in shown.text["settlement"]


def test_frames_show_held_flower_ghosts_and_name_them():
    """推倒胡's 八花鬼: the flowers held as ghosts are in the hands (wall codes 34..41), a flower discard and a
    win on a flower are captioned with its name, and the page names and draws every flower."""
    from mjcore.replay_view import replay_html

    rules = mjcore.load_ruleset("tdh").with_options(ghosts="flowers8")
    held = captions = 0
    for deal in range(8):
        lines = bot_deal(mjcore.table, 5, deal, ruleset=rules)
        frames = deal_frames(lines, rules)
        held += sum(any(t >= 34 for t in hand) for f in frames for hand in f.hands)
        captions += sum(re.search(r"discard_flower [1-8]f$", f.caption) is not None for f in frames)
    assert held and captions
    page = replay_html(frames)
    assert '"8f"' in page and "\U0001F024" in page


def test_a_broken_log_is_refused_by_line_and_field(tmp_path: Path, capsys) -> None:
    import json

    lines = bot_deal(mjcore.table, 7, 102, dealer=2, ruleset="gd-qq3")
    start = json.loads(lines[0])
    first_act = next(k for k, line in enumerate(lines) if '"type":"act"' in line)
    act = json.loads(lines[first_act])
    without_wall = json.dumps({key: value for key, value in start.items() if key != "wall"})
    without_seat = json.dumps({key: value for key, value in act.items() if key != "seat"})
    wrong_seat = json.dumps({**act, "seat": (act["seat"] + 1) % 4})
    for broken, message in [
        # The log is checked by Table.replay first (as strictly as the table), so its words name line and field.
        (lines[:first_act] + ["{not json"] + lines[first_act:], rf"log line {first_act + 1}: not JSON"),
        (lines[:1] + ["[1, 2]"] + lines[1:], 'log line 2: field "type" missing'),
        ([without_wall] + lines[1:], 'log line 1: field "wall" missing'),
        (lines[:first_act] + [without_seat] + lines[first_act + 1:], rf'log line {first_act + 1}: field "seat" missing'),
        (lines[:first_act] + [wrong_seat] + lines[first_act + 1:],
         rf"log line {first_act + 1}: seat .* acts, but the replay expects seat {act['seat']}"),
    ]:  # fmt: skip
        with pytest.raises(InvalidArgumentError, match=message):
            deal_frames(broken, "gd-qq3")
    log = tmp_path / "deal.jsonl"
    log.write_text("\n".join(lines[:1] + ["[1, 2]"]) + "\n", encoding="utf-8")
    assert main(["replay", str(log), "--html", str(tmp_path / "out.html")]) == 2
    assert 'log line 2: field "type" missing' in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.jsonl"), "--html", str(tmp_path / "out.html")]) == 2
    assert "cannot read the deal log" in capsys.readouterr().err and not (tmp_path / "out.html").exists()
    log.write_text("\n".join(lines), encoding="utf-8")
    assert main(["replay", str(log), "--html", str(tmp_path / "no such folder" / "out.html")]) == 2
    assert "cannot write the page" in capsys.readouterr().err


def test_the_advisor_table_beside_the_viewed_seats_decision_in_a_real_browser(tmp_path: Path):
    """``--advise SEAT`` (issue 29 item 3): at a step where the seat decides, the browser shows the advisor's
    rows in order and marks the discard the log made."""
    assert CHROMIUM is not None, "the viewer is tested in headless Chromium: apt-get install chromium (.ci/run does)"
    lines = bot_deal(mjcore.table, 11, 4, bots=("efficiency",) * 4, ruleset="gd-cgc5")
    log = tmp_path / "deal.jsonl"
    log.write_text("\n".join(lines), encoding="utf-8")
    page = tmp_path / "deal.html"
    assert main(["replay", str(log), "--html", str(page), "--rules", "gd-cgc5", "--advise", "3", "--draws", "5"]) == 0
    frames = deal_frames(lines, "gd-cgc5", advise_seat=3, max_draws=5)
    acts = [json.loads(line) for line in lines if '"type":"act"' in line]
    steps = [k for k, f in enumerate(frames) if f.advice is not None]
    assert steps
    for step in (steps[0], steps[-1]):
        shown = _rendered(page, step)
        made = acts[step]  # the decision that leads from frame ``step`` to the next
        assert made["seat"] == 3
        rows = frames[step].advice["rows"]
        assert shown.tiles["advice"] == [r["tile"] for r in rows if r["tile"] is not None]
        marked = re.findall(r'class="advice-row made" data-discard="([^"]+)"', shown.dom)
        if made["action"] == "discard":
            assert shown.text["advice-made"] == f"discard {tile_name(made['tile'])}"
            assert marked == [tile_name(made["tile"])]
        else:
            assert marked == [] and shown.text["advice-made"] == made["action"]
