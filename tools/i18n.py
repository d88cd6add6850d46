"""The Turkish edition's catalogues: bring them up to date, check them, count them.

    python tools/i18n.py update [--pot DIR]   # extract the English, merge into docs/locales
    python tools/i18n.py check [--pot DIR]    # fail when a page's Turkish is missing or stale
    python tools/i18n.py stats [--pot DIR]    # translated / fuzzy / missing per page

Every page of the rulebook (the spec chapters, the glossary, the resolutions, the profiles,
the family rulebooks, the front pages) has a catalogue
``docs/locales/tr/LC_MESSAGES/<page>.po``. A page is complete when every message Sphinx
extracts from its English (``sphinx-build -b gettext``) has a Turkish ``msgstr`` that is not
marked fuzzy. ``update`` marks fuzzy the messages whose English changed (sphinx-intl's
merge), so an English edit makes the check fail until a translator has looked at it.

The pages still waiting for their translation are listed in ``docs/locales/tr/PENDING``:
the check reports them loudly but does not fail on them; a listed page that is complete
fails the check until its line is removed (the list only shrinks). The implementer guide
(the API, the conformance guides, traceability...) stays English and has no catalogue.
"""

from __future__ import annotations

import argparse
import fnmatch
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import polib
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGUAGE = "tr"
LOCALE_DIR = DOCS / "locales"
PENDING_FILE = LOCALE_DIR / LANGUAGE / "PENDING"
DEFAULT_POT_DIR = DOCS / "_build" / "gettext"

# The pages players read, translated; every other page is the English implementer guide.
TRANSLATED_PAGES = (
    "index",
    "glossary",
    "resolutions",
    "profiles",
    "spec/*",
    "rulebooks/*",
    "disputes",
    "desk",
)


@dataclass(frozen=True, slots=True)
class PageStatus:
    """How far one page's catalogue is: its counts and the messages still to do."""

    page: str
    total: int
    translated: int
    fuzzy: tuple[str, ...]
    missing: tuple[str, ...]
    has_catalogue: bool

    @property
    def is_complete(self) -> bool:
        return self.has_catalogue and not self.fuzzy and not self.missing


def is_translated_page(page: str) -> bool:
    """Is ``page`` (a docname) one of the pages of the Turkish edition?"""
    return any(fnmatch.fnmatchcase(page, pattern) for pattern in TRANSLATED_PAGES)


