"""Chapter *Melds*: sets, runs, wild cards, where a wild stands, lay-offs, meld points.

A meld value records the arrangement of its cards (for a run: which card stands
at which position, and where the acting wild is) and its history (the batches
of cards it was built from), because the canasta kind of a fi-5200 meld depends
on the order in which cards arrived.

Run positions are 1..14: position ``p`` holds rank ``p`` (1 is the ace low) and
position 14 holds the ace high.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from kanasta.clauses import implements
from kanasta.errors import Violation
from kanasta.rules.canastas import CanastaKind, classify_growth
from kanasta.rules.cards import (
    JOKER,
    NUM_KINDS,
    Card,
    Suit,
    format_card,
    get_rank,
    get_suit,
    is_wild_card,
    make_card,
    sub_multisets,
)
from kanasta.rules.families import RulesProfile, WildMeldRule
from kanasta.rules.points import HalfPoints

__all__ = [
    "Meld",
    "MeldKind",
    "apply_lay_off",
    "check_new_set",
    "format_meld",
    "get_lay_off_arrangements",
    "get_meld_arrangements",
    "get_meld_points",
    "get_natural_streak",
    "validate_meld",
]

ACE_HIGH = 14

# Per-card tables (index = card): the rank (0 for a joker), the suit (``None`` for
# a joker) and whether the card is a wild card. Table look-ups replace calls to
# kanasta.rules.cards on the hot paths; they hold exactly what those functions return.
_RANK: tuple[int, ...] = tuple(get_rank(c) for c in range(NUM_KINDS))
_SUIT: tuple[Suit | None, ...] = tuple(get_suit(c) for c in range(NUM_KINDS))
_WILD: tuple[bool, ...] = tuple(is_wild_card(c) for c in range(NUM_KINDS))


class MeldKind(StrEnum):
    """The three shapes a meld can take."""

    SET = "set"
    RUN = "run"
    WILD = "wild"


_SET = MeldKind.SET
_RUN = MeldKind.RUN
_WILD_MELD = MeldKind.WILD
_ANY_WILD_RULES = frozenset({WildMeldRule.ANY_WILDS, WildMeldRule.CANASTA_AT_ONCE})


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table (or proposed), with its arrangement and history."""

    kind: MeldKind
    rank: int
    suit: Suit | None
    low: int
    cards: tuple[Card, ...]
    wild_at: int | None
    spare: tuple[Card, ...]
    history: tuple[tuple[Card, ...], ...]
    canasta: CanastaKind | None

    @property
    def size(self) -> int:
        """How many cards the meld holds."""
        return len(self.cards) + len(self.spare)

    @property
    def wild_count(self) -> int:
        """How many of its cards act as wild cards."""
        kind = self.kind
        if kind is _RUN:
            return (self.wild_at is not None) + len(self.spare)
        if kind is _WILD_MELD:
            return len(self.cards)
        rank = self.rank
        return sum(1 for c in self.cards if c == JOKER or _RANK[c] != rank)

    @property
    def high(self) -> int:
        """RUN: the highest position (14 = ace high); 0 for other kinds."""
        return self.low + len(self.cards) - 1 if self.kind is _RUN else 0

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the meld, sorted."""
        return tuple(sorted(self.cards + self.spare if self.spare else self.cards))

    def is_acting_wild(self, index: int) -> bool:
        """Whether ``cards[index]`` acts as a wild card in this arrangement."""
        if self.kind is _RUN:
            return self.wild_at is not None and self.low + index == self.wild_at
        if self.kind is _WILD_MELD:
            return True
        return not _is_set_natural(self.cards[index], self.rank)


_MELD_FIELDS = ("kind", "rank", "suit", "low", "cards", "wild_at", "spare", "history", "canasta")
assert tuple(f.name for f in fields(Meld)) == _MELD_FIELDS
_MeldSlots: Any = type("_MeldSlots", (), {"__slots__": Meld.__slots__})
"""A plain class with exactly the slots of :class:`Meld` (see :func:`_make_meld`)."""
_NEW = object.__new__


def _make_meld(
    kind: MeldKind,
    rank: int,
    suit: Suit | None,
    low: int,
    cards: tuple[Card, ...],
    wild_at: int | None,
    spare: tuple[Card, ...],
    history: tuple[tuple[Card, ...], ...],
    canasta: CanastaKind | None,
) -> Meld:
    """The same value as ``Meld(...)``, built several times faster.

    The fields are stored into an object of a plain class with the same slot
    layout, whose class then becomes :class:`Meld` (Python allows this between
    classes of identical layout); the result is an ordinary, frozen
    :class:`Meld` (the way :func:`kanasta.rules.state.make_state` builds states).
    """
    meld = _NEW(_MeldSlots)
    meld.kind = kind
    meld.rank = rank
    meld.suit = suit
    meld.low = low
    meld.cards = cards
    meld.wild_at = wild_at
    meld.spare = spare
    meld.history = history
    meld.canasta = canasta
    meld.__class__ = Meld
    built: Meld = meld
    return built


def _is_set_natural(card: Card, rank: int) -> bool:
    return card != JOKER and _RANK[card] == rank


# --------------------------------------------------------------------------- arrangements


def _canasta(
    profile: RulesProfile,
    previous: CanastaKind | None,
    size: int,
    naturals: int,
    wilds: int,
    kind: MeldKind,
) -> CanastaKind | None:
    """The canasta kind of a meld of ``size`` cards just made or grown (None below the size)."""
    if size < profile.canasta_size:
        return None
    return classify_growth(
        profile,
        previous,
        size=size,
        naturals=naturals,
        wilds=wilds,
        wild_meld=kind is _WILD_MELD,
        is_run=kind is _RUN,
    )


@implements("meld-minimum", "meld-max-size")
def _check_size(profile: RulesProfile, count: int) -> Violation | None:
    """meld-minimum and meld-max-size: at least three cards; at most the family's maximum."""
    if count < 3:
        return Violation("meld-minimum", "too-few-cards", f"a meld needs 3 cards, not {count}")
    if profile.max_meld_size is not None and count > profile.max_meld_size:
        return Violation(
            "meld-max-size", "meld-too-large", f"at most {profile.max_meld_size} cards"
        )
    return None


