"""Read the clause-numbered spec (``spec/NN-name.rst``) into clause values.

A clause is written in reStructuredText as::

    .. clause:: run-wild-after-three-naturals
       :number: 3.4.2
       :title: A wild joins a run only beside three naturals
       :kind: rule
       :families: fi-5200
       :sources: seed 000 (part 1)

       The text of the clause...

``:kind:`` is ``rule`` (normative), ``resolution`` (normative; decides what
the sources leave open or contradict, and must name ``:sources:`` and state
the ``:question:`` it answers, in words, on one line) or ``informative`` (a
definition or a note: needs no code and no test).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from kanasta.errors import InputError
from kanasta.families import FAMILY_NAMES
from kanasta.resources import get_spec_dir

__all__ = [
    "Clause",
    "ClauseKind",
    "SpecIssue",
    "check_family_citations",
    "check_question",
    "check_spec_structure",
    "find_checkout",
    "get_cited_slugs",
    "get_clause_numbers",
    "is_checkout",
    "load_spec",
]

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
NUMBER_RE = re.compile(r"^\d+(?:\.\d+)+$")
CHAPTER_RE = re.compile(r"^(\d\d)-([a-z0-9-]+)\.rst$")
_DIRECTIVE_RE = re.compile(r"^\.\. clause::\s*(\S*)\s*$")
_OPTION_RE = re.compile(r"^\s+:([a-z-]+):\s*(.*)$")


class ClauseKind(StrEnum):
    """Normative rules, resolutions of open questions, and informative notes."""

    RULE = "rule"
    RESOLUTION = "resolution"
    INFORMATIVE = "informative"


@dataclass(frozen=True, slots=True)
class Clause:
    """One numbered clause of the spec."""

    slug: str
    number: str
    title: str
    kind: ClauseKind
    families: tuple[str, ...]
    sources: str
    question: str
    text: str
    chapter: str
    path: str
    line: int

    @property
    def is_normative(self) -> bool:
        return self.kind is not ClauseKind.INFORMATIVE


@dataclass(frozen=True, slots=True)
class SpecIssue:
    """A structural defect of the spec text (duplicate slug, bad number...)."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def _parse_file(path: Path) -> list[Clause]:
    match = CHAPTER_RE.match(path.name)
    if match is None:
        return []
    chapter = match.group(1).lstrip("0") or "0"
    lines = path.read_text(encoding="utf-8").splitlines()
    clauses: list[Clause] = []
    i = 0
    while i < len(lines):
        head = _DIRECTIVE_RE.match(lines[i])
        if head is None:
            i += 1
            continue
        start = i + 1
        slug = head.group(1)
        options: dict[str, str] = {}
        i += 1
        while i < len(lines) and (m := _OPTION_RE.match(lines[i])):
            options[m.group(1)] = m.group(2).strip()
            i += 1
        body: list[str] = []
        while i < len(lines) and (not lines[i].strip() or lines[i].startswith("   ")):
            body.append(lines[i][3:] if lines[i].startswith("   ") else "")
            i += 1
        kind_text = options.get("kind", "rule")
        try:
            kind = ClauseKind(kind_text)
        except ValueError:
            raise InputError(
                f"{path}:{start}: clause {slug!r} has kind {kind_text!r}; use rule, "
                "resolution or informative."
            ) from None
        families_text = options.get("families", "all")
        families = (
            FAMILY_NAMES
            if families_text == "all"
            else tuple(f.strip() for f in families_text.split(",") if f.strip())
        )
        clauses.append(
            Clause(
                slug=slug,
                number=options.get("number", ""),
                title=options.get("title", ""),
                kind=kind,
                families=families,
                sources=options.get("sources", ""),
                question=options.get("question", ""),
                text="\n".join(body).strip("\n"),
                chapter=chapter,
                path=str(path),
                line=start,
            )
        )
    return clauses


def is_checkout(folder: Path) -> bool:
    """Is ``folder`` the root of a kanasta checkout (``spec/`` beside a ``pyproject.toml``
    whose project is named kanasta)?"""
    pyproject = folder / "pyproject.toml"
    if not (folder / "spec").is_dir() or not pyproject.is_file():
        return False
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False
    project = data.get("project")
    return isinstance(project, dict) and project.get("name") == "kanasta"


def find_checkout(start: Path) -> Path | None:
    """The kanasta checkout ``start`` is in: ``start`` or the nearest folder above it."""
    here = start.resolve()
    for folder in (here, *here.parents):
        if is_checkout(folder):
            return folder
    return None