def get_catalogue_path(page: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / LANGUAGE / "LC_MESSAGES" / f"{page}.po"


def find_templates(pot_dir: Path) -> dict[str, Path]:
    """The ``.pot`` of every translated page in ``pot_dir``, by docname."""
    found: dict[str, Path] = {}
    for pot in sorted(pot_dir.rglob("*.pot")):
        page = pot.relative_to(pot_dir).with_suffix("").as_posix()
        if is_translated_page(page):
            found[page] = pot
    return found


def build_templates(pot_dir: Path) -> None:
    """Extract the English messages of the site into ``pot_dir`` (``-b gettext``)."""
    print(f"extracting the English messages into {pot_dir} (sphinx-build -b gettext) ...")
    command = [sys.executable, "-m", "sphinx", "-q", "-b", "gettext", str(DOCS), str(pot_dir)]
    subprocess.run(command, check=True)


def read_pending(path: Path = PENDING_FILE) -> tuple[str, ...]:
    """The pages still waiting for their translation (one docname a line, ``#`` comments)."""
    if not path.is_file():
        return ()
    lines = (line.split("#", 1)[0].strip() for line in path.read_text("utf-8").splitlines())
    return tuple(line for line in lines if line)


def get_page_status(
    page: str, template: polib.POFile, catalogue: polib.POFile | None
) -> PageStatus:
    """Compare a page's English messages with its Turkish catalogue."""
    msgids = [entry.msgid for entry in template if entry.msgid]
    if catalogue is None:
        return PageStatus(page, len(msgids), 0, (), tuple(msgids), has_catalogue=False)
    # a family's own wording (msgctxt) stands beside the page's message, not for it
    entries = {e.msgid: e for e in catalogue if not e.obsolete and not e.msgctxt}
    fuzzy: list[str] = []
    missing: list[str] = []
    for msgid in msgids:
        entry = entries.get(msgid)
        if entry is None or not entry.msgstr.strip():
            missing.append(msgid)
        elif entry.fuzzy:
            fuzzy.append(msgid)
    done = len(msgids) - len(fuzzy) - len(missing)
    return PageStatus(page, len(msgids), done, tuple(fuzzy), tuple(missing), has_catalogue=True)


def get_statuses(pot_dir: Path, locale_dir: Path = LOCALE_DIR) -> list[PageStatus]:
    statuses: list[PageStatus] = []
    for page, pot in find_templates(pot_dir).items():
        path = get_catalogue_path(page, locale_dir)
        catalogue = polib.pofile(str(path)) if path.is_file() else None
        statuses.append(get_page_status(page, polib.pofile(str(pot)), catalogue))
    return statuses


def _shown(path: Path) -> str:
    """A path relative to the checkout when it is inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _short(text: str, width: int = 90) -> str:
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 3] + "..."


def check(statuses: Sequence[PageStatus], pending: Iterable[str]) -> tuple[list[str], list[str]]:
    """The problems that fail the check, and the loud notes about pending pages."""
    waiting = set(pending)
    problems: list[str] = []
    notes: list[str] = []
    known = {status.page for status in statuses}
    for page in sorted(waiting - known):
        problems.append(
            f"{_shown(PENDING_FILE)}: {page!r} is no page of the Turkish edition; remove the line"
        )
    for status in statuses:
        if status.page in waiting:
            if status.is_complete:
                problems.append(
                    f"{status.page}: translated in full but still listed in "
                    f"{_shown(PENDING_FILE)}; remove its line"
                )
            else:
                notes.append(
                    f"{status.page}: {status.translated}/{status.total} messages translated"
                )
            continue
        where = _shown(get_catalogue_path(status.page))
        if not status.has_catalogue:
            problems.append(
                f"{status.page}: no Turkish catalogue ({where}); run `python tools/i18n.py "
                "update` and translate it, or list the page in the PENDING file"
            )
            continue
        for msgid in status.missing:
            problems.append(f"{where}: no Turkish text for {_short(msgid)!r}")
        for msgid in status.fuzzy:
            problems.append(
                f"{where}: the English changed; check the Turkish of {_short(msgid)!r} and "
                "remove its fuzzy flag"
            )
    return problems, notes


def update(pot_dir: Path, locale_dir: Path = LOCALE_DIR) -> list[str]:
    """Merge the English templates into the catalogues (new ones created, changed messages
    marked fuzzy, as sphinx-intl does)."""
    report: list[str] = []
    for page, pot in find_templates(pot_dir).items():
        path = get_catalogue_path(page, locale_dir)
        with pot.open("rb") as handle:
            template = read_po(handle)
        if path.is_file():
            with path.open("rb") as handle:
                catalogue: Catalog = read_po(handle, locale=LANGUAGE)
            before = {m.id: (m.string, m.fuzzy) for m in catalogue if m.id}
            catalogue.update(template)
            after = {m.id: (m.string, m.fuzzy) for m in catalogue if m.id}
            if before == after and not catalogue.obsolete:
                continue
            catalogue.obsolete.clear()
            report.append(f"updated {_shown(path)}")
        else:
            catalogue = Catalog(locale=LANGUAGE, domain=page)
            catalogue.update(template)
            report.append(f"created {_shown(path)}")
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalogue, width=76, omit_header=False, sort_output=False)
    return report


def format_stats(statuses: Sequence[PageStatus], pending: Iterable[str]) -> str:
    waiting = set(pending)
    width = max((len(s.page) for s in statuses), default=4)
    lines = [f"{'page':<{width}}  done  fuzzy  missing  total"]
    totals = [0, 0, 0, 0]
    for s in statuses:
        mark = "  (pending)" if s.page in waiting else ""
        lines.append(
            f"{s.page:<{width}}  {s.translated:>4}  {len(s.fuzzy):>5}  {len(s.missing):>7}  "
            f"{s.total:>5}{mark}"
        )
        for i, value in enumerate((s.translated, len(s.fuzzy), len(s.missing), s.total)):
            totals[i] += value
    percent = 100 * totals[0] // totals[3] if totals[3] else 100
    lines.append(
        f"{'all':<{width}}  {totals[0]:>4}  {totals[1]:>5}  {totals[2]:>7}  {totals[3]:>5}"
        f"  ({percent}% translated)"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/i18n.py", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("update", "check", "stats"))
    parser.add_argument(
        "--pot",
        type=Path,
        help="the English templates already extracted (sphinx-build -b gettext docs DIR); "
        "without it they are extracted into docs/_build/gettext first",
    )
    args = parser.parse_args(argv)
    pot_dir: Path = args.pot or DEFAULT_POT_DIR
    if args.pot is None:
        build_templates(pot_dir)
    elif not pot_dir.is_dir():
        print(f"tools/i18n.py: no templates folder {pot_dir}", file=sys.stderr)
        return 2
    pending = read_pending()
    if args.command == "update":
        for line in update(pot_dir):
            print(line)
        return 0
    statuses = get_statuses(pot_dir)
    if args.command == "stats":
        print(format_stats(statuses, pending))
        return 0
    problems, notes = check(statuses, pending)
    if notes:
        bar = "!" * 72
        print(bar)
        print(f"PENDING TRANSLATION: {len(notes)} page(s) of the Turkish edition are not")
        print(f"finished yet (listed in {_shown(PENDING_FILE)}):")
        for note in notes:
            print(f"  - {note}")
        print(bar)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"tools/i18n.py check: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    done = sum(1 for s in statuses if s.is_complete)
    print(f"tools/i18n.py check: {done} of {len(statuses)} page(s) translated in full; OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
