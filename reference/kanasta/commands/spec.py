"""``kanasta spec``: check the traceability gate, show a clause."""

from __future__ import annotations

import argparse
import difflib
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kanasta.errors import InputError
from kanasta.families import FAMILY_NAMES
from kanasta.io.files import check_output_path, write_file
from kanasta.resources import get_repo_root
from kanasta.specdoc.i18n import LANGUAGES, get_default_language
from kanasta.specdoc.spec import (
    Clause,
    find_checkout,
    get_clause_numbers,
    is_checkout,
    load_spec,
)
from kanasta.specdoc.spectext import (
    format_clause,
    search_glossary,
    search_spec,
    translate_clause,
)
from kanasta.specdoc.trace import build_trace, format_matrix


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("spec", help="the rule text: check coverage, show a clause")
    spec_sub = parser.add_subparsers(dest="spec_command", metavar="SPEC_COMMAND", required=True)

    check = spec_sub.add_parser(
        "check",
        help="fail unless every clause has code and a test or fixture (and every rule two "
        "fixtures, one explicit)",
        description="Check the traceability gate of a checkout: the one given by --root, "
        "else the one the current folder is in, else the one this kanasta was installed "
        "from in editable mode. Everything checked is that checkout's: its spec/, tests/, "
        "conformance/fixtures/ and the clause citations of its reference/ code (read, not "
        "imported).",
    )
    check.add_argument("--json", type=Path, metavar="FILE", help="also write the matrix as JSON")
    check.add_argument("--quiet", action="store_true", help="print only problems and the total")
    check.add_argument(
        "--root", type=Path, metavar="DIR", help="the checkout to check (spec/, tests/, fixtures)"
    )
    check.set_defaults(handler=_check)

    show = spec_sub.add_parser("show", help="print a clause's text")
    show.add_argument("slug", nargs="+", help="clause slug(s) or number(s)")
    add_language_argument(show)
    show.set_defaults(handler=_show)

    listing = spec_sub.add_parser("list", help="list every clause number, slug and title")
    _add_variant_argument(listing, "list only the clauses of this family")
    add_language_argument(listing)
    listing.set_defaults(handler=_list)

    search = spec_sub.add_parser(
        "search",
        help="find the clauses (and glossary entries) whose text or title holds every word",
        description="Search the clause texts and titles and the glossary, in English and in "
        "Turkish, for the clauses holding every word given. Turkish letters fold (donmus "
        "finds donmuş) and case does not matter. Each match is listed with its number, "
        "slug, title and a line of context.",
    )
    search.add_argument("words", nargs="+", help="the words to find (all of them)")
    _add_variant_argument(search, "search only the clauses of this family")
    add_language_argument(search)
    search.set_defaults(handler=_search)


def add_language_argument(
    parser: argparse.ArgumentParser, what: str = "the rule text printed"
) -> None:
    """``--lang tr|en``: the edition printed (default: the locale's language)."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=f"the language of {what} (default: tr under a Turkish locale, "
        "else en; KANASTA_LANG overrides the locale)",
    )


def _add_variant_argument(parser: argparse.ArgumentParser, text: str) -> None:
    parser.add_argument("--variant", choices=FAMILY_NAMES, metavar="V", help=text)


def get_language(args: argparse.Namespace) -> str:
    return str(args.lang) if args.lang else get_default_language()


def _checkout(root: Path | None) -> Path:
    """The checkout to check: ``--root``, else the one around the current folder."""
    if root is not None:
        if not is_checkout(root):
            raise InputError(
                f"--root {root} is not a kanasta checkout: it needs spec/ and a "
                "pyproject.toml naming the project kanasta."
            )
        return root.resolve()
    found = find_checkout(Path.cwd()) or get_repo_root()
    if found is None:
        raise InputError(
            f"spec check needs a kanasta checkout and {Path.cwd()} is not in one (no folder "
            "from here up has spec/ and a pyproject.toml naming kanasta): run it from a "
            "checkout or give --root DIR."
        )
    return found


def _check_writable(path: Path) -> None:
    """Refuse an output path before any work, so that a bad one costs nothing."""
    check_output_path(path, "traceability report")


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all (:func:`kanasta.io.files.write_file`)."""
    write_file(path, text, "traceability report")


