"""Check the printable rulebooks: each family's PDF holds every clause number of its family.

    python tools/rulebook_pdf.py DIR [DIR...]

``DIR`` holds ``<family>.pdf`` as ``sphinx-build -b rulebook-pdf`` writes them (one folder
per language). Exit 1 when a PDF is missing or lacks a clause number, naming them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from kanasta.families import FAMILY_NAMES
from kanasta.specdoc.pdf import check_pdf
from kanasta.specdoc.spec import load_spec


def check_folder(folder: Path) -> list[str]:
    """The problems of the PDFs in ``folder``: a family without its PDF, a clause number
    missing from one."""
    clauses = load_spec()
    problems: list[str] = []
    for family in FAMILY_NAMES:
        path = folder / f"{family}.pdf"
        if not path.is_file():
            problems.append(f"{path}: no rulebook PDF for {family}")
            continue
        numbers = [c.number for c in clauses if family in c.families]
        missing = check_pdf(path, numbers)
        if missing:
            problems.append(
                f"{path}: {len(missing)} of the {len(numbers)} clauses of {family} are missing "
                f"({', '.join(missing[:12])}{'...' if len(missing) > 12 else ''})"
            )
        else:
            size = path.stat().st_size // 1024
            print(f"{path}: every clause of {family} ({len(numbers)}), {size} KiB")
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
