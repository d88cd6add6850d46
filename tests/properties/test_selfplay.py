"""Random self-play: many whole hands with a uniform random legal policy.

The number of hands per family comes from ``KANASTA_SELFPLAY_HANDS`` (default
100, to keep the test command short; ``nox -s thorough`` sets 10,000). Every
listed action must apply; after every action the state follows from the action
and holds exactly one deck; at the end of each hand the melds replay, the score
adds up and the final state survives JSON.
"""

from __future__ import annotations

import gc
import os
import random
from collections import Counter

import pytest

from kanasta import engine
from kanasta.families import get_profile
from kanasta.play.selfplay import PLAYABLE_FAMILIES, play_random_hand
from kanasta.rules.actions import Action
from kanasta.rules.state import State
from tests.properties import invariants as inv

HANDS = int(os.environ.get("KANASTA_SELFPLAY_HANDS", "100"))


@pytest.mark.clause(
    "legal-action-count",
    "deck-composition",
    "turn-passes",
    "stock-exhaustion",
    "going-out",
    "fi-pickup",
    "hand-score",
    "score-breakdown",
    "state-json",
)
@pytest.mark.parametrize("family", PLAYABLE_FAMILIES)
@pytest.mark.usefixtures("untraced")
def test_random_self_play_keeps_every_invariant(family: str) -> None:
    rng = random.Random(6)
    endings: Counter[str] = Counter()

    def check(before: State, action: Action, after: State) -> None:
        inv.check_step(before, action, after)
        inv.check_card_conservation(after)

    for index in range(HANDS):
        gc.freeze()  # the engine makes no reference cycles; `untraced` unfreezes at the end
        final, moves = play_random_hand(family, 1_000 + index, rng, on_step=check)
        assert moves > 0
        inv.check_table_melds(final)
        inv.check_hand_score(final, engine.score_hand(final))
        inv.check_json_round_trips(final)
        endings["went out" if final.went_out is not None else "stock ran out"] += 1
        endings.update("fi taken" for _ in final.fi_takers)
    assert sum(endings[k] for k in ("went out", "stock ran out")) == HANDS
    if HANDS >= 100:
        # Random play reaches both ends of a hand and takes fi packets.
        assert endings["stock ran out"] > 0
        if get_profile(family).fi_packets:
            assert endings["fi taken"] > 0
