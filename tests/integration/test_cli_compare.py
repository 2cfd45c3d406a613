"""``mjcore compare`` and the report pages of ``simulate --report`` and ``compare --report``: the printed
differences, the page's content (its tables, log-scale charts, payment distributions and differences, read back
from the HTML); tests/integration/slow/test_report_browser.py loads the pages in headless Chromium."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import mjcore
from mjcore import cli

SIMULATE = ["simulate", "--rules", "tdh", "--deals", "1200", "--seed", "3", "--bots", "random"]
COMPARE = ["compare", "--rules", "gd-cgc5", "--vs", "gd-cgc5:minimum=0", "--deals", "1500", "--seed", "2"]


class _Page(HTMLParser):
    """Ids of elements, the bars (title texts) inside each figure, and the text of table cells."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.figure: str = ""
        self.bars: dict[str, list[str]] = {}
        self.cells: list[str] = []
        self._in: list[str] = []
        self.external: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.append(attributes["id"])
        if tag == "figure":
            self.figure = attributes.get("id", "")
        if tag in ("script", "link", "img") or (attributes.get("src") or "").startswith("http"):
            self.external.append(tag)
        self._in.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._in:
            self._in.pop()

    def handle_data(self, data: str) -> None:
        if self._in and self._in[-1] == "title" and "svg" in self._in:
            self.bars.setdefault(self.figure, []).append(data)
        if self._in and self._in[-1] == "td":
            self.cells.append(data)


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_simulate_writes_a_self_contained_report(tmp_path, capsys) -> None:
    path = tmp_path / "run.html"
    assert cli.main(SIMULATE + ["--report", str(path)]) == 0
    assert f"report: {path}" in capsys.readouterr().out
    page = _read(path)
    assert page.external == []  # nothing loaded from elsewhere, no script
    run = mjcore.simulate("tdh", 1200, seed=3, bots=("random",) * 4)
    summary = run.summary()
    # Every shown share of the family's multipliers is a bar, with its value.
    fans = [e for e in summary.fans if e.count]
    assert [bar.split(":")[0] for bar in page.bars["chart-fans"]] == [e.label for e in fans]
    assert page.bars["chart-fans"][0].endswith(f"{100 * fans[0].value:.4g}%")
    # The settlement per seat relative to the dealer: the dealer's distribution sums to every deal.
    dealer = page.bars["payments-0"]
    shares = [float(re.search(r": ([\d.e+-]+)%$", bar).group(1)) for bar in dealer]
    assert sum(shares) == pytest.approx(100, abs=0.01)
    # The summary table's rows, intervals and counts.
    text = "".join(page.cells)
    for estimate in summary.mean_payment_by_seat:
        assert f"[{estimate.low:.4f}, {estimate.high:.4f}]" in text
    assert "Multipliers (加倍" in path.read_text(encoding="utf-8")


def test_compare_prints_and_reports_the_differences(tmp_path, capsys) -> None:
    path = tmp_path / "cmp.html"
    assert cli.main(COMPARE + ["--report", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "A = gd-cgc5 (efficiency), B = gd-cgc5:minimum=0 (efficiency)" in printed
    assert "common random numbers" in printed
    comparison = mjcore.compare("gd-cgc5", "gd-cgc5:minimum=0", deals=1500, seed=2)
    d = comparison["win on a discard (点炮)"]
    assert f"[{d.low:+10.4f}, {d.high:+10.4f}]" in printed
    page = _read(path)
    assert "differences" in page.ids and page.external == []
    assert f"[{d.low:+.4f}, {d.high:+.4f}]" in page.cells


def test_compare_of_bots_on_one_table(capsys) -> None:
    assert cli.main(["compare", "--rules", "gd-qq3", "--bots", "efficiency", "--vs-bots", "random", "--deals", "300",
                     "--seed", "1"]) == 0  # fmt: skip
    assert "B = gd-qq3 (random)" in capsys.readouterr().out


def test_compare_refuses_bad_arguments(capsys) -> None:
    assert cli.main(["compare", "--deals", "-3"]) == 2
    assert "deals must be" in capsys.readouterr().err
    assert cli.main(["compare", "--vs", "gd-cgc5:minimum", "--deals", "3"]) == 2
    assert "name=value" in capsys.readouterr().err
