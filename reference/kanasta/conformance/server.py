"""``kanasta adapter``: the reference engine as a protocol server on stdin/stdout.

One request per input line, one answer per output line, flushed at once. A
``bye`` request (or the end of input) ends the server. A line that is not a
JSON object gets an ``error`` answer without ``seq`` (the runner treats that as
garbage); the server itself never stops on bad input. Its work is bounded: a
request line over :data:`~kanasta.conformance.MAX_LINE_BYTES` is refused without
being held in memory, and so is an answer that would be longer (the runner would
refuse it); a count is bounded by the number of legal actions it lists.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, BinaryIO, TextIO

from kanasta.conformance import MAX_LINE_BYTES
from kanasta.conformance.jsonio import dumps_line, parse_json_text
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.errors import InputError

__all__ = ["serve"]


def _lines(stdin: BinaryIO, limit: int) -> Iterator[bytes | None]:
    """The input's lines; a line longer than ``limit`` bytes is read in pieces, dropped,
    and given as ``None``."""
    while True:
        line = stdin.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while (rest := stdin.readline(limit)) and not rest.endswith(b"\n"):
                pass
            yield None
            continue
        yield line


def _write(stdout: TextIO, answer: dict[str, Any]) -> None:
    line = dumps_line(answer)
    if len(line.encode("utf-8", "surrogatepass")) > MAX_LINE_BYTES:
        seq = answer.get("seq")
        line = dumps_line(
            ({"seq": seq} if isinstance(seq, int) else {})
            | {
                "error": f"the answer would be longer than {MAX_LINE_BYTES} bytes, the "
                "protocol's limit of a line; ask less in one request"
            }
        )
    stdout.write(line + "\n")
    stdout.flush()


def serve(stdin: BinaryIO, stdout: TextIO, reference: ReferenceImplementation | None = None) -> int:
    """Answer requests until ``bye`` or end of input; returns the exit status (0)."""
    answerer = reference if reference is not None else ReferenceImplementation()
    for raw in _lines(stdin, MAX_LINE_BYTES):
        if raw is None:
            _write(
                stdout,
                {"error": f"the request is longer than {MAX_LINE_BYTES} bytes: it is refused"},
            )
            continue
        text = raw.decode("utf-8", "replace").strip()
        if not text:
            continue
        try:
            request = parse_json_text(text, "request", max_depth=64)
        except InputError as exc:
            _write(stdout, {"error": str(exc)})
            continue
        if not isinstance(request, dict):
            _write(stdout, {"error": "a request is a JSON object"})
            continue
        try:
            answer = answerer.answer(request)
        except Exception as exc:  # a bug in the engine must not stop the server
            seq = request.get("seq")
            answer = {"error": f"{answerer.engine_label} raised {type(exc).__name__}: {exc}"}
            if isinstance(seq, int):
                answer = {"seq": seq, **answer}
        _write(stdout, answer)
        if request.get("type") == "bye":
            break
    return 0
