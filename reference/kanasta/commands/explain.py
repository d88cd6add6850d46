"""``kanasta explain FILE``: ask the rules a question and get the reference's answer."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from kanasta.commands.spec import add_language_argument, get_language
from kanasta.conformance.loader import load_question_file
from kanasta.conformance.model import StepKind
from kanasta.conformance.present import ExplainStatus, explain
from kanasta.conformance.runner import reference_dealer
from kanasta.families import PROFILES, require_playable
from kanasta.speech import say


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "explain",
        help="answer a scenario (a fixture without expectations) with verdicts and clauses",
        description="Read a question written like a conformance fixture whose expectations "
        "may be left out (and so may id, clauses and description); cards are written as for "
        "'kanasta meld' (5H, 10s, jk; a 'cards' list may be one string \"4h 5h 6h\"). The "
        "question format, with examples, is in the documentation: 'Ask the rules' "
        "(docs/conformance/ask-the-rules.rst) and the fixture schema "
        "(conformance/schema/fixture.schema.json). The reference answers each step with its "
        "verdict and the text of the clauses that decide it.",
        epilog=f"Exit status: {ExplainStatus.ANSWERED.value} answered (and every expectation "
        f"given agrees); {ExplainStatus.DIFFERS.value} answered, but an answer differs from "
        "an expectation the question gives; 2 the question cannot be read (bad JSON, a bad "
        "card, cards the deck cannot hold, engine steps in a family whose games the engine does "
        "not play); "
        f"{ExplainStatus.UNANSWERED.value} the reference could not answer a step (unknown "
        "variant, a setup that does not agree with itself, something not supported).",
    )
    parser.add_argument("file", type=Path, help="the question (JSON)")
    add_language_argument(parser, "the answer, its reasons and its clauses")
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    question = load_question_file(args.file)
    profile = PROFILES.get(question.variant)
    engine_steps = sorted({k.value for k in question.kinds} - {StepKind.MELD.value})
    if profile is not None and engine_steps:
        require_playable(profile, f"explain {args.file} ({', '.join(engine_steps)} steps) for")
    language = get_language(args)
    text, status = explain(question, dealer=reference_dealer(), language=language)
    sys.stdout.write(text)
    if status is ExplainStatus.UNANSWERED:
        note = (
            "kanasta: the reference could not answer every step (see 'error' or "
            "'unsupported' above)."
        )
        print(say(note, language), file=sys.stderr)
    return int(status)
