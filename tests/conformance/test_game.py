"""The game kind of check: a whole game, hands given by their scores or played in full.

Covers the fixture schema and the loader's consistency checks, the request the
runner builds, the reference's answer (in process and through ``kanasta
adapter``'s server), the comparison, the presentation, and the Node adapter's
refusal.
"""

from __future__ import annotations

import copy
import io
import json
import re
from typing import Any

import pytest

from kanasta.conformance.checks import Outcome, check_answer
from kanasta.conformance.connections import InProcessConnection, SubprocessConnection
from kanasta.conformance.engine_api import EngineStatus, load_engine
from kanasta.conformance.loader import fixture_from_json, load_fixtures
from kanasta.conformance.model import Fixture, StepKind
from kanasta.conformance.present import describe_answer, describe_step
from kanasta.conformance.protocol import ProtocolValidator, build_requests
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.runner import run_fixtures
from kanasta.conformance.server import serve
from kanasta.errors import InputError
from kanasta.families.koz import PROFILE as KOZ
from kanasta.resources import get_fixtures_dir
from tests.conformance.helpers import NODE_ADAPTER, no_engine_reference, toy_reference
from tests.conformance.node import NODE

VALIDATOR = ProtocolValidator()


def game_fixture(
    hands: list[dict[str, Any]],
    expect: dict[str, Any],
    *,
    variant: str = "koz",
    first_dealer: int = 3,
    **extra: Any,
) -> dict[str, Any]:
    step: dict[str, Any] = {"kind": "game", "first_dealer": first_dealer, **extra}
    step["hands"] = hands
    step["expect"] = expect
    return {
        "id": f"{variant}/game/t",
        "variant": variant,
        "clauses": ["game-target"],
        "description": "test",
        "steps": [step],
    }


def result(dealer: int, scores: list[Any], totals: list[Any], target: Any) -> dict[str, Any]:
    return {"dealer": dealer, "scores": scores, "totals": totals, "target": target}


TIE_THEN_TEAM_1 = game_fixture(
    [{"scores": [300, 300]}, {"scores": [10, 20]}, {"scores": [500, 0]}],
    {
        "hands": [result(3, [300, 300], [300, 300], 300), result(0, [10, 20], [310, 320], 300)],
        "winner": 1,
        "decided_in": 2,
    },
)


def load(data: dict[str, Any]) -> Fixture:
    return fixture_from_json(data, "t.json")


def ask(request: dict[str, Any], reference: ReferenceImplementation | None = None) -> Any:
    answer = (reference or ReferenceImplementation()).answer({"seq": 1, **request})
    assert VALIDATOR.check_answer("game", answer) == []
    return answer


def played_fixture() -> dict[str, Any]:
    path = get_fixtures_dir() / "koz" / "game" / "played-hands-carry-the-totals.json"
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


def request_of(data: dict[str, Any]) -> dict[str, Any]:
    [(_, request)] = build_requests(load(data))
    return request


# ----------------------------------------------------------------------- schema, loader


def test_game_hands_a_game_step_needs_no_setup_and_becomes_the_model() -> None:
    fixture = load(TIE_THEN_TEAM_1)
    assert fixture.setup is None
    assert fixture.kinds == frozenset({StepKind.GAME})
    assert fixture.needs_engine
    step = fixture.steps[0]
    assert step.params == {"first_dealer": 3, "hands": TIE_THEN_TEAM_1["steps"][0]["hands"]}
    assert step.applied_actions() == ()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["expect"].update(decided_in=3), "decided_in must be 2"),
        (lambda s: s["expect"].update(winner=None), "a game without a winner was decided"),
        (
            lambda s: s["expect"].update(winner=None, decided_in=None),
            "all 3 hand(s) are played, not 2",
        ),
        (lambda s: s.update(hands=s["hands"][:1]), "2 results for a game of 1 hand"),
        (lambda s: s["hands"].append({"actions": [{"type": "draw"}]}), "has no 'seed'"),
    ],
)
def test_game_hands_expectations_that_do_not_fit_the_hands_are_refused(
    change: Any, message: str
) -> None:
    data = copy.deepcopy(TIE_THEN_TEAM_1)
    change(data["steps"][0])
    with pytest.raises(InputError, match=re.escape(message)):
        load(data)


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda s: s.pop("first_dealer"), "first_dealer"),
        (lambda s: s["hands"].append({"scores": [1, 2], "actions": []}), "hands[3]"),
        (lambda s: s["hands"].append({"deal": {"hands": [], "stock": []}}), "hands[3]"),
        (lambda s: s["expect"]["hands"][0].pop("target"), "target"),
        (lambda s: s["hands"].clear(), "hands"),
    ],
)
def test_game_record_the_schema_refuses_malformed_game_steps(change: Any, path: str) -> None:
    data = copy.deepcopy(TIE_THEN_TEAM_1)
    change(data["steps"][0])
    with pytest.raises(InputError, match=path.replace("[", r"\[").replace("]", r"\]")):
        load(data)


