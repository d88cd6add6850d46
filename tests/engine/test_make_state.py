"""The two ways of building a :class:`~kanasta.state.State` give the same frozen value."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from kanasta import engine
from kanasta.state import State, make_state
from tests.engine.random_hands import random_hand_states


@pytest.mark.clause("state-json")
@pytest.mark.parametrize("family", ["koz", "fi-5200"])
def test_build_state_equals_the_dataclass_constructor_for_every_state_of_a_hand(
    family: str,
) -> None:
    for state in random_hand_states(family, 3)[::5]:
        values = [getattr(state, f.name) for f in dataclasses.fields(State)]
        built = make_state(*values)
        constructed = State(*values)
        assert type(built) is State
        assert built == constructed == state
        assert hash(built) == hash(constructed)
        assert repr(built) == repr(constructed)
        assert pickle.loads(pickle.dumps(built)) == state
        assert dataclasses.replace(built, turn=built.turn) == state


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
