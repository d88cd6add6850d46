"""The native legal-action list against the reference (clause legal-action-count).

Random hands of every family and option are played by the reference, each action chosen at
random among the legal ones; the native engine plays the same hand beside it. At every
state the native list of legal actions, as action JSON in its order, must be the
reference's, and the native state after the chosen action must be the reference's state.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import kanasta.engine as facade
from kanasta.errors import InputError, Violation
from kanasta.io import action_json
from kanasta.native import NativeEngine, load
from kanasta.rules import actions as literal
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.families import RulesProfile
from kanasta.rules.state import State
from kanasta.testing.strategies import (
    candidate_actions,
    cards,
    get_one_option_profiles,
    reachable_states,
)

HANDS = 30 if os.environ.get("KANASTA_THOROUGH") else 2
LITERAL_MOST_CARDS = 9


def _reference_list(state: State) -> list[dict[str, object]]:
    return [facade.action_to_json(a) for a in facade.legal_actions(state)]


def _native_list(state: Any) -> list[dict[str, object]]:
    return [a.to_json() for a in state.legal_actions()]


def _play(profile: RulesProfile, seed: int, rng: random.Random) -> int:
    """One hand side by side; the number of states compared."""
    native = NativeEngine()
    state = facade.new_hand(profile, seed=seed)
    mine = native.new_state_from_seed(profile, seed)
    compared = 0
    while True:
        assert mine.to_json() == facade.state_to_json(state)
        expected = _reference_list(state)
        assert _native_list(mine) == expected, facade.state_to_json(state)
        # The state read from its JSON lists the same actions as the state played into.
        read = native.new_state_from_json(profile, facade.state_to_json(state), "$")
        assert _native_list(read) == expected
        compared += 1
        if state.hand_over:
            return compared
        index = rng.randrange(len(expected))
        following = facade.apply(state, facade.legal_actions(state)[index])
        assert not isinstance(following, Violation)
        state = following
        mine = mine.apply(mine.legal_actions()[index])
        assert not isinstance(mine, tuple), mine


@pytest.mark.clause("legal-action-count", "action-kinds", "classic-take-pile", "pass-by-showing")
@pytest.mark.parametrize("profile", get_one_option_profiles(), ids=lambda p: p.variant)
def test_native_legal_actions_are_the_references(profile: RulesProfile) -> None:
    rng = random.Random(f"legal {profile.variant}")
    compared = sum(_play(profile, 900 + hand, rng) for hand in range(HANDS))
    assert compared >= 20 * HANDS


@pytest.mark.clause("legal-action-count")
@pytest.mark.parametrize("family", ["koz", "fi-5200", "fi-351", "classic"])
def test_native_legal_actions_are_the_literal_references(family: str) -> None:
    """The literal reference (rules.actions.legal_actions: every candidate applied) agrees
    too, on the states of one hand whose hand to play is small enough for it (it tries
    every sub-multiset of the hand)."""
    profile = next(p for p in get_one_option_profiles() if p.family == family)
    native = NativeEngine()
    rng = random.Random(family)
    state = facade.new_hand(profile, seed=31)
    compared = 0
    while not state.hand_over:
        if len(state.hands[state.turn]) <= LITERAL_MOST_CARDS:
            expected = [action_json.action_to_json(a) for a in literal.legal_actions(state)]
            mine = native.new_state_from_json(profile, facade.state_to_json(state), "$")
            assert _native_list(mine) == expected
            compared += 1
        following = facade.apply(state, rng.choice(facade.legal_actions(state)))
        assert not isinstance(following, Violation)
        state = following
    assert compared >= 10


@pytest.mark.clause("action-json", "action-seat")
def test_native_action_json_reads_as_the_reference() -> None:
    module = load()
    for data in (
        {"type": "draw"},
        {"type": "take-pile"},
        {"type": "take-pile", "cards": ["5H", "5C"], "meld": 2},
        {"type": "take-pile", "cards": "5H 5C"},
        {"type": "pass", "seat": 1},
        {"type": "meld", "cards": ["7H", "5H", "6H"], "wild_at": 4},
        {"type": "lay-off", "meld": 0, "cards": ["2C"]},
        {"type": "discard", "card": "10s"},
        {"type": "take-back"},
    ):
        action, seat = action_json.action_from_json(data)
        expected = action_json.action_to_json(action)
        if seat is not None:
            expected["seat"] = seat
        assert module.action_from_json(data, "$").to_json() == expected


@pytest.mark.clause("action-json")
@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], r"^\$\.a: an action is an object"),
        ({"type": "jump"}, r"^\$\.a\.type: 'jump' is not an action type"),
        ({"type": "draw", "cards": []}, r"^\$\.a: a draw action has no field 'cards'"),
        ({"type": "discard"}, r"^\$\.a\.card: a discard names one card"),
        ({"type": "discard", "card": "1X"}, r"^\$\.a\.card: "),
        ({"type": "meld", "cards": []}, r"^\$\.a\.cards: name at least one card"),
        ({"type": "meld", "cards": ["5H", 5]}, r"^\$\.a\.cards: card #2 is 5"),
        ({"type": "meld", "cards": ["5H"], "wild_at": 15}, r"^\$\.a\.wild_at: a run position"),
        ({"type": "lay-off", "cards": ["5H"]}, r"^\$\.a\.meld: the index"),
        ({"type": "take-pile", "meld": -2}, r"^\$\.a\.meld: the index"),
        ({"type": "pass", "seat": "1"}, r"^\$\.a\.seat: expected a seat number"),
    ],
)
def test_native_action_json_errors_name_the_path(data: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        action_json.action_from_json(data, "$.a")
    with pytest.raises(ValueError, match=message):
        load().action_from_json(data, "$.a")


@pytest.mark.clause("action-seat")
def test_native_action_of_another_seat_is_refused() -> None:
    profile = get_one_option_profiles()[0]
    native = NativeEngine()
    state = native.new_state_from_seed(profile, 5)
    action = native.action_from_json(profile, {"type": "draw", "seat": 3}, "$")
    assert native.apply_action(profile, state, action) == Violation(
        "action-seat", "not-your-turn", "it is seat 0's turn, not seat 3's"
    )


@st.composite
def _take_pile_candidates(draw: st.DrawFn, state: State) -> Action:
    """A take-pile naming some cards of the hand (or any card) and some meld index."""
    hand = state.hands[state.turn]
    picked: list[int] = []
    if hand:
        indices = draw(st.lists(st.integers(0, len(hand) - 1), unique=True, max_size=4))
        picked = [hand[i] for i in indices]
    if draw(st.integers(0, 5)) == 0:
        picked.append(draw(cards(state.profile)))
    index = draw(st.integers(-1, len(state.melds[state.team])))
    return Action(ActionType.TAKE_PILE, tuple(sorted(picked)), index)


def _outcome(result: Any) -> object:
    if isinstance(result, Violation):
        return (result.clause, result.code)
    if isinstance(result, tuple):
        return result[:2]
    if isinstance(result, State):
        return facade.state_to_json(result)
    return result.to_json()


@pytest.mark.clause("legal-action-count", "action-kinds", "take-whole-pile", "classic-take-pile")
@pytest.mark.parametrize("family", ["koz", "fi-5200", "fi-351", "classic"])
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(data=st.data())
def test_native_apply_of_any_action_is_the_references(family: str, data: st.DataObject) -> None:
    """On states reached by legal play, the native list is the reference's, and any action
    (legal or not, a take-pile naming any cards and meld) gets the reference's answer: the
    same next state, or the same clause and code."""
    state = data.draw(reachable_states(family, max_actions=300))
    profile = state.profile
    native = NativeEngine()
    mine = native.new_state_from_json(profile, facade.state_to_json(state), "$")
    assert _native_list(mine) == _reference_list(state)
    for _ in range(5):
        action = data.draw(candidate_actions(state) | _take_pile_candidates(state))
        theirs = facade.apply(state, action)
        ours = mine.apply(load().action_from_json(facade.action_to_json(action), "$"))
        assert _outcome(ours) == _outcome(theirs), facade.action_to_json(action)
