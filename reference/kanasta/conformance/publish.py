"""``kanasta conformance report``: an implementation's status from a run's JSON report, per
family, chapter and clause, as a Markdown section (for a README) or a web page.

A clause *passes* when some fixture citing it passed by the engine's work and none failed
or errored; it *fails* when one of them failed or errored, and is *not checked* when every
fixture citing it was skipped (a skip is never a pass) or passed only steps whose facts
already held of the setup the runner sent (``proves_clauses`` false: an echo of the state
passes them). The status line and the badge read the run's own ``ok``. The report must be
one ``kanasta conformance run --report`` wrote: it is checked against
``conformance/schema/report.schema.json`` first. Every text the report supplies (the
implementation's name and version, families, clause slugs) is escaped for the format.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from kanasta.conformance.jsonio import escape_controls, read_json_file
from kanasta.conformance.schema import REPORT_SCHEMA, SchemaSet
from kanasta.errors import InputError
from kanasta.resources import get_schema_dir
from kanasta.specdoc.spec import Clause

__all__ = [
    "Status",
    "escape_markdown",
    "format_html",
    "format_markdown",
    "get_status",
    "get_verdict",
    "read_report",
]

_PASSED = {"pass", "xpass"}
_FAILED = {"fail", "error", "xfail"}


@cache
def _report_schema() -> tuple[SchemaSet, str]:
    document = read_json_file(get_schema_dir() / REPORT_SCHEMA, max_bytes=1 << 22)
    return SchemaSet([document]), str(document["$id"])


def read_report(path: Path) -> dict[str, Any]:
    """A run's JSON report (``--report``), checked against ``report.schema.json``: a
    report that does not match is one paragraph naming the file and the JSON path."""
    data = read_json_file(path, max_bytes=1 << 28, what="a run report")
    schemas, ident = _report_schema()
    issues = schemas.iter_issues(data, ident)
    if issues:
        more = f" (and {len(issues) - 1} more issue(s))" if len(issues) > 1 else ""
        raise InputError(
            f"{path}: this is not a report written by kanasta conformance run --report "
            f"(conformance/schema/{REPORT_SCHEMA}): {issues[0]}{more}."
        )
    if not isinstance(data, dict):  # the schema says an object; this tells mypy
        raise InputError(f"{path}: a run report is a JSON object.")
    return data


@dataclass(slots=True)
class Tally:
    """Fixtures by outcome: passed by the engine's work, failed (failures and errors),
    skipped, and passed without proof (:attr:`unproven`)."""

    passed: int = 0
    failed: int = 0
    skipped: int = 0
    unproven: int = 0
    """Fixtures that passed only steps already true of the setup sent (not counted as
    passed: they show nothing of the engine)."""

    def add(self, outcome: str, proves: bool = True) -> None:
        if outcome in _PASSED and proves:
            self.passed += 1
        elif outcome in _PASSED:
            self.unproven += 1
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
    ok: bool = False
    """The run's own verdict (the report's ``ok``): the badge and status line say it."""
    why: str = ""
    """Why the run did not go ahead or was stopped (its ``error`` or ``interrupted``)."""
    families: dict[str, Tally] = field(default_factory=dict)
    chapters: dict[tuple[str, str], Tally] = field(default_factory=dict)
    clauses: dict[tuple[str, str], Tally] = field(default_factory=dict)


def get_status(report: Mapping[str, Any], clauses: Iterable[Clause]) -> Status:
    """Tally a report's fixtures per family, chapter (of each clause cited) and clause."""
    chapter_of = {c.slug: f"chapter {c.chapter}" for c in clauses}
    about = report.get("implementation", {})
    name = f"{about.get('name', '?')} {about.get('version', '')}".strip()
    why = report.get("error") or (
        f"interrupted by {report['interrupted']}" if report.get("interrupted") else ""
    )
    status = Status(
        name=name,
        suite=str(report.get("suite_version", "?")),
        ok=report.get("ok") is True,
        why=str(why),
    )
    for fixture in report["fixtures"]:
        family, outcome = str(fixture.get("variant")), str(fixture["outcome"])
        proves = fixture.get("proves_clauses") is True
        status.families.setdefault(family, Tally()).add(outcome, proves)
        cited = [str(s) for s in fixture.get("clauses", [])]
        for chapter in sorted({chapter_of.get(s, "(unknown clause)") for s in cited}):
            status.chapters.setdefault((family, chapter), Tally()).add(outcome, proves)
        for slug in cited:
            status.clauses.setdefault((family, slug), Tally()).add(outcome, proves)
    return status


