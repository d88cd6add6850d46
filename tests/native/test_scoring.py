"""The native hand score against the reference (chapter *Scoring a hand*).

Random hands of every family and option are played to the end by the reference; the
native engine reads every final state (and some on the way: a score is defined at any
moment) and must give the same breakdown, part by part, in half points.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import kanasta.engine as facade
from kanasta.conformance.engine_api import FacadeEngine
from kanasta.errors import Violation
from kanasta.native import NativeEngine
from kanasta.rules.families import RulesProfile
from kanasta.testing.strategies import get_one_option_profiles

HANDS = 100 if os.environ.get("KANASTA_THOROUGH") else 6


def _native_score(profile: RulesProfile, written: dict[str, Any]) -> list[dict[str, int]]:
    native = NativeEngine()
    state = native.new_state_from_json(profile, written, "$")
    teams: list[dict[str, int]] = state.score()
    return teams


@pytest.mark.clause("hand-score", "score-breakdown", "score-rounding", "fi-bonus", "hand-penalty")
@pytest.mark.parametrize(
    "profile",
    get_one_option_profiles(),
    ids=lambda p: p.variant,
)
def test_native_hand_score_is_the_reference_score(profile: RulesProfile) -> None:
    rng = random.Random(f"score {profile.variant}")
    reference = FacadeEngine(facade)
    checked = 0
    for hand in range(HANDS):
        state = facade.new_hand(profile, seed=500 + hand)
        while True:
            if state.hand_over or rng.random() < 0.05:
                theirs = reference.score_hand(profile, state)
                mine = _native_score(profile, facade.state_to_json(state))
                assert [dict(t) for t in theirs] == mine, (hand, facade.state_to_json(state))
                checked += 1
            if state.hand_over:
                break
            following = facade.apply(state, rng.choice(facade.legal_actions(state)))
            assert not isinstance(following, Violation)
            state = following
    assert checked >= HANDS
