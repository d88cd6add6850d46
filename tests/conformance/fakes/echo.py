"""An echo implementation: it claims every family, kind of check and feature, answers each
``state`` request with the state the runner sent in its setup, and everything else
``unsupported``. It does no work at all, so no clause may pass by it; whatever it passes
is a step whose facts already held of the setup sent (issue: a pass means the engine did it).

Run as a script it claims only ``state`` (and, with the argument ``claims-deal``, ``deal``
too): before protocol 1.3 such a fake passed the seeded deal fixtures, which sent the
dealt state beside the seed; it must pass no fixture that cites a deal clause.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from kanasta.conformance.model import StepKind
from kanasta.conformance.reference import REFERENCE_FEATURES, ReferenceImplementation
from kanasta.families import PROFILES

JsonObject = dict[str, Any]


class Echo(ReferenceImplementation):
    """Claims everything; a ``state`` request gets its setup's state back, unchanged."""

    def __init__(self, requests: tuple[str, ...] | None = None) -> None:
        super().__init__()
        self.claimed = requests if requests is not None else tuple(k.value for k in StepKind)

    def hello(self) -> JsonObject:
        answer = super().hello()
        answer["implementation"] = {"name": "echo", "version": "0"}
        answer["variants"] = list(PROFILES)
        answer["requests"] = list(self.claimed)
        answer["features"] = list(REFERENCE_FEATURES)
        for key in ("variant_requests", "reasons", "capabilities"):
            answer.pop(key, None)
        return answer

    def answer(self, request: Mapping[str, Any]) -> JsonObject:
        seq = request.get("seq")
        kind = request.get("type")
        if kind in ("hello", "bye"):
            return super().answer(request)
        setup = request.get("setup")
        if kind == "state" and isinstance(setup, Mapping) and "state" in setup:
            return {"seq": seq, "state": setup["state"]}
        return {"seq": seq, "unsupported": "the echo does no work"}


def main() -> int:
    echo = Echo(("state", "deal") if sys.argv[1:] == ["claims-deal"] else ("state",))
    for line in sys.stdin:
        request = json.loads(line)
        print(json.dumps(echo.answer(request)), flush=True)
        if request.get("type") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
