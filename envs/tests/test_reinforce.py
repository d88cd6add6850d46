"""One masked policy-gradient iteration runs on koz with four players, on CPU, and its
step lowers the REINFORCE loss of the batch it was computed on."""

from __future__ import annotations

import numpy as np

from kanasta_envs.actions import NUM_ACTIONS
from kanasta_envs.observe import get_layout
from kanasta_envs.params import Params
from kanasta_envs.pettingzoo import KanastaEnv
from kanasta_envs.reinforce import MaskedLinearPolicy, run_iteration


def test_one_masked_policy_gradient_iteration_on_koz_with_four_players() -> None:
    env = KanastaEnv(Params(family="koz", players=4))
    size = sum(width for _, width in get_layout(env.game, info_state=True))
    rng = np.random.default_rng(0)
    policy = MaskedLinearPolicy(size, rng)
    before = policy.weights.copy()
    batch = run_iteration(env, policy, episodes=1, rng=rng, learning_rate=0.001)
    assert len(batch.actions) > 100
    assert np.isfinite(policy.weights).all()
    assert not np.array_equal(before, policy.weights)
    assert abs(batch.advantages.mean()) < 1e-9
    assert np.abs(batch.advantages).max() > 0  # the hands were scored, not cut
    old = MaskedLinearPolicy(size, rng)
    old.weights, old.bias = before, np.zeros(NUM_ACTIONS)
    assert batch.get_loss(policy) < batch.get_loss(old)


def test_the_policy_gives_no_probability_to_a_masked_id() -> None:
    rng = np.random.default_rng(1)
    policy = MaskedLinearPolicy(4, rng)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    mask[[3, 7, 300]] = 1
    probabilities = policy.get_probabilities(np.ones(4), mask)
    assert set(np.flatnonzero(probabilities)) == {3, 7, 300}
    assert abs(probabilities.sum() - 1) < 1e-12
