"""Shrink a difference to a minimal fixture: fewest actions, fewest cards, same difference.

Delta debugging (Zeller's *ddmin*, complements only) over three things in turn, each
attempt a whole new one-step fixture whose expectation the reference recomputes and
which the implementation must still fail with the same target, request kind and clause
(:attr:`~kanasta.conformance.explore.requests.Difference.signature`):

1. the setup's actions: first all of them folded into the explicit state they reach
   (no action left), else the fewest of them the reference still accepts;
2. the step's actions (a sequence of actions);
3. the cards in the hands and under the top of the discard pile: a card taken out is put
   into the stock just above its bottom card (the deck must stay whole, clause
   deck-composition), and the reference must still read the state.

Every attempt counts against a budget (:data:`MAX_ATTEMPTS`), so a shrink always ends;
the order of attempts is fixed, so the same difference shrinks to the same fixture.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from kanasta import engine
from kanasta.conformance.connections import Connection
from kanasta.conformance.explore.requests import Case, Difference, compare_case, expect_case
from kanasta.conformance.model import JsonObject, StepKind
from kanasta.conformance.protocol import Hello
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.errors import InputError, Violation

__all__ = ["MAX_ATTEMPTS", "Shrunk", "count_cards", "ddmin", "shrink"]

MAX_ATTEMPTS = 250
"""The most fixtures one shrink tries."""

T = TypeVar("T")


def ddmin(
    items: Sequence[T], test: Callable[[list[T]], bool], hint: Sequence[T] | None = None
) -> list[T]:
    """The smallest sublist (1-minimal, within the tests allowed) for which ``test``
    holds, given that it holds for ``items``: chunks are removed while it still holds,
    the chunks halved when none can go. The empty list is tried first, then ``hint`` (a
    sublist likely to hold), from which the search goes on when it holds."""
    kept = list(items)
    if not kept or test([]):
        return []
    if hint is not None and len(hint) < len(kept) and test(list(hint)):
        kept = list(hint)
    parts = 2
    while len(kept) >= 2:
        size = math.ceil(len(kept) / parts)
        for start in range(0, len(kept), size):
            rest = kept[:start] + kept[start + size :]
            if test(rest):
                kept = rest
                parts = max(parts - 1, 2)
                break
        else:
            if parts >= len(kept):
                break
            parts = min(parts * 2, len(kept))
    return kept


@dataclass(frozen=True, slots=True)
class Shrunk:
    """A shrunk difference and the sizes before and after (actions, cards)."""

    difference: Difference
    attempts: int
    actions_before: int
    cards_before: int

    @property
    def actions(self) -> int:
        return count_actions(self.difference.case)

    @property
    def cards(self) -> int:
        case = self.difference.case
        if case.kind is StepKind.DEAL:
            return len(case.params["deck"])
        return count_cards(case.state)


def count_actions(case: Case) -> int:
    """The actions a case names: the setup's and the step's."""
    step: Sequence[JsonObject] = case.params.get("actions") or case.params.get("play") or ()
    return len(case.prefix) + len(step)


def count_cards(state: JsonObject) -> int:
    """The cards a shrink can take away: those in the hands and the discard pile."""
    return sum(len(hand) for hand in state["hands"]) + len(state["discard"])


def _fold(case: Case) -> Case | None:
    """The case with its setup's actions folded into the state they reach."""
    profile = case.target.get_profile()
    try:
        state = engine.state_from_json(case.state, profile)
        for raw in case.prefix:
            result = engine.apply(state, engine.action_from_json(raw), engine.action_seat(raw))
            if isinstance(result, Violation):
                return None
            state = result
    except InputError:
        return None
    return replace(case, state=dict(engine.state_to_json(state)), prefix=())


def _without(state: JsonObject, taken: frozenset[tuple[str, int, int]]) -> JsonObject:
    """The state with the cards at these places (hand seat and index, or the discard
    pile's index) moved into the stock above its bottom card."""
    hands = [
        [c for i, c in enumerate(hand) if ("hand", seat, i) not in taken]
        for seat, hand in enumerate(state["hands"])
    ]
    discard = [c for i, c in enumerate(state["discard"]) if ("discard", 0, i) not in taken]
    moved = [
        c
        for seat, hand in enumerate(state["hands"])
        for i, c in enumerate(hand)
        if ("hand", seat, i) in taken
    ]
    moved += [c for i, c in enumerate(state["discard"]) if ("discard", 0, i) in taken]
    stock = list(state["stock"])
    stock = stock[:-1] + moved + stock[-1:] if stock else moved
    return {**state, "hands": hands, "discard": discard, "stock": stock}


def _named_cards(case: Case) -> set[str]:
    """The cards the case's actions name (its setup's and its step's)."""
    actions = [*case.prefix, *case.params.get("actions", ()), *case.params.get("play", ())]
    named: set[str] = set()
    for action in actions:
        named.update(action.get("cards", ()))
        if "card" in action:
            named.add(action["card"])
    return named


def _card_at(state: JsonObject, place: tuple[str, int, int]) -> str:
    where, seat, index = place
    return str(state["hands"][seat][index] if where == "hand" else state["discard"][index])


def _places(state: JsonObject) -> list[tuple[str, int, int]]:
    places = [
        ("hand", seat, i) for seat, hand in enumerate(state["hands"]) for i in range(len(hand))
    ]
    places += [("discard", 0, i) for i in range(len(state["discard"]) - 1)]
    return places


def shrink(
    difference: Difference,
    reference: ReferenceImplementation,
    connection: Connection,
    hello: Hello,
    *,
    max_attempts: int = MAX_ATTEMPTS,
) -> Shrunk:
    """The difference shrunk (see the module's docstring)."""
    best = difference
    attempts = 0

    def attempt(case: Case | None) -> bool:
        nonlocal best, attempts
        if case is None or attempts >= max_attempts:
            return False
        attempts += 1
        fixture = expect_case(reference, case)
        if fixture is None:
            return False
        found = compare_case(fixture, case, connection, hello)
        if isinstance(found, Difference) and found.signature == difference.signature:
            best = found
            return True
        return False

    start = difference.case
    if start.kind is StepKind.DEAL:  # a whole deck in order: nothing can go
        return Shrunk(best, attempts, 0, len(start.params["deck"]))
    if start.prefix and not attempt(_fold(start)):
        ddmin(start.prefix, lambda kept: attempt(replace(best.case, prefix=tuple(kept))))
    if best.case.kind is StepKind.ACTIONS:
        actions = best.case.params["actions"]
        if len(actions) > 1:
            ddmin(
                actions,
                lambda kept: (
                    bool(kept)
                    and attempt(replace(best.case, params={**best.case.params, "actions": kept}))
                ),
            )
    base = best.case
    places = _places(base.state)
    named = _named_cards(base)
    ddmin(
        places,
        lambda kept: attempt(
            replace(base, state=_without(base.state, frozenset(places) - frozenset(kept)))
        ),
        hint=[p for p in places if _card_at(base.state, p) in named],
    )
    return Shrunk(best, attempts, count_actions(start), count_cards(start.state))
