"""The scenario builder (tests and fixtures), and engine paths of other families' profiles."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kanasta.commands.play import describe_action, play_random_game
from kanasta.engine import legal_actions
from kanasta.errors import InputError
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.families.koz import PROFILE as KOZ
from kanasta.io.game_json import game_to_json
from kanasta.io.scenario import build_meld, build_state
from kanasta.io.state_json import (
    arrangement_to_json,
    meld_from_table_json,
    state_from_json,
    state_to_json,
)
from kanasta.rules.cards import get_deck, parse_cards
from kanasta.rules.deal import deal_from_seed, describe_deal
from kanasta.rules.game import Game
from kanasta.rules.state import Phase
from tests.koz.util import accept, disc, koz_state


@pytest.mark.clause("deck-composition")
def test_build_state_places_every_card_of_the_deck() -> None:
    state = koz_state(hands=["5H 6H"], melds=[["4S 5S 6S"]], discard="KD", stock_top="2C")
    held = [c for h in state.hands for c in h] + list(state.stock) + list(state.discard)
    held += [c for p in state.fi for c in p]
    held += [c for t in state.melds for m in t for c in m.all_cards]
    assert sorted(held) == list(get_deck(4))
    assert state.stock[0] == parse_cards("2C")[0]


def test_build_meld_with_batches_and_wild_choices() -> None:
    meld = build_meld(KOZ, [("5H 6H 7H JK", 4), ("8H", None), "9H"])
    assert (meld.low, meld.wild_at, meld.size) == (4, 4, 6)
    with pytest.raises(InputError, match="cannot be built"):
        build_meld(KOZ, "5H 6H 9C")
    with pytest.raises(InputError, match=r"the meld 5H 6H 7H then 9C cannot be built: \S+ \["):
        build_meld(KOZ, ["5H 6H 7H", "9C"])
    with pytest.raises(InputError, match="cannot be built"):
        build_meld(KOZ, ["5H 6H 7H", "9C", "8H"])


def test_build_state_refuses_cards_the_deck_does_not_have() -> None:
    with pytest.raises(InputError, match="no card"):
        koz_state(hands=["5H 5H 5H"])
    with pytest.raises(InputError, match="cards left"):
        koz_state(hand_sizes=[60])
    with pytest.raises(InputError, match="stock_size"):
        koz_state(hands=["5H"], stock_top="6H 7H", stock_size=1)


def test_build_state_with_explicit_fi_packets() -> None:
    state = koz_state(hands=["5H"], fi=["4C 5C 6C 7C 8C 9C 10C JC QC KC AC"])
    assert state.fi == (tuple(parse_cards("4C 5C 6C 7C 8C 9C 10C JC QC KC AC")),)
    with pytest.raises(InputError, match="fi packet"):
        koz_state(hands=["5H 5H"], fi=["5H"])


def test_build_state_explicit_dealer_and_no_trump_family() -> None:
    state = koz_state(hands=["5H"], dealer=2, turn=0)
    assert state.dealer == 2
    no_trump = build_state(FI_5200, hands=["5H"])
    assert no_trump.trump is None


@pytest.mark.clause("state-json", "wild-spare-outside")
def test_state_json_arrangement_with_a_spare_wild() -> None:
    meld = build_meld(FI_5200, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK")
    data = arrangement_to_json(meld)
    assert data["spare"] == ["JK"]
    table = {
        "history": [{"cards": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK"}],
        "arrangement": data,
    }
    assert meld_from_table_json(FI_5200, table, "m") == meld


@pytest.mark.clause("state-json")
def test_state_json_odd_arrangements_and_bad_cards() -> None:
    base = {"history": [{"cards": ["5H", "6H", "7H"]}]}
    with pytest.raises(InputError, match="no legal meld"):
        meld_from_table_json(KOZ, {**base, "arrangement": "a run"}, "m")
    with pytest.raises(InputError, match="no legal meld"):
        meld_from_table_json(KOZ, {**base, "arrangement": {"kind": "set", "cards": ["ZZ"]}}, "m")
    data = state_to_json(koz_state(hands=["5H"], trump="KS"))
    data["trump"] = "ZZ"
    with pytest.raises(InputError, match="trump"):
        state_from_json(KOZ, data)


@pytest.mark.clause("deal-order")
def test_deal_order_without_an_upcard_or_trump() -> None:
    plain = replace(KOZ, initial_upcard=False, trump_rule=FI_5200.trump_rule)
    deal = deal_from_seed(plain, 1, 3)
    assert deal.discard == ()
    assert deal.trump is None
    assert len(deal.stock) == 42
    assert "trump" not in describe_deal(deal)


@pytest.mark.clause("game-record")
def test_game_record_of_a_hand_in_progress_with_its_deal() -> None:
    calls: list[int] = []

    def count_hands(game: Game) -> None:
        calls.append(len(game.hands))

    game = play_random_game("koz", 3, max_hands=1, on_hand=count_hands)
    assert calls == [1]
    step = accept(game.state, legal_actions(game.state)[0])
    partial = Game(
        game.profile,
        game.seed,
        game.explicit_deals,
        game.hands,
        game.hand_seed,
        game.deal,
        step,
        (legal_actions(game.state)[0],),
        game.totals,
        game.target,
        None,
    )
    record = game_to_json(partial, with_deals=True)
    hands = record["hands"]
    assert isinstance(hands, list)
    assert len(hands) == 2
    assert "deal" in hands[1]


@pytest.mark.clause("going-out", "action-kinds")
def test_log_names_the_player_who_goes_out() -> None:
    state = koz_state(
        hands=["KC"], melds=[["9S 9H 9D 9C 9S 9H 9D"]], phase=Phase.PLAY, fi_takers=[0, 1]
    )
    after = accept(state, disc("KC"))
    lines = describe_action(state, disc("KC"), after)
    assert any("goes out" in line for line in lines)
