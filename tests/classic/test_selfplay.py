"""classic-players and classic-options in random self-play: every table and every option keeps
the invariants of the four-player game. Each table plays ``KANASTA_SELFPLAY_HANDS`` hands when
it is set (``nox -s thorough``: 10,000), else 20; each option a tenth of that (at least 10)."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from kanasta import engine
from kanasta.errors import Violation
from kanasta.families import get_profile
from kanasta.families.classic import PROFILE as CLASSIC
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.state import Phase, State
from tests.properties import invariants as inv

TABLE_HANDS = int(os.environ.get("KANASTA_SELFPLAY_HANDS", "20"))
OPTION_HANDS = max(10, TABLE_HANDS // 10)
TABLES = [(), ("players-2",), ("players-3",), ("players-6",)]
OPTIONS = [(o.name,) for o in CLASSIC.known_options if not o.name.startswith("players-")]


def _play(options: tuple[str, ...], seed: int, hands: int) -> Counter[str]:
    rules = get_profile("classic", options)
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for index in range(hands):
        state: State = engine.new_hand(rules, seed=seed * 1000 + index)
        while state.phase is not Phase.OVER:
            legal = engine.legal_actions(state)
            action: Action = rng.choice(legal)
            after = engine.apply(state, action)
            assert not isinstance(after, Violation), after
            inv.check_step(state, action, after)
            inv.check_card_conservation(after)
            if action.type is ActionType.TAKE_PILE:
                seen["pile taken" if after.pile_top is None else "pile set aside"] += 1
            state = after
        assert len(state.melds) == (2 if rules.partnerships else rules.players)
        inv.check_table_melds(state)
        inv.check_hand_score(state, engine.score_hand(state))
        inv.check_json_round_trips(state)
        seen["went out" if state.went_out is not None else "stock ran out"] += 1
        seen.update("red three" for team in state.red_threes for _ in team)
    return seen


@pytest.mark.clause("classic-players", "classic-hand-score", "classic-take-pile")
@pytest.mark.parametrize("options", TABLES)
def test_classic_players_random_hands_keep_every_invariant(options: tuple[str, ...]) -> None:
    seen = _play(options, 21, TABLE_HANDS)
    assert seen["went out"] + seen["stock ran out"] == TABLE_HANDS
    assert seen["pile taken"] > 0
    assert seen["red three"] > 0


@pytest.mark.clause("classic-options", "classic-hand-score")
@pytest.mark.parametrize("options", OPTIONS)
def test_classic_options_random_hands_keep_every_invariant(options: tuple[str, ...]) -> None:
    seen = _play(options, 22, OPTION_HANDS)
    assert seen["went out"] + seen["stock ran out"] == OPTION_HANDS
