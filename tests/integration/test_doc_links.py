"""Every file the README and docs/ link to or show is in the repository (a figure once went missing because
``.gitignore`` ignores ``*.png``: this checks the tracked tree, as a clone would have it)."""

from __future__ import annotations

import re
import subprocess

from tests.support.paths import REPO

_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_every_relative_link_of_the_documentation_is_a_tracked_file():
    tracked = set(subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                                 capture_output=True, text=True, check=True).stdout.split())
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
