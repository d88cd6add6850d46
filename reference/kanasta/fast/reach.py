"""The opening reach: how far a provisional opening of sets can still grow from the hand.

A speed device for the search of turn-must-finish (:func:`kanasta.rules.turn.can_finish_turn`)
of a side that has not opened in a family that never takes back (classic-no-take-back): it
decides most searches without one, and :mod:`kanasta.fast.legal` asks it for every meld and
lay-off of a turn at once. Wherever it answers, it answers as the search does (the property
test ``tests/properties/test_fast_equals_rules.py`` compares the two).
"""

from __future__ import annotations

from typing import NamedTuple

from kanasta.rules.cards import JOKER, Card, get_rank, is_two, is_wild_card
from kanasta.rules.families import (
    BLACK_THREES,
    RED_THREES,
    OpeningBand,
    RulesProfile,
    WildMeldRule,
)
from kanasta.rules.melds import Meld, MeldKind
from kanasta.rules.points import HalfPoints
from kanasta.rules.state import State

__all__ = [
    "LayingVerdicts",
    "OpeningReach",
    "ReachParts",
    "get_entry_verdict",
    "get_laying_verdicts",
    "get_opening_reach",
    "get_reach",
    "get_reach_parts",
    "get_reach_parts_after",
    "is_opening_in_reach",
]

_SET = MeldKind.SET
_THREE = 3
_REACH_RANK = tuple(
    -1 if is_wild_card(c) else (0 if c in RED_THREES else get_rank(c)) for c in range(JOKER + 1)
)
"""get_opening_reach: a card's rank as a natural (1=A .. 13=K), -1 for a wild card, 0 for a
red three (never in a hand)."""
_IS_TWO = tuple(is_two(c) for c in range(JOKER + 1))
_RANKS = 14
_MELD_RANKS = (1, *range(4, _RANKS))
"""get_opening_reach: the ranks a set of naturals may have (no threes)."""


class OpeningReach(NamedTuple):
    """What :func:`get_opening_reach` finds: see there."""

    most: HalfPoints
    reached: HalfPoints
    kept: int
    every_wild_placed: bool
    sure_ranks: frozenset[int]
    paired: HalfPoints
    paired_kept: int


class ReachParts(NamedTuple):
    """The hand and provisional melds as :func:`get_opening_reach` sums them up, rank by
    rank, so that the reach after a meld or lay-off onto one set is found by changing that
    rank alone (:func:`get_reach_parts_after`)."""

    total: HalfPoints
    size: int
    threes: int
    wilds: tuple[HalfPoints, ...]
    held: tuple[int, ...]
    points: tuple[HalfPoints, ...]
    sets: dict[int, tuple[int, int]]
    rooms: dict[int, int]
    sure: frozenset[int]
    pairs: tuple[tuple[HalfPoints, int], ...]


