"""players-fi-351 and profile-options in random self-play: two and three players alone, and
the game to 555, keep every invariant of the four-player game."""

from __future__ import annotations

import random

import pytest

from kanasta import engine
from kanasta.errors import Violation
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.state import Phase, State
from tests.fi351.util import profile
from tests.properties import invariants as inv

HANDS = 12


@pytest.mark.clause("players-fi-351", "profile-options", "hand-score-fi-351", "pass-by-showing")
@pytest.mark.parametrize("option", ["players-2", "players-3", "target-555"])
def test_players_fi_351_random_hands_keep_every_invariant(option: str) -> None:
    rules = profile(option)
    rng = random.Random(11)
    passes = 0
    for index in range(HANDS):
        state: State = engine.new_hand(rules, seed=500 + index)
        while state.phase is not Phase.OVER:
            legal = engine.legal_actions(state)
            action: Action = rng.choice(legal)
            after = engine.apply(state, action)
            assert not isinstance(after, Violation), after
            inv.check_step(state, action, after)
            inv.check_card_conservation(after)
            passes += action.type is ActionType.PASS
            state = after
        assert len(state.melds) == (2 if rules.partnerships else rules.players)
        inv.check_table_melds(state)
        inv.check_hand_score(state, engine.score_hand(state))
        inv.check_json_round_trips(state)
    assert passes > 0
