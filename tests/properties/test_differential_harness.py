"""The differential self-play harness (kanasta.play.differential) on engines that are always
there: the reference against itself finds nothing; a reference with one flaw planted is
caught at the right hand and step, with both sides shown. tests/native uses the same harness
against the native engine."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from kanasta.conformance.engine_api import Engine
from kanasta.errors import InputError, Violation
from kanasta.families import get_profile
from kanasta.native import get_engine
from kanasta.play.differential import (
    Difference,
    compare_hand,
    json_differences,
    pick_action,
    policy_stream,
    reference_engine,
    run_differential,
)
from kanasta.rules.deal import splitmix64
from kanasta.rules.families import RulesProfile
from kanasta.testing.strategies import get_one_option_profiles


class _Flawed:
    """The reference engine with one flaw planted after ``after`` actions applied: ``kind``
    is ``state`` (the first team's score grows by a point), ``list`` (the last legal
    action is not listed), ``refuse`` (every action is refused), ``raise`` or ``score``."""

    def __init__(self, kind: str, after: int = 3) -> None:
        self._inner = reference_engine()
        self._kind = kind
        self._after = after
        self._applied = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def new_state_from_seed(self, profile: RulesProfile, seed: int, /) -> Any:
        self._applied = 0
        return self._inner.new_state_from_seed(profile, seed)

    def _flawed(self, kind: str) -> bool:
        return self._kind == kind and self._applied >= self._after

    def state_to_json(self, profile: RulesProfile, state: Any, /) -> dict[str, Any]:
        out = self._inner.state_to_json(profile, state)
        if self._flawed("state"):
            out["team_scores"] = [out["team_scores"][0] + 1, *out["team_scores"][1:]]
        return out

    def legal_actions(self, profile: RulesProfile, state: Any, /) -> Sequence[Any]:
        actions = self._inner.legal_actions(profile, state)
        if self._flawed("raise"):
            raise RuntimeError("planted failure")
        return actions[:-1] if self._flawed("list") and len(actions) > 1 else actions

    def apply_action(self, profile: RulesProfile, state: Any, action: Any, /) -> Any | Violation:
        if self._flawed("refuse"):
            return Violation("turn-structure", "planted", "")
        self._applied += 1
        return self._inner.apply_action(profile, state, action)

    def score_hand(self, profile: RulesProfile, state: Any, /) -> Any:
        teams = [dict(t) for t in self._inner.score_hand(profile, state)]
        if self._kind == "score":
            teams[0]["total"] += 2
        return teams


def test_the_policy_stream_is_splitmix64_modulo_the_count() -> None:
    stream = policy_stream(5, 2)
    assert stream == 7 ^ 0xD1B54A32D192ED03
    following, value = splitmix64(stream)
    assert pick_action(stream, 9) == (following, value % 9)
    assert policy_stream(2**64 - 1, 1) == 0xD1B54A32D192ED03


def test_the_reference_against_itself_differs_nowhere_in_every_profile() -> None:
    run = run_differential(
        get_one_option_profiles(), 4, 17, first=reference_engine, second=reference_engine
    )
    assert run.differences == ()
    counts = run.counts()
    assert sum(hands for hands, _, _ in counts.values()) == 16 == run.hands
    assert run.moves > 16 * 50
    assert "0 with a difference" in run.format()
    assert json.loads(json.dumps(run.to_json()))["differences"] == []


@pytest.mark.parametrize(
    ("kind", "what", "step"),
    [("state", "state", 3), ("list", "legal-actions", 3), ("refuse", "refusal", 4)],
)
def test_a_planted_flaw_is_found_at_its_step_with_both_sides(
    kind: str, what: str, step: int
) -> None:
    profile = get_profile("koz")
    check = compare_hand(profile, 40, 2, reference_engine(), _Flawed(kind))
    found = check.difference
    assert found is not None
    assert (found.what, found.step, found.hand, found.deal_seed) == (what, step, 2, 42)
    assert found.variant == "koz"
    text = found.format()
    assert "koz: hand 2 of seed 40 (dealt from seed 42)" in text
    assert f"step {step}" in text
    assert found.paths()
    assert json.loads(json.dumps(found.to_json()))["what"] == what


def test_a_listed_action_missing_is_named() -> None:
    check = compare_hand(get_profile("classic"), 3, 0, reference_engine(), _Flawed("list", 0))
    assert check.difference is not None
    paths = check.difference.paths()
    assert paths[0].startswith("$: ")
    assert "entries, the first difference at" in paths[0]
    assert any(p.startswith("only the reference: ") for p in paths)


def test_a_raising_engine_and_a_wrong_score_are_differences_not_crashes() -> None:
    profile = get_profile("fi-351", ["players-2"])
    raised = compare_hand(profile, 1, 0, reference_engine(), _Flawed("raise", 1)).difference
    assert raised is not None
    assert raised.what == "error"
    assert "RuntimeError: planted failure" in raised.format()
    scored = compare_hand(profile, 1, 0, reference_engine(), _Flawed("score")).difference
    assert scored is not None
    assert scored.what == "score"
    assert scored.step > 20


def test_a_run_over_two_processes_checks_the_same_hands() -> None:
    profiles = [get_profile("classic"), get_profile("classic", ["players-3"])]
    serial = run_differential(
        profiles, 3, 9, first=reference_engine, second=reference_engine, progress=None
    )
    seen: list[tuple[int, int]] = []
    parallel = run_differential(
        profiles,
        3,
        9,
        jobs=2,
        first=reference_engine,
        second=reference_engine,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert serial.checks == parallel.checks
    assert [c.variant for c in serial.checks] == ["classic", "classic players-3", "classic"]
    assert seen[-1] == (3, 3)


def test_json_differences_name_the_paths() -> None:
    assert json_differences({"a": [1, 2]}, {"a": [1, 2]}) == []
    assert json_differences({"a": [1, 2], "b": 1}, {"a": [1, 3], "c": 1}) == [
        "$.a[1]: 2 != 3",
        "$.b: only in the first (1)",
        "$.c: only in the second (1)",
    ]
    assert json_differences(1, 1.0) == ["$: 1 != 1.0"]
    assert json_differences([1], [1, 2]) == ["$: [1] != [1, 2]"]


def test_many_differences_are_summed_up() -> None:
    many = Difference("koz", 1, 0, 1, "state", None, list(range(10)), list(range(1, 11)))
    assert "... and 4 more" in many.format()


def test_bad_counts_are_input_errors() -> None:
    with pytest.raises(InputError, match="--jobs"):
        run_differential([get_profile("koz")], 1, 1, jobs=0)
    with pytest.raises(InputError, match="--hands"):
        run_differential([get_profile("koz")], -1, 1)


def test_the_engines_are_named() -> None:
    engine: Engine = get_engine("reference")
    assert type(reference_engine()) is type(engine)
