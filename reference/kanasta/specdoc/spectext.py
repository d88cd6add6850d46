"""The rule text for the terminal: a clause's reStructuredText as readable plain text, in
English or in Turkish (read from the Sphinx catalogues), and the glossary.

The Turkish edition lives in the catalogues ``docs/locales/tr/LC_MESSAGES/<page>.po``
that Sphinx builds the Turkish site from. A catalogue maps each English paragraph (a
*message*, its lines joined by spaces) to its Turkish; a clause is translated paragraph by
paragraph, and a paragraph without a Turkish text stays English. The reader here needs
no third-party package: a catalogue is read as plain text.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Final

from kanasta.errors import InputError
from kanasta.resources import get_glossary_path, get_locale_dir
from kanasta.specdoc.i18n import LANGUAGES, fold_text, get_label, get_sources_text
from kanasta.specdoc.spec import Clause, get_clause_numbers

__all__ = [
    "CONTEXT_SEPARATOR",
    "GlossaryEntry",
    "SearchHit",
    "format_clause",
    "get_catalogue",
    "load_glossary",
    "read_catalogue",
    "render_text",
    "search_glossary",
    "search_spec",
    "translate_clause",
]

WIDTH: Final = 88
IMPLEMENTERS_DIRECTIVE: Final = ".. for-implementers::"

# --------------------------------------------------------------------------- catalogues

_PO_LINE = re.compile(r'^(#~\s*)?(msgctxt|msgid|msgstr)\s+(".*")\s*$')
_PO_CONTINUATION = re.compile(r'^(#~\s*)?(".*")\s*$')


def _po_string(quoted: str) -> str:
    value = ast.literal_eval(quoted)
    if not isinstance(value, str):  # pragma: no cover - a quoted literal is a str
        raise TypeError(quoted)
    return value


CONTEXT_SEPARATOR: Final = "\x04"
"""Between a message's context and its English in a catalogue's key (gettext's own)."""


def read_catalogue(text: str) -> dict[str, str]:
    """The translated messages of a ``.po`` catalogue: English -> translation, leaving out
    the header, untranslated, fuzzy and obsolete entries. A message with a context
    (``msgctxt "classic"``) is keyed ``classic\x04English`` (:data:`CONTEXT_SEPARATOR`)."""
    messages: dict[str, str] = {}
    fields: dict[str, str] = {}
    current = ""
    fuzzy = obsolete = False

    def flush() -> None:
        msgid, msgstr = fields.get("msgid", ""), fields.get("msgstr", "")
        if msgid and msgstr and not fuzzy and not obsolete:
            context = fields.get("msgctxt")
            key = msgid if context is None else f"{context}{CONTEXT_SEPARATOR}{msgid}"
            messages[key] = msgstr

    for line in [*text.splitlines(), ""]:
        stripped = line.strip()
        if not stripped:
            flush()
            fields, current, fuzzy, obsolete = {}, "", False, False
            continue
        if stripped.startswith("#,"):
            fuzzy = fuzzy or "fuzzy" in stripped
            continue
        match = _PO_LINE.match(stripped)
        if match is not None:
            if match.group(2) in ("msgctxt", "msgid") and "msgid" in fields and "msgstr" in fields:
                flush()
                fields, fuzzy, obsolete = {}, False, False
            obsolete = obsolete or bool(match.group(1))
            current = match.group(2)
            fields[current] = _po_string(match.group(3))
            continue
        match = _PO_CONTINUATION.match(stripped)
        if match is not None and current:
            fields[current] += _po_string(match.group(2))
    return messages


_CATALOGUES: dict[tuple[str, str, str], dict[str, str]] = {}


def get_catalogue(page: str, language: str, locale_dir: Path | None = None) -> dict[str, str]:
    """The translated messages of a page (``spec/03-melds``, ``glossary``) in ``language``;
    empty for English or a page without a catalogue."""
    if language not in LANGUAGES:
        raise InputError(f"no edition in the language {language!r}; use one of {LANGUAGES}")
    if language == "en":
        return {}
    folder = locale_dir if locale_dir is not None else get_locale_dir()
    key = (str(folder), page, language)
    if key not in _CATALOGUES:
        path = folder / language / "LC_MESSAGES" / f"{page}.po"
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            text = ""
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read the catalogue {path}: {exc}") from None
        _CATALOGUES[key] = read_catalogue(text)
    return _CATALOGUES[key]


def get_page(clause: Clause) -> str:
    """The docname of the chapter a clause is written in (``spec/03-melds``)."""
    return f"spec/{Path(clause.path).stem}"


# --------------------------------------------------------------------------- blocks

_BULLET = re.compile(r"^(\s*)([-*+]|#\.|\d+\.)(\s+)")


@dataclass(frozen=True, slots=True)
class _Block:
    """A paragraph or list item of reStructuredText: its indent, its bullet (with the
    space after it, or empty) and its lines joined by spaces (a catalogue's message)."""

    indent: int
    bullet: str
    text: str
    is_directive: bool = False


def _blocks(rst: str) -> Iterator[_Block | None]:
    """The blocks of a clause text, ``None`` between paragraphs."""
    lines = rst.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            yield None
            i += 1
            continue
        indent = len(line) - len(line.lstrip())
        if line.strip().startswith(".. "):
            yield _Block(indent, "", line.strip(), is_directive=True)
            i += 1
            continue
        bullet_match = _BULLET.match(line)
        bullet = ""
        body_indent = indent
        first = line.strip()
        if bullet_match is not None:
            bullet = bullet_match.group(2) + bullet_match.group(3)
            body_indent = indent + len(bullet)
            first = line[bullet_match.end() :].strip()
        parts = [first]
        i += 1
        while i < len(lines) and lines[i].strip():
            nxt = lines[i]
            nxt_indent = len(nxt) - len(nxt.lstrip())
            if nxt.strip().startswith(".. ") or nxt_indent < body_indent:
                break
            parts.append(nxt.strip())
            i += 1
        yield _Block(indent, bullet, " ".join(parts))


def _join(blocks: Sequence[_Block | None]) -> str:
    out: list[str] = []
    for block in blocks:
        if block is None:
            if out and out[-1] != "":
                out.append("")
            continue
        out.append(" " * block.indent + block.bullet + block.text)
    return "\n".join(out).strip("\n")


def translate_clause(clause: Clause, language: str, locale_dir: Path | None = None) -> Clause:
    """The clause in ``language``: its title, question and each paragraph of its text
    from the chapter's catalogue (a message without a translation stays English)."""
    messages = get_catalogue(get_page(clause), language, locale_dir)
    if not messages:
        return clause
    blocks = [
        block
        if block is None or block.is_directive
        else dataclasses.replace(block, text=messages.get(block.text, block.text))
        for block in _blocks(clause.text)
    ]
    return dataclasses.replace(
        clause,
        title=messages.get(clause.title, clause.title),
        question=messages.get(clause.question, clause.question),
        text=_join(blocks),
    )


# --------------------------------------------------------------------------- plain text

_ROLE = re.compile(r":(?:[a-z]+:)?([a-z]+):`([^`]*)`")
_EXPLICIT = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.DOTALL)


