"""The engine's fast layer lists and applies exactly as the rules do.

:func:`kanasta.rules.actions.legal_actions` is the definition: every action the phase
could name, kept when :func:`kanasta.rules.actions.apply_action` accepts it. The engine
lists the same actions from remembered tables (:mod:`kanasta.fast.legal`) and applies
them with the meld rules remembered. These tests walk random hands of every family and
every combination of its options and compare the two at each state whose hand is small
enough for the rules' plain enumeration.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kanasta import engine
from kanasta.errors import Violation
from kanasta.families import VARIANTS
from kanasta.rules.actions import apply_action
from kanasta.rules.actions import legal_actions as rules_legal_actions
from kanasta.rules.state import Phase, State
from kanasta.testing import strategies as ks

_MOST_CARDS = 10
"""The rules try every sub-multiset of the hand: compare where hands are small."""
_VARIANTS = sorted(VARIANTS)


def _compare(state: State) -> int:
    """Compare the listings and every listed action's result; the number of actions."""
    listed = engine.legal_actions(state)
    assert listed == rules_legal_actions(state)
    for action in listed:
        fast = engine.apply(state, action)
        assert not isinstance(fast, Violation), action
        assert fast == apply_action(state, action), action
    return len(listed)


@pytest.mark.clause("legal-action-count", "action-kinds")
@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from(_VARIANTS),
    seed=ks.seeds(),
    picks=st.lists(st.integers(0, 1 << 30), min_size=1, max_size=120),
)
def test_fast_layer_equals_the_rules(
    variant: tuple[str, tuple[str, ...]], seed: int, picks: list[int]
) -> None:
    """legal-action-count: on states reached by random play in each family and option set,
    the engine lists the rules' legal actions, in their order, and applies each as the
    rules do."""
    state = engine.new_hand(VARIANTS[variant], seed=seed)
    compared = 0
    for pick in picks:
        if state.phase is Phase.OVER:
            break
        if len(state.hands[state.turn]) <= _MOST_CARDS:
            compared += _compare(state)
        listed = engine.legal_actions(state)
        following = engine.apply(state, listed[pick % len(listed)])
        assert not isinstance(following, Violation)
        state = following
