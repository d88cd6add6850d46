"""``kanasta ask``: a table dispute from a partial position, answered in one command."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from dataclasses import replace
from pathlib import Path
from typing import Any

from kanasta.ask import (
    Question,
    Verdict,
    answer_question,
    answer_to_json,
    format_answer,
    load_clauses,
    load_question,
)
from kanasta.commands import add_option_argument
from kanasta.commands.play import get_options
from kanasta.commands.spec import add_language_argument, get_language
from kanasta.errors import InputError
from kanasta.families import PROFILES, require_playable
from kanasta.specdoc.spec import Clause
from kanasta.specdoc.spectext import format_clause

__all__ = ["register"]


class _Move(argparse.Action):
    """An action flag (``--meld``, ``--discard``...): appended, in command-line order, to
    the one list of moves the question asks about."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,  # noqa: ARG002 (argparse's signature)
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,  # noqa: ARG002
    ) -> None:
        moves: list[str] = list(getattr(namespace, "moves", None) or [])
        word = self.WORD
        moves.append(f"{word} {values}" if isinstance(values, str) else word)
        namespace.moves = moves

    WORD = ""
    """The move the flag names (``meld``, ``discard``...)."""


def _move(word: str) -> type[_Move]:
    """The action class of the flag of one move."""
    return type(f"_Move_{word}", (_Move,), {"WORD": word})


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "ask",
        help="settle a table dispute: a partial position, a move, the rules' answer",
        description="Name only what matters of a position (the hand or its cards that "
        "matter, the pile, each side's melds, who has opened, the scores); the engine "
        "completes the rest of the deck, says what it assumed, and answers the moves asked "
        "about (allowed or not, the reason code, the deciding clause) or, with no move, "
        "lists the legal actions. Moves are written as the play log prints them: draw, "
        "take-pile, 'take-pile with 7H 7D', pass, 'meld 5H 5D 5S', 'lay-off #0 7S', "
        "'discard 9H', take-back, each optionally after 'seat N:' (refused on another "
        "player's turn); several are separated by ';'; the last may be 'score' (how the hand "
        "scores then, and what it does to the game). Where the answer depends on cards left "
        "unknown, or on a fact not given (the trump, a fi not yet played), it says so; a "
        "refusal names the rule argued about and its numbers first. The same question may be "
        "a JSON or TOML file (docs/disputes.rst).",
        epilog="Exit status: 0 allowed (or the legal actions listed, or a score); 1 not "
        "allowed; 3 the answer depends on cards left unknown or on a fact not given; 2 the "
        "question cannot be read.",
    )
    parser.add_argument(
        "moves_text",
        nargs="*",
        metavar="MOVE",
        help="the moves asked about (e.g. take-pile; or a question file, .json or .toml)",
    )
    parser.add_argument("--file", type=Path, help="the question as a JSON or TOML file")
    parser.add_argument("--variant", choices=sorted(PROFILES), help="rule family")
    add_option_argument(
        parser,
        "a named rule option of the family (repeatable)",
    )
    parser.add_argument("--players", type=int, choices=(2, 3, 4, 6), help="number of players")
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument("--phase", choices=("draw", "play"), help="draw: before drawing")
    parser.add_argument("--hand", metavar="CARDS", help='your hand, e.g. "7H 7D JK 9S"')
    parser.add_argument(
        "--hand-size", type=int, metavar="N", help="you hold N cards: --hand and unknown ones"
    )
    parser.add_argument(
        "--pile",
        metavar="CARDS",
        default="",
        help="the pile's cards, top last (the whole pile unless --pile-size says more)",
    )
    parser.add_argument(
        "--pile-top", metavar="CARD", help="the pile's top card, the cards under it unknown"
    )
    parser.add_argument("--pile-size", type=int, metavar="N", help="the pile holds N cards")
    frozen = parser.add_mutually_exclusive_group()
    frozen.add_argument(
        "--frozen", dest="frozen", action="store_const", const=True, help="the pile is frozen"
    )
    frozen.add_argument(
        "--not-frozen", dest="frozen", action="store_const", const=False, help="it is not"
    )
    for side, word in (("our", "your side's"), ("their", "the other side's")):
        parser.add_argument(
            f"--{side}-meld",
            action="append",
            default=[],
            metavar="CARDS",
            help=f"one of {word} melds on the table (repeatable)",
        )
        parser.add_argument(f"--{side}-red-threes", metavar="CARDS", help=f"{word} red threes")
        parser.add_argument(f"--{side}-score", metavar="POINTS", help=f"{word} game score")
    parser.add_argument(
        "--opened",
        choices=("us", "them", "both", "none"),
        help="who has opened (default: each side with melds)",
    )
    parser.add_argument("--fi-left", type=int, metavar="N", help="fi packets still on the table")
    parser.add_argument(
        "--fi-taken",
        action="append",
        choices=("us", "them"),
        default=[],
        help="a fi packet taken, by this side (repeatable, in the order taken)",
    )
    parser.add_argument(
        "--fi-unplayed",
        action="append",
        choices=("us", "them", "none"),
        help="a fi taken by a discard whose taker has not played since, by this side "
        "(repeatable; 'none': every fi taken was played)",
    )
    parser.add_argument(
        "--went-out",
        choices=("us", "them"),
        help="the hand is over: this side went out (ask 'score')",
    )
    parser.add_argument("--trump", metavar="CARD", help="koz: the trump card")
    stock = parser.add_mutually_exclusive_group()
    stock.add_argument(
        "--stock-size", type=int, metavar="N", help="the stock holds N cards (0: drawn out)"
    )
    stock.add_argument(
        "--last-card-drawn",
        dest="stock_size",
        action="store_const",
        const=0,
        help="the last card of the stock has been drawn (--stock-size 0)",
    )
    parser.add_argument(
        "--target", metavar="POINTS", help="the game's target in force (fi-5200: 7200, 9200)"
    )
    parser.add_argument(
        "--personally-opened",
        choices=("yes", "no"),
        help="fi-5200: whether you opened yourself (no: only your partner has)",
    )
    parser.add_argument(
        "--laid-before",
        choices=("yes", "no"),
        help="classic: whether you laid cards on the table before this turn",
    )
    parser.add_argument(
        "--hand-number",
        metavar="N",
        help="which hand of the game this is, counted from 1 (also beside a question file)",
    )
    for flag, word, nargs, meta in (
        ("--meld", "meld", None, "CARDS"),
        ("--lay-off", "lay-off", None, "'#N CARDS'"),
        ("--discard", "discard", None, "CARD"),
        ("--take-pile", "take-pile", "?", "'with CARDS'"),
    ):
        parser.add_argument(
            flag,
            action=_move(word),
            nargs=nargs,
            metavar=meta,
            dest="moves",
            help=f"the move: {word} (in order with the other moves)",
        )
    for flag, word in (("--draw", "draw"), ("--pass", "pass"), ("--take-back", "take-back")):
        parser.add_argument(
            flag, action=_move(word), nargs=0, dest="moves", help=f"the move: {word}"
        )
    add_language_argument(parser, "the answer, its reasons and its clauses")
    parser.add_argument("--json", action="store_true", help="print the answer as JSON")
    parser.set_defaults(handler=_run)


