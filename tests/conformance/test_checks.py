"""Comparing answers with expectations: what counts, what is ignored."""

from __future__ import annotations

from typing import Any

import pytest

from kanasta.conformance.checks import Outcome, check_answer, summarize_state
from kanasta.conformance.model import Step, StepKind
from tests.conformance.helpers import LEGAL_35


def meld_step(expect: dict[str, Any], lay_offs: int = 0) -> Step:
    params: dict[str, Any] = {
        "cards": [],
        "wild_at": None,
        "lay_offs": [{}] * lay_offs,
        "trump": None,
    }
    return Step(0, StepKind.MELD, params, expect)


def check(step: Step, answer: dict[str, Any]) -> tuple[Outcome, tuple[str, ...]]:
    return check_answer(step, answer)


def test_unsupported_is_a_skip_and_error_is_an_error() -> None:
    step = meld_step(LEGAL_35)
    assert check(step, {"unsupported": "no koz"}) == (Outcome.SKIPPED, ("no koz",))
    outcome, messages = check(step, {"error": "bad setup"})
    assert outcome is Outcome.ERROR
    assert "bad setup" in messages[0]


def test_a_question_step_always_passes() -> None:
    assert check(Step(0, StepKind.COUNT, {}, None), {"count": 1}) == (Outcome.PASS, ())


def test_meld_legal_compares_arrangement_points_canasta_bonus() -> None:
    expect = {**LEGAL_35, "canasta": None, "bonus": 0}
    good = {**expect, "points": "35", "detail": "ignored", "extra": 1}
    assert check(meld_step(expect), good) == (Outcome.PASS, ())
    lower = {
        **good,
        "arrangement": {**LEGAL_35["arrangement"], "cards": ["4h", "5h", "6h", "2c", "8h"]},
    }
    assert check(meld_step(expect), lower)[0] is Outcome.PASS
    outcome, messages = check(
        meld_step(expect), {**good, "points": 30, "canasta": "half", "bonus": 100}
    )
    assert outcome is Outcome.FAIL
    assert [m.split(":")[0] for m in messages] == ["points", "canasta", "bonus"]
    swapped = {
        **good,
        "arrangement": {**LEGAL_35["arrangement"], "cards": ["2C", "4H", "5H", "6H", "8H"]},
    }
    assert check(meld_step(expect), swapped)[1][0].startswith("arrangement: expected")


def test_meld_canasta_and_bonus_are_compared_only_when_expected() -> None:
    answer = {**LEGAL_35, "canasta": "full", "bonus": 200}
    assert check(meld_step(LEGAL_35), answer) == (Outcome.PASS, ())


def test_sets_compare_as_multisets_runs_in_order() -> None:
    expect = {
        "verdict": "legal",
        "arrangement": {"kind": "set", "rank": "7", "cards": ["7S", "7H", "2C"]},
        "points": 20,
    }
    answer = {
        "verdict": "legal",
        "arrangement": {"kind": "set", "rank": "7", "cards": ["2C", "7H", "7S"]},
        "points": 20,
    }
    assert check(meld_step(expect), answer)[0] is Outcome.PASS
    wild = {
        "verdict": "legal",
        "arrangement": {"kind": "wild", "cards": ["JK", "2C", "2D"]},
        "points": 6,
    }
    assert (
        check(
            meld_step(wild), {**wild, "arrangement": {"kind": "wild", "cards": ["2D", "JK", "2C"]}}
        )[0]
        is Outcome.PASS
    )
    spare: dict[str, Any] = {
        "verdict": "legal",
        "arrangement": {"kind": "run", "suit": "H", "low": 1, "cards": ["AH"], "spare": ["2C"]},
        "points": 1,
    }
    assert (
        check(meld_step(spare), {**spare, "arrangement": {**spare["arrangement"], "spare": []}})[0]
        is Outcome.FAIL
    )


