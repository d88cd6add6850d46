"""state-json, legal-action-count: every conformance fixture state loads as the initial
state of the OpenSpiel game and of the PettingZoo environment, and its legal set there is
the engine's."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pyspiel
import pytest
from kanasta.conformance.model import Fixture
from kanasta.errors import InputError
from kanasta.families import PROFILES

import kanasta_envs.openspiel  # noqa: F401 (registers the game)
from kanasta_envs.actions import get_action_tokens, get_engine_action
from kanasta_envs.core import CHANCE, CoreState
from kanasta_envs.fixtures import get_fixture_params, get_fixture_state, get_fixture_states
from kanasta_envs.openspiel import KanastaGame
from kanasta_envs.params import Params
from kanasta_envs.pettingzoo import KanastaEnv
from test_differential import check_against_engine

FIXTURES = get_fixture_states()


@cache
def game_for(params: Params) -> KanastaGame:
    game = pyspiel.load_game(
        "kanasta",
        {
            "family": params.family,
            "players": params.players,
            "options": "+".join(params.options),
        },
    )
    assert isinstance(game, KanastaGame)
    return game


@cache
def env_for(params: Params) -> KanastaEnv:
    return KanastaEnv(params)


def is_dead_end(state: CoreState) -> bool:
    """A seat is to act and the engine lists nothing for it."""
    return not state.is_terminal() and not state.native.legal_actions()


def of_family(family: str) -> list[Fixture]:
    return [f for f in FIXTURES if f.variant == family]


def test_fixture_states_cover_every_family() -> None:
    assert len(FIXTURES) > 1000
    assert {f.variant for f in FIXTURES} == set(PROFILES)
    playable = 0
    for fixture in FIXTURES:
        state = env_for(get_fixture_params(fixture)).game.new_state_from_json(
            get_fixture_state(fixture), fixture.id
        )
        playable += not state.is_terminal() and not is_dead_end(state)
    assert playable > 1000


@pytest.mark.parametrize("family", list(PROFILES))
def test_every_fixture_state_is_an_openspiel_initial_state_with_the_engine_s_legal_set(
    family: str,
) -> None:
    for fixture in of_family(family):
        game = game_for(get_fixture_params(fixture))
        data = get_fixture_state(fixture)
        if is_dead_end(game.core.new_state_from_json(data, fixture.id)):
            with pytest.raises(InputError, match="no legal action"):
                game.new_initial_state_from_json(data, fixture.id)
            continue
        state = game.new_initial_state_from_json(data, fixture.id)
        assert state.core.json == state.core.native.to_json()
        assert state.history() == []
        if state.is_terminal():
            assert state.returns() == state.core.returns()
            assert state.legal_actions() == []
            continue
        assert state.current_player() == state.core.json["turn"]
        check_against_engine(state.core)
        first = sorted(
            {
                get_action_tokens(get_engine_action(a.to_json()))[0]
                for a in state.core.native.legal_actions()
            }
        )
        assert state.legal_actions() == first


@pytest.mark.parametrize("family", list(PROFILES))
def test_every_fixture_state_is_a_pettingzoo_reset_with_the_engine_s_legal_set(
    family: str,
) -> None:
    rng = random.Random(41)
    for fixture in of_family(family):
        env = env_for(get_fixture_params(fixture))
        data = get_fixture_state(fixture)
        probe = env.game.new_state_from_json(data, fixture.id)
        if is_dead_end(probe):
            with pytest.raises(InputError, match="no legal action"):
                env.reset(seed=1, options={"state": data})
            continue
        if probe.is_terminal():
            with pytest.raises(InputError, match="hand is over"):
                env.reset(seed=1, options={"state": data})
            continue
        env.reset(seed=1, options={"state": data})
        assert env.state.json == probe.json
        agent = env.agent_selection
        assert agent == f"player_{probe.json['turn']}"
        engine = probe.native.legal_actions()
        spellings = [get_action_tokens(get_engine_action(a.to_json())) for a in engine]
        mask = env.observe(agent)["action_mask"]
        assert np.flatnonzero(mask).tolist() == sorted({s[0] for s in spellings})
        assert np.array_equal(env.infos[agent]["action_mask"], mask)
        # the spelling of one engine action, stepped, lands on the engine's successor
        index = rng.randrange(len(engine))
        for token in spellings[index]:
            env.step(token)
        expected = probe.native.apply(engine[index])
        # no card revealed (no chance id played) and the episode not cut: the engine's own
        if env.state.history == list(spellings[index]) and not env.state.truncated:
            assert env.state.json == expected.to_json()


def test_a_fixture_state_in_pettingzoo_is_seeded_by_reset() -> None:
    fixture = next(f for f in of_family("koz") if f.setup is not None and f.setup.state)
    params = get_fixture_params(fixture)
    data = get_fixture_state(fixture)
    runs = []
    for _ in range(2):
        env = KanastaEnv(params)
        env.reset(seed=9, options={"state": data})
        rng = np.random.default_rng(9)
        trace = []
        for agent in env.agent_iter(max_iter=3000):
            observation, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            trace.append((agent, action))
            env.step(action)
        runs.append(trace)
    assert runs[0] == runs[1]
    assert len(runs[0]) > 1


def test_a_malformed_state_is_refused_with_its_place() -> None:
    fixture = next(f for f in of_family("koz") if f.features == ())
    data = get_fixture_state(fixture)
    del data["hands"]
    env = KanastaEnv(family="koz")
    with pytest.raises(InputError, match="options\\['state'\\]"):
        env.reset(seed=0, options={"state": data})


def test_chance_after_a_fixture_state_deals_only_unseen_cards() -> None:
    fixture = next(f for f in of_family("fi-351") if f.features == ())
    game = game_for(get_fixture_params(fixture))
    state = game.new_initial_state_from_json(get_fixture_state(fixture), fixture.id)
    rng = random.Random(3)
    while not state.is_terminal() and len(state.history()) < 300:
        if state.current_player() == CHANCE:
            outcomes = dict(state.chance_outcomes())
            assert outcomes
            assert abs(sum(outcomes.values()) - 1.0) < 1e-9
            state.apply_action(rng.choices(list(outcomes), list(outcomes.values()))[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) > 0
