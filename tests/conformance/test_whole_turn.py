"""Whole-turn steps (protocol 1.2): judged by facts, card conservation first; and the
handshake's capabilities, which skip only the steps an engine's action model cannot express."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

from kanasta.conformance.checks import (
    Outcome,
    check_answer,
    get_state_cards,
    get_turn_table,
    get_turn_zones,
)
from kanasta.conformance.connections import InProcessConnection
from kanasta.conformance.loader import fixture_from_json, load_fixtures
from kanasta.conformance.model import Fixture, JsonObject, StepKind
from kanasta.conformance.protocol import ProtocolValidator, build_requests, parse_hello
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.runner import RunResult, reference_dealer, run_fixtures
from kanasta.families import get_variant_profile
from kanasta.rules.cards import format_card, get_deck, parse_card
from tests.conformance.fakes import turn_liars


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


def _accepted_turns() -> list[Fixture]:
    """One whole-turn fixture per family, at a table of four, whose every step is an
    accepted turn."""
    chosen: dict[str, Fixture] = {}
    for fixture in whole_turn_fixtures():
        assert fixture.setup is not None
        assert fixture.setup.state is not None
        if len(fixture.setup.state["hands"]) == 4 and all(
            s.kind is StepKind.TURN and s.expect is not None and s.expect["verdict"] == "accepted"
            for s in fixture.steps
        ):
            chosen.setdefault(fixture.variant, fixture)
    assert set(chosen) == {"koz", "fi-5200", "fi-351", "classic"}
    return list(chosen.values())


TRICKS: dict[type[ReferenceImplementation], str] = {
    turn_liars.Aside: "cards.aside: the spec has no such zone",
    turn_liars.EmptyAside: "cards.aside: the spec has no such zone",
    turn_liars.Limbo: "cards.limbo: the spec has no such zone",
    turn_liars.ForeignZone: "this family has no such zone",
    turn_liars.Duplicates: "more than the setup holds",
    turn_liars.Loses: "card conservation: lost",
    turn_liars.FlatHands: "cards.hands: expected a list of 4 (one per seat)",
    turn_liars.HandsPerTeam: "cards.hands: expected a list of 4 (one per seat)",
    turn_liars.StockAsText: "cards.stock: expected a list of cards",
}


@pytest.mark.parametrize("liar", turn_liars.LIARS, ids=lambda liar: liar.__name__)
def test_card_conservation_a_lying_whole_turn_never_passes(
    liar: type[ReferenceImplementation],
) -> None:
    """Run as the runner runs it (answers type-checked against the schema, unknown fields
    let through): no fixture passes; each says what is wrong with the cards."""
    fixtures = _accepted_turns()
    result = run_fixtures(fixtures, InProcessConnection(liar()), dealer=reference_dealer())
    assert [r.outcome for r in result.results] != []
    for fixture_result in result.results:
        assert fixture_result.outcome in (Outcome.FAIL, Outcome.ERROR), fixture_result.fixture.id
    dealer = reference_dealer()
    for fixture in fixtures:  # the check itself refuses each answer, schema or not
        profile = get_variant_profile(fixture.variant, fixture.features)
        for step, request in build_requests(fixture, dealer):
            answer = liar().answer({"seq": 1, **request})
            table = get_turn_table(request["setup"]["state"], profile)
            outcome, messages = check_answer(step, answer, table=table)
            assert outcome is Outcome.FAIL
            assert any(TRICKS[liar] in m for m in messages), messages


def test_card_conservation_the_reference_names_only_its_familys_zones() -> None:
    dealer = reference_dealer()
    for fixture in _accepted_turns():
        profile = get_variant_profile(fixture.variant, fixture.features)
        for _step, request in build_requests(fixture, dealer):
            answer = ReferenceImplementation().answer(request)
            assert tuple(answer["cards"]) == get_turn_zones(profile)
    assert get_turn_zones(get_variant_profile("classic", ())) == (
        "stock",
        "pile",
        "hands",
        "melds",
        "red_threes",
    )
    assert get_turn_zones(get_variant_profile("koz", ())) == (
        "stock",
        "pile",
        "hands",
        "melds",
        "fi",
    )


@pytest.mark.parametrize("liar", turn_liars.LIARS, ids=lambda liar: liar.__name__)
def test_the_protocol_schema_refuses_each_lying_turn_answer(
    liar: type[ReferenceImplementation],
) -> None:
    """The published schema (as ``--validate-protocol`` reads it) refuses every lie whose
    zone or type is wrong; what needs the setup (a card lost or twice, a zone this family
    lacks, one list per seat) is the runner's check alone."""
    validator = ProtocolValidator()
    (fixture, *_) = _accepted_turns()
    (_step, request), *_ = build_requests(fixture, reference_dealer())
    answer = liar().answer({"seq": 1, **request})
    issues = validator.check_answer("turn", answer)
    runners = (turn_liars.Duplicates, turn_liars.Loses, turn_liars.HandsPerTeam)
    if liar in (*runners, turn_liars.ForeignZone):
        assert issues == [], json.dumps(answer)[:200]
    else:
        assert issues, liar.__name__
