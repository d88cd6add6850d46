"""Stacked decks: a deck order built from what should land where in a deal.

A deal fixture hands an engine every card of the deck in order and asks it to deal by its
own procedure. To make a case of a deal clause happen (a joker as the trump, a red three
dealt to seat 2, a 2 as the first upcard), an author says where some cards should land
(:class:`Placement`) and :func:`stack_deck` finds the deck order that puts them there for
the family, the table and the dealer: it deals the positions ``0 .. N-1`` themselves by
the family's procedure (:func:`kanasta.rules.deal.deal_cards`) to learn which position
lands where, puts the named cards at those positions, and fills the others with the rest
of the deck in an order stirred from ``stir`` (SplitMix64, clause seeded-shuffle), red
threes (where they are laid) kept deep in the stock and the upcard a natural card unless
the placement names them, so that nothing happens that the placement did not ask for.

Whether the deal then shows what was asked is the reference's to say: the scenario
compiler deals the deck with it and compares (:mod:`kanasta.conformance.scenario_json`).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from kanasta.errors import InputError
from kanasta.rules.cards import Card, format_cards, get_deck
from kanasta.rules.deal import deal_cards, splitmix64
from kanasta.rules.families import RED_THREES, RulesProfile

__all__ = ["Placement", "stack_deck"]


@dataclass(frozen=True, slots=True)
class Placement:
    """Where some cards should land in a deal (every field may be left empty).

    ``hands``: seat -> the cards dealt to that seat (the first cards it is dealt);
    ``fi``: the cards of each fi packet, the one taken first first; ``pile``: the upcard
    and, in classic, the cards turned onto it, bottom first; ``stock_top``: the cards the
    stock gives first, after the pile (in classic, the replacements of red threes);
    ``stock_bottom``: the last cards of the deck, bottom last (in koz, its last card is the
    trump)."""

    hands: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)
    fi: tuple[tuple[Card, ...], ...] = ()
    pile: tuple[Card, ...] = ()
    stock_top: tuple[Card, ...] = ()
    stock_bottom: tuple[Card, ...] = ()


def _positions(profile: RulesProfile, dealer: int) -> tuple[list[list[int]], list[list[int]], int]:
    """Which deck positions each hand and fi packet gets (in dealing order), and the
    position of the upcard (or of the first stock card when there is none)."""
    flat = dataclasses.replace(profile, upcard_turn_again=())
    dealt = deal_cards(flat, range(profile.deck_size), dealer)
    hands = [sorted(hand) for hand in dealt.hands]
    fi = [list(packet) for packet in dealt.fi]
    first = dealt.discard[0] if dealt.discard else dealt.stock[0]
    return hands, fi, first


def _stir(cards: list[Card], stir: int) -> list[Card]:
    """The cards in an order stirred by Fisher-Yates from SplitMix64 started at ``stir``."""
    out = list(cards)
    state = stir
    for i in range(len(out) - 1, 0, -1):
        state, value = splitmix64(state)
        j = value % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def _put(
    deck: list[Card | None], positions: Sequence[int], cards: Sequence[Card], what: str
) -> None:
    if len(cards) > len(positions):
        raise InputError(f"{what}: {len(cards)} cards named, but it gets {len(positions)}.")
    for position, card in zip(positions, cards, strict=False):
        if deck[position] is not None:
            raise InputError(f"{what}: position {position} of the deck is named twice.")
        deck[position] = card


def stack_deck(
    profile: RulesProfile, dealer: int, placement: Placement, stir: int = 0
) -> tuple[Card, ...]:
    """The deck order (top card first) that deals ``placement`` for ``dealer``; the cards it
    does not name fill the other positions (see the module docstring). Raises
    :class:`InputError` when the placement names more cards than the deck holds or than a
    place receives."""
    size = profile.deck_size
    if not 0 <= dealer < profile.players:
        raise InputError(f"the dealer {dealer} is not a seat of {profile.players} players.")
    hand_positions, fi_positions, first = _positions(profile, dealer)
    deck: list[Card | None] = [None] * size
    for seat, cards in placement.hands.items():
        if not 0 <= seat < profile.players:
            raise InputError(f"hands: {seat} is not a seat of {profile.players} players.")
        _put(deck, hand_positions[seat], cards, f"the hand of seat {seat}")
    if len(placement.fi) > len(fi_positions):
        raise InputError(f"fi: {profile.family} deals {len(fi_positions)} fi packet(s).")
    for index, cards in enumerate(placement.fi):
        _put(deck, fi_positions[index], cards, f"fi packet {index}")
    after_hands = first
    if placement.pile and not profile.initial_upcard:
        raise InputError(f"pile: {profile.family} turns no card up.")
    _put(deck, range(first, size), placement.pile, "the pile")
    top = first + len(placement.pile) + (1 if profile.initial_upcard and not placement.pile else 0)
    _put(deck, range(top, size), placement.stock_top, "the top of the stock")
    _put(deck, range(size - len(placement.stock_bottom), size), placement.stock_bottom, "bottom")
    named = Counter(card for card in deck if card is not None)
    left = Counter(get_deck(profile.deck_jokers))
    too_many = named - left
    if too_many:
        raise InputError(
            f"the placement names cards one {profile.family} deck does not hold: "
            f"{format_cards(sorted(too_many.elements()))} (clause deck-composition)."
        )
    rest = _stir(sorted((left - named).elements()), stir)
    loud = set(RED_THREES) if profile.red_threes_laid else set()
    quiet = [c for c in rest if c not in loud]
    deep = [c for c in rest if c in loud]
    free = [i for i, card in enumerate(deck) if card is None]
    if profile.initial_upcard and deck[after_hands] is None:
        natural = next(c for c in quiet if c not in profile.upcard_turn_again)
        quiet.remove(natural)
        deck[after_hands] = natural
        free.remove(after_hands)
    for position, card in zip(free, quiet + deep, strict=True):
        deck[position] = card
    return tuple(card for card in deck if card is not None)
