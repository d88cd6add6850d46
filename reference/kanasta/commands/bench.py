"""``kanasta bench``: how fast the engine plays, with a uniform random legal policy.

Plays N hands per family (see :mod:`kanasta.play.selfplay` for the seeds) and
prints hands per second, moves per second and the mean time of
``legal_actions`` and of ``apply``. Progress goes to stderr every few
seconds on long runs; ``--json`` prints the figures for machines.

``--engine native`` times the reference and the native engine in the same run and prints
them side by side per family, with the ratio and the memory per state: in ``--rounds``
rounds, each measurement in a fresh process, each engine's figures its median round's
(:mod:`kanasta.play.sidebyside`).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from typing import Any

from kanasta.errors import InputError
from kanasta.families import FAMILY_NAMES, get_profile, require_playable
from kanasta.native import ENGINES, require_engine
from kanasta.play.jobs import run_hands
from kanasta.play.selfplay import PLAYABLE_FAMILIES, BenchResult, run_bench
from kanasta.play.sidebyside import ROUNDS, format_table, run_side_by_side
from kanasta.play.workers import get_workers
from kanasta.rules.deal import check_seed

__all__ = ["register"]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="time random self-play: hands/s, moves/s, legal_actions and apply",
        description="Play N hands with a uniform random legal policy and print hands per "
        "second, moves per second and the mean time of legal_actions and apply.",
    )
    parser.add_argument(
        "--variant",
        default=FAMILY_NAMES[0],
        help=f"rule family, or 'all' for every playable family ({', '.join(PLAYABLE_FAMILIES)})",
    )
    parser.add_argument("--hands", type=int, default=100, metavar="N", help="hands per family")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="run seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument(
        "--gc-default",
        action="store_true",
        help="leave the cyclic garbage collector as it is (by default the heap is frozen "
        "before each hand: see kanasta.play.selfplay.run_bench)",
    )
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="reference",
        help="the engine to time: the reference (default), or the native one "
        "(kanasta-native, pip install ./native) side by side with the reference in the same run",
    )
    parser.add_argument(
        "--native-hands",
        type=int,
        metavar="M",
        help="with --engine native: hands per family the native engine plays "
        "(default 10 times --hands)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=ROUNDS,
        metavar="R",
        help="with --engine native: how many times each family is timed with both engines, "
        f"each time in fresh processes; the figures are the median round's (default {ROUNDS})",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="play the hands over N processes, each hand with its own random stream, so the "
        "hands and scores are the same for every N (see kanasta.play.jobs)",
    )
    parser.set_defaults(handler=_run)


def _variants(name: str) -> tuple[str, ...]:
    if name == "all":
        return PLAYABLE_FAMILIES
    require_playable(get_profile(name), "bench")
    return (name,)


def _progress(total: int) -> Any:
    def report(partial: BenchResult) -> None:
        print(
            f"bench {partial.variant}: {partial.hands}/{total} hands, "
            f"{partial.moves_per_second:,.0f} moves/s",
            file=sys.stderr,
            flush=True,
        )

    return report


def _jobs_result(args: argparse.Namespace, variant: str) -> BenchResult:
    """A run of the reference over processes (--jobs) as the bench's figures."""
    require_engine(args.engine, variant)
    run = run_hands(variant, args.hands, args.seed, args.jobs or 1, engine_name=args.engine)
    longest = max((h.moves for h in run.hands), default=0)
    return BenchResult(
        f"{variant} ({args.engine}, {run.jobs} jobs)",
        args.seed,
        len(run.hands),
        run.moves,
        run.seconds,
        0.0,
        0.0,
        longest,
        run.cpu_seconds,
    )


def _run(args: argparse.Namespace) -> int:
    if args.hands < 1:
        raise InputError(f"--hands must be at least 1, not {args.hands}.")
    check_seed(args.seed, "--seed")
    results: list[BenchResult] = []
    if args.jobs is not None:
        get_workers(args.jobs, args.hands)  # refused before any process starts
    if args.native_hands is not None and args.native_hands < 1:
        raise InputError(f"--native-hands must be at least 1, not {args.native_hands}.")
    if args.rounds < 1:
        raise InputError(f"--rounds must be at least 1, not {args.rounds}.")
    if args.engine == "native":
        return _side_by_side(args)
    if args.jobs is not None:
        results = [_jobs_result(args, variant) for variant in _variants(args.variant)]
        return _report(args, results)
    for variant in _variants(args.variant):
        if results and results[-1].interrupted:
            break
        progress = None if args.quiet else _progress(args.hands)
        results.append(
            run_bench(
                variant,
                args.hands,
                args.seed,
                progress=progress,
                freeze_heap=not args.gc_default,
            )
        )
    return _report(args, results)


def _side_by_side(args: argparse.Namespace) -> int:
    """The reference and the native engine in the same run, a table per family."""
    variants = _variants(args.variant)
    for variant in variants:
        require_engine("native", variant)
    compared = run_side_by_side(
        variants,
        args.hands,
        args.seed,
        native_hands=args.native_hands,
        jobs=args.jobs or 1,
        rounds=args.rounds,
        progress=None if args.quiet else _say,
    )
    if args.json:
        print(
            json.dumps({**_platform(), "side_by_side": [c.to_json() for c in compared]}, indent=2)
        )
    else:
        jobs = args.jobs or 1
        print(
            f"kanasta bench --engine native: seed {args.seed}, {jobs} job{'s' * (jobs > 1)}, "
            f"{platform.python_implementation()} {platform.python_version()} on "
            f"{platform.machine()}"
        )
        print(format_table(compared))
    return 0


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _platform() -> dict[str, str]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
    }


def _report(args: argparse.Namespace, results: list[BenchResult]) -> int:
    if args.json:
        payload = {**_platform(), "results": [r.to_json() for r in results]}
        print(json.dumps(payload, indent=2))
    else:
        print("\n".join(r.format() for r in results))
    if results[-1].interrupted:
        print("kanasta: bench interrupted; the figures above are partial.", file=sys.stderr)
        return 130
    return 0
