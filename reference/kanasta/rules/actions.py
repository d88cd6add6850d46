"""Chapter *Actions and the state* (``spec/11-actions.rst``): atomic actions.

An action is one value of :class:`Action`: its ``type`` and the arguments
that type needs. :func:`legal_actions` lists every legal action of a state
once (clause :clause:`legal-action-count`); :func:`apply_action` applies any
action and returns the next state or a :class:`~kanasta.errors.Violation`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from operator import itemgetter

from kanasta.clauses import implements
from kanasta.errors import InputError, Violation
from kanasta.fast.candidates import (
    LayOffMove,
    NewMeld,
    apply_lay_off_cached,
    get_hand_mask,
    get_lay_off_moves,
    get_new_meld,
    get_new_meld_parts,
    get_profile_key,
    remember,
)
from kanasta.rules.cards import JOKER, Card, format_card, format_cards, is_wild_card, parse_card
from kanasta.rules.families import BLACK_THREES, RulesProfile
from kanasta.rules.melds import Meld, MeldKind, check_new_set
from kanasta.rules.state import Phase, State, is_provisional, read_cards_json
from kanasta.rules.turn import (
    after_laying,
    apply_discard,
    apply_draw,
    apply_lay_off_action,
    apply_meld,
    apply_pass,
    apply_take_back,
    apply_take_pile,
    apply_take_pile_top,
    check_pass_by_showing,
    get_entry_verdict,
    get_laying_verdicts,
    get_legal_discards,
    get_take_pile_options,
    is_opening_in_reach,
    is_take_pile_legal,
    remove_cards,
)

__all__ = [
    "MAX_COUNT_ACTIONS",
    "Action",
    "ActionType",
    "action_from_json",
    "action_order",
    "action_to_json",
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


_MELD = ActionType.MELD
_LAY_OFF = ActionType.LAY_OFF
_DISCARD = ActionType.DISCARD
_DRAW_ACTION = ActionType.DRAW
_OVER = Phase.OVER
_DRAW = Phase.DRAW

DRAW = Action(ActionType.DRAW)
TAKE_PILE = Action(ActionType.TAKE_PILE, meld=-1)
TAKE_BACK = Action(ActionType.TAKE_BACK)
PASS = Action(ActionType.PASS)


@implements("action-kinds", "action-seat")
def apply_action(state: State, action: Action, seat: int | None = None) -> State | Violation:
    """action-kinds: apply one atomic action for the player whose turn it is.

    action-seat: when the action names a seat, it must be that player's turn.
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
        kind = action.type
        if kind is _MELD:
            return apply_meld(state, action.cards, action.wild_at)
        if kind is _DISCARD:
            if len(action.cards) != 1:
                return Violation("action-kinds", "one-card-discard", "a discard names one card")
            return apply_discard(state, action.cards[0])
        if kind is _DRAW_ACTION:
            return apply_draw(state)
        if kind is _LAY_OFF:
            return apply_lay_off_action(state, action.meld, action.cards, action.wild_at)
        if kind is ActionType.TAKE_PILE:
            if state.profile.pile_top_melded:
                return apply_take_pile_top(state, action.cards, action.meld)
            if action.cards or action.meld > 0:
                return Violation(
                    "take-whole-pile",
                    "no-top-meld-in-family",
                    f"in {state.profile.family} the pile is taken into the hand, "
                    "naming no cards and no meld",
                )
            return apply_take_pile(state)
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


