"""A pass means the engine did it: a step whose expected facts already hold of the setup the
runner sent proves nothing (an echo of the state passes it), so it earns no clause; a
clause passes in every report only when a fixture the implementation actually ran passed
by its work; the verdict, the badge and the status line read the run's own ``ok``."""

from __future__ import annotations

from functools import cache

from kanasta.conformance.checks import Outcome
from kanasta.conformance.connections import InProcessConnection
from kanasta.conformance.loader import fixture_from_json, load_fixtures
from kanasta.conformance.model import Fixture
from kanasta.conformance.present import format_fixture
from kanasta.conformance.publish import format_html, format_markdown, get_status, get_verdict
from kanasta.conformance.report import format_summary, to_json_report
from kanasta.conformance.runner import (
    EXIT_NOTHING_CHECKED,
    RunResult,
    get_vacuous_steps,
    reference_dealer,
    run_fixtures,
)
from kanasta.specdoc.spec import load_spec
from tests.conformance.fakes.echo import Echo

VACUOUS_STEPS = {
    "fi-351/deal/an-explicit-deal-starts-without-an-upcard": (0,),
    "fi-351/scoring/clean-canasta-takes-a-joker-at-forming-seat-0": (1,),
    "fi-351/scoring/clean-canasta-takes-a-joker-at-forming-seat-1": (1,),
    "fi-351/scoring/clean-canasta-takes-a-joker-at-forming-seat-2": (1,),
    "fi-351/scoring/clean-canasta-takes-a-joker-at-forming-seat-3": (1,),
    "fi-351/scoring/team-scores-before-the-hand-unchanged": (1,),
    "fi-5200/explicit/a-fresh-deal-seat-1-first": (0,),
    "fi-5200/one-door/lay-off-on-a-meld-past-the-table": (1,),
    "fi-5200/one-door/run-with-a-wild-aside-is-not-wild-free": (2,),
    "fi-5200/opening/lower-set-of-2s-adds-nothing": (2,),
    "fi-5200/opening/take-back-a-failed-opening": (1,),
    "fi-5200/scoring/5195-and-still-losing": (1,),
    "fi-5200/symmetry/team-0-forced-45-is-not-enough": (2,),
    "koz/boundary/opening-0-four-points-half-a-point-short": (2,),
    "koz/boundary/opening-100-seven-points-half-a-point-short": (2,),
    "koz/boundary/opening-200-nine-and-a-half-half-a-point-short": (2,),
    "koz/boundary/opening-minus-50-four-points-half-a-point-short": (2,),
    "koz/deal/trump-stays-in-the-stock": (0,),
    "koz/explicit/a-fresh-deal-seat-3-first": (0,),
    "koz/one-door/lay-off-on-a-meld-past-the-table": (1,),
    "koz/opening/4-5-points-at-100": (1,),
    "koz/opening/4-5-points-at-150": (1,),
    "koz/opening/take-back": (1,),
}
"""Every fixture step of the suite whose expected facts already hold of the setup sent, by
fixture id: such a step earns no clause. A fixture all of whose steps are here (a state
read back right after an explicit setup) leaves its clauses not checked; since protocol
1.3 no deal is among them (the engine deals)."""


@cache
def _suite() -> tuple[Fixture, ...]:
    return load_fixtures().fixtures


def _run(echo: Echo, fixtures: list[Fixture]) -> RunResult:
    return run_fixtures(fixtures, InProcessConnection(echo), dealer=reference_dealer())


def _deal_clauses() -> set[str]:
    return {c.slug for c in load_spec() if c.chapter == "5"}


def test_the_steps_that_prove_nothing_are_known() -> None:
    dealer = reference_dealer()
    found = {
        fixture.id: steps for fixture in _suite() if (steps := get_vacuous_steps(fixture, dealer))
    }
    assert found == VACUOUS_STEPS


def test_an_echo_claiming_everything_passes_no_clause_and_is_not_ok() -> None:
    result = _run(Echo(), list(_suite()))
    report = to_json_report(result)
    status = get_status(report, load_spec())
    assert report["ok"] is False
    assert result.proven == 0
    assert not format_summary(result).splitlines()[-1].startswith("OK")
    deal = _deal_clauses()
    cited = {slug for (_, slug) in status.clauses if slug in deal}
    assert cited  # the deal clauses are in the report...
    assert all(
        status.clauses[key].verdict != "passes" for key in status.clauses if key[1] in deal
    )  # ...and none of them passes
    assert [key for key, tally in status.clauses.items() if tally.verdict == "passes"] == []
    assert get_verdict(status) != "passes"
    assert 'class="badge passes"' not in format_html(status)
    assert "**Status: passes**" not in format_markdown(status)


def test_an_echo_claiming_only_state_passes_the_vacuous_fixtures_yet_checks_nothing() -> None:
    deals = [f for f in _suite() if len(VACUOUS_STEPS.get(f.id, ())) == len(f.steps)]
    setup = next(f.setup for f in _suite() if f.setup is not None and f.setup.state is not None)
    assert setup is not None
    made = fixture_from_json(
        {
            "id": "koz/echo/the-hand-is-not-over",
            "variant": "koz",
            "clauses": ["going-out"],
            "description": "a state step already true of the setup",
            "setup": {"state": setup.state},
            "steps": [{"kind": "state", "expect": {"hand_over": False}}],
        },
        "echo",
    )
    result = _run(Echo(requests=("state",)), [*deals, made])
    assert {r.outcome for r in result.results} == {Outcome.PASS}
    assert not any(r.proves_clauses for r in result.results)
    assert result.ok is False
    assert result.exit_status == EXIT_NOTHING_CHECKED
    assert format_summary(result).splitlines()[-1].startswith("NOTHING CHECKED")
    status = get_status(to_json_report(result), load_spec())
    assert {t.verdict for t in status.clauses.values()} == {"not checked"}
    assert get_verdict(status) == "nothing checked"
    assert 'class="badge not-checked"' in format_html(status)


def test_the_reference_proves_every_fixture_it_passes_but_the_vacuous_ones() -> None:
    fixtures = [f for f in _suite() if f.id in VACUOUS_STEPS]
    result = run_fixtures(fixtures, InProcessConnection(), dealer=reference_dealer())
    unproven = {r.fixture.id for r in result.results if not r.proves_clauses}
    all_vacuous = {f.id for f in fixtures if len(VACUOUS_STEPS[f.id]) == len(f.steps)}
    assert unproven == all_vacuous
    assert result.ok  # the others prove their clauses by their other steps


def test_show_marks_the_steps_that_prove_nothing() -> None:
    fixtures = {f.id: f for f in _suite()}
    shown = format_fixture(fixtures["koz/opening/take-back"])
    marked = [line for line in shown.splitlines() if line.startswith("  (proves nothing")]
    assert len(marked) == len(VACUOUS_STEPS["koz/opening/take-back"]) == 1
    assert (
        "proves nothing"
        not in format_fixture(fixtures["koz/opening/4-5-points-at-150"]).split("Step 1")[0]
    )
