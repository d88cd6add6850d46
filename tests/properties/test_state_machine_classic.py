"""The classic state machines: whole games of classic (four players, and the two-, three-
and six-player tables) through legal_actions and apply, with every invariant of the other
families checked after each action (cards conserved with the red threes and a pile set
aside, the take-pile meld of the top card, red threes only ever added to the acting side)."""

from __future__ import annotations

import pytest

from tests.properties.machine import GameMachine, machine_settings


class ClassicGame(GameMachine):
    family = "classic"


class ClassicTwoPlayerGame(GameMachine):
    family = "classic"
    options = ("players-2",)


class ClassicThreePlayerGame(GameMachine):
    family = "classic"
    options = ("players-3",)


class ClassicSixPlayerGame(GameMachine):
    family = "classic"
    options = ("players-6", "black-three-freezes", "two-naturals-per-wild")


for _machine in (ClassicGame, ClassicTwoPlayerGame, ClassicThreePlayerGame, ClassicSixPlayerGame):
    _machine.TestCase.settings = machine_settings()

INVARIANT_CLAUSES = (
    "deck-composition",
    "legal-action-count",
    "action-kinds",
    "lay-off",
    "canasta-definition",
    "canasta-natural-mixed",
    "turn-structure",
    "classic-take-pile",
    "classic-frozen-pile",
    "classic-red-threes",
    "classic-pile-opening",
    "classic-going-out",
    "classic-stock-exhaustion",
    "classic-hand-score",
    "turn-passes",
    "score-breakdown",
    "game-hands",
    "game-record",
    "state-json",
    "action-json",
)


@pytest.mark.clause(*INVARIANT_CLAUSES)
@pytest.mark.usefixtures("untraced")
class TestClassicGame(ClassicGame.TestCase):  # type: ignore[misc,valid-type]
    """Hypothesis runs the machine; the clause marks name what its invariants guard."""


@pytest.mark.clause(*INVARIANT_CLAUSES, "classic-players")
@pytest.mark.usefixtures("untraced")
class TestClassicTwoPlayerGame(ClassicTwoPlayerGame.TestCase):  # type: ignore[misc,valid-type]
    """Two players, each alone, 15 cards, two canastas to go out."""


@pytest.mark.clause(*INVARIANT_CLAUSES, "classic-players")
@pytest.mark.usefixtures("untraced")
class TestClassicThreePlayerGame(ClassicThreePlayerGame.TestCase):  # type: ignore[misc,valid-type]
    """Three players, each alone."""


@pytest.mark.clause(*INVARIANT_CLAUSES, "classic-players", "classic-options")
@pytest.mark.usefixtures("untraced")
class TestClassicSixPlayerGame(ClassicSixPlayerGame.TestCase):  # type: ignore[misc,valid-type]
    """Six players in two partnerships of three, with two options in force."""
