"""One masked policy-gradient (REINFORCE) iteration on the PettingZoo environment, in numpy.

A linear softmax policy over the 342 ids, its logits ``W @ observation + b``, the ids the
mask forbids left out of the softmax; every seat plays the same policy. An iteration
plays ``episodes`` whole episodes, gives each step its seat's return (in hundreds of
points) less the batch's mean return, and moves the weights along the mean of
``advantage * grad log pi(action)``. It shows the environment's masks, observations and
returns are enough to train on; it is no strong learner (no library is used).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from kanasta_envs.actions import NUM_ACTIONS
from kanasta_envs.pettingzoo import KanastaEnv

__all__ = ["Batch", "MaskedLinearPolicy", "collect", "run_iteration"]

Floats = npt.NDArray[np.float64]


class MaskedLinearPolicy:
    """A linear softmax policy over the legal ids."""

    def __init__(self, observation_size: int, rng: np.random.Generator) -> None:
        self.weights: Floats = rng.normal(0.0, 0.01, (NUM_ACTIONS, observation_size))
        self.bias: Floats = np.zeros(NUM_ACTIONS)

    def get_probabilities(self, observation: Floats, mask: npt.NDArray[np.int8]) -> Floats:
        """The policy's probability of each id (zero where the mask forbids it)."""
        logits = self.weights @ observation + self.bias
        logits = np.where(mask.astype(bool), logits, -np.inf)
        logits -= logits.max()
        weights = np.exp(logits)
        probabilities: Floats = weights / weights.sum()
        return probabilities


@dataclass(frozen=True, slots=True)
class Batch:
    """The steps of some episodes: observation, mask, id chosen, advantage."""

    observations: Floats
    masks: npt.NDArray[np.int8]
    actions: npt.NDArray[np.int64]
    advantages: Floats

    def get_loss(self, policy: MaskedLinearPolicy) -> float:
        """The REINFORCE loss: minus the mean of advantage * log pi(action)."""
        total = 0.0
        for observation, mask, action, advantage in zip(
            self.observations, self.masks, self.actions, self.advantages, strict=True
        ):
            total -= advantage * float(np.log(policy.get_probabilities(observation, mask)[action]))
        return total / len(self.actions)


def collect(
    env: KanastaEnv, policy: MaskedLinearPolicy, episodes: int, rng: np.random.Generator
) -> Batch:
    """Play whole episodes with the policy (every seat), each step with its advantage."""
    observations: list[Floats] = []
    masks: list[npt.NDArray[np.int8]] = []
    actions: list[int] = []
    returns: list[float] = []
    for _ in range(episodes):
        env.reset(seed=int(rng.integers(2**31)))
        seats: list[int] = []
        for agent in env.agent_iter():
            observation, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            features = observation["observation"].astype(np.float64)
            probabilities = policy.get_probabilities(features, observation["action_mask"])
            action = int(rng.choice(NUM_ACTIONS, p=probabilities))
            observations.append(features)
            masks.append(observation["action_mask"])
            actions.append(action)
            seats.append(env.possible_agents.index(agent))
            env.step(action)
        final = env.state.returns()
        returns.extend(final[seat] / 100 for seat in seats)
    values = np.array(returns)
    return Batch(np.array(observations), np.array(masks), np.array(actions), values - values.mean())


def run_iteration(
    env: KanastaEnv,
    policy: MaskedLinearPolicy,
    episodes: int,
    rng: np.random.Generator,
    learning_rate: float = 0.01,
) -> Batch:
    """One iteration: collect a batch, step the weights along the policy gradient; the
    batch is returned (its loss before and after shows the step)."""
    batch = collect(env, policy, episodes, rng)
    grad_weights = np.zeros_like(policy.weights)
    grad_bias = np.zeros_like(policy.bias)
    for observation, mask, action, advantage in zip(
        batch.observations, batch.masks, batch.actions, batch.advantages, strict=True
    ):
        step = -policy.get_probabilities(observation, mask)
        step[action] += 1.0  # grad of log pi(action) with respect to the logits
        grad_weights += advantage * np.outer(step, observation)
        grad_bias += advantage * step
    policy.weights += learning_rate * grad_weights / len(batch.actions)
    policy.bias += learning_rate * grad_bias / len(batch.actions)
    return batch
