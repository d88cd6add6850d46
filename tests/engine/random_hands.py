"""Whole hands played by a uniform random legal policy, for tests that check every state."""

from __future__ import annotations

import random

from kanasta import engine
from kanasta.engine import legal_actions
from kanasta.errors import Violation
from kanasta.rules.actions import apply_action
from kanasta.rules.state import State


def random_hand_states(family: str, seed: int) -> list[State]:
    """Every state of the hand dealt from ``seed``, played with ``random.Random(seed)``."""
    rng = random.Random(seed)
    state = engine.new_hand(family, seed=seed)
    out = [state]
    while not state.hand_over:
        following = apply_action(state, rng.choice(legal_actions(state)))
        assert not isinstance(following, Violation)
        state = following
        out.append(state)
    return out
