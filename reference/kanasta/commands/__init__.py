"""Subcommands of the ``kanasta`` command line, one module each."""