@implements("legal-action-count", "action-kinds", "pass-by-showing")
def legal_actions(state: State) -> tuple[Action, ...]:
    """legal-action-count: every legal action of the state, each exactly once.

    In the canonical order of the clause (:func:`action_order`): by kind (draw,
    take-pile, pass, meld, lay-off, discard, take-back), then meld index, then
    cards, then wild_at. The option lists are kept in that order, so the
    concatenation needs no sort.
    """
    try:
        phase = state.phase
        if phase is _OVER:
            return ()
        if phase is _DRAW:
            out: list[Action] = []
            if state.stock:
                out.append(DRAW)
            if state.profile.pile_top_melded:
                out.extend(
                    Action(ActionType.TAKE_PILE, cards, index)
                    for cards, index in get_take_pile_options(state)
                )
            elif is_take_pile_legal(state):
                out.append(TAKE_PILE)
            if state.profile.pass_by_showing and check_pass_by_showing(state) is None:
                out.append(PASS)
            return tuple(out)
        profile = state.profile
        hand = state.hands[state.turn]
        team = state.team
        team_melds = state.melds[team]
        found: list[Action] = []
        size = len(hand)
        pile_card = state.pile_card
        # The quick path of _laying_is_legal, hoisted out of the loops. classic-no-take-back:
        # a side that has not opened and never takes back needs the full check.
        committed = not (state.opened[team] or profile.take_back)
        any_card_ends = pile_card is None or not state.opened[team]
        verdicts = get_laying_verdicts(state) if committed else None
        verdict, sure, wilds_sure = (None, _NO_RANKS, False) if verdicts is None else verdicts[:3]
        if verdict is False:
            # No meld or lay-off can keep the turn finishable: only discards (and black
            # threes, which the reach does not count) may be legal.
            return _after_laying_entries(state, [], team, size)
        mask = get_hand_mask(hand)
        entries, actions, longest, set_ranks = _meld_table(profile, hand, mask)
        # one-set-per-rank depends on the set's rank only: ask once per rank.
        blocked = {
            rank
            for rank, meld in set_ranks.items()
            if check_new_set(profile, team_melds, meld) is not None
        }
        if any_card_ends and size - longest >= 2 and not committed:
            # Every option leaves two cards: only one-set-per-rank can rule one out.
            if blocked:
                found.extend([entry[2] for entry in entries if entry[4] not in blocked])
            else:
                found.extend(actions)
        else:
            for cards, _, action, _, set_rank in entries:
                if set_rank in blocked:
                    continue
                if set_rank in sure and (wilds_sure or _is_wild_free(cards)):
                    found.append(action)
                    continue
                if verdicts is not None and set_rank:
                    entry = get_entry_verdict(state, verdicts, set_rank, cards)
                    if entry is not None:
                        if entry:
                            found.append(action)
                        continue
                left = size - len(cards)
                if (
                    left >= 2
                    and not committed
                    and (any_card_ends or hand.count(pile_card) - cards.count(pile_card) < left)
                ) or _laying_is_legal(
                    state, hand, cards, (*team_melds, get_new_meld(profile, cards, action.wild_at))
                ):
                    found.append(action)
        for index, target in enumerate(team_melds):
            moves = get_lay_off_moves(profile, target, hand, mask)
            if not moves:
                continue
            actions, longest = _move_actions(moves, index)
            on_sure = target.kind is MeldKind.SET and target.rank in sure
            if (any_card_ends and size - longest >= 2 and not committed) or (
                on_sure and wilds_sure
            ):
                found.extend(actions)
                continue
            for (batch, wild_at), action in zip(moves, actions, strict=True):
                if on_sure and _is_wild_free(batch):
                    found.append(action)
                    continue
                if verdicts is not None and target.kind is MeldKind.SET:
                    entry = get_entry_verdict(state, verdicts, target.rank, batch)
                    if entry is not None:
                        if entry:
                            found.append(action)
                        continue
                left = size - len(batch)
                if (
                    left >= 2
                    and not committed
                    and (any_card_ends or hand.count(pile_card) - batch.count(pile_card) < left)
                ) or _laying_is_legal(
                    state,
                    hand,
                    batch,
                    _replaced(team_melds, index, _lay_off_result(state, target, batch, wild_at)),
                ):
                    found.append(action)
        return _after_laying_entries(state, found, team, size)
    except (AttributeError, TypeError, IndexError, KeyError):
        check_engine_input(state)
        raise


_NO_RANKS: frozenset[int] = frozenset()
_WILD_KINDS = frozenset(c for c in range(JOKER + 1) if is_wild_card(c))


def _is_wild_free(cards: tuple[Card, ...]) -> bool:
    return _WILD_KINDS.isdisjoint(cards)


def _after_laying_entries(
    state: State, found: list[Action], team: int, size: int
) -> tuple[Action, ...]:
    """The end of :func:`legal_actions` in the play phase: the melds of black threes, the
    discards and the take-back, after the listed melds and lay-offs ``found``."""
    profile = state.profile
    if profile.threes_special and size <= _MOST_BLACK_THREES + 1:
        found = _with_black_threes(state, found)
    found.extend([_DISCARDS[card] for card in get_legal_discards(state)])
    if profile.take_back and is_provisional(state, team):
        found.append(TAKE_BACK)
    return tuple(found)


_MOST_BLACK_THREES = 4
_BLACK_THREES = frozenset(BLACK_THREES)


