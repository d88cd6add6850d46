"""The native turn actions against the reference (chapter *The turn*), one action at a time.

Random hands of every family and option are played by the reference; at each state the
native engine reads the state and applies the same action: the state JSON after it, or
the refusal (clause and reason code), must be the reference's.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import kanasta.engine as facade
from kanasta.errors import Violation
from kanasta.native import NativeEngine
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.families import RulesProfile
from kanasta.testing.strategies import get_one_option_profiles

HANDS = 40 if os.environ.get("KANASTA_THOROUGH") else 3
DRAW = Action(ActionType.DRAW)


def _outcome(result: Any) -> object:
    if isinstance(result, Violation):
        return (result.clause, result.code)
    if isinstance(result, tuple):
        return (result[0], result[1])
    if hasattr(result, "profile"):
        return facade.state_to_json(result)
    return result.to_json()


@pytest.mark.clause("draw-from-stock", "turn-structure", "classic-red-threes")
@pytest.mark.parametrize(
    "profile",
    get_one_option_profiles(),
    ids=lambda p: p.variant,
)
def test_native_draw_is_the_reference_draw(profile: RulesProfile) -> None:
    rng = random.Random(f"draw {profile.variant}")
    native = NativeEngine()
    draws = refusals = 0
    for hand in range(HANDS):
        state = facade.new_hand(profile, seed=700 + hand)
        while not state.hand_over:
            mine = native.new_state_from_json(profile, facade.state_to_json(state), "$")
            theirs = facade.apply(state, DRAW)
            assert _outcome(mine.draw()) == _outcome(theirs)
            if isinstance(theirs, Violation):
                refusals += 1
            else:
                draws += 1
            following = facade.apply(state, rng.choice(facade.legal_actions(state)))
            assert not isinstance(following, Violation)
            state = following
    assert draws >= HANDS
    assert refusals >= HANDS
