"""The traceability gate: every clause has code and a test or fixture, and
every citation names a clause that exists.

Citations come from three places:

* engine code: :func:`kanasta.clauses.implements`, from the registry of the package
  imported, or, for a checkout given by folder, read from its ``reference/`` sources
  (with :mod:`ast`: nothing is imported or run). Only the rules cite clauses: a
  citation outside :data:`RULE_PACKAGES` (the speed layer, the docs tooling, the
  commands) is a problem;
* tests: ``@pytest.mark.clause("slug", ...)`` (found by reading the test files,
  nothing is imported or run);
* fixtures: the ``clauses`` list of every conformance fixture.

The gate also weighs the fixtures that pin each clause of kind rule: a rule needs at least two
fixtures, at least one of them *explicit*. A fixture is *seeded* when its cards come from
the seeded shuffle, that is when its ``setup`` or one of its steps gives a ``seed`` (the
deals, legal-action counts and golden playthroughs dealt from a seed, the games dealt from
a game seed); every other fixture (meld steps, explicit states, games given by their
results or explicit deals) is explicit. A shortfall is a problem when the clause belongs
to a family the reference plays whole games of (``RulesProfile.implemented``), and a note
otherwise. :data:`FIXTURE_EXEMPT` names the few rules fixtures cannot pin as asked, each
with its reason.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kanasta.clauses import get_registry
from kanasta.conformance.independence import find_independence_problems
from kanasta.errors import InputError
from kanasta.families import PLAYABLE_FAMILIES
from kanasta.resources import get_fixtures_dir, get_repo_root
from kanasta.specdoc.spec import (
    Clause,
    ClauseKind,
    check_family_citations,
    check_spec_structure,
    get_cited_slugs,
    load_spec,
)

__all__ = [
    "DEAL_CLAUSES",
    "FIXTURE_EXEMPT",
    "Citation",
    "TraceReport",
    "build_trace",
    "find_code_citations",
    "find_dealt_state_problems",
    "find_fixture_citations",
    "find_fixture_family_problems",
    "find_fixture_strength",
    "find_seeded_fixtures",
    "find_test_citations",
    "format_matrix",
    "is_seeded_fixture",
]

FIXTURE_EXEMPT: Mapping[str, str] = {
    "deck-composition": "every state and deal holds exactly the family's deck; one that does "
    "not is an input error, not a verdict a fixture can expect: tests pin it",
    "card-notation": "the notation is the language every fixture is written in; its errors "
    "are input errors, pinned by tests",
    "rule-families": "a fixture names its family in its variant field; an unknown name is an "
    "input error, pinned by tests",
    "seeded-shuffle": "the shuffle is the seeded deal itself: only seeded fixtures can pin it "
    "(and tests check it against a second implementation)",
    "rejection-cites-family": "a property of every refusal and of every fixture, which the "
    "gate itself checks over the whole suite",
    "player-view": "no request kind asks for a player's view: an implementation's view is its "
    "own interface; tests pin the reference's",
}
"""Rules exempt from the two-fixtures-one-explicit requirement, with the reason."""


DEAL_CLAUSES: frozenset[str] = frozenset(
    {
        "seeded-shuffle",
        "deal-order",
        "deal-koz",
        "trump-card",
        "first-player",
        "deal-fi-5200",
        "deal-six-packets",
        "deal-fi-351",
        "deal-fi-351-order",
        "classic-deal",
        "classic-upcard",
    }
)
"""The clauses that say how a hand is dealt. Only a fixture in which the engine deals may
cite one (a deal step, from a deck given in order or from a seed; a game whose hands it
deals): a fixture whose setup hands the engine a dealt state, or a game hand given by an
explicit deal, leaves the deal unchecked (an engine that echoes the state would pass it).
:data:`GIVEN_DEAL_CLAUSES` names the two an explicit deal still leaves to the engine."""

GIVEN_DEAL_CLAUSES: frozenset[str] = frozenset({"first-player", "classic-deal"})
"""The deal clauses a game hand given by an explicit deal still checks: the engine decides
who plays first from the dealer (and in classic lays and replaces the red threes dealt)."""


RULE_PACKAGES: tuple[str, ...] = ("kanasta.rules.", "kanasta.families.", "kanasta.io.")
"""Where code may cite a clause: the rules, one module per chapter, the family modules, and
the JSON forms the spec defines (:mod:`kanasta.io`: clauses state-json, action-json,
game-record)."""


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
    seeded: frozenset[str] = frozenset()
    notes: tuple[str, ...] = ()
    exempt: Mapping[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    def is_short(self, clause: Clause) -> bool:
        """Is a rule (not exempt) pinned by fewer than two fixtures, or by seeded ones only?"""
        if clause.kind is not ClauseKind.RULE or clause.slug in self.exempt:
            return False
        total, explicit = self.get_pins(clause.slug)
        return total < 2 or explicit == 0

    def get_pins(self, slug: str) -> tuple[int, int]:
        """How many fixtures pin a clause, and how many of them are explicit (not seeded)."""
        fixtures = self.fixtures.get(slug, ())
        return len(fixtures), sum(1 for f in fixtures if f not in self.seeded)

    def to_json(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "problems": list(self.problems),
            "notes": list(self.notes),
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
                    "fixture_count": self.get_pins(c.slug)[0],
                    "explicit_fixtures": self.get_pins(c.slug)[1],
                    "explicit": self.get_pins(c.slug)[1] > 0,
                    "exempt": self.exempt.get(c.slug),
                }
                for c in self.clauses
            ],
        }


def _is_clause_mark(func: ast.expr) -> bool:
    return (isinstance(func, ast.Attribute) and func.attr == "clause") or (
        isinstance(func, ast.Name) and func.id == "clause"
    )


def _parse_python(path: Path) -> ast.Module:
    """A Python source file's syntax tree; an unreadable file is an :class:`InputError`."""
    try:
        source = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot read the file: {exc.strerror or exc}.") from None
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{path}: not UTF-8 text (byte {exc.start}); the traceability check reads the "
            "clause citations of Python files."
        ) from None
    try:
        return ast.parse(source, filename=str(path))
    except (SyntaxError, ValueError) as exc:
        line = f" at line {exc.lineno}" if isinstance(exc, SyntaxError) and exc.lineno else ""
        raise InputError(
            f"{path}: not valid Python{line}; the traceability check cannot read its clause "
            "citations."
        ) from None


