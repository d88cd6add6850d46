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
    "CAPABILITIES",
    "ENGINE_STEP_KINDS",
    "SETUP_STEP_KINDS",
    "Fixture",
    "JsonObject",
    "Setup",
    "Step",
    "StepKind",
    "get_action_needs",
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
    TURN = "turn"
    """A whole turn played as a goal in the engine's own action model, judged by facts any
    engine reports: every card still somewhere exactly once, who went out, the canastas,
    the hand's scores (protocol 1.2)."""
    DEAL = "deal"
    """A hand dealt by the engine's own procedure from a stacked deck (every card in order)
    or from a seed, with a dealer: the dealt state, every card's zone, compared whole
    (protocol 1.3)."""


ENGINE_STEP_KINDS = frozenset(
    {
        StepKind.ACTIONS,
        StepKind.STATE,
        StepKind.SCORE,
        StepKind.COUNT,
        StepKind.PLAYTHROUGH,
        StepKind.GAME,
        StepKind.TURN,
        StepKind.DEAL,
    }
)
"""The kinds that need a game engine (the rules of play)."""

SETUP_STEP_KINDS = ENGINE_STEP_KINDS - {StepKind.GAME, StepKind.DEAL}
"""The kinds that start from the fixture's setup (a game and a deal deal their own hands)."""


CAPABILITIES = ("wild-placement", "take-back", "seeded-deal", "deck-order")
"""What an engine's action model may be unable to express (the handshake's
``capabilities``): choosing where an acting wild stands, taking back a provisional
opening, dealing a hand from a seed by the spec's shuffle, dealing a hand from a deck
given in order (a stacked deck, the engine's own shuffle left out)."""


def get_action_needs(action: JsonObject) -> frozenset[str]:
    """The capabilities an action needs: ``wild-placement`` when it says where a wild
    stands, ``take-back`` when it takes back a provisional opening."""
    needs: set[str] = set()
    if action.get("type") == "take-back":
        needs.add("take-back")
    batches = [action, *action.get("melds", []), *action.get("lay_offs", [])]
    if any(batch.get("wild_at") is not None for batch in batches):
        needs.add("wild-placement")
    return frozenset(needs)


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
    optionally ``seed``; for a deal: ``players``, ``dealer`` and ``deck`` or ``seed``).
    ``expect`` is the expectation in the shape of the protocol's answer, or ``None`` in a
    question (``kanasta explain``).
    """

    index: int
    kind: StepKind
    params: JsonObject
    expect: JsonObject | None
    note: str = ""

    @property
    def needs(self) -> frozenset[str]:
        """The capabilities (:data:`CAPABILITIES`) the step itself needs, besides its setup."""
        needs: set[str] = set()
        if self.kind is StepKind.MELD:
            batches = [self.params, *self.params["lay_offs"]]
            if any(batch.get("wild_at") is not None for batch in batches):
                needs.add("wild-placement")
        for key in ("actions", "play"):
            for action in self.params.get(key, ()):
                needs |= get_action_needs(action)
        if self.kind is StepKind.DEAL:
            needs.add("deck-order" if "deck" in self.params else "seeded-deal")
        for hand in self.params.get("hands", ()) if self.kind is StepKind.GAME else ():
            if "scores" not in hand and "deal" not in hand:
                needs.add("seeded-deal")
            for action in hand.get("actions", ()):
                needs |= get_action_needs(action)
        return frozenset(needs)

    def applied_actions(self) -> tuple[JsonObject, ...]:
        """The actions this step leaves applied, as its expectations say.

        Later steps start from the state these actions reach; a rejected action
        changes nothing. In a question (no expectations) every action counts.
        """
        if self.kind is StepKind.PLAYTHROUGH:
            return tuple(self.params["actions"])
        if self.kind is StepKind.TURN:
            accepted = self.expect is None or self.expect["verdict"] == "accepted"
            return tuple(self.params["play"]) if accepted else ()
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

    relies_on: tuple[str, ...] = ()
    """The contested rules, besides its own clauses, that its verdict relies on."""

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
