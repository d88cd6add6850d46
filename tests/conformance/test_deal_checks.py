"""The deal check (deal-order and each family's deal clauses) against malformed or wrong
answers: each difference named, card conservation kept, never a traceback."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from kanasta.conformance.checks import Outcome, check_answer, get_deal_cards
from kanasta.conformance.loader import load_fixtures
from kanasta.conformance.model import Fixture, StepKind
from kanasta.conformance.protocol import build_requests
from kanasta.conformance.reference import ReferenceImplementation


@cache
def _koz_deck_deal() -> tuple[Fixture, dict[str, Any]]:
    for fixture in load_fixtures().fixtures:
        step = fixture.steps[0]
        if fixture.variant == "koz" and step.kind is StepKind.DEAL and "deck" in step.params:
            request = build_requests(fixture)[0][1]
            return fixture, dict(ReferenceImplementation().answer(request))
    raise AssertionError("no koz deal from a deck in the suite")


def _differences(change: dict[str, Any]) -> tuple[Outcome, tuple[str, ...]]:
    fixture, answer = _koz_deck_deal()
    return check_answer(fixture.steps[0], {**answer, **change})


def test_the_reference_deal_passes() -> None:
    assert _differences({}) == (Outcome.PASS, ())


def test_a_pile_that_is_not_a_list_is_named() -> None:
    outcome, messages = _differences({"pile": "7H"})
    assert outcome is Outcome.FAIL
    assert any(m.startswith("pile: expected 1 cards in order, got") for m in messages)


def test_a_stock_in_another_order_names_the_first_difference() -> None:
    _, answer = _koz_deck_deal()
    stock = list(answer["stock"])
    stock[0], stock[1] = stock[1], stock[0]
    if stock == answer["stock"]:
        stock[0], stock[2] = stock[2], stock[0]
    outcome, messages = _differences({"stock": stock})
    assert outcome is Outcome.FAIL
    assert any("they differ from card 0 on" in m for m in messages)


@pytest.mark.parametrize("trump", ["XX", None])
def test_a_wrong_or_missing_trump_is_named(trump: str | None) -> None:
    outcome, messages = _differences({"trump": trump})
    assert outcome is Outcome.FAIL
    assert any(m.startswith("trump: expected ") for m in messages)


def test_a_hand_naming_no_card_breaks_conservation_in_one_line() -> None:
    _, answer = _koz_deck_deal()
    hands = [list(h) for h in answer["hands"]]
    hands[0][0] = "ZZ"
    outcome, messages = _differences({"hands": hands})
    assert outcome is Outcome.FAIL
    assert "card conservation: the answer names something that is not a card" in messages


def test_deal_cards_of_a_non_object_is_no_card() -> None:
    assert get_deal_cards("x") == [None]


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"players": "4"}, "$.players: expected the number of players"),
        ({"dealer": "x"}, "$.dealer: expected a seat number"),
        ({"dealer": 9}, "$.dealer: koz has seats 0..3"),
        ({"seed": 1, "deck": []}, "$: a deal request gives exactly one of 'deck' and 'seed'"),
        ({}, "$: a deal request gives exactly one of 'deck' and 'seed'"),
        ({"deck": "x"}, "$.deck: expected a list of cards, top card first"),
        ({"seed": "x"}, "$.seed: expected an integer"),
        ({"seed": 1, "features": "players-3"}, "$.features: expected a list of option names"),
    ],
)
def test_a_malformed_deal_request_is_an_error_naming_its_path(
    change: dict[str, Any], error: str
) -> None:
    request = {"seq": 1, "type": "deal", "variant": "koz", "features": [], "players": 4}
    answer = ReferenceImplementation().answer({**request, "dealer": 0, **change})
    assert answer == {"seq": 1, "error": error}
