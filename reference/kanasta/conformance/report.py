"""Reports of a run: the readable summary, JSON, JUnit XML, the expect-fail file, progress.

Every report names the suite version and the protocol version.
"""

from __future__ import annotations

import json
import re
import signal
import sys
import time
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import TextIO

from kanasta import __version__
from kanasta.conformance import PROTOCOL_VERSION, SUITE_VERSION
from kanasta.conformance.checks import Outcome
from kanasta.conformance.jsonio import escape_controls
from kanasta.conformance.model import JsonObject
from kanasta.conformance.runner import FixtureResult, RunResult
from kanasta.io.files import write_file

__all__ = [
    "ProgressBar",
    "format_expect_fail",
    "format_summary",
    "to_json_report",
    "to_junit_xml",
    "write_json_report",
    "write_junit",
    "write_text_file",
]

_NOT_XML_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 cannot hold (an implementation may send any of them)."""


def write_text_file(path: Path, text: str, what: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all, only to a new path or over a
    regular file (:func:`kanasta.io.files.write_file`, the one writer of every output)."""
    write_file(path, text, what)


_LABEL = {
    Outcome.PASS: "PASS",
    Outcome.FAIL: "FAIL",
    Outcome.ERROR: "ERROR",
    Outcome.SKIPPED: "SKIP",
    Outcome.XFAIL: "XFAIL",
    Outcome.XPASS: "XPASS",
}


def _impl_line(run: RunResult) -> str:
    version = f" {run.hello.version}" if run.hello.version else ""
    return (
        f"implementation: {run.hello.name}{version} (protocol {run.hello.protocol}; "
        f"{run.implementation})"
    )


def format_summary(run: RunResult, *, verbose: bool = False) -> str:
    """The readable report: problems first, then totals (and every fixture if verbose)."""
    lines = [
        f"kanasta conformance suite {SUITE_VERSION}, protocol {PROTOCOL_VERSION}",
        _impl_line(run),
        "",
    ]
    shown = (
        run.results
        if verbose
        else [r for r in run.results if r.outcome in (Outcome.FAIL, Outcome.ERROR, Outcome.XPASS)]
    )
    for result in shown:
        details = [
            f"      step {step.index} ({step.kind.value}): {message}"
            for step in result.steps
            if step.outcome in (Outcome.FAIL, Outcome.ERROR)
            for message in step.messages
        ]
        if result.outcome in (Outcome.FAIL, Outcome.ERROR) and details:
            lines.append(f"{_LABEL[result.outcome]:<5} {result.fixture.id}")
            lines.extend(details)
        else:
            reason = f"  {result.reason}" if result.reason else ""
            lines.append(f"{_LABEL[result.outcome]:<5} {result.fixture.id}{reason}")
    if shown:
        lines.append("")
    if run.error:
        lines.append(f"NOTHING CHECKED: {run.error}")
        return _shown(lines)
    skips = Counter(r.reason for r in run.results if r.outcome is Outcome.SKIPPED)
    if skips:
        lines.append("skipped, as the handshake declares (a skip is not a pass):")
        lines.extend(f"  {count:>5}  {reason}" for reason, count in skips.most_common())
        lines.append("")
    if run.undeclared_skips:
        lines.append(
            f"{run.undeclared_skips} fixture(s) answered 'unsupported' although the handshake "
            "claims them: failures, not skips (listed above)"
        )
    if run.too_many_skipped:
        lines.append(
            f"{run.skipped} fixtures were skipped, more than --max-skipped {run.max_skipped} "
            "allows: the run fails"
        )
    if run.unknown_expect_fail:
        lines.append(
            "the expect-fail list names fixtures that were not selected: "
            + ", ".join(run.unknown_expect_fail[:10])
            + (" ..." if len(run.unknown_expect_fail) > 10 else "")
        )
    unproven = [r for r in run.results if r.outcome is Outcome.PASS and not r.proves_clauses]
    if unproven:
        lines.append(
            f"{len(unproven)} fixture(s) passed only steps whose facts already hold of the "
            "setup sent (an echo of the state passes them): their clauses count as not checked"
        )
    if run.restarts:
        lines.append(f"the implementation was restarted {run.restarts} time(s)")
    counts = run.counts()
    parts = [f"{counts[Outcome.PASS]} passed"]
    failed = "failed"
    if run.undeclared_skips:
        failed += f" ({run.undeclared_skips} of them unsupported although claimed)"
    for outcome, word in (
        (Outcome.FAIL, failed),
        (Outcome.ERROR, "error(s)"),
        (Outcome.XPASS, "unexpectedly passed"),
        (Outcome.XFAIL, "expected failure(s)"),
        (Outcome.SKIPPED, "skipped"),
    ):
        if counts[outcome]:
            parts.append(f"{counts[outcome]} {word}")
    if run.interrupted:
        lines.append(
            f"INTERRUPTED by {signal.Signals(run.interrupted).name}: {len(run.results)} of "
            f"{len(run.results) + run.not_run} fixtures: {', '.join(parts)}, "
            f"{run.not_run} not run, in {run.seconds:.2f} s"
        )
        return _shown(lines)
    verdict = "OK" if run.ok else ("NOTHING CHECKED" if run.is_nothing_checked else "FAILED")
    lines.append(
        f"{verdict}: {len(run.results)} fixtures: {', '.join(parts)} in {run.seconds:.2f} s"
    )
    return _shown(lines)


