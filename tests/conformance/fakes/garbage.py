"""A fake implementation that answers garbage when a fixture id contains 'junk'.

The kind of garbage is the first argument: ``text`` (not JSON), ``list`` (JSON
but not an object), ``no-seq`` (an object without seq), ``huge`` (a very long
line), ``extra`` (a well-formed answer with a field the protocol does not know:
only ``--validate-protocol`` notices), ``hello`` (garbage instead of the
handshake).
"""

from __future__ import annotations

import json
import sys

from kanasta.conformance.engine_api import EngineStatus
from kanasta.conformance.reference import ReferenceImplementation


def junk(mode: str, request: dict[str, object]) -> str:
    if mode == "list":
        return "[1, 2, 3]"
    if mode == "no-seq":
        return json.dumps({"verdict": "legal"})
    if mode == "huge":
        return json.dumps({"seq": request.get("seq"), "pad": "x" * 50_000})
    return "this is not JSON"


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "text"
    reference = ReferenceImplementation(EngineStatus(None, "no engine in this fake"))
    for line in sys.stdin:
        request = json.loads(line)
        answer = reference.answer(request)
        if mode == "hello" and request.get("type") == "hello":
            print("hello there", flush=True)
            continue
        if "junk" in str(request.get("fixture", "")):
            if mode == "extra":
                answer["colour"] = "red"
            else:
                print(junk(mode, request), flush=True)
                continue
        print(json.dumps(answer), flush=True)
        if request.get("type") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
