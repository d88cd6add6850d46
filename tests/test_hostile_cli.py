"""Hostile and careless input to the ``kanasta`` command, run as a real subprocess.

Each test runs the installed command (``python -m kanasta``) the way a user
does, and checks the exit status and that the error is one clear paragraph,
never a traceback.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conformance.helpers import good_meld, meld_fixture, write_fixture

KANASTA = [sys.executable, "-m", "kanasta"]


def kanasta(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the command; the result's stdout and stderr as text."""
    return subprocess.run(
        [*KANASTA, *args], capture_output=True, text=True, timeout=120, cwd=cwd, check=False
    )


def refused(result: subprocess.CompletedProcess[str], *words: str) -> str:
    """Assert a clean refusal (status 2, one 'kanasta: error:' paragraph); return stderr."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("kanasta: error: ")
    assert result.stderr.count("\n") == 1
    for word in words:
        assert word in result.stderr
    return result.stderr


def question(tmp_path: Path, data: dict[str, Any], name: str = "q.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- cards


@pytest.mark.clause("deck-composition")
def test_deck_composition_meld_refuses_cards_no_deck_holds() -> None:
    cases = [
        ("fi-5200", ["7H", "7H", "7H"], "3 x 7H"),
        ("koz", ["JK"] * 5, "5 x JK"),
        ("koz", ["5H"] * 9, "9 x 5H"),
        ("classic", ["5H"] * 20_000, "20000 x 5H"),
    ]
    for variant, cards, named in cases:
        err = refused(kanasta("meld", "--variant", variant, *cards), named, "deck-composition")
        assert variant in err
    # Two copies and the family's jokers are fine; a lay-off counts with the meld.
    assert kanasta("meld", "--variant", "fi-5200", "7H", "7H", "JK").returncode == 0
    assert kanasta("meld", "--variant", "koz", "JK", "JK", "JK", "JK").returncode == 0
    refused(
        kanasta("meld", "--variant", "koz", "7H", "7H", "JK", "--then", "7h"),
        "3 x 7H",
        "deck-composition",
    )


@pytest.mark.clause("deck-composition")
def test_deck_composition_question_files_and_fixtures_refuse_cards_no_deck_holds(
    tmp_path: Path,
) -> None:
    path = question(
        tmp_path,
        {
            "variant": "koz",
            "steps": [{"kind": "meld", "cards": ["JK"] * 3, "lay_offs": [{"cards": ["JK", "JK"]}]}],
        },
    )
    refused(kanasta("explain", str(path)), "5 x JK", "deck-composition", "$.steps[0]")
    root = tmp_path / "house"
    write_fixture(root, good_meld("fi-5200/house/good"))
    write_fixture(
        root, meld_fixture("fi-5200/house/three", "7H 7H 7H", good_meld("x")["steps"][0]["expect"])
    )
    result = kanasta("conformance", "validate", "--no-builtin", "--fixtures", str(root))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "3 x 7H" in result.stdout
    assert "deck-composition" in result.stdout


@pytest.mark.clause("card-notation")
def test_card_notation_question_files_read_cards_as_meld_does(tmp_path: Path) -> None:
    lower = question(
        tmp_path,
        {
            "variant": "fi-5200",
            "steps": [
                {"kind": "meld", "cards": "4h 5h 6h 2c 8h"},
                {"kind": "meld", "cards": ["4h", "5H", "6h", "2C", "8h"]},
            ],
        },
    )
    result = kanasta("explain", str(lower))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("legal: ") == 2
    refused(
        kanasta(
            "explain",
            str(
                question(
                    tmp_path,
                    {"variant": "koz", "steps": [{"kind": "meld", "cards": "5h 5x"}]},
                    "bad.json",
                )
            ),
        ),
        "5x",
    )


# --------------------------------------------------------------------------- explain


@pytest.mark.clause("state-json", "rule-families")
def test_state_json_explain_exit_status_says_how_it_went(tmp_path: Path) -> None:
    meld = {"kind": "meld", "cards": ["5H", "5H", "JK"]}
    answered = question(tmp_path, {"variant": "koz", "steps": [meld]}, "a.json")
    assert kanasta("explain", str(answered)).returncode == 0
    wrong = {**meld, "expect": {"verdict": "rejected", "code": "x", "clause": "set-definition"}}
    differs = question(tmp_path, {"variant": "koz", "steps": [wrong]}, "d.json")
    assert kanasta("explain", str(differs)).returncode == 1
    unknown = question(tmp_path, {"variant": "nope", "steps": [meld]}, "u.json")
    result = kanasta("explain", str(unknown))
    assert result.returncode == 3
    assert "unknown variant 'nope'" in result.stdout
    state = {
        "hands": [["5H"], [], [], []],
        "stock": [],
        "discard": [],
        "melds": [[], []],
        "turn": 0,
        "phase": "draw",
    }
    broken = question(
        tmp_path,
        {"variant": "koz", "setup": {"state": state}, "steps": [{"kind": "state"}]},
        "s.json",
    )
    result = kanasta("explain", str(broken))
    assert result.returncode == 3
    assert "deck-composition" in result.stdout
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    refused(kanasta("explain", str(tmp_path / "bad.json")))
    helped = kanasta("explain", "--help").stdout
    assert "ask-the-rules" in helped
    assert "fixture.schema.json" in helped
    assert "Exit status: 0" in " ".join(helped.split())


@pytest.mark.clause("state-json")
def test_state_json_explain_and_show_print_no_python_values(tmp_path: Path) -> None:
    path = question(
        tmp_path,
        {
            "variant": "koz",
            "setup": {"seed": 1, "actions": [{"type": "draw"}]},
            "steps": [
                {"kind": "state"},
                {
                    "kind": "actions",
                    "actions": [
                        {"action": {"type": "meld", "cards": ["4C", "5C", "6C"], "wild_at": None}}
                    ],
                },
            ],
        },
    )
    result = kanasta("explain", str(path))
    assert result.returncode == 0, result.stderr
    shown = kanasta("conformance", "show", "fi-5200/deal/first-player-must-draw")
    assert shown.returncode == 0
    for text in (result.stdout, shown.stdout):
        for python in ("['", "True", "False", "None", "{'"):
            assert python not in text
    assert "hand_over: false" in result.stdout
    assert "wild_at=null" in result.stdout


# --------------------------------------------------------------------------- variants, options


@pytest.mark.clause("rule-families")
def test_rule_families_unknown_variant_is_named_as_such() -> None:
    result = kanasta("conformance", "run", "--variant", "nope", "--no-progress")
    assert result.returncode == 5
    assert "no fixture matches" in result.stderr
    assert "'nope' is not a rule family" in result.stderr
    listed = kanasta("conformance", "list", "--variant", "nope")
    assert "'nope' is not a rule family" in listed.stdout
    refused(kanasta("bench", "--variant", "nope"), "unknown variant 'nope'")
    refused(kanasta("play", "--variant", "nope"), "unknown variant 'nope'")


@pytest.mark.clause("game-record", "run-wild-moves")
def test_game_record_options_that_need_another_are_refused(tmp_path: Path) -> None:
    refused(kanasta("play", "--deals", "--max-hands", "1"), "--save")
    refused(kanasta("meld", "--variant", "koz", "5H", "5H", "5H", "--then-wild-at", "3"), "--then")
    refused(
        kanasta(
            "meld",
            "--variant",
            "koz",
            "5H",
            "6H",
            "JK",
            "--then",
            "7H",
            "--then-wild-at",
            "3",
            "--then-wild-at",
            "4",
        ),
        "--then-wild-at",
    )
    refused(kanasta("conformance", "generate", "--seed", "3", "--into", str(tmp_path)), "--new")
    for option in ("--timeout", "--start-timeout"):
        refused(kanasta("conformance", "run", option, "5", "--variant", "koz"), "--impl only")


# --------------------------------------------------------------------------- output


@pytest.mark.clause("deal-fi-5200")
def test_deal_fi_5200_hand_header_says_there_is_no_upcard() -> None:
    result = kanasta("play", "--variant", "fi-5200", "--max-hands", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    header = result.stdout.splitlines()[0]
    assert "upcard none;" in header
    assert "upcard ;" not in result.stdout


@pytest.mark.clause("run-wild-placement", "run-definition", "meld-points")
def test_run_wild_placement_meld_lists_other_arrangements_and_cites_clauses() -> None:
    result = kanasta("meld", "--variant", "koz", "4H", "5H", "JK")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    chosen = lines[0].split(": ", 1)[1].rsplit(", points", 1)[0]
    others = [line.split(": ", 1)[1] for line in lines if "could also stand as" in line]
    assert others
    assert chosen not in others
    assert "legal by clauses run-definition, run-wild-placement, meld-points" in result.stdout
    data = json.loads(kanasta("meld", "--variant", "koz", "4H", "5H", "JK", "--json").stdout)
    assert data["steps"][0]["clauses"] == ["run-definition", "run-wild-placement", "meld-points"]


# --------------------------------------------------------------------------- files


@pytest.mark.clause("game-record")
def test_game_record_save_into_a_missing_folder_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "game.json"
    err = refused(kanasta("play", "--max-hands", "1", "--quiet", "--save", str(target)))
    assert str(target) in err
    assert not target.parent.exists()
    saved = tmp_path / "game.json"
    assert kanasta("play", "--max-hands", "1", "--quiet", "--save", str(saved)).returncode == 0
    assert json.loads(saved.read_text(encoding="utf-8"))["format"] == "kanasta-game"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.clause("game-record")
def test_game_record_export_force_deletes_nothing_it_did_not_write(tmp_path: Path) -> None:
    target = tmp_path / "out"
    assert kanasta("conformance", "export", str(target)).returncode == 0
    mine = target / "fixtures" / "mine" / "keep.json"
    mine.parent.mkdir(parents=True)
    mine.write_text("{}", encoding="utf-8")
    house = target / "fixtures" / "house"
    write_fixture(house, good_meld("fi-5200/house/good"))
    result = kanasta("conformance", "export", str(target), "--force", "--fixtures", str(house))
    assert result.returncode == 0, result.stderr
    assert mine.read_text(encoding="utf-8") == "{}"
    assert (house / "fi-5200" / "house" / "good.json").is_file()
    assert (target / "fixtures" / "fi-5200" / "house" / "good.json").is_file()
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    refused(kanasta("conformance", "export", str(afile)), "is a file, not a folder")
    refused(kanasta("conformance", "export", str(afile / "sub")), "is a file, not a folder")


@pytest.mark.clause("game-record", "seats-in-order-of-play")
def test_game_record_replay_refuses_what_cannot_occur(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    err = refused(kanasta("replay", str(deep)), "nested")
    assert "Recursion" not in err
    record = {
        "format": "kanasta-game",
        "variant": "koz",
        "seed": 1,
        "first_dealer": 99,
        "hands": [],
    }
    bad = tmp_path / "dealer.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    refused(kanasta("replay", str(bad)), "first_dealer", "seats-in-order-of-play")
    bad.write_text(json.dumps({**record, "first_dealer": 3, "seed": -5}), encoding="utf-8")
    refused(kanasta("replay", str(bad)), ".seed: -5", "seeded-shuffle")


@pytest.mark.clause("seeded-shuffle")
def test_seeded_shuffle_one_rule_for_seeds_everywhere() -> None:
    for seed in ("-1", str(2**64), str(10**29)):
        refused(kanasta("play", "--seed", seed, "--max-hands", "1"), "seeded-shuffle")
        refused(kanasta("bench", "--seed", seed, "--hands", "1"), "seeded-shuffle")
    top = kanasta("play", "--seed", str(2**64 - 1), "--max-hands", "1", "--quiet")
    assert top.returncode == 0, top.stderr


def interrupt(*args: str, after: float) -> tuple[int, str, str]:
    """Run the command, press Ctrl-C (SIGINT) after ``after`` seconds: status, stdout, stderr."""
    process = subprocess.Popen(
        [*KANASTA, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A shell without job control starts background jobs with SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    time.sleep(after)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    return process.returncode, out, err


@pytest.mark.clause("seeded-shuffle")
def test_seeded_shuffle_bench_stops_cleanly_on_ctrl_c() -> None:
    status, out, err = interrupt("bench", "--hands", str(10**9), "--quiet", after=4)
    assert status == 130
    assert "Traceback" not in err
    assert "interrupted" in out
    assert "moves/s" in out
