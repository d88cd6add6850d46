"""tools/i18n.py: the check that the Turkish edition is complete and current, with its list of
pages still pending, and the merge that marks a changed English message fuzzy."""

from __future__ import annotations

import sys
from pathlib import Path

import polib
import pytest

from kanasta.specdoc.i18n import fold_text, get_default_language, get_label

TOOLS = Path(__file__).resolve().parent.parent / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import i18n  # noqa: E402


def write_catalogue(path: Path, entries: dict[str, str], *, fuzzy: tuple[str, ...] = ()) -> None:
    catalogue = polib.POFile()
    catalogue.metadata = {"Content-Type": "text/plain; charset=utf-8", "Language": "tr"}
    for msgid, msgstr in entries.items():
        entry = polib.POEntry(msgid=msgid, msgstr=msgstr)
        if msgid in fuzzy:
            entry.flags.append("fuzzy")
        catalogue.append(entry)
    path.parent.mkdir(parents=True, exist_ok=True)
    catalogue.save(str(path))


@pytest.fixture
def pot_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "pot"
    write_catalogue(folder / "spec" / "03-melds.pot", {"Sets": "", "A set is a meld.": ""})
    write_catalogue(folder / "glossary.pot", {"meld": ""})
    write_catalogue(folder / "api.pot", {"The API": ""})  # the implementer guide: English
    return folder


def statuses(pot_dir: Path, locale: Path) -> dict[str, i18n.PageStatus]:
    return {s.page: s for s in i18n.get_statuses(pot_dir, locale)}


def test_only_the_players_pages_are_translated(pot_dir: Path, tmp_path: Path) -> None:
    assert set(statuses(pot_dir, tmp_path / "loc")) == {"spec/03-melds", "glossary"}
    assert i18n.is_translated_page("rulebooks/koz")
    assert not i18n.is_translated_page("conformance/index")


def test_check_fails_for_missing_and_fuzzy_text_and_passes_when_complete(
    pot_dir: Path, tmp_path: Path
) -> None:
    locale = tmp_path / "loc"
    melds = i18n.get_catalogue_path("spec/03-melds", locale)
    write_catalogue(melds, {"Sets": "Aynı sayılar", "A set is a meld.": ""})
    write_catalogue(i18n.get_catalogue_path("glossary", locale), {"meld": "per"}, fuzzy=("meld",))
    problems, notes = i18n.check(list(statuses(pot_dir, locale).values()), ())
    assert notes == []
    assert any("no Turkish text for 'A set is a meld.'" in p for p in problems)
    assert any("English changed" in p and "'meld'" in p for p in problems)
    write_catalogue(melds, {"Sets": "Aynı sayılar", "A set is a meld.": "Bir per."})
    write_catalogue(i18n.get_catalogue_path("glossary", locale), {"meld": "per"})
    problems, _ = i18n.check(list(statuses(pot_dir, locale).values()), ())
    assert problems == []


def test_a_page_without_catalogue_fails_unless_pending(pot_dir: Path, tmp_path: Path) -> None:
    locale = tmp_path / "loc"
    write_catalogue(i18n.get_catalogue_path("glossary", locale), {"meld": "per"})
    problems, _ = i18n.check(list(statuses(pot_dir, locale).values()), ())
    assert any("spec/03-melds: no Turkish catalogue" in p for p in problems)
    problems, notes = i18n.check(list(statuses(pot_dir, locale).values()), ("spec/03-melds",))
    assert problems == []
    assert notes == ["spec/03-melds: 0/2 messages translated"]


def test_a_finished_page_still_pending_or_an_unknown_pending_page_fails(
    pot_dir: Path, tmp_path: Path
) -> None:
    locale = tmp_path / "loc"
    write_catalogue(i18n.get_catalogue_path("glossary", locale), {"meld": "per"})
    pending = ("glossary", "spec/03-melds", "spec/99-nothing")
    problems, _ = i18n.check(list(statuses(pot_dir, locale).values()), pending)
    assert any("glossary: translated in full but still listed" in p for p in problems)
    assert any("'spec/99-nothing' is no page" in p for p in problems)


def test_update_creates_catalogues_and_marks_a_changed_english_message_fuzzy(
    pot_dir: Path, tmp_path: Path
) -> None:
    locale = tmp_path / "loc"
    report = i18n.update(pot_dir, locale)
    assert len(report) == 2
    melds = i18n.get_catalogue_path("spec/03-melds", locale)
    catalogue = polib.pofile(str(melds))
    catalogue.find("A set is a meld.").msgstr = "Aynı sayılar bir pertir."  # type: ignore[union-attr]
    catalogue.save()
    assert i18n.update(pot_dir, locale) == []  # nothing changed, nothing written
    write_catalogue(pot_dir / "spec" / "03-melds.pot", {"Sets": "", "A set is a good meld.": ""})
    i18n.update(pot_dir, locale)
    status = statuses(pot_dir, locale)["spec/03-melds"]
    assert status.fuzzy == ("A set is a good meld.",)
    assert status.missing == ("Sets",)


def test_pending_file_reads_pages_and_skips_comments(tmp_path: Path) -> None:
    path = tmp_path / "PENDING"
    path.write_text("# a comment\n\nspec/01-cards  # chapter 1\nglossary\n", encoding="utf-8")
    assert i18n.read_pending(path) == ("spec/01-cards", "glossary")
    assert i18n.read_pending(tmp_path / "none") == ()


def test_the_committed_pending_list_names_pages_of_the_edition() -> None:
    for page in i18n.read_pending():
        assert i18n.is_translated_page(page), page


def test_turkish_letters_fold_for_search() -> None:
    assert fold_text("Donmuş DESTE") == fold_text("donmus deste") == "donmus deste"
    assert fold_text("IŞIK İğne çÖÜ") == "isik igne cou"


def test_labels_and_default_language() -> None:
    assert get_label("For implementers", "tr") == "Uygulayıcılar için"
    assert get_label("For implementers", "en") == "For implementers"
    assert get_label("For implementers", None) == "For implementers"
    assert get_default_language({"LANG": "tr_TR.UTF-8"}) == "tr"
    assert get_default_language({"LANG": "C.UTF-8"}) == "en"
    assert get_default_language({"KANASTA_LANG": "en", "LANG": "tr_TR.UTF-8"}) == "en"
    assert get_default_language({}) == "en"


def test_a_family_s_own_wording_stands_beside_the_page_s_message(
    pot_dir: Path, tmp_path: Path
) -> None:
    locale = tmp_path / "loc"
    write_catalogue(i18n.get_catalogue_path("glossary", locale), {"meld": "per"})
    path = i18n.get_catalogue_path("spec/03-melds", locale)
    write_catalogue(path, {"Sets": "Erkek perler"})
    catalogue = polib.pofile(str(path))
    # the classic wording comes after the page's message; the page's message is still missing
    catalogue.append(polib.POEntry(msgctxt="classic", msgid="Sets", msgstr="Setler"))
    catalogue.append(polib.POEntry(msgctxt="classic", msgid="A set is a meld.", msgstr="Set."))
    catalogue.save(str(path))
    status = statuses(pot_dir, locale)["spec/03-melds"]
    assert status.translated == 1
    assert status.missing == ("A set is a meld.",)
    problems, _ = i18n.check(list(statuses(pot_dir, locale).values()), ())
    assert any("no Turkish text for 'A set is a meld.'" in p for p in problems)
