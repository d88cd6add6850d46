"""turn-must-finish: one answer from both engines to a hand too large to search.

The searches of turn-must-finish of one listing of the legal actions or one action applied
share a budget of melds and lay-offs tried, in both engines
(:data:`kanasta.fast.turn.MOST_SEARCH_TRIES`, ``MOST_SEARCH_TRIES`` in native/src/turn.hpp).
A hand whose search stays within it is answered alike; a hand past it is refused alike,
with the same words, though the native engine could search it through in a second: the
runner must never score the two engines differently on one request."""

from __future__ import annotations

import copy
import time

import pytest

from kanasta import engine
from kanasta.conformance.native_adapter import NativeImplementation
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.errors import InputError
from kanasta.fast import turn as fast_turn
from kanasta.native import NativeEngine
from tests.engine.test_bounded_search import (
    CLASSIC_2,
    HAND_OF_42,
    TRAP,
    _count_request,
    _state_json,
)


@pytest.mark.clause("turn-must-finish", "legal-action-count")
def test_turn_must_finish_both_engines_count_a_42_card_hand_alike() -> None:
    request = _count_request(_state_json(HAND_OF_42))
    reference = ReferenceImplementation().answer(copy.deepcopy(request))
    native = NativeImplementation().answer(copy.deepcopy(request))
    assert reference == native == {"seq": 1, "count": 289}


@pytest.mark.clause("turn-must-finish", "classic-no-take-back", "legal-action-count")
def test_turn_must_finish_both_engines_refuse_a_hand_past_the_budget_in_the_same_words() -> None:
    request = _count_request(_state_json(TRAP, score=3000))
    native_started = time.process_time()
    native = NativeImplementation().answer(copy.deepcopy(request))
    native_seconds = time.process_time() - native_started
    reference = ReferenceImplementation().answer(copy.deepcopy(request))
    assert set(native) == set(reference) == {"seq", "error"}
    assert native == reference
    assert fast_turn.search_too_long(fast_turn.MOST_SEARCH_TRIES) in str(native["error"])
    # The native engine gives up at the budget, not after searching the hand through.
    assert native_seconds < 1.0


@pytest.mark.clause("turn-must-finish")
def test_turn_must_finish_the_native_count_starts_again_for_each_listing() -> None:
    native = NativeEngine()
    trap = native.new_state_from_json(CLASSIC_2, _state_json(TRAP, score=3000), "state")
    with pytest.raises(InputError, match=r"50,000 melds and lay-offs .*turn-must-finish"):
        native.legal_actions(CLASSIC_2, trap)
    small = native.new_state_from_json(CLASSIC_2, _state_json("4C 4C 4D 9S"), "state")
    reference = engine.legal_actions(engine.state_from_json(_state_json("4C 4C 4D 9S"), CLASSIC_2))
    assert len(native.legal_actions(CLASSIC_2, small)) == len(reference) > 0
    # Many listings in a row, none near the budget, never add up to it.
    for _ in range(200):
        assert native.legal_actions(CLASSIC_2, small)
