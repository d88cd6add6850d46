"""Fixtures of the property tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture
def untraced() -> Iterator[None]:
    """Pause coverage measurement (if any) while a long random run plays.

    Self-play and the state machines run the engine hundreds of thousands of
    times; under line tracing they take three times as long and add no line
    that the clause-named tests do not already cover.
    """
    try:
        import coverage  # noqa: PLC0415 - a test tool, present only under pytest-cov
    except ImportError:  # pragma: no cover - coverage is a test dependency
        yield
        return
    current = coverage.Coverage.current()
    if current is None:
        yield
        return
    current.stop()
    try:
        yield
    finally:
        current.start()
