"""The runner: outcomes, skips, expect-fail, selection, and the engine kinds of check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kanasta.conformance import runner
from kanasta.conformance.checks import Outcome
from kanasta.conformance.connections import InProcessConnection
from kanasta.conformance.engine_api import EngineStatus
from kanasta.conformance.loader import fixture_from_json, load_fixtures
from kanasta.conformance.model import Fixture
from kanasta.conformance.protocol import Hello, ProtocolValidator, build_requests
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.runner import (
    EXIT_FAILED,
    EXIT_NOTHING_CHECKED,
    EXIT_OK,
    RunResult,
    Selection,
    read_expect_fail,
    reference_dealer,
    run_fixtures,
)
from kanasta.errors import InputError
from kanasta.families.koz import PROFILE as KOZ
from tests.conformance.helpers import (
    ToyEngine,
    good_meld,
    meld_fixture,
    no_engine_reference,
    toy_reference,
    toy_state,
)


def fixture(data: dict[str, Any]) -> Fixture:
    return fixture_from_json(data, data["id"])


def run(
    fixtures: list[Fixture], reference: ReferenceImplementation | None = None, **kwargs: Any
) -> RunResult:
    connection = InProcessConnection(
        reference or no_engine_reference(), validator=ProtocolValidator()
    )
    return run_fixtures(fixtures, connection, **kwargs)


def engine_fixture(ident: str, steps: list[dict[str, Any]], **setup: Any) -> Fixture:
    return fixture(
        {
            "id": ident,
            "variant": "koz",
            "clauses": ["x"],
            "description": "toy",
            "setup": setup or {"state": toy_state(["5H 6H", "7H"], "8H 9H 10H")},
            "steps": steps,
        }
    )


def outcomes(result: RunResult) -> list[str]:
    return [r.outcome.value for r in result.results]


def test_pass_fail_and_reasons() -> None:
    bad = meld_fixture(
        "fi-5200/t/bad",
        "4H 5H 6H 2C 8H",
        {
            "verdict": "legal",
            "arrangement": {"kind": "set", "rank": "4", "cards": ["4H"]},
            "points": 1,
        },
    )
    result = run([fixture(good_meld("fi-5200/t/good")), fixture(bad)])
    assert outcomes(result) == ["pass", "fail"]
    assert result.results[1].reason.startswith("step 0 (meld): arrangement: expected")
    assert (result.ok, result.exit_status, result.checked) == (False, EXIT_FAILED, 2)
    assert [r.fixture.id for r in result.failures()] == ["fi-5200/t/bad"]
    assert result.hello.name == "kanasta reference"
    assert result.implementation == "in-process"
    assert result.restarts == 0


def test_engine_kinds_are_skipped_without_an_engine() -> None:
    toy = engine_fixture("koz/t/e", [{"kind": "count", "expect": {"count": 1}}])
    result = run([toy, fixture(good_meld("fi-5200/t/good"))])
    assert outcomes(result) == ["skipped", "pass"]
    assert result.results[0].reason == "count checks not supported: engine not available"
    assert result.exit_status == EXIT_OK


def test_a_skip_never_counts_as_a_pass() -> None:
    toy = engine_fixture("koz/t/e", [{"kind": "count", "expect": {"count": 1}}])
    result = run([toy])
    assert (result.checked, result.ok, result.exit_status) == (0, False, EXIT_NOTHING_CHECKED)


def test_variant_and_feature_skips() -> None:
    hello = Hello(
        protocol="1.0",
        name="x",
        variants=frozenset({"fi-351"}),
        requests=frozenset({"meld"}),
        reasons={"fi-5200": "later"},
    )
    featured = good_meld("fi-351/t/f") | {"features": ["players-3"], "variant": "fi-351"}
    result = run([fixture(good_meld("fi-5200/t/g")), fixture(featured)], hello=hello)
    assert [r.reason for r in result.results] == [
        "variant fi-5200 not supported (later)",
        "feature(s) not supported: players-3",
    ]


def test_expect_fail_turns_failures_into_xfail_and_passes_into_errors() -> None:
    bad = meld_fixture(
        "fi-5200/t/bad", "4H 5H 6H 2C 8H", {**good_meld("x/y")["steps"][0]["expect"], "points": 1}
    )
    fixtures = [
        fixture(good_meld("fi-5200/t/good")),
        fixture(bad),
        engine_fixture("koz/t/skip", [{"kind": "score", "expect": {"teams": [{"total": 1}]}}]),
    ]
    result = run(
        fixtures,
        expect_fail=frozenset({"fi-5200/t/good", "fi-5200/t/bad", "koz/t/skip", "gone/fixture"}),
    )
    assert outcomes(result) == ["xpass", "xfail", "skipped"]
    assert "unexpected pass" in result.results[0].reason
    assert result.results[1].reason.startswith("expected failure (fail): step 0")
    assert result.unknown_expect_fail == ("gone/fixture",)
    assert result.exit_status == EXIT_FAILED
    only_known = run(fixtures[1:2], expect_fail=frozenset({"fi-5200/t/bad"}))
    assert (only_known.ok, only_known.exit_status) == (True, EXIT_OK)


def test_read_expect_fail(tmp_path: Path) -> None:
    path = tmp_path / "known.txt"
    path.write_text("# header\n\nkoz/a  # fail: why\n  fi-5200/b\n", encoding="utf-8")
    assert read_expect_fail(path) == frozenset({"koz/a", "fi-5200/b"})
    path.write_text("koz/a koz/b\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"known\.txt:1: expected one fixture id"):
        read_expect_fail(path)
    with pytest.raises(InputError, match="cannot read the expect-fail file"):
        read_expect_fail(tmp_path / "missing.txt")


def test_selection() -> None:
    fixtures = [
        fixture(good_meld("fi-5200/canasta/a")),
        fixture(good_meld("fi-351/meld/b") | {"variant": "fi-351", "features": ["players-2"]}),
        fixture(good_meld("koz/meld/c") | {"variant": "koz", "clauses": ["set-definition"]}),
    ]

    def ids(selection: Selection) -> list[str]:
        return [f.id for f in selection.select(fixtures)]

    assert ids(Selection()) == ["fi-5200/canasta/a", "fi-351/meld/b", "koz/meld/c"]
    assert ids(Selection(variants=frozenset({"koz"}))) == ["koz/meld/c"]
    assert ids(Selection(patterns=("fi-5200/canasta",))) == ["fi-5200/canasta/a"]
    assert ids(Selection(patterns=("fi-5200/canasta/",))) == ["fi-5200/canasta/a"]
    assert ids(Selection(patterns=("*/meld/*",))) == ["fi-351/meld/b", "koz/meld/c"]
    assert ids(Selection(patterns=("fi-5200/can",))) == []
    assert ids(Selection(clauses=frozenset({"set-definition"}))) == ["koz/meld/c"]
    assert ids(Selection(with_features=frozenset({"players-2"}))) == ["fi-351/meld/b"]
    assert ids(Selection(without_features=frozenset({"players-2"}))) == [
        "fi-5200/canasta/a",
        "koz/meld/c",
    ]
    assert Selection(variants=frozenset({"koz"})).to_json()["variants"] == ["koz"]


def test_actions_state_score_count_with_an_engine() -> None:
    steps: list[dict[str, Any]] = [
        {
            "kind": "actions",
            "actions": [
                {
                    "action": {"type": "discard", "card": "5H"},
                    "expect": {"verdict": "rejected", "code": "wrong-phase", "clause": "toy-turn"},
                },
                {"action": {"type": "draw"}, "expect": {"verdict": "accepted"}},
                {
                    "action": {"type": "discard", "card": "KS"},
                    "expect": {
                        "verdict": "rejected",
                        "code": "card-not-in-hand",
                        "clause": "toy-discard",
                    },
                },
                {"action": {"type": "discard", "card": "5H"}, "expect": {"verdict": "accepted"}},
            ],
        },
        {
            "kind": "state",
            "expect": {
                "turn": 1,
                "phase": "draw",
                "hand_sizes": [2, 1],
                "hands": [["6H", "8H"], ["7H"]],
                "discard_top": "5H",
                "stock_size": 2,
                "hand_over": False,
            },
        },
        {"kind": "count", "expect": {"count": 1}},
        {"kind": "count", "depth": 2, "expect": {"count": 2}},
        {
            "kind": "actions",
            "actions": [
                {"action": {"type": "draw"}, "expect": {"verdict": "accepted"}},
                {"action": {"type": "discard", "card": "7H"}, "expect": {"verdict": "accepted"}},
            ],
        },
        {"kind": "state", "expect": {"hand_over": False, "turn": 0}},
        {
            "kind": "score",
            "expect": {
                "teams": [
                    {"total": -1.5, "breakdown": {"hand": -2, "bonus": 0.5}},
                    {"total": -0.5, "breakdown": {"hand": -1, "bonus": 0.5}},
                ]
            },
        },
    ]
    result = run([engine_fixture("koz/t/toy", steps)], toy_reference())
    assert outcomes(result) == ["pass"], result.results[0].reason
    assert [s.outcome for s in result.results[0].steps] == [Outcome.PASS] * 7


def test_engine_steps_that_fail() -> None:
    steps = [
        {"kind": "state", "expect": {"turn": 1}},
        {"kind": "count", "expect": {"count": 5}},
    ]
    result = run([engine_fixture("koz/t/toy", steps)], toy_reference())
    assert outcomes(result) == ["fail"]
    assert [s.outcome for s in result.results[0].steps] == [Outcome.FAIL, Outcome.FAIL]


def test_playthrough_from_a_seed_with_the_dealer() -> None:
    engine = ToyEngine()
    start = engine.new_state_from_seed(KOZ, 7)
    first = start["hands"][0][0]
    second = start["hands"][1][0]
    actions = [
        {"type": "draw"},
        {"type": "discard", "card": first},
        {"type": "draw"},
        {"type": "discard", "card": second},
    ]
    steps = [
        {
            "kind": "playthrough",
            "actions": actions,
            "expect": {"teams": [{"total": -2.5}, {"total": -2.5}]},
        }
    ]
    toy = engine_fixture("koz/t/play", steps, seed=7)
    requests = build_requests(
        toy, dealer=lambda _variant, seed, _features=(): engine.new_state_from_seed(KOZ, seed)
    )
    assert requests[0][1]["setup"]["state"] == start
    assert requests[0][1]["setup"]["seed"] == 7
    result = run([toy], toy_reference())
    assert outcomes(result) == ["pass"], result.results[0].reason
    wrong = engine_fixture(
        "koz/t/play2", [{**steps[0], "actions": [{"type": "discard", "card": "AS"}]}], seed=7
    )
    result = run([wrong], toy_reference())
    assert result.results[0].reason == (
        "step 0 (playthrough): verdict: expected every action accepted, got action 0 "
        "rejected (wrong-phase [toy-turn])"
    )


def test_setup_prefix_that_is_refused_is_an_error() -> None:
    steps = [{"kind": "count", "expect": {"count": 1}}]
    toy = engine_fixture(
        "koz/t/prefix",
        steps,
        state=toy_state(["5H", "6H"], "7H"),
        actions=[{"type": "discard", "card": "5H"}],
    )
    result = run([toy], toy_reference())
    assert outcomes(result) == ["error"]
    assert "setup action 0 (discard) is refused: wrong-phase [toy-turn]" in result.results[0].reason


def test_an_engine_that_raises_is_an_error_and_the_run_goes_on() -> None:
    boom = engine_fixture(
        "koz/t/boom",
        [
            {
                "kind": "actions",
                "actions": [
                    {"action": {"type": "draw"}, "expect": {"verdict": "accepted"}},
                    {"action": {"type": "pass"}, "expect": {"verdict": "accepted"}},
                ],
            }
        ],
    )
    after = engine_fixture("koz/t/after", [{"kind": "count", "expect": {"count": 1}}])
    result = run([boom, after], toy_reference())
    assert outcomes(result) == ["error", "pass"]
    assert "crash: the reference raised RuntimeError: the toy engine exploded" in (
        result.results[0].reason
    )


def test_malformed_engine_input_is_an_error_answer() -> None:
    reference = toy_reference()
    bad_state = {"seq": 1, "type": "state", "variant": "koz", "setup": {"state": {"x": 1}}}
    assert "a toy state has hands" in reference.answer(bad_state)["error"]
    answers = [
        reference.answer({"seq": 2, "type": "state", "variant": "koz", "setup": 3}),
        reference.answer({"seq": 3, "type": "state", "variant": "koz", "setup": {"actions": []}}),
        reference.answer(
            {
                "seq": 4,
                "type": "count",
                "variant": "koz",
                "depth": 9,
                "setup": {"seed": 1, "actions": []},
            }
        ),
        reference.answer(
            {
                "seq": 5,
                "type": "actions",
                "variant": "koz",
                "actions": {},
                "setup": {"seed": 1, "actions": []},
            }
        ),
        reference.answer(
            {
                "seq": 6,
                "type": "playthrough",
                "variant": "koz",
                "actions": 1,
                "setup": {"seed": 1, "actions": []},
            }
        ),
        reference.answer(
            {"seq": 7, "type": "state", "variant": "koz", "setup": {"seed": 1, "actions": {}}}
        ),
        reference.answer({"seq": 8, "type": "dance", "variant": "koz"}),
    ]
    assert all("error" in a for a in answers), answers
    assert [a["seq"] for a in answers] == [2, 3, 4, 5, 6, 7, 8]
    assert reference.answer({"type": "meld", "variant": "nope"}) == {
        "unsupported": "unknown variant 'nope'"
    }


def test_count_refuses_an_engine_that_lists_an_action_it_refuses() -> None:
    class Liar(ToyEngine):
        def legal_actions(self, _profile: Any, _state: Any, /) -> Any:
            return ({"type": "discard", "card": "AS"},)

    reference = ReferenceImplementation(EngineStatus(Liar(), ""))
    answer = reference.answer(
        {
            "seq": 1,
            "type": "count",
            "variant": "koz",
            "depth": 2,
            "setup": {"state": toy_state(["5H", "6H"], "7H"), "actions": []},
        }
    )
    assert "lists an action it then refuses" in answer["error"]


def test_meld_request_errors_are_answers_not_exceptions() -> None:
    reference = no_engine_reference()
    base = {"seq": 1, "type": "meld", "variant": "koz", "cards": ["5H", "6H", "7H"]}
    extras: list[dict[str, Any]] = [
        {"cards": "5H 6H X"},
        {"cards": 5},
        {"wild_at": 99},
        {"wild_at": True},
        {"lay_offs": {}},
        {"lay_offs": [3]},
        {"trump": 5},
        {"trump": "ZZ"},
    ]
    for extra in extras:
        answer = reference.answer({**base, **extra})
        assert "error" in answer, extra
    assert reference.answer({**base, "cards": "5H 6H 7H"})["verdict"] == "legal"
    assert reference.answer({"seq": 9, "type": "bye"}) == {"seq": 9, "type": "bye"}


def test_reference_dealer_follows_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "load_engine", lambda: EngineStatus(None, "none"))
    assert reference_dealer() is None
    monkeypatch.setattr(runner, "load_engine", lambda: EngineStatus(ToyEngine(), ""))
    deal = reference_dealer()
    assert deal is not None
    assert deal("nope", 1) is None
    state = deal("koz", 1)
    assert state is not None
    assert len(state["hands"]) == 2


def test_progress_callback_sees_every_fixture() -> None:
    seen: list[tuple[int, int, str]] = []
    run(
        [fixture(good_meld("fi-5200/t/a")), fixture(good_meld("fi-5200/t/b"))],
        on_result=lambda done, total, r: seen.append((done, total, r.fixture.id)),
    )
    assert seen == [(1, 2, "fi-5200/t/a"), (2, 2, "fi-5200/t/b")]


def test_builtin_suite_passes_in_process() -> None:
    loaded = load_fixtures()
    result = run(list(loaded.fixtures), ReferenceImplementation())
    assert result.ok, [r.reason for r in result.results if r.outcome is not Outcome.PASS]
