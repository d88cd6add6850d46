"""The conformance suite: fixtures, the language-agnostic protocol, the runner.

Two versions travel with every report:

* :data:`SUITE_VERSION`, the version of the fixture set and its format: it
  changes when fixtures are added, changed or removed (what each version brought:
  ``docs/conformance/changelog.rst``);
* :data:`PROTOCOL_VERSION`, the version of the JSON-lines protocol spoken with
  an implementation under test: ``MAJOR.MINOR``; a runner accepts an
  implementation whose major version equals its own.
"""

from __future__ import annotations

__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_GAME_HANDS",
    "MAX_LINE_BYTES",
    "PROTOCOL_VERSION",
    "SUITE_VERSION",
]

SUITE_VERSION = "0.7.0"
PROTOCOL_VERSION = "1.2"

MAX_FILE_BYTES = 1 << 20
"""A fixture (or question) file larger than this (1 MiB) is refused unread."""

MAX_DEPTH = 32
"""A JSON document nested deeper than this many containers is refused."""

MAX_LINE_BYTES = 4 << 20
"""A protocol line (a request to ``kanasta adapter``, an answer to the runner) longer than
this (4 MiB) is refused; the suite's longest request is about a tenth of it."""

MAX_GAME_HANDS = 200
"""A game request or fixture names at most this many hands (the fixture format's bound)."""