def _question(args: argparse.Namespace) -> Question:
    """The question the command line asks: its flags, or a question file (with
    ``--hand-number`` beside it, which must agree with the file's ``hand_number``)."""
    number = None if args.hand_number is None else _hand_number(args.hand_number)
    question = _asked(args)
    if number is None:
        return question
    if question.hand_number not in (None, number):
        raise InputError(
            f"--hand-number {number} and {question.name('hand_number')} "
            f"{question.hand_number} name the same fact and disagree; give one of them "
            "(clause game-hands)."
        )
    return replace(question, hand_number=number)


def _hand_number(text: str) -> int:
    """game-hands: ``--hand-number``, a whole number counted from 1."""
    try:
        number = int(text)
    except ValueError:
        raise InputError(
            f"--hand-number {text!r}: expected which hand of the game this is, a whole number "
            "counted from 1 (1: the game's first hand; clause game-hands)."
        ) from None
    if number < 1:
        raise InputError(
            f"--hand-number {number}: the hands of a game are counted from 1, its first hand "
            "(clause game-hands)."
        )
    return number


def _asked(args: argparse.Namespace) -> Question:
    words = list(args.moves_text)
    path = args.file
    if path is None and len(words) == 1 and words[0].endswith((".json", ".toml")):
        path = Path(words[0])
        words = []
    flag_moves = list(getattr(args, "moves", None) or [])
    if path is not None:
        if words or flag_moves or args.variant:
            raise InputError(
                f"a question file ({path}) holds the whole question; give no moves or "
                "--variant besides it."
            )
        return load_question(path)
    if args.variant is None:
        raise InputError("name the rule family with --variant (or give a question file).")
    moves = [m.strip() for m in " ".join(words).split(";") if m.strip()] + flag_moves
    options = get_options(args.variant, args.players, None, args.option)
    melds = {"us": tuple(args.our_meld), "them": tuple(args.their_meld)}
    reds = {
        side: value
        for side, value in (("us", args.our_red_threes), ("them", args.their_red_threes))
        if value is not None
    }
    scores = {
        side: _points(value, flag)
        for side, value, flag in (
            ("us", args.our_score, "--our-score"),
            ("them", args.their_score, "--their-score"),
        )
        if value is not None
    }
    opened: dict[str, bool] = {}
    if args.opened is not None:
        opened = {"us": args.opened in ("us", "both"), "them": args.opened in ("them", "both")}
    return Question(
        variant=args.variant,
        options=options,
        seat=args.seat,
        phase=args.phase,
        hand=args.hand,
        hand_size=args.hand_size,
        pile=args.pile,
        pile_top=args.pile_top,
        pile_size=args.pile_size,
        frozen=args.frozen,
        melds={k: v for k, v in melds.items() if v},
        red_threes=reds,
        opened=opened,
        score=scores,
        fi_left=args.fi_left,
        fi_taken=tuple(args.fi_taken),
        went_out=args.went_out,
        actions=tuple(moves),
        trump=args.trump,
        stock_size=args.stock_size,
        fi_unplayed=_unplayed(args.fi_unplayed),
        target=None if args.target is None else _points(args.target, "--target"),
        personally_opened=_yes(args.personally_opened),
        laid_before=_yes(args.laid_before),
    )


