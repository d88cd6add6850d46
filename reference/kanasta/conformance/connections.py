"""Talking to an implementation under test: in-process (the reference) or a subprocess.

The subprocess connection never lets a misbehaving implementation hang the run:

* every answer must arrive within a timeout, else the process is killed;
* reading and writing happen on helper threads, so neither a full pipe nor a
  silent process can block the runner;
* a crash (end of output), a line that is not a JSON object with a ``seq``, or
  an answer with the wrong ``seq`` is an :class:`ImplementationError` for the
  fixture being checked; the process is killed (if still alive) and a fresh one
  is started, with a new handshake, for the next request;
* after a few failed starts in a row the implementation is given up, and every
  further request fails at once.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from typing import IO, Any, Protocol

from kanasta.conformance.jsonio import dumps_line, parse_json_text
from kanasta.conformance.model import JsonObject
from kanasta.conformance.protocol import (
    Hello,
    ImplementationError,
    ProtocolValidator,
    hello_request,
    parse_hello,
)
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.errors import InputError

__all__ = [
    "CLOSE_TIMEOUT",
    "MAX_ANSWER_BYTES",
    "Connection",
    "InProcessConnection",
    "SubprocessConnection",
]

MAX_ANSWER_BYTES = 4 << 20
"""An answer line longer than this (4 MiB) is garbage."""

CLOSE_TIMEOUT = 2.0
"""How long an implementation may take to exit after ``bye`` before it is killed."""

_EOF = object()
_TOO_LONG = object()


class Connection(Protocol):
    """An implementation the runner can ask: handshake, requests, close."""

    @property
    def description(self) -> str:
        """How the implementation is reached (for reports)."""

    @property
    def restarts(self) -> int:
        """How many times the implementation had to be restarted."""

    def start(self) -> Hello:
        """Start it and shake hands (raises :class:`ImplementationError`)."""

    def ask(self, request: JsonObject) -> JsonObject:
        """Send one request (without ``seq``); return the answer (without ``seq``)."""

    def close(self) -> None:
        """Say goodbye and stop it."""


class _Validating:
    """Shared ``--validate-protocol`` behaviour."""

    def __init__(self, validator: ProtocolValidator | None) -> None:
        self._validator = validator
        self._seq = 0

    def _next_seq(self) -> int:
        seq = self._seq
        self._seq += 1
        return seq

    def _check_request(self, message: Mapping[str, Any]) -> None:
        if self._validator is None:
            return
        issues = self._validator.check_request(message)
        if issues:
            raise ImplementationError(
                "protocol", "the runner built a request the protocol schema refuses: " + issues[0]
            )

    def _check_answer(self, request_type: str, answer: Mapping[str, Any]) -> None:
        if self._validator is None:
            return
        issues = self._validator.check_answer(request_type, answer)
        if issues:
            more = f" (and {len(issues) - 1} more)" if len(issues) > 1 else ""
            raise ImplementationError(
                "protocol", f"the answer does not match the protocol schema: {issues[0]}{more}"
            )


class InProcessConnection(_Validating):
    """The reference engine, asked by a function call (no serialisation)."""

    def __init__(
        self,
        reference: ReferenceImplementation | None = None,
        *,
        validator: ProtocolValidator | None = None,
    ) -> None:
        super().__init__(validator)
        self._reference = reference if reference is not None else ReferenceImplementation()

    @property
    def description(self) -> str:
        return "in-process"

    @property
    def restarts(self) -> int:
        return 0

    def start(self) -> Hello:
        return parse_hello(self.ask(hello_request()))

    def ask(self, request: JsonObject) -> JsonObject:
        message = {"seq": self._next_seq(), **request}
        self._check_request(message)
        try:
            answer = self._reference.answer(message)
        except Exception as exc:  # a bug in the engine must not stop the run
            raise ImplementationError(
                "crash", f"the reference raised {type(exc).__name__}: {exc}"
            ) from exc
        self._check_answer(str(request.get("type")), answer)
        answer.pop("seq", None)
        return answer

    def close(self) -> None:
        return None


class _Process:
    """One running implementation process and its three helper threads."""

    def __init__(self, argv: Sequence[str], env: Mapping[str, str] | None, cwd: str | None) -> None:
        posix = os.name == "posix"
        try:
            self.proc = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=dict(env) if env is not None else None,
                cwd=cwd,
                start_new_session=posix,
            )
        except OSError as exc:
            raise ImplementationError(
                "start", f"cannot start {argv[0]!r}: {exc.strerror or exc}"
            ) from None
        self.lines: queue.Queue[object] = queue.Queue()
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=20)
        assert self.proc.stdout is not None
        assert self.proc.stderr is not None
        self._threads = [
            threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True),
            threading.Thread(target=self._drain, args=(self.proc.stderr,), daemon=True),
            threading.Thread(target=self._write, daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _read(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while True:
                line = stream.readline(MAX_ANSWER_BYTES + 1)
                if not line:
                    break
                if len(line) > MAX_ANSWER_BYTES:
                    self.lines.put(_TOO_LONG)
                    return
                self.lines.put(line)
        self.lines.put(_EOF)

    def _drain(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            for line in iter(lambda: stream.readline(65536), b""):
                self.stderr_tail.append(line.decode("utf-8", "replace").rstrip())

    def _write(self) -> None:
        stdin = self.proc.stdin
        assert stdin is not None
        with contextlib.suppress(OSError, ValueError):
            while True:
                data = self.outbox.get()
                if data is None:
                    stdin.close()
                    return
                stdin.write(data)
                stdin.flush()

    def send(self, line: str) -> None:
        self.outbox.put(line.encode("utf-8") + b"\n")

    def _signal_group(self) -> None:
        if self.proc.poll() is not None:
            return
        try:
            if os.name == "posix":
                os.killpg(self.proc.pid, signal.SIGKILL)
            else:  # pragma: no cover - not run on the CI platform
                self.proc.kill()
        except OSError:  # pragma: no cover - the process ended between poll and kill
            pass

    def kill(self) -> None:
        self._signal_group()
        self.finish(1.0)

    def finish(self, timeout: float) -> None:
        self.outbox.put(None)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self._signal_group()
            self.proc.wait()
        for thread in self._threads:
            thread.join(timeout=1.0)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def stderr_text(self) -> str:
        if not self.stderr_tail:
            return ""
        return "; its last stderr lines: " + " | ".join(list(self.stderr_tail)[-5:])


class SubprocessConnection(_Validating):
    """An implementation started as a long-lived subprocess speaking the protocol."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = 10.0,
        start_timeout: float | None = None,
        max_start_failures: int = 3,
        validator: ProtocolValidator | None = None,
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
    ) -> None:
        super().__init__(validator)
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise InputError("--impl: the command is empty.")
        self._argv = argv
        self._command = command if isinstance(command, str) else shlex.join(argv)
        self._timeout = timeout
        self._start_timeout = start_timeout if start_timeout is not None else max(timeout, 10.0)
        self._max_start_failures = max_start_failures
        self._env = env
        self._cwd = cwd
        self._process: _Process | None = None
        self._hello: Hello | None = None
        self._start_failures = 0
        self._given_up = ""
        self._restarts = 0
        self._starts = 0

    @property
    def description(self) -> str:
        return self._command

    @property
    def restarts(self) -> int:
        return self._restarts

    def start(self) -> Hello:
        self._spawn()
        assert self._hello is not None
        return self._hello

    def _spawn(self) -> None:
        if self._given_up:
            raise ImplementationError("unavailable", self._given_up)
        if self._starts:
            self._restarts += 1
        self._starts += 1
        try:
            self._process = _Process(self._argv, self._env, self._cwd)
            answer = self._exchange(hello_request(), self._start_timeout)
            hello = parse_hello(answer)
        except ImplementationError as exc:
            self._stop()
            self._start_failures += 1
            if self._start_failures >= self._max_start_failures:
                self._given_up = (
                    f"the implementation failed to start {self._start_failures} times in a row "
                    f"(last: {exc.message}); it is given up"
                )
            raise ImplementationError("start", exc.message) from None
        self._start_failures = 0
        if self._hello is None:
            self._hello = hello

    def _stop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process = None

    def ask(self, request: JsonObject) -> JsonObject:
        if self._process is None:
            self._spawn()
        return self._exchange(request, self._timeout)

    def _exchange(self, request: JsonObject, timeout: float) -> JsonObject:
        process = self._process
        assert process is not None
        seq = self._next_seq()
        message = {"seq": seq, **request}
        self._check_request(message)
        process.send(dumps_line(message))
        answer = self._receive(process, seq, timeout)
        self._check_answer(str(request.get("type")), answer)
        answer.pop("seq")
        return answer

    def _fail(self, kind: str, message: str) -> ImplementationError:
        process = self._process
        tail = ""
        if process is not None:
            process.kill()
            tail = process.stderr_text()
        self._process = None
        return ImplementationError(kind, message + tail)

    def _receive(self, process: _Process, seq: int, timeout: float) -> JsonObject:
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._fail(
                    "timeout",
                    f"no answer to request {seq} within {timeout:g} s; the implementation "
                    "was stopped (it is restarted for the next fixture)",
                )
            try:
                item = process.lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if item is _EOF:
                process.finish(1.0)
                status = process.proc.returncode
                raise self._fail(
                    "crash",
                    f"the implementation exited (status {status}) before answering request {seq}",
                )
            if item is _TOO_LONG:
                raise self._fail(
                    "garbage",
                    f"the answer to request {seq} is longer than {MAX_ANSWER_BYTES} bytes",
                )
            assert isinstance(item, bytes)
            text = item.decode("utf-8", "replace").strip()
            if not text:
                continue
            return self._parse(text, seq)

    def _parse(self, text: str, seq: int) -> JsonObject:
        try:
            answer = parse_json_text(text, f"the answer to request {seq}", max_depth=64)
        except InputError as exc:
            raise self._fail("garbage", f"{exc} The line was: {text[:200]!r}") from None
        if not isinstance(answer, dict) or not isinstance(answer.get("seq"), int):
            raise self._fail(
                "garbage",
                f"the answer to request {seq} is not a JSON object with a seq: {text[:200]!r}",
            )
        if answer["seq"] != seq:
            raise self._fail(
                "wrong-seq",
                f"the answer carries seq {answer['seq']} but request {seq} was asked",
            )
        return answer

    def close(self) -> None:
        process = self._process
        if process is None:
            return
        self._process = None
        if process.proc.poll() is None:
            with contextlib.suppress(ImplementationError):
                process.send(dumps_line({"seq": self._next_seq(), "type": "bye"}))
        process.finish(CLOSE_TIMEOUT)
