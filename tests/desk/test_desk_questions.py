"""The desk's questions: each dispute's link carries the question ``kanasta ask`` answers,
and the engine zip the browser loads answers it on its own."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from kanasta.ask import QUESTION_FIELDS, ask_json
from tests.ask.test_disputes import _ask, _disputes
from tests.desk.conftest import DESK as DESK_DIR
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


def _desk_script() -> str:
    return (DESK_DIR / "desk.js").read_text(encoding="utf-8")


def test_the_form_has_a_fact_for_every_question_field() -> None:
    """Each field of a question file that is a fact of the position has its box in the
    desk's form (the family, its options, the seat, the turn and the moves have their own)."""
    facts = re.findall(r'\{ key: "([a-z_]+)", kind: "([a-z-]+)"', _desk_script())
    own = {"variant", "options", "seat", "phase", "actions"}
    assert sorted(key for key, _ in facts) == sorted(set(QUESTION_FIELDS) - own)
    assert ("hand_number", "number") in facts


@pytest.mark.clause("game-hands")
def test_hand_number_flag_is_a_fact_of_the_desk_question() -> None:
    question = DESK.get_question("--variant koz --hand-number 3 draw")
    assert question == {"variant": "koz", "actions": ["draw"], "hand_number": 3}


@pytest.mark.clause("game-hands")
def test_the_desk_glue_says_the_hand_number_in_the_page_language() -> None:
    """The Python the page runs in Pyodide (desk.js's GLUE), run here: the hand number's
    note comes back in the edition's language; a bad hand number is the one-paragraph
    error, never a traceback."""
    glue = re.search(r"const GLUE = `\n(.*?)`;", _desk_script(), re.DOTALL)
    assert glue is not None
    scope: dict[str, Any] = {}
    exec(glue.group(1), scope)  # the page's own code, from the repository
    question = json.dumps({"variant": "fi-351", "hand_number": 2, "actions": ["draw"]})
    turkish = json.loads(scope["desk_ask"](question, "tr"))
    assert turkish["hand_number"]["number"] == 2
    assert turkish["hand_number"]["note"].startswith("El numarası (2): karar buna bağlı değil.")
    assert "oyunun 2. eli" in turkish["position"]
    english = json.loads(scope["desk_ask"](question, "en"))
    assert english["hand_number"]["note"].startswith("The hand number (2): the ruling does not")
    bad = json.dumps({"variant": "fi-351", "hand_number": 0, "actions": ["draw"]})
    refused = json.loads(scope["desk_ask"](bad, "en"))
    assert refused == {
        "error": "question: hand_number 0: the hands of a game are counted from 1, its "
        "first hand (clause game-hands)."
    }