def get_verdict(status: Status) -> str:
    """The run's verdict, as the badge and the status line say it: ``passes`` only when
    the report's own ``ok`` says so (never from counting fixtures); otherwise why not: it
    did not run, was interrupted, fails, or checked nothing."""
    if status.ok:
        return "passes"
    if status.why:
        return "did not run" if not status.families else "interrupted"
    if any(t.failed for t in status.families.values()):
        return "fails"
    return "nothing checked" if not any(t.passed for t in status.families.values()) else "fails"


def _family_line(family: str, tally: Tally) -> tuple[str, str, str, str, str]:
    checked = tally.passed + tally.failed
    share = f"{100 * tally.passed / checked:.1f}%" if checked else "-"
    skipped = tally.skipped + tally.unproven
    return family, str(tally.passed), str(tally.failed), str(skipped), share


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~&\"'=:$])")
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def escape_markdown(text: str) -> str:
    """A text the report supplies, shown literally in Markdown: every punctuation mark that
    could make a link, an image, emphasis, a table cell or raw HTML is escaped, and line
    breaks and control characters are written as escapes (one line, no new block)."""
    one_line = escape_controls(text).replace("\n", " ").replace("\r", " ")
    return _MD_SPECIAL.sub(r"\\\1", one_line)


def _md_slug(slug: str) -> str:
    return f"`{slug}`" if _SLUG.fullmatch(slug) else escape_markdown(slug)


def _clause_counts(status: Status, family: str) -> Counter[str]:
    return Counter(t.verdict for (f, _), t in status.clauses.items() if f == family)


def format_markdown(status: Status) -> str:
    """A Markdown section: the families, then per family the clauses that fail or that no
    checked fixture reaches."""
    verdict = get_verdict(status)
    why = f" ({escape_markdown(status.why)})" if status.why else ""
    lines = [
        f"## {escape_markdown(status.name)}: kanasta conformance suite "
        f"{escape_markdown(status.suite)}",
        "",
        f"**Status: {verdict}**{why}",
        "",
        "| family | passed | failed | skipped or unproven | passed of checked | clauses passing |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for family in sorted(status.families):
        row = _family_line(family, status.families[family])
        counts = _clause_counts(status, family)
        total = sum(counts.values())
        cells = (escape_markdown(row[0]), *row[1:])
        lines.append(f"| {' | '.join(cells)} | {counts['passes']} of {total} |")
    for family in sorted(status.families):
        bad = _listed(status, family)
        if bad:
            lines += ["", f"### {escape_markdown(family)}", ""]
            lines += [f"- {_md_slug(slug)}: {verdict}" for slug, verdict in bad]
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
.badge.not-checked { background: #757575; }
@media (max-width: 600px) { th, td { padding: 0.2rem; font-size: 0.85rem; } }
"""


def _chapter_key(chapter: str) -> tuple[int, str]:
    number = chapter.rpartition(" ")[2]
    return (int(number) if number.isdigit() else 1_000, chapter)


def format_html(status: Status) -> str:
    """A self-contained web page: a badge, the families, and every clause per family and
    chapter with its verdict."""

    def e(text: str) -> str:
        return html.escape(escape_controls(text))

    verdict = get_verdict(status)
    badge = verdict if verdict in ("passes", "fails") else "not-checked"
    why = f" ({e(status.why)})" if status.why else ""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(status.name)}: kanasta conformance</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>{e(status.name)}</h1>",
        f'<p><span class="badge {badge}">kanasta {e(status.suite)}: {verdict}</span>{why}</p>',
        "<table><tr><th>family</th><th>passed</th><th>failed</th><th>skipped or unproven</th>"
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
            unproven = f", {t.unproven} passed without proof" if t.unproven else ""
            parts.append(
                f'<tr class="{t.verdict.replace(" ", "-")}"><td>{e(slug)}</td>'
                f"<td>{t.verdict}</td><td>{t.passed} passed, {t.failed} failed, "
                f"{t.skipped} skipped{unproven}</td></tr>"
            )
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
