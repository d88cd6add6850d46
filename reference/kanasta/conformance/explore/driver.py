"""The exploration's driver: seeded chunks of positions, over processes or a Ray cluster.

The positions asked for are cut into chunks of :data:`CHUNK_POSITIONS` (the last one
shorter); chunk ``c`` of a run with seed ``S`` draws every choice from
``random.Random(f"{S}:{c}")`` and position ``p`` explores target ``p mod T`` (the targets
the handshake claims, in the families' order), so a chunk's work depends on neither the
number of workers nor the other chunks. Each worker talks to its own copy of the
implementation. The chunks' results are merged in chunk order and, of the differences
with the same target, request kind and clause, the first is kept and written as a
fixture: the same seed gives the same positions, differences and shrunk fixtures for any
``--jobs`` or Ray cluster.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from multiprocessing import util as mp_util
from pathlib import Path
from typing import Any, TextIO

from kanasta.conformance.connections import Connection, InProcessConnection, SubprocessConnection
from kanasta.conformance.explore.positions import Target, get_targets, make_position
from kanasta.conformance.explore.requests import (
    Difference,
    compare_case,
    expect_case,
    get_cases,
    to_fixture_json,
)
from kanasta.conformance.explore.shrink import shrink
from kanasta.conformance.jsonio import format_fixture_json
from kanasta.conformance.loader import fixture_from_json
from kanasta.conformance.model import JsonObject
from kanasta.conformance.protocol import Hello, ImplementationError
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.report import write_text_file
from kanasta.errors import InputError
from kanasta.play.workers import get_workers

__all__ = [
    "CHUNK_POSITIONS",
    "ChunkResult",
    "ExploreResult",
    "Found",
    "Settings",
    "explore",
    "explore_chunk",
    "format_explore_summary",
    "get_chunks",
]

CHUNK_POSITIONS = 4
"""Positions per chunk: the unit of work handed to a worker."""

EXIT_OK = 0
EXIT_DIFFERENCES = 1
EXIT_NOTHING_CHECKED = 5


@dataclass(frozen=True, slots=True)
class Settings:
    """What every chunk needs to know (plain data: it travels to worker processes)."""

    impl: str | None
    seed: int
    positions: int
    variants: tuple[str, ...] = ()
    cited: tuple[tuple[str, int], ...] = ()
    """How many fixtures of the suite cite each clause (the policy's measure of rarity)."""
    timeout: float = 10.0
    start_timeout: float | None = None
    deadline: float | None = None
    """A wall-clock time (:func:`time.time`) after which no further position is explored."""


@dataclass(frozen=True, slots=True)
class Found:
    """A difference found and shrunk, as plain data."""

    chunk: int
    position: int
    target: str
    variant: str
    features: tuple[str, ...]
    kind: str
    clause: str
    outcome: str
    messages: tuple[str, ...]
    fixture: JsonObject
    """The shrunk fixture (its id is set when it is written)."""
    actions_before: int
    cards_before: int
    actions: int
    cards: int
    attempts: int

    @property
    def signature(self) -> tuple[str, str, str]:
        return (self.target, self.kind, self.clause)


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """What a chunk explored."""

    index: int
    positions: int
    requests: int
    skipped: int
    differences: tuple[tuple[str, int], ...]
    """Differences by clause (every one, not only those shrunk)."""
    reached: tuple[tuple[str, int], ...]
    """Positions whose trace reaches each clause."""
    found: tuple[Found, ...]
    error: str = ""


@dataclass(frozen=True, slots=True)
class ExploreResult:
    """A whole exploration, its chunks merged in order."""

    settings: Settings
    implementation: str
    targets: tuple[str, ...]
    chunks: tuple[ChunkResult, ...]
    workers: int
    seconds: float
    found: tuple[Found, ...]
    """The first difference of each target, kind and clause, in chunk order."""
    written: tuple[str, ...] = ()
    error: str = ""
    by_clause: dict[str, int] = field(default_factory=dict)
    reached: dict[str, int] = field(default_factory=dict)

    @property
    def positions(self) -> int:
        return sum(c.positions for c in self.chunks)

    @property
    def requests(self) -> int:
        return sum(c.requests for c in self.chunks)

    @property
    def skipped(self) -> int:
        return sum(c.skipped for c in self.chunks)

    @property
    def differences(self) -> int:
        return sum(self.by_clause.values())

    @property
    def exit_status(self) -> int:
        if self.error or self.differences:
            return EXIT_DIFFERENCES
        if self.requests - self.skipped <= 0:
            return EXIT_NOTHING_CHECKED
        return EXIT_OK

    def to_json(self) -> JsonObject:
        """The summary (``--json``); ``seconds`` is the only field a seed does not fix."""
        clauses = sorted(set(self.by_clause) | set(self.reached))
        return {
            "seed": self.settings.seed,
            "positions_asked": self.settings.positions,
            "positions": self.positions,
            "requests": self.requests,
            "skipped": self.skipped,
            "implementation": self.implementation,
            "targets": list(self.targets),
            "workers": self.workers,
            "seconds": round(self.seconds, 3),
            "differences": self.differences,
            "error": self.error,
            "by_clause": {
                slug: {
                    "differences": self.by_clause.get(slug, 0),
                    "positions": self.reached.get(slug, 0),
                    "fixtures": [f.fixture["id"] for f in self.found if f.clause == slug],
                }
                for slug in clauses
            },
            "fixtures": [
                {
                    "id": f.fixture["id"],
                    "target": f.target,
                    "kind": f.kind,
                    "clause": f.clause,
                    "outcome": f.outcome,
                    "position": f.position,
                    "messages": list(f.messages),
                    "actions": f.actions,
                    "cards": f.cards,
                    "actions_before": f.actions_before,
                    "cards_before": f.cards_before,
                    "attempts": f.attempts,
                }
                for f in self.found
            ],
            "written": list(self.written),
        }


def get_chunks(positions: int) -> list[tuple[int, int, int]]:
    """The chunks of a run: (index, first position, positions), fixed by the count alone."""
    return [
        (index, first, min(CHUNK_POSITIONS, positions - first))
        for index, first in enumerate(range(0, positions, CHUNK_POSITIONS))
    ]


# -- one chunk (in any process) ----------------------------------------------------------

_CONNECTIONS: dict[tuple[Any, ...], tuple[Connection, Hello]] = {}
"""This process's connection to the implementation, kept from chunk to chunk."""


def _connect(settings: Settings) -> tuple[Connection, Hello]:
    key = (settings.impl, settings.timeout, settings.start_timeout)
    if key not in _CONNECTIONS:
        # No deadline on the connection: a request past --max-time is never sent (see
        # explore_chunk), so none is cut short and misread as a difference.
        connection: Connection
        if settings.impl is None:
            connection = InProcessConnection()
        else:
            connection = SubprocessConnection(
                settings.impl, timeout=settings.timeout, start_timeout=settings.start_timeout
            )
        hello = connection.start()
        _CONNECTIONS[key] = (connection, hello)
        mp_util.Finalize(None, close_connections, exitpriority=10)
    return _CONNECTIONS[key]


def close_connections() -> None:
    """Stop this process's copies of the implementation."""
    while _CONNECTIONS:
        _, (connection, _) = _CONNECTIONS.popitem()
        connection.close()


def explore_chunk(settings: Settings, chunk: tuple[int, int, int]) -> ChunkResult:
    """Explore one chunk of positions (see the module's docstring); the first difference
    of each signature in the chunk is shrunk."""
    index, first, count = chunk
    try:
        connection, hello = _connect(settings)
    except ImplementationError as exc:
        return ChunkResult(index, 0, 0, 0, (), (), (), error=f"did not start: {exc.message}")
    reference = ReferenceImplementation()
    targets = get_targets(hello, settings.variants)
    cited = dict(settings.cited)
    rng = random.Random(f"{settings.seed}:{index}")
    positions = requests = skipped = 0
    differences: Counter[str] = Counter()
    reached: Counter[str] = Counter()
    found: list[Found] = []
    seen: set[tuple[Any, ...]] = set()
    for number in range(first, first + count):
        if not targets or _is_late(settings):
            break
        position = make_position(
            targets[number % len(targets)], number, rng, cited, hello.capabilities
        )
        positions += 1
        reached.update(position.trace)
        for case in get_cases(position):
            if _is_late(settings):
                break
            fixture = expect_case(reference, case)
            if fixture is None:
                continue
            requests += 1
            outcome = compare_case(fixture, case, connection, hello)
            if outcome is None:
                continue
            if not isinstance(outcome, Difference):
                skipped += 1
                continue
            differences[outcome.clause] += 1
            if outcome.signature not in seen:
                seen.add(outcome.signature)
                found.append(
                    _shrunk(
                        index,
                        position.number,
                        position.target,
                        outcome,
                        reference,
                        connection,
                        hello,
                    )
                )
    return ChunkResult(
        index,
        positions,
        requests,
        skipped,
        tuple(sorted(differences.items())),
        tuple(sorted(reached.items())),
        tuple(found),
    )


def _is_late(settings: Settings) -> bool:
    """Whether ``--max-time`` is used up (no position is begun, no request sent after it)."""
    return settings.deadline is not None and time.time() >= settings.deadline


def _shrunk(
    chunk: int,
    number: int,
    target: Target,
    difference: Difference,
    reference: ReferenceImplementation,
    connection: Connection,
    hello: Hello,
) -> Found:
    done = shrink(difference, reference, connection, hello)
    best = done.difference
    description = (
        f"Found by kanasta conformance explore (position {number}): the reference and the "
        f"implementation differ on this {best.case.kind.value} request: " + "; ".join(best.messages)
    )[:1000]
    return Found(
        chunk=chunk,
        position=number,
        target=target.label,
        variant=target.variant,
        features=target.features,
        kind=best.case.kind.value,
        clause=best.clause,
        outcome=best.outcome.value,
        messages=best.messages,
        fixture=to_fixture_json(best, "explore", description),
        actions_before=done.actions_before,
        cards_before=done.cards_before,
        actions=done.actions,
        cards=done.cards,
        attempts=done.attempts,
    )


# -- the whole run -------------------------------------------------------------------------

ChunkRunner = Callable[
    [Settings, Sequence[tuple[int, int, int]], Callable[[ChunkResult], None]], list[ChunkResult]
]


def _run_here(
    settings: Settings, chunks: Sequence[tuple[int, int, int]], done: Callable[[ChunkResult], None]
) -> list[ChunkResult]:
    results = []
    try:
        for chunk in chunks:
            results.append(explore_chunk(settings, chunk))
            done(results[-1])
    finally:
        close_connections()
    return results


def _run_processes(workers: int) -> ChunkRunner:
    def run(
        settings: Settings,
        chunks: Sequence[tuple[int, int, int]],
        done: Callable[[ChunkResult], None],
    ) -> list[ChunkResult]:
        results = []
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(explore_chunk, settings, chunk) for chunk in chunks]
            for future in as_completed(futures):
                results.append(future.result())
                done(results[-1])
        return results

    return run


