"""What the conformance suite needs from the game engine, and where it finds it.

Meld verdicts need only :mod:`kanasta.rules.melds`. The other kinds of check
(actions, state, score, count, playthrough) need a game engine: the module
:mod:`kanasta.engine`, which must provide the functions of :class:`Engine`.
Until it exists, the reference answers those requests "unsupported" and the
runner reports such fixtures as skipped ("engine not available"); a skip never
counts as a pass.

The ``game`` kind of check also needs to deal a hand of a game with a given
dealer and team scores: :class:`GameEngine` adds that one function; an engine
without it answers game requests "unsupported" when a hand is played.

The ``deal`` kind of check deals a hand from a deck given in order (a stacked deck):
:class:`DeckEngine` adds that one function; an engine without it does not claim the
capability ``deck-order`` (a deal from a seed needs only :class:`GameEngine`).

Plugging the engine in is :func:`load_engine`: if the engine's own names differ,
map them there.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from kanasta.errors import InputError, Violation
from kanasta.rules.actions import MAX_COUNT_ACTIONS, count_too_large
from kanasta.rules.families import RulesProfile
from kanasta.rules.points import HalfPoints

__all__ = [
    "ENGINE_FUNCTIONS",
    "ENGINE_MODULE",
    "FACADE_FUNCTIONS",
    "DeckEngine",
    "Engine",
    "EngineStatus",
    "FacadeEngine",
    "GameEngine",
    "load_engine",
]

ENGINE_MODULE = "kanasta.engine"


class Engine(Protocol):
    """The engine functions the suite calls. States and actions are the engine's own values.

    JSON objects are in the formats of ``fixture.schema.json`` (``$defs/state``,
    ``$defs/action``), with cards in the readable notation. ``where`` is a JSON
    path to name in an :class:`~kanasta.errors.InputError`.
    """

    def new_state_from_json(
        self, profile: RulesProfile, obj: Mapping[str, Any], where: str, /
    ) -> Any:
        """The state an explicit fixture state describes (InputError if malformed)."""

    def new_state_from_seed(self, profile: RulesProfile, seed: int, /) -> Any:
        """A new hand dealt by the spec's shuffle from ``seed``."""

    def state_to_json(self, profile: RulesProfile, state: Any, /) -> dict[str, Any]:
        """The whole state in the fixture state format; every table meld with its
        ``history``, ``arrangement`` and ``canasta``."""

    def action_from_json(self, profile: RulesProfile, obj: Mapping[str, Any], where: str, /) -> Any:
        """An action from its JSON (InputError if malformed; an illegal action is not malformed)."""

    def action_to_json(self, profile: RulesProfile, action: Any, /) -> dict[str, Any]:
        """The JSON of an action (round-trips with :meth:`action_from_json`)."""

    def legal_actions(self, profile: RulesProfile, state: Any, /) -> Sequence[Any]:
        """Every distinct legal atomic action (clause card-identity: copies are not told apart)."""

    def apply_action(self, profile: RulesProfile, state: Any, action: Any, /) -> Any | Violation:
        """The next state, or the Violation (clause slug and reason code) if illegal."""

    def score_hand(
        self, profile: RulesProfile, state: Any, /
    ) -> Sequence[Mapping[str, HalfPoints]]:
        """Per team, in half points: ``"total"`` and every item of the breakdown."""


class GameEngine(Engine, Protocol):
    """An engine that also deals the hands of a game (the ``game`` kind of check)."""

    def new_hand_of_game(
        self,
        profile: RulesProfile,
        deal: Mapping[str, Any] | None,
        seed: int | None,
        dealer: int,
        team_scores: Sequence[HalfPoints],
        where: str,
        /,
    ) -> Any:
        """A hand dealt by ``dealer`` from an explicit deal (fixture ``$defs/deal``) or from
        ``seed``, with the team scores (half points) the game's totals give it."""


class DeckEngine(Engine, Protocol):
    """An engine that deals a hand from a deck given in order (the ``deal`` kind of check)."""

    def new_hand_from_deck(
        self, profile: RulesProfile, deck: Sequence[str], dealer: int, where: str, /
    ) -> Any:
        """deal-order: a hand dealt by ``dealer`` by the family's own procedure from ``deck``
        (every card of the family's deck in the notation, top card first), as if a shuffle
        had given this order: the hands, fi packets, upcard, stock and trump, the red threes
        laid and replaced (InputError if the deck is not one deck of the family)."""


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


FACADE_FUNCTIONS: tuple[str, ...] = (
    "new_hand",
    "state_from_json",
    "state_to_json",
    "action_from_json",
    "action_seat",
    "action_to_json",
    "legal_actions",
    "apply",
    "score_hand",
)
"""The facade of :mod:`kanasta.engine`; :class:`FacadeEngine` maps it onto :class:`Engine`."""


