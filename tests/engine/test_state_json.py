"""Chapter 11: the state in JSON, the player's view, and the engine facade."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kanasta import engine
from kanasta.errors import InputError, Violation
from kanasta.families.koz import PROFILE as KOZ
from kanasta.io.game_json import deal_to_json
from kanasta.io.state_json import (
    meld_from_table_json,
    meld_to_table_json,
    state_to_json,
    view_to_json,
)
from kanasta.rules.cards import format_card
from kanasta.rules.deal import deal_from_seed
from kanasta.rules.view import get_view
from tests.engine.random_hands import random_hand_states
from tests.koz.util import Phase, koz_state


@pytest.mark.clause("state-json")
@pytest.mark.parametrize("seed", [1, 2])
def test_state_json_round_trips_every_state_of_a_hand(seed: int) -> None:
    for state in random_hand_states("koz", seed)[::4]:
        data = json.loads(json.dumps(state_to_json(state)))
        assert engine.state_from_json(data, "koz") == state


@pytest.mark.clause("state-json")
def test_state_json_round_trips_a_provisional_opening_and_fi_takers() -> None:
    state = koz_state(
        hands=["4C", "5C 6C", "7C", "8C"],
        melds=[[], ["3H 4H 5H"]],
        opened=[True, False],
        phase=Phase.PLAY,
        turn=1,
        fi_takers=[2],
        pile_card="8D",
    )
    data = state_to_json(state)
    assert data["fi_taken"] == [1, 0]
    assert engine.state_from_json(data, KOZ) == state


@pytest.mark.clause("state-json")
def test_state_json_table_meld_with_wild_choices_in_its_history() -> None:
    data = {"history": [{"cards": ["5H", "6H", "7H", "JK"], "wild_at": 4}, {"cards": ["8H"]}]}
    meld = meld_from_table_json(KOZ, data, "m")
    assert (meld.low, meld.wild_at) == (4, 4)
    again = meld_from_table_json(KOZ, meld_to_table_json(meld), "m")
    assert again == meld
    high = meld_from_table_json(KOZ, {"history": [{"cards": ["5H", "6H", "7H", "JK"]}]}, "m")
    assert high.wild_at == 8


def _base() -> dict[str, Any]:
    return state_to_json(koz_state(hands=["4C 5C"], melds=[["3H 4H 5H"]], phase=Phase.PLAY))


def _edit(**changes: Any) -> dict[str, Any]:
    data = _base()
    for key, value in changes.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value
    return data


@pytest.mark.clause("state-json")
@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "JSON object"),
        (_edit(hands=None), "required"),
        (_edit(hands=[["4C"]]), "list of 4"),
        (_edit(turn=9), "seat"),
        (_edit(phase="nap"), "draw, play, over"),
        (_edit(stock=["1X"]), "not a card"),
        (_edit(stock=5), "list of cards"),
        (_edit(trump=5), "card"),
        (_edit(opened=[True]), "list of 2"),
        (_edit(opened=[True, "no"]), "2 booleans"),
        (_edit(fi_taken=[1, -1]), "count"),
        (_edit(extra=[]), "object"),
        (_edit(extra={"fi_takers": [7]}), "seat"),
        (_edit(extra={"fi_takers": [1]}), "does not agree"),
        (_edit(fi_taken=[1, 1], extra={}), "both teams"),
        (_edit(hand_over=True), "hand_over"),
        (_edit(melds=[[{"history": [{"cards": ["3H", "4H", "9S"]}]}], []]), "no legal meld"),
        (_edit(melds=[[{"cards": ["3H"]}], []]), "history"),
        (_edit(melds=[[7], []]), "table meld"),
        (_edit(melds=[[{"history": [7]}], []]), "batch"),
        (_edit(melds=[[{"history": [{"cards": ["3H"], "wild_at": 0}]}], []]), "1..14"),
    ],
)
def test_state_json_malformed_states_are_input_errors(data: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        engine.state_from_json(data, "koz")


@pytest.mark.clause("state-json", "deck-composition")
def test_state_json_the_cards_must_be_exactly_one_deck() -> None:
    data = _base()
    stock = data["stock"]
    assert isinstance(stock, list)
    stock.append("5H")
    with pytest.raises(InputError, match=r"too many \[5H\]"):
        engine.state_from_json(data, "koz")
    stock.pop()
    stock.pop(0)
    with pytest.raises(InputError, match="missing"):
        engine.state_from_json(data, "koz")


@pytest.mark.clause("state-json", "opening-provisional")
def test_state_json_provisional_melds_only_for_the_player_to_act() -> None:
    data = _edit(opened=[False, False], phase="draw")
    with pytest.raises(InputError, match="provisional"):
        engine.state_from_json(data, "koz")


@pytest.mark.clause("state-json")
def test_state_json_defaults_for_omitted_fields() -> None:
    data = _base()
    for key in ("fi", "team_scores", "trump", "dealer", "opened", "fi_taken", "extra"):
        data.pop(key)
    # Without fi packets the fi cards must be somewhere: put them in the stock.
    full = _base()
    fi = full["fi"]
    assert isinstance(fi, list)
    data["stock"] = full["stock"] + [c for packet in fi for c in packet]
    state = engine.state_from_json(data, "koz")
    assert state.fi == ()
    assert state.opened == (True, False)
    assert state.dealer == 3
    assert state.trump is None


@pytest.mark.clause("player-view")
def test_player_view_hides_other_hands_the_fi_and_the_stock() -> None:
    state = random_hand_states("koz", 3)[30]
    view = get_view(state, 1)
    data = view_to_json(view)
    text = json.dumps(data)
    assert data["hand"] == [format_card(c) for c in state.hands[1]]
    assert data["hand_sizes"] == [len(h) for h in state.hands]
    assert data["stock_size"] == len(state.stock)
    assert data["fi_sizes"] == [11, 11]
    assert "stock" not in data
    assert "fi" not in data
    assert data["trump"] == format_card(state.trump) if state.trump is not None else True
    # The JSON holds exactly the cards the player may see.
    visible = len(view.hand) + len(view.discard)
    visible += sum(m.size for team in view.melds for m in team)
    assert text.count('"') > visible
    with pytest.raises(InputError, match="no seat"):
        get_view(state, 4)


@pytest.mark.clause("player-view")
def test_player_view_each_seat_sees_its_own_hand_only() -> None:
    state = engine.new_hand("koz", seed=4)
    hands = [get_view(state, seat).hand for seat in range(4)]
    assert hands == list(state.hands)
    assert engine.get_view(state, 0).phase is Phase.DRAW


@pytest.mark.clause("action-json", "state-json", "explicit-deal")
def test_engine_facade_new_hand_from_a_seed_or_a_deal() -> None:
    from_seed = engine.new_hand("koz", seed=10)
    deal = deal_from_seed(KOZ, 10, 3)
    assert engine.new_hand(KOZ, deal=deal) == from_seed
    assert engine.new_hand(KOZ, deal=deal_to_json(deal)) == from_seed
    with pytest.raises(InputError, match="exactly one"):
        engine.new_hand("koz")
    with pytest.raises(InputError, match="exactly one"):
        engine.new_hand("koz", seed=1, deal=deal)
    action = engine.legal_actions(from_seed)[0]
    data = engine.action_to_json(action)
    assert engine.action_from_json(data) == action
    assert engine.action_seat({**data, "seat": 0}) == 0
    after = engine.apply(from_seed, action)
    assert not isinstance(after, Violation)
    assert engine.count_actions(from_seed) == 2
    assert engine.score_hand(after).totals == engine.score_hand(after).totals
    assert engine.state_to_json(after)["phase"] == "play"
    assert engine.format_action(action) == "draw"
