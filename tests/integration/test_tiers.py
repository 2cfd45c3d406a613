"""The test tiers are chosen by folder (tests/conftest.py): what a tier holds is what its folders hold, the README's
``pytest`` leaves the slow tier out, no test marks itself by hand, and no slow test skips itself quietly."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib

from tests.support.paths import REPO, TESTS


def collected(*arguments: str) -> set[str]:
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                          *arguments], cwd=REPO, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert run.returncode in (0, 5), run.stdout + run.stderr  # 5: nothing selected
    return {line.split("::")[0] for line in run.stdout.splitlines() if "::" in line}


def test_the_slow_tier_is_exactly_the_slow_folders() -> None:
    folder = "tests/analysis"  # a folder with both tiers, collected alone to keep this quick
    files = {str(path.relative_to(REPO)) for path in (REPO / folder).rglob("test_*.py")}
    slow = {name for name in files if "/slow/" in name}
    assert slow and files - slow, "the folder holds both tiers"
    assert collected(folder, "-m", "slow") == slow
    assert collected(folder) == files - slow, "pytest with no -m runs the default tier only"


def test_the_default_tier_is_pyprojects_and_the_markers_are_declared() -> None:
    options = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert '-m "not slow"' in options["addopts"]
    assert any(marker.startswith("slow:") for marker in options["markers"])


def test_no_test_chooses_its_tier_or_skips_itself_by_hand() -> None:
    for path in TESTS.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(REPO)
        assert not re.search(r"mark\.slow\b", text) or path.name == "conftest.py", f"{where}: a tier by hand"
        if "slow" in path.parts:
            assert not re.search(r"\b(importorskip|pytest\.skip|mark\.skip)", text), f"{where} skips itself"
