"""``kanasta conformance``: run, validate, show, export the conformance suite."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import json
import math
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

from kanasta.commands import add_option_argument
from kanasta.conformance import PROTOCOL_VERSION, SUITE_VERSION
from kanasta.conformance.connections import (
    Connection,
    InProcessConnection,
    SubprocessConnection,
)
from kanasta.conformance.explore import driver
from kanasta.conformance.generate import (
    RECIPES,
    generate_fixture,
    regenerate_folders,
    require_engine,
)
from kanasta.conformance.jsonio import format_fixture_json
from kanasta.conformance.loader import find_fixture_files, load_fixtures
from kanasta.conformance.model import Fixture
from kanasta.conformance.present import format_fixture
from kanasta.conformance.protocol import ImplementationError, ProtocolValidator
from kanasta.conformance.publish import format_html, format_markdown, get_status, read_report
from kanasta.conformance.report import (
    ProgressBar,
    format_expect_fail,
    format_summary,
    write_json_report,
    write_junit,
    write_text_file,
)
from kanasta.conformance.runner import (
    EXIT_FAILED,
    EXIT_NOTHING_CHECKED,
    Interrupted,
    RunResult,
    Selection,
    get_unrun,
    read_expect_fail,
    reference_dealer,
    run_fixtures,
)
from kanasta.conformance.scenarios import check_fixtures, compile_scenarios, write_fixtures
from kanasta.conformance.suite import (
    export_suite,
    fixture_folders,
    refuse_links,
    validate_suite,
)
from kanasta.errors import InputError
from kanasta.families import PROFILES
from kanasta.io.files import check_output_path, refuse_same_paths
from kanasta.resources import get_fixtures_dir, get_repo_root
from kanasta.specdoc.spec import find_checkout, is_checkout, load_spec

LONG_RUN = 50
"""A run of at least this many fixtures shows a progress bar on a terminal."""

DEFAULT_TIMEOUT = 10.0
"""The per-request timeout of ``--impl`` when ``--timeout`` is not given."""

MAX_SECONDS = 86400.0
"""The longest timeout or time budget an option accepts (a day)."""


def _check_seconds(args: argparse.Namespace) -> None:
    """Timeouts and the time budget: finite numbers of seconds above 0, at most a day."""
    for flag, value in (
        ("--timeout", args.timeout),
        ("--start-timeout", args.start_timeout),
        ("--max-time", args.max_time),
    ):
        if value is not None and not (math.isfinite(value) and 0 < value <= MAX_SECONDS):
            raise InputError(
                f"{flag} must be a positive number of seconds, at most {MAX_SECONDS:g} "
                f"(got {value:g})."
            )
    if args.impl is None:
        for flag, value in (("--timeout", args.timeout), ("--start-timeout", args.start_timeout)):
            if value is not None:
                raise InputError(
                    f"{flag} applies to --impl only: the built-in reference runs in-process and "
                    "has no requests to time out (use --max-time for a budget of the whole run)."
                )


def _add_folders(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--fixtures",
        action="append",
        type=Path,
        default=[],
        metavar="DIR",
        help="also load the fixtures of this folder (repeatable; ids are paths under it)",
    )
    parser.add_argument("--no-builtin", action="store_true", help="leave out the built-in fixtures")


def _add_selection(parser: argparse.ArgumentParser) -> None:
    _add_folders(parser)
    group = parser.add_argument_group("selection")
    group.add_argument("--variant", action="append", default=[], help="only this variant")
    group.add_argument(
        "--select",
        action="append",
        default=[],
        metavar="PATTERN",
        help="only ids matching this glob, or under this folder id (repeatable)",
    )
    group.add_argument(
        "--clause", action="append", default=[], metavar="SLUG", help="only fixtures citing it"
    )
    add_option_argument(
        group,
        "only fixtures using this rule option (the fixtures' 'features'; --feature is "
        "the old name)",
        dest="feature",
    )
    group.add_argument(
        "--no-option",
        "--no-feature",
        dest="no_feature",
        action="append",
        default=[],
        metavar="NAME",
        help="leave out fixtures using this rule option",
    )


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    _add_selection(parser)
    impl = parser.add_argument_group("implementation")
    impl.add_argument(
        "--impl",
        metavar="COMMAND",
        help='run this implementation as a protocol subprocess (e.g. "node adapter.js"); '
        "default: the reference, in-process",
    )
    impl.add_argument(
        "--timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="per-request timeout for --impl (default 10); after 3 unanswered requests in a "
        "row the implementation is given up",
    )
    impl.add_argument(
        "--start-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="timeout of the handshake after a (re)start (default: the larger of 10 and --timeout)",
    )
    impl.add_argument(
        "--max-time",
        type=float,
        default=None,
        metavar="SECONDS",
        help="the whole run's time budget: once used up, the implementation is stopped and "
        "every fixture left is an error (default: none)",
    )
    impl.add_argument(
        "--validate-protocol",
        action="store_true",
        help="strict protocol checks: every request too, and no field the protocol's JSON "
        "Schema does not name (answers are always checked for the types of their fields)",
    )
    impl.add_argument(
        "--max-skipped",
        type=int,
        default=None,
        metavar="N",
        help="fail the run when more than N fixtures are skipped (skips the handshake "
        "declares; default: no limit)",
    )
    parser.add_argument(
        "--expect-fail",
        type=Path,
        metavar="FILE",
        help="known failures, one id a line; an unexpected pass is an error",
    )


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "conformance",
        help="the conformance suite: run it against an implementation, validate, show, export",
        description=f"The conformance suite {SUITE_VERSION} (protocol {PROTOCOL_VERSION}).",
    )
    sub = parser.add_subparsers(dest="conformance_command", metavar="SUBCOMMAND", required=True)

    run = sub.add_parser(
        "run",
        help="check an implementation (default: the reference, in-process)",
        description="Check an implementation against the fixtures. Exit status: 0 when every "
        "selected fixture that is not skipped and not an expected failure passes; 1 when "
        "some fail or error; 2 on bad input; 5 when nothing was checked; 130 (SIGINT) or 143 "
        "(SIGTERM) when a signal stopped the run (the partial report is written).",
    )
    _add_run_options(run)
    reports = run.add_argument_group("reports")
    reports.add_argument("--report", type=Path, metavar="FILE", help="write a JSON report")
    reports.add_argument("--junit", type=Path, metavar="FILE", help="write a JUnit XML report")
    reports.add_argument("-v", "--verbose", action="store_true", help="list every fixture")
    _add_progress_flags(reports, "on a terminal, for long runs")
    run.set_defaults(handler=_run)

    failures = sub.add_parser(
        "failures",
        help="run, then write today's failures as an --expect-fail file",
    )
    _add_run_options(failures)
    failures.add_argument(
        "-o", "--output", type=Path, metavar="FILE", help="write here (default: stdout)"
    )
    failures.set_defaults(handler=_failures, progress=None)

    validate = sub.add_parser(
        "validate",
        help="check the fixtures: schema, ids, clauses, and that the reference passes them",
    )
    _add_folders(validate)
    validate.set_defaults(handler=_validate)

    show = sub.add_parser("show", help="print a fixture as a person reads it")
    show.add_argument("id", nargs="+", help="fixture id(s)")
    _add_folders(show)
    show.set_defaults(handler=_show)

    listing = sub.add_parser("list", help="list the selected fixtures")
    _add_selection(listing)
    listing.set_defaults(handler=_list)

    generate = sub.add_parser(
        "generate",
        help="regenerate the fixtures the reference generates (golden playthroughs, counts)",
        description="Regenerate every fixture that carries a 'generated' recipe, from the "
        "reference engine. With --check nothing is written and the exit status is 1 when a "
        "file would change. With --new, write a new generated fixture.",
    )
    generate.add_argument("--check", action="store_true", help="only report stale fixtures")
    _add_folders(generate)
    new = generate.add_argument_group("a new generated fixture (--new)")
    new.add_argument("--new", choices=RECIPES, help="the recipe of a new fixture")
    new.add_argument("--id", dest="new_id", metavar="ID", help="its id (its path)")
    new.add_argument("--variant", dest="new_variant", help="its variant")
    new.add_argument("--seed", type=int, help="the seed of the deal")
    new.add_argument(
        "--policy-seed", type=int, help="the seed of the random policy (default: --seed)"
    )
    new.add_argument("--prefix", type=int, default=0, help="count: random actions played first")
    new.add_argument("--depth", type=int, default=1, help="count: the depth counted (1-4)")
    new.add_argument("--clause", dest="new_clauses", action="append", default=[], metavar="SLUG")
    new.add_argument("--description", default="", help="what the fixture shows")
    new.add_argument("--source", default=None, help="e.g. 'seed 001'")
    new.add_argument(
        "--into",
        type=Path,
        default=None,
        metavar="DIR",
        help="the fixtures folder to write into (needed: the built-in suite is never written "
        "by --new; its recipes are declared in scenario files, docs/conformance/scenarios.rst)",
    )
    generate.set_defaults(handler=_generate)

    compile_ = sub.add_parser(
        "compile",
        help="write the JSON fixtures from the authored scenarios (conformance/scenarios)",
        description="Compile every scenario file of a checkout's conformance/scenarios into the "
        "JSON fixtures of conformance/fixtures, and delete the fixtures a scenario no longer "
        "writes. With --check nothing is written and the exit status is 1 when a fixture "
        "would change, an id is written twice, or a fixture file is left that no scenario "
        "writes (outside the hand-written meld, canasta and wild folders).",
    )
    compile_.add_argument("--check", action="store_true", help="only report what would change")
    compile_.add_argument(
        "--root",
        type=Path,
        metavar="DIR",
        help="the checkout (default: the one the current folder is in)",
    )
    compile_.set_defaults(handler=_compile)

    export = sub.add_parser(
        "export",
        help="write the plain JSON fixtures, the schemas and a version file to a folder",
    )
    export.add_argument("directory", type=Path)
    export.add_argument("--force", action="store_true", help="write into a non-empty folder")
    _add_folders(export)
    export.set_defaults(handler=_export)

    report = sub.add_parser(
        "report",
        help="an implementation's status per family, chapter and clause, from a run's report",
        description="Read the JSON report of a run (kanasta conformance run --report FILE) and "
        "write the implementation's status per family, chapter and clause: as Markdown (a "
        "README section) and/or as a self-contained web page. With neither, the Markdown "
        "is printed.",
    )
    report.add_argument("report", type=Path, metavar="REPORT.json")
    report.add_argument("--html", type=Path, metavar="OUT", help="write a web page")
    report.add_argument("--markdown", type=Path, metavar="OUT", help="write Markdown")
    report.set_defaults(handler=_report)
    _register_explore(sub)


def _register_explore(sub: Any) -> None:
    explore = sub.add_parser(
        "explore",
        help="differential exploration beyond the fixtures: self-played positions, compared "
        "with the reference, each difference shrunk to a fixture",
        description="Play seeded hands of the reference in every family, player count and "
        "option, send the positions reached to an implementation as protocol requests "
        "(within its handshake), compare its answers with the reference's, and shrink each "
        "difference to a small fixture written into --out. The same seed gives the same "
        "positions, differences and fixtures for any --jobs. Exit status: 0 when no "
        "difference is found; 1 when some are (or the implementation did not start); 2 on "
        "bad input; 5 when nothing was checked.",
    )
    explore.add_argument(
        "--impl",
        metavar="COMMAND",
        help="the implementation, as a protocol subprocess; default: the reference, in-process",
    )
    explore.add_argument(
        "--positions", type=int, default=100, metavar="N", help="positions explored (default 100)"
    )
    explore.add_argument("--seed", type=int, default=0, metavar="S", help="the seed (default 0)")
    explore.add_argument(
        "--max-time",
        type=float,
        default=None,
        metavar="SECONDS",
        help="explore no further position once this time is used up",
    )
    explore.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help="per-request timeout for --impl (default 10)",
    )
    explore.add_argument("--variant", action="append", default=[], help="only this family")
    explore.add_argument(
        "--out", type=Path, metavar="DIR", help="write the shrunk fixtures here (new or empty)"
    )
    explore.add_argument("--json", type=Path, metavar="FILE", help="write the summary as JSON")
    where = explore.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs", type=int, default=1, metavar="N", help="worker processes (default 1)"
    )
    where.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="run on this Ray cluster ('local': a Ray started here); needs kanasta[ray]",
    )
    _add_progress_flags(explore, "on a terminal")
    explore.set_defaults(handler=_explore)


def _load(args: argparse.Namespace) -> list[Fixture]:
    loaded = load_fixtures(fixture_folders(args.fixtures, builtin=not args.no_builtin))
    if len(loaded.problems) == 1:
        raise InputError(loaded.problems[0])
    if loaded.problems:
        raise InputError(
            f"{len(loaded.problems)} fixture file(s) cannot be loaded:\n  "
            + "\n  ".join(loaded.problems)
        )
    return list(loaded.fixtures)


def _unknown_variants(args: argparse.Namespace) -> str:
    """A note naming the --variant values that are no rule family (empty when none)."""
    unknown = [v for v in args.variant if v not in PROFILES]
    if not unknown:
        return ""
    names = ", ".join(repr(v) for v in unknown)
    return (
        f"; {names} {'is' if len(unknown) == 1 else 'are'} not a rule family "
        f"(the families are {', '.join(PROFILES)}; clause rule-families)"
    )


def _selection(args: argparse.Namespace) -> Selection:
    return Selection(
        variants=frozenset(args.variant),
        patterns=tuple(args.select),
        clauses=frozenset(args.clause),
        with_features=frozenset(args.feature),
        without_features=frozenset(args.no_feature),
    )


def _connection(args: argparse.Namespace, deadline: float | None) -> Connection:
    validator = ProtocolValidator() if args.validate_protocol else None
    if args.impl is not None:
        if not args.impl.strip():
            raise InputError(
                "--impl: the command is empty (an unset variable?); leave --impl out to check "
                "the built-in reference."
            )
        return SubprocessConnection(
            args.impl,
            timeout=DEFAULT_TIMEOUT if args.timeout is None else args.timeout,
            start_timeout=args.start_timeout,
            deadline=deadline,
            validator=validator,
        )
    return InProcessConnection(validator=validator, deadline=deadline)


def _check_outputs(
    *paths: tuple[Path | None, str], inputs: tuple[tuple[Path | None, str], ...] = ()
) -> None:
    """Refuse, before the run, an output path that cannot be written (no folder, anything
    but a new path or a regular file), two outputs on one file, or an output on an input."""
    for path, what in paths:
        if path is not None:
            check_output_path(path, what)
    refuse_same_paths(paths, inputs)


class _Signals:
    """SIGINT and SIGTERM while a command runs: the first one stops the run (it raises
    :class:`Interrupted` while fixtures are being checked, and is only noted once the
    implementation is being stopped or the reports written); later ones are ignored."""

    def __init__(self) -> None:
        self.signum = 0
        self.raising = True

    def handle(self, signum: int, _frame: FrameType | None) -> None:
        if self.signum:
            return
        self.signum = signum
        if self.raising:
            raise Interrupted(signum)


@contextlib.contextmanager
def _signals() -> Iterator[_Signals]:
    guard = _Signals()
    if threading.current_thread() is not threading.main_thread():  # signals cannot be caught
        yield guard
        return
    previous = {sig: signal.signal(sig, guard.handle) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield guard
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def _execute(args: argparse.Namespace, guard: _Signals, *, progress: bool) -> RunResult:
    """The run the options ask for; a run that cannot go ahead (the implementation does not
    start, nothing is selected, a signal before the start, bad input) is a result too, with
    the reason, so that every report asked for describes this run. Bad input is reported
    (and then raised as the :class:`InputError` it is)."""
    fixtures: list[Fixture] = []
    try:
        outcome = _check_all(args, guard, fixtures, progress=progress)
    except Interrupted as stop:
        print(f"kanasta: stopped by {stop.name} before the run began", file=sys.stderr)
        return get_unrun(
            fixtures,
            f"stopped by {stop.name} before the run began",
            128 + stop.signum,
            implementation=_described(args),
            interrupted=stop.signum,
        )
    if guard.signum and not outcome.interrupted and not outcome.error:
        # The signal came while the run was ending: the result stands, marked as interrupted.
        outcome = dataclasses.replace(outcome, interrupted=guard.signum)
    return outcome


def _described(args: argparse.Namespace) -> str:
    return str(args.impl) if args.impl is not None else "in-process"


def _check_all(
    args: argparse.Namespace, guard: _Signals, fixtures: list[Fixture], *, progress: bool
) -> RunResult:
    _check_seconds(args)
    if args.max_skipped is not None and args.max_skipped < 0:
        raise InputError(f"--max-skipped must be 0 or more fixtures, not {args.max_skipped}.")
    selection = _selection(args)
    fixtures.extend(selection.select(_load(args)))
    expect_fail = read_expect_fail(args.expect_fail) if args.expect_fail else frozenset()

    def not_run(message: str, status: int) -> RunResult:
        print(f"kanasta: {message}", file=sys.stderr)
        return get_unrun(
            fixtures, message, status, implementation=_described(args), selection=selection
        )

    if not fixtures:
        return not_run(
            f"no fixture matches the selection{_unknown_variants(args)}", EXIT_NOTHING_CHECKED
        )
    deadline = time.monotonic() + args.max_time if args.max_time is not None else None
    connection = _connection(args, deadline)
    try:
        try:
            hello = connection.start()
        except ImplementationError as exc:
            return not_run(f"the implementation did not start: {exc.message}", EXIT_FAILED)
        return run_fixtures(
            fixtures,
            connection,
            hello=hello,
            expect_fail=expect_fail,
            dealer=reference_dealer(),
            selection=selection,
            on_result=ProgressBar() if progress else None,
            deadline=deadline,
            max_skipped=args.max_skipped,
        )
    finally:
        guard.raising = False
        connection.close()


def _wants_progress(args: argparse.Namespace, count_hint: int) -> bool:
    if args.progress is not None:
        return bool(args.progress)
    return sys.stderr.isatty() and count_hint >= LONG_RUN


def _run(args: argparse.Namespace) -> int:
    _check_outputs(
        (args.report, "JSON report"),
        (args.junit, "JUnit report"),
        inputs=((args.expect_fail, "expect-fail list"),),
    )
    with _signals() as guard:
        return _run_and_report(args, guard)


def _write_reports(args: argparse.Namespace, outcome: RunResult) -> list[str]:
    problems: list[str] = []
    for path, write in ((args.report, write_json_report), (args.junit, write_junit)):
        if path is not None:
            try:
                write(outcome, path)
            except InputError as exc:
                problems.append(str(exc))
    return problems


def _run_and_report(args: argparse.Namespace, guard: _Signals) -> int:
    try:
        outcome = _execute(args, guard, progress=_wants_progress(args, LONG_RUN))
    except InputError as exc:
        failed = get_unrun([], f"bad input: {exc}", 2, implementation=_described(args))
        _write_reports(args, failed)
        raise
    if not outcome.error:
        print(format_summary(outcome, verbose=args.verbose))
    problems = _write_reports(args, outcome)
    if problems:
        raise InputError("\n".join(problems))
    if outcome.error:
        return outcome.exit_status
    return 128 + guard.signum if guard.signum else outcome.exit_status


def _failures(args: argparse.Namespace) -> int:
    _check_outputs(
        (args.output, "expect-fail file"), inputs=((args.expect_fail, "expect-fail list"),)
    )
    with _signals() as guard:
        return _write_failures(args, guard)


def _write_failures(args: argparse.Namespace, guard: _Signals) -> int:
    outcome = _execute(args, guard, progress=_wants_progress(args, LONG_RUN))
    if outcome.error:  # nothing was checked: there is no list of failures to write
        return outcome.exit_status
    text = format_expect_fail(outcome)
    if args.output is not None:
        write_text_file(args.output, text, "expect-fail file")
        print(f"{len(outcome.failures())} failing fixture(s) written to {args.output}")
    else:
        sys.stdout.write(text)
    return 128 + guard.signum if guard.signum else 0


def _validate(args: argparse.Namespace) -> int:
    report = validate_suite(fixture_folders(args.fixtures, builtin=not args.no_builtin))
    for problem in report.problems:
        print(f"PROBLEM: {problem}")
    checked = report.run.checked if report.run is not None else 0
    skipped = len(report.fixtures) - checked if report.run is not None else 0
    verdict = "OK" if report.ok else "FAILED"
    tail = f" ({skipped} skipped: not claimed by the reference for their family)" if skipped else ""
    print(
        f"{verdict}: suite {SUITE_VERSION}, protocol {PROTOCOL_VERSION}: "
        f"{len(report.fixtures)} fixtures, {checked} checked by the reference{tail}, "
        f"{len(report.problems)} problem(s)"
    )
    return 0 if report.ok else 1


def _find(fixtures: list[Fixture], ident: str) -> Fixture:
    for fixture in fixtures:
        if fixture.id == ident:
            return fixture
    close = [f.id for f in fixtures if ident in f.id][:5]
    hint = f" Did you mean: {', '.join(close)}?" if close else ""
    raise InputError(f"no fixture has the id {ident!r}.{hint}")


def _show(args: argparse.Namespace) -> int:
    fixtures = _load(args)
    for number, ident in enumerate(args.id):
        if number:
            print("-" * 72)
        sys.stdout.write(format_fixture(_find(fixtures, ident)))
    return 0


def _list(args: argparse.Namespace) -> int:
    fixtures = _selection(args).select(_load(args))
    for fixture in fixtures:
        kinds = ",".join(sorted(k.value for k in fixture.kinds))
        print(f"{fixture.id:<64} {fixture.variant:<8} {kinds}")
    print(f"{len(fixtures)} fixture(s){_unknown_variants(args) if not fixtures else ''}")
    return 0


def _report(args: argparse.Namespace) -> int:
    _check_outputs(
        (args.html, "web page"), (args.markdown, "Markdown"), inputs=((args.report, "report"),)
    )
    status = get_status(read_report(args.report), load_spec())
    if args.html is None and args.markdown is None:
        print(format_markdown(status), end="")
        return 0
    if args.html is not None:
        write_text_file(args.html, format_html(status), "web page")
        print(f"wrote {args.html}")
    if args.markdown is not None:
        write_text_file(args.markdown, format_markdown(status), "Markdown")
        print(f"wrote {args.markdown}")
    return 0


def _export(args: argparse.Namespace) -> int:
    folders = fixture_folders(args.fixtures, builtin=not args.no_builtin)
    count = export_suite(args.directory, folders, force=args.force)
    print(
        f"exported {count} fixtures, the clause texts they cite (clauses.json), the schemas "
        f"and VERSION.json (suite {SUITE_VERSION}, "
        f"protocol {PROTOCOL_VERSION}) to {args.directory}"
    )
    return 0


def _generate(args: argparse.Namespace) -> int:
    if not args.new:
        given = [
            flag
            for flag, value in (
                ("--id", args.new_id),
                ("--variant", args.new_variant),
                ("--seed", args.seed),
                ("--policy-seed", args.policy_seed),
                ("--clause", args.new_clauses),
                ("--description", args.description),
                ("--source", args.source),
                ("--into", args.into),
            )
            if value is not None and value not in ([], "")
        ]
        if given:
            raise InputError(f"{', '.join(given)} describe a new fixture: give --new RECIPE too.")
    if not args.new and not args.check and not args.no_builtin and get_repo_root() is None:
        raise InputError(
            f"the built-in suite of an installed kanasta ({get_fixtures_dir()}) is not "
            "rewritten: its fixtures belong to suite "
            f"{SUITE_VERSION}; regenerate your own with --no-builtin --fixtures DIR, or check "
            "with --check."
        )
    engine = require_engine()
    if args.new:
        return _generate_new(args, engine)
    folders = fixture_folders(args.fixtures, builtin=not args.no_builtin)
    results = regenerate_folders(folders, engine, write=not args.check)
    stale = [r for r in results if r.changed]
    for result in stale:
        print(f"{'STALE' if args.check else 'REWRITTEN'} {result.ident}  ({result.path})")
    print(
        f"{len(results)} generated fixture(s), {len(stale)} "
        f"{'stale' if args.check else 'rewritten'}"
    )
    return 1 if args.check and stale else 0


def _compile(args: argparse.Namespace) -> int:
    root = args.root or find_checkout(Path.cwd()) or get_repo_root()
    if root is None or not is_checkout(root):
        raise InputError(
            f"{root or Path.cwd()} is not a kanasta checkout: the scenario files are compiled "
            "in one (give --root DIR)."
        )
    started = time.perf_counter()
    report = compile_scenarios(root)
    check_fixtures(root, report)
    for line in report.twice:
        print(f"WRITTEN TWICE {line}")
    verb = "STALE" if args.check else "WRITTEN"
    for ident in report.changed:
        print(f"{verb} {ident}")
    for ident in report.stale:
        print(f"NO SOURCE {ident} (no scenario writes it)")
    touched = 0 if args.check else write_fixtures(root, report)
    print(
        f"{report.files} scenario file(s), {len(report.compiled)} fixture(s) compiled in "
        f"{time.perf_counter() - started:.1f} s; {len(report.changed)} "
        f"{'would change' if args.check else 'written'}, {len(report.stale)} without a source"
        + ("" if args.check else f" ({touched} file(s) touched)")
    )
    if report.twice:
        return 1
    return 1 if args.check and (report.changed or report.stale) else 0


def _generate_new(args: argparse.Namespace, engine: Any) -> int:
    missing = [
        flag
        for flag, value in (
            ("--id", args.new_id),
            ("--variant", args.new_variant),
            ("--seed", args.seed),
            ("--clause", args.new_clauses),
            ("--description", args.description),
            ("--into", args.into),
        )
        if not value and value != 0
    ]
    if missing:
        why = (
            " --into DIR names the fixtures folder to write into: the built-in suite is never "
            "written by --new (its recipes are declared in scenario files, "
            "docs/conformance/scenarios.rst)."
            if "--into" in missing
            else ""
        )
        raise InputError(f"--new needs {', '.join(missing)}.{why}")
    recipe: dict[str, Any] = {"recipe": args.new, "seed": args.seed}
    if args.policy_seed is not None:
        recipe["policy_seed"] = args.policy_seed
    if args.new == "count":
        recipe.update({"prefix": args.prefix, "depth": args.depth})
    data = generate_fixture(
        engine,
        ident=args.new_id,
        variant=args.new_variant,
        clauses=args.new_clauses,
        description=args.description,
        recipe=recipe,
        source=args.source,
    )
    folder: Path = args.into
    path = folder / f"{args.new_id}.json"
    if not folder.is_dir():
        raise InputError(f"--into {folder}: no such folder; nothing was written.")
    refuse_links(folder, path)
    if path.exists():
        raise InputError(
            f"{path} exists already; regenerate it with 'kanasta conformance generate'."
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{path.parent}: cannot make the folder: {exc.strerror or exc}.") from None
    write_text_file(path, format_fixture_json(data), "new fixture")
    print(f"wrote {path}")
    return 0


def _explore(args: argparse.Namespace) -> int:
    """``kanasta conformance explore``: see :mod:`kanasta.conformance.explore`."""
    if args.positions < 1:
        raise InputError(f"--positions must be 1 or more, not {args.positions}.")
    if args.seed < 0:
        raise InputError(f"--seed must be 0 or more, not {args.seed}.")
    if not (math.isfinite(args.timeout) and 0 < args.timeout <= MAX_SECONDS):
        raise InputError(f"--timeout must be a positive number of seconds, not {args.timeout:g}.")
    unknown = _unknown_variants(args)
    if unknown:
        raise InputError(f"--variant: {unknown.removeprefix('; ')}.")
    if args.impl is not None and not args.impl.strip():
        raise InputError("--impl: the command is empty (an unset variable?).")
    if args.out is not None:
        driver.check_out_folder(args.out)
    _check_outputs((args.json, "JSON summary"))
    cited = _get_cited()
    settings = driver.Settings(
        impl=args.impl,
        seed=args.seed,
        positions=args.positions,
        variants=tuple(args.variant),
        cited=driver.get_cited(cited.items()),
        timeout=args.timeout,
        deadline=driver.get_budget(args.max_time),
    )
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    result = driver.explore(
        settings,
        jobs=args.jobs,
        ray_address=args.ray,
        out=args.out,
        progress=sys.stderr if show else None,
    )
    if result.error:
        print(f"kanasta: {result.error}", file=sys.stderr)
    print(driver.format_explore_summary(result))
    if args.json is not None:
        write_text_file(
            args.json, json.dumps(result.to_json(), indent=2, ensure_ascii=False) + "\n", "summary"
        )
    return result.exit_status


@functools.cache
def _get_cited() -> Counter[str]:
    """How many built-in fixtures cite each clause (read once per process, from each file's
    ``clauses`` alone: the built-in suite is checked by ``validate``, not here)."""
    cited: Counter[str] = Counter()
    for path in find_fixture_files(get_fixtures_dir()):
        data = json.loads(path.read_text(encoding="utf-8"))
        clauses = data.get("clauses", []) if isinstance(data, dict) else []
        cited.update(slug for slug in clauses if isinstance(slug, str))
    return cited


def _add_progress_flags(parser: argparse._ActionsContainer, default: str) -> None:
    """``--progress`` / ``--no-progress``: a progress bar on stderr or none (``None``: the
    command's ``default``)."""
    progress = parser.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help=f"show a progress bar on stderr (default: {default})",
    )
    progress.add_argument(
        "--no-progress", dest="progress", action="store_false", help="never show progress"
    )
