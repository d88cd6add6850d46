"""The players' words, family by family: the commands' Turkish in each family's words.

docs/translating.rst (the family words) says which of the edition's words a family's
answers never say (classic: *kağıt*, *yer*, *erkek per*...) and which of its own words
the other families' answers never say (*kart*, *ıskarta yığını*...). ``ask``, ``play``
and ``meld`` are run with ``--lang tr`` for every family and read against it. The clause
text an answer quotes is the rule text, not the commands' words, and is left out.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import polib
import pytest

from kanasta.ask import Msg
from kanasta.cli import main
from kanasta.errors import Violation
from kanasta.families import PROFILES
from kanasta.specdoc.spectext import CONTEXT_SEPARATOR, read_catalogue
from kanasta.speech import (
    CATALOGUE,
    Phrase,
    get_own_template,
    get_reason,
    get_score_row,
    get_template,
    said_meld,
    said_move,
    said_reason,
    say,
    say_canasta,
    say_meld,
    say_move,
)

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "conformance" / "fixtures"
TABLE = ROOT / "docs" / "translating.rst"
MESSAGES = ROOT / "docs" / "locales" / "tr" / "LC_MESSAGES" / f"{CATALOGUE}.po"


def read_family_words(text: str) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """family -> (the edition's words it does not say, its own words)."""
    body = text[text.index(".. _family-words:") :]
    body = body[: body.index("\n\nSlugs, clause numbers")]
    rows: list[list[str]] = []
    for line in body.splitlines():
        if line.startswith("   * - "):
            rows.append([line[7:].strip()])
        elif line.startswith("     - "):
            rows[-1].append(line[7:].strip())
    header, *data = rows
    assert header == ["family", "the edition's words it does not say", "its own words"]

    def items(cell: str) -> tuple[str, ...]:
        return tuple(w.strip() for w in cell.split(";") if w.strip())

    return {row[0]: (items(row[1]), items(row[2])) for row in data}


FAMILY_WORDS = read_family_words(TABLE.read_text(encoding="utf-8"))

_STEMS = {"kağıt": r"kağı[td]\w*", "işlemek": r"işle\w*", "eklemek": r"ekle\w*"}
"""Words said in every form: the stem the suffixes change (kağıdı, işler, ekler)."""


_SUFFIX = r"(?:l[ae]r)?(?:[ıiuü]?n?(?:[ıiuüea]|d[ea](?:n|ki)?|[ıiuü]n|yl[ae]|l[ae])?|s[ıi]|y[ae])?"
"""The case and plural endings of a noun (yeri, yerin, yerde, yerdeki, perleri, perine)."""


def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    forms = [_STEMS.get(w, re.escape(w) + _SUFFIX) for w in words]
    return re.compile(rf"(?<!\w)(?:{'|'.join(forms)})(?!\w)")


def _said(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    out = capsys.readouterr().out
    assert code in (0, 1, 3), f"{argv}: exit {code}"
    assert out, argv
    # the clauses quoted (their numbers, titles and text) are the rule text
    out = re.sub(r"\(madde [a-z0-9-]+ [^)]*\)", "", out)
    return out.split("Karara bağlayan")[0].split("Maddeler:")[0]


def _answers(family: str, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``ask``, ``play`` and ``meld`` print about ``family`` in Turkish."""
    ask = ["ask", "--lang", "tr", "--variant", family]
    meld = ["meld", "--lang", "tr", "--variant", family]
    said = [
        _said([*ask, "--hand", "7H 7D JK 9S", "--pile-top", "7C", "take-pile"], capsys),
        _said([*ask, "--hand", "7H 7D JK 9S", "--pile-top", "7C", "--phase", "draw"], capsys),
        _said([*ask, "--hand", "9S", "--pile-top", "KC", "take-pile"], capsys),
        _said([*ask, "--hand", "5H 5D 5S 8C", "--phase", "play", "meld 5H 5D 5S"], capsys),
        _said([*ask, "--hand", "5H 8C", "--our-meld", "5C 5D 5S", "--phase", "play",
               "lay-off 5H onto #0"], capsys),
        _said([*ask, "--hand", "5H 8C", "--phase", "play", "meld 5H 8C"], capsys),
        _said([*ask, "--hand", "9C", "--our-meld", "7C 7D 7H 7S 7C 7D 7H",
               "--our-meld", "KH KD KS", "--phase", "play", "discard 9C; score"], capsys),
        _said(["play", "--lang", "tr", "--variant", family, "--seed", "3", "--max-hands", "2",
               "--log", "full"], capsys),
        _said([*meld, "5H", "5D", "5S"], capsys),
        _said([*meld, "5H", "5D"], capsys),
        _said([*meld, "5H", "6H", "7H"], capsys),
        _said([*meld, "5H", "5D", "5S", "5C", "5H", "5D", "2C"], capsys),
    ]  # fmt: skip
    return "\n".join(said)


OWN = {family: words for family, (_, words) in FAMILY_WORDS.items()}


@pytest.mark.parametrize("family", sorted(PROFILES))
def test_answers_in_turkish_say_the_family_s_own_words(
    family: str, capsys: pytest.CaptureFixture[str]
) -> None:
    said = _answers(family, capsys)
    not_said = FAMILY_WORDS.get(family, ((), ()))[0]
    others = tuple(w for f, words in OWN.items() if f != family for w in words)
    wrong = [m.group(0) for words in (not_said, others) if words for m in
             _pattern(words).finditer(said)]  # fmt: skip
    assert wrong == [], f"{family}: {sorted(set(wrong))}"
    assert "izin" in said.lower() or "İZİN" in said


def _explained(family: str, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``explain --lang tr`` prints for a sample of the family's fixtures, without the
    English descriptions, the clauses quoted and the slugs and codes."""
    said = []
    for path in sorted(FIXTURES.joinpath(family).rglob("*.json"))[::40]:
        assert main(["explain", "--lang", "tr", str(path)]) == 0
        out = capsys.readouterr().out
        out = out[out.index("Başlangıç:") :] if "Başlangıç:" in out else out.split("\n", 1)[1]
        out = re.sub(r"^  maddeler:\n(?:(?:    .*)?\n)*", "", out, flags=re.M)
        said.append(re.sub(r"[a-z0-9]+(?:-[a-z0-9]+)+", "", out))
    return "\n".join(said)


@pytest.mark.parametrize("family", sorted(PROFILES))
def test_explain_in_turkish_says_the_family_s_own_words(
    family: str, capsys: pytest.CaptureFixture[str]
) -> None:
    said = _explained(family, capsys)
    assert "referans motorun yanıtı" in said
    not_said = FAMILY_WORDS.get(family, ((), ()))[0]
    others = tuple(w for f, words in OWN.items() if f != family for w in words)
    wrong = [m.group(0) for words in (not_said, others) if words for m in
             _pattern(words).finditer(said)]  # fmt: skip
    assert wrong == [], f"{family}: {sorted(set(wrong))}"
    if family == "classic":
        assert "kart; ıskarta yığını:" in said


def test_classic_answers_say_kart_and_iskarta_yigini(capsys: pytest.CaptureFixture[str]) -> None:
    said = _answers("classic", capsys)
    assert "kart" in said
    assert "ıskarta yığını" in said
    assert "set açar: set" in said
    koz = _answers("koz", capsys)
    assert "kağıt" in koz
    assert "yeri alır" in koz or "yer:" in koz


def test_family_words_table_reads_the_classic_row() -> None:
    not_said, own = FAMILY_WORDS["classic"]
    assert {"kağıt", "yer", "erkek per"} <= set(not_said)
    assert {"kart", "ıskarta yığını"} <= set(own)
    assert _pattern(("yer",)).search("yerin üstü")
    assert not _pattern(("yer",)).search("yerleşik")  # another word, not the pile
    assert _pattern(("kağıt",)).search("kağıdı")


def test_a_message_with_a_context_is_read_beside_its_plain_entry() -> None:
    text = (
        'msgid "move draw"\nmsgstr "kağıt çek"\n\n'
        'msgctxt "classic"\nmsgid "move draw"\nmsgstr "kart çek"\n'
    )
    words = read_catalogue(text)
    assert words == {"move draw": "kağıt çek", f"classic{CONTEXT_SEPARATOR}move draw": "kart çek"}
    # a context entry just after another entry, with no blank line between
    text = text.replace('"kağıt çek"\n\n', '"kağıt çek"\n')
    assert read_catalogue(text) == words


def test_the_family_s_sentence_comes_first_then_the_edition_s() -> None:
    assert say_move("draw", "tr", "classic") == "kart çek"
    assert say_move("draw", "tr", "koz") == say_move("draw", "tr") == "kağıt çek"
    assert get_template("{who} melds {meld}", "tr", "classic") == "{who} set açar: {meld}"
    assert get_template("{who} melds {meld}", "tr", "fi-351") == "{who} per açar: {meld}"
    # a message the family says as the edition does falls back to the edition's
    assert say("none", "tr", "classic") == say("none", "tr")
    assert get_score_row("total", "tr", "classic") == get_score_row("total", "tr")
    assert get_score_row("melded", "tr", "classic") == "setler"
    assert say_meld("set 9: 9C 9D 9H", "tr", "classic") == "set 9: 9C 9D 9H"
    assert say_meld("set 9: 9C 9D 9H", "tr", "koz") == "erkek per 9: 9C 9D 9H"
    assert say_canasta("mixed", "tr", "classic") == "karışık kanasta"
    refusal = Violation("classic-frozen-pile", "natural-pair-needed", "the pile is frozen")
    assert get_reason(refusal, "tr", "classic").startswith("Iskarta yığını donmuş")
    assert get_reason(refusal, "tr").startswith("Yer donmuş")


def test_said_texts_and_answer_lines_take_the_family() -> None:
    refusal = Violation("draw-from-stock", "stock-empty", "the stock is empty")
    assert said_reason(refusal).render("tr", "classic") == "Stokta kart kalmadı."
    assert said_reason(refusal).render("tr") == "Stokta kağıt kalmadı."
    assert said_move("take-pile").render("tr", "classic") == "ıskarta yığınını al"
    assert said_meld("set 9: 9C 9D 9H").render("tr", "classic") == "set 9: 9C 9D 9H"
    phrase = Phrase("pile: {cards}", cards=Phrase.named("7C", "7C"))
    assert phrase.render("tr", "classic") == "ıskarta yığını: 7C"
    assert phrase.render("tr") == "yer: 7C"
    line = Msg("the pile: {n} cards", n=5)
    assert line.render("tr", "classic") == "ıskarta yığını: 5 kart"
    assert line.render("tr", "koz") == line.render("tr") == "yer: 5 kağıt"


def test_english_never_takes_a_family_s_sentence() -> None:
    entries = [e for e in polib.pofile(str(MESSAGES)) if e.msgctxt]
    assert len(entries) > 50
    for entry in entries:
        assert get_own_template(entry.msgid, "en", entry.msgctxt) is None
        assert get_template(entry.msgid, "en", entry.msgctxt) == entry.msgid
        if "{0}" in entry.msgid:  # a move's part, filled by say_move
            continue
        values = {name: name for name in re.findall(r"\{([a-z_]+)\}", entry.msgid)}
        line = Msg(entry.msgid, **values)
        assert line.render("en", entry.msgctxt) == entry.msgid.format(**values)
    assert get_own_template("move draw", "tr", None) is None
    assert said_move("draw").render("en", "classic") == "draw"


def test_every_family_sentence_keeps_the_fields_of_its_english() -> None:
    fields = re.compile(r"\{[a-z_0-9]*\}|#")
    for entry in polib.pofile(str(MESSAGES)):
        if entry.msgctxt:
            assert entry.msgctxt in PROFILES
            assert sorted(fields.findall(entry.msgstr)) == sorted(fields.findall(entry.msgid))


@pytest.mark.clause("game-record", "classic-take-pile")
def test_replay_of_a_classic_game_says_the_classic_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", "--variant", "classic", "--seed", "5", "--max-hands", "1", "--lang", "tr"]
    assert main([*argv, "--log", "full", "--save", str(record)]) == 0
    played = capsys.readouterr().out
    assert main(["replay", "--lang", "tr", "--log", "full", str(record)]) == 0
    replayed = capsys.readouterr().out
    assert replayed.splitlines() == played.splitlines()[: len(replayed.splitlines())]
    assert "ıskarta yığınını alır (5D): üstteki kartla 5H 5H set yapar" in replayed
    data = json.loads(record.read_text(encoding="utf-8"))
    data["hands"][0]["actions"][0] = {"type": "take-pile"}  # the top card not melded
    record.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", "--lang", "tr", str(record)]) == 2
    refused = capsys.readouterr().err
    assert "top-card-not-melded [classic-take-pile]: Iskarta yığını, üstteki kart" in refused
    assert _pattern(FAMILY_WORDS["classic"][0]).findall(refused.split("]: ", 1)[1]) == []
