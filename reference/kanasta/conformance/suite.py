"""The suite as a whole: which folders, ``validate`` and ``export``."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from kanasta import __version__
from kanasta.conformance import MAX_DEPTH, MAX_FILE_BYTES, PROTOCOL_VERSION, SUITE_VERSION
from kanasta.conformance.checks import Outcome
from kanasta.conformance.connections import InProcessConnection
from kanasta.conformance.engine_api import load_engine
from kanasta.conformance.generate import regenerate_folders
from kanasta.conformance.loader import find_fixture_files, load_fixtures
from kanasta.conformance.model import Fixture
from kanasta.conformance.protocol import ProtocolValidator
from kanasta.conformance.reference import REFERENCE_FEATURES, ReferenceImplementation
from kanasta.conformance.runner import RunResult, reference_dealer, run_fixtures
from kanasta.conformance.schema import FIXTURE_SCHEMA, PROTOCOL_SCHEMA, REPORT_SCHEMA
from kanasta.errors import InputError
from kanasta.families import PROFILES
from kanasta.io.files import check_output_path, write_file
from kanasta.resources import get_fixtures_dir, get_schema_dir
from kanasta.specdoc.spec import Clause, check_family_citations, get_cited_slugs, load_spec

__all__ = [
    "ValidationReport",
    "clause_to_json",
    "export_suite",
    "fixture_folders",
    "refuse_links",
    "validate_suite",
]


def fixture_folders(extra: Sequence[Path] = (), *, builtin: bool = True) -> list[Path]:
    """The folders to load: the built-in suite (unless left out) and any extra folders."""
    folders = [get_fixtures_dir()] if builtin else []
    folders.extend(extra)
    if not folders:
        raise InputError("no fixture folder: give --fixtures DIR or drop --no-builtin.")
    return folders


@dataclass(frozen=True, slots=True)
class ValidationReport:
    """What ``kanasta conformance validate`` found."""

    fixtures: tuple[Fixture, ...]
    problems: tuple[str, ...]
    run: RunResult | None

    @property
    def ok(self) -> bool:
        return not self.problems


def validate_suite(
    folders: Sequence[Path],
    *,
    spec: Sequence[Clause] | None = None,
    reference: ReferenceImplementation | None = None,
) -> ValidationReport:
    """Every fixture loads (schema, limits, id = path, ids unique), cites existing
    clauses, names a known variant and known features, and the reference passes it
    (or skips it: a kind of check the reference does not claim for that family)."""
    loaded = load_fixtures(folders)
    problems = list(loaded.problems)
    spec_clauses = tuple(spec if spec is not None else load_spec())
    clauses = {c.slug for c in spec_clauses}
    for fixture in loaded.fixtures:
        unknown = [slug for slug in fixture.clauses if slug not in clauses]
        if unknown:
            problems.append(f"{fixture.id}: cites clause(s) not in the spec: {', '.join(unknown)}")
        expected = [s for step in fixture.steps for s in get_cited_slugs(step.expect)]
        problems.extend(
            check_family_citations(
                spec_clauses, fixture.variant, (*fixture.clauses, *expected), fixture.id
            )
        )
        if fixture.variant not in PROFILES:
            problems.append(
                f"{fixture.id}: unknown variant {fixture.variant!r} "
                f"(the variants are {', '.join(PROFILES)})"
            )
        strange = sorted(set(fixture.features) - set(REFERENCE_FEATURES))
        if strange:
            problems.append(
                f"{fixture.id}: feature(s) the reference does not know: {', '.join(strange)}"
            )
    run = None
    if loaded.fixtures:
        connection = InProcessConnection(reference, validator=ProtocolValidator())
        run = run_fixtures(loaded.fixtures, connection, dealer=reference_dealer())
        for result in run.results:
            # a fixture of a kind the reference does not claim for its family is
            # skipped, as any runner skips it; it is checked once the family is claimed
            if result.outcome not in (Outcome.PASS, Outcome.SKIPPED):
                problems.append(
                    f"{result.fixture.id}: the reference does not pass it "
                    f"({result.outcome.value}: {result.reason})"
                )
    else:
        problems.append("no fixtures found")
    if any(f.generated is not None for f in loaded.fixtures):
        engine = load_engine().engine
        if engine is None:
            problems.append("generated fixtures cannot be checked: the engine is not available")
        else:
            try:
                regenerated_all = regenerate_folders(folders, engine, write=False)
            except InputError as exc:  # a malformed generated fixture (listed above too)
                problems.append(f"cannot regenerate the generated fixtures: {exc}")
                regenerated_all = []
            for regenerated in regenerated_all:
                if regenerated.changed:
                    problems.append(
                        f"{regenerated.ident}: regenerating it changes the file; run "
                        "'kanasta conformance generate' and review the difference"
                    )
    return ValidationReport(loaded.fixtures, tuple(problems), run)


def export_suite(destination: Path, folders: Sequence[Path], *, force: bool = False) -> int:
    """Write the plain fixtures, the schemas and a version file to ``destination``.

    Returns how many fixtures were written. Refuses a non-empty destination
    unless ``force``; with ``force`` it overwrites only the files it writes
    and deletes nothing (a file of the folder that the export does not write,
    such as a fixture of your own, stays as it was). Only fixtures that load
    cleanly are exported.
    """
    for place in (destination, *destination.parents):
        if place.exists():
            if not place.is_dir():
                raise InputError(
                    f"{destination}: {place} is a file, not a folder; export writes a folder."
                )
            break
    if destination.exists() and any(destination.iterdir()) and not force:
        raise InputError(
            f"{destination}: the folder is not empty; choose an empty folder or add --force "
            "(which overwrites only the files the export writes)."
        )
    loaded = load_fixtures(folders)
    if loaded.problems:
        raise InputError("some fixtures do not load: " + " | ".join(loaded.problems[:5]))
    try:
        return _write_export(destination, folders, loaded.fixtures)
    except OSError as exc:
        where = exc.filename if exc.filename else destination
        raise InputError(f"{where}: cannot write the export: {exc.strerror or exc}.") from None


def refuse_links(base: Path, *targets: Path) -> None:
    """Refuse to write ``targets`` under ``base`` when a link stands on the way: the file
    itself or any folder between ``base`` and it. Writing never follows a link (it would
    write wherever the link leads, outside ``base``)."""
    for target in targets:
        place = base
        for part in target.relative_to(base).parts:
            place = place / part
            if place.is_symlink():
                raise InputError(
                    f"{place}: this is a link (to {os.readlink(place)}); nothing is written "
                    f"through a link, which would write outside {base}. Remove the link or "
                    "choose another folder; nothing was written."
                )
            if not place.exists():
                break


def clause_to_json(clause: Clause) -> dict[str, object]:
    """A clause as the export writes it, for a reader without Python: its number, slug,
    title, kind, families and text (reStructuredText, as the spec writes it)."""
    return {
        "number": clause.number,
        "slug": clause.slug,
        "title": clause.title,
        "kind": clause.kind.value,
        "families": list(clause.families),
        "text": clause.text,
    }


_SCHEMAS = (FIXTURE_SCHEMA, PROTOCOL_SCHEMA, REPORT_SCHEMA)
"""The schemas an export carries."""


def _write_export(destination: Path, folders: Sequence[Path], fixtures: Sequence[Fixture]) -> int:
    fixtures_out = destination / "fixtures"
    sources = [(folder, path) for folder in folders for path in find_fixture_files(folder)]
    schema_out = destination / "schema"
    refuse_links(
        destination,
        *(fixtures_out / path.relative_to(folder) for folder, path in sources),
        *(schema_out / name for name in _SCHEMAS),
        destination / "VERSION.json",
        destination / "clauses.json",
    )
    for target, what in (
        *((fixtures_out / p.relative_to(f), "exported fixture") for f, p in sources),
        *((schema_out / name, "exported schema") for name in _SCHEMAS),
        (destination / "VERSION.json", "version file"),
        (destination / "clauses.json", "clause texts"),
    ):
        if target.parent.is_dir():
            check_output_path(target, what)
    count = 0
    for folder, path in sources:
        target = fixtures_out / path.relative_to(folder)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not (target.exists() and target.samefile(path)):
            write_file(target, path.read_bytes(), "exported fixture")
        count += 1
    schema_out.mkdir(parents=True, exist_ok=True)
    for name in _SCHEMAS:
        write_file(schema_out / name, (get_schema_dir() / name).read_bytes(), "exported schema")
    cited = {slug for f in fixtures for slug in (*f.clauses, *f.relies_on)}
    texts = {
        "suite_version": SUITE_VERSION,
        "clauses": [clause_to_json(c) for c in load_spec() if c.slug in cited],
    }
    write_file(
        destination / "clauses.json",
        json.dumps(texts, indent=1, ensure_ascii=False) + "\n",
        "clause texts",
    )
    version = {
        "suite_version": SUITE_VERSION,
        "protocol_version": PROTOCOL_VERSION,
        "kanasta_version": __version__,
        "fixtures": count,
        "limits": {"max_file_bytes": MAX_FILE_BYTES, "max_depth": MAX_DEPTH},
        "variants": sorted({f.variant for f in fixtures}),
    }
    write_file(destination / "VERSION.json", json.dumps(version, indent=2) + "\n", "version file")
    return count