@pytest.mark.parametrize(
    "arrangement",
    [
        None,
        {"kind": "run", "suit": "H", "low": 4, "cards": "4H 5H"},
        {"kind": "run", "suit": "H", "low": 4, "cards": ["4H", "XX"]},
        {"kind": "run", "suit": "H", "low": 4, "cards": ["4H"], "spare": [7]},
        {"kind": "ring", "cards": ["4H"]},
    ],
)
def test_malformed_arrangements_fail(arrangement: Any) -> None:
    answer = {"verdict": "legal", "arrangement": arrangement, "points": 35}
    assert check(meld_step(LEGAL_35), answer)[0] is Outcome.FAIL


def test_malformed_points_fail() -> None:
    for points in (None, "many", True, [35]):
        answer = {**LEGAL_35, "points": points}
        assert check(meld_step(LEGAL_35), answer)[0] is Outcome.FAIL


def test_meld_rejection_compares_code_clause_and_batch() -> None:
    expect = {
        "verdict": "rejected",
        "code": "too-many-wilds",
        "clause": "one-wild-per-meld",
        "at": 1,
    }
    answer = {**expect, "detail": "message text is never compared"}
    assert check(meld_step(expect, 1), answer) == (Outcome.PASS, ())
    outcome, messages = check(meld_step(expect, 1), {**expect, "code": "x", "clause": "y", "at": 0})
    assert outcome is Outcome.FAIL
    assert [m.split(":")[0] for m in messages] == ["code", "clause", "at"]
    outcome, messages = check(meld_step(expect, 1), LEGAL_35)
    assert messages == ('verdict: expected rejected, got "legal"',)
    outcome, messages = check(meld_step(LEGAL_35), expect)
    assert messages == (
        "verdict: expected legal, got rejected (too-many-wilds [one-wild-per-meld])",
    )


def actions_step() -> Step:
    expect = {
        "verdicts": [{"verdict": "accepted"}, {"verdict": "rejected", "code": "c", "clause": "k"}]
    }
    return Step(0, StepKind.ACTIONS, {"actions": [{}, {}]}, expect)


def test_actions_verdicts_one_by_one() -> None:
    good = {
        "verdicts": [
            {"verdict": "accepted"},
            {"verdict": "rejected", "code": "c", "clause": "k", "detail": "x"},
        ]
    }
    assert check(actions_step(), good) == (Outcome.PASS, ())
    _, messages = check(actions_step(), {"verdicts": [{"verdict": "accepted"}]})
    assert messages[0].startswith("verdicts: expected 2 verdicts")
    _, messages = check(
        actions_step(), {"verdicts": ["yes", {"verdict": "rejected", "code": "d", "clause": "k"}]}
    )
    assert messages == (
        'action 0: expected accepted, got "yes"',
        'action 1: code: expected "c", got "d"',
    )
    _, messages = check(
        actions_step(),
        {
            "verdicts": [
                {"verdict": "rejected", "code": "c", "clause": "k"},
                {"verdict": "accepted"},
            ]
        },
    )
    assert messages == (
        "action 0: expected accepted, got rejected (c [k])",
        'action 1: expected rejected, got "accepted"',
    )


STATE = {
    "hands": [["5H", "6H"], ["7H"]],
    "stock": ["8H", "9H", "10H"],
    "discard": ["2C", "KD"],
    "fi": [["AS"]],
    "melds": [
        [
            {
                "history": [{"cards": ["7S", "7H", "7D"]}],
                "arrangement": {"kind": "set", "rank": "7", "cards": ["7S", "7H", "7D"]},
                "canasta": None,
            }
        ],
        [],
    ],
    "turn": 1,
    "phase": "draw",
    "hand_over": False,
    "team_scores": [10, "4.5"],
    "trump": "5S",
    "fi_taken": [1, 0],
    "opened": [True, False],
}


