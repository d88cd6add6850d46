"""Chapter *Actions and the state* (``spec/11-actions.rst``): atomic actions.

An action is one value of :class:`Action`: its ``type`` and the arguments
that type needs. :func:`legal_actions` lists every legal action of a state
once (clause :clause:`legal-action-count`); :func:`apply_action` applies any
action and returns the next state or a :class:`~kanasta.errors.Violation`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from kanasta.clauses import implements
from kanasta.errors import InputError, Violation
from kanasta.rules.cards import (
    Card,
    format_card,
    format_cards,
    get_rank,
    is_wild_card,
    sub_multisets,
)
from kanasta.rules.melds import get_lay_off_options, get_meld_arrangements
from kanasta.rules.state import Phase, State
from kanasta.rules.turn import (
    PLAIN_MELD_RULES,
    MeldRules,
    apply_discard,
    apply_draw,
    apply_lay_off_action,
    apply_meld,
    apply_pass,
    apply_take_back,
    apply_take_pile,
    apply_take_pile_top,
)

__all__ = [
    "MAX_COUNT_ACTIONS",
    "Action",
    "ActionType",
    "action_order",
    "apply_action",
    "check_action",
    "check_engine_input",
    "count_action_sequences",
    "count_too_large",
    "format_action",
    "legal_actions",
]


class ActionType(StrEnum):
    """The kinds of atomic action (clause action-kinds)."""

    DRAW = "draw"
    TAKE_PILE = "take-pile"
    PASS = "pass"
    MELD = "meld"
    LAY_OFF = "lay-off"
    DISCARD = "discard"
    TAKE_BACK = "take-back"


@dataclass(frozen=True, slots=True)
class Action:
    """One atomic action. ``cards`` is sorted; ``meld`` is an index into the team's melds.

    ``wild_at`` is the run position where the acting wild stands after a meld
    or lay-off (``None``: no acting wild, or the default arrangement).
    """

    type: ActionType
    cards: tuple[Card, ...] = ()
    meld: int = 0
    wild_at: int | None = None


DRAW = Action(ActionType.DRAW)
TAKE_PILE = Action(ActionType.TAKE_PILE, meld=-1)
TAKE_BACK = Action(ActionType.TAKE_BACK)
PASS = Action(ActionType.PASS)


@implements("action-kinds", "action-seat")
def apply_action(
    state: State, action: Action, seat: int | None = None, melds: MeldRules = PLAIN_MELD_RULES
) -> State | Violation:
    """action-kinds: apply one atomic action for the player whose turn it is.

    action-seat: when the action names a seat, it must be that player's turn. ``melds``:
    the rules a meld, lay-off or taking of the pile asks
    (:class:`~kanasta.rules.turn.MeldRules`).
    """
    try:
        if seat is not None and seat != state.turn and state.phase is not Phase.OVER:
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise InputError(
                    f"the seat {_shown(seat)} is not a seat number (clause action-seat)."
                )
            return Violation(
                "action-seat",
                "not-your-turn",
                f"it is seat {state.turn}'s turn, not seat {seat}'s",
            )
        kind: object = action.type  # a caller may pass a malformed action: checked below
        if kind is ActionType.MELD:
            return apply_meld(state, action.cards, action.wild_at, melds)
        if kind is ActionType.DISCARD:
            if len(action.cards) != 1:
                return Violation("action-kinds", "one-card-discard", "a discard names one card")
            return apply_discard(state, action.cards[0])
        if kind is ActionType.DRAW:
            return apply_draw(state)
        if kind is ActionType.LAY_OFF:
            return apply_lay_off_action(state, action.meld, action.cards, action.wild_at, melds)
        if kind is ActionType.TAKE_PILE:
            if state.profile.pile_top_melded:
                return apply_take_pile_top(state, action.cards, action.meld, melds)
            if action.cards or action.meld > 0:
                return Violation(
                    "take-whole-pile",
                    "no-top-meld-in-family",
                    f"in {state.profile.family} the pile is taken into the hand, "
                    "naming no cards and no meld",
                )
            return apply_take_pile(state, melds)
        if kind is ActionType.PASS:
            return apply_pass(state)
        if kind is ActionType.TAKE_BACK:
            return apply_take_back(state)
    except (AttributeError, TypeError, IndexError, KeyError, ValueError):
        check_engine_input(state, action)
        raise
    check_engine_input(state, action)
    raise AssertionError("unreachable: check_engine_input refuses every other kind")


_NO_ACTION = object()


def check_engine_input(state: object, action: object = _NO_ACTION) -> None:
    """action-kinds: raise :class:`InputError` if ``state`` is not a :class:`State` or
    ``action`` (when given, ``None`` included) not a well-formed :class:`Action`.

    ``apply_action`` and ``legal_actions`` call it only after something went wrong
    (an exception, or an action type that is not an :class:`ActionType`), so the
    moves of a game pay nothing for it. It checks the types, not the rules:
    whether a state could occur is :func:`kanasta.rules.state.check_state`.
    """
    if not isinstance(state, State):
        raise InputError(
            f"the state is {_shown(state)}, not a kanasta State (build one with "
            "kanasta.engine.new_hand or state_from_json)."
        )
    if action is not _NO_ACTION:
        check_action(action)


def check_action(action: object) -> None:
    """action-kinds: raise :class:`InputError` if ``action`` is not a well-formed
    :class:`Action` (its type an :class:`ActionType`, its cards, meld and wild_at of the
    right types). Called at the public boundary, never on the moves of a game."""
    if not isinstance(action, Action):
        raise InputError(
            f"the action is {_shown(action)}, not a kanasta Action (read one with "
            "kanasta.engine.action_from_json) (clause action-kinds)."
        )
    kind: object = action.type
    cards: object = action.cards
    if not isinstance(kind, ActionType):
        raise InputError(
            f"the action's type is {_shown(action.type)}, not an ActionType; the kinds are "
            f"{', '.join(f'ActionType.{k.name}' for k in ActionType)} (clause action-kinds)."
        )
    if not isinstance(cards, tuple) or not all(
        isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 52 for c in cards
    ):
        raise InputError(
            f"the action's cards {_shown(action.cards)} are not a tuple of cards "
            "(ints 0..52) (clause card-notation)."
        )
    if isinstance(action.meld, bool) or not isinstance(action.meld, int):
        raise InputError(f"the action's meld {_shown(action.meld)} is not a meld index.")
    if action.wild_at is not None and (
        isinstance(action.wild_at, bool) or not isinstance(action.wild_at, int)
    ):
        raise InputError(f"the action's wild_at {_shown(action.wild_at)} is not a run position.")


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@implements("legal-action-count", "action-kinds", "pass-by-showing", "classic-threes-in-melds")
def legal_actions(state: State) -> tuple[Action, ...]:
    """legal-action-count: every legal action of the state, each exactly once, in the
    canonical order of the clause (:func:`action_order`): by kind (draw, take-pile, pass,
    meld, lay-off, discard, take-back), then meld index, then cards, then wild_at.

    Every action the phase could name is offered and kept when :func:`apply_action`
    accepts it. In the draw phase: the draw, the pass, and the pile taken (whole, or
    in a family that melds its top card, with each sub-multiset of the hand cards that
    could meld with it: of its rank, or wild, onto each meld of the side or a new
    one). In the play phase: each sub-multiset of the hand as a new meld in each of its
    arrangements (the melds only going out allows included, classic-threes-in-melds),
    and onto each meld of the side; each card as a discard; the take-back. The engine
    (:mod:`kanasta.engine`) lists the same actions fast.
    """
    try:
        phase = state.phase
        if phase is Phase.OVER:
            return ()
        offered = _offered_draw(state) if phase is Phase.DRAW else _offered_play(state)
        legal = dict.fromkeys(
            a for a in offered if not isinstance(apply_action(state, a), Violation)
        )
        return tuple(sorted(legal, key=action_order))
    except (AttributeError, TypeError, IndexError, KeyError):
        check_engine_input(state)
        raise


def _offered_draw(state: State) -> list[Action]:
    """The actions a draw phase could name (:func:`legal_actions`)."""
    offered = [DRAW, PASS, TAKE_PILE]
    if state.profile.pile_top_melded and state.discard:
        rank = get_rank(state.discard[-1])
        hand = state.hands[state.turn]
        fitting = [c for c in hand if is_wild_card(c) or get_rank(c) == rank]
        for cards in sub_multisets(fitting):
            offered.extend(
                Action(ActionType.TAKE_PILE, cards, index)
                for index in range(-1, len(state.melds[state.team]))
            )
    return offered


def _offered_play(state: State) -> list[Action]:
    """The actions a play phase could name (:func:`legal_actions`)."""
    profile = state.profile
    hand = state.hands[state.turn]
    offered = [
        Action(ActionType.MELD, cards, 0, meld.wild_at)
        for cards in sub_multisets(hand)
        if len(cards) >= 3
        for meld in get_meld_arrangements(profile, cards, going_out=True)
    ]
    for index, target in enumerate(state.melds[state.team]):
        offered.extend(
            Action(ActionType.LAY_OFF, cards, index, meld.wild_at)
            for cards, meld in get_lay_off_options(profile, target, hand)
        )
    offered.extend(Action(ActionType.DISCARD, (card,)) for card in dict.fromkeys(hand))
    offered.append(TAKE_BACK)
    return offered


_KIND_ORDER = {kind: i for i, kind in enumerate(ActionType)}


def action_order(action: Action) -> tuple[int, int, tuple[Card, ...], int]:
    """legal-action-count: the sort key of the canonical order of legal actions."""
    wild = -1 if action.wild_at is None else action.wild_at
    return (_KIND_ORDER[action.type], action.meld, action.cards, wild)


MAX_COUNT_ACTIONS = 1_000_000
"""A count that lists more legal actions than this on its way is refused: it would take
minutes or hours (a depth-4 count from a 40-card hand), and no fixture needs it (a depth-4
count from a deal lists about a thousand)."""


@implements("legal-action-count")
def count_action_sequences(
    state: State,
    depth: int,
    *,
    max_actions: int | None = None,
    legal: Callable[[State], tuple[Action, ...]] | None = None,
    rules: MeldRules = PLAIN_MELD_RULES,
) -> int:
    """legal-action-count: the number of legal action sequences of length ``depth`` (perft).

    With ``max_actions``, a count that lists more legal actions than that on its way
    raises :class:`InputError`. ``legal`` lists a state's legal actions (by default
    :func:`legal_actions`) and ``rules`` are those :func:`apply_action` asks; the engine
    passes its fast listing and rules, equal by test.
    """
    budget = [max_actions if max_actions is not None else -1]
    return _count(state, depth, budget, depth, legal or legal_actions, rules)


def _count(
    state: State,
    depth: int,
    budget: list[int],
    asked: int,
    legal: Callable[[State], tuple[Action, ...]],
    rules: MeldRules,
) -> int:
    if depth <= 0:
        return 1
    actions = legal(state)
    if budget[0] >= 0:
        budget[0] -= len(actions)
        if budget[0] < 0:
            raise InputError(count_too_large(asked))
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        following = apply_action(state, action, None, rules)
        assert not isinstance(following, Violation)
        total += _count(following, depth - 1, budget, asked, legal, rules)
    return total


def count_too_large(depth: int, limit: int = MAX_COUNT_ACTIONS) -> str:
    """The refusal of a count that would list more than ``limit`` legal actions."""
    return (
        f"a count of depth {depth} from this state lists more than {limit:,} legal actions "
        "on its way, too many to count in reasonable time, so it is refused; ask a smaller "
        "depth, or a state with smaller hands (clause legal-action-count)."
    )


# --------------------------------------------------------------------------- text


def format_action(action: Action) -> str:
    """An action as short text, e.g. ``meld 4H 5H 6H`` or ``lay-off #1 7S``."""
    kind = action.type
    if kind is ActionType.DISCARD:
        return f"discard {format_card(action.cards[0])}"
    if kind is ActionType.MELD:
        tail = f" (wild at {action.wild_at})" if action.wild_at is not None else ""
        return f"meld {format_cards(action.cards)}{tail}"
    if kind is ActionType.LAY_OFF:
        tail = f" (wild at {action.wild_at})" if action.wild_at is not None else ""
        return f"lay-off #{action.meld} {format_cards(action.cards)}{tail}"
    if kind is ActionType.TAKE_PILE and (action.cards or action.meld >= 0):
        onto = f" onto #{action.meld}" if action.meld >= 0 else ""
        shown = f" with {format_cards(action.cards)}" if action.cards else ""
        return f"take-pile{shown}{onto}"
    return kind.value
