"""Shared helpers for the conformance tests: fixture writers and a toy engine.

The toy engine plays a tiny game in the fixture state format (draw one card,
then discard one; the hand is over when a hand is empty or the stock runs out),
so that the engine kinds of check (actions, state, score, count, playthrough)
can be tested end to end without the real game engine.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from kanasta.conformance.connections import SubprocessConnection
from kanasta.conformance.engine_api import EngineStatus
from kanasta.conformance.loader import fixture_from_json
from kanasta.conformance.model import Fixture
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.runner import RunResult, run_fixtures
from kanasta.errors import InputError, Violation
from kanasta.rules.cards import format_card, parse_card
from kanasta.rules.families import RulesProfile
from kanasta.rules.points import HalfPoints

FAKES = Path(__file__).parent / "fakes"
REPO = Path(__file__).resolve().parents[2]
NODE_ADAPTER = REPO / "conformance" / "adapters" / "node" / "adapter.js"


def fake_command(name: str, *args: str) -> list[str]:
    """The argv that starts one of the fake implementations."""
    return [sys.executable, str(FAKES / f"{name}.py"), *args]


def meld_fixture(ident: str, cards: str, expect: Mapping[str, Any], **extra: Any) -> dict[str, Any]:
    """A one-step meld fixture (variant: the id's first part)."""
    step: dict[str, Any] = {
        "kind": "meld",
        "cards": cards.split(),
        **copy.deepcopy(extra),
        "expect": copy.deepcopy(dict(expect)),
    }
    return {
        "id": ident,
        "variant": ident.split("/", maxsplit=1)[0],
        "clauses": ["meld-points"],
        "description": f"test fixture {ident}",
        "steps": [step],
    }


LEGAL_35: dict[str, Any] = {
    "verdict": "legal",
    "arrangement": {"kind": "run", "suit": "H", "low": 4, "cards": ["4H", "5H", "6H", "2C", "8H"]},
    "points": 35,
}


def good_meld(ident: str) -> dict[str, Any]:
    """A fi-5200 meld fixture the reference passes (the id's first part is replaced)."""
    return meld_fixture(ident, "4H 5H 6H 2C 8H", LEGAL_35) | {"variant": "fi-5200"}


def good_meld_fixtures(group: str, *names: str) -> list[Fixture]:
    """Passing fi-5200 meld fixtures ``fi-5200/GROUP/NAME``, loaded."""
    out = []
    for name in names:
        data = good_meld(f"fi-5200/{group}/{name}")
        out.append(fixture_from_json(data, data["id"]))
    return out


def run_fake(
    argv: list[str],
    fixtures: list[Fixture],
    *,
    timeout: float,
    start_timeout: float,
    **kwargs: Any,
) -> RunResult:
    """Run fixtures against a fake implementation as a subprocess, always closing it."""
    connection = SubprocessConnection(argv, timeout=timeout, start_timeout=start_timeout, **kwargs)
    try:
        return run_fixtures(fixtures, connection)
    finally:
        connection.close()


def outcomes(result: RunResult) -> list[str]:
    """The outcome of each fixture of a run, in order."""
    return [r.outcome.value for r in result.results]


def write_fixture(root: Path, data: Mapping[str, Any], ident: str | None = None) -> Path:
    """Write a fixture file where its id says (or at ``ident``)."""
    path = root / f"{ident or data['id']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def no_engine_reference() -> ReferenceImplementation:
    """The reference with no engine (engine kinds answer unsupported)."""
    return ReferenceImplementation(EngineStatus(None, "engine not available"))


# ----------------------------------------------------------------------------- toy engine

ToyState = dict[str, Any]
ToyAction = dict[str, Any]


def toy_state(hands: Sequence[str], stock: str, *, turn: int = 0, phase: str = "draw") -> ToyState:
    """A toy state in the fixture format."""
    return {
        "hands": [h.split() for h in hands],
        "stock": stock.split(),
        "discard": [],
        "melds": [[], []],
        "turn": turn,
        "phase": phase,
        "hand_over": False,
    }


class ToyEngine:
    """A tiny engine satisfying :class:`kanasta.conformance.engine_api.Engine`."""

    def new_state_from_json(
        self, _profile: RulesProfile, obj: Mapping[str, Any], where: str, /
    ) -> ToyState:
        if "hands" not in obj:
            raise InputError(f"{where}: a toy state has hands")
        for hand in obj["hands"]:
            for card in hand:
                parse_card(card)
        return json.loads(json.dumps(obj))  # type: ignore[no-any-return]

    def new_state_from_seed(self, _profile: RulesProfile, seed: int, /) -> ToyState:
        deck = [format_card(c) for c in range(52)]
        random.Random(seed).shuffle(deck)
        return toy_state([" ".join(deck[:3]), " ".join(deck[3:6])], " ".join(deck[6:12]))

    def state_to_json(self, _profile: RulesProfile, state: ToyState, /) -> dict[str, Any]:
        return state

    def action_from_json(
        self, _profile: RulesProfile, obj: Mapping[str, Any], where: str, /
    ) -> ToyAction:
        if obj.get("type") not in ("draw", "discard", "pass"):
            raise InputError(f"{where}.type: not a toy action")
        return dict(obj)

    def action_to_json(self, _profile: RulesProfile, action: ToyAction, /) -> dict[str, Any]:
        return action

    def legal_actions(self, _profile: RulesProfile, state: ToyState, /) -> Sequence[ToyAction]:
        if state["hand_over"]:
            return ()
        if state["phase"] == "draw":
            return ({"type": "draw"},) if state["stock"] else ()
        hand = state["hands"][state["turn"]]
        return tuple({"type": "discard", "card": card} for card in sorted(set(hand)))

    def apply_action(
        self, _profile: RulesProfile, state: ToyState, action: ToyAction, /
    ) -> ToyState | Violation:
        if state["hand_over"]:
            return Violation("toy-over", "hand-over")
        new: ToyState = json.loads(json.dumps(state))
        hand = new["hands"][new["turn"]]
        if action["type"] == "draw":
            if new["phase"] != "draw":
                return Violation("toy-turn", "wrong-phase", "discard first")
            hand.append(new["stock"].pop(0))
            new["phase"] = "discard"
            return new
        if action["type"] == "pass":  # the toy engine's defect: a protocol action it breaks on
            raise RuntimeError("the toy engine exploded")
        if new["phase"] != "discard":
            return Violation("toy-turn", "wrong-phase", "draw first")
        card = action.get("card")
        if card not in hand:
            return Violation("toy-discard", "card-not-in-hand")
        hand.remove(card)
        new["discard"].append(card)
        new["turn"] = (new["turn"] + 1) % len(new["hands"])
        new["phase"] = "draw"
        if not hand or not new["stock"]:
            new["hand_over"] = True
            new["phase"] = "over"
        return new

    def score_hand(
        self, _profile: RulesProfile, state: ToyState, /
    ) -> Sequence[Mapping[str, HalfPoints]]:
        teams = []
        for hand in state["hands"]:
            penalty = -2 * len(hand)
            teams.append({"hand": penalty, "bonus": 1, "total": penalty + 1})
        return teams


def toy_reference() -> ReferenceImplementation:
    """The reference answering engine requests with the toy engine."""
    return ReferenceImplementation(EngineStatus(ToyEngine(), ""))
