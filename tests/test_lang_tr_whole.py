"""``--lang tr`` whole, the rest of it: ``explain``'s differences from an expectation
(written by the conformance checks), the fields of its actions and state facts, the prose
of ``ask --json``, and the family's own words in the classic rulebook's worked turn. The
English of each is unchanged: reports and fixtures read the checks' messages."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

from kanasta.ask import ask_json
from kanasta.cli import main
from kanasta.conformance import checks
from kanasta.conformance.checks import Outcome, check_answer, check_answer_phrases
from kanasta.conformance.model import Step, StepKind
from kanasta.resources import get_fixtures_dir
from kanasta.specdoc.i18n import get_label
from kanasta.specdoc.rulebook import get_meld_examples, get_quick_reference, play_example_turn
from kanasta.specdoc.spectext import get_catalogue
from kanasta.speech import CATALOGUE, Phrase

WORDS = get_catalogue(CATALOGUE, "tr")


def english_left(out: str, words: list[str]) -> list[str]:
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", out)]


def differences(out: str) -> str:
    """The lines an explain prints under 'this DIFFERS' (in either language)."""
    blocks = re.findall(r"(?:DIFFERS|FARKLI)[^\n]*\n((?:    [^\n]*\n)+)", out)
    return "".join(blocks)


MELD_QUESTION: dict[str, Any] = {
    "variant": "koz",
    "steps": [
        {
            "kind": "meld",
            "cards": ["4H", "5H", "6H", "7H"],
            "expect": {
                "verdict": "legal",
                "arrangement": {"kind": "run", "suit": "H", "low": 3, "cards": ["3H", "4H"]},
                "points": 40,
                "canasta": "clean",
                "bonus": 10,
            },
        },
        {
            "kind": "meld",
            "cards": ["4H", "5H"],
            "expect": {
                "verdict": "legal",
                "arrangement": {"kind": "set", "rank": "4", "cards": ["4H", "4S", "4D"]},
                "points": 15,
            },
        },
        {
            "kind": "meld",
            "cards": ["4H", "5S", "6D"],
            "expect": {
                "verdict": "rejected",
                "code": "too-few-cards",
                "clause": "meld-run",
                "at": 0,
            },
        },
    ],
}


def _explain(tmp_path: Path, question: dict[str, Any], *lang: str) -> str:
    path = tmp_path / "question.json"
    path.write_text(json.dumps(question), encoding="utf-8")
    assert main(["explain", *lang, str(path)]) == 1
    return path.read_text(encoding="utf-8")


@pytest.mark.clause("meld-minimum", "run-definition")
def test_explain_says_a_meld_s_differences_in_turkish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _explain(tmp_path, MELD_QUESTION, "--lang", "tr")
    said = differences(capsys.readouterr().out)
    assert 'dizilim: beklenen {"kind": "run"' in said
    assert "puan: beklenen 40, gelen 2" in said
    assert "kanasta: beklenen temiz kanasta, gelen yok" in said
    assert "bonus: beklenen 10, gelen 0" in said
    assert "sonuç: beklenen olur, gelen olmaz (too-few-cards [meld-minimum])" in said
    assert 'gerekçe kodu: beklenen "too-few-cards", gelen "not-a-meld"' in said
    assert 'madde: beklenen "meld-run", gelen "run-definition"' in said
    english = ["expected", "got", "verdict", "arrangement", "points", "canasta", "code"]
    english += ["clause", "legal", "rejected", "null", '"clean"']
    assert english_left(said, english) == []


@pytest.mark.clause("meld-minimum", "run-definition")
def test_explain_says_a_meld_s_differences_in_english_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _explain(tmp_path, MELD_QUESTION)
    said = differences(capsys.readouterr().out)
    assert "points: expected 40, got 2\n" in said
    assert 'canasta: expected "clean", got null\n' in said
    assert "bonus: expected 10, got 0\n" in said
    assert "verdict: expected legal, got rejected (too-few-cards [meld-minimum])\n" in said
    assert 'code: expected "too-few-cards", got "not-a-meld"\n' in said
    assert 'clause: expected "meld-run", got "run-definition"\n' in said


def _state_question() -> dict[str, Any]:
    fixture = (
        get_fixtures_dir() / "classic" / "first-meld" / "reach-exactly-the-minimum-seat-0.json"
    )
    data = json.loads(fixture.read_text(encoding="utf-8"))
    melds = [[{"arrangement": {"kind": "set", "rank": "K", "cards": ["KC", "KD", "KH"]}}], []]
    expect = {
        "turn": 2,
        "opened": [False, False],
        "hand_over": True,
        "discard_top": "7H",
        "melds": melds,
        "hands": [["6S"], [], [], []],
    }
    return {
        "variant": "classic",
        "setup": data["setup"],
        "steps": [data["steps"][1], {"kind": "state", "expect": expect}],
    }


@pytest.mark.clause("state-json")
def test_explain_says_a_state_s_facts_and_differences_in_turkish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _explain(tmp_path, _state_question(), "--lang", "tr")
    out = capsys.readouterr().out
    said = differences(out)
    assert "sıradaki oyuncu: beklenen 2, gelen 1" in said
    assert "açmış takımlar: beklenen [hayır, hayır], gelen [evet, hayır]" in said
    assert "el bitti mi: beklenen evet, gelen hayır" in said
    # a classic question: the answer says the classic sources' kart, ıskarta yığını, set
    assert 'ıskarta yığınının üstü: beklenen "7H", gelen "7S"' in said
    assert "0. takımın setleri: 1 set bekleniyordu, gelen [" in said
    assert "1 numaralı oyuncunun eli: beklenen [], gelen [" in said
    answer = out.split("referans motorun yanıtı:")[-1].split("FARKLI")[0]
    assert "    setler: [[set K: KC KD KH, set 5: 5C 5D 5H 5S], (yok)]" in answer
    assert "    aşama: kart çekme aşaması" in answer
    assert "    açmış takımlar: [evet, hayır]" in answer
    assert "    öteki bilgiler: {fi'leri sırayla alanlar: (yok)," in answer
    english = ["expected", "got", "turn", "opened", "hand_over", "melds", "hands", "phase"]
    english += ["true", "false", "null", "discard", "extra", "team_scores", "draw"]
    prose = "\n".join(line for line in said.splitlines() if '"arrangement"' not in line)
    assert english_left(prose + answer, english) == []  # JSON answered as given is data


@pytest.mark.clause("state-json")
def test_explain_says_a_state_s_differences_in_english_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _explain(tmp_path, _state_question())
    out = capsys.readouterr().out
    said = differences(out)
    assert "turn: expected 2, got 1\n" in said
    assert "opened: expected [false, false], got [true, false]\n" in said
    assert "hand_over: expected true, got false\n" in said
    assert "melds[0]: expected 1 melds, got [" in said
    assert "hands[1]: expected [], got [" in said
    assert "    opened: [true, false]\n" in out
    assert "    phase: draw\n" in out


@pytest.mark.clause("action-json", "run-wild-moves")
def test_explain_names_an_action_s_fields_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    fixture = get_fixtures_dir() / "koz" / "facts" / "wild-moves-to-the-high-end.json"
    assert main(["explain", "--lang", "tr", str(fixture)]) == 0
    turkish = capsys.readouterr().out
    assert "0. hamle: işle #0 7S (joker 9. yerde)" in turkish
    assert english_left(turkish.split("maddeler:")[0], ["meld", "wild_at"]) == []
    assert main(["explain", str(fixture)]) == 0
    assert "action 0: lay-off meld=0 7S wild_at=9" in capsys.readouterr().out


@pytest.mark.clause("action-json")
def test_explain_says_every_kind_of_action_in_turkish() -> None:
    from kanasta.conformance.present import _action  # noqa: PLC0415

    said = [
        _action(action, "tr")
        for action in (
            {"type": "discard", "card": "KD"},
            {"type": "meld", "cards": ["4C", "5C", "JK"], "wild_at": 6},
            {"type": "take-pile", "cards": ["7H", "7S"], "meld": 1},
            {"type": "take-pile"},
            {"type": "draw", "seat": 2},
            {
                "type": "meld",
                "melds": [{"cards": ["4C", "5C", "6C"]}],
                "lay_offs": [{"meld": 0, "cards": ["7C"]}],
            },
        )
    ]
    assert said == [
        "at KD",
        "per aç 4C 5C JK (joker 6. yerde)",
        "yeri al, 7H 7S ile, #1 perine",
        "yeri al",
        "kağıt çek oyuncu=2",
        "per aç perler [4C 5C 6C] işlemeler [#0 perine: 7C]",
    ]


def _phrase_templates() -> set[str]:
    """The catalogue ids of every constant phrase the checks write: ``Phrase("...")``,
    ``_field("...")`` and the fields their loops name."""
    tree = ast.parse(Path(checks.__file__).read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        first = node.args[0]
        name = getattr(node.func, "id", "")
        if name == "Phrase" and isinstance(first, ast.Constant):
            found.add(str(first.value))
        elif name == "_field" and isinstance(first, ast.Constant):
            found.add(f"field {first.value!s}")
    loops = [n for n in ast.walk(tree) if isinstance(n, ast.For) and "_field" in ast.unparse(n)]
    for node in loops:
        if isinstance(node.iter, ast.Tuple):
            found |= {f"field {e.value!s}" for e in node.iter.elts if isinstance(e, ast.Constant)}
    return found


STRUCTURE = {"{label}: ", "{label}{key}", "cards.{zone}", "{what}"}
"""Phrases with no words of their own (the same in every language)."""


def test_every_difference_the_checks_write_has_turkish() -> None:
    templates = _phrase_templates()
    assert len(templates) >= 60  # the scan found the checks' phrases
    built = {
        *(f"{key}[{{i}}]" for key in ("hands", "red_threes", "fi")),
        *(f"a list of {{n}} (one per {each})" for each in ("seat", "team")),
        *(f"per {each}, a list of cards" for each in ("seat", "team")),
        *(
            f"cards.{{zone}}: {where} has no such zone; after a turn every card lies in "
            "one of {zones} (card-conservation)"
            for where in ("this family", "the spec")
        ),
        *(f"field {key}" for key in checks.summarize_state({"hands": [], "melds": []})),
        *(f"field {key}" for key in ("pile", "stock", "fi", "red_threes", "team_scores")),
        *(f"verdict {v}" for v in ("legal", "accepted", "rejected")),
        *(f"value {v}" for v in ("true", "false", "null")),
    }
    missing = sorted(t for t in (templates | built) - STRUCTURE if t not in WORDS)
    assert missing == []


def _step(kind: str, expect: dict[str, Any], **params: Any) -> Step:
    return Step(0, StepKind(kind), params, expect)


def _said(kind: str, expect: dict[str, Any], answer: dict[str, Any], **params: Any) -> str:
    outcome, found = check_answer_phrases(_step(kind, expect, **params), answer)
    assert outcome is Outcome.FAIL
    return "\n".join(phrase.render("tr") for phrase in found)


def test_a_game_s_differences_in_turkish() -> None:
    hand = {"dealer": 0, "scores": [10, 0], "totals": [10, 0], "target": 300}
    expect = {"hands": [hand], "winner": None, "decided_in": None}
    params = {"first_dealer": 0, "seed": 1, "hands": [{"actions": []}]}
    got = {"verdict": "accepted", "hands": [{**hand, "dealer": 1, "scores": [5, 0]}, {}]}
    said = _said("game", expect, {**got, "winner": 0}, **params)
    assert "eller: 1 el oynanması bekleniyordu, oynanan 2" in said
    assert "1. el, dağıtan: beklenen 0, gelen 1" in said
    assert "1. el, puanlar, 0. takım: beklenen 10, gelen 5" in said
    assert "kazanan: beklenen yok, gelen 0" in said
    rejected = {"verdict": "rejected", "hand": 1, "index": 3, "code": "x", "clause": "y"}
    said = _said("game", expect, rejected, **params)
    assert said == (
        "sonuç: bütün hamlelerin kabul edilmesi bekleniyordu, ama 1. el, 3. hamle: olmaz (x [y])"
    )
    assert english_left(said, ["expected", "got", "hand", "action", "rejected"]) == []


def test_a_score_s_differences_in_turkish() -> None:
    expect = {"teams": [{"total": 10, "breakdown": {"melded": 10}}, {"total": 0}]}
    got = {"teams": [{"total": 5, "breakdown": {"melded": 5, "penalty": 0}}, "x"]}
    said = _said("score", expect, got)
    assert "puanlar, 0. takım, toplam: beklenen 10, gelen 5" in said
    assert "puanlar, 0. takım, dökümde perler: beklenen 10, gelen 5" in said
    assert "puanlar, 0. takım, dökümde ceza: beklenen yok, gelen 0" in said
    assert 'puanlar, 1. takım: bir puan bekleniyordu, gelen "x"' in said
    assert english_left(said, ["expected", "got", "team", "total", "breakdown", "melded"]) == []


def test_a_turn_s_zones_and_cards_in_turkish() -> None:
    table = checks.TurnTable(("7H", "8S", "9C"), ("stock", "pile", "hands", "melds"), 2, 2)
    cards = {"stock": ["7H"], "pile": "8S", "hands": [["9C"]], "fi": [], "bogus": []}
    step = _step("turn", {"verdict": "accepted"}, actions=[])
    outcome, found = check_answer_phrases(
        step, {"verdict": "accepted", "cards": cards}, table=table
    )
    assert outcome is Outcome.FAIL
    said = [phrase.render("tr") for phrase in found]
    assert said[0].startswith("cards.fi: bu ailede böyle bir bölge yok; bir sıradan sonra")
    assert said[1].startswith("cards.bogus: kurallarda böyle bir bölge yok;")
    assert "cards.melds: eksik" in said
    assert 'cards.pile: beklenen bir kağıt listesi, gelen "8S"' in said
    assert 'cards.hands: beklenen 2 öğeli bir liste (her oyuncuya bir), gelen [["9C"]]' in said
    cards = {"stock": ["7H", "7H"], "pile": [], "hands": [[], []], "melds": [[], []]}
    _, found = check_answer_phrases(step, {"verdict": "accepted", "cards": cards}, table=table)
    said = [phrase.render("tr") for phrase in found]
    assert said == [
        "kağıt sayımı: 9C 8S kayboldu (başlangıçta vardı, şimdi hiçbir yerde yok)",
        "kağıt sayımı: 7H fazladan var; başlangıç durumu bunları tutmuyor",
    ]
    assert [str(phrase) for phrase in found] == [
        "card conservation: lost 9C 8S (in the setup, nowhere now)",
        "card conservation: 7H more than the setup holds",
    ]


@pytest.mark.clause("deal-order")
def test_a_deal_s_differences_in_turkish() -> None:
    expect = {
        "hands": [["7H"], ["8S"]],
        "fi": [],
        "pile": ["9C"],
        "stock": ["10D", "JD"],
        "trump": None,
        "first_player": 1,
    }
    got = {**expect, "pile": "x", "stock": ["JD", "10D"], "trump": "7H", "first_player": 0}
    step = _step("deal", expect, deck=["7H", "8S", "9C", "10D", "JD"])
    _, found = check_answer_phrases(step, got)
    said = [phrase.render("tr") for phrase in found]
    assert 'yer: sırasıyla 1 kağıt bekleniyordu, gelen "x"' in said
    assert (
        "stok: 2 kağıt bekleniyordu, gelen 2; 0. kağıttan başlayarak ayrılıyorlar: "
        "beklenen 10D JD, gelen JD 10D"
    ) in said
    assert 'koz: beklenen yok, gelen "7H"' in said
    assert "ilk oynayan: beklenen 1, gelen 0" in said
    assert "kağıt sayımı: yanıtta kağıt olmayan bir şey var" in said


def test_check_answer_gives_plain_english_text() -> None:
    step = _step("count", {"count": 3}, depth=1)
    outcome, found = check_answer(step, {"count": 2})
    assert outcome is Outcome.FAIL
    assert found == ("count: expected 3, got 2",)
    assert all(type(text) is str for text in found)
    assert check_answer(step, {"error": "boom"})[1] == (
        "the implementation answered an error: boom",
    )
    _, phrases = check_answer_phrases(step, {"error": "boom"})
    assert phrases[0].render("tr") == "uygulama hata yanıtı verdi: boom"


def test_a_phrase_is_its_english_and_says_itself_in_turkish() -> None:
    inner = Phrase.named("canastas", "field canastas")
    phrase = Phrase("{label}: expected {want}, got {have}", label=inner, want="1", have="2")
    assert phrase == "canastas: expected 1, got 2"
    assert phrase.render("en") == "canastas: expected 1, got 2"
    assert phrase.render("tr") == "kanastalar: beklenen 1, gelen 2"
    untranslated = Phrase.named("no-such-field", "field no-such-field")
    assert untranslated.render("tr") == "no-such-field"


ASK_REFUSED = ["--variant", "fi-351", "--meld", "5H 5D 5S", "--meld", "8C 8C 8D", "--discard", "9H"]


def _ask_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    main(["ask", "--json", *argv])
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def _shape(value: Any) -> Any:
    """The keys of a JSON answer, all the way down (its values left out)."""
    if isinstance(value, dict):
        return {key: _shape(inner) for key, inner in value.items()}
    if isinstance(value, list):
        return [_shape(inner) for inner in value]
    return None


@pytest.mark.clause("opening-two-melds")
def test_ask_json_says_its_prose_in_turkish_and_keeps_its_keys_and_codes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    turkish = _ask_json(capsys, "--lang", "tr", *ASK_REFUSED)
    english = _ask_json(capsys, "--lang", "en", *ASK_REFUSED)
    assert _shape(turkish) == _shape(english)
    for key in ("variant", "options", "verdict"):
        assert turkish[key] == english[key]
    assert turkish["verdict"] == "not allowed"
    for said, plain in zip(turkish["steps"], english["steps"], strict=True):
        assert {k: v for k, v in said.items() if k != "detail"} == {
            k: v for k, v in plain.items() if k != "detail"
        }
    refused = turkish["steps"][2]
    assert (refused["action"], refused["code"]) == ("discard 9H", "no-natural-run")
    assert refused["clause"] == "opening-two-melds"
    assert refused["detail"].startswith("Açış perlerinden biri, üç doğal kağıdı")
    assert turkish["position"][0] == "fi-351, 4 oyuncu; siz 0 numaralı oyuncusunuz"
    assert "yer boş" in turkish["assumed"]
    assert turkish["why"][0].startswith("açılışta 2 per açılır")
    assert [c["slug"] for c in turkish["clauses"]] == [c["slug"] for c in english["clauses"]]
    prose = " ".join([*turkish["position"], *turkish["assumed"], *turkish["why"]])
    prose += refused["detail"]
    english_words = ["your hand", "the pile", "your side", "has not opened", "the opening"]
    english_words += ["melds", "cards", "seat", "players", "assumed", "needs", "run"]
    assert english_left(prose, english_words) == []


@pytest.mark.clause("opening-two-melds")
def test_ask_json_in_english_is_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    data = _ask_json(capsys, *ASK_REFUSED)
    assert data == _ask_json(capsys, "--lang", "en", *ASK_REFUSED)
    assert data["position"][0] == "fi-351, 4 players; you are seat 0"
    assert "the pile is empty" in data["assumed"]
    refused = data["steps"][2]
    assert refused["detail"] == (
        "one opening meld must be a run with three naturals in consecutive places"
    )


@pytest.mark.clause("canasta-trump-match", "trump-card")
def test_ask_json_says_the_fact_a_score_turns_on_in_turkish() -> None:
    question = {
        "variant": "koz",
        "fi_taken": ["us", "them"],
        "melds": {"us": ["7C 7D 7H 7S 7C 7D 7H", "4H 5H 6H"]},
        "hand": "9C",
        "phase": "play",
        "actions": ["discard 9C", "score"],
    }
    turkish = ask_json(question, language="tr")
    english = ask_json(question)
    assert [t["fact"] for t in turkish["turns_on"]] == ["koz 7S ise"]
    assert english["turns_on"][0]["fact"].startswith("if the trump card is 7")
    assert [t["totals"] for t in turkish["turns_on"]] == [t["totals"] for t in english["turns_on"]]
    assert turkish["score"] == english["score"]


CLASSIC_REJECTED = r"\b(kağıt\w*|kağıd\w*|yer|yeri|yere|yerin|yerde|per|perler|erkek per|işle\w*)\b"
"""The edition's words that the classic sources say otherwise (kart, ıskarta yığını, set,
birleşim, eklemek): the classic rulebook's generated parts never use them."""


