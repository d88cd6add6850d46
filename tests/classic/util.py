"""Small builders for the classic tests: states from the cards that matter, actions, and
accept/reject helpers (the same vocabulary as the koz tests)."""

from __future__ import annotations

from typing import Any

from kanasta.errors import Violation
from kanasta.families import get_profile
from kanasta.families.classic import PROFILE as CLASSIC
from kanasta.io.scenario import build_state
from kanasta.rules.actions import Action, ActionType, apply_action
from kanasta.rules.cards import parse_card, parse_cards
from kanasta.rules.families import RulesProfile
from kanasta.rules.state import Phase, State

__all__ = [
    "CANASTA",
    "CLASSIC",
    "MIXED",
    "Phase",
    "accept",
    "back",
    "classic_state",
    "disc",
    "draw",
    "lay",
    "meld",
    "reject",
    "seat_hands",
    "take",
]

CANASTA = "KC KC KD KD KH KH KS"
"""Seven natural kings: a natural canasta, 70 in cards."""
MIXED = "QC QC QD QD QH QH JK"
"""Six queens and a joker: a mixed canasta, 110 in cards."""


def classic_state(*options: str, **kwargs: Any) -> State:
    """A classic state (with ``options`` in force) from the cards that matter."""
    profile: RulesProfile = get_profile("classic", options) if options else CLASSIC
    return build_state(profile, **kwargs)


def seat_hands(seat: int, hand: str, players: int = 4) -> list[str | None]:
    out: list[str | None] = [None] * players
    out[seat] = hand
    return out


def draw() -> Action:
    return Action(ActionType.DRAW)


def take(cards: str = "", onto: int = -1) -> Action:
    """classic-take-pile: the top card melded with ``cards``, or laid off on meld ``onto``."""
    return Action(ActionType.TAKE_PILE, tuple(sorted(parse_cards(cards))) if cards else (), onto)


def back() -> Action:
    return Action(ActionType.TAKE_BACK)


def meld(cards: str) -> Action:
    return Action(ActionType.MELD, tuple(sorted(parse_cards(cards))))


def lay(index: int, cards: str) -> Action:
    return Action(ActionType.LAY_OFF, tuple(sorted(parse_cards(cards))), index)


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