def test_game_record_a_question_may_leave_out_the_expectation() -> None:
    data = copy.deepcopy(TIE_THEN_TEAM_1)
    del data["steps"][0]["expect"]
    fixture = fixture_from_json(data, "q.json", question=True)
    assert fixture.steps[0].expect is None


# ----------------------------------------------------------------------- requests, answers


def test_game_hands_the_request_has_no_setup_and_matches_the_protocol_schema() -> None:
    request = request_of(TIE_THEN_TEAM_1)
    assert "setup" not in request
    assert request["type"] == "game"
    assert request["first_dealer"] == 3
    assert VALIDATOR.check_request({"seq": 0, **request}) == []


def test_game_tie_the_reference_plays_on_after_equal_totals_and_stops_at_the_winner() -> None:
    answer = ask(request_of(TIE_THEN_TEAM_1))
    expect = TIE_THEN_TEAM_1["steps"][0]["expect"]
    assert answer == {"seq": 1, "verdict": "accepted", **expect}


def test_game_target_fi_5200_the_reference_moves_the_target_twice_in_one_hand() -> None:
    answer = ask(
        {
            "type": "game",
            "variant": "fi-5200",
            "first_dealer": 0,
            "hands": [{"scores": [7300, 7250]}, {"scores": [-100, 2000]}],
        }
    )
    assert answer["hands"] == [
        result(0, [7300, 7250], [7300, 7250], 9200),
        result(1, [-100, 2000], [7200, 9250], 9200),
    ]
    assert (answer["winner"], answer["decided_in"]) == (1, 2)


def test_game_hands_played_hands_carry_the_totals_and_match_the_fixture() -> None:
    data = played_fixture()
    answer = ask(request_of(data))
    assert answer["verdict"] == "accepted"
    assert answer["hands"] == data["steps"][0]["expect"]["hands"]


def test_game_hands_a_refused_action_names_the_hand_and_the_action() -> None:
    data = played_fixture()
    hand = data["steps"][0]["hands"][2]
    hand["actions"][0] = {"type": "discard", "card": "5H"}
    answer = ask(request_of(data))
    assert answer["verdict"] == "rejected"
    assert (answer["hand"], answer["index"]) == (2, 0)
    assert answer["clause"] == "turn-structure"
    outcome, messages = check_answer(load(played_fixture()).steps[0], answer)
    assert outcome is Outcome.FAIL
    assert "hand 2 action 0 rejected" in messages[0]


def test_game_hands_a_hand_not_over_after_its_actions_is_an_error() -> None:
    data = played_fixture()
    data["steps"][0]["hands"][2]["actions"].pop()
    answer = ask(request_of(data))
    assert answer["error"] == "hand 3 of the game is not over after its actions"