def _shown(lines: list[str]) -> str:
    """Lines for the terminal: whatever they quote, no line holds a control character."""
    return "\n".join(escape_controls(line) for line in lines)


def to_json_report(run: RunResult) -> JsonObject:
    """The whole run as JSON (``--report``)."""
    counts = run.counts()
    return {
        "suite_version": SUITE_VERSION,
        "protocol_version": PROTOCOL_VERSION,
        "kanasta_version": __version__,
        "implementation": {**run.hello.to_json(), "command": run.implementation},
        "started": run.started,
        "time": round(run.seconds, 6),
        "ok": run.ok,
        "exit_status": run.exit_status,
        "restarts": run.restarts,
        "interrupted": signal.Signals(run.interrupted).name if run.interrupted else None,
        "error": run.error or None,
        "selection": run.selection.to_json(),
        "totals": {
            "selected": len(run.results) + run.not_run,
            "checked": run.checked,
            "proven": run.proven,
            "not_run": run.not_run,
            **{outcome.value: counts[outcome] for outcome in Outcome},
            "undeclared_skips": run.undeclared_skips,
            "skipped_steps": sum(r.skipped_steps for r in run.results),
        },
        "max_skipped": run.max_skipped,
        "unknown_expect_fail": list(run.unknown_expect_fail),
        "fixtures": [r.to_json() for r in run.results],
    }


def write_json_report(run: RunResult, path: Path) -> None:
    """Write the JSON report whole or not at all (see :func:`write_text_file`)."""
    text = json.dumps(to_json_report(run), indent=2, ensure_ascii=False) + "\n"
    write_text_file(path, text, "JSON report")


def _case(result: FixtureResult) -> ET.Element:
    case = ET.Element(
        "testcase",
        classname=f"kanasta.conformance.{result.fixture.group.replace('/', '.')}",
        name=result.fixture.id,
        time=f"{result.seconds:.6f}",
    )
    details = "\n".join(
        f"step {s.index} ({s.kind.value}) {s.outcome.value}: {m}"
        for s in result.steps
        for m in s.messages
    )
    if result.outcome is Outcome.FAIL:
        ET.SubElement(case, "failure", message=result.reason[:500]).text = details
    elif result.outcome in (Outcome.ERROR, Outcome.XPASS):
        ET.SubElement(case, "error", message=result.reason[:500]).text = details
    elif result.outcome in (Outcome.SKIPPED, Outcome.XFAIL):
        ET.SubElement(case, "skipped", message=result.reason[:500])
    ET.SubElement(case, "system-out").text = "clauses: " + ", ".join(result.fixture.clauses)
    return case


