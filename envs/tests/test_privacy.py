"""player-view: no card a seat has not seen reaches its tensors: a seat's observation and
information state are unchanged when the cards it has not seen are dealt anew."""

from __future__ import annotations

import random

import numpy as np
import pytest

from kanasta_envs.actions import CARD_OF_TEXT
from kanasta_envs.core import CHANCE, CoreState, Game, count_cards
from kanasta_envs.observe import get_info_state_tensor, get_observation_tensor
from kanasta_envs.params import Params, get_combinations
from kanasta_envs.play import play_random_step
from kanasta_envs.resample import resample


def decision_states(game: Game, seed: int, count: int) -> list[CoreState]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[CoreState] = []
    while not state.is_terminal() and len(found) < count:
        play_random_step(state, rng)
        if state.current_player() != CHANCE and not state.is_terminal() and rng.random() < 0.05:
            found.append(state.clone())
    return found


def tensors(game: Game, state: CoreState, seat: int) -> tuple[np.ndarray, np.ndarray]:
    return get_observation_tensor(game, state, seat), get_info_state_tensor(game, state, seat)


@pytest.mark.parametrize(("family", "players"), get_combinations())
def test_player_view_unchanged_across_resamples(family: str, players: int) -> None:
    game = Game(Params(family=family, players=players))
    rng = random.Random(5)
    others_changed = False
    for state in decision_states(game, 3, 5):
        for seat in range(players):
            seen = tensors(game, state, seat)
            for _ in range(3):
                other = resample(state, seat, rng)
                again = tensors(game, other, seat)
                assert np.array_equal(seen[0], again[0])
                assert np.array_equal(seen[1], again[1])
                assert other.legal_actions() == state.legal_actions() or (
                    state.current_player() != seat
                )
                for peer in range(players):
                    if peer != seat and not np.array_equal(
                        tensors(game, state, peer)[0], tensors(game, other, peer)[0]
                    ):
                        others_changed = True
    assert others_changed  # the resample did deal the unseen cards anew


def test_resample_keeps_cards_publicly_known_in_a_hand() -> None:
    game = Game(Params(family="classic"))
    rng = random.Random(8)
    known_seen = 0
    for state in decision_states(game, 12, 40):
        known_seen += sum(map(sum, state.known))
        for seat in range(game.players):
            other = resample(state, seat, rng)
            for peer in range(game.players):
                hand = other.json["hands"][peer]
                counts = count_cards([CARD_OF_TEXT[c] for c in hand])
                assert all(counts[c] >= state.known[peer][c] for c in range(53))
    assert known_seen > 0  # some pile was taken: the memory was put to the test


def test_resampled_state_plays_on_to_the_end() -> None:
    game = Game(Params(family="fi-351"))
    rng = random.Random(2)
    state = decision_states(game, 4, 1)[0]
    other = resample(state, state.current_player(), rng)
    while not other.is_terminal():
        play_random_step(other, rng)
    assert sum(other.returns()) == 0
