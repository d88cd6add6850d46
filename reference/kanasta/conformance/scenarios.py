"""Authored scenarios: the files the JSON fixtures are compiled from.

The fixtures other engines read (``conformance/fixtures/<family>/.../<name>.json``) are
compiled from scenario files filed by the clause they pin,
``conformance/scenarios/<chapter>/<clause-slug>.toml`` (chapters as in ``spec/``, e.g.
``06-turn``). A scenario names the fixture id it compiles to (without its family), gives
only the cards that matter, writes actions, verdicts and scores in a short notation, and
says with ``families`` and ``vary`` for which families, seats, teams or tables it holds,
instead of being copied; ``override`` patches it for one family, table, seat or team.
``docs/conformance/scenarios.rst`` describes the format.

:func:`compile_scenarios` compiles every file; :func:`check_fixtures` compares the result
with the fixture files (a fixture that would change, one that no scenario writes any
more); :func:`write_fixtures` writes them (``kanasta conformance compile [--check]``).
Each compiled fixture names its scenario file in ``compiled_from``. A malformed file gives
an :class:`~kanasta.errors.InputError` naming the file, the place inside it and the problem.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kanasta.conformance.jsonio import format_fixture_json, read_json_file
from kanasta.conformance.model import JsonObject
from kanasta.conformance.report import write_text_file
from kanasta.conformance.scenario_json import (
    Where,
    build_fixture,
    expect_int,
    expect_list,
    expect_table,
    get_scenario_profile,
)
from kanasta.conformance.suite import refuse_links
from kanasta.errors import InputError
from kanasta.families import get_profile
from kanasta.rules.families import RulesProfile
from kanasta.rules.state import get_team_count
from kanasta.specdoc.spec import load_spec

__all__ = [
    "HAND_WRITTEN",
    "STANDARD_TABLE_SEATS",
    "TAGS",
    "Binding",
    "CompileReport",
    "Compiled",
    "check_fixtures",
    "compile_document",
    "compile_file",
    "compile_scenarios",
    "get_bindings",
    "get_chapters",
    "write_fixtures",
]

SCENARIOS = ("conformance", "scenarios")
FIXTURES = ("conformance", "fixtures")

HAND_WRITTEN = frozenset({"meld", "canasta", "wild"})
"""Folders (under a family) whose fixtures may be written by hand as JSON: the meld,
canasta and wild-card verdicts. Every other fixture is compiled from a scenario."""

TAGS: Mapping[str, str] = {
    "boundary": "a value at or next to a limit (a threshold, half a point short, a seed)",
    "symmetry": "the same rule met by another seat, team or table",
    "explicit": "pins a rule without a seed, for implementations without the shuffle",
    "one-door": "a rule that only one path of an implementation reaches",
    "facts": "per-player facts of a state step (opened seats, the place of a wild)",
    "strength": "closes a gap that mutation testing of the reference found",
    "golden": "some expectations are golden values of the reference, not stated by hand",
}
"""The words a scenario's ``tags`` may use, and what each says about it."""

FIELDS = (
    "id",
    "families",
    "vary",
    "clauses",
    "relies_on",
    "tags",
    "description",
    "source",
    "features",
    "setup",
    "steps",
    "generated",
    "override",
)
"""The fields of a scenario. Every field but id, description and steps may be given once
for the whole file in ``[defaults]``."""

STANDARD_TABLE_SEATS: Mapping[int, tuple[int, ...]] = {2: (0, 1), 3: (1, 2), 6: (3, 4)}
"""The seats ``vary = "tables"`` plays at a table other than the family's own (where it
plays every seat): two neighbours, so two teams or two players alone."""

_WORD_RE = re.compile(r"\{([a-z_]+)\}")
_NAME_RE = re.compile(r"^[a-z_]+$")


# --------------------------------------------------------------------------- variation


@dataclass(frozen=True, slots=True)
class Binding:
    """One variation of a scenario: its features (a table's option added) and the values
    its placeholders take; ``names`` are the keys of ``override`` that apply to it."""

    features: tuple[str, ...]
    values: Mapping[str, int | str]
    names: frozenset[str] = frozenset()
    label: str = ""


def _seat_values(seat: int, profile: RulesProfile, own: bool) -> dict[str, int | str]:
    """The words of a seat: itself, its neighbours, its partner, its team, the table."""
    players, teams = profile.players, get_team_count(profile)
    table = f"players-{players}"
    return {
        "seat": seat,
        "next": (seat + 1) % players,
        "prev": (seat - 1) % players,
        "partner": (seat + 2) % players,
        "team": seat % teams,
        "other": (seat % teams + 1) % teams,
        "players": players,
        "teams": teams,
        "table": table,
        "at": f"seat-{seat}" if own else f"{table}-seat-{seat}",
    }


