"""The printable rulebooks: a Sphinx builder writing each family's rulebook page
(``docs/rulebooks/<family>.rst``) as a PDF, in the edition being built.

    sphinx-build -b rulebook-pdf docs docs/_build/html/_pdf
    sphinx-build -b rulebook-pdf -D language=tr docs docs/_build/html/tr/_pdf

The PDF is drawn from the page's resolved doctree (the same clauses, in the same
language, as the HTML) with fpdf2 and the Roboto font of the ``font-roboto`` package:
both from PyPI, no LaTeX. ``check_pdf`` reads a PDF back (pypdf) and names the clause
numbers it lacks.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable, Set
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from sphinx.builders import Builder

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = ["RulebookPdfBuilder", "check_pdf", "get_pdf_numbers"]

RULEBOOK_PREFIX = "rulebooks/"
_SKIPPED = (
    nodes.comment,
    nodes.target,
    nodes.raw,
    nodes.substitution_definition,
    nodes.system_message,
)


def _fonts() -> dict[str, str]:
    """The regular, bold and italic Roboto of the font-roboto package."""
    import font_roboto  # noqa: PLC0415 - a docs-only dependency

    files: dict[str, str] = font_roboto.font_files
    return {"": files["Roboto"], "B": files["RobotoBold"], "I": files["RobotoItalic"]}


class _Writer:
    """Draws a doctree into an FPDF document, block by block."""

    def __init__(self, title: str, footer: str) -> None:
        from fpdf import FPDF  # noqa: PLC0415 - a docs-only dependency

        class _Document(FPDF):
            def footer(self) -> None:
                self.set_y(-12)
                self.set_font("Roboto", "", 8)
                self.set_text_color(120, 120, 120)
                self.cell(0, 8, f"{footer} · {self.page_no()}", align="C")

        self.pdf: FPDF = _Document(format="A4")
        self.pdf.set_title(title)
        self.pdf.set_creator("kanasta")
        for style, path in _fonts().items():
            self.pdf.add_font("Roboto", style, path)
        self.pdf.set_auto_page_break(auto=True, margin=16)
        self.pdf.set_margins(18, 16, 18)
        self.pdf.add_page()

    def text(
        self,
        text: str,
        *,
        size: float = 10,
        style: str = "",
        indent: float = 0,
        grey: bool = False,
        space: float = 1.2,
    ) -> None:
        text = " ".join(text.split())
        if not text:
            return
        pdf = self.pdf
        pdf.set_font("Roboto", style, size)
        pdf.set_text_color(*((110, 110, 110) if grey else (20, 20, 20)))
        pdf.set_x(pdf.l_margin + indent)
        pdf.multi_cell(
            pdf.epw - indent, size * 0.45, text, new_x="LMARGIN", new_y="NEXT", align="L"
        )
        pdf.ln(space)

    def walk(self, node: nodes.Node, depth: int = 0, indent: float = 0) -> None:
        if isinstance(node, _SKIPPED) or not isinstance(node, nodes.Element):
            return
        classes = node.get("classes", [])
        if isinstance(node, nodes.section):
            for child in node.children:
                self.walk(child, depth + 1, indent)
        elif isinstance(node, nodes.title):
            size = {1: 20, 2: 14}.get(depth, 12)
            if depth == 2:
                self.pdf.ln(3)
            self.text(node.astext(), size=size, style="B", space=3)
        elif isinstance(node, nodes.paragraph):
            if "kanasta-lang-switch" in classes:
                return
            if "kanasta-clause-head" in classes:
                self.pdf.ln(1.5)
                self.text(node.astext().replace("¶", ""), size=10.5, style="B", indent=indent)
            elif "kanasta-clause-meta" in classes or "kanasta-resolution-line" in classes:
                self.text(node.astext(), size=7.5, grey=True, indent=indent)
            else:
                self.text(node.astext(), indent=indent)
        elif isinstance(node, nodes.rubric):
            self.text(node.astext(), size=9, style="B", indent=indent)
        elif isinstance(node, nodes.bullet_list | nodes.enumerated_list):
            self._list(node, depth, indent)
        elif isinstance(node, nodes.table):
            self._table(node, indent)
        elif isinstance(node, nodes.literal_block):
            self.text(node.astext(), size=8, indent=indent + 4)
        elif isinstance(node, nodes.definition_list_item):
            for child in node.children:
                if isinstance(child, nodes.term):
                    self.text(child.astext(), style="B", indent=indent)
                else:
                    self.walk(child, depth, indent + 6)
        else:
            for child in node.children:
                self.walk(child, depth, indent)

    def _list(self, node: nodes.Element, depth: int, indent: float) -> None:
        enumerated = isinstance(node, nodes.enumerated_list)
        for number, item in enumerate(node.children, start=1):
            if not isinstance(item, nodes.Element):
                continue
            mark = f"{number}." if enumerated else "•"
            first, *rest = item.children or [nodes.paragraph()]
            self.text(f"{mark} {first.astext()}", indent=indent + 2, space=0.6)
            for child in rest:
                self.walk(child, depth, indent + 6)
        self.pdf.ln(0.8)

    def _table(self, node: nodes.Element, indent: float) -> None:
        title = next(iter(node.findall(nodes.title)), None)
        if title is not None:
            self.text(title.astext(), size=9, style="B", indent=indent)
        for row in node.findall(nodes.row):
            cells = [" ".join(entry.astext().split()) for entry in row.children]
            self.text(" — ".join(c for c in cells if c), size=8, indent=indent + 2, space=0.4)
        self.pdf.ln(2)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.pdf.output(str(path))


class RulebookPdfBuilder(Builder):
    """``-b rulebook-pdf``: ``<outdir>/<family>.pdf`` for every page under ``rulebooks/``."""

    name = "rulebook-pdf"
    format = "pdf"
    epilog = "The rulebooks' PDFs are in %(outdir)s."
    supported_image_types: ClassVar[list[str]] = []

    def init(self) -> None:
        pass

    def _rulebooks(self, docnames: Iterable[str]) -> list[str]:
        return sorted(
            d for d in docnames if d.startswith(RULEBOOK_PREFIX) and d != RULEBOOK_PREFIX + "index"
        )

    def get_outdated_docs(self) -> list[str]:
        return self._rulebooks(self.env.found_docs)

    def get_target_uri(self, docname: str, typ: str | None = None) -> str:  # noqa: ARG002
        return docname + ".html"

    def prepare_writing(self, docnames: Set[str]) -> None:
        pass

    def write_documents(self, docnames: Set[str]) -> None:  # noqa: ARG002 - every rulebook
        resolve = self.env.get_and_resolve_doctree
        # Sphinx 9 asks for the tags; Sphinx 7 does not know the argument.
        extra: dict[str, Any] = (
            {"tags": self.tags} if "tags" in inspect.signature(resolve).parameters else {}
        )
        for docname in self._rulebooks(self.env.found_docs):
            doctree = resolve(docname, self, **extra)
            self.write_doc(docname, doctree)

    def write_doc(self, docname: str, doctree: nodes.document) -> None:
        family = docname.removeprefix(RULEBOOK_PREFIX)
        title = next(iter(doctree.findall(nodes.title)), None)
        heading = title.astext() if title is not None else family
        writer = _Writer(heading, f"kanasta {self.config.release} · {heading}")
        writer.walk(doctree)
        writer.save(Path(self.outdir) / f"{family}.pdf")

    def finish(self) -> None:
        pass


def get_pdf_numbers(path: Path) -> str:
    """The text of a PDF (pypdf), for the check."""
    from pypdf import PdfReader  # noqa: PLC0415 - a docs-only dependency

    reader = PdfReader(str(path))
    return "\n".join(page.extract_text() or "" for page in reader.pages)


def check_pdf(path: Path, numbers: Iterable[str]) -> list[str]:
    """The clause numbers (``3.2``, ``7.3.1``) missing from the PDF at ``path``."""
    text = get_pdf_numbers(path)
    return [
        number
        for number in numbers
        if not re.search(rf"(?<![\d.]){re.escape(number)}(?![\d]|\.\d)", text)
    ]


def setup_builder(app: Any) -> None:
    """Register the builder (from :func:`kanasta.specdoc.sphinxext.setup`)."""
    app.add_builder(RulebookPdfBuilder)
