"""``kanasta spec``: check the traceability gate, show a clause."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from kanasta.errors import InputError
from kanasta.spec import format_clause, load_spec
from kanasta.trace import build_trace, format_matrix


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("spec", help="the rule text: check coverage, show a clause")
    spec_sub = parser.add_subparsers(dest="spec_command", metavar="SPEC_COMMAND", required=True)

    check = spec_sub.add_parser(
        "check", help="fail unless every clause has code and a test or fixture"
    )
    check.add_argument("--json", type=Path, metavar="FILE", help="also write the matrix as JSON")
    check.add_argument("--quiet", action="store_true", help="print only problems and the total")
    check.set_defaults(handler=_check)

    show = spec_sub.add_parser("show", help="print a clause's text")
    show.add_argument("slug", nargs="+", help="clause slug(s) or number(s)")
    show.set_defaults(handler=_show)

    listing = spec_sub.add_parser("list", help="list every clause number, slug and title")
    listing.set_defaults(handler=_list)


def _check(args: argparse.Namespace) -> int:
    report = build_trace()
    text = format_matrix(report)
    if args.quiet:
        text = "\n".join(line for line in text.splitlines()[-1 - len(report.problems) :])
    print(text)
    if args.json is not None:
        args.json.write_text(json.dumps(report.to_json(), indent=2) + "\n", encoding="utf-8")
    return 0 if report.ok else 1


def _show(args: argparse.Namespace) -> int:
    clauses = load_spec()
    by_key = {c.slug: c for c in clauses} | {c.number: c for c in clauses}
    for key in args.slug:
        clause = by_key.get(key)
        if clause is None:
            close = [c.slug for c in clauses if key in c.slug][:5]
            hint = f" Did you mean: {', '.join(close)}?" if close else ""
            raise InputError(f"no clause has the slug or number {key!r}.{hint}")
        print(format_clause(clause))
    return 0


def _list(_args: argparse.Namespace) -> int:
    for c in load_spec():
        print(f"{c.number:<10} {c.slug:<44} {c.title}")
    return 0
