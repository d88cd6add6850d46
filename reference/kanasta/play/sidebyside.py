"""The reference and the native engine timed in the same run (``kanasta bench --engine
native``).

For each family the reference plays its bench (:func:`kanasta.play.selfplay.run_bench`,
unchanged: the project's standing figure) and the native engine plays hands with its own
self-play loop, inside the engine (``kanasta_native.self_play``: deal, list the legal
actions, pick one uniformly with the hand's SplitMix64 stream, apply, until the hand is
over; no crossing into Python per move). Both are measured in processor seconds, so other
load on the machine moves the figures little; the ratio is native over reference.

The machine's own speed still drifts, so each family is timed in rounds (default
:data:`ROUNDS`): in each, the native engine and right after it the reference, each in a
fresh Python process; each engine's figures are those of its median round
(:func:`run_side_by_side`).

Memory per state: the mean, over every state of the first hands of the run played by
both engines with the same policy (the very same states), of the bytes a state owns. For
the native engine ``NativeState.memory_bytes`` (the ``State`` and its heap blocks, by
capacity); for the reference :func:`reference_state_bytes`.

``jobs`` above 1 plays over processes; every hand has its own random stream, so the hands,
moves and scores are those of a serial run (:func:`native_self_play`,
:func:`kanasta.play.jobs.run_hands`).
"""

from __future__ import annotations

import enum
import multiprocessing
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from kanasta import engine as facade
from kanasta.errors import InputError, Violation
from kanasta.families import get_profile
from kanasta.native import NativeEngine, load
from kanasta.play.differential import pick_action, policy_stream
from kanasta.play.jobs import run_hands
from kanasta.play.selfplay import run_bench
from kanasta.play.workers import get_workers
from kanasta.rules.families import RulesProfile
from kanasta.rules.state import State

__all__ = [
    "MEMORY_HANDS",
    "ROUNDS",
    "EngineFigures",
    "Measure",
    "NativeRun",
    "RoundFigures",
    "SideBySide",
    "Timing",
    "format_table",
    "measure_here",
    "measure_in_fresh_process",
    "native_self_play",
    "reference_memory",
    "reference_state_bytes",
    "run_side_by_side",
]

MEMORY_HANDS = 3
"""How many hands of the run the memory per state is averaged over."""
ROUNDS = 3
"""How many times each family is timed with both engines (the figures: the median round)."""
MASK64 = (1 << 64) - 1
_SHARED = (type(None), bool, enum.Enum, RulesProfile)


def reference_state_bytes(state: State) -> int:
    """The bytes a reference state owns: ``sys.getsizeof`` of the state and of every object
    reachable from it, each once, leaving out what every state shares (the rules profile,
    enum members, ``None``, booleans, and the small ints CPython keeps once, cards among
    them)."""
    seen: set[int] = set()
    stack: list[object] = [state]
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, _SHARED):
            continue
        if isinstance(item, int) and -5 <= item <= 256:
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, tuple | list | frozenset):
            stack.extend(item)
        else:
            for name in getattr(type(item), "__slots__", ()):
                if hasattr(item, name):
                    stack.append(getattr(item, name))
    return total


def reference_memory(profile: RulesProfile, seed: int, hands: int = MEMORY_HANDS) -> float:
    """The mean bytes of the reference's states over hands 0..hands-1 of the run of ``seed``,
    played with the native self-play policy (so the states are those the native engine
    measures)."""
    total = states = 0
    for index in range(hands):
        state = facade.new_hand(profile, seed=(seed + index) & MASK64)
        stream = policy_stream(seed, index)
        total += reference_state_bytes(state)
        states += 1
        while not state.hand_over:
            actions = facade.legal_actions(state)
            stream, pick = pick_action(stream, len(actions))
            following = facade.apply(state, actions[pick])
            if isinstance(following, Violation):
                raise AssertionError(f"listed action was rejected: {following}")
            state = following
            total += reference_state_bytes(state)
            states += 1
    return total / states


@dataclass(frozen=True, slots=True)
class NativeRun:
    """Hands played by the native engine's self-play loop: each (index, moves, team totals
    in half points) in order, the moves, and the processor time summed over processes."""

    hands: tuple[tuple[int, int, tuple[int, ...]], ...]
    moves: int
    seconds: float
    cpu_seconds: float
    jobs: int


def _native_profile(variant: str, options: tuple[str, ...]) -> tuple[Any, Any]:
    module = load()
    return module, NativeEngine(module).native_profile(get_profile(variant, options))


def _native_chunk(
    variant: str, options: tuple[str, ...], seed: int, first: int, count: int
) -> tuple[list[tuple[int, int, tuple[int, ...]]], int, float]:
    module, profile = _native_profile(variant, options)
    run = module.self_play(profile, seed, first, count)
    hands = [(int(i), int(m), tuple(int(t) for t in totals)) for i, m, totals in run["hands"]]
    return hands, int(run["moves"]), float(run["cpu_seconds"])


