"""Chapter 5, Seats and the deal (koz)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from kanasta.engine import legal_actions
from kanasta.errors import InputError
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.families.koz import PROFILE as KOZ
from kanasta.io.game_json import deal_from_json, deal_to_json
from kanasta.rules.cards import JOKER, format_card, get_deck
from kanasta.rules.deal import (
    MASK64,
    Deal,
    deal_cards,
    deal_from_seed,
    describe_deal,
    get_first_player,
    get_next_dealer,
    get_next_seat_side,
    new_hand,
    shuffle_deck,
    splitmix64,
)
from kanasta.rules.families import TrumpRule
from kanasta.rules.state import Phase, State, get_team
from tests.koz.util import accept, disc, draw, koz_state


def _reference_splitmix(seed: int, count: int) -> list[int]:
    """SplitMix64 written again from the clause text, for comparison."""
    out = []
    state = seed
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        out.append(z ^ (z >> 31))
    return out


@pytest.mark.clause("seeded-shuffle")
def test_seeded_shuffle_splitmix64_known_first_output_for_seed_0() -> None:
    # The published first output of SplitMix64 from state 0.
    assert splitmix64(0)[1] == 0xE220A8397B1DCDAF


@pytest.mark.clause("seeded-shuffle")
@pytest.mark.parametrize("seed", [0, 1, 42, MASK64])
def test_seeded_shuffle_is_fisher_yates_over_the_canonical_deck(seed: int) -> None:
    numbers = iter(_reference_splitmix(seed, 200))
    deck = list(get_deck(4))
    for i in range(len(deck) - 1, 0, -1):
        j = next(numbers) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    assert shuffle_deck(KOZ, seed) == tuple(deck)


@pytest.mark.clause("seeded-shuffle")
def test_seeded_shuffle_same_seed_same_deck_and_a_permutation() -> None:
    first = shuffle_deck(KOZ, 7)
    assert first == shuffle_deck(KOZ, 7)
    assert first != shuffle_deck(KOZ, 8)
    assert sorted(first) == list(get_deck(4))


@pytest.mark.clause("seeded-shuffle")
@pytest.mark.parametrize("seed", [-1, MASK64 + 1])
def test_seeded_shuffle_rejects_seeds_outside_64_bits(seed: int) -> None:
    with pytest.raises(InputError, match="64-bit"):
        shuffle_deck(KOZ, seed)


@pytest.mark.clause("deal-koz")
def test_deal_koz_sizes_11_each_two_fi_of_11_one_upcard_41_stock() -> None:
    deal = deal_from_seed(KOZ, 3, dealer=3)
    assert [len(h) for h in deal.hands] == [11, 11, 11, 11]
    assert [len(p) for p in deal.fi] == [11, 11]
    assert len(deal.discard) == 1
    assert len(deal.stock) == 41
    cards = [c for h in deal.hands for c in h] + [c for p in deal.fi for c in p]
    assert sorted(cards + list(deal.discard) + list(deal.stock)) == list(get_deck(4))


@pytest.mark.clause("deal-order", "first-player")
def test_deal_order_one_card_at_a_time_from_the_first_player() -> None:
    deck = shuffle_deck(KOZ, 11)
    deal = deal_cards(KOZ, deck, dealer=1)
    first = get_first_player(KOZ, 1)
    assert first == 2
    # The first player gets cards 0, 4, 8, ...; the dealer gets 3, 7, 11, ...
    assert Counter(deal.hands[2]) == Counter(deck[0:44:4])
    assert Counter(deal.hands[1]) == Counter(deck[3:44:4])
    assert deal.fi == (deck[44:55], deck[55:66])
    assert deal.discard == (deck[66],)
    assert deal.stock == deck[67:]


@pytest.mark.clause("trump-card")
def test_trump_card_is_the_bottom_of_the_stock_and_stays_in_play() -> None:
    state = new_hand(KOZ, deal_from_seed(KOZ, 5, dealer=3), dealer=3)
    assert state.trump == state.stock[-1]
    assert state.trump is not None
    # Draw the whole stock: the trump is the last card drawn, into a hand.
    while len(state.stock) > 1:
        state = accept(state, draw(), disc(_any_card(state)))
    last = state.stock[0]
    seat = state.turn
    state = accept(state, draw())
    assert last == state.trump
    assert state.trump in state.hands[seat]


def _any_card(state: State) -> str:
    return format_card(state.hands[state.turn][0])


@pytest.mark.clause("trump-card")
def test_trump_card_can_be_a_joker() -> None:
    trumps = {deal_from_seed(KOZ, seed, 3).trump for seed in range(300)}
    assert JOKER in trumps


@pytest.mark.clause("first-player", "seats-in-order-of-play")
def test_first_player_is_the_seat_after_the_dealer() -> None:
    for dealer in range(4):
        state = new_hand(KOZ, deal_from_seed(KOZ, 1, dealer), dealer=dealer)
        assert state.turn == (dealer + 1) % 4
        assert state.phase is Phase.DRAW


@pytest.mark.clause("seats-in-order-of-play")
def test_seats_in_order_of_play_partners_opposite_and_turn_passes_to_next_seat() -> None:
    assert [get_team(KOZ, s) for s in range(4)] == [0, 1, 0, 1]
    state = koz_state(hands=["5H 6H", "7C 8C"], stock_top="9D", turn=3)
    state = accept(state, draw(), disc("9D"))
    assert state.turn == 0


@pytest.mark.clause("dealer-rotation")
def test_dealer_rotation_next_seat_deals() -> None:
    assert [get_next_dealer(KOZ, d) for d in range(4)] == [1, 2, 3, 0]


@pytest.mark.clause("direction-of-play")
def test_direction_of_play_koz_counter_clockwise_fi_5200_clockwise() -> None:
    assert get_next_seat_side(KOZ) == "right"
    assert get_next_seat_side(FI_5200) == "left"


@pytest.mark.clause("explicit-deal")
def test_explicit_deal_round_trips_through_json() -> None:
    deal = deal_from_seed(KOZ, 9, dealer=3)
    assert deal_from_json(KOZ, deal_to_json(deal)) == deal
    text = describe_deal(deal)
    assert "trump:" in text
    assert "fi 2:" in text


@pytest.mark.clause("explicit-deal")
def test_explicit_deal_trump_defaults_to_the_stock_bottom() -> None:
    deal = deal_from_seed(KOZ, 9, dealer=3)
    data = deal_to_json(deal)
    del data["trump"]
    assert deal_from_json(KOZ, data).trump == deal.stock[-1]


def _bad(deal: Deal, **change: object) -> dict[str, object]:
    data = deal_to_json(deal)
    data.update(change)
    return data


@pytest.mark.clause("explicit-deal")
@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("hands", "hands"),
        ("fi", "fi"),
        ("discard", "upcard"),
        ("trump", "trump"),
        ("stock", "deck"),
    ],
)
def test_explicit_deal_rejects_wrong_sizes_cards_or_trump(field: str, message: str) -> None:
    deal = deal_from_seed(KOZ, 2, dealer=3)
    data = deal_to_json(deal)
    if field == "hands":
        data["hands"] = data["hands"][:3]  # type: ignore[index]
    elif field == "fi":
        data["fi"] = data["fi"][:1]  # type: ignore[index]
    elif field == "discard":
        data["discard"] = []
    elif field == "trump":
        data["trump"] = "JK" if deal.stock[-1] != JOKER else "5H"
    else:
        data["stock"] = data["stock"][:-1]  # type: ignore[index]
        data["trump"] = data["stock"][-1]  # type: ignore[index]
    with pytest.raises(InputError, match=message):
        deal_from_json(KOZ, data)


@pytest.mark.clause("explicit-deal")
def test_explicit_deal_rejects_a_hand_of_the_wrong_size_and_non_objects() -> None:
    deal = deal_from_seed(KOZ, 2, dealer=3)
    data = deal_to_json(deal)
    hands = data["hands"]
    assert isinstance(hands, list)
    hands[0] = hands[0][:10]
    with pytest.raises(InputError, match="11"):
        deal_from_json(KOZ, data)
    with pytest.raises(InputError, match="object"):
        deal_from_json(KOZ, [])
    with pytest.raises(InputError, match="required"):
        deal_from_json(KOZ, {"hands": []})
    with pytest.raises(InputError, match="hands"):
        deal_from_json(KOZ, {"hands": "x", "stock": []})
    with pytest.raises(InputError, match="fi"):
        deal_from_json(KOZ, {"hands": [], "stock": [], "fi": "x"})


@pytest.mark.clause("explicit-deal")
def test_explicit_deal_no_trump_in_a_family_without_one() -> None:
    no_trump = replace(KOZ, trump_rule=TrumpRule.NONE)
    deal = deal_from_seed(KOZ, 2, dealer=3)
    with pytest.raises(InputError, match="no trump"):
        deal_from_json(no_trump, _bad(deal))
    assert deal_from_seed(no_trump, 2, dealer=3).trump is None


@pytest.mark.clause("deal-koz")
def test_deal_koz_new_hand_starts_in_the_draw_phase_with_draw_and_take_pile() -> None:
    state = new_hand(KOZ, deal_from_seed(KOZ, 1, 3), dealer=3, team_scores=(20, 40))
    assert state.team_scores == (20, 40)
    assert [a.type.value for a in legal_actions(state)] == ["draw", "take-pile"]
    with pytest.raises(InputError, match="team_scores"):
        new_hand(KOZ, deal_from_seed(KOZ, 1, 3), dealer=3, team_scores=(1,))
