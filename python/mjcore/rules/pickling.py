"""Pickling of frozen rulesets: their fields only. What ``functools.cached_property`` caches on them — the native
compiled object, the shared result entries — is rebuilt on first use where the ruleset is unpickled (a cluster's
workers), so a ruleset loaded or edited on one machine travels as data."""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["FieldsOnlyPickle"]


class FieldsOnlyPickle:
    def __getstate__(self) -> dict[str, Any]:
        cached = {name for klass in type(self).__mro__ for name, member in vars(klass).items()
                  if isinstance(member, functools.cached_property)}  # fmt: skip
        return {name: value for name, value in self.__dict__.items() if name not in cached}
