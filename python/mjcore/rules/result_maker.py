"""Frozen result dataclasses made without their generated ``__init__``: a single ``score`` makes one result per
call, and that ``__init__`` (a Python frame setting each field through the guarded ``object.__setattr__``)
cost as much as the native scoring. ``maker(cls)`` sets the same fields, in the same order, into the
instance's ``__dict__`` at once, so that the instance is indistinguishable (equality, hash, repr, pickling)
from one ``cls(...)`` makes. The same approach as the core's ``dataclass_object`` for ``mjcore.results``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any, TypeVar

__all__ = ["maker"]

T = TypeVar("T")


def maker(cls: type[T]) -> Callable[..., T]:
    """A constructor of the frozen dataclass ``cls`` taking every field positionally, in declaration order.
    Only for a class whose ``__init__`` adds nothing to setting its fields: no ``__post_init__``, no
    ``__slots__``, no ``__new__`` of its own (checked here, once)."""
    assert is_dataclass(cls) and cls.__dataclass_params__.frozen, f"{cls.__name__} is not a frozen dataclass"  # type: ignore[attr-defined]
    assert not hasattr(cls, "__post_init__") and "__slots__" not in vars(cls) and cls.__new__ is object.__new__, (
        f"{cls.__name__}.__init__ does more than set its fields")  # fmt: skip
    names = tuple(f.name for f in fields(cls))
    count = len(names)
    new = object.__new__

    def make(*values: Any) -> T:
        if len(values) != count:
            raise TypeError(f"{cls.__name__} takes {count} fields, {len(values)} given")
        made = new(cls)
        made.__dict__.update(zip(names, values))
        return made

    make.__name__ = f"make_{cls.__name__}"
    return make
