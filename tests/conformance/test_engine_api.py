"""Finding the game engine: the Engine protocol directly, the engine's facade, or none."""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass
from typing import Any

import pytest

from kanasta.conformance.engine_api import (
    ENGINE_FUNCTIONS,
    FACADE_FUNCTIONS,
    FacadeEngine,
    load_engine,
)
from kanasta.errors import Violation
from kanasta.families.koz import PROFILE as KOZ
from tests.conformance.helpers import ToyEngine


def install(monkeypatch: pytest.MonkeyPatch, name: str, **functions: Any) -> None:
    module = types.ModuleType(name)
    for key, value in functions.items():
        setattr(module, key, value)
    monkeypatch.setitem(sys.modules, name, module)


def test_no_engine_module() -> None:
    status = load_engine("kanasta.no_such_engine_module")
    assert status.engine is None
    assert status.reason == "engine not available"


def test_an_engine_that_fails_to_import_is_not_hidden(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    (tmp_path / "broken_engine_mod.py").write_text("import no_such_dependency_xyz\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError):
        load_engine("broken_engine_mod")


def test_a_module_with_the_protocol_functions(monkeypatch: pytest.MonkeyPatch) -> None:
    toy = ToyEngine()
    install(monkeypatch, "toy_engine_protocol", **{n: getattr(toy, n) for n in ENGINE_FUNCTIONS})
    status = load_engine("toy_engine_protocol")
    assert status.engine is sys.modules["toy_engine_protocol"]
    assert status.reason == ""


def test_a_module_lacking_functions_says_which(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, "half_engine", apply_action=print)
    status = load_engine("half_engine")
    assert status.engine is None
    assert status.reason.startswith("engine not available: half_engine lacks new_state_from_json")


@dataclass(frozen=True)
class Team:
    parts: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return sum(v for _, v in self.parts)


@dataclass(frozen=True)
class Scores:
    teams: tuple[Team, ...]


def test_the_facade_is_mapped_onto_the_protocol(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, Any]] = []

    def record(name: str, result: Any) -> Any:
        def function(*args: Any, **kwargs: Any) -> Any:
            calls.append((name, args + tuple(sorted(kwargs.items()))))
            return result

        return function

    install(
        monkeypatch,
        "facade_engine",
        new_hand=record("new_hand", "S0"),
        state_from_json=record("state_from_json", "S1"),
        state_to_json=record("state_to_json", {"hands": []}),
        action_from_json=record("action_from_json", "A"),
        action_seat=record("action_seat", 2),
        action_to_json=record("action_to_json", {"type": "draw"}),
        legal_actions=record("legal_actions", ("A1", "A2")),
        apply=record("apply", Violation("c", "k")),
        score_hand=record(
            "score_hand", Scores((Team((("melded", 4), ("melded", 2), ("hand", -1))),))
        ),
    )
    assert set(FACADE_FUNCTIONS) <= set(dir(sys.modules["facade_engine"]))
    status = load_engine("facade_engine")
    engine = status.engine
    assert isinstance(engine, FacadeEngine)
    assert engine.new_state_from_seed(KOZ, 5) == "S0"
    assert engine.new_state_from_json(KOZ, {"x": 1}, "$.s") == "S1"
    assert engine.state_to_json(KOZ, "S1") == {"hands": []}
    action = engine.action_from_json(KOZ, {"type": "draw", "seat": 2}, "$.a")
    assert action == ("A", 2)
    assert engine.action_to_json(KOZ, action) == {"type": "draw", "seat": 2}
    assert engine.action_to_json(KOZ, ("A", None)) == {"type": "draw"}
    assert engine.legal_actions(KOZ, "S1") == (("A1", None), ("A2", None))
    assert engine.apply_action(KOZ, "S1", ("A", 2)) == Violation("c", "k")
    assert engine.score_hand(KOZ, "S1") == [{"melded": 6, "hand": -1, "total": 5}]
    assert ("new_hand", (KOZ, ("seed", 5))) in calls
    assert ("apply", ("S1", "A", 2)) in calls
