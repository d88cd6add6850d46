"""``kanasta ask``: seats and inputs honoured; bounded question files; the Python API."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from kanasta.ask import ask_json, load_question, parse_ask_move, question_from_mapping
from kanasta.cli import main
from kanasta.errors import InputError


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str], *named: str) -> None:
    assert main(["ask", *argv]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.count("\n") == 1
    for word in named:
        assert word in err


@pytest.mark.clause("action-seat")
def test_action_seat_a_seat_prefix_is_checked_against_the_turn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["ask", "--variant", "koz", "seat 3: draw"]) == 1
    assert "not-your-turn [action-seat]" in capsys.readouterr().out
    assert main(["ask", "--variant", "koz", "--seat", "3", "seat 3: draw"]) == 0
    assert parse_ask_move("seat 2: take-pile with 7H 7D")[1] == 2


@pytest.mark.clause("opening-provisional", "state-json")
def test_the_other_side_holding_a_provisional_opening_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--variant", "koz", "--their-meld", "4H 5H 6H", "--our-meld", "7C 7D 7S"]
    _refused([*argv, "--opened", "us", "draw"], capsys, "opening-provisional")


@pytest.mark.clause("opening-team")
def test_opened_with_no_meld_on_the_table_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    _refused(["--variant", "koz", "--opened", "both", "draw"], capsys, "--opened", "opening-team")


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--hand-size", "0"], ["--hand-size", "fi-pickup"]),
        (["--hand", "4H 5H", "--hand-size", "1"], ["--hand-size 1", "names 2 cards"]),
        (["--fi-left", "-1"], ["--fi-left -1", "never negative"]),
        (["--hand-size", "-5"], ["--hand-size -5", "never negative"]),
        (["--pile-size", "-1"], ["--pile-size -1", "never negative"]),
        (["--fi-left", "3"], ["--fi-left 3", "at most 2"]),
        (["--stock-size", "-2"], ["--stock-size -2", "never negative"]),
    ],
)
def test_counts_are_checked(
    argv: list[str], named: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _refused(["--variant", "koz", *argv, "draw"], capsys, *named)


def test_hand_size_smaller_than_the_cards_the_moves_use_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--variant", "koz", "--hand-size", "2", "--phase", "play", "meld 4H 5H 6H"]
    _refused(argv, capsys, "--hand-size 2", "at least 3")


@pytest.mark.parametrize(
    ("first", "second"),
    [("options", "features"), ("actions", "action"), ("pile", "discard")],
)
def test_disagreeing_aliases_are_refused(first: str, second: str) -> None:
    values = {
        "options": (["players-2"], ["target-555"]),
        "actions": (["draw"], ["pass"]),
        "pile": ("9D", "9C"),
    }[first]
    data = {"variant": "fi-351", first: values[0], second: values[1]}
    with pytest.raises(InputError, match="name the same field and disagree"):
        question_from_mapping(data, "q.json")
    agreeing = question_from_mapping(
        {"variant": "fi-351", first: values[0], second: values[0]}, "q"
    )
    assert agreeing.variant == "fi-351"


def test_an_endless_toml_question_is_refused_unread(tmp_path: Path) -> None:
    link = tmp_path / "q.toml"
    os.symlink("/dev/zero", link)
    with pytest.raises(InputError, match="larger than 1048576 bytes"):
        load_question(link)


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 100_000 + "]" * 100_000,
        "a = " + "{b = " * 100_000 + "1" + "}" * 100_000,
        ".".join(["a"] * 100_000) + " = 1",
        "[" + ".".join(["a"] * 20) + "]\n" + ".".join(["b"] * 20) + " = 1\n",
    ],
    ids=["arrays", "inline-tables", "dotted-key", "table-and-key"],
)
def test_a_deep_toml_question_is_one_paragraph(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "q.toml"
    path.write_text(text)
    assert main(["ask", str(path)]) == 2
    err = capsys.readouterr().err
    assert "nested more than 32 levels" in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_strings_and_comments_do_not_count_as_nesting(tmp_path: Path) -> None:
    path = tmp_path / "q.toml"
    path.write_text(
        'variant = "classic" # [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n'
        'hand = "7H 7D [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\" JK"\n'
        "actions = ['draw']\n"
    )
    assert load_question(path).hand == '7H 7D [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[" JK'


@pytest.mark.clause("classic-frozen-pile")
def test_ask_json_is_the_command_as_a_function(capsys: pytest.CaptureFixture[str]) -> None:
    question = {
        "variant": "classic",
        "hand": "7H 7D JK 9S",
        "pile_top": "7C",
        "frozen": True,
        "melds": {"us": ["KC KD KH"]},
        "actions": ["take-pile with 7H JK"],
    }
    data = ask_json(question)
    assert data["verdict"] == "not allowed"
    assert data["steps"][0]["code"] == "natural-pair-needed"
    assert data["clauses"][0]["slug"] == "classic-frozen-pile"
    argv = ["ask", "--variant", "classic", "--hand", "7H 7D JK 9S", "--pile-top", "7C"]
    main([*argv, "--frozen", "--our-meld", "KC KD KH", "take-pile with 7H JK", "--json"])
    printed = json.loads(capsys.readouterr().out)
    for key in ("verdict", "steps", "why", "clauses", "position"):
        assert printed[key] == data[key]
    assert any("say question: hand_size" in line for line in data["assumed"])
    with pytest.raises(InputError, match="question: variant"):
        ask_json({"hand": "7H"})
