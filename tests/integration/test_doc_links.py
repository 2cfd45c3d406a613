"""Every file the README and docs/ link to or show is in the repository (a figure once went missing because
``.gitignore`` ignores ``*.png``: this checks the tracked tree, as a clone would have it)."""

from __future__ import annotations

import re
import subprocess

from tests.support.paths import REPO

_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _tracked() -> set[str]:
    """The files a clone would hold: git's tracked and unignored files in a checkout; in a copy without git (CI
    copies exactly those files into an empty folder), the files present."""
    listing = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                             capture_output=True, text=True)  # fmt: skip
    if listing.returncode == 0 and (REPO / ".git").exists():
        return set(listing.stdout.split())
    return {path.relative_to(REPO).as_posix() for path in REPO.rglob("*") if path.is_file()}


def test_every_relative_link_of_the_documentation_is_a_tracked_file():
    tracked = _tracked()
    pages = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    checked, missing = 0, []
    for page in pages:
        for target in _LINK.findall(page.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            path = (page.parent / target).resolve().relative_to(REPO.resolve()).as_posix()
            checked += 1
            if path not in tracked and not any(name.startswith(path + "/") for name in tracked):
                missing.append(f"{page.name} -> {target}")
    assert checked > 5 and not missing, missing
