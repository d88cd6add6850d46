"""``kanasta explain FILE``: ask the rules a question and get the reference's answer."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from kanasta.conformance.loader import load_question_file
from kanasta.conformance.model import StepKind
from kanasta.conformance.present import explain
from kanasta.conformance.runner import reference_dealer
from kanasta.profiles import PROFILES, require_playable


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "explain",
        help="answer a scenario (a fixture without expectations) with verdicts and clauses",
        description="Read a question written like a conformance fixture whose expectations "
        "may be left out (and so may id, clauses and description). The reference answers "
        "each step with its verdict and the text of the clauses that decide it. Exit status "
        "1 when the question gives an expectation the reference does not share.",
    )
    parser.add_argument("file", type=Path, help="the question (JSON)")
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    question = load_question_file(args.file)
    profile = PROFILES.get(question.variant)
    engine_steps = sorted({k.value for k in question.kinds} - {StepKind.MELD.value})
    if profile is not None and engine_steps:
        require_playable(profile, f"explain {args.file} ({', '.join(engine_steps)} steps) for")
    text, agrees = explain(question, dealer=reference_dealer())
    sys.stdout.write(text)
    return 0 if agrees else 1
