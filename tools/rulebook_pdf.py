"""Check the printable rulebooks: each family's PDF holds its chapters and every clause its
rulebook cites, and its quick reference is one page.

    python tools/rulebook_pdf.py DIR [DIR...]

``DIR`` holds ``<family>.pdf`` and ``<family>-quick.pdf`` as ``sphinx-build -b
rulebook-pdf`` writes them (one folder per language: ``.../tr/_pdf`` is the Turkish).
Exit 1 when a PDF is missing or lacks something, naming it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from kanasta.families import FAMILY_NAMES
from kanasta.specdoc.pdf import check_rulebook_pdf, get_pdf_text
from kanasta.specdoc.rulebook import get_cited_clauses, load_rulebook
from kanasta.specdoc.spec import get_clause_numbers


def check_folder(folder: Path) -> list[str]:
    """The problems of the PDFs in ``folder``."""
    language = "tr" if folder.parent.name == "tr" else "en"
    numbers = get_clause_numbers()
    problems: list[str] = []
    for family in FAMILY_NAMES:
        path = folder / f"{family}.pdf"
        quick = folder / f"{family}-quick.pdf"
        for needed in (path, quick):
            if not needed.is_file():
                problems.append(f"{needed}: no PDF for {family}")
        if problems:
            continue
        book = load_rulebook(family, language)
        cited = [numbers[slug] for slug in get_cited_clauses(book)]
        missing = check_rulebook_pdf(path, [c.title for c in book.chapters], cited)
        if missing:
            problems.append(f"{path}: lacks {', '.join(missing[:12])}")
        _, pages = get_pdf_text(path)
        _, quick_pages = get_pdf_text(quick)
        if quick_pages != 1:
            problems.append(f"{quick}: the quick reference has {quick_pages} pages, not 1")
        print(
            f"{path}: {len(book.chapters)} chapters, {len(cited)} clauses cited, {pages} pages; "
            f"{quick.name}: {quick_pages} page"
        )
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/rulebook_pdf.py", description=__doc__)
    parser.add_argument("folders", nargs="+", type=Path, help="folders of <family>.pdf")
    args = parser.parse_args(argv)
    problems = [p for folder in args.folders for p in check_folder(folder)]
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
