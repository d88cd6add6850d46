"""Property tests of native states reached by play, through kanasta's Hypothesis strategies.

``action_sequences`` draws a seed and legal actions of the reference; the native engine
deals the same hand and applies the same actions (read from their JSON). Every native state
on the way must hold exactly one deck (card conservation), and the last one must survive a
JSON round trip (written, read, written again: the same JSON) and be the reference's state.
A family the native engine does not play whole hands of yet is left out (all of them: the
test skips).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kanasta.engine as facade
from kanasta.conformance.checks import get_state_cards
from kanasta.errors import Violation
from kanasta.families import get_profile
from kanasta.native import NativeEngine, native_families
from kanasta.rules.cards import get_deck, parse_cards
from kanasta.testing.strategies import action_sequences

FAMILIES = ("koz", "fi-5200", "fi-351", "classic")


def _families() -> list[str]:
    playable = [f for f in FAMILIES if f in native_families()]
    if not playable:
        pytest.skip("the native engine does not play whole hands of any family yet")
    return playable


@pytest.mark.clause("deck-composition", "state-json", "action-kinds")
@given(data=st.data())
def test_native_states_reached_by_play_keep_one_deck_and_round_trip(data: st.DataObject) -> None:
    family = data.draw(st.sampled_from(_families()))
    seed, actions = data.draw(action_sequences(family, max_actions=250))
    profile = get_profile(family)
    native = NativeEngine()
    deck = Counter(get_deck(profile.deck_jokers))
    state = native.new_state_from_seed(profile, seed)
    reference = facade.new_hand(profile, seed=seed)
    for step, action in enumerate(actions, 1):
        obj = facade.action_to_json(action)
        following = native.apply_action(profile, state, native.action_from_json(profile, obj, "$"))
        assert not isinstance(following, Violation), (step, obj, following)
        state = following
        assert (
            Counter(parse_cards(get_state_cards(native.state_to_json(profile, state)))) == deck
        ), (step, obj)
        after = facade.apply(reference, action)
        assert not isinstance(after, Violation)
        reference = after
    written = native.state_to_json(profile, state)
    again = native.state_to_json(profile, native.new_state_from_json(profile, written, "$"))
    assert again == written
    assert written == facade.state_to_json(reference)