@implements("classic-threes-in-melds")
def _check_threes(cards: Sequence[Card], *, going_out: bool) -> Violation | None:
    """classic-threes-in-melds: red threes are never melded; black threes only going out."""
    threes = [c for c in cards if c != JOKER and _RANK[c] == 3]
    if not threes:
        return None
    if any(_SUIT[c] in (Suit.DIAMONDS, Suit.HEARTS) for c in threes):
        return Violation(
            "classic-threes-in-melds", "red-three-melded", "red threes are bonus cards"
        )
    if not going_out:
        return Violation(
            "classic-threes-in-melds",
            "black-threes-not-going-out",
            "black threes may be melded only when going out",
        )
    if len(threes) != len(cards):
        return Violation(
            "classic-threes-in-melds", "black-threes-with-wilds", "black threes take no wilds"
        )
    return None


@implements("wild-only-melds", "twos-set", "classic-options")
def _wild_only(
    profile: RulesProfile,
    cards: tuple[Card, ...],
    history: tuple[tuple[Card, ...], ...],
    previous: CanastaKind | None,
) -> list[Meld] | Violation:
    """wild-only-melds: what a meld made only of 2s and jokers is, by family.

    koz: a wild meld of any 2s and jokers. fi-5200 (twos-set): a set of rank 2,
    whose 2s are its naturals and whose jokers are wilds. classic-options (joker-canasta):
    a wild meld whose first batch is a whole canasta. Elsewhere: not a meld.
    """
    rule = profile.wild_meld_rule
    if rule is WildMeldRule.CANASTA_AT_ONCE and len(history[0]) < profile.canasta_size:
        return Violation(
            "classic-options",
            "joker-canasta-at-once",
            f"a meld of wild cards only is laid at once as a canasta of "
            f"{profile.canasta_size} or more",
        )
    if rule in _ANY_WILD_RULES:
        size = len(cards)
        canasta = _canasta(profile, previous, size, 0, size, _WILD_MELD)
        return [_make_meld(_WILD_MELD, 0, None, 0, cards, None, (), history, canasta)]
    if rule is WildMeldRule.TWOS_SET:
        return _set(profile, cards, 2, history, previous)
    return Violation(
        "wild-only-melds", "wild-meld-not-allowed", "a meld needs natural cards in this family"
    )


