"""The Turkish edition's machinery in the Sphinx extension: a clause's title and question are
extracted into its page's catalogue, and a ``language=tr`` build shows their translation and
the extension's fixed labels in Turkish (built on a one-page site in ``tmp_path``)."""

from __future__ import annotations

import importlib.util
import textwrap
import types
from pathlib import Path

import polib
import pytest
from sphinx import locale
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

CONF = (
    'extensions = ["kanasta.specdoc.sphinxext"]\n'
    'locale_dirs = ["locales/"]\n'
    "gettext_compact = False\n"
)

PAGE = """\
Melds
=====

.. clause:: alpha-rule
   :number: 3.1
   :title: A meld has at least three cards
   :kind: resolution
   :families: koz
   :sources: seed 001
   :question: how many cards does a new meld hold at the least?

   A new meld holds at least three cards.

   .. for-implementers::

      Refused with the code ``too-short``.
"""

TRANSLATIONS = {
    "A meld has at least three cards": "Bir per en az üç kağıttır",
    "how many cards does a new meld hold at the least?": "yeni bir per en az kaç kağıttır?",
    "A new meld holds at least three cards.": "Yeni bir per en az üç kağıttır.",
}


def build(src: Path, builder: str, out: Path, language: str = "en") -> None:
    # Sphinx caches the catalogues it loaded per process: another test's Turkish stays out.
    locale.translators.clear()
    with docutils_namespace():  # the directives registered here do not outlive the build
        app = Sphinx(
            str(src),
            str(src),
            str(out),
            str(out / ".doctrees"),
            builder,
            confoverrides={"language": language},
            status=None,
            warning=None,
            freshenv=True,
            warningiserror=True,
        )
        app.build(force_all=True)
    locale.translators.clear()


@pytest.fixture
def site(tmp_path: Path) -> Path:
    src = tmp_path / "docs"
    (src / "spec").mkdir(parents=True)
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    (src / "index.rst").write_text(
        textwrap.dedent("""\
            Site
            ====

            .. toctree::

               spec/03-melds
            """),
        encoding="utf-8",
    )
    (src / "spec" / "03-melds.rst").write_text(PAGE, encoding="utf-8")
    return src


def test_clause_title_and_question_are_extracted_into_the_pages_catalogue(
    site: Path, tmp_path: Path
) -> None:
    build(site, "gettext", tmp_path / "pot")
    pot = polib.pofile(str(tmp_path / "pot" / "spec" / "03-melds.pot"))
    msgids = {entry.msgid for entry in pot}
    assert set(TRANSLATIONS) <= msgids
    assert "alpha-rule" not in msgids  # the slug never changes
    assert "3.1" not in msgids


def test_turkish_build_shows_translated_title_question_and_labels(
    site: Path, tmp_path: Path
) -> None:
    catalogue = polib.POFile()
    catalogue.metadata = {"Content-Type": "text/plain; charset=utf-8", "Language": "tr"}
    for msgid, msgstr in TRANSLATIONS.items():
        catalogue.append(polib.POEntry(msgid=msgid, msgstr=msgstr))
    folder = site / "locales" / "tr" / "LC_MESSAGES" / "spec"
    folder.mkdir(parents=True)
    catalogue.save(str(folder / "03-melds.po"))
    build(site, "html", tmp_path / "tr", language="tr")
    page = (tmp_path / "tr" / "spec" / "03-melds.html").read_text(encoding="utf-8")
    for msgstr in TRANSLATIONS.values():
        assert msgstr.replace("?", "") in page
    for label in ("Uygulayıcılar için", "Soru:", "Karar", "kural aileleri"):
        assert label in page
    assert "A meld has at least three cards" not in page
    # the translated title stays in its place in the head: number, title, slug
    head = page[page.index('class="kanasta-clause-head"') :]
    assert head.index("3.1") < head.index("Bir per en az") < head.index("alpha-rule")
    assert 'id="alpha-rule"' in page


