"""``kanasta conformance report``: an implementation's status from a run's JSON report, per
family, chapter and clause, as a Markdown section (for a README) or a web page.

A clause *passes* when every fixture citing it that was checked passed, *fails* when one
of them failed or errored, and is *not checked* when every fixture citing it was skipped
(a skip is never a pass). The report is read leniently but must be one
``kanasta conformance run --report`` wrote (``conformance/schema/report.schema.json``).
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kanasta.conformance.jsonio import read_json_file
from kanasta.errors import InputError
from kanasta.specdoc.spec import Clause

__all__ = ["Status", "format_html", "format_markdown", "get_status", "read_report"]

_PASSED = {"pass", "xpass"}
_FAILED = {"fail", "error", "xfail"}


def read_report(path: Path) -> dict[str, Any]:
    """A run's JSON report (``--report``), with the fields the status needs."""
    data = read_json_file(path, max_bytes=1 << 28)
    if not isinstance(data, dict):
        raise InputError(
            f"{path}: a run report is a JSON object (kanasta conformance run --report)."
        )
    for key in ("suite_version", "implementation", "fixtures"):
        if key not in data:
            raise InputError(
                f"{path}: at $.{key}: missing; this is not a report written by kanasta "
                "conformance run --report (conformance/schema/report.schema.json)."
            )
    fixtures = data["fixtures"]
    if not isinstance(fixtures, list) or not all(
        isinstance(f, dict) and isinstance(f.get("outcome"), str) for f in fixtures
    ):
        raise InputError(f"{path}: at $.fixtures: expected a list of fixture results.")
    return data


@dataclass(slots=True)
class Tally:
    """Fixtures by outcome: passed, failed (failures and errors), skipped."""

    passed: int = 0
    failed: int = 0
    skipped: int = 0

    def add(self, outcome: str) -> None:
        if outcome in _PASSED:
            self.passed += 1
        elif outcome in _FAILED:
            self.failed += 1
        else:
            self.skipped += 1

    @property
    def verdict(self) -> str:
        if self.failed:
            return "fails"
        return "passes" if self.passed else "not checked"


@dataclass(slots=True)
class Status:
    """An implementation's status: per family, per (family, chapter), per (family, clause)."""

    name: str
    suite: str
    families: dict[str, Tally] = field(default_factory=dict)
    chapters: dict[tuple[str, str], Tally] = field(default_factory=dict)
    clauses: dict[tuple[str, str], Tally] = field(default_factory=dict)


def get_status(report: Mapping[str, Any], clauses: Iterable[Clause]) -> Status:
    """Tally a report's fixtures per family, chapter (of each clause cited) and clause."""
    chapter_of = {c.slug: f"chapter {c.chapter}" for c in clauses}
    about = report.get("implementation", {})
    name = f"{about.get('name', '?')} {about.get('version', '')}".strip()
    status = Status(name=name, suite=str(report.get("suite_version", "?")))
    for fixture in report["fixtures"]:
        family, outcome = str(fixture.get("variant")), str(fixture["outcome"])
        status.families.setdefault(family, Tally()).add(outcome)
        cited = [str(s) for s in fixture.get("clauses", [])]
        for chapter in sorted({chapter_of.get(s, "(unknown clause)") for s in cited}):
            status.chapters.setdefault((family, chapter), Tally()).add(outcome)
        for slug in cited:
            status.clauses.setdefault((family, slug), Tally()).add(outcome)
    return status


def _family_line(family: str, tally: Tally) -> tuple[str, str, str, str, str]:
    checked = tally.passed + tally.failed
    share = f"{100 * tally.passed / checked:.1f}%" if checked else "-"
    return family, str(tally.passed), str(tally.failed), str(tally.skipped), share


def _clause_counts(status: Status, family: str) -> Counter[str]:
    return Counter(t.verdict for (f, _), t in status.clauses.items() if f == family)


def format_markdown(status: Status) -> str:
    """A Markdown section: the families, then per family the clauses that fail or that no
    checked fixture reaches."""
    lines = [
        f"## {status.name}: kanasta conformance suite {status.suite}",
        "",
        "| family | passed | failed | skipped | passed of checked | clauses passing |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for family in sorted(status.families):
        row = _family_line(family, status.families[family])
        counts = _clause_counts(status, family)
        total = sum(counts.values())
        lines.append(f"| {' | '.join(row)} | {counts['passes']} of {total} |")
    for family in sorted(status.families):
        bad = _listed(status, family)
        if bad:
            lines += ["", f"### {family}", ""]
            lines += [f"- `{slug}`: {verdict}" for slug, verdict in bad]
    return "\n".join(lines) + "\n"


def _listed(status: Status, family: str) -> Sequence[tuple[str, str]]:
    return sorted(
        (slug, tally.verdict)
        for (f, slug), tally in status.clauses.items()
        if f == family and tally.verdict != "passes"
    )


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1rem auto; max-width: 60rem;
  padding: 0 1rem; line-height: 1.4; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; width: 100%; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left; }
td.n { text-align: right; }
.passes { background: #e6f4ea; } .fails { background: #fde7e9; }
.not-checked { background: #f1f1f1; color: #555; }
.badge { display: inline-block; border-radius: 4px; padding: 0.2rem 0.6rem;
  background: #2e7d32; color: white; font-weight: bold; }
.badge.fails { background: #c62828; }
@media (max-width: 600px) { th, td { padding: 0.2rem; font-size: 0.85rem; } }
"""


def _chapter_key(chapter: str) -> tuple[int, str]:
    number = chapter.rpartition(" ")[2]
    return (int(number) if number.isdigit() else 1_000, chapter)


def format_html(status: Status) -> str:
    """A self-contained web page: a badge, the families, and every clause per family and
    chapter with its verdict."""
    e = html.escape
    failing = any(t.failed for t in status.families.values())
    badge = "fails" if failing else "passes"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(status.name)}: kanasta conformance</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>{e(status.name)}</h1>",
        f'<p><span class="badge {badge}">kanasta {e(status.suite)}: {badge}</span></p>',
        "<table><tr><th>family</th><th>passed</th><th>failed</th><th>skipped</th>"
        "<th>passed of checked</th></tr>",
    ]
    for family in sorted(status.families):
        cells = _family_line(family, status.families[family])
        parts.append(
            f"<tr><td>{e(cells[0])}</td>" + "".join(f'<td class="n">{c}</td>' for c in cells[1:])
        )
    parts.append("</table>")
    for family in sorted(status.families):
        parts.append(f"<h2>{e(family)}</h2>")
        chapters = sorted((c for f, c in status.chapters if f == family), key=_chapter_key)
        parts.append(
            "<table><tr><th>chapter</th><th>passed</th><th>failed</th><th>skipped</th></tr>"
        )
        for chapter in chapters:
            t = status.chapters[(family, chapter)]
            parts.append(
                f'<tr class="{t.verdict.replace(" ", "-")}"><td>{e(chapter)}</td>'
                f'<td class="n">{t.passed}</td><td class="n">{t.failed}</td>'
                f'<td class="n">{t.skipped}</td></tr>'
            )
        parts.append("</table><table><tr><th>clause</th><th>verdict</th><th>fixtures</th></tr>")
        for (f, slug), t in sorted(status.clauses.items()):
            if f != family:
                continue
            parts.append(
                f'<tr class="{t.verdict.replace(" ", "-")}"><td>{e(slug)}</td>'
                f"<td>{t.verdict}</td><td>{t.passed} passed, {t.failed} failed, "
                f"{t.skipped} skipped</td></tr>"
            )
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
