"""The players' rulebooks (docs/rulebooks, kanasta.specdoc.rulebook): every sentence cites a
clause of its family, only that family's rules are told, the cards are drawn, the worked
turn is played by the engine, the quick reference comes from the profile; the site's
directives and the PDF builder on a small site in ``tmp_path``; ``kanasta rulebook``."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest
from sphinx import locale
from sphinx.application import Sphinx
from sphinx.errors import SphinxWarning
from sphinx.util.docutils import docutils_namespace

from kanasta.errors import InputError
from kanasta.families import FAMILY_NAMES
from kanasta.io.scenario import ExampleTurn
from kanasta.specdoc import rulebook as rb
from kanasta.specdoc.pdf import check_rulebook_pdf, get_pdf_text
from kanasta.specdoc.rulebook_pdf import write_quick_pdf, write_rulebook_pdf
from kanasta.specdoc.spec import get_clause_numbers
from tests.cli import run_kanasta

EDITIONS = [(family, language) for family in FAMILY_NAMES for language in ("en", "tr")]
CHAPTERS_EN = [
    "What you need",
    "The deal",
    "A turn",
    "Melds",
    "Opening",
    "Canastas",
    "The fi",
    "Going out",
    "Scoring",
    "The end of the game",
    "A whole turn",
]

# --------------------------------------------------------------------------- the texts


@pytest.mark.parametrize(("family", "language"), EDITIONS)
def test_rulebook_every_sentence_cites_a_clause_of_its_family(family: str, language: str) -> None:
    book = rb.load_rulebook(family, language)
    assert rb.check_rulebook(book) == []
    sentences = [
        s for _, b in book.all_blocks() if not b.directive for s in rb.get_sentences(b.text)
    ]
    assert len(sentences) > 40


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_rulebook_chapters_follow_the_order_of_play(family: str) -> None:
    titles = [c.title for c in rb.load_rulebook(family).chapters]
    expected = [t for t in CHAPTERS_EN if family != "classic" or t != "The fi"]
    assert titles == expected


def _rendered_sentences(family: str, language: str) -> list[str]:
    book = rb.load_rulebook(family, language)
    text = [rb.render_inline_text(b.text, {}) for _, b in book.all_blocks() if not b.directive]
    return [s for t in [book.title, *text] for s in re.split(r"(?<=[.!?])\s+", t)]


@pytest.mark.parametrize(("family", "language"), EDITIONS)
def test_rulebook_names_no_other_family_no_source_no_engine(family: str, language: str) -> None:
    others = [f for f in FAMILY_NAMES if f != family]
    if family != "classic":
        others.append("klasik")
    words = [*others, "seed", "kaynak", "source", "engine", "motor", "JSON", "seat"]
    found = [
        (word, sentence)
        for sentence in _rendered_sentences(family, language)
        for word in words
        if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", sentence, re.IGNORECASE)
    ]
    assert found == []


def test_get_sentences_keeps_decimals_and_roles_whole() -> None:
    text = "Worth 4.5 points :clause:`opening-bands`. Then §7.3 :clause:`a.b`! Last"
    assert rb.get_sentences(text) == [
        "Worth 4.5 points :clause:`opening-bands`.",
        "Then §7.3 :clause:`a.b`!",
        "Last",
    ]


def _book(text: str, family: str = "koz") -> rb.Rulebook:
    return rb.parse_rulebook(f"Title\n=====\n\nChapter\n-------\n\n{text}\n", family)


def test_check_rulebook_names_a_sentence_without_a_clause() -> None:
    problems = rb.check_rulebook(_book("Draw a card :clause:`turn-structure`. Then discard."))
    assert len(problems) == 1
    assert "'Then discard.' cites no clause" in problems[0]


def test_check_rulebook_names_a_clause_of_another_family() -> None:
    problems = rb.check_rulebook(_book("Red threes are bonus cards :clause:`classic-threes`."))
    assert problems == [
        "koz (en), Chapter: 'Red threes are bonus cards :clause:`classic-threes`.' cites "
        "classic-threes, a clause not of koz"
    ]


def test_check_rulebook_names_an_unknown_clause_and_a_bad_card() -> None:
    problems = rb.check_rulebook(_book("Hold :cards:`4X` :clause:`no-such-clause`."))
    assert any("cites 'no-such-clause', which is no clause" in p for p in problems)
    assert any("4X" in p for p in problems)


def test_parse_rulebook_reads_lists_and_directives() -> None:
    book = _book(
        "1. Draw :clause:`a`.\n2. Meld,\n   then more :clause:`b`.\n\n.. turn-example:: koz"
    )
    blocks = book.chapters[0].blocks
    assert [(b.bullet, b.text) for b in blocks[:2]] == [
        ("1.", "Draw :clause:`a`."),
        ("2.", "Meld, then more :clause:`b`."),
    ]
    assert blocks[2].directive == "turn-example"
    assert blocks[2].text == "koz"


def test_rulebook_turkish_is_translated_and_keeps_the_english_anchors() -> None:
    english, turkish = rb.load_rulebook("koz"), rb.load_rulebook("koz", "tr")
    assert turkish.title == "Koz: nasıl oynanır"
    assert [c.ident for c in turkish.chapters] == [c.ident for c in english.chapters]
    assert "takımın eşiğini" in " ".join(b.text for _, b in turkish.all_blocks())


def test_load_rulebook_refuses_an_unknown_family_or_language() -> None:
    with pytest.raises(InputError, match="no rulebook for 'poker'"):
        rb.load_rulebook("poker")
    with pytest.raises(InputError, match="no edition in the language 'de'"):
        rb.load_rulebook("koz", "de")


# --------------------------------------------------------------------------- cards, numbers


def test_card_faces_show_suits_in_colour_and_the_joker() -> None:
    faces = rb.get_card_faces("4H 10S JK QD 2C")
    assert [f.text for f in faces] == ["4♥", "10♠", "🃏", "Q♦", "2♣"]
    assert [f.red for f in faces] == [True, False, False, True, False]
    assert [f.joker for f in faces] == [False, False, True, False, False]
    assert rb.format_cards_plain("AH 2H 3H") == "A♥ 2♥ 3♥"


def test_format_number_in_each_language() -> None:
    assert rb.format_number(9, "en") == "4.5"
    assert rb.format_number(9, "tr") == "4,5"
    assert rb.format_number(10400, "en") == "5,200"
    assert rb.format_number(10400, "tr") == "5.200"
    assert rb.format_number(-5, "tr") == "-2,5"


# --------------------------------------------------------------------------- engine-made parts


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_example_turn_is_played_by_the_engine_and_opens(family: str) -> None:
    start, steps = rb.play_example_turn(family)
    assert start.startswith("hand: ")
    assert steps[-1].label == "discards"
    assert any(step.note == "the team has opened" for step in steps)
    assert steps[-1].melds  # the opening stays on the table


def test_example_turn_a_refused_move_fails_naming_the_clause(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bad = ExampleTurn({"hands": ["4H 5H 6H 9C KD"], "stock_top": "7H"}, (("discard", "QS"),))
    monkeypatch.setattr(rb, "get_example_turn", lambda _family: bad)
    with pytest.raises(InputError, match=r"the engine refuses 'discard QS'"):
        rb.play_example_turn("koz")


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_meld_examples_judged_by_the_engine(family: str) -> None:
    examples = rb.get_meld_examples(family)
    assert any(e.legal for e in examples)
    assert all(e.clause for e in examples if not e.legal)


def test_quick_reference_from_the_profile_in_each_language() -> None:
    english = {row.topic: row.lines for row in rb.get_quick_reference("koz")}
    assert "score below 100: 4.5 points, with a run without wild cards" in english["opening"]
    assert "first to 300 at the end of a hand" in english["end of the game"]
    turkish = {row.topic: row.lines for row in rb.get_quick_reference("koz", "tr")}
    assert "100 puanın altında: 4,5 puan, içinde jokersiz bir sıralı per" in turkish["açış"]
    fi5200 = {row.topic: row.lines for row in rb.get_quick_reference("fi-5200", "tr")}
    assert "full kanasta (aynı renkten as'tan papaza): 500" in fi5200["kanastalar ve bonuslar"]
    assert "ikisi de aynı elde geçerse: 7.200 → 9.200" in fi5200["oyunun sonu"]


# --------------------------------------------------------------------------- renderings


def test_rulebook_text_cites_clauses_by_number() -> None:
    text = rb.format_rulebook_text(rb.load_rulebook("fi-351", "tr"))
    numbers = get_clause_numbers()
    assert f"§{numbers['pass-by-showing']}" in text
    assert ":clause:" not in text
    assert "3♣ 4♣ 5♣" in text
    assert "1. Neler gerekir" in text


def test_rulebook_html_is_one_page_with_its_chapters_and_cards() -> None:
    page = rb.format_rulebook_html(rb.load_rulebook("classic"))
    assert '<meta name="viewport"' in page
    assert page.count('<li><a href="#') == 10
    assert '<span class="card red">9♥</span>' in page
    assert 'class="card joker" title="joker">🃏</span>' in page


def test_rulebook_pdf_holds_its_chapters_and_clauses(tmp_path: Path) -> None:
    numbers = get_clause_numbers()
    book = rb.load_rulebook("koz", "tr")
    pdf = tmp_path / "koz.pdf"
    pages = write_rulebook_pdf(book, pdf, numbers)
    assert pages >= 2
    cited = [numbers[s] for s in rb.get_cited_clauses(book)]
    assert check_rulebook_pdf(pdf, [c.title for c in book.chapters], cited) == []
    assert check_rulebook_pdf(pdf, ["Yok böyle bir bölüm"], ["99.9"]) == [
        "Yok böyle bir bölüm",
        "§99.9",
    ]
    text, _ = get_pdf_text(pdf)
    assert "♥" in text
    assert "🃏" in text


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_quick_reference_pdf_is_one_page(family: str, tmp_path: Path) -> None:
    for language in ("en", "tr"):
        assert write_quick_pdf(family, language, family, tmp_path / f"{language}.pdf") == 1


# --------------------------------------------------------------------------- the site

CONF = (
    'extensions = ["kanasta.specdoc.sphinxext"]\n'
    'locale_dirs = ["locales/"]\n'
    "gettext_compact = False\n"
)
INDEX = "Site\n====\n\n.. toctree::\n\n   spec/06-turn\n   rulebooks/koz\n"
TURN = """\
6. The turn
===========

