"""Violations (illegal moves, as values) and input errors (exceptions)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["InputError", "Violation"]


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule says no: the clause that decides it and a stable reason code.

    ``detail`` is human text for logs; it is never compared by the conformance suite.
    """

    clause: str
    code: str
    detail: str = ""

    def __str__(self) -> str:
        tail = f": {self.detail}" if self.detail else ""
        return f"{self.code} [{self.clause}]{tail}"


class InputError(ValueError):
    """Malformed input (bad card notation, bad JSON, unknown variant...).

    The message is one paragraph that names where the bad input is (file, JSON
    path, card) and, where one applies, the clause.
    """
