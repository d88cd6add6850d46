"""``kanasta meld``: the meld checker on the command line."""

from __future__ import annotations

import json

import pytest

from kanasta.cli import main


@pytest.mark.clause("run-wild-after-three-naturals", "meld-points")
def test_meld_command_legal_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "--variant", "fi-5200", "4H", "5H", "6H", "2C", "8H"]) == 0
    out = capsys.readouterr().out
    assert "legal in fi-5200: run H: 4H 5H 6H [2C] 8H, points 35" in out


@pytest.mark.clause("run-wild-after-three-naturals")
def test_meld_command_illegal_names_the_clause(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "--variant", "fi-5200", "5H", "6H", "2C"]) == 1
    out = capsys.readouterr().out
    assert "ILLEGAL in fi-5200: wild-needs-three-naturals" in out
    assert "run-wild-after-three-naturals 3.10" in out


@pytest.mark.clause("canasta-kind-fixed", "run-wild-moves")
def test_meld_command_lay_offs_and_choices(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["meld", "--variant", "fi-5200", "5H", "2C", "7H", "8H", "9H", "10H"]
    assert main([*argv, "--then", "6H", "--then-wild-at", "4"]) == 0
    out = capsys.readouterr().out
    assert "lay off 6H: legal in fi-5200: run H: [2C] 5H 6H 7H 8H 9H 10H (half canasta)" in out
    assert "half canasta, bonus 100" in out
    assert main(["meld", "--variant", "koz", "5H", "6H", "7H", "JK"]) == 0
    assert "could also stand as" in capsys.readouterr().out


@pytest.mark.clause("lay-off")
def test_meld_command_json_and_failed_lay_off(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["meld", "--variant", "koz", "8C", "8D", "8H", "--then", "9C", "--then", "8S", "--json"]
    assert main(argv) == 1
    data = json.loads(capsys.readouterr().out)
    assert [s["verdict"] for s in data["steps"]] == ["legal", "illegal"]
    assert data["steps"][1]["clause"] == "set-definition"
    assert data["steps"][0]["points"] == 3


@pytest.mark.clause("card-notation")
def test_meld_command_bad_card_is_one_paragraph(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "--variant", "koz", "5H", "ZZ"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kanasta: error: card #2: 'ZZ' is not a card")
    assert "Traceback" not in err
    assert err.count("\n") == 1


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "COMMAND" in capsys.readouterr().out
