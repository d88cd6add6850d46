"""One rule for both engines behind ``kanasta adapter``: a malformed request is answered
alike, whichever engine answers it.

Each case below is one malformed (or, as a control, well-formed but unusual) request sent
to the reference's adapter and to the native one in this process. Both must give the same
kind of answer: both an ``error`` naming the same JSON path, or both the same verdict.
The request is checked whole before any of it is answered
(:mod:`kanasta.conformance.request_check`), and each engine's own state reader refuses
what cannot occur."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from typing import Any

import pytest

from kanasta import engine
from kanasta.conformance.native_adapter import NativeImplementation
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.server import serve
from kanasta.families import get_profile

Request = dict[str, Any]


def _state(variant: str, seed: int = 1, phase: str = "draw") -> dict[str, Any]:
    state = engine.state_to_json(engine.new_hand(get_profile(variant), seed=seed))
    state["phase"] = phase
    return state


def _request(kind: str, variant: str = "koz", **fields: Any) -> Request:
    base: Request = {"seq": 7, "type": kind, "fixture": "hostile/x/y", "step": 0}
    base["variant"] = variant
    if kind not in {"meld", "game"}:
        base["setup"] = {"state": _state(variant), "actions": []}
    base.update(fields)
    return base


def _with_state(variant: str, change: Callable[[dict[str, Any]], None], **fields: Any) -> Request:
    request = _request("state", variant, **fields)
    change(request["setup"]["state"])
    return request


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(state: dict[str, Any]) -> None:
        target: Any = state
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _copies(state: dict[str, Any]) -> None:
    # 258 copies of one card: 256 of them vanish in a count kept in a byte.
    state["hands"][0] = state["hands"][0] + [state["hands"][0][0]] * 256


def _other_red_threes(state: dict[str, Any]) -> None:
    card = state["hands"][0].pop()
    state["extra"]["red_threes"][0] = [card]


DRAW_MELD = {"type": "meld", "cards": ["5H", "6H", "7H"]}
REFUSED_MELD: Request = {"cards": ["5H", "9S", "KD"], "wild_at": None, "going_out": False}

CASES: dict[str, tuple[Request, str | None]] = {
    # The action's seat: negative, or far beyond a game's.
    "negative-seat": (
        _request("actions", actions=[{"type": "draw", "seat": -1}]),
        "$.actions[0].seat",
    ),
    "huge-seat": (
        _request("actions", actions=[{"type": "draw", "seat": 10**20}]),
        "$.actions[0].seat",
    ),
    "seat-as-text": (
        _request("actions", actions=[{"type": "draw", "seat": "0"}]),
        "$.actions[0].seat",
    ),
    "huge-meld-index": (
        _request("actions", actions=[{"type": "lay-off", "meld": 10**20, "cards": ["5H"]}]),
        "$.actions[0].meld",
    ),
    "huge-wild-at": (
        _request("actions", actions=[{"type": "meld", "cards": ["5H"], "wild_at": 2**40}]),
        "$.actions[0].wild_at",
    ),
    "wild-at-as-text": (
        _request("actions", actions=[{"type": "meld", "cards": ["5H"], "wild_at": "3"}]),
        "$.actions[0].wild_at",
    ),
    "card-as-number": (
        _request("actions", actions=[{"type": "discard", "card": 7}]),
        "$.actions[0].card",
    ),
    # A refused action, then an action with a field no action has.
    "unknown-field-after-a-refusal": (
        _request("actions", actions=[DRAW_MELD, {"type": "draw", "colour": "red"}]),
        "$.actions[1]",
    ),
    "unknown-field-in-setup-actions": (
        {
            **_request("state"),
            "setup": {"state": _state("koz"), "actions": [{"type": "draw", "x": 1}]},
        },
        "$.setup.actions[0]",
    ),
    # A meld refused at its first batch, then a malformed lay-off or trump.
    "lay-off-cards-after-a-refused-meld": (
        _request("meld", **REFUSED_MELD, lay_offs=[{"cards": 5}], trump=None),
        "$.lay_offs[0].cards",
    ),
    "lay-off-not-an-object-after-a-refused-meld": (
        _request("meld", **REFUSED_MELD, lay_offs=[3], trump=None),
        "$.lay_offs[0]",
    ),
    "lay-off-wild-at-after-a-refused-meld": (
        _request("meld", **REFUSED_MELD, lay_offs=[{"cards": ["8H"], "wild_at": 99}], trump=None),
        "$.lay_offs[0].wild_at",
    ),
    "trump-after-a-refused-meld": (
        _request("meld", **REFUSED_MELD, lay_offs=[], trump=7),
        "$.trump",
    ),
    # Numbers beyond what a request may hold.
    "huge-depth": (_request("count", depth=10**20), "$.depth"),
    "depth-out-of-range": (_request("count", depth=9), "$.depth"),
    "huge-turn": (_with_state("koz", _set(["turn"], 2**63)), "$.setup.state.turn"),
    "negative-fi-taken": (
        _with_state("koz", _set(["fi_taken"], [-1, 0])),
        "$.setup.state.fi_taken",
    ),
    "huge-fi-taken": (_with_state("koz", _set(["fi_taken"], [2**40, 0])), "$.setup.state.fi_taken"),
    "huge-team-score": (
        _with_state("koz", _set(["team_scores"], [10**13, 0])),
        "$.setup.state.team_scores[0]",
    ),
    "team-score-beyond-64-bits": (
        _with_state("koz", _set(["team_scores"], [2**70, 0])),
        "$.setup.state.team_scores[0]",
    ),
    "team-score-not-a-number": (
        _with_state("koz", _set(["team_scores"], ["1e5", 0])),
        "$.setup.state.team_scores[0]",
    ),
    "huge-game-score": (
        _request("game", first_dealer=3, hands=[{"scores": [10**13, 0]}]),
        "$.hands[0].scores[0]",
    ),
    "seed-beyond-64-bits": (
        {**_request("state"), "setup": {"seed": 2**70, "actions": []}},
        "$.setup.seed",
    ),
    # States that cannot occur.
    "258-copies-of-a-card": (_with_state("koz", _copies), "$.setup.state"),
    "classic-red-threes-holding-another-card": (
        _with_state("classic", _other_red_threes),
        "$.setup.state.extra.red_threes[0]",
    ),
    "table-seats-as-numbers": (
        _with_state("classic", _set(["extra", "table_seats"], [1, 0, 0, 0])),
        "$.setup.state.extra.table_seats",
    ),
    # Controls: unusual but well formed, answered alike with a verdict.
    "team-score-as-text": (_with_state("koz", _set(["team_scores"], ["4.5", "-10"])), None),
    "seat-of-another-player": (_request("actions", actions=[{"type": "draw", "seat": 3}]), None),
    "lay-off-onto-a-meld-that-does-not-exist": (
        _request(
            "actions",
            actions=[{"type": "draw"}, {"type": "lay-off", "meld": 2**30, "cards": ["5H"]}],
        ),
        None,
    ),
}


@pytest.fixture(scope="module")
def engines() -> tuple[ReferenceImplementation, NativeImplementation]:
    return ReferenceImplementation(), NativeImplementation()


def _kind(answer: dict[str, Any]) -> str:
    return "error" if "error" in answer else "verdict"


def _comparable(answer: Any) -> Any:
    """A verdict without the texts the protocol never compares."""
    if isinstance(answer, dict):
        return {k: _comparable(v) for k, v in answer.items() if k != "detail"}
    if isinstance(answer, list):
        return [_comparable(v) for v in answer]
    return answer


@pytest.mark.clause("action-json", "state-json", "points-exact", "deck-composition")
@pytest.mark.parametrize("name", list(CASES))
def test_both_engines_answer_a_malformed_request_alike(
    name: str, engines: tuple[ReferenceImplementation, NativeImplementation]
) -> None:
    request, path = CASES[name]
    reference, native = (e.answer(copy.deepcopy(request)) for e in engines)
    assert _kind(reference) == _kind(native), (reference, native)
    assert reference.get("seq") == native.get("seq") == 7
    if path is None:
        assert _kind(reference) == "verdict", reference
        assert _comparable(reference) == _comparable(native)
        return
    for answer in (reference, native):
        error = str(answer.get("error"))
        assert error.startswith(path), (name, answer)
        assert "raised" not in error
        assert "bad_cast" not in error


def test_an_error_inside_the_native_adapter_names_the_native_engine(
    monkeypatch: pytest.MonkeyPatch, engines: tuple[ReferenceImplementation, NativeImplementation]
) -> None:
    """The server's last resort (an engine that raises) names the engine that raised."""

    def broken(_request: Any) -> Any:
        raise RuntimeError("std::bad_cast")

    for implementation, name in zip(engines, ("the reference", "the native engine"), strict=True):
        monkeypatch.setattr(implementation, "_dispatch", broken)
        out = io.StringIO()
        serve(io.BytesIO(b'{"seq": 3, "type": "state"}\n'), out, implementation)
        answer = json.loads(out.getvalue())
        assert answer == {"seq": 3, "error": f"{name} raised RuntimeError: std::bad_cast"}
