"""``kanasta rulebook FAMILY``: a family's learn-to-play rulebook, in the terminal or as
HTML or PDF, from the installed package alone (the PDF needs ``kanasta[pdf]``)."""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from kanasta.commands.spec import add_language_argument, get_language
from kanasta.errors import InputError
from kanasta.families import FAMILY_NAMES
from kanasta.io.files import check_output_path, write_file
from kanasta.specdoc.i18n import get_label
from kanasta.specdoc.rulebook import (
    QuickRow,
    format_rulebook_html,
    format_rulebook_text,
    get_quick_reference,
    load_rulebook,
    quick_reference_html,
)
from kanasta.specdoc.spec import get_clause_numbers

__all__ = ["format_quick_text", "register"]

_RED_CARD = re.compile(r"(?:10|[2-9AJQK])[♥♦]")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "rulebook",
        help="a family's rulebook for players: print it, or write it as HTML or PDF",
        description="Print the learn-to-play rulebook of a family (paged through $PAGER or "
        "less when it is longer than the terminal), or write it as a page of HTML or a PDF. "
        "Every rule cites its clause (§7.3): 'kanasta spec show 7.3' prints the clause. The "
        "PDF needs the extra: pip install 'kanasta[pdf]'.",
    )
    parser.add_argument(
        "family", choices=FAMILY_NAMES, metavar="FAMILY", help=", ".join(FAMILY_NAMES)
    )
    add_language_argument(parser)
    parser.add_argument("--quick", action="store_true", help="the one-page quick reference instead")
    parser.add_argument("--pdf", type=Path, metavar="FILE", help="write the rulebook as a PDF")
    parser.add_argument(
        "--html", type=Path, metavar="DIR", help="write FAMILY.html (and FAMILY-quick.html)"
    )
    parser.add_argument("--no-pager", action="store_true", help="print without a pager")
    parser.set_defaults(handler=_run)


def format_quick_text(title: str, rows: tuple[QuickRow, ...]) -> str:
    """The quick reference as text."""
    out = [title, "=" * len(title)]
    for row in rows:
        out.append("")
        out.append(row.topic[:1].upper() + row.topic[1:])
        out.extend(f"  - {line}" for line in row.lines)
    return "\n".join(out) + "\n"


def _quick_title(book_title: str, language: str) -> str:
    name = book_title.split(":", maxsplit=1)[0]
    return f"{name}: {get_label('quick reference', language)}"


def _colour(text: str) -> str:
    """Red hearts and diamonds for a terminal that shows colours (not with NO_COLOR)."""
    if os.environ.get("NO_COLOR"):
        return text
    return _RED_CARD.sub(lambda m: f"\033[31m{m.group(0)}\033[0m", text)


def _page(text: str, no_pager: bool) -> None:
    """Print, through the pager when stdout is a terminal and the text is longer."""
    tty = sys.stdout.isatty()
    if tty:
        text = _colour(text)
    height = shutil.get_terminal_size((80, 24)).lines
    if no_pager or not tty or text.count("\n") < height:
        sys.stdout.write(text)
        return
    command = shlex.split(os.environ.get("PAGER") or "less -R")
    env = dict(os.environ)
    env.setdefault("LESS", "FRX")
    try:
        subprocess.run(command, input=text.encode("utf-8"), check=False, env=env)
    except OSError:
        sys.stdout.write(text)


def _run(args: argparse.Namespace) -> int:
    language = get_language(args)
    book = load_rulebook(args.family, language)
    numbers = get_clause_numbers()
    quick = get_quick_reference(args.family, language)
    title = _quick_title(book.title, language)
    written = False
    if args.html is not None:
        folder: Path = args.html
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(f"cannot write the rulebook into {folder}: {exc}") from None
        page, quick_page = folder / f"{args.family}.html", folder / f"{args.family}-quick.html"
        write_file(page, format_rulebook_html(book), "rulebook page")
        write_file(quick_page, quick_reference_html(title, quick, language), "quick reference")
        print(f"{page}, {quick_page}")
        written = True
    if args.pdf is not None:
        from kanasta.specdoc.rulebook_pdf import (  # noqa: PLC0415 - optional extra
            write_quick_pdf,
            write_rulebook_pdf,
        )

        path: Path = args.pdf
        check_output_path(path, "PDF")
        try:
            if args.quick:
                pages = write_quick_pdf(args.family, language, title, path)
            else:
                pages = write_rulebook_pdf(book, path, numbers)
        except OSError as exc:
            raise InputError(f"cannot write the PDF {path}: {exc}") from None
        print(f"{path}: {pages} page{'s' if pages != 1 else ''}")
        written = True
    if written:
        return 0
    if args.quick:
        _page(format_quick_text(title, quick), args.no_pager)
    else:
        _page(format_rulebook_text(book, numbers), args.no_pager)
    return 0
