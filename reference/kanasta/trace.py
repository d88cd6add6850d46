"""The traceability gate: every clause has code and a test or fixture, and
every citation names a clause that exists.

Citations come from three places:

* engine code: :func:`kanasta.clauses.implements`;
* tests: ``@pytest.mark.clause("slug", ...)`` (found by reading the test files,
  nothing is imported or run);
* fixtures: the ``clauses`` list of every conformance fixture.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from kanasta.clauses import get_registry
from kanasta.resources import get_fixtures_dir, get_repo_root
from kanasta.spec import (
    Clause,
    check_family_citations,
    check_spec_structure,
    get_cited_slugs,
    load_spec,
)

__all__ = [
    "Citation",
    "TraceReport",
    "build_trace",
    "find_fixture_citations",
    "find_fixture_family_problems",
    "find_test_citations",
    "format_matrix",
]


@dataclass(frozen=True, slots=True)
class Citation:
    """One place that cites a clause slug."""

    slug: str
    where: str


@dataclass(frozen=True, slots=True)
class TraceReport:
    """The clause -> code -> tests/fixtures matrix and what is wrong with it."""

    clauses: tuple[Clause, ...]
    code: Mapping[str, tuple[str, ...]]
    tests: Mapping[str, tuple[str, ...]]
    fixtures: Mapping[str, tuple[str, ...]]
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "problems": list(self.problems),
            "clauses": [
                {
                    "slug": c.slug,
                    "number": c.number,
                    "title": c.title,
                    "kind": c.kind.value,
                    "families": list(c.families),
                    "code": list(self.code.get(c.slug, ())),
                    "tests": list(self.tests.get(c.slug, ())),
                    "fixtures": list(self.fixtures.get(c.slug, ())),
                }
                for c in self.clauses
            ],
        }


def _is_clause_mark(func: ast.expr) -> bool:
    return (isinstance(func, ast.Attribute) and func.attr == "clause") or (
        isinstance(func, ast.Name) and func.id == "clause"
    )


def find_test_citations(tests_dir: Path) -> tuple[Citation, ...]:
    """Slugs cited by ``pytest.mark.clause(...)`` in the test files, with test names."""
    found: list[Citation] = []
    for path in sorted(tests_dir.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = path.relative_to(tests_dir.parent) if tests_dir.parent in path.parents else path
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                owner = f"{rel}::{node.name}"
                marks = node.decorator_list
            elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
            ):
                owner = f"{rel}"
                marks = [node.value]
            else:
                continue
            for mark in marks:
                for call in ast.walk(mark):
                    if isinstance(call, ast.Call) and _is_clause_mark(call.func):
                        for arg in call.args:
                            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                                found.append(Citation(arg.value, owner))
    return tuple(found)


def find_fixture_citations(fixture_dirs: Iterable[Path]) -> tuple[Citation, ...]:
    """Slugs listed in the ``clauses`` field of every JSON fixture."""
    found: list[Citation] = []
    for folder in fixture_dirs:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if not isinstance(data, dict):
                continue
            ident = data.get("id", str(path.relative_to(folder)))
            clauses = data.get("clauses", [])
            if isinstance(clauses, list):
                found.extend(Citation(s, str(ident)) for s in clauses if isinstance(s, str))
    return tuple(found)


def find_fixture_family_problems(
    clauses: Iterable[Clause], fixture_dirs: Iterable[Path]
) -> tuple[str, ...]:
    """Fixtures that cite, or expect a rejection citing, a clause whose ``:families:``
    leave out the fixture's variant."""
    clauses = tuple(clauses)
    problems: list[str] = []
    for folder in fixture_dirs:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if not isinstance(data, dict) or not isinstance(data.get("variant"), str):
                continue
            listed = data.get("clauses", [])
            slugs = [s for s in listed if isinstance(s, str)] if isinstance(listed, list) else []
            slugs.extend(get_cited_slugs(data.get("steps", [])))
            ident = str(data.get("id", path.relative_to(folder)))
            problems.extend(check_family_citations(clauses, data["variant"], slugs, ident))
    return tuple(problems)


def _group(citations: Iterable[Citation]) -> dict[str, tuple[str, ...]]:
    grouped: dict[str, list[str]] = {}
    for c in citations:
        places = grouped.setdefault(c.slug, [])
        if c.where not in places:
            places.append(c.where)
    return {slug: tuple(places) for slug, places in grouped.items()}


def build_trace(
    *,
    spec_dir: Path | None = None,
    tests_dir: Path | None = None,
    fixture_dirs: Iterable[Path] | None = None,
    code: Iterable[Citation] | None = None,
) -> TraceReport:
    """Cross-check spec, code, tests and fixtures (defaults: this checkout)."""
    clauses = load_spec(spec_dir)
    problems = [str(issue) for issue in check_spec_structure(clauses)]
    if code is None:
        code = (Citation(ref.slug, f"{ref.module}.{ref.qualname}") for ref in get_registry())
    root = get_repo_root()
    if tests_dir is None and root is not None:
        tests_dir = root / "tests"
    test_cites = find_test_citations(tests_dir) if tests_dir is not None else ()
    if tests_dir is None:
        problems.append("no tests folder found: run the check from a checkout")
    folders = list(fixture_dirs) if fixture_dirs is not None else [get_fixtures_dir()]
    fixture_cites = find_fixture_citations(folders)
    problems.extend(find_fixture_family_problems(clauses, folders))
    code_map = _group(code)
    test_map = _group(test_cites)
    fixture_map = _group(fixture_cites)
    known = {c.slug for c in clauses}
    for label, mapping in (("code", code_map), ("test", test_map), ("fixture", fixture_map)):
        for slug, places in sorted(mapping.items()):
            if slug not in known:
                problems.append(f"{label} cites unknown clause {slug!r}: " + ", ".join(places[:3]))
    for c in clauses:
        if not c.is_normative:
            continue
        if c.slug not in code_map:
            problems.append(f"clause {c.number} {c.slug!r} has no implementing code")
        if c.slug not in test_map and c.slug not in fixture_map:
            problems.append(f"clause {c.number} {c.slug!r} has no test and no fixture")
    return TraceReport(clauses, code_map, test_map, fixture_map, tuple(problems))


def format_matrix(report: TraceReport) -> str:
    """The matrix as text: one line per clause with its code, test and fixture counts."""
    lines = [f"{'clause':<10} {'slug':<44} {'kind':<12} {'code':>4} {'tests':>5} {'fixt':>5}"]
    for c in report.clauses:
        lines.append(
            f"{c.number:<10} {c.slug:<44} {c.kind.value:<12} "
            f"{len(report.code.get(c.slug, ())):>4} {len(report.tests.get(c.slug, ())):>5} "
            f"{len(report.fixtures.get(c.slug, ())):>5}"
        )
    normative = [c for c in report.clauses if c.is_normative]
    lines.append("")
    lines.append(
        f"{len(report.clauses)} clauses ({len(normative)} normative); "
        f"{len(report.problems)} problem(s)"
    )
    lines.extend(f"  PROBLEM: {p}" for p in report.problems)
    return "\n".join(lines)
