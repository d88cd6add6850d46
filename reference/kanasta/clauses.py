"""The clause registry: which code implements which spec clause.

Engine code declares the clause slugs it implements with :func:`implements`.
The traceability check (:mod:`kanasta.specdoc.trace`) compares this registry with the
clauses defined in ``spec/`` and with the slugs cited by tests and fixtures.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

__all__ = ["CodeRef", "get_registry", "implements"]

F = TypeVar("F", bound=Callable[..., object])


@dataclass(frozen=True, slots=True)
class CodeRef:
    """One piece of code that implements a clause."""

    slug: str
    qualname: str
    module: str


_REGISTRY: list[CodeRef] = []


def implements(*slugs: str) -> Callable[[F], F]:
    """Mark a function or class as the implementation of the given clause slugs."""
    if not slugs:
        raise TypeError("implements() needs at least one clause slug")

    def mark(obj: F) -> F:
        module = getattr(obj, "__module__", "?")
        qualname = getattr(obj, "__qualname__", repr(obj))
        for slug in slugs:
            _REGISTRY.append(CodeRef(slug, qualname, module))
        return obj

    return mark


def get_registry() -> tuple[CodeRef, ...]:
    """Return every clause -> code reference, after importing all engine modules."""
    from kanasta import _modules  # noqa: PLC0415

    _modules.import_all()
    return tuple(_REGISTRY)
