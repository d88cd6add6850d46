"""The baseline agents: each plays legal actions only; the greedy side beats the random
side over a few hands dealt from fixed seeds."""

from __future__ import annotations

import random

import pytest

from kanasta_envs.agents import get_greedy_action, get_random_action
from kanasta_envs.atomic import apply_atomic
from kanasta_envs.core import Game
from kanasta_envs.params import Params
from kanasta_envs.seeded import SeededDeals


def play_greedy_against_random(game: Game, seed: int, greedy_side: int) -> float:
    state = game.new_initial_state()
    deals = SeededDeals(seed)
    rng = random.Random(seed)
    deals.play_chance(state)
    while not state.is_terminal():
        seat = state.current_player()
        pick = get_greedy_action if game.team_of(seat) == greedy_side else get_random_action
        apply_atomic(state, pick(state, rng))
        deals.play_chance(state)
    return state.returns()[greedy_side]


@pytest.mark.parametrize("family", ["koz", "fi-351", "classic"])
def test_greedy_side_beats_the_random_side(family: str) -> None:
    game = Game(Params(family=family))
    results = [play_greedy_against_random(game, seed, seed % 2) for seed in range(6)]
    assert sum(results) > 0
    assert sum(r > 0 for r in results) >= 4
