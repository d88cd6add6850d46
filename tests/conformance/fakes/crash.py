"""A fake implementation that exits without answering when a fixture id contains 'boom'.

Every other request is answered by the reference, so a run can show that it
goes on (with a restarted process) after the crash.
"""

from __future__ import annotations

import json
import sys

from kanasta.conformance.engine_api import EngineStatus
from kanasta.conformance.reference import ReferenceImplementation


def main() -> int:
    reference = ReferenceImplementation(EngineStatus(None, "no engine in this fake"))
    for line in sys.stdin:
        request = json.loads(line)
        if "boom" in str(request.get("fixture", "")):
            print("fake: about to crash", file=sys.stderr, flush=True)
            return 3
        print(json.dumps(reference.answer(request)), flush=True)
        if request.get("type") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
