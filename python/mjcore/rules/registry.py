"""The ruleset registry: each ``rulesets/<name>.toml`` file is one ruleset, loaded with ``tomllib`` and handed to
its family (``meta.family``) to validate, with errors that name the field. A user can copy a shipped file, change
a value and load it by path, or change it in code with ``ruleset.with_options(...)``.
"""

from __future__ import annotations

import functools
import os
import re
import tomllib
from pathlib import Path
from typing import Any

from ..errors import ArgumentTypeError, RulesetError, shown
from .families import FAMILIES, RULESET_CLASSES, AnyRuleset, RulesetLike
from .guangdong.ruleset import Ruleset, guangdong_ruleset
from .placeholders import warn_placeholders

__all__ = ["RULESET_DIR", "AnyRuleset", "Ruleset", "RulesetLike", "load_ruleset", "ruleset_from_data", "rulesets"]

RULESET_DIR = Path(__file__).resolve().parents[1] / "rulesets"


def rulesets(family: str | None = None) -> list[str]:
    """The names of the shipped rulesets, or of those of one ``family`` (``"guangdong"``, ``"mcr"``)."""
    return sorted(path.stem for path in RULESET_DIR.glob("*.toml") if family in (None, _family_of(path)))


@functools.lru_cache(maxsize=None)
def _family_of(path: Path) -> str | None:
    with path.open("rb") as handle:
        return tomllib.load(handle).get("meta", {}).get("family")


def load_ruleset(name_or_path: RulesetLike) -> AnyRuleset:
    """A shipped ruleset by name (``"gd-cgc5"``, ``"mcr"``, ``"tdh"``, ``"sichuan"``…), or a ruleset file by path.
    The file's ``meta.family`` picks its class: ``McrRuleset`` for ``"mcr"``, ``TdhRuleset`` for ``"tdh"``,
    ``RegionalRuleset`` for ``"sichuan"`` and ``"taiwan"``, ``FolkRuleset`` for ``"gd789"`` and ``"laozhang"``,
    ``Ruleset`` for Guangdong. A loaded ruleset is
    returned as is."""
    if isinstance(name_or_path, RULESET_CLASSES):
        return name_or_path
    if type(name_or_path) is str and name_or_path in _SHIPPED_LOADED:  # the hot path of a single call
        return _SHIPPED_LOADED[name_or_path]
    if isinstance(name_or_path, str) and _SHIPPED_NAME.fullmatch(name_or_path):
        return _load_shipped(name_or_path)
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise ArgumentTypeError(f"a ruleset is a name, a path or a Ruleset, not {type(name_or_path).__name__}")
    path = Path(name_or_path)
    if not str(path).strip() or str(path) == ".":
        raise RulesetError(f"a ruleset is a shipped name ({', '.join(rulesets())}) or the path of a .toml file, "
                           f"not {shown(name_or_path)}")  # fmt: skip
    try:
        exists, is_file = path.exists(), path.is_file()
    except (OSError, ValueError) as error:  # a name too long, a NUL byte, a lone surrogate
        raise RulesetError(f"ruleset path {shown(str(path), 100)} cannot be read: {_reason(error)}") from None
    if not exists:
        raise RulesetError(f"ruleset file {shown(str(path), 100)} does not exist (shipped rulesets are named "
                           f"without a path or suffix: {', '.join(rulesets())})")  # fmt: skip
    if not is_file:
        raise RulesetError(f"ruleset path {shown(str(path), 100)} is not a file")
    return _load_file(path)


def _reason(error: BaseException) -> str:
    """An OS or decoding error in a few words (``Permission denied``, ``File name too long``)."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    if isinstance(error, UnicodeError):
        return "the path holds a character that is not text (a lone surrogate)"
    return shown(str(error), 120)


# A bare name (no path separator, no suffix) names a shipped file.
_SHIPPED_NAME = re.compile(r"[\w-]+")


# The shipped rulesets loaded so far, by name.
_SHIPPED_LOADED: dict[str, AnyRuleset] = {}


def _load_shipped(name: str) -> AnyRuleset:
    """A shipped ruleset, loaded and compiled once per process."""
    if name in _SHIPPED_LOADED:
        return _SHIPPED_LOADED[name]
    path = RULESET_DIR / f"{name}.toml"
    try:
        shipped = path.is_file()
    except (OSError, ValueError):  # a name too long for a file name is no shipped name either
        shipped = False
    if not shipped:
        raise RulesetError(f"no ruleset named {shown(name, 80)}: shipped are {', '.join(rulesets())}, "
                           "or give the path of a .toml file")  # fmt: skip
    return _SHIPPED_LOADED.setdefault(name, _load_file(path))


def _load_file(path: Path) -> AnyRuleset:
    """A ruleset file: UTF-8 TOML (as TOML requires). Another encoding, an unreadable file or a number too long
    to read is refused by name, as is invalid TOML."""
    try:
        with path.open("rb") as handle:
            raw = handle.read()
    except OSError as error:
        raise RulesetError(f"ruleset file {shown(str(path), 100)} cannot be read: {_reason(error)}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        utf16 = raw[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\x00" in raw[:64]
        raise RulesetError(f"{path}: not UTF-8 text (byte {error.start} is {raw[error.start]:#04x}"
                           f"{'; the file looks like UTF-16' if utf16 else ''}): TOML files are UTF-8") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesetError(f"{path}: not valid TOML: {error}") from None
    except (ValueError, RecursionError) as error:  # a 5,000-digit number, arrays nested thousands deep
        raise RulesetError(f"{path}: not readable TOML: {shown(str(error), 120)}") from None
    ruleset = ruleset_from_data(data)
    warn_placeholders(ruleset.name, ruleset.placeholders, stacklevel=4)  # once per load (issue 27)
    return ruleset


def ruleset_from_data(data: dict[str, Any]) -> AnyRuleset:
    """A ruleset from parsed file data: the one path of files and ``with_options`` variants."""
    meta = data.get("meta")
    family_name = meta.get("family") if isinstance(meta, dict) else None
    family = FAMILIES.get(family_name) if isinstance(family_name, str) else None
    if family is None and isinstance(family_name, str):
        raise RulesetError(f"meta.family: {shown(family_name, 60)} is not a family: the families are "
                           f"{', '.join(map(repr, FAMILIES))}")  # fmt: skip
    # The Guangdong reader also refuses a file without a known family, naming the field at fault.
    return guangdong_ruleset(data) if family is None else family.parse(data)


