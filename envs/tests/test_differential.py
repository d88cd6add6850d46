"""legal-action-count, state-json: the environment's legal set is the engine's, with the
same successors and scores, on random states and on every conformance fixture state."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from kanasta_envs.actions import get_action_tokens, get_engine_action
from kanasta_envs.core import CHANCE, CoreState, Game
from kanasta_envs.params import Params, get_combinations
from kanasta_envs.play import play_random_step

FIXTURES = Path(__file__).resolve().parents[2] / "conformance" / "fixtures"


def spelt_actions(state: CoreState) -> dict[tuple[int, ...], Any]:
    """Walk the ids from the state: every complete sequence with the engine action the
    core commits for it (read back as the protocol's action object)."""
    found: dict[tuple[int, ...], Any] = {}

    def walk(current: CoreState, prefix: tuple[int, ...]) -> None:
        for token in current.legal_actions():
            child = current.clone()
            child.apply(token)
            sequence = (*prefix, token)
            if child.prefix:
                walk(child, sequence)
                continue
            engine = child.pending.engine if child.pending is not None else child.last_action
            found[sequence] = engine

    walk(state, ())
    return found


def check_against_engine(state: CoreState) -> None:
    """The spelt set equals the engine's list; each action's successor is the engine's
    (when it reveals no hidden card); a finished hand's score is the engine's."""
    engine = state.native.legal_actions()
    expected = {get_action_tokens(get_engine_action(a.to_json())): a for a in engine}
    assert len(expected) == len(engine)  # no two engine actions share a spelling
    spelt = spelt_actions(state)
    assert set(spelt) == set(expected)
    for sequence, action in expected.items():
        assert spelt[sequence] == get_engine_action(action.to_json())
        child = state.clone()
        for token in sequence:
            child.apply(token)
        if child.current_player() == CHANCE or (child.is_terminal() and child.truncated):
            continue
        successor = state.native.apply(action)
        if child.json.get("hand_over") or child.is_terminal():
            assert child.hand_scores == [int(t["total"]) for t in successor.score()]
        if child.native is not None and not child.dealing:
            assert child.json == successor.to_json()


@pytest.mark.parametrize(("family", "players"), get_combinations())
def test_legal_set_equals_the_engine_on_random_states(family: str, players: int) -> None:
    game = Game(Params(family=family, players=players))
    rng = random.Random(21)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 6:
        play_random_step(state, rng)
        if state.current_player() >= 0 and not state.prefix and rng.random() < 0.1:
            check_against_engine(state)
            checked += 1
    assert checked > 0


def fixture_states() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for path in sorted(FIXTURES.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "state" in data.get("setup", {}):
            found.append((str(path.relative_to(FIXTURES)), data))
    return found


def game_for(data: dict[str, Any]) -> Game:
    features = list(data.get("features") or data["setup"].get("features") or [])
    players = 0
    for feature in list(features):
        if feature.startswith("players-"):
            players = int(feature.removeprefix("players-"))
            features.remove(feature)
    return Game(Params(family=data["variant"], players=players, options=tuple(features)))


ALL_FIXTURES = fixture_states()


def test_every_fixture_state_loads_as_an_initial_state() -> None:
    assert len(ALL_FIXTURES) > 1000
    for name, data in ALL_FIXTURES:
        state = game_for(data).new_state_from_json(data["setup"]["state"], name)
        assert state.json == state.native.to_json()
        assert state.pool == state.get_unseen()


def test_legal_set_equals_the_engine_on_every_fixture_state() -> None:
    for name, data in ALL_FIXTURES:
        state = game_for(data).new_state_from_json(data["setup"]["state"], name)
        if state.is_terminal():
            assert state.hand_scores == [int(t["total"]) for t in state.native.score()]
            continue
        check_against_engine(state)