def test_game_hands_a_played_hand_of_a_seeded_game_needs_the_seed() -> None:
    answer = ask(
        {
            "type": "game",
            "variant": "koz",
            "first_dealer": 3,
            "hands": [{"actions": [{"type": "draw"}]}],
        }
    )
    assert "needs the game's 'seed'" in answer["error"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"first_dealer": 4}, "seats 0..3"),
        ({"first_dealer": True}, "expected a seat number"),
        ({"seed": "x"}, "$.seed"),
        ({"hands": []}, "non-empty list"),
        ({"hands": [3]}, "expected an object"),
        ({"hands": [{"scores": [1]}]}, "one score per team (2)"),
        ({"hands": [{"scores": [1, "x"]}]}, "$.hands[0].scores[1]"),
        ({"hands": [{"deal": [], "actions": []}]}, "expected a deal object"),
        ({"hands": [{"deal": {"hands": []}, "actions": []}]}, "$.hands[0].deal"),
        ({"hands": [{"deal": None, "actions": 3}], "seed": 1}, "expected a list of actions"),
    ],
)
def test_game_record_malformed_game_requests_get_an_error_answer(
    change: dict[str, Any], message: str
) -> None:
    request = {"type": "game", "variant": "koz", "first_dealer": 3, "hands": [{"scores": [1, 2]}]}
    answer = ReferenceImplementation().answer({"seq": 2, **request, **change})
    assert "error" in answer
    assert message in answer["error"]


def test_game_hands_without_an_engine_or_a_game_dealer_the_answer_is_unsupported() -> None:
    request = request_of(played_fixture())
    assert "unsupported" in ask(request, no_engine_reference())
    # The toy engine plays hands but cannot deal the hands of a game.
    assert ask(request, toy_reference())["unsupported"] == (
        "the engine cannot deal the hands of a game"
    )
    # Hands given by their scores need no dealing at all.
    assert ask(request_of(TIE_THEN_TEAM_1), toy_reference())["winner"] == 1


def test_game_record_the_facade_engine_deals_a_hand_of_a_game() -> None:
    engine = load_engine().engine
    assert engine is not None
    with pytest.raises(InputError, match=r"^\$.x: "):
        engine.new_hand_of_game(KOZ, {"hands": []}, None, 3, (0, 0), "$.x")  # type: ignore[attr-defined]


# ----------------------------------------------------------------------- comparison


def test_game_target_the_comparison_names_every_difference() -> None:
    step = load(TIE_THEN_TEAM_1).steps[0]
    good = {"verdict": "accepted", **TIE_THEN_TEAM_1["steps"][0]["expect"]}
    assert check_answer(step, good) == (Outcome.PASS, ())
    wrong = copy.deepcopy(good)
    wrong["hands"][1].update(dealer=2, totals=[310, 319.5], target=7200, scores="x")
    wrong.update(winner=0, decided_in=3)
    wrong["hands"].append(result(1, [500, 0], [810, 320], 300))
    outcome, messages = check_answer(step, wrong)
    assert outcome is Outcome.FAIL
    text = "\n".join(messages)
    for part in (
        "hands: expected 2 hands played, got 3",
        "hand 2 dealer: expected 0, got 2",
        'hand 2 scores: expected [10, 20], got "x"',
        "hand 2 totals[1]: expected 320, got 319.5",
        "hand 2 target: expected 300, got 7200",
        "winner: expected 1, got 0",
        "decided_in: expected 2, got 3",
    ):
        assert part in text
    outcome, messages = check_answer(step, {"verdict": "accepted", "hands": [3]})
    assert "hand 1: expected a hand result, got 3" in messages
    outcome, messages = check_answer(step, {"verdict": "accepted", "hands": None})
    assert messages[0] == "hands: expected 2 hand results, got null"


def test_game_target_a_game_that_goes_on_past_the_target_fails() -> None:
    class NeverStops(ReferenceImplementation):
        def answer(self, request: Any) -> Any:
            if request.get("type") != "game":
                return super().answer(request)
            hands = request["hands"]
            out = []
            totals = [0, 0]
            for i, hand in enumerate(hands):
                totals = [a + b for a, b in zip(totals, hand["scores"], strict=True)]
                out.append(result((3 + i) % 4, hand["scores"], totals, 300))
            return {
                "seq": request["seq"],
                "verdict": "accepted",
                "hands": out,
                "winner": None,
                "decided_in": None,
            }

    connection = InProcessConnection(NeverStops(), validator=VALIDATOR)
    run = run_fixtures([load(TIE_THEN_TEAM_1)], connection)
    [fixture_result] = run.results
    assert fixture_result.outcome is Outcome.FAIL
    assert "expected 2 hands played, got 3" in fixture_result.reason


