"""The batched API: each row is the single episode its seed deals, stepped by arrays."""

from __future__ import annotations

import numpy as np
import pytest
from kanasta.errors import InputError

from kanasta_envs.actions import NUM_ACTIONS
from kanasta_envs.params import Params
from kanasta_envs.pettingzoo import KanastaEnv
from kanasta_envs.vector import VectorGame


def test_rows_are_the_single_environment_with_the_same_seeds() -> None:
    params = Params(family="fi-351", players=3)
    batch = VectorGame(params, 3)
    batch.reset([10, 11, 12])
    singles = [KanastaEnv(params) for _ in range(3)]
    for seed, env in zip([10, 11, 12], singles, strict=True):
        env.reset(seed=seed)
    rng = np.random.default_rng(0)
    for _ in range(150):
        observations, masks, seats = batch.observe()
        assert masks.dtype == np.int8
        assert masks.shape == (3, NUM_ACTIONS)
        chosen = []
        for row, env in enumerate(singles):
            agent = env.agent_selection
            single = env.observe(agent)
            assert env.possible_agents.index(agent) == seats[row]
            assert np.array_equal(single["observation"], observations[row])
            assert np.array_equal(single["action_mask"], masks[row])
            chosen.append(int(rng.choice(np.flatnonzero(masks[row]))))
        _, ended, _ = batch.step(chosen)
        for env, action in zip(singles, chosen, strict=True):
            env.step(action)
        assert not ended.any()


def test_an_ended_row_reports_its_returns_and_starts_again() -> None:
    batch = VectorGame(Params(family="koz", max_turns=4), 2)
    batch.reset([1, 2])
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(2000):
        _, masks, _ = batch.observe()
        returns, ended, cut = batch.step([rng.choice(np.flatnonzero(m)) for m in masks])
        finished += int(ended.sum())
        assert (cut <= ended).all()
        assert (returns.sum(axis=1) == 0).all()
        if finished >= 2:
            break
    assert finished >= 2
    assert batch.seeds[0] >= 3 or batch.seeds[1] >= 4


def test_a_batch_needs_one_seed_and_one_id_per_row() -> None:
    batch = VectorGame(Params(family="koz"), 2)
    with pytest.raises(ValueError, match="need 2 seeds"):
        batch.reset([1])
    batch.reset([1, 2])
    with pytest.raises(ValueError, match="one id per row"):
        batch.step([0])


def test_the_batch_refuses_the_atomic_mode() -> None:
    with pytest.raises(InputError, match="spelt ids only"):
        VectorGame(Params(family="koz", actions="atomic"), 2)