.. clause:: turn-structure
   :number: 6.1
   :title: The parts of a turn
   :families: all
   :sources: seed 001

   Draw, meld, discard.

.. clause:: classic-take-pile
   :number: 6.14
   :title: Classic alone
   :families: classic
   :sources: seed 002

   Only in classic.
"""
KOZ = """\
Koz: how to play
================

Draw a card :clause:`turn-structure`.

A turn
------

Hold :cards:`4H JK` and play :clause:`turn-structure`.

.. turn-example:: koz
"""


def build(src: Path, builder: str, out: Path, language: str = "en") -> str:
    """Build the site with warnings as errors; the warnings (empty when it passed)."""
    locale.translators.clear()
    warnings = io.StringIO()
    with docutils_namespace():
        app = Sphinx(
            str(src),
            str(src),
            str(out),
            str(out / ".doctrees"),
            builder,
            confoverrides={"language": language},
            status=io.StringIO(),
            warning=warnings,
            freshenv=True,
            warningiserror=True,
        )
        try:
            app.build(force_all=True)
        except SphinxWarning as exc:  # Sphinx 7 stops at the first warning
            warnings.write(str(exc))
        failed = app.statuscode != 0 or bool(warnings.getvalue())
    locale.translators.clear()
    return warnings.getvalue() if failed else ""


def _site(tmp_path: Path, koz: str = KOZ) -> Path:
    src = tmp_path / "docs"
    files = {
        "conf.py": CONF,
        "index.rst": INDEX,
        "spec/06-turn.rst": TURN,
        "rulebooks/koz.rst": koz,
    }
    for name, text in files.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text, encoding="utf-8")
    return src


def test_site_rulebook_draws_cards_plays_the_turn_and_links_clauses(tmp_path: Path) -> None:
    assert build(_site(tmp_path), "html", tmp_path / "html") == ""
    page = (tmp_path / "html" / "rulebooks" / "koz.html").read_text(encoding="utf-8")
    assert '<span class="kanasta-card kanasta-red">4♥</span>' in page
    assert '<span class="kanasta-card kanasta-joker">🃏</span>' in page
    assert 'href="../spec/06-turn.html#turn-structure"' in page
    assert ">§6.1<" in page
    assert "(turn-structure)" not in page
    assert "the team has opened" in page


def test_site_rulebook_sentence_without_clause_fails_the_build(tmp_path: Path) -> None:
    site = _site(tmp_path, KOZ.replace("Draw a card :clause:`turn-structure`.", "Draw a card."))
    assert "'Draw a card.' cites no clause" in build(site, "html", tmp_path / "html")


def test_site_rulebook_clause_of_another_family_fails_the_build(tmp_path: Path) -> None:
    site = _site(
        tmp_path, KOZ.replace(":clause:`turn-structure`.", ":clause:`classic-take-pile`.", 1)
    )
    assert "cites classic-take-pile, a clause not of koz" in build(site, "html", tmp_path / "html")


def test_site_pdf_builder_writes_rulebook_and_quick_reference(tmp_path: Path) -> None:
    assert build(_site(tmp_path), "rulebook-pdf", tmp_path / "pdf") == ""
    text, _ = get_pdf_text(tmp_path / "pdf" / "koz.pdf")
    assert "§6.1" in text
    assert get_pdf_text(tmp_path / "pdf" / "koz-quick.pdf")[1] == 1


# --------------------------------------------------------------------------- the command


def test_cli_rulebook_prints_the_turkish_rulebook() -> None:
    result = run_kanasta("rulebook", "koz", "--lang", "tr", "--no-pager")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Koz: nasıl oynanır\n")
    assert "4,5" in result.stdout
    assert "§7.4" in result.stdout


def test_cli_rulebook_quick_reference() -> None:
    result = run_kanasta("rulebook", "classic", "--quick")
    assert result.returncode == 0, result.stderr
    assert "Classic canasta: quick reference" in result.stdout
    assert "  - natural canasta: 500" in result.stdout


def test_cli_rulebook_writes_html_and_pdf(tmp_path: Path) -> None:
    result = run_kanasta(
        "rulebook", "fi-5200", "--html", str(tmp_path / "html"), "--pdf", str(tmp_path / "r.pdf")
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "html" / "fi-5200.html").is_file()
    assert (tmp_path / "html" / "fi-5200-quick.html").is_file()
    assert re.search(r"r\.pdf: \d+ pages", result.stdout)


def test_cli_rulebook_pdf_without_fpdf_says_what_to_install(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['fpdf'] = None; from kanasta.cli import main; "
        f"sys.exit(main(['rulebook', 'koz', '--pdf', {str(tmp_path / 'x.pdf')!r}]))"
    )
    import subprocess  # noqa: PLC0415

    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert result.stderr.strip() == f"kanasta: error: {rb_pdf_missing()}"


def rb_pdf_missing() -> str:
    from kanasta.specdoc.rulebook_pdf import PDF_MISSING  # noqa: PLC0415

    return PDF_MISSING


def test_cli_rulebook_pages_through_the_pager_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from kanasta.commands import rulebook as command  # noqa: PLC0415

    out = tmp_path / "paged.txt"
    monkeypatch.setenv("PAGER", f"sh -c 'cat > {out}'")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    command._page("line\n" * 500, no_pager=False)
    assert out.read_text(encoding="utf-8") == "line\n" * 500
    assert os.environ["PAGER"].startswith("sh -c")


@pytest.mark.parametrize(("family", "language"), EDITIONS)
def test_pdf_fonts_hold_every_character_of_the_rulebook(family: str, language: str) -> None:
    from fontTools.ttLib import TTFont  # noqa: PLC0415

    from kanasta.specdoc.rulebook_pdf import SUITS_FONT, get_pdf_fonts  # noqa: PLC0415

    held: set[int] = set()
    for path in [*get_pdf_fonts().values(), str(SUITS_FONT)]:
        held |= set(TTFont(path).getBestCmap())
    book = rb.load_rulebook(family, language)
    text = rb.format_rulebook_text(book, get_clause_numbers())
    text += "".join(line for row in rb.get_quick_reference(family, language) for line in row.lines)
    missing = sorted({c for c in text if ord(c) not in held and not c.isspace()})
    assert missing == []


@pytest.mark.clause("classic-opening-minimum", "wild-only-melds", "canasta-all-wild")
def test_quick_reference_reads_the_lowest_band_and_unearned_bonuses_from_the_profile() -> None:
    """A band that ends at 0 is the negative score's; a bonus for a canasta of wild cards
    is left out where no meld of wild cards may stand (classic), kept where one may (koz)."""
    classic = {row.topic: row.lines for row in rb.get_quick_reference("classic")}
    assert classic["opening"][0].startswith("negative score: ")
    assert not any(line.startswith("score below") for line in classic["opening"])
    assert not any("2s and jokers" in line for line in classic["canastas and bonuses"])
    koz = {row.topic: row.lines for row in rb.get_quick_reference("koz")}
    assert koz["opening"][0].startswith("score below ")
    assert any(line.startswith("canasta of 2s and jokers") for line in koz["canastas and bonuses"])
