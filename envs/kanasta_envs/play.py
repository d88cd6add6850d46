"""Playing an episode with a seeded generator: chance by the cards unseen, seats at random."""

from __future__ import annotations

import random

from kanasta_envs.core import CHANCE, CoreState

__all__ = ["play_chance", "play_random", "play_random_step"]


def play_chance(state: CoreState, rng: random.Random) -> None:
    """Play chance nodes with ``rng`` (each card kind by its unseen copies) until a seat
    is to act or the episode is over."""
    while state.current_player() == CHANCE:
        pool = state.pool
        pick = rng.randrange(sum(pool))
        for card, count in enumerate(pool):
            if pick < count:
                state.apply(card)
                break
            pick -= count


def play_random_step(state: CoreState, rng: random.Random) -> None:
    """One id: a chance outcome by the unseen cards, or a legal id uniformly at random."""
    if state.current_player() == CHANCE:
        total = sum(state.pool)
        pick = rng.randrange(total)
        for card, count in enumerate(state.pool):
            if pick < count:
                state.apply(card)
                return
            pick -= count
    state.apply(rng.choice(state.legal_actions()))


def play_random(state: CoreState, rng: random.Random, steps: int | None = None) -> CoreState:
    """Play ``steps`` ids (all of them: to the end) at random; the state itself, changed."""
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        play_random_step(state, rng)
        done += 1
    return state
