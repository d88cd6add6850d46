"""Malformed values and states that cannot occur, given to the readers and the engine API."""

from __future__ import annotations

import dataclasses
import math
from typing import Any, cast

import pytest

from kanasta import engine
from kanasta.errors import InputError, Violation
from kanasta.families.classic import PROFILE as CLASSIC
from kanasta.families.fi_5200 import PROFILE as FI_5200
from kanasta.families.koz import PROFILE as KOZ
from kanasta.rules.actions import Action, ActionType
from kanasta.rules.cards import JOKER, check_deck_holds, format_card, parse_card, parse_cards
from kanasta.rules.points import parse_points


def _play_phase(variant: str, seed: int) -> engine.State:
    state = engine.new_hand(variant, seed=seed)
    after = engine.apply(state, Action(ActionType.DRAW))
    assert not isinstance(after, Violation)
    return after


@pytest.mark.clause("deck-composition", "card-identity")
def test_deck_composition_one_check_counts_copies_and_jokers() -> None:
    assert check_deck_holds(parse_cards("7H 7H JK JK"), 2) is None
    for cards, jokers, named in (
        ("7H 7H 7H", 2, "3 x 7H"),
        ("JK JK JK", 2, "3 x JK"),
        ("JK JK JK JK JK", 4, "5 x JK"),
    ):
        found = check_deck_holds(parse_cards(cards), jokers)
        assert isinstance(found, Violation)
        assert found.clause == "deck-composition"
        assert named in found.detail


@pytest.mark.clause("state-json", "trump-card")
def test_state_json_a_koz_state_is_not_a_classic_state() -> None:
    data = engine.state_to_json(engine.new_hand("koz", seed=3))
    with pytest.raises(InputError, match="turns up no trump card"):
        engine.state_from_json(data, "classic")
    with pytest.raises(InputError, match="deals 0 fi packets"):
        engine.state_from_json({**data, "trump": None}, "classic")
    with pytest.raises(InputError, match="deck-composition"):
        engine.state_from_json(data, "fi-5200")
    assert engine.state_from_json(data, "koz") == engine.new_hand("koz", seed=3)


@pytest.mark.clause("points-exact", "state-json")
def test_points_exact_scores_that_are_not_whole_or_half_are_refused() -> None:
    data = engine.state_to_json(engine.new_hand("fi-5200", seed=4))
    for bad in (10.3, "1e6", "1e100000000", math.inf, -math.inf, math.nan, True, "ten"):
        with pytest.raises(InputError, match="points-exact"):
            engine.state_from_json({**data, "team_scores": [bad, 0]}, "fi-5200")
        with pytest.raises(InputError, match="points-exact"):
            parse_points(bad)
    read = engine.state_from_json({**data, "team_scores": [10.5, "-4.5"]}, "fi-5200")
    assert read.team_scores == (21, -9)


@pytest.mark.clause("seats-in-order-of-play", "deck-composition", "state-json")
def test_state_json_check_state_finds_what_replace_can_build() -> None:
    state = engine.new_hand("koz", seed=5)
    assert engine.check_state(state) is None
    cases: list[tuple[engine.State, str]] = [
        (dataclasses.replace(state, turn=-1), "seats-in-order-of-play"),
        (dataclasses.replace(state, dealer=4), "seats-in-order-of-play"),
        (
            dataclasses.replace(state, hands=(state.hands[0] + (5,), *state.hands[1:])),
            "deck-composition",
        ),
        (dataclasses.replace(state, profile=FI_5200), "deck-composition"),
        (dataclasses.replace(state, profile=CLASSIC), "state-json"),
        (dataclasses.replace(state, team_scores=(0,)), "seats-in-order-of-play"),
        (dataclasses.replace(state, team_scores=(cast(Any, 1.5), 0)), "points-exact"),
    ]
    for changed, clause in cases:
        found = engine.check_state(changed)
        assert isinstance(found, Violation), changed
        assert found.clause == clause
    assert engine.check_state(dataclasses.replace(state, profile=KOZ)) is None


@pytest.mark.clause("action-kinds")
def test_action_kinds_a_plain_string_type_is_refused() -> None:
    state = _play_phase("koz", 6)
    card = state.hands[state.turn][0]
    text: object = "discard"
    assert text == ActionType.DISCARD  # the trap: a StrEnum equals its text
    for kind in ("discard", "take-back", "nope", None):
        with pytest.raises(InputError, match="action-kinds"):
            engine.apply(state, Action(cast(Any, kind), (card,)))
    after = engine.apply(state, Action(ActionType.DISCARD, (card,)))
    assert not isinstance(after, Violation)


@pytest.mark.clause("action-kinds", "card-notation")
def test_action_kinds_malformed_values_raise_the_input_error() -> None:
    state = _play_phase("fi-5200", 7)
    calls: list[tuple[Any, str]] = [
        (lambda: engine.apply(state, Action(ActionType.DISCARD, (9999,))), "9999"),
        (lambda: engine.apply(state, cast(Any, {"type": "draw"})), "not a kanasta Action"),
        (lambda: engine.apply(cast(Any, None), Action(ActionType.DRAW)), "not a kanasta State"),
        (lambda: engine.legal_actions(cast(Any, None)), "not a kanasta State"),
        (lambda: engine.legal_actions(cast(Any, "state")), "not a kanasta State"),
        (lambda: engine.state_to_json(cast(Any, None)), "not a kanasta State"),
        (lambda: engine.score_hand(cast(Any, None)), "not a kanasta State"),
        (lambda: engine.count_actions(cast(Any, None)), "not a kanasta State"),
        (lambda: engine.action_to_json(cast(Any, {"type": "draw"})), "not a kanasta Action"),
        (lambda: engine.action_to_json(Action(ActionType.DISCARD, (9999,))), "9999"),
        (lambda: format_card(9999), "9999"),
        (lambda: engine.new_hand("koz", seed=-5), "seeded-shuffle"),
    ]
    for call, words in calls:
        with pytest.raises(InputError, match=words):
            call()
    assert format_card(JOKER) == "JK"
    assert parse_card("jk") == JOKER
