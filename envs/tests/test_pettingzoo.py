"""The PettingZoo front end: PettingZoo's api_test and seed_test for every family and
player count, masks as the library expects, and the same agent selected again within a
turn."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from kanasta_envs.actions import NUM_ACTIONS
from kanasta_envs.params import Params, get_combinations
from kanasta_envs.pettingzoo import KanastaEnv

COMBINATIONS = get_combinations()


@pytest.mark.parametrize(("family", "players"), COMBINATIONS)
def test_api_test(family: str, players: int) -> None:
    api_test(KanastaEnv(family=family, players=players), num_cycles=200)


@pytest.mark.parametrize(("family", "players"), COMBINATIONS)
def test_seed_test(family: str, players: int) -> None:
    seed_test(lambda: KanastaEnv(family=family, players=players), num_cycles=30)


@pytest.mark.parametrize(("family", "players"), COMBINATIONS)
def test_game_scope_api_test_and_seed_test(family: str, players: int) -> None:
    params = Params(family=family, players=players, scope="game", max_turns=60)
    api_test(KanastaEnv(params), num_cycles=100)
    seed_test(lambda: KanastaEnv(params), num_cycles=20)


def test_action_mask_is_int8_in_observation_and_info_and_empty_for_others() -> None:
    env = KanastaEnv(family="koz")
    env.reset(seed=3)
    actor = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        assert mask.shape == (NUM_ACTIONS,)
        assert np.array_equal(mask, env.infos[agent]["action_mask"])
        assert mask.any() == (agent == actor)


def test_a_turn_of_several_actions_selects_the_same_agent_again() -> None:
    env = KanastaEnv(family="koz")
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    repeated = 0
    for _ in range(400):
        agent = env.agent_selection
        observation, _, done, cut, _ = env.last()
        if done or cut:
            break
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
        repeated += env.agent_selection == agent
    assert repeated > 0


@pytest.mark.parametrize(("family", "players"), [("koz", 4), ("classic", 3)])
def test_an_episode_ends_for_every_agent_with_zero_sum_rewards(family: str, players: int) -> None:
    env = KanastaEnv(family=family, players=players)
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    total: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=20_000):
        observation, reward, done, cut, _ = env.last()
        total[agent] += reward
        if done or cut:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.agents == []
    assert sum(total.values()) == 0
    assert any(total.values())


def test_environment_pickles_mid_episode_and_plays_on_alike() -> None:
    env = KanastaEnv(family="fi-351", players=2)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(60):
        observation, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    copy = pickle.loads(pickle.dumps(env))
    for _ in range(200):
        one, *_ = env.last()
        two, *_ = copy.last()
        assert env.agent_selection == copy.agent_selection
        assert np.array_equal(one["observation"], two["observation"])
        assert np.array_equal(one["action_mask"], two["action_mask"])
        if not one["action_mask"].any():
            break
        action = int(rng.choice(np.flatnonzero(one["action_mask"])))
        env.step(action)
        copy.step(action)
