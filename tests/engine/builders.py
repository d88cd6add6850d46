"""A check shared by the tests of the engine's fast value builders."""

from __future__ import annotations

import dataclasses
import pickle
from collections.abc import Callable
from typing import Any


def assert_built_like_the_constructor(
    cls: type[Any], build: Callable[..., Any], value: Any, field: str
) -> None:
    """``build`` makes from ``value``'s fields the value ``cls(...)`` makes: same type,
    equal, same hash, repr and pickle, and ``dataclasses.replace`` of ``field`` works."""
    values = [getattr(value, f.name) for f in dataclasses.fields(cls)]
    built = build(*values)
    constructed = cls(*values)
    assert type(built) is cls
    assert built == constructed == value
    assert hash(built) == hash(constructed)
    assert repr(built) == repr(constructed)
    assert pickle.loads(pickle.dumps(built)) == value
    assert dataclasses.replace(built, **{field: getattr(built, field)}) == value