@implements("set-definition", "one-wild-per-meld", "classic-wild-ratio")
def _set(
    profile: RulesProfile,
    cards: tuple[Card, ...],
    rank: int,
    history: tuple[tuple[Card, ...], ...],
    previous: CanastaKind | None,
) -> list[Meld] | Violation:
    """set-definition: cards of one rank, any suits, copies allowed, plus allowed wilds.

    ``cards`` may come in any order: the set holds its naturals, then its wilds, each sorted.
    """
    # A joker's rank in _RANK is 0, which no set has: it is never one of the naturals.
    naturals = [c for c in cards if _RANK[c] == rank]
    count = len(naturals)
    wild_total = len(cards) - count
    if wild_total:
        wilds = [c for c in cards if _RANK[c] != rank]
        for c in wilds:
            if not _WILD[c]:
                return Violation("set-definition", "mixed-ranks", "a set holds cards of one rank")
        ratio = _check_wild_ratio(profile, count, wild_total)
    else:
        wilds = []
        ratio = (
            _check_wild_ratio(profile, count, 0) if count < profile.min_naturals_per_meld else None
        )
    if ratio is not None:
        return ratio
    naturals.sort()
    if wilds:
        wilds.sort()
        naturals.extend(wilds)
    size = len(naturals)
    canasta = (
        None
        if size < profile.canasta_size
        else _canasta(profile, previous, size, count, wild_total, _SET)
    )
    return [_make_meld(_SET, rank, None, 0, tuple(naturals), None, (), history, canasta)]


def _check_wild_ratio(profile: RulesProfile, naturals: int, wilds: int) -> Violation | None:
    """one-wild-per-meld and classic-wild-ratio: how many wilds a meld may hold."""
    if naturals < profile.min_naturals_per_meld:
        return Violation(
            "classic-wild-ratio",
            "too-few-naturals",
            f"at least {profile.min_naturals_per_meld} natural cards",
        )
    if profile.wilds_at_most_naturals and wilds * profile.naturals_per_wild > naturals:
        if profile.naturals_per_wild > 1:
            return Violation(
                "classic-options",
                "too-few-naturals-per-wild",
                f"each wild card needs {profile.naturals_per_wild} natural cards",
            )
        return Violation(
            "classic-wild-ratio", "wilds-outnumber-naturals", "wilds may not outnumber naturals"
        )
    if wilds > profile.max_wilds_per_meld:
        clause = "classic-wild-ratio" if profile.wilds_at_most_naturals else "one-wild-per-meld"
        return Violation(
            clause, "too-many-wilds", f"at most {profile.max_wilds_per_meld} wild card(s)"
        )
    return None


Layout = tuple[int, tuple[Card, ...], int | None, tuple[Card, ...]]
"""A run arrangement: its low position, its cards in position order, where the
acting wild stands (``None``: no acting wild) and the wild standing aside."""


def _longest_natural_streak(positions: Sequence[int]) -> int:
    """The longest streak of consecutive positions (``positions`` sorted, distinct)."""
    best = streak = 0
    last = -2
    for p in positions:
        streak = streak + 1 if p == last + 1 else 1
        best = max(best, streak)
        last = p
    return best


