"""Chapter 5, the fi-5200 deal: 106 cards, as if to six players, no upcard, 40 stock."""

from __future__ import annotations

import pytest

from kanasta.engine import legal_actions
from kanasta.errors import InputError
from kanasta.io.game_json import deal_from_json, deal_to_json
from kanasta.rules.actions import ActionType
from kanasta.rules.cards import JOKER, get_deck
from kanasta.rules.deal import deal_cards, deal_from_seed, get_first_player, new_hand, shuffle_deck
from tests.fi5200.util import FI_5200, Phase


@pytest.mark.clause("deal-fi-5200", "deck-composition")
def test_deal_fi_5200_sizes_and_no_upcard() -> None:
    deal = deal_from_seed(FI_5200, 7, dealer=3)
    assert [len(h) for h in deal.hands] == [11, 11, 11, 11]
    assert [len(p) for p in deal.fi] == [11, 11]
    assert deal.discard == ()
    assert len(deal.stock) == 40
    assert deal.trump is None
    every = sorted(
        [c for h in deal.hands for c in h] + [c for p in deal.fi for c in p] + list(deal.stock)
    )
    assert every == list(get_deck(2))
    assert every.count(JOKER) == 2


@pytest.mark.clause("deal-fi-5200", "first-player")
def test_deal_fi_5200_the_first_player_must_draw() -> None:
    state = new_hand(FI_5200, deal_from_seed(FI_5200, 7, dealer=3), dealer=3)
    assert (state.turn, state.phase) == (0, Phase.DRAW)
    assert [a.type for a in legal_actions(state)] == [ActionType.DRAW]


@pytest.mark.clause("deal-six-packets")
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_six_packets_round_robin_with_the_dealers_packets_a_b_c(dealer: int) -> None:
    deck = shuffle_deck(FI_5200, 2024)
    deal = deal_cards(FI_5200, deck, dealer)
    # Round r deals deck[6r .. 6r+5] to: the seat after the dealer, the next two, then the
    # dealer's packets a (first fi), b (the dealer's hand) and c (second fi).
    places: dict[str, list[int]] = {name: [] for name in ("1", "2", "3", "a", "b", "c")}
    for r in range(11):
        for p, name in enumerate(("1", "2", "3", "a", "b", "c")):
            places[name].append(deck[6 * r + p])
    for offset in (1, 2, 3):
        assert deal.hands[(dealer + offset) % 4] == tuple(sorted(places[str(offset)]))
    assert deal.hands[dealer] == tuple(sorted(places["b"]))
    assert sorted(deal.fi[0]) == sorted(places["a"])
    assert sorted(deal.fi[1]) == sorted(places["c"])
    assert deal.stock == tuple(deck[66:])


@pytest.mark.clause("deal-six-packets", "first-player")
def test_deal_six_packets_starts_at_the_first_player() -> None:
    deck = shuffle_deck(FI_5200, 5)
    deal = deal_cards(FI_5200, deck, 1)
    assert get_first_player(FI_5200, 1) == 2
    assert deck[0] in deal.hands[2]
    assert deck[3] in deal.fi[0]
    assert deck[4] in deal.hands[1]
    assert deck[5] in deal.fi[1]


@pytest.mark.clause("deal-fi-5200", "explicit-deal")
def test_deal_fi_5200_explicit_deal_round_trip_and_errors() -> None:
    deal = deal_from_seed(FI_5200, 3, dealer=3)
    data = deal_to_json(deal)
    assert deal_from_json(FI_5200, data) == deal
    with_upcard = dict(data, discard=[data["stock"][0]], stock=data["stock"][1:])  # type: ignore[index]
    with pytest.raises(InputError, match="upcard"):
        deal_from_json(FI_5200, with_upcard)
    with pytest.raises(InputError, match="no trump"):
        deal_from_json(FI_5200, dict(data, trump="5H"))
