"""``kanasta meld``: is this meld legal, how does it stand, what is it worth?"""

from __future__ import annotations

import argparse
import json
from typing import Any

from kanasta.commands import add_option_argument
from kanasta.commands.spec import add_language_argument, get_language
from kanasta.conformance.present import get_meld_clauses
from kanasta.errors import InputError, Violation
from kanasta.families import PROFILES, get_profile, get_turkish_names
from kanasta.io.meld_json import meld_to_json
from kanasta.io.state_json import arrangement_to_json
from kanasta.rules.canastas import get_canasta_bonus
from kanasta.rules.cards import check_deck_holds, parse_cards
from kanasta.rules.families import RulesProfile
from kanasta.rules.melds import (
    Meld,
    apply_lay_off,
    format_meld,
    get_meld_arrangements,
    get_meld_points,
    validate_meld,
)
from kanasta.rules.points import points_to_json
from kanasta.specdoc.spec import load_spec
from kanasta.specdoc.spectext import translate_clause
from kanasta.speech import get_reason, say, say_canasta, say_meld, say_points


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "meld",
        help="check a meld (and lay-offs onto it) under a family's rules",
        description="Check a meld under a family's rules and print its arrangement, points and "
        "canasta kind; --then lays off further batches of cards, one batch per --then.",
    )
    parser.add_argument("--variant", required=True, choices=sorted(PROFILES), help="rule family")
    parser.add_argument("cards", nargs="+", help="the meld's cards, e.g. 4H 5H 6H 2C 8H")
    parser.add_argument(
        "--wild-at", type=int, default=None, help="run position (1-14) where the wild stands"
    )
    parser.add_argument(
        "--then",
        action="append",
        default=[],
        metavar="CARDS",
        help='lay off these cards at once (quote them: --then "6H 4H"); repeatable',
    )
    parser.add_argument(
        "--then-wild-at",
        action="append",
        type=int,
        default=[],
        metavar="N",
        help="for each --then, where the moved wild goes (in order)",
    )
    add_option_argument(
        parser,
        "a named rule option of the family (repeatable; e.g. classic: two-naturals-per-wild)",
    )
    parser.add_argument("--json", action="store_true", help="print the verdicts as JSON")
    add_language_argument(parser, "the verdicts, reasons and clause titles")
    parser.set_defaults(handler=_run)


def _describe(meld: Meld, profile: RulesProfile, *, lay_off: bool = False) -> dict[str, Any]:
    canasta = meld.canasta.value if meld.canasta else None
    clauses = get_meld_clauses({"arrangement": arrangement_to_json(meld), "canasta": canasta})
    if lay_off:
        clauses.append("lay-off")
        if canasta in ("half", "full"):
            clauses.append("canasta-kind-fixed")
    return {
        "verdict": "legal",
        "text": format_meld(meld),
        "meld": meld_to_json(meld),
        "points": points_to_json(get_meld_points(profile, meld)),
        "canasta": canasta,
        "canasta_bonus": points_to_json(get_canasta_bonus(profile, meld)),
        "clauses": clauses,
    }


def _check_options(args: argparse.Namespace) -> None:
    """Refuse options that would be ignored: a --then-wild-at needs its --then."""
    if len(args.then_wild_at) > len(args.then):
        raise InputError(
            f"{len(args.then_wild_at)} --then-wild-at given for {len(args.then)} --then: "
            "each --then-wild-at says where the wild of one --then batch goes, in order."
        )


def _violation(violation: Violation) -> dict[str, Any]:
    return {
        "verdict": "illegal",
        "clause": violation.clause,
        "code": violation.code,
        "detail": violation.detail,
    }


def _run(args: argparse.Namespace) -> int:
    _check_options(args)
    profile = get_profile(args.variant, args.option)
    cards = parse_cards(args.cards)
    batches = [parse_cards(text) for text in args.then]
    too_many = check_deck_holds(
        cards + tuple(c for batch in batches for c in batch), profile.deck_jokers
    )
    if too_many is not None:
        raise InputError(
            f"the cards given cannot all be in one {args.variant} deck: {too_many.detail} "
            f"(clause {too_many.clause})."
        )
    steps: list[dict[str, Any]] = []
    result = validate_meld(profile, cards, wild_at=args.wild_at)
    options = get_meld_arrangements(profile, cards)
    steps.append(
        _violation(result) if isinstance(result, Violation) else _describe(result, profile)
    )
    others = [m for m in options if m != result]
    if not isinstance(result, Violation) and others:
        steps[-1]["arrangements"] = [format_meld(m) for m in others]
    current = result
    for index, batch_text in enumerate(args.then):
        if isinstance(current, Violation):
            break
        batch = batches[index]
        wild_at = args.then_wild_at[index] if index < len(args.then_wild_at) else None
        current = apply_lay_off(profile, current, batch, wild_at=wild_at)
        step = (
            _violation(current)
            if isinstance(current, Violation)
            else _describe(current, profile, lay_off=True)
        )
        step["lay_off"] = batch_text
        steps.append(step)
    if args.json:
        print(json.dumps({"variant": args.variant, "steps": steps}, indent=2))
    else:
        _print_steps(steps, args.variant, get_language(args))
    return 0 if not isinstance(current, Violation) else 1


def _print_steps(steps: list[dict[str, Any]], variant: str, language: str = "en") -> None:
    """The verdicts as text, in ``language``: the refusal's reason, the canasta kind and
    the clause titles translated, in the words of the family's sources; codes, slugs,
    cards and points as they are."""
    family = variant
    clauses = {c.slug: c for c in load_spec()}
    if language != "en":
        variant = get_turkish_names().get(variant, variant)
    for step in steps:
        head = (
            say("lay off {cards}: ", language, family, cards=step["lay_off"])
            if "lay_off" in step
            else ""
        )
        if step["verdict"] == "illegal":
            clause = clauses.get(step["clause"])
            shown = translate_clause(clause, language) if clause else None
            title = f" {shown.number} {shown.title}" if shown else ""
            verdict = say(
                "ILLEGAL in {variant}: {code} (clause {clause}{title})",
                language,
                family,
                variant=variant,
                code=step["code"],
                clause=step["clause"],
                title=title,
            )
            print(head + verdict)
            reason = get_reason(
                Violation(step["clause"], step["code"], step["detail"]), language, family
            )
            if reason != step["code"]:
                print(f"  {reason}")
            continue
        points = say_points(int(step["points"] * 2), language)
        text = say(
            "legal in {variant}: {text}, points {points}",
            language,
            family,
            variant=variant,
            text=say_meld(step["text"], language, family),
            points=points,
        )
        print(head + text)
        if step["canasta"]:
            bonus = say_points(int(step["canasta_bonus"] * 2), language)
            kind = say_canasta(step["canasta"], language, family)
            print(say("  {kind}, bonus {bonus}", language, family, kind=kind, bonus=bonus))
        print(say("  legal by clauses {slugs}", language, family, slugs=", ".join(step["clauses"])))
        for line in step.get("arrangements", []):
            print(
                say(
                    "  could also stand as: {text}",
                    language,
                    family,
                    text=say_meld(line, language, family),
                )
            )