def test_summarize_state_derives_the_facts() -> None:
    facts = summarize_state(STATE)
    assert facts["hand_sizes"] == [2, 1]
    assert (facts["stock_size"], facts["discard_size"], facts["discard_top"]) == (3, 2, "KD")
    assert facts["fi_left"] == 1
    assert facts["melds"][0][0]["arrangement"]["rank"] == "7"
    assert summarize_state("nope") == {}
    assert summarize_state({"discard": [], "hands": [3]})["discard_top"] is None
    assert summarize_state({})["fi_left"] == 0


def state_step(expect: dict[str, Any]) -> Step:
    return Step(0, StepKind.STATE, {}, expect)


def test_state_facts_match() -> None:
    expect = {
        "turn": 1,
        "phase": "draw",
        "hand_sizes": [2, 1],
        "hands": [["6H", "5H"], ["7H"]],
        "stock_size": 3,
        "discard_size": 2,
        "discard_top": "KD",
        "fi_left": 1,
        "fi_taken": [1, 0],
        "opened": [True, False],
        "hand_over": False,
        "team_scores": [10, 4.5],
        "trump": "5S",
        "melds": [
            [
                {
                    "arrangement": {"kind": "set", "rank": "7", "cards": ["7D", "7H", "7S"]},
                    "canasta": None,
                }
            ],
            [],
        ],
    }
    assert check(state_step(expect), {"state": STATE}) == (Outcome.PASS, ())


def test_state_facts_that_differ() -> None:
    expect = {
        "turn": 0,
        "hands": [["6H", "5H"], ["8H"]],
        "team_scores": [10, 4],
        "discard_top": "KS",
        "melds": [[{"canasta": "clean"}], []],
    }
    _, messages = check(state_step(expect), {"state": STATE})
    assert [m.split(":")[0] for m in messages] == [
        "turn",
        "hands[1]",
        "team_scores[1]",
        "discard_top",
        "melds[0][0] canasta",
    ]
    _, messages = check(
        state_step({"hands": [[]], "team_scores": [1], "melds": [[]]}), {"state": STATE}
    )
    assert [m.split(":")[0] for m in messages] == ["hands", "team_scores", "melds"]
    _, messages = check(
        state_step({"melds": [[{"canasta": None}], [{"canasta": None}]]}),
        {"state": {**STATE, "melds": [["x"], []]}},
    )
    assert [m.split(":")[0] for m in messages] == ["melds[0][0]", "melds[1]"]
    _, messages = check(state_step({"trump": None}), {"state": STATE})
    assert messages == ('trump: expected null, got "5S"',)


def score_expect() -> dict[str, Any]:
    return {"teams": [{"total": 12.5, "breakdown": {"melded": 10, "fi": 2.5}}, {"total": -3}]}


def test_scores_totals_and_breakdowns() -> None:
    step = Step(0, StepKind.SCORE, {}, score_expect())
    good = {
        "teams": [
            {"total": "12.5", "breakdown": {"fi": 2.5, "melded": 10}},
            {"total": -3, "breakdown": {"hand": -3}},
        ]
    }
    assert check(step, good) == (Outcome.PASS, ())
    bad = {"teams": [{"total": 12, "breakdown": {"melded": 10, "going-out": 2.5}}, "x"]}
    _, messages = check(step, bad)
    assert [m.split(":")[0] for m in messages] == [
        "scores team 0 total",
        "scores team 0 breakdown fi",
        "scores team 0 breakdown going-out",
        "scores team 1",
    ]
    _, messages = check(step, {"teams": [{"total": 12.5}, {"total": -3}]})
    assert messages == ('scores team 0 breakdown: expected {"melded": 10, "fi": 2.5}, got nothing',)
    _, messages = check(step, {"teams": {}})
    assert messages[0].startswith("scores: expected 2 teams")
    _, messages = check(
        step, {"teams": [{"total": 12.5, "breakdown": {"melded": 9, "fi": 2.5}}, {"total": -3}]}
    )
    assert messages == ("scores team 0 breakdown melded: expected 10, got 9",)


