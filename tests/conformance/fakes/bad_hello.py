"""A fake implementation with a bad handshake: ``old`` (protocol 0.9), ``exit`` (exits at
once with a message on stderr), ``silent-exit`` (exits after reading the hello)."""

from __future__ import annotations

import json
import sys


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "old"
    if mode == "exit":
        print("fake: cannot start", file=sys.stderr, flush=True)
        return 4
    for line in sys.stdin:
        request = json.loads(line)
        if mode == "silent-exit":
            return 0
        answer = {
            "seq": request.get("seq"),
            "type": "hello",
            "protocol": "0.9",
            "implementation": {"name": "old fake"},
            "variants": [],
            "requests": [],
        }
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
