"""legal-action-count: the atomic mode (``actions=atomic``) as its own front end: each
decision one engine action, its id its place in the engine's legal list, below the
declared bound, with a feature row per id; OpenSpiel's random_sim_test and PettingZoo's
api_test and seed_test, and the legal set against the engine's."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pyspiel
import pytest
from kanasta.families import PROFILES
from pettingzoo.test import api_test, seed_test

import kanasta_envs.atomic
import kanasta_envs.openspiel
from kanasta_envs.actions import MAX_LEGAL_ACTIONS, NUM_ACTIONS, get_engine_action
from kanasta_envs.atomic import (
    FEATURES,
    apply_atomic_id,
    check_bound,
    get_action_features,
    get_atomic_ids,
)
from kanasta_envs.core import CHANCE, CoreState, Game
from kanasta_envs.fixtures import (
    check_playable,
    get_fixture_params,
    get_fixture_state,
    get_fixture_states,
)
from kanasta_envs.params import Params, get_combinations
from kanasta_envs.pettingzoo import KanastaEnv
from kanasta_envs.play import play_chance

COMBINATIONS = get_combinations()
ONE_COUNT = [(family, PROFILES[family].players) for family in PROFILES]


@pytest.mark.parametrize(("family", "players"), COMBINATIONS)
def test_random_sim_test_atomic(family: str, players: int) -> None:
    game = pyspiel.load_game(f"kanasta(family={family},players={players},actions=atomic)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("family", "players"), ONE_COUNT)
def test_random_sim_test_atomic_game_scope(family: str, players: int) -> None:
    game = pyspiel.load_game(
        f"kanasta(family={family},players={players},actions=atomic,scope=game,"
        "max_turns=150,target=50)"
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("family", "players"), COMBINATIONS)
def test_api_test_atomic(family: str, players: int) -> None:
    api_test(KanastaEnv(family=family, players=players, actions="atomic"), num_cycles=100)


@pytest.mark.parametrize(("family", "players"), COMBINATIONS)
def test_seed_test_atomic(family: str, players: int) -> None:
    seed_test(lambda: KanastaEnv(family=family, players=players, actions="atomic"), num_cycles=20)


@pytest.mark.parametrize(("family", "players"), ONE_COUNT)
def test_game_scope_api_test_and_seed_test_atomic(family: str, players: int) -> None:
    params = Params(family=family, players=players, scope="game", max_turns=60, actions="atomic")
    api_test(KanastaEnv(params), num_cycles=60)
    seed_test(lambda: KanastaEnv(params), num_cycles=15)


def test_atomic_game_info_names_the_bound() -> None:
    atomic = pyspiel.load_game("kanasta(family=koz,actions=atomic)")
    spelt = pyspiel.load_game("kanasta(family=koz)")
    assert atomic.num_distinct_actions() == MAX_LEGAL_ACTIONS
    assert spelt.num_distinct_actions() == NUM_ACTIONS
    assert atomic.max_chance_outcomes() == 53
    assert atomic.max_game_length() < spelt.max_game_length()


def test_an_unknown_action_mode_is_refused() -> None:
    with pytest.raises(Exception, match="the action modes are spelt, atomic"):
        pyspiel.load_game("kanasta(family=koz,actions=pointer)")


def check_atomic_against_engine(state: CoreState, state_rng: random.Random) -> None:
    """The atomic ids are the places of the engine's legal list; id i played lands on the
    engine's successor of its action i (when no hidden card is revealed)."""
    engine = state.native.legal_actions()
    assert get_atomic_ids(state) == list(range(len(engine)))
    assert len(engine) <= MAX_LEGAL_ACTIONS
    rows = get_action_features(state)
    assert rows.shape == (len(engine), FEATURES)
    index = state_rng.randrange(len(engine))
    child = state.clone()
    apply_atomic_id(child, index)
    assert child.last_action == get_engine_action(engine[index].to_json()) or child.is_chance()
    if child.current_player() != CHANCE and not child.is_terminal():
        assert child.json == state.native.apply(engine[index]).to_json()


