"""``--lang tr`` whole: refusals, score sheet rows, moves and log lines of ``ask``,
``explain``, ``meld``, ``play`` and ``replay`` in Turkish (kanasta.speech and the
``messages`` catalogue), reason codes, clause slugs and cards kept as they are."""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest

import kanasta
from kanasta.cli import main
from kanasta.conformance.model import StepKind
from kanasta.errors import Violation
from kanasta.families import PROFILES
from kanasta.resources import get_fixtures_dir
from kanasta.specdoc.spectext import get_catalogue
from kanasta.speech import CATALOGUE, get_reason, get_score_row, say_meld, say_move

PACKAGE = Path(kanasta.__file__).parent


def get_engine_reason_codes() -> dict[str, str]:
    """Every reason code a rule of the reference can refuse with, and a clause it names:
    the literal codes of the ``Violation(clause, code, ...)`` calls in the package."""
    codes: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Violation"):
                continue
            args = list(node.args)
            if len(args) >= 2 and isinstance(args[1], ast.Constant):
                clause = args[0].value if isinstance(args[0], ast.Constant) else ""
                codes.setdefault(str(args[1].value), str(clause))
    return codes


def get_fixture_reason_codes() -> set[str]:
    """The reason codes the conformance fixtures expect (the codes the suite promises)."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            code = value.get("code")
            if isinstance(code, str) and value.get("verdict") in ("rejected", None):
                found.add(code)
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    for path in get_fixtures_dir().rglob("*.json"):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def english_left(out: str, words: list[str]) -> list[str]:
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", out)]


def test_every_reason_code_of_the_engine_has_a_turkish_message() -> None:
    codes = get_engine_reason_codes()
    assert len(codes) >= 60  # the scan found the rules' refusals
    words = get_catalogue(CATALOGUE, "tr")
    missing = [code for code in codes if f"reason {code}" not in words]
    assert missing == []
    for code, clause in codes.items():
        said = get_reason(Violation(clause, code, "an English detail"), "tr")
        assert said != "an English detail"
        assert said.endswith(".")


def test_every_reason_code_the_fixtures_expect_is_one_the_engine_has() -> None:
    assert get_fixture_reason_codes() - set(get_engine_reason_codes()) == set()


@pytest.mark.clause("opening-threshold")
def test_koz_says_esik_for_the_opening_threshold() -> None:
    assert "eşiğ" in get_reason(Violation("opening-threshold", "below-threshold"), "tr")
    classic = get_reason(Violation("classic-opening-minimum", "below-threshold"), "tr")
    assert "asgari açma değer" in classic


def test_english_reason_is_the_rule_s_own_detail() -> None:
    violation = Violation("meld-minimum", "too-few-cards", "a meld needs 3 cards, not 2")
    assert get_reason(violation, "en") == "a meld needs 3 cards, not 2"


@pytest.mark.clause("score-breakdown")
def test_every_score_sheet_row_of_every_family_has_a_turkish_name() -> None:
    parts = {p for profile in PROFILES.values() for p in profile.score_parts}
    for part in [*sorted(parts), "total", "game"]:
        assert get_score_row(part, "tr") != part or part == "fi", part
        assert get_score_row(part, "en") == part


def test_moves_and_melds_keep_cards_and_numbers() -> None:
    assert say_move("take-pile with 7D 7H onto #1", "tr") == "yeri al, 7D 7H ile, #1 perine"
    assert say_move("meld 4H 5H JK (wild at 6)", "tr") == "per aç 4H 5H JK (joker 6. yerde)"
    assert say_move("draw", "tr") == "kağıt çek"
    assert say_meld("set 7: 7H 7S [2C] (mixed canasta)", "tr") == (
        "erkek per 7: 7H 7S [2C] (karışık kanasta)"
    )


@pytest.mark.clause("meld-minimum", "canasta-clean-dirty")
def test_meld_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "--lang", "tr", "--variant", "koz", "4h", "5h"]) == 1
    refused = capsys.readouterr().out
    args = ["meld", "--lang", "tr", "--variant", "koz", "4h", "5h", "6h", "7h", "8h", "9h"]
    assert main([*args, "10h", "--then", "jh"]) == 0
    out = refused + capsys.readouterr().out
    english = ["ILLEGAL", "legal", "in koz", "clause", "points", "canasta", "run"]
    english += ["lay off", "a meld needs", "by clauses", "clean"]
    assert english_left(out, english) == []
    assert "too-few-cards (madde meld-minimum 3.2 Bir per en az üç kağıttır)" in out
    assert "Per en az üç kağıtla açılır." in out
    assert "sıralı per H: 4H 5H 6H 7H 8H 9H 10H (temiz kanasta), 5 puan" in out
    assert "jh işle: koz kurallarıyla olur" in out
    assert "temiz kanasta, bonus 20" in out


@pytest.mark.clause("canasta-natural-mixed")
def test_classic_says_natural_and_mixed(capsys: pytest.CaptureFixture[str]) -> None:
    cards = ["7h", "7s", "7c", "7d", "7h", "7s", "2c"]
    assert main(["meld", "--lang", "tr", "--variant", "classic", *cards]) == 0
    assert "karışık kanasta" in capsys.readouterr().out


LOG_ENGLISH = [
    "seat", "draws", "discards", "takes", "melds", "lays", "score sheet", "total", "melded",
    "canastas", "going-out", "hand", "rounding", "game over", "no winner", "actions in",
    "trump", "upcard", "dealer", "plays first", "run", "set", "clean canasta", "dirty canasta",
    "canasta of", "has opened", "goes out", "the stock", "game record written",
]  # fmt: skip


@pytest.mark.clause("game-record", "score-breakdown")
def test_play_and_replay_in_turkish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    args = ["play", "--lang", "tr", "--variant", "koz", "--seed", "3", "--max-hands", "1"]
    assert main([*args, "--log", "full", "--save", str(record)]) == 0
    played = capsys.readouterr().out
    assert main(["replay", "--lang", "tr", str(record)]) == 0
    replayed = capsys.readouterr().out
    for out in (played, replayed):
        assert english_left(out, LOG_ENGLISH) == []
        assert "=== 1. el: dağıtan 3 numaralı oyuncu" in out
        assert "1. elin puan cetveli:" in out
        for row in ("perler", "kanastalar", "bitme", "eldekiler", "toplam", "oyun"):
            assert re.search(rf"^  {row} +-?[\d,]+ +-?[\d,]+$", out, re.M), row
        assert "  kanasta (onlar): erkek per" in out
    assert "0 numaralı oyuncu (biz) yeri alır (6D)" in played
    assert "oyun kaydı" in played


@pytest.mark.clause("game-record")
def test_play_speaks_turkish_under_kanasta_lang(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("KANASTA_LANG", "tr")
    assert main(["play", "--variant", "fi-5200", "--seed", "2", "--max-hands", "1"]) == 0
    out = capsys.readouterr().out
    assert "1. elin puan cetveli:" in out
    assert english_left(out, ["score sheet", "penalty", "total", "melded"]) == []
    monkeypatch.setenv("KANASTA_LANG", "en")
    assert main(["play", "--variant", "fi-5200", "--seed", "2", "--max-hands", "1"]) == 0
    assert "score sheet of hand 1:" in capsys.readouterr().out


ASK_ENGLISH = [
    "allowed", "NOT allowed", "meld", "discard", "set", "run", "Answer", "Position",
    "the opening", "needs", "laid", "melded", "canastas", "going-out", "hand", "rounding",
    "total", "take-pile", "with", "onto", "legal ways", "your side",
]  # fmt: skip


@pytest.mark.clause("opening-two-melds", "classic-take-pile")
def test_ask_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--lang", "tr", "--variant", "fi-351", "--meld", "5H 5D 5S"]
    assert main([*argv, "--meld", "8C 8C 8D", "--discard", "9H"]) == 1
    refused = capsys.readouterr().out
    argv = ["ask", "--lang", "tr", "--variant", "classic", "--hand", "7H 7D JK 9S"]
    argv += ["--pile-top", "7C", "--frozen", "--our-meld", "KC KD KH", "take-pile"]
    assert main(argv) == 0
    ways = capsys.readouterr().out
    argv = ["ask", "--lang", "tr", "--variant", "koz", "--fi-taken", "us", "--fi-taken", "them"]
    argv += ["--hand", "9C", "--our-meld", "7C 7D 7H 7S 7C 7D 7H", "--our-meld", "KH KD KS"]
    assert main([*argv, "--phase", "play", "discard 9C; score"]) == 3
    scored = capsys.readouterr().out
    for out, turkish in ((refused, ()), (ways, ("set",)), (scored, ())):
        answer = out.split("Karara bağlayan")[0].split("Clauses:")[0]
        # classic's sources say *set* in Turkish (docs/translating.rst, the family words)
        assert english_left(answer, [w for w in ASK_ENGLISH if w not in turkish]) == []
        assert "koltu" not in out
    assert "1. per aç 5D 5H 5S: izin var" in refused
    assert "3. at 9H: izin YOK, no-natural-run [opening-two-melds]: Açış perlerinden" in refused
    assert "açılanlar: erkek per 5: 5D 5H 5S" in refused
    assert "geçerli yollar: ıskarta yığınını al, 7D 7H ile" in ways
    assert "#1: set 7: 7C 7D 7H" in ways
    for row in ("perler", "kanastalar", "bitme", "eldekiler", "yuvarlama", "toplam"):
        assert re.search(rf"^  {row} ", scored, re.M), row


@pytest.mark.clause("canasta-half-full", "meld-minimum")
def test_explain_in_turkish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    question = tmp_path / "q.json"
    cards = ["5H", "2C", "7H", "8H", "9H", "10H"]
    steps = [
        {"kind": "meld", "cards": cards, "lay_offs": [{"cards": ["6H"]}]},
        {"kind": "meld", "cards": ["5H", "6S"]},
    ]
    question.write_text(json.dumps({"variant": "fi-5200", "steps": steps}), encoding="utf-8")
    assert main(["explain", "--lang", "tr", str(question)]) == 0
    out = capsys.readouterr().out
    said = "\n".join(line for line in out.splitlines() if not line.startswith("      "))
    english = ["Question", "Step", "the reference says", "legal", "points", "canasta: half"]
    english += ["rejected", "run of", "then lay-off", "a meld needs", "clauses", "at"]
    assert english_left(said, english) == []
    assert "0. adım (per):" in out
    assert "olur: sıralı per H, 5. konumdan: 5H 6H 7H 8H 9H 10H 2C" in out
    assert "kanasta: yarım kanasta (bonus 100)" in out
    assert "olmaz: too-few-cards [madde meld-minimum]: Per en az üç kağıtla açılır." in out


@pytest.mark.clause("game-hands")
def test_explain_a_game_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    fixture = get_fixtures_dir() / "koz" / "game" / "played-hands-carry-the-totals.json"
    assert main(["explain", "--lang", "tr", str(fixture)]) == 0
    out = capsys.readouterr().out
    said = "\n".join(
        line
        for line in out.splitlines()
        if line.startswith("    ") and not line.startswith("      ")
    )
    english = ["play a game", "seat", "dealing", "hand", "scores", "totals", "target"]
    english += ["no winner", "wins", "actions", "from its explicit deal"]
    assert english_left(said, english) == []
    assert "1. el: dağıtan 0, puanlar 100, 30; toplamlar 100, 30; hedef 300" in out
    assert "henüz kazanan yok" in out


def test_every_step_kind_of_a_question_has_a_turkish_name() -> None:
    words = get_catalogue(CATALOGUE, "tr")
    assert [k.value for k in StepKind if f"step {k.value}" not in words] == []


def test_every_turkish_line_keeps_the_fields_of_its_english() -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    words = get_catalogue(CATALOGUE, "tr")
    assert len(words) > 150
    changed = {k: v for k, v in words.items() if fields(k) != fields(v)}
    assert changed == {}
