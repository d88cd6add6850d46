"""Fixtures of the property tests."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest


@pytest.fixture
def untraced() -> Iterator[None]:
    """Pause coverage measurement (if any) while a long random run plays.

    Self-play and the state machines run the engine hundreds of thousands of
    times; under line tracing they take three times as long and add no line
    that the clause-named tests do not already cover. The objects alive are
    also kept from the cyclic garbage collector's full passes for the run (the
    run may freeze more as it goes; see ``kanasta.play.selfplay.run_bench``) and
    given back afterwards.
    """
    gc.freeze()
    try:
        yield from _coverage_paused()
    finally:
        gc.unfreeze()


def _coverage_paused() -> Iterator[None]:
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
