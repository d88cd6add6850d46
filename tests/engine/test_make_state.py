"""The two ways of building a :class:`~kanasta.rules.state.State` give the same frozen value."""

from __future__ import annotations

import dataclasses

import pytest

from kanasta import engine
from kanasta.rules.state import State, make_state
from tests.engine.builders import assert_built_like_the_constructor
from tests.engine.random_hands import random_hand_states


@pytest.mark.clause("state-json")
@pytest.mark.parametrize("family", ["koz", "fi-5200"])
def test_build_state_equals_the_dataclass_constructor_for_every_state_of_a_hand(
    family: str,
) -> None:
    for state in random_hand_states(family, 3)[::5]:
        assert_built_like_the_constructor(State, make_state, state, "turn")


@pytest.mark.clause("state-json")
def test_built_state_is_frozen() -> None:
    state = engine.new_hand("koz", seed=1)
    built = make_state(*(getattr(state, f.name) for f in dataclasses.fields(State)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.turn = 2  # type: ignore[misc]


@pytest.mark.clause("state-json")
def test_state_constructor_keeps_its_defaults() -> None:
    state = engine.new_hand("koz", seed=1)
    short = State(*(getattr(state, f.name) for f in dataclasses.fields(State)[:13]))
    assert (short.pile_card, short.went_out, short.seat_opened) == (None, None, ())
    assert (short.provisional, short.fi_waiting) == (0, ())
