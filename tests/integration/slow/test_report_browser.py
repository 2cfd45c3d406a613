"""The report pages of ``simulate --report`` and ``compare --report`` in headless Chromium: they load with no
network, the browser's DOM holds the tables and the inline SVG charts, and the screenshot is not blank."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from mjcore import cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _chromium(*arguments: str) -> str:
    assert CHROMIUM is not None, "the report is tested in headless Chromium: apt-get install chromium (.ci/run does)"
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-network",
                           *arguments], capture_output=True, text=True, timeout=120, check=True).stdout  # fmt: skip


@pytest.mark.parametrize("command, marks", [
    (["simulate", "--rules", "sichuan", "--deals", "600", "--bots", "efficiency"],
     ['id="chart-fans"', 'id="payments-3"', "番 per win", "Wins per deal", "<rect"]),
    (["compare", "--rules", "gd-cgc5", "--vs", "gd-cgc5:minimum=0", "--deals", "600"],
     ['id="differences"', "paired 95% interval", "<circle"]),
])  # fmt: skip
def test_the_page_renders_in_chromium(tmp_path: Path, command: list[str], marks: list[str]) -> None:
    page = tmp_path / "report.html"
    assert cli.main(command + ["--report", str(page)]) == 0
    dom = _chromium("--dump-dom", page.as_uri())
    for mark in marks:
        assert mark in dom, mark
    shot = tmp_path / "shot.png"
    _chromium(f"--screenshot={shot}", "--window-size=1200,900", page.as_uri())
    import matplotlib.image

    pixels = matplotlib.image.imread(shot)
    assert pixels.shape[0] == 900 and np.unique(pixels.reshape(-1, pixels.shape[-1]), axis=0).shape[0] > 10
