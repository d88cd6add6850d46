"""Small helpers for the fi-5200 tests: build states, write actions, apply them."""

from __future__ import annotations

from typing import Any

from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.io.scenario import build_state
from kanasta.rules.state import Phase, State
from tests.koz.util import accept, back, disc, draw, lay, meld, reject, take

__all__ = [
    "FI_5200",
    "Phase",
    "accept",
    "back",
    "disc",
    "draw",
    "fi_state",
    "lay",
    "meld",
    "reject",
    "take",
]

CANASTA = "9S 9H 9D 9C 9S 9H 9D"
"""Seven 9s: a full canasta."""


def fi_state(**kwargs: Any) -> State:
    """A fi-5200 state from the cards that matter (see :func:`kanasta.io.scenario.build_state`)."""
    return build_state(FI_5200, **kwargs)