@implements("classic-threes-in-melds", "legal-action-count")
def _with_black_threes(state: State, found: list[Action]) -> list[Action]:
    """classic-threes-in-melds: the melds of three or four black threes that go out
    (the meld table never lists them), merged into the new melds in canonical order."""
    hand = state.hands[state.turn]
    threes = [c for c in hand if c in _BLACK_THREES]
    if len(threes) < 3:
        return found
    extra = [
        Action(_MELD, batch)
        for size in range(3, len(threes) + 1)
        for batch in dict.fromkeys(combinations(threes, size))
        if not isinstance(apply_meld(state, batch), Violation)
    ]
    if not extra:
        return found
    return sorted([*found, *extra], key=action_order)


_DISCARDS = tuple(Action(ActionType.DISCARD, (card,)) for card in range(53))
"""The discard action of each card kind, built once."""

_Entry = tuple[tuple[Card, ...], int, Action, int, int]
"""A new meld as ``legal_actions`` lists it: cards, wild place (-1: none), the action,
its place in the canonical order (:func:`_order_key`) and a set's rank (0: not a set)."""
_Table = tuple[tuple[_Entry, ...], tuple[Action, ...], int, dict[int, Meld]]
"""A hand's new melds: the entries in the canonical order, their actions, the most
cards one takes, and one set per rank among them."""
_PartEntries = tuple[tuple[_Entry, ...], int, tuple[tuple[int, tuple[Card, ...]], ...]]
"""A part's entries, the most cards one of them takes, and a set's cards per set rank."""
_PART_ENTRIES: dict[int, tuple[object, _PartEntries]] = {}
_TABLES: dict[tuple[int, int], _Table] = {}
_ENTRY_ORDER = itemgetter(3)
_ACTIONS_MEMO_LIMIT = 50_000


def _meld_table(profile: RulesProfile, hand: tuple[Card, ...], mask: int) -> _Table:
    """The new melds of a sorted hand (``mask``: its bits), as ``legal_actions`` lists them.

    The parts of :func:`~kanasta.fast.candidates.get_new_meld_parts` (each
    remembered by the hand cards that decide it, its entries built once),
    merged into the canonical order. Remembered per hand.
    """
    key = (get_profile_key(profile), mask)
    table = _TABLES.get(key)
    if table is None:
        merged: list[_Entry] = []
        longest = 0
        sets: dict[int, Meld] = {}
        for part in get_new_meld_parts(profile, hand, mask):
            entries, most, set_cards = _part_entries(part)
            merged.extend(entries)
            longest = max(longest, most)
            for rank, cards in set_cards:
                if rank not in sets:
                    sets[rank] = _set_of_rank(profile, rank, cards)
        merged.sort(key=_ENTRY_ORDER)
        table = (tuple(merged), tuple([e[2] for e in merged]), longest, sets)
        remember(_TABLES, key, table, _ACTIONS_MEMO_LIMIT)
    return table


_SETS_OF_RANK: dict[tuple[int, int], Meld] = {}


def _set_of_rank(profile: RulesProfile, rank: int, cards: tuple[Card, ...]) -> Meld:
    """A new set of ``rank`` (that of ``cards``, the first time): one-set-per-rank reads
    nothing of a set but its kind and rank."""
    key = (get_profile_key(profile), rank)
    meld = _SETS_OF_RANK.get(key)
    if meld is None:
        meld = _SETS_OF_RANK[key] = get_new_meld(profile, cards, None)
    return meld


def _part_entries(part: tuple[NewMeld, ...]) -> _PartEntries:
    """The entries of one part's new melds (the parts are remembered, so built once per part)."""
    hit = _PART_ENTRIES.get(id(part))
    if hit is not None and hit[0] is part:
        return hit[1]
    entry_of = _ENTRY_OF
    built: list[_Entry] = []
    set_cards: dict[int, tuple[Card, ...]] = {}
    for record in part:
        entry = entry_of.get(record)
        if entry is None:
            cards, wild_at, set_rank = record
            entry = (
                cards,
                -1 if wild_at is None else wild_at,
                Action(_MELD, cards, 0, wild_at),
                _order_key(cards, wild_at),
                set_rank,
            )
            remember(entry_of, record, entry, _ACTIONS_MEMO_LIMIT)
        built.append(entry)
        if entry[4]:
            set_cards.setdefault(entry[4], entry[0])
    result = (tuple(built), max([len(e[0]) for e in built], default=0), tuple(set_cards.items()))
    remember(_PART_ENTRIES, id(part), (part, result), _ACTIONS_MEMO_LIMIT)
    return result


_ORDER_PLACES = 24
"""More cards than any meld of two decks holds (8 naturals of a rank, 8 2s, 4 jokers)."""


