"""Brute force for the enumeration tests: every sub-multiset of a hand under the meld rules."""

from __future__ import annotations

from kanasta.candidates import sub_multisets
from kanasta.cards import Card, parse_cards
from kanasta.errors import Violation
from kanasta.melds import Meld, get_lay_off_arrangements, get_meld_arrangements, validate_meld
from kanasta.profiles import RulesProfile

Option = tuple[tuple[Card, ...], int | None]
"""A meld or lay-off as a legal action names it: the sorted cards and the wild place."""


def option_order(option: Option) -> tuple[tuple[Card, ...], int]:
    """The canonical order of options: by cards, then wild place (none first)."""
    return option[0], -1 if option[1] is None else option[1]


def brute_melds(profile: RulesProfile, hand: tuple[Card, ...]) -> set[Option]:
    """Every legal new meld of the hand, each arrangement once."""
    found: set[Option] = set()
    for sub in sub_multisets(hand):
        if len(sub) >= 3:
            found.update((sub, m.wild_at) for m in get_meld_arrangements(profile, sub))
    return found


def brute_lay_offs(profile: RulesProfile, meld: Meld, hand: tuple[Card, ...]) -> set[Option]:
    """Every legal lay-off of the hand onto ``meld``, each arrangement once."""
    found: set[Option] = set()
    for sub in sub_multisets(hand):
        if sub:
            result = get_lay_off_arrangements(profile, meld, sub)
            if not isinstance(result, Violation):
                found.update((sub, m.wild_at) for m in result)
    return found


def brute_moves(profile: RulesProfile, meld: Meld, hand: tuple[Card, ...]) -> list[Option]:
    """:func:`brute_lay_offs` in the canonical order."""
    return sorted(brute_lay_offs(profile, meld, hand), key=option_order)


def meld_of(profile: RulesProfile, text: str, wild_at: int | None = None) -> Meld:
    """The legal meld of the cards in ``text``."""
    meld = validate_meld(profile, parse_cards(text), wild_at=wild_at)
    assert not isinstance(meld, Violation)
    return meld