@implements("opening-two-melds")
def get_natural_streak(meld: Meld) -> int:
    """opening-two-melds: the most naturals of a run standing in consecutive places
    (the acting wild breaks a streak; a 2 in its own place is natural); 0 for a set."""
    if meld.kind is not _RUN:
        return 0
    low = meld.low
    wild_at = meld.wild_at
    return _longest_natural_streak([low + i for i in range(len(meld.cards)) if low + i != wild_at])


@implements(
    "run-definition",
    "run-ace-position",
    "natural-two-in-place",
    "run-wild-placement",
    "run-wild-after-three-naturals",
    "run-wild-three-naturals-example",
    "wild-spare-outside",
)
def _runs(profile: RulesProfile, cards: tuple[Card, ...], suit: Suit) -> list[Layout] | Violation:
    """run-definition: every arrangement of ``cards`` as a run of ``suit``.

    run-ace-position: an ace stands low (1) or high (14), never both.
    natural-two-in-place: one 2 of the suit may stand as a natural at position 2.
    run-wild-placement: the acting wild fills the gap, or stands at either free end.
    run-wild-after-three-naturals (fi-5200): a run with a wild holds three
    consecutive naturals. wild-spare-outside: with 13 naturals the wild stands aside.

    ``cards`` is sorted, so each group picked out of it below is sorted too.
    An arrangement is a :data:`Layout`; :func:`_run_melds` makes the melds.
    """
    own_ace = suit * 13
    own_two = own_ace + 1
    aces: list[Card] = []
    own_twos: list[Card] = []
    naturals: list[Card] = []
    foreign_wilds: list[Card] = []
    for c in cards:
        if c == JOKER:
            foreign_wilds.append(c)
            continue
        rank_index = c % 13
        if rank_index == 0:
            aces.append(c)
        elif c == own_two:
            own_twos.append(c)
        elif rank_index == 1:
            foreign_wilds.append(c)
        else:
            naturals.append(c)
    # Every ace is the suit's own, and the naturals (3..K, sorted) lie within the
    # suit's cards own_ace .. own_ace + 12 when the first and the last do.
    if aces.count(own_ace) != len(aces) or (
        naturals and (naturals[0] < own_ace or naturals[-1] > own_ace + 12)
    ):
        return Violation("run-definition", "mixed-suits", "a run holds cards of one suit")
    if len(aces) > 1:
        return Violation(
            "run-ace-position", "ace-both-ends", "a run cannot hold an ace at both ends"
        )
    # The naturals (3..K of one suit) stand at their ranks whatever the ace and
    # the 2 do, so a repeated natural rank refuses every arrangement alike.
    if len(set(naturals)) != len(naturals):
        return Violation("run-definition", "duplicate-in-run", "a run holds each rank once")
    ace_choices: tuple[int | None, ...] = (1, ACE_HIGH) if aces else (None,)
    two_choices = (True, False) if own_twos and profile.natural_two_in_place else (False,)
    if len(ace_choices) == 1 and len(two_choices) == 1:
        return _run_layout(
            profile, suit, naturals, aces, own_twos, foreign_wilds, ace_choices[0], False
        )
    found: list[Layout] = []
    problem: Violation | None = None
    for ace_at in ace_choices:
        for two_natural in two_choices:
            result = _run_layout(
                profile, suit, naturals, aces, own_twos, foreign_wilds, ace_at, two_natural
            )
            if isinstance(result, Violation):
                problem = problem or result
            else:
                found.extend(result)
    if found:
        return found
    assert problem is not None
    return problem


