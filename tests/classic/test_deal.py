"""Chapter 5 for classic: players and tables, the deal, the upcard, red threes dealt."""

from __future__ import annotations

import pytest

from kanasta import engine
from kanasta.errors import InputError
from kanasta.families import get_profile
from kanasta.families.classic import PROFILE as CLASSIC
from kanasta.io.game_json import deal_from_json, deal_to_json
from kanasta.rules.cards import is_wild_card, parse_cards
from kanasta.rules.deal import deal_from_seed, get_first_player
from kanasta.rules.families import BLACK_THREES, RED_THREES
from kanasta.rules.state import get_team_count

TABLES = {(): (4, 11, 2), ("players-2",): (2, 15, 2), ("players-3",): (3, 13, 3)}
TABLES[("players-6",)] = (6, 11, 2)


@pytest.mark.clause("classic-players")
@pytest.mark.parametrize(("options", "numbers"), list(TABLES.items()))
def test_classic_players_hand_size_and_sides_per_table(
    options: tuple[str, ...], numbers: tuple[int, int, int]
) -> None:
    players, size, sides = numbers
    profile = get_profile("classic", options)
    assert (profile.players, profile.hand_size, get_team_count(profile)) == numbers
    for seed in (1, 2, 3):
        state = engine.new_hand(profile, seed=seed)
        assert [len(h) for h in state.hands] == [size] * players
        assert len(state.melds) == sides == len(state.red_threes)


@pytest.mark.clause("classic-players")
def test_classic_players_six_seats_alternate_between_two_sides() -> None:
    profile = get_profile("classic", ["players-6"])
    assert [s % get_team_count(profile) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert get_profile("classic", ["players-2"]).going_out_canastas == 2
    assert CLASSIC.going_out_canastas == 1


@pytest.mark.clause("classic-deal")
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_classic_deal_one_card_at_a_time_from_the_dealers_left(dealer: int) -> None:
    deck = tuple(c for c in range(52) for _ in (0, 1)) + (52,) * 4
    deal = deal_from_seed(CLASSIC, 5, dealer)
    first = get_first_player(CLASSIC, dealer)
    assert first == (dealer + 1) % 4
    assert [len(h) for h in deal.hands] == [11] * 4
    assert sorted([c for h in deal.hands for c in h] + list(deal.discard + deal.stock)) == sorted(
        deck
    )


@pytest.mark.clause("classic-upcard")
def test_classic_upcard_turned_again_while_wild_or_three() -> None:
    turned_again = 0
    for seed in range(60):
        deal = deal_from_seed(CLASSIC, seed, 3)
        top = deal.discard[-1]
        assert not is_wild_card(top)
        assert top not in RED_THREES + BLACK_THREES
        under = deal.discard[:-1]
        assert all(is_wild_card(c) or c in RED_THREES + BLACK_THREES for c in under)
        turned_again += bool(under)
    assert turned_again > 0


@pytest.mark.clause("classic-upcard")
def test_classic_upcard_explicit_deal_must_cover_a_wild_upcard() -> None:
    deal = deal_from_seed(CLASSIC, 1, 3)
    data = deal_to_json(deal)
    assert deal_from_json(CLASSIC, data) == deal
    stock = data["stock"]
    discard = data["discard"]
    assert isinstance(stock, list)
    assert isinstance(discard, list)
    stock = list(stock)
    stock.remove("JK")  # a joker moved from the stock onto the upcard, left uncovered
    bad = {**data, "discard": [*discard, "JK"], "stock": stock}
    with pytest.raises(InputError, match="classic-upcard"):
        deal_from_json(CLASSIC, bad)


@pytest.mark.clause("classic-red-threes")
def test_classic_red_threes_dealt_are_laid_and_replaced() -> None:
    seen = 0
    for seed in range(40):
        deal = deal_from_seed(CLASSIC, seed, 3)
        state = engine.new_hand(CLASSIC, seed=seed)
        dealt = sum(1 for h in deal.hands for c in h if c in RED_THREES)
        assert not any(c in RED_THREES for h in state.hands for c in h)
        laid = sum(len(t) for t in state.red_threes)
        assert laid >= dealt
        assert len(state.stock) == len(deal.stock) - laid
        for team, reds in enumerate(state.red_threes):
            seats = [s for s in range(4) if s % 2 == team]
            dealt_here = sum(1 for s in seats for c in deal.hands[s] if c in RED_THREES)
            assert len(reds) >= dealt_here
        seen += dealt
    assert seen > 0


@pytest.mark.clause("classic-red-threes")
def test_classic_red_threes_state_json_keeps_them_per_side() -> None:
    state = engine.new_hand(CLASSIC, seed=11)
    data = engine.state_to_json(state)
    extra = data["extra"]
    assert isinstance(extra, dict)
    assert [parse_cards(t) for t in extra["red_threes"]] == [tuple(t) for t in state.red_threes]
    assert engine.state_from_json(data, CLASSIC) == state
    extra["red_threes"] = [["3C"], []]
    with pytest.raises(InputError, match="classic-red-threes"):
        engine.state_from_json(data, CLASSIC)
