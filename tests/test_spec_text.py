"""The rule text in the terminal: ``kanasta spec show`` without markup, ``spec search`` over
both languages with Turkish letters folded, ``--lang`` and ``--variant`` (kanasta.spectext)."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from kanasta.cli import main
from kanasta.conformance.loader import load_question_file
from kanasta.conformance.present import explain
from kanasta.specdoc import spectext
from kanasta.specdoc.spec import get_clause_numbers, load_spec
from kanasta.specdoc.spectext import (
    format_clause,
    load_glossary,
    read_catalogue,
    render_text,
    search_spec,
    translate_clause,
)

CLAUSES = {c.slug: c for c in load_spec()}
NUMBERS = get_clause_numbers(CLAUSES.values())

CATALOGUE = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\n"

msgid "A meld has at least three cards"
msgstr "Bir per en az üç kağıttır"

msgid ""
"A new meld holds at least three cards. No meld ever loses a card: cards are "
"only added to it (:clause:`lay-off`)."
msgstr ""
"Yeni bir per en az üç kağıttır. Perden kağıt hiç eksilmez: pere yalnızca "
"kağıt eklenir (:clause:`lay-off`)."

#, fuzzy
msgid "Sets"
msgstr "Aynı sayılar"

msgid "Runs"
msgstr ""

#~ msgid "Old"
#~ msgstr "Eski"
"""


