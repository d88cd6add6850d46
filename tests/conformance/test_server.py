"""The reference as a protocol server (``kanasta adapter``)."""

from __future__ import annotations

import io
import json
from typing import Any

from kanasta.conformance.engine_api import EngineStatus
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.server import serve
from tests.conformance.helpers import ToyEngine, toy_state


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
        "actions": [{"type": "explode"}],
    }
    no_seq = {**request}
    del no_seq["seq"]
    answers = exchange([json.dumps(request), json.dumps(no_seq)], reference)
    assert answers[0] == {
        "seq": 1,
        "error": "the reference raised RuntimeError: the toy engine exploded",
    }
    assert answers[1] == {"error": "the reference raised RuntimeError: the toy engine exploded"}