def _check(args: argparse.Namespace) -> int:
    if args.json is not None:
        _check_writable(args.json)
    root = _checkout(args.root)
    report = build_trace(
        spec_dir=root / "spec",
        tests_dir=root / "tests",
        fixture_dirs=[root / "conformance" / "fixtures"],
        code_dir=root / "reference",
    )
    text = format_matrix(report)
    if args.quiet:
        text = "\n".join(line for line in text.splitlines()[-1 - len(report.problems) :])
    if args.json is not None:
        _write_atomically(args.json, json.dumps(report.to_json(), indent=2) + "\n")
    print(text)
    return 0 if report.ok else 1


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _contains(key: str, text: str) -> bool:
    """Does ``text`` (a slug or a title) contain the word ``key``, give or take hyphens,
    spaces and a plural?"""
    words = re.findall(r"[a-z0-9]+", text.lower())
    squashed = _squash(key)
    return bool(
        squashed in words
        or (len(squashed) >= 3 and squashed in _squash(text))
        or difflib.get_close_matches(squashed, words, n=1, cutoff=0.8)
    )


def _suggestions(key: str, clauses: Sequence[Clause]) -> str:
    """The nearest slugs, and the clauses whose titles contain the word."""
    slugs = [c.slug for c in clauses]
    near = difflib.get_close_matches(key.lower(), slugs, n=5, cutoff=0.6)
    near += [s for s in slugs if _contains(key, s) and s not in near]
    titled = [c for c in clauses if _contains(key, c.title)]
    hints = []
    if near:
        hints.append(f"Did you mean: {', '.join(near[:5])}?")
    if titled:
        listed = "; ".join(f"{c.slug} ({c.number} {c.title})" for c in titled[:8])
        more = f" and {len(titled) - 8} more" if len(titled) > 8 else ""
        hints.append(f"Clauses whose titles contain {key!r}: {listed}{more}.")
    if not hints:
        hints.append("`kanasta spec list` lists every clause.")
    return " ".join(hints)


def _show(args: argparse.Namespace) -> int:
    clauses = load_spec()
    language = get_language(args)
    numbers = get_clause_numbers(clauses)
    by_key = {c.slug: c for c in clauses} | {c.number: c for c in clauses}
    for key in args.slug:
        clause = by_key.get(key)
        if clause is None:
            raise InputError(
                f"no clause has the slug or number {key!r}. {_suggestions(key, clauses)}"
            )
        shown = translate_clause(clause, language)
        print(format_clause(shown, numbers=numbers, language=language))
    return 0


def _list(args: argparse.Namespace) -> int:
    language = get_language(args)
    for c in load_spec():
        if args.variant is None or args.variant in c.families:
            title = translate_clause(c, language).title
            print(f"{c.number:<10} {c.slug:<44} {title}")
    return 0


def _search(args: argparse.Namespace) -> int:
    language = get_language(args)
    every = load_spec()
    numbers = get_clause_numbers(every)
    clauses = [c for c in every if args.variant is None or args.variant in c.families]
    hits = search_spec(args.words, clauses, language, numbers)
    glossary = search_glossary(args.words, language, numbers)
    words = " ".join(args.words)
    if not hits and not glossary:
        print(f"no clause or glossary entry holds every word of {words!r}.")
        return 1
    for hit in hits:
        print(f"{hit.clause.number:<9} {hit.clause.slug}  {hit.title}")
        print(f"          {hit.context}")
    for entry, context in glossary:
        print(f"{'glossary':<9} {' / '.join(entry.terms)}")
        print(f"          {context}")
    print(
        f"{len(hits)} clause(s), {len(glossary)} glossary "
        + ("entry" if len(glossary) == 1 else "entries")
    )
    return 0
