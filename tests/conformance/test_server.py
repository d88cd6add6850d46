"""The reference as a protocol server (``kanasta adapter``)."""

from __future__ import annotations

import io
import json
import time
from typing import Any

import pytest

from kanasta.conformance.engine_api import EngineStatus
from kanasta.conformance.loader import load_fixtures
from kanasta.conformance.protocol import build_requests
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.runner import reference_dealer
from kanasta.conformance.server import serve
from tests.conformance.helpers import ToyEngine, toy_state

FIXTURE_WITH_STATE = "fi-5200/count/draw-or-take-the-pile"


def exchange(lines: list[str], reference: ReferenceImplementation | None = None) -> list[Any]:
    stdin = io.BytesIO("".join(line + "\n" for line in lines).encode())
    stdout = io.StringIO()
    assert serve(stdin, stdout, reference) == 0
    return [json.loads(line) for line in stdout.getvalue().splitlines()]


def test_garbage_lines_get_errors_and_the_server_goes_on() -> None:
    answers = exchange(
        [
            "not json",
            "",
            "[1, 2]",
            json.dumps({"seq": 4, "type": "bye"}),
            json.dumps({"seq": 5, "type": "bye"}),
        ]
    )
    assert "error" in answers[0]
    assert "seq" not in answers[0]
    assert answers[1] == {"error": "a request is a JSON object"}
    assert answers[2] == {"seq": 4, "type": "bye"}
    assert len(answers) == 3


def test_end_of_input_ends_the_server() -> None:
    assert exchange([]) == []


def test_an_engine_that_raises_gets_an_error_answer() -> None:
    reference = ReferenceImplementation(EngineStatus(ToyEngine(), ""))
    request = {
        "seq": 1,
        "type": "actions",
        "variant": "koz",
        "setup": {"state": toy_state(["5H", "6H"], "7H"), "actions": []},
        "actions": [{"type": "pass"}],
    }
    no_seq = {**request}
    del no_seq["seq"]
    answers = exchange([json.dumps(request), json.dumps(no_seq)], reference)
    assert answers[0] == {
        "seq": 1,
        "error": "the reference raised RuntimeError: the toy engine exploded",
    }
    assert answers[1] == {"error": "the reference raised RuntimeError: the toy engine exploded"}


@pytest.mark.clause("points-exact")
@pytest.mark.parametrize("score", ['"1e100000000"', "1e400", "10.3"])
def test_points_exact_adapter_refuses_a_score_that_is_not_whole_or_half(score: str) -> None:
    fixture = next(f for f in load_fixtures().fixtures if f.id == FIXTURE_WITH_STATE)
    (_, request), *_ = build_requests(fixture, reference_dealer())
    request = {"seq": 1, **request}
    request["setup"]["state"]["team_scores"] = [12345, 0]
    line = json.dumps(request).replace("12345", score)
    started = time.monotonic()
    (answer,) = exchange([line])
    assert time.monotonic() - started < 2
    assert answer["seq"] == 1
    assert "points-exact" in answer["error"]
