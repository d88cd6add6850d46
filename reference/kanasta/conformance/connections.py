"""Talking to an implementation under test: in-process (the reference) or a subprocess.

The subprocess connection never lets a misbehaving implementation hang the run:

* every answer must arrive within a timeout, else the process is killed;
* reading and writing happen on helper threads, so neither a full pipe nor a
  silent process can block the runner;
* a crash (end of output), a line that is not a JSON object with a ``seq``, or
  an answer with the wrong ``seq`` is an :class:`ImplementationError` for the
  fixture being checked; the process is killed (if still alive) and a fresh one
  is started, with a new handshake, for the next request;
* after a few failed starts in a row, or a few unanswered requests in a row, the
  implementation is given up, and every further request fails at once; so it is
  once the run's deadline (``--max-time``) has passed;
* the implementation leads a process group of its own, and stopping it kills the
  whole group (on a timeout, a restart and at the end of the run);
* what is kept of its standard error is a bounded tail.
"""

from __future__ import annotations

import contextlib
import os
import queue
import select
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any, Protocol

from kanasta.conformance import MAX_LINE_BYTES
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
    "MAX_TIMEOUTS_IN_ROW",
    "STDERR_TAIL_BYTES",
    "Connection",
    "InProcessConnection",
    "SubprocessConnection",
    "split_command",
]

MAX_ANSWER_BYTES = MAX_LINE_BYTES
"""An answer line longer than this (4 MiB) is garbage."""

STDERR_TAIL_BYTES = 600
"""How much of the end of an implementation's stderr is kept, to show when it fails."""

MAX_TIMEOUTS_IN_ROW = 3
"""After this many unanswered requests in a row the implementation is given up."""

_POLL = 0.1
"""The helper threads look at the stop flag at least this often (seconds)."""

_POSIX = os.name == "posix"

CLOSE_TIMEOUT = 2.0
"""How long an implementation may take to exit after ``bye`` before it is killed."""

_EOF = object()
_TOO_LONG = object()


def split_command(command: str) -> list[str]:
    """The argv of an ``--impl`` command line, split as a POSIX shell would (no expansions)."""
    try:
        return shlex.split(command)
    except ValueError as exc:
        raise InputError(
            f"--impl: cannot split the command {command!r} into words: {exc} (quote each "
            "argument that contains spaces, and close every quote)."
        ) from None


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
    """Shared checking of messages: every answer is type-checked against the protocol
    schema (``validator``, default :class:`ProtocolValidator` not strict); a strict one
    (``--validate-protocol``) checks the requests too and refuses unknown fields."""

    def __init__(self, validator: ProtocolValidator | None) -> None:
        self._validator = validator if validator is not None else ProtocolValidator(strict=False)
        self._seq = 0

    def _next_seq(self) -> int:
        seq = self._seq
        self._seq += 1
        return seq

    def _check_request(self, message: Mapping[str, Any]) -> None:
        issues = self._validator.check_request(message)
        if issues:
            raise ImplementationError(
                "protocol", "the runner built a request the protocol schema refuses: " + issues[0]
            )

    def _check_answer(self, request_type: str, answer: Mapping[str, Any]) -> None:
        if request_type == "hello":
            parse_hello(answer)  # its messages say in words what is wrong with a handshake
        issues = self._validator.check_answer(request_type, answer)
        if issues:
            more = f" (and {len(issues) - 1} more)" if len(issues) > 1 else ""
            raise ImplementationError(
                "protocol",
                f"the answer does not match the protocol schema: {issues[0]}{more}",
                {k: v for k, v in answer.items() if k != "seq"},
            )


