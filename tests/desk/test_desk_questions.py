"""The desk's questions: each dispute's link carries the question ``kanasta ask`` answers,
and the engine zip the browser loads answers it on its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from kanasta.ask import ask_json
from tests.ask.test_disputes import _ask, _disputes
from tests.desk.conftest import load_desk

DESK = load_desk()


@pytest.mark.parametrize("command", [d[0] for d in _disputes()])
def test_dispute_link_asks_what_the_command_asks(command: str) -> None:
    fragment = DESK.get_fragment(DESK.get_question(command))
    question = json.loads(unquote(fragment.removeprefix("q=")))
    _status, expected = _ask(command)
    got = ask_json(question)
    assert got["verdict"] == expected["verdict"]
    assert got["steps"] == expected["steps"]
    assert [c["slug"] for c in got["clauses"]] == [c["slug"] for c in expected["clauses"]]


def test_question_holds_only_the_facts_the_command_gives() -> None:
    question = DESK.get_question("--variant koz --trump 7S --hand '7H 7D' draw")
    assert question == {"variant": "koz", "hand": "7H 7D", "trump": "7S", "actions": ["draw"]}


def test_fi_unplayed_none_is_an_empty_list_not_a_missing_fact() -> None:
    question = DESK.get_question("--variant fi-5200 --fi-unplayed none score")
    assert question["fi_unplayed"] == []


def test_engine_zip_answers_without_the_checkout(tmp_path: Path) -> None:
    """The zip the browser unpacks holds the package and the data it reads at run time:
    unpacked anywhere, it answers a dispute with the Turkish clause text."""
    archive = tmp_path / "kanasta.zip"
    DESK.write_engine_zip(archive)
    with zipfile.ZipFile(archive) as opened:
        opened.extractall(tmp_path / "site")
    script = (
        "import json, kanasta.resources as r\n"
        "from kanasta.ask import ask_json\n"
        "assert r.get_repo_root() is None\n"
        "q = {'variant': 'classic', 'hand': '7H 7D JK 9S', 'pile_top': '7C', 'frozen': True,"
        " 'melds': {'us': ['KC KD KH']}, 'actions': ['take-pile with 7H JK']}\n"
        "print(json.dumps(ask_json(q, language='tr')))\n"
    )
    site = str(tmp_path / "site")
    env = {**os.environ, "PYTHONPATH": site}
    done = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {site!r})\n" + script],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=True,
    )
    answer: dict[str, Any] = json.loads(done.stdout)
    assert answer["verdict"] == "not allowed"
    assert answer["clauses"][0]["slug"] == "classic-frozen-pile"
    assert answer["clauses"][0]["title"] != "The frozen pile"


def test_engine_zip_is_the_same_bytes_each_build(tmp_path: Path) -> None:
    DESK.write_engine_zip(tmp_path / "a.zip")
    DESK.write_engine_zip(tmp_path / "b.zip")
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
