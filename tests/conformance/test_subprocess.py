"""The subprocess path: implementations that crash, hang, talk garbage or lose count.

Every case must end as errors for the affected fixtures while the run goes on,
and never hang: timeouts here are half a second.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import kanasta
from kanasta.conformance import connections
from kanasta.conformance.checks import Outcome
from kanasta.conformance.connections import SubprocessConnection
from kanasta.conformance.loader import load_fixtures
from kanasta.conformance.model import Fixture
from kanasta.conformance.protocol import ImplementationError, ProtocolValidator
from kanasta.conformance.runner import RunResult, run_fixtures
from kanasta.errors import InputError
from tests.conformance import helpers
from tests.conformance.helpers import fake_command, good_meld_fixtures, outcomes

TIMEOUT = 0.5
START = 5.0


def fixtures(*names: str) -> list[Fixture]:
    return good_meld_fixtures("t", *names)


def run_fake(command: list[str], names: tuple[str, ...], **kwargs: Any) -> RunResult:
    return helpers.run_fake(
        command, fixtures(*names), timeout=TIMEOUT, start_timeout=START, **kwargs
    )


def test_crash_is_an_error_for_that_fixture_and_the_process_is_restarted() -> None:
    result = run_fake(fake_command("crash"), ("a", "boom", "b", "boom-again", "c"))
    assert outcomes(result) == ["pass", "error", "pass", "error", "pass"]
    reason = result.results[1].reason
    assert "crash: the implementation exited (status 3) before answering" in reason
    assert "fake: about to crash" in reason
    assert result.restarts == 2


def test_hang_is_a_timeout_and_the_run_goes_on() -> None:
    started = time.monotonic()
    result = run_fake(fake_command("hang"), ("a", "hang", "b"))
    assert outcomes(result) == ["pass", "error", "pass"]
    assert "timeout: no answer to request" in result.results[1].reason
    assert f"within {TIMEOUT:g} s" in result.results[1].reason
    assert time.monotonic() - started < 5 * START


@pytest.mark.parametrize("mode", ["text", "list", "no-seq"])
def test_garbage_is_an_error_and_the_process_is_restarted(mode: str) -> None:
    result = run_fake(fake_command("garbage", mode), ("a", "junk", "b"))
    assert outcomes(result) == ["pass", "error", "pass"]
    assert "garbage:" in result.results[1].reason
    assert result.restarts == 1


def test_an_overlong_line_is_garbage(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connections, "MAX_ANSWER_BYTES", 1000)
    result = run_fake(fake_command("garbage", "huge"), ("a", "junk", "b"))
    assert outcomes(result) == ["pass", "error", "pass"]
    assert "longer than 1000 bytes" in result.results[1].reason


def test_wrong_seq_is_an_error_and_the_process_is_restarted() -> None:
    result = run_fake(fake_command("wrong_seq"), ("a", "skew", "b"))
    assert outcomes(result) == ["pass", "error", "pass"]
    assert "wrong-seq: the answer carries seq" in result.results[1].reason
    assert result.restarts == 1


def test_validate_protocol_catches_what_lenient_reading_lets_through() -> None:
    lenient = run_fake(fake_command("garbage", "extra"), ("a", "junk"))
    assert outcomes(lenient) == ["pass", "pass"]
    strict = run_fake(
        fake_command("garbage", "extra"), ("a", "junk", "b"), validator=ProtocolValidator()
    )
    assert outcomes(strict) == ["pass", "error", "pass"]
    assert "protocol: the answer does not match the protocol schema" in strict.results[1].reason
    assert "colour" in strict.results[1].reason
    assert strict.restarts == 0


def test_a_process_that_cannot_start_is_given_up_after_three_tries() -> None:
    connection = SubprocessConnection(
        fake_command("bad_hello", "exit"), timeout=TIMEOUT, start_timeout=START
    )
    with pytest.raises(ImplementationError) as info:
        connection.start()
    assert info.value.kind == "start"
    assert "exited (status 4)" in info.value.message
    assert "cannot start" in info.value.message
    for _ in range(2):
        with pytest.raises(ImplementationError):
            connection.ask({"type": "bye"})
    with pytest.raises(ImplementationError) as again:
        connection.ask({"type": "bye"})
    assert again.value.kind == "unavailable"
    assert "failed to start 3 times in a row" in again.value.message
    connection.close()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("old",), "speaks protocol '0.9'"),
        (("silent-exit",), r"exited \(status 0\)"),
    ],
)
def test_bad_handshakes(args: tuple[str, ...], message: str) -> None:
    connection = SubprocessConnection(
        fake_command("bad_hello", *args), timeout=TIMEOUT, start_timeout=START
    )
    with pytest.raises(ImplementationError, match=message):
        connection.start()
    connection.close()


def test_garbage_instead_of_a_handshake() -> None:
    connection = SubprocessConnection(
        fake_command("garbage", "hello"), timeout=TIMEOUT, start_timeout=START
    )
    with pytest.raises(ImplementationError, match="not valid JSON"):
        connection.start()


def test_hang_on_the_handshake_uses_the_start_timeout() -> None:
    connection = SubprocessConnection(
        fake_command("hang", "--on-hello"), timeout=TIMEOUT, start_timeout=1.0
    )
    started = time.monotonic()
    with pytest.raises(ImplementationError, match="within 1 s"):
        connection.start()
    assert time.monotonic() - started < 4


def test_a_command_that_does_not_exist() -> None:
    connection = SubprocessConnection("/nonexistent/impl --flag", timeout=TIMEOUT)
    with pytest.raises(ImplementationError, match="cannot start '/nonexistent/impl'"):
        connection.start()
    assert connection.description == "/nonexistent/impl --flag"
    with pytest.raises(InputError, match="the command is empty"):
        SubprocessConnection("   ")


def test_reference_adapter_as_a_subprocess_passes_a_family_of_the_builtin_suite() -> None:
    """Every kind of request of one family (koz) over the pipe; the whole suite through
    ``kanasta adapter`` is the conformance session's run (noxfile.py)."""
    command = [sys.executable, "-m", "kanasta", "adapter"]
    connection = SubprocessConnection(command, timeout=10.0, validator=ProtocolValidator())
    koz = [f for f in load_fixtures().fixtures if f.variant == "koz"]
    assert len(koz) >= 200
    try:
        result = run_fixtures(koz, connection)
    finally:
        connection.close()
    assert result.ok, [r.reason for r in result.results if r.outcome is not Outcome.PASS]
    assert result.hello.name == "kanasta reference"
    assert result.restarts == 0


def test_close_without_start_and_twice(tmp_path: Path) -> None:
    connection = SubprocessConnection(
        fake_command("crash"),
        timeout=TIMEOUT,
        cwd=str(tmp_path),
        env={"PATH": "/usr/bin:/bin", **_pythonpath()},
    )
    connection.close()
    hello = connection.start()
    assert hello.name == "kanasta reference"
    connection.close()
    connection.close()


def _pythonpath() -> dict[str, str]:
    root = str(Path(kanasta.__file__).resolve().parent.parent)
    return {"PYTHONPATH": os.pathsep.join([root, *sys.path[1:]])}


def test_an_implementation_that_does_not_exit_after_bye_is_killed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(connections, "CLOSE_TIMEOUT", 0.2)
    connection = SubprocessConnection(
        fake_command("hang", "--ignore-bye"), timeout=TIMEOUT, start_timeout=START
    )
    connection.start()
    started = time.monotonic()
    connection.close()
    assert time.monotonic() - started < 3
