"""``kanasta adapter``: the reference engine as a protocol server on stdin/stdout.

One request per input line, one answer per output line, flushed at once. A
``bye`` request (or the end of input) ends the server. A line that is not a
JSON object gets an ``error`` answer without ``seq`` (the runner treats that as
garbage); the server itself never stops on bad input.
"""

from __future__ import annotations

from typing import BinaryIO, TextIO

from kanasta.conformance.jsonio import dumps_line, parse_json_text
from kanasta.conformance.reference import ReferenceImplementation
from kanasta.errors import InputError

__all__ = ["serve"]


def serve(stdin: BinaryIO, stdout: TextIO, reference: ReferenceImplementation | None = None) -> int:
    """Answer requests until ``bye`` or end of input; returns the exit status (0)."""
    answerer = reference if reference is not None else ReferenceImplementation()
    for raw in stdin:
        text = raw.decode("utf-8", "replace").strip()
        if not text:
            continue
        try:
            request = parse_json_text(text, "request", max_depth=64)
        except InputError as exc:
            stdout.write(dumps_line({"error": str(exc)}) + "\n")
            stdout.flush()
            continue
        if not isinstance(request, dict):
            stdout.write(dumps_line({"error": "a request is a JSON object"}) + "\n")
            stdout.flush()
            continue
        try:
            answer = answerer.answer(request)
        except Exception as exc:  # a bug in the engine must not stop the server
            seq = request.get("seq")
            answer = {"error": f"the reference raised {type(exc).__name__}: {exc}"}
            if isinstance(seq, int):
                answer = {"seq": seq, **answer}
        stdout.write(dumps_line(answer) + "\n")
        stdout.flush()
        if request.get("type") == "bye":
            break
    return 0