@implements("run-thirteen-ace-low")
def _run_melds(
    profile: RulesProfile,
    layouts: list[Layout],
    suit: Suit,
    history: tuple[tuple[Card, ...], ...],
    previous: CanastaKind | None,
) -> list[Meld]:
    """The run melds of ``layouts`` (from :func:`_runs`), with their history and canasta kind.

    run-thirteen-ace-low: a run that fills thirteen places with a natural ace stands ace
    low, however its cards arrived.
    """
    melds: list[Meld] = []
    canasta_size = profile.canasta_size
    for layout in layouts:
        low, slots, wild_at, spare = layout
        size = len(slots) + len(spare)
        if low == 2 and len(slots) == 13 and wild_at != ACE_HIGH:
            # Places 2..14 are all filled and the ace at 14 is a natural: it goes to place 1.
            low, slots = 1, (slots[-1], *slots[:-1])
        if size < canasta_size:
            canasta = None
        else:
            wilds = (wild_at is not None) + len(spare)
            canasta = _canasta(profile, previous, size, size - wilds, wilds, _RUN)
        melds.append(_make_meld(_RUN, 0, suit, low, slots, wild_at, spare, history, canasta))
    return melds


def _run_layout(
    profile: RulesProfile,
    suit: Suit,
    naturals: list[Card],
    aces: list[Card],
    own_twos: list[Card],
    foreign_wilds: list[Card],
    ace_at: int | None,
    two_natural: bool,
) -> list[Layout] | Violation:
    # Positions and cards in position order: ace low, natural 2, the naturals
    # (3..K, sorted and distinct), ace high.
    positions = [c % 13 + 1 for c in naturals]
    placed = list(naturals)
    if two_natural:
        positions.insert(0, 2)
        placed.insert(0, own_twos[0])
        wilds = sorted(foreign_wilds + own_twos[1:])
    else:
        wilds = sorted(foreign_wilds + own_twos) if own_twos else foreign_wilds
    if ace_at == 1:
        positions.insert(0, 1)
        placed.insert(0, aces[0])
    elif ace_at is not None:
        positions.append(ACE_HIGH)
        placed.append(aces[0])
    if not positions:
        return Violation("run-definition", "not-consecutive", "a run needs natural cards")
    # The naturals stand at 3..13 and the one ace at 1 or 14, never both ends, so the
    # span is at most 13.
    low, high = positions[0], positions[-1]
    span = high - low + 1
    gap_count = span - len(positions)
    if len(wilds) > profile.max_wilds_per_meld:
        return Violation("one-wild-per-meld", "too-many-wilds", "at most one wild in a meld")
    if gap_count > len(wilds):
        return Violation("run-definition", "not-consecutive", "the cards are not consecutive")
    if not wilds:
        return [(low, tuple(placed), None, ())]
    if profile.run_wild_needs_three_naturals and _longest_natural_streak(positions) < 3:
        return Violation(
            "run-wild-after-three-naturals",
            "wild-needs-three-naturals",
            "a wild joins a run only beside three consecutive naturals",
        )
    wild = wilds[0]
    if gap_count:
        taken = set(positions)
        spots = [p for p in range(low, high + 1) if p not in taken]
    else:
        spots = []
        if low > 1 and span < 13:
            spots.append(low - 1)
        if high < ACE_HIGH and span < 13:
            spots.append(high + 1)
    if wild == suit * 13 + 1 and 2 in spots:
        spots.remove(2)
    if not spots:
        if profile.max_meld_size is None and len(positions) == 13:
            return [(low, tuple(placed), None, (wild,))]
        # koz refuses by its size limit; elsewhere (never met: thirteen naturals take the
        # wild aside) the clause of the wild with no place.
        clause = "meld-max-size" if profile.max_meld_size is not None else "wild-spare-outside"
        return Violation(clause, "meld-too-large", "no place is left for the wild")
    layouts: list[Layout] = []
    for spot in spots:
        if spot < low:
            layouts.append((spot, (wild, *placed), spot, ()))
        elif spot > high:
            layouts.append((low, (*placed, wild), spot, ()))
        else:
            slots = list(placed)
            slots.insert(spot - low, wild)
            layouts.append((low, tuple(slots), spot, ()))
    return layouts


