"""Loading fixtures: ids equal paths, clear errors naming file and JSON path, questions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kanasta.conformance.loader import (
    find_fixture_files,
    fixture_from_json,
    fixture_id_for,
    load_fixture_file,
    load_fixtures,
    load_question_file,
)
from kanasta.conformance.model import SETUP_STEP_KINDS, Setup, StepKind
from kanasta.conformance.schema import get_schemas
from kanasta.errors import InputError
from tests.conformance.helpers import good_meld, toy_state, write_fixture


def test_id_is_the_path_without_json(tmp_path: Path) -> None:
    path = write_fixture(tmp_path, good_meld("fi-5200/a/b"))
    assert fixture_id_for(path, tmp_path) == "fi-5200/a/b"
    fixture = load_fixture_file(path, tmp_path)
    assert (fixture.id, fixture.variant, fixture.group) == ("fi-5200/a/b", "fi-5200", "fi-5200/a")
    assert fixture.path == path
    assert fixture.root == tmp_path


def test_id_that_differs_from_the_path_is_refused(tmp_path: Path) -> None:
    path = write_fixture(tmp_path, good_meld("fi-5200/a/b"), ident="fi-5200/a/c")
    with pytest.raises(InputError) as info:
        load_fixture_file(path, tmp_path)
    message = str(info.value)
    assert str(path) in message
    assert "$.id" in message
    assert "'fi-5200/a/c'" in message


def test_schema_errors_name_the_file_and_the_json_path(tmp_path: Path) -> None:
    data = good_meld("fi-5200/a/b")
    data["steps"][0]["cards"][1] = "5Z"
    path = write_fixture(tmp_path, data)
    with pytest.raises(InputError) as info:
        load_fixture_file(path, tmp_path)
    assert str(info.value).startswith(f"{path}: at $.steps[0].cards[1]: '5Z' does not match")


def test_clauses_are_required(tmp_path: Path) -> None:
    data = good_meld("fi-5200/a/b")
    data["clauses"] = []
    with pytest.raises(InputError, match=r"\$\.clauses: needs at least 1 item"):
        load_fixture_file(write_fixture(tmp_path, data), tmp_path)


def test_rejection_default_batch_is_the_last(tmp_path: Path) -> None:
    data = good_meld("fi-5200/a/b")
    data["steps"][0]["lay_offs"] = [{"cards": ["9H"]}, {"cards": ["10H"]}]
    data["steps"][0]["expect"] = {"verdict": "rejected", "code": "c", "clause": "k"}
    fixture = load_fixture_file(write_fixture(tmp_path, data), tmp_path)
    assert fixture.steps[0].expect == {"verdict": "rejected", "code": "c", "clause": "k", "at": 2}
    assert fixture.steps[0].params["lay_offs"][1] == {"cards": ["10H"], "wild_at": None}


def test_rejection_of_a_batch_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    data = good_meld("fi-5200/a/b")
    data["steps"][0]["expect"] = {"verdict": "rejected", "code": "c", "clause": "k", "at": 1}
    with pytest.raises(InputError, match=r"\$\.steps\[0\]\.expect\.at: batch 1 does not exist"):
        load_fixture_file(write_fixture(tmp_path, data), tmp_path)


def test_engine_steps_and_setup_become_the_model() -> None:
    data: dict[str, Any] = {
        "id": "koz/t/engine",
        "variant": "fi-351",
        "clauses": ["x"],
        "description": "d",
        "features": ["players-3"],
        "source": "seed 001",
        "generated": {"recipe": "count", "seed": 3, "depth": 2},
        "setup": {"state": toy_state(["5H", "6H"], "7H 8H"), "actions": [{"type": "draw"}]},
        "steps": [
            {
                "kind": "actions",
                "note": "n",
                "actions": [
                    {
                        "action": {"type": "draw"},
                        "expect": {"verdict": "rejected", "code": "c", "clause": "k"},
                    },
                    {
                        "action": {"type": "discard", "card": "5H"},
                        "expect": {"verdict": "accepted"},
                    },
                ],
            },
            {"kind": "state", "expect": {"turn": 1}},
            {"kind": "score", "expect": {"teams": [{"total": 1}]}},
            {"kind": "count", "depth": 2, "expect": {"count": 4}},
            {"kind": "count", "expect": {"count": 4}},
            {
                "kind": "turn",
                "play": [{"type": "discard", "card": "6H"}],
                "expect": {"verdict": "accepted", "went_out": None, "hand_over": False},
            },
            {"kind": "playthrough", "actions": [{"type": "draw"}], "expect": {"teams": []}},
        ],
    }
    with pytest.raises(InputError, match="needs at least 1 item"):
        fixture_from_json(data, "t.json")
    data["steps"][-1]["expect"] = {"teams": [{"total": 0}]}
    fixture = fixture_from_json(data, "t.json")
    assert fixture.setup == Setup(state=data["setup"]["state"], actions=({"type": "draw"},))
    assert fixture.setup.to_json()["actions"] == [{"type": "draw"}]
    assert fixture.needs_engine
    assert fixture.kinds == SETUP_STEP_KINDS
    assert (fixture.features, fixture.source) == (("players-3",), "seed 001")
    assert fixture.generated == {"recipe": "count", "seed": 3, "depth": 2}
    actions, state, score, count2, count1, turn, play = fixture.steps
    assert actions.note == "n"
    assert turn.params == {"play": [{"type": "discard", "card": "6H"}]}
    assert turn.applied_actions() == ({"type": "discard", "card": "6H"},)
    assert actions.applied_actions() == ({"type": "discard", "card": "5H"},)
    assert state.applied_actions() == ()
    assert play.applied_actions() == ({"type": "draw"},)
    assert (count2.params, count1.params) == ({"depth": 2}, {"depth": 1})
    assert score.kind is StepKind.SCORE
    assert score.params == {}


def test_find_fixture_files_skips_hidden_and_non_json(tmp_path: Path) -> None:
    write_fixture(tmp_path, good_meld("fi-5200/a/b"))
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "x.json").write_text("{}", encoding="utf-8")
    (tmp_path / "README.md").write_text("hi", encoding="utf-8")
    assert [p.name for p in find_fixture_files(tmp_path)] == ["b.json"]
    with pytest.raises(InputError, match="no such fixtures folder"):
        find_fixture_files(tmp_path / "nope")


def test_load_fixtures_collects_problems_and_refuses_duplicate_ids(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    write_fixture(one, good_meld("fi-5200/a/b"))
    write_fixture(two, good_meld("fi-5200/a/b"))
    write_fixture(two, good_meld("fi-5200/a/c"))
    (two / "broken.json").write_text("{", encoding="utf-8")
    result = load_fixtures([one, two, tmp_path / "missing"])
    assert [f.id for f in result.fixtures] == ["fi-5200/a/b", "fi-5200/a/c"]
    assert len(result.problems) == 3
    assert any("already used by" in p for p in result.problems)
    assert any("broken.json: not valid JSON" in p for p in result.problems)
    assert any("no such fixtures folder" in p for p in result.problems)


def test_default_folder_is_the_builtin_suite() -> None:
    result = load_fixtures()
    assert result.problems == ()
    assert len(result.fixtures) >= 100


def test_question_may_leave_out_id_clauses_description_and_expectations(tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    path.write_text(
        json.dumps(
            {
                "variant": "fi-5200",
                "setup": {"seed": 1},
                "steps": [
                    {"kind": "meld", "cards": ["4H", "5H", "6H"]},
                    {
                        "kind": "meld",
                        "cards": ["4H", "5H", "6H"],
                        "expect": {"verdict": "rejected", "code": "c", "clause": "k"},
                    },
                    {"kind": "actions", "actions": [{"action": {"type": "draw"}}]},
                    {"kind": "state"},
                    {"kind": "score"},
                    {"kind": "count"},
                    {"kind": "playthrough", "actions": [{"type": "draw"}]},
                    {
                        "kind": "actions",
                        "actions": [
                            {"action": {"type": "draw"}, "expect": {"verdict": "accepted"}}
                        ],
                    },
                ],
            }
        ),
        encoding="utf-8",
    )
    question = load_question_file(path)
    assert (question.id, question.clauses, question.description) == ("q", (), "")
    expects = [step.expect is None for step in question.steps]
    assert expects == [True, False, True, True, True, True, True, False]
    assert question.steps[2].applied_actions() == ({"type": "draw"},)


def test_question_errors(tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(InputError, match="a question must be a JSON object"):
        load_question_file(path)
    path.write_text(json.dumps({"variant": "koz", "steps": [{"kind": "dance"}, 3]}), "utf-8")
    with pytest.raises(InputError, match=r"\$\.steps\[0\]"):
        load_question_file(path)


def test_a_text_found_to_match_the_schema_is_not_checked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The schema's answer is kept per text: the same text loaded again (another command,
    another folder) skips the check; a changed text is checked again."""
    checked: list[str] = []
    schemas = get_schemas()
    real_check = schemas.check

    def counting_check(instance: Any, ref: str, where: str) -> None:
        checked.append(where)
        real_check(instance, ref, where)

    monkeypatch.setattr(schemas, "check", counting_check)
    data = good_meld("fi-5200/cache/first") | {"description": f"unique to {tmp_path}"}
    path = write_fixture(tmp_path, data)
    assert load_fixtures([tmp_path]).fixtures[0].id == "fi-5200/cache/first"
    assert load_fixtures([tmp_path]).fixtures[0].id == "fi-5200/cache/first"
    assert checked == [str(path)]
    # The same file changed to break the schema is checked, and refused.
    path.write_text(json.dumps(data | {"clauses": "not-a-list"}), encoding="utf-8")
    loaded = load_fixtures([tmp_path])
    assert loaded.fixtures == ()
    assert "at $.clauses: expected array" in loaded.problems[0]
    assert checked == [str(path), str(path)]
    # A text refused once is refused again: only a match is remembered.
    assert load_fixtures([tmp_path]).problems == loaded.problems