def _room(profile: RulesProfile, naturals: int, in_meld: int) -> int:
    """classic-wild-ratio: how many more wild cards a set of ``naturals`` holding
    ``in_meld`` wild cards may take."""
    room = profile.max_wilds_per_meld
    if profile.wilds_at_most_naturals:
        room = min(room, naturals // profile.naturals_per_wild)
    return room - in_meld if room > in_meld else 0


def get_reach_parts(
    profile: RulesProfile, melds: tuple[Meld, ...], hand: tuple[Card, ...]
) -> ReachParts:
    """The parts of :func:`get_opening_reach` for the provisional ``melds`` and ``hand``.

    The reach serves families whose melds are sets and melds of wild cards (no runs), where
    every 2 on the table acts as a wild card: a meld's points (meld-points) are then its
    cards' values with each 2 at its wild value."""
    by_card = profile.points.by_card
    wild_two = profile.points.wild_two
    total = 0
    sets: dict[int, tuple[int, int]] = {}
    for meld in melds:
        if meld.kind is _SET:
            in_meld = meld.wild_count
            sets[meld.rank] = (meld.size - in_meld, in_meld)
        total += sum([wild_two if _IS_TWO[c] else by_card[c] for c in (*meld.cards, *meld.spare)])
    count = [0] * _RANKS
    points = [0] * _RANKS
    wilds: list[HalfPoints] = []
    threes = 0
    for card in hand:
        rank = _REACH_RANK[card]
        if rank > _THREE or rank == 1:
            count[rank] += 1
            points[rank] += by_card[card]
        elif rank < 0:
            wilds.append(wild_two if _IS_TWO[card] else by_card[card])
        elif rank == _THREE:
            threes += 1
    # The sets a sequence may always build (the melds on the table, three naturals or more
    # of a rank: meld-minimum) are sure; two naturals of a rank make a set only with a wild
    # card of their own, a pair.
    rooms: dict[int, int] = {}
    sure: list[int] = []
    pairs: list[tuple[HalfPoints, int]] = []
    least = max(profile.min_naturals_per_meld, 2)
    for rank in _MELD_RANKS:
        held = count[rank]
        on_table = sets.get(rank)
        if on_table is None:
            if held < least:
                continue
            rooms[rank] = _room(profile, held, 0)
            if held < _THREE:
                pairs.append((points[rank], rank))
                continue
        else:
            rooms[rank] = _room(profile, on_table[0] + held, on_table[1])
        sure.append(rank)
    wilds.sort(reverse=True)
    pairs.sort(reverse=True)
    return ReachParts(
        total,
        len(hand),
        threes,
        tuple(wilds),
        tuple(count),
        tuple(points),
        sets,
        rooms,
        frozenset(sure),
        tuple(pairs),
    )


def get_reach_parts_after(
    profile: RulesProfile, parts: ReachParts, rank: int, cards: tuple[Card, ...]
) -> ReachParts:
    """The parts after ``cards`` (naturals of ``rank`` and wild cards from the hand) were
    laid as a new set of ``rank`` or onto the set of ``rank``: only that rank changes."""
    by_card = profile.points.by_card
    wild_two = profile.points.wild_two
    wilds = list(parts.wilds)
    naturals = 0
    moved = 0
    total = parts.total
    for card in cards:
        if _REACH_RANK[card] < 0:
            value = wild_two if _IS_TWO[card] else by_card[card]
            wilds.remove(value)
            total += value
        else:
            naturals += 1
            moved += by_card[card]
            total += by_card[card]
    on_table = parts.sets.get(rank, (0, 0))
    in_meld = on_table[1] + len(cards) - naturals
    sets = {**parts.sets, rank: (on_table[0] + naturals, in_meld)}
    held = list(parts.held)
    points = list(parts.points)
    held[rank] -= naturals
    points[rank] -= moved
    rooms = {**parts.rooms, rank: _room(profile, on_table[0] + parts.held[rank], in_meld)}
    return ReachParts(
        total,
        parts.size - len(cards),
        parts.threes,
        tuple(wilds),
        tuple(held),
        tuple(points),
        sets,
        rooms,
        parts.sure | {rank},
        tuple(p for p in parts.pairs if p[1] != rank),
    )


def get_reach(profile: RulesProfile, parts: ReachParts, goal: HalfPoints = 0) -> OpeningReach:
    """:func:`get_opening_reach` from its parts."""
    wilds = parts.wilds
    points = parts.points
    sure_points = sure_cards = sure_room = 0
    for rank in parts.sure:
        sure_points += points[rank]
        sure_cards += parts.held[rank]
        sure_room += parts.rooms[rank]
    pair_room = sum([parts.rooms[rank] for _, rank in parts.pairs])
    placed = min(sure_room, len(wilds))
    reached = parts.total + sure_points + sum(wilds[:sure_room])
    kept = parts.size - sure_cards - placed
    room = sure_room + pair_room
    # Each pair melds only with a wild card of its own: at most as many pairs as wild cards.
    pairs = [value for value, _ in parts.pairs[: len(wilds)]]
    most = parts.total + sure_points + sum(pairs) + sum(wilds[:room])
    if parts.threes >= _THREE:
        most += parts.threes * profile.points.by_card[BLACK_THREES[0]]
    if profile.wild_meld_rule is WildMeldRule.CANASTA_AT_ONCE:
        most += sum(wilds[room:])
    # The same sequence, then, while it stays below ``goal``, pairs melded with a wild card
    # each, the most valuable pairs first: a wild card not yet placed (the most valuable),
    # else one moved from a set.
    paired, paired_kept = reached, kept
    spare = list(wilds[placed:])
    for pair in pairs:
        if paired >= goal:
            break
        if spare:
            paired += pair + spare.pop(0)
            paired_kept -= 3
        else:
            paired += pair
            paired_kept -= 2
    return OpeningReach(
        most,
        reached,
        kept,
        sure_room >= len(wilds),
        parts.sure,
        paired,
        paired_kept,
    )


def get_opening_reach(
    profile: RulesProfile, melds: tuple[Meld, ...], hand: tuple[Card, ...], goal: HalfPoints = 0
) -> OpeningReach:
    """classic-no-take-back: how far a provisional opening of sets can still grow from the
    hand, for the search of turn-must-finish (a family whose melds are sets only).

    ``most`` bounds the opening total any sequence of melds and lay-offs from ``hand`` can
    reach; ``reached`` is the total of one such sequence that every rule allows (every
    natural of a rank that the melds have or that the hand holds three times, then the most
    valuable wild cards those sets have room for), which leaves ``kept`` cards in the hand.
    ``most`` adds what no such sequence may always use: pairs (each with a wild card of its
    own), black threes (melded only when going out) and, with a meld of wild cards only,
    every wild card. ``sure_ranks`` are the ranks of the sets that sequence builds, and
    ``every_wild_placed`` says whether it places every wild card of the hand. ``paired``
    and ``paired_kept``: the total and the cards kept of that sequence followed, until it
    reaches ``goal``, by sets of two naturals and a wild card (another sequence every rule
    allows).
    """
    return get_reach(profile, get_reach_parts(profile, melds, hand), goal)


class LayingVerdicts(NamedTuple):
    """What :func:`get_laying_verdicts` finds for the melds and lay-offs of a turn."""

    verdict: bool | None
    sure: frozenset[int]
    wilds_sure: bool
    parts: ReachParts | None
    goal: HalfPoints


_NO_VERDICTS = LayingVerdicts(None, frozenset(), False, None, 0)


def _opening_goal(profile: RulesProfile, band: OpeningBand | None) -> HalfPoints | None:
    """The minimum the reach is measured against (``band``: the side's opening band,
    :func:`~kanasta.rules.opening.get_opening_band`), or ``None`` when the family's opening
    asks more than points (a run, two melds, wild-free melds) and only the search tells."""
    if band is None or band.needs_clean_run or band.needs_natural_run or band.min_melds > 1:
        return None
    if not (band.wilds_count and band.wild_melds_count) or profile.runs_allowed:
        return None
    return band.min_points


def _reach_verdict(state: State, reach: OpeningReach, goal: HalfPoints) -> bool | None:
    if (reach.reached >= goal and reach.kept >= 2) or (
        reach.paired >= goal and reach.paired_kept >= 2
    ):
        return True
    if reach.most < goal and not _waiver_may_help(state):
        return False
    return None


def is_opening_in_reach(
    state: State, melds: tuple[Meld, ...], hand: tuple[Card, ...], band: OpeningBand | None
) -> bool | None:
    """classic-no-take-back: the cases of turn-must-finish for a provisional opening that is
    never taken back which :func:`get_opening_reach` decides without a
    search, for the state's side with the provisional ``melds`` and the player's ``hand``
    (those of ``state``, or those a meld or lay-off would leave): ``True`` when a sequence
    of melds reaches the minimum and keeps two cards (one to discard), ``False`` when no
    sequence can reach the minimum and no waiver can help; ``None`` when only the search
    can tell. ``band``: the side's opening band."""
    goal = _opening_goal(state.profile, band)
    if goal is None:
        return None
    return _reach_verdict(state, get_opening_reach(state.profile, melds, hand, goal), goal)


def _waiver_may_help(state: State) -> bool:
    """concealed-waives-minimum releases no card set aside, so it can help only while
    none waits."""
    return state.profile.opening_waiver_cards is not None and not state.pile_pending


def get_laying_verdicts(state: State, band: OpeningBand | None) -> LayingVerdicts:
    """classic-no-take-back: what :func:`is_opening_in_reach` says of the melds and lay-offs
    of the player to act, at once, for the legal-action listing of a side that has not
    opened and never takes back.

    ``verdict`` is ``False`` when none of them can keep the turn finishable (no sequence
    from here reaches the minimum, so none from after them does). Otherwise a new set of
    three naturals or more of one of the ``sure`` ranks, or a lay-off onto such a set,
    surely keeps the turn finishable when it holds no wild card (the sequence that reaches
    the minimum with two cards kept, by :func:`get_opening_reach`, is still open after it,
    with the same total and cards kept), and also with wild cards when ``wilds_sure`` (that
    sequence places every wild card of the hand, so any of them may go first). ``parts``
    lets :func:`get_entry_verdict` judge the other sets and lay-offs one rank at a time.
    ``band``: the side's opening band."""
    team = state.team
    profile = state.profile
    goal = _opening_goal(profile, band)
    if goal is None:
        return _NO_VERDICTS
    parts = get_reach_parts(profile, state.melds[team], state.hands[state.turn])
    reach = get_reach(profile, parts, goal)
    if reach.most < goal and not _waiver_may_help(state):
        return LayingVerdicts(False, frozenset(), False, parts, goal)
    if reach.reached >= goal and reach.kept >= 2:
        return LayingVerdicts(None, reach.sure_ranks, reach.every_wild_placed, parts, goal)
    if reach.paired >= goal and reach.paired_kept >= 2:
        return LayingVerdicts(None, reach.sure_ranks, False, parts, goal)
    return LayingVerdicts(None, frozenset(), False, parts, goal)


def get_entry_verdict(
    state: State, verdicts: LayingVerdicts, rank: int, cards: tuple[Card, ...]
) -> bool | None:
    """classic-no-take-back: :func:`is_opening_in_reach` after ``cards`` from the hand are
    laid as a new set of ``rank`` or onto the side's set of ``rank``, found from the parts of
    :func:`get_laying_verdicts` (``None`` when only the search can tell, or the hand would
    be emptied)."""
    parts = verdicts.parts
    if parts is None or len(cards) >= parts.size:
        return None
    after = get_reach_parts_after(state.profile, parts, rank, cards)
    return _reach_verdict(state, get_reach(state.profile, after, verdicts.goal), verdicts.goal)
