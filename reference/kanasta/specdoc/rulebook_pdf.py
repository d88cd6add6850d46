"""The players' rulebooks as PDF: a family's rulebook and its one-page quick reference.

Drawn with fpdf2 and the Roboto font of the ``font-roboto`` package (the optional extra
``kanasta[pdf]``; nothing else, no LaTeX); the suit signs and the joker come from a small
font shipped in the package (``fonts/KanastaSuits.ttf``, four suits, the joker and an arrow cut out
of DejaVu Sans, see ``fonts/LICENSE``), so that every card is drawn, hearts and diamonds
in red. Used by ``kanasta rulebook --pdf`` and by the site's ``rulebook-pdf`` builder.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from kanasta.errors import InputError
from kanasta.specdoc.i18n import get_label
from kanasta.specdoc.rulebook import (
    JOKER_FACE,
    Block,
    Rulebook,
    format_number,
    get_card_faces,
    get_meld_examples,
    get_quick_reference,
    play_example_turn,
)

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = ["PDF_MISSING", "get_pdf_fonts", "write_quick_pdf", "write_rulebook_pdf"]

SUITS_FONT: Final = Path(__file__).resolve().parent / "fonts" / "KanastaSuits.ttf"
PDF_MISSING: Final = (
    "writing a PDF needs fpdf2 and the Roboto font: pip install 'kanasta[pdf]' "
    "(the terminal and --html need nothing more)"
)
RED: Final = (198, 40, 40)
INK: Final = (20, 20, 20)
GREY: Final = (110, 110, 110)
JOKER_INK: Final = (106, 27, 154)
_ROLE = re.compile(r":(clause|cards|term|doc|ref):`([^`]*)`")
_CARD_WORD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b|\bJK\b")

Segment = tuple[str, tuple[int, int, int], str]
"""A run of text, its colour and its style (``""``, ``"B"``)."""


def get_pdf_fonts() -> dict[str, str]:
    """The Roboto files (regular, bold, italic) of the ``font-roboto`` package; an
    :class:`InputError` with the one-line install hint when fpdf2 or the font is missing."""
    try:
        import font_roboto  # noqa: PLC0415 - the optional extra kanasta[pdf]
        import fpdf  # noqa: F401, PLC0415
    except ImportError:
        raise InputError(PDF_MISSING) from None
    files: dict[str, str] = font_roboto.font_files
    return {"": files["Roboto"], "B": files["RobotoBold"], "I": files["RobotoItalic"]}


def _card_segments(notation: str, style: str = "B") -> list[Segment]:
    out: list[Segment] = []
    for index, face in enumerate(get_card_faces(notation)):
        colour = JOKER_INK if face.joker else RED if face.red else INK
        out.append((("\u00a0" if index else "") + face.text, colour, style))
    return out


def _cards_in_line(text: str, colour: tuple[int, int, int] = INK) -> list[Segment]:
    """A line of plain text whose card words (``4H``, ``JK``) are drawn as cards."""
    out: list[Segment] = []
    last = 0
    for match in _CARD_WORD.finditer(text):
        out.append((text[last : match.start()], colour, ""))
        out.extend(_card_segments(match.group(0)))
        last = match.end()
    out.append((text[last:], colour, ""))
    return out


def _inline(text: str, numbers: Mapping[str, str]) -> list[Segment]:
    """A paragraph's segments: plain text, cards in their colours, clause numbers in grey."""
    out: list[Segment] = []
    last = 0
    for match in _ROLE.finditer(text):
        out.append((_plain(text[last : match.start()]), INK, ""))
        name, content = match.group(1), match.group(2)
        if name == "cards":
            out.extend(_card_segments(content))
        elif name == "clause":
            slug = re.sub(r"^.*<([^<>]+)>$", r"\1", content).strip()
            out.append((f"§{numbers.get(slug, slug)}", GREY, ""))
        else:
            out.append((re.sub(r"\s*<[^<>]+>$", "", content), INK, ""))
        last = match.end()
    out.append((_plain(text[last:]), INK, ""))
    return out


def _plain(text: str) -> str:
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    return text.replace("\\ ", "").replace("\\", "")