class FacadeEngine:
    """:class:`Engine` over the engine's own facade (``new_hand``, ``apply``, ``score_hand``...).

    The facade's functions take the state (which knows its profile) rather than
    the profile; an action names its seat separately, so an action value here is
    the pair (facade action, seat or ``None``).
    """

    def __init__(self, facade: Any) -> None:
        self._facade = facade

    def new_state_from_json(
        self, profile: RulesProfile, obj: Mapping[str, Any], where: str, /
    ) -> Any:
        return self._facade.state_from_json(obj, profile, where)

    def new_state_from_seed(self, profile: RulesProfile, seed: int, /) -> Any:
        return self._facade.new_hand(profile, seed=seed)

    def state_to_json(self, _profile: RulesProfile, state: Any, /) -> dict[str, Any]:
        return dict(self._facade.state_to_json(state))

    def action_from_json(
        self, _profile: RulesProfile, obj: Mapping[str, Any], where: str, /
    ) -> Any:
        return (self._facade.action_from_json(obj, where), self._facade.action_seat(obj, where))

    def action_to_json(self, _profile: RulesProfile, action: Any, /) -> dict[str, Any]:
        inner, seat = action
        out = dict(self._facade.action_to_json(inner))
        if seat is not None:
            out["seat"] = seat
        return out

    def legal_actions(self, _profile: RulesProfile, state: Any, /) -> Sequence[Any]:
        return tuple((action, None) for action in self._facade.legal_actions(state))

    def apply_action(self, _profile: RulesProfile, state: Any, action: Any, /) -> Any | Violation:
        inner, seat = action
        return self._facade.apply(state, inner, seat)

    def new_hand_of_game(
        self,
        profile: RulesProfile,
        deal: Mapping[str, Any] | None,
        seed: int | None,
        dealer: int,
        team_scores: Sequence[HalfPoints],
        where: str,
        /,
    ) -> Any:
        """A hand of a game: dealt by ``dealer`` from an explicit deal (or from the hand's
        ``seed``), with the game totals before it as the team scores."""
        try:
            return self._facade.new_hand(
                profile, seed=seed, deal=deal, dealer=dealer, team_scores=team_scores
            )
        except InputError as exc:
            raise InputError(f"{where}: {exc}") from None

    def new_hand_from_deck(
        self, profile: RulesProfile, deck: Sequence[str], dealer: int, where: str, /
    ) -> Any:
        """A hand dealt by ``dealer`` from a deck given in order (clause deal-order)."""
        try:
            return self._facade.new_hand(profile, deck=deck, dealer=dealer)
        except InputError as exc:
            raise InputError(f"{where}: {exc}") from None

    def score_hand(
        self, _profile: RulesProfile, state: Any, /
    ) -> Sequence[Mapping[str, HalfPoints]]:
        teams: list[dict[str, HalfPoints]] = []
        for team in self._facade.score_hand(state).teams:
            parts: dict[str, HalfPoints] = {}
            for name, value in team.parts:
                parts[name] = parts.get(name, 0) + value
            teams.append({**parts, "total": team.total})
        return teams


def count_to_depth(
    engine: Engine,
    profile: RulesProfile,
    state: Any,
    depth: int,
    *,
    max_actions: int = MAX_COUNT_ACTIONS,
    deadline: float | None = None,
) -> int:
    """legal-action-count: the number of action sequences of length ``depth`` (perft).

    The work is bounded: a count that lists more than ``max_actions`` legal actions on
    its way, or is still counting at ``deadline`` (a :func:`time.monotonic` time), raises
    :class:`InputError`, whatever the engine.
    """
    budget = [max_actions]
    return _count(engine, profile, state, depth, budget, (depth, deadline))


def _count(
    engine: Engine,
    profile: RulesProfile,
    state: Any,
    depth: int,
    budget: list[int],
    asked: tuple[int, float | None],
) -> int:
    actions = engine.legal_actions(profile, state)
    budget[0] -= len(actions)
    if budget[0] < 0:
        raise InputError(count_too_large(asked[0]))
    if asked[1] is not None and time.monotonic() >= asked[1]:
        raise InputError(
            f"the run's time budget (--max-time) ran out during a count of depth {asked[0]} "
            "(clause legal-action-count)."
        )
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        following = engine.apply_action(profile, state, action)
        if isinstance(following, Violation):
            raise InputError(f"the engine lists an action it then refuses: {following}.")
        total += _count(engine, profile, following, depth - 1, budget, asked)
    return total


@dataclass(frozen=True, slots=True)
class EngineStatus:
    """The engine, or why there is none."""

    engine: Engine | None
    reason: str


def load_engine(module_name: str = ENGINE_MODULE) -> EngineStatus:
    """Import the engine module and wrap it as an :class:`Engine`.

    The module may offer the functions of :class:`Engine` directly, or the
    facade of :data:`FACADE_FUNCTIONS`; anything else is "engine not available".
    """
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            return EngineStatus(None, "engine not available")
        raise
    if all(callable(getattr(module, name, None)) for name in ENGINE_FUNCTIONS):
        return EngineStatus(cast(Engine, module), "")
    if all(callable(getattr(module, name, None)) for name in FACADE_FUNCTIONS):
        return EngineStatus(FacadeEngine(module), "")
    missing = [name for name in ENGINE_FUNCTIONS if not callable(getattr(module, name, None))]
    return EngineStatus(None, f"engine not available: {module_name} lacks {', '.join(missing)}")
