"""The example adapter over a coarse engine: its handshake declares no counts, no wild
placement, no take-back and no seeded deals (it deals a deck given in order); only the steps
it cannot express are skipped, and every fixture it runs passes. Also the published status
of its run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema
import pytest

from kanasta.cli import main
from kanasta.conformance.checks import Outcome
from kanasta.conformance.connections import SubprocessConnection
from kanasta.conformance.loader import load_fixtures
from kanasta.conformance.model import StepKind
from kanasta.conformance.protocol import ProtocolValidator
from kanasta.conformance.publish import format_html, format_markdown, get_status
from kanasta.conformance.report import to_json_report
from kanasta.conformance.runner import reference_dealer, run_fixtures
from kanasta.families import PROFILES
from kanasta.resources import get_schema_dir
from kanasta.specdoc.spec import load_spec
from tests.conformance.helpers import REPO

COARSE_ADAPTER = REPO / "conformance" / "adapters" / "coarse" / "adapter.py"


def test_the_coarse_adapter_runs_what_it_can_express_and_passes_it() -> None:
    fixtures = [
        f
        for f in load_fixtures().fixtures
        if f.id.startswith(("classic/going-out/", "koz/going-out/", "classic/pile/"))
        or f.id.startswith(("fi-351/turn/", "fi-5200/opening/", "koz/turn/meld-wild-at"))
    ]
    connection = SubprocessConnection(
        [sys.executable, str(COARSE_ADAPTER)], timeout=20.0, validator=ProtocolValidator()
    )
    try:
        result = run_fixtures(fixtures, connection, dealer=reference_dealer())
    finally:
        connection.close()
    assert result.ok
    assert result.hello.capabilities == frozenset({"deck-order"})
    outcomes = {r.fixture.id: r for r in result.results}
    assert outcomes["koz/turn/meld-wild-at-4"].outcome is Outcome.SKIPPED
    assert "wild-placement" in outcomes["koz/turn/meld-wild-at-4"].reason
    partial = [r for r in result.results if r.outcome is Outcome.PASS and r.skipped_steps]
    assert partial, "a fixture mixing counts with verdicts is judged on its verdicts"
    report = to_json_report(result)
    schema = json.loads((get_schema_dir() / "report.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(report, schema)
    status = get_status(report, load_spec())
    markdown = format_markdown(status)
    assert markdown.startswith("## coarse example 1: kanasta conformance suite")
    assert "| classic |" in markdown
    page = format_html(status)
    assert page.startswith("<!DOCTYPE html>")
    assert "classic-freeze-clears" in page


@pytest.mark.clause("deal-order", "deal-six-packets", "deal-fi-351-order", "classic-deal")
def test_the_coarse_adapter_deals_the_decks_given_in_order_of_every_family() -> None:
    """An engine with its own shuffle injects the order it is given (capability deck-order);
    the deals from a seed are skipped as its handshake declares."""
    fixtures = [f for f in load_fixtures().fixtures if StepKind.DEAL in f.kinds]
    connection = SubprocessConnection(
        [sys.executable, str(COARSE_ADAPTER)], timeout=20.0, validator=ProtocolValidator()
    )
    try:
        result = run_fixtures(fixtures, connection)
    finally:
        connection.close()
    assert result.ok
    stacked = {
        r.fixture.id: r.outcome
        for r in result.results
        if all("deck" in step.params for step in r.fixture.steps)
    }
    assert set(stacked.values()) == {Outcome.PASS}
    assert {r.fixture.variant for r in result.results if r.fixture.id in stacked} == set(PROFILES)
    seeded = [r for r in result.results if r.fixture.id not in stacked]
    assert seeded
    assert all(r.outcome is Outcome.SKIPPED and "seeded-deal" in r.reason for r in seeded)


def test_report_command_writes_markdown_and_html(tmp_path: Path) -> None:
    totals = dict.fromkeys(
        ["selected", "checked", "proven", "not_run", "pass", "fail", "error", "skipped"], 1
    )
    report = {
        "suite_version": "0.5.0",
        "protocol_version": "1.2",
        "kanasta_version": "0.5.0",
        "implementation": {"name": "x", "version": "1", "command": "x"},
        "started": "2026-01-01T00:00:00+00:00",
        "time": 1.0,
        "ok": False,
        "exit_status": 1,
        "totals": {**totals, "xfail": 0, "xpass": 0, "undeclared_skips": 0},
        "fixtures": [
            {
                "id": "classic/a",
                "variant": "classic",
                "clauses": ["classic-freeze-clears"],
                "outcome": "pass",
                "proves_clauses": True,
                "reason": "",
                "steps": [],
            },
            {
                "id": "classic/b",
                "variant": "classic",
                "clauses": ["classic-take-pile"],
                "outcome": "fail",
                "proves_clauses": False,
                "reason": "r",
                "steps": [],
            },
            {
                "id": "koz/c",
                "variant": "koz",
                "clauses": ["going-out"],
                "outcome": "skipped",
                "proves_clauses": False,
                "reason": "r",
                "steps": [],
            },
        ],
    }
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    html_out, md_out = tmp_path / "status.html", tmp_path / "status.md"
    assert (
        main(
            ["conformance", "report", str(path), "--html", str(html_out), "--markdown", str(md_out)]
        )
        == 0
    )
    text = md_out.read_text(encoding="utf-8")
    assert "| classic | 1 | 1 | 0 | 50.0% | 1 of 2 |" in text
    assert "- `classic-take-pile`: fails" in text
    assert "- `going-out`: not checked" in text
    assert 'class="badge fails"' in html_out.read_text(encoding="utf-8")
    path.write_text("[]", encoding="utf-8")
    assert main(["conformance", "report", str(path)]) == 2
