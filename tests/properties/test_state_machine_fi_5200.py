"""The fi-5200 state machine: whole games of fi-5200 through legal_actions and apply, with
every invariant of issue 6 checked after each action."""

from __future__ import annotations

import pytest

from tests.properties.machine import GameMachine, machine_settings


class Fi5200Game(GameMachine):
    family = "fi-5200"


Fi5200Game.TestCase.settings = machine_settings()

INVARIANT_CLAUSES = (
    "deck-composition",
    "legal-action-count",
    "action-kinds",
    "lay-off",
    "canasta-definition",
    "canasta-half-full",
    "canasta-kind-fixed",
    "canasta-grand",
    "turn-structure",
    "fi-pickup",
    "going-out",
    "turn-passes",
    "stock-exhaustion",
    "hand-score-fi-5200",
    "fi-unplayed-fi-5200",
    "score-breakdown",
    "game-hands",
    "game-record",
    "state-json",
    "action-json",
)


@pytest.mark.clause(*INVARIANT_CLAUSES)
@pytest.mark.usefixtures("untraced")
class TestFi5200Game(Fi5200Game.TestCase):  # type: ignore[misc,valid-type]
    """Hypothesis runs the machine; the clause marks name what its invariants guard."""