@pytest.mark.parametrize(("family", "players"), COMBINATIONS)
def test_atomic_legal_set_equals_the_engine_on_random_states(family: str, players: int) -> None:
    game = Game(Params(family=family, players=players, actions="atomic"))
    rng = random.Random(41)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            play_chance(state, rng)
            if state.is_terminal():
                break
            check_atomic_against_engine(state, rng)
            checked += 1
            apply_atomic_id(state, rng.choice(get_atomic_ids(state)))
    assert checked > 30


def test_atomic_legal_set_equals_the_engine_on_every_fixture_state() -> None:
    rng = random.Random(7)
    checked = 0
    games: dict[Params, Game] = {}
    for fixture in get_fixture_states():
        params = get_fixture_params(fixture, Params(actions="atomic"))
        game = games.setdefault(params, Game(params))
        state = game.new_state_from_json(get_fixture_state(fixture), fixture.id)
        if state.is_terminal() or not state.native.legal_actions():
            continue
        check_playable(state, fixture.id)
        check_atomic_against_engine(state, rng)
        checked += 1
    assert checked > 1000


def test_a_decision_over_the_bound_is_refused_naming_it() -> None:
    check_bound(MAX_LEGAL_ACTIONS)
    with pytest.raises(ValueError, match=f"MAX_LEGAL_ACTIONS = {MAX_LEGAL_ACTIONS}"):
        check_bound(MAX_LEGAL_ACTIONS + 1)


def test_the_environment_refuses_a_decision_over_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kanasta_envs.atomic, "MAX_LEGAL_ACTIONS", 1)
    env = KanastaEnv(family="koz", actions="atomic")
    with pytest.raises(ValueError, match=r"MAX_LEGAL_ACTIONS = 1 .*spelt"):
        env.reset(seed=2)


def test_action_features_are_in_observation_and_info_zero_past_the_legal_count() -> None:
    env = KanastaEnv(family="classic", players=2, actions="atomic")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    seen_meld = False
    for _ in range(150):
        agent = env.agent_selection
        observation, _, done, cut, info = env.last()
        if done or cut:
            break
        count = int(observation["action_mask"].sum())
        assert np.flatnonzero(observation["action_mask"]).tolist() == list(range(count))
        features = observation["action_features"]
        assert features.shape == (MAX_LEGAL_ACTIONS, FEATURES)
        assert np.array_equal(features[:count], get_action_features(env.state))
        assert not features[count:].any()
        assert np.array_equal(info["action_features"], features)
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_features"].any()
                assert not env.observe(other)["action_mask"].any()
        seen_meld |= bool(features[:count, 3].any())  # the meld kind's column
        env.step(int(rng.integers(count)))
    assert seen_meld


def test_an_atomic_step_is_one_whole_engine_action() -> None:
    env = KanastaEnv(family="koz", actions="atomic")
    env.reset(seed=11)
    rng = np.random.default_rng(11)
    for _ in range(60):
        _, _, done, cut, _ = env.last()
        if done or cut:
            break
        engine = env.state.native.legal_actions()
        index = int(rng.integers(len(engine)))
        env.step(index)
        assert not env.state.prefix
        assert env.state.last_action == get_engine_action(engine[index].to_json())


def test_atomic_state_action_features_match_its_legal_ids() -> None:
    game = pyspiel.load_game("kanasta(family=fi-351,players=3,actions=atomic)")
    state = game.new_initial_state()
    rng = random.Random(3)
    checked = 0
    while not state.is_terminal() and checked < 20:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        legal = state.legal_actions()
        assert state.action_features().shape == (len(legal), FEATURES)
        assert legal == list(range(len(legal)))
        state.apply_action(rng.choice(legal))
        checked += 1
    assert checked == 20


def test_atomic_state_pickles_and_serializes_mid_hand() -> None:
    game = pyspiel.load_game("kanasta(family=classic,players=4,actions=atomic)")
    state = game.new_initial_state()
    rng = random.Random(8)
    while state.is_chance_node() or len(state.history()) < 150:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    again = pickle.loads(pickle.dumps(state))
    assert again.core.json == state.core.json
    assert again.legal_actions() == state.legal_actions()
    _, replayed = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert replayed.history() == state.history()
    assert replayed.core.json == state.core.json
