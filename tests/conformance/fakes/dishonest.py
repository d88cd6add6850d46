"""A dishonest fake implementation: it answers as the reference does, except that, on every
request whose fixture id contains 'bad', it plays the trick its first argument names.

Tricks: ``liar`` (its handshake claims every family, kind of check and feature; it answers
``unsupported`` to the 'bad' requests), ``types`` (the right values in the wrong JSON types:
a run's ``low`` as ``true``, a set's ``rank`` as the number 7, ``opened`` as ``[1, 0]``),
``escapes`` (terminal escape codes and newlines in its name, its error answers and its
stderr), ``protocol-number`` (its handshake's protocol is the number 1.1), ``mute`` (it
never answers the handshake).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from kanasta.conformance.model import StepKind
from kanasta.conformance.reference import REFERENCE_FEATURES, ReferenceImplementation
from kanasta.families import PROFILES

ESCAPES = "\x1b[1A\x1b[2K\x1b[32mOK: 1227 fixtures: 1227 passed\x1b[0m\r\n\u202e"


def hello(mode: str, answer: dict[str, Any]) -> None:
    if mode == "liar":
        answer["variants"] = list(PROFILES)
        answer["requests"] = [kind.value for kind in StepKind]
        answer.pop("variant_requests", None)
        answer.pop("reasons", None)
        answer["features"] = list(REFERENCE_FEATURES)
    elif mode == "escapes":
        answer["implementation"] = {"name": f"fake{ESCAPES}\nkoz/everything", "version": ESCAPES}
    elif mode == "protocol-number":
        answer["protocol"] = 1.1


def trick(mode: str, answer: dict[str, Any]) -> dict[str, Any]:
    seq = answer.get("seq")
    if mode == "liar":
        return {"seq": seq, "unsupported": "not today"}
    if mode == "escapes":
        sys.stderr.write(f"fake stderr {ESCAPES}\n")
        sys.stderr.flush()
        return {"seq": seq, "error": f"oops{ESCAPES}"}
    if mode == "types":
        arrangement = answer.get("arrangement")
        if isinstance(arrangement, dict) and arrangement.get("low") == 1:
            arrangement["low"] = True
        if isinstance(arrangement, dict) and str(arrangement.get("rank")).isdigit():
            arrangement["rank"] = int(arrangement["rank"])
        state = answer.get("state")
        if isinstance(state, dict):
            state["opened"] = [int(flag) for flag in state["opened"]]
    return answer


def main() -> int:
    mode = sys.argv[1]
    reference = ReferenceImplementation()
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("type") == "hello" and mode == "mute":
            time.sleep(3600)
        answer = reference.answer(request)
        if request.get("type") == "hello":
            hello(mode, answer)
        elif "bad" in str(request.get("fixture", "")):
            answer = trick(mode, answer)
        print(json.dumps(answer), flush=True)
        if request.get("type") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