def load_spec(spec_dir: Path | None = None) -> tuple[Clause, ...]:
    """Every clause of the spec, in chapter and text order."""
    folder = spec_dir if spec_dir is not None else get_spec_dir()
    if not folder.is_dir():
        raise InputError(f"no spec folder at {folder}")
    clauses: list[Clause] = []
    for path in sorted(folder.glob("*.rst")):
        clauses.extend(_parse_file(path))
    return tuple(clauses)


def _number_key(number: str) -> tuple[int, ...]:
    return tuple(int(part) for part in number.split("."))


def check_spec_structure(clauses: Iterable[Clause]) -> tuple[SpecIssue, ...]:
    """Slugs well formed and unique, numbers well formed, unique and in chapter order."""
    issues: list[SpecIssue] = []
    seen_slugs: dict[str, Clause] = {}
    seen_numbers: dict[str, Clause] = {}
    last: dict[str, tuple[int, ...]] = {}
    for c in clauses:
        where = f"{c.path}:{c.line}"
        if not SLUG_RE.match(c.slug):
            issues.append(SpecIssue(where, f"slug {c.slug!r} is not lower-case-with-hyphens"))
        if c.slug in seen_slugs:
            first = seen_slugs[c.slug]
            issues.append(
                SpecIssue(
                    where, f"slug {c.slug!r} is defined twice (first at {first.path}:{first.line})"
                )
            )
        seen_slugs.setdefault(c.slug, c)
        if not NUMBER_RE.match(c.number):
            issues.append(SpecIssue(where, f"clause {c.slug!r} has no valid :number:"))
            continue
        if c.number.split(".")[0] != c.chapter:
            issues.append(
                SpecIssue(where, f"clause {c.slug!r} is numbered {c.number} in chapter {c.chapter}")
            )
        if c.number in seen_numbers:
            issues.append(
                SpecIssue(
                    where,
                    f"number {c.number} is used twice (also by {seen_numbers[c.number].slug!r})",
                )
            )
        seen_numbers.setdefault(c.number, c)
        key = _number_key(c.number)
        if c.path in last and key <= last[c.path]:
            issues.append(SpecIssue(where, f"number {c.number} is out of order"))
        last[c.path] = key
        if not c.title:
            issues.append(SpecIssue(where, f"clause {c.slug!r} has no :title:"))
        if not c.text:
            issues.append(SpecIssue(where, f"clause {c.slug!r} has no text"))
        unknown = [f for f in c.families if f not in FAMILY_NAMES]
        if unknown:
            issues.append(SpecIssue(where, f"clause {c.slug!r} names unknown families {unknown}"))
        if c.kind is ClauseKind.RESOLUTION and not c.sources:
            issues.append(
                SpecIssue(where, f"resolution {c.slug!r} does not name the sources it follows")
            )
        problem = check_question(c.kind, c.question)
        if problem:
            issues.append(SpecIssue(where, f"{c.kind.value} {c.slug!r} {problem}"))
    return tuple(issues)


def check_question(kind: ClauseKind, question: str) -> str:
    """What is wrong with a clause's ``:question:`` (empty when nothing is).

    A resolution states the question it answers in the spec's own words: a
    sentence ending with a question mark, not a number of some other document.
    """
    if not question:
        return "does not state the :question: it answers" if kind is ClauseKind.RESOLUTION else ""
    if not question.endswith("?") or len(question.split()) < 4:
        return f"states its :question: {question!r} not as a question in words"
    return ""


def get_cited_slugs(value: object) -> list[str]:
    """Every clause slug a fixture's JSON (or part of it) expects a verdict to cite: the
    string ``clause`` of any object in it, in document order."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "clause" and isinstance(item, str):
                found.append(item)
            else:
                found.extend(get_cited_slugs(item))
    elif isinstance(value, list):
        for item in value:
            found.extend(get_cited_slugs(item))
    return found


def check_family_citations(
    clauses: Iterable[Clause], family: str, slugs: Iterable[str], where: str
) -> tuple[str, ...]:
    """The suite's side of rejection-cites-family (a refusal cites a clause of the family
    played): the problems of
    ``slugs``, cited by ``where`` for ``family``, whose clause's ``:families:`` leave
    that family out (unknown slugs are reported elsewhere)."""
    by_slug = {c.slug: c for c in clauses}
    problems: list[str] = []
    for slug in dict.fromkeys(slugs):
        clause = by_slug.get(slug)
        if clause is not None and family not in clause.families:
            problems.append(
                f"{where}: a {family} fixture cites clause {clause.number} {slug!r}, whose "
                f"families are {', '.join(clause.families)}; cite the {family} clause instead"
            )
    return tuple(problems)


def get_clause_numbers(clauses: Iterable[Clause] | None = None) -> dict[str, str]:
    """Slug -> number of every clause (of the spec folder this package reads by default)."""
    return {c.slug: c.number for c in (clauses if clauses is not None else load_spec())}
