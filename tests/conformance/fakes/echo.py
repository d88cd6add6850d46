"""An echo fake: it deals nothing and plays nothing. Its handshake claims every family,
feature and capability, and the kinds of check ``state`` and (with the argument
``claims-deal``) ``deal``; it answers a ``state`` request with the state the request sent
(the dealt state the runner sends beside a seed, or the explicit state) and everything else
``unsupported``.

Before protocol 1.3 such a fake passed the seeded deal fixtures, which sent the dealt
state with the seed: it must pass no fixture that cites a deal clause.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from kanasta.conformance import PROTOCOL_VERSION
from kanasta.conformance.model import CAPABILITIES
from kanasta.conformance.reference import REFERENCE_FEATURES
from kanasta.families import PROFILES


def answer(request: dict[str, Any], claims_deal: bool) -> dict[str, Any]:
    seq = request.get("seq")
    kind = request.get("type")
    if kind == "hello":
        return {
            "seq": seq,
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "implementation": {"name": "echo", "version": "1"},
            "variants": list(PROFILES),
            "requests": ["state", "deal"] if claims_deal else ["state"],
            "features": list(REFERENCE_FEATURES),
            "capabilities": list(CAPABILITIES),
        }
    if kind == "bye":
        return {"seq": seq, "type": "bye"}
    setup = request.get("setup")
    if kind == "state" and isinstance(setup, dict) and "state" in setup:
        return {"seq": seq, "state": setup["state"]}
    return {"seq": seq, "unsupported": "an echo deals and plays nothing"}


def main() -> int:
    claims_deal = sys.argv[1:] == ["claims-deal"]
    for line in sys.stdin:
        request = json.loads(line)
        print(json.dumps(answer(request, claims_deal)), flush=True)
        if request.get("type") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
