"""Run fixtures against an implementation and decide each fixture's outcome.

Outcomes: ``pass``; ``fail`` (an answer differs from the expectation, or says
``unsupported`` for what the handshake claims); ``error`` (the implementation
crashed, hung, talked garbage, answered the wrong ``seq``, answered with the wrong
JSON types or answered an error); ``skipped`` (its handshake does not claim the
variant, a feature or a kind of check: never counted as a pass); with an
expect-fail list, ``xfail`` (failed as listed) and ``xpass`` (passed although
listed: an error).

The handshake is a promise: a fixture is sent only when the handshake claims its
variant, every kind of check among its steps (for that variant) and every feature
it names, so every skip is one the handshake declared. An ``unsupported`` answer to
a request sent is a broken promise, a failure (``undeclared skip``), never a skip.

The run succeeds only when every selected fixture that is neither skipped nor an
expected failure passes, at least one fixture was checked, and no more fixtures were
skipped than ``max_skipped`` allows (when given).
"""

from __future__ import annotations

import fnmatch
import json
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kanasta.conformance import MAX_FILE_BYTES
from kanasta.conformance.checks import Outcome, check_answer, get_turn_table, is_vacuous
from kanasta.conformance.connections import Connection
from kanasta.conformance.engine_api import load_engine
from kanasta.conformance.jsonio import escape_controls
from kanasta.conformance.model import Fixture, JsonObject, Step, StepKind, get_action_needs
from kanasta.conformance.protocol import Dealer, Hello, ImplementationError, build_requests
from kanasta.errors import InputError
from kanasta.families import PROFILES, get_variant_profile

__all__ = [
    "EXIT_FAILED",
    "EXIT_NOTHING_CHECKED",
    "EXIT_OK",
    "MAX_KEPT_ANSWER_CHARS",
    "MAX_MESSAGE_CHARS",
    "FixtureResult",
    "Interrupted",
    "RunResult",
    "Selection",
    "StepResult",
    "get_unrun",
    "get_vacuous_steps",
    "read_expect_fail",
    "reference_dealer",
    "run_fixtures",
]

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_NOTHING_CHECKED = 5

MAX_MESSAGE_CHARS = 1000
"""A message about a step (a difference, an implementation's error text) is cut to this."""

MAX_KEPT_ANSWER_CHARS = 8000
"""An answer longer than this (as JSON text) is kept for the report as an excerpt only."""

_EXCERPT_CHARS = 2000


