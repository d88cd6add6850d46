"""The handshake, requests built from fixtures, and the runner's own request check."""

from __future__ import annotations

from typing import Any

import pytest

from kanasta.conformance.connections import InProcessConnection
from kanasta.conformance.jsonio import check_nesting
from kanasta.conformance.model import Setup
from kanasta.conformance.present import _action
from kanasta.conformance.protocol import ImplementationError, ProtocolValidator, parse_hello
from kanasta.conformance.schema import SchemaSet, _json_equal, _json_type
from kanasta.errors import InputError
from tests.conformance.helpers import no_engine_reference

HELLO: dict[str, Any] = {
    "type": "hello",
    "protocol": "1.7",
    "implementation": {"name": "x", "version": "2"},
    "variants": ["koz"],
    "requests": ["meld"],
}


def test_a_newer_minor_version_is_accepted() -> None:
    hello = parse_hello(HELLO)
    assert (hello.protocol, hello.name, hello.version) == ("1.7", "x", "2")
    assert hello.features == frozenset()
    assert hello.reasons == {}
    assert hello.to_json()["variants"] == ["koz"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"type": "meld"}, "expected a hello answer"),
        ({"protocol": 1}, "the handshake's 'protocol' is 1, not a string"),
        ({"protocol": "2.0"}, "speaks protocol '2.0'"),
        ({"variants": "koz"}, "'variants' is not a list of names"),
        ({"requests": [1]}, "'requests' is not a list of names"),
    ],
)
def test_bad_handshakes(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ImplementationError, match=message):
        parse_hello({**HELLO, **change})


def test_odd_handshake_fields_get_defaults() -> None:
    hello = parse_hello({**HELLO, "implementation": "x", "reasons": [1]})
    assert (hello.name, hello.version, hello.reasons) == ("unnamed implementation", "", {})
    hello = parse_hello({**HELLO, "implementation": {"name": "n", "version": 3}})
    assert hello.version == ""


def test_the_runner_refuses_to_send_a_request_the_schema_refuses() -> None:
    connection = InProcessConnection(no_engine_reference(), validator=ProtocolValidator())
    with pytest.raises(ImplementationError, match="the runner built a request"):
        connection.ask({"type": "meld", "variant": "koz"})


def test_setup_to_json() -> None:
    assert Setup(seed=3).to_json() == {"seed": 3}
    assert Setup(state={"a": 1}, actions=({"type": "draw"},)).to_json() == {
        "state": {"a": 1},
        "actions": [{"type": "draw"}],
    }


def test_actions_as_text() -> None:
    action = {
        "type": "open",
        "melds": [{"cards": ["5H", "6H", "7H"]}],
        "lay_offs": [{"meld": 0, "cards": ["8H"]}, 3],
        "seat": 2,
    }
    assert _action(action) == "open melds [5H 6H 7H] lay-offs [meld 0: 8H] seat=2"


def test_json_equality_and_types_as_json_schema_sees_them() -> None:
    assert _json_equal([1, {"a": [True]}], [1.0, {"a": [True]}])
    assert not _json_equal([1], [1, 2])
    assert not _json_equal({"a": 1}, {"b": 1})
    assert not _json_equal(True, 1)
    assert _json_type({1, 2}) == "set"
    schemas = SchemaSet([{"$id": "https://x.invalid/e.json", "enum": [[1, 2], {"a": 1}]}])
    assert schemas.iter_issues([1, 2], "https://x.invalid/e.json") == []
    assert schemas.iter_issues({"a": 1}, "https://x.invalid/e.json") == []
    assert schemas.iter_issues({"a": 2}, "https://x.invalid/e.json") != []


def test_keys_with_broken_escapes_still_name_the_path() -> None:
    with pytest.raises(InputError) as info:
        check_nesting('{"bad\\qkey": [[1]]}', "t.json", max_depth=1)
    assert '$["bad\\\\qkey"]' in str(info.value)
