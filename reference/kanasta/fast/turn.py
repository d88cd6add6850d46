"""The turn's checks, fast: turn-must-finish answered without a search where a shortcut
decides, the listing of the ways to take the pile, and the meld rules remembered.

Each function answers as the rules of :mod:`kanasta.rules.turn` do (the property tests of
``tests/properties/test_fast_equals_rules.py`` compare them on random states of every
family and option); :mod:`kanasta.fast.legal` and, through it, :mod:`kanasta.engine` use
them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations

from kanasta.errors import InputError, Violation
from kanasta.fast.candidates import (
    apply_lay_off_cached,
    get_hand_mask,
    get_lay_off_moves,
    get_new_meld_parts,
    validate_meld_cached,
)
from kanasta.fast.reach import is_opening_in_reach
from kanasta.rules.cards import JOKER, Card, get_rank, is_wild_card, sub_multisets
from kanasta.rules.families import BLACK_THREES
from kanasta.rules.opening import get_opening_band
from kanasta.rules.state import Phase, State, get_provisional_melds, is_provisional
from kanasta.rules.turn import (
    MeldRules,
    apply_lay_off_action,
    apply_meld,
    apply_take_pile,
    apply_take_pile_top,
    check_pile_top,
    check_take_pile,
    get_legal_discards,
    is_pile_frozen,
)

__all__ = [
    "REMEMBERED_MELD_RULES",
    "can_finish_turn_fast",
    "discard_can_end",
    "get_take_pile_options",
    "search_budget",
    "search_too_long",
]

_PLAY = Phase.PLAY
_DRAW = Phase.DRAW
_BLACK_THREES = frozenset(BLACK_THREES)
_NATURAL_RANK = tuple(0 if is_wild_card(c) else get_rank(c) for c in range(JOKER + 1))
"""The rank of each card kind as a natural (1=A .. 13=K; 0: a wild card)."""


def discard_can_end(hand: tuple[Card, ...], pile_card: Card | None) -> bool:
    """A sufficient condition for turn-must-finish that needs no search: the hand keeps two
    or more cards, one of them other than the card taken from a one-card pile, so a discard
    can end the turn without emptying the hand (a side that has opened, or may take back)."""
    size = len(hand)
    return size >= 2 and (pile_card is None or hand.count(pile_card) < size)


def can_finish_turn_fast(state: State) -> bool:
    """:func:`kanasta.rules.turn.can_finish_turn`, answered without its search when a legal
    discard surely exists (:func:`discard_can_end`) or when the opening reach decides
    (:func:`kanasta.fast.reach.is_opening_in_reach`); otherwise the rules' search over the
    candidates the fast tables list (:func:`_can_lay_to_finish`), with these rules for the
    states after each move."""
    if state.phase is not _PLAY:
        return True
    hand = state.hands[state.turn]
    team = state.turn % len(state.melds)
    if is_provisional(state, team):
        if state.profile.take_back:
            return True
        if hand:
            band = get_opening_band(state.profile, state.team_scores[team])
            reach = is_opening_in_reach(state, get_provisional_melds(state, team), hand, band)
            if reach is not None:
                return reach
    elif discard_can_end(hand, state.pile_card):
        return True
    return _can_lay_to_finish(state)


_MOST_BLACK_THREES = 4
"""Black threes meld only when going out: a hand of more than one card besides them never
melds them."""


MOST_SEARCH_TRIES = 50_000
"""How many melds and lay-offs the searches of turn-must-finish of one listing of the legal
actions or one action applied (:func:`search_budget`) may try before they are given up:
random play tries a handful at most, a hand of forty cards a few hundred."""


class _SearchCount:
    """The melds and lay-offs tried by the search under way (one per thread)."""

    __slots__ = ("depth", "tried")

    def __init__(self) -> None:
        self.depth = 0
        self.tried = 0


_SEARCH = threading.local()


def search_too_long(tried: int) -> str:
    """The refusal of a search of turn-must-finish that tried more than ``tried`` moves."""
    return (
        f"whether this turn can still end is not known after {tried:,} melds and lay-offs "
        "tried, too many to decide in reasonable time, so the question is refused: the hand "
        "of a side that has not opened is too large for the search (clause turn-must-finish, "
        "classic-no-take-back). Ask about a position with a smaller hand."
    )


def _can_lay_to_finish(state: State) -> bool:
    """:func:`kanasta.rules.turn.can_finish_turn` in the play phase, its search run over the
    fast tables instead of every sub-multiset of the hand.

    The rules try each sub-multiset of three cards or more in each arrangement a meld laid
    going out allows, and each lay-off the side's melds accept, and stop at the first that
    :func:`~kanasta.rules.turn.apply_meld` or :func:`~kanasta.rules.turn.apply_lay_off_action`
    accepts. The same candidates, found without that enumeration: the legal new melds of
    the hand (:func:`~kanasta.fast.candidates.get_new_meld_parts`), the melds of black
    threes (the only arrangements that going out adds, and only with at most one other
    card in the hand), and the lay-offs (:func:`~kanasta.fast.candidates.get_lay_off_moves`).
    A hand of forty cards lists a few hundred. The search, with those it starts after each
    move, tries at most :data:`MOST_SEARCH_TRIES` of them; past that it raises
    :class:`~kanasta.errors.InputError` rather than run for hours (a hand no deal gives
    whose melds the opening reach cannot judge)."""
    hand = state.hands[state.turn]
    if not hand or (state.profile.take_back and is_provisional(state, state.team)):
        return True
    if get_legal_discards(state):
        return True
    with search_budget() as count:
        return any(_tries(state, hand, count))


@contextmanager
def search_budget() -> Iterator[_SearchCount]:
    """The count of the melds and lay-offs tried (:data:`MOST_SEARCH_TRIES`), shared by
    every search of turn-must-finish started within the outermost ``with`` (one listing of
    the legal actions, one action applied)."""
    count: _SearchCount | None = getattr(_SEARCH, "count", None)
    if count is None:
        count = _SEARCH.count = _SearchCount()
    if count.depth == 0:
        count.tried = 0
    count.depth += 1
    try:
        yield count
    finally:
        count.depth -= 1


def _tries(state: State, hand: tuple[Card, ...], count: _SearchCount) -> Iterator[bool]:
    """Whether each candidate of :func:`_can_lay_to_finish` is accepted, one at a time."""
    profile = state.profile
    rules = REMEMBERED_MELD_RULES
    mask = get_hand_mask(hand)
    melds: list[tuple[tuple[Card, ...], int | None]] = [
        (cards, wild_at)
        for part in get_new_meld_parts(profile, hand, mask)
        for cards, wild_at, _ in part
    ]
    if profile.threes_special and len(hand) <= _MOST_BLACK_THREES + 1:
        threes = [c for c in hand if c in _BLACK_THREES]
        melds += [
            (batch, None)
            for size in range(3, len(threes) + 1)
            for batch in dict.fromkeys(combinations(threes, size))
        ]
    for cards, wild_at in melds:
        _count_try(count)
        yield not isinstance(apply_meld(state, cards, wild_at, rules), Violation)
    for index, target in enumerate(state.melds[state.team]):
        for batch, wild_at in get_lay_off_moves(profile, target, hand, mask):
            _count_try(count)
            yield not isinstance(
                apply_lay_off_action(state, index, batch, wild_at, rules), Violation
            )


def _count_try(count: _SearchCount) -> None:
    count.tried += 1
    if count.tried > MOST_SEARCH_TRIES:
        raise InputError(search_too_long(MOST_SEARCH_TRIES))


REMEMBERED_MELD_RULES = MeldRules(validate_meld_cached, apply_lay_off_cached, can_finish_turn_fast)
"""The rules a meld, lay-off or taking of the pile asks, remembered per batch and with the
shortcuts of turn-must-finish (equal to the plain ones: pure functions)."""


def get_take_pile_options(state: State) -> list[tuple[tuple[Card, ...], int]]:
    """Every legal way to take the pile, as (hand cards, meld index) pairs in the canonical
    order (meld index, then cards): the listing of
    :func:`kanasta.rules.actions.legal_actions` for the pile, found fast.

    A pile taken into the hand (take-whole-pile) is one way, ``((), -1)``, listed without
    building the state in the common case (turn-must-finish holds when the hand will keep
    a card other than the pile card, :func:`discard_can_end`). A pile taken by melding its
    top card (classic-take-pile) lists the candidates a hand can name, kept when
    :func:`kanasta.rules.turn.apply_take_pile_top` accepts them: a natural pair of the top
    card's rank, or (the pile not frozen) a natural and a wild card, as a new meld; onto
    the side's meld of its rank, the top card alone or (frozen) with a natural pair.
    classic-concealed-canasta: with ``pile_meld_any_size`` any number of the rank's
    naturals and wild cards (two at least, at most as many wild cards as a meld takes);
    classic-black-three-last-turn: with its option, two or three black threes."""
    discard = state.discard
    if state.phase is not _DRAW or not discard:
        return []
    profile = state.profile
    hand = state.hands[state.turn]
    if not profile.pile_top_melded:
        single = len(discard) == 1 and profile.single_pile_no_discard_back
        can_end = discard_can_end(hand + discard, discard[0] if single else None)
        if check_take_pile(state) is None and (
            can_end or not isinstance(apply_take_pile(state, REMEMBERED_MELD_RULES), Violation)
        ):
            return [_WHOLE_PILE]
        return []
    top = discard[-1]
    options: list[tuple[tuple[Card, ...], int]]
    if top in profile.pile_blockers and profile.pile_black_three_last_turn:
        threes = [c for c in hand if c in _BLACK_THREES]
        options = sorted(
            (batch, -1) for size in (2, 3) for batch in dict.fromkeys(combinations(threes, size))
        )
    elif check_pile_top(state, top) is not None:
        return []
    else:
        rank = get_rank(top)
        natural_rank = _NATURAL_RANK
        naturals = [c for c in hand if natural_rank[c] == rank]
        pairs = list(dict.fromkeys(combinations(naturals, 2)))
        frozen = is_pile_frozen(state)
        index = -1
        for i, meld in enumerate(state.melds[state.team]):
            if meld.rank == rank:
                index = i
                if profile.pile_meld_any_size:
                    break
        if index >= 0:
            options = [(p, index) for p in pairs] if frozen else [((), index)]
        elif profile.pile_meld_any_size:
            wild_cards = [c for c in hand if not natural_rank[c]]
            most = profile.max_wilds_per_meld
            least = 2 if frozen else 1
            options = sorted(
                (tuple(sorted(n + w)), -1)
                for n in sub_multisets(naturals)
                if len(n) >= least
                for w in sub_multisets(wild_cards, max_size=min(most, len(n) + 1))
                if len(n) + len(w) >= 2
            )
        else:
            options = [(p, -1) for p in pairs]
            if not frozen:
                wilds = list(dict.fromkeys([c for c in hand if not natural_rank[c]]))
                options += [
                    (tuple(sorted((n, w))), -1) for n in dict.fromkeys(naturals) for w in wilds
                ]
            options.sort()
    return [
        (cards, i)
        for cards, i in options
        if not isinstance(apply_take_pile_top(state, cards, i, REMEMBERED_MELD_RULES), Violation)
    ]


_WHOLE_PILE: tuple[tuple[Card, ...], int] = ((), -1)
