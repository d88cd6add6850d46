"""Chapter 1, Cards: deck, identity, notation, wild cards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kanasta.errors import InputError
from kanasta.rules.cards import (
    JOKER,
    Suit,
    count_cards,
    format_card,
    format_cards,
    get_deck,
    get_rank,
    get_suit,
    is_joker,
    is_two,
    is_wild_card,
    make_card,
    parse_card,
    parse_cards,
    sort_cards,
)

any_card = st.integers(min_value=0, max_value=JOKER)


@pytest.mark.clause("deck-composition")
@pytest.mark.parametrize(("jokers", "size"), [(4, 108), (2, 106)])
def test_deck_composition_two_packs_and_jokers(jokers: int, size: int) -> None:
    deck = get_deck(jokers)
    assert len(deck) == size
    assert deck.count(JOKER) == jokers
    assert all(deck.count(c) == 2 for c in range(52))


@pytest.mark.clause("deck-composition")
def test_deck_composition_rejects_negative_jokers() -> None:
    with pytest.raises(ValueError, match="negative"):
        get_deck(-1)


@pytest.mark.clause("card-identity")
def test_card_identity_copies_are_the_same_value() -> None:
    deck = get_deck(2)
    first, second = (i for i, c in enumerate(deck) if c == parse_card("7H"))
    assert deck[first] == deck[second]
    assert count_cards(deck)[parse_card("7H")] == 2


@pytest.mark.clause("card-notation")
@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("5H", 5, Suit.HEARTS),
        ("10S", 10, Suit.SPADES),
        ("QC", 12, Suit.CLUBS),
        ("AD", 1, Suit.DIAMONDS),
        ("kd", 13, Suit.DIAMONDS),
        ("2c", 2, Suit.CLUBS),
    ],
)
def test_card_notation_reads_rank_then_suit(text: str, rank: int, suit: Suit) -> None:
    card = parse_card(text)
    assert get_rank(card) == rank
    assert get_suit(card) is suit
    assert format_card(card) == text.upper()


@pytest.mark.clause("card-notation")
def test_card_notation_joker() -> None:
    assert parse_card("JK") == JOKER
    assert parse_card("jk") == JOKER
    assert format_card(JOKER) == "JK"
    assert get_rank(JOKER) == 0
    assert get_suit(JOKER) is None
    assert is_joker(JOKER)


@pytest.mark.clause("card-notation")
@pytest.mark.parametrize("bad", ["", "1H", "11S", "5X", "H5", "JOKER", "10", "T5"])
def test_card_notation_rejects_bad_tokens(bad: str) -> None:
    with pytest.raises(InputError, match="card-notation"):
        parse_card(bad)


@pytest.mark.clause("card-notation")
def test_card_notation_error_names_position() -> None:
    with pytest.raises(InputError, match=r"card #2: 'ZZ'"):
        parse_cards("5H ZZ 7H")
    with pytest.raises(InputError, match="card #1"):
        parse_cards([5])  # type: ignore[list-item]


@pytest.mark.clause("card-notation")
def test_card_notation_rejects_out_of_range_values() -> None:
    with pytest.raises(ValueError, match="not a card"):
        format_card(53)
    with pytest.raises(ValueError, match="no card"):
        make_card(14, 0)


@pytest.mark.clause("card-notation")
@given(st.lists(any_card, max_size=20))
def test_card_notation_round_trip(cards: list[int]) -> None:
    text = format_cards(cards)
    assert parse_cards(text) == tuple(cards)
    assert parse_cards(text.split()) == tuple(cards)


@pytest.mark.clause("wild-cards")
def test_wild_cards_are_jokers_and_twos() -> None:
    wilds = [c for c in range(53) if is_wild_card(c)]
    assert format_cards(wilds) == "2C 2D 2H 2S JK"
    assert sum(1 for c in get_deck(2) if is_wild_card(c)) == 10
    assert sum(1 for c in get_deck(4) if is_wild_card(c)) == 12
    assert is_two(parse_card("2H"))
    assert not is_two(JOKER)


def test_sort_cards_puts_jokers_last() -> None:
    assert format_cards(sort_cards(parse_cards("JK 5H 2C"))) == "2C 5H JK"
    assert Suit.HEARTS.is_red
    assert not Suit.SPADES.is_red
    assert Suit.DIAMONDS.letter == "D"
