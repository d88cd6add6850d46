"""Self-play over several processes (``kanasta bench --jobs N``), the same for any N.

A long simulation plays many independent hands; this module spreads them over ``jobs``
worker processes. So that the result does not depend on how the hands are spread, every
hand draws from its own random stream: hand ``i`` of a run with seed ``S`` is dealt from
seed ``S + i`` (as in :mod:`kanasta.play.selfplay`) and its policy's choices come from
``random.Random(f"{S}:{i}")``. The hands are put back in order, so a run gives the same
:class:`HandResult` list whatever ``jobs`` is (1 included); only the times differ.

The engine is named (``reference`` or ``native``, :func:`kanasta.native.get_engine`) and
driven through the conformance suite's engine interface, so the same run checks both.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from kanasta.errors import Violation
from kanasta.families import get_profile
from kanasta.native import get_engine, require_engine
from kanasta.play.workers import get_workers
from kanasta.rules.points import HalfPoints

__all__ = ["HandResult", "JobsRun", "play_hand", "run_hands"]

MASK64 = (1 << 64) - 1
MAX_HAND_MOVES = 1_000_000
"""A guard against a hand that never ends (a defect, never seen in play)."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand played: its index in the run, the moves taken and each team's hand score."""

    index: int
    moves: int
    scores: tuple[HalfPoints, ...]


@dataclass(frozen=True, slots=True)
class JobsRun:
    """A run over processes: the hands in order, the wall time and the processes used
    (``jobs``: at most one a hand)."""

    variant: str
    seed: int
    jobs: int
    hands: tuple[HandResult, ...]
    seconds: float
    cpu_seconds: float
    """Processor time of the play, summed over the processes that played."""

    @property
    def moves(self) -> int:
        return sum(h.moves for h in self.hands)


def play_hand(variant: str, seed: int, index: int, engine_name: str = "reference") -> HandResult:
    """Hand ``index`` of the run of ``seed``: dealt from ``seed + index``, random legal moves
    drawn from the hand's own stream, played to the end."""
    profile = get_profile(variant)
    require_engine(engine_name, variant)
    engine = get_engine(engine_name)
    rng = random.Random(f"{seed}:{index}")
    state = engine.new_state_from_seed(profile, (seed + index) & MASK64)
    moves = 0
    while not state.hand_over:
        actions = engine.legal_actions(profile, state)
        action = actions[rng.randrange(len(actions))]
        following = engine.apply_action(profile, state, action)
        if isinstance(following, Violation):
            raise AssertionError(f"listed action was rejected: {following}")
        state = following
        moves += 1
        if moves > MAX_HAND_MOVES:  # pragma: no cover - a defect guard
            raise AssertionError(f"hand {index} of seed {seed} did not end")
    scores = tuple(team["total"] for team in engine.score_hand(profile, state))
    return HandResult(index, moves, scores)


def _play_chunk(
    variant: str, seed: int, indices: Sequence[int], engine_name: str
) -> tuple[list[HandResult], float]:
    """Some hands of the run, and the processor time they took in this process."""
    cpu = time.process_time()
    played = [play_hand(variant, seed, i, engine_name) for i in indices]
    return played, time.process_time() - cpu


def run_hands(
    variant: str,
    hands: int,
    seed: int,
    jobs: int,
    *,
    engine_name: str = "reference",
    progress: Callable[[int], None] | None = None,
) -> JobsRun:
    """Play ``hands`` hands over ``jobs`` processes (1: in this process) and put them in order.

    No more processes start than there are hands, and ``jobs`` far beyond the machine's
    processors is refused (:func:`kanasta.play.workers.get_workers`); the run's ``jobs``
    are the processes used. ``progress`` is called with the number of hands finished after
    each chunk.
    """
    workers = get_workers(jobs, hands)
    get_engine(engine_name)  # a missing engine is said before any process starts
    start = time.perf_counter()
    done: list[HandResult] = []
    cpu_seconds = 0.0
    if workers == 1:
        cpu = time.process_time()
        for index in range(hands):
            done.append(play_hand(variant, seed, index, engine_name))
            if progress is not None:
                progress(len(done))
        cpu_seconds = time.process_time() - cpu
    else:
        size = max(1, min(50, hands // (workers * 4) or 1))
        chunks = [list(range(i, min(i + size, hands))) for i in range(0, hands, size)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [
                pool.submit(_play_chunk, variant, seed, chunk, engine_name) for chunk in chunks
            ]
            for future in futures:
                played, used = future.result()
                done.extend(played)
                cpu_seconds += used
                if progress is not None:
                    progress(len(done))
    ordered = tuple(sorted(done, key=lambda h: h.index))
    return JobsRun(variant, seed, workers, ordered, time.perf_counter() - start, cpu_seconds)