@pytest.mark.clause("classic-take-pile")
def test_classic_worked_turn_says_kart_and_iskarta_yigini() -> None:
    start, steps = play_example_turn("classic", "tr")
    assert "ıskarta yığınının üstünde: 9S" in start
    assert [step.label for step in steps] == [
        "ıskarta yığınını şu kartlarla alır:",
        "set açar",
        "ıskarta yığınına atar",
    ]
    said = " ".join([start, *(step.label + " " + step.note for step in steps)])
    assert re.findall(CLASSIC_REJECTED, said) == []


def test_classic_worked_turn_in_english_and_other_families_are_unchanged() -> None:
    _, steps = play_example_turn("classic", "en")
    assert [step.label for step in steps] == [
        "takes the discard pile with",
        "melds",
        "discards",
    ]
    start, steps = play_example_turn("fi-5200", "tr")
    assert "yerin üstünde" in start
    assert "per açar" in [step.label for step in steps]


@pytest.mark.clause("classic-red-threes", "classic-black-threes")
def test_classic_quick_reference_and_meld_examples_say_the_classic_words() -> None:
    rows = get_quick_reference("classic", "tr")
    said = "\n".join(line for row in rows for line in (row.topic, *row.lines))
    assert "108 kart (4 joker)" in said
    assert "kırmızı üçlüler bonus kartıdır; siyah üçlü ıskarta yığınını kapatır" in said
    assert "kartların puanı" in said
    assert re.findall(CLASSIC_REJECTED, said) == []
    verdicts = [example.verdict for example in get_meld_examples("classic", "tr")]
    assert verdicts[0] == "set, 30 puan"
    assert "birleşim olmaz" in verdicts
    assert re.findall(CLASSIC_REJECTED, " ".join(verdicts)) == []
    koz = "\n".join(line for row in get_quick_reference("koz", "tr") for line in row.lines)
    assert "kağıt" in koz


