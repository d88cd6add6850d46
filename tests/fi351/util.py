"""Small helpers for the fi-351 tests: build states (four players, or the options), actions."""

from __future__ import annotations

from typing import Any

from kanasta.families import get_profile
from kanasta.families.fi_351 import PROFILE as FI_351
from kanasta.io.scenario import build_state
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.families import RulesProfile
from kanasta.rules.state import Phase, State
from tests.koz.util import accept, back, disc, draw, lay, meld, reject, take

__all__ = [
    "CANASTA",
    "FI_351",
    "Phase",
    "accept",
    "back",
    "disc",
    "draw",
    "fi_state",
    "lay",
    "meld",
    "pass_",
    "reject",
    "take",
]

CANASTA = "9S 9H 9D 9C 9S 9H 9D"
"""Seven 9s: a clean canasta (20), worth 7 in cards."""


def profile(*options: str) -> RulesProfile:
    return get_profile("fi-351", options) if options else FI_351


def fi_state(*options: str, **kwargs: Any) -> State:
    """A fi-351 state from the cards that matter (see :func:`kanasta.io.scenario.build_state`)."""
    return build_state(profile(*options), **kwargs)


def pass_() -> Action:
    return Action(ActionType.PASS)
