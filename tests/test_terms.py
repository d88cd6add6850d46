"""The players' words: the term table of docs/translating.rst against the Turkish catalogues.

Every word the table says the edition uses is used, and no word it says is not used
appears in a Turkish text, in the messages the row names (all, or those whose English
holds a phrase). Code literals and cross-reference targets are not text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from kanasta.specdoc.i18n import fold_text
from kanasta.specdoc.spectext import read_catalogue

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "docs" / "translating.rst"
CATALOGUES = ROOT / "docs" / "locales" / "tr" / "LC_MESSAGES"


@dataclass(frozen=True, slots=True)
class TermRow:
    """One row of the term table."""

    term: str
    edition: tuple[str, ...]
    not_used: tuple[str, ...]
    where: tuple[str, ...]


def _items(cell: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in cell.split(";") if item.strip())


def read_term_table(text: str) -> list[TermRow]:
    """The rows of the list-table after ``.. _term-table:``."""
    body = text[text.index(".. _term-table:") :]
    body = body[: body.index("\n\nA word the table does not list")]
    rows: list[list[str]] = []
    for line in body.splitlines():
        if line.startswith("   * - "):
            rows.append([line[7:].strip()])
        elif line.startswith("     - ") or line.rstrip() == "     -":
            rows[-1].append(line[7:].strip())
        elif line.startswith("       ") and rows:
            rows[-1][-1] += " " + line.strip()
    header, *data = rows
    assert header[:5] == ["term", "the sources say", "the edition says", "not used", "where"]
    return [
        TermRow(
            term=row[0],
            edition=_items(row[2]),
            not_used=_items(row[3]),
            where=() if row[4] == "all" else tuple(p.strip() for p in row[4].split("|")),
        )
        for row in data
    ]


def _text(msgstr: str) -> str:
    """A message as read: no code literals, clause slugs, cross-reference targets or
    ``{field}`` placeholders of the commands' lines."""
    text = re.sub(r"``.*?``|:clause:`[^`]*`|\{[a-z_]+\}", " ", msgstr)
    text = re.sub(r"<[^<>`]+>`", "`", text)
    text = re.sub(r":[a-z]+:`([^`]*)`", r"\1", text).replace("*", "")
    return fold_text(text)


def _messages() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for path in sorted(CATALOGUES.rglob("*.po")):
        for msgid, msgstr in read_catalogue(path.read_text(encoding="utf-8")).items():
            if msgid != msgstr:  # the glossary's English headwords are kept as they are
                found.append((msgid, _text(msgstr)))
    return found


ROWS = read_term_table(TABLE.read_text(encoding="utf-8"))
MESSAGES = _messages()


def _in_scope(row: TermRow) -> list[str]:
    return [t for msgid, t in MESSAGES if not row.where or any(p in msgid for p in row.where)]


def test_term_table_reads_every_row() -> None:
    assert len(ROWS) >= 25
    assert all(row.edition for row in ROWS)
    assert {"baraj", "prim", "koltuk", "seed", "donmuş deste"} <= {
        word for row in ROWS for word in row.not_used
    }


@pytest.mark.parametrize("row", ROWS, ids=[r.term for r in ROWS])
def test_term_table_edition_words_are_used(row: TermRow) -> None:
    texts = _in_scope(row)
    assert texts, f"{row.term}: no message is in its scope {row.where}"
    unused = [w for w in row.edition if not any(fold_text(w) in t for t in texts)]
    assert not unused, f"{row.term}: the edition's words {unused} are in no Turkish message"


@pytest.mark.parametrize("row", [r for r in ROWS if r.not_used], ids=lambda r: r.term)
def test_term_table_rejected_words_are_not_used(row: TermRow) -> None:
    found = [
        (word, text[:90])
        for word in row.not_used
        for text in _in_scope(row)
        if re.search(rf"(?<!\w){re.escape(fold_text(word))}", text)
    ]
    assert not found, f"{row.term}: rejected words in Turkish messages: {found[:5]}"


def test_profile_tables_in_turkish_have_turkish_values_and_decimal_commas() -> None:
    from kanasta.families import PROFILES  # noqa: PLC0415
    from kanasta.specdoc.sphinxext import _profile_rows, profile_cell  # noqa: PLC0415

    english = re.compile(
        r"\b(yes|no|none|clean|dirty|clockwise|counter-clockwise|seed|the|and)\b|\d\.5\b"
    )
    found = []
    for profile in PROFILES.values():
        for name, type_text in _profile_rows():
            if name in {"family", "implemented"}:
                continue
            text = " ".join(n.astext() for n in profile_cell(profile, name, type_text, "tr"))
            text = re.sub(r"[a-z0-9]+(?:-[a-z0-9]+)+", "", text)  # clause slugs, option names
            if english.search(text):
                found.append((profile.family, name, text[:80]))
    assert found == []
    koz = " ".join(n.astext() for n in profile_cell(PROFILES["koz"], "points", "PointTable", "tr"))
    assert "A: 1,5" in koz
