"""player-view, public memory: the cards a seat takes from the pile are known in its hand
to everyone until it lays them; every discard is remembered."""

from __future__ import annotations

import random

from kanasta_envs.actions import CARD_OF_TEXT, DISCARD, MELD, TAKE_PILE
from kanasta_envs.core import CHANCE, PUBLIC_TOKEN, Game, count_cards
from kanasta_envs.observe import get_info_state_tensor, get_layout
from kanasta_envs.params import Params
from kanasta_envs.play import play_random_step


def test_cards_taken_from_the_pile_are_known_in_the_hand() -> None:
    game = Game(Params(family="koz"))
    taken = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            if seat != CHANCE and not state.prefix and TAKE_PILE in state.legal_actions():
                pile = count_cards([CARD_OF_TEXT[c] for c in state.json["discard"]])
                before = list(state.known[seat])
                state.apply(TAKE_PILE)
                if state.prefix:  # the take is spelt take-pile, end
                    state.apply(state.legal_actions()[0])
                hand = count_cards([CARD_OF_TEXT[c] for c in state.json["hands"][seat]])
                assert state.known[seat] == [min(before[c] + pile[c], hand[c]) for c in range(53)]
                taken += 1
                break
            play_random_step(state, rng)
    assert taken > 0


def test_known_cards_leave_with_the_cards_laid_and_reach_every_seat_s_tensor() -> None:
    game = Game(Params(family="koz"))
    layout = dict(get_layout(game, info_state=True))
    start = sum(size for name, size in get_layout(game, info_state=True)[:-2])
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            play_random_step(state, rng)
            if state.is_terminal() or state.current_player() == CHANCE:
                continue
            for seat in range(game.players):
                hand = count_cards([CARD_OF_TEXT[c] for c in state.json["hands"][seat]])
                assert all(state.known[seat][c] <= hand[c] for c in range(53))
            if any(map(any, state.known)):
                holder = next(s for s in range(game.players) if any(state.known[s]))
                for viewer in range(game.players):
                    tensor = get_info_state_tensor(game, state, viewer)
                    row = (holder - viewer) % game.players
                    block = tensor[start + row * 53 : start + (row + 1) * 53]
                    assert list(block) == state.known[holder]
                assert layout["known"] == game.players * 53
                return
    raise AssertionError("no pile was taken in forty random hands")


def test_every_discard_is_remembered() -> None:
    game = Game(Params(family="classic", players=2))
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        play_random_step(state, rng)
    discards = count_cards(
        [
            t - DISCARD
            for t, seer in zip(state.history, state.seen_by, strict=True)
            if seer >= PUBLIC_TOKEN and DISCARD <= t < MELD
        ]
    )
    upcards = [state.discards_seen[c] - discards[c] for c in range(53)]
    assert sum(discards) > 0
    assert all(n >= 0 for n in upcards)
    assert sum(upcards) >= 1  # the upcard, and any turned to cover it
