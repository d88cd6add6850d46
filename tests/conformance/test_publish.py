"""``kanasta conformance report`` and the run's reports against hostile input: the badge and
status read the run's own ``ok`` (issue 38 E6), every string the report supplies is
escaped in every format (E7), and a malformed report is one paragraph naming the file and
the JSON path (E8)."""

from __future__ import annotations

import dataclasses
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from kanasta.cli import main
from kanasta.conformance.connections import InProcessConnection
from kanasta.conformance.loader import fixture_from_json
from kanasta.conformance.protocol import Hello
from kanasta.conformance.publish import format_html, format_markdown, get_status
from kanasta.conformance.report import format_summary, to_json_report, to_junit_xml
from kanasta.conformance.runner import get_unrun, run_fixtures
from kanasta.specdoc.spec import load_spec
from tests.conformance.helpers import good_meld, write_fixture

HOSTILE_NAME = (
    "![passes](https://img.shields.io/badge/x-passes-green) [click](https://evil.example) "
    "<img src=x onerror=alert(1)>\n# injected heading | cell"
)


def _report(**changes: Any) -> dict[str, Any]:
    """A real run report (one passing fixture), with changes."""
    fixture = fixture_from_json(good_meld("fi-5200/p/good"), "p")
    run = run_fixtures([fixture], InProcessConnection())
    report = to_json_report(run)
    report.update(changes)
    return report


def test_the_badge_of_a_run_that_failed_is_not_green() -> None:
    report = _report(ok=False, exit_status=1)
    html = format_html(get_status(report, load_spec()))
    assert 'class="badge passes"' not in html
    assert "**Status: passes**" not in format_markdown(get_status(report, load_spec()))


def test_the_badge_of_a_run_that_did_not_start_says_so() -> None:
    unrun = to_json_report(
        get_unrun([], "the implementation did not start: x", 1, implementation="x")
    )
    status = get_status(unrun, load_spec())
    assert 'class="badge not-checked"' in format_html(status)
    assert "did not run" in format_html(status)
    assert "**Status: did not run** (the implementation did not start" in format_markdown(status)


def test_the_badge_of_a_passing_run_is_green() -> None:
    status = get_status(_report(), load_spec())
    assert 'class="badge passes"' in format_html(status)
    assert "**Status: passes**" in format_markdown(status)


def test_the_markdown_escapes_the_implementations_name_and_version() -> None:
    report = _report()
    report["implementation"] = {**report["implementation"], "name": HOSTILE_NAME, "version": "<b>1"}
    text = format_markdown(get_status(report, load_spec()))
    heading = text.splitlines()[0]
    assert heading.startswith("## ")
    assert "](" not in heading  # no link, no image
    assert re.search(r"(?<!\\)[<\[\]]", text.split("\n\n", 1)[0]) is None  # no raw HTML, link
    assert "\\<img" in heading
    assert "\n# injected" not in text
    assert text.splitlines()[2].startswith("**Status:")  # the heading stayed one line


def test_the_markdown_escapes_family_and_clause_names_from_the_report() -> None:
    report = _report(ok=False)
    report["fixtures"][0]["variant"] = "[x](https://evil.example)"
    report["fixtures"][0]["clauses"] = ["<script>alert(1)</script>"]
    report["fixtures"][0]["outcome"] = "fail"
    text = format_markdown(get_status(report, load_spec()))
    assert "](" not in text
    assert "<script>" not in text


def test_the_web_page_escapes_every_string_of_the_report() -> None:
    report = _report()
    report["implementation"] = {**report["implementation"], "name": HOSTILE_NAME}
    report["fixtures"][0]["clauses"] = ["<script>alert(1)</script>"]
    page = format_html(get_status(report, load_spec()))
    assert "<img" not in page
    assert "<script>" not in page
    assert "&lt;script&gt;" in page


def test_the_junit_xml_keeps_a_hostile_name_as_text() -> None:
    run = get_unrun([], "x", 1, implementation="cmd </property><evil/>")
    hello = Hello(protocol="1.2", name=HOSTILE_NAME + "]]>\x1b[31m", version="<v>")
    run = dataclasses.replace(run, hello=hello)
    text = to_junit_xml(run)
    root = ET.fromstring(text.split("\n", 1)[1])
    names = {p.get("name"): p.get("value") for p in root.iter("property")}
    assert names["command"] == "cmd </property><evil/>"
    assert str(names["implementation"]).startswith("![passes]")
    assert root.find(".//evil") is None


def test_the_text_summary_shows_control_characters_escaped() -> None:
    run = get_unrun([], "x", 1, implementation="cmd")
    run = dataclasses.replace(run, hello=Hello(protocol="1.2", name="fake\x1b[32mOK"))
    text = format_summary(run)
    assert "\x1b" not in text
    assert "fake\\x1b[32mOK" in text


def _write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "report.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"fixtures": [{"id": 1}]}, "$.fixtures[0]"),
        ({"ok": "yes"}, "$.ok"),
        ({"totals": {"selected": -1}}, "$.totals"),
    ],
)
def test_a_malformed_report_is_one_paragraph_naming_the_file_and_the_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict[str, Any], where: str
) -> None:
    path = _write(tmp_path, _report(**change))
    assert main(["conformance", "report", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"kanasta: error: {path}: this is not a report written by")
    assert f"at {where}" in err
    assert "Traceback" not in err


def test_a_report_that_is_not_an_object_is_one_paragraph(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, [1, 2])
    assert main(["conformance", "report", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert str(path) in err
    assert "at $" in err


def test_a_report_a_run_wrote_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "house"
    write_fixture(root, good_meld("fi-5200/house/good"))
    path = tmp_path / "r.json"
    argv = ["conformance", "run", "--no-builtin", "--fixtures", str(root), "--report", str(path)]
    assert main([*argv, "--no-progress"]) == 0
    capsys.readouterr()
    assert main(["conformance", "report", str(path)]) == 0
    assert "**Status: passes**" in capsys.readouterr().out