def test_count_and_playthrough() -> None:
    count = Step(0, StepKind.COUNT, {"depth": 1}, {"count": 7})
    assert check(count, {"count": 7})[0] is Outcome.PASS
    assert check(count, {"count": 7.0})[1] == ("count: expected 7, got 7.0",)
    play = Step(0, StepKind.PLAYTHROUGH, {"actions": []}, {"teams": [{"total": 1}]})
    assert check(play, {"verdict": "accepted", "teams": [{"total": 1, "breakdown": {}}]})[0] is (
        Outcome.PASS
    )
    _, messages = check(play, {"verdict": "rejected", "index": 3, "code": "c", "clause": "k"})
    assert messages == ("verdict: expected every action accepted, got action 3 rejected (c [k])",)


def run_meld(low: int, cards: list[str], spare: list[str] | None = None) -> dict[str, Any]:
    arrangement: dict[str, Any] = {"kind": "run", "suit": "H", "low": low, "cards": cards}
    if spare is not None:
        arrangement["spare"] = spare
    return {"history": [{"cards": cards}], "arrangement": arrangement, "canasta": None}


@pytest.mark.clause("state-json", "opening-personal")
def test_state_json_opened_seats_come_from_extra_or_from_the_team() -> None:
    seats = [False, True, False, False]
    personal = {**STATE, "hands": [[], [], [], []], "extra": {"opened_seats": seats}}
    assert summarize_state(personal)["opened_seats"] == [False, True, False, False]
    team = {**STATE, "hands": [[], [], [], []], "opened": [False, True]}
    assert summarize_state(team)["opened_seats"] == [False, True, False, True]
    assert summarize_state({})["opened_seats"] is None
    step = state_step({"opened_seats": [False, True, False, False]})
    assert check(step, {"state": personal}) == (Outcome.PASS, ())
    outcome, messages = check(step, {"state": team})
    assert outcome is Outcome.FAIL
    assert messages[0].startswith("opened_seats: expected")


@pytest.mark.clause("state-json", "run-wild-placement", "natural-two-in-place")
@pytest.mark.parametrize(
    ("meld", "place"),
    [
        (run_meld(5, ["5H", "JK", "7H"]), 6),
        (run_meld(4, ["2C", "5H", "6H"]), 4),
        (run_meld(3, ["3H", "4H", "5H", "2H"]), 6),
        (run_meld(2, ["2H", "3H", "4H", "5H"]), None),
        (run_meld(1, ["AH", "2H", "3H", "JK"]), 4),
        (run_meld(1, ["AH", "2H", "3H"], spare=[]), None),
        (
            {
                "history": [{"cards": ["7S", "7D", "JK"]}],
                "arrangement": {"kind": "set", "rank": "7", "cards": ["7S", "7D", "JK"]},
            },
            None,
        ),
    ],
)
def test_state_json_wild_at_is_read_from_the_arrangement(
    meld: dict[str, Any], place: int | None
) -> None:
    got = {"state": {**STATE, "melds": [[meld], []]}}
    assert check(state_step({"melds": [[{"wild_at": place}], []]}), got) == (Outcome.PASS, ())
    other = 9 if place is None else None
    outcome, messages = check(state_step({"melds": [[{"wild_at": other}], []]}), got)
    assert outcome is Outcome.FAIL
    assert messages[0].startswith("melds[0][0] wild_at: expected")


@pytest.mark.clause("state-json")
@pytest.mark.parametrize(
    "arrangement",
    [
        None,
        {"kind": "run", "suit": "H", "low": "5", "cards": ["5H", "JK", "7H"]},
        {"kind": "run", "suit": "H", "low": 5, "cards": ["5H", "JK", "2C"]},
        {"kind": "run", "suit": "H", "low": 5, "cards": ["5H", "XX"]},
    ],
)
def test_state_json_wild_at_of_an_unreadable_arrangement_never_matches(arrangement: Any) -> None:
    got = {"state": {**STATE, "melds": [[{"history": [], "arrangement": arrangement}], []]}}
    for place in (None, 6, 7):
        outcome, _ = check(state_step({"melds": [[{"wild_at": place}], []]}), got)
        assert outcome is Outcome.FAIL
