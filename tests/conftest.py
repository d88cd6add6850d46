"""Shared test configuration: the ``clause`` marker and the Hypothesis profiles."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("fast", max_examples=60, deadline=None)
settings.register_profile(
    "thorough",
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "clause(*slugs): the spec clauses this test checks (traceability gate)"
    )


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands follow the locale (``ask``, ``explain``, ``meld``, ``play``, ``replay``,
    ``spec``): the suite reads English under any locale, and a test that wants Turkish
    says ``--lang tr`` or sets ``KANASTA_LANG`` itself."""
    monkeypatch.setenv("KANASTA_LANG", "en")
