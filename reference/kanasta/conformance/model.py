"""The fixture model: a scenario (setup and ordered steps) with its expectations.

Values here are plain frozen data; the JSON they come from has been checked
against ``fixture.schema.json`` by :mod:`kanasta.conformance.loader`, so request
parameters and expectations are kept as canonical JSON objects, exactly as the
protocol sends and receives them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeAlias

__all__ = [
    "ENGINE_STEP_KINDS",
    "SETUP_STEP_KINDS",
    "Fixture",
    "JsonObject",
    "Setup",
    "Step",
    "StepKind",
]

JsonObject: TypeAlias = dict[str, Any]


class StepKind(StrEnum):
    """The kinds of check; each is one request type of the protocol."""

    MELD = "meld"
    """A meld verdict: legal (arrangement, points, canasta kind, bonus) or rejected."""
    ACTIONS = "actions"
    """A sequence of actions, each accepted or rejected."""
    STATE = "state"
    """Facts about the state reached (hand sizes, melds, fi, turn, hand over...)."""
    SCORE = "score"
    """Each team's hand score with its breakdown."""
    COUNT = "count"
    """The number of legal action sequences of a depth (like perft in chess)."""
    PLAYTHROUGH = "playthrough"
    """A golden playthrough: every action of a hand, then the final scores."""
    GAME = "game"
    """A whole game: hands given by their results or played from deals, then the running
    totals, the dealer and target of each hand, the winner and the hand that decided it."""


ENGINE_STEP_KINDS = frozenset(
    {
        StepKind.ACTIONS,
        StepKind.STATE,
        StepKind.SCORE,
        StepKind.COUNT,
        StepKind.PLAYTHROUGH,
        StepKind.GAME,
    }
)
"""The kinds that need a game engine (the rules of play)."""

SETUP_STEP_KINDS = ENGINE_STEP_KINDS - {StepKind.GAME}
"""The kinds that start from the fixture's setup (a game deals its own hands)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """Where the engine steps start: an explicit state or a seed, then a prefix of actions."""

    state: JsonObject | None = None
    seed: int | None = None
    actions: tuple[JsonObject, ...] = ()

    def to_json(self) -> JsonObject:
        out: JsonObject = {}
        if self.state is not None:
            out["state"] = self.state
        if self.seed is not None:
            out["seed"] = self.seed
        if self.actions:
            out["actions"] = list(self.actions)
        return out


@dataclass(frozen=True, slots=True)
class Step:
    """One check of a fixture.

    ``params`` are the step's request parameters (for a meld: ``cards``,
    ``wild_at``, ``lay_offs``, ``trump``; for actions and playthroughs:
    ``actions``; for a count: ``depth``; for a game: ``first_dealer``, ``hands`` and
    optionally ``seed``). ``expect`` is the expectation in the
    shape of the protocol's answer, or ``None`` in a question (``kanasta explain``).
    """

    index: int
    kind: StepKind
    params: JsonObject
    expect: JsonObject | None
    note: str = ""

    def applied_actions(self) -> tuple[JsonObject, ...]:
        """The actions this step leaves applied, as its expectations say.

        Later steps start from the state these actions reach; a rejected action
        changes nothing. In a question (no expectations) every action counts.
        """
        if self.kind is StepKind.PLAYTHROUGH:
            return tuple(self.params["actions"])
        if self.kind is not StepKind.ACTIONS:
            return ()
        actions: list[JsonObject] = self.params["actions"]
        if self.expect is None:
            return tuple(actions)
        verdicts: list[JsonObject] = self.expect["verdicts"]
        return tuple(
            a for a, v in zip(actions, verdicts, strict=True) if v["verdict"] == "accepted"
        )


@dataclass(frozen=True, slots=True)
class Fixture:
    """A scenario of the suite (or a question, when its steps have no expectations)."""

    id: str
    variant: str
    clauses: tuple[str, ...]
    description: str
    steps: tuple[Step, ...]
    setup: Setup | None = None
    features: tuple[str, ...] = ()
    source: str = ""
    generated: JsonObject | None = None
    compiled_from: str = ""
    """The scenario file the fixture is compiled from (empty: written by hand as JSON)."""
    path: Path | None = field(default=None, compare=False)
    root: Path | None = field(default=None, compare=False)

    @property
    def kinds(self) -> frozenset[StepKind]:
        """The kinds of check among its steps."""
        return frozenset(step.kind for step in self.steps)

    @property
    def needs_engine(self) -> bool:
        return bool(self.kinds & ENGINE_STEP_KINDS)

    @property
    def group(self) -> str:
        """The id without its last part (``fi-5200/canasta``), for grouping in reports."""
        head, _, _ = self.id.rpartition("/")
        return head or self.variant