def _role(name: str, content: str, numbers: Mapping[str, str]) -> str:
    explicit = _EXPLICIT.match(content)
    title, target = (explicit.group(1), explicit.group(2)) if explicit else ("", content)
    if name == "clause":
        number = numbers.get(target.strip())
        mark = f"§{number}" if number else target.strip()
        return f"{title} ({mark})" if title else mark
    if name == "sup":
        return "^" + content
    return title or target


def render_inline(text: str, numbers: Mapping[str, str]) -> str:
    """Inline reStructuredText as plain text: roles resolved (a clause by its number),
    literals, emphasis and escapes taken off."""
    text = _ROLE.sub(lambda m: _role(m.group(1), m.group(2), numbers), text)
    text = re.sub(r"``(.+?)``", r"\1", text)
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    text = re.sub(r"`([^`]+)`_{0,2}", r"\1", text)
    return text.replace("\\ ", "").replace("\\", "")


def render_text(
    rst: str, numbers: Mapping[str, str], language: str = "en", width: int = WIDTH
) -> str:
    """A clause text as a person reads it in a terminal: paragraphs wrapped, lists kept,
    clauses cited by number, and the block for implementers marked off."""
    out: list[str] = []
    implementers_indent: int | None = None
    label = get_label("For implementers", language)
    for block in _blocks(rst):
        if block is None:
            if out and out[-1] not in {"", f"[{label}]"}:
                out.append("")
            continue
        if implementers_indent is not None and block.indent <= implementers_indent:
            implementers_indent = None
        if block.is_directive:
            if block.text == IMPLEMENTERS_DIRECTIVE:
                implementers_indent = block.indent
                out.append(f"[{label}]")
            continue
        prefix = "  | " if implementers_indent is not None else ""
        depth = block.indent - (implementers_indent + 3 if implementers_indent is not None else 0)
        lead = " " * max(depth, 0)
        bullet = ("- " if block.bullet.strip() in {"-", "*", "+"} else block.bullet) or ""
        wrapped = textwrap.wrap(
            render_inline(block.text, numbers),
            width=width - len(prefix),
            initial_indent=lead + bullet,
            subsequent_indent=lead + " " * len(bullet),
            break_on_hyphens=False,
            break_long_words=False,
        )
        out.extend(prefix + line for line in wrapped)
    return "\n".join(out).strip("\n")