def _order_key(cards: tuple[Card, ...], wild_at: int | None) -> int:
    """One int that orders new melds as :func:`action_order` does: by cards, then wild place.

    Each card takes six bits (``card + 1``, so a shorter prefix comes first), in
    :data:`_ORDER_PLACES` places from the highest; the wild place (none: 0) the four
    lowest. Comparing ints is much cheaper than comparing tuples of tuples.
    """
    if len(cards) > _ORDER_PLACES:
        raise ValueError(f"a meld of {len(cards)} cards is longer than any two decks allow")
    key = 0
    for place, card in enumerate(cards):
        key |= (card + 1) << (6 * (_ORDER_PLACES - 1 - place))
    return key << 4 | (0 if wild_at is None else wild_at + 1)


_ENTRY_OF: dict[NewMeld, _Entry] = {}
"""The entry of each new meld, built once: parts that share melds share them."""


_MOVE_ACTIONS: dict[tuple[int, int], tuple[object, tuple[tuple[Action, ...], int]]] = {}


def _move_actions(moves: tuple[LayOffMove, ...], index: int) -> tuple[tuple[Action, ...], int]:
    """The actions of cached lay-off moves onto the meld at ``index``, and the most
    cards any of them takes (built once per moves tuple and index)."""
    key = (id(moves), index)
    hit = _MOVE_ACTIONS.get(key)
    if hit is not None and hit[0] is moves:
        return hit[1]
    built = tuple(Action(_LAY_OFF, batch, index, wild_at) for batch, wild_at in moves)
    result = (built, max((len(batch) for batch, _ in moves), default=0))
    remember(_MOVE_ACTIONS, key, (moves, result), _ACTIONS_MEMO_LIMIT)
    return result


def _lay_off_result(state: State, meld: Meld, batch: tuple[Card, ...], wild_at: int | None) -> Meld:
    """The meld after a listed lay-off (which the meld rules accept)."""
    result = apply_lay_off_cached(state.profile, meld, batch, wild_at)
    assert not isinstance(result, Violation)
    return result


_KIND_ORDER = {kind: i for i, kind in enumerate(ActionType)}


def action_order(action: Action) -> tuple[int, int, tuple[Card, ...], int]:
    """legal-action-count: the sort key of the canonical order of legal actions."""
    wild = -1 if action.wild_at is None else action.wild_at
    return (_KIND_ORDER[action.type], action.meld, action.cards, wild)


def _replaced(melds: tuple[Meld, ...], index: int, meld: Meld) -> tuple[Meld, ...]:
    return (*melds[:index], meld, *melds[index + 1 :])


def _laying_is_legal(
    state: State, hand: tuple[Card, ...], cards: tuple[Card, ...], team_melds: tuple[Meld, ...]
) -> bool:
    """Whether a meld or lay-off that the meld rules accept is legal in this turn.

    With two or more cards left, the turn can always end: a card other than
    the pile card can be discarded, or (for a team that has not opened) the
    provisional opening can be taken back. Otherwise, and for a side that has not
    opened in a family without a take-back (classic-no-take-back), the full check runs.
    """
    left = len(hand) - len(cards)
    team = state.team
    opened = state.opened[team]
    if left >= 2 and (opened or state.profile.take_back):
        pile_card = state.pile_card
        if pile_card is None or not opened:
            return True
        if hand.count(pile_card) - cards.count(pile_card) < left:
            return True
    rest = remove_cards(hand, cards)
    assert rest is not None
    if rest and not (opened or state.profile.take_back):
        # classic-no-take-back: the reach decides most of these without building the state
        # (after_laying would ask the same reach of the state it builds).
        reach = is_opening_in_reach(state, team, team_melds, rest)
        if reach is not None:
            return reach
    return not isinstance(after_laying(state, rest, team_melds), Violation)


MAX_COUNT_ACTIONS = 1_000_000
"""A count that lists more legal actions than this on its way is refused: it would take
minutes or hours (a depth-4 count from a 40-card hand), and no fixture needs it (a depth-4
count from a deal lists about a thousand)."""


@implements("legal-action-count")
def count_action_sequences(state: State, depth: int, *, max_actions: int | None = None) -> int:
    """legal-action-count: the number of legal action sequences of length ``depth`` (perft).

    With ``max_actions``, a count that lists more legal actions than that on its way
    raises :class:`InputError`.
    """
    budget = [max_actions if max_actions is not None else -1]
    return _count(state, depth, budget, depth)


def _count(state: State, depth: int, budget: list[int], asked: int) -> int:
    if depth <= 0:
        return 1
    actions = legal_actions(state)
    if budget[0] >= 0:
        budget[0] -= len(actions)
        if budget[0] < 0:
            raise InputError(count_too_large(asked))
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        following = apply_action(state, action)
        assert not isinstance(following, Violation)
        total += _count(following, depth - 1, budget, asked)
    return total