def _implements_slugs(decorators: Iterable[ast.expr]) -> list[str]:
    slugs: list[str] = []
    for mark in decorators:
        if not isinstance(mark, ast.Call):
            continue
        func = mark.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name == "implements":
            slugs.extend(
                arg.value
                for arg in mark.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            )
    return slugs


def _code_citations(body: Iterable[ast.stmt], module: str, prefix: str) -> Iterator[Citation]:
    for node in body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        qualname = f"{prefix}{node.name}"
        for slug in _implements_slugs(node.decorator_list):
            yield Citation(slug, f"{module}.{qualname}")
        inner = f"{qualname}." if isinstance(node, ast.ClassDef) else f"{qualname}.<locals>."
        yield from _code_citations(node.body, module, inner)


def find_code_citations(code_dir: Path) -> tuple[Citation, ...]:
    """Slugs cited by ``@implements(...)`` in the Python sources under ``code_dir`` (a
    checkout's ``reference/``), each with the module and qualified name it marks, as the
    registry names them. The sources are read, never imported."""
    found: list[Citation] = []
    for path in sorted(code_dir.rglob("*.py")):
        parts = path.relative_to(code_dir).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found.extend(_code_citations(_parse_python(path).body, module, ""))
    return tuple(found)


def find_test_citations(tests_dir: Path) -> tuple[Citation, ...]:
    """Slugs cited by ``pytest.mark.clause(...)`` in the test files, with test names."""
    found: list[Citation] = []
    for path in sorted(tests_dir.rglob("*.py")):
        tree = _parse_python(path)
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


