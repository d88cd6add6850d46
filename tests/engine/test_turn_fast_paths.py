"""The turn's shortcuts give the answers of the full checks (chapter 6, The turn)."""

from __future__ import annotations

import random

import pytest

from kanasta import engine
from kanasta.actions import apply_action, legal_actions
from kanasta.errors import Violation
from kanasta.state import Phase, State
from kanasta.turn import apply_take_pile, check_discard, get_legal_discards, is_take_pile_legal
from tests.koz.util import koz_state


def _states(family: str, seeds: range) -> list[State]:
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.new_hand(family, seed=seed)
        out.append(state)
        while not state.hand_over:
            following = apply_action(state, rng.choice(legal_actions(state)))
            assert not isinstance(following, Violation)
            state = following
            out.append(state)
    return out


@pytest.mark.clause("take-whole-pile", "turn-must-finish")
@pytest.mark.parametrize("family", ["koz", "fi-5200"])
def test_take_whole_pile_legal_exactly_when_apply_accepts_it(family: str) -> None:
    for state in _states(family, range(2)):
        accepted = not isinstance(apply_take_pile(state), Violation)
        assert is_take_pile_legal(state) is accepted


@pytest.mark.clause("take-whole-pile", "single-pile-needs-two-cards", "turn-must-finish")
def test_take_whole_pile_legal_in_the_corner_cases() -> None:
    assert is_take_pile_legal(koz_state(hands=["5H"], discard="KD 9C"))
    assert not is_take_pile_legal(koz_state(hands=["5H"], discard="KD"))
    assert not is_take_pile_legal(koz_state(hands=["5H 6H"], discard=""))
    assert not is_take_pile_legal(koz_state(hands=["5H 6H"], discard="KD", phase=Phase.PLAY))
    # The hand and the pile hold only jokers: no way to end the turn.
    assert not is_take_pile_legal(koz_state(hands=["JK JK"], discard="JK", melds=[["8S 8H 8D"]]))


@pytest.mark.clause("discard-ends-turn", "single-pile-no-discard-back", "emptying-by-discard")
@pytest.mark.parametrize("family", ["koz", "fi-5200"])
def test_discard_ends_turn_legal_discards_are_the_cards_check_discard_allows(family: str) -> None:
    for state in _states(family, range(2, 4)):
        if state.phase is not Phase.PLAY:
            continue
        hand = state.hands[state.turn]
        allowed = tuple(c for c in sorted(set(hand)) if check_discard(state, c) is None)
        assert get_legal_discards(state) == allowed
