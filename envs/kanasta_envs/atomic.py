"""legal-action-count, action-kinds: the engine's legal actions whole, each with a feature
vector, for pointer-style policies (the atomic view of the spelt ids).

At a seat's decision with nothing spelt yet, :func:`get_atomic_actions` lists exactly the
engine's legal actions in its canonical order, :func:`get_action_features` gives one row
per action, and :func:`apply_atomic` plays the action at an index by spelling its ids.
A row holds: the kind (one-hot over the seven kinds), the cards (a count per card kind),
the meld index of a lay-off or a pile taken (index + 1, divided by :data:`MAX_MELDS` + 1; 0 for
none), the wild card's
run place (one-hot over 0..14) and the number of cards.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from kanasta.rules.cards import NUM_KINDS

from kanasta_envs.actions import MAX_MELDS, MAX_WILD_AT, EngineAction, get_action_tokens
from kanasta_envs.core import CoreState

__all__ = ["ACTION_KINDS", "FEATURES", "apply_atomic", "get_action_features", "get_atomic_actions"]

ACTION_KINDS = ("draw", "take-pile", "pass", "meld", "lay-off", "discard", "take-back")
FEATURES = len(ACTION_KINDS) + NUM_KINDS + 1 + (MAX_WILD_AT + 1) + 1
"""The length of one action's feature row (7 + 53 + 1 + 15 + 1 = 77)."""


def _check(state: CoreState) -> None:
    if state.is_terminal() or state.is_chance() or state.prefix:
        raise ValueError("atomic actions are listed at a seat's decision with nothing spelt")


def get_atomic_actions(state: CoreState) -> list[EngineAction]:
    """legal-action-count: the engine's legal actions, in its canonical order."""
    _check(state)
    return list(state.engine_legal().engine)


def get_action_features(state: CoreState) -> npt.NDArray[np.float32]:
    """One feature row per legal action (see the module's text), float32."""
    actions = get_atomic_actions(state)
    rows = np.zeros((len(actions), FEATURES), np.float32)
    cards_at = len(ACTION_KINDS)
    meld_at = cards_at + NUM_KINDS
    wild_at = meld_at + 1
    for row, action in zip(rows, actions, strict=True):
        row[ACTION_KINDS.index(action.kind)] = 1
        for card in action.cards:
            row[cards_at + card] += 1
        if action.kind in ("lay-off", "take-pile"):
            row[meld_at] = (action.meld + 1) / (MAX_MELDS + 1)
        row[wild_at + action.wild_at] = 1
        row[-1] = len(action.cards)
    return rows


def apply_atomic(state: CoreState, index: int) -> None:
    """Play the legal action at ``index`` (of :func:`get_atomic_actions`) by its ids; the
    state is then at the next decision or at a chance node revealing a card."""
    actions = get_atomic_actions(state)
    if not 0 <= index < len(actions):
        raise ValueError(f"action index {index}: there are {len(actions)} legal actions")
    for token in get_action_tokens(actions[index]):
        state.apply(token)
