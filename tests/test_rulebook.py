"""A family's rulebook (``.. family-rulebook::``): its clauses, in the order of play, as the
chapters show them in the edition built; its PDF (``-b rulebook-pdf``) holds every clause
number of the family (built on a small site in ``tmp_path``)."""

from __future__ import annotations

import io
from pathlib import Path

import polib
import pytest
from sphinx import locale
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

from kanasta.specdoc.pdf import check_pdf

CONF = (
    'extensions = ["kanasta.specdoc.sphinxext"]\n'
    'locale_dirs = ["locales/"]\n'
    "gettext_compact = False\n"
)
INDEX = "Site\n====\n\n.. toctree::\n\n   spec/03-melds\n   spec/05-deal\n   rulebooks/koz\n"

MELDS = """\
3. Melds
========

.. clause:: meld-minimum
   :number: 3.2
   :title: A meld has at least three cards
   :families: all
   :sources: seed 001

   A new meld holds at least three cards; see :clause:`deal-koz`.

   .. for-implementers::

      Refused with the code ``too-short``.

.. clause:: classic-only
   :number: 3.3
   :title: A rule of classic alone
   :families: classic
   :sources: seed 002

   Only in classic.
"""

DEAL = """\
5. Seats and the deal
=====================

.. clause:: deal-koz
   :number: 5.1
   :title: Eleven cards each
   :families: koz, fi-5200
   :sources: seed 001

   Each player gets eleven cards.
"""

KOZ = "Koz: the rulebook\n=================\n\nThe koz game.\n\n.. family-rulebook:: koz\n"


def build(src: Path, builder: str, out: Path, language: str = "en") -> None:
    # Sphinx caches the catalogues it loaded per process: another test's Turkish stays out.
    locale.translators.clear()
    with docutils_namespace():
        app = Sphinx(
            str(src),
            str(src),
            str(out),
            str(out / ".doctrees"),
            builder,
            confoverrides={"language": language},
            status=io.StringIO(),
            warning=io.StringIO(),
            freshenv=True,
            warningiserror=True,
        )
        app.build(force_all=True)
    locale.translators.clear()


@pytest.fixture
def site(tmp_path: Path) -> Path:
    src = tmp_path / "docs"
    for name, text in {
        "conf.py": CONF,
        "index.rst": INDEX,
        "spec/03-melds.rst": MELDS,
        "spec/05-deal.rst": DEAL,
        "rulebooks/koz.rst": KOZ,
    }.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text, encoding="utf-8")
    return src


def test_rulebook_holds_the_familys_clauses_in_the_order_of_play(
    site: Path, tmp_path: Path
) -> None:
    build(site, "html", tmp_path / "html")
    page = (tmp_path / "html" / "rulebooks" / "koz.html").read_text(encoding="utf-8")
    assert "classic-only" not in page
    # the deal (chapter 5) comes before the melds (chapter 3) in the order of play
    assert page.index("Eleven cards each") < page.index("A meld has at least three cards")
    assert "Refused with the code" not in page  # the implementers' block is left out
    assert 'href="../spec/05-deal.html#deal-koz"' in page  # references resolved from here
    assert 'class="kanasta-lang-switch"' in page
    # worked examples: melds checked by the engine, a refusal naming its clause and code
    examples = page[page.index('id="koz-examples"') :]
    assert "run H: 4H 5H 6H [2C] 8H" in examples
    assert "one-wild-per-meld (too-many-wilds)" in examples
    assert "clean 20" in examples


def test_turkish_rulebook_shows_the_chapters_translation(site: Path, tmp_path: Path) -> None:
    catalogue = polib.POFile()
    catalogue.metadata = {"Content-Type": "text/plain; charset=utf-8", "Language": "tr"}
    catalogue.append(
        polib.POEntry(msgid="A meld has at least three cards", msgstr="Bir per en az üç kağıttır")
    )
    folder = site / "locales" / "tr" / "LC_MESSAGES" / "spec"
    folder.mkdir(parents=True)
    catalogue.save(str(folder / "03-melds.po"))
    build(site, "html", tmp_path / "tr", language="tr")
    page = (tmp_path / "tr" / "rulebooks" / "koz.html").read_text(encoding="utf-8")
    assert "Bir per en az üç kağıttır" in page
    assert "İçindekiler" in page
    assert "Örnekler" in page
    assert "geçerli: run H" in page


def test_rulebook_pdf_holds_every_clause_number(site: Path, tmp_path: Path) -> None:
    build(site, "rulebook-pdf", tmp_path / "pdf")
    pdf = tmp_path / "pdf" / "koz.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    assert check_pdf(pdf, ["3.2", "5.1"]) == []
    assert check_pdf(pdf, ["3.3", "5.1.1", "3"]) == ["3.3", "5.1.1"]
