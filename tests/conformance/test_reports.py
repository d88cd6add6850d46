"""Reports: the summary, JSON, JUnit XML, the expect-fail file and the progress bar."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from kanasta.conformance import PROTOCOL_VERSION, SUITE_VERSION
from kanasta.conformance.connections import InProcessConnection
from kanasta.conformance.loader import fixture_from_json
from kanasta.conformance.report import (
    ProgressBar,
    format_expect_fail,
    format_summary,
    to_json_report,
    to_junit_xml,
    write_json_report,
    write_junit,
)
from kanasta.conformance.runner import RunResult, read_expect_fail, run_fixtures
from tests.conformance.helpers import good_meld, meld_fixture, no_engine_reference


def mixed_run(expect_fail: frozenset[str] = frozenset()) -> RunResult:
    datas: list[dict[str, Any]] = [
        good_meld("fi-5200/r/pass"),
        meld_fixture(
            "fi-5200/r/fail",
            "4H 5H 6H 2C 8H",
            {**good_meld("x")["steps"][0]["expect"], "points": 1},
        ),
        {
            **good_meld("koz/r/skip"),
            "variant": "koz",
            "setup": {"seed": 1},
            "steps": [{"kind": "count", "expect": {"count": 3}}],
        },
        good_meld("fi-5200/r/xpass"),
    ]
    datas[1]["variant"] = "fi-5200"
    fixtures = [fixture_from_json(d, d["id"]) for d in datas]
    return run_fixtures(
        fixtures,
        InProcessConnection(no_engine_reference()),
        expect_fail=expect_fail or frozenset({"fi-5200/r/xpass", "other/id"}),
    )


def test_summary_names_versions_problems_skips_and_totals() -> None:
    text = format_summary(mixed_run())
    lines = text.splitlines()
    assert lines[0] == f"kanasta conformance suite {SUITE_VERSION}, protocol {PROTOCOL_VERSION}"
    assert lines[1].startswith("implementation: kanasta reference")
    assert "FAIL  fi-5200/r/fail" in lines
    assert "      step 0 (meld): points: expected 1, got 35" in lines
    assert any(line.startswith("XPASS fi-5200/r/xpass  unexpected pass") for line in lines)
    assert "skipped, as the handshake declares (a skip is not a pass):" in lines
    assert "the expect-fail list names fixtures that were not selected: other/id" in lines
    assert lines[-1].startswith(
        "FAILED: 4 fixtures: 1 passed, 1 failed, 1 unexpectedly passed, 1 skipped in "
    )
    verbose = format_summary(mixed_run(), verbose=True)
    assert "PASS  fi-5200/r/pass" in verbose


def test_summary_of_a_run_that_checked_nothing() -> None:
    run = mixed_run()
    nothing = RunResult(
        results=run.results[2:3],
        hello=run.hello,
        implementation="x",
        started=run.started,
        seconds=0.0,
        restarts=2,
    )
    text = format_summary(nothing)
    assert text.splitlines()[-1].startswith("NOTHING CHECKED: 1 fixtures: 0 passed, 1 skipped")
    assert "restarted 2 time(s)" in text


def test_json_report(tmp_path: Path) -> None:
    run = mixed_run()
    report = to_json_report(run)
    assert (report["suite_version"], report["protocol_version"]) == (
        SUITE_VERSION,
        PROTOCOL_VERSION,
    )
    assert report["implementation"]["name"] == "kanasta reference"
    assert report["implementation"]["command"] == "in-process"
    assert report["totals"] == {
        "selected": 4,
        "checked": 3,
        "proven": 2,
        "not_run": 0,
        "pass": 1,
        "fail": 1,
        "error": 0,
        "skipped": 1,
        "xfail": 0,
        "xpass": 1,
        "undeclared_skips": 0,
        "skipped_steps": 0,
    }
    assert (report["ok"], report["exit_status"]) == (False, 1)
    failing = report["fixtures"][1]
    assert failing["id"] == "fi-5200/r/fail"
    assert failing["clauses"] == ["meld-points"]
    step = failing["steps"][0]
    assert step["expected"]["points"] == 1
    assert step["got"]["points"] == 35
    assert step["outcome"] == "fail"
    assert step["time"] >= 0
    path = tmp_path / "report.json"
    write_json_report(run, path)
    assert json.loads(path.read_text(encoding="utf-8"))["totals"]["pass"] == 1


def test_junit_xml(tmp_path: Path) -> None:
    run = mixed_run()
    root = ET.fromstring(to_junit_xml(run).split("\n", 1)[1])
    suite = root.find("testsuite")
    assert suite is not None
    assert (
        suite.get("tests"),
        suite.get("failures"),
        suite.get("errors"),
        suite.get("skipped"),
    ) == ("4", "1", "1", "1")
    props = {p.get("name"): p.get("value") for p in suite.iter("property")}
    assert props["suite_version"] == SUITE_VERSION
    assert props["protocol_version"] == PROTOCOL_VERSION
    cases = {c.get("name"): c for c in suite.iter("testcase")}
    assert cases["fi-5200/r/fail"].find("failure") is not None
    assert cases["fi-5200/r/xpass"].find("error") is not None
    assert cases["koz/r/skip"].find("skipped") is not None
    assert cases["fi-5200/r/pass"].get("classname") == "kanasta.conformance.fi-5200.r"
    path = tmp_path / "junit.xml"
    write_junit(run, path)
    assert path.read_text(encoding="utf-8").startswith('<?xml version="1.0"')


def test_expect_fail_file_round_trip(tmp_path: Path) -> None:
    run = mixed_run(expect_fail=frozenset({"nothing"}))
    text = format_expect_fail(run)
    assert text.startswith(f"# kanasta conformance expect-fail list: suite {SUITE_VERSION}")
    path = tmp_path / "known.txt"
    path.write_text(text, encoding="utf-8")
    assert read_expect_fail(path) == frozenset({"fi-5200/r/fail"})
    again = mixed_run(expect_fail=read_expect_fail(path))
    assert [r.outcome.value for r in again.results] == ["pass", "xfail", "skipped", "pass"]
    assert again.ok


def test_expect_fail_file_shortens_long_reasons() -> None:
    run = mixed_run(expect_fail=frozenset({"nothing"}))
    long = run.results[1]
    object.__setattr__(long, "reason", "x" * 400)
    line = format_expect_fail(run).splitlines()[-1]
    assert line.startswith("fi-5200/r/fail  # fail: xxx")
    assert line.endswith("...")
    assert len(line) < 200


def test_progress_bar_draws_and_ends_with_a_newline() -> None:
    run = mixed_run()
    stream = io.StringIO()
    bar = ProgressBar(stream, width=10)
    total = len(run.results)
    for number, result in enumerate(run.results, start=1):
        bar(number, total, result)
    text = stream.getvalue()
    assert text.startswith("\r[##........] 1/4")
    assert text.endswith("\r[##########] 4/4  2 failing\n")


def test_progress_bar_redraws_at_most_ten_times_a_second() -> None:
    run = mixed_run()
    stream = io.StringIO()
    bar = ProgressBar(stream)
    for _ in range(50):
        bar(1, 100, run.results[0])
    assert stream.getvalue().count("\r") == 1
