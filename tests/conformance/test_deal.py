"""The deal request (protocol 1.3): the engine deals a stacked deck (or a seed) itself, and
the runner compares every card's zone. The reference's answers follow each family's deal
clause; the check catches each wrong zone; an echo that deals nothing passes no deal
clause; a fixture that hands the engine a dealt state may not cite one.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from kanasta import engine
from kanasta.conformance.checks import Outcome, check_answer
from kanasta.conformance.connections import SubprocessConnection
from kanasta.conformance.jsonio import read_json_file
from kanasta.conformance.loader import fixture_from_json, load_fixtures
from kanasta.conformance.model import Fixture, Step, StepKind
from kanasta.conformance.protocol import ProtocolValidator, build_requests
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.runner import reference_dealer, run_fixtures
from kanasta.conformance.stacked import Placement, stack_deck
from kanasta.errors import InputError
from kanasta.families import get_profile, get_variant_profile
from kanasta.resources import get_fixtures_dir
from kanasta.rules.cards import format_card, get_deck, parse_cards
from kanasta.specdoc.trace import DEAL_CLAUSES, find_dealt_state_problems
from tests.conformance.helpers import fake_command, write_fixture

REFERENCE = ReferenceImplementation()


def deal(variant: str, deck: list[str], dealer: int, *features: str) -> dict[str, Any]:
    """The reference's answer to a deal request of a deck given in order."""
    profile = get_variant_profile(variant, list(features))
    request = {
        "seq": 1,
        "type": "deal",
        "variant": variant,
        "features": list(features),
        "players": profile.players,
        "dealer": dealer,
        "deck": deck,
    }
    assert ProtocolValidator().check_request(request) == []
    answer = REFERENCE.answer(request)
    assert ProtocolValidator().check_answer("deal", answer) == []
    return answer


def canonical(jokers: int) -> list[str]:
    return [format_card(c) for c in get_deck(jokers)]


def same(cards: list[str], expected: list[str]) -> bool:
    return sorted(parse_cards(cards)) == sorted(parse_cards(expected))


# ----------------------------------------------------------------- the reference's deals


@pytest.mark.clause("deal-order", "deal-koz", "trump-card", "first-player")
def test_deal_order_koz_one_card_at_a_time_from_the_first_player() -> None:
    deck = canonical(4)
    answer = deal("koz", deck, 2)
    assert answer["first_player"] == 3
    for offset, seat in enumerate((3, 0, 1, 2)):
        assert same(answer["hands"][seat], deck[offset:44:4])
    assert answer["fi"] == [deck[44:55], deck[55:66]]
    assert answer["pile"] == [deck[66]]
    assert answer["stock"] == deck[67:]
    assert answer["trump"] == deck[-1]


@pytest.mark.clause("deal-six-packets", "deal-fi-5200")
def test_deal_six_packets_gives_the_dealer_packet_b() -> None:
    deck = canonical(2)
    answer = deal("fi-5200", deck, 1)
    assert answer["first_player"] == 2
    for offset, seat in enumerate((2, 3, 0)):
        assert same(answer["hands"][seat], deck[offset:66:6])
    assert same(answer["hands"][1], deck[4:66:6])
    assert answer["fi"] == [deck[3:66:6], deck[5:66:6]]
    assert (answer["pile"], answer["stock"], answer["trump"]) == ([], deck[66:], None)


@pytest.mark.clause("deal-fi-351-order", "players-fi-351")
def test_deal_fi_351_order_fi_from_the_cut_then_pairs() -> None:
    deck = canonical(2)
    answer = deal("fi-351", deck, 0, "players-3")
    assert answer["fi"] == [deck[0:22:2], deck[1:22:2]]
    hands: dict[int, list[str]] = {
        1: [],
        2: [],
        0: [],
    }  # pairs from seat 1, five rounds, then one card each
    k = 22
    for step in (2, 2, 2, 2, 2, 1):
        for seat in (1, 2, 0):
            hands[seat] += deck[k : k + step]
            k += step
    assert all(same(answer["hands"][seat], cards) for seat, cards in hands.items())
    assert answer["stock"] == deck[k:]
    assert answer["first_player"] == 1


@pytest.mark.clause("classic-upcard", "classic-red-threes")
def test_classic_upcard_and_red_threes_from_a_stacked_deck() -> None:
    profile = get_profile("classic")
    placement = Placement(
        hands={0: parse_cards("3H"), 2: parse_cards("3D")},
        pile=parse_cards("JK 3S 9C"),
        stock_top=parse_cards("3D 5C 6C"),
    )
    deck = [format_card(c) for c in stack_deck(profile, 3, placement, stir=5)]
    answer = deal("classic", deck, 3)
    assert answer["pile"] == ["JK", "3S", "9C"]
    # Seat 0 plays first: its 3H goes, the 3D replacing it too, then the 5C comes;
    # seat 2 lays its 3D next and takes the 6C.
    assert same(answer["red_threes"][0], ["3H", "3D", "3D"])
    assert "5C" in answer["hands"][0]
    assert "6C" in answer["hands"][2]
    assert answer["stock"] == deck[44 + 3 + 3 :]  # after the hands, the pile, three replacements