class Interrupted(BaseException):
    """The run was stopped by a signal (SIGINT or SIGTERM); what was checked is reported."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


def cut_text(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """``text`` shortened to about ``limit`` characters, saying that it was cut, with every
    control character escaped (it may quote the implementation)."""
    if len(text) <= limit:
        return escape_controls(text)
    return f"{escape_controls(text[:limit])}... (cut: {len(text)} characters in all)"


def _kept_answer(answer: JsonObject | None) -> JsonObject | None:
    """What the report keeps of an answer: all of it, or an excerpt saying it was cut.

    Numbers JSON cannot write (an overflowing ``1e400``) are kept as their names.
    """
    if answer is None:
        return None
    text = json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
    if len(text) > MAX_KEPT_ANSWER_CHARS:
        return {
            "cut": f"the answer was {len(text)} characters of JSON; only the first "
            f"{_EXCERPT_CHARS} are kept",
            "excerpt": text[:_EXCERPT_CHARS],
        }
    if "Infinity" in text or "NaN" in text:
        kept: JsonObject = json.loads(text, parse_constant=str)
        return kept
    return answer


@dataclass(frozen=True, slots=True)
class Selection:
    """Which fixtures to run; an empty criterion selects everything."""

    variants: frozenset[str] = frozenset()
    patterns: tuple[str, ...] = ()
    clauses: frozenset[str] = frozenset()
    with_features: frozenset[str] = frozenset()
    without_features: frozenset[str] = frozenset()

    def matches(self, fixture: Fixture) -> bool:
        if self.variants and fixture.variant not in self.variants:
            return False
        if self.patterns and not any(_id_matches(fixture.id, p) for p in self.patterns):
            return False
        if self.clauses and not self.clauses & set(fixture.clauses):
            return False
        features = set(fixture.features)
        if self.with_features and not self.with_features <= features:
            return False
        return not self.without_features & features

    def select(self, fixtures: Iterable[Fixture]) -> list[Fixture]:
        return [f for f in fixtures if self.matches(f)]

    def to_json(self) -> JsonObject:
        return {
            "variants": sorted(self.variants),
            "patterns": list(self.patterns),
            "clauses": sorted(self.clauses),
            "features": sorted(self.with_features),
            "no_features": sorted(self.without_features),
        }


def _id_matches(ident: str, pattern: str) -> bool:
    """A glob (``koz/*/trump-*``), or a plain id or folder (``fi-5200/canasta``)."""
    if any(ch in pattern for ch in "*?["):
        return fnmatch.fnmatchcase(ident, pattern)
    prefix = pattern.rstrip("/")
    return ident == prefix or ident.startswith(prefix + "/")


@dataclass(frozen=True, slots=True)
class StepResult:
    """What became of one step."""

    index: int
    kind: StepKind
    outcome: Outcome
    messages: tuple[str, ...]
    expected: JsonObject | None
    got: JsonObject | None
    seconds: float
    proves: bool = True
    """Whether passing this step shows the engine did the work (``False``: its expected
    facts already hold of the setup sent, :func:`~kanasta.conformance.checks.is_vacuous`)."""

    def to_json(self) -> JsonObject:
        return {
            "index": self.index,
            "kind": self.kind.value,
            "outcome": self.outcome.value,
            "proves": self.proves,
            "messages": list(self.messages),
            "expected": self.expected,
            "got": self.got,
            "time": round(self.seconds, 6),
        }


@dataclass(frozen=True, slots=True)
class FixtureResult:
    """What became of one fixture: its outcome, why, and each step."""

    fixture: Fixture
    outcome: Outcome
    reason: str
    steps: tuple[StepResult, ...]
    seconds: float
    undeclared_skip: bool = False
    """The implementation answered ``unsupported`` to a request its handshake claims:
    a failure, which the reports count apart from the skips the handshake declared."""

    @property
    def proves_clauses(self) -> bool:
        """Whether its pass shows the engine did what its clauses say: it passed (or passed
        unexpectedly), and some step it passed proves something (not every step it ran was
        already true of the setup sent). Otherwise its clauses count as not checked."""
        return self.outcome in (Outcome.PASS, Outcome.XPASS) and any(
            s.outcome is Outcome.PASS and s.proves for s in self.steps
        )

    @property
    def skipped_steps(self) -> int:
        """How many of its steps were skipped as the handshake declares (the fixture was
        judged on the others)."""
        return sum(1 for s in self.steps if s.outcome is Outcome.SKIPPED)

    def to_json(self) -> JsonObject:
        return {
            "id": self.fixture.id,
            "variant": self.fixture.variant,
            "clauses": list(self.fixture.clauses),
            "features": list(self.fixture.features),
            "outcome": self.outcome.value,
            "reason": self.reason,
            "undeclared_skip": self.undeclared_skip,
            "proves_clauses": self.proves_clauses,
            "skipped_steps": self.skipped_steps,
            "time": round(self.seconds, 6),
            "steps": [s.to_json() for s in self.steps],
        }


@dataclass(frozen=True, slots=True)
class RunResult:
    """A whole run: every fixture result and what is needed to report it."""

    results: tuple[FixtureResult, ...]
    hello: Hello
    implementation: str
    started: str
    seconds: float
    restarts: int = 0
    unknown_expect_fail: tuple[str, ...] = ()
    selection: Selection = field(default_factory=Selection)
    interrupted: int = 0
    """The signal that stopped the run (0: it ran to the end)."""
    not_run: int = 0
    """Selected fixtures left unchecked because the run was interrupted."""
    max_skipped: int | None = None
    """``--max-skipped``: the run fails when more fixtures than this are skipped."""
    error: str = ""
    """Why nothing was checked, when the run could not go ahead (the implementation did not
    start, no fixture was selected, bad input): the reports say so."""
    error_status: int = EXIT_FAILED
    """The exit status of a run that could not go ahead."""

    def counts(self) -> Counter[Outcome]:
        return Counter(r.outcome for r in self.results)

    @property
    def checked(self) -> int:
        """How many fixtures were actually checked (not skipped)."""
        return sum(1 for r in self.results if r.outcome is not Outcome.SKIPPED)

    @property
    def proven(self) -> int:
        """How many fixtures passed by the engine's work (:attr:`FixtureResult.proves_clauses`)."""
        return sum(1 for r in self.results if r.proves_clauses)

    @property
    def unproven(self) -> int:
        """How many fixtures passed only steps already true of the setup sent: checked, but
        showing nothing of the engine (a run with nothing else checked nothing)."""
        return sum(
            1
            for r in self.results
            if r.outcome in (Outcome.PASS, Outcome.XPASS) and not r.proves_clauses
        )

    @property
    def skipped(self) -> int:
        """How many fixtures were skipped (each one as the handshake declares)."""
        return sum(1 for r in self.results if r.outcome is Outcome.SKIPPED)

    @property
    def undeclared_skips(self) -> int:
        """How many fixtures failed on an ``unsupported`` answer to a claimed request."""
        return sum(1 for r in self.results if r.undeclared_skip and r.outcome is Outcome.FAIL)

    @property
    def too_many_skipped(self) -> bool:
        """Whether more fixtures were skipped than ``max_skipped`` allows."""
        return self.max_skipped is not None and self.skipped > self.max_skipped

    @property
    def ok(self) -> bool:
        bad = {Outcome.FAIL, Outcome.ERROR, Outcome.XPASS}
        return (
            not self.interrupted
            and not self.error
            and self.checked > self.unproven
            and not self.too_many_skipped
            and not any(r.outcome in bad for r in self.results)
        )

    @property
    def exit_status(self) -> int:
        if self.interrupted:
            return 128 + self.interrupted
        if self.error:
            return self.error_status
        if self.is_nothing_checked:
            return EXIT_NOTHING_CHECKED
        return EXIT_OK if self.ok else EXIT_FAILED

    @property
    def is_nothing_checked(self) -> bool:
        """Nothing failed, and nothing passed by the engine's work: every fixture was skipped,
        or passed only steps already true of the setup sent."""
        bad = {Outcome.FAIL, Outcome.ERROR, Outcome.XPASS}
        return self.checked == self.unproven and not any(r.outcome in bad for r in self.results)

    def failures(self) -> list[FixtureResult]:
        """The fixtures that failed or errored (what an expect-fail file would list)."""
        return [r for r in self.results if r.outcome in (Outcome.FAIL, Outcome.ERROR)]


def read_expect_fail(path: Path) -> frozenset[str]:
    """Fixture ids from an expect-fail file: one id a line; ``#`` starts a comment.

    A file over :data:`~kanasta.conformance.MAX_FILE_BYTES` is refused unread.
    """
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise InputError(
                f"{path}: the expect-fail file is larger than {MAX_FILE_BYTES} bytes; a list "
                "of fixture ids never needs that, so it is refused unread."
            )
        text = raw.decode("utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot read the expect-fail file: {exc.strerror}.") from None
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{path}: the expect-fail file is not UTF-8 text (byte {exc.start}); it lists "
            "fixture ids, one a line."
        ) from None
    ids: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        if len(entry.split()) != 1:
            raise InputError(
                f"{path}:{number}: expected one fixture id on the line, got {entry!r}."
            )
        ids.add(entry)
    return frozenset(ids)


def reference_dealer() -> Dealer | None:
    """A dealer backed by the reference engine (``None`` while there is no engine)."""
    engine = load_engine().engine
    if engine is None:
        return None

    def deal(variant: str, seed: int, features: tuple[str, ...] = (), /) -> JsonObject | None:
        if variant not in PROFILES:
            return None
        profile = get_variant_profile(variant, features)
        return engine.state_to_json(profile, engine.new_state_from_seed(profile, seed))

    return deal


def _step_skip(fixture: Fixture, step: Step, request: JsonObject, hello: Hello) -> str:
    """Why the handshake declares this step unexpressible ("": it is sent)."""
    if step.kind.value not in hello.get_requests(fixture.variant):
        why = hello.reasons.get(step.kind.value) or hello.reasons.get(fixture.variant)
        return f"{step.kind.value} checks not supported" + (f": {why}" if why else "")
    needs = set(step.needs)
    setup = request.get("setup")
    if isinstance(setup, dict):
        for action in setup.get("actions", ()):
            needs |= get_action_needs(action)
        if "state" not in setup:
            needs.add("seeded-deal")
    missing = hello.get_missing(frozenset(needs))
    if missing:
        return f"needs {', '.join(sorted(missing))}, which the engine's action model lacks"
    return ""


def _skip_reason(fixture: Fixture, hello: Hello, dealer: Dealer | None = None) -> str:
    """Why the whole fixture is skipped ("": some step is sent): its variant or a feature
    is not claimed, or no step is expressible (:func:`_step_skip`)."""
    if fixture.variant not in hello.variants:
        why = hello.reasons.get(fixture.variant)
        return f"variant {fixture.variant} not supported" + (f" ({why})" if why else "")
    claimed = hello.get_requests(fixture.variant)
    if hello.capabilities is not None or not all(k.value in claimed for k in fixture.kinds):
        steps_skipped = [
            _step_skip(fixture, step, request, hello)
            for step, request in build_requests(fixture, dealer)
        ]
        if all(steps_skipped):
            missing_kinds = sorted(k.value for k in fixture.kinds if k.value not in claimed)
            if not missing_kinds:
                return steps_skipped[0]
            whys = sorted({hello.reasons[k] for k in missing_kinds if k in hello.reasons})
            if not whys and fixture.variant in hello.reasons:
                whys = [hello.reasons[fixture.variant]]
            tail = f": {'; '.join(whys)}" if whys else ""
            return f"{', '.join(missing_kinds)} checks not supported{tail}"
    missing = sorted(set(fixture.features) - hello.features)
    if missing:
        return f"feature(s) not supported: {', '.join(missing)}"
    return ""


def _claim(fixture: Fixture, kind: StepKind) -> str:
    """What the handshake claimed for a request sent: its variant, kind and features."""
    features = f" with the feature(s) {', '.join(fixture.features)}" if fixture.features else ""
    return f"{kind.value} checks of {fixture.variant}{features}"


def run_fixture(
    fixture: Fixture,
    connection: Connection,
    hello: Hello,
    dealer: Dealer | None = None,
    deadline: float | None = None,
) -> FixtureResult:
    """Check one fixture (before any expect-fail list is applied).

    A fixture the handshake does not claim is skipped unsent; one it claims is sent, and
    an ``unsupported`` answer to it is a failure (an undeclared skip). Past ``deadline``
    no further step is asked: the fixture is an error.
    """
    started = time.perf_counter()
    reason = _skip_reason(fixture, hello, dealer)
    if reason:
        return FixtureResult(fixture, Outcome.SKIPPED, reason, (), 0.0)
    steps: list[StepResult] = []
    undeclared = False
    after_skip = ""
    for step, request in build_requests(fixture, dealer):
        t0 = time.perf_counter()
        answer: dict[str, Any] | None
        messages: tuple[str, ...]
        proves = True
        why = after_skip or _step_skip(fixture, step, request, hello)
        if why:
            steps.append(
                StepResult(step.index, step.kind, Outcome.SKIPPED, (why,), step.expect, None, 0)
            )
            if step.applied_actions() and not after_skip:
                after_skip = f"starts from the actions of step {step.index}, skipped: {why}"
            continue
        if deadline is not None and time.monotonic() >= deadline:
            message = "not checked: the run's time budget was used up before this step"
            steps.append(
                StepResult(step.index, step.kind, Outcome.ERROR, (message,), None, None, 0)
            )
            break
        try:
            answer = connection.ask(request)
        except ImplementationError as exc:
            outcome, messages, answer = Outcome.ERROR, (str(exc),), exc.answer
        else:
            table = None
            if step.kind is StepKind.TURN:
                profile = get_variant_profile(fixture.variant, fixture.features)
                table = get_turn_table(_sent_state(request), profile)
            outcome, messages = check_answer(step, answer, table=table)
        proves = not is_vacuous(step, _sent_state(request))
        if outcome is Outcome.SKIPPED:
            undeclared = True
            outcome = Outcome.FAIL
            messages = (
                f"the implementation answered unsupported ({cut_text(messages[0], 300)}), but "
                f"its handshake claims {_claim(fixture, step.kind)}: a skip the handshake does "
                "not declare is a failure",
            )
        steps.append(
            StepResult(
                step.index,
                step.kind,
                outcome,
                tuple(cut_text(m) for m in messages),
                step.expect,
                _kept_answer(answer),
                time.perf_counter() - t0,
                proves,
            )
        )
        if outcome is Outcome.ERROR or undeclared:
            break
    if steps and all(s.outcome is Outcome.SKIPPED for s in steps):
        return FixtureResult(fixture, Outcome.SKIPPED, steps[0].messages[0], tuple(steps), 0.0)
    outcome = Outcome.PASS
    for candidate in (Outcome.ERROR, Outcome.FAIL):
        if any(s.outcome is candidate for s in steps):
            outcome = candidate
            break
    reason = ""
    deciding = next((s for s in steps if s.outcome is outcome), None)
    if outcome is not Outcome.PASS and deciding is not None:
        reason = f"step {deciding.index} ({deciding.kind.value}): " + "; ".join(deciding.messages)
    return FixtureResult(
        fixture,
        outcome,
        reason,
        tuple(steps),
        time.perf_counter() - started,
        undeclared_skip=undeclared and outcome is Outcome.FAIL,
    )


def _sent_state(request: JsonObject) -> Any:
    setup = request.get("setup")
    return setup.get("state") if isinstance(setup, dict) else None


def get_vacuous_steps(fixture: Fixture, dealer: Dealer | None = None) -> tuple[int, ...]:
    """The steps of a fixture that prove nothing of the engine
    (:func:`~kanasta.conformance.checks.is_vacuous`): a property of the fixture, computed
    from the requests the runner sends."""
    return tuple(
        step.index
        for step, request in build_requests(fixture, dealer)
        if is_vacuous(step, _sent_state(request))
    )


def _apply_expect_fail(result: FixtureResult, expect_fail: frozenset[str]) -> FixtureResult:
    if result.fixture.id not in expect_fail:
        return result
    if result.outcome in (Outcome.FAIL, Outcome.ERROR):
        return FixtureResult(
            result.fixture,
            Outcome.XFAIL,
            f"expected failure ({result.outcome.value}): {result.reason}",
            result.steps,
            result.seconds,
            result.undeclared_skip,
        )
    if result.outcome is Outcome.PASS:
        return FixtureResult(
            result.fixture,
            Outcome.XPASS,
            "unexpected pass: the expect-fail list says this fixture fails; remove it "
            "from the list",
            result.steps,
            result.seconds,
        )
    return result


def run_fixtures(
    fixtures: Sequence[Fixture],
    connection: Connection,
    *,
    hello: Hello | None = None,
    expect_fail: frozenset[str] = frozenset(),
    dealer: Dealer | None = None,
    selection: Selection | None = None,
    on_result: Callable[[int, int, FixtureResult], None] | None = None,
    deadline: float | None = None,
    max_skipped: int | None = None,
) -> RunResult:
    """Check every fixture in order; an implementation's failure never stops the run.

    ``hello`` is the handshake already made with ``connection.start()`` (made
    here when not given). Past ``deadline`` (a :func:`time.monotonic` time) the
    fixtures left are errors, not checked. An :class:`Interrupted` signal ends
    the run early: the result holds what was checked and says so.
    """
    started_at = datetime.now(UTC).isoformat(timespec="seconds")
    t0 = time.perf_counter()
    if hello is None:
        hello = connection.start()
    results: list[FixtureResult] = []
    interrupted = 0
    try:
        for number, fixture in enumerate(fixtures, start=1):
            if deadline is not None and time.monotonic() >= deadline:
                result = _out_of_time(fixture, hello)
            else:
                result = run_fixture(fixture, connection, hello, dealer, deadline)
            result = _apply_expect_fail(result, expect_fail)
            results.append(result)
            if on_result is not None:
                on_result(number, len(fixtures), result)
    except Interrupted as stop:
        interrupted = stop.signum
    ids = {f.id for f in fixtures}
    return RunResult(
        results=tuple(results),
        hello=hello,
        implementation=connection.description,
        started=started_at,
        seconds=time.perf_counter() - t0,
        restarts=connection.restarts,
        unknown_expect_fail=tuple(sorted(expect_fail - ids)),
        selection=selection if selection is not None else Selection(),
        interrupted=interrupted,
        not_run=len(fixtures) - len(results),
        max_skipped=max_skipped,
    )


def get_unrun(
    fixtures: Sequence[Fixture],
    error: str,
    status: int,
    *,
    implementation: str,
    selection: Selection | None = None,
    interrupted: int = 0,
) -> RunResult:
    """The result of a run that could not go ahead: nothing checked, every fixture not run,
    and why (what the reports of such a run say)."""
    return RunResult(
        results=(),
        hello=Hello(protocol="", name="(no handshake)"),
        implementation=implementation,
        started=datetime.now(UTC).isoformat(timespec="seconds"),
        seconds=0.0,
        selection=selection if selection is not None else Selection(),
        interrupted=interrupted,
        not_run=len(fixtures),
        error=escape_controls(error),
        error_status=status,
    )


def _out_of_time(fixture: Fixture, hello: Hello) -> FixtureResult:
    """A fixture left when the run's time budget is used up: an error (unless skipped)."""
    reason = _skip_reason(fixture, hello)
    if reason:
        return FixtureResult(fixture, Outcome.SKIPPED, reason, (), 0.0)
    return FixtureResult(
        fixture, Outcome.ERROR, "not checked: the run's time budget was used up", (), 0.0
    )