@pytest.fixture
def turkish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A Turkish catalogue of chapter 3 holding two of its messages."""
    folder = tmp_path / "locales"
    path = folder / "tr" / "LC_MESSAGES" / "spec" / "03-melds.po"
    path.parent.mkdir(parents=True)
    path.write_text(CATALOGUE, encoding="utf-8")
    monkeypatch.setattr(spectext, "get_locale_dir", lambda: folder)
    spectext._CATALOGUES.clear()
    yield folder
    spectext._CATALOGUES.clear()


def test_catalogue_reader_keeps_translated_entries_only() -> None:
    messages = read_catalogue(CATALOGUE)
    assert messages["A meld has at least three cards"] == "Bir per en az üç kağıttır"
    assert messages[
        "A new meld holds at least three cards. No meld ever loses a card: cards are only "
        "added to it (:clause:`lay-off`)."
    ].startswith("Yeni bir per")
    assert "Sets" not in messages  # fuzzy
    assert "Runs" not in messages  # untranslated
    assert "Old" not in messages  # obsolete
    assert "" not in messages  # the header


def test_show_prints_no_markup_and_cites_clauses_by_number() -> None:
    text = format_clause(CLAUSES["meld-minimum"], numbers=NUMBERS)
    assert text.startswith("3.2  A meld has at least three cards  [meld-minimum]\n")
    assert f"(§{NUMBERS['lay-off']})" in text
    assert ":clause:" not in text
    for clause in CLAUSES.values():
        shown = format_clause(clause, numbers=NUMBERS)
        assert ":clause:`" not in shown, clause.slug
        assert "``" not in shown, clause.slug


def test_the_block_for_implementers_is_marked() -> None:
    rst = textwrap.dedent("""\
        The table rule, with a *word* and :clause:`meld-minimum`.

        .. for-implementers::

           Refused with the code ``no-clean-run``.

           - a list item
        """)
    text = render_text(rst, NUMBERS)
    assert text.splitlines() == [
        "The table rule, with a word and §3.2.",
        "",
        "[For implementers]",
        "  | Refused with the code no-clean-run.",
        "",
        "  | - a list item",
    ]
    assert "[Uygulayıcılar için]" in render_text(rst, NUMBERS, "tr")


def test_lists_are_kept_and_wrapped_with_a_hanging_indent() -> None:
    rst = "Intro:\n\n- one " + "word " * 30 + "\n- two"
    lines = render_text(rst, {}, width=40).splitlines()
    assert lines[2].startswith("- one")
    assert lines[3].startswith("  word")
    assert lines[-1] == "- two"
    assert all(len(line) <= 40 for line in lines)


@pytest.mark.usefixtures("turkish")
def test_a_clause_translates_paragraph_by_paragraph() -> None:
    clause = translate_clause(CLAUSES["meld-minimum"], "tr")
    assert clause.title == "Bir per en az üç kağıttır"
    assert clause.text.startswith("Yeni bir per en az üç kağıttır.")
    assert (clause.slug, clause.number) == ("meld-minimum", "3.2")
    assert translate_clause(CLAUSES["set-definition"], "tr").title == "Sets"  # fuzzy: English
    assert translate_clause(CLAUSES["meld-minimum"], "en") == CLAUSES["meld-minimum"]


@pytest.mark.usefixtures("turkish")
def test_spec_show_and_list_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["spec", "show", "meld-minimum", "--lang", "tr"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3.2  Bir per en az üç kağıttır  [meld-minimum]\ntür: kural")
    assert "kağıt eklenir (§3.15)" in " ".join(out.split())
    assert main(["spec", "list", "--lang", "tr", "--variant", "classic"]) == 0
    out = capsys.readouterr().out
    assert "meld-minimum" in out
    assert "Bir per en az üç kağıttır" in out
    assert "run-definition" not in out  # runs are not a classic clause


@pytest.mark.usefixtures("turkish")
def test_default_language_comes_from_the_locale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("KANASTA_LANG", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    assert main(["spec", "show", "3.2"]) == 0
    assert "Bir per en az" in capsys.readouterr().out
    monkeypatch.setenv("KANASTA_LANG", "en")
    assert main(["spec", "show", "3.2"]) == 0
    assert "A meld has at least three cards" in capsys.readouterr().out


@pytest.mark.usefixtures("turkish")
def test_search_folds_turkish_letters_in_both_languages() -> None:
    clauses = list(CLAUSES.values())
    for query in (["eksilmez"], ["EKSİLMEZ"], ["kagit", "eksilmez"]):
        hits = search_spec(query, clauses, "en", NUMBERS)
        assert [h.clause.slug for h in hits] == ["meld-minimum"], query
    hit = search_spec(["eksilmez"], clauses, "tr", NUMBERS)[0]
    assert hit.title == "Bir per en az üç kağıttır"
    assert "eksilmez" in hit.context
    assert search_spec(["eksilmez", "zebra"], clauses, "en", NUMBERS) == []


def test_spec_search_lists_number_slug_title_and_context(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["spec", "search", "donmus", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "donmuş yer" in out  # the glossary term, found without its Turkish letter
    assert main(["spec", "search", "frozen", "pile", "--variant", "classic", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    frozen = CLAUSES["classic-frozen-pile"]
    head = next(i for i, line in enumerate(lines) if frozen.slug in line)
    assert lines[head].split()[:2] == [frozen.number, frozen.slug]
    assert frozen.title in lines[head]
    assert "frozen" in lines[head + 1].lower()
    assert not any(" opening-clean-run " in line for line in lines)  # a koz clause


def test_spec_search_variant_filters_and_no_match_exits_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["spec", "search", "run", "--variant", "classic", "--lang", "en"]) == 0
    assert "run-definition" not in capsys.readouterr().out
    assert main(["spec", "search", "qqqzzzxx", "--lang", "en"]) == 1
    assert "no clause or glossary entry" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_:
        main(["spec", "search", "pile", "--variant", "nope"])
    assert exit_.value.code == 2


def test_glossary_reads_terms_and_definitions() -> None:
    entries = load_glossary("en")
    frozen = next(e for e in entries if "frozen pile" in e.terms)
    assert frozen.terms[0] == "donmuş yer"
    assert ":clause:`classic-frozen-pile`" in frozen.definition


@pytest.mark.usefixtures("turkish")
def test_explain_prints_its_clauses_in_the_language_asked(tmp_path: Path) -> None:
    question = tmp_path / "q.json"
    data = {
        "variant": "fi-5200",
        "id": "q",
        "clauses": ["meld-minimum"],
        "description": "q",
        "steps": [{"kind": "meld", "cards": ["4H", "5H"]}],
    }
    question.write_text(json.dumps(data), encoding="utf-8")
    text, _ = explain(load_question_file(question), language="tr")
    assert "3.2  Bir per en az üç kağıttır  [meld-minimum]" in text
    assert "tür: kural" in text
