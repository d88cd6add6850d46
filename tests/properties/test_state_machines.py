"""The state machines: whole games of every family through legal_actions and apply, with
every invariant of issue 6 checked after each action (:mod:`tests.properties.machine`).

One machine plays each playable family of the registry
(:data:`kanasta.families.PLAYABLE_FAMILIES`) with its default options, so a new family is
played here without a new test file; the tables below add the player counts and options
that change how a game runs (fi-351 with three players on their own; classic with two,
three and six players).
"""

from __future__ import annotations

import re

import pytest

from kanasta.families import PLAYABLE_FAMILIES, get_profile, get_score_clauses
from tests.properties.machine import GameMachine, machine_settings

INVARIANT_CLAUSES = (
    "deck-composition",
    "legal-action-count",
    "action-kinds",
    "lay-off",
    "canasta-definition",
    "turn-structure",
    "turn-passes",
    "score-breakdown",
    "game-hands",
    "game-record",
    "state-json",
    "action-json",
)
"""What every machine's invariants guard, in every family."""

FAMILY_CLAUSES: dict[str, tuple[str, ...]] = {
    "koz": ("canasta-clean-dirty", "fi-pickup", "going-out", "stock-exhaustion"),
    "fi-5200": (
        "canasta-half-full",
        "canasta-kind-fixed",
        "canasta-grand",
        "fi-pickup",
        "going-out",
        "stock-exhaustion",
        "fi-unplayed-fi-5200",
    ),
    "fi-351": (
        "canasta-clean-dirty",
        "canasta-kind-at-forming-fi-351",
        "pass-by-showing",
        "pass-by-showing-when",
        "fi-pickup",
        "going-out",
        "stock-exhaustion",
        "score-halves-fi-351",
    ),
    "classic": (
        "canasta-natural-mixed",
        "classic-take-pile",
        "classic-frozen-pile",
        "classic-red-threes",
        "classic-pile-opening",
        "classic-going-out",
        "classic-stock-exhaustion",
    ),
}
"""The clauses of a family's own that its machine's invariants guard besides (its hand
score's clauses come from the family: :func:`kanasta.families.get_score_clauses`). A family
not named here is played all the same."""

TABLES: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...], str], ...] = (
    (
        "Fi351ThreePlayer",
        "fi-351",
        ("players-3",),
        ("players-fi-351",),
        "Three players, each a team of one.",
    ),
    (
        "ClassicTwoPlayer",
        "classic",
        ("players-2",),
        ("classic-players",),
        "Two players, each alone, 15 cards, two canastas to go out.",
    ),
    (
        "ClassicThreePlayer",
        "classic",
        ("players-3",),
        ("classic-players",),
        "Three players, each alone.",
    ),
    (
        "ClassicSixPlayer",
        "classic",
        ("players-6", "black-three-freezes", "two-naturals-per-wild"),
        ("classic-players", "classic-options"),
        "Six players in two partnerships of three, with two options in force.",
    ),
)
"""The other tables: (name, family, options, the clauses they add, what they play)."""


def _name(family: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[^a-z0-9]+", family))


def _test_case(
    name: str, family: str, options: tuple[str, ...], extra: tuple[str, ...], doc: str
) -> type:
    """The machine of one table, and the test case Hypothesis runs it by, marked with the
    clauses its invariants guard."""
    machine: type[GameMachine] = type(
        f"{name}Game", (GameMachine,), {"family": family, "options": options}
    )
    machine.TestCase.settings = machine_settings()
    clauses = (
        *INVARIANT_CLAUSES,
        *FAMILY_CLAUSES.get(family, ()),
        *get_score_clauses(get_profile(family)),
        *extra,
    )
    case = type(f"Test{name}Game", (machine.TestCase,), {"__doc__": doc})
    case = pytest.mark.clause(*clauses)(case)
    return pytest.mark.usefixtures("untraced")(case)


_CASES = [
    *(
        (_name(f), f, (), (), f"{f}: Hypothesis runs the machine with the family's defaults.")
        for f in PLAYABLE_FAMILIES
    ),
    *TABLES,
]
globals().update({case.__name__: case for case in (_test_case(*c) for c in _CASES)})
