"""The public facade of the game engine: what the conformance runner and the CLI call.

Everything here is pure: states, actions and scores are frozen values; an
illegal action is answered with a :class:`~kanasta.errors.Violation` value,
never an exception. Malformed input (bad JSON, unknown variant, a value that
is not a state, an action or a card) raises :class:`~kanasta.errors.InputError`.

What is checked where: the readers (:func:`state_from_json`,
:func:`action_from_json`, :func:`new_hand`) check everything, including that
a state could occur (:func:`check_state`); every other function checks the types
of its arguments and raises :class:`~kanasta.errors.InputError` for a wrong one.
:func:`legal_actions` and :func:`apply`, called once per move, trust their state
for speed: they do not run :func:`check_state`; they check the types of their
arguments (and the action's kind) only when something has gone wrong. A state
built or changed by hand (``dataclasses.replace``) should be passed to
:func:`check_state` before it is played on.

>>> from kanasta import engine
>>> state = engine.new_hand("koz", seed=1)
>>> [engine.action_to_json(a) for a in engine.legal_actions(state)]
[{'type': 'draw'}, {'type': 'take-pile'}]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kanasta.errors import InputError, Violation
from kanasta.families import get_profile
from kanasta.fast.legal import REMEMBERED_MELD_RULES
from kanasta.fast.legal import apply_action as _apply_action
from kanasta.fast.legal import legal_actions as _legal_actions
from kanasta.io.action_json import action_from_json as _action_from_json
from kanasta.io.action_json import action_to_json as _action_to_json
from kanasta.io.game_json import deal_from_json
from kanasta.io.state_json import state_from_json as _state_from_json
from kanasta.io.state_json import state_to_json as _state_to_json
from kanasta.native import get_engine
from kanasta.rules.actions import (
    MAX_COUNT_ACTIONS,
    Action,
    ActionType,
    check_action,
    check_engine_input,
    count_action_sequences,
)
from kanasta.rules.actions import format_action as _format_action
from kanasta.rules.cards import Card, parse_cards
from kanasta.rules.deal import Deal, deal_from_deck, deal_from_seed
from kanasta.rules.deal import new_hand as _new_hand
from kanasta.rules.families import RulesProfile
from kanasta.rules.points import HalfPoints, check_score
from kanasta.rules.scoring import HandScore
from kanasta.rules.scoring import score_hand as _score_hand
from kanasta.rules.state import Phase, State
from kanasta.rules.state import check_state as _check_state
from kanasta.rules.view import View
from kanasta.rules.view import get_view as _get_view

__all__ = [
    "Action",
    "ActionType",
    "Deal",
    "HandScore",
    "Phase",
    "State",
    "View",
    "Violation",
    "action_from_json",
    "action_to_json",
    "apply",
    "check_state",
    "count_actions",
    "format_action",
    "get_engine",
    "get_view",
    "legal_actions",
    "new_hand",
    "score_hand",
    "state_from_json",
    "state_to_json",
]


def _profile(profile: RulesProfile | str) -> RulesProfile:
    given: object = profile  # the public API may be handed anything
    if isinstance(given, RulesProfile):
        return given
    if not isinstance(given, str):
        raise InputError(
            f"the profile {_shown(given)} is neither a family's name nor a RulesProfile "
            "(clause rule-families)."
        )
    return get_profile(given)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _seat(value: object, rules: RulesProfile, what: str) -> int:
    """seats-in-order-of-play: a seat number of the family (0 .. players - 1)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < rules.players:
        raise InputError(
            f"the {what} {_shown(value)} is not a seat 0..{rules.players - 1} of "
            f"{rules.family} (clause seats-in-order-of-play)."
        )
    return value


def _team_scores(value: object, rules: RulesProfile) -> tuple[HalfPoints, ...]:
    """points-exact: one score per team, in half points (whole ints)."""
    teams = rules.team_count
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence):
        raise InputError(
            f"team_scores: {_shown(value)} is not a list of {teams} scores in half points "
            "(clause points-exact)."
        )
    if len(value) != teams:
        raise InputError(f"team_scores: expected {teams} scores, got {len(value)}.")
    for index, score in enumerate(value):
        if isinstance(score, bool) or not isinstance(score, int):
            raise InputError(
                f"team_scores[{index}]: {_shown(score)} is not a point value in half points "
                "(clause points-exact)."
            )
        check_score(score, f"team_scores[{index}]")
    return tuple(value)


