"""Generated fixtures: golden playthroughs and counts come from one command, without diffs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kanasta.cli import main
from kanasta.conformance import generate, suite
from kanasta.conformance.engine_api import EngineStatus
from kanasta.conformance.generate import (
    generate_fixture,
    regenerate_folders,
    require_engine,
)
from kanasta.conformance.jsonio import format_fixture_json
from kanasta.errors import InputError, Violation
from tests.conformance.helpers import ToyEngine


def test_format_fixture_json_keeps_short_things_on_one_line() -> None:
    data = {
        "id": "x",
        "empty": {},
        "cards": ["5H", "6H"],
        "deep": [{"a": [1, 2]}, [3]],
        "long": {"text": "y" * 100},
    }
    assert format_fixture_json(data) == (
        '{\n  "id": "x",\n  "empty": {},\n  "cards": ["5H", "6H"],\n'
        '  "deep": [\n    {"a": [1, 2]},\n    [3]\n  ],\n'
        '  "long": {\n    "text": "' + "y" * 100 + '"\n  }\n}\n'
    )


def toy_playthrough(**recipe: Any) -> dict[str, Any]:
    return generate_fixture(
        ToyEngine(),
        ident="koz/golden/toy",
        variant="koz",
        clauses=["legal-action-count"],
        description="a toy golden hand",
        recipe={"recipe": "playthrough", "seed": 3, **recipe},
        source="seed 001",
    )


def test_a_playthrough_is_played_to_the_end_and_scored() -> None:
    data = toy_playthrough()
    assert data["generated"] == {"recipe": "playthrough", "seed": 3}
    assert data["setup"] == {"seed": 3}
    assert data["source"] == "seed 001"
    [step] = data["steps"]
    assert step["kind"] == "playthrough"
    assert step["actions"][0] == {"type": "draw"}
    assert len(step["actions"]) % 2 == 0
    assert [set(t) for t in step["expect"]["teams"]] == [{"total", "breakdown"}] * 2
    assert toy_playthrough() == data
    assert toy_playthrough(policy_seed=99)["generated"]["policy_seed"] == 99


def test_a_count_plays_its_prefix_then_counts() -> None:
    data = generate_fixture(
        ToyEngine(),
        ident="koz/count/toy",
        variant="koz",
        clauses=["x"],
        description="d",
        recipe={"recipe": "count", "seed": 3, "prefix": 1, "depth": 2},
    )
    assert data["setup"] == {"seed": 3, "actions": [{"type": "draw"}]}
    assert data["steps"] == [{"kind": "count", "depth": 2, "expect": {"count": 4}}]
    assert "source" not in data
    bare = generate_fixture(
        ToyEngine(),
        ident="koz/count/toy",
        variant="koz",
        clauses=["x"],
        description="d",
        recipe={"recipe": "count", "seed": 3},
    )
    assert bare["setup"] == {"seed": 3}
    assert bare["steps"][0]["expect"] == {"count": 1}


@pytest.mark.parametrize(
    ("variant", "recipe", "message"),
    [
        ("nope", {"recipe": "count", "seed": 1}, "unknown variant"),
        ("koz", {"recipe": "dance", "seed": 1}, "unknown recipe 'dance'"),
        ("koz", {"recipe": "count", "seed": -1}, "whole number 'seed'"),
        ("koz", {"recipe": "count", "seed": 1, "depth": 7}, "depth is 1 to 4"),
    ],
)
def test_bad_recipes(variant: str, recipe: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        generate_fixture(
            ToyEngine(),
            ident="koz/x",
            variant=variant,
            clauses=["x"],
            description="d",
            recipe=recipe,
        )


class Stuck(ToyEngine):
    """Never ends the hand: draws forever."""

    def legal_actions(self, _profile: Any, _state: Any, /) -> Any:
        return ({"type": "draw"},)

    def apply_action(self, _profile: Any, state: Any, _action: Any, /) -> Any:
        return state


class Empty(ToyEngine):
    def legal_actions(self, _profile: Any, _state: Any, /) -> Any:
        return ()


class Liar(ToyEngine):
    def apply_action(self, _profile: Any, _state: Any, _action: Any, /) -> Any:
        return Violation("c", "k")


def test_engines_that_misbehave(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generate, "MAX_ACTIONS", 50)
    for engine, message in (
        (Stuck(), "did not end within 50 actions"),
        (Empty(), "no legal action"),
        (Liar(), "lists an action it then refuses"),
    ):
        with pytest.raises(InputError, match=message):
            generate_fixture(
                engine,
                ident="koz/x",
                variant="koz",
                clauses=["x"],
                description="d",
                recipe={"recipe": "playthrough", "seed": 1},
            )
    with pytest.raises(InputError, match="lists an action it then refuses"):
        generate_fixture(
            Liar(),
            ident="koz/x",
            variant="koz",
            clauses=["x"],
            description="d",
            recipe={"recipe": "count", "seed": 1, "depth": 2},
        )


def test_regenerate_finds_stale_files_and_rewrites_them(tmp_path: Path) -> None:
    data = toy_playthrough()
    path = tmp_path / "koz" / "golden" / "toy.json"
    path.parent.mkdir(parents=True)
    path.write_text(format_fixture_json(data), encoding="utf-8")
    (tmp_path / "koz" / "plain.json").write_text("[]", encoding="utf-8")
    assert [r.changed for r in regenerate_folders([tmp_path], ToyEngine(), write=False)] == [False]
    data["steps"][0]["expect"]["teams"][0]["total"] = 999
    path.write_text(format_fixture_json(data), encoding="utf-8")
    [stale] = regenerate_folders([tmp_path], ToyEngine(), write=False)
    assert (stale.changed, stale.ident) == (True, "koz/golden/toy")
    assert "999" in path.read_text(encoding="utf-8")
    regenerate_folders([tmp_path], ToyEngine(), write=True)
    assert "999" not in path.read_text(encoding="utf-8")


def test_require_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generate, "load_engine", lambda: EngineStatus(None, "engine not available"))
    with pytest.raises(InputError, match="need the game engine: engine not available"):
        require_engine()


def test_generate_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(generate, "load_engine", lambda: EngineStatus(ToyEngine(), ""))
    monkeypatch.setattr(suite, "load_engine", lambda: EngineStatus(ToyEngine(), ""))
    new = [
        "conformance",
        "generate",
        "--new",
        "playthrough",
        "--id",
        "koz/golden/cli",
        "--variant",
        "koz",
        "--seed",
        "5",
        "--clause",
        "meld-points",
        "--description",
        "a golden toy hand",
        "--into",
        str(tmp_path),
    ]
    assert main(new) == 0
    assert "wrote" in capsys.readouterr().out
    assert main(new) == 2
    assert "exists already" in capsys.readouterr().err
    count = [
        "conformance",
        "generate",
        "--new",
        "count",
        "--id",
        "koz/count/cli",
        "--variant",
        "koz",
        "--seed",
        "5",
        "--policy-seed",
        "2",
        "--prefix",
        "1",
        "--depth",
        "2",
        "--clause",
        "meld-points",
        "--description",
        "a count",
        "--into",
        str(tmp_path),
    ]
    assert main(count) == 0
    assert main(["conformance", "generate", "--new", "count", "--id", "koz/x"]) == 2
    assert (
        "--new needs --variant, --seed, --clause, --description, --into." in capsys.readouterr().err
    )
    folder = ["--no-builtin", "--fixtures", str(tmp_path)]
    assert main(["conformance", "generate", "--check", *folder]) == 0
    assert "2 generated fixture(s), 0 stale" in capsys.readouterr().out
    path = tmp_path / "koz" / "golden" / "cli.json"
    stale = json.loads(path.read_text(encoding="utf-8"))
    stale["steps"][0]["expect"]["teams"][0]["total"] = 12345
    path.write_text(format_fixture_json(stale), encoding="utf-8")
    assert main(["conformance", "generate", "--check", *folder]) == 1
    assert "STALE koz/golden/cli" in capsys.readouterr().out
    assert main(["conformance", "validate", *folder]) == 1
    assert "regenerating it changes the file" in capsys.readouterr().out
    assert main(["conformance", "generate", *folder]) == 0
    assert "REWRITTEN koz/golden/cli" in capsys.readouterr().out
    monkeypatch.setattr(suite, "load_engine", lambda: EngineStatus(None, "engine not available"))
    assert main(["conformance", "validate", *folder]) == 1
    assert "generated fixtures cannot be checked" in capsys.readouterr().out