def count_too_large(depth: int, limit: int = MAX_COUNT_ACTIONS) -> str:
    """The refusal of a count that would list more than ``limit`` legal actions."""
    return (
        f"a count of depth {depth} from this state lists more than {limit:,} legal actions "
        "on its way, too many to count in reasonable time, so it is refused; ask a smaller "
        "depth, or a state with smaller hands (clause legal-action-count)."
    )


# --------------------------------------------------------------------------- JSON and text


@implements("action-json")
def action_to_json(action: Action) -> dict[str, object]:
    """action-json: an action as the fixture schema's ``action`` object."""
    out: dict[str, object] = {"type": action.type.value}
    if action.type is ActionType.TAKE_PILE:
        if action.meld >= 0:
            out["meld"] = action.meld
        if action.cards:
            out["cards"] = [format_card(c) for c in action.cards]
    elif action.type is ActionType.DISCARD:
        out["card"] = format_card(action.cards[0])
    elif action.type in (ActionType.MELD, ActionType.LAY_OFF):
        if action.type is ActionType.LAY_OFF:
            out["meld"] = action.meld
        out["cards"] = [format_card(c) for c in action.cards]
        if action.wild_at is not None:
            out["wild_at"] = action.wild_at
    return out


@implements("action-json")
def action_from_json(data: object, where: str = "action") -> tuple[Action, int | None]:
    """action-json: read an action; returns it with the optional ``seat`` it names."""
    if not isinstance(data, Mapping):
        raise InputError(f"{where}: an action is an object with a 'type'.")
    raw_type = data.get("type")
    try:
        kind = ActionType(str(raw_type))
    except ValueError:
        known = ", ".join(t.value for t in ActionType)
        raise InputError(
            f"{where}.type: {raw_type!r} is not an action type ({known}) (clause action-kinds)."
        ) from None
    seat_raw = data.get("seat")
    if seat_raw is not None and (isinstance(seat_raw, bool) or not isinstance(seat_raw, int)):
        raise InputError(f"{where}.seat: expected a seat number.")
    seat = seat_raw if isinstance(seat_raw, int) else None
    allowed = {
        ActionType.DRAW: set(),
        ActionType.TAKE_PILE: {"cards", "meld"},
        ActionType.PASS: set(),
        ActionType.TAKE_BACK: set(),
        ActionType.DISCARD: {"card"},
        ActionType.MELD: {"cards", "wild_at"},
        ActionType.LAY_OFF: {"meld", "cards", "wild_at"},
    }[kind]
    unknown = set(data) - allowed - {"type", "seat"}
    if unknown:
        raise InputError(
            f"{where}: a {kind.value} action has no field {sorted(unknown)[0]!r} "
            "(clause action-json)."
        )
    if kind is ActionType.DISCARD:
        card = data.get("card")
        if not isinstance(card, str):
            raise InputError(f'{where}.card: a discard names one card, e.g. "7S".')
        try:
            return Action(kind, (parse_card(card),)), seat
        except InputError as exc:
            raise InputError(f"{where}.card: {exc}") from None
    if kind in (ActionType.MELD, ActionType.LAY_OFF):
        cards = tuple(sorted(read_cards_json(data.get("cards"), f"{where}.cards")))
        if not cards:
            raise InputError(f"{where}.cards: name at least one card.")
        wild_raw = data.get("wild_at")
        if wild_raw is not None and (
            isinstance(wild_raw, bool) or not isinstance(wild_raw, int) or not 1 <= wild_raw <= 14
        ):
            raise InputError(f"{where}.wild_at: a run position 1..14 or null.")
        wild_at = wild_raw if isinstance(wild_raw, int) else None
        index = 0
        if kind is ActionType.LAY_OFF:
            raw_index = data.get("meld")
            if isinstance(raw_index, bool) or not isinstance(raw_index, int) or raw_index < 0:
                raise InputError(f"{where}.meld: the index of one of the team's melds (0, 1, ...).")
            index = raw_index
        return Action(kind, cards, index, wild_at), seat
    if kind is ActionType.TAKE_PILE:
        shown = tuple(sorted(read_cards_json(data.get("cards", []), f"{where}.cards")))
        raw_target = data.get("meld", -1)
        if isinstance(raw_target, bool) or not isinstance(raw_target, int) or raw_target < -1:
            raise InputError(f"{where}.meld: the index of one of the team's melds (0, 1, ...).")
        return Action(kind, shown, raw_target), seat
    return Action(kind), seat


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