def _deck(value: object) -> tuple[Card, ...]:
    """card-notation: a deck given as cards or as their notation, in order."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence):
        raise InputError(f"the deck {_shown(value)} is not a list of cards, top card first.")
    if all(isinstance(c, int) and not isinstance(c, bool) for c in value):
        return tuple(value)
    if not all(isinstance(c, str) for c in value):
        raise InputError(f"the deck {_shown(value)} mixes cards and other values.")
    return parse_cards(list(value))


def new_hand(
    profile: RulesProfile | str,
    *,
    seed: int | None = None,
    deal: Deal | Mapping[str, object] | None = None,
    dealer: int | None = None,
    team_scores: Sequence[HalfPoints] | None = None,
    deck: Sequence[Card] | Sequence[str] | None = None,
) -> State:
    """A new hand from a seed (the portable shuffle), from an explicit deal, or from a
    ``deck`` given in order (top card first, cards or their notation), dealt by the
    family's procedure as a shuffle that gave this order would be (clause deal-order).

    ``dealer`` defaults to the last seat, so that seat 0 plays first;
    ``team_scores`` (half points) default to 0 for every team. Every argument is
    checked: a value of the wrong type, a seat that does not exist, a deal the family's
    deck cannot hold raise :class:`InputError`; the hand returned passes
    :func:`check_state`.
    """
    rules = _profile(profile)
    seat = rules.players - 1 if dealer is None else _seat(dealer, rules, "dealer")
    scores = None if team_scores is None else _team_scores(team_scores, rules)
    if sum(given is not None for given in (seed, deal, deck)) != 1:
        raise InputError("a new hand needs exactly one of a seed, an explicit deal or a deck.")
    if deck is not None:
        chosen = deal_from_deck(rules, _deck(deck), seat)
    elif deal is None:
        assert seed is not None
        chosen = deal_from_seed(rules, seed, seat)
    elif isinstance(deal, Deal):
        chosen = deal
    else:
        chosen = deal_from_json(rules, deal)
    try:
        state = _new_hand(rules, chosen, dealer=seat, team_scores=scores)
        problem = _check_state(state)
    except (AttributeError, TypeError, IndexError, KeyError, ValueError) as exc:
        if isinstance(exc, InputError):
            raise
        raise InputError(f"the deal {_shown(deal)} is not a deal of cards: {exc}.") from None
    if problem is not None:
        raise InputError(f"the new hand cannot occur: {problem}.")
    return state


# The engine composes the rules (kanasta.rules, the definition) with the speed layer
# (kanasta.fast, equal to them by test): the actions are listed fast, and applied by the
# rules with the meld rules remembered.
legal_actions = _legal_actions
"""Every legal atomic action, each once (clause legal-action-count): what
:func:`kanasta.rules.actions.legal_actions` lists, found by :mod:`kanasta.fast.legal`."""
apply = _apply_action
"""``apply(state, action, seat=None)``: the state after ``action``, or the violation that
forbids it (:func:`kanasta.rules.actions.apply_action`)."""


def check_state(state: State) -> Violation | None:
    """Whether a state could occur in a hand of its family (see
    :func:`kanasta.rules.state.check_state`).

    The readers run it; ``legal_actions`` and ``apply`` do not (see the module docstring).
    """
    check_engine_input(state)
    return _check_state(state)


def count_actions(
    state: State, depth: int = 1, *, max_actions: int | None = MAX_COUNT_ACTIONS
) -> int:
    """The number of legal action sequences of length ``depth`` (perft).

    A count that lists more than ``max_actions`` legal actions on its way (``None``: no
    limit) raises :class:`InputError` rather than running for hours.
    """
    check_engine_input(state)
    given: object = depth
    if isinstance(given, bool) or not isinstance(given, int) or given < 0:
        raise InputError(
            f"the depth {_shown(given)} is not a number of actions 0 or more "
            "(clause legal-action-count)."
        )
    return count_action_sequences(
        state, depth, max_actions=max_actions, legal=_legal_actions, rules=REMEMBERED_MELD_RULES
    )


def state_to_json(state: State) -> dict[str, object]:
    """The state as the fixture schema's ``state`` object."""
    check_engine_input(state)
    return _state_to_json(state)


def format_action(action: Action) -> str:
    """An action as text (``meld 4H 5H 6H``)."""
    check_action(action)
    return _format_action(action)


def state_from_json(data: object, profile: RulesProfile | str, where: str = "state") -> State:
    """Read a state (the fixture schema's ``state``) under a family's rules."""
    return _state_from_json(_profile(profile), data, where)


def action_to_json(action: Action) -> dict[str, object]:
    """An action as the fixture schema's ``action`` object."""
    check_action(action)
    return _action_to_json(action)


def action_from_json(data: object, where: str = "action") -> Action:
    """Read an action (any ``seat`` field is dropped; see :func:`action_seat`)."""
    return _action_from_json(data, where)[0]


def action_seat(data: object, where: str = "action") -> int | None:
    """The ``seat`` an action JSON object names, if any."""
    return _action_from_json(data, where)[1]


def score_hand(state: State) -> HandScore:
    """The hand score per team with its breakdown (parts sum to the total)."""
    check_engine_input(state)
    return _score_hand(state)


def get_view(state: State, player: int) -> View:
    """The state as one player sees it (other hands, fi packets and stock hidden)."""
    check_engine_input(state)
    given: object = player
    if isinstance(given, bool) or not isinstance(given, int):
        raise InputError(
            f"the player {_shown(given)} is not a seat number (clause seats-in-order-of-play)."
        )
    return _get_view(state, player)
