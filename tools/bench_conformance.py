"""Benchmark the conformance runner: fixtures per second in-process and through the protocol.

Not a timed test: it prints numbers (and, with ``--json``, writes them) so that a
slowdown is visible. The issue's target: the whole suite through the subprocess
protocol in under 30 seconds on a 2-core machine.

    python tools/bench_conformance.py [--repeat N] [--node] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from kanasta.conformance import PROTOCOL_VERSION, SUITE_VERSION
from kanasta.conformance.connections import Connection, InProcessConnection, SubprocessConnection
from kanasta.conformance.loader import load_fixtures
from kanasta.conformance.model import Fixture
from kanasta.conformance.runner import reference_dealer, run_fixtures

ROOT = Path(__file__).resolve().parent.parent
NODE_ADAPTER = ROOT / "conformance" / "adapters" / "node" / "adapter.js"


def _measure(
    label: str, make: Callable[[], Connection], fixtures: Sequence[Fixture], repeat: int
) -> dict[str, object]:
    best = float("inf")
    checked = passed = 0
    for _ in range(repeat):
        connection = make()
        started = time.perf_counter()
        try:
            result = run_fixtures(fixtures, connection, dealer=reference_dealer())
        finally:
            connection.close()
        best = min(best, time.perf_counter() - started)
        checked = result.checked
        passed = sum(1 for r in result.results if r.outcome.value == "pass")
    rate = len(fixtures) / best if best > 0 else float("inf")
    print(
        f"{label:<28} {len(fixtures):>5} fixtures  {best:8.3f} s  {rate:10.1f} fixtures/s  "
        f"({checked} checked, {passed} passed)"
    )
    return {
        "label": label,
        "fixtures": len(fixtures),
        "seconds": best,
        "per_second": rate,
        "checked": checked,
        "passed": passed,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per mode; the best counts")
    parser.add_argument("--node", action="store_true", help="also time the Node.js adapter")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the numbers as JSON")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    loaded = load_fixtures()
    load_seconds = time.perf_counter() - t0
    fixtures = list(loaded.fixtures)
    print(
        f"kanasta conformance suite {SUITE_VERSION}, protocol {PROTOCOL_VERSION}: "
        f"{len(fixtures)} fixtures loaded and checked against the schema in "
        f"{load_seconds:.3f} s"
    )
    rows = [
        _measure("in-process", InProcessConnection, fixtures, args.repeat),
        _measure(
            "kanasta adapter (subprocess)",
            lambda: SubprocessConnection([sys.executable, "-m", "kanasta", "adapter"]),
            fixtures,
            args.repeat,
        ),
    ]
    if args.node and shutil.which("node"):
        rows.append(
            _measure(
                "node adapter (subprocess)",
                lambda: SubprocessConnection(["node", str(NODE_ADAPTER)]),
                fixtures,
                args.repeat,
            )
        )
    if args.json is not None:
        args.json.write_text(
            json.dumps(
                {
                    "suite_version": SUITE_VERSION,
                    "protocol_version": PROTOCOL_VERSION,
                    "load_seconds": load_seconds,
                    "runs": rows,
                },
                indent=2,
            )
            + "\n",
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
