"""One registry per family and language (docs/adding_a_family.md): the families plugged in through the registry
are named in code in at most three shared files per language — their own files aside — as counted by
``scripts/family_names.py``; and the one native ``Ruleset`` class serves every family."""

from __future__ import annotations

import pytest

import mjcore
from scripts import family_names

# The families wired through the registries. Guangdong (the default family every table and analysis falls back
# to) and MCR (its own older batch and CLI path) are named more widely: see docs/adding_a_family.md.
PLUGGED_IN = ("tdh", "sichuan", "taiwan", "gd789", "laozhang")


@pytest.fixture(scope="module")
def shared() -> dict[str, dict[str, list[str]]]:
    return family_names.shared_files()


@pytest.mark.parametrize("family", PLUGGED_IN)
@pytest.mark.parametrize("language", ["python", "rust"])
def test_a_family_is_named_in_at_most_three_shared_files(shared, family, language):
    files = shared[family][language]
    assert len(files) <= 3, f"{family} is named in {len(files)} shared {language} files: {files}"


def test_the_rust_registry_is_where_every_family_is_listed(shared):
    for family in PLUGGED_IN:
        assert "rust/engine/src/rules/registry.rs" in shared[family]["rust"]
        assert "python/mjcore/rules/families.py" in shared[family]["python"]


def test_the_scan_sees_a_name_in_code_and_not_in_prose(tmp_path, monkeypatch):
    """The counter itself: a name in an identifier or a string counts; in a docstring or comment it does not."""
    package = tmp_path / "python" / "mjcore"
    package.mkdir(parents=True)
    (package / "named.py").write_text('"""Taiwan in prose."""\nTABLE = {"taiwan": 1}\n', encoding="utf-8")
    (package / "prose.py").write_text('"""taiwan"""\n# taiwan\nX_DOC = """taiwan"""\n', encoding="utf-8")
    crate = tmp_path / "rust" / "engine" / "src"
    crate.mkdir(parents=True)
    (crate / "named.rs").write_text("use crate::rules::taiwan::TaiwanAtTable;\n", encoding="utf-8")
    (crate / "prose.rs").write_text("//! Taiwan\n/* taiwan */\nfn main() {} // taiwan\n", encoding="utf-8")
    monkeypatch.setattr(family_names, "ROOT", tmp_path)
    found = family_names.shared_files()["taiwan"]
    assert found == {"python": ["python/mjcore/named.py"], "rust": ["rust/engine/src/named.rs"]}


def test_one_native_ruleset_class_for_every_family():
    classes = {type(mjcore.load_ruleset(name).compiled) for name in ("gd-cgc5", "mcr", "tdh", "sichuan", "taiwan")}
    assert classes == {mjcore._core.Ruleset}
