"""The printable rulebooks: a Sphinx builder writing each family's rulebook and its
one-page quick reference as PDF, in the edition being built.

    sphinx-build -b rulebook-pdf docs docs/_build/html/_pdf
    sphinx-build -b rulebook-pdf -D language=tr docs docs/_build/html/tr/_pdf

The PDFs are those ``kanasta rulebook FAMILY --pdf`` writes (:mod:`kanasta.specdoc.rulebook_pdf`,
fpdf2 and Roboto, no LaTeX), drawn from the site's own rulebook pages and catalogues, with
the clause numbers of the site. :func:`check_rulebook_pdf` reads a PDF back (pypdf) and
names the chapters and clause numbers it lacks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Set
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from sphinx.builders import Builder

__all__ = [
    "RulebookPdfBuilder",
    "check_rulebook_pdf",
    "get_pdf_text",
]

RULEBOOK_FOLDER = "rulebooks"


class RulebookPdfBuilder(Builder):
    """``-b rulebook-pdf``: ``<outdir>/<family>.pdf`` and ``<family>-quick.pdf`` for every
    family with a page ``rulebooks/<family>.rst``."""

    name = "rulebook-pdf"
    format = "pdf"
    epilog = "The rulebooks' PDFs are in %(outdir)s."
    supported_image_types: ClassVar[list[str]] = []

    def init(self) -> None:
        pass

    def get_outdated_docs(self) -> list[str]:
        return []

    def get_target_uri(self, docname: str, typ: str | None = None) -> str:  # noqa: ARG002
        return docname + ".html"

    def prepare_writing(self, docnames: Set[str]) -> None:
        pass

    def write_doc(self, docname: str, doctree: nodes.document) -> None:
        pass

    def finish(self) -> None:
        """Write every family's rulebook and quick reference."""
        from kanasta.families import FAMILY_NAMES  # noqa: PLC0415
        from kanasta.specdoc.i18n import LANGUAGES, get_label  # noqa: PLC0415
        from kanasta.specdoc.rulebook import load_rulebook  # noqa: PLC0415
        from kanasta.specdoc.rulebook_pdf import (  # noqa: PLC0415
            write_quick_pdf,
            write_rulebook_pdf,
        )

        domain: Any = self.env.get_domain("kanasta")
        numbers = {slug: entry.number for slug, entry in domain.clauses.items()}
        folder = Path(self.srcdir) / RULEBOOK_FOLDER
        locales = [Path(self.srcdir) / d for d in self.config.locale_dirs]
        language = self.config.language if self.config.language in LANGUAGES else "en"
        footer = f"kanasta {self.config.release}"
        for family in FAMILY_NAMES:
            if not (folder / f"{family}.rst").is_file():
                continue
            book = load_rulebook(
                family, language, rulebook_dir=folder, locale_dir=locales[0] if locales else None
            )
            out = Path(self.outdir)
            write_rulebook_pdf(book, out / f"{family}.pdf", numbers, footer)
            title = f"{book.title.split(':')[0]}: {get_label('quick reference', language)}"
            write_quick_pdf(family, language, title, out / f"{family}-quick.pdf")


def get_pdf_text(path: Path) -> tuple[str, int]:
    """The text of a PDF and its number of pages (pypdf), for the check."""
    from pypdf import PdfReader  # noqa: PLC0415 - a docs-only dependency

    reader = PdfReader(str(path))
    return "\n".join(page.extract_text() or "" for page in reader.pages), len(reader.pages)


def check_rulebook_pdf(path: Path, titles: Iterable[str], numbers: Iterable[str]) -> list[str]:
    """What the PDF at ``path`` lacks: chapter titles, clause numbers (``§3.2``)."""
    text, _ = get_pdf_text(path)
    flat = " ".join(text.split())
    missing = [title for title in titles if " ".join(title.split()) not in flat]
    missing.extend(
        f"§{number}"
        for number in numbers
        if not re.search(rf"§\s*{re.escape(number)}(?![\d]|\.\d)", flat)
    )
    return missing


def setup_builder(app: Any) -> None:
    """Register the builder (from :func:`kanasta.specdoc.sphinxext.setup`)."""
    app.add_builder(RulebookPdfBuilder)
