"""The fi-351 state machines: whole games of fi-351 (four players, and three players on
their own) through legal_actions and apply, with every invariant of issue 6 checked after
each action, and the pass by showing listed exactly when the top card is in hand."""

from __future__ import annotations

import pytest

from tests.properties.machine import GameMachine, machine_settings


class Fi351Game(GameMachine):
    family = "fi-351"


class Fi351ThreePlayerGame(GameMachine):
    family = "fi-351"
    options = ("players-3",)


Fi351Game.TestCase.settings = machine_settings()
Fi351ThreePlayerGame.TestCase.settings = machine_settings()

INVARIANT_CLAUSES = (
    "deck-composition",
    "legal-action-count",
    "action-kinds",
    "lay-off",
    "canasta-definition",
    "canasta-clean-dirty",
    "canasta-kind-at-forming-fi-351",
    "turn-structure",
    "pass-by-showing",
    "pass-by-showing-when",
    "fi-pickup",
    "going-out",
    "turn-passes",
    "stock-exhaustion",
    "hand-score-fi-351",
    "score-halves-fi-351",
    "score-breakdown",
    "game-hands",
    "game-record",
    "state-json",
    "action-json",
)


@pytest.mark.clause(*INVARIANT_CLAUSES)
@pytest.mark.usefixtures("untraced")
class TestFi351Game(Fi351Game.TestCase):  # type: ignore[misc,valid-type]
    """Hypothesis runs the machine; the clause marks name what its invariants guard."""


@pytest.mark.clause(*INVARIANT_CLAUSES, "players-fi-351")
@pytest.mark.usefixtures("untraced")
class TestFi351ThreePlayerGame(Fi351ThreePlayerGame.TestCase):  # type: ignore[misc,valid-type]
    """The same machine with three players, each a team of one."""