def to_junit_xml(run: RunResult) -> str:
    """The run as JUnit XML (``--junit``): one testcase per fixture."""
    counts = run.counts()
    suites = ET.Element("testsuites")
    suite = ET.SubElement(
        suites,
        "testsuite",
        name="kanasta-conformance",
        tests=str(len(run.results)),
        failures=str(counts[Outcome.FAIL]),
        errors=str(counts[Outcome.ERROR] + counts[Outcome.XPASS]),
        skipped=str(counts[Outcome.SKIPPED] + counts[Outcome.XFAIL]),
        time=f"{run.seconds:.6f}",
        timestamp=run.started,
    )
    properties = ET.SubElement(suite, "properties")
    for name, value in (
        ("suite_version", SUITE_VERSION),
        ("protocol_version", PROTOCOL_VERSION),
        ("implementation", f"{run.hello.name} {run.hello.version}".strip()),
        ("command", run.implementation),
    ):
        ET.SubElement(properties, "property", name=name, value=value)
    if run.interrupted:
        ET.SubElement(
            properties, "property", name="interrupted", value=signal.Signals(run.interrupted).name
        )
    for result in run.results:
        suite.append(_case(result))
    if run.error:
        suite.set("errors", str(int(suite.get("errors", "0")) + 1))
        suite.set("tests", str(len(run.results) + 1))
        case = ET.SubElement(suite, "testcase", classname="kanasta.conformance", name="run")
        ET.SubElement(case, "error", message=run.error[:500]).text = run.error
    ET.indent(suites)
    text = ET.tostring(suites, "unicode")
    text = _NOT_XML_RE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + text + "\n"


def write_junit(run: RunResult, path: Path) -> None:
    """Write the JUnit XML report whole or not at all (see :func:`write_text_file`)."""
    write_text_file(path, to_junit_xml(run), "JUnit report")


def format_expect_fail(run: RunResult) -> str:
    """Today's failures as an expect-fail file (``--expect-fail`` reads it back)."""
    lines = [
        f"# kanasta conformance expect-fail list: suite {SUITE_VERSION}, protocol "
        f"{PROTOCOL_VERSION}",
        f"# implementation: {run.hello.name} {run.hello.version} ({run.implementation})".rstrip(),
        f"# written {run.started}; one fixture id a line, '#' starts a comment",
    ]
    if run.interrupted:
        lines.append(
            f"# INTERRUPTED by {signal.Signals(run.interrupted).name}: only "
            f"{len(run.results)} of {len(run.results) + run.not_run} fixtures were checked"
        )
    for result in run.failures():
        reason = result.reason
        if len(reason) > 160:
            reason = reason[:157] + "..."
        lines.append(f"{result.fixture.id}  # {result.outcome.value}: {reason}")
    return _shown(lines) + "\n"


class ProgressBar:
    """A one-line progress bar on a terminal stream, redrawn at most ten times a second."""

    def __init__(self, stream: TextIO | None = None, *, width: int = 30) -> None:
        self._stream = stream if stream is not None else sys.stderr
        self._width = width
        self._last = 0.0
        self._bad = 0

    def __call__(self, done: int, total: int, result: FixtureResult) -> None:
        if result.outcome in (Outcome.FAIL, Outcome.ERROR, Outcome.XPASS):
            self._bad += 1
        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        filled = self._width * done // max(total, 1)
        bar = "#" * filled + "." * (self._width - filled)
        tail = f"  {self._bad} failing" if self._bad else ""
        self._stream.write(f"\r[{bar}] {done}/{total}{tail}")
        if done >= total:
            self._stream.write("\n")
        self._stream.flush()
