"""The runner against dishonest implementations and careless runs (the fake in
fakes/dishonest.py): no laundered skips, no trusted types, no escape codes, no
ignored folders, no stale reports.

Where the behaviour is the command's, the real ``kanasta conformance run`` runs in a
subprocess, as a user runs it.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kanasta import engine
from kanasta.conformance import MAX_GAME_HANDS, MAX_LINE_BYTES, PROTOCOL_VERSION, server
from kanasta.conformance.checks import Outcome
from kanasta.conformance.connections import InProcessConnection, SubprocessConnection
from kanasta.conformance.jsonio import read_json_file
from kanasta.conformance.loader import fixture_from_json, load_fixtures
from kanasta.conformance.model import Fixture, StepKind
from kanasta.conformance.protocol import ImplementationError, build_requests
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.conformance.runner import RunResult, run_fixtures
from kanasta.families import PROFILES
from kanasta.resources import get_fixtures_dir
from tests.conformance import helpers
from tests.conformance.helpers import (
    REPO,
    fake_command,
    good_meld,
    outcomes,
    toy_reference,
    write_fixture,
)
from tests.conformance.test_hostile import kanasta

TIMEOUT = 5.0
START = 10.0
ESCAPE = "\x1b"


def meld_fixture(ident: str, variant: str, cards: str) -> dict[str, Any]:
    """A meld fixture whose expectation is the reference's own answer."""
    step: dict[str, Any] = {"kind": "meld", "cards": cards.split()}
    answer = ReferenceImplementation().answer(
        {"type": "meld", "variant": variant, "cards": step["cards"], "lay_offs": []}
    )
    step["expect"] = {k: v for k, v in answer.items() if k != "detail"}
    return {
        "id": ident,
        "variant": variant,
        "clauses": ["meld-points"],
        "description": f"test fixture {ident}",
        "steps": [step],
    }


def opened_fixture(ident: str) -> dict[str, Any]:
    """A koz state fixture: nobody has opened after the deal."""
    return {
        "id": ident,
        "variant": "koz",
        "clauses": ["state-json"],
        "description": f"test fixture {ident}",
        "setup": {"seed": 1},
        "steps": [{"kind": "state", "expect": {"opened": [False, False]}}],
    }


def load(*data: dict[str, Any]) -> list[Fixture]:
    return [fixture_from_json(d, d["id"]) for d in data]


def good_meld_fixtures(*names: str) -> list[Fixture]:
    return helpers.good_meld_fixtures("h", *names)


def run_fake(mode: str, fixtures: list[Fixture], **kwargs: Any) -> RunResult:
    return helpers.run_fake(
        fake_command("dishonest", mode), fixtures, timeout=TIMEOUT, start_timeout=START, **kwargs
    )


def house(tmp_path: Path, *names: str) -> Path:
    root = tmp_path / "house"
    for name in names:
        write_fixture(root, good_meld(f"fi-5200/h/{name}"))
    return root


def run_house(root: Path, *args: str) -> list[str]:
    return ["conformance", "run", "--no-builtin", "--no-progress", "--fixtures", str(root), *args]


def impl(mode: str) -> str:
    return " ".join(fake_command("dishonest", mode))


# ----------------------------------------------------------------- 1: laundered skips


def test_unsupported_for_what_the_handshake_claims_is_a_failure_not_a_skip() -> None:
    result = run_fake("liar", good_meld_fixtures("a", "bad", "b"))
    assert outcomes(result) == ["pass", "fail", "pass"]
    bad = result.results[1]
    assert bad.undeclared_skip
    assert "answered unsupported (not today)" in bad.reason
    assert "its handshake claims meld checks of fi-5200" in bad.reason
    assert (result.skipped, result.undeclared_skips, result.exit_status) == (0, 1, 1)
    assert result.counts()[Outcome.FAIL] == 1