# --------------------------------------------------------------------------- glossary


@dataclass(frozen=True, slots=True)
class GlossaryEntry:
    """One entry of the glossary: its terms (Turkish first, English last) and definition."""

    terms: tuple[str, ...]
    definition: str


def _parse_glossary(text: str) -> list[GlossaryEntry]:
    entries: list[GlossaryEntry] = []
    lines = text.splitlines()
    inside = False
    terms: list[str] = []
    definition: list[str] = []

    def flush() -> None:
        if terms:
            entries.append(GlossaryEntry(tuple(terms), "\n".join(definition).strip()))

    for line in lines:
        if line.startswith(".. glossary::"):
            inside = True
            continue
        if not inside:
            continue
        if line and not line.startswith(" "):
            break
        if line.startswith("   :"):
            continue
        if line.startswith("      ") or (not line.strip() and definition):
            definition.append(line[6:])
        elif line.startswith("   ") and line.strip():
            if definition:
                flush()
                terms, definition = [], []
            terms.append(line.strip())
    flush()
    return entries


def load_glossary(language: str = "en", path: Path | None = None) -> tuple[GlossaryEntry, ...]:
    """The glossary's entries, in ``language`` where the glossary's catalogue has it."""
    source = path if path is not None else get_glossary_path()
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the glossary {source}: {exc}") from None
    messages = get_catalogue("glossary", language)
    entries = _parse_glossary(text)
    if not messages:
        return tuple(entries)
    translated = []
    for entry in entries:
        paragraphs = entry.definition.split("\n\n")
        definition = "\n\n".join(
            messages.get(" ".join(p.split()), p) for p in paragraphs if p.strip()
        )
        terms = tuple(messages.get(term, term) for term in entry.terms)
        translated.append(GlossaryEntry(tuple(dict.fromkeys(terms)), definition))
    return tuple(translated)


# --------------------------------------------------------------------------- search


@dataclass(frozen=True, slots=True)
class SearchHit:
    """A clause holding every word searched: its title in the language shown and a line
    of context around the first word."""

    clause: Clause
    title: str
    context: str


