"""Random self-play: whole hands played by a uniform random legal policy, timed.

This is the workload of ``kanasta bench`` and of the self-play tests: for
each hand, deal from a seed, then repeatedly list
:func:`kanasta.engine.legal_actions` and apply one of them chosen uniformly
with :class:`random.Random`, until the hand is over. Hand ``i`` (counting
from 0) of a run with seed ``S`` is dealt from seed ``S + i``; the policy's
choices come from one ``random.Random(S)`` for the whole run, so a run is
reproducible from its seed.

The module uses only the standard library and the engine facade; it is not an
engine module (it implements no clause) and is not listed in
``ENGINE_MODULES``.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from kanasta import engine
from kanasta.errors import Violation
from kanasta.families import PLAYABLE_FAMILIES
from kanasta.rules.state import Phase, State

__all__ = [
    "PLAYABLE_FAMILIES",
    "BenchResult",
    "play_random_hand",
    "run_bench",
]

MASK64 = (1 << 64) - 1
_GC_MODES = {True: "heap frozen before each hand", False: "default"}
MAX_HAND_MOVES = 1_000_000
"""A guard against a hand that never ends (a defect, never seen in play)."""


@dataclass(frozen=True, slots=True)
class BenchResult:
    """What a self-play run measured. Times are in seconds of ``time.perf_counter``."""

    variant: str
    seed: int
    hands: int
    moves: int
    seconds: float
    legal_seconds: float
    apply_seconds: float
    longest_hand: int
    cpu_seconds: float = 0.0
    """Processor time of the run (``time.process_time``): robust to other load."""
    heap_frozen: bool = False
    """Whether the heap was frozen (``gc.freeze``) before each hand; see :func:`run_bench`."""
    interrupted: bool = False
    """Whether the run was stopped (Ctrl-C) before its last hand: the figures are those of
    the hands finished."""

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds > 0 else 0.0

    @property
    def moves_per_cpu_second(self) -> float:
        """Moves per second of processor time (the figure on a machine busy with other work)."""
        return self.moves / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    @property
    def mean_legal_us(self) -> float:
        """Mean time of one ``legal_actions`` call, in microseconds."""
        return 1e6 * self.legal_seconds / self.moves if self.moves else 0.0

    @property
    def mean_apply_us(self) -> float:
        """Mean time of one ``apply`` call, in microseconds."""
        return 1e6 * self.apply_seconds / self.moves if self.moves else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "seed": self.seed,
            "hands": self.hands,
            "moves": self.moves,
            "seconds": round(self.seconds, 6),
            "hands_per_second": round(self.hands_per_second, 3),
            "moves_per_second": round(self.moves_per_second, 1),
            "cpu_seconds": round(self.cpu_seconds, 6),
            "moves_per_cpu_second": round(self.moves_per_cpu_second, 1),
            "mean_legal_actions_us": round(self.mean_legal_us, 3),
            "mean_apply_us": round(self.mean_apply_us, 3),
            "moves_per_hand": round(self.moves / self.hands, 1) if self.hands else 0.0,
            "longest_hand": self.longest_hand,
            "heap_frozen": self.heap_frozen,
            "interrupted": self.interrupted,
        }

    def format(self) -> str:
        """The figures as a few readable lines."""
        return "\n".join(
            [
                f"variant {self.variant}, seed {self.seed}: {self.hands} hands, "
                f"{self.moves} moves in {self.seconds:.2f} s",
                f"  hands/s  {self.hands_per_second:12.1f}",
                f"  moves/s  {self.moves_per_second:12.1f}"
                f"   ({self.moves_per_cpu_second:.1f} per CPU second)",
                f"  legal_actions  mean {self.mean_legal_us:9.1f} us",
                f"  apply          mean {self.mean_apply_us:9.1f} us",
                f"  moves per hand {self.moves / max(self.hands, 1):9.1f} "
                f"(longest {self.longest_hand})",
                f"  cyclic GC      {_GC_MODES[self.heap_frozen]}",
            ]
            + (
                [f"  interrupted: the figures are those of the {self.hands} hands finished"]
                if self.interrupted
                else []
            )
        )


def play_random_hand(
    variant: str,
    deal_seed: int,
    rng: random.Random,
    *,
    on_step: Callable[[State, engine.Action, State], None] | None = None,
) -> tuple[State, int]:
    """Play one hand from the deal of ``deal_seed`` with a uniform random legal policy.

    Returns the final state and the number of actions taken. ``on_step`` is
    called with the state before, the action and the state after each action
    (for tests that check invariants along the way).
    """
    state = engine.new_hand(variant, seed=deal_seed & MASK64)
    moves = 0
    while state.phase is not Phase.OVER:
        actions = engine.legal_actions(state)
        action = rng.choice(actions)
        following = engine.apply(state, action)
        if isinstance(following, Violation):
            raise AssertionError(f"listed action {action} was rejected: {following}")
        if on_step is not None:
            on_step(state, action, following)
        state = following
        moves += 1
        if moves > MAX_HAND_MOVES:  # pragma: no cover - a defect guard
            raise AssertionError(f"hand of seed {deal_seed} did not end in {moves} moves")
    return state, moves


def run_bench(
    variant: str,
    hands: int,
    seed: int,
    *,
    progress: Callable[[BenchResult], None] | None = None,
    progress_every: float = 2.0,
    freeze_heap: bool = True,
) -> BenchResult:
    """Play ``hands`` hands and time them (see the module docstring for the seeds).

    ``progress`` is called with the figures so far at most every
    ``progress_every`` seconds while the run lasts. A ``KeyboardInterrupt``
    (Ctrl-C) stops the run: the result then holds the hands finished, with
    ``interrupted`` set.

    With ``freeze_heap`` (the default), the objects alive before each hand
    are moved out of reach of the cyclic garbage collector (``gc.freeze``)
    and given back at the end of the run. The engine creates no reference
    cycles (its values are trees of tuples and frozen dataclasses, freed by
    reference counting), but the collector's full passes would otherwise walk
    the engine's long-lived memo tables again and again: about a third of the
    run time with the default settings (see ``docs/performance.rst``).
    Programs that play many hands can do the same.
    """
    rng = random.Random(seed)
    clock = time.perf_counter
    legal_time = 0.0
    apply_time = 0.0
    moves = 0
    longest = 0
    start = clock()
    cpu_start = time.process_time()
    next_report = start + progress_every
    played = 0
    interrupted = False

    def _result() -> BenchResult:
        return BenchResult(
            variant,
            seed,
            played,
            moves,
            clock() - start,
            legal_time,
            apply_time,
            longest,
            time.process_time() - cpu_start,
            freeze_heap,
            interrupted,
        )

    # Give the frozen objects back only if nobody had frozen any before.
    unfreeze = freeze_heap and gc.get_freeze_count() == 0
    try:
        for index in range(hands):
            if freeze_heap:
                gc.freeze()
            state = engine.new_hand(variant, seed=(seed + index) & MASK64)
            hand_moves = 0
            hand_legal = hand_apply = 0.0
            while state.phase is not Phase.OVER:
                t0 = clock()
                actions = engine.legal_actions(state)
                t1 = clock()
                action = rng.choice(actions)
                t2 = clock()
                following = engine.apply(state, action)
                t3 = clock()
                hand_legal += t1 - t0
                hand_apply += t3 - t2
                if isinstance(following, Violation):
                    raise AssertionError(f"listed action {action} was rejected: {following}")
                state = following
                hand_moves += 1
            legal_time += hand_legal
            apply_time += hand_apply
            moves += hand_moves
            longest = max(longest, hand_moves)
            played = index + 1
            if progress is not None and clock() >= next_report:
                next_report = clock() + progress_every
                progress(_result())
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if unfreeze:
            gc.unfreeze()
    return _result()