def test_the_summary_and_report_count_undeclared_skips_apart(tmp_path: Path) -> None:
    root = house(tmp_path, "a", "bad-1", "bad-2")
    report = tmp_path / "r.json"
    done = kanasta(*run_house(root, "--impl", impl("liar"), "--report", str(report)))
    assert done.returncode == 1, done.stderr
    assert "FAIL  fi-5200/h/bad-1" in done.stdout
    assert "2 fixture(s) answered 'unsupported' although the handshake claims them" in done.stdout
    assert "skipped, as the handshake declares" not in done.stdout
    assert done.stdout.splitlines()[-1].startswith(
        "FAILED: 3 fixtures: 1 passed, 2 failed (2 of them unsupported although claimed)"
    )
    data = read_json_file(report)
    assert (data["totals"]["skipped"], data["totals"]["undeclared_skips"]) == (0, 2)
    assert [f["undeclared_skip"] for f in data["fixtures"]] == [False, True, True]


def test_max_skipped_caps_the_skips_the_handshake_declares(tmp_path: Path) -> None:
    root = house(tmp_path, "a")
    write_fixture(root, opened_fixture("koz/h/state-1"))
    write_fixture(root, opened_fixture("koz/h/state-2"))
    # The crash fake claims meld checks only (it has no engine): the state fixtures are
    # skipped, as its handshake declares.
    crash = " ".join(fake_command("crash"))
    done = kanasta(*run_house(root, "--impl", crash))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "skipped, as the handshake declares (a skip is not a pass):" in done.stdout
    capped = kanasta(*run_house(root, "--impl", crash, "--max-skipped", "1"))
    assert capped.returncode == 1
    assert "2 fixtures were skipped, more than --max-skipped 1 allows" in capped.stdout
    assert capped.stdout.splitlines()[-1].startswith("FAILED: 3 fixtures: 1 passed, 2 skipped")
    assert kanasta(*run_house(root, "--impl", crash, "--max-skipped", "2")).returncode == 0
    negative = kanasta(*run_house(root, "--max-skipped", "-1"))
    assert negative.returncode == 2
    assert negative.stderr == (
        "kanasta: error: --max-skipped must be 0 or more fixtures, not -1.\n"
    )


def test_the_reference_claims_games_only_when_its_engine_deals_them() -> None:
    toy = toy_reference()
    hello = toy.hello()
    assert "game" not in hello["requests"]
    assert hello["reasons"]["game"] == "the engine cannot deal the hands of a game"
    path = get_fixtures_dir() / "koz" / "game" / "played-hands-carry-the-totals.json"
    game = fixture_from_json(read_json_file(path), "game")
    result = run_fixtures([game], InProcessConnection(toy))
    assert outcomes(result) == ["skipped"]
    assert result.results[0].reason == (
        "game checks not supported: the engine cannot deal the hands of a game"
    )
    assert "game" in ReferenceImplementation().hello()["requests"]


# ----------------------------------------------------------------- 2: trusted types


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (meld_fixture("fi-5200/h/bad-low", "fi-5200", "AH 2H 3H 4H"), "$.arrangement"),
        (meld_fixture("fi-5200/h/bad-rank", "fi-5200", "7H 7C 7S"), "$.arrangement"),
        (opened_fixture("koz/h/bad-opened"), "$.state.opened[0]: expected boolean"),
    ],
)
def test_answers_with_the_wrong_json_types_are_errors_by_default(
    data: dict[str, Any], where: str
) -> None:
    good = {**data, "id": data["id"].replace("bad", "good")}
    result = run_fake("types", load(good, data))
    assert outcomes(result) == ["pass", "error"]
    reason = result.results[1].reason
    assert "protocol: the answer does not match the protocol schema: at " + where in reason


def test_validate_protocol_adds_a_check_for_unknown_fields(tmp_path: Path) -> None:
    root = tmp_path / "house"
    for name in ("a", "junk"):
        write_fixture(root, good_meld(f"fi-5200/h/{name}"))
    extra = " ".join(fake_command("garbage", "extra"))
    assert kanasta(*run_house(root, "--impl", extra)).returncode == 0
    strict = kanasta(*run_house(root, "--impl", extra, "--validate-protocol"))
    assert strict.returncode == 1
    assert "unknown field 'colour'" in strict.stdout


