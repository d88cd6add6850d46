"""legal-action-count, action-kinds: the engine's legal actions whole, each with a feature
vector, for pointer-style policies (the atomic view of the spelt ids).

At a seat's decision with nothing spelt yet, :func:`get_atomic_actions` lists exactly the
engine's legal actions in its canonical order, :func:`get_action_features` gives one row
per action, and :func:`apply_atomic` plays the action at an index by spelling its ids.
A row holds: the kind (one-hot over the seven kinds), the cards (a count per card kind),
the meld index of a lay-off or a pile taken (index + 1, divided by :data:`MAX_MELDS` + 1; 0 for
none), the wild card's
run place (one-hot over 0..14) and the number of cards.

The atomic mode (parameter ``actions=atomic`` of both front ends) is built on these: at a
decision the legal ids are ``0 .. n-1``, the places in the engine's legal list
(:func:`get_atomic_ids`), below the declared bound
:data:`~kanasta_envs.actions.MAX_LEGAL_ACTIONS`; at a chance node they are the card kinds
as in the spelt mode. :func:`apply_atomic_id` plays either, and
:func:`get_padded_features` gives the feature rows padded with zero rows to the bound.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from kanasta.rules.cards import NUM_KINDS

from kanasta_envs.actions import (
    CARD_TEXT,
    MAX_LEGAL_ACTIONS,
    MAX_MELDS,
    MAX_WILD_AT,
    EngineAction,
    get_action_tokens,
    get_token_text,
)
from kanasta_envs.core import CoreState

__all__ = [
    "ACTION_KINDS",
    "FEATURES",
    "apply_atomic",
    "apply_atomic_id",
    "get_action_features",
    "get_atomic_actions",
    "get_atomic_ids",
    "get_atomic_text",
    "get_padded_features",
]

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


def check_bound(count: int) -> None:
    """legal-action-count: refuse a decision with more legal actions than the atomic
    mode's ids can name (a limit of the mode, not a rule: the spelt mode plays it)."""
    if count > MAX_LEGAL_ACTIONS:
        raise ValueError(
            f"the engine lists {count} legal actions here, more than the atomic mode's "
            f"bound MAX_LEGAL_ACTIONS = {MAX_LEGAL_ACTIONS} (clause legal-action-count); "
            "play this state in the spelt mode (actions=spelt), whose ids have no such bound."
        )


def get_atomic_ids(state: CoreState) -> list[int]:
    """The legal ids of the atomic mode: none at the end, the unseen card kinds at a
    chance node, else the places ``0 .. n-1`` of the engine's legal list."""
    if state.is_terminal():
        return []
    if state.is_chance():
        return state.legal_actions()
    _check(state)
    count = len(state.engine_legal().actions)
    check_bound(count)
    return list(range(count))


def apply_atomic_id(state: CoreState, action: int) -> None:
    """Play one id of the atomic mode: a chance outcome, or the legal action at that place."""
    if state.is_chance():
        state.apply(action)
    else:
        apply_atomic(state, action)


def get_atomic_text(state: CoreState, action: int) -> str:
    """An id of the atomic mode as text: the card, or the engine action at that place
    spelt out (``action N`` when there is none)."""
    if state.is_chance():
        return f"card {CARD_TEXT[action]}" if 0 <= action < NUM_KINDS else f"card {action}"
    actions = state.engine_legal().engine
    if not 0 <= action < len(actions):
        return f"action {action}"
    return " ".join(get_token_text(t) for t in get_action_tokens(actions[action]))


def get_padded_features(state: CoreState) -> npt.NDArray[np.float32]:
    """The feature rows of the legal actions (:func:`get_action_features`) in an array
    of :data:`~kanasta_envs.actions.MAX_LEGAL_ACTIONS` rows, zero past the legal count
    (all zero when no seat is to decide)."""
    padded = np.zeros((MAX_LEGAL_ACTIONS, FEATURES), np.float32)
    if state.is_terminal() or state.is_chance() or state.prefix:
        return padded
    rows = get_action_features(state)
    check_bound(len(rows))
    padded[: len(rows)] = rows
    return padded
