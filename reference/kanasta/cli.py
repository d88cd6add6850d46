"""The ``kanasta`` command line.

Each subcommand lives in :mod:`kanasta.commands` as a module with
``register(subparsers)``; this module only wires them together, turns
:class:`~kanasta.errors.InputError` into a one-paragraph message and exit 2, and
Ctrl-C into one line and exit 130. Text the terminal cannot encode (a lone surrogate
in a fixture, a file name that is not UTF-8) is printed as its escape, never a crash.
"""

from __future__ import annotations

import argparse
import importlib
import io
import sys
from collections.abc import Sequence

from kanasta import __version__
from kanasta.errors import InputError

__all__ = ["main"]

COMMAND_MODULES: tuple[str, ...] = (
    "kanasta.commands.spec",
    "kanasta.commands.meld",
    "kanasta.commands.play",
    "kanasta.commands.conformance",
    "kanasta.commands.adapter",
    "kanasta.commands.explain",
    "kanasta.commands.bench",
    "kanasta.commands.native_check",
    "kanasta.commands.ask",
    "kanasta.commands.rulebook",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="kanasta",
        description="The executable rule specification of Canasta (koz, fi-5200, fi-351, classic).",
    )
    parser.add_argument("--version", action="version", version=f"kanasta {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        handler = getattr(args, "handler", None)
        if handler is None:
            parser.print_help()
            return 2
        status: int = handler(args)
    except InputError as exc:
        print(f"kanasta: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("kanasta: interrupted (Ctrl-C).", file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