def test_language_switch_links_the_same_page_in_the_other_edition() -> None:
    from kanasta.specdoc.sphinxext import get_language_switch  # noqa: PLC0415

    english = get_language_switch("spec/03-melds", "en")
    assert 'href="../tr/spec/03-melds.html"' in english
    assert '<span class="kanasta-lang-current" lang="en">English</span>' in english
    turkish = get_language_switch("spec/03-melds", "tr")
    assert 'href="../../spec/03-melds.html"' in turkish
    assert '<span class="kanasta-lang-current" lang="tr">Türkçe</span>' in turkish
    assert 'href="index.html"' not in get_language_switch("index", "en")
    assert 'href="tr/index.html"' in get_language_switch("index", "en")
    assert 'href="../index.html"' in get_language_switch("index", "tr")


def test_a_long_pins_list_folds_behind_its_counts(tmp_path: Path) -> None:
    from docutils import nodes  # noqa: PLC0415

    from kanasta.specdoc.sphinxext import TraceLinks, _pins_line  # noqa: PLC0415
    from kanasta.specdoc.trace import TraceReport  # noqa: PLC0415

    def report(count: int) -> TraceReport:
        fixtures = {"alpha": tuple(f"koz/x/{n}" for n in range(count))}
        return TraceReport((), {"alpha": ("kanasta.rules.melds.f",)}, {}, fixtures, ())

    links = TraceLinks(None, [tmp_path])
    short = _pins_line("alpha", report(3), links)
    assert isinstance(short, nodes.paragraph)
    folded = _pins_line("alpha", report(112), links)
    assert isinstance(folded, nodes.container)
    assert "kanasta-clause-pins" in folded["classes"]
    raw = [n.astext() for n in folded.findall(nodes.raw)]
    assert raw == ["<details><summary>code: 1 · fixtures: 112</summary>", "</details>"]
    assert "koz/x/111" in folded.astext()


def test_the_matrix_groups_a_long_fixture_list_by_page(tmp_path: Path) -> None:
    from kanasta.specdoc.sphinxext import TraceLinks, _fixture_cells  # noqa: PLC0415

    links = TraceLinks(None, [tmp_path])
    few = [f"koz/meld/{n}" for n in range(3)]
    assert [c.astext() for c in _fixture_cells(few, links)] == few
    many = [f"koz/meld/{n}" for n in range(20)] + [f"koz/pile/{n}" for n in range(5)]
    assert [c.astext() for c in _fixture_cells(many, links)] == [
        "koz/meld/… (20)",
        "koz/pile/… (5)",
    ]


def test_profile_tables_name_their_parameters_in_the_editions_language() -> None:
    from kanasta.families import PROFILES  # noqa: PLC0415
    from kanasta.specdoc.i18n import get_label  # noqa: PLC0415
    from kanasta.specdoc.sphinxext import PROFILE_LABELS, profile_table  # noqa: PLC0415

    turkish = profile_table(PROFILES["koz"], "tr").astext()
    assert "koz: parametreler" in turkish
    assert "ailenin adı" in turkish
    assert "family identifier" not in turkish
    assert "family identifier" in profile_table(PROFILES["koz"]).astext()
    untranslated = [label for label in PROFILE_LABELS.values() if get_label(label, "tr") == label]
    assert untranslated == ["sources"] or not untranslated


def test_the_site_title_is_said_in_the_editions_language() -> None:
    """The title every page's head and header carry: Turkish in the Turkish edition."""
    spec = importlib.util.spec_from_file_location(
        "kanasta_docs_conf", Path(__file__).parents[1] / "docs" / "conf.py"
    )
    assert spec is not None
    assert spec.loader is not None
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    english = conf.html_title
    assert english.endswith("the rules of Canasta, executable")
    for language, expected in (("tr", "çalıştırılabilir Kanasta kuralları"), ("en", english)):
        config = types.SimpleNamespace(language=language, html_title=english)
        conf._title_in_language(None, config)
        assert config.html_title.endswith(expected)
    assert "rules of Canasta" not in conf._TITLES["tr"]
