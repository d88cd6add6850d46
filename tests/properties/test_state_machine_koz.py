"""The koz state machine: whole games of koz through legal_actions and apply, with
every invariant of issue 6 checked after each action."""

from __future__ import annotations

import pytest

from tests.properties.machine import GameMachine, machine_settings


class KozGame(GameMachine):
    family = "koz"


KozGame.TestCase.settings = machine_settings()

INVARIANT_CLAUSES = (
    "deck-composition",
    "legal-action-count",
    "action-kinds",
    "lay-off",
    "canasta-definition",
    "canasta-clean-dirty",
    "turn-structure",
    "fi-pickup",
    "going-out",
    "turn-passes",
    "stock-exhaustion",
    "hand-score",
    "score-breakdown",
    "game-hands",
    "game-record",
    "state-json",
    "action-json",
)


@pytest.mark.clause(*INVARIANT_CLAUSES)
@pytest.mark.usefixtures("untraced")
class TestKozGame(KozGame.TestCase):  # type: ignore[misc,valid-type]
    """Hypothesis runs the machine; the clause marks name what its invariants guard."""
