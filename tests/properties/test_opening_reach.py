"""classic-no-take-back: the reach that decides most searches of turn-must-finish for a side
that has not opened agrees with the search itself.

:func:`kanasta.fast.reach.get_opening_reach` lets
:func:`kanasta.fast.turn.can_finish_turn_fast` answer
without a search when a sequence of melds surely reaches the minimum and keeps two cards, or
when no sequence can reach it, and lets :func:`kanasta.fast.legal.legal_actions` answer for
every meld and lay-off at once (:func:`kanasta.fast.reach.get_laying_verdicts`). These tests
list the legal actions of the states random play reaches with a side that has not opened,
once with those shortcuts and once with the search alone, under the options that change
what the reach counts.
"""

from __future__ import annotations

import os
import random

import pytest

from kanasta import engine
from kanasta.errors import Violation
from kanasta.families import get_profile
from kanasta.fast import legal as actions
from kanasta.fast import reach, turn
from kanasta.rules.state import Phase

_HANDS = max(3, int(os.environ.get("KANASTA_SELFPLAY_HANDS", "200")) // 50)
"""Hands per table (4; 10 in ``nox -s thorough``)."""
_MOST_CARDS = 10
"""The search alone tries every sequence of melds: keep hands small."""
_TABLES = [
    (),
    ("players-2",),
    ("two-naturals-per-wild",),
    ("joker-canasta",),
    ("concealed-waives-minimum",),
    ("black-three-last-turn", "concealed-canasta"),
]


def _search_only(*_: object) -> bool | None:
    return None


def _no_verdicts(*_: object) -> reach.LayingVerdicts:
    return reach.LayingVerdicts(None, frozenset(), False, None, 0)


@pytest.mark.clause("classic-no-take-back", "turn-must-finish", "legal-action-count")
@pytest.mark.parametrize("options", _TABLES)
def test_classic_no_take_back_reach_agrees_with_the_search(
    options: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = get_profile("classic", options)
    rng = random.Random(23)
    compared = 0
    for index in range(_HANDS):
        state = engine.new_hand(rules, seed=2300 + index)
        while state.phase is not Phase.OVER:
            legal = engine.legal_actions(state)
            team = state.turn % len(state.melds)
            if not state.opened[team] and len(state.hands[state.turn]) <= _MOST_CARDS:
                with monkeypatch.context() as patch:
                    patch.setattr(turn, "is_opening_in_reach", _search_only)
                    patch.setattr(actions, "get_laying_verdicts", _no_verdicts)
                    assert engine.legal_actions(state) == legal
                compared += 1
            after = engine.apply(state, rng.choice(legal))
            assert not isinstance(after, Violation)
            state = after
    assert compared > 0