def test_a_family_s_own_label_falls_back_to_the_edition_s() -> None:
    assert get_label("hand", "tr", "classic") == get_label("hand", "tr") == "el"
    assert get_label("discards", "tr", "classic") == "ıskarta yığınına atar"
    assert get_label("discards", "tr", "koz") == get_label("discards", "tr") == "yere atar"
    assert get_label("discards", "en", "classic") == "discards"
    assert get_label("discards", None, "classic") == "discards"


@pytest.mark.clause("points-exact", "score-breakdown")
def test_play_says_half_points_with_the_turkish_decimal_comma(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "--variant", "koz", "--seed", "5", "--max-hands", "1"]
    assert main([*argv, "--lang", "tr"]) == 0
    turkish = capsys.readouterr().out
    assert re.search(r"^  perler +74,5 +21,5$", turkish, re.M)
    assert re.search(r"\d+,\d\d sn$", turkish, re.M)
    assert re.findall(r"\d\.\d", turkish) == []
    assert main([*argv, "--lang", "en"]) == 0
    assert re.search(r"^  melded +74\.5 +21\.5$", capsys.readouterr().out, re.M)


@pytest.mark.clause("points-exact", "opening-threshold")
def test_ask_says_half_points_with_the_turkish_decimal_comma(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["ask", "--variant", "koz", "--meld", "5H 5D 5S", "--discard", "9H"]
    assert main([*argv, "--lang", "tr"]) == 1
    turkish = capsys.readouterr().out.split("Karara bağlayan")[0]
    assert "onu başlangıcı en düşük puan olan dilime koyar: ilk açılış 4,5 puan ister" in turkish
    assert (
        "erkek per 5: 5D 5H 5S = 1,5 (jokerler dahil her kağıdın puanı; kanasta bonusları"
        in turkish
    )
    assert re.findall(r"\d\.\d", turkish) == []
    assert re.findall(r"prim\w*|en düşük puan puandan", turkish) == []
    assert main([*argv, "--lang", "en"]) == 1
    english = capsys.readouterr().out
    assert "puts it in the band from the lowest score: the first meld needs 4.5" in english
    argv = ["ask", "--variant", "koz", "--hand", "9C", "--our-meld", "7C 7D 7H 7S 7C 7D 7H"]
    argv += ["--our-meld", "KH KD KS", "--phase", "play", "discard 9C; score", "--lang", "tr"]
    assert main(argv) == 3
    assert re.search(r"^  perler +6,5 +0$", capsys.readouterr().out, re.M)


@pytest.mark.clause("points-exact", "meld-points")
def test_meld_says_the_family_and_half_points_in_turkish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["meld", "--lang", "tr", "--variant", "koz", "5h", "5s", "5d"]) == 0
    assert "koz kurallarıyla olur: erkek per 5: 5D 5H 5S, 1,5 puan" in capsys.readouterr().out
    assert main(["meld", "--lang", "tr", "--variant", "classic", "7h", "8s"]) == 1
    assert capsys.readouterr().out.startswith("klasik kanasta kurallarıyla OLMAZ")
    assert main(["meld", "--variant", "koz", "5h", "5s", "5d"]) == 0
    assert "legal in koz: set 5: 5D 5H 5S, points 1.5" in capsys.readouterr().out