def _context(paragraphs: Sequence[str], word: str, width: int = 100) -> str:
    """The stretch of the first paragraph holding ``word`` (folded), about ``width`` long."""
    for paragraph in paragraphs:
        at = fold_text(paragraph).find(word)
        if at < 0:
            continue
        start = max(0, at - width // 3)
        if start:
            space = paragraph.find(" ", start)
            start = space + 1 if 0 <= space < at else start
        end = min(len(paragraph), start + width)
        if end < len(paragraph):
            space = paragraph.rfind(" ", start, end)
            end = space if space > at else end
        text = paragraph[start:end].strip()
        return ("..." if start else "") + text + ("..." if end < len(paragraph) else "")
    return ""


def _paragraphs(clause: Clause, numbers: Mapping[str, str], language: str) -> list[str]:
    text = render_text(clause.text, numbers, language, width=10_000)
    return [clause.title, *(line.strip(" |") for line in text.splitlines() if line.strip())]


def search_spec(
    words: Sequence[str],
    clauses: Sequence[Clause],
    language: str,
    numbers: Mapping[str, str] | None = None,
) -> list[SearchHit]:
    """The clauses whose title, slug or text holds every word, in English or in Turkish
    (letters folded, case ignored), in clause order."""
    folded = [fold_text(word) for word in words if word.strip()]
    if numbers is None:
        numbers = {c.slug: c.number for c in clauses}
    hits: list[SearchHit] = []
    for clause in clauses:
        editions = {lang: translate_clause(clause, lang) for lang in LANGUAGES}
        texts = {lang: _paragraphs(edition, numbers, lang) for lang, edition in editions.items()}
        haystack = fold_text(
            " ".join([clause.slug, clause.question, *(p for ps in texts.values() for p in ps)])
        )
        if not folded or not all(word in haystack for word in folded):
            continue
        shown = editions.get(language, clause)
        order = [language, *(lang for lang in LANGUAGES if lang != language)]
        context = (
            next((c for lang in order if (c := _context(texts[lang][1:], folded[0]))), "")
            or _context(texts[language], folded[0])
            or shown.title
        )
        hits.append(SearchHit(shown, shown.title, context))
    return hits


def search_glossary(
    words: Sequence[str],
    language: str,
    numbers: Mapping[str, str] | None = None,
    path: Path | None = None,
) -> list[tuple[GlossaryEntry, str]]:
    """The glossary entries whose terms or definition hold every word, in either language;
    each in ``language`` with a line of context."""
    folded = [fold_text(word) for word in words if word.strip()]
    editions = {lang: load_glossary(lang, path) for lang in LANGUAGES}
    numbers = numbers or {}
    found: list[tuple[GlossaryEntry, str]] = []
    for index, entry in enumerate(editions[language]):
        versions = [entries[index] for entries in editions.values() if index < len(entries)]
        haystack = fold_text(
            " ".join(
                " ".join(v.terms) + " " + render_inline(v.definition, numbers) for v in versions
            )
        )
        if not folded or not all(word in haystack for word in folded):
            continue
        definition = " ".join(render_inline(entry.definition, numbers).split())
        context = _context([definition], folded[0]) or _context([definition], "")
        found.append((entry, context))
    return found


def format_clause(
    clause: Clause, *, numbers: Mapping[str, str] | None = None, language: str = "en"
) -> str:
    """A clause as plain text for the terminal: its number, title and slug, its kind and
    families, the question a resolution answers, and its text without markup (a cited
    clause by its number, the block for implementers marked off)."""
    label = partial(get_label, language=language)
    head = f"{clause.number}  {clause.title}  [{clause.slug}]"
    meta = [
        f"{label('kind')}: {label(clause.kind.value)}",
        f"{label('families')}: " + ", ".join(clause.families),
    ]
    if clause.sources:
        meta.append(f"{label('sources')}: {get_sources_text(clause.sources, language)}")
    question = f"{label('Question:')} {clause.question}\n" if clause.question else ""
    if numbers is None:
        numbers = get_clause_numbers()
    text = render_text(clause.text, numbers, language)
    return f"{head}\n{'  '.join(meta)}\n{question}\n{text}\n"