def native_self_play(
    profile: RulesProfile, hands: int, seed: int, jobs: int = 1, *, chunk: int = 200
) -> NativeRun:
    """Hands 0..hands-1 of the run of ``seed`` played by the native self-play loop, over
    ``jobs`` processes (1: in this one; at most one a chunk,
    :func:`kanasta.play.workers.get_workers`), in chunks of ``chunk`` hands, put back in
    order."""
    if hands < 0:
        raise InputError(f"--hands must be at least 0, not {hands}.")
    size = max(1, min(chunk, hands // (get_workers(jobs, hands) * 4) or 1))
    workers = get_workers(jobs, -(-hands // size))
    start = time.perf_counter()
    family, options = profile.family, profile.options
    played: list[tuple[int, int, tuple[int, ...]]] = []
    moves = 0
    cpu = 0.0
    if workers == 1:
        played, moves, cpu = _native_chunk(family, options, seed, 0, hands)
    else:
        _native_profile(family, options)  # a missing engine is said before any process starts
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [
                pool.submit(_native_chunk, family, options, seed, i, min(size, hands - i))
                for i in range(0, hands, size)
            ]
            for future in futures:
                done, part_moves, part_cpu = future.result()
                played += done
                moves += part_moves
                cpu += part_cpu
    return NativeRun(tuple(played), moves, time.perf_counter() - start, cpu, workers)


def _native_memory(profile: RulesProfile, seed: int, hands: int = MEMORY_HANDS) -> float:
    module, native = _native_profile(profile.family, profile.options)
    run = module.self_play(native, seed, 0, hands, True)
    return float(run["state_bytes"]) / max(1, int(run["states"]))


@dataclass(frozen=True, slots=True)
class EngineFigures:
    """One engine's figures in a side-by-side run."""

    engine: str
    hands: int
    moves: int
    seconds: float
    cpu_seconds: float
    bytes_per_state: float

    @property
    def moves_per_second(self) -> float:
        """Moves per processor second."""
        return self.moves / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    @property
    def hands_per_second(self) -> float:
        """Hands per processor second."""
        return self.hands / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "engine": self.engine,
            "hands": self.hands,
            "moves": self.moves,
            "seconds": round(self.seconds, 6),
            "cpu_seconds": round(self.cpu_seconds, 6),
            "moves_per_cpu_second": round(self.moves_per_second, 1),
            "hands_per_cpu_second": round(self.hands_per_second, 3),
            "bytes_per_state": round(self.bytes_per_state, 1),
        }


def _ratio(mine: float, theirs: float) -> float:
    return mine / theirs if theirs > 0 else 0.0


@dataclass(frozen=True, slots=True)
class RoundFigures:
    """One round of a family: each engine's moves per processor second, timed one right
    after the other."""

    native: float
    reference: float

    @property
    def ratio(self) -> float:
        """Native moves per CPU second over the reference's, in this round."""
        return _ratio(self.native, self.reference)

    def to_json(self) -> dict[str, object]:
        return {
            "native_moves_per_cpu_second": round(self.native, 1),
            "reference_moves_per_cpu_second": round(self.reference, 1),
            "moves_ratio": round(self.ratio, 2),
        }


@dataclass(frozen=True, slots=True)
class SideBySide:
    """A family timed with both engines in the same run: each engine's figures are those of
    its median round; ``rounds`` holds every round's."""

    variant: str
    seed: int
    jobs: int
    reference: EngineFigures
    native: EngineFigures
    rounds: tuple[RoundFigures, ...] = ()

    @property
    def moves_ratio(self) -> float:
        """Native moves per CPU second over the reference's."""
        return _ratio(self.native.moves_per_second, self.reference.moves_per_second)

    @property
    def hands_ratio(self) -> float:
        """Native hands per CPU second over the reference's."""
        return _ratio(self.native.hands_per_second, self.reference.hands_per_second)

    @property
    def memory_ratio(self) -> float:
        """Reference bytes per state over the native engine's."""
        return _ratio(self.reference.bytes_per_state, self.native.bytes_per_state)

    def to_json(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "seed": self.seed,
            "jobs": self.jobs,
            "reference": self.reference.to_json(),
            "native": self.native.to_json(),
            "moves_ratio": round(self.moves_ratio, 2),
            "hands_ratio": round(self.hands_ratio, 2),
            "memory_ratio": round(self.memory_ratio, 2),
            "rounds": [r.to_json() for r in self.rounds],
        }


def format_table(results: list[SideBySide]) -> str:
    """Per family: a row per engine (hands, moves, moves and hands per CPU second, bytes
    per state) and a row of ratios (native over reference; memory: reference over native)."""
    head = (
        f"{'variant':<24} {'engine':<10} {'hands':>7} {'moves':>10} {'moves/s':>12} "
        f"{'hands/s':>10} {'bytes/state':>12}"
    )
    lines = [head, "-" * len(head)]
    for r in results:
        for figures in (r.reference, r.native):
            lines.append(
                f"{r.variant:<24} {figures.engine:<10} {figures.hands:>7} {figures.moves:>10} "
                f"{figures.moves_per_second:>12,.0f} {figures.hands_per_second:>10,.1f} "
                f"{figures.bytes_per_state:>12,.0f}"
            )
        lines.append(
            f"{r.variant:<24} {'ratio':<10} {'':>7} {'':>10} {r.moves_ratio:>11,.1f}x "
            f"{r.hands_ratio:>9,.1f}x {r.memory_ratio:>11,.1f}x"
        )
        if r.rounds:
            ratios = ", ".join(f"{each.ratio:,.1f}x" for each in r.rounds)
            lines.append(f"{r.variant:<24} {'rounds':<10} moves/s ratio of each round: {ratios}")
    lines.append(
        "moves/s and hands/s per CPU second (processor time, summed over processes); each "
        "engine: its median round; ratio: native over reference (memory: reference over native)"
    )
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Timing:
    """One engine's hands of one family, timed once: hands, moves, wall and processor
    seconds."""

    hands: int
    moves: int
    seconds: float
    cpu_seconds: float

    @property
    def moves_per_second(self) -> float:
        """Moves per processor second."""
        return self.moves / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


def measure_here(engine: str, variant: str, hands: int, seed: int, jobs: int) -> Timing:
    """Time ``hands`` hands of ``variant`` with ``engine`` in this process: the reference's
    bench (over processes with ``jobs``), or the native self-play loop."""
    if engine == "native":
        run = native_self_play(get_profile(variant), hands, seed, jobs)
        return Timing(len(run.hands), run.moves, run.seconds, run.cpu_seconds)
    if jobs == 1:
        bench = run_bench(variant, hands, seed)
        return Timing(bench.hands, bench.moves, bench.seconds, bench.cpu_seconds)
    jobs_run = run_hands(variant, hands, seed, jobs)
    return Timing(len(jobs_run.hands), jobs_run.moves, jobs_run.seconds, jobs_run.cpu_seconds)


def measure_in_fresh_process(engine: str, variant: str, hands: int, seed: int, jobs: int) -> Timing:
    """:func:`measure_here` in a new Python process (started, not forked): neither engine
    runs on a heap the other has grown (after the reference has run in a process, its memo
    tables slow the native engine's allocations), and every measurement starts alike."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        return pool.submit(measure_here, engine, variant, hands, seed, jobs).result()


Measure = Callable[[str, str, int, int, int], Timing]


def _median_round(timings: Sequence[Timing]) -> Timing:
    """The round of the median moves per processor second (the lower one of an even
    count)."""
    ranked = sorted(timings, key=lambda t: t.moves_per_second)
    return ranked[(len(ranked) - 1) // 2]


def run_side_by_side(
    variants: Sequence[str],
    hands: int,
    seed: int,
    *,
    native_hands: int | None = None,
    jobs: int = 1,
    rounds: int = ROUNDS,
    measure: Measure | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[SideBySide]:
    """Time ``variants`` with both engines in this run: the reference plays ``hands`` hands
    a family (its bench, or over processes with ``jobs``), the native engine
    ``native_hands`` (default ten times as many: it is that much faster, and a longer run is
    steadier).

    The machine's speed drifts (by a fifth and more over a minute on a shared machine), so
    the two engines are timed ``rounds`` times, side by side: each round times every family
    with the native engine and right after with the reference, each measurement in a fresh
    process (``measure``, default :func:`measure_in_fresh_process`). Each engine's figures
    are those of its median round, and the ratio is that of the two medians; every round's
    figures are kept (``SideBySide.rounds``)."""
    if rounds < 1:
        raise InputError(f"--rounds must be at least 1, not {rounds}.")
    get_workers(jobs, hands)  # --jobs is refused before any process starts
    timer = measure_in_fresh_process if measure is None else measure
    count = 10 * hands if native_hands is None else native_hands
    timed: dict[str, list[tuple[Timing, Timing]]] = {variant: [] for variant in variants}
    for round_number in range(1, rounds + 1):
        for variant in variants:
            native = timer("native", variant, count, seed, jobs)
            reference = timer("reference", variant, hands, seed, jobs)
            timed[variant].append((native, reference))
            if progress is not None:
                progress(
                    f"bench {variant}, round {round_number}/{rounds}: native "
                    f"{native.moves_per_second:,.0f} moves/s, reference "
                    f"{reference.moves_per_second:,.0f} moves/s"
                )
    out: list[SideBySide] = []
    for variant in variants:
        pairs = timed[variant]
        native = _median_round([n for n, _ in pairs])
        reference = _median_round([r for _, r in pairs])
        out.append(
            SideBySide(
                variant,
                seed,
                jobs,
                _figures("reference", reference, reference_memory(get_profile(variant), seed)),
                _figures("native", native, _native_memory(get_profile(variant), seed)),
                tuple(RoundFigures(n.moves_per_second, r.moves_per_second) for n, r in pairs),
            )
        )
    return out


def _figures(engine: str, timing: Timing, memory: float) -> EngineFigures:
    return EngineFigures(
        engine, timing.hands, timing.moves, timing.seconds, timing.cpu_seconds, memory
    )