def import_ray() -> Any:
    """Ray, imported only when asked for (the optional extra ``kanasta[ray]``)."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise InputError(
            "--ray needs Ray, which is not installed: pip install 'kanasta[ray]'."
        ) from None


def _run_ray(address: str) -> ChunkRunner:  # pragma: no cover - nox -s ray runs it
    """The chunks as Ray tasks on the cluster at ``address`` (``local``: a Ray started
    here; a Ray already initialized, e.g. in local mode, is used as it is)."""

    def run(
        settings: Settings,
        chunks: Sequence[tuple[int, int, int]],
        done: Callable[[ChunkResult], None],
    ) -> list[ChunkResult]:
        ray = import_ray()
        started_here = not ray.is_initialized()
        if started_here:
            if address == "local":
                ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        try:
            remote = ray.remote(explore_chunk)
            pending = [remote.remote(settings, chunk) for chunk in chunks]
            results = []
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    results.append(ray.get(ref))
                    done(results[-1])
            return results
        finally:
            close_connections()
            if started_here:
                ray.shutdown()

    return run


class _Progress:
    """A one-line progress bar of positions on stderr, redrawn at most ten times a second."""

    def __init__(self, total: int, stream: TextIO | None, width: int = 30) -> None:
        self._total = total
        self._stream = stream
        self._width = width
        self._done = 0
        self._differences = 0
        self._last = 0.0

    def __call__(self, result: ChunkResult) -> None:
        self._done += result.positions
        self._differences += sum(n for _, n in result.differences)
        if self._stream is None:
            return
        now = time.monotonic()
        if self._done < self._total and now - self._last < 0.1:
            return
        self._last = now
        filled = self._width * min(self._done, self._total) // max(self._total, 1)
        bar = "#" * filled + "." * (self._width - filled)
        tail = f"  {self._differences} differences" if self._differences else ""
        self._stream.write(f"\r[{bar}] {self._done}/{self._total} positions{tail}")
        if self._done >= self._total:
            self._stream.write("\n")
        self._stream.flush()


def explore(
    settings: Settings,
    *,
    jobs: int = 1,
    ray_address: str | None = None,
    out: Path | None = None,
    progress: TextIO | None = None,
) -> ExploreResult:
    """Explore (see the module's docstring) and write the shrunk fixtures into ``out``."""
    started = time.perf_counter()
    chunks = get_chunks(settings.positions)
    runner: ChunkRunner
    if ray_address is not None:
        import_ray()
        runner, workers = _run_ray(ray_address), 0
    else:
        workers = get_workers(jobs, len(chunks))
        runner = _run_here if workers == 1 else _run_processes(workers)
    implementation = settings.impl if settings.impl is not None else "in-process"
    hello_targets = _handshake(settings)
    if isinstance(hello_targets, str):
        return ExploreResult(
            settings, implementation, (), (), workers, 0.0, (), error=hello_targets
        )
    results = sorted(
        runner(settings, chunks, _Progress(settings.positions, progress)), key=lambda r: r.index
    )
    errors = [r.error for r in results if r.error]
    firsts = _first_of_each(f for r in results for f in r.found)
    by_clause: Counter[str] = Counter()
    reached: Counter[str] = Counter()
    for r in results:
        by_clause.update(dict(r.differences))
        reached.update(dict(r.reached))
    found = tuple(_named(f) for f in firsts)
    written = _write(found, out) if out is not None else ()
    return ExploreResult(
        settings,
        implementation,
        hello_targets,
        tuple(results),
        workers,
        time.perf_counter() - started,
        found,
        written,
        errors[0] if errors else "",
        dict(sorted(by_clause.items())),
        dict(sorted(reached.items())),
    )


def _handshake(settings: Settings) -> tuple[str, ...] | str:
    """The targets the implementation claims, or why it did not start."""
    try:
        _, hello = _connect(settings)
    except ImplementationError as exc:
        return f"the implementation did not start: {exc.message}"
    finally:
        close_connections()
    return tuple(t.label for t in get_targets(hello, settings.variants))


def _first_of_each(found: Iterable[Found]) -> list[Found]:
    kept: dict[tuple[str, str, str], Found] = {}
    for item in found:
        kept.setdefault(item.signature, item)
    return list(kept.values())


def _named(found: Found) -> Found:
    parts = [found.variant, *found.features, f"{found.kind}-{found.clause}-p{found.position}"]
    ident = "/".join(parts)
    fixture = {**found.fixture, "id": ident}
    return Found(
        **{**{f: getattr(found, f) for f in Found.__dataclass_fields__}, "fixture": fixture}
    )


def _write(found: Sequence[Found], out: Path) -> tuple[str, ...]:
    """Write each shrunk fixture as ``<out>/<id>.json`` (checked against the fixture
    format first)."""
    written = []
    for item in found:
        ident = item.fixture["id"]
        fixture_from_json(item.fixture, ident)
        path = out / f"{ident}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_file(path, format_fixture_json(item.fixture), "fixture")
        written.append(str(path))
    return tuple(written)


def check_out_folder(out: Path) -> None:
    """``--out`` must be a new or empty folder (fixtures of an earlier run never mix in)."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise InputError(
            f"{out}: --out must name a new or empty folder for the shrunk fixtures; this one "
            "is a file or already holds files."
        )


def format_explore_summary(result: ExploreResult) -> str:
    """The summary printed after a run: the counts, then the differences by clause."""
    lines = [
        f"explored {result.positions} positions ({result.requests} requests, "
        f"{result.skipped} skipped as the handshake declares) of {len(result.targets)} "
        f"targets against {result.implementation} in {result.seconds:.1f}s with "
        f"{result.workers or 'Ray'} worker(s); seed {result.settings.seed}"
    ]
    if result.reached:
        cited = dict(result.settings.cited)
        rarest = sorted(result.reached, key=lambda slug: (cited.get(slug, 0), slug))[:5]
        shown = ", ".join(f"{slug} ({cited.get(slug, 0)})" for slug in rarest)
        lines.append(
            f"the positions reached {len(result.reached)} clauses; the least cited by the "
            f"fixtures (their number of fixtures): {shown}"
        )
    if result.error:
        lines.append(f"not explored further: {result.error}")
        if not result.by_clause:
            return "\n".join(lines)
    if not result.by_clause:
        lines.append("no difference")
        return "\n".join(lines)
    lines.append(f"{result.differences} differences:")
    for slug, count in result.by_clause.items():
        lines.append(f"  {slug}: {count}")
    for item in result.found:
        lines.append(
            f"  {item.fixture['id']}: {item.kind} [{item.clause}], {item.actions} action(s), "
            f"{item.cards} card(s) (from {item.actions_before}, {item.cards_before}): "
            + (item.messages[0] if item.messages else "")
        )
    if result.written:
        lines.append(
            f"wrote {len(result.written)} fixture(s); check them with "
            "kanasta conformance run --fixtures DIR --no-builtin --impl CMD"
        )
    return "\n".join(lines)


def get_cited(counts: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """The citation counts in a fixed order (they travel in :class:`Settings`)."""
    return tuple(sorted(counts))


def get_budget(max_time: float | None) -> float | None:
    """The wall-clock deadline of ``--max-time``."""
    if max_time is None:
        return None
    if not (math.isfinite(max_time) and max_time > 0):
        raise InputError(f"--max-time must be a positive number of seconds (got {max_time:g}).")
    return time.time() + max_time
