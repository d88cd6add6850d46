"""A fake implementation that stops answering (and reading) when a fixture id contains 'hang'.

With ``--on-hello`` it hangs on the handshake instead; with ``--ignore-bye`` it
answers ``bye`` but never exits.
"""

from __future__ import annotations

import json
import sys
import time

from kanasta.conformance.engine_api import EngineStatus
from kanasta.conformance.reference import ReferenceImplementation


def main() -> int:
    on_hello = "--on-hello" in sys.argv
    reference = ReferenceImplementation(EngineStatus(None, "no engine in this fake"))
    for line in sys.stdin:
        request = json.loads(line)
        if (on_hello and request.get("type") == "hello") or "hang" in str(
            request.get("fixture", "")
        ):
            time.sleep(3600)
        print(json.dumps(reference.answer(request)), flush=True)
        if request.get("type") == "bye":
            if "--ignore-bye" in sys.argv:
                time.sleep(3600)
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