# ----------------------------------------------------------------------- runner, server, node


def test_game_target_the_builtin_game_fixtures_pass_in_process() -> None:
    fixtures = [f for f in load_fixtures().fixtures if StepKind.GAME in f.kinds]
    assert {f.variant for f in fixtures} == {"koz", "fi-5200", "fi-351", "classic"}
    connection = InProcessConnection(ReferenceImplementation(), validator=VALIDATOR)
    run = run_fixtures(fixtures, connection)
    assert [r.fixture.id for r in run.results if r.outcome is not Outcome.PASS] == []


def test_game_hands_an_implementation_without_game_checks_skips_them() -> None:
    class NoGames(ReferenceImplementation):
        def hello(self) -> Any:
            answer = super().hello()
            answer["requests"] = [r for r in answer["requests"] if r != "game"]
            answer["reasons"] = {"game": "no games here"}
            return answer

    run = run_fixtures([load(TIE_THEN_TEAM_1)], InProcessConnection(NoGames()))
    [fixture_result] = run.results
    assert fixture_result.outcome is Outcome.SKIPPED
    assert fixture_result.reason == "game checks not supported: no games here"


def test_game_hands_the_adapter_server_answers_a_game() -> None:
    request = {"seq": 7, **request_of(TIE_THEN_TEAM_1)}
    stdin = io.BytesIO((json.dumps(request) + "\n").encode())
    stdout = io.StringIO()
    assert serve(stdin, stdout, None) == 0
    [answer] = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert answer["seq"] == 7
    assert (answer["winner"], answer["decided_in"]) == (1, 2)
    assert VALIDATOR.check_answer("game", answer) == []


def test_game_hands_the_reference_declares_the_game_kind() -> None:
    assert "game" in ReferenceImplementation().hello()["requests"]
    engineless = ReferenceImplementation(EngineStatus(None, "engine not available"))
    assert engineless.hello()["reasons"]["game"] == "engine not available"


def test_game_hands_the_node_adapter_declares_games_unsupported() -> None:
    connection = SubprocessConnection([NODE, str(NODE_ADAPTER)], timeout=5.0, validator=VALIDATOR)
    request = {**request_of(TIE_THEN_TEAM_1), "variant": "classic"}
    try:
        hello = connection.start()
        answer = connection.ask(request)
    finally:
        connection.close()
    assert "game" not in hello.requests
    assert "not implemented" in hello.reasons["game"]
    assert "game checks" in answer["unsupported"]


# ----------------------------------------------------------------------- presentation


def test_game_hands_described_in_words() -> None:
    data = copy.deepcopy(played_fixture())
    data["steps"][0]["seed"] = 4
    data["steps"][0]["hands"][3].pop("deal")
    step = load(data).steps[0]
    lines = describe_step(step)
    assert lines[0] == "play a game, seat 0 dealing the first hand, game seed 4"
    assert lines[1] == "hand 1: the hand scores 100, 30"
    assert lines[3].startswith("hand 3: play ")
    assert lines[3].endswith("from its explicit deal")
    assert lines[4].endswith("from the game's seed")
    words = describe_answer(load(TIE_THEN_TEAM_1).steps[0], TIE_THEN_TEAM_1["steps"][0]["expect"])
    assert words == [
        "hand 1: dealer 3, scores 300, 300; totals 300, 300; target 300",
        "hand 2: dealer 0, scores 10, 20; totals 310, 320; target 300",
        "team 1 wins after hand 2",
    ]
    open_game = {"hands": [result(3, [1, 2], [1, 2], 300), 5], "winner": None}
    assert describe_answer(step, open_game)[-1] == "no winner yet"
    rejected = {"verdict": "rejected", "hand": 2, "index": 5, "code": "c", "clause": "k"}
    assert describe_answer(step, rejected)[0].startswith("hand 2 action 5 ")
