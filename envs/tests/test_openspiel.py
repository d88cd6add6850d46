"""The OpenSpiel front end: OpenSpiel's own random simulation test (with serialization) for
every family, player count and scope, and the game's parameters."""

from __future__ import annotations

import pickle
import random

import pyspiel
import pytest

import kanasta_envs.openspiel  # noqa: F401 (registers the game)
from kanasta_envs.actions import NUM_ACTIONS
from kanasta_envs.params import get_combinations

COMBINATIONS = get_combinations()


@pytest.mark.parametrize(("family", "players"), COMBINATIONS)
def test_random_sim_test_hand_scope(family: str, players: int) -> None:
    game = pyspiel.load_game(f"kanasta(family={family},players={players})")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("family", "players"), COMBINATIONS)
def test_random_sim_test_game_scope(family: str, players: int) -> None:
    # A low target and a short cap keep random play to a few hands (a hand's end is a turn).
    game = pyspiel.load_game(
        f"kanasta(family={family},players={players},scope=game,max_turns=150,target=50)"
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_load_game_names_the_family_and_players() -> None:
    game = pyspiel.load_game("kanasta(family=classic,players=6)")
    assert game.num_players() == 6
    assert game.num_distinct_actions() == NUM_ACTIONS
    assert game.max_chance_outcomes() == 53
    assert game.get_parameters()["family"] == "classic"


def test_rule_options_join_with_plus() -> None:
    game = pyspiel.load_game("kanasta(family=classic,options=black-three-freezes+joker-canasta)")
    assert game.core.profile.options == ("black-three-freezes", "joker-canasta")


def test_a_player_count_the_family_does_not_allow_is_refused() -> None:
    with pytest.raises(Exception, match="played by 4 players"):
        pyspiel.load_game("kanasta(family=koz,players=3)")


def test_state_pickles_and_serializes_mid_hand() -> None:
    game = pyspiel.load_game("kanasta(family=koz)")
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(120):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    again = pickle.loads(pickle.dumps(state))
    assert again.core.json == state.core.json
    assert again.legal_actions() == state.legal_actions()
    text = pyspiel.serialize_game_and_state(game, state)
    _, replayed = pyspiel.deserialize_game_and_state(text)
    assert replayed.history() == state.history()
    assert replayed.core.json == state.core.json


def test_resample_from_infostate_keeps_the_seat_s_tensors() -> None:
    game = pyspiel.load_game("kanasta(family=fi-351,players=3)")
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node() or len(state.history()) < 90:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(3):
        other = state.resample_from_infostate(seat, rng.random)
        assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.current_player() == state.current_player()


def test_information_state_string_hides_cards_the_seat_did_not_see() -> None:
    game = pyspiel.load_game("kanasta(family=koz)")
    state = game.new_initial_state()
    for _ in range(44):  # the four hands, card by card, seat by seat
        state.apply_action(state.legal_actions()[0])
    text = state.information_state_string(0).split("history:")[1].split()
    assert text[:11] == [f"c:{a}" for a in state.history()[:11]]
    assert set(text[11:44]) == {"c:?"}
