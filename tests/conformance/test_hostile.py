"""The runner under hostile implementations and bad options (the fake in fakes/hostile.py).

Each test runs a handful of tiny fixtures with short timeouts. Where the
behaviour is the command's, the real ``kanasta conformance run`` runs in a
subprocess.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kanasta.conformance import connections
from kanasta.conformance.checks import Outcome, check_answer
from kanasta.conformance.connections import SubprocessConnection
from kanasta.conformance.jsonio import read_json_file
from kanasta.conformance.model import Fixture
from kanasta.conformance.protocol import ProtocolValidator
from kanasta.conformance.report import write_json_report, write_text_file
from kanasta.conformance.runner import MAX_KEPT_ANSWER_CHARS, RunResult
from kanasta.errors import InputError
from kanasta.rules.points import parse_points
from tests.conformance import helpers
from tests.conformance.helpers import (
    fake_command,
    good_meld,
    good_meld_fixtures,
    outcomes,
    write_fixture,
)

TIMEOUT = 0.5
START = 10.0


def fixtures(*names: str) -> list[Fixture]:
    return good_meld_fixtures("h", *names)


def run_fake(argv: list[str], names: tuple[str, ...], **kwargs: Any) -> RunResult:
    return helpers.run_fake(argv, fixtures(*names), timeout=TIMEOUT, start_timeout=START, **kwargs)


def is_running(pid: int) -> bool:
    """Whether the process exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def ends_soon(pid: int) -> bool:
    """Whether the process is gone within five seconds (a kill is not instantaneous)."""
    deadline = time.monotonic() + 5
    while is_running(pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    return not is_running(pid)


@pytest.fixture
def pidfile(tmp_path: Path) -> Iterator[Path]:
    """Where the fake writes its pids; any child still running at the end is killed."""
    path = tmp_path / "fake.pid"
    yield path
    for name in (f"{path}.child", str(path)):
        if Path(name).exists():
            pid = int(Path(name).read_text(encoding="utf-8"))
            if is_running(pid):
                os.kill(pid, signal.SIGKILL)


def house(tmp_path: Path, *names: str) -> Path:
    root = tmp_path / "house"
    for name in names:
        write_fixture(root, good_meld(f"fi-5200/h/{name}"))
    return root


def kanasta(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kanasta", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def run_house(tmp_path: Path, *args: str) -> list[str]:
    return ["conformance", "run", "--no-builtin", "--fixtures", str(tmp_path / "house"), *args]


# ----------------------------------------------------------------- 14: process groups


@pytest.mark.parametrize("mode", ["orphan", "orphan-escape"])
def test_a_child_that_keeps_stdout_open_does_not_hang_the_runner(mode: str, pidfile: Path) -> None:
    started = time.monotonic()
    result = run_fake(fake_command("hostile", mode, str(pidfile)), ("a", "bad", "b"))
    assert outcomes(result) == ["pass", "error", "pass"]
    assert "timeout: no answer to request" in result.results[1].reason
    assert time.monotonic() - started < 20
    child = int(Path(f"{pidfile}.child").read_text(encoding="utf-8"))
    if mode == "orphan":  # it stayed in the implementation's group: killed with it
        assert ends_soon(child)


def test_closing_kills_what_the_implementation_started(pidfile: Path) -> None:
    connection = SubprocessConnection(
        fake_command("hostile", "spawner", str(pidfile)), timeout=TIMEOUT
    )
    connection.start()
    child = Path(f"{pidfile}.child")
    assert child.exists()
    assert is_running(int(child.read_text(encoding="utf-8")))
    connection.close()  # the fake exits after bye; its child goes with its group
    assert ends_soon(int(child.read_text(encoding="utf-8")))


# ----------------------------------------------------------------- 16: exact points


@pytest.mark.clause("points-exact")
@pytest.mark.parametrize(
    "points", [35.2, 34.8, "35.2", 1e400, -1e400, "1e100000000", "35e0", True, "3.5e1"]
)
def test_points_exact_an_answer_off_the_half_grid_is_wrong(points: object) -> None:
    step = fixtures("a")[0].steps[0]
    answer = {
        "verdict": "legal",
        "arrangement": good_meld("x")["steps"][0]["expect"]["arrangement"],
        "points": points,
    }
    started = time.monotonic()
    outcome, messages = check_answer(step, answer)
    assert time.monotonic() - started < 1
    assert outcome is Outcome.FAIL
    assert messages[0].startswith("points: expected 35, got ")
    assert check_answer(step, {**answer, "points": 35.0}) == (Outcome.PASS, ())
    assert check_answer(step, {**answer, "points": "35"}) == (Outcome.PASS, ())


@pytest.mark.clause("points-exact")
def test_points_exact_reader_refuses_instead_of_rounding() -> None:
    assert parse_points(4.5) == 9
    for bad in (10.3, 4.75, float("inf"), float("nan"), "1e100000000", "4.5e0", " 4.5", True):
        with pytest.raises(InputError, match="points-exact"):
            parse_points(bad)


@pytest.mark.parametrize("validate", [False, True])
@pytest.mark.parametrize("mode", ["points-off", "points-huge", "points-inf"])
def test_wrong_points_from_an_implementation_fail_the_fixture(mode: str, validate: bool) -> None:
    validator = ProtocolValidator() if validate else None
    started = time.monotonic()
    result = run_fake(fake_command("hostile", mode), ("a", "bad", "b"), validator=validator)
    assert time.monotonic() - started < 15
    # Answers are type-checked by default: a point value off the half grid is refused by
    # the protocol's own pattern, with or without --validate-protocol.
    assert outcomes(result) == ["pass", "error", "pass"]
    assert "at $.points" in result.results[1].reason


def test_seq_true_is_not_seq_1() -> None:
    result = run_fake(fake_command("hostile", "seq-true"), ("bad", "b"))
    assert outcomes(result) == ["error", "pass"]
    assert "garbage: the answer to request 1 is not a JSON object with a seq" in (
        result.results[0].reason
    )


# ----------------------------------------------------------------- 17: reports


def test_a_lone_surrogate_is_an_error_and_every_report_is_written(tmp_path: Path) -> None:
    house(tmp_path, "a", "bad")
    report, junit, known = tmp_path / "r.json", tmp_path / "j.xml", tmp_path / "known.txt"
    report.write_text("an older report\n", encoding="utf-8")
    impl = " ".join(fake_command("hostile", "surrogate"))
    done = kanasta(
        *run_house(tmp_path, "--impl", impl, "--report", str(report)), "--junit", junit.as_posix()
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "ERROR fi-5200/h/bad" in done.stdout
    assert "at $.points: '35\\udfff' does not match" in done.stdout
    data = read_json_file(report)
    got = data["fixtures"][1]["steps"][0]["got"]
    assert (got["detail"], got["points"]) == ("\ud800 lone", "35\udfff")
    xml = junit.read_text(encoding="utf-8")
    assert "\\udfff" in xml
    assert "\udfff" not in xml
    failures = kanasta(
        *run_house(tmp_path, "--impl", impl)[:1],
        "failures",
        *run_house(tmp_path, "--impl", impl)[2:],
        "-o",
        str(known),
    )
    assert failures.returncode == 0, failures.stderr
    assert "fi-5200/h/bad  # error" in known.read_text(encoding="utf-8")


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "r.json"
    path.write_text("keep me\n", encoding="utf-8")

    def broken(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(InputError, match=r"r\.json: cannot write the JSON report: No space left"):
        write_text_file(path, "new\n", "JSON report")
    assert path.read_text(encoding="utf-8") == "keep me\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


@pytest.mark.parametrize("option", ["--report", "--junit", "-o"])
def test_an_output_in_a_missing_folder_is_one_line_before_the_run(
    tmp_path: Path, option: str
) -> None:
    house(tmp_path, "a")
    target = tmp_path / "missing" / "out.txt"
    command = "failures" if option == "-o" else "run"
    done = kanasta(
        "conformance",
        command,
        "--no-builtin",
        "--fixtures",
        str(tmp_path / "house"),
        option,
        str(target),
    )
    assert done.returncode == 2
    what = {"--report": "JSON report", "--junit": "JUnit report", "-o": "expect-fail file"}
    assert done.stderr.strip().splitlines() == [
        f"kanasta: error: {target}: cannot write the {what[option]}: the folder "
        f"{target.parent} does not exist."
    ]
    assert done.stdout == ""
    assert not target.parent.exists()


# ----------------------------------------------------------------- 18: caps


def test_what_is_kept_of_padded_answers_and_spam_is_capped(tmp_path: Path) -> None:
    padded = run_fake(fake_command("hostile", "pad"), ("bad", "b"))
    assert outcomes(padded) == ["pass", "pass"]
    got = padded.results[0].steps[0].got
    assert got is not None
    assert "only the first" in got["cut"]
    assert len(json.dumps(got)) < MAX_KEPT_ANSWER_CHARS
    spam = run_fake(fake_command("hostile", "error-spam"), ("bad", "b"))
    assert outcomes(spam) == ["error", "pass"]
    assert len(spam.results[0].reason) < 2000
    assert "(cut: " in spam.results[0].reason
    report = tmp_path / "r.json"
    write_json_report(spam, report)
    assert report.stat().st_size < 20_000


def test_stderr_without_newlines_is_cut_to_its_tail() -> None:
    result = run_fake(fake_command("hostile", "stderr-spam"), ("bad", "b"))
    assert outcomes(result) == ["error", "pass"]
    reason = result.results[0].reason
    assert "exited (status 3)" in reason
    assert f"(cut: the last {connections.STDERR_TAIL_BYTES} of the 1000000 bytes" in reason
    assert len(reason) < 3 * connections.STDERR_TAIL_BYTES


# ----------------------------------------------------------------- 19: timeouts


@pytest.mark.parametrize(
    ("option", "value"),
    [("--timeout", "nan"), ("--timeout", "inf"), ("--start-timeout", "-1"), ("--max-time", "0")],
)
def test_timeouts_must_be_finite_and_positive(tmp_path: Path, option: str, value: str) -> None:
    house(tmp_path, "a")
    impl = " ".join(fake_command("hostile", "hang"))
    done = kanasta(*run_house(tmp_path, "--impl", impl, f"{option}={value}"))
    assert done.returncode == 2
    assert done.stderr.startswith(f"kanasta: error: {option} must be a positive number of seconds")
    assert len(done.stderr.strip().splitlines()) == 1


def test_repeated_timeouts_give_the_implementation_up() -> None:
    started = time.monotonic()
    result = run_fake(
        fake_command("hostile", "hang"), ("bad-1", "bad-2", "bad-3", "bad-4", "bad-5", "a")
    )
    assert outcomes(result) == ["error"] * 6
    assert result.restarts == 2
    assert "it is given up" in result.results[2].reason
    assert "unavailable: the implementation left 3 requests in a row unanswered" in (
        result.results[5].reason
    )
    assert time.monotonic() - started < 3 * TIMEOUT + 10


def test_max_time_ends_the_run_and_marks_the_rest_as_errors(tmp_path: Path) -> None:
    house(tmp_path, "a", "bad-1", "bad-2", "bad-3", "bad-4", "bad-5")
    impl = " ".join(fake_command("hostile", "hang"))
    report = tmp_path / "r.json"
    started = time.monotonic()
    done = kanasta(
        *run_house(tmp_path, "--impl", impl, "--timeout", "30", "--max-time", "1.5"),
        "--report",
        str(report),
    )
    assert time.monotonic() - started < 20
    assert done.returncode == 1, done.stderr
    data = read_json_file(report)
    reasons = {f["id"]: f["reason"] for f in data["fixtures"]}
    assert data["totals"]["pass"] == 1
    assert "before the run's time budget ran out" in reasons["fi-5200/h/bad-1"]
    assert "the run's time budget" in reasons["fi-5200/h/bad-5"]


# ----------------------------------------------------------------- 20: signals


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_implementation_and_writes_the_partial_report(
    tmp_path: Path, pidfile: Path, sig: signal.Signals
) -> None:
    house(tmp_path, "a", "bad", "c")
    report = tmp_path / "r.json"
    impl = " ".join(fake_command("hostile", "hang", str(pidfile)))
    runner = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kanasta",
            *run_house(tmp_path, "--impl", impl, "--timeout", "60"),
            "--report",
            str(report),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        asked = Path(f"{pidfile}.asked")
        while not asked.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert asked.exists()
        runner.send_signal(sig)
        out, err = runner.communicate(timeout=20)
    finally:
        if runner.poll() is None:
            runner.kill()
    assert runner.returncode == 128 + sig
    assert "Traceback" not in err
    assert f"INTERRUPTED by {sig.name}: 1 of 3 fixtures" in out
    data = read_json_file(report)
    assert data["interrupted"] == sig.name
    assert (data["ok"], data["totals"]["not_run"]) == (False, 2)
    assert ends_soon(int(pidfile.read_text(encoding="utf-8")))


# ----------------------------------------------------------------- 7, 21: bad options


@pytest.mark.parametrize("impl", ["", "   "])
def test_an_empty_impl_is_an_error_not_the_reference(tmp_path: Path, impl: str) -> None:
    house(tmp_path, "a")
    done = kanasta(*run_house(tmp_path, "--impl", impl))
    assert done.returncode == 2
    assert done.stderr == (
        "kanasta: error: --impl: the command is empty (an unset variable?); leave --impl out "
        "to check the built-in reference.\n"
    )
    assert "OK" not in done.stdout


def test_an_unbalanced_quote_in_impl_is_one_line(tmp_path: Path) -> None:
    house(tmp_path, "a")
    done = kanasta(*run_house(tmp_path, "--impl", "foo 'bar"))
    assert done.returncode == 2
    assert done.stderr.startswith(
        'kanasta: error: --impl: cannot split the command "foo \'bar" into words: No closing '
        "quotation"
    )
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_non_utf8_expect_fail_file_is_one_line(tmp_path: Path) -> None:
    house(tmp_path, "a")
    known = tmp_path / "known.txt"
    known.write_bytes(b"fi-5200/h/a\n\xff\xfe\n")
    done = kanasta(*run_house(tmp_path, "--expect-fail", str(known)))
    assert done.returncode == 2
    assert done.stderr == (
        f"kanasta: error: {known}: the expect-fail file is not UTF-8 text (byte 12); it lists "
        "fixture ids, one a line.\n"
    )