def _tables(family: str, features: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The tables of a family by name (``players-4``): its own, then one per option."""
    profile = get_profile(family, [f for f in features if not f.startswith("players-")])
    out: dict[str, tuple[str, ...]] = {f"players-{profile.players}": ()}
    for option in profile.known_options:
        if option.name.startswith("players-"):
            out[option.name] = (option.name,)
    return out


def _seats(
    family: str,
    features: tuple[str, ...],
    chosen: Sequence[int],
    table: tuple[str, ...],
    where: Where,
) -> list[Binding]:
    profile = get_scenario_profile(family, table + features, where)
    own = not table
    out = []
    for seat in chosen:
        if not 0 <= seat < profile.players:
            raise where.fail(f"{seat} is not a seat of a table of {profile.players}.")
        values = _seat_values(seat, profile, own)
        names = {f"seat-{seat}", f"team-{values['team']}", str(values["table"])}
        out.append(Binding(table + features, values, frozenset(names), str(values["at"])))
    return out


def get_bindings(vary: Any, family: str, features: tuple[str, ...], where: Where) -> list[Binding]:
    """The variations ``vary`` asks for (one, with seat 0's words, when it is absent)."""
    profile = get_scenario_profile(family, features, where)
    if vary is None:
        return [Binding(features, _seat_values(0, profile, True))]
    if vary == "seats":
        return _seats(family, features, range(profile.players), (), where)
    if vary == "teams":
        return [
            Binding(features, values, frozenset({f"team-{team}"}), f"team-{team}")
            for team in range(get_team_count(profile))
            for values in [_seat_values(team, profile, True)]
        ]
    if vary == "tables":
        out: list[Binding] = []
        for option in _tables(family, features).values():
            players = get_scenario_profile(family, option + features, where).players
            chosen = STANDARD_TABLE_SEATS.get(players, range(players)) if option else range(players)
            out += _seats(family, features, chosen, option, where)
        return out
    if isinstance(vary, dict) and len(vary) == 1:
        return _named_bindings(vary, family, features, profile, where)
    if isinstance(vary, list) and vary:
        return [_given_binding(item, features, profile, where.at(i)) for i, item in enumerate(vary)]
    raise where.fail(
        "vary is 'seats', 'teams' or 'tables'; a table with one key: seats = [...], "
        "teams = [...], tables = { players-N = [seats] }, or NAME = [values]; or a list of "
        f"tables of values; found {vary!r}."
    )


def _named_bindings(
    vary: dict[str, Any],
    family: str,
    features: tuple[str, ...],
    profile: RulesProfile,
    where: Where,
) -> list[Binding]:
    ((name, values),) = vary.items()
    at = where.at(name)
    if name == "seats":
        return _seats(family, features, _numbers(values, at), (), where)
    if name == "teams":
        chosen = _numbers(values, at)
        return [
            b for b in get_bindings("teams", family, features, where) if b.values["team"] in chosen
        ]
    if name == "tables":
        known = _tables(family, features)
        out: list[Binding] = []
        for table, seats in expect_table(at, values, "a table: table name = [seats]").items():
            if table not in known:
                raise at.fail(f"{table!r} is not a table of {family} ({', '.join(known)}).")
            out += _seats(family, features, _numbers(seats, at.at(table)), known[table], where)
        return out
    if not _NAME_RE.match(name):
        raise where.fail(f"{name!r} cannot name a placeholder (lower-case letters and _).")
    base = _seat_values(0, profile, True)
    return [
        Binding(features, {**base, name: value}, frozenset({f"{name}-{value}"}), f"{name}={value}")
        for value in expect_list(at, values, f"a list of values of {name}")
    ]


def _given_binding(
    item: Any, features: tuple[str, ...], profile: RulesProfile, where: Where
) -> Binding:
    given = expect_table(where, item, "a table of values")
    seat = expect_int(where.at("seat"), given.get("seat", 0), "a seat")
    if not 0 <= seat < profile.players:
        raise where.at("seat").fail(f"{seat} is not a seat of a table of {profile.players}.")
    for name in given:
        if not _NAME_RE.match(name):
            raise where.fail(f"{name!r} cannot name a placeholder (lower-case letters and _).")
    label = ", ".join(f"{k}={v}" for k, v in given.items())
    return Binding(features, {**_seat_values(seat, profile, True), **given}, frozenset(), label)


def _numbers(value: Any, where: Where) -> list[int]:
    return [
        expect_int(where.at(i), v, "a number")
        for i, v in enumerate(expect_list(where, value, "a list"))
    ]


def _substitute(value: Any, values: Mapping[str, Any], where: Where, *, key: bool = False) -> Any:
    """Fill the placeholders (``{seat}``) of every string; a value that is one placeholder
    of a number becomes that number (not in a key)."""
    if isinstance(value, str):
        whole = _WORD_RE.fullmatch(value)
        if whole is not None and not key and isinstance(values.get(whole.group(1)), int):
            return values[whole.group(1)]

        def word(match: re.Match[str]) -> str:
            if match.group(1) not in values:
                known = ", ".join(sorted(values))
                raise where.fail(f"{{{match.group(1)}}} names no value here (known: {known}).")
            return str(values[match.group(1)])

        return _WORD_RE.sub(word, value)
    if isinstance(value, list):
        return [_substitute(v, values, where.at(i)) for i, v in enumerate(value)]
    if isinstance(value, dict):
        return {
            _substitute(k, values, where, key=True): _substitute(v, values, where.at(k))
            for k, v in value.items()
        }
    return value


def _merge(base: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """``base`` with ``patch`` laid over it: tables merged key by key, other values replaced."""
    out = dict(base)
    for key, value in patch.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


# --------------------------------------------------------------------------- files


@dataclass(frozen=True, slots=True)
class Compiled:
    """One fixture compiled from a scenario: its id, its JSON data and its source file."""

    ident: str
    data: JsonObject
    source: str


def _scenarios(document: dict[str, Any], where: Where) -> Iterator[tuple[dict[str, Any], Where]]:
    unknown = sorted(set(document) - {"defaults", "scenario"})
    if unknown:
        raise where.fail(f"a scenario file has [defaults] and [[scenario]] tables, not {unknown}.")
    defaults = expect_table(where.at("defaults"), document.get("defaults", {}), "a table")
    for key in defaults:
        if key not in FIELDS or key in ("id", "description", "steps"):
            raise where.at("defaults").fail(f"{key!r} cannot be given for the whole file.")
    listed = expect_list(where.at("scenario"), document.get("scenario", []), "[[scenario]] tables")
    for i, raw in enumerate(listed):
        at = where.at("scenario").at(i)
        scenario = {**defaults, **expect_table(at, raw, "a scenario table")}
        for key in scenario:
            if key not in FIELDS:
                raise at.fail(f"{key!r} is not a field of a scenario ({', '.join(FIELDS)}).")
        for key in ("id", "families", "clauses", "description"):
            if key not in scenario:
                raise at.fail(f"a scenario needs {key!r}.")
        if ("steps" in scenario) == ("generated" in scenario):
            raise at.fail("a scenario has steps or a generated recipe (one of the two).")
        yield scenario, Where(at.file, f"{at.path} (id {scenario['id']})")


def _check_scenario(scenario: dict[str, Any], slug: str, where: Where) -> list[str]:
    """The families of a scenario, once its clauses and tags are checked."""
    clauses = expect_list(where.at("clauses"), scenario["clauses"], "a list of clause slugs")
    if slug not in clauses:
        raise where.at("clauses").fail(
            f"a scenario filed under {slug!r} names that clause among its clauses."
        )
    for tag in expect_list(where.at("tags"), scenario.get("tags", []), "a list of tags"):
        if tag not in TAGS:
            raise where.at("tags").fail(f"{tag!r} is not a tag ({', '.join(TAGS)}).")
    expect_table(where.at("override"), scenario.get("override", {}), "a table of patches")
    return [str(f) for f in expect_list(where.at("families"), scenario["families"], "families")]


def compile_document(document: dict[str, Any], source: str, slug: str) -> list[Compiled]:
    """Every fixture a parsed scenario file (``source``, filed under ``slug``) compiles to."""
    out: list[Compiled] = []
    for scenario, where in _scenarios(document, Where(source)):
        features = tuple(
            str(f) for f in expect_list(where, scenario.get("features", []), "features")
        )
        for family in _check_scenario(scenario, slug, where):
            for binding in get_bindings(scenario.get("vary"), family, features, where.at("vary")):
                instance = {k: v for k, v in scenario.items() if k not in ("vary", "override")}
                instance["features"] = list(binding.features)
                for name, patch in scenario.get("override", {}).items():
                    if name == family or name in binding.names:
                        patch_table = expect_table(where.at("override").at(name), patch, "a patch")
                        instance = _merge(instance, patch_table)
                label = f", {binding.label}" if binding.label else ""
                at = Where(where.file, f"{where.path[:-1]}{label})")
                values = {**binding.values, "family": family}
                data = build_fixture(_substitute(instance, values, at), family, source, at)
                out.append(Compiled(data["id"], data, source))
    return out


def _check_filing(path: Path, root: Path, chapters: Mapping[str, set[str]]) -> str:
    source = path.relative_to(root).as_posix()
    chapter, slug = path.parent.name, path.stem
    if path.suffix != ".toml" or path.parent.parent != root.joinpath(*SCENARIOS):
        raise Where(source).fail(
            f"scenario files are {'/'.join(SCENARIOS)}/<chapter>/<clause-slug>.toml."
        )
    if chapter not in chapters:
        raise Where(source).fail(
            f"{chapter!r} is no chapter of the spec ({', '.join(sorted(chapters))})."
        )
    if slug not in chapters[chapter]:
        raise Where(source).fail(
            f"{slug!r} is no clause of chapter {chapter} (spec/{chapter}.rst)."
        )
    return source


def compile_file(path: Path, root: Path, chapters: Mapping[str, set[str]]) -> list[Compiled]:
    """Every fixture one scenario file compiles to (an InputError for a malformed file)."""
    source = _check_filing(path, root, chapters)
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise Where(source).fail(f"not valid TOML: {exc}.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise Where(source).fail(f"cannot read the file: {exc}.") from None
    return compile_document(document, source, path.stem)


def get_chapters(root: Path) -> dict[str, set[str]]:
    """The spec's chapters by file stem (``06-turn``), each with the slugs of its clauses."""
    chapters: dict[str, set[str]] = {}
    for clause in load_spec(root / "spec"):
        chapters.setdefault(Path(clause.path).stem, set()).add(clause.slug)
    return chapters


@dataclass(slots=True)
class CompileReport:
    """What compiling every scenario file gave, and what differs from the fixture files."""

    compiled: dict[str, Compiled] = field(default_factory=dict)
    files: int = 0
    twice: list[str] = field(default_factory=list)
    """Ids written by two scenarios (or two variations of one), with their files."""
    changed: list[str] = field(default_factory=list)
    """Ids whose fixture file is missing or differs from what its scenario compiles to."""
    stale: list[str] = field(default_factory=list)
    """Fixture files that no scenario writes, outside the hand-written folders."""


def compile_scenarios(root: Path) -> CompileReport:
    """Compile every scenario file of the checkout at ``root``."""
    folder = root.joinpath(*SCENARIOS)
    if not folder.is_dir():
        raise InputError(f"no scenarios folder at {folder}: compile runs in a kanasta checkout.")
    chapters = get_chapters(root)
    report = CompileReport()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "README.md"):
        report.files += 1
        for item in compile_file(path, root, chapters):
            if item.ident in report.compiled:
                first = report.compiled[item.ident].source
                report.twice.append(f"{item.ident} (written by {first} and by {item.source})")
            else:
                report.compiled[item.ident] = item
    return report


def check_fixtures(root: Path, report: CompileReport) -> None:
    """Fill in the fixtures of ``report`` that would change and those no scenario writes."""
    fixtures = root.joinpath(*FIXTURES)
    for ident, item in sorted(report.compiled.items()):
        path = fixtures / f"{ident}.json"
        text = path.read_text(encoding="utf-8") if path.is_file() else None
        if text != format_fixture_json(item.data):
            report.changed.append(ident)
    for path in sorted(fixtures.rglob("*.json")):
        ident = path.relative_to(fixtures).with_suffix("").as_posix()
        if ident in report.compiled:
            continue
        parts = ident.split("/")
        by_hand = len(parts) > 2 and parts[1] in HAND_WRITTEN
        if not by_hand or _is_compiled(path):
            report.stale.append(ident)


def _is_compiled(path: Path) -> bool:
    data = read_json_file(path)
    return isinstance(data, dict) and "compiled_from" in data


def write_fixtures(root: Path, report: CompileReport) -> int:
    """Write the fixtures that changed and delete the stale ones a scenario once wrote
    (``compiled_from`` says so; a stale file without it is left for a person to judge).
    Returns the number of files written or deleted.

    Nothing is written or deleted through a link (refused before any file is touched), and
    each fixture is written whole or not at all.
    """
    fixtures = root.joinpath(*FIXTURES)
    refuse_links(fixtures, *(fixtures / f"{i}.json" for i in (*report.changed, *report.stale)))
    touched = 0
    for ident in report.changed:
        path = fixtures / f"{ident}.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(
                f"{path.parent}: cannot make the folder: {exc.strerror or exc}."
            ) from None
        write_text_file(path, format_fixture_json(report.compiled[ident].data), "fixture")
        touched += 1
    for ident in report.stale:
        path = fixtures / f"{ident}.json"
        if _is_compiled(path):
            path.unlink()
            touched += 1
    return touched
