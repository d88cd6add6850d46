"""Brute force for the enumeration tests: every sub-multiset of a hand under the meld rules
(the legal actions themselves: :func:`kanasta.rules.actions.legal_actions`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations

from kanasta.errors import Violation
from kanasta.rules.actions import Action, ActionType, apply_action
from kanasta.rules.cards import Card, get_deck, get_rank, is_wild_card, parse_cards, sub_multisets
from kanasta.rules.families import RulesProfile
from kanasta.rules.melds import Meld, get_lay_off_options, get_meld_options, validate_meld
from kanasta.rules.state import State

Option = tuple[tuple[Card, ...], int | None]
"""A meld or lay-off as a legal action names it: the sorted cards and the wild place."""


def option_order(option: Option) -> tuple[tuple[Card, ...], int]:
    """The canonical order of options: by cards, then wild place (none first)."""
    return option[0], -1 if option[1] is None else option[1]


def brute_melds(profile: RulesProfile, hand: tuple[Card, ...]) -> set[Option]:
    """Every legal new meld of the hand, each arrangement once: the rules' plain enumeration
    (:func:`kanasta.rules.melds.get_meld_options`, every sub-multiset of three or more)."""
    return {(cards, meld.wild_at) for cards, meld in get_meld_options(profile, hand)}


def brute_lay_offs(profile: RulesProfile, meld: Meld, hand: tuple[Card, ...]) -> set[Option]:
    """Every legal lay-off of the hand onto ``meld``, each arrangement once."""
    return set(brute_moves(profile, meld, hand))


def brute_moves(profile: RulesProfile, meld: Meld, hand: tuple[Card, ...]) -> list[Option]:
    """Every legal lay-off of the hand onto ``meld``, each arrangement once, in the canonical
    order: the rules' plain enumeration (:func:`kanasta.rules.melds.get_lay_off_options`)."""
    return [(cards, result.wild_at) for cards, result in get_lay_off_options(profile, meld, hand)]


def meld_of(profile: RulesProfile, text: str, wild_at: int | None = None) -> Meld:
    """The legal meld of the cards in ``text``."""
    meld = validate_meld(profile, parse_cards(text), wild_at=wild_at)
    assert not isinstance(meld, Violation)
    return meld


def brute_take_pile(state: State, most: int = 3) -> set[tuple[tuple[Card, ...], int]]:
    """Every legal way to take the pile in a draw phase, found without the listing: up to
    ``most`` hand cards with each meld index of the team (or -1, a new meld), kept when
    ``apply_action`` accepts it. When the family lets the take name any number of hand
    cards (classic-concealed-canasta), also every larger sub-multiset of the hand's cards of
    the top card's rank and wild cards (a card of another rank never melds with it, which
    the sizes up to ``most`` check)."""
    hand = state.hands[state.turn]
    candidates: set[tuple[Card, ...]] = set()
    for size in range(most + 1):
        candidates.update(combinations(hand, size))
    if state.profile.pile_meld_any_size and state.discard:
        rank = get_rank(state.discard[-1])
        fitting = [c for c in hand if is_wild_card(c) or get_rank(c) == rank]
        candidates.update(s for s in sub_multisets(fitting) if len(s) > most)
    found: set[tuple[tuple[Card, ...], int]] = set()
    for cards in candidates:
        for index in range(-1, len(state.melds[state.team])):
            action = Action(ActionType.TAKE_PILE, cards, index)
            if not isinstance(apply_action(state, action), Violation):
                found.add((cards, index))
    return found


def within_deck(
    profile: RulesProfile, held: Iterable[Card], cards: Iterable[Card]
) -> tuple[Card, ...]:
    """``cards`` sorted, less the copies that one deck cannot supply besides ``held``
    (the melds on the table): generated hands stay hands of a real deal."""
    left = Counter(get_deck(profile.deck_jokers))
    left.subtract(held)
    kept: list[Card] = []
    for card in sorted(cards):
        if left[card] > 0:
            left[card] -= 1
            kept.append(card)
    return tuple(kept)
