"""One call at a time on a ``Table``, in both backends: a call made while another is running on the same table —
from inside the table's own ``win_check`` (re-entrant), or from a second thread — is refused with a
``ConcurrentUseError`` (as a vector env's second thread is) that says which, instead of reading or changing a table in the middle of a step.

A lock taken without waiting, so a refused call changes nothing and never blocks: a table is one deal's state
machine, and two callers interleaving steps on it is a bug in the caller (give each thread its own table)."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, Optional, TypeVar

from ..errors import ConcurrentUseError

__all__ = ["TableLock", "exclusive"]

Method = TypeVar("Method", bound=Callable[..., Any])


class TableLock:
    """The lock of one table and the thread that holds it (for the message only)."""

    __slots__ = ("_lock", "owner")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.owner: Optional[int] = None

    def acquire(self, name: str) -> None:
        if not self._lock.acquire(blocking=False):
            raise ConcurrentUseError(_busy(name, self.owner))
        self.owner = threading.get_ident()

    def release(self) -> None:
        self.owner = None
        self._lock.release()


def _busy(name: str, owner: Optional[int]) -> str:
    if owner == threading.get_ident():
        return (f"Table.{name}() was called while the table is in the middle of a call on this thread (from "
                "inside its own win_check): a table cannot be used from its own callback")
    return (f"Table.{name}() was called while another thread is using the table: a table serves one caller at "
            "a time (give each thread its own Table)")


def exclusive(method: Method) -> Method:
    """``method`` of a table (an object with a ``_lock: TableLock``), refused while another call runs."""
    name = method.__name__

    @functools.wraps(method)
    def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
        lock = self._lock
        lock.acquire(name)
        try:
            return method(self, *args, **kwargs)
        finally:
            lock.release()

    return guarded  # type: ignore[return-value]
