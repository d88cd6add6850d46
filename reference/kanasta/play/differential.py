"""Differential self-play: two engines stepped side by side from the same deal.

The native engine is held to the reference this way (``kanasta native-check``,
``tests/native/test_differential.py``), but any two engines behind the conformance
suite's :class:`~kanasta.conformance.engine_api.Engine` interface can be compared.

Hand ``i`` of a run with seed ``S`` is dealt from seed ``S + i`` by the last seat (as in
:mod:`kanasta.play.selfplay`), in both engines. Then, until the hand is over: both list
their legal actions, which must be the same list (as action JSON, in the same order); one
is chosen by the self-play policy's stream (:func:`pick_action`, the stream the native
engine's own self-play loop uses, so a hand here is the hand ``kanasta bench --engine
native`` plays); both apply it, and the two states must be the same (as state JSON). At
the end the hand scores must be the same. The first difference stops the hand and is
reported with the seed, the hand, the step and both sides.

A run is spread over processes with ``jobs``; every hand has its own stream, so the
result is the same for any number of jobs. The module implements no clause.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from kanasta.conformance.engine_api import Engine
from kanasta.errors import InputError, Violation
from kanasta.families import PROFILES, get_profile
from kanasta.native import get_engine
from kanasta.play.workers import get_workers
from kanasta.rules.deal import splitmix64
from kanasta.rules.families import RulesProfile

__all__ = [
    "POLICY_STREAM",
    "Difference",
    "DifferentialRun",
    "HandCheck",
    "compare_hand",
    "json_differences",
    "native_engine",
    "option_profiles",
    "pick_action",
    "policy_stream",
    "reference_engine",
    "run_differential",
]

MASK64 = (1 << 64) - 1
POLICY_STREAM = 0xD1B54A32D192ED03
"""The policy's stream of hand ``i`` of seed ``S`` starts at ``(S + i) ^ POLICY_STREAM``
(the native engine's ``kn::POLICY_STREAM``, native/src/selfplay.hpp)."""
MAX_HAND_MOVES = 1_000_000
"""A guard against a hand that never ends (a defect, never seen in play)."""
SHOWN_PATHS = 6
"""How many differing JSON paths a difference names."""
WHAT = {
    "deal": "the dealt states differ",
    "legal-actions": "the legal-action lists differ",
    "state": "the states after the action differ",
    "refusal": "the action was refused by one engine",
    "score": "the hand scores differ",
    "error": "an engine failed",
}

EngineFactory = Callable[[], Engine]


def option_profiles(family: str | None = None) -> list[RulesProfile]:
    """Every family's profile (or ``family``'s) with its default options, and with each of
    its options alone: every player count and option the differential run covers."""
    return [
        get_profile(name, options)
        for name, found in PROFILES.items()
        if family in (None, name)
        for options in ([], *([o.name] for o in found.known_options))
    ]


def policy_stream(seed: int, index: int) -> int:
    """The initial state of the policy stream of hand ``index`` of the run of ``seed``."""
    return ((seed + index) & MASK64) ^ POLICY_STREAM


def pick_action(stream: int, count: int) -> tuple[int, int]:
    """The self-play policy's choice among ``count`` actions: one SplitMix64 step of the
    stream, its output modulo ``count``. Returns ``(next stream, index)``."""
    following, value = splitmix64(stream)
    return following, value % count


def json_differences(mine: object, theirs: object, path: str = "$") -> list[str]:
    """The JSON paths where two JSON values differ (lists element by element, objects key by
    key), each with both values when they are short."""
    if isinstance(mine, Mapping) and isinstance(theirs, Mapping):
        found: list[str] = []
        for key in sorted({*mine, *theirs}, key=str):
            where = f"{path}.{key}"
            if key not in theirs:
                found.append(f"{where}: only in the first ({_short(mine[key])})")
            elif key not in mine:
                found.append(f"{where}: only in the second ({_short(theirs[key])})")
            else:
                found += json_differences(mine[key], theirs[key], where)
        return found
    if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        found = []
        for index, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            found += json_differences(a, b, f"{path}[{index}]")
        return found
    if mine == theirs and type(mine) is type(theirs):
        return []
    return [f"{path}: {_short(mine)} != {_short(theirs)}"]


def _short(value: object, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True, slots=True)
class Difference:
    """The first place two engines disagree in a hand.

    ``what`` is one of ``deal`` (the dealt states), ``legal-actions`` (the lists),
    ``state`` (the states after an action), ``refusal`` (one engine refused the action the
    other listed), ``score`` (the hand scores) and ``error`` (an engine raised).
    ``reference`` and ``native`` are the two sides (JSON values, or messages)."""

    variant: str
    seed: int
    hand: int
    step: int
    what: str
    action: Mapping[str, Any] | None
    reference: object
    native: object
    names: tuple[str, str] = ("reference", "native")

    @property
    def deal_seed(self) -> int:
        return (self.seed + self.hand) & MASK64

    def paths(self) -> list[str]:
        """The JSON paths where the two sides differ (for two lists of actions of different
        lengths: the lengths, the first place they part and the actions only one lists)."""
        mine, theirs = self.reference, self.native
        if isinstance(mine, list) and isinstance(theirs, list) and len(mine) != len(theirs):
            first, second = self.names
            part = next(
                (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
                min(len(mine), len(theirs)),
            )
            found = [f"$: {len(mine)} != {len(theirs)} entries, the first difference at [{part}]"]
            found += [f"only the {first}: {_short(a)}" for a in mine if a not in theirs]
            found += [f"only the {second}: {_short(b)}" for b in theirs if b not in mine]
            return found
        return json_differences(mine, theirs)

    def format(self) -> str:
        """One paragraph: where (variant, seed, hand, step, action) and what differs."""
        first, second = self.names
        action = "" if self.action is None else f", after the action {_short(self.action, 200)}"
        head = (
            f"{self.variant}: hand {self.hand} of seed {self.seed} (dealt from seed "
            f"{self.deal_seed}), step {self.step}{action}: {WHAT[self.what]}"
        )
        if self.what == "error":
            return f"{head}.\n  {self.native}"
        lines = [f"{head} ({first} first, {second} second)."]
        paths = self.paths()
        lines += [f"  {p}" for p in paths[:SHOWN_PATHS]]
        if len(paths) > SHOWN_PATHS:
            lines.append(f"  ... and {len(paths) - SHOWN_PATHS} more")
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "seed": self.seed,
            "hand": self.hand,
            "deal_seed": self.deal_seed,
            "step": self.step,
            "what": self.what,
            "action": None if self.action is None else dict(self.action),
            self.names[0]: self.reference,
            self.names[1]: self.native,
            "paths": self.paths(),
        }


@dataclass(frozen=True, slots=True)
class HandCheck:
    """One hand compared: its index, the moves both engines made and the first difference."""

    variant: str
    index: int
    moves: int
    difference: Difference | None = None


def _actions_json(engine: Engine, profile: RulesProfile, actions: Sequence[Any]) -> list[Any]:
    return [engine.action_to_json(profile, action) for action in actions]


def _scores_json(engine: Engine, profile: RulesProfile, state: Any) -> list[dict[str, Any]]:
    return [dict(team) for team in engine.score_hand(profile, state)]


def _refusal(result: Any) -> object:
    if isinstance(result, Violation):
        return {"refused": result.code, "clause": result.clause}
    return "applied"


def compare_hand(
    profile: RulesProfile,
    seed: int,
    index: int,
    reference: Engine,
    native: Engine,
    names: tuple[str, str] = ("reference", "native"),
) -> HandCheck:
    """Hand ``index`` of the run of ``seed`` played by both engines side by side (see the
    module docstring); the first difference, if any, stops it."""
    variant = profile.variant
    step = 0
    action_json: dict[str, Any] | None = None

    def differ(what: str, mine: object, theirs: object) -> HandCheck:
        found = Difference(variant, seed, index, step, what, action_json, mine, theirs, names)
        return HandCheck(variant, index, step, found)

    deal_seed = (seed + index) & MASK64
    stream = policy_stream(seed, index)
    try:
        ref_state = reference.new_state_from_seed(profile, deal_seed)
        nat_state = native.new_state_from_seed(profile, deal_seed)
        ref_json = reference.state_to_json(profile, ref_state)
        nat_json = native.state_to_json(profile, nat_state)
        if ref_json != nat_json:
            return differ("deal", ref_json, nat_json)
        while not ref_json["hand_over"]:
            ref_actions = reference.legal_actions(profile, ref_state)
            nat_actions = native.legal_actions(profile, nat_state)
            ref_list = _actions_json(reference, profile, ref_actions)
            nat_list = _actions_json(native, profile, nat_actions)
            if ref_list != nat_list:
                return differ("legal-actions", ref_list, nat_list)
            if not ref_list:
                return differ("legal-actions", "no action in a hand not over", nat_list)
            stream, pick = pick_action(stream, len(ref_list))
            action_json = ref_list[pick]
            step += 1
            ref_next = reference.apply_action(profile, ref_state, ref_actions[pick])
            nat_next = native.apply_action(profile, nat_state, nat_actions[pick])
            if isinstance(ref_next, Violation) or isinstance(nat_next, Violation):
                return differ("refusal", _refusal(ref_next), _refusal(nat_next))
            ref_state, nat_state = ref_next, nat_next
            ref_json = reference.state_to_json(profile, ref_state)
            nat_json = native.state_to_json(profile, nat_state)
            if ref_json != nat_json:
                return differ("state", ref_json, nat_json)
            if step > MAX_HAND_MOVES:  # pragma: no cover - a defect guard
                return differ("state", "the hand did not end", "the hand did not end")
        ref_score = _scores_json(reference, profile, ref_state)
        nat_score = _scores_json(native, profile, nat_state)
        if ref_score != nat_score:
            return differ("score", ref_score, nat_score)
    except (InputError, ValueError, RuntimeError, AssertionError) as exc:
        message = f"{type(exc).__name__}: {exc}"
        return differ("error", message, message)
    return HandCheck(variant, index, step)


@dataclass(frozen=True, slots=True)
class DifferentialRun:
    """Hands of some profiles compared: each hand's check in order, and the times."""

    seed: int
    jobs: int
    checks: tuple[HandCheck, ...]
    seconds: float
    cpu_seconds: float
    """Processor time of the comparison, summed over the processes that played."""

    @property
    def hands(self) -> int:
        return len(self.checks)

    @property
    def moves(self) -> int:
        return sum(c.moves for c in self.checks)

    @property
    def differences(self) -> tuple[Difference, ...]:
        return tuple(c.difference for c in self.checks if c.difference is not None)

    def counts(self) -> dict[str, tuple[int, int, int]]:
        """Per variant: (hands, moves, hands with a difference)."""
        out: dict[str, tuple[int, int, int]] = {}
        for check in self.checks:
            hands, moves, differing = out.get(check.variant, (0, 0, 0))
            out[check.variant] = (
                hands + 1,
                moves + check.moves,
                differing + (check.difference is not None),
            )
        return out

    def format(self) -> str:
        """A table of hands, moves and differences per variant, then the first differences."""
        rows = [f"{'variant':34} {'hands':>7} {'moves':>10} {'differences':>11}"]
        for variant, (hands, moves, differing) in self.counts().items():
            rows.append(f"{variant:34} {hands:7} {moves:10} {differing:11}")
        found = self.differences
        rows.append(
            f"{self.hands} hands, {self.moves} moves compared in {self.seconds:.1f} s "
            f"({self.jobs} jobs): {len(found)} with a difference."
        )
        rows += [d.format() for d in found[:SHOWN_PATHS]]
        if len(found) > SHOWN_PATHS:
            rows.append(f"... and {len(found) - SHOWN_PATHS} more hands with a difference")
        return "\n".join(rows)

    def to_json(self) -> dict[str, object]:
        return {
            "seed": self.seed,
            "jobs": self.jobs,
            "hands": self.hands,
            "moves": self.moves,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "variants": {
                variant: {"hands": hands, "moves": moves, "differences": differing}
                for variant, (hands, moves, differing) in self.counts().items()
            },
            "differences": [d.to_json() for d in self.differences],
        }


def native_engine() -> Engine:
    """The native engine (the default second engine)."""
    return get_engine("native")


def reference_engine() -> Engine:
    """The reference engine (the default first engine)."""
    return get_engine("reference")


Task = tuple[str, tuple[str, ...], int]
"""One hand to compare: the family, its options and the hand's index in the run."""


def _check_chunk(
    seed: int, tasks: Sequence[Task], first: EngineFactory, second: EngineFactory
) -> tuple[list[HandCheck], float]:
    """Some hands of the run, compared in this process, and the processor time they took."""
    cpu = time.process_time()
    reference, native = first(), second()
    profiles: dict[tuple[str, tuple[str, ...]], RulesProfile] = {}
    checks = []
    for family, options, index in tasks:
        profile = profiles.get((family, options))
        if profile is None:
            profile = profiles[(family, options)] = get_profile(family, options)
        checks.append(compare_hand(profile, seed, index, reference, native))
    return checks, time.process_time() - cpu


def run_differential(
    profiles: Sequence[RulesProfile],
    hands: int,
    seed: int,
    *,
    jobs: int = 1,
    first: EngineFactory = reference_engine,
    second: EngineFactory = native_engine,
    progress: Callable[[int, int], None] | None = None,
) -> DifferentialRun:
    """Compare ``hands`` hands of each family among ``profiles``: hand ``i`` of a family is
    played under its profile ``i mod k`` (``k`` the family's profiles given), so every
    option and player count takes its share. ``first`` and ``second`` build the engines
    (default: the reference and the native one) in each process. ``progress`` is called
    with (hands done, hands in all) after each chunk."""
    if hands < 0:
        raise InputError(f"--hands must be at least 0, not {hands}.")
    get_workers(jobs, hands)  # --jobs is refused before anything is built
    by_family: dict[str, list[RulesProfile]] = {}
    for profile in profiles:
        by_family.setdefault(profile.family, []).append(profile)
    tasks: list[Task] = []
    for family, chosen in by_family.items():
        for index in range(hands):
            profile = chosen[index % len(chosen)]
            tasks.append((family, profile.options, index))
    first(), second()  # a missing engine is said before any process starts
    start = time.perf_counter()
    size = max(1, min(25, len(tasks) // (get_workers(jobs, len(tasks)) * 4) or 1))
    chunks = [tasks[i : i + size] for i in range(0, len(tasks), size)]
    workers = get_workers(jobs, len(chunks))
    checks: list[HandCheck] = []
    cpu_seconds = 0.0
    if workers == 1:
        for chunk in chunks:
            done, used = _check_chunk(seed, chunk, first, second)
            checks += done
            cpu_seconds += used
            if progress is not None:
                progress(len(checks), len(tasks))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_check_chunk, seed, c, first, second) for c in chunks]
            for future in futures:
                done, used = future.result()
                checks += done
                cpu_seconds += used
                if progress is not None:
                    progress(len(checks), len(tasks))
    return DifferentialRun(seed, workers, tuple(checks), time.perf_counter() - start, cpu_seconds)