def _unplayed(values: list[str] | None) -> tuple[str, ...] | None:
    if values is None:
        return None
    if "none" in values and len(values) > 1:
        raise InputError("--fi-unplayed none says no fi is unplayed; give it alone.")
    return tuple(v for v in values if v != "none")


def _yes(value: str | None) -> bool | None:
    return None if value is None else value == "yes"


def _points(text: str, flag: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        try:
            float(text)
        except ValueError:
            raise InputError(f"{flag} {text!r}: expected points (1500, or 4.5).") from None
        return text


def _clause_text(clauses: dict[str, Clause], language: str) -> Any:
    """How a deciding clause is printed: as ``kanasta spec show`` prints it (its number,
    title and slug, then its text without markup), indented."""
    numbers = {c.slug: c.number for c in clauses.values()}

    def show(slug: str) -> str:
        clause = clauses.get(slug)
        if clause is None:
            return f"  [{slug}] (no such clause in this edition of the spec)"
        text = format_clause(clause, numbers=numbers, language=language)
        head, _, rest = text.strip().partition("\n")
        body = rest.split("\n\n", 1)[-1] if "\n\n" in rest else rest
        return f"  {head}\n" + textwrap.indent(body.strip(), "      ")

    return show


def _run(args: argparse.Namespace) -> int:
    question = _question(args)
    answer = answer_question(_playable(question))
    language = get_language(args)
    clauses = load_clauses(language)
    if args.json:
        data = answer_to_json(answer, clauses, language)
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(format_answer(answer, _clause_text(clauses, language), language))
    if answer.verdict in (Verdict.ALLOWED, Verdict.SCORED):
        return 0
    return 1 if answer.verdict == Verdict.NOT_ALLOWED else 3


def _playable(question: Question) -> Question:
    profile = PROFILES.get(question.variant)
    if profile is not None:
        require_playable(profile, "ask")
    return question
