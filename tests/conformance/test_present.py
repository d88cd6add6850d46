"""``conformance show`` and ``explain``: scenarios and answers as a person reads them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kanasta.conformance import present
from kanasta.conformance.loader import fixture_from_json, load_fixtures
from kanasta.conformance.model import Step, StepKind
from kanasta.conformance.present import (
    ExplainStatus,
    describe_answer,
    describe_step,
    explain,
    format_fixture,
)
from kanasta.conformance.protocol import build_requests
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.specdoc.spec import load_spec
from tests.conformance.helpers import toy_reference, toy_state

TOY_STEPS: list[dict[str, Any]] = [
    {
        "kind": "actions",
        "note": "a draw and a bad discard",
        "actions": [
            {"action": {"type": "draw"}, "expect": {"verdict": "accepted"}},
            {
                "action": {"type": "discard", "card": "KS"},
                "expect": {
                    "verdict": "rejected",
                    "code": "card-not-in-hand",
                    "clause": "toy-discard",
                },
            },
        ],
    },
    {"kind": "state", "expect": {"turn": 0, "phase": "discard"}},
    {"kind": "count", "depth": 1, "expect": {"count": 3}},
    {
        "kind": "score",
        "expect": {
            "teams": [{"total": -2.5, "breakdown": {"hand": -3, "bonus": 0.5}}, {"total": -0.5}]
        },
    },
    {
        "kind": "playthrough",
        "actions": [{"type": "discard", "card": "5H"}] * 6,
        "expect": {"teams": [{"total": 0}, {"total": 0}]},
    },
]


def toy_fixture(**setup: Any) -> Any:
    data = {
        "id": "fi-351/t/toy",
        "variant": "fi-351",
        "clauses": ["lay-off", "no-such-clause"],
        "description": "A toy scenario with every kind of step.",
        "source": "seed 000",
        "features": ["target-555"],
        "setup": setup,
        "steps": TOY_STEPS,
    }
    return fixture_from_json(data, "toy")


def test_format_fixture_with_a_state_setup() -> None:
    state = toy_state(["5H 6H", "7H"], "8H 9H 10H")
    state["melds"] = [
        [
            {
                "history": [{"cards": ["9S", "9H", "9D"]}],
                "arrangement": {"kind": "set", "rank": "9", "cards": ["9S", "9H", "9D"]},
            },
            {"history": [{"cards": ["5C", "6C", "7C"]}, {"cards": ["8C"]}]},
        ],
        [],
    ]
    text = format_fixture(toy_fixture(state=state, actions=[{"type": "draw"}]))
    assert text.startswith("fi-351/t/toy  (fi-351)\nsource: seed 000\nfeatures: target-555\n")
    assert "    hand of seat 0: 5H 6H" in text
    assert "    stock: 3 cards; discard pile: (none)" in text
    assert "    team 0 meld: set of 9: 9S 9H 9D" in text
    assert "    team 0 meld built from: 5C 6C 7C | 8C" in text
    assert "    then 1 action(s): draw" in text
    assert "Step 0 (actions) - a draw and a bad discard:" in text
    assert "    action 1: discard KS" in text
    assert "    action 1: rejected: card-not-in-hand [clause toy-discard]" in text
    assert "    count the legal action sequences of depth 1" in text
    assert "    team 0: -2.5 (hand -3, bonus 0.5)" in text
    assert "    play 6 actions: discard 5H; discard 5H" in text
    assert "..." in text
    assert "[no-such-clause] (no such clause in this edition of the spec)" in text
    assert "3.15  Laying off  [lay-off]" in text


def test_format_fixture_with_a_seed_setup() -> None:
    assert "    the spec's deal from seed 4" in format_fixture(toy_fixture(seed=4))


def test_describe_step_of_a_meld() -> None:
    step = Step(
        0,
        StepKind.MELD,
        {
            "cards": ["5H", "6H", "2C"],
            "wild_at": 7,
            "going_out": True,
            "lay_offs": [{"cards": ["8H"], "wild_at": 4}],
            "trump": "5S",
        },
        None,
    )
    assert describe_step(step) == [
        "lay 5H 6H 2C as a new meld (wild at position 7), going out",
        "then lay-off 1: 8H (wild to position 4)",
        "trump card: 5S",
    ]


def test_describe_answer_forms() -> None:
    meld = Step(0, StepKind.MELD, {}, None)
    assert describe_answer(meld, None) == ["(no expectation)"]
    assert describe_answer(meld, {"unsupported": "no"}) == ["unsupported: no"]
    assert describe_answer(meld, {"error": "bad"}) == ["error: bad"]
    assert describe_answer(meld, {"verdict": "rejected", "code": "c", "clause": "k", "at": 2}) == [
        "rejected: c [clause k] at lay-off 2"
    ]
    legal = {
        "verdict": "legal",
        "arrangement": {"kind": "wild", "cards": ["2C", "2D", "JK"]},
        "points": 6,
        "bonus": 0,
    }
    assert describe_answer(meld, legal) == [
        "legal: meld of wild cards: 2C 2D JK",
        "points: 6",
        "bonus: 0",
    ]
    spare = {
        "verdict": "legal",
        "arrangement": {"kind": "run", "suit": "H", "low": 1, "cards": ["AH"], "spare": ["2C"]},
        "points": 1,
    }
    assert describe_answer(meld, spare)[0] == "legal: run of H from position 1: AH (outside: 2C)"
    state = Step(0, StepKind.STATE, {}, None)
    assert describe_answer(state, {"state": {"turn": 1}}) == ["turn: 1"]
    assert describe_answer(state, {"state": 5}) == ["5"]
    play = Step(0, StepKind.PLAYTHROUGH, {}, None)
    assert describe_answer(
        play, {"verdict": "rejected", "index": 3, "code": "c", "clause": "k"}
    ) == ["action 3 rejected: c [clause k]"]
    assert describe_answer(Step(0, StepKind.SCORE, {}, None), {"teams": [3, {"total": 1}]}) == [
        "team 1: 1"
    ]


def test_explain_answers_every_step_and_compares_given_expectations() -> None:
    fixture = toy_fixture(state=toy_state(["5H 6H", "7H"], "8H 9H 10H"))
    text, status = explain(fixture, reference=toy_reference(), spec=load_spec())
    assert status is ExplainStatus.DIFFERS
    assert "Question: fi-351/t/toy (fi-351)" in text
    assert "  this agrees with the expectation given." in text
    assert "  this DIFFERS from the expectation given:" in text
    assert "[toy-discard] (no such clause in this edition of the spec)" in text


def test_explain_a_legal_meld_names_the_deciding_clauses() -> None:
    data = {
        "variant": "koz",
        "id": "q",
        "clauses": ["canasta-trump-match"],
        "description": "q",
        "steps": [
            {
                "kind": "meld",
                "cards": ["9S", "9S", "9H", "9H", "9D", "9D", "9C"],
                "trump": "9D",
                "expect": {
                    "verdict": "legal",
                    "arrangement": {
                        "kind": "set",
                        "rank": "9",
                        "cards": ["9S", "9S", "9H", "9H", "9D", "9D", "9C"],
                    },
                    "points": 7,
                    "canasta": "clean",
                    "bonus": 40,
                },
            }
        ],
    }
    text, status = explain(fixture_from_json(data, "q"), reference=toy_reference())
    assert status is ExplainStatus.ANSWERED
    for slug in (
        "set-definition",
        "meld-points",
        "canasta-clean-dirty",
        "canasta-bonus",
        "canasta-trump-match",
    ):
        assert f"[{slug}]" in text


def test_every_clause_explain_may_cite_exists() -> None:
    slugs = {c.slug for c in load_spec()}
    answers = [
        {"verdict": "legal", "arrangement": {"kind": k}, "canasta": c}
        for k in ("set", "run", "wild")
        for c in (
            "clean",
            "dirty",
            "super",
            "all-wild",
            "half",
            "full",
            "grand",
            "natural",
            "mixed",
        )
    ]
    cited = {s for a in answers for s in present.get_meld_clauses(a)}
    assert cited <= slugs


def test_which_runs_hold_an_acting_wild() -> None:
    def run(low: object, cards: object, spare: Sequence[str] = ()) -> dict[str, Any]:
        return {"kind": "run", "suit": "H", "low": low, "cards": cards, "spare": list(spare)}

    assert not present._has_acting_wild(run(12, ["QH", "KH", "AH"]))
    assert not present._has_acting_wild(run(1, ["AH", "2H", "3H"]))
    assert present._has_acting_wild(run(4, ["4H", "5H", "2C"]))
    assert present._has_acting_wild(run(1, ["AH", "2H"], ["JK"]))
    assert present._has_acting_wild(run(13, ["KH", "AH", "JK"]))
    assert not present._has_acting_wild(run(None, ["4H"]))
    assert not present._has_acting_wild(run(4, "4H 5H"))


def _deal_fixture(deal: dict[str, Any]) -> Any:
    for fixture in load_fixtures().fixtures:
        step = fixture.steps[0]
        if (
            fixture.variant == "classic"
            and step.kind is StepKind.DEAL
            and ("deck" in step.params) == ("deck" in deal)
        ):
            return fixture
    raise AssertionError("no such deal fixture")


def test_describe_a_deal_from_a_deck_and_its_answer_in_both_languages() -> None:
    fixture = _deal_fixture({"deck": True})
    step = fixture.steps[0]
    english = present.describe_step(step)
    assert english[0].startswith("deal the deck given in order (108 cards), seat ")
    assert english[1].startswith("top of the deck: ")
    turkish = present.describe_step(step, "tr")
    assert turkish != english
    ((_, request),) = build_requests(fixture)
    answer = ReferenceImplementation().answer(request)
    lines = describe_answer(step, answer)
    assert lines[0] == f"first player: {answer['first_player']}"
    assert any(line.startswith("red threes laid: ") for line in lines)
    assert sum(line.startswith("seat ") for line in lines) == len(answer["hands"])
    odd = describe_answer(step, {"first_player": 1, "hands": "x", "pile": 3, "stock": []})
    assert "seat 0: x" not in odd
    assert "pile: 3" in odd


def test_describe_a_deal_from_a_seed() -> None:
    step = _deal_fixture({}).steps[0]
    assert present.describe_step(step)[0].startswith(
        f"deal a hand from seed {step.params['seed']}, seat "
    )