@implements("neither-set-nor-run-fault")
def _arrangements(
    profile: RulesProfile,
    cards: tuple[Card, ...],
    history: tuple[tuple[Card, ...], ...],
    previous: CanastaKind | None,
    *,
    going_out: bool,
) -> list[Meld] | Violation:
    """neither-set-nor-run-fault: every legal reading of a new batch, or the fault that
    refuses it; a batch whose naturals are one card fails for the run's fault, one whose
    naturals are the two copies of a card for the set's."""
    size = _check_size(profile, len(cards))
    if size is not None:
        return size
    if profile.threes_special:
        threes = _check_threes(cards, going_out=going_out)
        if threes is not None:
            return threes
    plain = [c for c in cards if not _WILD[c]]
    if not plain:
        return _wild_only(profile, cards, history, previous)
    ranks = {_RANK[c] for c in plain}
    suits = {_SUIT[c] for c in plain}
    results: list[Meld] = []
    set_result: list[Meld] | Violation | None = None
    run_result: list[Layout] | Violation | None = None
    if len(ranks) == 1:
        set_result = _set(profile, cards, _RANK[plain[0]], history, previous)
        if not isinstance(set_result, Violation):
            results.extend(set_result)
    if len(suits) == 1 and profile.runs_allowed:
        suit = _SUIT[plain[0]]
        assert suit is not None
        run_result = _runs(profile, cards, suit)
        if not isinstance(run_result, Violation):
            results.extend(_run_melds(profile, run_result, suit, history, previous))
    if results:
        return results
    if isinstance(set_result, Violation) and (
        len(plain) >= 2 or not isinstance(run_result, Violation)
    ):
        return set_result
    if isinstance(run_result, Violation):
        return run_result
    if not profile.runs_allowed:
        return _no_runs()
    return Violation("run-definition", "not-a-meld", "the cards share neither a rank nor a suit")


@implements("runs-not-in-classic")
def _no_runs() -> Violation:
    """runs-not-in-classic: in a family without runs, cards of several ranks are no meld."""
    return Violation("runs-not-in-classic", "no-runs", "melds are sets only in this family")


@implements("runs-not-in-classic")
def _wild_place_clause(profile: RulesProfile, clause: str) -> str:
    """runs-not-in-classic: a wild place names a position in a run, so in a family without
    runs a meld or lay-off that names one is refused under this clause; elsewhere under
    ``clause``."""
    return clause if profile.runs_allowed else "runs-not-in-classic"


# --------------------------------------------------------------------------- public API


def _choose(options: Sequence[Meld], wild_at: int | None, clause: str) -> Meld | Violation:
    if wild_at is None:
        if len(options) == 1:
            return options[0]
        return max(options, key=lambda m: (-m.wild_count, m.wild_at or 0))
    for option in options:
        if option.wild_at == wild_at:
            return option
    where = ", ".join(str(m.wild_at) for m in options if m.wild_at is not None) or "none"
    return Violation(clause, "no-such-arrangement", f"the wild may stand at: {where}")


def get_meld_arrangements(
    profile: RulesProfile, cards: Iterable[Card], *, going_out: bool = False
) -> tuple[Meld, ...]:
    """run-wild-placement: every legal arrangement of the cards as a new meld (may be empty)."""
    batch = tuple(sorted(cards))
    result = _arrangements(profile, batch, (batch,), None, going_out=going_out)
    return () if isinstance(result, Violation) else _unique(result)


def validate_meld(
    profile: RulesProfile,
    cards: Iterable[Card],
    *,
    wild_at: int | None = None,
    going_out: bool = False,
) -> Meld | Violation:
    """meld-minimum, set-definition, run-definition: is this a legal new meld?

    Returns the meld in the arrangement chosen by ``wild_at`` (the position of
    the acting wild in a run; ``None`` takes the highest possible position), or
    the violation of the clause that forbids it.
    """
    batch = tuple(sorted(cards))
    result = _arrangements(profile, batch, (batch,), None, going_out=going_out)
    if isinstance(result, Violation):
        return result
    return _choose(_unique(result), wild_at, _wild_place_clause(profile, "run-wild-placement"))


