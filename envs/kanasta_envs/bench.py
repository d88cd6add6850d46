"""A bench of steps per second: the PettingZoo environment played by a random agent, each
step counting the observation and the action mask it reads (``python -m kanasta_envs.bench``;
``--actions atomic`` for the atomic mode, whose observation also holds the feature rows).

One environment, and the batched API (``--batch N``: steps summed over its rows), in one
process; canasta-openspiel is not measured here yet.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from kanasta_envs.params import ACTION_MODES, Params
from kanasta_envs.pettingzoo import KanastaEnv
from kanasta_envs.vector import VectorGame

__all__ = ["measure_batch_steps_per_second", "measure_steps_per_second"]


def measure_steps_per_second(params: Params, seconds: float, seed: int = 0) -> tuple[int, float]:
    """Steps (agent actions) played in about ``seconds`` of processor time, and the
    processor seconds taken (the fairer figure on a machine busy with other work)."""
    env = KanastaEnv(params)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        observation, _, done, cut, _ = env.last()
        if done or cut:
            env.reset(seed=int(rng.integers(2**31)))
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps, time.process_time() - start


def measure_batch_steps_per_second(
    params: Params, rows: int, seconds: float, seed: int = 0
) -> tuple[int, float]:
    """Steps summed over the rows of a batch played in about ``seconds`` of processor time,
    and the processor seconds taken."""
    batch = VectorGame(params, rows)
    batch.reset([seed + i for i in range(rows)])
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _, masks, _ = batch.observe()
        batch.step([int(rng.choice(np.flatnonzero(mask))) for mask in masks])
        steps += rows
    return steps, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--batch", type=int, default=0, help="also a batch of this many rows")
    parser.add_argument(
        "--actions", choices=ACTION_MODES, default="spelt", help="the action mode played"
    )
    parser.add_argument("families", nargs="*", default=["koz", "fi-5200", "fi-351", "classic"])
    args = parser.parse_args()
    for family in args.families:
        params = Params(family=family, actions=args.actions)
        steps, took = measure_steps_per_second(params, args.seconds)
        print(f"{family}: {steps / took:.0f} steps/s ({steps} steps in {took:.1f} s of CPU)")
        if args.batch:
            steps, took = measure_batch_steps_per_second(
                Params(family=family), args.batch, args.seconds
            )
            print(f"{family}, batch of {args.batch} (spelt): {steps / took:.0f} steps/s")


if __name__ == "__main__":
    main()