class InProcessConnection(_Validating):
    """The reference engine, asked by a function call (no serialisation)."""

    def __init__(
        self,
        reference: ReferenceImplementation | None = None,
        *,
        validator: ProtocolValidator | None = None,
        deadline: float | None = None,
    ) -> None:
        """``deadline`` (a :func:`time.monotonic` time) ends the reference's in-process work
        (a count) with an error once it has passed (``--max-time``)."""
        super().__init__(validator)
        self._reference = reference if reference is not None else ReferenceImplementation()
        if deadline is not None:
            self._reference.deadline = deadline

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
    """One running implementation process and its three helper threads.

    The process leads a session (a process group) of its own, so a stop kills
    everything it started, not just itself. The helper threads read and write
    the raw pipes and wait on them at most :data:`_POLL` seconds at a time, so a
    stop ends them promptly even when some escaped process still holds a pipe
    open; a pipe is closed only once its thread has ended.
    """

    def __init__(self, argv: Sequence[str], env: Mapping[str, str] | None, cwd: str | None) -> None:
        try:
            self.proc = subprocess.Popen(
                list(argv),
                bufsize=0,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=dict(env) if env is not None else None,
                cwd=cwd,
                start_new_session=_POSIX,
            )
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise ImplementationError("start", f"cannot start {argv[0]!r}: {reason}") from None
        self.lines: queue.Queue[object] = queue.Queue(maxsize=4)
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        self._stop = threading.Event()
        self._stderr = bytearray()
        self._stderr_seen = 0
        self._stderr_lock = threading.Lock()
        stdin, stdout, stderr = self.proc.stdin, self.proc.stdout, self.proc.stderr
        assert stdin is not None
        assert stdout is not None
        assert stderr is not None
        self._streams: list[IO[bytes]] = [stdout, stderr, stdin]
        if _POSIX:
            os.set_blocking(stdin.fileno(), False)
        self._threads = [
            threading.Thread(target=self._read, args=(stdout.fileno(),), daemon=True),
            threading.Thread(target=self._drain, args=(stderr.fileno(),), daemon=True),
            threading.Thread(target=self._write, args=(stdin.fileno(),), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _ready(self, fd: int, event: int) -> bool:
        """Wait until ``fd`` is ready (at most :data:`_POLL` s); False when not yet."""
        if not _POSIX:  # pragma: no cover - not run on the CI platform
            return True
        poller = select.poll()
        poller.register(fd, event)
        return bool(poller.poll(int(_POLL * 1000)))

    def _chunks(self, fd: int) -> Iterator[bytes]:
        """What the process writes to ``fd``, chunk by chunk, until end of file or a stop."""
        with contextlib.suppress(OSError, ValueError):
            while not self._stop.is_set():
                if not self._ready(fd, select.POLLIN if _POSIX else 0):
                    continue
                chunk = os.read(fd, 65536)
                if not chunk:
                    return
                yield chunk

    def _put(self, item: object) -> bool:
        while not self._stop.is_set():
            try:
                self.lines.put(item, timeout=_POLL)
            except queue.Full:
                continue
            return True
        return False

    def _read(self, fd: int) -> None:
        buffer = bytearray()
        for chunk in self._chunks(fd):
            searched = len(buffer)
            buffer += chunk
            while (end := buffer.find(b"\n", searched)) >= 0:
                line = bytes(buffer[: end + 1])
                del buffer[: end + 1]
                searched = 0
                if len(line) > MAX_ANSWER_BYTES:
                    self._put(_TOO_LONG)
                    return
                if not self._put(line):
                    return
            if len(buffer) > MAX_ANSWER_BYTES:
                self._put(_TOO_LONG)
                return
        if buffer:
            self._put(bytes(buffer))
        self._put(_EOF)

    def _drain(self, fd: int) -> None:
        for chunk in self._chunks(fd):
            with self._stderr_lock:
                self._stderr_seen += len(chunk)
                self._stderr += chunk
                del self._stderr[:-STDERR_TAIL_BYTES]

    def _write(self, fd: int) -> None:
        with contextlib.suppress(OSError, ValueError):
            while not self._stop.is_set():
                try:
                    data = self.outbox.get(timeout=_POLL)
                except queue.Empty:
                    continue
                if data is None:
                    self._streams[2].close()  # end of input: the implementation may exit
                    return
                view = memoryview(data)
                while view and not self._stop.is_set():
                    if not self._ready(fd, select.POLLOUT if _POSIX else 0):
                        continue
                    try:
                        view = view[os.write(fd, view) :]
                    except BlockingIOError:
                        continue

    def send(self, line: str) -> None:
        self.outbox.put(line.encode("utf-8", "backslashreplace") + b"\n")

    def _signal_group(self) -> None:
        """Kill the process and everything it started (its whole session)."""
        try:
            if _POSIX:
                os.killpg(self.proc.pid, signal.SIGKILL)
            elif self.proc.poll() is None:  # pragma: no cover - not run on the CI platform
                self.proc.kill()
        except OSError:  # the group is gone already
            pass

    def kill(self) -> None:
        self._signal_group()
        self.finish(1.0)

    def finish(self, timeout: float) -> None:
        """Close its input, give it ``timeout`` s to exit, then kill what is left of it."""
        self.outbox.put(None)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout)
        self._signal_group()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(5.0)
        self._stop.set()
        for thread, stream in zip(self._threads, self._streams, strict=True):
            thread.join(timeout=1.0)
            if not thread.is_alive():
                with contextlib.suppress(OSError):
                    stream.close()

    def stderr_text(self) -> str:
        """The last lines it wrote to stderr, for an error message (at most a few KiB)."""
        with self._stderr_lock:
            tail, seen = bytes(self._stderr), self._stderr_seen
        lines = [line.strip() for line in tail.decode("utf-8", "replace").splitlines()]
        lines = [line for line in lines if line]
        if not lines:
            return ""
        cut = (
            f" (cut: the last {len(tail)} of the {seen} bytes it wrote to stderr)"
            if seen > len(tail)
            else ""
        )
        return "; its last stderr lines: " + " | ".join(lines[-5:]) + cut


class SubprocessConnection(_Validating):
    """An implementation started as a long-lived subprocess speaking the protocol."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = 10.0,
        start_timeout: float | None = None,
        max_start_failures: int = 3,
        max_timeouts: int = MAX_TIMEOUTS_IN_ROW,
        deadline: float | None = None,
        validator: ProtocolValidator | None = None,
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
    ) -> None:
        """``deadline`` (a :func:`time.monotonic` time) ends the whole run: no wait
        goes past it, and once it has passed the implementation is given up."""
        super().__init__(validator)
        argv = split_command(command) if isinstance(command, str) else list(command)
        if not argv:
            raise InputError("--impl: the command is empty.")
        self._argv = argv
        self._command = command if isinstance(command, str) else shlex.join(argv)
        self._timeout = timeout
        self._start_timeout = start_timeout if start_timeout is not None else max(timeout, 10.0)
        self._max_start_failures = max_start_failures
        self._max_timeouts = max_timeouts
        self._deadline = deadline
        self._env = env
        self._cwd = cwd
        self._process: _Process | None = None
        self._hello: Hello | None = None
        self._start_failures = 0
        self._timeouts = 0
        self._given_up = ""
        self._restarts = 0
        self._starts = 0
        self._waiting = False

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
        if not self._given_up and self._deadline is not None and time.monotonic() >= self._deadline:
            self._given_up = "the run's time budget is used up; the implementation was not asked"
        if self._given_up:
            raise ImplementationError("unavailable", self._given_up)
        if self._starts:
            self._restarts += 1
        self._starts += 1
        try:
            self._waiting = False
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
        answer = self._exchange(request, self._timeout)
        self._timeouts = 0  # a handshake after a restart does not count: only answers do
        return answer

    def _exchange(self, request: JsonObject, timeout: float) -> JsonObject:
        process = self._process
        assert process is not None
        seq = self._next_seq()
        message = {"seq": seq, **request}
        self._check_request(message)
        process.send(dumps_line(message))
        self._waiting = True
        handshake = request.get("type") == "hello"
        answer = self._receive(process, seq, timeout, handshake=handshake)
        self._waiting = False
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

    def _receive(
        self, process: _Process, seq: int, timeout: float, *, handshake: bool = False
    ) -> JsonObject:
        deadline = time.monotonic() + timeout
        budget = self._deadline is not None and self._deadline < deadline
        if self._deadline is not None:
            deadline = min(deadline, self._deadline)
        what = f"the handshake (request {seq})" if handshake else f"request {seq}"
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                if handshake and not budget:
                    raise self._fail(
                        "timeout",
                        f"no answer to the handshake (request {seq}) within {timeout:g} s "
                        "(--start-timeout); the implementation was stopped",
                    )
                raise self._timed_out(seq, timeout, budget=budget)
            try:
                item = process.lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if item is _EOF:
                process.finish(1.0)
                status = process.proc.returncode
                raise self._fail(
                    "crash",
                    f"the implementation exited (status {status}) before answering {what}",
                )
            if item is _TOO_LONG:
                raise self._fail(
                    "garbage",
                    f"the answer to {what} is longer than {MAX_ANSWER_BYTES} bytes",
                )
            assert isinstance(item, bytes)
            text = item.decode("utf-8", "replace").strip()
            if not text:
                continue
            return self._parse(text, seq)

    def _timed_out(self, seq: int, timeout: float, *, budget: bool) -> ImplementationError:
        if budget:
            self._given_up = "the run's time budget is used up; the implementation was not asked"
            return self._fail(
                "timeout",
                f"no answer to request {seq} before the run's time budget ran out; the "
                "implementation was stopped and the rest of the run is not checked",
            )
        self._timeouts += 1
        if self._timeouts >= self._max_timeouts:
            self._given_up = (
                f"the implementation left {self._timeouts} requests in a row unanswered "
                f"within {timeout:g} s; it is given up"
            )
            then = "it is given up"
        else:
            then = "it is restarted for the next fixture"
        return self._fail(
            "timeout",
            f"no answer to request {seq} within {timeout:g} s; the implementation was "
            f"stopped ({then})",
        )

    def _parse(self, text: str, seq: int) -> JsonObject:
        try:
            answer = parse_json_text(text, f"the answer to request {seq}", max_depth=64)
        except InputError as exc:
            raise self._fail("garbage", f"{exc} The line was: {text[:200]!r}") from None
        if not isinstance(answer, dict) or type(answer.get("seq")) is not int:
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
        if self._waiting:  # stopped while a request was unanswered (a signal): no goodbye
            process.kill()
            return
        if process.proc.poll() is None:
            with contextlib.suppress(ImplementationError):
                process.send(dumps_line({"seq": self._next_seq(), "type": "bye"}))
        process.finish(CLOSE_TIMEOUT)
