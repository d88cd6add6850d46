"""Two baseline agents on the atomic view: one at random, one greedy.

The greedy agent takes the pile when it holds three cards or more, lays as many cards as
one action allows (but not again right after taking back an opening short of the
minimum), draws otherwise, and discards the card it holds the fewest copies of, the
lowest in points first. Both choose among the engine's legal actions
(:mod:`kanasta_envs.atomic`) and break ties with the generator given.
"""

from __future__ import annotations

import random

from kanasta_envs.actions import CARD_OF_TEXT, EngineAction
from kanasta_envs.atomic import get_atomic_actions
from kanasta_envs.core import CoreState, count_cards

__all__ = ["get_greedy_action", "get_random_action"]


def get_random_action(state: CoreState, rng: random.Random) -> int:
    """The index of a legal action chosen uniformly."""
    return rng.randrange(len(get_atomic_actions(state)))


def _worth(state: CoreState, action: EngineAction, hand: list[int]) -> float:
    points = state.game.profile.points.by_hand_card
    if action.kind == "take-pile":
        return 100.0 if len(state.json["discard"]) >= 3 else 5.0
    if action.kind in ("meld", "lay-off"):
        taken_back = state.last_action is not None and state.last_action.kind == "take-back"
        return -10.0 if taken_back else 50.0 + len(action.cards)
    if action.kind == "draw":
        return 10.0
    if action.kind == "discard":
        card = action.cards[0]
        return -hand[card] - points[card] / 1000
    return -1000.0  # pass, take-back


def get_greedy_action(state: CoreState, rng: random.Random) -> int:
    """The index of the legal action the greedy agent prefers (ties at random)."""
    actions = get_atomic_actions(state)
    seat = state.current_player()
    hand = count_cards([CARD_OF_TEXT[c] for c in state.json["hands"][seat]])
    worth = [_worth(state, a, hand) for a in actions]
    best = max(worth)
    return rng.choice([i for i, w in enumerate(worth) if w == best])
