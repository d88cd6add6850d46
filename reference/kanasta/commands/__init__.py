"""Subcommands of the ``kanasta`` command line, one module each."""

from __future__ import annotations

import argparse


def add_option_argument(
    parser: argparse._ActionsContainer, help: str, *, dest: str = "option"
) -> None:
    """``--option NAME``, repeatable: the one word every command uses for a family's rule
    options (``--feature``, the fixtures' word, stays accepted as an alias)."""
    parser.add_argument(
        "--option", "--feature", dest=dest, action="append", default=[], metavar="NAME", help=help
    )
