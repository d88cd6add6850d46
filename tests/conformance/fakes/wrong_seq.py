"""A fake implementation that answers with the wrong seq when a fixture id contains 'skew'."""

from __future__ import annotations

import json
import sys

from kanasta.conformance.engine_api import EngineStatus
from kanasta.conformance.reference import ReferenceImplementation


def main() -> int:
    reference = ReferenceImplementation(EngineStatus(None, "no engine in this fake"))
    for line in sys.stdin:
        request = json.loads(line)
        answer = reference.answer(request)
        if "skew" in str(request.get("fixture", "")):
            answer["seq"] = int(request["seq"]) + 7
        print(json.dumps(answer), flush=True)
        if request.get("type") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