def _read_fixtures(fixture_dirs: Iterable[Path]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every JSON fixture object under the folders, with its id (unreadable files skipped:
    ``kanasta conformance validate`` reports them)."""
    for folder in fixture_dirs:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(data, dict):
                yield str(data.get("id", path.relative_to(folder))), data


def is_seeded_fixture(data: Mapping[str, Any]) -> bool:
    """Does a fixture's scenario come from the seeded shuffle: does its ``setup`` or one of
    its steps give a ``seed``? (Otherwise the fixture is explicit.)"""
    setup = data.get("setup")
    steps = data.get("steps")
    parts = [setup, *(steps if isinstance(steps, list) else ())]
    return any(isinstance(part, Mapping) and "seed" in part for part in parts)


def find_fixture_citations(fixture_dirs: Iterable[Path]) -> tuple[Citation, ...]:
    """Slugs listed in the ``clauses`` field of every JSON fixture."""
    found: list[Citation] = []
    for ident, data in _read_fixtures(fixture_dirs):
        clauses = data.get("clauses", [])
        if isinstance(clauses, list):
            found.extend(Citation(s, ident) for s in clauses if isinstance(s, str))
    return tuple(found)


def find_seeded_fixtures(fixture_dirs: Iterable[Path]) -> frozenset[str]:
    """The ids of the seeded fixtures (:func:`is_seeded_fixture`)."""
    return frozenset(i for i, data in _read_fixtures(fixture_dirs) if is_seeded_fixture(data))


def _gives_deal(data: Mapping[str, Any]) -> bool:
    """Does a fixture hand the engine a game hand as an explicit deal?"""
    steps = data.get("steps")
    for step in steps if isinstance(steps, list) else ():
        hands = step.get("hands") if isinstance(step, Mapping) else None
        for hand in hands if isinstance(hands, list) else ():
            if isinstance(hand, Mapping) and "deal" in hand:
                return True
    return False


def find_dealt_state_problems(fixture_dirs: Iterable[Path]) -> tuple[str, ...]:
    """Fixtures that cite a deal clause (:data:`DEAL_CLAUSES`) while the engine does not
    deal: a setup (an explicit state, or a seed sent with the state it deals) or a game hand
    given by an explicit deal (beyond :data:`GIVEN_DEAL_CLAUSES`)."""
    problems: list[str] = []
    for ident, data in _read_fixtures(fixture_dirs):
        listed = data.get("clauses", [])
        slugs = {s for s in listed if isinstance(s, str)} if isinstance(listed, list) else set()
        cited = slugs & DEAL_CLAUSES
        how = "its setup hands the engine a dealt state"
        if "setup" not in data:
            cited -= GIVEN_DEAL_CLAUSES if _gives_deal(data) else cited
            how = "its game hands the engine an explicit deal"
        if cited:
            problems.append(
                f"fixture {ident} cites the deal clause(s) {', '.join(sorted(cited))}, but "
                f"{how}: the engine's deal is never checked there; check a deal with a deal "
                "step (a deck given in order, or a seed) and cite the rule the fixture checks"
            )
    return tuple(problems)


def find_fixture_family_problems(
    clauses: Iterable[Clause], fixture_dirs: Iterable[Path]
) -> tuple[str, ...]:
    """Fixtures that cite, or expect a rejection citing, a clause whose ``:families:``
    leave out the fixture's variant."""
    clauses = tuple(clauses)
    problems: list[str] = []
    for ident, data in _read_fixtures(fixture_dirs):
        if not isinstance(data.get("variant"), str):
            continue
        listed = data.get("clauses", [])
        slugs = [s for s in listed if isinstance(s, str)] if isinstance(listed, list) else []
        slugs.extend(get_cited_slugs(data.get("steps", [])))
        problems.extend(check_family_citations(clauses, data["variant"], slugs, ident))
    return tuple(problems)


def find_fixture_strength(
    clauses: Iterable[Clause],
    fixtures: Mapping[str, tuple[str, ...]],
    seeded: frozenset[str],
    *,
    enforced: Iterable[str] = PLAYABLE_FAMILIES,
    exempt: Mapping[str, str] = FIXTURE_EXEMPT,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The rules pinned by fewer than two fixtures or by seeded fixtures only, as
    (problems, notes): a problem when the rule belongs to an ``enforced`` family (one the
    reference plays whole games of), a note otherwise; ``exempt`` rules are left out."""
    enforced = frozenset(enforced)
    problems: list[str] = []
    notes: list[str] = []
    for c in clauses:
        if c.kind is not ClauseKind.RULE or c.slug in exempt:
            continue
        pinned = fixtures.get(c.slug, ())
        explicit = [f for f in pinned if f not in seeded]
        if len(pinned) >= 2 and explicit:
            continue
        if len(pinned) < 2:
            what = f"is pinned by {len(pinned)} fixture(s)"
        else:
            what = f"is pinned by {len(pinned)} fixtures, all seeded"
        message = (
            f"clause {c.number} {c.slug!r} {what}; a rule needs at least two fixtures, "
            "one of them explicit (not dealt from a seed)"
        )
        if enforced & set(c.families):
            problems.append(message)
        else:
            waiting = ", ".join(c.families)
            notes.append(f"{message}; a note until {waiting} plays whole games")
    return tuple(problems), tuple(notes)


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
    enforced: Iterable[str] = PLAYABLE_FAMILIES,
    code_dir: Path | None = None,
) -> TraceReport:
    """Cross-check spec, code, tests and fixtures (defaults: this checkout); the fixture
    strength of a rule counts against the gate for the ``enforced`` families.

    The code citations are ``code`` when given, else those read from the sources under
    ``code_dir`` (a checkout's ``reference/``), else the registry of this package.
    """
    clauses = load_spec(spec_dir)
    problems = [str(issue) for issue in check_spec_structure(clauses)]
    if code is None and code_dir is not None:
        if code_dir.is_dir():
            code = find_code_citations(code_dir)
        else:
            problems.append(f"no code folder at {code_dir}: no clause citation of code was read")
            code = ()
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
    problems.extend(find_dealt_state_problems(folders))
    code = tuple(code)
    problems.extend(
        f"code outside rules/, families/ and io/ cites clause {c.slug!r}: {c.where}"
        for c in code
        if not c.where.startswith(RULE_PACKAGES)
    )
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
    independence, coarse_notes = find_independence_problems(clauses, folders, families=enforced)
    problems.extend(independence)
    seeded = find_seeded_fixtures(folders)
    weak, notes = find_fixture_strength(clauses, fixture_map, seeded, enforced=enforced)
    notes = (*notes, *coarse_notes)
    problems.extend(weak)
    exempt = {c.slug: FIXTURE_EXEMPT[c.slug] for c in clauses if c.slug in FIXTURE_EXEMPT}
    return TraceReport(
        clauses, code_map, test_map, fixture_map, tuple(problems), seeded, notes, exempt
    )


def format_matrix(report: TraceReport) -> str:
    """The matrix as text: one line per clause with its code, test, fixture and explicit
    fixture counts (``exempt``: a rule fixtures need not pin twice), then the notes, the
    total and the problems."""
    lines = [
        f"{'clause':<10} {'slug':<44} {'kind':<12} {'code':>4} {'tests':>5} {'fixt':>5} {'expl':>4}"
    ]
    for c in report.clauses:
        fixtures, explicit = report.get_pins(c.slug)
        mark = "  exempt" if c.slug in report.exempt else ""
        lines.append(
            f"{c.number:<10} {c.slug:<44} {c.kind.value:<12} "
            f"{len(report.code.get(c.slug, ())):>4} {len(report.tests.get(c.slug, ())):>5} "
            f"{fixtures:>5} {explicit:>4}{mark}"
        )
    normative = [c for c in report.clauses if c.is_normative]
    lines.append("")
    lines.extend(f"  NOTE: {n}" for n in report.notes)
    lines.append(
        f"{len(report.clauses)} clauses ({len(normative)} normative); "
        f"{len(report.problems)} problem(s)"
    )
    lines.extend(f"  PROBLEM: {p}" for p in report.problems)
    return "\n".join(lines)
