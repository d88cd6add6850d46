"""Brute force for the enumeration tests: every sub-multiset of a hand under the meld rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations

from kanasta.errors import Violation
from kanasta.rules.actions import Action, ActionType, action_order, apply_action
from kanasta.rules.cards import Card, get_deck, get_rank, is_wild_card, parse_cards, sub_multisets
from kanasta.rules.families import RulesProfile
from kanasta.rules.melds import Meld, get_lay_off_arrangements, get_meld_arrangements, validate_meld
from kanasta.rules.state import State

Option = tuple[tuple[Card, ...], int | None]
"""A meld or lay-off as a legal action names it: the sorted cards and the wild place."""


def option_order(option: Option) -> tuple[tuple[Card, ...], int]:
    """The canonical order of options: by cards, then wild place (none first)."""
    return option[0], -1 if option[1] is None else option[1]


def brute_melds(
    profile: RulesProfile, hand: tuple[Card, ...], *, going_out: bool = False
) -> set[Option]:
    """Every legal new meld of the hand, each arrangement once; with ``going_out``, also
    the melds allowed only in the turn the player goes out (classic-threes-in-melds)."""
    found: set[Option] = set()
    for sub in sub_multisets(hand):
        if len(sub) >= 3:
            found.update(
                (sub, m.wild_at) for m in get_meld_arrangements(profile, sub, going_out=going_out)
            )
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


def brute_legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of a state in its play phase, found without the enumeration:
    each sub-multiset of the hand as a new meld and onto each of the team's melds, each
    card as a discard, and a take-back, kept when ``apply_action`` accepts it; in the
    canonical order. The melds offered include those allowed only when going out (black
    threes, classic-threes-in-melds): whether this turn goes out is ``apply_action``'s
    question."""
    profile = state.profile
    hand = state.hands[state.turn]
    offered = [
        Action(ActionType.MELD, cards, 0, at)
        for cards, at in brute_melds(profile, hand, going_out=True)
    ]
    for index, meld in enumerate(state.melds[state.team]):
        offered.extend(
            Action(ActionType.LAY_OFF, cards, index, at)
            for cards, at in brute_lay_offs(profile, meld, hand)
        )
    offered.extend(Action(ActionType.DISCARD, (card,)) for card in set(hand))
    offered.append(Action(ActionType.TAKE_BACK))
    legal = [a for a in offered if not isinstance(apply_action(state, a), Violation)]
    return tuple(sorted(legal, key=action_order))


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
