"""A schema that holds the reference: every request the runner builds over the whole suite,
and every answer ``kanasta adapter`` gives to it, validated with the ``jsonschema`` package
against the schemas ``kanasta conformance export`` writes; and the same schemas refuse the
lying fakes' turn answers. One adapter process serves the whole suite, so the schema and
the runner cannot drift apart unnoticed."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from kanasta.conformance.loader import load_fixtures
from kanasta.conformance.model import Fixture
from kanasta.conformance.protocol import build_requests, hello_request
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.runner import reference_dealer
from kanasta.conformance.schema import FIXTURE_SCHEMA, PROTOCOL_SCHEMA
from kanasta.conformance.suite import export_suite
from tests.conformance.fakes import turn_liars

_ANSWERS = {
    "hello",
    "meld",
    "actions",
    "state",
    "score",
    "count",
    "playthrough",
    "game",
    "turn",
    "deal",
}


@cache
def _exported() -> tuple[dict[str, Any], dict[str, Draft202012Validator]]:
    """The exported protocol schema, and validators for its ``response`` and each
    ``response-TYPE`` (the export's schemas are what an implementer reads)."""
    with tempfile.TemporaryDirectory(prefix="kanasta-export-") as folder:
        export_suite(Path(folder), [])  # the schemas, without the fixtures
        docs = [
            json.loads((Path(folder) / "schema" / name).read_text(encoding="utf-8"))
            for name in (FIXTURE_SCHEMA, PROTOCOL_SCHEMA)
        ]
    registry: Registry[Any] = Registry().with_resources(
        (doc["$id"], Resource.from_contents(doc)) for doc in docs
    )
    base = docs[1]["$id"]
    names = ["response", *(f"response-{kind}" for kind in _ANSWERS)]
    validators = {
        name: Draft202012Validator({"$ref": f"{base}#/$defs/{name}"}, registry=registry)
        for name in names
    }
    return docs[1], validators


@cache
def _suite() -> tuple[Fixture, ...]:
    return load_fixtures().fixtures


def _problems(validator: Draft202012Validator, message: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(message)]


def _feed(adapter: subprocess.Popen[str], messages: list[dict[str, Any]]) -> None:
    """Write every request, then ``bye``, while the answers are read and checked."""
    assert adapter.stdin is not None
    for message in messages:
        adapter.stdin.write(json.dumps(message) + "\n")
    adapter.stdin.write(json.dumps({"seq": len(messages), "type": "bye"}) + "\n")
    adapter.stdin.close()


def test_the_response_union_names_every_answer() -> None:
    """The published ``response`` lists the answer of every request type (1.2 left out
    ``response-turn``), so an answer valid for its type is a valid ``response``."""
    schema, _ = _exported()
    listed = {branch["$ref"].rpartition("/")[2] for branch in schema["$defs"]["response"]["anyOf"]}
    assert listed == {f"response-{kind}" for kind in (*_ANSWERS, "bye")}


def test_every_answer_of_the_adapter_over_the_whole_suite_matches_the_schema() -> None:
    """One ``kanasta adapter`` answers every request of the whole suite; each answer must
    match the definition of its request type, and the first answers of each type the
    ``response`` union too (the union holds every type's definition: the test above)."""
    _, validators = _exported()
    dealer = reference_dealer()
    messages = [
        {"seq": seq, **request}
        for seq, request in enumerate(
            [
                hello_request(),
                *(r for f in _suite() for _s, r in build_requests(f, dealer)),
            ]
        )
    ]
    started, cpu = time.perf_counter(), time.process_time()
    adapter = subprocess.Popen(
        [sys.executable, "-m", "kanasta", "adapter"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    writer = threading.Thread(target=_feed, args=(adapter, messages), daemon=True)
    writer.start()
    assert adapter.stdout is not None
    bad: list[str] = []
    seen: Counter[str] = Counter()
    try:
        for message in messages:
            answer = json.loads(adapter.stdout.readline())
            kind = str(message["type"])
            seen[kind] += 1
            where = f"{message.get('fixture', 'hello')} step {message.get('step', '-')}"
            names = [f"response-{kind}", *(["response"] if seen[kind] <= 20 else [])]
            for name in names:
                bad += [f"{where} {name} {p}" for p in _problems(validators[name], answer)]
        writer.join(timeout=30)
        assert adapter.wait(timeout=30) == 0
    finally:
        if adapter.poll() is None:
            adapter.kill()
            adapter.wait()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert bad == []
    assert set(seen) == _ANSWERS
    assert len(messages) > 2000
    adapter_cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    print(
        f"{len(messages)} answers of one adapter validated in {seconds:.1f} s "
        f"(validation {cpu:.1f} s CPU; adapters so far {adapter_cpu:.1f} s CPU)"
    )


@pytest.mark.parametrize(
    "liar",
    [
        turn_liars.Aside,
        turn_liars.EmptyAside,
        turn_liars.Limbo,
        turn_liars.FlatHands,
        turn_liars.StockAsText,
    ],
    ids=lambda liar: liar.__name__,
)
def test_the_exported_schema_refuses_a_lying_turn_answer(
    liar: type[ReferenceImplementation],
) -> None:
    _, validators = _exported()
    fixture = next(
        f
        for f in _suite()
        if any(s.expect is not None and s.expect.get("verdict") == "accepted" for s in f.steps)
        and {s.kind.value for s in f.steps} == {"turn"}
    )
    (_step, request), *_ = build_requests(fixture, reference_dealer())
    honest = ReferenceImplementation().answer({"seq": 1, **request})
    lie = liar().answer({"seq": 1, **request})
    assert _problems(validators["response"], honest) == []
    assert _problems(validators["response"], lie) != []
    assert _problems(validators["response-turn"], lie) != []
