"""Small helpers for the koz tests: build states, write actions, apply them."""

from __future__ import annotations

from typing import Any

from kanasta.errors import Violation
from kanasta.families.koz import PROFILE as KOZ
from kanasta.io.scenario import build_state
from kanasta.rules.actions import TAKE_PILE, Action, ActionType, apply_action
from kanasta.rules.cards import parse_card, parse_cards
from kanasta.rules.state import Phase, State

__all__ = [
    "KOZ",
    "Phase",
    "accept",
    "back",
    "disc",
    "draw",
    "koz_state",
    "lay",
    "meld",
    "reject",
    "take",
]


def koz_state(**kwargs: Any) -> State:
    """A koz state from the cards that matter (see :func:`kanasta.io.scenario.build_state`)."""
    return build_state(KOZ, **kwargs)


def draw() -> Action:
    return Action(ActionType.DRAW)


def take() -> Action:
    return TAKE_PILE


def back() -> Action:
    return Action(ActionType.TAKE_BACK)


def meld(cards: str, wild_at: int | None = None) -> Action:
    return Action(ActionType.MELD, tuple(sorted(parse_cards(cards))), 0, wild_at)


def lay(index: int, cards: str, wild_at: int | None = None) -> Action:
    return Action(ActionType.LAY_OFF, tuple(sorted(parse_cards(cards))), index, wild_at)


def disc(card: str) -> Action:
    return Action(ActionType.DISCARD, (parse_card(card),))


def accept(state: State, *actions: Action) -> State:
    """Apply the actions in order; each must be accepted."""
    for action in actions:
        result = apply_action(state, action)
        assert not isinstance(result, Violation), f"{action} refused: {result}"
        state = result
    return state


def reject(state: State, action: Action, clause: str, code: str) -> None:
    """The action must be refused with this clause and reason code."""
    result = apply_action(state, action)
    assert isinstance(result, Violation), f"{action} was accepted"
    assert (result.clause, result.code) == (clause, code), str(result)
