"""Chapter *Canastas*: when a meld is a canasta, of which kind, and its bonus.

A canasta's kind is a fact about the meld's *history* in fi-5200 and fi-351 (it
is fixed the moment the meld first reaches seven cards) and about its cards in
the other families. :func:`classify_growth` is called by :mod:`kanasta.rules.melds` each time a
meld is made or grows, and its answer is kept inside the meld value.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Protocol

from kanasta.clauses import implements
from kanasta.rules.cards import JOKER, Card, get_rank, get_suit
from kanasta.rules.families import CanastaScheme, RulesProfile
from kanasta.rules.points import HalfPoints

__all__ = [
    "CanastaKind",
    "LaidMeld",
    "classify_growth",
    "get_canasta_bonus",
    "is_canasta",
    "is_trump_match",
]


class CanastaKind(StrEnum):
    """Every kind of canasta any family knows. The value is the bonus name."""

    CLEAN = "clean"
    DIRTY = "dirty"
    SUPER = "super"
    ALL_WILD = "all-wild"
    HALF = "half"
    FULL = "full"
    GRAND = "grand"
    NATURAL = "natural"
    MIXED = "mixed"


class LaidMeld(Protocol):
    """What this chapter reads of a meld (a :class:`kanasta.rules.melds.Meld`): its kind, rank,
    suit and canasta kind. The meld is defined in chapter *Melds*, which asks this chapter
    for the kind of a canasta as the meld grows; this chapter only reads it."""

    @property
    def kind(self) -> StrEnum: ...

    @property
    def rank(self) -> int: ...

    @property
    def suit(self) -> object: ...

    @property
    def canasta(self) -> CanastaKind | None: ...


# A scheme decides the kind from: the profile, the kind before this batch, and
# the meld's size, naturals, wilds, whether it is a meld of wild cards, whether it is a run.
Scheme = Callable[[RulesProfile, CanastaKind | None, int, int, int, bool, bool], CanastaKind]


def _by_cards(
    profile: RulesProfile,
    _previous: CanastaKind | None,
    _size: int,
    naturals: int,
    wilds: int,
    wild_meld: bool,
    is_run: bool,
) -> CanastaKind:
    if wild_meld:
        return CanastaKind.ALL_WILD
    if is_run and naturals == 13 and wilds == 0 and profile.bonus("super"):
        return CanastaKind.SUPER
    return CanastaKind.DIRTY if wilds else CanastaKind.CLEAN


def _fixed_at_seven(
    profile: RulesProfile,
    previous: CanastaKind | None,
    _size: int,
    naturals: int,
    _wilds: int,
    _wild_meld: bool,
    is_run: bool,
) -> CanastaKind:
    if is_run and naturals == 13:
        return CanastaKind.GRAND
    if previous is not None:
        return previous
    return CanastaKind.FULL if naturals >= profile.canasta_size else CanastaKind.HALF


def _clean_dirty_at_forming(
    _profile: RulesProfile,
    previous: CanastaKind | None,
    _size: int,
    _naturals: int,
    wilds: int,
    _wild_meld: bool,
    _is_run: bool,
) -> CanastaKind:
    if previous is not None:
        return previous
    return CanastaKind.DIRTY if wilds else CanastaKind.CLEAN


def _natural_mixed(
    _profile: RulesProfile,
    _previous: CanastaKind | None,
    _size: int,
    _naturals: int,
    wilds: int,
    wild_meld: bool,
    _is_run: bool,
) -> CanastaKind:
    if wild_meld:
        return CanastaKind.ALL_WILD
    return CanastaKind.MIXED if wilds else CanastaKind.NATURAL


_SCHEMES: dict[CanastaScheme, Scheme] = {
    CanastaScheme.CLEAN_DIRTY: _by_cards,
    CanastaScheme.HALF_FULL_GRAND: _fixed_at_seven,
    CanastaScheme.CLEAN_DIRTY_AT_FORMING: _clean_dirty_at_forming,
    CanastaScheme.NATURAL_MIXED: _natural_mixed,
}


@implements(
    "canasta-definition",
    "canasta-clean-dirty",
    "canasta-half-full",
    "canasta-kind-fixed",
    "canasta-grand",
    "canasta-super",
    "canasta-all-wild",
    "canasta-natural-mixed",
    "canasta-kind-at-forming-fi-351",
)
def classify_growth(
    profile: RulesProfile,
    previous: CanastaKind | None,
    *,
    size: int,
    naturals: int,
    wilds: int,
    wild_meld: bool,
    is_run: bool,
) -> CanastaKind | None:
    """canasta-definition: the canasta kind of a meld after it was made or grew.

    ``previous`` is the kind the meld had before this batch (``None`` when it
    was not a canasta). A meld below the canasta size is not a canasta. The
    family's scheme (canasta-clean-dirty, canasta-half-full with
    canasta-kind-fixed and canasta-grand, canasta-super, canasta-all-wild,
    canasta-natural-mixed, canasta-kind-at-forming-fi-351) decides the kind.
    """
    if size < profile.canasta_size:
        return None
    return _SCHEMES[profile.canasta_scheme](
        profile, previous, size, naturals, wilds, wild_meld, is_run
    )


def is_canasta(meld: LaidMeld) -> bool:
    """canasta-definition: whether the meld is a canasta (of any kind)."""
    return meld.canasta is not None


@implements("canasta-trump-match")
def is_trump_match(meld: LaidMeld, trump: Card | None) -> bool:
    """canasta-trump-match: a set matches a trump of its rank, a run one of its suit.

    A meld of wild cards only matches when the trump card is a joker.
    """
    if trump is None:
        return False
    if trump == JOKER:
        return meld.kind.value == "wild"
    if meld.kind.value == "set":
        return meld.rank == get_rank(trump)
    if meld.kind.value == "run":
        return meld.suit == get_suit(trump)
    return False


@implements("canasta-bonus", "twos-canasta-bonus")
def get_canasta_bonus(
    profile: RulesProfile, meld: LaidMeld, *, trump: Card | None = None
) -> HalfPoints:
    """canasta-bonus: the bonus the family gives for the meld's canasta kind (0 if none).

    In koz a trump-matched canasta takes the ``trump-`` bonus of its kind.
    twos-canasta-bonus: a canasta of 2s (fi-5200) earns the bonus of its kind, half
    or full, like any other canasta, and nothing more.
    """
    if meld.canasta is None:
        return 0
    name = meld.canasta.value
    if is_trump_match(meld, trump) and profile.bonus(f"trump-{name}"):
        return profile.bonus(f"trump-{name}")
    return profile.bonus(name)
