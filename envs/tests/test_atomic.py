"""legal-action-count: the atomic view lists exactly the engine's legal actions, one
distinct feature row each, and plays each one as the engine does."""

from __future__ import annotations

import random

import numpy as np
import pytest

from kanasta_envs.actions import get_engine_action
from kanasta_envs.atomic import FEATURES, apply_atomic, get_action_features, get_atomic_actions
from kanasta_envs.core import CHANCE, Game
from kanasta_envs.params import Params
from kanasta_envs.play import play_random_step


@pytest.mark.parametrize(("family", "players"), [("koz", 4), ("fi-351", 3), ("classic", 2)])
def test_atomic_actions_are_the_engine_s_with_distinct_features(family: str, players: int) -> None:
    game = Game(Params(family=family, players=players))
    rng = random.Random(6)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 25:
        if state.current_player() != CHANCE and not state.prefix:
            engine = [get_engine_action(a.to_json()) for a in state.native.legal_actions()]
            assert get_atomic_actions(state) == engine
            rows = get_action_features(state)
            assert rows.shape == (len(engine), FEATURES)
            assert len({row.tobytes() for row in rows}) == len(engine)
            index = rng.randrange(len(engine))
            child = state.clone()
            apply_atomic(child, index)
            if child.current_player() != CHANCE and not child.is_terminal():
                expected = state.native.apply(state.native.legal_actions()[index])
                assert child.json == expected.to_json()
            checked += 1
        play_random_step(state, rng)
    assert checked > 0


def test_atomic_actions_are_refused_while_an_action_is_spelt() -> None:
    game = Game(Params(family="koz"))
    rng = random.Random(2)
    state = game.new_initial_state()
    while (
        state.current_player() == CHANCE
        or state.prefix
        or not any(len(a) > 1 for a in state.engine_legal().complete)
    ):
        play_random_step(state, rng)
    long = next(s for s in state.engine_legal().complete if len(s) > 1)
    state.apply(long[0])
    with pytest.raises(ValueError, match="nothing spelt"):
        get_atomic_actions(state)
    assert np.array_equal(
        np.array(state.legal_actions()), np.array(sorted(set(state.legal_actions())))
    )