@pytest.mark.clause("deck-composition")
def test_a_deal_of_a_deck_that_is_not_the_familys_is_an_error() -> None:
    answer = deal("koz", canonical(2), 0)
    assert "missing JK JK" in answer["error"]
    assert "deck-composition" in answer["error"]
    with pytest.raises(InputError, match="too many 5H"):
        engine.new_hand("fi-5200", deck=[*canonical(2)[1:], "5H"], dealer=0)


def test_a_deal_names_the_players_of_its_table() -> None:
    request = {"type": "deal", "variant": "classic", "players": 4, "dealer": 0, "seed": 3}
    answer = REFERENCE.answer({**request, "features": ["players-6"]})
    assert answer["error"].startswith("$.players: 4 players, but classic")
    assert "is played by 6" in answer["error"]


@pytest.mark.clause("seeded-shuffle")
def test_a_deal_from_a_seed_is_the_seeded_hand() -> None:
    request = {"type": "deal", "variant": "koz", "players": 4, "dealer": 3, "seed": 2024}
    answer = REFERENCE.answer(request)
    state = engine.state_to_json(engine.new_hand("koz", seed=2024, dealer=3))
    assert answer["hands"] == state["hands"]
    assert answer["stock"] == state["stock"]


# ----------------------------------------------------------------- the check, zone by zone


def suite_step(ident: str) -> tuple[Step, dict[str, Any]]:
    """A deal step of the suite and the reference's answer to it."""
    path = get_fixtures_dir() / f"{ident}.json"
    fixture = fixture_from_json(read_json_file(path), ident)
    ((step, request),) = build_requests(fixture)
    assert step.kind is StepKind.DEAL
    return step, REFERENCE.answer(request)


def failures(step: Step, answer: dict[str, Any]) -> tuple[str, ...]:
    outcome, messages = check_answer(step, answer)
    assert outcome is Outcome.FAIL
    return messages


@pytest.mark.clause("classic-upcard")
def test_the_check_catches_a_wrong_upcard() -> None:
    step, answer = suite_step("classic/deal/deck/upcard-a-two-dealer-0")
    assert check_answer(step, answer) == (Outcome.PASS, ())
    wrong = copy.deepcopy(answer)
    wrong["stock"].insert(0, wrong["pile"].pop())  # the 2C left uncovered
    messages = failures(step, wrong)
    assert messages[0].startswith("pile: expected 2 cards, got 1")
    assert messages[1].startswith("stock: expected")


@pytest.mark.clause("classic-red-threes")
def test_the_check_catches_a_missing_replacement() -> None:
    step, answer = suite_step("classic/deal/deck/a-replacement-that-is-a-red-three-seat-1")
    wrong = copy.deepcopy(answer)
    seat = answer["first_player"]
    team = seat % 2
    wrong["red_threes"][team].remove("3D")  # the 3D drawn in replacement is kept in hand
    wrong["hands"][seat].remove("9C")
    wrong["hands"][seat].append("3D")
    wrong["stock"].insert(0, "9C")
    messages = failures(step, wrong)
    assert any(m.startswith(f"hands[{seat}]") for m in messages)
    assert any(m.startswith(f"red_threes[{team}]") for m in messages)


@pytest.mark.clause("first-player")
def test_the_check_catches_a_wrong_first_player() -> None:
    step, answer = suite_step("koz/deal/deck/one-card-at-a-time-dealer-1")
    assert failures(step, {**answer, "first_player": 1}) == ("first_player: expected 2, got 1",)


@pytest.mark.clause("deal-order")
def test_the_check_catches_a_lost_card() -> None:
    step, answer = suite_step("koz/deal/deck/one-card-at-a-time-dealer-1")
    wrong = copy.deepcopy(answer)
    lost = wrong["stock"].pop(3)
    messages = failures(step, wrong)
    assert messages[-1] == f"card conservation: lost {lost} (in the deck, nowhere dealt)"


@pytest.mark.clause("deal-order")
def test_the_check_catches_a_duplicated_card() -> None:
    step, answer = suite_step("fi-5200/deal/deck/as-if-to-six-players-dealer-2")
    wrong = copy.deepcopy(answer)
    copied = wrong["hands"][0][0]
    wrong["fi"][1].append(copied)
    messages = failures(step, wrong)
    assert messages[0].startswith("fi[1]: expected")
    assert messages[-1] == f"card conservation: {copied} more than the deck holds"


