"""player-view: resampling the cards a seat has not seen (OpenSpiel's resample_from_infostate).

A resampled state keeps everything the seat knows: its own hand, the table, the pile, the
stock's and the fi packets' sizes, the trump card, and the cards each other seat is
publicly known to hold (taken from the pile or back from the table, :mod:`observe`). The
rest, the other hands' unknown cards, the unseen stock and the fi packets not yet taken,
is dealt anew uniformly from the same cards. A partner's action being spelt is dropped
(the seat does not see it); under classic-concealed-canasta the seat to act keeps its
hand while it holds a taken pile (the engine remembers that hand).
"""

from __future__ import annotations

import random
from typing import Any

import kanasta_native
from kanasta.rules.cards import NUM_KINDS

from kanasta_envs.actions import CARD_OF_TEXT, CARD_TEXT
from kanasta_envs.core import CoreState, count_cards

__all__ = ["resample"]


def resample(state: CoreState, seat: int, rng: random.Random) -> CoreState:
    """A state ``seat`` cannot tell from ``state``, the unseen cards dealt anew."""
    if state.is_terminal() or state.is_chance():
        raise ValueError("a state is resampled at a seat's decision, not at chance or the end")
    game = state.game
    j: dict[str, Any] = dict(state.json)
    fixed = {seat}
    if "pile_hand" in j["extra"]:
        fixed.add(j["turn"])
    hands = [count_cards([CARD_OF_TEXT[c] for c in h]) for h in j["hands"]]
    unknown: list[list[int]] = []
    hidden: list[int] = []
    for s, hand in enumerate(hands):
        free = (
            [0] * NUM_KINDS
            if s in fixed
            else [hand[c] - state.known[s][c] for c in range(NUM_KINDS)]
        )
        unknown.append(free)
        hidden.extend(c for c in range(NUM_KINDS) for _ in range(free[c]))
    stock = [CARD_OF_TEXT[c] for c in j["stock"]]
    bottom = (
        1
        if (j["trump"] is not None and stock and game.profile.trump_rule.name == "BOTTOM_OF_STOCK")
        else 0
    )
    free_stock = len(stock) - bottom
    hidden.extend(stock[:free_stock])
    fi = [[CARD_OF_TEXT[c] for c in p] for p in j["fi"]]
    for packet in fi:
        hidden.extend(packet)
    rng.shuffle(hidden)
    position = 0
    new_hands: list[list[str]] = []
    for s, hand in enumerate(hands):
        cards = [c for c in range(NUM_KINDS) for _ in range(hand[c] - unknown[s][c])]
        take = sum(unknown[s])
        cards += hidden[position : position + take]
        position += take
        new_hands.append([CARD_TEXT[c] for c in sorted(cards)])
    new_stock = hidden[position : position + free_stock] + stock[free_stock:]
    position += free_stock
    new_fi = []
    for packet in fi:
        new_fi.append(hidden[position : position + len(packet)])
        position += len(packet)
    j["hands"] = new_hands
    j["stock"] = [CARD_TEXT[c] for c in new_stock]
    j["fi"] = [[CARD_TEXT[c] for c in p] for p in new_fi]
    other = state.clone()
    other.set_native(kanasta_native.state_from_json(game.native_profile, j, "state"))
    if j["turn"] != seat:
        other.prefix = []
    other.pool = other.get_unseen()
    return other