def _unique(melds: Sequence[Meld]) -> tuple[Meld, ...]:
    if len(melds) < 2:
        return tuple(melds)
    seen: dict[tuple[object, ...], Meld] = {}
    for m in melds:
        seen.setdefault((m.kind, m.rank, m.suit, m.low, m.cards, m.wild_at, m.spare, m.canasta), m)
    return tuple(seen.values())


def _keeps_naturals(layout: Layout, old: list[tuple[int, Card]]) -> bool:
    """Whether every ``(position, card)`` natural of ``old`` stands as a natural in ``layout``."""
    low, cards, wild_at, _spare = layout
    count = len(cards)
    for position, card in old:
        index = position - low
        if index < 0 or index >= count or position == wild_at or cards[index] != card:
            return False
    return True


@implements("lay-off", "run-wild-moves")
def get_lay_off_arrangements(
    profile: RulesProfile, meld: Meld, cards: Iterable[Card]
) -> tuple[Meld, ...] | Violation:
    """lay-off: every legal result of adding ``cards`` (one batch) to ``meld``.

    The meld keeps its kind, rank or suit, and every natural keeps its place.
    run-wild-moves: the acting wild stays where it stands unless a laid-off
    natural takes its place; then a 2 of the run's suit goes to its own place
    when that place joins the run, and any other wild moves to a free end of
    the player's choice.
    """
    batch = tuple(sorted(cards))
    if not batch:
        return Violation("lay-off", "no-cards", "a lay-off adds at least one card")
    joined = meld.cards + meld.spare + batch
    size = _check_size(profile, len(joined))
    if size is not None:
        return size
    history = (*meld.history, batch)
    kind = meld.kind
    if kind is _SET:
        if profile.threes_special and meld.rank == 3:
            return Violation(
                "classic-threes-in-melds",
                "black-threes-not-going-out",
                "black threes are melded only when going out, all at once",
            )
        result = _set(profile, joined, meld.rank, history, meld.canasta)
        return result if isinstance(result, Violation) else _unique(result)
    combined = tuple(sorted(joined))
    if kind is _WILD_MELD:
        for c in batch:
            if not _WILD[c]:
                return Violation(
                    "wild-only-melds",
                    "natural-on-wild-meld",
                    "a meld of wild cards takes only wild cards",
                )
        wild_result = _wild_only(profile, combined, history, meld.canasta)
        return wild_result if isinstance(wild_result, Violation) else _unique(wild_result)
    suit = meld.suit
    assert suit is not None
    layouts = _runs(profile, combined, suit)
    if isinstance(layouts, Violation):
        return layouts
    low = meld.low
    old_wild = meld.wild_at
    old = [(low + i, c) for i, c in enumerate(meld.cards) if low + i != old_wild]
    kept = [layout for layout in layouts if _keeps_naturals(layout, old)]
    if old_wild is not None:
        # (low, cards, wild_at, spare): the wild stayed, or a natural took its place.
        stayed = [k for k in kept if k[2] == old_wild]
        if stayed:
            kept = stayed
        else:
            moved = [k for k in kept if k[0] <= old_wild < k[0] + len(k[1]) and k[2] != old_wild]
            home = [k for k in moved if k[2] is None and not k[3]]
            kept = home or moved
    if not kept:
        return Violation("lay-off", "does-not-fit", "the cards do not fit this meld")
    return _unique(_run_melds(profile, kept, suit, history, meld.canasta))


def apply_lay_off(
    profile: RulesProfile, meld: Meld, cards: Iterable[Card], *, wild_at: int | None = None
) -> Meld | Violation:
    """lay-off: the meld after ``cards`` are added at once, arranged by ``wild_at``."""
    result = get_lay_off_arrangements(profile, meld, cards)
    if isinstance(result, Violation):
        return result
    return _choose(result, wild_at, _wild_place_clause(profile, "run-wild-moves"))