@pytest.mark.clause("deal-six-packets")
def test_the_check_catches_fi_packets_swapped() -> None:
    step, answer = suite_step("fi-5200/deal/deck/as-if-to-six-players-dealer-2")
    wrong = {**answer, "fi": answer["fi"][::-1]}
    assert [m[:5] for m in failures(step, wrong)] == ["fi[0]", "fi[1]"]


@pytest.mark.clause("trump-card")
def test_the_check_catches_a_wrong_trump() -> None:
    step, answer = suite_step("koz/deal/trump-may-be-a-joker")
    assert answer["trump"] == "JK"
    assert failures(step, {**answer, "trump": answer["stock"][0]})[0].startswith("trump:")


# ----------------------------------------------------------------- fixtures and the gate


def deal_fixture(**changes: Any) -> dict[str, Any]:
    data = read_json_file(get_fixtures_dir() / "koz/deal/trump-may-be-a-joker.json")
    assert isinstance(data, dict)
    data["steps"][0].update(changes)
    data.pop("compiled_from")
    return data


def test_the_loader_refuses_a_deck_that_is_not_one_whole_deck() -> None:
    deck = deal_fixture()["steps"][0]["deck"]
    with pytest.raises(InputError, match=r"steps\[0\]\.deck.*exactly once"):
        fixture_from_json(deal_fixture(deck=[*deck[1:], deck[2]]), "f")


def test_the_loader_refuses_a_deal_for_another_table() -> None:
    with pytest.raises(InputError, match="koz is played by 4 players, not 3"):
        fixture_from_json(deal_fixture(players=3), "f")


def test_the_loader_refuses_an_expectation_that_loses_a_card() -> None:
    data = deal_fixture()
    data["steps"][0]["expect"]["stock"].pop()
    with pytest.raises(InputError, match="every card of the deck exactly once"):
        fixture_from_json(data, "f")


def test_a_fixture_handing_a_dealt_state_may_not_cite_a_deal_clause(tmp_path: Path) -> None:
    data = read_json_file(get_fixtures_dir() / "koz/deal/first-turn-draw-or-take.json")
    assert isinstance(data, dict)
    assert "setup" in data
    assert find_dealt_state_problems([get_fixtures_dir()]) == ()
    write_fixture(tmp_path, {**data, "clauses": [*data["clauses"], "deal-koz"]})
    (problem,) = find_dealt_state_problems([tmp_path])
    assert "koz/deal/first-turn-draw-or-take cites the deal clause(s) deal-koz" in problem
    assert "its setup hands the engine a dealt state" in problem


@pytest.mark.clause("deal-order")
def test_stack_deck_puts_each_named_card_where_it_lands() -> None:
    profile = get_profile("koz")
    placement = Placement(
        hands={1: parse_cards("AS KS")}, fi=(parse_cards("QH"),), stock_bottom=parse_cards("JK")
    )
    deck = stack_deck(profile, 0, placement, stir=9)
    assert (deck[0], deck[4], deck[44], deck[-1]) == parse_cards("AS KS QH JK")
    assert sorted(deck) == list(get_deck(4))
    with pytest.raises(InputError, match="deck-composition"):
        stack_deck(profile, 0, Placement(hands={1: parse_cards("JK JK JK JK JK")}))


# ----------------------------------------------------------------- an echo passes no deal


def deal_clause_fixtures() -> list[Fixture]:
    return [f for f in load_fixtures().fixtures if set(f.clauses) & DEAL_CLAUSES]


@pytest.mark.parametrize("claims", [(), ("claims-deal",)])
def test_an_echo_implementation_passes_no_deal_clause(claims: tuple[str, ...]) -> None:
    fixtures = deal_clause_fixtures()
    connection = SubprocessConnection(fake_command("echo", *claims), timeout=10.0)
    try:
        result = run_fixtures(fixtures, connection, dealer=reference_dealer())
    finally:
        connection.close()
    passed = [r.fixture.id for r in result.results if r.outcome is Outcome.PASS]
    assert passed == []
    deals = [r for r in result.results if StepKind.DEAL in r.fixture.kinds]
    assert len(deals) > 80
    if claims:
        assert {r.outcome for r in deals} == {Outcome.FAIL}
        assert all(r.undeclared_skip for r in deals)
    else:
        assert {r.outcome for r in deals} == {Outcome.SKIPPED}
    assert not result.ok


def test_the_suite_has_deck_deals_in_every_family_and_table() -> None:
    tables: dict[str, set[int]] = {}
    for fixture in load_fixtures().fixtures:
        for step in fixture.steps:
            if step.kind is StepKind.DEAL and "deck" in step.params:
                tables.setdefault(fixture.variant, set()).add(step.params["players"])
    assert tables == {"koz": {4}, "fi-5200": {4}, "fi-351": {2, 3, 4}, "classic": {2, 3, 4, 6}}
