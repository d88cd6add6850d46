"""What the conformance suite needs from the game engine, and where it finds it.

Meld verdicts need only :mod:`kanasta.melds`. The other kinds of check
(actions, state, score, count, playthrough) need a game engine: the module
:mod:`kanasta.engine`, which must provide the functions of :class:`Engine`.
Until it exists, the reference answers those requests "unsupported" and the
runner reports such fixtures as skipped ("engine not available"); a skip never
counts as a pass.

Plugging the engine in is :func:`load_engine`: if the engine's own names differ,
map them there.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from kanasta.errors import Violation
from kanasta.points import HalfPoints
from kanasta.profiles import RulesProfile

__all__ = ["ENGINE_FUNCTIONS", "ENGINE_MODULE", "Engine", "EngineStatus", "load_engine"]

ENGINE_MODULE = "kanasta.engine"


class Engine(Protocol):
    """The engine functions the suite calls. States and actions are the engine's own values.

    JSON objects are in the formats of ``fixture.schema.json`` (``$defs/state``,
    ``$defs/action``), with cards in the readable notation. ``where`` is a JSON
    path to name in an :class:`~kanasta.errors.InputError`.
    """

    def new_state_from_json(self, profile: RulesProfile, obj: Mapping[str, Any], where: str) -> Any:
        """The state an explicit fixture state describes (InputError if malformed)."""

    def new_state_from_seed(self, profile: RulesProfile, seed: int) -> Any:
        """A new hand dealt by the spec's shuffle from ``seed``."""

    def state_to_json(self, profile: RulesProfile, state: Any) -> dict[str, Any]:
        """The whole state in the fixture state format; every table meld with its
        ``history``, ``arrangement`` and ``canasta``."""

    def action_from_json(self, profile: RulesProfile, obj: Mapping[str, Any], where: str) -> Any:
        """An action from its JSON (InputError if malformed; an illegal action is not malformed)."""

    def action_to_json(self, profile: RulesProfile, action: Any) -> dict[str, Any]:
        """The JSON of an action (round-trips with :meth:`action_from_json`)."""

    def legal_actions(self, profile: RulesProfile, state: Any) -> Sequence[Any]:
        """Every distinct legal atomic action (clause card-identity: copies are not told apart)."""

    def apply_action(self, profile: RulesProfile, state: Any, action: Any) -> Any | Violation:
        """The next state, or the Violation (clause slug and reason code) if illegal."""

    def score_hand(self, profile: RulesProfile, state: Any) -> Sequence[Mapping[str, HalfPoints]]:
        """Per team, in half points: ``"total"`` and every item of the breakdown."""


ENGINE_FUNCTIONS: tuple[str, ...] = (
    "new_state_from_json",
    "new_state_from_seed",
    "state_to_json",
    "action_from_json",
    "action_to_json",
    "legal_actions",
    "apply_action",
    "score_hand",
)


@dataclass(frozen=True, slots=True)
class EngineStatus:
    """The engine, or why there is none."""

    engine: Engine | None
    reason: str


def load_engine(module_name: str = ENGINE_MODULE) -> EngineStatus:
    """Import the engine module and check it offers every function of :class:`Engine`."""
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            return EngineStatus(None, "engine not available")
        raise
    missing = [name for name in ENGINE_FUNCTIONS if not callable(getattr(module, name, None))]
    if missing:
        return EngineStatus(None, f"engine not available: {module_name} lacks {', '.join(missing)}")
    return EngineStatus(cast(Engine, module), "")
