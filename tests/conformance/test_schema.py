"""The published schemas, and the runner's own validator agreeing with ``jsonschema``."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from kanasta.conformance import PROTOCOL_VERSION
from kanasta.conformance.loader import find_fixture_files
from kanasta.conformance.schema import (
    FIXTURE_SCHEMA,
    PROTOCOL_SCHEMA,
    SchemaSet,
    get_schemas,
    load_schema_set,
    schema_ref,
)
from kanasta.errors import InputError
from kanasta.resources import get_fixtures_dir, get_schema_dir
from tests.conformance.helpers import good_meld, toy_state

SCHEMA_DIR = get_schema_dir()


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
    return data


REGISTRY: Registry[Any] = Registry().with_resources(
    (doc["$id"], Resource.from_contents(doc))
    for doc in (load(FIXTURE_SCHEMA), load(PROTOCOL_SCHEMA))
)


def reference_errors(instance: Any, ref: str) -> list[str]:
    validator = Draft202012Validator({"$ref": ref}, registry=REGISTRY)
    return [e.message for e in validator.iter_errors(instance)]


def ours(instance: Any, ref: str) -> list[str]:
    return [str(i) for i in get_schemas().iter_issues(instance, ref)]


@pytest.mark.parametrize("name", [FIXTURE_SCHEMA, PROTOCOL_SCHEMA])
def test_schemas_are_valid_draft_2020_12(name: str) -> None:
    Draft202012Validator.check_schema(load(name))


def test_protocol_schema_title_names_the_protocol_version() -> None:
    assert PROTOCOL_VERSION in load(PROTOCOL_SCHEMA)["title"]


def test_every_builtin_fixture_is_valid_for_both_validators() -> None:
    ref = schema_ref(FIXTURE_SCHEMA)
    files = find_fixture_files(get_fixtures_dir())
    assert len(files) >= 100
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert reference_errors(data, ref) == [], path
        assert ours(data, ref) == [], path


def _mutations() -> list[tuple[str, Callable[[dict[str, Any]], None]]]:
    def setter(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
        def apply(doc: dict[str, Any]) -> None:
            node: Any = doc
            for part in path[:-1]:
                node = node[part]
            node[path[-1]] = value

        return apply

    def deleter(path: list[Any]) -> Callable[[dict[str, Any]], None]:
        def apply(doc: dict[str, Any]) -> None:
            node: Any = doc
            for part in path[:-1]:
                node = node[part]
            del node[path[-1]]

        return apply

    return [
        ("no clauses", deleter(["clauses"])),
        ("empty clauses", setter(["clauses"], [])),
        ("repeated clause", setter(["clauses"], ["a", "a"])),
        ("bad slug", setter(["clauses"], ["Not_A_Slug"])),
        ("unknown top field", setter(["colour"], "red")),
        ("bad id", setter(["id"], "Fi/Bad Id")),
        ("no steps", setter(["steps"], [])),
        ("unknown step kind", setter(["steps", 0, "kind"], "dance")),
        ("bad card", setter(["steps", 0, "cards"], ["5X"])),
        ("lower-case card", setter(["steps", 0, "cards"], ["5h"])),
        ("quarter point", setter(["steps", 0, "expect", "points"], 4.25)),
        ("point string ok", setter(["steps", 0, "expect", "points"], "35")),
        ("bad point string", setter(["steps", 0, "expect", "points"], "3.3")),
        ("bool point", setter(["steps", 0, "expect", "points"], True)),
        ("no arrangement", deleter(["steps", 0, "expect", "arrangement"])),
        ("bad verdict", setter(["steps", 0, "expect", "verdict"], "maybe")),
        (
            "rejection without clause",
            setter(["steps", 0, "expect"], {"verdict": "rejected", "code": "x"}),
        ),
        (
            "negative at",
            setter(
                ["steps", 0, "expect"],
                {"verdict": "rejected", "code": "x", "clause": "y", "at": -1},
            ),
        ),
        ("run without suit", deleter(["steps", 0, "expect", "arrangement", "suit"])),
        ("position 15", setter(["steps", 0, "wild_at"], 15)),
        ("null wild ok", setter(["steps", 0, "wild_at"], None)),
        ("float position", setter(["steps", 0, "wild_at"], 7.5)),
        ("integral float position ok", setter(["steps", 0, "wild_at"], 7.0)),
        ("canasta kind", setter(["steps", 0, "expect", "canasta"], "shiny")),
        (
            "engine step without setup",
            setter(["steps"], [{"kind": "count", "expect": {"count": 3}}]),
        ),
        (
            "engine step with setup ok",
            setter(["steps"], [{"kind": "count", "expect": {"count": 3}}]),
        ),
        (
            "setup with seed and state",
            setter(["setup"], {"seed": 1, "state": toy_state(["5H", "6H"], "7H")}),
        ),
        ("setup with neither", setter(["setup"], {"actions": []})),
        (
            "state missing phase",
            setter(
                ["setup"],
                {
                    "state": {
                        "hands": [[], []],
                        "stock": [],
                        "discard": [],
                        "melds": [[]],
                        "turn": 0,
                    }
                },
            ),
        ),
        ("features repeated", setter(["features"], ["x", "x"])),
        ("description empty", setter(["description"], "")),
        ("lay-off without cards", setter(["steps", 0, "lay_offs"], [{"wild_at": 3}])),
        ("state step empty expect", setter(["steps"], [{"kind": "state", "expect": {}}])),
        (
            "score without total",
            setter(["steps"], [{"kind": "score", "expect": {"teams": [{"breakdown": {}}]}}]),
        ),
        (
            "breakdown key not a slug",
            setter(
                ["steps"],
                [
                    {
                        "kind": "score",
                        "expect": {"teams": [{"total": 1, "breakdown": {"Bad Key": 1}}]},
                    }
                ],
            ),
        ),
        ("generated flag", setter(["generated"], True)),
        ("generated recipe ok", setter(["generated"], {"recipe": "count", "seed": 1, "depth": 2})),
        ("generated unknown recipe", setter(["generated"], {"recipe": "dance", "seed": 1})),
        (
            "actions step",
            setter(
                ["steps"],
                [
                    {
                        "kind": "actions",
                        "actions": [
                            {"action": {"type": "draw"}, "expect": {"verdict": "accepted"}},
                            {
                                "action": {"type": "discard", "card": "5H"},
                                "expect": {"verdict": "rejected", "code": "c", "clause": "k"},
                            },
                        ],
                    }
                ],
            ),
        ),
        (
            "action with unknown field",
            setter(
                ["steps"],
                [
                    {
                        "kind": "actions",
                        "actions": [
                            {
                                "action": {"type": "draw", "colour": 1},
                                "expect": {"verdict": "accepted"},
                            }
                        ],
                    }
                ],
            ),
        ),
    ]


@pytest.mark.parametrize(("label", "mutate"), _mutations(), ids=[m[0] for m in _mutations()])
def test_validator_agrees_with_jsonschema_on_broken_fixtures(
    label: str, mutate: Callable[[dict[str, Any]], None]
) -> None:
    doc = good_meld("fi-5200/t/x")
    if label in ("engine step with setup ok", "actions step"):
        doc["setup"] = {"seed": 3}
    mutate(doc)
    ref = schema_ref(FIXTURE_SCHEMA)
    theirs, mine = reference_errors(doc, ref), ours(doc, ref)
    assert bool(theirs) == bool(mine), (label, theirs, mine)
    if label.endswith(" ok") or label == "actions step":
        assert mine == []
    else:
        assert mine != []


PROTOCOL_MESSAGES: list[tuple[str, dict[str, Any], bool]] = [
    ("hello request", {"seq": 0, "type": "hello", "protocol": "1.0", "suite": "0.1.0"}, True),
    (
        "meld request",
        {
            "seq": 1,
            "type": "meld",
            "variant": "koz",
            "cards": ["5H"],
            "wild_at": None,
            "lay_offs": [],
            "trump": None,
            "going_out": False,
        },
        True,
    ),
    (
        "meld request missing lay_offs",
        {"seq": 1, "type": "meld", "variant": "koz", "cards": ["5H"], "wild_at": None},
        False,
    ),
    (
        "count request",
        {
            "seq": 2,
            "type": "count",
            "variant": "koz",
            "depth": 2,
            "setup": {"seed": 1, "actions": []},
        },
        True,
    ),
    (
        "setup without seed or state",
        {"seq": 2, "type": "state", "variant": "koz", "setup": {"actions": []}},
        False,
    ),
    ("bye", {"seq": 9, "type": "bye"}, True),
    (
        "hello answer",
        {
            "seq": 0,
            "type": "hello",
            "protocol": "1.0",
            "implementation": {"name": "x"},
            "variants": ["koz"],
            "requests": ["meld"],
        },
        True,
    ),
    (
        "legal answer",
        {
            "seq": 1,
            "verdict": "legal",
            "arrangement": {"kind": "set", "rank": "7", "cards": ["7H", "7S", "2C"]},
            "points": 20,
            "canasta": None,
            "bonus": 0,
        },
        True,
    ),
    (
        "rejected answer",
        {"seq": 1, "verdict": "rejected", "code": "c", "clause": "k", "at": 0},
        True,
    ),
    ("unsupported answer", {"seq": 1, "unsupported": "no"}, True),
    ("answer without seq", {"verdict": "legal"}, False),
    ("negative seq", {"seq": -1, "error": "x"}, False),
]


@pytest.mark.parametrize(
    ("label", "message", "valid"), PROTOCOL_MESSAGES, ids=[m[0] for m in PROTOCOL_MESSAGES]
)
def test_protocol_messages(label: str, message: dict[str, Any], valid: bool) -> None:
    ref = schema_ref(PROTOCOL_SCHEMA)
    assert (reference_errors(message, ref) == []) is valid, label
    assert (ours(message, ref) == []) is valid, label


def test_schema_with_an_unknown_keyword_is_refused() -> None:
    with pytest.raises(InputError, match="'patternProperties'"):
        SchemaSet([{"$id": "https://x.invalid/s.json", "patternProperties": {}}])
    with pytest.raises(InputError, match="no \\$id"):
        SchemaSet([{"type": "object"}])


def test_references_that_point_nowhere_are_input_errors() -> None:
    schemas = SchemaSet([{"$id": "https://x.invalid/s.json", "$defs": {"a": {"type": "string"}}}])
    assert schemas.iter_issues("x", "https://x.invalid/s.json#/$defs/a") == []
    with pytest.raises(InputError, match="points nowhere"):
        schemas.iter_issues("x", "https://x.invalid/s.json#/$defs/b")
    with pytest.raises(InputError, match="names no known schema"):
        schemas.iter_issues("x", "https://x.invalid/other.json")
    with pytest.raises(InputError, match="no conformance schema named"):
        schema_ref("nothing.schema.json")


def test_tilde_escapes_in_references() -> None:
    schemas = SchemaSet(
        [{"$id": "https://x.invalid/s.json", "$defs": {"a/b": {"const": 1}, "c~d": {"const": 2}}}]
    )
    assert schemas.iter_issues(1, "https://x.invalid/s.json#/$defs/a~1b") == []
    assert schemas.iter_issues(2, "https://x.invalid/s.json#/$defs/c~0d") == []


def test_keywords_the_schemas_use_sparingly() -> None:
    schemas = SchemaSet(
        [
            {
                "$id": "https://x.invalid/k.json",
                "$defs": {
                    "s": {"type": "string", "minLength": 2, "maxLength": 3},
                    "n": {"type": ["integer", "null"], "minimum": 1, "maximum": 3},
                    "c": {"type": "array", "contains": {"const": 1}, "maxItems": 2},
                    "o": {
                        "type": "object",
                        "additionalProperties": {"type": "integer"},
                        "propertyNames": {"pattern": "^[a-z]+$"},
                    },
                    "a": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                    "one": {"oneOf": [{"type": "integer"}, {"minimum": 0}]},
                },
            }
        ]
    )

    def issues(value: Any, name: str) -> list[str]:
        return [
            str(i) for i in schemas.iter_issues(value, f"https://x.invalid/k.json#/$defs/{name}")
        ]

    assert issues("a", "s")
    assert issues("abcd", "s")
    assert not issues("abc", "s")
    assert not issues(None, "n")
    assert issues(0, "n")
    assert issues(4, "n")
    assert issues("2", "n")
    assert issues([2], "c")
    assert not issues([2, 1], "c")
    assert issues([1, 1, 1], "c")
    assert not issues({"ab": 1}, "o")
    assert issues({"AB": 1}, "o")
    assert issues({"ab": "x"}, "o")
    assert issues(1.5, "a")
    assert not issues(2, "a")
    assert issues(3, "one")
    assert not issues(-3, "one")
    assert not issues(0.5, "one")


def test_error_messages_name_the_path_and_the_likely_form() -> None:
    doc = good_meld("fi-5200/t/x")
    del doc["steps"][0]["expect"]["points"]
    [first, *_] = ours(doc, schema_ref(FIXTURE_SCHEMA))
    assert first == "at $.steps[0].expect: the field 'points' is required"
    doc = good_meld("fi-5200/t/x")
    doc["steps"][0]["cards"] = ["4H", "5X"]
    [first, *_] = ours(doc, schema_ref(FIXTURE_SCHEMA))
    assert first.startswith("at $.steps[0].cards[1]: '5X' does not match A card in the readable")


def test_an_answer_of_the_wrong_form_says_so() -> None:
    answer = {"seq": 1, "verdict": "legal", "points": 3}
    issues = ours(answer, schema_ref(PROTOCOL_SCHEMA, "response-meld"))
    assert issues == [
        "at $: the field 'arrangement' is required",
        "at $: the field 'canasta' is required",
        "at $: the field 'bonus' is required",
    ]
    ring = {"kind": "ring", "cards": ["5H"]}
    assert ours(ring, schema_ref(FIXTURE_SCHEMA, "arrangement")) == [
        "at $: matches none of the allowed forms (oneOf)"
    ]
    extra = {"seq": 1, "verdict": "rejected", "code": "c", "clause": "k", "at": 0, "why": 1}
    assert ours(extra, schema_ref(PROTOCOL_SCHEMA, "response-meld")) == [
        "at $.why: unknown field 'why' (known fields: at, clause, code, detail, seq, verdict)"
    ]


def test_load_schema_set_refuses_a_schema_that_is_not_an_object(tmp_path: Path) -> None:
    for name in (FIXTURE_SCHEMA, PROTOCOL_SCHEMA):
        (tmp_path / name).write_text("[]", encoding="utf-8")
    with pytest.raises(InputError, match="must be a JSON object"):
        load_schema_set(tmp_path)


def test_schema_set_lists_its_ids() -> None:
    ids = get_schemas().ids
    assert any(i.endswith(FIXTURE_SCHEMA) for i in ids)
    assert any(i.endswith(PROTOCOL_SCHEMA) for i in ids)
    assert copy.deepcopy(ids) == ids
