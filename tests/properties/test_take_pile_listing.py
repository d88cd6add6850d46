"""Classic's listing of the ways to take the pile agrees with brute force.

The listing (:func:`kanasta.fast.turn.get_take_pile_options`) builds its candidates from the
hand (natural pairs of the top card's rank, a natural and a wild card, the top card alone
onto the side's meld of its rank) and keeps those the move accepts. Brute force offers
every sub-multiset of up to three hand cards with every meld index (and none) to
``apply_action`` instead.
"""

from __future__ import annotations

import os
import random

import pytest

from kanasta import engine
from kanasta.errors import Violation
from kanasta.families import get_profile
from kanasta.rules.actions import ActionType
from kanasta.rules.state import Phase
from tests.properties.brute import brute_take_pile

_HANDS = max(2, int(os.environ.get("KANASTA_SELFPLAY_HANDS", "200")) // 100)
"""Hands per table (2; 50 in ``nox -s thorough``)."""
_MOST_CARDS = 14
"""Brute force tries every three cards of the hand: keep hands small."""
_TABLES = [
    (),
    ("players-2",),
    ("players-3",),
    ("players-6",),
    ("black-three-freezes",),
    ("concealed-canasta",),
    ("black-three-last-turn",),
]


@pytest.mark.clause(
    "classic-take-pile",
    "classic-frozen-pile",
    "classic-concealed-canasta",
    "classic-black-three-last-turn",
    "legal-action-count",
)
@pytest.mark.parametrize("options", _TABLES)
def test_classic_take_pile_listing_is_brute_force(options: tuple[str, ...]) -> None:
    rules = get_profile("classic", options)
    rng = random.Random(41)
    compared = taken = 0
    for index in range(_HANDS):
        state = engine.new_hand(rules, seed=4100 + index)
        while state.phase is not Phase.OVER:
            legal = engine.legal_actions(state)
            takes = [a for a in legal if a.type is ActionType.TAKE_PILE]
            if state.phase is Phase.DRAW and len(state.hands[state.turn]) <= _MOST_CARDS:
                listed = [(a.cards, a.meld) for a in takes]
                assert len(listed) == len(set(listed))
                assert set(listed) == brute_take_pile(state)
                compared += 1
                taken += bool(listed)
            # Take the pile half the time it can be, more often than at random, to reach
            # melds of its rank, frozen piles and short hands.
            chosen = rng.choice(takes if takes and rng.random() < 0.5 else legal)
            after = engine.apply(state, chosen)
            assert not isinstance(after, Violation)
            state = after
    assert compared > 0
    assert taken > 0
