"""action-kinds, legal-action-count: the engine's actions as a fixed space of action ids.

An engine action is a kind (draw, take-pile, pass, meld, lay-off, discard, take-back), a
list of cards, a meld index and a wild card's run place. The cards of a meld or a lay-off
are any batch the rules accept, so no fixed list of ids can name every batch at once at a
usable size. Each engine action is therefore spelt as a short sequence of ids, its *tokens*,
chosen one after another by the same seat:

* ``DRAW``, ``PASS``, ``TAKE_BACK`` and ``DISCARD + card``: one token, the whole action;
* ``MELD``, ``LAY_OFF + meld`` or ``TAKE_PILE + (meld + 1)`` (a new meld, or none, is
  ``meld = -1``), then one ``CARD + card`` token per card of the batch in the engine's
  canonical (ascending) order, then ``END + wild_at`` (0: no place named).

The sequences are prefix-free (only ``END`` closes a batch, and the one-token actions are
heads no batch starts with), so each engine action is exactly one sequence and each
complete sequence exactly one engine action; the legal ids at a point are the next tokens
of the legal actions that extend the tokens already chosen (:class:`kanasta_envs.core.Legal`).

The bound (:data:`NUM_ACTIONS`): a card is one of 53 kinds (52 suited cards and the
joker, clause card-identity); a run place is 1..14 (run-wild-placement); and a meld index
is below :data:`MAX_MELDS`, because every meld on a side's table holds at least one card
and a deck holds at most 104 + 4 cards (deck-composition; the native engine's MAX_DECK).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from kanasta.rules.cards import NUM_KINDS, format_card

__all__ = [
    "CARD",
    "CARD_OF_TEXT",
    "CARD_TEXT",
    "DISCARD",
    "DRAW",
    "END",
    "LAY_OFF",
    "MAX_DECK",
    "MAX_LEGAL_ACTIONS",
    "MAX_MELDS",
    "MAX_WILD_AT",
    "MELD",
    "NUM_ACTIONS",
    "PASS",
    "TAKE_BACK",
    "TAKE_PILE",
    "EngineAction",
    "get_action_tokens",
    "get_engine_action",
    "get_token_text",
]

MAX_DECK = 108
"""The most cards a deck of any family holds: two packs of 52 and four jokers."""
MAX_MELDS = MAX_DECK
"""More melds than a side can have: each holds at least one card of one deck."""
MAX_WILD_AT = 14
"""The highest run place a wild card can name (14: the ace above the king)."""

DRAW = 0
PASS = 1
TAKE_BACK = 2
DISCARD = 3
MELD = DISCARD + NUM_KINDS
LAY_OFF = MELD + 1
TAKE_PILE = LAY_OFF + MAX_MELDS
CARD = TAKE_PILE + MAX_MELDS + 1
END = CARD + NUM_KINDS
NUM_ACTIONS = END + MAX_WILD_AT + 1
"""The number of distinct action ids, the same for every family (342)."""

MAX_LEGAL_ACTIONS = 32768
"""The atomic mode's id space (:mod:`kanasta_envs.atomic`): an id is a place in the
engine's legal list, so the bound is the most legal actions a decision offers. No small
bound follows from the rules (a meld may be any batch of a hand rich in wild cards; the
engine itself stops counting at a million), so this one is measured and declared: the
most found is 11,467 (classic, two players; 4,931 outside classic) over 2,500 random
hands of each family and player count, and 811 over every conformance fixture state; the
bound leaves nearly three times that. A decision over
the bound is refused with an error naming it (:func:`kanasta_envs.atomic.get_atomic_ids`);
the spelt mode has no such bound."""

CARD_TEXT: tuple[str, ...] = tuple(format_card(c) for c in range(NUM_KINDS))
CARD_OF_TEXT: dict[str, int] = {text: c for c, text in enumerate(CARD_TEXT)}


@dataclass(frozen=True, slots=True)
class EngineAction:
    """One engine action as data: its kind, cards (ascending), meld index and run place."""

    kind: str
    cards: tuple[int, ...] = ()
    meld: int = 0
    wild_at: int = 0


def get_engine_action(data: Mapping[str, object]) -> EngineAction:
    """action-json: an engine action from the protocol's action object."""
    kind = str(data["type"])
    raw: object = data.get("cards", [data["card"]] if "card" in data else [])
    if isinstance(raw, str):
        raw = raw.split()
    if not isinstance(raw, list):
        raise ValueError(f"action {data!r}: its cards are no list")
    cards = tuple(sorted(CARD_OF_TEXT[str(c)] for c in raw))
    # A take-pile names a meld only when its top card goes onto one (none: -1).
    meld_raw = data.get("meld", -1 if kind == "take-pile" else 0)
    wild_raw = data.get("wild_at")
    meld = int(meld_raw) if isinstance(meld_raw, int) else 0
    wild_at = int(wild_raw) if isinstance(wild_raw, int) else 0
    return EngineAction(kind, cards, meld, wild_at)


def _batch(head: int, cards: Iterable[int], wild_at: int) -> tuple[int, ...]:
    if not 0 <= wild_at <= MAX_WILD_AT:
        raise ValueError(f"a run place is 0..{MAX_WILD_AT}, not {wild_at}")
    return (head, *(CARD + c for c in cards), END + wild_at)


def _meld_index(meld: int, low: int) -> int:
    if not low <= meld < MAX_MELDS:
        raise ValueError(f"a meld index is {low}..{MAX_MELDS - 1}, not {meld}")
    return meld


def get_action_tokens(action: EngineAction) -> tuple[int, ...]:
    """action-kinds: the tokens spelling one engine action (see the module's text)."""
    kind = action.kind
    if kind == "draw":
        return (DRAW,)
    if kind == "pass":
        return (PASS,)
    if kind == "take-back":
        return (TAKE_BACK,)
    if kind == "discard":
        (card,) = action.cards
        return (DISCARD + card,)
    if kind == "meld":
        return _batch(MELD, action.cards, action.wild_at)
    if kind == "lay-off":
        return _batch(LAY_OFF + _meld_index(action.meld, 0), action.cards, action.wild_at)
    if kind == "take-pile":
        return _batch(TAKE_PILE + 1 + _meld_index(action.meld, -1), action.cards, 0)
    raise ValueError(f"unknown action kind {kind!r}")


def get_token_text(token: int) -> str:
    """A token as text: ``draw``, ``discard 7S``, ``lay-off 2``, ``card JK``, ``end @3``."""
    if not 0 <= token < NUM_ACTIONS:
        raise ValueError(f"an action id is 0..{NUM_ACTIONS - 1}, not {token}")
    if token < DISCARD:
        return ("draw", "pass", "take-back")[token]
    if token < MELD:
        return f"discard {CARD_TEXT[token - DISCARD]}"
    if token == MELD:
        return "meld"
    if token < TAKE_PILE:
        return f"lay-off {token - LAY_OFF}"
    if token < CARD:
        index = token - TAKE_PILE - 1
        return "take-pile" if index < 0 else f"take-pile {index}"
    if token < END:
        return f"card {CARD_TEXT[token - CARD]}"
    place = token - END
    return "end" if place == 0 else f"end @{place}"