# ----------------------------------------------------------------- 3: escape codes


def test_text_from_the_implementation_reaches_the_terminal_escaped(tmp_path: Path) -> None:
    root = house(tmp_path, "a", "bad")
    report, known = tmp_path / "r.json", tmp_path / "known.txt"
    done = kanasta(*run_house(root, "--impl", impl("escapes"), "--report", str(report), "-v"))
    assert done.returncode == 1, done.stderr
    for text in (done.stdout, done.stderr):
        assert ESCAPE not in text
        assert "\r" not in text
        assert "\u202e" not in text
    assert "\\x1b[32mOK: 1227 fixtures" in done.stdout
    assert not any(line.startswith("OK") for line in done.stdout.splitlines())
    assert "ERROR fi-5200/h/bad" in done.stdout
    assert "implementation: fake\\x1b[1A" in done.stdout
    failures = kanasta(
        "conformance",
        "failures",
        "--no-builtin",
        "--fixtures",
        str(root),
        "--impl",
        impl("escapes"),
        "-o",
        str(known),
    )
    assert failures.returncode == 0, failures.stderr
    ids = [line for line in known.read_text(encoding="utf-8").splitlines() if line[:1] != "#"]
    assert [line.split()[0] for line in ids] == ["fi-5200/h/bad"]
    assert ESCAPE not in known.read_text(encoding="utf-8")


def test_stderr_of_an_implementation_that_does_not_start_is_escaped() -> None:
    connection = SubprocessConnection(
        [sys.executable, "-c", f"import sys; sys.stderr.write({ESCAPE + '[2Jboom'!r}); exit(3)"],
        timeout=TIMEOUT,
        start_timeout=START,
    )
    with pytest.raises(ImplementationError) as info:
        connection.start()
    assert "\\x1b[2Jboom" in info.value.message
    assert ESCAPE not in info.value.message


# ----------------------------------------------------------------- 4: ignored folders