MeldOption = tuple[tuple[Card, ...], Meld]
"""A meld or lay-off of a hand: the sorted cards it takes from the hand, and the result."""


def _option_order(option: MeldOption) -> tuple[tuple[Card, ...], int]:
    wild_at = option[1].wild_at
    return option[0], -1 if wild_at is None else wild_at


@implements("legal-action-count", "meld-minimum")
def get_meld_options(profile: RulesProfile, hand: Iterable[Card]) -> tuple[MeldOption, ...]:
    """legal-action-count: every legal new meld of the hand, each arrangement once: every
    sub-multiset of three or more of its cards in each of its arrangements
    (:func:`get_meld_arrangements`); sorted by cards, then the acting wild's place (none
    first). One-set-per-rank and the turn rules are the caller's."""
    found = [
        (sub, meld)
        for sub in sub_multisets(hand)
        if len(sub) >= 3
        for meld in get_meld_arrangements(profile, sub)
    ]
    return tuple(sorted(found, key=_option_order))


@implements("legal-action-count", "lay-off")
def get_lay_off_options(
    profile: RulesProfile, meld: Meld, hand: Iterable[Card]
) -> tuple[MeldOption, ...]:
    """legal-action-count: every legal lay-off of hand cards onto ``meld``, each resulting
    arrangement once: every non-empty sub-multiset of the hand that the meld accepts at once
    (:func:`get_lay_off_arrangements`); sorted by batch, then the acting wild's place."""
    found: list[MeldOption] = []
    for sub in sub_multisets(hand):
        results = get_lay_off_arrangements(profile, meld, sub) if sub else ()
        if not isinstance(results, Violation):
            found.extend((sub, result) for result in results)
    return tuple(sorted(found, key=_option_order))


@implements("one-set-per-rank")
def check_new_set(
    profile: RulesProfile, team_melds: Iterable[Meld], meld: Meld
) -> Violation | None:
    """one-set-per-rank: a team may not start a second set of a rank it already has."""
    if not profile.one_set_per_rank or meld.kind is not _SET:
        return None
    rank = meld.rank
    for m in team_melds:
        if m.rank == rank and m.kind is _SET:
            return Violation(
                "one-set-per-rank", "second-set-of-rank", "lay the cards off on the existing set"
            )
    return None


@implements("meld-points", "twos-set-points")
def get_meld_points(profile: RulesProfile, meld: Meld) -> HalfPoints:
    """meld-points: the sum of the values of the meld's cards as they stand.

    twos-set-points: in a set of 2s and a meld of wild cards, every 2 counts at
    its wild value.
    """
    total = sum(profile.card_points(c, acting_wild=True) for c in meld.spare)
    every_two_wild = meld.kind is MeldKind.WILD or (meld.kind is MeldKind.SET and meld.rank == 2)
    for index, card in enumerate(meld.cards):
        total += profile.card_points(card, acting_wild=every_two_wild or meld.is_acting_wild(index))
    return total


# --------------------------------------------------------------------------- notation


def format_meld(meld: Meld) -> str:
    """A meld as text: ``run H 4-8: 4H 5H 6H [JK] 8H``; acting wilds in brackets."""
    shown = [
        f"[{format_card(c)}]"
        if meld.is_acting_wild(i) and meld.kind is not MeldKind.WILD
        else format_card(c)
        for i, c in enumerate(meld.cards)
    ]
    shown.extend(f"[{format_card(c)}]" for c in meld.spare)
    if meld.kind is MeldKind.RUN:
        assert meld.suit is not None
        head = f"run {meld.suit.letter}"
    elif meld.kind is MeldKind.SET:
        head = f"set {format_card(make_card(meld.rank, 0))[:-1]}"
    else:
        head = "wild"
    tail = f" ({meld.canasta.value} canasta)" if meld.canasta is not None else ""
    return f"{head}: {' '.join(shown)}{tail}"
