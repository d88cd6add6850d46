"""One rule per fixture: relies_on is checked, and every rule has a fixture relying on no
other rule and a fixture a coarse engine can run."""

from __future__ import annotations

import dataclasses
from functools import cache

from kanasta.conformance.independence import (
    find_coarse_problems,
    find_reliance_problems,
    get_coarse_steps,
    get_pinned_rule,
)
from kanasta.conformance.loader import load_fixtures
from kanasta.conformance.model import Fixture
from kanasta.specdoc.spec import load_spec


@cache
def _suite() -> tuple[Fixture, ...]:
    return load_fixtures().fixtures


def test_the_suite_has_no_reliance_or_coarse_problem() -> None:
    clauses, fixtures = load_spec(), _suite()
    assert find_reliance_problems(clauses, fixtures) == []
    families = ["koz", "fi-5200", "fi-351", "classic"]
    problems, notes = find_coarse_problems(clauses, fixtures, families=families)
    assert problems == []
    assert all("'explicit-deal'" in note for note in notes)


def test_a_rule_pinned_only_by_fixtures_that_rely_on_another_is_reported() -> None:
    clauses = load_spec()
    fixtures = [f for f in _suite() if get_pinned_rule(f) == "classic-freeze-clears"]
    assert {f.relies_on for f in fixtures} == {(), ("classic-take-pile", "classic-frozen-pile")}
    masked = [f for f in fixtures if f.relies_on]
    (problem,) = find_reliance_problems(clauses, masked)
    assert "'classic-freeze-clears': every fixture pinning it relies on another rule" in problem


def test_relies_on_must_name_known_rules_other_than_the_pinned_one() -> None:
    clauses = load_spec()
    fixture = next(f for f in _suite() if get_pinned_rule(f) == "classic-freeze-clears")
    wrong = dataclasses.replace(fixture, relies_on=("no-such-rule", "classic-freeze-clears"))
    problems = find_reliance_problems(clauses, [wrong])
    assert any("unknown clause 'no-such-rule'" in p for p in problems)
    assert any("relies on 'classic-freeze-clears', the rule it pins" in p for p in problems)


def test_a_count_only_fixture_is_out_of_a_coarse_engines_reach() -> None:
    fixtures = _suite()
    count_only = next(f for f in fixtures if {k.value for k in f.kinds} == {"count"})
    assert get_coarse_steps(count_only) == 0
    whole_turn = next(f for f in fixtures if "whole-turn" in f.id)
    assert get_coarse_steps(whole_turn) == len(whole_turn.steps)