def test_a_linked_folder_of_fixtures_is_followed(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    write_fixture(elsewhere, good_meld("fi-5200/h/a"))
    root = tmp_path / "house"
    root.mkdir()
    (root / "fi-5200").symlink_to(elsewhere / "fi-5200", target_is_directory=True)
    done = kanasta(*run_house(root))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("OK: 1 fixtures: 1 passed")
    assert [f.id for f in load_fixtures([root]).fixtures] == ["fi-5200/h/a"]


@pytest.mark.parametrize("trick", ["broken", "loop", "empty"])
def test_a_folder_that_cannot_be_read_whole_is_refused_by_name(tmp_path: Path, trick: str) -> None:
    root = house(tmp_path, "a")
    if trick == "broken":
        link = root / "fi-5200" / "h" / "gone.json"
        link.symlink_to(tmp_path / "nowhere.json")
        words = f"{link}: this link leads nowhere"
    elif trick == "loop":
        link = root / "fi-5200" / "h" / "again"
        link.symlink_to(root, target_is_directory=True)
        words = f"{link}: this link leads back to a folder it lies in"
    else:
        link = tmp_path / "empty"
        link.mkdir()
        root = link
        words = f"{link}: no fixture file (*.json) in this folder"
    done = kanasta(*run_house(root))
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith(f"kanasta: error: {words}")
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_a_folder_without_fixture_files_is_an_error_not_an_empty_selection() -> None:
    done = kanasta("conformance", "run", "--no-builtin", "--fixtures", "/dev")
    assert done.returncode == 2
    assert done.stderr.startswith("kanasta: error: /dev")
    assert "no fixture matches the selection" not in done.stderr


# ----------------------------------------------------------------- 5: stale reports


@pytest.mark.parametrize(
    ("args", "status", "error"),
    [
        (("--impl", "false"), 1, "the implementation did not start"),
        (("--select", "nothing/*"), 5, "no fixture matches the selection"),
        (("--timeout", "5"), 2, "bad input: --timeout applies to --impl only"),
    ],
)
def test_every_run_asked_for_a_report_leaves_one_about_this_run(
    tmp_path: Path, args: tuple[str, ...], status: int, error: str
) -> None:
    root = house(tmp_path, "a")
    report, junit = tmp_path / "r.json", tmp_path / "j.xml"
    green = kanasta(*run_house(root, "--report", str(report), "--junit", str(junit)))
    assert green.returncode == 0
    assert read_json_file(report)["ok"] is True
    done = kanasta(*run_house(root, *args, "--report", str(report), "--junit", str(junit)))
    assert done.returncode == status, done.stderr
    data = read_json_file(report)
    assert (data["ok"], data["exit_status"]) == (False, status)
    assert data["error"].startswith(error)
    assert data["totals"]["checked"] == 0
    xml = junit.read_text(encoding="utf-8")
    assert 'name="run"' in xml
    assert error.replace("bad input: ", "") in xml
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house", "j.xml", "r.json"]


# ----------------------------------------------------------------- 17: handshake messages


def test_a_protocol_number_in_the_handshake_is_named_as_such() -> None:
    connection = SubprocessConnection(
        fake_command("dishonest", "protocol-number"), timeout=TIMEOUT, start_timeout=START
    )
    with pytest.raises(ImplementationError) as info:
        connection.start()
    connection.close()
    assert info.value.message == (
        "the handshake's 'protocol' is 1.1, not a string: it must be a string such as "
        f'"{PROTOCOL_VERSION}" (the protocol this runner speaks)'
    )


def test_a_handshake_that_never_comes_promises_no_restart(tmp_path: Path) -> None:
    root = house(tmp_path, "a")
    done = kanasta(*run_house(root, "--impl", impl("mute"), "--start-timeout", "1"))
    assert done.returncode == 1
    assert done.stderr == (
        "kanasta: the implementation did not start: no answer to the handshake (request 0) "
        "within 1 s (--start-timeout); the implementation was stopped\n"
    )


# ----------------------------------------------------------------- 13: bounded work


def big_hand_state(size: int) -> dict[str, Any]:
    """A koz state whose seat 0 holds ``size`` cards (taken from the stock), in draw phase."""
    data: dict[str, Any] = engine.state_to_json(engine.new_hand("koz", seed=3))
    more = size - len(data["hands"][0])
    data["hands"][0] = [*data["hands"][0], *data["stock"][:more]]
    data["stock"] = data["stock"][more:]
    return data


def count_fixture(ident: str, size: int, depth: int) -> dict[str, Any]:
    return {
        "id": ident,
        "variant": "koz",
        "clauses": ["legal-action-count"],
        "description": f"a depth-{depth} count from a {size + 1}-card hand",
        "setup": {"state": big_hand_state(size), "actions": [{"type": "draw"}]},
        "steps": [{"kind": "count", "depth": depth, "expect": {"count": 0}}],
    }


@pytest.mark.clause("legal-action-count")
def test_legal_action_count_max_time_stops_a_count_inside_the_enumeration() -> None:
    fixture = load(count_fixture("koz/h/slow", 24, 3))
    started = time.monotonic()
    deadline = started + 0.2
    connection = InProcessConnection(deadline=deadline)
    result = run_fixtures(fixture, connection, deadline=deadline)
    assert time.monotonic() - started < 1.0
    assert outcomes(result) == ["error"]
    assert "the run's time budget (--max-time) ran out during a count of depth 3" in (
        result.results[0].reason
    )


@pytest.mark.clause("legal-action-count")
def test_legal_action_count_too_large_is_refused_by_explain_validate_and_adapter(
    tmp_path: Path,
) -> None:
    data = count_fixture("koz/h/huge", 40, 4)
    words = "a count of depth 4 from this state lists more than 1,000,000 legal actions"
    question = tmp_path / "q.json"
    question.write_text(json.dumps({k: data[k] for k in ("variant", "setup", "steps")}), "utf-8")
    explained = kanasta("explain", str(question))
    assert explained.returncode == 3
    assert words in explained.stdout
    root = tmp_path / "house"
    write_fixture(root, data)
    validated = kanasta("conformance", "validate", "--no-builtin", "--fixtures", str(root))
    assert validated.returncode == 1
    assert "PROBLEM: koz/h/huge: the reference does not pass it (error: step 0 (count): " in (
        validated.stdout
    )
    assert words in validated.stdout
    [(_, request)] = build_requests(load(data)[0])
    served = subprocess.run(
        [sys.executable, "-m", "kanasta", "adapter"],
        input=json.dumps({"seq": 1, **request}) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    answer = json.loads(served.stdout)
    assert answer["seq"] == 1
    assert words in answer["error"]


# ----------------------------------------------------------------- 15: bounded requests


def test_the_adapter_refuses_a_request_or_an_answer_over_the_line_limit() -> None:
    scores = [{"scores": [0, 0]}] * 1_000_000
    game = {"seq": 1, "type": "game", "variant": "koz", "first_dealer": 3, "hands": scores}
    few = {**game, "seq": 2, "hands": scores[: MAX_GAME_HANDS + 1]}
    lines = [json.dumps(game), json.dumps(few), json.dumps({"seq": 3, "type": "bye"})]
    served = subprocess.run(
        [sys.executable, "-m", "kanasta", "adapter"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    answers = [json.loads(line) for line in served.stdout.splitlines()]
    assert max(len(line) for line in served.stdout.splitlines()) < 1000
    assert answers[0] == {
        "error": f"the request is longer than {MAX_LINE_BYTES} bytes: it is refused"
    }
    assert answers[1] == {
        "seq": 2,
        "error": f"$.hands: a game names at most {MAX_GAME_HANDS} hands (clause game-hands), "
        f"not {MAX_GAME_HANDS + 1}",
    }
    assert answers[2] == {"seq": 3, "type": "bye"}


def test_the_adapter_refuses_an_answer_over_the_line_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "MAX_LINE_BYTES", 100)
    out = io.StringIO()
    request = {"seq": 4, "type": "meld", "variant": "koz", "cards": ["7H", "7C", "7S"]}
    server.serve(io.BytesIO((json.dumps(request) + "\n").encode()), out)
    assert json.loads(out.getvalue()) == {
        "seq": 4,
        "error": "the answer would be longer than 100 bytes, the protocol's limit of a line; "
        "ask less in one request",
    }


# ----------------------------------------------------------------- 18: the pages say what is


DOCS = REPO / "docs" / "conformance"


def test_the_protocol_page_says_what_the_reference_claims() -> None:
    text = " ".join((DOCS / "protocol.rst").read_text(encoding="utf-8").split())
    claimed = ReferenceImplementation().hello()["variant_requests"]
    every = sorted(kind.value for kind in StepKind)
    whole = [family for family, kinds in claimed.items() if sorted(kinds) == every]
    assert whole == list(PROFILES)
    named = f"{', '.join(whole[:-1])} and {whole[-1]}"
    assert f"claims every kind of check for each of {named}" in text
    assert "only ``meld`` for classic" not in text


ROUND_TWO = (
    "tests/conformance/test_hostile.py",
    "tests/conformance/test_honesty.py",
    "tests/test_careless_cli.py",
    "tests/engine/test_api_types.py",
)


def test_the_promises_page_names_a_test_for_every_guarantee() -> None:
    page = (DOCS / "promises.rst").read_text(encoding="utf-8")
    named = set(re.findall(r"``(tests/[\w/]+\.py)::(test_\w+)``", page))
    for path, test in sorted(named):
        source = (REPO / path).read_text(encoding="utf-8")
        assert f"\ndef {test}(" in source, f"{path}::{test} is on the page but not in the file"
    for path in ROUND_TWO:
        source = (REPO / path).read_text(encoding="utf-8")
        for test in re.findall(r"^def (test_\w+)\(", source, flags=re.MULTILINE):
            assert (path, test) in named, f"{path}::{test} keeps no guarantee on the page"
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    assert "\n   promises\n" in index
