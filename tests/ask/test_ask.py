"""``kanasta ask``: questions from a partial position, as players ask them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kanasta.ask import Question, Verdict, answer_question, load_question, parse_ask_action
from kanasta.cli import main
from kanasta.errors import InputError
from kanasta.rules.actions import ActionType


@pytest.mark.clause("classic-frozen-pile")
def test_frozen_pile_refuses_a_natural_and_a_wild(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "classic", "--hand", "7H 7D JK 9S", "--pile-top", "7C"]
    argv += ["--frozen", "--our-meld", "KC KD KH", "take-pile", "with", "7H", "JK"]
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "NOT allowed, natural-pair-needed [classic-frozen-pile]" in out
    assert "6.15  The frozen pile  [classic-frozen-pile]" in out
    assert "your hand is exactly these 4 cards" in out


@pytest.mark.clause("classic-take-pile", "classic-frozen-pile")
def test_bare_take_pile_lists_the_legal_ways(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "classic", "--hand", "7H 7D JK 9S", "--pile-top", "7C"]
    assert main([*argv, "--frozen", "--our-meld", "KC KD KH", "take-pile"]) == 0
    out = capsys.readouterr().out
    assert "Answer: ALLOWED" in out
    assert "the legal ways: take-pile with 7D 7H" in out


@pytest.mark.clause("opening-two-melds")
def test_fi_351_two_sets_do_not_open(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "fi-351", "--meld", "5H 5D 5S", "--meld", "8C 8C 8D"]
    assert main([*argv, "--discard", "9H"]) == 1
    out = capsys.readouterr().out
    assert "1. meld 5D 5H 5S: allowed" in out
    assert "3. discard 9H: NOT allowed, no-natural-run [opening-two-melds]" in out
    assert "your hand: 11 cards, the 7 the moves use and 4 left unknown" in out


@pytest.mark.clause("classic-frozen-pile")
def test_an_answer_that_depends_on_unknown_cards_says_so() -> None:
    question = Question(
        "classic",
        hand="7H JK 4S 5S",
        pile_top="7C",
        pile_size=6,
        melds={"us": ("KC KD KH",)},
        actions=("take-pile with 7H JK",),
    )
    answer = answer_question(question)
    assert answer.verdict == Verdict.DEPENDS
    assert answer.other is not None
    settled = answer_question(
        Question(
            "classic",
            hand="7H JK 4S 5S",
            pile_top="7C",
            pile_size=6,
            frozen=False,
            melds={"us": ("KC KD KH",)},
            actions=("take-pile with 7H JK",),
        )
    )
    assert settled.verdict == Verdict.ALLOWED


def test_the_completion_is_deterministic() -> None:
    question = Question("koz", hand="4H 5H 6H 9C 9D", pile_top="KS", actions=("meld 4H 5H 6H",))
    first, second = answer_question(question), answer_question(question)
    assert first.outcome.start == second.outcome.start
    assert first.verdict == Verdict.ALLOWED


@pytest.mark.clause("legal-action-count")
def test_what_may_i_do_lists_the_legal_actions(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "classic", "--hand", "7H 7D JK 9S", "--pile-top", "7C"]
    assert main([*argv, "--phase", "play", "--our-meld", "KC KD KH"]) == 0
    out = capsys.readouterr().out
    assert "legal action(s) now (play phase)" in out
    assert "  discard 9S" in out
    assert "  lay-off #0 JK" in out


def test_log_and_fixture_notations_are_both_read() -> None:
    assert parse_ask_action("take-pile with 7H 7D onto #1").meld == 1
    assert parse_ask_action("take-pile 7H 7D onto meld 1").meld == 1
    lay = parse_ask_action("lay-off #0 7S")
    assert (lay.type, lay.meld) == (ActionType.LAY_OFF, 0)
    assert parse_ask_action("lay-off 7S onto meld 2").meld == 2
    assert parse_ask_action("meld 5H 6H JK @4").wild_at == 4


def test_a_question_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    question = {
        "variant": "classic",
        "hand": "7H 7D JK 9S",
        "pile_top": "7C",
        "frozen": True,
        "melds": {"us": ["KC KD KH"]},
        "actions": ["take-pile with 7H JK"],
    }
    path = tmp_path / "q.json"
    path.write_text(json.dumps(question))
    assert main(["ask", str(path)]) == 1
    assert "natural-pair-needed" in capsys.readouterr().out
    toml = tmp_path / "q.toml"
    toml.write_text(
        'variant = "classic"\nhand = "7H 7D JK 9S"\npile_top = "7C"\nfrozen = true\n'
        'actions = ["take-pile with 7H 7D"]\n[melds]\nus = ["KC KD KH"]\n'
    )
    assert main(["ask", "--file", str(toml), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "allowed"
    assert data["clauses"][0]["slug"] == "classic-take-pile"


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--hand", "7H 7X"], ["--hand", "7X", "card-notation"]),
        (["--hand", "7H 7H 7H"], ["7H", "deck-composition"]),
        (["--our-meld", "7H 8C 9D"], ["--our-meld", "7H 8C 9D"]),
        (["--pile-top", "7C", "discard 7Q"], ["discard 7Q", "action-kinds"]),
        (["--pile-top", "7C", "--seat", "5"], ["--seat", "seats-in-order-of-play"]),
    ],
)
def test_bad_input_is_one_paragraph(
    argv: list[str], named: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ask", "--variant", "classic", *argv]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.count("\n") == 1
    for word in named:
        assert word in err


def test_bad_question_file_names_the_field(tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    path.write_text(json.dumps({"variant": "classic", "melds": {"ours": []}}))
    with pytest.raises(InputError, match="melds: 'ours' is no side"):
        load_question(path)


@pytest.mark.clause("classic-frozen-pile")
def test_lang_chooses_the_clause_text(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "classic", "--hand", "7H 7D JK 9S", "--pile-top", "7C"]
    argv += ["--frozen", "--our-meld", "KC KD KH", "take-pile with 7H JK"]
    assert main([*argv, "--lang", "en"]) == 1
    english = capsys.readouterr()
    assert "6.15  The frozen pile  [classic-frozen-pile]" in english.out
    assert english.err == ""
    assert main([*argv, "--lang", "tr"]) == 1
    turkish = capsys.readouterr()
    assert "6.15  Donmuş yer  [classic-frozen-pile]" in turkish.out
    assert turkish.err == ""


@pytest.mark.clause("single-pile-no-discard-back")
def test_move_flags_keep_their_order(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "koz", "--hand", "9C 4D 5S", "--pile", "9D"]
    assert main([*argv, "--take-pile", "--discard", "9D"]) == 1
    out = capsys.readouterr().out
    assert "1. take-pile: allowed" in out
    assert "2. discard 9D: NOT allowed, discard-taken-card [single-pile-no-discard-back]" in out


@pytest.mark.clause("emptying-needs-canasta", "fi-pickup")
def test_fi_taken_by_a_side(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "koz", "--fi-taken", "them", "--fi-taken", "them"]
    argv += ["--hand", "9C", "--our-meld", "4H 5H 6H", "--phase", "play", "discard 9C"]
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "fi taken by: the other side, the other side" in out
    assert "fi packets left: 0" in out
    assert "no-canasta [emptying-needs-canasta]" in out
    assert main(["ask", "--variant", "classic", "--fi-taken", "us", "draw"]) == 2
    assert "classic deals no fi packets" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--our-score", "1e9"], ["--our-score", "points-exact"]),
        (["--fi-left", "2"], ["--fi-left", "rule-families"]),
        (["--pile", "7C 8C", "--pile-size", "1"], ["--pile-size", "7C 8C"]),
        (["--hand-size", "200"], ["--hand-size", "deck-composition"]),
        (["--not-frozen", "--pile-top", "2C", "--our-meld", "KC KD KH"], ["--frozen"]),
        (["--went-out", "us", "--hand", "7H"], ["--went-out", "going-out"]),
    ],
)
def test_impossible_positions_name_the_flag(
    argv: list[str], named: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ask", "--variant", "classic", *argv, "draw"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    for word in named:
        assert word in err


@pytest.mark.clause("classic-frozen-pile")
def test_only_the_top_of_the_pile_named_leaves_its_freeze_open() -> None:
    base = {"hand": "7H JK 9S 4D", "melds": {"us": ("KC KD KH",)}}
    moves = ("take-pile with 7H JK",)
    top_only = answer_question(Question("classic", pile_top="7C", actions=moves, **base))  # type: ignore[arg-type]
    assert top_only.verdict == Verdict.DEPENDS
    assert any("if a wild card or a red three lies under" in line for line in top_only.position)
    whole = answer_question(Question("classic", pile="7C", actions=moves, **base))  # type: ignore[arg-type]
    assert whole.verdict == Verdict.ALLOWED


@pytest.mark.clause("canasta-half-full", "lay-off")
def test_a_canasta_formed_cites_its_kind(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "fi-5200", "--opened", "us", "--our-meld", "5H 2C 7H 8H 9H 10H"]
    assert main([*argv, "--lay-off", "#0 6H", "--discard", "9C"]) == 0
    out = capsys.readouterr().out
    assert "#0: run H: 5H 6H 7H 8H 9H 10H [2C] (half canasta)" in out
    assert "[canasta-half-full]" in out


@pytest.mark.clause("classic-frozen-pile")
def test_the_answer_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "classic", "--hand", "7H 7D JK 9S", "--pile-top", "7C"]
    argv += ["--frozen", "--our-meld", "KC KD KH", "take-pile with 7H JK", "--lang", "tr"]
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "Yanıt: İZİN YOK" in out
    assert "eldeki kartlarınız: 7H 7D JK 9S" in out  # the classic sources say *kart*
    assert "tarafınız açmış" in out
    assert "natural-pair-needed [classic-frozen-pile]" in out
    assert "Answer:" not in out


@pytest.mark.clause("legal-action-count")
def test_the_legal_actions_in_turkish_use_the_terms_of_the_edition(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["ask", "--variant", "classic", "--hand", "7H 7D JK 9S", "--pile-top", "7C"]
    assert main([*argv, "--phase", "play", "--our-meld", "KC KD KH", "--lang", "tr"]) == 0
    out = capsys.readouterr().out
    assert "geçerli hamle (oyun aşaması)" in out
    assert "klasik kanasta, 4 oyuncu; siz 0 numaralı oyuncusunuz" in out
    assert "koltu" not in out
    assert "yasal" not in out
    assert "play aşaması" not in out


@pytest.mark.clause("classic-hand-score", "classic-red-three-score")
def test_score_sheet_of_a_position_marks_what_unknown_cards_decide(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["ask", "--variant", "classic", "--hand", "5H 9S", "--our-meld", "KC KD KH JK"]
    assert main([*argv, "--our-red-threes", "3H", "score"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Answer: the hand's score, counted as the cards now lie" in lines
    table = {line.split()[0]: line.split()[1:] for line in lines if line.startswith("  ")}
    assert table["melded"] == ["80", "0"]  # three kings (10 each) and a joker (50)
    assert table["red-threes"] == ["100", "0"]  # one red three of a side with a meld
    assert table["going-out"] == ["0", "0"]
    assert all(cell.endswith("*") for cell in table["hand"])  # the partners' hands are unknown
    assert "  (* depends on cards left unknown: name them to settle it)" in lines


@pytest.mark.clause("classic-red-three-score", "classic-hand-score")
def test_score_of_a_hand_the_other_side_ended(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "classic", "--hand", "5H 9S", "--our-red-threes", "3H 3D"]
    argv += ["--their-meld", "QC QD QH QS QC QD QH", "--went-out", "them", "score"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Answer: the hand's score" in lines
    table = {line.split()[0]: line.split()[1:] for line in lines if line.startswith("  ")}
    assert table["red-threes"] == ["-200", "0"]  # two red threes of a side without a meld
    assert table["canastas"] == ["0", "500"]  # seven natural queens
    assert table["going-out"] == ["0", "100"]
