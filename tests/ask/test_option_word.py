"""One word for rule options: every command takes ``--option`` (``--feature`` still read)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kanasta.cli import main


@pytest.mark.clause("profile-options", "classic-options")
def test_meld_takes_option(capsys: pytest.CaptureFixture[str]) -> None:
    cards = ["7H", "7D", "JK", "2C"]
    assert main(["meld", "--variant", "classic", *cards]) == 0
    capsys.readouterr()
    assert main(["meld", "--variant", "classic", "--option", "two-naturals-per-wild", *cards]) == 1
    assert "too-few-naturals-per-wild" in capsys.readouterr().out
    assert main(["meld", "--variant", "classic", "--feature", "two-naturals-per-wild", *cards]) == 1


@pytest.mark.clause("profile-options")
def test_conformance_list_filters_by_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "list", "--option", "joker-canasta"]) == 0
    by_option = capsys.readouterr().out
    assert main(["conformance", "list", "--feature", "joker-canasta"]) == 0
    assert capsys.readouterr().out == by_option
    assert "joker-canasta" in by_option


@pytest.mark.clause("profile-options", "classic-options")
def test_ask_and_explain_take_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ask", "--variant", "classic", "--hand", "7H 7D JK 2C 9S", "--phase", "play"]
    assert main([*argv, "--option", "two-naturals-per-wild", "meld 7H 7D JK 2C"]) == 1
    assert "too-few-naturals-per-wild" in capsys.readouterr().out
    question = {
        "variant": "classic",
        "options": ["two-naturals-per-wild"],
        "steps": [{"kind": "meld", "cards": "7H 7D JK 2C"}],
    }
    path = tmp_path / "q.json"
    path.write_text(json.dumps(question))
    assert main(["explain", str(path)]) == 0
    assert "too-few-naturals-per-wild" in capsys.readouterr().out
    path.write_text(json.dumps({**question, "features": ["two-naturals-per-wild"]}))
    assert main(["explain", str(path)]) == 2