class _Document:
    """An A4 document with the rulebook fonts and a footer."""

    def __init__(self, title: str, footer: str) -> None:
        fonts = get_pdf_fonts()
        from fpdf import FPDF  # noqa: PLC0415 - the optional extra kanasta[pdf]

        class _Pdf(FPDF):
            def footer(self) -> None:
                if not footer:
                    return
                self.set_y(-12)
                self.set_font("Roboto", "", 8)
                self.set_text_color(*GREY)
                self.cell(0, 8, f"{footer} · {self.page_no()}", align="C")

        self.pdf: FPDF = _Pdf(format="A4")
        self.pdf.set_title(title)
        self.pdf.set_creator("kanasta")
        for style, path in fonts.items():
            self.pdf.add_font("Roboto", style, path)
        self.pdf.add_font("KanastaSuits", "", str(SUITS_FONT))
        self.pdf.add_font("KanastaSuits", "B", str(SUITS_FONT))
        self.pdf.set_fallback_fonts(["KanastaSuits"], exact_match=False)
        self.pdf.set_auto_page_break(auto=True, margin=16)
        self.pdf.set_margins(18, 16, 18)
        self.pdf.add_page()

    def segments(
        self, parts: list[Segment], *, size: float = 10.5, indent: float = 0, mark: str = ""
    ) -> None:
        pdf = self.pdf
        height = size * 0.5
        left = pdf.l_margin
        if mark:
            pdf.set_font("Roboto", "", size)
            pdf.set_text_color(*INK)
            pdf.set_x(left + indent)
            pdf.cell(5 if len(mark) < 3 else 7, height, mark)
            indent += 5 if len(mark) < 3 else 7
        pdf.set_left_margin(left + indent)
        pdf.set_x(left + indent)
        for index, (given, colour, style) in enumerate(parts):
            if not given:
                continue
            text = given
            pdf.set_font("Roboto", style, size)
            pdf.set_text_color(*colour)
            if " " not in text.strip():  # a card or a clause number is never split
                following = parts[index + 1][0] if index + 1 < len(parts) else ""
                tail = following.split(" ", 1)[0] if following[:1] not in {"", " "} else ""
                width = pdf.get_string_width(text.lstrip() + tail)
                if pdf.get_x() + width > pdf.w - pdf.r_margin and pdf.get_x() > pdf.l_margin:
                    pdf.ln(height)
                    text = text.lstrip("\u00a0 ")
            pdf.write(height, text)
        pdf.set_left_margin(left)
        pdf.ln(height)

    def heading(self, text: str, size: float, space: float = 2) -> None:
        self.pdf.ln(space)
        self.pdf.set_font("Roboto", "B", size)
        self.pdf.set_text_color(*INK)
        self.pdf.multi_cell(0, size * 0.5, text, new_x="LMARGIN", new_y="NEXT")
        self.pdf.ln(1)

    def save(self, path: Path) -> int:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.pdf.output(str(path))
        return int(self.pdf.page_no())


def _blocks(doc: _Document, book: Rulebook, blocks: tuple[Block, ...], numbers: Any) -> None:
    label = get_label
    language = book.language
    for block in blocks:
        if block.directive == "turn-example":
            start, steps = play_example_turn(block.text, language)
            doc.segments(_cards_in_line(start), size=10)
            for number, step in enumerate(steps, start=1):
                line = f"{step.label} {step.cards}" + (f" ({step.note})" if step.note else "")
                doc.segments(_cards_in_line(line), size=10, indent=2, mark=f"{number}.")
                shown = step.hand or "–"
                doc.segments(
                    _cards_in_line(f"{label('hand', language)}: {shown}", GREY), size=9, indent=9
                )
                for cards, points in step.melds:
                    parts = _card_segments(cards, "")
                    parts.append((f"  ({format_number(points, language)})", GREY, ""))
                    doc.segments(parts, size=9, indent=9)
            doc.pdf.ln(1.5)
        elif block.directive == "meld-examples":
            for example in get_meld_examples(block.text, language):
                parts = _card_segments(example.cards)
                parts.append((f": {example.verdict}", INK, ""))
                if example.clause:
                    parts.append((f" §{numbers.get(example.clause, example.clause)}", GREY, ""))
                doc.segments(parts, size=9.5, indent=4)
            doc.pdf.ln(1.5)
        elif block.directive:
            continue
        else:
            mark = ""
            if block.bullet:
                mark = "•" if block.bullet in {"-", "*"} else block.bullet
            doc.segments(_inline(block.text, numbers), indent=2 if mark else 0, mark=mark)
            doc.pdf.ln(0.6 if mark else 1.8)


def write_rulebook_pdf(
    book: Rulebook, path: Path, numbers: Mapping[str, str], footer: str = "kanasta"
) -> int:
    """Write the rulebook to ``path`` (its chapters listed first, each a bookmark); returns
    the number of pages."""
    doc = _Document(book.title, f"{footer} · {book.title}")
    doc.heading(book.title, 20, space=0)
    _blocks(doc, book, book.intro, numbers)
    doc.heading(get_label("Contents", book.language), 12)
    for number, chapter in enumerate(book.chapters, start=1):
        doc.segments([(f"{number}. {chapter.title}", INK, "")], size=10, indent=2)
    for number, chapter in enumerate(book.chapters, start=1):
        doc.pdf.start_section(f"{number}. {chapter.title}")
        doc.heading(f"{number}. {chapter.title}", 14, space=4)
        _blocks(doc, book, chapter.blocks, numbers)
    doc.pdf.ln(3)
    note = get_label(
        "Each § is a clause of the specification: kanasta spec show NUMBER prints it.",
        book.language,
    )
    doc.segments([(note, GREY, "")], size=8.5)
    return doc.save(path)


def write_quick_pdf(family: str, language: str, title: str, path: Path) -> int:
    """Write the family's quick reference to ``path`` on one page; returns the pages."""
    doc = _Document(title, "")
    doc.pdf.set_auto_page_break(auto=True, margin=10)
    doc.heading(title, 16, space=0)
    for row in get_quick_reference(family, language):
        doc.heading(row.topic, 11, space=1.5)
        for line in row.lines:
            doc.segments(_signs(line), size=9.5, indent=2, mark="•")
    return doc.save(path)


def _signs(text: str) -> list[Segment]:
    """A line whose suit signs and joker are drawn in their colours."""
    out: list[Segment] = []
    for part in re.split(r"([♥♦]+|[♣♠]+|🃏)", text):
        if not part:
            continue
        colour = RED if part[0] in "♥♦" else JOKER_INK if part == JOKER_FACE else INK
        out.append((part, colour, "B" if colour != INK or part[0] in "♣♠" else ""))
    return out
