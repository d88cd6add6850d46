"""One rule per fixture: what a fixture's verdict relies on, and which rules a coarse engine
can reach.

A fixture pins one rule, the clause its scenario file is filed under (its ``clauses`` name
that rule and the others it touches, for traceability); ``relies_on`` names the other
contested rules its verdict relies on, so that an engine wrong on one of them may fail it
for that reason. Two checks keep one wrong rule from masking another (``kanasta spec check``):

* every rule pinned by fixtures has at least one fixture pinning it that relies on no other
  rule
  (:func:`find_reliance_problems`);
* every rule has at least one fixture an engine without legal-action counts, wild
  placement or seeded deals can run, at least in part (:func:`find_coarse_problems`), but
  for the rules that are about exactly what such an engine lacks (:data:`COARSE_EXEMPT`);
  a family whose own fixtures do not reach a rule is a note.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from kanasta.conformance.loader import load_fixtures
from kanasta.conformance.model import Fixture, StepKind, get_action_needs
from kanasta.specdoc.spec import Clause, ClauseKind

__all__ = [
    "COARSE_EXEMPT",
    "CoarseEngine",
    "find_coarse_problems",
    "find_independence_problems",
    "find_reliance_problems",
    "get_coarse_steps",
    "get_pinned_rule",
]

COARSE_EXEMPT: Mapping[str, str] = {
    "game-record": "a game whose hands are dealt from its seed is the rule: it needs seeded deals",
    "seeded-shuffle": "the portable shuffle is the rule, and it is what an engine with its own "
    "shuffle lacks: only deals from a seed pin it",
}
"""Rules that are about exactly what a coarse engine lacks, each with the reason."""


@dataclass(frozen=True, slots=True)
class CoarseEngine:
    """What a coarse engine expresses: no legal-action counts, no wild placement and no
    seeded deals (it may take back an opening: the issue's engines that cannot are met by
    the per-step skip all the same); it deals a deck given in order (an engine with its own
    shuffle injects the order: capability deck-order)."""

    kinds: frozenset[StepKind] = frozenset(StepKind) - {StepKind.COUNT}
    capabilities: frozenset[str] = frozenset({"take-back", "deck-order"})


def get_coarse_steps(fixture: Fixture, engine: CoarseEngine | None = None) -> int:
    """How many steps of ``fixture`` a coarse engine can run (the runner's per-step skip:
    a step of a kind it lacks, needing a capability it lacks, or starting from a skipped
    step's actions, is skipped)."""
    engine = engine or CoarseEngine()
    setup = fixture.setup
    needs: set[str] = set()
    if setup is not None:
        for action in setup.actions:
            needs |= get_action_needs(action)
    if needs - engine.capabilities:
        return 0
    run = 0
    for step in fixture.steps:
        if step.kind not in engine.kinds or step.needs - engine.capabilities:
            if step.applied_actions():
                return run
            continue
        run += 1
    return run


def get_pinned_rule(fixture: Fixture) -> str:
    """The rule a fixture pins: the clause its scenario file is filed under
    (``conformance/scenarios/<chapter>/<clause-slug>.toml``), else its first clause."""
    if fixture.compiled_from:
        return PurePosixPath(fixture.compiled_from).stem
    return fixture.clauses[0]


def find_reliance_problems(clauses: Iterable[Clause], fixtures: Iterable[Fixture]) -> list[str]:
    """``relies_on`` names rules that exist, never the rule the fixture pins; and every rule
    that fixtures pin has one among them that relies on no other rule."""
    clauses = tuple(clauses)
    known = {c.slug: c for c in clauses}
    problems: list[str] = []
    isolated: set[str] = set()
    pinned: set[str] = set()
    for fixture in fixtures:
        rule = get_pinned_rule(fixture)
        for slug in fixture.relies_on:
            if slug not in known:
                problems.append(f"fixture {fixture.id} relies on unknown clause {slug!r}")
            elif slug == rule:
                problems.append(
                    f"fixture {fixture.id} relies on {slug!r}, the rule it pins: relies_on "
                    "names the other rules its verdict needs"
                )
        pinned.add(rule)
        if not fixture.relies_on:
            isolated.add(rule)
    for c in clauses:
        if c.kind is ClauseKind.RULE and c.slug in pinned and c.slug not in isolated:
            problems.append(
                f"clause {c.number} {c.slug!r}: every fixture pinning it relies on another "
                "rule; one must rely on none, so that a wrong rule cannot mask it"
            )
    return problems


def find_coarse_problems(
    clauses: Iterable[Clause],
    fixtures: Iterable[Fixture],
    *,
    families: Iterable[str],
    exempt: Mapping[str, str] = COARSE_EXEMPT,
) -> tuple[list[str], list[str]]:
    """The rules of the ``families`` (those the reference plays whole games of) that no
    fixture a coarse engine can run pins, as (problems, notes): a problem when no family's
    fixture reaches the rule, a note for each family whose own fixtures do not."""
    families = frozenset(families)
    rules = {c.slug: c for c in clauses if c.kind is ClauseKind.RULE and c.slug not in exempt}
    reached: set[tuple[str, str]] = set()
    pinned: set[tuple[str, str]] = set()
    for fixture in fixtures:
        runs = get_coarse_steps(fixture) > 0
        for slug in fixture.clauses:
            if slug in rules and fixture.variant in families:
                pinned.add((fixture.variant, slug))
                if runs:
                    reached.add((fixture.variant, slug))
    problems: list[str] = []
    notes: list[str] = []
    reached_anywhere = {slug for _, slug in reached}
    for family, slug in sorted(pinned - reached):
        c = rules[slug]
        if slug not in reached_anywhere:
            problems.append(
                f"clause {c.number} {slug!r} is pinned only by fixtures an engine without "
                "counts, wild placement or seeded deals cannot run"
            )
        else:
            notes.append(
                f"clause {c.number} {slug!r}: no {family} fixture an engine without counts, "
                "wild placement or seeded deals can run pins it (other families' do)"
            )
    return sorted(set(problems)), notes


def find_independence_problems(
    clauses: Iterable[Clause], folders: Iterable[Path], *, families: Iterable[str]
) -> tuple[list[str], list[str]]:
    """Both checks over the fixtures of ``folders``, as (problems, notes) (unloadable
    fixtures are left to ``kanasta conformance validate``)."""
    clauses = tuple(clauses)
    fixtures = load_fixtures([f for f in folders if f.is_dir()]).fixtures
    coarse, notes = find_coarse_problems(clauses, fixtures, families=families)
    return [*find_reliance_problems(clauses, fixtures), *coarse], notes
