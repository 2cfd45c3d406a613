"""The observation encodings of the environments, as the native core defines them (``_core``): names, sizes and
the per-plane descriptions docs/env.md prints. The action index layout is ``action_layout.ActionLayout``
(pure, shared with the twin), named here too."""

from __future__ import annotations

from .. import _core
from .action_layout import ActionLayout
from .encoding import Encoding, encoding_in

__all__ = ["ActionLayout", "Encoding", "ENCODINGS", "PLANES", "INFO_COLUMNS", "encoding_named"]

PLANES, INFO_COLUMNS, _ROWS = _core.env_planes()
ENCODINGS: dict[str, int] = dict(_ROWS)


def encoding_named(name: str) -> Encoding:
    return encoding_in(ENCODINGS, name)
