"""seeded-shuffle, deal-order: the same seed deals what ``kanasta play --seed`` deals, and
the same ids then follow the engine's own trajectory."""

from __future__ import annotations

import random
from typing import Any

import kanasta_native
import pytest
from kanasta.rules.game import get_hand_seed

from kanasta_envs.actions import get_action_tokens
from kanasta_envs.core import CoreState, Game
from kanasta_envs.params import Params, get_combinations
from kanasta_envs.seeded import SeededDeals


@pytest.mark.parametrize(("family", "players"), get_combinations())
def test_seeded_deal_is_the_engine_s_deal_and_trajectory(family: str, players: int) -> None:
    game = Game(Params(family=family, players=players))
    seed = 41
    deals = SeededDeals(seed)
    state = game.new_initial_state()
    deals.play_chance(state)
    engine = kanasta_native.new_hand_from_seed(
        game.native_profile, get_hand_seed(seed, 1), game.first_dealer, None
    )
    assert visible(state.json) == visible(engine.to_json())
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.engine_legal()
        index = rng.randrange(len(legal.actions))
        before = len(state.history)
        for token in _spelling(state, index):
            state.apply(token)
        deals.play_chance(state)
        assert len(state.history) > before
        engine = engine.apply(legal.actions[index])
        if not state.is_terminal() or not state.truncated:
            assert visible(state.json) == visible(engine.to_json())


def _spelling(state: CoreState, index: int) -> tuple[int, ...]:
    return get_action_tokens(state.engine_legal().engine[index])


def visible(data: dict[str, Any]) -> dict[str, Any]:
    """The state as seen by everyone at once: the hidden stock and fi only by their sizes
    (the environment decides them only when they are seen)."""
    shown = {k: v for k, v in data.items() if k not in ("stock", "fi")}
    shown["stock"] = len(data["stock"])
    shown["fi"] = [len(p) for p in data["fi"]]
    return shown


def test_game_record_second_hand_is_the_second_hand_seed_s_deal() -> None:
    game = Game(Params(family="fi-351", players=2, scope="game", target=5000))
    seed = 7
    deals = SeededDeals(seed)
    state = game.new_initial_state()
    rng = random.Random(1)
    deals.play_chance(state)
    while state.hands_played == 0:
        legal = state.engine_legal()
        for token in _spelling(state, rng.randrange(len(legal.actions))):
            state.apply(token)
        deals.play_chance(state)
    assert not state.is_terminal()
    totals = list(state.totals)
    engine = kanasta_native.new_hand_from_seed(
        game.native_profile, get_hand_seed(seed, 2), state.dealer, totals
    )
    assert state.dealer == 0  # the deal passed from the last seat to seat 0
    assert visible(state.json) == visible(engine.to_json())
