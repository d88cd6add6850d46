"""One rule for every engine behind ``kanasta adapter``: a request is read whole before any of
it is answered.

Without it, what an engine answers to a malformed request depends on the order it reads
the request in: a meld refused at its first batch never reads the lay-offs after it (the
reference answered a verdict where the native engine, reading every batch first, answered
``error``), and a number too large for the native engine's integers failed inside it. So
both adapters (:class:`~kanasta.conformance.reference.ReferenceImplementation` and the
native one, which inherits its ``answer``) first check every part of the request this
module knows, and answer ``error`` naming the JSON path of the first malformed one:

* every whole number but a seed (``seed``, ``policy_seed``: 0 to 2**64 - 1) and a score
  (``team_scores``, a game's ``scores``: the readers hold them to
  :data:`~kanasta.rules.points.MOST_POINTS`) lies within :data:`MOST_WHOLE` either way;
* a meld request's cards, wild places, every lay-off batch and the trump card are read;
* every action of ``setup.actions``, ``actions``, ``play`` and a game's hands is read as
  an action
  (:func:`kanasta.io.action_json.action_from_json`: a known type, its fields and no
  other, a seat 0 or more).

The state of a setup is read by each engine's own reader, which checks all of it before
play starts. The module implements no clause.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kanasta.errors import InputError
from kanasta.io.action_json import action_from_json
from kanasta.io.state_json import read_cards_json
from kanasta.rules.cards import parse_card

__all__ = ["MOST_WHOLE", "check_request"]

MOST_WHOLE = 2**31 - 1
"""The largest whole number (either way) a request may hold outside a seed: every index,
seat, count and position of a game is far smaller, and every engine holds it exactly."""

_SEEDS = frozenset({"seed", "policy_seed"})
_MOST_SEED = 2**64 - 1
_POINTS = frozenset({"team_scores", "scores"})
"""Lists of scores: each engine's reader holds them to
:data:`~kanasta.rules.points.MOST_POINTS`."""
_ACTION_LISTS = ("actions", "play")


def check_request(request: Mapping[str, Any]) -> None:
    """Raise :class:`InputError` naming the JSON path of the first malformed part of
    ``request`` that this module checks (see the module docstring); nothing otherwise."""
    _check_numbers(request, "$")
    if request.get("type") == "meld":
        _check_meld(request)
    setup = request.get("setup")
    if isinstance(setup, Mapping):
        _check_actions(setup.get("actions", []), "$.setup.actions")
    for key in _ACTION_LISTS:
        if key in request:
            _check_actions(request[key], f"$.{key}")
    hands = request.get("hands") if request.get("type") == "game" else None
    if isinstance(hands, list):
        for index, hand in enumerate(hands):
            if isinstance(hand, Mapping) and "actions" in hand:
                _check_actions(hand["actions"], f"$.hands[{index}].actions")


def _check_numbers(value: Any, where: str, key: str = "") -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if key in _SEEDS:
            if not 0 <= value <= _MOST_SEED:
                raise InputError(f"{where}: a seed is a whole number 0 to 2**64 - 1.")
        elif abs(value) > MOST_WHOLE:
            raise InputError(
                f"{where}: {str(value)[:30]} is beyond the {MOST_WHOLE:,} a whole number of a "
                "request may be either way."
            )
    elif isinstance(value, Mapping):
        for name, item in value.items():
            if name not in _POINTS:
                _check_numbers(item, f"{where}.{name}", str(name))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_numbers(item, f"{where}[{index}]")


def _check_position(value: Any, where: str) -> None:
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 14
    ):
        raise InputError(f"{where}: a run position is 1..14 (1 = ace low, 14 = ace high)")


def _check_meld(request: Mapping[str, Any]) -> None:
    read_cards_json(request.get("cards"), "$.cards")
    _check_position(request.get("wild_at"), "$.wild_at")
    lay_offs = request.get("lay_offs")
    if lay_offs is None:
        lay_offs = []
    if not isinstance(lay_offs, list):
        raise InputError("$.lay_offs: expected a list of batches")
    for index, batch in enumerate(lay_offs):
        where = f"$.lay_offs[{index}]"
        if not isinstance(batch, Mapping):
            raise InputError(f"{where}: expected an object with 'cards'")
        read_cards_json(batch.get("cards"), f"{where}.cards")
        _check_position(batch.get("wild_at"), f"{where}.wild_at")
    trump = request.get("trump")
    if trump is not None:
        if not isinstance(trump, str):
            raise InputError("$.trump: expected a card such as 5H")
        try:
            parse_card(trump)
        except InputError as exc:
            raise InputError(f"$.trump: {exc}") from None


def _check_actions(actions: Any, where: str) -> None:
    if not isinstance(actions, list):
        raise InputError(f"{where}: expected a list of actions")
    for index, raw in enumerate(actions):
        action_from_json(raw, f"{where}[{index}]")
