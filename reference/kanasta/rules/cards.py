"""Chapter *Cards*: ranks, suits, the decks, the card notation.

Inside the engine a card is a small int: ``suit * 13 + (rank - 1)`` for the 52
suited cards (0..51) and :data:`JOKER` (52) for a printed joker. The two copies
of a card in a double deck are interchangeable, so no copy number exists.

This module is the only place where card notation is parsed and printed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from enum import IntEnum
from typing import TypeAlias

from kanasta.clauses import implements
from kanasta.errors import InputError, Violation

__all__ = [
    "ACE",
    "JACK",
    "JOKER",
    "KING",
    "NUM_KINDS",
    "QUEEN",
    "Card",
    "Suit",
    "check_deck_holds",
    "count_cards",
    "format_card",
    "format_cards",
    "get_deck",
    "get_rank",
    "get_suit",
    "is_joker",
    "is_two",
    "is_wild_card",
    "make_card",
    "parse_card",
    "parse_cards",
    "sort_cards",
    "sub_multisets",
]

Card: TypeAlias = int
"""A card: 0..51 for the suited cards, 52 for a joker."""

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER: Card = 52
NUM_KINDS = 53
"""How many distinct cards exist (52 suited cards and the joker)."""


class Suit(IntEnum):
    """The four suits, in notation order C, D, H, S."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_OF_TEXT = {text: rank for rank, text in enumerate(_RANK_TEXT) if text}
_SUIT_OF_LETTER = {s.letter: s for s in Suit}
_CARD_RE = re.compile(r"^(A|[2-9]|10|J|Q|K)([CDHS])$")


def make_card(rank: int, suit: Suit | int) -> Card:
    """Build the card of a rank (1=A .. 13=K) and a suit."""
    if not ACE <= rank <= KING or not 0 <= suit <= 3:
        raise InputError(f"no card has rank {rank!r} and suit {suit!r} (clause card-notation).")
    return int(suit) * 13 + rank - 1


def get_rank(card: Card) -> int:
    """The rank of a suited card (1=A .. 13=K); 0 for a joker."""
    return 0 if card == JOKER else card % 13 + 1


def get_suit(card: Card) -> Suit | None:
    """The suit of a suited card; ``None`` for a joker."""
    return None if card == JOKER else Suit(card // 13)


def is_joker(card: Card) -> bool:
    """Whether the card is a printed joker."""
    return card == JOKER


def is_two(card: Card) -> bool:
    """Whether the card is a 2 of any suit."""
    return card != JOKER and card % 13 == 1


@implements("wild-cards")
def is_wild_card(card: Card) -> bool:
    """wild-cards: jokers and all 2s are wild cards in every family.

    Whether a 2 *acts* as a wild in a particular meld is decided by the meld
    rules (a 2 in its natural place in a run of its suit is natural).
    """
    return card == JOKER or card % 13 == 1


@implements("card-notation")
def format_card(card: Card) -> str:
    """card-notation: print a card as rank then suit letter (``10S``, ``QH``) or ``JK``."""
    if card == JOKER:
        return "JK"
    value: object = card
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < JOKER:
        raise InputError(
            f"{card!r} is not a card: a card is an int 0..{JOKER} (clause card-notation)."
        )
    return _RANK_TEXT[card % 13 + 1] + "CDHS"[card // 13]


@implements("card-notation")
def parse_card(text: str) -> Card:
    """card-notation: read one card written as ``5H``, ``10S``, ``QC``, ``AD`` or ``JK``.

    Letters may be given in either case. Anything else raises :class:`InputError`.
    """
    token = text.strip().upper()
    if token == "JK":
        return JOKER
    match = _CARD_RE.match(token)
    if match is None:
        raise InputError(
            f"{text!r} is not a card: write the rank (A, 2-10, J, Q, K) followed by the "
            "suit letter (C, D, H, S), e.g. 5H, 10S, QC, or JK for a joker "
            "(clause card-notation)."
        )
    return make_card(_RANK_OF_TEXT[match.group(1)], _SUIT_OF_LETTER[match.group(2)])


def parse_cards(text: str | Sequence[str]) -> tuple[Card, ...]:
    """card-notation: read a space-separated list (``"5H 10S JK"``) or a list of tokens."""
    tokens = text.split() if isinstance(text, str) else list(text)
    cards: list[Card] = []
    for index, token in enumerate(tokens):
        if not isinstance(token, str):
            raise InputError(
                f"card #{index + 1} is {token!r}, not a card written as text "
                "(clause card-notation)."
            )
        try:
            cards.append(parse_card(token))
        except InputError as exc:
            raise InputError(f"card #{index + 1}: {exc}") from None
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """card-notation: print cards separated by single spaces, in the order given."""
    return " ".join(format_card(c) for c in cards)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in canonical order (by suit, then rank; jokers last)."""
    return tuple(sorted(cards))


def count_cards(cards: Iterable[Card]) -> tuple[int, ...]:
    """How many of each of the 53 kinds of card the collection holds."""
    counts = [0] * NUM_KINDS
    for c in cards:
        counts[c] += 1
    return tuple(counts)


@implements("deck-composition", "card-identity")
def get_deck(jokers: int) -> tuple[Card, ...]:
    """deck-composition: two 52-card packs and ``jokers`` printed jokers, sorted.

    card-identity: the two copies of a card are the same card, so the deck is
    a multiset: each suited card appears twice.
    """
    if jokers < 0:
        raise InputError(
            "a deck cannot have a negative number of jokers (clause deck-composition)."
        )
    return tuple(c for c in range(52) for _ in range(2)) + (JOKER,) * jokers


@implements("deck-composition", "card-identity")
def check_deck_holds(cards: Iterable[Card], jokers: int) -> Violation | None:
    """deck-composition: whether one deck of two packs and ``jokers`` jokers holds ``cards``.

    A double deck has two copies of each suited card and ``jokers`` printed jokers;
    a collection naming more copies of a card than that cannot occur. Every
    reader of cards (the ``meld`` command, question files, fixtures, states)
    asks this one function. Returns ``None`` when the deck holds them.
    """
    counts = count_cards(cards)
    over = [card for card in range(NUM_KINDS) if counts[card] > (jokers if card == JOKER else 2)]
    if not over:
        return None
    named = ", ".join(f"{counts[c]} x {format_card(c)}" for c in over)
    return Violation(
        "deck-composition",
        "not-in-deck",
        f"{named}: the deck has two copies of each suited card and {jokers} jokers",
    )


def sub_multisets(
    cards: Iterable[Card], *, max_size: int | None = None
) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``cards`` (the empty one included), each as a sorted tuple.

    In the order of the copies taken of each distinct card, the lowest card
    varying slowest; at most ``max_size`` cards when given.
    """
    counts: dict[Card, int] = {}
    for c in sorted(cards):
        counts[c] = counts.get(c, 0) + 1
    limit = sum(counts.values()) if max_size is None else max_size
    found: list[tuple[Card, ...]] = [()]
    for card, n in counts.items():
        found = [sub + (card,) * k for sub in found for k in range(min(n, limit - len(sub)) + 1)]
    return iter(found)
