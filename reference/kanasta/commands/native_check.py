"""``kanasta native-check``: differential self-play of the native engine against the reference.

Random hands of every family, player count and option (or of the ones named), the two
engines stepped side by side from the same deal: after every action the legal-action lists
and the states must be the same (:mod:`kanasta.play.differential`). Prints hands, moves and
differences per variant, and the first differences with the seed, hand and step; exits 1
when there is any difference.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kanasta.commands import add_option_argument
from kanasta.errors import InputError
from kanasta.families import PROFILES, get_profile, require_playable
from kanasta.native import require_engine
from kanasta.play.differential import option_profiles, run_differential
from kanasta.play.workers import get_workers
from kanasta.rules.deal import check_seed
from kanasta.rules.families import RulesProfile

__all__ = ["register"]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "native-check",
        help="differential self-play: the native engine against the reference, every action",
        description="Play random hands with the native engine and the reference side by side "
        "from the same deals and compare the legal actions and the state after every action "
        "(and the score at the end). Exit 1 on any difference.",
    )
    parser.add_argument(
        "--variant",
        default="all",
        help="a rule family, or 'all' (default): every family with its default options and "
        "with each option alone (player counts included)",
    )
    add_option_argument(parser, "with --variant FAMILY: only this option set (repeatable)")
    parser.add_argument("--hands", type=int, default=100, metavar="N", help="hands per family")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="run seed (default 1)")
    parser.add_argument(
        "--jobs", type=int, default=1, metavar="J", help="processes (the same hands for any J)"
    )
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.set_defaults(handler=_run)


def _profiles(variant: str, options: list[str]) -> list[RulesProfile]:
    if variant == "all":
        if options:
            raise InputError("--option needs a single family (--variant FAMILY), not 'all'.")
        return option_profiles()
    if variant not in PROFILES:
        raise InputError(
            f"unknown variant {variant!r}; the families are {', '.join(PROFILES)} (or 'all')."
        )
    if options:
        return [get_profile(variant, options)]
    return option_profiles(variant)


def _run(args: argparse.Namespace) -> int:
    if args.hands < 1:
        raise InputError(f"--hands must be at least 1, not {args.hands}.")
    check_seed(args.seed, "--seed")
    get_workers(args.jobs, args.hands)  # refused before any engine is loaded
    profiles = _profiles(args.variant, args.option)
    for profile in profiles:
        require_playable(profile, "native-check")
        require_engine("native", profile.family)
    last = [0]

    def progress(done: int, total: int) -> None:
        if done - last[0] >= max(1, total // 20) or done == total:
            last[0] = done
            print(f"native-check: {done}/{total} hands", file=sys.stderr, flush=True)

    run = run_differential(
        profiles,
        args.hands,
        args.seed,
        jobs=args.jobs,
        progress=None if args.quiet else progress,
    )
    if args.json:
        print(json.dumps(run.to_json(), indent=2))
    else:
        print(run.format())
    return 1 if run.differences else 0
