"""A hostile fake implementation: it misbehaves, as its first argument says, on every request
whose fixture id contains 'bad'; other requests get the reference's answer.

Modes: ``points-off`` (meld points 0.2 too high), ``points-huge`` (points
``"1e100000000"``), ``points-inf`` (points ``1e400``), ``seq-true`` (``"seq": true``
instead of 1), ``surrogate`` (a lone surrogate escape in the answer), ``pad``
(answers padded with 100,000 characters), ``error-spam`` (an error answer of
15,000 characters, within the protocol's bound), ``stderr-spam`` (1,000,000 bytes of
stderr without a newline, then exit), ``orphan`` (start a child process that keeps
stdout open, then exit), ``orphan-escape`` (the same child leaves the process group
first, then the fake hangs), ``hang`` (never answer), ``spawner`` (start a child that
outlives the fake, at start, then answer as the reference does).

With a second argument FILE, the fake writes its process id to FILE at start,
the id of any child it starts to FILE.child, and touches FILE.asked when a 'bad'
request arrives.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from kanasta.conformance.engine_api import EngineStatus
from kanasta.conformance.reference import ReferenceImplementation

PAD = 100_000


def start_child(pidfile: Path | None, *, escape: bool, quiet: bool = False) -> None:
    code = "import os, time\nif %r: os.setsid()\ntime.sleep(60)" % escape  # noqa: UP031
    # The child inherits stdout and stderr unless quiet.
    out = subprocess.DEVNULL if quiet else None
    child = subprocess.Popen([sys.executable, "-c", code], stdout=out, stderr=out)
    if pidfile is not None:
        Path(f"{pidfile}.child").write_text(str(child.pid), encoding="utf-8")


def misbehave(mode: str, request: dict[str, object], answer: dict[str, object]) -> str | None:
    """The line to write instead of the answer (None: write ``answer``, perhaps changed)."""
    if mode == "points-off" and isinstance(answer.get("points"), int | float):
        answer["points"] = answer["points"] + 0.2  # type: ignore[operator]
    elif mode == "points-huge":
        answer["points"] = "1e100000000"
    elif mode == "points-inf":
        answer["points"] = 12345
        return json.dumps(answer).replace("12345", "1e400")
    elif mode == "seq-true" and request.get("seq") == 1:
        return json.dumps(answer).replace('"seq": 1', '"seq": true')
    elif mode == "surrogate":
        answer["detail"] = "\ud800 lone"
        answer["points"] = "35\udfff"
    elif mode == "pad":
        answer["pad"] = "x" * PAD
    elif mode == "error-spam":
        return json.dumps({"seq": request.get("seq"), "error": "e" * 15_000})
    return None


def main() -> int:
    mode = sys.argv[1]
    pidfile = Path(sys.argv[2]) if len(sys.argv) > 2 else None
    if pidfile is not None:
        pidfile.write_text(str(os.getpid()), encoding="utf-8")
    if mode == "spawner":
        start_child(pidfile, escape=False, quiet=True)
    reference = ReferenceImplementation(EngineStatus(None, "no engine in this fake"))
    for line in sys.stdin:
        request = json.loads(line)
        answer = reference.answer(request)
        if "bad" in str(request.get("fixture", "")):
            if pidfile is not None:
                Path(f"{pidfile}.asked").touch()
            if mode == "stderr-spam":
                sys.stderr.write("s" * 1_000_000)
                sys.stderr.flush()
                return 3
            if mode in ("orphan", "orphan-escape"):
                start_child(pidfile, escape=mode == "orphan-escape")
                if mode == "orphan":
                    return 3
                time.sleep(3600)
            if mode == "hang":
                time.sleep(3600)
            line_out = misbehave(mode, request, answer)
            if line_out is not None:
                print(line_out, flush=True)
                continue
        print(json.dumps(answer), flush=True)
        if request.get("type") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
