"""Whole-turn steps (protocol 1.2): judged by facts, card conservation first; and the
handshake's capabilities, which skip only the steps an engine's action model cannot express."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from functools import cache
from typing import Any

from kanasta.conformance.checks import Outcome, get_state_cards
from kanasta.conformance.connections import InProcessConnection
from kanasta.conformance.loader import fixture_from_json, load_fixtures
from kanasta.conformance.model import Fixture, JsonObject, StepKind
from kanasta.conformance.protocol import ProtocolValidator, parse_hello
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.runner import RunResult, reference_dealer, run_fixtures
from kanasta.families import get_variant_profile
from kanasta.rules.cards import format_card, get_deck, parse_card


@cache
def _suite() -> tuple[Fixture, ...]:
    return load_fixtures().fixtures


def whole_turn_fixtures() -> list[Fixture]:
    return [f for f in _suite() if StepKind.TURN in f.kinds]


def run(fixtures: list[Fixture], reference: ReferenceImplementation) -> RunResult:
    connection = InProcessConnection(reference, validator=ProtocolValidator())
    return run_fixtures(fixtures, connection, dealer=reference_dealer())


class LosesACard(ReferenceImplementation):
    """The reference, but its going-out move drops the first card of the melds."""

    def answer(self, request: Mapping[str, Any]) -> JsonObject:
        out = super().answer(request)
        if request.get("type") == "turn" and out.get("verdict") == "accepted":
            out = copy.deepcopy(out)
            for team in out["cards"]["melds"]:
                if team:
                    team[0] = team[0][1:]
                    break
        return out


class Coarse(ReferenceImplementation):
    """The reference with a coarse action model: no wild placement, no take-back, no
    seeded deal, and no legal-action counts."""

    def hello(self) -> JsonObject:
        answer = super().hello()
        answer["capabilities"] = []
        answer["requests"] = [r for r in answer["requests"] if r != "count"]
        answer["variant_requests"] = {
            k: [r for r in v if r != "count"] for k, v in answer["variant_requests"].items()
        }
        return answer


def test_the_reference_passes_every_whole_turn_fixture_of_every_family() -> None:
    fixtures = whole_turn_fixtures()
    assert {f.variant for f in fixtures} == {"koz", "fi-5200", "fi-351", "classic"}
    result = run(fixtures, ReferenceImplementation())
    assert result.counts()[Outcome.PASS] == len(fixtures)


def test_a_whole_turn_that_loses_a_card_fails_card_conservation() -> None:
    fixtures = [
        f
        for f in whole_turn_fixtures()
        if "going-out/whole-turn" in f.id
        and all(s.expect is not None and s.expect.get("verdict") == "accepted" for s in f.steps)
    ]
    assert len(fixtures) == 72
    result = run(fixtures, LosesACard())
    assert all(r.outcome is Outcome.FAIL for r in result.results)
    assert all("card conservation: lost" in r.reason for r in result.results)


def test_the_setup_of_a_whole_turn_holds_exactly_one_deck() -> None:
    for fixture in whole_turn_fixtures():
        assert fixture.setup is not None
        assert fixture.setup.state is not None
        cards = get_state_cards(fixture.setup.state)
        profile = get_variant_profile(fixture.variant, fixture.features)
        deck = sorted(format_card(card) for card in get_deck(profile.deck_jokers))
        assert sorted(format_card(parse_card(card)) for card in cards) == deck, fixture.id


def test_capabilities_are_read_from_the_handshake() -> None:
    hello = parse_hello(
        {
            "type": "hello",
            "protocol": "1.2",
            "implementation": {"name": "x"},
            "variants": ["classic"],
            "requests": ["turn"],
            "capabilities": ["take-back"],
        }
    )
    assert hello.capabilities == frozenset({"take-back"})
    assert hello.get_missing(frozenset({"wild-placement", "take-back"})) == {"wild-placement"}
    old = parse_hello(
        {
            "type": "hello",
            "protocol": "1.1",
            "implementation": {"name": "x"},
            "variants": ["classic"],
            "requests": ["meld"],
        }
    )
    assert old.capabilities is None
    assert old.get_missing(frozenset({"wild-placement"})) == frozenset()


def _fixture(steps: list[JsonObject]) -> Fixture:
    state = next(f for f in whole_turn_fixtures() if f.variant == "koz").setup
    assert state is not None
    return fixture_from_json(
        {
            "id": "koz/t/mixed",
            "variant": "koz",
            "clauses": ["going-out"],
            "description": "d",
            "setup": {"state": state.state},
            "steps": steps,
        },
        "t",
    )


def test_only_the_steps_an_engine_cannot_express_are_skipped() -> None:
    coarse = Coarse()
    mixed = _fixture(
        [
            {"kind": "count", "expect": {"count": 1}},
            {"kind": "state", "expect": {"hand_over": False}},
        ]
    )
    (result,) = run([mixed], coarse).results
    assert result.outcome is Outcome.PASS
    assert [s.outcome for s in result.steps] == [Outcome.SKIPPED, Outcome.PASS]
    assert result.skipped_steps == 1
    only_count = _fixture([{"kind": "count", "expect": {"count": 1}}])
    (skipped,) = run([only_count], coarse).results
    assert skipped.outcome is Outcome.SKIPPED
    assert skipped.reason.startswith("count checks not supported")


def test_a_step_placing_a_wild_and_the_steps_after_it_are_skipped_without_wild_placement() -> None:
    placed = _fixture(
        [
            {
                "kind": "actions",
                "actions": [
                    {
                        "action": {"type": "meld", "cards": ["4C", "5C", "2D"], "wild_at": 6},
                        "expect": {"verdict": "accepted"},
                    }
                ],
            },
            {"kind": "state", "expect": {"hand_over": False}},
        ]
    )
    (result,) = run([placed], Coarse()).results
    assert result.outcome is Outcome.SKIPPED
    assert "wild-placement" in result.reason
    assert result.reason == "needs wild-placement, which the engine's action model lacks"
