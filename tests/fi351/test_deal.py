"""Chapter 5, the fi-351 deal: the fi packets from the cut, the hands in pairs; 2 and 3
players; the direction of play."""

from __future__ import annotations

import pytest

from kanasta.rules.cards import get_deck
from kanasta.rules.deal import deal_cards, deal_from_seed, get_next_seat_side
from kanasta.rules.state import get_team, get_team_count
from tests.fi351.util import FI_351, profile


@pytest.mark.clause("deal-fi-351-order", "deal-fi-351")
def test_deal_fi_351_order_fi_first_then_pairs() -> None:
    deck = tuple(range(106))  # positions stand for cards: the order is what is checked
    deal = deal_cards(FI_351, deck, dealer=3)
    assert deal.fi[0] == tuple(range(0, 22, 2))
    assert deal.fi[1] == tuple(range(1, 22, 2))
    # seat 0 (first player) gets 22, 23, then 30, 31 ...; the last round is one card each
    assert deal.hands[0] == (22, 23, 30, 31, 38, 39, 46, 47, 54, 55, 62)
    assert deal.hands[3] == (28, 29, 36, 37, 44, 45, 52, 53, 60, 61, 65)
    assert deal.stock == tuple(range(66, 106))
    assert deal.discard == ()
    assert deal.trump is None


@pytest.mark.clause("deal-fi-351-order", "first-player")
def test_deal_fi_351_order_starts_left_of_the_dealer() -> None:
    deck = tuple(range(106))
    deal = deal_cards(FI_351, deck, dealer=1)
    assert deal.hands[2][:2] == (22, 23)  # seat 2 plays first when seat 1 deals


@pytest.mark.clause("deal-fi-351", "seeded-shuffle")
@pytest.mark.parametrize("seed", [0, 1, 2024])
def test_deal_fi_351_sizes_and_one_deck(seed: int) -> None:
    deal = deal_from_seed(FI_351, seed, 3)
    assert [len(h) for h in deal.hands] == [11] * 4
    assert [len(p) for p in deal.fi] == [11, 11]
    assert len(deal.stock) == 40
    held = [c for h in deal.hands for c in h] + [c for p in deal.fi for c in p] + list(deal.stock)
    assert sorted(held) == list(get_deck(2))


@pytest.mark.clause("players-fi-351", "profile-options")
@pytest.mark.parametrize(
    ("option", "players", "stock"), [("players-2", 2, 62), ("players-3", 3, 51)]
)
def test_players_fi_351_every_player_alone(option: str, players: int, stock: int) -> None:
    rules = profile(option)
    assert rules.family == FI_351.family
    assert get_team_count(rules) == players
    assert [get_team(rules, s) for s in range(players)] == list(range(players))
    deal = deal_from_seed(rules, 5, players - 1)
    assert [len(h) for h in deal.hands] == [11] * players
    assert len(deal.stock) == stock == rules.stock_size


@pytest.mark.clause("direction-fi-351", "direction-of-play")
def test_direction_fi_351_clockwise() -> None:
    assert get_next_seat_side(FI_351) == "left"
