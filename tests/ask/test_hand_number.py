"""``kanasta ask``: the hand number (which hand of the game the position is in), as the flag
``--hand-number`` and the question field ``hand_number``. No rule of a hand reads it; the
answer shows it, says so citing the family's game clause, and the game's first hand pins
the totals to 0 and the target to the family's own (game-hands)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kanasta.ask import Verdict, ask_json, load_question, question_from_mapping
from kanasta.cli import main
from kanasta.errors import InputError
from kanasta.families import get_game_clause, get_profile

_OPENING = {"hand": "4H 5H 6H 9C", "phase": "play", "actions": ["meld 4H 5H 6H", "discard 9C"]}
_QUESTIONS: dict[str, dict[str, Any]] = {
    "koz": {"hand": "7H 7D 7S 9C", "phase": "play", "actions": ["meld 7H 7D 7S", "discard 9C"]},
    "fi-5200": _OPENING,
    "fi-351": _OPENING,
    "classic": {
        "hand": "7H 7D JK 9S",
        "pile_top": "7C",
        "frozen": True,
        "melds": {"us": ["KC KD KH"]},
        "actions": ["take-pile with 7H JK"],
    },
}
"""A refused question of each family: an opening, or taking a frozen pile."""

_ARGV = ["--variant", "koz", "--hand", "7H 7D 7S 9C", "--phase", "play"]
_ARGV += ["meld 7H 7D 7S; discard 9C"]


def _text(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["ask", *argv])
    return status, capsys.readouterr().out


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str], *named: str) -> str:
    assert main(["ask", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "Traceback" not in err
    for part in named:
        assert part in err
    return err


@pytest.mark.clause("game-hands", "dealer-rotation", "first-player")
@pytest.mark.parametrize("family", list(_QUESTIONS))
def test_game_hands_the_ruling_does_not_turn_on_the_hand_number(family: str) -> None:
    question = {"variant": family, **_QUESTIONS[family]}
    without = ask_json(question)
    with_number = ask_json({**question, "hand_number": 4})
    assert without["verdict"] == Verdict.NOT_ALLOWED
    for key in ("verdict", "steps", "clauses", "why", "assumed"):
        assert with_number[key] == without[key]
    game_clause = get_game_clause(get_profile(family))
    note = with_number["hand_number"]
    assert note["number"] == 4
    assert note["note"].startswith("The hand number (4): the ruling does not turn on it.")
    assert f"(clause {game_clause})" in note["note"]
    assert note["clauses"] == ["dealer-rotation", "first-player", game_clause]
    assert "hand 4 of the game" in with_number["position"]
    assert "hand_number" not in without


@pytest.mark.clause("game-hands")
def test_game_hands_the_flag_is_shown_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _text([*_ARGV, "--hand-number", "3", "--lang", "en"], capsys)
    assert status == 1
    assert "\n  hand 3 of the game\n" in out
    assert "The hand number (3): the ruling does not turn on it." in out
    assert "(clause game-target)." in out
    # the note comes after the answer and before the clauses' text
    assert out.index("The hand number") < out.index("Deciding clause(s):")


@pytest.mark.clause("game-hands")
def test_game_hands_the_flag_is_shown_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _text([*_ARGV, "--hand-number", "3", "--lang", "tr"], capsys)
    assert status == 1
    assert "\n  oyunun 3. eli\n" in out
    assert "El numarası (3): karar buna bağlı değil." in out
    assert "(madde game-target)." in out
    assert "the ruling" not in out


@pytest.mark.clause("game-hands")
def test_game_hands_the_flag_is_in_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", *_ARGV, "--hand-number", "2", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["hand_number"]["number"] == 2
    assert "hand 2 of the game" in data["position"]
    assert data["hand_number"]["note"].startswith("The hand number (2): the ruling")


@pytest.mark.clause("game-hands")
def test_game_hands_the_json_says_the_hand_number_in_turkish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["ask", *_ARGV, "--hand-number", "2", "--json", "--lang", "tr"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["hand_number"]["number"] == 2
    assert "oyunun 2. eli" in data["position"]
    assert data["hand_number"]["note"].startswith("El numarası (2): karar buna bağlı değil.")


@pytest.mark.clause("game-hands")
@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_game_hands_the_field_is_read_from_a_file(
    suffix: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"q{suffix}"
    if suffix == ".json":
        path.write_text(json.dumps({"variant": "fi-351", "hand_number": 5, "actions": ["draw"]}))
    else:
        path.write_text('variant = "fi-351"\nhand_number = 5\nactions = ["draw"]\n')
    assert load_question(path).hand_number == 5
    status, out = _text([str(path), "--lang", "tr"], capsys)
    assert status == 0
    assert "\n  oyunun 5. eli\n" in out
    assert "El numarası (5): karar buna bağlı değil." in out
    assert "(madde game-target-fi-351)." in out


@pytest.mark.clause("game-hands")
@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, "hand_number 0: the hands of a game are counted from 1"),
        (-1, "hand_number -1: the hands of a game are counted from 1"),
        ("x", "found 'x'"),
        (1.5, "found 1.5"),
        (True, "found True"),
    ],
    ids=["zero", "negative", "text", "fraction", "boolean"],
)
def test_game_hands_a_field_that_is_no_hand_number_is_refused(
    value: object, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "q.json"
    path.write_text(json.dumps({"variant": "koz", "hand_number": value, "actions": ["draw"]}))
    err = _refused([str(path)], capsys, f"{path}: hand_number", message, "clause game-hands")
    assert "expected" in err or "counted from 1" in err


@pytest.mark.clause("game-hands")
@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0", "--hand-number 0: the hands of a game are counted from 1"),
        ("-1", "--hand-number -1: the hands of a game are counted from 1"),
        ("x", "--hand-number 'x': expected which hand of the game this is"),
        ("1.5", "--hand-number '1.5': expected which hand of the game this is"),
    ],
    ids=["zero", "negative", "text", "fraction"],
)
def test_game_hands_a_flag_that_is_no_hand_number_is_refused(
    value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _refused(["--variant", "koz", f"--hand-number={value}", "draw"], capsys, message, "game-hands")


@pytest.mark.clause("game-hands")
def test_game_hands_flag_and_field_that_disagree_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "q.json"
    path.write_text(json.dumps({"variant": "koz", "hand_number": 2, "actions": ["draw"]}))
    _refused(
        [str(path), "--hand-number", "3"],
        capsys,
        f"--hand-number 3 and {path}: hand_number 2",
        "disagree",
        "clause game-hands",
    )
    status, out = _text([str(path), "--hand-number", "2"], capsys)
    assert status == 0
    assert "\n  hand 2 of the game\n" in out


@pytest.mark.clause("game-hands")
def test_game_hands_the_flag_beside_a_file_without_the_field_is_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "q.json"
    path.write_text(json.dumps({"variant": "classic", "actions": ["draw"]}))
    status, out = _text([str(path), "--hand-number", "7"], capsys)
    assert status == 0
    assert "\n  hand 7 of the game\n" in out
    assert "(clause classic-game-target)." in out


@pytest.mark.clause("game-hands")
def test_game_hands_before_the_first_hand_every_total_is_0() -> None:
    question = {"variant": "koz", **_QUESTIONS["koz"]}
    first = ask_json({**question, "hand_number": 1})
    without = ask_json(question)
    assert first["verdict"] == without["verdict"] == Verdict.NOT_ALLOWED
    assert "the game scores not given are 0" in without["assumed"]
    assert "the game scores not given are 0" not in first["assumed"]
    fact = "the totals before the game's first hand are 0 (clause game-hands)"
    assert fact in first["position"]
    assert first["hand_number"]["clauses"][0] == "game-hands"
    assert "does not turn on it beyond the totals" in first["hand_number"]["note"]
    zero = ask_json({**question, "hand_number": 1, "score": {"us": 0, "them": "0"}})
    assert zero["verdict"] == Verdict.NOT_ALLOWED


@pytest.mark.clause("game-hands")
def test_game_hands_the_first_hand_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _text([*_ARGV, "--hand-number", "1", "--lang", "tr"], capsys)
    assert status == 1
    assert "oyunun ilk elinden önce bütün toplamlar 0 (madde game-hands)" in out
    assert "El numarası (1): karar buna toplamlar dışında bağlı değil;" in out


@pytest.mark.clause("game-hands")
@pytest.mark.parametrize(
    ("score", "named"),
    [({"us": 150}, "score.us 150"), ({"them": "4.5"}, "score.them 4.5")],
    ids=["ours", "theirs-half-points"],
)
def test_game_hands_a_score_in_the_first_hand_is_refused(
    score: dict[str, object], named: str
) -> None:
    data = {"variant": "koz", "hand_number": 1, "score": score, "actions": ["draw"]}
    with pytest.raises(InputError, match="the totals before its first hand are 0") as caught:
        ask_json(data)
    assert f"question: {named} in question: hand_number 1" in str(caught.value)
    assert "clause game-hands" in str(caught.value)
    assert ask_json({**data, "hand_number": 2})["verdict"] == Verdict.ALLOWED


@pytest.mark.clause("game-hands", "game-target-fi-5200")
def test_game_hands_a_moved_target_in_the_first_hand_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--variant", "fi-5200", "--target", "7200", "draw"]
    _refused(
        [*argv, "--hand-number", "1"],
        capsys,
        "--target 7200 in --hand-number 1: the target is 5200 until a hand has moved it",
        "clause game-target-fi-5200",
    )
    assert main(["ask", *argv, "--hand-number", "2"]) == 0
    capsys.readouterr()
    assert main(["ask", "--variant", "fi-5200", "--target", "5200", "--hand-number", "1"]) == 0


def test_game_hands_the_field_is_a_question_field() -> None:
    assert question_from_mapping({"variant": "koz", "hand_number": 3}, "q").hand_number == 3
    assert question_from_mapping({"variant": "koz"}, "q").hand_number is None
