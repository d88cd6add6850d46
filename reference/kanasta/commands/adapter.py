"""``kanasta adapter``: the reference engine as a conformance protocol server."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from kanasta.conformance import PROTOCOL_VERSION
from kanasta.conformance.native_adapter import NativeImplementation
from kanasta.conformance.server import serve
from kanasta.native import ENGINES


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "adapter",
        help="serve the reference engine over the conformance protocol (stdin/stdout)",
        description=f"Answer conformance protocol {PROTOCOL_VERSION} requests, one JSON "
        "object a line on stdin, with one answer a line on stdout, until 'bye' or the end "
        'of input. Check it with: kanasta conformance run --impl "kanasta adapter".',
    )
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="reference",
        help="the engine that answers: the reference (default) or the native one "
        "(kanasta-native, pip install ./native)",
    )
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    if args.engine == "native":
        return serve(sys.stdin.buffer, sys.stdout, NativeImplementation())
    return serve(sys.stdin.buffer, sys.stdout)
