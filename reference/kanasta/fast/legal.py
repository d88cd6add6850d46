"""The fast listing of legal actions: tables of a hand's new melds and lay-offs
remembered across hands and turns, and the turn's checks hoisted out of the loops.

It lists exactly what :func:`kanasta.rules.actions.legal_actions` lists (the property
tests of ``tests/properties/test_fast_equals_rules.py`` compare the two on random states
of every family and option); :mod:`kanasta.engine` uses it.
"""

from __future__ import annotations

from itertools import combinations
from operator import itemgetter

from kanasta.errors import Violation
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
from kanasta.fast.reach import get_entry_verdict, get_laying_verdicts
from kanasta.fast.turn import REMEMBERED_MELD_RULES, get_take_pile_options, search_budget
from kanasta.rules.actions import (
    DRAW,
    PASS,
    TAKE_BACK,
    Action,
    ActionType,
    action_order,
    check_engine_input,
)
from kanasta.rules.actions import apply_action as rules_apply_action
from kanasta.rules.cards import JOKER, Card, is_wild_card
from kanasta.rules.families import BLACK_THREES, RulesProfile
from kanasta.rules.melds import Meld, MeldKind, check_new_set
from kanasta.rules.opening import get_opening_band
from kanasta.rules.state import Phase, State, is_provisional
from kanasta.rules.turn import (
    after_laying,
    apply_meld,
    check_pass_by_showing,
    get_legal_discards,
    remove_cards,
)

__all__ = ["REMEMBERED_MELD_RULES", "apply_action", "legal_actions"]


def apply_action(state: State, action: Action, seat: int | None = None) -> State | Violation:
    """:func:`kanasta.rules.actions.apply_action` with the meld rules remembered and the
    shortcuts of turn-must-finish (:data:`REMEMBERED_MELD_RULES`), its searches within one
    budget (:func:`~kanasta.fast.turn.search_budget`)."""
    with search_budget():
        return rules_apply_action(state, action, seat, REMEMBERED_MELD_RULES)


_MELD = ActionType.MELD
_LAY_OFF = ActionType.LAY_OFF
_OVER = Phase.OVER
_DRAW = Phase.DRAW


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the state, each exactly once: what
    :func:`kanasta.rules.actions.legal_actions` lists, found fast.

    In the canonical order of the clause (:func:`action_order`): by kind (draw,
    take-pile, pass, meld, lay-off, discard, take-back), then meld index, then
    cards, then wild_at. The option lists are kept in that order, so the
    concatenation needs no sort. The searches of turn-must-finish share one budget
    (:func:`~kanasta.fast.turn.search_budget`).
    """
    with search_budget():
        return _legal_actions(state)


def _legal_actions(state: State) -> tuple[Action, ...]:
    try:
        phase = state.phase
        if phase is _OVER:
            return ()
        if phase is _DRAW:
            out: list[Action] = []
            if state.stock:
                out.append(DRAW)
            out.extend(
                Action(ActionType.TAKE_PILE, cards, index)
                for cards, index in get_take_pile_options(state)
            )
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
        band = get_opening_band(profile, state.team_scores[team]) if committed else None
        verdicts = get_laying_verdicts(state, band) if committed else None
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


def _with_black_threes(state: State, found: list[Action]) -> list[Action]:
    """The melds of three or four black threes that go out
    (the meld table never lists them), merged into the new melds in canonical order."""
    hand = state.hands[state.turn]
    threes = [c for c in hand if c in _BLACK_THREES]
    if len(threes) < 3:
        return found
    extra = [
        Action(_MELD, batch)
        for size in range(3, len(threes) + 1)
        for batch in dict.fromkeys(combinations(threes, size))
        if not isinstance(apply_meld(state, batch, None, REMEMBERED_MELD_RULES), Violation)
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
    opened = state.opened[state.team]
    if left >= 2 and (opened or state.profile.take_back):
        pile_card = state.pile_card
        if pile_card is None or not opened:
            return True
        if hand.count(pile_card) - cards.count(pile_card) < left:
            return True
    rest = remove_cards(hand, cards)
    assert rest is not None
    return not isinstance(after_laying(state, rest, team_melds, REMEMBERED_MELD_RULES), Violation)
