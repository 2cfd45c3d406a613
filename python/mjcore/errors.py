"""The exceptions of mjcore. Both backends (the Rust core and the pure-Python reference) raise exactly these.

Every input error is also a ``ValueError``, so ``except ValueError`` keeps working for callers that do not
know mjcore. A wrong Python *type* raises ``ArgumentTypeError``, which is also a ``TypeError``.
"""

from __future__ import annotations

__all__ = [
    "MjcoreError",
    "NotationError",
    "InvalidTileError",
    "InvalidHandError",
    "RulesetError",
    "IllegalActionError",
    "InvalidArgumentError",
    "ArgumentTypeError",
    "ClusterError",
    "ConcurrentUseError",
    "UnusedOptionWarning",
    "shown",
]


def shown(value: object, limit: int = 200) -> str:
    """``repr(value)`` for a message, whatever the value: an int too long to print (Python refuses ints of
    more than 4,300 digits) is described by its size, a repr that raises by its type, a long one is cut."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"an int of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001  (a broken __repr__ must not hide the refusal it was to describe)
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


class MjcoreError(Exception):
    """Base class of every error mjcore raises on purpose."""


class InvalidArgumentError(MjcoreError, ValueError):
    """An argument outside its documented range (an array of the wrong shape, an unknown form name...)."""

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


class ArgumentTypeError(MjcoreError, TypeError):
    """An argument of the wrong Python type (``seven_pairs_quads=1``, ``ghosts=31``, a float for a count); the
    message names the argument and what it takes. Also a ``TypeError``, as Python's own checks raise."""


class InvalidTileError(InvalidArgumentError):
    """A tile that does not exist (index out of 0..33, an unknown name)."""


class InvalidHandError(InvalidArgumentError):
    """A hand that cannot exist: a fifth copy of a tile, a wrong size, a malformed meld."""


class NotationError(InvalidHandError):
    """Text that is not valid tile notation. ``position`` is the 0-based character index of the problem."""

    def __str__(self) -> str:
        return self.args[0] if self.args else ""


class RulesetError(InvalidArgumentError):
    """A ruleset file or option that is missing, out of range or inconsistent; the message names the field."""


class IllegalActionError(MjcoreError, ValueError):
    """A game action that is not legal in the current state of a table."""

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


class ClusterError(InvalidArgumentError):
    """A cluster that cannot run a simulation: no scheduler at the address, Dask not installed, or a shard that
    failed on every try (the message says which)."""


class ConcurrentUseError(MjcoreError, RuntimeError):
    """An object used from two threads at once (a step releases the GIL), or from inside its own callback: each
    thread needs its own table or env."""


class UnusedOptionWarning(UserWarning):
    """A ``reset(options=...)`` key that mjcore does not read. Warned, not refused: the PettingZoo and Gymnasium
    conventions let a wrapper pass options meant for another layer, and PettingZoo's ``api_test`` resets with
    one. Not ignored in silence either: a misspelt ``"walls"`` would otherwise deal random walls."""