@pytest.mark.clause("points-exact", "meld-points")
def test_explain_says_half_points_with_the_turkish_decimal_comma(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "question.json"
    question = {"variant": "koz", "steps": [{"kind": "meld", "cards": ["5H", "5S", "5D"]}]}
    path.write_text(json.dumps(question), encoding="utf-8")
    assert main(["explain", "--lang", "tr", str(path)]) == 0
    assert "    puan: 1,5\n" in capsys.readouterr().out
    assert main(["explain", str(path)]) == 0
    assert "    points: 1.5\n" in capsys.readouterr().out


def test_explain_says_a_step_left_unanswered_in_turkish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "question.json"
    question = {"variant": "nope", "steps": [{"kind": "meld", "cards": ["5H", "5S", "5D"]}]}
    path.write_text(json.dumps(question), encoding="utf-8")
    assert main(["explain", "--lang", "tr", str(path)]) == 3
    assert capsys.readouterr().err.startswith("kanasta: referans motor her adımı yanıtlayamadı")
    assert main(["explain", str(path)]) == 3
    assert "could not answer every step" in capsys.readouterr().err


@pytest.mark.clause("opening-two-melds")
def test_the_desk_asks_in_the_language_of_its_page() -> None:
    script = (Path(__file__).parent.parent / "docs" / "desk" / "desk.js").read_text("utf-8")
    glue = script.split("const GLUE = `", 1)[1].split("`;", 1)[0]
    scope: dict[str, Any] = {}
    exec(compile(glue, "desk.js GLUE", "exec"), scope)  # the page runs this Python in Pyodide
    question = {"variant": "fi-351", "actions": ["meld 5H 5D 5S", "meld 8C 8C 8D", "discard 9H"]}
    turkish = json.loads(scope["desk_ask"](json.dumps(question), "tr"))
    assert turkish["steps"][2]["detail"].startswith("Açış perlerinden biri")
    assert turkish["position"][0] == "fi-351, 4 oyuncu; siz 0 numaralı oyuncusunuz"
    english = json.loads(scope["desk_ask"](json.dumps(question), "en"))
    assert english["steps"][2]["code"] == turkish["steps"][2]["code"] == "no-natural-run"
    assert english["position"][0] == "fi-351, 4 players; you are seat 0"


def test_a_turn_s_verdict_and_a_missing_card_list_in_turkish() -> None:
    step = _step("turn", {"verdict": "accepted"}, actions=[])
    said = _said("turn", {"verdict": "accepted"}, {"verdict": "maybe"}, actions=[])
    assert said == 'sonuç: beklenen olur, gelen "maybe"'
    table = checks.TurnTable(("7H",), ("stock", "pile", "hands", "melds"), 2, 2)
    _, found = check_answer_phrases(step, {"verdict": "accepted", "cards": "x"}, table=table)
    assert [phrase.render("tr") for phrase in found] == [
        'kağıtlar: her kağıdın nerede olduğu bekleniyordu, gelen "x"'
    ]
    assert found[0] == 'cards: expected where every card is, got "x"'


def test_a_state_s_meld_with_its_canasta_in_turkish() -> None:
    from kanasta.conformance.present import _fact  # noqa: PLC0415

    meld = {"arrangement": {"kind": "set", "rank": "7", "cards": ["7C"] * 7}, "canasta": "mixed"}
    assert (
        _fact("melds", [[meld]], "tr") == "[[erkek per 7: 7C 7C 7C 7C 7C 7C 7C (karışık kanasta)]]"
    )
    assert _fact("phase", "play", "tr") == "oyun aşaması"
    assert _fact("fi", [], "tr") == "(yok)"
    assert _fact("dealer", 3, "tr") == "3"


@pytest.mark.clause("game-record", "turn-structure")
def test_replay_says_a_refused_action_in_turkish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", "--variant", "koz", "--seed", "5", "--max-hands", "1", "--quiet"]
    assert main([*argv, "--save", str(record)]) == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    first = data["hands"][0]["actions"]
    first[2] = {"type": "discard", "card": "2C"}  # a discard in the draw phase
    record.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", "--lang", "tr", str(record)]) == 2
    turkish = capsys.readouterr().err
    assert "hands[0].actions[2]: kurallar bu hamleye izin vermiyor: wrong-phase" in turkish
    assert "[turn-structure]: Bu hamle sıranın bu aşamasında yapılmaz." in turkish
    assert english_left(turkish, ["the rules reject", "this action belongs", "phase"]) == []
    assert main(["replay", str(record)]) == 2
    english = capsys.readouterr().err
    assert (
        "hands[0].actions[2]: the rules reject this action: wrong-phase [turn-structure]: "
        in english
    )
